# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read.
# shellcheck disable=SC2034
# The runs of jobs/ssdnvme-suite: one plan row at a time (run_plan), each
# through the functions of its kind, recorded in the manifest.  Reads the
# runner's globals (the plan, node_of, nn_nodes, results, manifest...).
# The runner's shared state (declared once there; sourced once).
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

# run_fio OUT JOB: runs one flattened job, locally or on the hosts of
# clients_file (every host; one lost host alone on --resume).
run_fio() {
	local out=$1 job=$2
	if [ -n "$clients_file" ]; then
		local rc=0
		deadline_start
		run_child "$fio_bin" --output-format=json+ --output="$out" --client="$clients_file" "$job" || rc=$?
		deadline_stop
		return $rc
	else
		run_child "$fio_bin" --output-format=json+ --output="$out" "$job"
	fi
}

# record_run STATUS [FINISHED]: adds or replaces the current step's run in
# the manifest (manifest_set_run).  The record is built here without a
# process.  A run's end (FINISHED) is written with the next run's start or
# at the runner's exit (--later): one manifest write per run.
record_run() {
	local r="" f
	for f in id:"$id" drive:"$drive" suite:"$st" test:"$test" step:"$step" \
		job_file:"${job:+jobs/$job}" job_sha256:"$sha" job_run:"${job:+$rel.fio}" output:"${out#"$results"/}" \
		engine_output:"$eng" engine:"$ENGINE_OVERRIDE" started:"$started" finished:"${2:-}" status:"$1"; do
		json_str "${f#*:}"
		r+="${r:+, }\"${f%%:*}\": $REPLY"
	done
	local ti=$target_iops tm=$target_mbps
	[[ $ti =~ ^[0-9]+$ ]] || ti=null
	[[ $tm =~ ^[0-9]+$ ]] || tm=null
	manifest_set_run "$manifest" "{$r, \"target_iops\": $ti, \"target_mbps\": $tm$run_extra}" ${2:+--later}
}

# ------------------------------------------------------------ the steps
# One plan row at a time (load_row sets id, st, test, step, job, sect, est,
# kind and the paths of its files), through the function of its kind:
# prepare_<kind> sets what the job reads for this step (none for most),
# run_purge or run_job does it, take_<kind> keeps what the next rows need
# from a done run (a peak for its curve, a round's IOPS for steady state).

