#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-fdp.sh boots an FDP subsystem
# with six namespaces, each on its own reclaim unit handle: namespace N on
# handle N-1).  The runner's noisy-neighbor-fdp suite, short: the noisy
# neighbor without placement, then with each writer namespace (1-3) placed
# on its handle.  Around it, nvme-cli's own readings for the host side to
# compare with the engine's: each namespace's reclaim unit handle status
# (`nvme fdp status`: PID, RUHID, RUAMW) and the endurance group's FDP
# statistics (`nvme fdp stats`: HBMW, MBMW), before and after, and the
# FDP configurations log (`nvme fdp configs`: the reclaim unit size).  Results in
# $OUT (nn/ the runner's folder, fdp-*.txt the readings, nn.rc its status).
# Arguments: the engine, whether it is the sanitizer build, and the ramp
# in seconds (0: every write is in fio's totals and the engine's tags alike;
# tests/data/make-fdp-fixtures.sh asks for 1, where they differ).
cd "$(dirname "$0")/../../.." || exit 1
export ENGINE=${1:-$PWD/build/ssdnvme.so} SANITIZE=${2:-}
ramp=${3:-0}
printf '#!/usr/bin/env bash\n. "%s/tests/lib.sh"\nfio_cmd "$@"\n' "$PWD" >/tmp/fio
chmod +x /tmp/fio

# readings WHEN: every namespace's handle status and the group's statistics.
readings() {
	local n
	for n in 1 2 3 4 5 6; do
		nvme fdp status "/dev/nvme0n$n" -n "$n" -o json >"$OUT/fdp-status-$n-$1.json"
	done
	nvme fdp stats /dev/nvme0 -e 1 -o json >"$OUT/fdp-stats-$1.json"
}

readings before
# FDP events (docs/engine.md "FDP events"): the engine only reads which are
# enabled, so the test enables "reclaim unit not fully written" (0x00, which
# QEMU logs at every unit change of a handle) on writers 1 and 2's handle
# and leaves writer 3's disabled, for the "events not enabled" path
for n in 1 2; do
	nvme fdp set-events /dev/nvme0 -n "$n" -p 0 -t 0 -e >"$OUT/fdp-set-events-$n.txt" 2>&1 ||
		echo "set-events ns$n failed" >>"$OUT/fdp-set-events-$n.txt"
done
# the configuration in use (one in QEMU): its reclaim unit size
nvme fdp configs /dev/nvme0 -e 1 -o json >"$OUT/fdp-configs.json"
jobs/ssdnvme-suite --fio /tmp/fio --engine-so "$ENGINE" --suite noisy-neighbor-fdp --short \
	--runtime 2 --ramp "$ramp" --yes-destroy deadbeef --results "$OUT/nn" /dev/ng0n1 >"$OUT/nn.log" 2>&1
echo $? >"$OUT/nn.rc"
readings after
nvme fdp events /dev/nvme0 -e 1 -E -o json >"$OUT/fdp-events-host-after.json" 2>&1
