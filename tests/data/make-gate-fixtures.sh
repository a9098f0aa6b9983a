#!/usr/bin/env bash
# Regenerates the --fail-if gate fixtures (issue 21) by running the
# project's fio for real:
#
#   tests/data/make-gate-fixtures.sh [--out DIR] [--fio PATH]
#
# Default DIR is tests/data/fio/gate.  Each case is a baseline/new pair of
# the SAME job file (so the runs are alike: fiorank compares them) where the
# latency truly shifts because the new run reads a slower target: the
# baseline's data file is on tmpfs (/dev/shm, memory), the new run's on the
# disk's file system (/var/tmp; fio's default invalidate=1 drops the file's
# page cache first, so the random reads go to the disk).  Only filename=
# differs, which fiorank does not count as a parameter of the profile.
# Paths are rewritten to /tmp/fixture.  Drive "drive-a" (directory name).
#
#   default/{before,after}/drive-a/run.json
#       4k-randread@peak, fio's default output: completion-latency
#       percentiles only, no total-latency ones (lat_percentiles=0)
#   plist/{before,after}/drive-a/run.json
#       the same with percentile_list=50:99:99.9 (no 99.99)
#   latpct/{before,after}/drive-a/run.json
#       the same with lat_percentiles=1 (total-latency percentiles too)
#   nn/{before,after}/drive-a/run.json
#       noisy neighbor in one group: nn-write-ns1 (8k 30/70 random mix) and
#       the victims nn-read-ns2, nn-read-ns3 (4k random reads), three files
#   wp/{before,after}/drive-a/run.json
#       write pressure: wp-read@10 + wp-write@10 (64k writes, rate=10m),
#       then (stonewall) wp-read@20 + wp-write@20
#   repeats/{before1,before2,before3,after1,after2,after3}/drive-a/run.json
#       three runs per side of the default case (1 s each), for the noise
#
# tests/script/analysis-gate.sh reads them; the figures change on every run.
# About 40 s; writes up to 3 x 256 MiB under /var/tmp and /dev/shm, removed.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
out=$TOP/tests/data/fio/gate
fio=$TOP/build/fio-3.33/fio
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift ;;
	--fio) fio=$2; shift ;;
	*) echo "usage: $0 [--out DIR] [--fio PATH]" >&2; exit 2 ;;
	esac
	shift
done
FAST=$(mktemp -d /dev/shm/gatefix.XXXXXX)
SLOW=$(mktemp -d /var/tmp/gatefix.XXXXXX)
trap 'rm -rf "$FAST" "$SLOW"' EXIT

# The job files: $1 the case, $2 the runtime in seconds.  ${DIR} is left
# for fio to expand from the environment (the run's data directory).
# shellcheck disable=SC2016
job() {
	local extra=
	printf '[global]\nsize=256m\nioengine=psync\ntime_based\nruntime=%s\n' "$2"
	printf 'randrepeat=0\nnorandommap\n'
	case $1 in
	default) ;;
	plist) extra='percentile_list=50:99:99.9' ;;
	latpct) extra='lat_percentiles=1' ;;
	esac
	case $1 in
	default | plist | latpct)
		printf '%s\n[4k-randread@peak]\nfilename=${DIR}/data\nrw=randread\nbs=4k\n' "$extra"
		;;
	nn)
		printf '\n[nn-write-ns1]\nfilename=${DIR}/ns1\nrw=randrw\nrwmixread=30\nbs=8k\n'
		for n in 2 3; do
			printf '\n[nn-read-ns%s]\nfilename=${DIR}/ns%s\nrw=randread\nbs=4k\n' "$n" "$n"
		done
		;;
	wp)
		for r in 10 20; do
			[ "$r" = 10 ] || printf '\n[wp-read@%s]\nstonewall\n' "$r"
			[ "$r" != 10 ] || printf '\n[wp-read@%s]\n' "$r"
			printf 'filename=${DIR}/read\nrw=randread\nbs=4k\n'
			printf '\n[wp-write@%s]\nfilename=${DIR}/write\nrw=write\nbs=64k\nrate=%sm\n' "$r" "$r"
		done
		;;
	esac
}

# run CASE SIDE DIR RUNTIME: one real fio run into CASE/SIDE/drive-a/run.json.
run() {
	local f=$out/$1/$2/drive-a/run.json
	mkdir -p "${f%/*}"
	job "${1/repeats/default}" "$4" >"$FAST/job.fio"
	DIR=$3 "$fio" --output-format=json --output="$f" "$FAST/job.fio" >/dev/null
	sed -i -e "s#$3#/tmp/fixture#g" -e "s#$FAST#/tmp/fixture#g" "$f"
	rm -f "$3"/data "$3"/ns* "$3"/read "$3"/write
}

rm -rf "$out"
for c in default plist latpct nn wp; do
	run "$c" before "$FAST" 2
	run "$c" after "$SLOW" 2
done
for i in 1 2 3; do
	run repeats "before$i" "$FAST" 1
	run repeats "after$i" "$SLOW" 1
done
echo "gate fixtures in $out"