load_row() {
	local i=$1
	id=${plan_id[i]} st=${plan_suite[i]} test=${plan_test[i]} step=${plan_step[i]}
	job=${plan_job[i]} sect=${plan_sect[i]} est=${plan_est[i]} kind=${plan_kind[i]}
	drive=${id%%/*} dev=${node_of[${id%%/*}]} rel=$id
	out=$results/$rel.json flat=$results/$rel.fio ident=$results/$rel.engine.json errf=$results/$rel.stderr
	run_extra=""
	target_iops=null target_mbps=null sha="" eng="" step_rate="" run_iops="" started=""
}

# prepare_step: a capped curve step's target and rate (target_iops,
# step_rate), from its profile's peak: take_peak worked out the whole curve
# (curve_of); a step it could not (a peak without I/O) asks curve_rate,
# which says why.  run_job makes the step from the profile's peak section
# (curve_step_job).
prepare_step() {
	local peak=${peak_of[$drive/$test]:-} pr pw curve=${curve_of[$drive/$test/$step]:-}
	if [ -z "$peak" ]; then
		echo "ssdnvme-suite: $id: no peak result for $test, step skipped" >&2
		return 1
	fi
	if [ -z "$curve" ]; then
		read -r pr pw <<<"$peak"
		target_iops=$(curve_target "$pr" "$pw" "$step")
		step_rate=$(curve_rate "$pr" "$pw" "$step" "$(job_numjobs "$JOBS/$job")" "$nhosts") || return 1
		return 0
	fi
	target_iops=${curve%% *} step_rate=${curve#* }
}
prepare_wp() {
	export SSDNVME_WP_MBPS=$step
	target_mbps=$step
}
prepare_ss() { export SSDNVME_SS_ROUND=${step#ss-round}; }

# run_purge: nvme format or sanitize; its output is nvme-cli's log (not
# JSON: fiorank skips it).  Sets status.
run_purge() {
	out=$results/$rel.log
	record_run running
	case $purge in
	format)
		# User-data erase of this namespace (its current LBA format).
		run_child nvme format "$dev" --ses=1 --force >"$out" 2>&1 && status="done"
		;;
	sanitize)
		# Block erase of the whole controller's media; wait until the
		# sanitize log says it finished (SSTAT bits 2:0 = 1: completed).
		dev_identity "$dev" && [ -n "$id_ctrl" ] && run_child nvme sanitize "/dev/$id_ctrl" --sanact=2 >"$out" 2>&1 &&
			until [ -n "$stop_signal" ] || nvme sanitize-log "/dev/$id_ctrl" -o json |
				jq -e '(.. | objects | .sstat? // empty) as $s | ($s % 8) == 1' >/dev/null 2>&1; do
				run_child sleep 5
			done && [ -z "$stop_signal" ] && status="done"
		;;
	esac
	cat "$out" >&2
}

# job_sha: the row's job file's sha256 into sha, hashed once per file.
job_sha() {
	[ -n "${sha_of[$job]:-}" ] || sha_of[$job]=$(sha256sum "$JOBS/$job" | cut -d' ' -f1)
	sha=${sha_of[$job]}
}

# run_job: flattens the row's job and runs it with fio (a capped curve step:
# the profile's peak section at step_rate).  Sets status.
run_job() {
	local fio_rc
	if [ "$kind" = step ]; then
		flatten_job "$JOBS/$job" "$test@peak" >"$flat" &&
			curve_step_job "$flat" "$test" "$step" "$step_rate" || return
	elif ! flatten_job "$JOBS/$job" ${sect:+"$sect"} >"$flat"; then
		return
	fi
	job_sha
	record_run running
	if [ -e "$out" ] || [ -e "$ident" ]; then rm -f "$out" "$ident"; fi
	# fio's own messages go to <step>.stderr (kept: they explain a failure)
	# and then to the terminal; no process substitution, the test bed's
	# guest has no /dev/fd.  They are caught in one scratch file, moved only
	# when there are some: no process per run for the usual empty one.
	run_fio "$out" "$flat" 2>"$results/.fio-stderr"
	fio_rc=$?
	# On a terminal fio redraws its status line ("Jobs: ...") with carriage
	# returns and leaves the last one unended: end it, or the next progress
	# line is glued to it.
	[ ! -t 1 ] || echo
	if [ -s "$results/.fio-stderr" ]; then
		cat "$results/.fio-stderr" >&2
		mv "$results/.fio-stderr" "$errf"
	fi
	if [ -n "$deadline_hit" ]; then
		deadline_judge # silent hosts: the run failed, the suite stops (fleet-deadline.sh)
	elif [ -n "$clients_file" ] && [ -z "$stop_signal" ] && fleet_judge; then
		: # partial: some hosts lost, the others' results kept (fleet-runs.sh)
	elif [ -z "$stop_signal" ] && [ "$fio_rc" = 0 ] && result_checked; then
		status="done"
	elif [ -z "$stop_signal" ] && [ -s "$errf" ]; then
		echo "ssdnvme-suite: $id failed (fio exit $fio_rc; its messages are in $errf)" >&2
	elif [ -z "$stop_signal" ] && [ "$fio_rc" = 0 ]; then
		# fio said nothing and exited 0: what fiorank refused in its output.
		echo "ssdnvme-suite: $id failed: fio exited 0 but its result in $out is not complete: $(
			"${FIORANK:?}" --check "$out" 2>&1 >/dev/null | sed 's/^fiorank: excluded from [^:]*: //' | head -n 2 | tr '\n' ';' | sed 's/;$//; s/;/; /g')" >&2
	elif [ -z "$stop_signal" ]; then
		echo "ssdnvme-suite: $id failed (fio exit $fio_rc, no message from fio)" >&2
	fi
	[ -s "$ident" ] && eng=$rel.engine.json
}

# result_checked: the row's output is a complete fio result (result_valid).
# The rows whose IOPS the next rows need (peak, ss) ask fiorank's --iops
# first, which makes --check's checks too: one fiorank, its answer kept in
# run_iops.  Only when it has no answer is --check asked (--iops also
# refuses jobs of several fio groups, which --check accepts).
result_checked() {
	case $kind in
	peak | ss | ptsr)
		[ -s "$out" ] && run_iops=$(result_iops "$out") && [ -n "$run_iops" ] && return 0
		run_iops=""
		result_valid "$out"
		;;
	*) result_valid "$out" ;;
	esac
}

# take_peak / take_ss FRESH: what a done run tells the rows after it.  FRESH
# is 1 for a run that just ran (a steady-state verdict is then written when
# reached or at the last round), 0 for one done before a resume.
# take_peak: the peak, and the whole curve from it (curve_steps: each
# step's "TARGET RATE" in curve_of), in one process rather than a few per
# step.  fio's rate_iops is per job: numjobs is set in the profile file
# itself (jobs/tools/gen-profiles puts it there).
take_peak() {
	local pr pw pct target rate
	[ -n "$run_iops" ] || run_iops=$(result_iops "$out")
	peak_of[$drive/$test]=$run_iops
	read -r pr pw <<<"$run_iops"
	# shellcheck disable=SC2086
	while read -r pct target rate; do
		[ -z "$rate" ] || curve_of[$drive/$test/$pct]="$target $rate"
	done <<<"$(curve_steps "$pr" "$pw" "$(job_numjobs "$JOBS/$job")" "$nhosts" $steps 2>/dev/null)"
}
# The rounds of each suite that has them (precondition, tq-sweep) are
# judged apart: ss_values and ss_done are keyed by drive/suite; the verdict
# goes to <drive>/<suite>/steady-state.json and the manifest's steady_state
# (precondition) or steady_state_tq (tq-sweep, whose rounds run its own
# workload).
take_ss() {
	local mkey=steady_state
	case $st in precondition) ;; tq-sweep) mkey=steady_state_tq ;; *) mkey=steady_state_${st//-/_} ;; esac
	! ss_judge "$1" "$drive/$st" "${step#ss-round}" "$results/$drive/$st/steady-state.json" "$mkey" "$st" ||
		ss_done[$drive/$st]=1
}

# ss_judge FRESH KEY ROUND FILE MKEY LABEL: the run's IOPS (and, for
# --ss-measures, its tails) added to the rounds of KEY and judged; true when
# the rounds are over (every chosen measure steady, or, for a fresh run, its
# last round ran), the verdict then written to FILE and the manifest's MKEY
# (fresh runs only).  The file's top-level verdict stays IOPS's (fiorank
# re-judges it); "measures" and "tails" say what else was waited for.
ss_judge() {
	local verdict steady tails all said=""
	[ -n "$run_iops" ] || run_iops=$(result_iops "$out")
	# (awk would read an empty here-string as one line, and print 0)
	[ -z "$run_iops" ] || ss_values[$2]+="$(awk '{printf "%.3f\n", $1 + $2}' <<<"$run_iops")"
	ss_values[$2]+=" "
	# shellcheck disable=SC2086
	verdict=$(ss_verdict ${ss_values[$2]})
	steady=$?
	ss_tails_add "$2"
	tails=$(ss_tails_json "$2")
	all=$(jq -r --argjson v "$verdict" --argjson t "$tails" --arg m "$ss_measures" \
		'[($m | split(" ")[]) as $k | if $k == "iops" then $v.steady else $t[$k].steady end] | all' <<<"{}")
	[ "$all" = true ] && steady=0 || steady=1
	[ "$1" = 0 ] && return $steady
	[ "$steady" = 0 ] || [ "$3" -ge "$ss_max_rounds" ] || return 1
	jq --argjson v "$verdict" --argjson iops "$(tr ' ' '\n' <<<"${ss_values[$2]}" | jq -s .)" \
		--argjson t "$tails" --arg m "$ss_measures" --argjson all "$all" -n \
		'{schema: "ssdnvme-steady-state/1", rule: "SNIA PTS: 5-round window, max-min <= 20% of average, least-squares excursion <= 10% of average",
		  round_iops: $iops} + $v + {measures: ($m | split(" ")), tails: $t, all_steady: $all}' >"$4"
	manifest_set_json "$manifest" "$5" "$drive" "$(ss_manifest_verdict "$verdict" "$tails")"
	[ "$ss_measures" = iops ] || said=" ($(ss_measures_said))"
	echo "ssdnvme-suite: $drive $6 steady state$said: $([ "$all" = true ] && echo reached || echo "NOT reached") after $3 rounds" >&2
}

# ss_manifest_verdict VERDICT TAILS: the manifest's word (the ranking
# report shows it): IOPS's verdict as it is with --ss-measures iops; else
# steady only when every chosen measure is, with the chosen and the steady
# ones named, and a reason naming those that are not.
ss_manifest_verdict() {
	[ "$ss_measures" != iops ] || { echo "$1"; return; }
	jq -c --argjson t "$2" --arg m "$ss_measures" '
		[($m | split(" "))[] as $k | {k: $k, s: (if $k == "iops" then .steady else $t[$k].steady end)}] as $all |
		([$all[] | select(.s | not) | .k] | join(", ")) as $not |
		. + {measures: ($m | split(" ")), steady: ($not == ""),
		     steady_measures: ([$all[] | select(.s) | .k] | join(", ") | if . == "" then "none" else . end)} +
		(if $not == "" then {} else {reason: "not steady: \($not); steady: \([$all[] | select(.s) | .k] | join(", ") | if . == "" then "none" else . end)"} end)' <<<"$1"
}

# ss_tails_add KEY: the run's p99 and p99.99 completion latency (µs, from
# its json+ bins: fiorank pts --tails, the figures fiorank pts judges)
# added to KEY's rounds, when --ss-measures names a tail; "-" when the run
# has no bins (its tail is then never steady).
ss_tails_add() {
	local p99 p9999
	[ "$ss_measures" != iops ] || return 0
	read -r p99 p9999 <<<"$("${FIORANK:?FIORANK is not set}" pts --tails "$out" 2>/dev/null)"
	ss_tail_values[$1/p99]+="${p99:--} "
	ss_tail_values[$1/p99.99]+="${p9999:--} "
}

# ss_tails_json KEY: {"p99": {round_us: [...], verdict...}, ...} of the
# tails --ss-measures names ({} for none); a tail with a round without bins
# is NOT steady, said.
ss_tails_json() {
	local m v obj="{}"
	for m in $ss_measures; do
		[ "$m" != iops ] || continue
		# shellcheck disable=SC2086
		v=$(ss_verdict ${ss_tail_values[$1/$m]} 2>/dev/null)
		[[ $v == "{"* ]] || v='{"steady": false, "reason": "a round has no fio json+ latency bins"}'
		obj=$(jq -c --arg m "$m" --argjson v "$v" --arg r "${ss_tail_values[$1/$m]}" \
			'. + {($m): ({round_us: [$r | split(" ")[] | select(. != "") | tonumber? // null]} + $v)}' <<<"$obj")
	done
	echo "$obj"
}

# ss_measures_said: the measures waited for, as the messages say them.
ss_measures_said() {
	echo "${ss_measures// /, }"
}

# hash_jobs: sha_of[JOB], the sha256 of every job file of the plan, in
# one sha256sum for the suite (run_job asks for any it lacks).
hash_jobs() {
	local i job hash name list=()
	local -A listed=()
	for ((i = 0; i < plan_n; i++)); do
		job=${plan_job[i]}
		if [ -n "$job" ] && [ -z "${listed[$job]:-}" ]; then
			listed[$job]=1
			list+=("$job")
		fi
	done
	[ ${#list[@]} -gt 0 ] || return 0
	while read -r hash name; do
		[ -z "$name" ] || sha_of[$name]=$hash
	done <<<"$(cd "$JOBS" && sha256sum -- "${list[@]}" 2>/dev/null)"
}

# row_env: the environment of the row's job: its device, the engine's
# results file and the noisy-neighbor victims' tag logs beside it (neither
# with --hosts: on a fio server the path would be the server's own,
# read-only or the same file for every server, so none is asked for, the
# engine writes none there, and it refuses a tag log with nowhere to go),
# noisy neighbor's namespaces, and the engine of the runs that name theirs
# (noisy neighbor, copy).
row_env() {
	local c=0 ns
	export SSDNVME_DEV=$dev SSDNVME_ENGINE_JSON=$ident
	[ -z "$hosts_file" ] || SSDNVME_ENGINE_JSON="" SSDNVME_NN_TAG_LOG=0
	for ns in ${nn_nodes[$drive]:-}; do
		c=$((c + 1))
		export "SSDNVME_NS$c=$ns"
	done
	case $step in ssdnvme | ssdnvme-fdp | io_uring_cmd) ENGINE_OVERRIDE=$step ;; *) ENGINE_OVERRIDE=$engine ;; esac
}

# run_plan: every row in order; skips what a resumed suite already did, a
# drive whose purge failed, and steady-state rounds after the verdict.
# The ETA: what is left of the plan, plus, per remaining run, the overhead
# the runs so far took beyond their planned time (fio start-up, the
# emulated test bed's slowness...).
run_plan() {
	local i n left done_secs=0 ran_n=0 ran_est=0 ran_secs=0 extra run_t0 status rid rstatus
	local est_text eta_text finished
	declare -gA peak_of=() curve_of=() ss_values=() ss_tail_values=() ss_done=() skip_drive=() sha_of=() prev_status=()
	while IFS=$'\t' read -r rid rstatus; do
		[ -n "$rid" ] && prev_status[$rid]=$rstatus
	done <<<"$(manifest_run_statuses "$manifest")"
	hash_jobs
	failed=0
	for ((i = 0; i < plan_n; i++)); do
		[ -z "$stop_signal" ] || { id="" && stop_now; }
		# a host silent past a run's deadline would hold up every run after it
		[ -z "$host_silent_said" ] || break
		load_row "$i"
		n=$((i + 1))
		[ -d "${out%/*}" ] || mkdir -p "${out%/*}"
		left=$((total_secs - done_secs))
		done_secs=$((done_secs + est))
		[ -z "${skip_drive[$drive]:-}" ] || continue
		[ "$kind" != ss ] || [ -z "${ss_done[$drive/$st]:-}" ] || continue
		[ "$kind" != ptsr ] || pts_round_wanted || continue
		# a --hosts run that lost hosts: rerun on them alone (fleet-runs.sh)
		if [ "${prev_status[$id]:-}" = partial ]; then
			resume_hosts_of "$id"
			if [ ${#resume_hosts[@]} = 0 ]; then
				echo "[$n/$total_steps] $id: done before (its lost hosts rerun alone since), skipped" >&2
				if resumed_iops && declare -F "take_$kind" >/dev/null; then "take_$kind" 0; fi
				continue
			fi
			row_env
			resume_partial "$n"
			continue
		fi
		# a cut's fio output is cut short too: its check passed, that is all
		if [ "${prev_status[$id]:-}" = "done" ] && { [ "$kind" = purge ] || [ "$kind" = pc ] || result_valid "$out"; }; then
			echo "[$n/$total_steps] $id: done before, skipped" >&2
			! declare -F "take_$kind" >/dev/null || "take_$kind" 0
			continue
		fi
		extra=0
		[ $ran_n -gt 0 ] && [ $ran_secs -gt $ran_est ] && extra=$(((ran_secs - ran_est) / ran_n))
		fmt_secs "$est" est_text
		fmt_secs $((left + extra * (total_steps - n + 1))) eta_text
		echo "[$n/$total_steps] $id (~$est_text, ETA $eta_text left)" >&2
		run_t0=$SECONDS
		row_env
		iso_now started
		status=failed
		if ! declare -F "prepare_$kind" >/dev/null || "prepare_$kind"; then
			case $kind in purge) run_purge ;; pc) run_power_cut ;; *) run_job ;; esac
		fi
		[ -n "$stop_signal" ] && status=interrupted
		iso_now finished
		record_run "$status" "$finished"
		stop_now
		ran_n=$((ran_n + 1)) ran_est=$((ran_est + est)) ran_secs=$((ran_secs + SECONDS - run_t0))
		if [ "$status" != "done" ]; then
			failed=1
			if [ "$kind" = purge ]; then
				skip_drive[$drive]=1
				echo "ssdnvme-suite: purge of $dev failed: nothing more runs on $drive" >&2
			fi
			continue
		fi
		! declare -F "take_$kind" >/dev/null || "take_$kind" 1
	done
}
