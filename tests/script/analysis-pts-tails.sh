#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# shellcheck disable=SC2016 # jq programs name their $variables in single quotes
# Steady state judged on tails (issue 41 item 5), on the real PTS runs of
# tests/data/fio/pts and pts-matrix (tests/data/make-pts-fixtures.sh,
# file-backed runs of the runner): fiorank pts' p99 and p99.99 per round
# are recomputed here from each round's raw fio json+ bins (pct_from_bins,
# tests/lib.sh; the IOPS and throughput tests' tracking steps) and a range
# from those; pts-dirth's rounds are steady on IOPS but not on
# p99.99, which the per-measure table says.  The verdict files naming
# --ss-measures are copies of the real ones with the fields the runner adds
# (measures, tails) written here by jq.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fx=tests/data/fio/pts
dirth=target/pts-dirth/steady-state.json

"$FIORANK" pts -f json "$fx" >"$tmp/p.json" 2>/dev/null
for t in pts-hir pts-dirth pts-lat; do
	want=$(for r in 1 2 3 4 5; do pct_from_bins 99 99.99 <"$fx/target/$t/wdpc/ss-round$r.json"; done | jq -s -c .)
	check "$t: p99 and p99.99 per round are the rounds' fio bins' ($want)" jq -e --arg t "$t" --argjson w "$want" '
		.tests[] | select(.test == $t) | .steady_state.measures as $m |
		$m[1].measure == "p99" and $m[2].measure == "p99.99" and
		[range(0; 5) | [$m[1].round_values[.], $m[2].round_values[.]]] == $w' "$tmp/p.json"
