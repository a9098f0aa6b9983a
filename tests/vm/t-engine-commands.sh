#!/usr/bin/env bash
# fio 3.41's io_uring_cmd command options through ssdnvme in the test bed
# (write_mode=, verify_mode=compare, num_range, deac) and their refusals.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm_relay "commands" "$tmp/out" --timeout 400 -- tests/vm/guest/engine-commands.sh
tap_done
