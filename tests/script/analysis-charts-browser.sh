#!/usr/bin/env bash
# The HTML report's charts as headless Chromium lays them out, at a
# realistic window (1400x900): a copy of each report gets
# tests/script/charts/measure.js, which writes the rendered bounding boxes'
# verdicts into the DOM (--dump-dom): no text, key, bar, point or line
# outside its SVG, legend keys that do not overlap each other and lie below
# the plot.  Reports: the demo's (the committed test-bed runs: noisy
# neighbor on six namespaces and the 4K curve on ns1/ns3, with the
# p5510-vs-pm9a3 published drives, as ci/demo.sh ranks them), 3 drives, 25
# drives with all the published data, a 150-character label, fio's own
# latency logs (tests/data/fio/latlog: mean and p99 over time), and the
# --baseline section (a table: rows laid out, no cell cut).  Full-page
# screenshots go to $CHARTS_SHOTS (default $BUILD/test-logs) for a human.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/charts/inputs.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
shots=${CHARTS_SHOTS:-$BUILD/test-logs}

source "$(dirname "$0")/charts/chrome.sh"

L=tests/data/fio/latlog
mapfile -t three < <(charts_drives 3 "$tmp/in3")
mapfile -t many < <(charts_drives 25 "$tmp/in25")
long="Samsung PM9A3 MZQL27T6HBLA-00A07 7.68 TB firmware GDC5602Q serial S6CKNA0R000000 on host lab-rack-04 slot 7 namespace 1 (4 KiB LBA format, after 2x fill)"
declare -A args=(
	[demo]="--with-reference=p5510-vs-pm9a3 tests/data/fio/testbed/short-noisy-neighbor tests/data/fio/testbed/short-4k-randread"
	[drives3]="${three[*]@Q}"
	[drives25]="--with-reference ${many[*]@Q}"
	[long]="--with-reference=p5510-vs-pm9a3 -d ${long@Q} tests/data/fio/results/iouring-qd4"
	# fio's own latency logs (mean and p99 over time) and the baseline gate
	[latlog]="-d perio $L/perio -d avg $L/avg -d avg2 $L/avg2 -d hist $L/hist"
	[baseline]="-N --baseline tests/data/fio/baseline/before --fail-if 'p99.99>+1000000%,iops<-5%' tests/data/fio/baseline/after"
)
# laid_out NAME: $tmp/NAME.html with measure.js, as Chromium lays it out
# ($tmp/NAME.m), and the checks every page takes: all its charts laid out,
# nothing outside its SVG.
laid_out() {
	python3 -c 'import sys; h, js = open(sys.argv[1]).read(), open(sys.argv[2]).read(); print(h.replace("</body>", "<script>" + js + "</script></body>"), end="")' \
		"$tmp/$1.html" tests/script/charts/measure.js >"$tmp/$1-measure.html"
	chrome --window-size=1400,900 --dump-dom "file://$tmp/$1-measure.html" |
		python3 -c 'import sys, html, re; m = re.search(r"<pre id=\"measure\">(.*?)</pre>", sys.stdin.read(), re.S); print(html.unescape(m.group(1)) if m else "")' >"$tmp/$1.m"
	nsvg=$(grep -c '<svg' "$tmp/$1.html")
	check "$1: Chromium lays out all $nsvg charts" test "$(grep -c '^svg ' "$tmp/$1.m")" = "$nsvg" -a "$nsvg" -gt 0
	check "$1: no mark or text outside its SVG" \
		awk '$1 == "svg" { n++; if ($7 != 0 || $6 == 0) bad++ } END { exit !(n && !bad) }' "$tmp/$1.m"
}
# screenshot NAME: the whole page, for a human, in $shots/charts-NAME.png.
screenshot() {
	local h
	h=$(awk '$1 == "page_height" { print $2 }' "$tmp/$1.m")
	h=$((${h:-0} > 16000 ? 16000 : ${h:-0} < 900 ? 900 : ${h:-0}))
	chrome --window-size=1400,"$h" --screenshot="$shots/charts-$1.png" "file://$tmp/$1.html" >/dev/null
	check "$1: full-page screenshot ($h px) in $shots/charts-$1.png" test -s "$shots/charts-$1.png"
}
mkdir -p "$shots"
for name in demo drives3 drives25 long latlog baseline; do
	eval "set -- ${args[$name]}"
	"$FIORANK" -f html -o "$tmp/$name.html" -r analysis/reference "$@" 2>/dev/null
	laid_out "$name"
	check "$name: no two legend entries overlap" \
		awk '$1 == "svg" { n++; if ($11 != 0) bad++ } END { exit !(n && !bad) }' "$tmp/$name.m"
	check "$name: every legend lies below its plot" \
		awk '$1 == "svg" { n++; if ($13 != 0) bad++ } END { exit !(n && !bad) }' "$tmp/$name.m"
	check "$name: no two step labels overlap, none covers a point (as Chromium renders them)" \
		awk '$1 == "svg" { n++; if ($17 != 0) bad++ } END { exit !(n && !bad) }' "$tmp/$name.m"
	screenshot "$name"
done
# The PTS pages (fiorank pts) as Chromium lays them out: their charts on
# the report's axes and legend (chart/plot.h) within their SVGs, legends
# below the plot, keys apart; the five tests of tests/data/fio/pts and the
# IOPS and throughput pages of pts-matrix (log2 block sizes, 3D bars), and
# screenshots.
"$FIORANK" pts -f html -o "$tmp/pts.html" tests/data/fio/pts 2>/dev/null
"$FIORANK" pts -f html -o "$tmp/ptsmx.html" tests/data/fio/pts-matrix 2>/dev/null
for name in pts ptsmx; do
	laid_out "$name"
	check "$name: no two legend entries overlap" \
		awk '$1 == "svg" { n++; if ($11 != 0) bad++ } END { exit !(n && !bad) }' "$tmp/$name.m"
	check "$name: every legend lies below its plot" \
		awk '$1 == "svg" { n++; if ($13 != 0) bad++ } END { exit !(n && !bad) }' "$tmp/$name.m"
	screenshot "$name"
done
check "latlog: the mean and p99 over time from fio's logs are laid out (2 drives each)" \
	bash -c "test \"\$(grep -c '^svg .* keys 2 ' '$tmp/latlog.m')\" -ge 2"
check "baseline: the section's rows are all laid out, none cut, the crossed one shown, within the page" \
	awk '$1 == "baseline" && $3 >= 6 && $5 == 0 && $7 >= 1 && $9 == 0 { ok = 1 } END { exit !ok }' "$tmp/baseline.m"
check "the 25-drive 4k-randread curve lays out a legend of 27 entries" \
	awk '$1 == "svg" && $3 == "chart_lines" && $9 == 27 { ok = 1 } END { exit !ok }' "$tmp/drives25.m"
tap_done
