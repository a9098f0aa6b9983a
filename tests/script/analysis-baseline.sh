#!/usr/bin/env bash
# shellcheck disable=SC2016 # jq programs name their $variables in single quotes
# fiorank --baseline DIR --fail-if EXPR on real fio outputs
# (tests/data/fio/baseline, made by tests/data/make-fixtures.sh: one job file
# run before, after with the reader rate-capped, and with another block
# size): the changes equal those computed here with jq from the same fio
# JSON, a crossed threshold is flagged and exits 3, an uncrossed one exits 0,
# a malformed expression or a missing baseline is a usage error (2), a drive
# or profile on one side only and unlike runs (block size; the runner's short
# against full mode) are reported, never compared.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
B=tests/data/fio/baseline
FR=("$FIORANK" -N)

# fio's figure of one job: fig FILE JOB JQPATH
fig() { jq -r --arg j "$2" ".jobs[] | select(.jobname == \$j) | $3" "$1"; }
# the change in percent, as fiorank must compute it: pct BEFORE AFTER
pct() { jq -n --argjson b "$1" --argjson a "$2" '($a - $b) / $b * 100'; }
# same within a relative 1e-9 (both are doubles from the same figures)
near() { jq -e -n --argjson x "$1" --argjson y "$2" '($x - $y) | fabs <= (1e-9 * ($y | fabs) + 1e-9)' >/dev/null; }

# --- the figures of the change, JSON output against jq on the fio JSON
"${FR[@]}" -f json --baseline "$B/before" "$B/after" >"$tmp/gate.json" 2>"$tmp/gate.err"
check "no --fail-if: a written comparison exits 0" test $? -eq 0
row='.baseline.rows[] | select(.profile == "4k-randread" and .drive == "drive-a")'
check "4k-randread of drive-a is compared" \
	jq -e "$row | .compared == true and .status == \"compared\"" "$tmp/gate.json"