done
# the IOPS and throughput tests: a round's tails are its tracking step's
mx=tests/data/fio/pts-matrix
"$FIORANK" pts -f json "$mx" >"$tmp/m.json" 2>/dev/null
for tp in "pts-iops null 4k-r0" "pts-tp 128k 128k-r0" "pts-tp 1024k 1024k-r0"; do
	read -r t part step <<<"$tp"
	want=$(for r in 1 2 3; do pct_from_bins 99 99.99 <"$mx/target/$t/round$r/$step.json"; done | jq -s -c .)
	check "$t ${part/null/}: each round's tails are its $step step's bins' ($want)" jq -e --arg t "$t" --arg p "$part" --argjson w "$want" '
		.tests[] | select(.test == $t and ((.part // "null") == $p)) | .steady_state.measures as $m |
		[range(0; 3) | [$m[1].round_values[.], $m[2].round_values[.]]] == $w' "$tmp/m.json"
done
check "pts-dirth: p99.99's range is the window's (max - min) / average from the bins" jq -e '
	.tests[] | select(.test == "pts-dirth") | .steady_state.measures[2] as $m |
	($m.round_values | (max - min) / add * 5 * 100) as $want | ($m.range_pct - $want | fabs) < 1e-6'  "$tmp/p.json"
check "pts-dirth: IOPS steady, p99.99 NOT (range over 20 %), only IOPS chosen" jq -e '
	.tests[] | select(.test == "pts-dirth") | .steady_state |
	[.measures[] | [.measure, .steady, .chosen]] == [["iops", true, true], ["p99", false, false], ["p99.99", false, false]] and
	.steady_measures == "iops" and .chosen_steady' "$tmp/p.json"
"$FIORANK" pts "$fx" >"$tmp/p.txt" 2>/dev/null
check "text: the per-measure table says p99.99 NOT reached beside IOPS reached" bash -c "
	grep -A4 '^steady state per measure' '$tmp/p.txt' | grep -Eq '^ +iops +yes +5 +1-5 .*reached' &&
	grep -A4 '^steady state per measure' '$tmp/p.txt' | grep -Eq '^ +p99\\.99 +no +5 +1-5 .*NOT reached'"
check "text: the ranking says which measures were steady" \
	grep -q '^place by max_point_iops: 1 of 1 drives in steady state (PTS reports results only from the steady-state window) (steady measures: iops)$' "$tmp/p.txt"
check "JSON: a tail convergence chart with each tail per round and its window lines" jq -e '
	.tests[] | select(.test == "pts-dirth") | .charts[] | select(.name == "tail convergence") |
	[.series[].name] | index("p99 per round") != null and index("p99.99 per round") != null and
	index("p99.99 window average") != null and index("p99 least-squares slope") != null' "$tmp/p.json"
"$FIORANK" pts -f csv "$fx" >"$tmp/p.csv" 2>/dev/null
check "CSV: the per-measure table's p99.99 verdict" \
	grep -q '^target,pts-dirth,steady state per measure (PTS window rule on each),p99.99,steady state,NOT reached$' "$tmp/p.csv"
"$FIORANK" pts -f html -o "$tmp/p.html" "$fx" 2>/dev/null
check "HTML: the per-measure table and the tail chart" bash -c "
	grep -q 'steady state per measure' '$tmp/p.html' && grep -q 'tail convergence' '$tmp/p.html' &&
	grep -q '<li>steady measures: iops</li>' '$tmp/p.html'"

# the runner waited for iops and p99.99 (as --ss-measures iops,p99.99 writes it)
cp -r "$fx" "$tmp/c"
jq '. + {measures: ["iops", "p99.99"], tails: {"p99.99": {steady: false}}}' "$fx/$dirth" >"$tmp/c/$dirth"
"$FIORANK" pts "$tmp/c" >"$tmp/c.txt" 2>"$tmp/c.err"
check "chosen p99.99 NOT steady: exit 1, stderr names pts-dirth" bash -c "
	test $? -eq 1 && grep -q 'target pts-dirth: steady state NOT reached' '$tmp/c.err'"
check "chosen p99.99 NOT steady: no place, the steady measures said" \
	grep -q '^not placed by max_point_iops: steady state not reached (PTS reports results only from the steady-state window) (steady measures: iops)$' "$tmp/c.txt"
# a verdict file whose word on a chosen tail is not the bins'
jq '. + {measures: ["iops", "p99.99"], tails: {"p99.99": {steady: true}}}' "$fx/$dirth" >"$tmp/c/$dirth"
"$FIORANK" pts -f json "$tmp/c" >"$tmp/r.json" 2>/dev/null
check "a tail said steady against its bins: refused, named" jq -e '
	.tests[] | select(.test == "pts-dirth") | .steady_state | .steady == false and
	(.refused | test("refused: it says p99.99 reached, fio.s bins of its rounds NOT reached"))' "$tmp/r.json"
jq '. + {measures: ["iops", "p95"]}' "$fx/$dirth" >"$tmp/c/$dirth"
"$FIORANK" pts -f json "$tmp/c" >"$tmp/u.json" 2>/dev/null
check "an unknown measure in the verdict file: refused, named" jq -e '
	.tests[] | select(.test == "pts-dirth") | .steady_state.refused | test("its measures name .p95., not iops, p99 or p99.99")' \
	"$tmp/u.json"
jq '. + {measures: "iops"}' "$fx/$dirth" >"$tmp/c/$dirth"
"$FIORANK" pts -f json "$tmp/c" >"$tmp/l.json" 2>/dev/null
check "measures that are not a list in the verdict file: refused, named (fiorank aborted on it)" jq -e '
	.tests[] | select(.test == "pts-dirth") | .steady_state.refused | test("its measures are not a list")' \
	"$tmp/l.json"

# --tails: the runner's figures, the same as the pages'
f=$fx/target/pts-lat/wdpc/ss-round3.json
check "--tails prints the bins' p99 and p99.99 of one round" test \
	"$("$FIORANK" pts --tails "$f")" = "$(pct_from_bins 99 99.99 <"$f" | jq -r 'map(tostring) | join(" ")')"
"$FIORANK" pts --tails "$fx/target" >"$tmp/t.out" 2>"$tmp/t.err"
check "--tails of a directory: exit 2, one line, nothing on stdout" bash -c "
	test $? -eq 2 && test \$(wc -l <'$tmp/t.err') -eq 1 && grep -q 'not a readable regular file' '$tmp/t.err' && test ! -s '$tmp/t.out'"
"$FIORANK" pts --tails "$fx/manifest.json" >"$tmp/t.out" 2>"$tmp/t.err"
check "--tails of a file without bins: exit 2, said" bash -c "
	test $? -eq 2 && grep -q 'no fio json+ completion-latency bins' '$tmp/t.err' && test ! -s '$tmp/t.out'"
tap_done
