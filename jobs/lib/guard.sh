# shellcheck shell=bash
# What must not be written: the runner's guard against destroying a file
# system, a swap area or a device-mapper/md volume that lives on a namespace
# the plan writes to.  Sourced by jobs/ssdnvme-suite after device.sh.
#
# Everything is compared by device number: /proc/self/mountinfo gives each
# mount's major:minor (and its source, which is stat'ed too: btrfs reports an
# anonymous device number there), /proc/swaps names swap devices (stat'ed),
# and sysfs holders/ lists what is stacked on a disk or a partition.

# guard_scan: reads the mount table and the swap list once.
guard_scan() {
	declare -gA _guard_mounts=() _guard_swaps=()
	local _id _parent mm _root mp rest src num f
	while read -r _id _parent mm _root mp rest; do
		printf -v mp %b "${mp//\\/\\0}"
		_guard_mounts[$mm]+="${_guard_mounts[$mm]:+, }$mp"
		src=${rest#* - }
		src=${src#* }
		src=${src%% *}
		if [[ $src == /dev/* ]] && [ -b "$src" ] && num=$(dev_number "$src") && [ "$num" != "$mm" ]; then
			_guard_mounts[$num]+="${_guard_mounts[$num]:+, }$mp"
		fi
	done </proc/self/mountinfo
	if [ -r /proc/swaps ]; then
		while read -r f _; do
			[ "$f" = Filename ] && continue
			printf -v f %b "${f//\\/\\0}"
			[ -b "$f" ] && num=$(dev_number "$f") && _guard_swaps[$num]=$f
		done </proc/swaps
	fi
}

# guard_disk DISK_SYSFS_DIR: prints one line per reason the disk, or one of
# its partitions, must not be written ("/dev/nvme0n2 is mounted on /mnt");
# fails when there is one.  guard_scan first.
guard_disk() {
	local disk=$1 d num name h hn bad=0
	for d in "$disk" "$disk"/*/; do
		d=${d%/}
		[ "$d" = "$disk" ] || [ -f "$d/partition" ] || continue
		num=$(read_attr "$d/dev") || continue
		name=/dev/${d##*/}
		if [ -n "${_guard_mounts[$num]:-}" ]; then
			echo "$name is mounted on ${_guard_mounts[$num]}"
			bad=1
		fi
		if [ -n "${_guard_swaps[$num]:-}" ]; then
			echo "$name is in use as swap (/proc/swaps)"
			bad=1
		fi
		for h in "$d"/holders/*; do
			[ -e "$h" ] || continue
			hn=${h##*/}
			[ -r "/sys/block/$hn/dm/name" ] && hn="$hn ($(read_attr "/sys/block/$hn/dm/name"))"
			echo "$name is held by /dev/$hn (device mapper, md or another stacked device)"
			bad=1
		done
	done
	return $bad
}
