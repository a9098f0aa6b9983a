#!/usr/bin/env bash
# jobs/ssdnvme-suite --setup-namespaces in the test bed (one boot,
# tests/vm/guest/jobs-namespaces.sh): refusals, the dry run, and a
# controller that claims Namespace Management but rejects it (QEMU 7.2 and
# 10.0 alike): a clear error, recorded, nothing lost.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
o=$(mktemp -d)
trap 'rm -rf "$o"' EXIT
vm_relay "namespaces" "$o" --timeout 600 -- tests/vm/guest/jobs-namespaces.sh "$ENGINE" "${SANITIZE:-}"
tap_done
