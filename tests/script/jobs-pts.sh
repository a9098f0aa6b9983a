#!/usr/bin/env bash
# The SNIA PTS suites (issue 27) of jobs/ssdnvme-suite on this host, against
# a regular file through the ssdnvme engine's plain io_uring fallback: the
# full plans (dry run), the operating-point rule, and one short run of all
# five suites (one steady-state round each but DIRTH's five), each run's
# workload and logs checked against fio's own output.  The test bed's run is
# in tests/vm/t-jobs-tq.sh.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
suite_file_target 32M
run() { suite_run "$@"; }
# shellcheck source=jobs/lib/suite-lib.sh
. jobs/lib/suite-lib.sh
# shellcheck source=jobs/lib/plan.sh
. jobs/lib/plan.sh
# shellcheck source=jobs/lib/pts.sh
. jobs/lib/pts.sh

# ---- the rules, alone
check "the PTS suites are suites of their own, not part of 'all'" \
	test "$(parse_suites pts-lat,all)" = "pts-lat precondition profiles write-pressure noisy-neighbor"
# 2 x 32 at 20k IOPS is 3.2 ms: under the 5 ms ceiling; 4 x 32 at 21k, 6.1 ms: over.
pts="t4q32:21000 t2q32:20000 t2q2:12000 t1q4:9000 t1q1:3000"
check "max operating point: the highest IOPS with a mean response time <= 5 ms (T x Q / IOPS)" \
	test "$(pts_operating_point max "$pts")" = t2q32
check "min operating point: t1q1; mid: the IOPS closest to the middle of max and min" \
	test "$(pts_operating_point min "$pts") $(pts_operating_point mid "$pts")" = "t1q1 t2q2"
check_fails "no step under 5 ms: no max operating point, said so" "no step has a mean response time of 5 ms" \
	pts_operating_point max "t32q32:1000"

# --ss-measures (issue 41 item 5): checked, in one order, unknown names refused
check "--ss-measures: the list in the order iops, p99, p99.99, once each" \
	test "$(ss_measures_parse p99.99,iops,p99,p99) / $(ss_measures_parse p99)" = "iops p99 p99.99 / p99"
check_fails "--ss-measures: an unknown measure refused, named" "unknown measure 'p95' \(iops, p99, p99.99\)" \
	ss_measures_parse iops,p95
check_fails "--ss-measures: an empty name refused" "unknown measure ''" ss_measures_parse ,p99
run --suite pts-lat --short --ss-measures iops,mean --dry-run --results "$tmp/x" "$target" >"$tmp/m.out" 2>"$tmp/m.err"
check "the runner refuses --ss-measures iops,mean: exit 2, one line, nothing made" bash -c "
	test $? -eq 2 && test \$(wc -l <'$tmp/m.err') -eq 1 && grep -q \"unknown measure 'mean'\" '$tmp/m.err' && test ! -e '$tmp/x'"

# The IOPS and throughput tests' rounds: the one whose tracking step reached
# steady state is finished, the ones after it are skipped, per block size.
# shellcheck disable=SC2034  # read by pts_round_wanted
round_wanted() { drive=d st=$1 test=round$2 step=$3 pts_round_wanted; }
pts_ss_round[d/pts-iops]=5 pts_ss_round[d/pts-tp/128k]=6
check "IOPS and throughput: the rounds after the steady one are skipped, each block size's apart" bash -c "
	$(declare -p pts_ss_round); $(declare -f pts_ss_key pts_round_wanted round_wanted)
	round_wanted pts-iops 5 512-r0 && ! round_wanted pts-iops 6 1024k-r100 &&
	round_wanted pts-tp 6 128k-r0 && ! round_wanted pts-tp 7 128k-r100 && round_wanted pts-tp 9 1024k-r100"

