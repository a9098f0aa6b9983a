# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read.
# shellcheck disable=SC2034
# The checks of jobs/ssdnvme-suite after the devices', before anything is
# written: the tools, the free space for the results, a results directory
# that already holds a suite.  Reads the runner's globals.
# The runner's shared state (declared once there; sourced once).
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

# check_tools: the engine loads into the fio the runs use (a fio of another
# version refuses it).
check_tools() {
	local out
	# fiorank reads every result (jobs/lib/suite-lib.sh): without it no run
	# could be judged done.  Its help is read whole, not piped to grep -q:
	# under pipefail, grep leaving early would SIGPIPE fiorank and fail this.
	if ! { [ -x "$fiorank" ] && out=$("$fiorank" --help 2>&1) && [[ $out == *--iops* ]]; }; then
		die "fiorank not found at $fiorank, or without --iops (run make, or pass --fiorank)"
	fi
	check_made "fiorank runs"
	if [ "$engine" = ssdnvme ] || [ "$needs_nn" = 1 ] || [ "$needs_ckpt" = 1 ] || [ "$needs_copy" = 1 ]; then
		[ -f "$engine_so" ] || die "the ssdnvme engine is not built ($engine_so): run make, or pass --engine-so"
		[ -z "$hosts_arg" ] || return 0 # loaded by the servers' fio
		if ! out=$("$fio_bin" --enghelp="$engine_so" 2>&1) || [ -z "$out" ]; then
			die "the ssdnvme engine $engine_so does not load into $fio_bin: $(head -n 3 <<<"$out")"
		fi
		check_made "the engine loads into $fio_bin"
	else
		out=$("$fio_bin" --version 2>&1) || die "$fio_bin does not run: $out"
		check_made "$fio_bin runs"
	fi
}

# check_space: room for the results: each run leaves fio's JSON (json+:
# latency bins), the flattened job and the engine's tag file, about
# RUN_BYTES (SSDNVME_RESULT_BYTES overrides it); refuses when the file system of the results directory has less
# free space than the plan needs.
check_space() {
	local d=$results avail need
	while [ ! -d "$d" ]; do d=$(dirname "$d"); done
	avail=$(df -Pk "$d" | awk 'NR == 2 { printf "%d\n", $4 * 1024 }')
	need=$((total_steps * RUN_BYTES))
	[ -z "$avail" ] || [ "$avail" -ge "$need" ] ||
		die "the results need about $(fmt_bytes "$need") ($total_steps runs), but $d has $(fmt_bytes "$avail") free"
	[ -z "$avail" ] || check_made "room for the results ($(fmt_bytes "$need") needed, $(fmt_bytes "$avail") free)"
}

# check_merge: a results directory that already holds a finished suite takes
# another one (e.g. profiles after precondition) into the same manifest, as
# long as no run id is already there and each drive label names the same
# device as before.  Sets merge=1 when it will.
check_merge() {
	local known rid d clash="" n=0
	merge=0
	[ "$resume" = 0 ] && [ -f "$manifest" ] || return 0
	manifest_check_merge "$manifest" >/dev/null
	case $? in
	1) die "$manifest is not an ssdnvme-suite manifest: choose another --results" ;;
	2) die "$manifest holds a suite that has not finished: continue it with --resume --results $results first, or choose another --results" ;;
	esac
	known=$(manifest_run_ids "$manifest")
	declare -A have=()
	while read -r rid; do [ -n "$rid" ] && have[$rid]=1; done <<<"$known"
	for ((d = 0; d < plan_n; d++)); do
		[ -z "${have[${plan_id[d]}]:-}" ] && continue
		n=$((n + 1))
		[ $n -le 3 ] && clash+="${clash:+, }${plan_id[d]}"
	done
	[ $n = 0 ] || die "$results already has $n of these runs ($clash$([ $n -gt 3 ] && echo ...)): choose another --results, or --resume the suite that made them"
	clash=$(manifest_drive_clash "$manifest" "$drives_json")
	[ -z "$clash" ] || die "$results names another device $clash than this suite's: choose another --results"
	merge=1
}
