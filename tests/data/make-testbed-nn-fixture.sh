#!/usr/bin/env bash
# tests/data/fio/testbed/short-noisy-neighbor: `make demo`'s noisy-neighbor
# run (ci/demo.sh), from one boot of the test bed with its default
# namespaces (six, ns3 with 4 KiB LBAs): the runner's noisy-neighbor suite
# in short mode through the ssdnvme engine, with the suite's io_uring_cmd
# cross-check run, on the project's fio (build/fio, the pin).
#
#   tests/data/make-testbed-nn-fixture.sh [DIR]
#       (default tests/data/fio/testbed/short-noisy-neighbor)
#
# Keeps the runner's folder as it came back (manifest, fio JSON, job files,
# the engine's results file), less report.txt.  About 2 minutes.  The
# figures are an emulated drive's: they change on every run, so the tests
# that read it (tests/data/README.md) check shapes and rules, not figures.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/tests/lib.sh"
fixture_out out "$TOP/tests/data/fio/testbed/short-noisy-neighbor" "$@"
# the runner's defaults (build/fio, build/ssdnvme.so), as ci/demo.sh runs it
fixture_runner "$(dirname "$out")" 600 "$(basename "$out")" -- \
	--short --suite noisy-neighbor /dev/ng0n1
du -sh "$out"
