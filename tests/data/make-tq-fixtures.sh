#!/usr/bin/env bash
# Regenerates the tq-sweep fixtures (issue 15) by running the project's fio
# for real on the method's own job files (jobs/tq-sweep, flattened as the
# runner flattens them):
#
#   tests/data/make-tq-fixtures.sh [--out DIR] [--fio PATH]
#
# Default DIR is tests/data/fio/tq.  Two "drives", files in a temporary
# directory (paths rewritten to /tmp/fixture), 1 s runs:
#   iouring/<suite>/...   ioengine io_uring (engine-io_uring.fio), uncapped
#   psync-capped/...      ioengine=psync with rate_iops=300 per job, so it is
#                         reliably the slower one at every step
# each with the steps t1q1, t2q2, t4q4 (tq-sweep/tq-sweep/<step>.json) and
# two preconditioning rounds at t2q16 (tq-sweep/precondition/ss-round<N>.json).
#   split-groups.json     a t2q2 step whose two jobs are in two fio groups
#                         (new_group on the second): fiorank must not add them
# tests/script/analysis-tq.sh reads these; the figures change on every run.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
out=$TOP/tests/data/fio/tq
fio=${FIO_BIN:-$TOP/build/fio} # the project's fio (the pin)
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift ;;
	--fio) fio=$2; shift ;;
	*) echo "usage: $0 [--out DIR] [--fio PATH]" >&2; exit 2 ;;
	esac
	shift
done
# shellcheck source=jobs/lib/suite-lib.sh
. "$TOP/jobs/lib/suite-lib.sh"
WORK=$(mktemp -d /tmp/tqfix.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
truncate -s 32M "$WORK/target"
export SSDNVME_DEV=$WORK/target SSDNVME_REGION=100% SSDNVME_RUNTIME=1 SSDNVME_RAMP=0
export SSDNVME_SS_ROUND_TIME=1 SSDNVME_SS_JOBS=2 ENGINE_OVERRIDE=io_uring

# run DRIVE REL JOB [SECTION] [EXTRA]: one flattened run into DRIVE/REL.json.
run() {
	local drive=$1 rel=$2 job=$3 sect=${4:-} extra=${5:-} f
	f=$out/$drive/$rel.json
	mkdir -p "${f%/*}"
	flatten_job "$TOP/jobs/$job" ${sect:+"$sect"} >"$WORK/job.fio"
	[ -z "$extra" ] || printf '%s\n' "$extra" | tr ';' '\n' >>"$WORK/job.fio"
	"$fio" --output-format=json --output="$f" "$WORK/job.fio" >/dev/null
	sed -i "s#$WORK#/tmp/fixture#g" "$f"
}

rm -rf "$out"
for drive in iouring psync-capped; do
	extra=""
	[ $drive = iouring ] || extra="ioengine=psync;rate_iops=300"
	for s in t1q1 t2q2 t4q4; do
		run $drive "tq-sweep/tq-sweep/$s" tq-sweep.fio "tq-sweep@$s" "$extra"
	done
	for r in 1 2; do
		SSDNVME_SS_ROUND=$r run $drive "tq-sweep/precondition/ss-round$r" tq-sweep/precondition.fio "" "$extra"
	done
done
flatten_job "$TOP/jobs/tq-sweep.fio" tq-sweep@t2q2 |
	sed 's/^numjobs=2$/numjobs=1/' >"$WORK/split.fio"
printf '\n[tq-sweep@t2q2]\nnew_group\nnumjobs=1\niodepth=2\n' >>"$WORK/split.fio"
"$fio" --output-format=json --output="$out/split-groups.json" "$WORK/split.fio" >/dev/null
sed -i "s#$WORK#/tmp/fixture#g" "$out/split-groups.json"
echo "tq fixtures in $out"
