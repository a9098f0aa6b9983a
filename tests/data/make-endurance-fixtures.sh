#!/usr/bin/env bash
# The endurance method's results folders for fiorank's host test
# (tests/script/analysis-endurance.sh, issue 41 item 1), from two boots of
# the test bed (QEMU 10) running tests/vm/guest/jobs-endurance.sh: the
# runner's `--suite endurance --short --region 100%` (8 MiB steps, two per
# mix) on the 512-byte namespace 1 of three 32 MiB namespaces,
#   fdp/    with an FDP subsystem (fdp=on,fdp.nrg=1,fdp.nruh=8,fdp.runs=8M,
#           namespace N on reclaim unit handle N-1): the drive has a media
#           counter (the FDP statistics log), so every step has a WAF;
#   nofdp/  without FDP: QEMU then reports no media counter, so no WAF.
#
#   tests/data/make-endurance-fixtures.sh [--out DIR]   (default tests/data/fio/endurance)
#
# Keeps the runner's folder (manifest, fio JSON, flattened jobs, engine
# results without the tag keys' series, outliers and histograms, which
# fiorank does not read).  About 3 minutes.  The figures are an emulated
# drive's: they change on every run.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/tests/lib.sh"
out=$TOP/tests/data/fio/endurance
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=${2:?--out needs a directory}; shift 2 ;;
	*) echo "usage: $0 [--out DIR]" >&2; exit 2 ;;
	esac
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ns="3x32M,2:4k"
"$VMRUN" --out "$work/fdp" --timeout 400 --ns "$ns,1:fdp.ruhs=0,2:fdp.ruhs=1,3:fdp.ruhs=2" \
	--subsys-opts fdp=on,fdp.nrg=1,fdp.nruh=8,fdp.runs=8M -- \
	bash "$TOP/tests/vm/guest/jobs-endurance.sh" "$ENGINE" ""
"$VMRUN" --out "$work/nofdp" --timeout 400 --ns "$ns" -- \
	bash "$TOP/tests/vm/guest/jobs-endurance.sh" "$ENGINE" ""
rm -rf "$out"
mkdir -p "$out"
for v in fdp nofdp; do
	grep -qx "ei-rc=0" "$work/$v/ei.rc" || { tail -n 20 "$work/$v/ei.log" >&2; exit 1; }
	cp -r "$work/$v/ei" "$out/$v"
	rm -f "$out/$v/report.txt"
done
for f in "$out"/*/*/*/*/*.engine.json; do
	jq '.tags.keys |= map(del(.series, .outliers, .hist))' "$f" >"$f.tmp"
	mv "$f.tmp" "$f"
done
du -sh "$out"
