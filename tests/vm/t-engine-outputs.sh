#!/usr/bin/env bash
# ssdnvme issue 19 in the test bed (one boot, two controllers in one
# subsystem, a private namespace each, a zoned one): the engine's own files
# never go through a path it did not check, results are never lost silently,
# namespaces= stays on the named controller, zoned namespaces are refused
# truthfully, and the smaller refusals.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
vm_relay "outputs" "$tmp/out" --timeout 420 \
	--ns 5x32M,3:ctrl=1,4:ctrl=2,5:64M,5:zoned=true,5:zoned.zone_size=8M,5:ctrl=1 --ctrl2 \
	-- tests/vm/guest/engine-outputs.sh
tap_done
