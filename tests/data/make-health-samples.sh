#!/usr/bin/env bash
# Real engine results files with a "health" section, from one boot of the
# emulated-NVMe test bed (QEMU 10: the OCP C0 log with ocp=on, an FDP
# subsystem with placement handles on namespace 1), for fiorank's health
# verdict and WAF fixtures (issue 25).
#
#   tests/data/make-health-samples.sh --out DIR
#
# Writes into DIR (about 1-3 min under emulation):
#   health-sample.json, health-sample.engine.json
#       a short rate curve of 4k random writes on /dev/ng0n1: three
#       stonewalled steps (rate_iops 200, 400, 800; 2 s each), health sampled
#       every 500 ms; the drive is healthy: every step valid
#   health-invalid.json, health-invalid.engine.json
#       the same curve with the over-temperature threshold set 23 K below the
#       drive's composite temperature (nvme set-feature -f 4): critical
#       warning bit 1 is set before, during and after every step, so every
#       step is invalid; the threshold is restored afterwards
# The figures are real measurements of an emulated drive: they change on
# every run and say nothing about a real drive.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
. "$TOP/tests/lib.sh"

# The curve: three stonewalled rate steps of one 4k random write job.
curve() { # curve NAME: fio's arguments for one run
	local args=(--ioengine="external:$ENGINE" --filename=/dev/ng0n1 --rw=randwrite --bs=4k
		--iodepth=4 --size=16M --time_based --runtime=2 --health_interval=500
		--output-format=json --output="$OUT/$1.json") r first=1
	for r in 200 400 800; do
		args+=(--name="step-$r" --rate_iops="$r")
		[ $first = 1 ] || args+=(--stonewall)
		first=0
	done
	printf '%s\n' "${args[@]}"
}

if [ "${1:-}" = --guest ]; then
	mapfile -t a < <(curve health-sample)
	fio_cmd "${a[@]}"
	temp=$(nvme smart-log /dev/nvme0 -o json | python3 -c 'import json,sys; print(json.load(sys.stdin)["temperature"])')
	old=$(nvme get-feature /dev/nvme0 -f 4 | sed -n 's/.*Current value:\(0x[0-9a-f]*\).*/\1/p')
	nvme set-feature /dev/nvme0 -f 4 -v $((temp - 23)) >/dev/null
	mapfile -t a < <(curve health-invalid)
	rc=0
	fio_cmd "${a[@]}" 2>"$OUT/health-invalid.stderr" || rc=$?
	nvme set-feature /dev/nvme0 -f 4 -v "$((${old:-343}))" >/dev/null
	exit $rc
fi

out=""
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=${2:?--out needs a directory}; shift 2 ;;
	*) echo "usage: $0 --out DIR" >&2; exit 2 ;;
	esac
done
[ -n "$out" ] || { echo "usage: $0 --out DIR" >&2; exit 2; }
mkdir -p "$out"
"$VMRUN" --out "$out" --timeout 400 --ns 2x32M,1:fdp.ruhs=0-3 \
	--subsys-opts fdp=on,fdp.runs=1M,fdp.nrg=1,fdp.nruh=8 --ctrl-opts ocp=on -- \
	bash "$TOP/tests/data/make-health-samples.sh" --guest
ls -l "$out"
