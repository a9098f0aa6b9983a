#!/usr/bin/env bash
# ssdnvme issue 12 items 4-9 in the test bed (one boot): off-grid I/O, Write
# Zeroes limits and zeroing, trimwrite order, alignment per direction,
# fill_device.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm_relay "limits" "$tmp/out" --timeout 500 -- tests/vm/guest/engine-limits.sh
tap_done
