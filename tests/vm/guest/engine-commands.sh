#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-engine-commands.sh): fio 3.41's
# io_uring_cmd command options through the engine, against the emulated
# controller's own answers: write_mode= (Write Uncorrectable, Write Zeroes
# with DEAC, Verify), verify_mode=compare, num_range trims, the engine's
# write_mode=copy (NVMe Copy; ng0n6 has MSSRL 16, ng0n7 metadata), and each
# refusal where the controller (its ONCS) or the target cannot take the command.
# shellcheck disable=SC2086  # $eng is an option list, split on purpose
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
eng="--ioengine=external:$ENGINE"
ssd() { timeout 120 "$BASH" -c "$(declare -f fio_cmd); fio_cmd --verify_state_save=0 $eng \"\$@\"" ssd "$@"; }
oncs=$(nvme id-ctrl /dev/nvme0 -o json | jq .oncs)
md5() { dd if="$1" bs=1M count="$2" iflag=direct status=none | md5sum | cut -d' ' -f1; }
zero1m=$(head -c 1M /dev/zero | md5sum | cut -d' ' -f1)
echo "# the controller's ONCS: $oncs"

# -- data, then Verify over it: nothing changes (the drive only checks)
check "a pattern written to ng0n1's first MiB" ssd --name=w --filename=/dev/ng0n1 --rw=write --bs=64k --size=1M \
	--buffer_pattern=0x5a
before=$(md5 /dev/nvme0n1 1)
if [ $((oncs >> 7 & 1)) = 1 ]; then
	check "write_mode=verify runs (Verify commands, ONCS bit 7 set)" \
		ssd --name=v --filename=/dev/ng0n1 --rw=write --bs=64k --size=1M --write_mode=verify
	check "... and leaves the data as it was" test "$(md5 /dev/nvme0n1 1)" = "$before"
else
	check_fails "write_mode=verify refused: no Verify in ONCS" "does not support Verify \(ONCS bit 7 clear\)" \
		ssd --name=v --filename=/dev/ng0n1 --rw=write --bs=64k --size=1M --write_mode=verify
fi

# -- Write Zeroes with DEAC zeroes the range
check "write_mode=zeroes deac=1 runs" ssd --name=z --filename=/dev/ng0n1 --rw=write --bs=64k --size=1M \
	--write_mode=zeroes --deac=1
check "... and the MiB reads back as zeroes" test "$(md5 /dev/nvme0n1 1)" = "$zero1m"

# -- Write Uncorrectable: the emulated controller's ONCS decides
if [ $((oncs >> 1 & 1)) = 1 ]; then
	check "write_mode=uncor runs" ssd --name=u --filename=/dev/ng0n2 --rw=write --bs=4k --size=64k --write_mode=uncor
	check_fails "... and its blocks then fail to read" "error" \
		ssd --name=r --filename=/dev/ng0n2 --rw=read --bs=4k --size=64k
else
	check_fails "write_mode=uncor refused before any I/O: no Write Uncorrectable in ONCS" \
		"write_mode=uncor: /dev/ng0n2's controller does not support Write Uncorrectable \(ONCS bit 1 clear\)" \
		ssd --name=u --filename=/dev/ng0n2 --rw=write --bs=4k --size=64k --write_mode=uncor
fi

# -- verify_mode=compare: the drive compares, and a changed block fails it
cmp_job=(--name=c --filename=/dev/ng0n4 --rw=write --bs=4k --size=256k --verify=pattern
	--verify_pattern=0x5aa5c33c --verify_mode=compare)
check "write + verify=pattern with verify_mode=compare passes" ssd "${cmp_job[@]}"
check "verify_only with verify_mode=compare over the same data passes" ssd "${cmp_job[@]}" --verify_only
dd if=/dev/urandom of=/dev/nvme0n4 bs=4k seek=10 count=1 oflag=direct status=none
check_fails "a block changed behind fio's back fails the Compare (verify_only), naming the drive's status" \
	"Compare Failure \(SCT 0x2, SC 0x85" ssd "${cmp_job[@]}" --verify_only
