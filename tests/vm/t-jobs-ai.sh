#!/usr/bin/env bash
# The AI methods of issue 41 (items 2 and 3) in the test bed, one boot
# (tests/vm/guest/jobs-ai.sh): jobs/checkpoint.fio and jobs/kvcache.fio by
# their usage lines under plain fio, then --suite checkpoint and --suite
# kvcache through the runner, all short; on the host, the jobs each ran,
# the shards written and read back whole, the phases in order, the
# namespaces each job used, the read steps' queue depths and their P95 in fio's
# percentile list, the dry run's plan and namespaces, and the runner's
# refusal of a block device for checkpoint.  About 60 s of guest time.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$TOP" || exit 1
o=$tmp/out
vm_relay guest "$o" --timeout 500 --ns 3x256M -- tests/vm/guest/jobs-ai.sh "$ENGINE" "${SANITIZE:-}"

json() { sed -n '/^{/,$p' "$1"; }
for r in ckpt kv suite-ckpt suite-kv; do
	check "$r exited 0" grep -qx "$r-rc=0" "$o/$r.rc"
	grep -qx "$r-rc=0" "$o/$r.rc" 2>/dev/null || grep -v '^ssdnvme:   ' "$o/$r.log" 2>/dev/null | tail -n 8 | sed 's/^/# /'
done
json "$o/ckpt.json" >"$tmp/ckpt.json"
json "$o/kv.json" >"$tmp/kv.json"

# -- checkpoint: the three phases, the shards, the reader's windows
check "checkpoint: the reader alone, 4 writers and the reader, 4 restorers and the reader; no errors" jq -e '
	[.jobs[].jobname] == ["ckpt-reader@alone"] + [range(4) | "ckpt@write"] + ["ckpt-reader@write"] +
		[range(4) | "ckpt@restore"] + ["ckpt-reader@restore"] and all(.jobs[]; .error == 0)' "$tmp/ckpt.json"
check "... each writer wrote its 48 MiB shard once and each restorer read 48 MiB back" jq -e '
	[.jobs[] | select(.jobname == "ckpt@write") | .write.io_bytes] == [50331648, 50331648, 50331648, 50331648] and
	[.jobs[] | select(.jobname == "ckpt@restore") | .read.io_bytes] == [50331648, 50331648, 50331648, 50331648]' \
	"$tmp/ckpt.json"
check "... the phases ran one after the other: every restorer started after the last writer ended" jq -e '
	([.jobs[] | select(.jobname == "ckpt@write") | .job_start + .job_runtime] | max) <=
	([.jobs[] | select(.jobname == "ckpt@restore") | .job_start] | min)' "$tmp/ckpt.json"
check "... the reader read in every phase" jq -e '
	[.jobs[] | select(.jobname | startswith("ckpt-reader@")) | .read.total_ios > 0] == [true, true, true]' \
	"$tmp/ckpt.json"
check "... on namespace 2, the shards on namespace 1 (the engine's tags)" jq -e '
	[.tags.keys[] | select(.count > 0) | {job, nsid}] | unique ==
		[{job: "ckpt-reader@alone", nsid: 2}, {job: "ckpt-reader@restore", nsid: 2},
		 {job: "ckpt-reader@write", nsid: 2}, {job: "ckpt@restore", nsid: 1}, {job: "ckpt@write", nsid: 1}]' \
	"$o/ckpt.engine.json"
# -- kvcache: the steps and their percentiles
check "kvcache: five read steps at QD 1, 8, 32, 64, 128, each beside its filling writer; no errors" jq -e '
	[.jobs[].jobname] == ([1, 8, 32, 64, 128] | map("kvcache@q\(.)", "kvcache-fill@q\(.)")) and
	[.jobs[] | select(.jobname | startswith("kvcache@")) | ."job options".iodepth] ==
		["1", "8", "32", "64", "128"] and all(.jobs[]; .error == 0)' "$tmp/kv.json"
check "... the reads' percentile list holds 95, 99 and 99.99; every step read and the writers wrote" jq -e '
	all(.jobs[] | select(.jobname | startswith("kvcache@")); .read.total_ios > 0 and
		(.read.clat_ns.percentile | has("95.000000") and has("99.000000") and has("99.990000"))) and
	all(.jobs[] | select(.jobname | startswith("kvcache-fill@")); .write.total_ios > 0)' "$tmp/kv.json"

# -- the runner
check "--suite checkpoint --short: one run, its fio output beside the manifest" test -s \
	"$o/suite-ckpt/ng0n1/checkpoint/checkpoint/ssdnvme.json"
check "--suite kvcache --short: one run of the sweep" test -s "$o/suite-kv/ng0n3/kvcache/kvcache/sweep.json"
check "the dry run's plan: both suites' runs, nsid 1 written, nsid 2 only read, nothing written" bash -c "
	grep -qx dry-plan-rc=0 '$o/dry-plan.rc' &&
	grep -Eq '^ +1/2 +ng0n1/checkpoint/checkpoint/ssdnvme +checkpoint.fio ' '$o/dry-plan.log' &&
	grep -Eq '^ +2/2 +ng0n1/kvcache/kvcache/sweep +kvcache.fio ' '$o/dry-plan.log' &&
	grep -Eq 'WRITES \(every byte on them may be lost\): .*nvme0n1' '$o/dry-plan.log' &&
	grep -Eq '^  reads: .*nvme0n2' '$o/dry-plan.log' && [ ! -e '$o/dry2' ]"
check "checkpoint on a block device is refused before anything runs" bash -c "
	grep -qx dry-block-rc=2 '$o/dry-block.rc' &&
	grep -q 'checkpoint needs an NVMe generic char device' '$o/dry-block.log'"
tap_done
