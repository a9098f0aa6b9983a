#!/usr/bin/env bash
# Runs inside the test bed: the engine's drive-health section (issue 25)
# against the real NVMe driver.  Reuses other tests' boots (tests/vm/t-testbed.sh):
#   engine-health.sh ocp    QEMU 10 with ocp=on and an FDP subsystem; namespace 1
#                           512-byte LBAs with placement handles
#   engine-health.sh plain  two controllers sharing namespace 2, no OCP log
# Prints TAP lines.
# shellcheck disable=SC2015  # every "A && ok || not_ok" here: ok only prints
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
mode=${1:-ocp}
eng=(--ioengine="external:$ENGINE" --output-format=json)

# field FILE EXPR: a Python expression over the engine file's first health
# controller c (and the whole document d, fio's output f) printed.
field() {
	python3 - "$@" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
f = json.load(open(sys.argv[1].replace(".engine.json", ".json")))
c = list(d["health"].values())[0]["controllers"][0]
print(eval(sys.argv[2]))
PY
}
is() { # is DESC FILE EXPR: the expression holds
	local out
	out=$(field "$2" "$3" 2>&1)
	if [ "$out" = True ]; then ok "$1"; else not_ok "$1 ($3: $out)"; fi
}

if [ "$mode" = ocp ]; then
	# A write job, sampled every 100 ms.
	check "a write job with health sampling runs" fio_cmd --name=hw "${eng[@]}" --filename=/dev/ng0n1 \
		--rw=write --bs=128k --size=8M --iodepth=4 --time_based --runtime=1 --health_interval=100 \
		--output="$OUT/hw.json"
	w=$OUT/hw.engine.json
	is "health entry keyed by job and thread, controller nvme0 with its serial" "$w" \
		'list(d["health"]) == ["hw.1"] and c["controller"] == "nvme0" and c["serial"] == "deadbeef" and c["absent"] is None'
	is "host write commands grew by the job's writes" "$w" \
		'c["after"]["host_write_cmds"] - c["before"]["host_write_cmds"] == f["jobs"][0]["write"]["total_ios"]'
	# QEMU counts 512-byte units and reports thousands of them rounded up:
	# the difference of two rounded-up counts is the bytes' floor or ceiling.
	is "data units written grew by the bytes written (1000 x 512 B units)" "$w" \
		'abs(c["after"]["data_units_written"] - c["before"]["data_units_written"] - f["jobs"][0]["write"]["io_bytes"] / 512000) < 1'
	# The sampler runs at SCHED_IDLE: on a busy guest (the sanitizer build, a
	# loaded host) it gets fewer samples than 1 s / 100 ms, never none.
	is "samples taken during the job, in time order, between before and after" "$w" \
		'len(c["samples"]) >= 1 and all(0 < a["t_ms"] < b["t_ms"] for a, b in zip(c["samples"], c["samples"][1:])) and c["samples"][-1]["t_ms"] < c["after"]["t_ms"] and c["sample_cost"]["samples"] == len(c["samples"]) and c["sample_cost"]["failed"] == 0'
	is "composite temperature in Kelvin (QEMU: 323)" "$w" \
		'c["before"]["composite_temp_k"] == 323 and all(s["composite_temp_k"] == 323 for s in c["samples"])'
	is "OCP C0: physical media bytes written grew by the host bytes" "$w" \
		'c["ocp_c0_absent"] is None and c["ocp_c0"]["after"]["physical_media_units_written"] - c["ocp_c0"]["before"]["physical_media_units_written"] == f["jobs"][0]["write"]["io_bytes"]'
	is "FDP statistics of the namespace's endurance group: host bytes grew by the bytes written" "$w" \
		'c["fdp_absent"] is None and c["fdp"]["endurance_group"] >= 1 and c["fdp"]["after"]["hbmw"] - c["fdp"]["before"]["hbmw"] == f["jobs"][0]["write"]["io_bytes"] and c["fdp"]["after"]["mbmw"] >= c["fdp"]["after"]["hbmw"]'
	is "endurance group log read before and after" "$w" \
		'c["endurance_group_absent"] is None and c["endurance_group"]["after"]["host_write_cmds"] > c["endurance_group"]["before"]["host_write_cmds"]'
	is "no critical warning, so nothing suspect" "$w" \
		'c["before"]["critical_warning"] == 0 and c["after"]["critical_warning"] == 0'

	# The over-temperature threshold below the drive's temperature raises
	# critical warning bit 1; the engine's snapshots show it and it says so.
	temp=$(nvme smart-log /dev/nvme0 -o json | python3 -c 'import json,sys; print(json.load(sys.stdin)["temperature"])')
	if nvme set-feature /dev/nvme0 -f 4 -v $((temp - 23)) >/dev/null; then
		fio_cmd --name=hot "${eng[@]}" --filename=/dev/ng0n1 --rw=randread --bs=4k --size=1M \
			--time_based --runtime=1 --health_interval=300 --output="$OUT/hot.json" \
			--eta=never >/dev/null 2>"$OUT/hot.err"
		rc=$?
		nvme set-feature /dev/nvme0 -f 4 -v 343 >/dev/null
		[ $rc -eq 0 ] && ok "a job under the lowered threshold runs" || not_ok "job under the lowered threshold: exit $rc"
		is "critical warning bit 1 (temperature) before and after the job" "$OUT/hot.engine.json" \
			'bool(c["before"]["critical_warning"] & 2 and c["after"]["critical_warning"] & 2)'
		grep -Eq "^ssdnvme: job 'hot' on nvme0: critical warning 0x02 \(temperature\) before, during and after the job" "$OUT/hot.err" &&
			ok "the engine says the step is suspect on stderr" || not_ok "no suspect line: $(cat "$OUT/hot.err")"
		check "restoring the threshold clears the warning" \
			bash -c '[ "$(nvme smart-log /dev/nvme0 -o json | python3 -c "import json,sys; print(json.load(sys.stdin)[\"critical_warning\"])")" = 0 ]'
	else
		not_ok "nvme set-feature -f 4 failed"
	fi
