#!/usr/bin/env bash
# tests/data/fio/ai: the AI methods of issue 41 (jobs/checkpoint.fio,
# jobs/kvcache.fio) from one boot of the test bed with three 256 MiB
# namespaces (tests/vm/run --ns 3x256M), run by their usage lines under the
# project's fio (build/fio, the pin) and engine, as tests/vm/guest/jobs-ai.sh
# runs them:
#   SSDNVME_CKPT_SHARD=48M SSDNVME_CKPT_READ_TIME=1 fio \
#       --ioengine=external:build/ssdnvme.so --filename=/dev/ng0n1 \
#       --output-format=json+ --output=checkpoint.json jobs/checkpoint.fio
#   SSDNVME_RUNTIME=1 SSDNVME_RAMP=0 fio --ioengine=external:build/ssdnvme.so \
#       --filename=/dev/ng0n3 --output-format=json+ --output=kvcache.json jobs/kvcache.fio
#
#   tests/data/make-ai-fixtures.sh [DIR]     (default tests/data/fio/ai)
#
# Keeps fio's JSON and the engine's results file of each, as they came
# back.  About 2.5 minutes.  An emulated drive's figures: they change on
# every run; tests/script/analysis-ai.sh recomputes fiorank's from the files.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/tests/lib.sh"
fixture_out out "$TOP/tests/data/fio/ai" "$@"
tmpd=$(mktemp -d)
trap 'rm -rf "$tmpd"' EXIT
(cd "$TOP" && "$VMRUN" --out "$tmpd" --timeout 600 --ns 3x256M -- bash tests/vm/guest/jobs-ai.sh)
for r in ckpt kv; do
	grep -qx "$r-rc=0" "$tmpd/$r.rc" || { tail -n 20 "$tmpd/$r.log" >&2; exit 1; }
done
mkdir -p "$out"
cp "$tmpd/ckpt.json" "$out/checkpoint.json"
cp "$tmpd/ckpt.engine.json" "$out/checkpoint.engine.json"
cp "$tmpd/kv.json" "$out/kvcache.json"
cp "$tmpd/kv.engine.json" "$out/kvcache.engine.json"
du -sh "$out"
