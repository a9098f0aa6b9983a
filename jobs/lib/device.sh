# shellcheck shell=bash
# The id_* variables are this file's output (read by the other files).
# shellcheck disable=SC2034
# Device identity and the write confirmation of jobs/ssdnvme-suite, from
# sysfs alone (no nvme-cli needed): sourced by the runner.
#
# A device is what its device number says, never what its path is called: a
# symlink or a second node made with mknod reaches the same namespace as
# /dev/ng0n1 does.  So every lookup goes from the node's major:minor to
# /sys/dev/{char,block}/MAJ:MIN and from there to the kernel's own names.
# The runner's shared state (declared once there; sourced once).
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

# read_attr FILE: prints the first line of a sysfs attribute; fails when it
# cannot be read (a builtin read: no process, which the emulated test bed
# makes costly).
read_attr() {
	local v
	{ IFS= read -r v || [ -n "$v" ]; } <"$1" 2>/dev/null || return 1
	printf '%s\n' "$v"
}

# dev_number PATH: "MAJ:MIN" (decimal) of the device node PATH (symlinks
# followed); fails for anything else.
dev_number() {
	local hex
	hex=$(stat -L -c '%t %T' -- "$1" 2>/dev/null) || return 1
	local maj min
	read -r maj min <<<"$hex"
	echo "$((16#$maj)):$((16#$min))"
}

