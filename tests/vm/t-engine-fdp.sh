#!/usr/bin/env bash
# Flexible Data Placement through the engine in the test bed (one boot,
# QEMU 10): an FDP subsystem with 8 reclaim unit handles of 1 MiB, namespace
# 1 on handles 0-3, namespace 2 on 4-5 (tests/vm/guest/engine-fdp.sh).  A
# namespace without FDP is refused in t-engine-badinput's boot.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if vm_has_fdp; then
	vm_relay "fdp" "$tmp/out" --timeout 300 --ns 2x32M,1:fdp.ruhs=0-3,2:fdp.ruhs=4-5 \
		--subsys-opts fdp=on,fdp.runs=1M,fdp.nrg=1,fdp.nruh=8 -- tests/vm/guest/engine-fdp.sh
fi
tap_done
