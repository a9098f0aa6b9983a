#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Labels that say what ran (issue 37 item 4, in part), on real fio runs made
# here (ioengine=null, 4 MiB): rw=randread with percentage_random=0 runs
# sequentially, so a job named 4k-randread@peak with it is excluded (exit
# 1) with what it did; the same job without it, or with
# percentage_random=100, is ranked (exit 0).
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
tap_done
