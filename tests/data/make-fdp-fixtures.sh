#!/usr/bin/env bash
# The FDP noisy neighbor's results folder for fiorank's host tests
# (tests/script/analysis-fdp.sh, issue 26), from one boot of the test bed
# (QEMU 10): an FDP subsystem with six namespaces, namespace N on reclaim
# unit handle N-1, 8 MiB reclaim units (so the writers change units, as in
# tests/vm/t-jobs-fdp.sh), and
# the runner's noisy-neighbor-fdp suite in short mode (2 s steps, 1 s ramp:
# fio's totals and the engine's tags leave the ramp's completions out, the
# drive's counters and the handles' RUAMW count them), run by
# tests/vm/guest/jobs-fdp.sh.
#
#   tests/data/make-fdp-fixtures.sh [--out DIR]   (default tests/data/fio/fdp)
#
# Keeps the runner's folder (manifest, fio JSON, job files, engine results)
# and nvme-cli's readings before and after.  The engine files lose their
# tag keys' "series", "outliers" and histogram, which fiorank does not read,
# to stay small.  About 2-3 minutes.  The figures are an emulated drive's:
# they change on every run.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/tests/lib.sh"
out=$TOP/tests/data/fio/fdp
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=${2:?--out needs a directory}; shift 2 ;;
	*) echo "usage: $0 [--out DIR]" >&2; exit 2 ;;
	esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ns=6x32M
for n in 1 2 3 4 5 6; do ns+=",$n:fdp.ruhs=$((n - 1))"; done
"$VMRUN" --out "$work" --timeout 400 --ns "$ns" --subsys-opts fdp=on,fdp.nrg=1,fdp.nruh=8,fdp.runs=8M -- \
	bash "$TOP/tests/vm/guest/jobs-fdp.sh" "$ENGINE" "" 1
[ "$(cat "$work/nn.rc")" = 0 ] || { tail -n 20 "$work/nn.log" >&2; exit 1; }
rm -rf "$out"
mkdir -p "$out"
cp -r "$work/nn" "$out/nn"
cp "$work"/fdp-*.json "$out/"
rm -f "$out/nn/report.txt"
for f in "$out"/nn/*/*/*/*.engine.json; do
	jq '.tags.keys |= map(del(.series, .outliers, .hist))' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
done
du -sh "$out"
