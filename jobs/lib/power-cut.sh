# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read.
# shellcheck disable=SC2034,SC2154
# The power-cut suite of jobs/ssdnvme-suite (docs/power-cut.md): its plan
# rows and the run of its cut.  Sourced by the runner after steps.sh.
#
#   <drive>/power-cut/power-cut/clear  jobs/power-cut.fio [pc-clear]: zeros
#                                      over the region, flushed (run_job)
#   <drive>/power-cut/power-cut/cut    [pc-write] in the background, the
#                                      user's --power-cut-cmd at a random
#                                      point of it, then ssdnvme-powercut
#                                      (run_power_cut)

# plan_power_cut DRIVE DEV: the two rows.  The clear's estimate: the region
# at 1 GB/s is not known here; a minute, as a purge's.
plan_power_cut() {
	local d=$1
	plan_add "$d/power-cut/power-cut/clear" power-cut power-cut clear power-cut.fio pc-clear 60 pcclear
	plan_add "$d/power-cut/power-cut/cut" power-cut power-cut cut power-cut.fio pc-write \
		$((pc_after_max / 100 + 120)) pc
}

# power_cut_args: the suite's own checks of its options (validate_args):
# the cut command is required, the delay MIN-MAX in seconds, the engine
# the ssdnvme one (its tag log is what the check reads), the devices NVMe
# namespaces (the check reads the namespace's block device).
power_cut_args() {
	local d
	has_suite power-cut || return 0
	[ -n "$power_cut_cmd" ] || die "--suite power-cut needs --power-cut-cmd CMD (the command that cuts the drive's power and restores it; docs/power-cut.md)"
	[ "$engine" = ssdnvme ] || die "--suite power-cut runs through the ssdnvme engine only (its tag log is what the check reads), not --engine $engine"
	[ -z "$hosts_arg" ] || die "--suite power-cut runs on this host's drives only, not with --hosts"
	[[ $power_cut_after =~ ^([0-9]+(\.[0-9]{1,2})?)-([0-9]+(\.[0-9]{1,2})?)$ ]] ||
		die "--power-cut-after wants MIN-MAX seconds (e.g. 5-30), got '$power_cut_after'"
	pc_after_min=$(awk -v s="${BASH_REMATCH[1]}" 'BEGIN { printf "%d", s * 100 + 0.5 }')
	pc_after_max=$(awk -v s="${BASH_REMATCH[3]}" 'BEGIN { printf "%d", s * 100 + 0.5 }')
	[ "$pc_after_max" -ge "$pc_after_min" ] || die "--power-cut-after $power_cut_after: MIN is above MAX"
	for d in "${devices[@]}"; do
		[[ ${d##*/} =~ ^(ng|nvme)[0-9]+n[0-9]+$ ]] ||
			die "--suite power-cut wants NVMe namespaces (/dev/ngXnY or /dev/nvmeXnY), not $d"
	done
	[ -x "$powercut_bin" ] || die "ssdnvme-powercut not found at $powercut_bin (run make)"
}

prepare_pcclear() {
	export SSDNVME_PC_LOG=$ident SSDNVME_PC_REGION=$region
}
prepare_pc() {
	export SSDNVME_PC_LOG=$ident SSDNVME_PC_REGION=$region SSDNVME_PC_SEED=$((RANDOM * 32768 + RANDOM + 1))
}

# pc_block_dev DEV: the namespace's block device (/dev/ngXnY -> /dev/nvmeXnY).
pc_block_dev() {
	local n=${1##*/}
	echo "/dev/nvme${n#ng}" | sed 's|/dev/nvmenvme|/dev/nvme|'
}

# pc_wait_gone PID SECS: waits for fio after the cut (its I/O fails once
# the drive is gone); kills it when it outlasts SECS.
pc_wait_gone() {
	local pid=$1 t0=$SECONDS
	while kill -0 "$pid" 2>/dev/null; do
		if [ $((SECONDS - t0)) -ge "$2" ]; then
			kill -KILL "$pid" 2>/dev/null
			break
		fi
		sleep 0.2
	done
	wait "$pid" 2>/dev/null
}

# pc_wait_first_flush PID: until the step's tag log holds a record (with
# tag_log_sync=1 it is first written at the first completed flush), fio
# PID ended, or 10 minutes passed.
pc_wait_first_flush() {
	local f t0=$SECONDS
	while kill -0 "$1" 2>/dev/null && [ $((SECONDS - t0)) -lt 600 ]; do
		for f in "${ident%/*}"/."${ident##*/}".pc-write.*.taglog.*.tmp; do
			[ -f "$f" ] && [ "$(stat -c %s "$f")" -gt 64 ] && return 0
		done
		sleep 0.1
	done
}

# run_power_cut: [pc-write] in the background, --power-cut-cmd after a
# random delay within --power-cut-after from its first flush, then, once the command returned
# (the drive is back, as its contract says) and fio ended, ssdnvme-powercut
# on the tag log and the namespace.  Its report is <step>.check.txt; the
# step is done when it passed.  Sets status.
run_power_cut() {
	local fio_pid delay blk nsid t0 rc check=$results/$rel.check.txt logs=()
	flatten_job "$JOBS/$job" "$sect" >"$flat" || return
	job_sha
	record_run running
	rm -f "$out" "$check" "$ident".pc-write.*.taglog "${ident%/*}"/."${ident##*/}".pc-write.*.taglog.*.tmp
	"$fio_bin" --output-format=json+ --output="$out" "$flat" 2>"$results/$rel.stderr" &
	fio_pid=$!
	# the delay runs from the first flush in the tag log (the file grows past
	# its 64-byte header only then), not from fio's start-up
	pc_wait_first_flush "$fio_pid"
	delay=$((pc_after_min + (RANDOM * 32768 + RANDOM) % (pc_after_max - pc_after_min + 1)))
	sleep "$((delay / 100)).$(printf '%02d' $((delay % 100)))"
	if ! kill -0 "$fio_pid" 2>/dev/null; then
		wait "$fio_pid"
		echo "ssdnvme-suite: $id: fio ended (exit $?) before the cut: lower --power-cut-after, or write a larger --region" >&2
		return
	fi
	echo "ssdnvme-suite: $id: cutting the power $((delay / 100)).$(printf '%02d' $((delay % 100))) s after the writes' first flush: $power_cut_cmd" >&2
	SSDNVME_DEV=$dev bash -c "$power_cut_cmd" >&2
	rc=$?
	pc_wait_gone "$fio_pid" 60
	[ "$rc" = 0 ] || { echo "ssdnvme-suite: $id: --power-cut-cmd exited $rc: the power may not have been cut or restored; not checked" >&2; return; }
	blk=$(pc_block_dev "$dev") nsid=${dev##*n}
	t0=$SECONDS
	until [ -b "$blk" ] || [ $((SECONDS - t0)) -ge 60 ]; do sleep 1; done
	[ -b "$blk" ] || { echo "ssdnvme-suite: $id: $blk did not come back within 60 s of the power's return" >&2; return; }
	shopt -s nullglob
	logs=("$ident".pc-write.*.taglog "${ident%/*}"/."${ident##*/}".pc-write.*.taglog.*.tmp)
	shopt -u nullglob
	[ ${#logs[@]} -gt 0 ] || { echo "ssdnvme-suite: $id: the engine left no tag log beside $ident" >&2; return; }
	"$powercut_bin" --ns "$nsid=$blk" "${logs[@]}" >"$check" 2>&1
	rc=$?
	cat "$check" >&2
	[ "$rc" = 0 ] && status="done"
	[ "$rc" = 1 ] && echo "ssdnvme-suite: $id: the drive lost or tore writes it had flushed: $check names them" >&2
}
