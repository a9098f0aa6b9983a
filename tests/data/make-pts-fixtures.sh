#!/usr/bin/env bash
# Regenerates the SNIA PTS fixtures (issue 27) by running the runner's five
# PTS suites for real, short, with the project's fio on a file:
#
#   tests/data/make-pts-fixtures.sh [--out DIR]
#
# Default DIR is tests/data/fio/pts: the results directory of
#   jobs/ssdnvme-suite --suite pts-wsat,pts-hir,pts-xsr,pts-dirth,pts-lat --short
#       --ss-round-time 1 --ss-max-rounds 5 --region 100% --engine io_uring
# on a 256 MiB file (large enough that WSAT's 5 s run logs whole seconds),
# with the temporary paths rewritten to /tmp/fixture and the flattened jobs
# and fiorank's report left out.  About 3 minutes.  tests/script/analysis-pts.sh
# reads it; the figures change on every run.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
out=$TOP/tests/data/fio/pts
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift ;;
	*) echo "usage: $0 [--out DIR]" >&2; exit 2 ;;
	esac
	shift
done
WORK=$(mktemp -d /tmp/ptsfix.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
"$TOP/jobs/ssdnvme-suite" --suite pts-wsat,pts-hir,pts-xsr,pts-dirth,pts-lat --short --ss-round-time 1 \
	--ss-max-rounds 5 --region 256M --grow-file --engine io_uring --results "$WORK/r" "$WORK/target" >"$WORK/log" 2>&1 ||
	{ tail -n 20 "$WORK/log" >&2; exit 1; }
find "$WORK/r" \( -name '*.fio' -o -name '*.stderr' -o -name report.txt \) -delete
grep -rlF "$WORK" "$WORK/r" | while read -r f; do sed -i "s|$WORK|/tmp/fixture|g" "$f"; done
rm -rf "$out"
mkdir -p "$(dirname "$out")"
cp -r "$WORK/r" "$out"
echo "wrote $out ($(du -sh "$out" | cut -f1))"
