#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-testbed.sh boots it): the baseline that
# every later engine test is compared with, using fio's own io_uring_cmd engine
# against the real Linux NVMe driver.  Prints TAP lines.
. "$(dirname "$0")/../../lib.sh"

peer=(--ioengine=io_uring_cmd --cmd_type=nvme --output-format=json)

# shellcheck disable=SC2012  # counts nodes whose names are fixed
ns_count=$(ls /dev/ng0n* | wc -l)
# shellcheck disable=SC2015  # ok only prints
[ "$ns_count" -eq 6 ] && ok "six generic namespaces /dev/ng0n1..6" || not_ok "found $ns_count generic namespaces, wanted 6"
check "nvme list names six namespaces of controller deadbeef" \
	bash -c '[ "$(nvme list | grep -c "deadbeef .*QEMU NVMe Ctrl")" -eq 6 ]'
check "namespace 3 has 4096-byte LBAs, namespace 1 512" \
	bash -c '[ "$(cat /sys/block/nvme0n3/queue/logical_block_size)" = 4096 ] &&
		[ "$(cat /sys/block/nvme0n1/queue/logical_block_size)" = 512 ]'

# Clock readings must not trap into QEMU (the emulated HPET did, which
# distorted every latency): the guest times with the TSC.
check "the guest kernel times with the TSC (tsc=reliable), not an emulated timer" \
	grep -qx tsc /sys/devices/system/clocksource/clocksource0/current_clocksource

# verify=crc32c write-then-read through passthrough on a 512 B and a 4 KiB namespace.
for ns in 1:4k 3:4k 3:16k; do
	n=${ns%%:*} bs=${ns#*:}
	check "io_uring_cmd verify=crc32c bs=$bs on ng0n$n" \
		fio_cmd --name="verify-ns$n" "${peer[@]}" --filename="/dev/ng0n$n" --rw=randwrite --bs="$bs" \
		--size=8M --iodepth=8 --verify=crc32c --do_verify=1 --verify_fatal=1 \
		--output="$OUT/verify-ns$n-$bs.json"
done

# The six-namespace job: three writers, three readers, all at once (1 s:
# what is checked is that all six ran and did I/O, not how much).
six=(--group_reporting=0 "${peer[@]}" --bs=4k --iodepth=4 --time_based --runtime=1 --size=16M)
for n in 1 2 3; do six+=(--name="nn-write-ns$n" --filename="/dev/ng0n$n" --rw=randwrite); done
for n in 4 5 6; do six+=(--name="nn-read-ns$n" --filename="/dev/ng0n$n" --rw=randread); done
check "six-namespace job (3 writers, 3 readers) completes" fio_cmd "${six[@]}" --output="$OUT/six.json"
check "six-namespace job reports six jobs that all did I/O" \
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
jobs = d["jobs"]
assert len(jobs) == 6, len(jobs)
for j in jobs:
    ios = j["read"]["total_ios"] + j["write"]["total_ios"]
    assert ios > 0 and j["error"] == 0, (j["jobname"], ios, j["error"])
' "$OUT/six.json"

# The peer does not check bs against the LBA format: the device refuses it.
check_fails "io_uring_cmd bs=512 on the 4 KiB namespace fails with an error" \
	'err=|error' fio_cmd --name=bad-bs "${peer[@]}" --filename=/dev/ng0n3 --rw=randread --bs=512 --size=1M
tap_done
