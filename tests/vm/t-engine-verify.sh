#!/usr/bin/env bash
# ssdnvme's data path in the test bed: verify on 512 B and 4 KiB namespaces,
# every option, identity, namespaces=, trim, write zeroes, flush, fallback;
# then a second boot with metadata-carrying LBA formats (with a fio that has
# io_uring_cmd PI, fio 3.39: about 400 s of guest time under load).
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm_relay "engine" "$tmp/out" --timeout 600 -- tests/vm/guest/engine-verify.sh
# metadata formats: see tests/vm/guest/engine-metadata.sh
PI_NS=7x16M,1:ms=8,1:pi=1,2:ms=8,2:mset=1,2:pi=1,3:4k,3:ms=8,3:pi=3,3:pil=1,4:ms=16,4:pi=1,4:pif=2,5:ms=8,6:ms8x,7:ms=8,7:pi=2
vm_relay "metadata" "$tmp/out2" --timeout 900 --ns "$PI_NS" -- tests/vm/guest/engine-metadata.sh
tap_done
