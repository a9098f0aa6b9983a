#!/bin/bash
# The cost of the engine's drive-health sampling (docs/engine.md "Drive
# health"), in the test bed: one boot, 4k randread on /dev/ng0n1 (iodepth 8,
# SECONDS per run, default 3, after 1 s of ramp), ROUNDS (default 6) pairs of
# runs with health=0 and with health sampled every INTERVAL ms (default 100,
# 20 times the default rate), the order swapped every round so that the
# emulation's drift favours neither side.  Prints per run the IOPS, fio's
# usr+sys CPU of the job, and the sampler's own CPU per sample (the thread's
# CPU clock around each Get Log Page, from the results' sample_cost); then the
# mean per-pair IOPS ratio and the mean CPU per sample.
#
#   bench/health-cost.sh [SECONDS]       ROUNDS=N INTERVAL=MS to change them
#
# Result on the 2-core dev machine (2026-12-01, load average ~17): table in
# docs/engine.md ("Its cost"): mean per-pair IOPS ratio sampled/off 0.570 at
# INTERVAL=100 (4 pairs), 0.686 at 2000 (6 pairs), 1.059 with INTERVAL=0
# (6 pairs; single pairs 0.08-3.2: the emulation's noise exceeds the effect
# at the default interval).  Figures of the emulator, not of a drive.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
FIO=${FIO_BIN:-$TOP/build/fio}
ENGINE=${ENGINE:-$TOP/build/ssdnvme.so}
secs=${1:-3} rounds=${ROUNDS:-6} interval=${INTERVAL:-100}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
"$TOP/tests/vm/run" --out "$out" --timeout $((120 + rounds * 2 * (secs + 15))) -- bash -c '
	for round in $(seq '"$rounds"'); do
		order="0 1"; [ $((round % 2)) = 0 ] && order="1 0"
		for h in $order; do
			'"$FIO"' --name=iops --ioengine=external:'"$ENGINE"' --filename=/dev/ng0n1 \
				--rw=randread --bs=4k --iodepth=8 --time_based --runtime='"$secs"' \
				--ramp_time=1 --norandommap --randrepeat=0 --tags=0 --health=$h \
				--health_interval='"$interval"' --output-format=json \
				--output=/tmp/r.json >/dev/null 2>&1 || exit 1
			python3 - "$round" "$h" <<PY
import json, sys
f = json.load(open("/tmp/r.json"))["jobs"][0]
d = json.load(open("/tmp/r.engine.json")).get("health")
cost = list(d.values())[0]["controllers"][0]["sample_cost"] if d else {"samples": 0, "cpu_us_total": 0}
print(sys.argv[1], "health=" + sys.argv[2], "%.0f" % f["read"]["iops"],
      "%.2f" % (f["usr_cpu"] + f["sys_cpu"]), cost["samples"], cost["cpu_us_total"])
PY
		done
	done' | tee "$out/runs.txt"
awk '{split($2, k, "="); v[$1, k[2]] = $3; s[k[2]] += $3; c[k[2]] += $4; n[k[2]]++; r[$1] = 1
	if (k[2] == 1) {samples += $5; us += $6}}
	END {for (i in r) {q += v[i, 1] / v[i, 0]; m++}
		printf "mean IOPS health=0 %.0f, health=1 %.0f; mean per-pair ratio %.3f over %d pairs\n",
			s[0] / n[0], s[1] / n[1], q / m, m
		printf "fio job CPU (usr+sys %%) health=0 %.2f, health=1 %.2f\n", c[0] / n[0], c[1] / n[1]
		if (samples) printf "sampler: %d samples, %.0f us CPU each (emulated controller)\n", samples, us / samples
		else print "sampler: no samples (INTERVAL=0 or runs shorter than it)"}' "$out/runs.txt"
