#!/usr/bin/env bash
# ssdnvme never writes where the user did not ask (issue 12 items 1-3): write
# jobs on in-use namespaces through every name, results file targets.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm_relay "data loss" "$tmp/out" --timeout 400 -- tests/vm/guest/engine-dataloss.sh
tap_done
