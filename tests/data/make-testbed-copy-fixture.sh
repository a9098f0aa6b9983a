#!/usr/bin/env bash
# tests/data/fio/testbed/short-copy: the runner's copy suite (jobs/copy.fio:
# the drive's Copy command against the host's read + write of the same
# blocks, a reader on ns2 beside each) from one boot of the test bed with its
# default namespaces (six, ns3 with 4 KiB LBAs; QEMU's controller reports
# Copy), through the ssdnvme engine on the project's fio (build/fio):
#
#   SSDNVME_COPY_REGION=4M jobs/ssdnvme-suite --engine ssdnvme \
#       --yes-destroy deadbeef --short --suite copy --runtime 2 --ramp 0 \
#       --results DIR /dev/ng0n1
#
#   tests/data/make-testbed-copy-fixture.sh [DIR]
#       (default tests/data/fio/testbed/short-copy)
#
# No ramp, 2 s phases: the shortest run that still shows both phases.  Keeps the runner's folder as it came back
# (manifest, fio JSON, job file, the engine's results file without its tag
# series and outliers), less report.txt.  About a minute.  The figures are an emulated drive's: they
# change on every run; tests/script/analysis-copy.sh recomputes fiorank's
# from the fio JSON, whatever they are.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/tests/lib.sh"
fixture_out out "$TOP/tests/data/fio/testbed/short-copy" "$@"
export SSDNVME_COPY_REGION=4M
fixture_runner "$(dirname "$out")" 400 "$(basename "$out")" -- \
	--short --suite copy --runtime 2 --ramp 0 /dev/ng0n1
e=$out/ng0n1/copy/copy/ssdnvme.engine.json
jq 'del(.tags.keys[]?.series, .tags.keys[]?.outliers)' "$e" >"$e.tmp" && mv "$e.tmp" "$e"
du -sh "$out"
