# Helpers of tests/vm/run (sourced): the kernel, the namespace spec, the
# initramfs and the command file the guest runs.

# shellcheck shell=bash
# shellcheck disable=SC2034  # the VM_* variables are read by the scripts that source this file

# Kernel messages that mean the emulated controller misbehaved.
VM_NVME_TROUBLE='nvme.*(timeout|reset|abort)|nvme.*controller is down|I/O [0-9]+ .*QID [0-9]+ timeout'

vm_find_kernel() {
	local k v
	VM_KERNEL=""
	# shellcheck disable=SC2012  # kernel file names have no spaces
	for k in $(ls -1v /boot/vmlinuz-* 2>/dev/null | sort -rV); do
		v=${k#/boot/vmlinuz-}
		if [ -d "/lib/modules/$v/kernel/drivers/nvme" ]; then
			VM_KERNEL=$k
			VM_KVER=$v
			return 0
		fi
	done
	VM_ERROR="no Debian kernel with NVMe modules in /boot and /lib/modules (run 'make deps' to install linux-image-amd64)"
	return 1
}

vm_size_ok() { [[ $1 =~ ^[0-9]+[KMG]?$ ]]; }

# vm_parse_ns SPEC: fills VM_NS_COUNT, VM_NS_SIZE[i], VM_NS_PROPS[i] (the
# nvme-ns properties after nsid) and VM_NS_CTRL[i] (0: attached to every
# controller of the subsystem; 1 or 2: private to that controller).
vm_parse_ns() {
	local spec=$1 item n val default_size=64M i
	VM_NS_COUNT=6
	declare -gA VM_NS_SIZE=() VM_NS_PROPS=() VM_NS_CTRL=()
	local -a items
	IFS=, read -ra items <<<"$spec"
	for item in "${items[@]}"; do
		if [[ $item =~ ^([0-9]+)x([0-9]+[KMG]?)$ ]]; then
			VM_NS_COUNT=${BASH_REMATCH[1]}
			default_size=${BASH_REMATCH[2]}
		fi
	done
	if [ "$VM_NS_COUNT" -lt 1 ] || [ "$VM_NS_COUNT" -gt 16 ]; then
		VM_ERROR="namespace count $VM_NS_COUNT is outside 1..16"
		return 1
	fi
	for i in $(seq 1 "$VM_NS_COUNT"); do
		VM_NS_SIZE[$i]=$default_size
		VM_NS_PROPS[$i]=""
		VM_NS_CTRL[$i]=0
	done
	for item in "${items[@]}"; do
		[[ $item =~ ^[0-9]+x ]] && continue
		if ! [[ $item =~ ^([0-9]+):(.+)$ ]]; then
			VM_ERROR="cannot read '$item' (want COUNTxSIZE, N:4k, N:512, N:SIZE, N:ms8, N:ms8x, N:ctrl=1|2 or N:KEY=VALUE)"
			return 1
		fi
		n=${BASH_REMATCH[1]}
		val=${BASH_REMATCH[2]}
		if [ "$n" -lt 1 ] || [ "$n" -gt "$VM_NS_COUNT" ]; then
			VM_ERROR="'$item' names namespace $n, but there are $VM_NS_COUNT"
			return 1
		fi
		case $val in
		4k | 4K | 4096) VM_NS_PROPS[$n]+=",logical_block_size=4096,physical_block_size=4096" ;;
		512) VM_NS_PROPS[$n]+=",logical_block_size=512,physical_block_size=512" ;;
		ms[0-9]*x) VM_NS_PROPS[$n]+=",ms=${val:2:-1},mset=1" ;;
		ms[0-9]*) VM_NS_PROPS[$n]+=",ms=${val:2},mset=0" ;;
		ctrl=[12]) VM_NS_CTRL[$n]=${val#ctrl=} ;;
		ctrl=*)
			VM_ERROR="'$item': ctrl= takes 1 or 2"
			return 1
			;;
		# Any other nvme-ns property (pi=1, pil=1, pif=2, zoned=true,
		# fdp.ruhs=0-3 ...): QEMU itself says when it does not know one.
		[A-Za-z]*=*)
			if ! [[ $val =~ ^[A-Za-z][A-Za-z0-9_.]*=[A-Za-z0-9_.:\;-]+$ ]]; then
				VM_ERROR="'$item': a property is KEY=VALUE with letters, digits and . _ - : ; only"
				return 1
			fi
			VM_NS_PROPS[$n]+=",$val"
			;;
		*)
			if vm_size_ok "$val"; then
				VM_NS_SIZE[$n]=$val
			else
				VM_ERROR="cannot read '$item'"
				return 1
			fi
			;;
		esac
	done
}

