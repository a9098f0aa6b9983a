#!/usr/bin/env bash
# Benchmark: the suite runner's own time between runs (issue 22: <= 0.5 s).
#
#   bench/suite-overhead.sh [ROUNDS] [SUITE ARGS...]
#
# Runs jobs/ssdnvme-suite on a 64 MiB file (default: --suite profiles
# --short --profiles basic --runtime 1 --ramp 0 --engine io_uring, 20 runs)
# through a fio wrapper that logs when each fio starts and ends.  The
# runner's own time is the wall time minus fio's: "between runs" is from one
# fio's end to the next one's start, averaged; "start" is from the runner's
# start to the first fio, "end" from the last fio's end to the runner's exit
# (the ranking).  ROUNDS rounds (default 3), the median of each figure.
# Also prints the runner's CPU time (user + sys of the runner and its
# children, fio excepted) per run.  Nothing is asserted: the figures go
# into the report.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP"
rounds=${1:-3}
shift || true
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--suite profiles --short --profiles basic --runtime 1 --ramp 0 --engine io_uring)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fio=${FIO_BIN:-$TOP/build/fio}
cat >"$tmp/fio" <<EOF
#!/usr/bin/env bash
s=\$EPOCHREALTIME
'$fio' "\$@"
rc=\$?
case " \$* " in *" --output="*) echo "\$s \$EPOCHREALTIME \$(awk '{ print \$14 + \$15 + \$16 + \$17 }' /proc/\$\$/stat)" >>'$tmp/fio.times' ;; esac
exit \$rc
EOF
chmod +x "$tmp/fio"
truncate -s 64M "$tmp/target"
between=() start=() end=() cpu=()
for ((r = 1; r <= rounds; r++)); do
	rm -rf "$tmp/r" "$tmp/fio.times"
	t0=$EPOCHREALTIME
	/usr/bin/time -f '%U %S' -o "$tmp/time" jobs/ssdnvme-suite --fio "$tmp/fio" "${args[@]}" \
		--yes-destroy "$tmp/target" --results "$tmp/r" "$tmp/target" >/dev/null 2>&1
	t1=$EPOCHREALTIME
	read -r b s e c < <(awk -v t0="$t0" -v t1="$t1" -v hz="$(getconf CLK_TCK)" -v cpu="$(cat "$tmp/time")" '
		{ st[NR] = $1; en[NR] = $2; fcpu += $3 / hz }
		END {
			for (i = 2; i <= NR; i++) gap += st[i] - en[i - 1]
			split(cpu, c, " ")
			printf "%.3f %.3f %.3f %.3f\n", gap / (NR - 1), st[1] - t0, t1 - en[NR], (c[1] + c[2] - fcpu) / NR
		}' "$tmp/fio.times")
	n=$(wc -l <"$tmp/fio.times")
	echo "round $r: $n runs; between runs $b s, start $s s, end $e s; runner CPU $c s per run"
	between+=("$b") start+=("$s") end+=("$e") cpu+=("$c")
done
med() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
echo "median of $rounds rounds (${args[*]}): between runs $(med "${between[@]}") s, start $(med "${start[@]}") s, end $(med "${end[@]}") s, runner CPU $(med "${cpu[@]}") s per run"
