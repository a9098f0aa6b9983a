#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# The gate's verdict-level confidence, checked by brute force (issue 37 item
# 2): bench/gate_noise.py makes synthetic runs from a real fio output (the
# runner's 4k-randread peak step, tests/data/fio/gate/rerun/run1), 3 + 3
# runs per gate, every figure of every step of every run with its own noise
# (3 % run-to-run spread, percentiles 10 % more), and counts how many gates
# fail (exit 3):
# - on pure noise, for curves of 1, 10 and 50 steps, with thresholds the
#   noise crosses often (every term at 1 %: each step's own envelope test
#   then fires on most curves); the report states 95.0 % confidence, so at
#   most 5 % of these gates may fail;
# - with a real -20 % IOPS change of every step of the new runs (3 % spread,
#   'iops<-5%,p99>+10%,p99.99>+10%'): at least 90 % must fail.
#
#   bench/gate-noise.sh [--trials N] [--fiorank FIORANK]
#
# Prints one line per case; exits 1 when a false-alarm rate's 95 % interval
# lies wholly above 5 % or the detection rate is under 90 %.  About 5 minutes
# with 400 trials.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib.sh"
trials=400
while [ $# -gt 0 ]; do
	case $1 in
	--trials) trials=$2; shift 2 ;;
	--fiorank) FIORANK=$2; shift 2 ;;
	*) echo "usage: $0 [--trials N] [--fiorank FIORANK]" >&2; exit 2 ;;
	esac
done
src=$TOP/tests/data/fio/gate/rerun/run1/ng0n1/profiles/4k-randread/peak.json
NOISE=(python3 "$TOP/bench/gate_noise.py" --fiorank "$FIORANK" --source "$src" --trials "$trials")
bad=0
for steps in 1 10 50; do
	line=$("${NOISE[@]}" --steps "$steps" --terms 'iops<-1%,mean>+1%,p99>+1%,p99.99>+1%')
	echo "$line"
	# the interval's lower end above 5 %: the rate is above the stated level
	lo=$(sed -n 's/.*interval \([0-9.]*\)\.\..*/\1/p' <<<"$line")
	awk -v lo="$lo" 'BEGIN { exit !(lo > 5) }' && bad=1
done
line=$("${NOISE[@]}" --steps 10 --shift -20 --terms 'iops<-5%,p99>+10%,p99.99>+10%')
echo "$line"
rate=$(sed -n 's/^detection rate \([0-9.]*\) %.*/\1/p' <<<"$line")
awk -v r="$rate" 'BEGIN { exit !(r < 90) }' && bad=1
exit $bad
