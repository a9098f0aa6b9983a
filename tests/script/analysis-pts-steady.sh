#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# shellcheck disable=SC2016 # jq programs name their $variables in single quotes
# fiorank pts judges the steady state itself (issue 37 item 6), on the real
# PTS runs of tests/data/fio/pts (tests/data/make-pts-fixtures.sh): the PTS
# rule recomputed from the rounds (fio's outputs of the wdpc rounds), a
# verdict file that disagrees refused and named, no merit place and exit 1
# when a test's steady state was not reached.  The edited verdict files are
# copies of the real ones with one field changed here by jq.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fx=tests/data/fio/pts
lat=target/pts-lat/steady-state.json

# the real runs: pts-hir and pts-lat did not reach steady state
check "the fixture's own verdicts: pts-hir and pts-lat NOT reached" jq -e -s \
	'map(.steady) == [false, false]' "$fx/target/pts-hir/steady-state.json" "$fx/$lat"
"$FIORANK" pts "$fx" >"$tmp/p.txt" 2>"$tmp/p.err"
check "steady state NOT reached: exit 1 (not 0)" test $? -eq 1
check "stderr names each test" grep -q "target pts-lat: steady state NOT reached" "$tmp/p.err"
check "no merit place for a test not in steady state" \
	grep -q '^not placed by 4k_65_35_mean_us: steady state not reached (PTS reports results only from the steady-state window)' "$tmp/p.txt"
"$FIORANK" pts -f json "$fx" >"$tmp/p.json" 2>/dev/null
check "the rule recomputed from fio's rounds: range as fio's round IOPS give it" jq -e -n \
	--slurpfile p "$tmp/p.json" --slurpfile r <(for i in 1 2 3 4 5; do
		jq '[.jobs[] | .read.iops + .write.iops] | add' "$fx/target/pts-lat/wdpc/ss-round$i.json"
	done | jq -s .) '($r[0] | (max - min) / add * 5 * 100) as $want |
	($p[0].tests[] | select(.test == "pts-lat") | .steady_state) as $s |
	($s.range_pct - $want | fabs) < 1e-3 and $s.rounds_from == "fio'"'"'s outputs of the rounds"'

# an edited verdict: "steady": true over rounds whose range is 115 %
cp -r "$fx" "$tmp/edited"
jq '.steady = true' "$fx/$lat" >"$tmp/edited/$lat"
"$FIORANK" pts "$tmp/edited" >"$tmp/e.txt" 2>"$tmp/e.err"
check "an edited steady: true: exit 1" test $? -eq 1
check "the edited verdict file is refused, named" grep -q \
	"steady state: verdict file $tmp/edited/$lat refused: it says reached, the rule on its rounds NOT reached" \
	"$tmp/e.txt"
check "the report does not show it reached" bash -c "! grep -q '^steady state: reached after 5 rounds; window rounds 1-5: average 444' '$tmp/e.txt'"
# an edited round: the file's rounds are not fio's
jq '.round_iops[2] = 500' "$fx/$lat" >"$tmp/edited/$lat"
"$FIORANK" pts -f json "$tmp/edited" >"$tmp/r.json" 2>/dev/null
check "an edited round: refused, naming the round and fio's figure" jq -e \
	'.tests[] | select(.test == "pts-lat") | .steady_state | .steady == false and
	 (.refused | test("refused: its round 3 is 500 IOPS, fio.s "))' "$tmp/r.json"
# an edited range only
jq '.range_pct = 10' "$fx/$lat" >"$tmp/edited/$lat"
"$FIORANK" pts -f json "$tmp/edited" >"$tmp/g.json" 2>/dev/null
check "an edited range_pct: refused" jq -e \
	'.tests[] | select(.test == "pts-lat") | .steady_state.refused | test("its range_pct is 10, the rounds give 114")' \
	"$tmp/g.json"
tap_done
