# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read,
# and reads the row's own (id, dev, rel, kind, out...: steps.sh's load_row).
# shellcheck disable=SC2034,SC2154
# A --hosts run host by host (docs/fleet.md "When a host is lost"): which
# hosts of a run came back complete and which were lost (fio's client
# output lacks the host: it died or went silent past fio's client timeout;
# or its job ended with an error: its device failed or disappeared); a run
# that lost some hosts and kept the others is "partial", its lost hosts
# recorded (hosts_lost) and its survivors' output kept as it is; --resume
# reruns such a run on each lost host alone, into an output of its own
# beside the first (STEP.resume-HOST.json), recorded as a run of its own
# (resume_of, host), never overwriting the survivors' output.
# The runner's shared state (declared once there; sourced once).
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

# host_key HOST: HOST as fio's client output names it, "NAME,PORT" (fio's
# port 8765 when none is given; an ip:/ip6: prefix dropped), as fiorank's
# fr_host_key.
host_key() {
	local h=${1#ip:}
	h=${h#ip6:}
	[[ $h == *,* ]] || h+=,8765
	REPLY=$h
}

# host_file_name HOST: HOST in a file name (what is not a letter, digit,
# dot or dash becomes "_"): localhost,22853 -> localhost_22853.
host_file_name() {
	REPLY=${1//[^A-Za-z0-9.-]/_}
}

# fio_said HOST FILE...: fio's first message about HOST's server in FILEs
# (the output's "<NAME> ..." lines and the client's own), for the reason.
fio_said() {
	local h=$1 name
	shift
	host_key "$h"
	name=$(jq -r '.host // empty' <<<"${pf_system[$h]:-null}" 2>/dev/null)
	grep -hE "${name:+^<$name> .*(error|fail|No such|removed)|}client:? .*${REPLY%,*}.*(disconnect|timed? ?out)|timeout on cmd" "$@" 2>/dev/null |
		head -n 1 | sed 's/^<[^>]*> //'
}

# fleet_outcome OUT ERRFILE HOST...: one line per HOST, "HOST<TAB>done" or
# "HOST<TAB>lost<TAB>WHY", from fio's client output OUT (its last JSON
# document) and fio's messages (OUT's text lines, ERRFILE).  A host is done
# when fio's output holds its result with I/O and no job error.  One jq and
# one awk for every host (hundreds of hosts: no process per host), fio's
# messages searched for the lost ones only.
fleet_outcome() {
	local out=$1 errf=$2 h state why said keys="" i=0 hs
	shift 2
	hs=("$@")
	for h in "$@"; do
		host_key "$h"
		keys+="$REPLY "
	done
	# key, error, job name, I/Os: one line per client job, then each host's state
	while IFS=$'\t' read -r state why; do
		h=${hs[i]}
		i=$((i + 1))
		if [ "$state" = "done" ]; then
			printf '%s\tdone\n' "$h"
			continue
		fi
		said=$(fio_said "$h" "$out" "$errf")
		said=${said#fio: }
		[ "$why" != none ] || why="fio's output holds no result of it"
		[ "${why#its job}" = "$why" ] || why+=" on $dev"
		printf '%s\tlost\t%s%s\n' "$h" "$why" "${said:+; fio said: $said}"
	done <<<"$(sed -n '/^{/,$p' "$out" 2>/dev/null | jq -rs 'last | .client_stats[]? |
		select(.jobname != "All clients") |
		"\(.hostname),\(.port)\t\(.error // 0)\t\(.jobname)\t\([.read, .write, .trim | .total_ios? // 0] | add)"' 2>/dev/null |
		awk -F'\t' -v keys="$keys" '
			$2 != 0 && !($1 in err) { err[$1] = "its job \047" $3 "\047 ended with error " $2 }
			$4 > 0 { io[$1] = 1 }
			END {
				n = split(keys, k, " ")
				for (i = 1; i <= n; i++)
					print (k[i] in err) ? "lost\t" err[k[i]] : (k[i] in io) ? "done\t" : "lost\tnone"
			}')"
}

# fleet_judge: after a --hosts run of the row (run_hosts: the hosts it went
# to): every lost host named; with some lost and some complete, the run is
# partial (status, run_extra's hosts_lost) and true; false otherwise (the
# usual verdict then applies: done, or failed).
fleet_judge() {
	local h state why lost="[]" nlost=0 ndone=0 rf
	while IFS=$'\t' read -r h state why; do
		[ -n "$h" ] || continue
		if [ "$state" = "done" ]; then
			ndone=$((ndone + 1))
			continue
		fi
		nlost=$((nlost + 1))
		echo "ssdnvme-suite: $id: host $h lost: $why" >&2
		lost=$(jq -c --arg h "$h" --arg w "$why" '. + [{host: $h, why: $w}]' <<<"$lost")
		host_lost_said+="  $id: $h ($why)"$'\n'
	done <<<"$(fleet_outcome "$out" "$errf" "${run_hosts[@]}")"
	[ "$nlost" -gt 0 ] && [ "$ndone" -gt 0 ] || return 1
	rf=${out#"$results"/}
	echo "ssdnvme-suite: $id: the other $ndone host(s) ran it together and completely: their results are kept in $rf (--resume reruns it on the lost host(s) alone)" >&2
	status=partial
	run_extra=", \"hosts_lost\": $lost"
	return 0
}

# resume_hosts_of ID: the hosts lost in the partial run ID that have no
# done rerun alone yet, into resume_hosts (from the manifest).
resume_hosts_of() {
	local h rid
	resume_hosts=()
	while IFS= read -r h; do
		[ -n "$h" ] || continue
		host_file_name "$h"
		rid=$1.resume-$REPLY
		if [ "${prev_status[$rid]:-}" = "done" ] && result_valid "$results/$rel.resume-$REPLY.json"; then
			continue
		fi
		resume_hosts+=("$h")
	done <<<"$(manifest_run_lost "$manifest" "$1")"
}

# clients_iops FILE: "READ WRITE" IOPS of fio's client output FILE, summed
# over its servers' jobs that ended without an error (a partial run's
# lost host is left out: fiorank --iops refuses the file for its error).
clients_iops() {
	sed -n '/^{/,$p' "$1" 2>/dev/null | jq -rs 'last | [.client_stats[]? |
		select(.jobname != "All clients" and (.error // 0) == 0)] |
		if length == 0 then empty else "\(map(.read.iops // 0) | add) \(map(.write.iops // 0) | add)" end' 2>/dev/null
}

# resumed_iops: the row's IOPS over every host into run_iops (the
# survivors' output and each lost host's rerun alone, summed; fails when
# one has none), for take_*: a curve's peak is every host's, as for a run
# on all of them at once.
resumed_iops() {
	local f r w sr=0 sw=0 hs files=("$out")
	while IFS= read -r hs; do
		[ -n "$hs" ] || continue
		host_file_name "$hs"
		files+=("$results/$rel.resume-$REPLY.json")
	done <<<"$(manifest_run_lost "$manifest" "$id")"
	run_iops=""
	for f in "${files[@]}"; do
		read -r r w <<<"$(clients_iops "$f")"
		[ -n "$w" ] || return 1
		sr=$(awk -v a="$sr" -v b="$r" 'BEGIN { printf "%.3f", a + b }')
		sw=$(awk -v a="$sw" -v b="$w" 'BEGIN { printf "%.3f", a + b }')
	done
	run_iops="$sr $sw"
}

# resume_partial N: the row (a partial run) rerun on each of resume_hosts
# alone, each into STEP.resume-HOST.json, recorded as a run of its own
# (resume_of: the row's id; host); the row's own record and output are not
# touched.  Once every lost host has its rerun, the row's take_* has the
# IOPS of all hosts (resumed_iops).
resume_partial() {
	local n=$1 h main=$id main_out=$out all=1 finished
	if declare -F "prepare_$kind" >/dev/null && ! "prepare_$kind"; then
		failed=1
		return
	fi
	for h in "${resume_hosts[@]}"; do
		[ -z "$stop_signal$host_silent_said" ] || break
		host_file_name "$h"
		id=$main.resume-$REPLY out=$results/$rel.resume-$REPLY.json errf=$results/$rel.resume-$REPLY.stderr
		echo "[$n/$total_steps] $main: rerun on $h alone (lost there before)" >&2
		run_hosts=("$h")
		printf '%s\n' "$h" >"$results/.hosts-resume.list"
		clients_file=$results/.hosts-resume.list
		json_str "$main"
		run_extra=", \"resume_of\": $REPLY"
		json_str "$h"
		run_extra+=", \"host\": $REPLY"
		iso_now started
		status=failed
		run_job
		[ -n "$stop_signal" ] && status=interrupted
		iso_now finished
		record_run "$status" "$finished"
		[ "$status" = "done" ] || all=0
		stop_now
	done
	rm -f "$results/.hosts-resume.list"
	id=$main out=$main_out errf=$results/$rel.stderr clients_file=$hosts_file run_hosts=("${hosts[@]}") run_extra=""
	if [ "$all" = 0 ] || [ -n "$stop_signal" ]; then
		failed=1
		return
	fi
	if resumed_iops && declare -F "take_$kind" >/dev/null; then "take_$kind" 0; fi
}
