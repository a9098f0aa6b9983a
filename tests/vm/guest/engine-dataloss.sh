#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-engine-dataloss.sh): a write job must
# never reach a namespace whose data is in use, whatever path names it
# (symlink, a second node made with mknod, namespaces=, the block device, a
# partition), and the results file must never replace a device or a data
# file.  Each refusal exits non-zero naming the mount/swap/holder; afterwards
# the file systems' markers read back and fsck finds them clean.
# shellcheck disable=SC2086  # $wr (like $eng) is an option list, split on purpose
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
eng="--ioengine=external:$ENGINE"
ssd() { timeout 120 "$BASH" -c "$(declare -f fio_cmd); fio_cmd --verify_state_save=0 $eng \"\$@\"" ssd "$@"; }
wr="--rw=write --bs=4k --size=1M"
majmin() { printf '%d %d' "0x$(stat -c %t "$1")" "0x$(stat -c %T "$1")"; }
modprobe ext4 2>/dev/null

# ext4 on the whole of namespace 2, a marker file on it.
mkdir -p /tmp/mnt /tmp/mnt4
if ! { mkfs.ext4 -q -F /dev/nvme0n2 && mount /dev/nvme0n2 /tmp/mnt; } >/tmp/mkfs.out 2>&1; then
	not_ok "mkfs.ext4 + mount of /dev/nvme0n2"
	sed 's/^/# /' /tmp/mkfs.out
	tap_done
	exit
fi
echo precious >/tmp/mnt/marker && sync
mounted="/dev/nvme0n2 \(259:[0-9]+\) is mounted on /tmp/mnt; set allow_mounted_write=1"

# A block device whose path is literally in the mount table: fio 3.33's own
# check (by path, before any engine code) may catch it first; it aborts before
# any I/O but exits 0, a fio bug the engine cannot reach.  Either refusal must
# appear; the fsck at the end shows nothing was written.
fio_or_engine_refuses() {
	local desc=$1 pattern=$2 dev=$3 out
	out=$(ssd --name=w --filename="$dev" $wr 2>&1)
	if grep -Eq -- "$pattern|fio: $dev appears mounted, and 'allow_mounted_write' isn't set" <<<"$out"; then
		ok "$desc"
	else
		not_ok "$desc"
		# shellcheck disable=SC2001  # prefixes every line of a multi-line string
		sed 's/^/# /' <<<"$out" | tail -5
	fi
}

ln -s /dev/ng0n2 /tmp/x
ln -s /dev/nvme0n2 /tmp/xb
# shellcheck disable=SC2046
mknod /tmp/nod c $(majmin /dev/ng0n2)
# shellcheck disable=SC2046
mknod /tmp/nodb b $(majmin /dev/nvme0n2)
ln -s /dev/nvme0 /tmp/ctrl
ln -s /dev/ng0n1 /tmp/ns1

check_fails "write on /dev/ng0n2 itself is refused" "$mounted" ssd --name=w --filename=/dev/ng0n2 $wr
check_fails "write through a symlink to /dev/ng0n2 is refused" \
	"refusing to write to /tmp/x: its block device /dev/nvme0n2 is in use: $mounted" \
	ssd --name=w --filename=/tmp/x $wr
check_fails "write through a mknod'ed node (same major:minor) is refused" "/tmp/nod: .*$mounted" \
	ssd --name=w --filename=/tmp/nod $wr
check_fails "trim through the mknod'ed node is refused" "/tmp/nod: .*$mounted" \
	ssd --name=w --filename=/tmp/nod --rw=trim --bs=4k --size=1M
check_fails "namespaces=1-2 on /dev/nvme0 is refused" "/dev/ng0n2: .*$mounted" \
	ssd --name=w --filename=/dev/nvme0 --namespaces=1-2 $wr
check_fails "namespaces=2 through a symlink to the controller is refused" "/dev/ng0n2: .*$mounted" \
	ssd --name=w --filename=/tmp/ctrl --namespaces=2 $wr
check_fails "namespaces=2 through a symlink to namespace 1 is refused" "/dev/ng0n2: .*$mounted" \
	ssd --name=w --filename=/tmp/ns1 --namespaces=2 $wr
fio_or_engine_refuses "block-device fallback on /dev/nvme0n2 is refused" "/dev/nvme0n2: .*$mounted" \
	/dev/nvme0n2
check_fails "block-device fallback through a symlink is refused" "/tmp/xb: .*$mounted" \
	ssd --name=w --filename=/tmp/xb $wr
check_fails "block-device fallback through a mknod'ed block node is refused" "/tmp/nodb: .*$mounted" \
	ssd --name=w --filename=/tmp/nodb $wr
check "reading through the symlink is allowed" ssd --name=r --filename=/tmp/x --rw=read --bs=4k --size=1M

# Item 2: a file named like a namespace is not one.
mkdir -p /tmp/imgs && : >/tmp/imgs/nvme0n1.img
check_fails "filename=/tmp/imgs/nvme0n1.img with namespaces=1 is refused (controller from the device)" \
	"/tmp/imgs/nvme0n1.img is not one" \
	ssd --name=w --filename=/tmp/imgs/nvme0n1.img --namespaces=1 $wr

