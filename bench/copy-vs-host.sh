#!/bin/bash
# The Copy method's comparison (jobs/copy.fio, docs/jobs: "Copy"), measured
# in the test bed: one boot, ROUNDS (default 4) rounds, each running the
# method's two phases as separate fio runs of its sections (the copy with
# its reader; the host's copy, read + write, with its reader), their order
# swapped every round so that the emulation's drift favours neither.
# SECONDS per phase (default 5, after 1 s of ramp); region 16M of ns1, the
# reader on ns2.  Prints per phase: MB/s landed, the jobs' CPU (fio's
# usr+sys, % of one CPU, summed over the phase's copy jobs), bytes over the
# bus per byte landed, the reader's p99; then the mean per-round ratios
# copy/host.
#
#   bench/copy-vs-host.sh [SECONDS]       ROUNDS=N BS=64k to change them
#
# Figures of the emulator (QEMU copies with its own threads, on the same two
# host cores as everything else), not of a drive.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
FIO=${FIO_BIN:-$TOP/build/fio}
ENGINE=${ENGINE:-$TOP/build/ssdnvme.so}
secs=${1:-5} rounds=${ROUNDS:-4} bs=${BS:-64k}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
cd "$TOP"
"$TOP/tests/vm/run" --out "$out" --timeout $((120 + rounds * 2 * (secs + 20))) -- bash -c '
	export SSDNVME_RUNTIME='"$secs"' SSDNVME_RAMP=1 SSDNVME_COPY_REGION=16M SSDNVME_COPY_BS='"$bs"'
	phase() { '"$FIO"' --ioengine=external:'"$ENGINE"' --filename=/dev/ng0n1 --output-format=json \
		--output=$OUT/$1.$2.json "${@:3}" jobs/copy.fio >$OUT/$1.$2.log 2>&1; }
	for round in $(seq '"$rounds"'); do
		if [ $((round % 2)) = 1 ]; then
			phase copy $round --section=copy --section=copy-reader || exit 1
			phase host $round --section=host-read --section=host-write --section=host-reader || exit 1
		else
			phase host $round --section=host-read --section=host-write --section=host-reader || exit 1
			phase copy $round --section=copy --section=copy-reader || exit 1
		fi
	done' >"$out/vm.log" 2>&1 || { tail -n 20 "$out/vm.log"; exit 1; }

python3 - "$out" "$rounds" "$bs" <<'PY'
import json, sys
out, rounds, bs = sys.argv[1], int(sys.argv[2]), sys.argv[3]
unit = {"k": 1024, "m": 1024 * 1024}
bs_bytes = int(bs[:-1]) * unit[bs[-1].lower()] if bs[-1].isalpha() else int(bs)

def phase(name, rnd):
    text = open(f"{out}/{name}.{rnd}.json").read()
    jobs = {j["jobname"]: j for j in json.loads(text[text.index("{"):])["jobs"]}
    if name == "copy":
        w, movers, reader = jobs["copy"], [jobs["copy"]], jobs["copy-reader"]
        # a Copy carries its 32-byte source range over the bus, not the data
        bus = w["write"]["total_ios"] * 32
    else:
        w, movers, reader = jobs["host-write"], [jobs["host-read"], jobs["host-write"]], jobs["host-reader"]
        bus = jobs["host-read"]["read"]["io_bytes"] + jobs["host-write"]["write"]["io_bytes"]
    landed = w["write"]["io_bytes"]
    return {
        "mbps": w["write"]["bw_bytes"] / 1e6,
        "cpu": sum(j["usr_cpu"] + j["sys_cpu"] for j in movers),
        "bus": bus / landed if landed else float("nan"),
        "p99": reader["read"]["clat_ns"]["percentile"]["99.000000"] / 1000,
    }

ratios = {"mbps": [], "cpu": [], "p99": []}
print(f"{'round':>5} {'phase':>5} {'MB/s':>9} {'CPU %':>7} {'bus B/B':>8} {'reader p99 us':>14}")
for r in range(1, rounds + 1):
    c, h = phase("copy", r), phase("host", r)
    for name, p in (("copy", c), ("host", h)):
        print(f"{r:>5} {name:>5} {p['mbps']:>9.1f} {p['cpu']:>7.2f} {p['bus']:>8.4f} {p['p99']:>14.1f}")
    for k in ratios:
        if h[k]:
            ratios[k].append(c[k] / h[k])
mean = lambda v: sum(v) / len(v) if v else float("nan")
print(f"copy/host, mean of {rounds} rounds (bs {bs}): MB/s {mean(ratios['mbps']):.3f}, "
      f"CPU {mean(ratios['cpu']):.3f}, reader p99 {mean(ratios['p99']):.3f}; "
      f"bus bytes per byte landed {32 / bs_bytes:.5f} (copy) against 2 (host)")
PY
