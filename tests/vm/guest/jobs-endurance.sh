#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-endurance.sh boots it, an FDP
# subsystem so that the drive has a media counter): the endurance method,
# jobs/endurance.fio, through the runner in short mode on the 512-byte
# namespace 1 (both mixes, two steps each) and on the 4096-byte namespace 2
# (the successor only: JESD219's 512-byte writes need 512-byte LBAs), then
# by its usage line under plain fio on namespace 3.  Results in $OUT:
# ei/ and ei4k/ (the runner's results), plain.json (+ .engine.json),
# *.rc, *.log, and nvme-cli's Identify Namespace of each (idns<N>.json).
# Standalone: tests/vm/run --ns ... -- tests/vm/guest/jobs-endurance.sh.
# shellcheck source=tests/vm/guest/jobs-common.sh
. "$(dirname "$0")/jobs-common.sh" "$@"

for n in 1 2 3; do nvme id-ns "/dev/ng0n$n" -o json >"$OUT/idns$n.json" 2>/dev/null; done

S --suite endurance --short --region 100% --yes-destroy deadbeef --results "$OUT/ei" /dev/ng0n1 \
	>"$OUT/ei.log" 2>&1
echo "ei-rc=$?" >"$OUT/ei.rc"
S --suite endurance --short --region 100% --ei-rounds 1 --yes-destroy deadbeef \
	--results "$OUT/ei4k" /dev/ng0n2 >"$OUT/ei4k.log" 2>&1
echo "ei4k-rc=$?" >"$OUT/ei4k.rc"

# The method's file as its usage line gives it (a smaller step).
SSDNVME_EI_STEP_SIZE=4M /tmp/fio --ioengine=external:"$ENGINE" --filename=/dev/ng0n3 \
	--output-format=json+ --output="$OUT/plain.json" jobs/endurance.fio >"$OUT/plain.log" 2>&1
echo "plain-rc=$?" >"$OUT/plain.rc"
# The guest's seconds since boot: what the test costs the CI's time budget.
cut -d' ' -f1 /proc/uptime >"$OUT/uptime"