# dev_identity PATH: sets, for a local device or file,
#   id_kind   file, nvme-char (an NVMe generic node /dev/ngXnY) or block
#   id_model id_serial id_fw   from the controller (subsystem) in sysfs
#   id_nsid id_lba id_cap      the namespace's id, LBA size, capacity in bytes
#   id_ctrl   the controller to send admin commands to (nvme0)
#   id_sys    the namespace's (or block device's) sysfs directory
#   id_parent the directory holding the controller's namespaces (the NVMe
#             subsystem with native multipath, else the controller)
#   id_node   the kernel's own node for PATH (/dev/ng0n1, /dev/nvme0n1, ...)
dev_identity() {
	local p=$1 num sys blk
	id_kind="" id_model="" id_serial="" id_fw="" id_nsid="" id_lba="" id_cap="" id_ctrl=""
	id_sys="" id_parent="" id_node=""
	if [ -f "$p" ]; then
		# A regular file where devices live was made by mistake (e.g. by a
		# write to a device node that did not exist): never a target.
		if [[ $(readlink -f -- "$p") == /dev/* ]]; then
			echo "ssdnvme-suite: $p is a regular file under /dev, not a device node: refusing it (the device it is named after is not there)" >&2
			return 1
		fi
		id_kind=file id_cap=$(stat -L -c %s -- "$p")
		return 0
	fi
	if [ ! -e "$p" ]; then
		if [[ $(readlink -m -- "$p") == /dev/* ]]; then
			echo "ssdnvme-suite: $p does not exist: no such device on this host (is the drive attached and its driver loaded? 'nvme list' shows the NVMe namespaces)" >&2
		else
			echo "ssdnvme-suite: $p does not exist (to test on a new file, --grow-file with --region SIZE has the suite create it)" >&2
		fi
		return 1
	fi
	num=$(dev_number "$p") || num=""
	if [ -c "$p" ] && [ -n "$num" ]; then
		sys=$(readlink -f "/sys/dev/char/$num")
		if [[ $(readlink -f "$sys/subsystem") != */nvme-generic || ! ${sys##*/} =~ ^ng([0-9]+)n([0-9]+)$ ]]; then
			echo "ssdnvme-suite: $p (character device $num, ${sys##*/}) is not an NVMe namespace's generic node (/dev/ngXnY)" >&2
			return 1
		fi
		id_kind=nvme-char id_node=/dev/${sys##*/}
		# The generic node and the namespace's disk are siblings with the
		# same instance numbers: ngXnY and nvmeXnY.
		blk=${sys%/*}/nvme${BASH_REMATCH[1]}n${BASH_REMATCH[2]}
		[ -f "$blk/nsid" ] || { echo "ssdnvme-suite: $p: no namespace disk $blk in sysfs" >&2; return 1; }
		sys=$blk
	elif [ -b "$p" ] && [ -n "$num" ]; then
		id_kind=block
		sys=$(readlink -f "/sys/dev/block/$num")
		id_node=/dev/${sys##*/}
	else
		echo "ssdnvme-suite: $p is neither a block device, an NVMe generic char device nor a regular file" >&2
		return 1
	fi
	[ -d "$sys" ] || { echo "ssdnvme-suite: no sysfs entry for $p ($num)" >&2; return 1; }
	id_sys=$sys
	id_lba=$(read_attr "$sys/queue/logical_block_size" || read_attr "$sys/../queue/logical_block_size")
	id_cap=$(($(read_attr "$sys/size") * 512))
	# A partition's namespace is its parent disk.
	[ -f "$sys/partition" ] && sys=${sys%/*}
	id_nsid=$(read_attr "$sys/nsid" || true)
	id_parent=$(readlink -f "$sys/device" 2>/dev/null || true)
	if [ -r "$sys/device/model" ]; then
		id_model=$(sed 's/[[:space:]]*$//' "$sys/device/model")
		id_serial=$(sed 's/[[:space:]]*$//' "$sys/device/serial" 2>/dev/null || true)
		id_fw=$(sed 's/[[:space:]]*$//' "$sys/device/firmware_rev" 2>/dev/null || true)
		# The controller: with native multipath "device" is the subsystem;
		# its first controller is the one to send admin commands to.
		id_ctrl=$id_parent
		if [[ ${id_ctrl##*/} == nvme-subsys* ]]; then
			for c in "$id_ctrl"/nvme[0-9]*; do
				[ -e "$c" ] && id_ctrl=$c && break
			done
		fi
		id_ctrl=${id_ctrl##*/}
	fi
	[ -n "$id_nsid" ] || id_parent=""
	return 0
}

# ctrl_namespaces PARENT NSID...: for each NSID, "NSID SYSFS_DIR" of the
# namespace with that id under PARENT (dev_identity's id_parent); fails
# naming the first one that does not exist.
ctrl_namespaces() {
	local parent=$1 want d v
	declare -A dir_of=()
	shift
	for d in "$parent"/nvme*n*; do
		[[ ${d##*/} =~ ^nvme[0-9]+n[0-9]+$ ]] || continue
		{ read -r v || [ -n "$v" ]; } <"$d/nsid" 2>/dev/null && dir_of[$v]=$d
	done
	for want in "$@"; do
		if [ -z "${dir_of[$want]:-}" ]; then
			echo "ssdnvme-suite: the controller ${parent##*/} has no namespace $want" >&2
			return 1
		fi
		echo "$want ${dir_of[$want]}"
	done
}

# generic_node NS_SYSFS_DIR: the /dev/ngXnY node of that namespace, checked
# by device number against sysfs.
generic_node() {
	local d=$1 ng want
	ng=ng${d##*/nvme}
	want=$(read_attr "${d%/*}/$ng/dev") || { echo "ssdnvme-suite: no generic node $ng for ${d##*/}" >&2; return 1; }
	if [ "$(dev_number "/dev/$ng")" != "$want" ] || [ ! -c "/dev/$ng" ]; then
		echo "ssdnvme-suite: /dev/$ng is not the generic node of ${d##*/} (device $want)" >&2
		return 1
	fi
	echo "/dev/$ng"
}

# confirmed PATH HOST: one of the --yes-destroy values (the array
# "confirm") names this device's serial or MODEL/SERIAL (as dev_identity
# read them, or the preflight on a remote host: remote.sh), or, for a device
# without a serial, its path; on a remote host HOST:PATH also.
confirmed() {
	local p=$1 host=$2 c
	for c in "${confirm[@]}"; do
		if [ -n "$host" ] && [ "$c" = "$host:$p" ]; then
			return 0
		elif [ -n "$id_serial" ]; then
			[ "$c" = "$id_serial" ] || [ "$c" = "$id_model/$id_serial" ] && return 0
		elif [ -z "$host" ]; then
			[ "$c" = "$p" ] && return 0
		fi
	done
	return 1
}