# ---- full plans (dry run)
run --suite pts-dirth,pts-lat,pts-wsat,pts-xsr --dry-run --results "$tmp/dry" "$target" >"$tmp/dry.log" 2>&1
check "dry run: exit 0, nothing written" test $? = 0 -a ! -e "$tmp/dry"
check "dry run: DIRTH is WIPC, 25 rounds, the 49 steps from t32q32 to t1q1, three histograms of 10 min" bash -c "
	grep -q 'target/pts-dirth/wipc/wipc *pts/wipc.fio \[pts-wipc\]' '$tmp/dry.log' &&
	test \$(grep -c 'target/pts-dirth/wdpc/ss-round[0-9]* .*1m00s' '$tmp/dry.log') -eq 25 &&
	test \"\$(grep -o 'pts-dirth/dirth/t[0-9]*q[0-9]*' '$tmp/dry.log' | sed -n '1p;49p;50p' | tr '\n' ' ')\" = 'pts-dirth/dirth/t32q32 pts-dirth/dirth/t1q1 ' &&
	test \$(grep -c 'target/pts-dirth/histogram/m[a-z]* .*10m00s' '$tmp/dry.log') -eq 3"
check "dry run: LAT's 9 steps of 1 min, WSAT's 24 h, XSR's 4 h + 6 h + 4 h" bash -c "
	test \$(grep -c 'target/pts-lat/lat/[0-9k]*-r[0-9]* .*1m00s' '$tmp/dry.log') -eq 9 &&
	grep -q 'target/pts-wsat/wsat/wsat .*24h00m00s' '$tmp/dry.log' &&
	test \"\$(grep -o 'pts-xsr/xsr/[a-z0-9]* .*' '$tmp/dry.log' | awk '{print \$1, \$NF}' | tr '\n' ' ')\" = \\
		'pts-xsr/xsr/seq1 4h00m00s pts-xsr/xsr/rand 6h00m00s pts-xsr/xsr/seq2 4h00m00s '"
run --suite pts-iops,pts-tp --dry-run --results "$tmp/dry2" "$target" >"$tmp/dry2.log" 2>&1
check "dry run of IOPS and throughput: exit 0, nothing written" test $? = 0 -a ! -e "$tmp/dry2"
check "dry run: IOPS is WIPC then 25 rounds of the 56 steps (mix by mix from 100/0, block sizes from 1024k), 1 min each" bash -c "
	grep -q 'target/pts-iops/wipc/wipc ' '$tmp/dry2.log' &&
	test \$(grep -c 'target/pts-iops/round[0-9]*/[0-9k]*-r[0-9]* .*1m00s' '$tmp/dry2.log') -eq 1400 &&
	test \"\$(grep -o 'pts-iops/round1/[0-9k]*-r[0-9]*' '$tmp/dry2.log' | sed -n '1p;8p;9p;56p' | tr '\n' ' ')\" = \\
		'pts-iops/round1/1024k-r100 pts-iops/round1/512-r100 pts-iops/round1/1024k-r95 pts-iops/round1/512-r0 '"
check "dry run: throughput is, per block size (128k, 1024k), its WIPC then 25 rounds of read and write" bash -c "
	test \"\$(grep -o 'pts-tp/wipc/[0-9k]*' '$tmp/dry2.log' | tr '\n' ' ')\" = 'pts-tp/wipc/128k pts-tp/wipc/1024k ' &&
	test \$(grep -c 'target/pts-tp/round[0-9]*/128k-r\(0\|100\) ' '$tmp/dry2.log') -eq 50 &&
	test \$(grep -c 'target/pts-tp/round[0-9]*/1024k-r\(0\|100\) ' '$tmp/dry2.log') -eq 50"
check "without --purge the plan says the drive is not fresh-out-of-box" \
	grep -q 'target: no purge .*not fresh-out-of-box' "$tmp/dry.log"

# ---- a short run of all five
r=$tmp/r
run --suite pts-wsat,pts-hir,pts-xsr,pts-dirth,pts-lat --short --ss-round-time 1 --ss-max-rounds 1 --region 100% \
	--results "$r" "$target" >"$tmp/run.log" 2>&1
