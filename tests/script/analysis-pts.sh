#!/usr/bin/env bash
# fiorank pts (issue 27) on the real fio output of the five PTS suites
# (tests/data/fio/pts, made by tests/data/make-pts-fixtures.sh): each
# figure recomputed here with jq/awk from fio's JSON and logs, the four
# formats, the places of two drives, and a directory that is not a result.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fx=tests/data/fio/pts
d=$fx/target
"$FIORANK" pts -f json "$fx" >"$tmp/p.json"
check "fiorank pts -f json: exit 0, the five tests in order" \
	jq -e '.schema == "fiorank-pts/1" and [.tests[].test] == ["pts-wsat", "pts-hir", "pts-xsr", "pts-dirth", "pts-lat"]' "$tmp/p.json"
t() { jq --arg t "$1" '.tests[] | select(.test == $t)' "$tmp/p.json"; }
# The page leads with how it was made and the specification (issue 38):
# fiorank's version as --version says it, a UTC date, the command as typed.
ver=$("$FIORANK" --version | cut -d' ' -f2)
"$FIORANK" pts "$fx" >"$tmp/made.txt"
check "text: the report leads with fiorank's version, the date, the command and the PTS version" bash -c "
	head -n 3 '$tmp/made.txt' | grep -qx 'report: fiorank $ver, [0-9]\{4\}-[0-9][0-9]-[0-9][0-9]T[0-9:]*Z' &&
	sed -n 2p '$tmp/made.txt' | grep -qxF 'command: $FIORANK pts $fx' &&
	sed -n 3p '$tmp/made.txt' | grep -q '^specification: SNIA .*(PTS) 2\.0'"
# Figures as a page prints them (issue 38: 6.71089e+07, 76.7745): no
# exponent, at most two decimals from 1 up, three significant digits
# below 1 ("99.999 %" is a percentile's name, not a figure).
"$FIORANK" pts -f html "$fx" >"$tmp/made.html"
for pg in made.txt made.html; do
	long=$(python3 - "$tmp/$pg" <<'PY'
import re, sys
t = re.sub(r"<svg.*?</svg>|<style.*?</style>", "", open(sys.argv[1]).read(), flags=re.S)
t = t.replace("99.999", "")
bad = re.findall(r"(?<![\w.])(?:\d+(?:\.\d+)?e[+-]\d+|[1-9]\d*\.\d{3,}|0\.0*[1-9]\d{3,})(?![\w.])", t)
print(" ".join(bad[:5]) if bad else "none")
PY
)
	check "$pg: figures printed for reading (too long: $long)" test "$long" = none
done
check "JSON: the same in \"report\"" jq -e --arg v "$ver" --arg c "$FIORANK pts -f json $fx" \
	'.report.fiorank == $v and .report.command == $c and (.report.date | test("^[0-9]{4}-")) and (.report.specification | test("PTS\\) 2\\.0"))' "$tmp/p.json"
# near A B: equal within a millionth
near() { awk -v a="$1" -v b="$2" 'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b; exit !(d <= 1e-6 * m + 1e-9) }'; }

# WSAT: total GB written from fio's io_bytes; IOPS per second summed over the jobs' logs
want=$(jq '.jobs[0].write.io_bytes / 1e9' "$d/pts-wsat/wsat/wsat.json")
check "WSAT: total GB written is fio's io_bytes" near "$(t pts-wsat | jq .figures.tgbw_gb)" "$want"
sums=$(awk -F', ' '{ s[int($1 / 1000 + 0.5)] += $2; n[int($1 / 1000 + 0.5)]++ } END { for (k in s) if (n[k] == 4) print k, s[k] }' \
	"$d"/pts-wsat/wsat/wsat_iops.[1-4].log | sort -n | awk '{print $2}' | tr '\n' ' ')
got=$(t pts-wsat | jq -r '.charts[] | select(.name == "IOPS vs time") | .series[0].y | map(tostring) | join(" ")')
check "WSAT: IOPS against time are the logs' per-second sums over the 4 jobs (${got})" test "$got " = "$sums"
check "WSAT: the header names the test's load and the purge" bash -c "t() { jq '.tests[0].header' '$tmp/p.json'; }
	t | jq -e '.threads == \"4\" and .queue_depth == \"32\" and (.purge | startswith(\"none\")) and .wipc == \"none\"'"

