#!/usr/bin/env bash
# The tq-sweep suite (issue 15) of jobs/ssdnvme-suite on this host, against
# a regular file through the ssdnvme engine's plain io_uring fallback: usage
# errors, the dry run, a short run of the whole method (rounds judged by the
# steady-state rule, then steps), the results and manifest, the report's
# ranked table per step with figures that match fio's own per-job output,
# and --resume.  The block and char device runs are tests/vm/t-jobs-tq.sh.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
loopdev=""
cleanup() {
	[ -z "$loopdev" ] || losetup -d "$loopdev" 2>/dev/null
	rm -rf "$tmp"
}
trap cleanup EXIT
target=$tmp/target
truncate -s 64M "$target"
fio=$tmp/fio
fio_cmd_script "$fio"
run() { jobs/ssdnvme-suite --fio "$fio" --engine-so "$ENGINE" --fiorank "$FIORANK" --yes-destroy "$target" "$@"; }
# shellcheck source=jobs/lib/suite-lib.sh
. jobs/lib/suite-lib.sh
# shellcheck source=jobs/lib/plan.sh
. jobs/lib/plan.sh

# ---- usage
check_fails "a tq step the job file lacks is refused, naming the steps it has" \
	"no step 't3q3'.*t1q1 t2q2 t4q4" run --suite tq-sweep --tq-steps t1q1,t3q3 --results "$tmp/x" "$target"
check "the refused run wrote nothing" test ! -e "$tmp/x"
check "'all' is the VDbench method; tq-sweep is asked for by name" \
	test "$(parse_suites all)" = "precondition profiles write-pressure noisy-neighbor"
check "tq-sweep is a suite of its own and combines in a list" \
	test "$(parse_suites tq-sweep,profiles)" = "tq-sweep profiles"
check "the default step list is the job file's grid" \
	test "$(parse_tq_steps jobs/tq-sweep.fio "")" = "t1q1 t2q2 t4q4 t8q8 t16q1 t16q2 t16q4 t16q8 t16q16"

# ---- dry run: the plan, nothing written
run --suite tq-sweep --dry-run --results "$tmp/dry" "$target" >"$tmp/dry.log" 2>&1
check "dry run: exit 0, nothing written" test $? = 0 -a ! -e "$tmp/dry"
check "dry run (full): 25 rounds of 60 s, then the 9 steps" bash -c "
	test \$(grep -c 'target/tq-sweep/precondition/ss-round[0-9]* *tq-sweep/precondition.fio *1m00s' '$tmp/dry.log') -eq 25 &&
	test \$(grep -Ec 'target/tq-sweep/tq-sweep/t[0-9]+q[0-9]+ +tq-sweep.fio \[tq-sweep@t[0-9]+q[0-9]+\]' '$tmp/dry.log') -eq 9 &&
	grep -q ', 34 runs' '$tmp/dry.log'"

# ---- a short run of the whole method on the file
r=$tmp/r
run --suite tq-sweep --short --tq-steps t1q1,t2q2,t4q4 --ss-round-time 1 --ss-max-rounds 5 --runtime 1 --ramp 0 \
	--results "$r" "$target" >"$tmp/run.log" 2>&1
rc=$?
check "the short run exits 0" test $rc = 0
[ $rc = 0 ] || tail -n 20 "$tmp/run.log" | sed 's/^/# /'
d=$r/target/tq-sweep
check "5 rounds, then the 3 steps, each a fio output" bash -c "
	for i in 1 2 3 4 5; do test -s '$d/precondition/ss-round'\$i.json || exit 1; done
	for s in t1q1 t2q2 t4q4; do test -s '$d/tq-sweep/'\$s.json || exit 1; done"
check "manifest: 8 runs done, in plan order, suite tq-sweep" jq -e '.suite == "tq-sweep" and
	[.runs[] | select(.status == "done") | .step] == ["ss-round1", "ss-round2", "ss-round3", "ss-round4", "ss-round5", "t1q1", "t2q2", "t4q4"]' \
	"$r/manifest.json"
check "steady state: the verdict over the 5 rounds' IOPS, in the results and the manifest (steady_state_tq)" bash -c "
	jq -e '(.round_iops | length) == 5 and .window == 5 and (.steady | type == \"boolean\")' '$d/steady-state.json' &&
	jq -e '.steady_state_tq.target.rounds == 5 and .steady_state == null' '$r/manifest.json'"
check "the rounds' IOPS in the verdict are the rounds' fio IOPS (summed over jobs and directions)" bash -c "
	want=\$(for i in 1 2 3 4 5; do jq '[.jobs[] | .read.iops + .write.iops] | add' '$d/precondition/ss-round'\$i.json; done | jq -s -c .)
	jq -e --argjson w \"\$want\" '.round_iops as \$g | [range(5)] | all(. as \$i | ((\$g[\$i] - \$w[\$i]) | fabs) <= 1e-5 * \$w[\$i])' '$d/steady-state.json'"