rc=$?
check "the short run of the five suites exits 0" test $rc = 0
[ $rc = 0 ] || tail -n 20 "$tmp/run.log" | sed 's/^/# /'
d=$r/target
jo() { jq -r "$2" "$d/$1.json"; }
check "manifest: every run done, in plan order" jq -e '[.runs[] | select(.status != "done")] == [] and
	[.runs[] | "\(.suite)/\(.step)"] == ["pts-wsat/wsat",
	"pts-hir/wipc", "pts-hir/ss-round1", "pts-hir/b1", "pts-hir/b2", "pts-hir/base", "pts-hir/b1", "pts-hir/b2", "pts-hir/base",
	"pts-xsr/seq1", "pts-xsr/rand", "pts-xsr/seq2",
	"pts-dirth/wipc", "pts-dirth/ss-round1", "pts-dirth/t4q4", "pts-dirth/t2q2", "pts-dirth/t1q1", "pts-dirth/max", "pts-dirth/mid", "pts-dirth/min",
	"pts-lat/wipc", "pts-lat/ss-round1",
	"pts-lat/512-r0", "pts-lat/512-r65", "pts-lat/512-r100", "pts-lat/4k-r0", "pts-lat/4k-r65", "pts-lat/4k-r100",
	"pts-lat/8k-r0", "pts-lat/8k-r65", "pts-lat/8k-r100"]' "$r/manifest.json"
check "WSAT: 4 KiB random writes, 4 jobs x depth 32, at most 4 x the region, an IOPS log per job (writes only; a job done within a second logs nothing)" bash -c "
	test \"\$(jq -r '.jobs[0] | [.jobname, .\"job options\".bs, .\"job options\".numjobs, .\"job options\".iodepth, .\"job options\".rw] | join(\" \")' '$d/pts-wsat/wsat/wsat.json')\" = 'pts-wsat 4k 4 32 randwrite' &&
	jq -e '.jobs[0].write.io_bytes > 0 and .jobs[0].write.io_bytes <= 4 * 32 * 1048576' '$d/pts-wsat/wsat/wsat.json' &&
	for t in 1 2 3 4; do test -e '$d/pts-wsat/wsat/wsat_iops.'\$t.log || exit 1; done &&
	! grep -Evh '^[0-9]+, [0-9]+, 1, ' '$d'/pts-wsat/wsat/wsat_iops.*.log"
# fio's timestamp_ms is the end of the run: a burst that waited its idle time
# ends at least burst + idle after the one before.
check "HIR: each burst its own 1 s run, the next one after the wait state's idle (1 s, 2 s)" bash -c "
	for w in 1 2; do
		a=\$(jq .timestamp_ms '$d/pts-hir/ws'\$w/b1.json) b=\$(jq .timestamp_ms '$d/pts-hir/ws'\$w/b2.json)
		test \$((b - a)) -ge \$(((1 + w) * 1000)) || exit 1
		jq -e --arg n pts-hir@ws\$w-b2 '.jobs[0].jobname == \$n and .jobs[0].\"job options\".runtime == \"1\"' '$d/pts-hir/ws'\$w/b2.json || exit 1
		jq -e '.jobs[0].\"job options\".runtime == \"2\"' '$d/pts-hir/ws'\$w/base.json || exit 1
	done"
check "XSR: 1024 KiB sequential, 8 KiB random, 1024 KiB sequential writes, each with its bandwidth log" bash -c "
	test \"\$(for s in seq1 rand seq2; do jq -r '.jobs[0] | .\"job options\" | \"\(.rw)/\(.bs)\"' '$d/pts-xsr/xsr/'\$s.json; done | tr '\n' ' ')\" = 'write/1024k randwrite/8k write/1024k ' &&
	for s in seq1 rand seq2; do test -s '$d/pts-xsr/xsr/'\${s}_bw.1.log || exit 1; done"