else
	ns2=$(find /dev -maxdepth 1 -name 'ng*n2' | sort | head -1)
	check "a job on namespace 2 (shared by two controllers) runs" fio_cmd --name=two "${eng[@]}" \
		--filename="$ns2" --rw=write --bs=64k --size=1M --health_interval=0 --output="$OUT/two.json"
	t=$OUT/two.engine.json
	is "both controllers of the multipath namespace have health" "$t" \
		'sorted(x["controller"] for x in list(d["health"].values())[0]["controllers"]) == ["nvme0", "nvme1"]'
	is "a controller without the OCP log: ocp_c0 null with the reason" "$t" \
		'c["ocp_c0"] is None and "0xc0" in c["ocp_c0_absent"] and c["before"] is not None'
	is "health_interval=0: no samples" "$t" 'c["samples"] == [] and c["sample_cost"]["samples"] == 0'
	# QEMU keeps the counters per namespace: each controller's log counts the
	# shared namespace's writes, whichever path carried them (never to be added up).
	is "each controller's log counts the shared namespace's writes; one subsystem" "$t" \
		'all(x["after"]["host_write_cmds"] - x["before"]["host_write_cmds"] == f["jobs"][0]["write"]["total_ios"] for x in list(d["health"].values())[0]["controllers"]) and len({x["subsystem"] for x in list(d["health"].values())[0]["controllers"]}) == 1'
	check "a job on a plain file runs" fio_cmd --name=pf "${eng[@]}" --filename=/tmp/pf.dat \
		--rw=write --bs=4k --size=256k --output="$OUT/pf.json"
	is "a plain file: health entry with the reason it has none" "$OUT/pf.engine.json" \
		'c["controller"] is None and "regular file" in c["absent"] and c["before"] is None'
	check "health=0: no health section" fio_cmd --name=off "${eng[@]}" --filename="$ns2" \
		--rw=read --bs=4k --size=64k --health=0 --output="$OUT/off.json"
	check "health=0: the results file has no health key" \
		python3 -c 'import json,sys; assert "health" not in json.load(open(sys.argv[1]))' "$OUT/off.engine.json"
fi
tap_done
