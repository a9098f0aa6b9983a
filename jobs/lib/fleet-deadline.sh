# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read,
# and reads the row's own (id, est, run_hosts: steps.sh's load_row).
# shellcheck disable=SC2034,SC2154
# A --hosts run's deadline (docs/fleet.md "A host that falls silent"): fio's
# client waits for a server that stays silent without limit while that
# server's job has not started (it asks only running jobs for their status,
# so its own 5 s command timeout never applies), and it ignores SIGINT and
# SIGTERM while it waits (it asks the silent server to quit, and waits for
# that too).  So the runner keeps its own clock: a run still going
# --host-deadline seconds past its planned time is stopped (SIGTERM, SIGKILL
# 15 s later); the hosts fio's client still had a connection to are named
# silent, the run is failed (fio writes every host's result only at its end,
# so the others' are lost with it) and the suite stops there, for --resume.
# The runner's shared state (declared once there; sourced once).
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

# deadline_secs EST KIND: how long a --hosts run of KIND planned to take
# EST seconds may run before the runner stops it, into REPLY (empty: none).
# The default (auto) allows a timed run three times the plan or ten minutes
# more, whichever is longer (a fleet's start-up, many jobs on emulated
# guests, takes minutes).  A run that writes a set amount (a fill, PTS's
# WIPC, an endurance step, a power-cut clear) has no deadline by default:
# its plan assumes a speed (2 GB/s; 10 minutes when the remote drive's
# capacity is not known here), and a slower drive is not a silent host.
deadline_secs() {
	local e=$1
	case $host_deadline:$2 in
	off:*) REPLY="" ;;
	auto:fill | auto:wipc | auto:ei | auto:pcclear) REPLY="" ;;
	auto:*) REPLY=$((3 * e > e + 600 ? 3 * e : e + 600)) ;;
	*) REPLY=$((e + host_deadline)) ;;
	esac
}

# deadline_start: the watchdog of the run about to start (with --hosts and a
# deadline): SIGUSR1 to the runner when the time is up.
deadline_start() {
	deadline_hit="" silent_hosts=() deadline_pid=""
	[ -n "$clients_file" ] || return 0
	deadline_secs "$est" "$kind"
	[ -n "$REPLY" ] || return 0
	deadline_after=$REPLY
	after "$REPLY" kill -USR1 "$$"
	deadline_pid=$REPLY
}

# deadline_stop: the watchdog gone, the run having ended.
deadline_stop() {
	[ -n "$deadline_pid" ] || return 0
	cancel_after "$deadline_pid"
	deadline_pid=""
}

# on_deadline: the run's time is up: the hosts fio's client still waits
# for are noted (silent_hosts_of), and fio's client stopped (run_child
# kills it 15 s after SIGTERM: a silent server keeps it from ending).
on_deadline() {
	[ -n "$child_pid" ] && [ -n "$deadline_pid" ] || return 0
	deadline_hit=$deadline_after
	silent_hosts_of "$child_pid"
	stop_child
}

# host_addrs HOST: HOST's addresses as ss prints a peer ("A:PORT",
# "[A6]:PORT"), one a line: an address as given, a name as resolved here.
host_addrs() {
	local name port a
	host_key "$1"
	name=${REPLY%,*} port=${REPLY##*,}
	if [[ $name =~ ^[0-9.]+$ || $name == *:* ]]; then
		a=$name
	else
		a=$(getent ahosts "$name" 2>/dev/null | awk '{ print $1 }' | sort -u)
	fi
	awk -v p="$port" 'NF { print (index($1, ":") ? "[" $1 "]" : $1) ":" p }' <<<"$a"
}

# silent_hosts_of PID: the hosts of run_hosts that fio's client PID still
# has an open connection to, into silent_hosts (fio's client closes a
# host's connection when its job has ended or the host is lost).
silent_hosts_of() {
	local peers h a
	peers=$(ss -Htnp state established 2>/dev/null | awk -v p="pid=$1," 'index($0, p) { print $4 }')
	silent_hosts=()
	for h in "${run_hosts[@]}"; do
		while IFS= read -r a; do
			if [ -n "$a" ] && grep -qxF -- "$a" <<<"$peers"; then
				silent_hosts+=("$h")
				break
			fi
		done <<<"$(host_addrs "$h")"
	done
}

# deadline_judge: after a run stopped at its deadline: each silent host
# named, the run's record given them (hosts_silent), status failed.
deadline_judge() {
	local h list="" said
	for h in "${silent_hosts[@]}"; do
		json_str "$h"
		list+="${list:+, }$REPLY"
	done
	said=${silent_hosts[*]:-"(which one could not be told: no open connection of fio's client was found)"}
	echo "ssdnvme-suite: $id: stopped $deadline_hit s after its start ($est s planned, --host-deadline):" \
		"fio's client was still waiting for host(s) $said to end their job (silent, or slower than planned);" \
		"fio writes every host's result only at its end, so no result of this run is kept" >&2
	host_silent_said+="  $id: ${said}"$'\n'
	run_extra=", \"hosts_silent\": [$list], \"stopped_after_s\": $deadline_hit"
	status=failed
}
