#!/usr/bin/env bash
# Latency tags end to end in the test bed (one boot): counts and means
# against fio, outliers and percentiles against the per-I/O log, namespaces=,
# two fio processes sharing in-flight counters, SIGINT and SIGKILL.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm_relay "tags" "$tmp/out" --timeout 300 -- tests/vm/guest/tags-run.sh
tap_done
