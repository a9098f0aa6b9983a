#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-engine-limits.sh): issue 12 items 4-11.
# Off-grid I/O fio generates itself, Write Zeroes limits and zeroing on the
# fallback, trimwrite ordering, one alignment rule for every direction,
# fill_device, transfer limits (MDTS, max_hw_sectors_kb, max_segments), and
# last, hipri with data-less commands (refused before the run, so it ends).
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
eng="--ioengine=external:$ENGINE"
ssd() { timeout "${T:-120}" "$BASH" -c "$(declare -f fio_cmd); fio_cmd --verify_state_save=0 $eng \"\$@\"" ssd "$@"; }
zero_back() { dd if="$1" iflag=direct bs=1M count="$2" status=none | cmp -n $(($2 * 1048576)) - /dev/zero; }

# Item 4: offsets off the LBA grid that fio generates itself.
grid="/dev/ng0n3 has 4096-byte LBAs: offset=[0-9]+ is not a multiple of 4096"
check_fails "rw=write:512 on the 4 KiB namespace fails its first off-grid I/O" "$grid" \
	ssd --name=g --filename=/dev/ng0n3 --rw=write:512 --bs=4k --size=1M
check_fails "zonemode=strided with a 6k zone range fails off-grid I/O" "$grid" \
	ssd --name=g --filename=/dev/ng0n3 --rw=write --bs=4k --zonemode=strided --zonesize=4k \
	--zonerange=6k --size=1M
check_fails "offset=10% --offset_align=1000 fails off-grid I/O" "$grid" \
	ssd --name=g --filename=/dev/ng0n3 --rw=read --bs=4k --size=1M --offset=10% --offset_align=1000
check "offset=10% with the default alignment runs" \
	ssd --name=g --filename=/dev/ng0n3 --rw=read --bs=4k --size=1M --offset=10%

# Item 5: Write Zeroes within the 16-bit NLB, and it really zeroes.
check_fails "write_zeroes=1 bs=48m (98304 LBAs) is refused naming the NLB limit" \
	"bs \(write\)=50331648 is more than one Write Zeroes command can zero on /dev/ng0n1: 33554432 bytes \(65536 LBAs of 512, the 16-bit NLB field\)" \
	ssd --name=z --filename=/dev/ng0n1 --rw=write --bs=48m --size=48m --write_zeroes=1
ssd --name=p --filename=/dev/ng0n1 --rw=write --bs=1m --size=32m --buffer_pattern=0x5a >/dev/null 2>&1
check "write_zeroes=1 bs=32m (65536 LBAs, the limit) runs" \
	ssd --name=z --filename=/dev/ng0n1 --rw=write --bs=32m --size=32m --write_zeroes=1
check "... and all 32 MiB read back as zeroes" zero_back /dev/nvme0n1 32

# Item 6: write_zeroes on the block-device fallback zeroes (BLKZEROOUT).
ssd --name=p --filename=/dev/nvme0n5 --rw=write --bs=64k --size=1m --buffer_pattern=0x5a >/dev/null 2>&1
check "write_zeroes=1 on /dev/nvme0n5 (block fallback) runs" \
	ssd --name=z --filename=/dev/nvme0n5 --rw=write --bs=64k --size=1m --write_zeroes=1 --buffer_pattern=0x5a
check "... and the 1 MiB reads back as zeroes, not the buffer" zero_back /dev/nvme0n5 1

# Item 7: trimwrite at iodepth 16, verified, four times.
pass=0
for _ in 1 2 3 4; do
	ssd --name=tw --filename=/dev/ng0n2 --rw=trimwrite --bs=4k --size=4m --iodepth=16 \
		--verify=crc32c --do_verify=1 >/tmp/tw.out 2>&1 && pass=$((pass + 1))
done
if [ $pass -eq 4 ]; then ok "trimwrite iodepth=16 verify passes 4 of 4"; else
	not_ok "trimwrite iodepth=16 verify passes $pass of 4"
	tail -5 /tmp/tw.out | sed 's/^/# /'
fi

# Item 8: one alignment rule for every direction.
for bs in 512 2k 6k; do
	check_fails "sequential rw=trim bs=$bs on the 4 KiB namespace is refused" \
		"/dev/ng0n3 has 4096-byte LBAs: bs \(trim\)=[0-9]+ is not a multiple of 4096" \
		ssd --name=t --filename=/dev/ng0n3 --rw=trim --bs=$bs --size=1M
done
check "randrw with bs=4k,4k,512 (trim size unused) runs on the 4 KiB namespace" \
	ssd --name=t --filename=/dev/ng0n3 --rw=randrw --bs=4k,4k,512 --size=1M

# Item 9: fill_device=1, sized by the namespace's capacity.
ssd --name=fill --filename=/dev/ng0n6 --rw=write --bs=256k --fill_device=1 --output-format=json \
	--output=/tmp/fill.json >/tmp/fill.out 2>&1
