#!/usr/bin/env bash
# Used by bench/engine-vs-peer.sh, on the host or inside the test bed: runs
# a 4 KiB random-read job once per engine and round, alternating engines and
# reversing their order every other round (emulation speed drifts by +-20 %:
# a fixed order would favour whichever engine runs in the faster half).
#   engine-bench-runner.sh OUTFILE ROUNDS RUNTIME FIO "LABEL|TARGET|FIO ARGS"...
# Appends one line per run to OUTFILE: LABEL iops cpu_seconds ios
set -u
out=$1 rounds=$2 runtime=$3 fio=$4
shift 4
: >"$out"
# fio's JSON (and the engine's results file next to it) go to a private dir.
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
specs=("$@")
for round in $(seq "$rounds"); do
	order=("${specs[@]}")
	if [ $((round % 2)) = 0 ]; then
		order=()
		for ((i = ${#specs[@]} - 1; i >= 0; i--)); do order+=("${specs[i]}"); done
	fi
	for spec in "${order[@]}"; do
		IFS='|' read -r label target args <<<"$spec"
		# shellcheck disable=SC2086
		if "$fio" --name=bench $args --filename="$target" --rw=randread --bs=4k --time_based \
			--runtime="$runtime" --ramp_time=1 --norandommap --randrepeat=0 \
			--output-format=json --output=$dir/run.json >/dev/null 2>$dir/err; then
			jq -r --arg l "$label" '.jobs[0] | "\($l) \(.read.iops) \((.usr_cpu + .sys_cpu) / 100 * .job_runtime / 1000) \(.read.total_ios)"' $dir/run.json >>"$out"
		else
			echo "run $label failed:" >&2; cat $dir/err >&2; exit 1
		fi
	done
done
