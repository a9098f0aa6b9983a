#!/usr/bin/env bash
# fio 3.41's io_uring_cmd command options through ssdnvme in the test bed
# (write_mode=, verify_mode=compare, num_range, deac), the engine's
# write_mode=copy, and their refusals.  ns6 has a Copy source range limit
# (MSSRL) of 16 LBAs; ns7 carries 8 bytes of metadata (Copy refused there).
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm_relay "commands" "$tmp/out" --timeout 400 --ns 7x64M,3:4k,6:mssrl=16,7:ms8 -- \
	tests/vm/guest/engine-commands.sh
tap_done
