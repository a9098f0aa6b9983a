#!/usr/bin/env bash
# fio's own t/nvmept.py (the pinned fio's tree: reads, writes, trims, verify
# and the engine options) through fio's io_uring_cmd and through ssdnvme in
# the test bed: ssdnvme must pass every test the peer passes
# (tests/peer/peer-check; `make peer-check FULL=1` runs every suite).
. "$(dirname "$0")/../lib.sh"
. "$TOP/tests/peer/lib-peer.sh"
peer_suite nvmept
tap_done