check "each step ran numjobs x iodepth of its name, per-job figures, one fio group" bash -c "
	jq -e '(.jobs | length) == 2 and all(.jobs[]; .jobname == \"tq-sweep@t2q2\" and .\"job options\".iodepth == \"2\")
		and ([.jobs[].groupid] | unique | length) == 1' '$d/tq-sweep/t2q2.json'"

# ---- the report: ends with the ranked table per step
table=$(sed -n '/^== tq-sweep: 8K/,$p' "$r/report.txt")
check "the report ends with the tq-sweep section: one table per step, in order" \
	test "$(grep -o '^step t[0-9]*q[0-9]*' <<<"$table" | tr '\n' ' ')" = "step t1q1 step t2q2 step t4q4 "
check "each step: the drive with IOPS, mean, max, stddev and their places" \
	test "$(grep -Ec '^  target +[0-9]+ \(1\) +[0-9.]+ \(1\) +[0-9.]+ \(1\) +[0-9.]+ \(1\)$' <<<"$table")" -eq 3
check "the rounds are curves of the same four figures" \
	test "$(grep -Ec '^  t2q16-r[1-5] +[0-9]+ +[0-9.]+ +[0-9.]+ +[0-9.]+$' <<<"$table")" -eq 5
check "the published SATA point: not comparable, with the reasons" \
	grep -q '^published (sata-ri-roundup): Micron 5100 ECO.*46137 IOPS.*target: not comparable: run on a file, not a drive, a --short run' "$r/report.txt"
# figures against fio's own per-job ones (jq), as fiorank's JSON prints them
"$FIORANK" -f json "$r" >"$tmp/r.json" 2>/dev/null
bad=""
for s in t1q1 t2q2 t4q4; do
	ok=$(jq -n --slurpfile o "$d/tq-sweep/$s.json" --slurpfile f "$tmp/r.json" --arg s "$s" '
		[$o[0].jobs[] | (.read, .write) | select(.total_ios > 0) | {n: .total_ios, m: .clat_ns.mean, s: .clat_ns.stddev, x: .clat_ns.max, i: .iops}] as $p
		| ($p | map(.n) | add) as $N | ($p | map(.n * .m) | add / $N) as $M
		| [($p | map(.i) | add), $M / 1000, ($p | map(.x) | max) / 1000,
		   (($p | map(.n * (.s * .s + (.m - $M) * (.m - $M))) | add) / $N | sqrt) / 1000] as $w
		| ($f[0].tq_sweep.drives[0].steps[] | select(.step == $s) | [.iops, .lat_mean_us, .lat_max_us, .lat_stddev_us]) as $g
		| [range(4)] | all(. as $i | (($w[$i] - $g[$i]) | fabs) <= 1e-6 * ($w[$i] | fabs) + 1e-9)')
	[ "$ok" = true ] || bad+=" $s"
done
check "every step's four figures match jq's computation from fio's per-job figures${bad:+ (not:$bad)}" test -z "$bad"

# ---- resume: nothing runs again
run --resume --results "$r" >"$tmp/resume.log" 2>&1
rc=$?
check "resume of the finished suite: exit 0 (was $rc), all 8 runs skipped as done" bash -c "
	test $rc = 0 && test \$(grep -c 'done before, skipped' '$tmp/resume.log') -eq 8"
# ---- a block device that is not NVMe (what /dev/sdX is to the runner and
# the engine): a loop device over a file in the temporary directory, when
# this host lets us make one (root and the loop driver).
truncate -s 64M "$tmp/loop.img"
if [ "$(id -u)" = 0 ] && loopdev=$(losetup -f --show "$tmp/loop.img" 2>/dev/null) && [ -b "$loopdev" ]; then
	run --suite tq-sweep --short --tq-steps t1q1,t4q4 --ss-round-time 1 --ss-max-rounds 5 --runtime 1 --ramp 0 \
		--yes-destroy "$loopdev" --results "$tmp/loop" "$loopdev" >"$tmp/loop.log" 2>&1
	check "a non-NVMe block device ($loopdev): the short suite exits 0" test $? = 0
	l=${loopdev##*/}
	check "... the engine ran its plain io_uring fallback on the block device" \
		jq -e '.files[0].kind == "block"' "$tmp/loop/$l/tq-sweep/tq-sweep/t4q4.engine.json"
	check "... and the report ends with the ranked table of both steps" bash -c "
		sed -n '/^== tq-sweep: 8K/,\$p' '$tmp/loop/report.txt' | grep -o '^step t[0-9]*q[0-9]*' | tr '\n' ' ' | grep -qx 'step t1q1 step t4q4 '"
	losetup -d "$loopdev" && loopdev=""
else
	skip "no loop device here (needs root and the loop driver): the non-NVMe block device run"
fi
tap_done
