#!/bin/bash
# The latency tags' cost inside fio, with the engine: see bench/tag-cost.sh
# ("engine" and "vm" modes, which run this).
#   bench/tag-cost-engine.sh engine [N]    callgrind, default N=50000
#   bench/tag-cost-engine.sh vm [SECONDS]  test-bed IOPS, default 5 s per run,
#                                          ROUNDS (default 6) pairs of runs
#   QD=8 bench/tag-cost-engine.sh engine   another iodepth (default 1)
#   TAG_LOG=1 bench/tag-cost-engine.sh engine   tags=1 with the per-I/O log
#                                          (tag_log=1, in /dev/shm) against tags=0
#   ENGINE=/path/ssdnvme.so ...            another build (before/after a change)
#
# Results on the 2-core dev machine (2026-11-30, gcc 12.2 -O2, valgrind 3.19,
# fio 3.33 with its default clocksource=cpu, file in /dev/shm so each reap
# brings one completion: every I/O pays a completion reading of its own):
#   engine, qd1:  tags=0 2684.7 Ir/IO, tags=1 2796.4 Ir/IO: +111.7 Ir/IO, 4.16 %
#   engine, qd8:  tags=0 2572.1, tags=1 2684.8: +112.7 Ir/IO, 4.38 %
#   engine, qd32: tags=0 2558.2, tags=1 2675.0: +116.8 Ir/IO, 4.57 %
#   CLOCKSOURCE=clock_gettime, qd1: 2610.4 -> 2730.2, +119.8 Ir/IO, 4.59 %
#   CLOCKSOURCE=gettimeofday, qd1: 2624.1 -> 2771.6, +147.5 Ir/IO, 5.62 %
#   (the completion reading is then a fio_gettime(), ~40 Ir).
#   Under the 5 % budget with fio's default clock; see docs/tags.md for where
#   the instructions go.  Before (reading fio_gettime() at every completion,
#   LBA and length filled for every I/O): +166.5 Ir/IO, 6.2 %.
#   vm (bench/tag-cost.sh vm 3: ng0n1 4k randread qd8, 3 s runs, 6 pairs in
#   alternating order): mean per-pair ratio tags=1/tags=0 1.049 and 1.032 in
#   two boots (IOPS 8357/8721, 8233/8496): no slowdown within the emulation's
#   +-20 % noise.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
FIO=${FIO_BIN:-$TOP/build/fio}
ENGINE=${ENGINE:-$TOP/build/ssdnvme.so}
QD=${QD:-1} # iodepth 1: one completion per reap, the same every run
CLOCKSOURCE=${CLOCKSOURCE:-} # fio's clocksource=; empty: fio's choice (cpu here)
cd "$TOP"

# Total instructions (Ir) of one fio run of N I/Os under callgrind.
engine_ir() {
	local tags=$1 n=$2 out extra=()
	if [ "$tags" = 1 ] && [ -n "${TAG_LOG:-}" ]; then
		extra=(--tag_log=1 --ssdnvme_results="$DATA.json")
	fi
	out=$(mktemp)
	valgrind --tool=callgrind --toggle-collect=thread_main --callgrind-out-file="$out" "$FIO" --thread --name=cost \
		--ioengine=external:"$ENGINE" --filename="$DATA" --size=64M --io_size=4g --bs=4k \
		--rw=randread --number_ios="$n" --norandommap --randrepeat=1 --iodepth="$QD" \
		--tags="$tags" ${CLOCKSOURCE:+--clocksource=$CLOCKSOURCE} \
		"${extra[@]}" --minimal >/dev/null 2>"$out.err" || { cat "$out.err" >&2; return 1; }
	sed -n 's/^summary: //p' "$out"
	rm -f "$out" "$out.err"
}

engine_mode() {
	local n=${1:-50000} t a b
	declare -A per
	DATA=/dev/shm/ssdnvme-tag-cost.$$
	truncate -s 64M "$DATA"
	trap 'rm -f "$DATA" "$DATA".json*' EXIT
	echo "== fio + ssdnvme.so file fallback, randread 4k qd$QD${CLOCKSOURCE:+, clocksource=$CLOCKSOURCE}${TAG_LOG:+, tags=1 with tag_log=1}, (Ir@$((n + 10000)) - Ir@10000) / $n"
	for t in 0 1; do
		a=$(engine_ir "$t" 10000)
		b=$(engine_ir "$t" $((n + 10000)))
		per[$t]=$(awk "BEGIN{printf \"%.1f\", ($b - $a) / $n}")
		printf 'tags=%s %8s Ir/IO\n' "$t" "${per[$t]}"
	done
	awk "BEGIN{d = ${per[1]} - ${per[0]}; printf \"tagging adds %.1f Ir/IO, %.2f %%\n\", d, 100 * d / ${per[0]}}"
}

vm_mode() {
	local secs=${1:-5} rounds=${ROUNDS:-6}
	out=$(mktemp -d) # global: the EXIT trap runs after this function returns
	trap 'rm -rf "$out"' EXIT
	# Pairs of runs, tags off and on, the order swapped every round so that a
	# drift of the emulation (it speeds up and slows down by +-20 %) does not
	# favour either side; the figure is the mean of the per-pair ratios.
	"$TOP/tests/vm/run" --out "$out" --timeout $((60 + rounds * 2 * (secs + 3))) -- bash -c '
		for round in $(seq '"$rounds"'); do
			order="0 1"; [ $((round % 2)) = 0 ] && order="1 0"
			for t in $order; do
				'"$FIO"' --name=iops --ioengine=external:'"$ENGINE"' --filename=/dev/ng0n1 \
					--rw=randread --bs=4k --iodepth=8 --time_based --runtime='"$secs"' \
					--ramp_time=1 --norandommap --randrepeat=0 --tags=$t \
					--output-format=json --output=/tmp/r.json >/dev/null 2>&1 || exit 1
				echo "$round tags=$t $(jq .jobs[0].read.iops /tmp/r.json)"
			done
		done' | tee "$out/iops.txt"
	awk '{split($2, k, "="); v[$1, k[2]] = $3; s[k[2]] += $3; n[k[2]]++; r[$1] = 1}
		END {for (i in r) {q += v[i, 1] / v[i, 0]; m++}
			printf "mean IOPS tags=0 %.0f, tags=1 %.0f; mean per-pair ratio tags=1/tags=0 %.3f over %d pairs\n",
				s[0] / n[0], s[1] / n[1], q / m, m}' "$out/iops.txt"
}

case ${1:-engine} in
engine) engine_mode "${2:-}" ;;
vm) vm_mode "${2:-}" ;;
*) echo "usage: $0 engine [N] | vm [SECONDS]" >&2 && exit 2 ;;
esac
