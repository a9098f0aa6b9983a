# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read.
# shellcheck disable=SC2034,SC2154  # id_*: dev_identity's (device.sh)
# The copy suite of jobs/ssdnvme-suite (jobs/copy.fio: the drive's Copy
# command against the host's read-then-write of the same blocks): its plan
# row and its device checks, before any I/O.  The engine refuses the same
# things when fio opens the device; the runner says them first, per device,
# in the dry run too, so that a plan never starts that cannot run.
# The runner's shared state (declared once there; sourced once).
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

# plan_copy DRIVE: the method's two phases in one fio run (the copy with its
# reader, then, stonewalled, the host's read + write with its reader):
# fiorank compares the two phases of the same run.  Step "ssdnvme": the
# method needs the ssdnvme engine (write_mode=copy is its own).
plan_copy() {
	plan_add "$1/copy/copy/ssdnvme" copy copy ssdnvme copy.fio "" $((2 * step_secs)) copy
}

# copy_nsids: the copy namespace and the reader's, as copy.fio will get them
# (the environment, else the defaults its header declares).
copy_nsids() {
	job_defaults "$JOBS/copy.fio"
	copy_ns=${SSDNVME_COPY_NS:-${_flat_defaults[SSDNVME_COPY_NS]}}
	copy_read_ns=${SSDNVME_COPY_READ_NS:-${_flat_defaults[SSDNVME_COPY_READ_NS]}}
}

# copy_supported CTRL: the controller reports Copy (ONCS bit 8 of Identify
# Controller); ctrl_has's exit status (jobs/lib/namespaces.sh).
copy_supported() { ctrl_has "$1" oncs 256; }

# copy_touched LABEL DEV: the copy suite's namespaces on the device
# dev_identity just read, added to touched_namespaces' sets (the copy
# namespace written, the reader's read), and its controller's Copy
# support; every problem is refused, naming the device.
copy_touched() {
	local label=$1 dev=$2 rc count
	copy_nsids
	# Alone, the suite touches its two namespaces only, whichever one of
	# the controller was named: the named one is not written (nor guarded)
	# unless it is the copy namespace.
	[ "$suites" != copy ] || touched_dirs=() written_dirs=() read_dirs=()
	# The larger nsid is the count a --setup-namespaces must make ([ ]'s
	# -gt: the values come from the environment, never arithmetic-evaluated).
	count=$copy_read_ns
	[ "$copy_ns" -gt "$copy_read_ns" ] 2>/dev/null && count=$copy_ns
	touch_ctrl_namespaces "$dev" "the copy suite" "$count" "$copy_ns" "$copy_read_ns" Copy || return
	[ "$setup_pending" = 1 ] && return # the namespaces do not exist yet
	check_made "the controller reports Copy (ONCS bit 8, nvme id-ctrl)"
	copy_supported "$id_ctrl"
	rc=$?
	case $rc in
	0) ;;
	1) refuse "the copy suite: the controller $id_ctrl of $dev does not support Copy (ONCS bit 8 clear in nvme id-ctrl): the method compares the drive's Copy with the host's copy, and has nothing to compare here" ;;
	*) refuse "the copy suite: cannot read Identify Controller of /dev/$id_ctrl to see whether it supports Copy (nvme-cli installed? run as root?)" ;;
	esac
}
