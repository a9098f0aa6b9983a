#!/usr/bin/env bash
# ssdnvme's bad-input table in the test bed (one boot), and hipri on a
# driver without poll queues (a second boot, poll_queues=0).
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm_relay "bad input" "$tmp/out" --timeout 400 -- tests/vm/guest/engine-badinput.sh
vm_relay "no poll queues" "$tmp/out2" --timeout 200 --nvme-opts "poll_queues=0" -- tests/vm/guest/engine-nopoll.sh
tap_done