# HIR: each burst's IOPS is its run's fio IOPS
want=$(for f in "$d"/pts-hir/ws1/b[12].json "$d"/pts-hir/ws2/b[12].json; do jq '.jobs[0].write.iops' "$f"; done | tr '\n' ' ')
got=$(t pts-hir | jq -r '.charts[] | select(.name == "IOPS per burst") | [.series[].y[]] | map(tostring) | join(" ")')
check "HIR: the bursts' IOPS, in order, are fio's" test "$got " = "$want"
check "HIR: the baseline column is the baseline run's IOPS" near \
	"$(t pts-hir | jq '.tables[0].rows[1][5]')" "$(jq '.jobs[0].write.iops' "$d/pts-hir/ws2/base.json")"
check "HIR: the workload-dependent rounds and their verdict" bash -c "
	jq -e '.tests[1] | .steady_state.rounds == 5 and (.header.wdpc | startswith(\"rounds of 4k randwrite, 4 jobs x QD 32\"))' '$tmp/p.json'"

# XSR: segment means from fio's bw_bytes
bad=""
for i in 0 1 2; do
	s=$(t pts-xsr | jq -r ".tables[0].rows[$i][0]")
	near "$(t pts-xsr | jq ".tables[0].rows[$i][3]")" "$(jq '.jobs[0].write.bw_bytes / 1e6' "$d/pts-xsr/xsr/$s.json")" || bad+=" $s"
done
check "XSR: seq1, rand, seq2 mean MB/s are fio's${bad:+ (not:$bad)}" test -z "$bad" -a "$(t pts-xsr | jq -r '[.tables[0].rows[][0]] | join(",")')" = seq1,rand,seq2

# DIRTH: operating points and steps from fio
got=$(t pts-dirth | jq -r '[.tables[1].rows[] | "\(.[0])=\(.[1])"] | join(" ")')
want=$(for p in max mid min; do printf '%s=%s ' $p "$(jq -r '.jobs[0].jobname | sub(".*-"; "")' "$d/pts-dirth/histogram/$p.json")"; done)
check "DIRTH: the operating points are the histogram runs' ($got)" test "$got " = "$want"
check "DIRTH: the figure of merit is the max point's IOPS (fio's read + write)" near \
	"$(t pts-dirth | jq .figures.max_point_iops)" "$(jq '.jobs[0].read.iops + .jobs[0].write.iops' "$d/pts-dirth/histogram/max.json")"
check "DIRTH: each histogram's shares add up to 100 %" bash -c "
	jq -e '[.tests[3].charts[] | select(.name | startswith(\"response-time histogram\")) | .series[0].y | add] | length == 3 and all(. > 99.999 and . < 100.001)' '$tmp/p.json'"

# LAT: mean over both directions by I/Os; the five nines are fio's own for pure reads and writes
bad=""
for s in 4k-r0 4k-r65 4k-r100 8k-r100; do
	f=$d/pts-lat/lat/$s.json
	row=$(t pts-lat | jq -c --arg s "$s" '.tables[0].rows[] | select(.[0] == $s)')
	mean=$(jq '[.jobs[0].read, .jobs[0].write | select(.total_ios > 0)] | (map(.total_ios * .clat_ns.mean) | add) / (map(.total_ios) | add) / 1000' "$f")
	near "$(jq '.[2]' <<<"$row")" "$mean" || bad+=" $s:mean"
	case $s in *-r0 | *-r100)
		p=$(jq '[.jobs[0].read, .jobs[0].write | select(.total_ios > 0)][0].clat_ns | [.percentile["99.999000"], .max] | min / 1000' "$f")
		near "$(jq '.[4]' <<<"$row")" "$p" || bad+=" $s:p99.999" ;;
	esac
done
check "LAT: mean, and the 99.999th of pure reads and writes, are fio's${bad:+ (not:$bad)}" test -z "$bad"