# The modules the initramfs loads before it can mount the host's root: virtio
# and 9p.  Everything else (nvme, ext4...) the guest loads with the host's own
# modprobe once the host root is mounted: it is the same kernel's tree.
vm_module_paths() {
	local m
	for m in virtio_pci 9pnet_virtio 9p; do
		modprobe -S "$VM_KVER" --show-depends "$m" 2>/dev/null | awk '$1 == "insmod" {print $2}'
	done | awk '!seen[$0]++'
}

# Prints the path of an initramfs for $VM_KVER, building it once per content.
vm_initramfs() {
	local init=$TOP/tests/vm/guest-init busybox mods key cache dir m
	busybox=$(command -v busybox || true)
	if [ -z "$busybox" ] || ! file -L "$busybox" 2>/dev/null | grep -q 'statically linked'; then
		busybox=/bin/busybox
	fi
	[ -x "$busybox" ] || { VM_ERROR="busybox-static is not installed (run 'make deps')"; return 1; }
	mods=$(vm_module_paths)
	[ -n "$mods" ] || { VM_ERROR="modprobe found no 9p/virtio modules for $VM_KVER"; return 1; }
	key=$( (cat "$init" "$busybox"; echo "$VM_KVER $mods") | sha256sum | cut -c1-16)
	cache=$TOP/build/vm/initramfs-$VM_KVER-$key.cpio.gz
	if [ ! -s "$cache" ]; then
		mkdir -p "$TOP/build/vm"
		dir=$(mktemp -d)
		mkdir -p "$dir/bin" "$dir/modules"
		cp "$busybox" "$dir/bin/busybox"
		cp "$init" "$dir/init"
		chmod 0755 "$dir/init"
		for m in $mods; do
			cp "$m" "$dir/modules/"
			basename "$m" >>"$dir/modules/order"
		done
		# Two test beds may start at once (tests/run-all): each writes its own
		# temporary file; the rename makes whichever finishes the cache.
		(cd "$dir" && find . | cpio -o -H newc --quiet | gzip -1) >"$cache.tmp.$$"
		mv "$cache.tmp.$$" "$cache"
		rm -rf "$dir"
	fi
	echo "$cache"
}

# vm_write_command CTLDIR CWD NVME_OPTS COMMAND...: the script the guest runs.
vm_write_command() {
	local ctl=$1 cwd=$2 opts=$3
	shift 3
	{
		echo '#!/bin/bash'
		echo '# Written by tests/vm/run: the host environment, then the command.'
		export -p | grep -Ev '^declare -x (PWD|OLDPWD|SHLVL|_|HOME|TMPDIR|OUT|TERM|SHELL|MAIL|LOGNAME|USER|DISPLAY|SSH_[A-Z_]*)(=|$)'
		echo 'export HOME=/root TMPDIR=/tmp OUT=/run/vm/out TERM=dumb'
		echo "export VM_NS_COUNT=$VM_NS_COUNT"
		echo 'export VM_POWER_CUT_ARM=/run/vm/ctl/power-cut.armed'
		printf 'vm_nvme_opts=%q\n' "$opts"
		cat "$TOP/tests/vm/guest-prologue.sh"
		printf 'cd %q || exit 125\n' "$cwd"
		printf 'exec'
		printf ' %q' "$@"
		printf ' </dev/null\n'
	} >"$ctl/cmd.sh"
	[ -n "${VM_DEBUG:-}" ] && touch "$ctl/debug"
	return 0
}

# The uncompressed kernel boots through its PVH entry in about half the time
# of the bzImage (no decompression under emulation).  Debian's vmlinuz carries
# an xz payload: find its magic, unpack once, keep it only if it is an ELF with
# the PVH note (type 0x12); otherwise boot the vmlinuz as it is.
vm_fast_kernel() {
	local cache=$TOP/build/vm/vmlinux-$VM_KVER off tmp
	if [ -s "$cache" ]; then
		VM_KERNEL=$cache
		return 0
	fi
	command -v xz >/dev/null && command -v readelf >/dev/null || return 0
	off=$(grep -abo $'\xfd7zXZ' "$VM_KERNEL" 2>/dev/null | head -n 1 | cut -d: -f1)
	[ -n "$off" ] || return 0
	mkdir -p "$TOP/build/vm"
	tmp=$cache.tmp.$$
	# xz stops after its stream and tail dies of SIGPIPE: judge xz alone.
	if (set +o pipefail; tail -c +$((off + 1)) "$VM_KERNEL" 2>/dev/null |
		xz -dc --single-stream >"$tmp" 2>/dev/null) &&
		readelf -n "$tmp" 2>/dev/null | grep -q 'Unknown note type: (0x00000012)'; then
		mv "$tmp" "$cache"
		VM_KERNEL=$cache
	else
		rm -f "$tmp"
	fi
	return 0
}
