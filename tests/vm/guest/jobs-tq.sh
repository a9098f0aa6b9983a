#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-tq.sh boots it): the tq-sweep
# suite (issue 15) in short mode on an NVMe block device through the
# engine's plain io_uring fallback, its dry run, refusal and resume, then on
# the NVMe char device (passthrough); results in $OUT for the host side.
# The PTS suites have their own boot (tests/vm/guest/jobs-pts.sh).
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
