#!/usr/bin/env bash
# Runs inside the test bed (the last boot of tests/vm/t-power-cut.sh):
#
#   jobs-power-cut.sh [NS]
#
# jobs/ssdnvme-suite --suite power-cut end to end on /dev/ng0n<NS> (default 1).  The "power cut" here is a PCI
# hot removal of the controller and a rescan (the command's contract: cut,
# restore, return once the drive is back): in-flight writes fail as at a cut,
# but QEMU keeps its cache; what a real cut loses is t-power-cut.sh's part.
# Also the refusals: no --power-cut-cmd, no --yes-destroy, another engine.
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
suite=$TOP/jobs/ssdnvme-suite
ns=${1:-1}
serial=$(cat /sys/class/nvme/nvme0/serial)
serial=${serial// /}
# shellcheck disable=SC2016  # expanded by the runner's bash -c
cut='bdf=$(basename "$(readlink -f /sys/class/nvme/nvme0/device)");
echo 1 >"/sys/bus/pci/devices/$bdf/remove"; sleep 1; echo 1 >/sys/bus/pci/rescan;
for i in $(seq 50); do [ -b /dev/nvme0n'"$ns"' ] && break; sleep 0.2; done'

check_fails "--suite power-cut without --power-cut-cmd is refused" "needs --power-cut-cmd CMD" \
	"$suite" --suite power-cut --results /tmp/r0 --yes-destroy "$serial" "/dev/ng0n$ns"
check_fails "--suite power-cut through io_uring_cmd is refused" "ssdnvme engine only" \
	"$suite" --suite power-cut --engine io_uring_cmd --power-cut-cmd true --results /tmp/r0 \
	--yes-destroy "$serial" "/dev/ng0n$ns"
check_fails "--suite power-cut without --yes-destroy is refused" "confirm with --yes-destroy" \
	"$suite" --suite power-cut --power-cut-cmd true --results /tmp/r0 "/dev/ng0n$ns"
check_fails "--power-cut-after 3-1 is refused" "MIN is above MAX" \
	"$suite" --suite power-cut --power-cut-cmd true --power-cut-after 3-1 --results /tmp/r0 \
	--yes-destroy "$serial" "/dev/ng0n$ns"

# The writes held to 1000 a second (4096 of them: over 4 s): on an idle host
# the 16 MiB pass would otherwise end before the cut.
SSDNVME_PC_RATE_IOPS=1000 "$suite" --suite power-cut --results /tmp/r --region 16M --power-cut-cmd "$cut" \
	--power-cut-after 0.2-0.8 --yes-destroy "$serial" "/dev/ng0n$ns" >"$OUT/suite.log" 2>&1
rc=$?
if [ $rc = 0 ]; then ok "the power-cut suite ran (exit 0)"; else
	not_ok "the power-cut suite exited $rc"
	tail -n 20 "$OUT/suite.log" | sed 's/^/# /'
fi
cp /tmp/r/manifest.json "$OUT/" 2>/dev/null
check "the manifest records clear and cut done" jq -e \
	'[.runs[] | select(.suite == "power-cut") | .status] == ["done", "done"]' /tmp/r/manifest.json
check "the cut was made during the writes" grep -q "cutting the power .* s after the writes' first flush" "$OUT/suite.log"
f=/tmp/r/ng0n$ns/power-cut/power-cut/cut.check.txt
cp "$f" "$OUT/" 2>/dev/null
sed 's/^/# /' "$f"
check "the check passed with flushed writes checked" \
	grep -Eq '^  flushed writes: [1-9][0-9]* intact, 0 lost, 0 torn$' "$f"
tap_done
