#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-engine-commands.sh): fio 3.41's
# io_uring_cmd command options through the engine, against the emulated
# controller's own answers: write_mode= (Write Uncorrectable, Write Zeroes
# with DEAC, Verify), verify_mode=compare, num_range trims, and each refusal
# where the controller (its ONCS) or the target cannot take the command.
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