check_fails "verify_mode=compare without verify= is refused" "verify_mode=compare without verify=" \
	ssd --name=c --filename=/dev/ng0n4 --rw=read --bs=4k --size=64k --verify_mode=compare
check_fails "verify_mode=compare with verify=crc32c (a header with each write's time) is refused" \
	"verify_mode=compare needs verify=pattern" \
	ssd --name=c --filename=/dev/ng0n4 --rw=write --bs=4k --size=64k --verify=crc32c --verify_mode=compare

# -- num_range: several ranges in one Dataset Management command
check "a pattern written to ng0n5's first MiB" ssd --name=w --filename=/dev/ng0n5 --rw=write --bs=64k --size=1M \
	--buffer_pattern=0xa5
check "randtrim num_range=4 over the MiB runs" ssd --name=t --filename=/dev/ng0n5 --rw=trim --bs=4k --size=1M \
	--num_range=4
check "... and the trimmed MiB reads back as zeroes (the emulated controller's deallocated blocks)" \
	test "$(md5 /dev/nvme0n5 1)" = "$zero1m"

# -- write_mode=copy: the drive copies copy_src's region onto the job's
if [ $((oncs >> 8 & 1)) = 1 ]; then
	check "a pattern written to ng0n6's first MiB" ssd --name=w --filename=/dev/ng0n6 --rw=write --bs=64k --size=1M \
		--buffer_pattern=0x3c5a
	src_md5=$(md5 /dev/nvme0n6 1)
	check "write_mode=copy randwrite bs=8k (MSSRL's 16 LBAs) copies [0,1M) to [8M,9M)" \
		ssd --name=cp --filename=/dev/ng0n6 --rw=randwrite --bs=8k --offset=8M --size=1M \
		--write_mode=copy --copy_src=0
	check "... and [8M,9M) reads back as the source MiB, block for block" \
		test "$(dd if=/dev/nvme0n6 bs=1M skip=8 count=1 iflag=direct status=none | md5sum | cut -d' ' -f1)" = "$src_md5"
	check "... and the source MiB is unchanged" test "$(md5 /dev/nvme0n6 1)" = "$src_md5"
	check "a pattern written to ng0n3's first MiB (4 KiB LBAs)" ssd --name=w --filename=/dev/ng0n3 --rw=write \
		--bs=64k --size=1M --buffer_pattern=0xc3
	check "write_mode=copy bs=64k on the 4 KiB namespace copies [0,1M) to [2M,3M)" \
		ssd --name=cp --filename=/dev/ng0n3 --rw=write --bs=64k --offset=2M --size=1M \
		--write_mode=copy --copy_src=0
	check "... and [2M,3M) reads back as the source MiB" \
		test "$(dd if=/dev/nvme0n3 bs=1M skip=2 count=1 iflag=direct status=none | md5sum | cut -d' ' -f1)" = "$(md5 /dev/nvme0n3 1)"
	check_fails "write_mode=copy bs=16k: more than ng0n6's MSSRL" \
		"write_mode=copy: bs \(write\)=16384 is 32 LBAs, more than /dev/ng0n6's Maximum Single Source Range Length \(MSSRL\) of 16 LBAs" \
		ssd --name=x --filename=/dev/ng0n6 --rw=write --bs=16k --offset=8M --size=1M --write_mode=copy --copy_src=0
	check_fails "write_mode=copy on a namespace with metadata (ng0n7)" \
		"write_mode=copy: /dev/ng0n7 carries 8 bytes of metadata per block" \
		ssd --name=x --filename=/dev/ng0n7 --rw=write --bs=4k --offset=8M --size=1M --write_mode=copy --copy_src=0
	check_fails "write_mode=copy with a source region overlapping the job's" \
		"the source region \[524288, 1572864\) overlaps the region the job writes on /dev/ng0n6, \[0, 1048576\)" \
		ssd --name=x --filename=/dev/ng0n6 --rw=write --bs=8k --size=1M --write_mode=copy --copy_src=512k
	check_fails "write_mode=copy with a source region past the capacity" \
		"the source region \[66060288, 68157440\) runs past /dev/ng0n6's capacity of 67108864 bytes" \
		ssd --name=x --filename=/dev/ng0n6 --rw=write --bs=8k --size=2M --write_mode=copy --copy_src=63M
	check_fails "write_mode=copy with copy_src off the 4 KiB LBA grid" \
		"copy_src=512 is not on /dev/ng0n3's LBA grid of 4096 bytes" \
		ssd --name=x --filename=/dev/ng0n3 --rw=write --bs=4k --offset=2M --size=1M --write_mode=copy --copy_src=512
