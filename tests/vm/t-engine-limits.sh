#!/usr/bin/env bash
# ssdnvme issue 12 items 4-11 in the test bed (one boot): off-grid I/O, Write
# Zeroes limits and zeroing, trimwrite order, alignment per direction,
# fill_device, transfer limits, hipri with data-less commands.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm_relay "limits" "$tmp/out" --timeout 500 -- tests/vm/guest/engine-limits.sh
tap_done