check "DIRTH: each step runs the threads and depth of its name, 8 KiB 65:35" bash -c "
	for s in t4q4 t2q2 t1q1; do
		q=\${s#*q} t=\${s%q*}
		jq -e --arg t \${t#t} --arg q \$q '(.jobs | length) == 1 and .jobs[0].\"job options\".numjobs == \$t and .jobs[0].\"job options\".iodepth == \$q
			and .\"global options\".rwmixread == \"65\" and .\"global options\".bs == \"8k\"' '$d/pts-dirth/dirth/'\$s.json || exit 1
	done"
# The operating points again, from fio's IOPS of the steps (jq), and the
# histogram runs' own numjobs and depth.
want=$(for s in t4q4 t2q2 t1q1; do echo "$s:$(jq '.jobs[0] | .read.iops + .write.iops' "$d/pts-dirth/dirth/$s.json")"; done | tr '\n' ' ')
got=""
for p in max mid min; do
	got+="$(jq -r '.jobs[0] | "\(.jobname) t\(."job options".numjobs)q\(."job options".iodepth)"' "$d/pts-dirth/histogram/$p.json") "
done
exp=""
for p in max mid min; do tq=$(pts_operating_point "$p" "$want") && exp+="pts-dirth-hist@$p-$tq $tq "; done
check "DIRTH: the histograms run at the operating points fio's step IOPS give (${got% })" test "$got" = "$exp"
check "DIRTH and the others: each suite's steady-state verdict apart, in its results and the manifest" bash -c "
	jq -e '.steady_state_pts_dirth.target.rounds == 1 and .steady_state_pts_lat.target.rounds == 1 and .steady_state_pts_hir.target.rounds == 1' '$r/manifest.json' &&
	jq -e '(.round_iops | length) == 1 and .steady == false' '$d/pts-dirth/steady-state.json'"
check "LAT: 9 steps at T1Q1 with their block size and mix, fio's 99.999th percentile present" bash -c "
	for s in 512-r0 512-r65 512-r100 4k-r0 4k-r65 4k-r100 8k-r0 8k-r65 8k-r100; do
		jq -e --arg bs \${s%-r*} --arg m \${s#*-r} '.jobs[0] as \$j | \$j.\"job options\".bs == \$bs and \$j.\"job options\".rwmixread == \$m
			and .\"global options\".iodepth == \"1\" and .\"global options\".numjobs == \"1\"
			and ([\$j.read, \$j.write | select(.total_ios > 0) | .clat_ns.percentile[\"99.999000\"]] | length > 0 and all(. > 0))' \
			'$d/pts-lat/lat/'\$s.json || exit 1
	done"

# ---- a short run of the IOPS and throughput tests on the same file
r2=$tmp/r2
run --suite pts-iops,pts-tp --short --ss-round-time 1 --ss-max-rounds 1 --region 100% \
	--results "$r2" "$target" >"$tmp/run2.log" 2>&1
rc=$?
check "the short run of pts-iops and pts-tp exits 0" test $rc = 0
[ $rc = 0 ] || tail -n 20 "$tmp/run2.log" | sed 's/^/# /'
d2=$r2/target
check "pts-iops and pts-tp: every run done; the IOPS round is the short matrix (12 steps), each throughput block size its own WIPC" bash -c "
	jq -e '[.runs[] | select(.status != \"done\")] == [] and ([.runs[] | select(.suite == \"pts-iops\")] | length) >= 12' '$r2/manifest.json' &&
	test \$(ls '$d2'/pts-iops/round1/ | grep -c '^[0-9k]*-r[0-9]*\.json\$') -eq 12 &&
	test -s '$d2/pts-tp/wipc/128k.json' && test -s '$d2/pts-tp/wipc/1024k.json'"
"$FIORANK" pts -f json "$r2" >"$tmp/m2.json" 2>"$tmp/m2.err"
check "fiorank pts renders the IOPS page and one throughput page per block size from that run" \
	jq -e '[.tests[] | "\(.test) \(.part)"] == ["pts-iops null", "pts-tp 128k", "pts-tp 1024k"]' "$tmp/m2.json"
want=$(jq '.jobs[0] | .read.iops + .write.iops' "$d2/pts-iops/round1/4k-r0.json")
got=$(jq '.tests[0].tables[0].rows[] | select(.[0] == "4k") | .[1]' "$tmp/m2.json")
check "IOPS: the 4 KiB 0/100 cell ($got) is fio's IOPS of that step ($want)" \
	jq -n -e --argjson g "${got:-null}" --argjson w "${want:-null}" '$g != null and $w > 0 and (($g - $w) | fabs) <= 0.001 * $w'

# ---- LAT's rounds judged on iops, p99 and p99.99 (--ss-measures)
r3=$tmp/r3
run --suite pts-lat --short --ss-round-time 1 --ss-max-rounds 5 --ss-measures p99.99,iops,p99 --region 100% \
	--results "$r3" "$target" >"$tmp/run3.log" 2>&1
rc=$?
check "the short run of pts-lat with --ss-measures exits 0" test $rc = 0
[ $rc = 0 ] || tail -n 20 "$tmp/run3.log" | sed 's/^/# /'
v3=$r3/target/pts-lat/steady-state.json
n3=$(jq '.rounds' "$v3" 2>/dev/null)
check "--ss-measures: the verdict names the measures, each tail judged, all_steady all three's" jq -e '
	.measures == ["iops", "p99", "p99.99"] and (.tails | keys) == ["p99", "p99.99"] and
	.all_steady == (.steady and .tails.p99.steady and .tails["p99.99"].steady) and
	(.rounds == 5 or .all_steady) and (.tails.p99.round_us | length) == .rounds' "$v3"
check "--ss-measures: the runner's last word says the measures" \
	grep -Eq "target pts-lat steady state \(iops, p99, p99.99\): (NOT )?reached after $n3 rounds" "$tmp/run3.log"
want=$(for ((i = 1; i <= ${n3:-0}; i++)); do pct_from_bins 99 99.99 <"$r3/target/pts-lat/wdpc/ss-round$i.json"; done | jq -s -c .)
check "--ss-measures: each round's p99 and p99.99 are its fio bins' ($want)" jq -e --argjson w "$want" '
	. as $v | ($w | length) > 0 and [range(0; $w | length) | [$v.tails.p99.round_us[.], $v.tails["p99.99"].round_us[.]]] == $w' "$v3"
"$FIORANK" pts -f json "$r3" >"$tmp/m3.json" 2>/dev/null
check "fiorank pts takes the runner's tail verdicts (not refused), the three chosen" jq -e '
	.tests[0].steady_state | (.refused | not) and [.measures[].chosen] == [true, true, true]' "$tmp/m3.json"

# ---- the preconditioning's rounds with --ss-measures: the manifest's word,
# which the ranking report prints, names the measures
r4=$tmp/r4
run --suite precondition --precondition steady-state --short --ss-round-time 1 --ss-max-rounds 5 \
	--ss-measures iops,p99.99 --region 100% --results "$r4" "$target" >"$tmp/run4.log" 2>&1
rc=$?
check "the short steady-state preconditioning with --ss-measures iops,p99.99 exits 0" test $rc = 0
check "manifest: steady only when IOPS and p99.99 both are (the verdict file's all_steady), the measures named" jq -e -n \
	--slurpfile m "$r4/manifest.json" --slurpfile v "$r4/target/precondition/steady-state.json" '
	$m[0].steady_state.target as $s | $s.measures == ["iops", "p99.99"] and $s.steady == $v[0].all_steady and
	$v[0].all_steady == ($v[0].steady and $v[0].tails["p99.99"].steady) and
	($s.steady or ($s.reason | test("^not steady: (iops|p99.99|iops, p99.99); steady: (none|iops|p99.99)$")))'
"$FIORANK" "$r4" >"$tmp/rank4.txt" 2>&1
check "the ranking report's steady state says it (reached, or which measures were not steady)" \
	grep -Eq 'steady_state +(reached after [0-9]+ rounds|NOT reached after 5 rounds \(not steady: [a-z0-9., ]+; steady: [a-z0-9., ]+\)$)' "$tmp/rank4.txt"
tap_done
