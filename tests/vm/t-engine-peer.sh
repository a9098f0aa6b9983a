#!/usr/bin/env bash
# ssdnvme against fio's io_uring_cmd engine in the test bed: same data on
# disk, every I/O done; speed is bench/engine-vs-peer.sh's question.  The
# printed figures are kept in $BUILD/test-logs/.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm_relay "vs io_uring_cmd" "$tmp/out" --timeout 400 -- tests/vm/guest/engine-peer.sh
mkdir -p "$BUILD/test-logs" && cp "$tmp/out/peer.json" "$BUILD/test-logs/engine-peer.json" 2>/dev/null
tap_done
