#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-engine-jobs.sh boots it): 64 jobs at
# QD1 on 3 namespaces for 5 s, through fio's io_uring_cmd and through the
# engine, two rounds in turn; the engine must end within 8x io_uring_cmd's
# best wall time, and its results file (on the host's share, as a suite
# run's are) must hold each job once.
# An engine that merges the whole file at every job's end (over 400 s here)
# is stopped at 8x io_uring_cmd's time and fails.  Prints TAP.
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
many=(--name=many --filename=/dev/ng0n1:/dev/ng0n2:/dev/ng0n4 --rw=randread --bs=4k --iodepth=1
	--numjobs=64 --time_based --runtime=5 --size=16M --group_reporting --output-format=json)
best_cmd='' best_eng='' eng_rc=0

# wall ENGINE_ARGS...: runs fio under timeout $limit; its wall seconds in $t, exit status in $rc.
wall() {
	local t0 t1
	t0=$(date +%s.%N)
	rc=0
	timeout "$limit" "$BASH" -c "$(declare -f fio_cmd); fio_cmd \"\$@\"" fio "$@" "${many[@]}" \
		>"$OUT/many.out" 2>&1 || rc=$?
	t1=$(date +%s.%N)
	t=$(awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.2f", b - a}')
}
min() { awk -v a="$1" -v b="$2" 'BEGIN {print (a == "" || b < a) ? b : a}'; }

limit=300
for round in 1 2; do
	wall --ioengine=io_uring_cmd --cmd_type=nvme
	echo "# round $round: io_uring_cmd ${t} s (exit $rc)"
	best_cmd=$(min "$best_cmd" "$t")
	limit=$(awk -v c="$best_cmd" 'BEGIN {l = int(8 * c) + 1; print l < 30 ? 30 : l}')
	rm -f "$OUT/many.json"
	wall --ioengine="external:$ENGINE" --ssdnvme_results="$OUT/many.json"
	echo "# round $round: ssdnvme ${t} s (exit $rc, stopped after $limit s)"
	[ $rc = 0 ] || eng_rc=$rc
	best_eng=$(min "$best_eng" "$t")
	[ $rc = 0 ] || break
done
echo "# best of the rounds: ssdnvme ${best_eng} s, io_uring_cmd ${best_cmd} s," \
	"ratio $(awk -v e="$best_eng" -v c="$best_cmd" 'BEGIN {printf "%.2f", e / c}')"
check "64 jobs on 3 namespaces through the engine exit 0 within 8x io_uring_cmd's time" \
	test "$eng_rc" = 0
check "the results list the 64 jobs, each once" jq -e '[.jobs[].thread] | sort == [range(1; 65)]' \
	"$OUT/many.json"
check "... and the 3 namespaces, each once" jq -e \
	'[.files[].path] | sort == ["/dev/ng0n1", "/dev/ng0n2", "/dev/ng0n4"]' "$OUT/many.json"
check "no parts directory is left beside the results" \
	bash -c "! compgen -G '$OUT/many.json.parts.*' >/dev/null"
# The issue's goal, 1.2x, is printed above, not checked: on an idle machine
# bench/jobs-cost.sh --vm, the same line in interleaved rounds, gave 1.16x
# on 2026-12-07 once the outliers were printed from their records (1.22x
# before, on the same machine; single rounds 1.12x-1.26x over the day),
# and CI runs this beside other test-bed guests on 2 cores, where rounds
# move by more than the margin (1.33 there that day before the change;
# 1.62x and 3.03x before earlier ones; docs/engine.md, "Many jobs").
