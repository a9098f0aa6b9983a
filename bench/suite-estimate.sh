#!/usr/bin/env bash
# Benchmark: how close jobs/ssdnvme-suite --dry-run's duration estimate comes
# to the real run, in the emulated test bed.
#
#   bench/suite-estimate.sh [SUITE ARGS...]
#
# Boots the test bed once; inside it runs the dry run, then the same suite
# for real on /dev/ng0n1 (default: --suite profiles --short --profiles basic,
# 20 runs), and prints the estimate, the wall time of the real run and the
# estimate's error in %.  Not a test: nothing is asserted (the test bed's
# speed depends on what else the host runs); the figures go into the report.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP"
args=("$@")
[ ${#args[@]} -gt 0 ] || args=(--suite profiles --short --profiles basic)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The guest's command: dry run, real run, the two figures on stdout.
guest='
	set -u
	S=(jobs/ssdnvme-suite --yes-destroy deadbeef "$@")
	est=$("${S[@]}" --dry-run --results "$OUT/r" /dev/ng0n1 | sed -n "s/^estimated duration: \([0-9hms]*\) .*/\1/p")
	t0=$EPOCHREALTIME
	"${S[@]}" --results "$OUT/r" /dev/ng0n1 >"$OUT/run.log" 2>&1
	rc=$?
	echo "estimate=$est real=$(awk -v a="$t0" -v b="$EPOCHREALTIME" "BEGIN { printf \"%d\", b - a }") rc=$rc"
'
line=$(tests/vm/run --timeout 3000 --out "$out" -- bash -c "$guest" bash "${args[@]}" | tail -n 1)
echo "$line"
est=$(sed -n 's/.*estimate=\([0-9hms]*\) .*/\1/p' <<<"$line")
real=$(sed -n 's/.* real=\([0-9]*\) .*/\1/p' <<<"$line")
est_s=$(awk -v t="$est" 'BEGIN { s = 0; n = ""
	for (i = 1; i <= length(t); i++) { c = substr(t, i, 1)
		if (c ~ /[0-9]/) n = n c; else { s += n * (c == "h" ? 3600 : c == "m" ? 60 : 1); n = "" } }
	print s }')
echo "suite ${args[*]}: estimated ${est_s} s, real ${real} s, error $(awk -v e="$est_s" -v r="$real" 'BEGIN { printf "%+.1f %%", 100 * (e - r) / r }')"
