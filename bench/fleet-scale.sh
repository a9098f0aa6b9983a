#!/usr/bin/env bash
# Benchmark (issue 39 item 5): fiorank's CPU time and peak memory on a
# --hosts run of 8, 32, 128 and 512 hosts, and whether the cost per host
# stays flat (linear in hosts).
#
#   bench/fleet-scale.sh [--hosts "8 32 128 512"] [--runs R] [--keep DIR]
#
# The inputs are made from the REAL fleet run in tests/data/fleet/three
# (three test-bed guests, fio 3.41, two steps): host i of N is a replica of
# real host (i mod 3) under its own host name and serial
# (bench/fleet_replicate.py), with fio's whitespace (json+ as fio writes it,
# pretty-printed: the size a real run leaves).  Each size is timed R times
# (default 3) by /usr/bin/time -f "%U %S %M", the best CPU time kept, with
# fiorank -j 1 -f json (one parse thread: CPU time is then the work itself);
# a size below 512 hosts is run 512/N times under one timing (time's 10 ms
# resolution), its CPU divided by that (peak RSS is one run's).  Prints per size: input MB, CPU s, peak RSS MB, CPU ms and
# RSS KB per host; then the ratio of the per-host CPU cost at the largest
# size to that at the smallest (1.0: linear), and the marginal cost of one
# more host between the smallest and the largest size.
set -uo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
FIORANK=${FIORANK:-$TOP/build/fiorank}
sizes="8 32 128 512" runs=3 keep=""
while [ $# -gt 0 ]; do
	case $1 in
	--hosts) sizes=$2; shift 2 ;;
	--runs) runs=$2; shift 2 ;;
	--keep) keep=$2; shift 2 ;;
	*) echo "usage: bench/fleet-scale.sh [--hosts LIST] [--runs R] [--keep DIR]" >&2; exit 2 ;;
	esac
done
[ -x "$FIORANK" ] || { echo "bench/fleet-scale.sh: no fiorank at $FIORANK (make first)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench/fleet-scale.sh: needs /usr/bin/time (GNU time)" >&2; exit 2; }
work=${keep:-$(mktemp -d)}
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"

printf '%6s %9s %8s %9s %12s %12s %5s\n' hosts input_MB cpu_s rss_MB cpu_ms/host rss_KB/host exit
first="" last=""
for n in $sizes; do
	d=$work/h$n
	[ -d "$d" ] || python3 "$TOP/bench/fleet_replicate.py" "$TOP/tests/data/fleet/three" "$d" "$n" ||
		{ echo "bench/fleet-scale.sh: cannot make $n hosts' results" >&2; exit 1; }
	mb=$(du -cb "$d"/ng0n1/profiles/*/*.json | awk 'END { printf "%.1f", $1 / 1e6 }')
	# /usr/bin/time counts CPU in 10 ms steps: a small size is run K times
	# under one timing (K = 512 / hosts, at least 1), its CPU divided by K
	reps=$((512 / n)); [ "$reps" -ge 1 ] || reps=1
	best="" rss="" rc=""
	for _ in $(seq 1 "$runs"); do
		/usr/bin/time -o "$work/t" -f "%U %S %M" bash -c 'for _ in $(seq 1 "$1"); do "$2" -N -j 1 -f json -o "$3" "$4" 2>/dev/null || exit; done' \
			_ "$reps" "$FIORANK" "$work/r.json" "$d"
		rc=$?
		read -r u s m < <(tail -n 1 "$work/t") # after time's "Command exited..." line
		cpu=$(awk -v u="$u" -v s="$s" -v k="$reps" 'BEGIN { printf "%.4f", (u + s) / k }')
		if [ -z "$best" ] || awk -v a="$cpu" -v b="$best" 'BEGIN { exit !(a < b) }'; then best=$cpu rss=$m; fi
	done
	# the report must hold every host's row, or the timing is of nothing
	got=$(jq '.fleet.fleets[0].steps[0].dirs[0].hosts | length' "$work/r.json" 2>/dev/null)
	[ "$got" = "$n" ] || { echo "bench/fleet-scale.sh: the report of $n hosts has $got host rows" >&2; exit 1; }
	per=$(awk -v c="$best" -v n="$n" 'BEGIN { printf "%.3f", 1000 * c / n }')
	printf '%6d %9s %8s %9.1f %12s %12.0f %5s\n' "$n" "$mb" "$best" "$(awk -v m="$rss" 'BEGIN { print m / 1024 }')" \
		"$per" "$(awk -v m="$rss" -v n="$n" 'BEGIN { print m / n }')" "$rc"
	[ -n "$first" ] || first=$per first_n=$n first_cpu=$best first_rss=$rss
	last=$per last_n=$n last_cpu=$best last_rss=$rss
done
awk -v a="$first" -v b="$last" 'BEGIN { if (a > 0) printf "per-host CPU cost, largest / smallest size: %.2f (1.00: linear; below 1: the fixed start-up cost spread thinner)\n", b / a }'
# what one more host costs, the fixed start-up (reference data, report) set aside
awk -v n0="$first_n" -v n1="$last_n" -v c0="$first_cpu" -v c1="$last_cpu" -v r0="$first_rss" -v r1="$last_rss" \
	'BEGIN { if (n1 > n0) printf "marginal cost per host (%d -> %d hosts): %.3f ms CPU, %.0f KB peak RSS\n", n0, n1, 1000 * (c1 - c0) / (n1 - n0), (r1 - r0) / (n1 - n0) }'
