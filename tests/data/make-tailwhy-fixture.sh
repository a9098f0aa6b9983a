#!/usr/bin/env bash
# tests/data/fio/testbed/tailwhy: tag logs for fiorank's "why the tail"
# (tests/script/analysis-tailwhy.sh), from one boot of the test bed with its
# default namespaces (six, ns3 with 4 KiB LBAs), the project's fio (build/fio)
# and engine (build/ssdnvme.so; its records carry slat_ns):
#   nn/     the README's plain-fio noisy-neighbor line with the victims' tag
#           logs on: SSDNVME_NN_TAG_LOG=1 SSDNVME_RUNTIME=8 SSDNVME_RAMP=1
#           SSDNVME_REGION=8M fio --ioengine=external:build/ssdnvme.so
#           --filename=/dev/ng0n1 --output-format=json+ --output=nn.json
#           jobs/noisy-neighbor.fio
#   qd1/    a reader alone at queue depth 1 (nothing else in flight):
#           fio --ioengine=external:build/ssdnvme.so --name=4k-randread@peak
#           --rw=randread --bs=4k --iodepth=1 --size=8M --io_size=12M
#           --tag_log=1 --filename=/dev/ng0n4 (3072 reads)
#           --output-format=json --output=qd1.json
#   burst/  the same reader beside a writer of 8 MiB bursts on ns1 (32 x 256 KiB
#           at depth 4, then 300 ms of nothing), both in one fio:
#           fio --ioengine=external:build/ssdnvme.so --exitall --size=8M
#           --name=burst-write --filename=/dev/ng0n1 --rw=write --bs=256k
#           --iodepth=4 --thinktime=300ms --thinktime_blocks=32 --runtime=120
#           --time_based --name=4k-randread@peak --filename=/dev/ng0n4
#           --rw=randread --bs=4k --iodepth=1 --io_size=12M --tag_log=1
#           --output-format=json --output=burst.json (the writer stops
#           when the reader's 3072 reads are done)
# Each keeps fio's JSON, the engine's results file beside it and the tag
# logs (64 bytes per I/O).  The noisy neighbor's reads per namespace follow
# the emulation's speed, which follows the host's load (a few hundred to ten
# thousand in the 8 s); the readers of qd1/ and burst/ count 3072 reads, so
# that their p99 holds 31 whatever the load.
#
#   tests/data/make-tailwhy-fixture.sh [DIR]   (default tests/data/fio/testbed/tailwhy)
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/tests/lib.sh"
fixture_out out "$TOP/tests/data/fio/testbed/tailwhy" "$@"
tmpd=$(mktemp -d)
trap 'rm -rf "$tmpd"' EXIT
(cd "$TOP" && "$VMRUN" --out "$tmpd" --timeout 900 -- bash -c '
	set -e
	mkdir -p "$OUT/nn" "$OUT/qd1" "$OUT/burst"
	SSDNVME_NN_TAG_LOG=1 SSDNVME_RUNTIME=8 SSDNVME_RAMP=1 SSDNVME_REGION=8M \
		build/fio --ioengine=external:build/ssdnvme.so --filename=/dev/ng0n1 \
		--output-format=json+ --output="$OUT/nn/nn.json" jobs/noisy-neighbor.fio
	build/fio --ioengine=external:build/ssdnvme.so --name=4k-randread@peak \
		--rw=randread --bs=4k --iodepth=1 --size=8M --io_size=12M \
		--tag_log=1 --filename=/dev/ng0n4 --output-format=json --output="$OUT/qd1/qd1.json"
	build/fio --ioengine=external:build/ssdnvme.so --exitall --size=8M \
		--name=burst-write --filename=/dev/ng0n1 --rw=write --bs=256k --iodepth=4 \
		--thinktime=300ms --thinktime_blocks=32 --runtime=120 --time_based \
		--name=4k-randread@peak --filename=/dev/ng0n4 --rw=randread --bs=4k \
		--iodepth=1 --io_size=12M --tag_log=1 --output-format=json \
		--output="$OUT/burst/burst.json"')
mkdir -p "$out"
rm -rf "${out:?}/nn" "${out:?}/qd1" "${out:?}/burst"
cp -r "$tmpd/nn" "$tmpd/qd1" "$tmpd/burst" "$out/"
du -sh "$out"