# Item 3: results never replace a device node or a data file.
check_fails "ssdnvme_results=/dev/ng0n6 is refused" "ssdnvme_results=/dev/ng0n6 is a character device" \
	ssd --name=w --filename=/dev/ng0n1 $wr --ssdnvme_results=/dev/ng0n6
check "/dev/ng0n6 is still the namespace's device node" test -c /dev/ng0n6
check_fails "ssdnvme_results= on the job's data device (symlink) is refused" "ssdnvme_results=/tmp/ns1 is a symlink to a character device" \
	ssd --name=w --filename=/dev/ng0n1 $wr --ssdnvme_results=/tmp/ns1

# A partition of namespace 4 mounted; the other partition is free to use.
if printf 'label: dos\n,16M,L\n,,L\n' | sfdisk -q /dev/nvme0n4 >/tmp/sfdisk.out 2>&1 &&
	udevadm settle 2>/dev/null; sleep 0.5; [ -b /dev/nvme0n4p1 ] &&
	mkfs.ext4 -q -F /dev/nvme0n4p1 >/tmp/mkfs4.out 2>&1 && mount /dev/nvme0n4p1 /tmp/mnt4; then
	echo precious4 >/tmp/mnt4/marker && sync
	p1="/dev/nvme0n4p1 \(259:[0-9]+\) is mounted on /tmp/mnt4"
	check_fails "write on /dev/ng0n4 (its partition 1 mounted) is refused" "/dev/ng0n4: .*$p1" \
		ssd --name=w --filename=/dev/ng0n4 $wr
	check_fails "block fallback on /dev/nvme0n4 is refused" "/dev/nvme0n4: .*$p1" \
		ssd --name=w --filename=/dev/nvme0n4 $wr
	fio_or_engine_refuses "block fallback on the mounted partition /dev/nvme0n4p1 is refused" \
		"refusing to write to /dev/nvme0n4p1: its block device /dev/nvme0n4p1 is in use: $p1" \
		/dev/nvme0n4p1
	ln -s /dev/nvme0n4p1 /tmp/p1
	check_fails "... and through a symlink to it (exit non-zero, naming the mount)" \
		"refusing to write to /tmp/p1: its block device /dev/nvme0n4p1 is in use: $p1" \
		ssd --name=w --filename=/tmp/p1 $wr
	check "block fallback on the unmounted partition /dev/nvme0n4p2 is allowed" \
		ssd --name=w --filename=/dev/nvme0n4p2 $wr
else
	not_ok "could not partition /dev/nvme0n4 and mount its first partition"
	sed 's/^/# /' /tmp/sfdisk.out /tmp/mkfs4.out 2>/dev/null
fi

# An active swap area on namespace 5.
if mkswap /dev/nvme0n5 >/tmp/mkswap.out 2>&1 && swapon /dev/nvme0n5 >>/tmp/mkswap.out 2>&1; then
	ln -s /dev/ng0n5 /tmp/sw
	check_fails "write to a namespace that is active swap is refused (through a symlink)" \
		"/tmp/sw: its block device /dev/nvme0n5 is in use: /dev/nvme0n5 is an active swap area" \
		ssd --name=w --filename=/tmp/sw $wr
	swapoff /dev/nvme0n5
else
	not_ok "mkswap + swapon /dev/nvme0n5"
	sed 's/^/# /' /tmp/mkswap.out
fi

# A device-mapper target on namespace 6 (sysfs holders/).
modprobe dm-mod 2>/dev/null
if command -v dmsetup >/dev/null && dmsetup create ssdlin --table "0 2048 linear /dev/nvme0n6 0" >/tmp/dm.out 2>&1; then
	check_fails "write to a namespace held by device-mapper is refused" \
		"/dev/ng0n6: its block device /dev/nvme0n6 is in use: /dev/nvme0n6 is held by dm-[0-9]+ \(device-mapper ssdlin\)" \
		ssd --name=w --filename=/dev/ng0n6 $wr
	dmsetup remove ssdlin
else
	skip "device-mapper not available in the guest ($(head -c 200 /tmp/dm.out 2>/dev/null))"
fi

# Nothing reached the file systems.
check "the marker on ns2 reads back" grep -qx precious /tmp/mnt/marker
umount /tmp/mnt
check "fsck.ext4 -fn of /dev/nvme0n2 is clean" fsck.ext4 -fn /dev/nvme0n2
if mountpoint -q /tmp/mnt4; then
	umount /tmp/mnt4
	check "fsck.ext4 -fn of /dev/nvme0n4p1 is clean" fsck.ext4 -fn /dev/nvme0n4p1
	mount -o ro /dev/nvme0n4p1 /tmp/mnt4 && check "the marker on ns4p1 reads back" grep -qx precious4 /tmp/mnt4/marker
	umount /tmp/mnt4
fi
mount -o ro /dev/nvme0n2 /tmp/mnt && check "the marker on ns2 reads back after a fresh mount" grep -qx precious /tmp/mnt/marker
umount /tmp/mnt
tap_done
