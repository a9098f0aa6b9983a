# shellcheck shell=bash
# The id_* variables are this file's output; "confirm" is the runner's.
# shellcheck disable=SC2034,SC2154
# Device identity and the write confirmation of jobs/ssdnvme-suite, from
# sysfs alone (no nvme-cli needed): sourced by the runner.

# dev_identity PATH: sets id_kind id_model id_serial id_fw id_nsid id_lba
# id_cap id_ctrl for a local device or file, from sysfs (no tools needed).
dev_identity() {
	local p=$1 blk="" sys
	id_kind="" id_model="" id_serial="" id_fw="" id_nsid="" id_lba="" id_cap="" id_ctrl=""
	if [ -f "$p" ]; then
		id_kind=file id_cap=$(stat -c %s "$p")
		return 0
	fi
	if [ -c "$p" ] && [[ $(basename "$p") =~ ^ng([0-9]+)n([0-9]+)$ ]]; then
		id_kind=nvme-char
		blk=nvme${BASH_REMATCH[1]}n${BASH_REMATCH[2]}
	elif [ -b "$p" ]; then
		id_kind=block
		blk=$(basename "$(readlink -f "$p")")
	elif [ -e "$p" ]; then
		echo "ssdnvme-suite: $p is neither a block device, an NVMe generic char device nor a regular file" >&2
		return 1
	else
		echo "ssdnvme-suite: $p does not exist (create a file first, e.g. truncate -s 1G $p)" >&2
		return 1
	fi
	sys=/sys/block/$blk
	[ -d "$sys" ] || { echo "ssdnvme-suite: no $sys for $p" >&2; return 1; }
	id_lba=$(cat "$sys/queue/logical_block_size" 2>/dev/null)
	id_cap=$(($(cat "$sys/size") * 512))
	id_nsid=$(cat "$sys/nsid" 2>/dev/null || true)
	if [ -r "$sys/device/model" ]; then
		id_model=$(sed 's/[[:space:]]*$//' "$sys/device/model")
		id_serial=$(sed 's/[[:space:]]*$//' "$sys/device/serial" 2>/dev/null || true)
		id_fw=$(sed 's/[[:space:]]*$//' "$sys/device/firmware_rev" 2>/dev/null || true)
		# The controller: with native multipath "device" is the subsystem;
		# its first controller is the one to send admin commands to.
		id_ctrl=$(readlink -f "$sys/device")
		if [[ ${id_ctrl##*/} == nvme-subsys* ]]; then
			for c in "$id_ctrl"/nvme[0-9]*; do
				[ -e "$c" ] && id_ctrl=$c && break
			done
		fi
		id_ctrl=${id_ctrl##*/}
	fi
	return 0
}

# confirmed PATH HOST: one of the --yes-destroy values (the array
# "confirm") names this device's serial or MODEL/SERIAL (as dev_identity
# read them), or, for a device without a serial, its path; on a remote host,
# HOST:PATH.
confirmed() {
	local p=$1 host=$2 c
	for c in "${confirm[@]}"; do
		if [ -n "$host" ]; then
			[ "$c" = "$host:$p" ] && return 0
		elif [ -n "$id_serial" ]; then
			[ "$c" = "$id_serial" ] || [ "$c" = "$id_model/$id_serial" ] && return 0
		else
			[ "$c" = "$p" ] && return 0
		fi
	done
	return 1
}

# mounted PATH: the namespace (or a partition of it) is mounted.
mounted() {
	local name
	name=$(basename "$(readlink -f "$1")")
	[ "$id_kind" = nvme-char ] && name=${name/ng/nvme}
	grep -Eq "^/dev/${name}(p[0-9]+)? " /proc/mounts
}

