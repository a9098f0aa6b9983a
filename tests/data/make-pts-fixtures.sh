#!/usr/bin/env bash
# Regenerates the SNIA PTS fixtures (issue 27) by running the runner's PTS
# suites for real, short, with the project's fio on a file:
#
#   tests/data/make-pts-fixtures.sh [--set five|matrix|all] [--out DIR]
#
# five (DIR default tests/data/fio/pts): the results directory of
#   jobs/ssdnvme-suite --suite pts-wsat,pts-hir,pts-xsr,pts-dirth,pts-lat --short
#       --ss-round-time 1 --ss-max-rounds 5 --region 256M --engine io_uring
# on a 256 MiB file (large enough that WSAT's 5 s run logs whole seconds);
# matrix (DIR default tests/data/fio/pts-matrix): the IOPS and throughput
# tests, --suite pts-iops,pts-tp with --ss-max-rounds 3 (three rounds of
# the short matrix, 12 steps, and of each block size's 2 steps), the rest
# the same.  The temporary paths are rewritten to /tmp/fixture and the
# flattened jobs and fiorank's report left out.  About 3 minutes each.
# tests/script/analysis-pts.sh reads them; the figures change on every run.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
set=all out=""
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift ;;
	--set) set=$2; shift ;;
	*) echo "usage: $0 [--set five|matrix|all] [--out DIR]" >&2; exit 2 ;;
	esac
	shift
done
case $set in five | matrix | all) ;; *) echo "$0: --set: five, matrix or all, not '$set'" >&2; exit 2 ;; esac
[ "$set" != all ] || [ -z "$out" ] || { echo "$0: --out needs --set five or matrix" >&2; exit 2; }
WORK=$(mktemp -d /tmp/ptsfix.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# make NAME SUITES ROUNDS DIR: one short run of SUITES into DIR.
make() {
	rm -rf "$WORK/r" "$WORK/target"
	"$TOP/jobs/ssdnvme-suite" --suite "$2" --short --ss-round-time 1 --ss-max-rounds "$3" --region 256M \
		--grow-file --engine io_uring --results "$WORK/r" "$WORK/target" >"$WORK/log" 2>&1 ||
		{ tail -n 20 "$WORK/log" >&2; exit 1; }
	find "$WORK/r" \( -name '*.fio' -o -name '*.stderr' -o -name report.txt \) -delete
	grep -rlF "$WORK" "$WORK/r" | while read -r f; do sed -i "s|$WORK|/tmp/fixture|g" "$f"; done
	rm -rf "$4"
	mkdir -p "$(dirname "$4")"
	cp -r "$WORK/r" "$4"
	echo "wrote $1: $4 ($(du -sh "$4" | cut -f1))"
}
[ "$set" = matrix ] || make five pts-wsat,pts-hir,pts-xsr,pts-dirth,pts-lat 5 "${out:-$TOP/tests/data/fio/pts}"
[ "$set" = five ] || make matrix pts-iops,pts-tp 3 "${out:-$TOP/tests/data/fio/pts-matrix}"