else
	check_fails "write_mode=copy refused: no Copy in ONCS" "does not support Copy \(ONCS bit 8 clear\)" \
		ssd --name=x --filename=/dev/ng0n6 --rw=write --bs=8k --offset=8M --size=1M --write_mode=copy --copy_src=0
fi
check_fails "write_mode=copy without copy_src=" "write_mode=copy needs copy_src=BYTES" \
	ssd --name=x --filename=/dev/ng0n6 --rw=write --bs=8k --size=1M --write_mode=copy
check_fails "copy_src= without write_mode=copy" "copy_src= without write_mode=copy: nothing reads it" \
	ssd --name=x --filename=/dev/ng0n6 --rw=write --bs=8k --size=1M --copy_src=8M
check_fails "write_mode=copy with verify=" "write_mode=copy with verify: Copy stores a copy of copy_src's blocks" \
	ssd --name=x --filename=/dev/ng0n6 --rw=write --bs=8k --size=1M --write_mode=copy --copy_src=8M --verify=crc32c
check_fails "write_mode=copy with data placement" "write_mode=copy with data placement" \
	ssd --name=x --filename=/dev/ng0n6 --rw=write --bs=8k --size=1M --write_mode=copy --copy_src=8M \
	--dataplacement=fdp
check_fails "write_mode=copy on the block device (fallback)" \
	"write_mode=copy: /dev/nvme0n6 is a block, reached through plain io_uring" \
	ssd --name=x --filename=/dev/nvme0n6 --rw=write --bs=8k --size=1M --write_mode=copy --copy_src=8M

# -- refusals that depend on the job, not the controller
check_fails "write_zeroes=1 with write_mode=verify" "write_zeroes=1 and write_mode=verify ask for two different" \
	ssd --name=x --filename=/dev/ng0n1 --rw=write --bs=4k --size=64k --write_zeroes=1 --write_mode=verify
check_fails "write_mode=verify with verify=" "write_mode=verify with verify: Verify stores what was there before" \
	ssd --name=x --filename=/dev/ng0n1 --rw=write --bs=4k --size=64k --write_mode=verify --verify=crc32c
check_fails "write_mode=verify on the block device (fallback)" \
	"write_mode=verify: /dev/nvme0n1 is a block, reached through plain io_uring" \
	ssd --name=x --filename=/dev/nvme0n1 --rw=write --bs=4k --size=64k --write_mode=verify
check_fails "verify_mode=compare on the block device (fallback)" "verify_mode=compare: /dev/nvme0n1 is a block" \
	ssd --name=x --filename=/dev/nvme0n1 --rw=write --bs=4k --size=64k --verify=pattern --verify_mode=compare
check_fails "write_mode=zeroes bs beyond 65536 LBAs" \
	"write_mode=zeroes: bs \(write\)=67108864 is more than one Write Zeroes command can zero on /dev/ng0n1: 33554432 bytes" \
	ssd --name=x --filename=/dev/ng0n1 --rw=write --bs=64m --size=64m --write_mode=zeroes
check_fails "dataplacement=streams refused: the emulated controller's Directives lack Streams (Directive Receive)" \
	"dataplacement=streams: /dev/ng0n1: the controller supports Directives but not the Streams directive" \
	ssd --name=x --filename=/dev/ng0n1 --rw=write --bs=4k --size=64k --dataplacement=streams --plids=1
check_fails "cmd_type takes only nvme" "cmd_type" \
	ssd --name=x --filename=/dev/ng0n1 --rw=read --bs=4k --size=64k --cmd_type=other
tap_done
