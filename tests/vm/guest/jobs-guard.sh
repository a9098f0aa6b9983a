#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-guard.sh boots it): the suite
# runner must never write to a namespace that carries a mounted file system,
# active swap or a device-mapper volume, whichever suite, engine or spelling
# of the device path is used (issue 11: noisy neighbor on /dev/ng0n1
# destroyed an ext4 file system mounted from namespace 2).  Prints TAP lines.
# shellcheck source=tests/vm/guest/jobs-common.sh
. "$(dirname "$0")/jobs-common.sh"
r=0
# refused DESC CMD...: CMD exits 2, names every pattern in $want (one per
# line), says nothing was written, and leaves no results directory.  The
# refusals only read the guest's state, so they run two at a time in the
# background (the guest has two CPUs; each one is seconds of shell under
# emulation); refused_next judges the oldest, refused_all all of them, in
# the order they were started.  Call refused_all before anything that
# changes what the guard sees (swapon, dmsetup, umount) or prints a TAP line.
declare -A ref_desc=() ref_want=() ref_pid=()
ref_pending=()
refused() {
	[ ${#ref_pending[@]} -lt 2 ] || refused_next
	r=$((r + 1))
	ref_desc[$r]=$1 ref_want[$r]=$want
	shift
	"$@" --results "/tmp/res$r" >"/tmp/out$r" 2>&1 &
	ref_pid[$r]=$!
	ref_pending+=("$r")
}
refused_next() {
	local i=${ref_pending[0]} out rc pat miss=""
	ref_pending=("${ref_pending[@]:1}")
	wait "${ref_pid[$i]}"
	rc=$?
	out=$(cat "/tmp/out$i")
	while IFS= read -r pat; do
		[ -n "$pat" ] && ! grep -Fq -- "$pat" <<<"$out" && miss+=" '$pat'"
	done <<<"${ref_want[$i]}"
	grep -q 'nothing was written' <<<"$out" || miss+=" 'nothing was written'"
	[ -e "/tmp/res$i" ] && miss+=" (results directory created)"
	if [ $rc = 2 ] && [ -z "$miss" ]; then ok "${ref_desc[$i]}"; else
		not_ok "${ref_desc[$i]} (exit $rc, missing:$miss)"
		printf '%s\n' "$out" | sed 's/^/# /' | tail -n 8
	fi
}
refused_all() { while [ ${#ref_pending[@]} -gt 0 ]; do refused_next; done; }

# Namespace 6 is only ever read here (noisy neighbor reads 4-6): its
# checksum at the end says no dry run wrote to it (issue 22).
ns6_before=$(sha256sum </dev/nvme0n6)

modprobe ext4 2>/dev/null
if mkfs.ext4 -q -F /dev/nvme0n2 && mkdir -p /tmp/mnt && mount /dev/nvme0n2 /tmp/mnt &&
	echo precious >/tmp/mnt/marker && sync; then
	ok "ext4 on /dev/nvme0n2 mounted on /tmp/mnt with a marker file"
else
	not_ok "cannot set up ext4 on /dev/nvme0n2"
	echo "1..$n"
	exit 1
fi
want=$'refusing to write to\n/dev/nvme0n2 is mounted on /tmp/mnt'

# Every suite through every engine path.  Noisy neighbor (and all) on
# namespace 1, the case of the issue: its runs write namespaces 1-3.  The
# others on namespace 2 itself: as its generic node for ssdnvme and
# io_uring_cmd, as its block device for io_uring.
for suite in profiles write-pressure precondition noisy-neighbor all; do
	for engine in ssdnvme io_uring_cmd io_uring; do
		case $suite/$engine in
		noisy-neighbor/* | all/*) dev=/dev/ng0n1 ;;
		*/io_uring) dev=/dev/nvme0n2 ;;
		*) dev=/dev/ng0n2 ;;
		esac
		refused "--suite $suite --engine $engine on $dev is refused, naming /dev/nvme0n2 and /tmp/mnt" \
			S --suite "$suite" --engine "$engine" --short --yes-destroy deadbeef "$dev"
	done
done
# The dry run runs the same checks and refuses the same way.
refused "--dry-run of noisy neighbor on /dev/ng0n1 is refused the same way" \
	S --suite noisy-neighbor --short --dry-run --yes-destroy deadbeef /dev/ng0n1
# A purge formats or sanitizes the controller: namespace 2 is touched even
# when the device named is namespace 4.
refused "a purge on namespace 4 is refused while namespace 2 is mounted" \
	S --suite precondition --purge format --short --yes-destroy deadbeef /dev/ng0n4

# Other spellings of the same devices: a symlink, a second node (mknod).
ln -s /dev/ng0n1 /tmp/link-ng0n1
refused "noisy neighbor through a symlink to /dev/ng0n1 is refused" \
	S --suite noisy-neighbor --short --yes-destroy deadbeef /tmp/link-ng0n1
read -r maj min <<<"$(stat -c '%t %T' /dev/ng0n2)"
mknod /tmp/alias-ng2 c $((16#$maj)) $((16#$min))
refused "profiles through a mknod alias of /dev/ng0n2 are refused" \
	S --suite profiles --profiles 4k-randwrite --short --yes-destroy deadbeef /tmp/alias-ng2
read -r maj min <<<"$(stat -c '%t %T' /dev/nvme0n2)"
mknod /tmp/alias-nvme2 b $((16#$maj)) $((16#$min))
refused "io_uring through a mknod alias of /dev/nvme0n2 is refused" \
	S --suite write-pressure --engine io_uring --short --yes-destroy deadbeef /tmp/alias-nvme2

# Swap on namespace 5, a device-mapper volume on namespace 4: both named.
refused_all
if mkswap -q /dev/nvme0n5 >/dev/null 2>&1 && swapon /dev/nvme0n5; then
	# Namespace 5 is one noisy neighbor only reads: the refusal says so
	# (it said "the plan writes there"), namespace 2 is written.
	want=$'/dev/nvme0n2 is mounted on /tmp/mnt; the plan writes there\n/dev/nvme0n5 is in use as swap (/proc/swaps); the plan only reads there'
	refused "noisy neighbor with swap on namespace 5: both namespaces named" \
		S --suite noisy-neighbor --short --yes-destroy deadbeef /dev/ng0n1
	refused_all
	swapoff /dev/nvme0n5
else
	not_ok "cannot enable swap on /dev/nvme0n5"
fi
modprobe dm_mod 2>/dev/null
if echo "0 2048 linear /dev/nvme0n4 0" | dmsetup create guardtest 2>/dev/null; then
	want=$'/dev/nvme0n2 is mounted on /tmp/mnt\n/dev/nvme0n4 is held by /dev/dm-0 (guardtest) (device mapper, md or another stacked device); the plan only reads there'
	refused "noisy neighbor with a dm volume on namespace 4: both named" \
		S --suite all --short --profiles 4k-randread --yes-destroy deadbeef /dev/ng0n1
	refused_all
	dmsetup remove guardtest
else
	not_ok "cannot create a device-mapper volume on /dev/nvme0n4"
fi

# The file system survived all of it.
if [ "$(cat /tmp/mnt/marker)" = precious ]; then ok "the marker file reads back"; else not_ok "the marker file is gone or changed"; fi
umount /tmp/mnt
if fsck.ext4 -fn /dev/nvme0n2 >/tmp/fsck.log 2>&1; then ok "fsck.ext4 -fn /dev/nvme0n2 finds the file system clean"; else
	not_ok "fsck.ext4 -fn /dev/nvme0n2 reports damage"
	sed 's/^/# /' /tmp/fsck.log | tail -n 5
fi

# Unmounted: the two dry runs (they only read) in the background while the
# real noisy-neighbor run goes, then each judged in this order.
S --suite noisy-neighbor --short --dry-run --yes-destroy deadbeef --results /tmp/plan /dev/ng0n1 >/tmp/plan-nn.log 2>&1 &
plan_nn=$!
S --suite all --dry-run --yes-destroy deadbeef --results /tmp/plan /dev/ng0n1 >/tmp/plan-all.log 2>&1 &
plan_all=$!
# Unmounted, the same command is allowed (the guard is not a blanket
# refusal): one noisy-neighbor run through each engine.
S --suite noisy-neighbor --short --runtime 1 --ramp 0 --yes-destroy deadbeef --results /tmp/nn-ok /dev/ng0n1 >/tmp/nn-ok.log 2>&1
rc=$?
wait $plan_nn $plan_all

# Unmounted, the dry run says what would be written and read.
plan=$(cat /tmp/plan-nn.log)
if grep -q '^  WRITES (every byte on them may be lost): /dev/nvme0n1 (nsid 1, 64 MiB), /dev/nvme0n2 (nsid 2, 64 MiB), /dev/nvme0n3 (nsid 3, 64 MiB)$' <<<"$plan" &&
	grep -q '^  reads: /dev/nvme0n4 (nsid 4, 64 MiB), /dev/nvme0n5 (nsid 5, 64 MiB), /dev/nvme0n6 (nsid 6, 64 MiB)$' <<<"$plan" &&
	grep -q '^drive ng0n1: /dev/ng0n1 = /dev/ng0n1, QEMU NVMe Ctrl, serial deadbeef' <<<"$plan"; then
	ok "the dry run names the drive and the namespaces it writes (1-3) and reads (4-6)"
else
	not_ok "the dry run's drive summary"
	printf '%s\n' "$plan" | sed 's/^/# /' | head -n 8
fi
plan=$(cat /tmp/plan-all.log)
if [ "$(grep -cE '^ +[0-9]+/389 ' <<<"$plan")" = 389 ]; then
	ok "dry run of the full method on a namespace: 389 runs (fill+seq+rand, 23 profiles x 13, 85 write-pressure steps, 2 noisy-neighbor runs)"
else
	not_ok "dry run of the full method: $(grep -cE '^ +[0-9]+/389 ' <<<"$plan") runs, want 389"
fi
if [ $rc = 0 ]; then ok "unmounted, noisy neighbor on /dev/ng0n1 runs (both engines)"; else
	not_ok "unmounted, noisy neighbor on /dev/ng0n1 exited $rc"
	tail -n 8 /tmp/nn-ok.log | sed 's/^/# /'
fi

# A dry run writes nothing: every suite but noisy neighbor (whose dry runs
# on /dev/ng0n1 above cover namespace 6 too) on namespace 6, confirmed, so
# every check passes and the estimate runs; then its checksum.
for suite in profiles write-pressure precondition tq-sweep; do
	dev=/dev/ng0n6
	[ $suite = write-pressure ] && dev=/dev/nvme0n6
	if S --suite $suite --short --dry-run --yes-destroy deadbeef --results /tmp/plan-ns6 $dev >/tmp/plan-ns6.log 2>&1 &&
		grep -q '^estimated duration: .*fio on a private scratch file' /tmp/plan-ns6.log; then
		ok "dry run of $suite on $dev: planned"
	else
		not_ok "dry run of $suite on $dev"
		tail -n 5 /tmp/plan-ns6.log | sed 's/^/# /'
	fi
done
if [ "$(sha256sum </dev/nvme0n6)" = "$ns6_before" ] && [ ! -e /tmp/plan-ns6 ] && [ ! -e /tmp/plan ]; then
	ok "after the dry runs namespace 6 has its checksum, and no results directory exists"
else
	not_ok "a dry run changed namespace 6 or left a results directory"
fi
echo "1..$n"
