#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-pts.sh boots it): the SNIA PTS
# suites (issue 27) of jobs/ssdnvme-suite on the 4096-byte namespace
# (64 MiB) through passthrough: all seven short, one 1-second steady-state
# round each, and LAT's full plan (its 0.5 KiB steps left out there);
# LAT again with --ss-measures iops,p99,p99.99 (up to six rounds);
# results in $OUT for the host side.  tests/script/jobs-pts.sh runs them on
# a file.
# shellcheck source=tests/vm/guest/jobs-common.sh
. "$(dirname "$0")/jobs-common.sh" "$@"

S --suite pts-lat --short --dry-run --yes-destroy deadbeef --results /tmp/pts-dry /dev/ng0n3 >"$OUT/pts-dry.log" 2>&1
echo "pts-dry-rc=$?" >"$OUT/pts-dry.rc"
# The emulated controller's commands carry at most 508 KiB (docs/engine.md):
# XSR's sequential segments and the 1024 KiB steps of IOPS and throughput
# at 256 KiB there.
export SSDNVME_XSR_SEQ_BS=256k SSDNVME_PTS_LARGE_BS=256k
S --suite pts-wsat,pts-hir,pts-xsr,pts-dirth,pts-lat,pts-iops,pts-tp --short --ss-round-time 1 --ss-max-rounds 1 \
	--yes-destroy deadbeef --results "$OUT/pts" /dev/ng0n3 >"$OUT/pts.log" 2>&1
echo "pts-rc=$?" >"$OUT/pts.rc"
unset SSDNVME_XSR_SEQ_BS SSDNVME_PTS_LARGE_BS
# Steady state judged on tails (issue 41 item 5): LAT's rounds until iops,
# p99 and p99.99 are all steady, at most six.
S --suite pts-lat --short --ss-round-time 1 --ss-max-rounds 6 --ss-measures iops,p99,p99.99 \
	--yes-destroy deadbeef --results "$OUT/pts-tails" /dev/ng0n3 >"$OUT/pts-tails.log" 2>&1
echo "pts-tails-rc=$?" >"$OUT/pts-tails.rc"
# fiorank pts reads only the fio output and logs: the engine's files (most
# of the bytes) go, but one that shows passthrough ran.
find "$OUT/pts" "$OUT/pts-tails" -name '*.engine.json' ! -path '*/pts-xsr/xsr/rand.engine.json' -delete
