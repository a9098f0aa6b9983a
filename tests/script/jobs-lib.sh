#!/usr/bin/env bash
# The runner's pure parts (jobs/lib/suite-lib.sh): curve arithmetic, the
# SNIA steady-state rule, step lists, job flattening, result reading and the
# manifest update helpers.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=jobs/lib/suite-lib.sh
. "$TOP/jobs/lib/suite-lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# refused DESC CMD...: CMD must fail (a predicate saying no, not an error).
refused() {
	local desc=$1
	shift
	if "$@" >/dev/null 2>&1; then not_ok "$desc"; else ok "$desc"; fi
}
is() { # is DESC GOT WANT
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: got '$2', want '$3'"; fi
}

# ---- curve arithmetic: rate_iops per job and per direction
is "read-only peak 100000, 10 %, 4 jobs -> 2500 reads per job" "$(curve_rate 100000 0 10 4 1)" 2500
is "write-only peak: only the write slot is set" "$(curve_rate 0 80000 50 4 1)" ",10000"
is "70/30 mix keeps its ratio: 70000/30000 at 50 %, 4 jobs" "$(curve_rate 70000 30000 50 4 1)" "8750,3750"
is "120 % of the peak" "$(curve_rate 100000 0 120 4 1)" 30000
is "fractional peaks round to nearest" "$(curve_rate 1234.6 0 10 1 1)" 123
is "two hosts share the rate equally" "$(curve_rate 100000 0 100 4 2)" 12500
is "a direction never rounds to 0 (0 would mean uncapped)" "$(curve_rate 100000 3 10 4 1)" "2500,1"
is "target IOPS: total of both directions" "$(curve_target 70000 30000 50)" 50000
check_fails "bad numjobs is refused" 'bad arguments' curve_rate 1000 0 10 0 1
check_fails "a peak with no I/O is refused" 'did no I/O' curve_rate 0 0 10 4 1
check_fails "non-numeric peak is refused" 'bad arguments' curve_rate abc 0 10 4 1
is "curve_steps: the whole curve at once, as curve_target and curve_rate give it" \
	"$(curve_steps 70000.5 30000.25 4 2 10 55 120 | tr '\n' ' ')" \
	"10 $(curve_target 70000.5 30000.25 10) $(curve_rate 70000.5 30000.25 10 4 2) 55 $(curve_target 70000.5 30000.25 55) $(curve_rate 70000.5 30000.25 55 4 2) 120 $(curve_target 70000.5 30000.25 120) $(curve_rate 70000.5 30000.25 120 4 2) "
is "curve_steps: the figures themselves" "$(curve_steps 70000 30000 4 1 50)" "50 50000 8750,3750"
check_fails "curve_steps: a peak with no I/O is refused" 'did no I/O' curve_steps 0 0 4 1 10 50
check_fails "curve_steps: a bad step is refused" 'bad arguments' curve_steps 100 0 4 1 10 x

# ---- step lists
is "steps parse" "$(parse_steps 10,50,120)" "10 50 120"
check_fails "a step of 0 % is refused" "not a percentage" parse_steps 10,0
check_fails "a non-number step is refused" "not a percentage" parse_steps 10,x
is "write-pressure ramp 10..50 by 20" "$(wp_steps 10 50 20)" "10 30 50"
is "the published ramp has 85 steps" "$(wp_steps 10 850 10 | wc -w)" 85
check_fails "an inverted ramp is refused" "start <= end" wp_steps 50 10 10

# ---- SNIA PTS steady state: 5-round window, range <= 20 %, excursion <= 10 %
v=$(ss_verdict 50000 30000 10000 10000 10100 9900 10050 10000)
check "a flat window is steady" jq -e '.steady == true and .first_round == 4 and .rounds == 8' <<<"$v"
v=$(ss_verdict 10000 9000 11000 10000 10000)
check "range 20 % of average exactly is steady (limit inclusive)" jq -e '.steady == true and (.range_pct | . > 19.9 and . < 20.1)' <<<"$v"
v=$(ss_verdict 10000 8000 12000 10000 10000)
check "range 40 % of average is not steady" jq -e '.steady == false and .range_pct > 39' <<<"$v"
# Rising 3 % per round: range 12 % (< 20 %) but the line climbs 12 % across
# the window (> 10 %): the slope rule alone rejects it.
v=$(ss_verdict 10000 10300 10600 10900 11200)
check "a steady climb within the range limit fails the slope rule" \
	jq -e '.steady == false and .range_pct < 20 and .excursion_pct > 10' <<<"$v"
