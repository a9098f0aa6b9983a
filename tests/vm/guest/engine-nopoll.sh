#!/usr/bin/env bash
# Runs inside a test bed booted with the nvme driver's poll_queues=0
# (tests/vm/t-engine-badinput.sh): hipri must be refused, not silently
# measure interrupt-driven I/O.
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
check "the driver really has no poll queues here" grep -qx 0 /sys/block/nvme0n1/queue/io_poll
check_fails "hipri without poll queues is refused, saying why" \
	"hipri: /dev/ng0n1 has no poll queues \(/sys/block/nvme0n1/queue/io_poll is 0\).*poll_queues" \
	timeout 60 "$BASH" -c "$(declare -f fio_cmd); fio_cmd --name=p --ioengine=external:$ENGINE --filename=/dev/ng0n1 --hipri --rw=read --bs=4k --size=1M"
check "without hipri the same job runs" \
	fio_cmd --name=p --ioengine=external:"$ENGINE" --filename=/dev/ng0n1 --rw=read --bs=4k --size=1M
tap_done
