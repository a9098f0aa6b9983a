#!/usr/bin/env bash
# ssdnvme's data path in the test bed: verify on 512 B and 4 KiB namespaces,
# every option, identity, namespaces=, trim, write zeroes, flush, fallback;
# then a second boot with metadata-carrying LBA formats.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm_relay "engine" "$tmp/out" --timeout 600 -- tests/vm/guest/engine-verify.sh
vm_relay "metadata" "$tmp/out2" --timeout 200 --ns 2x64M,1:ms8x,2:ms8 -- tests/vm/guest/engine-metadata.sh
tap_done
