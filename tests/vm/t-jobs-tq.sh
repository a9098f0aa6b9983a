#!/usr/bin/env bash
# The tq-sweep suite (issue 15) end to end in the test bed (one boot,
# tests/vm/guest/jobs-tq.sh): short runs on /dev/nvme0n2 through the
# engine's plain io_uring fallback and on /dev/ng0n4 through passthrough; on
# the host, the results: rounds then steps, each valid fio output whose jobs
# ran the step's numjobs x iodepth in one fio group, the steady-state
# verdict, the dry run's plan, the resume, and the report ending with the
# ranked four-figure table per step.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$TOP" || exit 1
o=$tmp/out
vm_relay guest "$o" --timeout 900 -- tests/vm/guest/jobs-tq.sh "$ENGINE" "${SANITIZE:-}"

for s in dry block resume char; do
	check "run '$s' exited 0" grep -qx "$s-rc=0" "$o/$s.rc"
	grep -qx "$s-rc=0" "$o/$s.rc" 2>/dev/null || show_suite_failure "$o/$s.log" "$o/$s"
done
check "dry run: the plan lists up to 7 rounds then t1q1, t4q4, t16q16, with a duration measured on a scratch file" bash -c "
	grep -Ec '^ +[0-9]+/[0-9]+ +nvme0n2/tq-sweep/precondition/ss-round[1-7] ' '$o/dry.log' | grep -qx 7 &&
	grep -q 'as measured here (fio on a private scratch file)' '$o/dry.log' &&
	grep -Eo 'nvme0n2/tq-sweep/tq-sweep/t[0-9]+q[0-9]+' '$o/dry.log' | tr '\n' ' ' |
		grep -qx 'nvme0n2/tq-sweep/tq-sweep/t1q1 nvme0n2/tq-sweep/tq-sweep/t4q4 nvme0n2/tq-sweep/tq-sweep/t16q16 ' &&
	grep -q 'estimated duration' '$o/dry.log'"

# step_ok FILE JOBS DEPTH: valid fio output, JOBS jobs each at DEPTH, one group.
step_ok() {
	jq -e --argjson j "$2" --arg q "$3" '(.jobs | length) == $j and all(.jobs[]; .error == 0
		and ."job options".iodepth == $q) and ([.jobs[].groupid] | unique | length) == 1' "$1" >/dev/null 2>&1
}
for run in block:nvme0n2:"t1q1 t4q4 t16q16" char:ng0n4:"t1q1 t4q4"; do
	IFS=: read -r name label steps <<<"$run"
	d=$o/$name/$label/tq-sweep
	bad=""
	for s in $steps; do
		j=${s#t} j=${j%q*}
		step_ok "$d/tq-sweep/$s.json" "$j" "${s#*q}" || bad+=" $s"
	done
	check "$name: every step's output holds its numjobs jobs at its iodepth in one fio group${bad:+ (bad:$bad)}" test -z "$bad"
	nr=$(find "$d/precondition" -name 'ss-round*.json' ! -name '*.engine.json' | wc -l)
	check "$name: the rounds are kept ($nr), named t2q16-r<N>, and the verdict counts them all" jq -e --argjson n "$nr" '
		(.round_iops | length) == $n and $n >= 5 and (.steady | type == "boolean") and .rounds == $n' "$d/steady-state.json"
	check "$name: a round's jobs are the workload at QD16 named with the round" \
		jq -e '.jobs[0].jobname == "tq-sweep-precond@t2q16-r1" and (.jobs | length) == 2 and
			all(.jobs[]; ."job options".iodepth == "16" and .read.total_ios > 0 and .write.total_ios > 0)' "$d/precondition/ss-round1.json"
	check "$name: manifest: every run done and the verdict recorded" jq -e --arg l "$label" '
		all(.runs[]; .status == "done") and .finished != null and (.steady_state_tq[$l].steady | type == "boolean")' \
		"$o/$name/manifest.json"
	# The report ends with the ranked four-figure table, one per step.
	r=$o/$name/report.txt
	table=$(sed -n '/^== tq-sweep: 8K/,$p' "$r")
	# the drive as fiorank labels it (the engine's identity names it)
	shown=$("$FIORANK" -f json "$o/$name" 2>/dev/null | jq -r '.tq_sweep.drives[0].drive')
	echo "# $name: fiorank's label for $label: $shown"
	check "$name: the report ends with the tq-sweep section, one table per step in order" \
		test "$(grep -o '^step t[0-9]*q[0-9]*' <<<"$table" | tr '\n' ' ')" = "$(for s in $steps; do printf 'step %s ' "$s"; done)"
	check "$name: each step's row has IOPS, mean, max and stddev with places" test \
		"$(grep -Ec "^  $shown +[0-9]+ \(1\) +[0-9.]+ \(1\) +[0-9.]+ \(1\) +[0-9.]+ \(1\)$" <<<"$table")" -eq "$(wc -w <<<"$steps")"
	check "$name: the published SATA point is placed as not comparable, with the reason" \
		grep -Fq "$shown: not comparable: a --short run" "$r"
done
check "block: the engine ran its plain io_uring fallback on the block device" \
	jq -e '.files[0].kind == "block" or .files[0].kind == "nvme-block"' "$o/block/nvme0n2/tq-sweep/tq-sweep/t4q4.engine.json"
check "char: the engine ran passthrough on the char device" \
	jq -e '.files[0].kind == "nvme-char"' "$o/char/ng0n4/tq-sweep/tq-sweep/t4q4.engine.json"
check "resume: every run of the finished suite is skipped as done" bash -c "
	test \$(grep -c 'done before, skipped' '$o/resume.log') -eq \$(jq '.runs | length' '$o/block/manifest.json')"
# The tables from the test bed, for the record (speeds are emulation's).
for name in block char; do
	echo "# ---- $name: the end of $name/report.txt"
	sed -n '/^== tq-sweep: 8K/,$p' "$o/$name/report.txt" 2>/dev/null | sed 's/^/# /'
done
tap_done