# formats
"$FIORANK" pts "$fx" >"$tmp/p.txt"
check "text: one page per test, with header, steady state and the figures" bash -c "
	test \$(grep -c '^== SNIA PTS pts-' '$tmp/p.txt') -eq 5 && grep -q '^  purge  *none' '$tmp/p.txt' &&
	grep -q '^steady state: .* after 5 rounds' '$tmp/p.txt' && grep -q '^figure final_iops: ' '$tmp/p.txt'"
"$FIORANK" pts -f csv "$fx" >"$tmp/p.csv"
check "CSV: a header and one line per figure and cell, six fields each" bash -c "
	head -n 1 '$tmp/p.csv' | grep -qx 'drive,test,table,row,column,value' &&
	grep -q '^target,pts-lat,latency,4k-r65,mean (us),[0-9.]*$' '$tmp/p.csv'"
"$FIORANK" pts -f html -o "$tmp/p.html" "$fx"
check "HTML: five pages, each with its header table and SVG charts" bash -c "
	test \$(grep -c '<section class=\"pts-page\">' '$tmp/p.html') -eq 5 && test \$(grep -c '<path class=\"series\"' '$tmp/p.html') -ge 12"
# the charts on the ranking report's axes and legend (chart/plot.h), and
# PTS's steady-state plot: the measurement window shaded (rounds 1-5 of the
# fixture's five), its average, +-10 % and slope as dashed guides
check "HTML: the steady-state plots shade the window and draw average, +-10 % and slope" python3 - "$tmp/p.html" <<'PY'
import re, sys
h = open(sys.argv[1]).read()
svgs = re.findall(r"<figure><figcaption>(?:steady-state|tail) convergence.*?</figure>", h, re.S)
ok = len(svgs) >= 2
for s in svgs:
    guides = re.findall(r'<path class="guide"', s)
    band = re.search(r'<rect class="band"[^>]*><title>PTS measurement window: x 1 to 5</title>', s)
    names = re.findall(r'class="name"[^>]*><tspan[^>]*>([^<]*)', s)
    want = 4 if "tail convergence" not in s[:80] else 8
    ok = ok and band and len(guides) == want and '<g class="legend"' in s and \
        any(n.endswith("least-squares slope") for n in names) and 'class="axes y"' in s
sys.exit(0 if ok else 1)
PY

# two drives: the slower WSAT is placed second
cp -r "$fx" "$tmp/b"
mv "$tmp/b/target" "$tmp/b/slow"
jq '.drives[0].label = "slow" | .runs |= map(.drive = "slow" | .output |= sub("^target/"; "slow/"))' "$fx/manifest.json" >"$tmp/b/manifest.json"
for f in "$tmp"/b/slow/pts-wsat/wsat/wsat_iops.*.log; do awk -F', ' -v OFS=', ' '{ $2 = int($2 / 2) } 1' "$f" >"$f.x" && mv "$f.x" "$f"; done
check "two drives: each ranked by WSAT's final IOPS" bash -c "
	'$FIORANK' pts -f json '$fx' '$tmp/b' | jq -e '[.tests[] | select(.test == \"pts-wsat\") | \"\(.drive)=\(.merit.place)\"] == [\"target=1\", \"slow=2\"]'"
# ---- the IOPS and throughput tests (tests/data/fio/pts-matrix: 3 rounds)
mx=tests/data/fio/pts-matrix
md=$mx/target
"$FIORANK" pts -f json "$mx" >"$tmp/m.json"
check "IOPS and throughput: one IOPS page, one throughput page per block size" \
	jq -e '[.tests[] | "\(.test) \(.part)"] == ["pts-iops null", "pts-tp 128k", "pts-tp 1024k"]' "$tmp/m.json"
mi() { jq '.tests[0]' "$tmp/m.json"; }
check "IOPS: the columns are the mixes that ran (read/write, as PTS orders them), the rows the block sizes, smallest first" \
	jq -e '.tests[0].tables[0] | .columns == ["block size", "0/100", "65/35", "100/0"] and [.rows[][0]] == ["512", "4k", "64k", "1024k"]' "$tmp/m.json"
