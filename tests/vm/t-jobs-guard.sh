#!/usr/bin/env bash
# The suite runner's data-loss guard in the test bed (one boot,
# tests/vm/guest/jobs-guard.sh): an ext4 file system mounted from namespace
# 2, swap on namespace 5 and a dm volume on namespace 4 make every suite,
# through every engine and every spelling of the device path, refuse with
# exit 2 naming them; the marker file and fsck.ext4 -fn say nothing was lost.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
o=$(mktemp -d)
trap 'rm -rf "$o"' EXIT
vm_relay "guard" "$o" --timeout 1500 -- tests/vm/guest/jobs-guard.sh "$ENGINE" "${SANITIZE:-}"
tap_done
