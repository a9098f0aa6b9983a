#!/usr/bin/env bash
# Regenerates the "labels from what ran" fixtures (issue 21, item 3) by
# running the project's fio for real: jobs whose names say one workload and
# whose options or figures say another, and fio options that change what the
# figures mean.
#
#   tests/data/make-ran-fixtures.sh [--out DIR] [--fio PATH]
#
# Default DIR is tests/data/fio/ran.  psync on a 16 MiB file in a temporary
# directory (paths rewritten to /tmp/fixture), 1 s time-based runs (about
# 30 s in all).  One output per case, named after it; each file's jobs are in
# the table of tests/data/README.md.  tests/script/analysis-ran.sh reads them;
# the figures change on every run, the cases do not.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
out=$TOP/tests/data/fio/ran
fio=${FIO_BIN:-$TOP/build/fio-3.33/fio}
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift ;;
	--fio) fio=$2; shift ;;
	*) echo "usage: $0 [--out DIR] [--fio PATH]" >&2; exit 2 ;;
	esac
	shift
done
[ -x "$fio" ] || { echo "make-ran-fixtures: no fio at $fio (run make first)" >&2; exit 2; }
WORK=$(mktemp -d /tmp/ranfix.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
truncate -s 16M "$WORK/target"
mkdir -p "$out"
rm -f "$out"/*.json

# run NAME OPTION...: fio with the common options, output into NAME.json
run() {
	local name=$1
	shift
	# in $WORK: a verify job leaves its verify state file in the directory
	(cd "$WORK" && "$fio" --output-format=json --output="$out/$name.json" --filename="$WORK/target" \
		--ioengine=psync --size=16m --time_based --runtime=1 "$@" >/dev/null)
	sed -i "s#$WORK#/tmp/fixture#g" "$out/$name.json"
}

# Names in the suite's convention that say another workload than the job ran.
run name-8k-reads --name=4k-randread@peak --rw=randread --bs=8k
run name-only-writes --name=4k-randread@peak --rw=randwrite --bs=4k
run tq-t1q1 --name=tq-sweep@t4q32 --rw=randrw --rwmixread=70 --bs=8k --numjobs=1 --iodepth=1
run wp-no-writer --name=wp-read@10 --rw=randread --bs=4k
# write pressure's two jobs from two separate fio runs
run wp-read-alone --name=wp-read@50 --rw=randread --bs=4k
run wp-write-alone --name=wp-write@50 --rw=write --bs=128k --rate=,50m
# noisy-neighbor jobs without their other half, and a reader that wrote
run nn-write-alone --name=nn-write --rw=randrw --rwmixread=30 --bs=8k
run nn-write-ns1-alone --name=nn-write-ns1 --rw=randrw --rwmixread=30 --bs=8k
run nn-read-alone --name=nn-read --rw=randread --bs=4k
run nn-read-wrote --name=nn-write-ns1 --rw=randrw --rwmixread=30 --bs=8k \
	--name=nn-read-ns2 --rw=randwrite --bs=4k
# a write job with verify: fio reports the verify pass as reads
run verify --name=4k-seqwrite@peak --rw=write --bs=4k --verify=crc32c --size=8m \
	--time_based=0 --runtime=0
# group_reporting over two workloads: one entry for the group
run mixed-group --group_reporting --name=reader --rw=randread --bs=4k \
	--name=writer --rw=randwrite --bs=64k
# group_reporting with numjobs=4: the runtime is summed over the clones
run numjobs-4 --group_reporting --name=4k-randread@peak --rw=randread --bs=4k --numjobs=4
# fio's steady-state detection that cannot be attained: 0.001 % over 2 s
run ss-not-attained --name=4k-randread@peak --rw=randread --bs=4k --ss=iops:0.001% \
	--ss_dur=2 --ss_ramp=0 --time_based=0 --runtime=2
# kb_base=1000 given after bs=4k: fio has already read bs as 4096
run kb-base-after --name=job --rw=randread --bs=4k --kb_base=1000
run kb-base-before --name=job --kb_base=1000 --rw=randread --bs=4k
# unified_rw_reporting
run unified-mixed --name=4k-randread@peak --rw=randread --bs=4k --unified_rw_reporting=mixed
run unified-mixed-rw --name=8k-randrw-70-30@peak --rw=randrw --rwmixread=70 --bs=8k \
	--unified_rw_reporting=mixed
run unified-both --name=8k-randrw-70-30@peak --rw=randrw --rwmixread=70 --bs=8k \
	--unified_rw_reporting=both
# the same workload spelled two ways
run spelled-4k --name=4k-randread@peak --rw=randread --bs=4k
run spelled-4096 --name=4k-randread@peak --rw=randread --bs=4096 --iodepth=1
# the same workload at 4 outstanding I/O: unlike the two above (issue 21, item 1)
run unlike-qd4 --name=4k-randread@peak --ioengine=io_uring --rw=randread --bs=4k --iodepth=4
# Like and unlike measured runs (issue 21, item 1; tests/script/analysis-like-nn.sh)
# go in like/: analysis-ran.sh's "every job in a row" check reads only the
# files above, and a paired wp-write job is in no row yet (its wp row names
# the reader alone), which that check would report for these.
mkdir -p "$out/like"
rm -f "$out"/like/*.json
# noisy neighbor, as jobs/noisy-neighbor/nn-io_uring_cmd.fio names its jobs:
# two like runs, and one whose reader runs at 4 outstanding I/O (issue 21, item 1)
nn() {
	run "$1" --name=nn-write-ns1 --rw=randrw --rwmixread=30 --bs=8k \
		--name=nn-read-ns2 --rw=randread --bs=4k "${@:2}"
}
nn like/nn-like-qd1
nn like/nn-like-qd1-again
nn like/nn-unlike-qd4 --ioengine=io_uring --iodepth=4
# write pressure at 10 and 50 MB/s, as jobs/write-pressure.fio names its jobs;
# the null engine's reads (no I/O) are faster than any psync read, so that
# wp-cross-a and wp-cross-b cross between the rates; wp-cross-b-qd4 crosses
# wp-cross-a the same way but its reader runs at 4 outstanding I/O
wp() {
	local name=$1 e10=$2 e50=$3 qd=$4
	run "$name" --name=wp-read@10 --ioengine="$e10" --iodepth="$qd" --rw=randread --bs=4k \
		--name=wp-write@10 --rw=write --bs=128k --rate=,10m \
		--name=wp-read@50 --stonewall --ioengine="$e50" --iodepth="$qd" --rw=randread --bs=4k \
		--name=wp-write@50 --rw=write --bs=128k --rate=,50m
}
wp like/wp-cross-a null psync 1
wp like/wp-cross-b psync null 1
wp like/wp-cross-b-qd4 io_uring null 4
# Two jobs of one name in one fio group that ran different options (issue
# 37 item 4): psync at depth 1 beside io_uring at depth 16, 17 outstanding
# in all; fiorank must not merge them under the first one's options.
mkdir -p "$out/what"
rm -f "$out"/what/*.json
run what/two-engines-one-name --rw=randread --bs=4k \
	--name=4k-randread@peak --ioengine=psync --iodepth=1 \
	--name=4k-randread@peak --ioengine=io_uring --iodepth=16
echo "ran fixtures in $out"