for m in "iops:.read.iops" "mean_us:.read.clat_ns.mean" \
	"p99_us:.read.clat_ns.percentile[\"99.000000\"]" \
	"p99.99_us:.read.clat_ns.percentile[\"99.990000\"]"; do
	key=${m%%:*} path=${m#*:}
	before=$(fig "$B/before/drive-a/run.json" 4k-randread@peak "$path")
	after=$(fig "$B/after/drive-a/run.json" 4k-randread@peak "$path")
	want=$(pct "$before" "$after")
	got=$(jq -r "$row | .change[\"${key%_us}_pct\"]" "$tmp/gate.json")
	check "change of $key is (after - before) / before of fio's figures ($want)" near "$got" "$want"
	[ "$key" = iops ] && iops_change=$want
	scale=1
	[ "$key" = iops ] || scale=1000
	check "baseline $key is fio's before figure" \
		near "$(jq -r "$row | .baseline[\"$key\"]" "$tmp/gate.json")" \
		"$(jq -n --argjson v "$before" --argjson s $scale '$v / $s')"
done
check "the rate cap made the reader slower (the fixture still injects a slowdown)" \
	jq -e -n --argjson c "$iops_change" '$c < -50'

# --- the gate: crossed, flagged, exit 3
"${FR[@]}" --baseline "$B/before" --fail-if 'p99.99>+1000000%,iops<-5%' "$B/after" \
	>"$tmp/gate.txt" 2>"$tmp/gate.err"
check "iops<-5% crossed exits 3" test $? -eq 3
check "the crossed metric is flagged in the text report" \
	grep -Eq '^    iops .*THRESHOLD CROSSED$' "$tmp/gate.txt"
check "an uncrossed term is not flagged" bash -c "! grep -Eq '^    p99.99 .*CROSSED' '$tmp/gate.txt'"
check "the text report prints the change to one decimal" \
	grep -Eq "^    iops .* $(printf '%.1f' "$iops_change")%" "$tmp/gate.txt"
check "stderr says the threshold was crossed" grep -q "crossed --fail-if 'p99.99>+1000000%,iops<-5%'" \
	"$tmp/gate.err"
"${FR[@]}" -f json --baseline "$B/before" --fail-if 'iops<-5%' "$B/after" >"$tmp/gate3.json" 2>/dev/null
check "JSON lists the crossed metric" jq -e "$row | .crossed == [\"iops\"]" "$tmp/gate3.json"
# how many profiles lost over 5 % of their IOPS, counted from fio's figures
want=$(jq -n --slurpfile b "$B/before/drive-a/run.json" --slurpfile a "$B/after/drive-a/run.json" \
	'[range($b[0].jobs | length) as $i | ($b[0].jobs[$i] | .read.iops + .write.iops) as $x
	  | ($a[0].jobs[$i] | .read.iops + .write.iops) as $y | select(($y - $x) / $x * 100 < -5)] | length')
check "JSON counts the crossings fio's figures make ($want)" jq -e ".baseline.crossed == $want" "$tmp/gate3.json"

# --- not crossed: exit 0
"${FR[@]}" --baseline "$B/before" --fail-if 'iops>+50%,p99.99>+1000000%' "$B/after" >/dev/null 2>&1
check "thresholds not crossed exit 0" test $? -eq 0
"${FR[@]}" --baseline "$B/before" --fail-if 'iops<-5%,p99.99>+10%' "$B/before" >"$tmp/same.txt" 2>&1
check "a run against itself exits 0" test $? -eq 0
check "a run against itself changes by +0.0%" grep -Eq '^    iops .* \+0\.0%$' "$tmp/same.txt"

# --- every format shows it
"${FR[@]}" -f csv --baseline "$B/before" --fail-if 'iops<-5%' "$B/after" >"$tmp/gate.csv" 2>/dev/null
check "CSV has the change_pct row with the crossing" \
	grep -Eq '^baseline,4k-randread,drive-a,,change_pct,.*crossed: iops' "$tmp/gate.csv"
check "CSV rows keep the header's column count" \
	bash -c "awk -F, 'NR==1{n=NF} /^baseline,/ && NF!=n {exit 1}' '$tmp/gate.csv'"
"${FR[@]}" -f html --baseline "$B/before" --fail-if 'iops<-5%' "$B/after" >"$tmp/gate.html" 2>/dev/null
check "HTML has the baseline section with the crossing" \
	bash -c "grep -q '<section class=\"baseline\">' '$tmp/gate.html' && grep -q 'threshold crossed' '$tmp/gate.html'"
"${FR[@]}" -f md --baseline "$B/before" --fail-if 'iops<-5%' "$B/after" >"$tmp/gate.md" 2>/dev/null
check "Markdown has the baseline table" grep -q '^## Against the baseline' "$tmp/gate.md"
"${FR[@]}" -f json "$B/after" >"$tmp/plain.json"
check "without --baseline the JSON has no baseline member" jq -e 'has("baseline") | not' "$tmp/plain.json"

# --- usage errors
check_fails "a malformed --fail-if says where (exit 2)" "fail-if 'p99.99>10%': at character 8: expected a signed" \
	"${FR[@]}" --baseline "$B/before" --fail-if 'p99.99>10%' "$B/after"
"${FR[@]}" --baseline "$B/before" --fail-if 'iops<-5%,' "$B/after" >/dev/null 2>&1
check "a trailing comma exits 2" test $? -eq 2
"${FR[@]}" --baseline "$B/before" --fail-if 'p99.9>+5%' "$B/after" >/dev/null 2>"$tmp/e"
check "an unknown metric exits 2 naming the metrics" \
	bash -c "test $? -eq 2 && grep -q 'expected a metric (iops, mbps, mean, p99 or p99.99)' '$tmp/e'"
check_fails "--fail-if without --baseline is a usage error" 'needs --baseline' \
	"${FR[@]}" --fail-if 'iops<-5%' "$B/after"
"${FR[@]}" --baseline /nonexistent/base "$B/after" >"$tmp/out" 2>"$tmp/e"
check "a missing baseline directory exits 2" test $? -eq 2
check "it is named with the reason" grep -q -- '--baseline /nonexistent/base: No such file' "$tmp/e"
check "and nothing is printed on stdout" test ! -s "$tmp/out"
mkdir -p "$tmp/empty"
check_fails "a baseline with no fio output is a usage error" 'no fio output could be read' \
	"${FR[@]}" --baseline "$tmp/empty" "$B/after"

# --- one side only: reported, never matched to something else
mkdir -p "$tmp/other/drive-b"
cp "$B/after/drive-a/run.json" "$tmp/other/drive-b/run.json"
"${FR[@]}" -f json --baseline "$B/before" --fail-if 'iops<-5%' "$tmp/other" >"$tmp/other.json" 2>"$tmp/other.err"
check "another drive is not compared: the gate cannot decide (exit 4, not 3 or 0)" test $? -eq 4
check "stderr says nothing was compared" grep -q "cannot decide --fail-if 'iops<-5%': nothing was compared" "$tmp/other.err"
check "JSON verdict is cannot decide" jq -e '.baseline.verdict == "cannot decide"' "$tmp/other.json"
"${FR[@]}" -f json --baseline "$B/before" "$tmp/other" >/dev/null 2>&1
check "without --fail-if the same is exit 1 (not compared, no gate)" test $? -eq 1
check "drive-b is reported as not in the baseline" jq -e \
	'[.baseline.rows[] | select(.drive == "drive-b") | .status] | unique == ["not compared: not in the baseline"]' \
	"$tmp/other.json"
check "drive-a is reported as in the baseline only" jq -e \
	'[.baseline.rows[] | select(.drive == "drive-a") | .status] | unique == ["not compared: in the baseline only"]' \
	"$tmp/other.json"
check "nothing was compared" jq -e '.baseline.compared == 0 and .baseline.crossed == 0' "$tmp/other.json"
mkdir -p "$tmp/oneprof/drive-a"
jq 'del(.jobs[] | select(.jobname == "4k-randwrite@peak"))' "$B/after/drive-a/run.json" \
	>"$tmp/oneprof/drive-a/run.json"
"${FR[@]}" --baseline "$B/before" "$tmp/oneprof" >"$tmp/oneprof.txt" 2>&1
check "a profile missing from the inputs exits 1" test $? -eq 1
check "it is reported as in the baseline only" \
	grep -q '^  curve 4k-randwrite@peak / drive-a: not compared: in the baseline only' "$tmp/oneprof.txt"
check "the other profile is still compared" grep -q '^  curve 4k-randread@peak / drive-a: compared' "$tmp/oneprof.txt"

# --- unlike runs: the same job name with another block size
"${FR[@]}" -f json --baseline "$B/before" --fail-if 'mean>+1000000%' "$B/unlike" >"$tmp/unlike.json"
check "unlike runs are not gated (exit 1)" test $? -eq 1
check "4k-randread is reported unlike, naming bs" jq -e \
	"$row | .status == \"not compared: unlike runs\" and (.unlike | test(\"bs 8k here, 4k in the baseline\")) and (has(\"change\") | not)" \
	"$tmp/unlike.json"
check "4k-randwrite ran alike and is compared" jq -e \
	'.baseline.rows[] | select(.profile == "4k-randwrite") | .compared' "$tmp/unlike.json"

# --- unlike runs: the runner's short mode against its full mode (manifest)
cp -r tests/data/fio/results "$tmp/short"
cp -r tests/data/fio/results "$tmp/full"
jq '.mode = "full"' tests/data/fio/results/manifest.json >"$tmp/full/manifest.json"
check "the fixture's runner mode is short" jq -e '.mode == "short"' "$tmp/short/manifest.json"
"${FR[@]}" -f json --baseline "$tmp/full" "$tmp/short" >"$tmp/mode.json" 2>/dev/null
check "short against full mode exits 1" test $? -eq 1
check "every pair is unlike, naming the runner mode" jq -e \
	'.baseline.compared == 0 and ([.baseline.rows[] | .unlike] | unique == ["runner mode short here, full in the baseline"])' \
	"$tmp/mode.json"
"${FR[@]}" -f json --baseline "$tmp/short" "$tmp/short" >"$tmp/mode2.json" 2>/dev/null
check "the same mode compares every pair" jq -e '.baseline.not_compared == 0 and .baseline.compared > 0' \
	"$tmp/mode2.json"

check "--help documents exit status 3" bash -c "'$FIORANK' --help | grep -q '^  3  with --baseline'"
tap_done