v=$(ss_verdict 100 100 100 100)
check "four rounds are too few" jq -e '.steady == false and .reason != null' <<<"$v"
ss_verdict 1 1 1 1 1 >/dev/null
is "exit status 0 when steady" $? 0
ss_verdict 1 2 3 4 5 >/dev/null
is "exit status 1 when not" $? 1
check_fails "a non-number is refused" "not a number" ss_verdict 1 2 x 4 5

# ---- flattening: includes, environment and declared defaults, sections,
# the device and engine the runner adds
mkdir -p "$tmp/j/common" "$tmp/j/p"
printf 'bs=${T_BS}\n; a comment ${T_BS}\ninclude more.fio\n' >"$tmp/j/common/g.fio"
printf 'iodepth=${SSDNVME_T_QD}\n' >"$tmp/j/common/more.fio"
printf 'ioengine=io_uring\n' >"$tmp/j/common/engine-io_uring.fio"
printf '; job.fio\n;   SSDNVME_T_QD=7   declared default\n; SSDNVME_T_SET=9\n; SSDNVME_T_QD=8 (the first declaration wins)\n[global]\ninclude ../common/g.fio\n  size=${T_SIZE}  \n[a]\nrw=read\nnumjobs=${SSDNVME_T_SET}\n[b]\nrw=write\nname=b@${T_UNSET}x\n; SSDNVME_T_LATE=1 not in the leading block\n' >"$tmp/j/p/job.fio"
(unset SSDNVME_DEV SSDNVME_T_QD && T_BS=8k T_SIZE=1m SSDNVME_T_SET=3 flatten_job "$tmp/j/p/job.fio") >"$tmp/flat"
is "includes nested two deep are inlined, env expanded, declared defaults (the first) for unset variables, comments dropped" \
	"$(grep -v '^;' "$tmp/flat" | tr '\n' ' ')" "[global] bs=8k iodepth=7 size=1m [a] rw=read numjobs=3 [b] rw=write name=b@x "
(unset SSDNVME_DEV && T_BS=8k T_SIZE=1m flatten_job "$tmp/j/p/job.fio" b) >"$tmp/flat"
is "only [global] and the named section" "$(grep '^\[' "$tmp/flat" | tr '\n' ' ')" "[global] [b] "
(SSDNVME_DEV=/dev/x ENGINE_OVERRIDE=io_uring flatten_job "$tmp/j/p/job.fio") >"$tmp/flat"
is "SSDNVME_DEV and ENGINE_OVERRIDE put the device and common/engine-NAME.fio at the top of [global]" \
	"$(grep -v '^;' "$tmp/flat" | head -n 3 | tr '\n' ' ')" "[global] filename=/dev/x ioengine=io_uring "
check_fails "an override naming no engine file is an error" "no engine file" \
	env ENGINE_OVERRIDE=nosuch bash -c ". '$TOP/jobs/lib/suite-lib.sh'; flatten_job '$tmp/j/p/job.fio'"
printf '[global]\nsize=1m\n[p@peak]\nrw=read\n' >"$tmp/peak.fio"
curve_step_job "$tmp/peak.fio" p 50 100,20
is "curve_step_job: the peak section renamed, its rate added" "$(tr '\n' ' ' <"$tmp/peak.fio")" \
	"[global] size=1m [p@50] rw=read rate_iops=100,20 "
check_fails "curve_step_job: a job without the peak section is an error" "no section \[q@peak\]" \
	curve_step_job "$tmp/peak.fio" q 50 1,1
printf '[global]\ninclude loop.fio\n' >"$tmp/j/loop.fio"
check_fails "an include loop is an error, not a hang" "nested deeper" flatten_job "$tmp/j/loop.fio"
check_fails "a missing job file is an error" "no job file" flatten_job "$tmp/none.fio"
printf 'numjobs=2\nrw=randrw\nnumjobs=8\n' >"$tmp/nj"
is "numjobs: the last setting wins" "$(job_numjobs "$tmp/nj")" 8
printf 'rw=read\n' >"$tmp/nj"
is "numjobs unset is 1" "$(job_numjobs "$tmp/nj")" 1
check "randrw writes" job_writes <(printf 'rw=randrw\n')
refused "randread does not write" job_writes <(printf 'rw=randread\n')

