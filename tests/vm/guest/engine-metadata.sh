#!/usr/bin/env bash
# Runs inside a test bed whose namespace 1 has 8 bytes of interleaved
# metadata per 512-byte LBA and namespace 2 8 bytes of separate metadata
# (tests/vm/t-engine-verify.sh boots it with --ns 2x64M,1:ms8x,2:ms8).
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
ssd() { fio_cmd --verify_state_save=0 --ioengine=external:"$ENGINE" "$@"; }
ssd --name=x --filename=/dev/ng0n1 --rw=read --bs=4160 --size=4160 --ssdnvme_results=/tmp/x.json >/dev/null 2>&1
nsze=$(nvme id-ns /dev/ng0n1 -o json | jq .nsze)
check "identity: 512-byte LBAs, 8 bytes of interleaved metadata" \
	jq -e --argjson n "$nsze" '.files[0] | .lba_size == 512 and .metadata_size == 8 and .metadata_extended == true and
		.capacity_lbas == $n and .capacity_bytes == $n * 520' /tmp/x.json
check "interleaved metadata: randwrite of 8-LBA (4160-byte) blocks verifies" \
	ssd --name=x --filename=/dev/ng0n1 --rw=randwrite --bs=4160 --size=4160k --iodepth=8 --verify=crc32c
check_fails "interleaved metadata: bs=4k is refused, naming the 520-byte unit" \
	"/dev/ng0n1 has 512-byte LBAs with 8 bytes of interleaved metadata \(520 bytes each\): bs \(write\)=4096 is not a multiple of 520" \
	ssd --name=x --filename=/dev/ng0n1 --rw=write --bs=4k --size=4M
check "separate metadata: randwrite 4k verifies (data only)" \
	ssd --name=y --filename=/dev/ng0n2 --rw=randwrite --bs=4k --size=4M --iodepth=8 --verify=crc32c
tap_done
