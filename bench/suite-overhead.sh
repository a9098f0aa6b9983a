#!/usr/bin/env bash
# Benchmark: the suite runner's own time between runs (issue 22: <= 0.5 s).
#
#   bench/suite-overhead.sh [--against REV] [ROUNDS] [SUITE ARGS...]
#
# Runs jobs/ssdnvme-suite on a 64 MiB file (default: --suite profiles
# --short --profiles basic --runtime 1 --ramp 0 --engine io_uring, 20 runs)
# with fio started through bench/fio-timer.c, which logs when each fio
# starts and ends, fio's CPU time, and the runner's CPU time (its own and
# its ended children's, /proc) at both moments.  The runner's own time is
# everything but fio's: "between runs" is from one fio's end to the next
# one's start, averaged over the gaps; "start" from the runner's start to
# the first fio; "end" from the last fio's end to the runner's exit (the
# ranking).  Each is given as CPU time (user + system of the runner and the
# processes it ran, fio excepted; /proc counts in ticks of 10 ms, averaged
# over the gaps) and as wall time.  The CPU time is the
# headline: on a machine other people load, the wall time also holds the
# waits for a core.
#
# With --against REV the runner of git revision REV (its jobs/, with this
# tree's build/) runs in the same rounds, alternating which goes first, so
# that both see the same load.  ROUNDS rounds (default 3); the median of
# each figure.  Nothing is asserted: the figures go into the report.
#
# Result on the 2-core dev machine (2026-12-02, shared, load average 23-27:
# the wall times are mostly waits for a core), bench/suite-overhead.sh
# --against 197165b 3, median of 3 rounds, per gap between two runs:
#   this runner:               CPU 0.098 s (wall 0.98 s)
#   197165b (before issue 22 item 7's cuts): CPU 0.247 s (wall 4.87 s)
# Start (checks, manifest; once per suite): CPU 1.18 s vs 1.24 s; end (the
# ranking): CPU 0.25 s vs 0.24 s.  Per run the runner now starts fio and
# one fiorank (the result's check) and renames the manifest once; the
# curve's rates are worked out once per peak.
# The same on an idle machine (load 0.7-1.2, 2026-12-02 01:40 UTC): per gap
# CPU 0.055 s (wall 0.054 s) against 0.133 s (wall 0.130 s); start CPU
# 0.70 s vs 0.78 s; end CPU 0.15 s vs 0.15 s.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP"
against=""
if [ "${1:-}" = --against ]; then
	against=${2:?--against needs a git revision}
	shift 2
fi
rounds=${1:-3}
shift || true
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--suite profiles --short --profiles basic --runtime 1 --ramp 0 --engine io_uring)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fio=${FIO_BIN:-$TOP/build/fio}
gcc -std=gnu11 -Wall -Wextra -Werror -O2 -o "$tmp/fio-timer" bench/fio-timer.c
truncate -s 64M "$tmp/target"

variants=(current)
runner_of[0]=$TOP/jobs/ssdnvme-suite
if [ -n "$against" ]; then
	mkdir "$tmp/base"
	git archive "$against" jobs | tar -x -C "$tmp/base"
	ln -s "$TOP/build" "$tmp/base/build"
	variants+=("$against")
	runner_of[1]=$tmp/base/jobs/ssdnvme-suite
fi

# one_round VARIANT_INDEX: one suite; prints "BETWEEN_CPU BETWEEN_WALL
# START_CPU START_WALL END_CPU END_WALL RUNS".
one_round() {
	local v=$1 t0 t1
	rm -rf "$tmp/r" "$tmp/fio.times"
	t0=$EPOCHREALTIME
	FIO_TIMER_FIO=$fio FIO_TIMER_LOG=$tmp/fio.times /usr/bin/time -f '%e %U %S' -o "$tmp/time" \
		"${runner_of[v]}" --fio "$tmp/fio-timer" --fiorank "$TOP/build/fiorank" --engine-so "$TOP/build/ssdnvme.so" \
		"${args[@]}" --yes-destroy "$tmp/target" --results "$tmp/r" "$tmp/target" >/dev/null 2>&1
	t1=$EPOCHREALTIME
	awk -v t0="$t0" -v t1="$t1" -v total="$(cat "$tmp/time")" '
		{ st[NR] = $1; en[NR] = $2; fcpu[NR] = $3; cst[NR] = $4; cen[NR] = $5 }
		# The runner CPU read at a start counts the fio before it (ended
		# and reaped by then), the one read at its end does not.
		END {
			if (NR < 2) { print "bench: fewer than two runs were logged" > "/dev/stderr"; exit 1 }
			for (i = 2; i <= NR; i++) {
				gw += st[i] - en[i - 1]
				gc += cst[i] - cen[i - 1] - fcpu[i - 1]
			}
			split(total, t, " ")
			printf "%.3f %.3f %.3f %.3f %.3f %.3f %d\n", gc / (NR - 1), gw / (NR - 1),
				cst[1], st[1] - t0, t[2] + t[3] - cen[NR] - fcpu[NR], t1 - en[NR], NR
		}' "$tmp/fio.times"
}

declare -A fig=()
for ((r = 1; r <= rounds; r++)); do
	for ((k = 0; k < ${#variants[@]}; k++)); do
		# alternate which variant goes first
		v=$(((k + r) % ${#variants[@]}))
		read -r bc bw sc sw ec ew n <<<"$(one_round "$v")"
		echo "round $r, ${variants[v]}: $n runs; between runs CPU $bc s (wall $bw s); start CPU $sc s (wall $sw s); end CPU $ec s (wall $ew s)"
		for f in bc bw sc sw ec ew; do fig[$v.$f]+="${!f} "; done
	done
done
med() { tr ' ' '\n' <<<"$1" | sed '/^$/d' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "median of $rounds rounds (${args[*]}):"
for ((v = 0; v < ${#variants[@]}; v++)); do
	echo "  ${variants[v]}: between runs CPU $(med "${fig[$v.bc]}") s (wall $(med "${fig[$v.bw]}") s); start CPU $(med "${fig[$v.sc]}") s (wall $(med "${fig[$v.sw]}") s); end CPU $(med "${fig[$v.ec]}") s (wall $(med "${fig[$v.ew]}") s)"
done
echo "  (CPU: the runner and what it ran, fio excepted; wall: the same stretch by the clock, waits for a loaded machine's cores included; load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