# ---- results: real fio output on a tmpfs file (text before the JSON, too)
truncate -s 16M "$tmp/f"
"$FIO_BIN" --name=r --filename="$tmp/f" --rw=randrw --rwmixread=75 --bs=4k --size=8M --io_size=4M \
	--ioengine=psync --iodepth=4 --output-format=json+ --output="$tmp/r.json" >/dev/null 2>&1
export FIORANK
read -r ri wi <<<"$(result_iops "$tmp/r.json")"
jq_ri=$(jq '.jobs[0].read.iops' "$tmp/r.json")
check "result_iops is fiorank's reading of the file (read $ri = jq's $jq_ri)" awk -v a="$ri" -v b="$jq_ri" 'BEGIN { exit !((a - b) ^ 2 < 0.01 * b) }'
check "result_iops reads both directions (r=$ri w=$wi)" awk -v r="$ri" -v w="$wi" 'BEGIN { exit !(r > 0 && w > 0 && r > w) }'
check "a fio result is valid" result_valid "$tmp/r.json"
head -c 300 "$tmp/r.json" >"$tmp/cut.json"
refused "a truncated result is not valid" result_valid "$tmp/cut.json"
: >"$tmp/empty.json"
refused "an empty result is not valid" result_valid "$tmp/empty.json"
# Writing to /dev/full fails with ENOSPC: a real fio result with error 28.
"$FIO_BIN" --name=e --filename=/dev/full --rw=write --size=1M --output-format=json \
	--output="$tmp/err.json" >/dev/null 2>&1
check "fio recorded the job's error" grep -q '"error" : 28' "$tmp/err.json"
refused "a result whose job failed is not valid" result_valid "$tmp/err.json"

# ---- manifest helpers
echo '{"schema": "ssdnvme-manifest/1", "runs": []}' >"$tmp/m.json"
manifest_set_run "$tmp/m.json" '{"id": "d/s/t/10", "status": "running"}'
manifest_set_run "$tmp/m.json" '{"id": "d/s/t/20", "status": "running"}'
manifest_set_run "$tmp/m.json" '{"id": "d/s/t/10", "status": "done"}'
is "a run is replaced by id, not duplicated" "$(jq -c '[.runs[] | .id + ":" + .status]' "$tmp/m.json")" '["d/s/t/10:done","d/s/t/20:running"]'
is "run status lookup" "$(manifest_run_status "$tmp/m.json" d/s/t/20)" running
is "unknown run: empty status" "$(manifest_run_status "$tmp/m.json" d/s/t/99)" ""
# A run's end held back (--later) is written with the next write, by any
# change through jq, or by manifest_flush (the runner's EXIT trap).
manifest_set_run "$tmp/m.json" '{"id": "d/s/t/20", "status": "done"}' --later
is "a run recorded --later is not written yet" "$(jq -r '.runs[1].status' "$tmp/m.json")" running
manifest_set_run "$tmp/m.json" '{"id": "d/s/t/30", "status": "running"}'
is "the next run's record writes the held-back one with it" "$(jq -c '[.runs[] | .status]' "$tmp/m.json")" '["done","done","running"]'
manifest_set_run "$tmp/m.json" '{"id": "d/s/t/30", "status": "failed"}' --later
manifest_set "$tmp/m.json" finished 2026-01-01T00:00:00Z
is "a jq update writes the held-back run first" "$(jq -c '[.runs[2].status, .finished]' "$tmp/m.json")" '["failed","2026-01-01T00:00:00Z"]'
manifest_set_run "$tmp/m.json" '{"id": "d/s/t/30", "status": "done"}' --later
is "a lookup sees the held-back run" "$(manifest_run_status "$tmp/m.json" d/s/t/30)" "done"
manifest_set_run "$tmp/m.json" '{"id": "d/s/t/40", "status": "done"}' --later
manifest_flush "$tmp/m.json"
is "manifest_flush writes it" "$(jq -c '[.runs[] | .status] | length' "$tmp/m.json")" 4
cp "$tmp/m.json" "$tmp/m.before"
manifest_update "$tmp/m.json" 'this is not jq' 2>/dev/null
check "a failed update leaves the manifest as it was" cmp -s "$tmp/m.json" "$tmp/m.before"
leftover=("$tmp"/m.json.tmp*)
check "no temporary file is left behind" test ! -e "${leftover[0]}"
is "durations format" "$(fmt_secs 7) $(fmt_secs 245) $(fmt_secs 3723)" "7s 4m05s 1h02m03s"

tap_done
