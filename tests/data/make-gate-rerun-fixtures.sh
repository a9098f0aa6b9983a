#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tests/data/fio/gate/rerun: the runner's own results directories, twice
# from one drive, for the gate (issue 37 item 1): one boot of the test bed
# (tests/vm/run, QEMU NVMe controller, serial deadbeef), the runner in short
# mode on /dev/ng0n1 (`--short --suite profiles --profiles 4k-randread
# --steps 10,50`, the ssdnvme engine), run1/ then run2/, one after the
# other.  The runner names the drive after its node (ng0n1) and fiorank
# relabels it by model, serial and namespace on both sides.
#
#   tests/data/make-gate-rerun-fixtures.sh [DIR]
#       (default tests/data/fio/gate/rerun)
#
# Keeps each results folder as it came back, less report.txt.  About 2
# minutes.  The figures are an emulated drive's: they change on every run.
# The copy with tails x10 is derived from run1 by the test
# (tests/script/analysis-gate-suite.sh), not kept.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/tests/lib.sh"
fixture_out out "$TOP/tests/data/fio/gate/rerun" "$@"
fixture_runner "$out" 900 run1 run2 -- \
	--short --suite profiles --profiles 4k-randread --steps 10,50 /dev/ng0n1
du -sh "$out"
