#!/usr/bin/env bash
# tests/data/fio/testbed/short-noisy-neighbor: `make demo`'s noisy-neighbor
# run (ci/demo.sh), from one boot of the test bed with its default
# namespaces (six, ns3 with 4 KiB LBAs): the runner's noisy-neighbor suite
# in short mode through the ssdnvme engine, with the suite's io_uring_cmd
# cross-check run, on the project's fio (build/fio, the pin).
#
#   tests/data/make-testbed-nn-fixture.sh [DIR]
#       (default tests/data/fio/testbed/short-noisy-neighbor)
#
# Keeps the runner's folder as it came back (manifest, fio JSON, job files,
# the engine's results file), less report.txt.  About 2 minutes.  The
# figures are an emulated drive's: they change on every run, so the tests
# that read it (tests/data/README.md) check shapes and rules, not figures.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/tests/lib.sh"
if [ $# -gt 1 ] || [[ ${1:-} == -* ]]; then
	echo "usage: $0 [DIR]" >&2
	exit 2
fi
out=${1:-$TOP/tests/data/fio/testbed/short-noisy-neighbor}
tmpd=$(mktemp -d)
trap 'rm -rf "$tmpd"' EXIT
cd "$TOP"
# the runner's defaults (build/fio, build/ssdnvme.so), as ci/demo.sh runs it
"$VMRUN" --out "$tmpd" --timeout 600 -- bash -c '
	jobs/ssdnvme-suite --short --engine ssdnvme --yes-destroy deadbeef --suite noisy-neighbor \
		--results "$OUT/noisy-neighbor" /dev/ng0n1 >"$OUT/nn.log" 2>&1
	echo $? >"$OUT/nn.rc"'
[ "$(cat "$tmpd/nn.rc")" = 0 ] || { tail -n 20 "$tmpd/nn.log" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$(dirname "$out")"
cp -r "$tmpd/noisy-neighbor" "$out"
rm -f "$out/report.txt"
du -sh "$out"
