# shellcheck shell=bash
# Stopping jobs/ssdnvme-suite on SIGINT/SIGTERM, and running its children so
# that a signal reaches them (run_child).  The runner declares stop_signal
# and child_pid and calls install_traps before the first run.
# The runner's shared state (declared once there; sourced once).
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

# SIGINT (Ctrl-C: the whole foreground process group gets it, fio too) and
# SIGTERM stop the suite: the trap only notes the signal and passes SIGTERM
# on to the running child (fio then ends its jobs and writes what it has);
# the step in progress is recorded "interrupted", the runner says how to
# resume and exits 128 + the signal's number.  Children run in the
# background and are waited for (run_child): bash runs a trap only between
# commands, and a foreground fio would delay it until fio ended on its own.
on_signal() {
	[ -n "$stop_signal" ] || stop_signal=$1
	[ -n "$child_pid" ] && stop_child
}
# stop_child: SIGTERM to the running child and to its own children (fio
# may be run through a wrapper script, which would not pass it on), and
# SIGKILL 15 s later to those still there: a child that ignores SIGTERM
# (fio's client while a silent server keeps it waiting) would otherwise
# hold run_child's wait for ever.
stop_child() {
	local kids
	# remembered: a wrapper can end before the fio it started has stopped
	kids=$(pgrep -P "$child_pid" 2>/dev/null | tr '\n' ' ')
	stop_pids+=" $kids"
	pkill -TERM -P "$child_pid" 2>/dev/null
	kill -TERM "$child_pid" 2>/dev/null
	[ -n "$killer_pid" ] && return 0
	# shellcheck disable=SC2086 # the pids, one word each
	after 15 kill -KILL $kids "$child_pid"
	killer_pid=$REPLY
}

# after SECS CMD...: CMD run SECS seconds from now, in the background (its
# pid in REPLY), unless cancel_after stops it first.  The timer ends quietly
# on SIGTERM (bash would report a background job killed by a signal as
# "Terminated") and takes its sleep with it.
after() {
	local secs=$1
	shift
	(
		trap 'kill "$sleeper" 2>/dev/null; exit 0' TERM
		sleep "$secs" &
		sleeper=$!
		wait "$sleeper" && "$@" 2>/dev/null
	) &
	REPLY=$!
}

# cancel_after PID: the timer PID (after) stopped, if still waiting.
cancel_after() {
	kill "$1" 2>/dev/null
	wait "$1" 2>/dev/null
}

# killer_stop: stop_child's SIGKILL not needed (the child ended).
killer_stop() {
	[ -n "$killer_pid" ] || return 0
	cancel_after "$killer_pid"
	killer_pid=""
}

# wait_stopped: until the children stop_child signalled have ended (killed
# 15 s after SIGTERM), so that the suite never exits with fio still running.
wait_stopped() {
	local p t0=$SECONDS
	for p in $stop_pids; do
		while kill -0 "$p" 2>/dev/null; do
			[ $((SECONDS - t0)) -ge 15 ] && kill -KILL "$p" 2>/dev/null
			sleep 0.1
		done
	done
	stop_pids=""
}
# The EXIT trap writes a run's end the manifest holds back for the next
# write (jobs/lib/manifest.sh), however the runner ends.
install_traps() {
	trap 'on_signal INT' INT
	trap 'on_signal TERM' TERM
	trap on_deadline USR1 # a --hosts run's deadline (fleet-deadline.sh)
	trap 'manifest_flush "$manifest"' EXIT
}

# run_child CMD...: runs CMD, waits for it even through a signal (a child
# that has not ended 15 s after SIGTERM is killed), returns its status.
run_child() {
	local rc t0
	"$@" &
	child_pid=$!
	[ -z "$stop_signal" ] || stop_child
	# (bash would report a child killed by a signal as "Killed" here, into
	# the run's fio messages: stop_child's SIGKILL is said by its caller)
	wait "$child_pid" 2>/dev/null
	rc=$?
	t0=$SECONDS
	while kill -0 "$child_pid" 2>/dev/null; do
		# wait was cut short by a trapped signal: the child is stopping.
		if [ $((SECONDS - t0)) -ge 15 ]; then
			pkill -KILL -P "$child_pid" 2>/dev/null
			kill -KILL "$child_pid" 2>/dev/null
		fi
		wait "$child_pid" 2>/dev/null
		rc=$?
	done
	wait_stopped
	killer_stop
	child_pid=""
	return $rc
}

# stop_now: when a signal came, ends the suite (the current run was
# recorded by the caller).
stop_now() {
	[ -n "$stop_signal" ] || return 0
	local code=130
	[ "$stop_signal" = TERM ] && code=143
	echo "ssdnvme-suite: stopped by SIG$stop_signal${id:+ during $id (recorded as interrupted)}." >&2
	echo "ssdnvme-suite: to continue: $(resume_hint)" >&2
	exit $code
}

# resume_hint: the command that continues this suite.
resume_hint() {
	local c h=""
	for c in "${confirm[@]}"; do h+=" --yes-destroy $(printf '%q' "$c")"; done
	echo "$0 --resume --results $(printf '%q' "$results")$h"
}
