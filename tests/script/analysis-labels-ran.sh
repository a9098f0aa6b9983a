#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Labels that say what ran (issue 37 item 4), on real fio runs made here
# (ioengine=null, 4 MiB) and one committed (tests/data/fio/ran/what/, see
# tests/data/README.md):
# - rw=randread with percentage_random=0 runs sequentially, so a job named
#   4k-randread@peak with it is excluded (exit 1) with what it did; the same
#   job without it, or with percentage_random=100, is ranked (exit 0);
# - bssplit=4k/50:64k/50 under that name is excluded as mixed sizes;
#   bssplit=4k/100 is bs=4k (ranked, 4 KiB);
# - randrw rwmixread=100 and bssplit=4k/100 are randread bs=4k: named so
#   from the options, and compared with a randread bs=4k baseline;
# - two jobs of one name in one group with other options (psync QD1, io_uring
#   QD16) are excluded, both, naming the options; two alike are one step
#   whose outstanding I/O is the sum (2 x 4).
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# run NAME EXTRA...: fio's JSON of a 4k-randread@peak job with EXTRA options
run() {
	local name=$1
	shift
	(cd "$tmp" && "$FIO_BIN" --name=4k-randread@peak --rw=randread --bs=4k --ioengine=null \
		--size=4m "$@" --output-format=json --output="$name.json" >/dev/null 2>&1)
}
run seq --percentage_random=0
run rnd
run all --percentage_random=100
check "fio kept percentage_random=0 in the job's options" \
	jq -e '.jobs[0]["job options"].percentage_random == "0"' "$tmp/seq.json"
"$FIORANK" -N "$tmp/seq.json" >/dev/null 2>"$tmp/seq.err"
check "randread with percentage_random=0 under the name 4k-randread: excluded (exit 1)" test $? -eq 1
check "... saying it did sequential reads" grep -q \
	"job '4k-randread@peak': named 4k-randread but did 4 KiB sequential reads only" "$tmp/seq.err"
"$FIORANK" -N -q "$tmp/rnd.json" >/dev/null
check "the same job without it: ranked (exit 0)" test $? -eq 0
"$FIORANK" -N -q "$tmp/all.json" >/dev/null
check "with percentage_random=100: ranked (exit 0)" test $? -eq 0

run split2 --bssplit=4k/50:64k/50
check "fio ran mixed sizes (bytes per I/O not 4096)" \
	jq -e '.jobs[0].read | (.io_bytes / .total_ios) > 4096' "$tmp/split2.json"
"$FIORANK" -N "$tmp/split2.json" >/dev/null 2>"$tmp/split2.err"
check "bssplit=4k/50:64k/50 under the name 4k-randread: excluded (exit 1)" test $? -eq 1
check "... saying it did mixed sizes, with the option" grep -qF \
	"named 4k-randread but did mixed-size random reads only (bssplit=4k/50:64k/50)" \
	"$tmp/split2.err"
run split1 --bssplit=4k/100
"$FIORANK" -N "$tmp/split1.json" >"$tmp/split1.out" 2>&1
check "bssplit=4k/100 under the name 4k-randread: ranked (exit 0)" test $? -eq 0
check "... its method says 4 KiB, not mixed sizes" \
	grep -q 'method .*4k-randread: 1 outstanding, 4 KiB, 100 % read' "$tmp/split1.out"

# the same workload spelled other ways, named from the options (job "job")
(cd "$tmp" && "$FIO_BIN" --name=job --rw=randrw --rwmixread=100 --bs=4k --ioengine=null \
	--size=4m --output-format=json --output=mix100.json >/dev/null 2>&1)
"$FIORANK" -N -f csv "$tmp/mix100.json" >"$tmp/mix100.csv" 2>/dev/null
check "randrw rwmixread=100 bs=4k is named 4k-randread" grep -q '^curve,4k-randread,' "$tmp/mix100.csv"
# ... and compared with a randread bs=4k baseline (the gate's like check)
mkdir -p "$tmp/gb/base/drive-a" "$tmp/gb/mix/drive-a" "$tmp/gb/split/drive-a"
cp "$tmp/rnd.json" "$tmp/gb/base/drive-a/run.json"
(cd "$tmp" && "$FIO_BIN" --name=4k-randread@peak --rw=randrw --rwmixread=100 --bs=4k \
	--ioengine=null --size=4m --output-format=json --output=gb/mix/drive-a/run.json >/dev/null 2>&1)
cp "$tmp/split1.json" "$tmp/gb/split/drive-a/run.json"
for side in mix split; do
	"$FIORANK" -N --baseline "$tmp/gb/base" "$tmp/gb/$side" >"$tmp/gb-$side.out" 2>&1
	check "--baseline randread bs=4k against $side: compared, not unlike runs" \
		grep -q '1 compared, 0 not compared' "$tmp/gb-$side.out"
done

# two jobs of one name in one group, psync QD1 and io_uring QD16 (committed)
two=tests/data/fio/ran/what/two-engines-one-name.json
check "the fixture: two jobs of one name in group 0, psync QD1 and io_uring QD16" jq -e \
	'[.jobs[] | [.jobname, .groupid, ."job options".ioengine, ."job options".iodepth]] ==
	 [["4k-randread@peak", 0, "psync", "1"], ["4k-randread@peak", 0, "io_uring", "16"]]' "$two"
"$FIORANK" -N "$two" >"$tmp/two.out" 2>"$tmp/two.err"
check "they are not merged: exit 1" test $? -eq 1
check "... both excluded" test "$(grep -c "excluded from .*job '4k-randread@peak' (fio group 0) ran" \
	"$tmp/two.err")" -eq 2
check "... naming the options that differ" grep -qF \
	"ran ioengine=psync where job '4k-randread@peak' of the same group ran iodepth=16 ioengine=io_uring" \
	"$tmp/two.err"
check "... no step ranked under one job's options" bash -c "! grep -q 'outstanding' '$tmp/two.out'"
# two jobs alike, one name, one group: one step, the outstanding I/O summed
(cd "$tmp" && "$FIO_BIN" --rw=randread --bs=4k --ioengine=null --size=4m --iodepth=4 \
	--name=4k-randread@peak --name=4k-randread@peak --output-format=json \
	--output=alike.json >/dev/null 2>&1)
check "fio ran two jobs of one name in group 0" \
	jq -e '[.jobs[] | [.jobname, .groupid]] == [["4k-randread@peak", 0], ["4k-randread@peak", 0]]' \
	"$tmp/alike.json"
"$FIORANK" -N "$tmp/alike.json" >"$tmp/alike.out" 2>&1
check "two alike at iodepth=4: one step of 8 outstanding (exit 0)" \
	grep -q 'method .*4k-randread: 8 outstanding' "$tmp/alike.out"
tap_done