rc=$?
if [ $rc -eq 0 ] && [ "$(jq '.jobs[0].write.io_bytes' /tmp/fill.json)" = 67108864 ]; then
	ok "fill_device=1 runs and writes the whole 64 MiB namespace"
else
	not_ok "fill_device=1: exit $rc, io_bytes $(jq '.jobs[0].write.io_bytes' /tmp/fill.json 2>/dev/null)"
	tail -5 /tmp/fill.out | sed 's/^/# /'
fi

# Item 11: transfer limits read at setup.  The emulated controller's MDTS and
# max_hw_sectors_kb are 512 KiB, max_segments 127: a 512 KiB page-aligned
# buffer can need 128 segments (always with fixedbufs, whose pages are not
# merged), so the largest safe size is 127 pages = 508 KiB.
limit="bs \(write\)=[0-9]+ is more than one command can carry on /dev/ng0n3: 520192 bytes, set by the queue's max_segments \(127\)"
check_fails "bs=1m is refused before any I/O naming the limit" "$limit" \
	ssd --name=x --filename=/dev/ng0n3 --rw=write --bs=1m --size=8M
check_fails "bs=512k is refused (128 pages > max_segments 127)" "$limit" \
	ssd --name=x --filename=/dev/ng0n3 --rw=write --bs=512k --size=8M --fixedbufs
for ns in 1 3; do
	for fb in "" --fixedbufs; do
		fails=0
		for bs in 4k 64k 128k 256k 384k 508k; do
			for _ in 1 2; do
				ssd --name=x --filename=/dev/ng0n$ns --rw=write --bs=$bs --size=8M --iodepth=4 \
					$fb >/tmp/x.out 2>&1 || { fails=$((fails + 1)); tail -3 /tmp/x.out | sed 's/^/# /'; }
			done
		done
		if [ $fails -eq 0 ]; then ok "ng0n$ns ${fb:-no fixedbufs}: every bs 4k..508k works (2 runs each)"; else
			not_ok "ng0n$ns ${fb:-no fixedbufs}: $fails failed runs"
		fi
	done
done

# Item 10, last (a hang would end the guest at --timeout): hipri with
# data-less commands is refused before the run, and fio exits.
T=60
check_fails "hipri on passthrough is refused on 6.1, naming the fixed version" \
	"hipri: polled NVMe passthrough on /dev/ng0n4 needs Linux 6.5 or newer.*9408d8a37e6c.*upstream 6\.1\.[0-9]+.*detached, the controller reset or the namespace formatted.*hipri_unsafe_kernel=1" \
	ssd --name=h --filename=/dev/ng0n4 --rw=randread --bs=4k --size=1M --hipri
ssd --name=h --filename=/dev/ng0n4 --rw=randread --bs=4k --size=1M --hipri --hipri_unsafe_kernel=1 >/tmp/unsafe.out 2>&1
check "hipri randread runs with hipri_unsafe_kernel=1 (polled data commands)" test $? = 0
# issue 36 row 4: the override names what hangs the kernel besides kill -9
check "... and says what it risks: kill -9, detach, reset and format during the run" \
	grep -Eq '^ssdnvme: hipri_unsafe_kernel=1: polling /dev/ng0n4 on .*kill -9.*namespace is detached, the controller reset or the namespace formatted during the run, fault in bio_poll' /tmp/unsafe.out
check_fails "hipri with trim_percentage is refused even with the override" \
	"hipri: /dev/ng0n4 with trim_percentage/trim_backlog: fio ends such a job with commands in flight" \
	ssd --name=h --filename=/dev/ng0n4 --rw=write --bs=4k --size=1M --hipri --hipri_unsafe_kernel=1 \
	--trim_percentage=50 --trim_backlog=8 --verify=crc32c
check_fails "hipri with fsync=1 on the block fallback is refused (io_uring gives EINVAL)" \
	"hipri: /dev/nvme0n4 is a block device, and io_uring fails fsync on a polled ring" \
	ssd --name=h --filename=/dev/nvme0n4 --rw=write --bs=4k --size=1M --hipri --fsync=1
check_fails "hipri with fsync=1 is refused with the reason" \
	"hipri: /dev/ng0n4 would send Flush, .*fsync.*bio_poll" \
	ssd --name=h --filename=/dev/ng0n4 --rw=write --bs=4k --size=1M --hipri --fsync=1
check_fails "hipri with write_zeroes=1 is refused" "hipri: .*write_zeroes=1: Write Zeroes" \
	ssd --name=h --filename=/dev/ng0n4 --rw=write --bs=4k --size=1M --hipri --write_zeroes=1
check_fails "hipri with trim is refused" "hipri: .*trim: Dataset Management" \
	ssd --name=h --filename=/dev/ng0n4 --rw=trim --bs=4k --size=1M --hipri
check_fails "hipri with end_fsync=1 is refused" "hipri: .*Flush" \
	ssd --name=h --filename=/dev/ng0n4 --rw=write --bs=4k --size=1M --hipri --end_fsync=1
tap_done
