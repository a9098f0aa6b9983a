#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-tq.sh boots it): the tq-sweep
# suite (issue 15) in short mode on an NVMe block device through the
# engine's plain io_uring fallback, its dry run, refusal and resume, then on
# the NVMe char device (passthrough); results in $OUT for the host side.
# shellcheck source=tests/vm/guest/jobs-common.sh
. "$(dirname "$0")/jobs-common.sh" "$@"

out=$(S --suite tq-sweep --short --results /tmp/tq-refused /dev/nvme0n2 2>&1)
rc=$?
if [ $rc = 2 ] && grep -q 'refusing to write to /dev/nvme0n2' <<<"$out" && [ ! -e /tmp/tq-refused ]; then
	ok "tq-sweep writes: refused without --yes-destroy, nothing written"
else
	not_ok "tq-sweep without confirmation: exit $rc"
	printf '%s\n' "$out" | sed 's/^/# /' | tail -n 5
fi

S --suite tq-sweep --short --dry-run --yes-destroy deadbeef --results /tmp/tq-dry /dev/nvme0n2 >"$OUT/dry.log" 2>&1
echo "dry-rc=$?" >"$OUT/dry.rc"
if [ ! -e /tmp/tq-dry ]; then ok "the dry run wrote no results directory"; else not_ok "the dry run created /tmp/tq-dry"; fi

# What the runs check is the runner's structure (rounds, steps, jobs x
# depth, verdict, report), not speed: 1 s rounds and steps, no ramp, and at
# most the 5 rounds of the rule's window (the dry run above shows the
# --short default of up to 7).
quick=(--runtime 1 --ramp 0 --ss-round-time 1 --ss-max-rounds 5)
# The block device through the engine's fallback (the default engine).
S --suite tq-sweep --short "${quick[@]}" --yes-destroy deadbeef --results "$OUT/block" /dev/nvme0n2 >"$OUT/block.log" 2>&1
echo "block-rc=$?" >"$OUT/block.rc"
S --resume --yes-destroy deadbeef --results "$OUT/block" >"$OUT/resume.log" 2>&1
echo "resume-rc=$?" >"$OUT/resume.rc"

# The char device (passthrough), two steps.
S --suite tq-sweep --short --tq-steps t1q1,t4q4 "${quick[@]}" --yes-destroy deadbeef \
	--results "$OUT/char" /dev/ng0n4 >"$OUT/char.log" 2>&1
echo "char-rc=$?" >"$OUT/char.rc"

# The SNIA PTS suites (issue 27) on the 4096-byte namespace through
# passthrough, in the same boot and kept small (4 runs): WSAT and XSR short,
# and LAT's plan (its 0.5 KiB steps left out there); tests/script/jobs-pts.sh
# runs all five on a file.
S --suite pts-lat --short --dry-run --yes-destroy deadbeef --results /tmp/pts-dry /dev/ng0n3 >"$OUT/pts-dry.log" 2>&1
echo "pts-dry-rc=$?" >"$OUT/pts-dry.rc"
# The emulated controller's commands carry at most 508 KiB (docs/engine.md):
# XSR's sequential segments at 256 KiB there.
export SSDNVME_XSR_SEQ_BS=256k
S --suite pts-wsat,pts-xsr --short --yes-destroy deadbeef --results "$OUT/pts" /dev/ng0n3 >"$OUT/pts.log" 2>&1
echo "pts-rc=$?" >"$OUT/pts.rc"
unset SSDNVME_XSR_SEQ_BS
