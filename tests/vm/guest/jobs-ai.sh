#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-ai.sh; tests/data/make-ai-fixtures.sh
# keeps its JSON as fixtures): the AI methods of issue 41, short, under
# plain fio by their usage lines and through the runner.
#   checkpoint.fio   4 x 48 MiB shards on ns1 of /dev/ng0n1, the reader on ns2
#                    with a 1 s window (plain fio), then --suite checkpoint
#   kvcache.fio      1 s steps, no ramp, on /dev/ng0n3 (plain fio), then
#                    --suite kvcache --short on /dev/ng0n3
# Results in $OUT: ckpt.json, kv.json (fio's JSON, their .engine.json), *.rc,
# *.log, the runner's results directories suite-ckpt/ and suite-kv/, and its
# dry runs (dry-block.log: refused; dry-plan.log: both suites planned).
# shellcheck source=tests/vm/guest/jobs-common.sh
. "$(dirname "$0")/jobs-common.sh" "$@"

SSDNVME_CKPT_SHARD=48M SSDNVME_CKPT_READ_TIME=1 /tmp/fio --ioengine=external:"$ENGINE" \
	--filename=/dev/ng0n1 --output-format=json+ --output="$OUT/ckpt.json" jobs/checkpoint.fio >"$OUT/ckpt.log" 2>&1
echo "ckpt-rc=$?" >"$OUT/ckpt.rc"
SSDNVME_RUNTIME=1 SSDNVME_RAMP=0 /tmp/fio --ioengine=external:"$ENGINE" \
	--filename=/dev/ng0n3 --output-format=json+ --output="$OUT/kv.json" jobs/kvcache.fio >"$OUT/kv.log" 2>&1
echo "kv-rc=$?" >"$OUT/kv.rc"

S --suite checkpoint --short --yes-destroy deadbeef --results "$OUT/suite-ckpt" /dev/ng0n1 >"$OUT/suite-ckpt.log" 2>&1
echo "suite-ckpt-rc=$?" >"$OUT/suite-ckpt.rc"
S --suite kvcache --short --runtime 1 --ramp 0 --yes-destroy deadbeef --results "$OUT/suite-kv" /dev/ng0n3 \
	>"$OUT/suite-kv.log" 2>&1
echo "suite-kv-rc=$?" >"$OUT/suite-kv.rc"
S --suite checkpoint --short --dry-run --results "$OUT/dry" /dev/nvme0n1 >"$OUT/dry-block.log" 2>&1
echo "dry-block-rc=$?" >"$OUT/dry-block.rc"
S --suite checkpoint,kvcache --short --dry-run --yes-destroy deadbeef --results "$OUT/dry2" /dev/ng0n1 \
	>"$OUT/dry-plan.log" 2>&1
echo "dry-plan-rc=$?" >"$OUT/dry-plan.rc"