# each cell: the step's read + write IOPS averaged over rounds 1-3, from fio's JSON
bad="" n=0
for bs in 512 4k 64k 1024k; do
	for c in 1:0 2:65 3:100; do
		want=$(jq -s 'map(.jobs[0] | .read.iops + .write.iops) | add / length' "$md"/pts-iops/round[123]/"$bs-r${c#*:}".json)
		got=$(mi | jq --arg b "$bs" --argjson c "${c%:*}" '.tables[0].rows[] | select(.[0] == $b) | .[$c]')
		near "$got" "$want" || bad+=" $bs-r${c#*:}"
		n=$((n + 1))
	done
done
check "IOPS: each of the $n cells is its step's fio IOPS averaged over the window's 3 rounds${bad:+ (not:$bad)}" test -z "$bad"
check "IOPS: the figure of merit is the 4 KiB 0/100 cell, the window rounds 1-3, said NOT steady" bash -c "
	jq -e '.tests[0] | .merit.name == \"4k_0_100_iops\" and .merit.value == (.tables[0].rows[1][1]) and
		.figures.window_first_round == 1 and .figures.window_last_round == 3 and .steady_state.steady == false and
		(.header.wdpc | startswith(\"the test\")) and .header.threads == \"4\" and .header.queue_depth == \"32\"' '$tmp/m.json'"
bad=""
for b in 128k 1024k; do
	for c in 100:read 0:write; do
		want=$(jq -s --arg d "${c#*:}" 'map(.jobs[0][$d].bw_bytes / 1e6) | add / length' "$md"/pts-tp/round[123]/"$b-r${c%:*}".json)
		got=$(jq --arg b "$b" --arg d "${c#*:}" '.tests[] | select(.part == $b) | .figures[$d + "_mbps"]' "$tmp/m.json")
		near "$got" "$want" || bad+=" $b-${c#*:}"
	done
done
check "throughput: read and write MB/s per block size are fio's, averaged over the 3 rounds${bad:+ (not:$bad)}" test -z "$bad"
check "throughput: each block size's own WIPC and steady-state rounds (its write step's IOPS)" bash -c "
	jq -e '[.tests[1,2] | .header.wipc] == [\"2 x capacity, 128k sequential writes\", \"2 x capacity, 1024k sequential writes\"]' '$tmp/m.json' &&
	test \"\$(jq -c '.tests[2].steady_state.round_iops | map(round)' '$tmp/m.json')\" = \
		\"\$(jq -s -c 'map(.jobs[0].write.iops | round)' '$md'/pts-tp/round[123]/1024k-r0.json)\""
# a step missing from one round of the window: its cell is not printed
cp -r "$mx" "$tmp/gap"
jq '(.runs[] | select(.output | endswith("round2/4k-r65.json")) | .status) = "failed"' "$mx/manifest.json" >"$tmp/gap/manifest.json"
check "IOPS: a cell whose step failed in one round of the window is left empty, the others kept" bash -c "
	'$FIORANK' pts -f json '$tmp/gap' | jq -e '.tests[0].tables[0].rows[1] | .[2] == null and .[1] != null and .[3] != null'"
"$FIORANK" pts -f csv "$mx" >"$tmp/m.csv"
check "CSV: the IOPS table's cells and the throughput pages' figures" bash -c "
	grep -q '^target,pts-iops,IOPS (read/write mix). mean of the steady-state window,4k,0/100,[0-9.]*\$' '$tmp/m.csv' ||
	grep -q '^target,pts-iops,\"IOPS (read/write mix), mean of the steady-state window\",4k,0/100,[0-9.]*\$' '$tmp/m.csv'"
"$FIORANK" pts "$mx" >"$tmp/m.txt"
check "text: the throughput pages are named by block size" bash -c "
	grep -q '^== SNIA PTS pts-tp 128k: target ==' '$tmp/m.txt' && grep -q '^== SNIA PTS pts-tp 1024k: target ==' '$tmp/m.txt'"
# The convergence chart draws what PTS's steady-state plot does (issue 38),
# from the runner's verdict: across the measurement window its average,
# the average +-10 % and the least-squares line (the verdict's slope
# through the window's middle round at the average).
conv=$(jq -n --slurpfile v "$d/pts-hir/steady-state.json" --slurpfile r "$tmp/p.json" '
	$v[0] as $v | ($v.first_round) as $a | ($a + $v.window - 1) as $b | (($a + $b) / 2) as $m |
	def near($x; $y): ($x - $y | fabs) <= 1e-6 * ($y | fabs) + 1e-9;
	def line($s; $y0; $y1): $s.x == [$a, $b] and near($s.y[0]; $y0) and near($s.y[1]; $y1);
	[$r[0].tests[] | select(.test == "pts-hir") | .charts[] | select(.name == "steady-state convergence")][0] as $c |
	($c.series | map({(.name): .}) | add) as $s |
	line($s["window average"]; $v.average; $v.average) and
	line($s["average +10 %"]; 1.1 * $v.average; 1.1 * $v.average) and
	line($s["average -10 %"]; 0.9 * $v.average; 0.9 * $v.average) and
	line($s["least-squares slope"]; $v.average + $v.slope * ($a - $m); $v.average + $v.slope * ($b - $m)) and
	($s["round IOPS"].y == $v.round_iops)')
check "HIR convergence chart: rounds, window average, +-10 % and slope lines from the verdict" test "$conv" = true

# A drive the runner named after its device node is named by model, serial
# and namespace, as the ranking report names it (issue 38: 'ng0n1'); the
# fixture's file keeps its label (above).
cp -r "$fx" "$tmp/named"
jq '.drives[0] += {path: "/dev/target", model: "Acme NVMe", serial: "S123", nsid: 1}' "$fx/manifest.json" >"$tmp/named/manifest.json"
"$FIORANK" pts "$tmp/named" >"$tmp/named.txt"
check "a drive named after its node is named by model, serial and namespace" \
	grep -qx '== SNIA PTS pts-wsat: Acme NVMe S123 ns1 ==' "$tmp/named.txt"
cp -r "$fx" "$tmp/notest"
jq '.runs[0] |= del(.test)' "$fx/manifest.json" >"$tmp/notest/manifest.json"
"$FIORANK" pts "$tmp/notest" >/dev/null 2>"$tmp/notest.err"
check "a PTS run the manifest gives no test is said on stderr, not taken for out of memory" \
	grep -q "manifest run .* of suite pts-wsat has no \"test\" or \"step\": not read" "$tmp/notest.err"
check_fails "a directory without a manifest: exit 2, said so" "not a results directory of ssdnvme-suite" "$FIORANK" pts "$tmp/none"
# A results directory of other suites only: nothing to report is said and
# is an error (issue 38: it exited 0).
check_fails "a results directory without PTS runs: exit 2, said so" \
	"fiorank pts: no SNIA PTS runs .* in the results given: nothing to report" "$FIORANK" pts tests/data/fio/results

# ---- the main (ranked) report leaves PTS results to fiorank pts: their
# rounds repeat one step name and their matrices mix block sizes, so they
# are neither curves nor duplicates
check_fails "fiorank on PTS results only: nothing to rank, said so, fiorank pts named" \
	'nothing to rank: the inputs hold only SNIA PTS results' "$FIORANK" "$mx"
"$FIORANK" -f json "$fx" tests/data/fio/results >"$tmp/mixed.json" 2>"$tmp/mixed.err"
echo $? >"$tmp/mixed.rc"
check "PTS results beside a curve folder: exit 0, the curve ranked" bash -c "
	grep -qx 0 '$tmp/mixed.rc' && jq -e '.profiles | length > 0' '$tmp/mixed.json' >/dev/null"
check "... no PTS test became a profile, none is excluded" \
	jq -e '([.profiles[].profile | select(test("^(pts-|wipc|wdpc|wsat)"))] | length == 0) and (.inputs.excluded | length == 0) and (.inputs.skipped | length == 0)' "$tmp/mixed.json"
for s in pts-wsat pts-hir pts-xsr pts-dirth pts-lat; do
	n=$(find "$d/$s" -name '*.json' ! -name '*.engine.json' ! -name 'steady-state.json' | wc -l)
	check "a note counts the results of $s ($n files of fio output)" \
		grep -q "note: $fx: $n results\? of the SNIA PTS suite $s (drive 'target') not ranked here: .*fiorank pts $fx" "$tmp/mixed.err"
done
tap_done
