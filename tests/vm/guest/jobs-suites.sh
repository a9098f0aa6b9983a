#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-suites.sh boots it): the suite
# runner's refusals, then every suite in short mode against the emulated
# namespaces, results in $OUT for the host side to check.  Prints TAP lines
# for what only the guest can see.
cd "$(dirname "$0")/../../.." || exit 1
n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $*"; }
# refused DESC PATTERN CMD...: CMD exits 2 and says PATTERN.
refused() {
	local desc=$1 pat=$2 out rc
	shift 2
	out=$("$@" 2>&1)
	rc=$?
	if [ $rc = 2 ] && grep -Eq -- "$pat" <<<"$out"; then ok "$desc"; else
		not_ok "$desc (exit $rc)"
		printf '%s\n' "$out" | sed 's/^/# /' | tail -n 5
	fi
}
# Arguments: the engine to use and whether it is the sanitizer build, as
# the host test runs (fio then preloads the ASan runtime, tests/lib.sh).
export ENGINE=${1:-$PWD/build/ssdnvme.so} SANITIZE=${2:-}
printf '#!/usr/bin/env bash\n. "%s/tests/lib.sh"\nfio_cmd "$@"\n' "$PWD" >/tmp/fio
chmod +x /tmp/fio
S() { jobs/ssdnvme-suite --fio /tmp/fio --engine-so "$ENGINE" "$@"; }

refused "writing without confirmation is refused, naming model and serial" \
	'refusing to write to /dev/ng0n1 \(QEMU NVMe Ctrl, serial deadbeef, firmware [^)]+\).*--yes-destroy deadbeef' \
	S --suite profiles --short --profiles 4k-randwrite --results /tmp/r1 /dev/ng0n1
refused "a wrong serial is refused" 'refusing to write' \
	S --suite profiles --short --profiles 4k-randwrite --yes-destroy cafe --results /tmp/r1 /dev/ng0n1
if [ ! -e /tmp/r1 ]; then ok "the refused runs wrote nothing"; else not_ok "the refused runs left /tmp/r1"; fi
if modprobe ext4 && /usr/sbin/mkfs.ext4 -q -F /dev/nvme0n5 && mkdir -p /tmp/mnt && mount /dev/nvme0n5 /tmp/mnt; then
	refused "a mounted namespace is refused even when confirmed" 'is mounted' \
		S --suite profiles --short --profiles 4k-randwrite --yes-destroy deadbeef --results /tmp/r2 /dev/ng0n5
	umount /tmp/mnt
else
	not_ok "cannot mount an ext4 file system on /dev/nvme0n5 to test the mounted check"
fi

# Every suite, short, through ssdnvme (noisy neighbor also through
# io_uring_cmd).  Stdout (fio's ETA lines, fiorank's report) to a log.
# 4k-randwrite: one direction; sql: a mix (both directions capped).  The
# emulated device writes about 25 MB/s, hence the low write-pressure steps.
# The curve steps keep 2 s + 1 s of ramp: their rates are checked against
# the targets.  Preconditioning is checked for the fill's bytes only: its
# timed phases run 1 s.
S --suite all --short --profiles 4k-randwrite,sql --steps 10,20 \
	--runtime 2 --ramp 1 --precond-time 1 --wp-mbps 5:15:10 --yes-destroy deadbeef --results "$OUT/all" /dev/ng0n1 \
	>"$OUT/all.log" 2>&1
echo "all-rc=$?" >"$OUT/all.rc"

# fio's own engine on the 4096-byte namespace; plain io_uring on a block
# device (identity from the block device's sysfs).  Only their identity and
# status are checked: 1 s runs without ramp.
S --suite profiles --engine io_uring_cmd --short --profiles 4k-randread --steps 50 --runtime 1 --ramp 0 \
	--results "$OUT/peer" /dev/ng0n3 >"$OUT/peer.log" 2>&1
echo "peer-rc=$?" >"$OUT/peer.rc"
S --suite profiles --engine io_uring --short --profiles 64k-seqread --steps 50 --runtime 1 --ramp 0 \
	--results "$OUT/block" /dev/nvme0n2 >"$OUT/block.log" 2>&1
echo "block-rc=$?" >"$OUT/block.rc"

# Purge (nvme format, user-data erase) then steady-state preconditioning.
# A marker past the 25 % test region must be gone after the format.
printf 'ssdnvme-marker' | dd of=/dev/nvme0n4 bs=512 seek=120000 conv=notrunc,fsync status=none
S --suite precondition --precondition steady-state --purge format --engine io_uring_cmd --short \
	--ss-round-time 1 --ss-max-rounds 5 --yes-destroy 'QEMU NVMe Ctrl/deadbeef' --results "$OUT/ss" /dev/ng0n4 \
	>"$OUT/ss.log" 2>&1
echo "ss-rc=$?" >"$OUT/ss.rc"
if dd if=/dev/nvme0n4 bs=512 skip=120000 count=1 status=none | grep -q ssdnvme-marker; then
	not_ok "the purge erased the namespace (the marker is still there)"
else
	ok "the purge erased the namespace (the marker is gone)"
fi
# SPRandom preconditioning (fio 3.41's sprandom=1): one capacity of random
# writes; refused before anything is written with a fio older than 3.41.
printf '#!/bin/sh\necho fio-3.33\n' >/tmp/fio-old && chmod +x /tmp/fio-old
refused "--precondition sprandom with fio 3.33 is refused, naming the version" \
	'--precondition sprandom needs fio 3.41 or newer \(sprandom=1\); /tmp/fio-old is fio-3.33' \
	jobs/ssdnvme-suite --fio /tmp/fio-old --engine-so "$ENGINE" --suite precondition --precondition sprandom \
	--short --yes-destroy 'QEMU NVMe Ctrl/deadbeef' --results /tmp/spr-old /dev/ng0n5
S --suite precondition --precondition sprandom --short --yes-destroy 'QEMU NVMe Ctrl/deadbeef' \
	--results "$OUT/spr" /dev/ng0n5 >"$OUT/spr.log" 2>&1
echo "spr-rc=$?" >"$OUT/spr.rc"
echo "1..$n"
