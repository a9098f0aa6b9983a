#!/usr/bin/env bash
# The copy suite of jobs/ssdnvme-suite (jobs/lib/copy.sh, issue 41 item 4)
# on this host: asked for by name, not part of "all"; a target that cannot
# take it is refused before any I/O, in the dry run as in the run, naming
# the device and why, with nothing written.  The suite's run on a
# controller with Copy is tests/vm/t-jobs-copy.sh (QEMU's controller always
# reports Copy, so the ONCS refusal itself cannot be shown in the test bed).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
truncate -s 64M "$tmp/target"
# shellcheck source=jobs/lib/plan.sh
. jobs/lib/plan.sh
check "--suite copy is known" test "$(parse_suites copy)" = copy
check "... and not part of all" test "$(parse_suites all)" = "$SUITE_ALL" -a "${SUITE_ALL/copy/}" = "$SUITE_ALL"
check "an unknown suite's message lists copy" bash -c '. jobs/lib/plan.sh; parse_suites bogus 2>&1 | grep -q "tq-sweep, copy, checkpoint"'
for mode in --dry-run ""; do
	jobs/ssdnvme-suite --suite copy --short ${mode:+"$mode"} --yes-destroy "$tmp/target" \
		--results "$tmp/r$mode" "$tmp/target" >"$tmp/out" 2>&1
	rc=$?
	check "on a file${mode:+ ($mode)}: refused, exit 2" test "$rc" = 2
	check "... naming the device and why" grep -q \
		"the copy suite needs an NVMe generic char device (/dev/ngXnY) of a controller with Copy, not $tmp/target" "$tmp/out"
	check "... nothing written: no results directory" test ! -e "$tmp/r$mode"
done
cmp -s "$tmp/target" <(head -c 64M /dev/zero)
check "the target is untouched (still zeroes)" test $? = 0
tap_done
