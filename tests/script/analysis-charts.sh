#!/usr/bin/env bash
# The HTML report's SVG charts, read as markup (tests/script/charts/check.py
# measures them; analysis-charts-browser.sh checks the rendered page): one
# colour per drive in every chart, legends that name every drive whole
# below the plot (25+ drives, 150-character labels) inside the SVG, log
# axes with decade ticks where the values span decades and linear ones
# where they do not, step labels on curve points, published points as
# markers only.  Inputs: the committed real fio outputs under tests/data
# (see charts/inputs.sh), copied and labelled as separate drives.
source "$(dirname "$0")/../lib.sh"
source "$(dirname "$0")/charts/inputs.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

report() { # NAME ARGS...: writes $tmp/NAME.html and its measurements $tmp/NAME
	local name=$1
	shift
	"$FIORANK" -f html -o "$tmp/$name.html" -r analysis/reference "$@" 2>"$tmp/$name.err"
	python3 tests/script/charts/check.py "$tmp/$name.html" >"$tmp/$name" 2>>"$tmp/$name.err"
}
# the value of KEY in the block of the chart whose title matches TITLE
chart() { # NAME TITLE-REGEX KEY -> the word after KEY
	awk -v t="$2" -v k="$3" '$1 == "chart" { on = ($4 ~ t) } on { for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }' "$tmp/$1"
}
total() { awk -v k="$2" '{ for (i = 1; i < NF; i++) if ($i == k) s += $(i + 1) } END { print s + 0 }' "$tmp/$1"; }

mapfile -t three < <(charts_drives 3 "$tmp/in3")
report d3 "${three[@]}"
mapfile -t many < <(charts_drives 25 "$tmp/in25")
report d25 --with-reference "${many[@]}"
long="Samsung PM9A3 MZQL27T6HBLA-00A07 7.68 TB firmware GDC5602Q serial S6CKNA0R000000 on host lab-rack-04 slot 7 namespace 1 (4 KiB LBA format, after 2x fill)"
report long --with-reference=p5510-vs-pm9a3 -d "$long" tests/data/fio/results/iouring-qd4

check "the 3-drive report has charts" test "$(grep -c '^chart ' "$tmp/d3")" -ge 10
check "every drive keeps one colour in every chart, no two drives share one (3 drives)" \
	test "$(total d3 colour_inconsistent)" = 0 -a "$(total d3 drives)" -ge 3
check "... 25 drives with the published ones" \
	test "$(total d25 colour_inconsistent)" = 0 -a "$(total d25 drives)" -ge 30
check "the 4k-randread curve legend names all 27 drives (22 measured, 5 published)" \
	test "$(chart d25 '^4k-randread:_achieved' keys)" = 27 -a "$(chart d25 '^4k-randread:_achieved' data_keys)" = 27
check "every legend entry is a whole drive label of the report's tables" \
	test "$(total d25 keys_not_in_tables)" = 0 -a "$(total long keys_not_in_tables)" = 0
check "no label is cut with an ellipsis" \
	test "$(total d25 ellipsis)" = 0 -a "$(total long ellipsis)" = 0 -a "$(total d3 ellipsis)" = 0
check "the 150-character label is in the legend whole" grep -qF "$long" "$tmp/long.html"
check "no legend entry lies below its SVG's height" \
	test "$(total d25 keys_below_height)" = 0 -a "$(total long keys_below_height)" = 0
check "every mark has its drive's legend colour" test "$(total d25 marks_without_key)" = 0
# measured tmpfs curves (10^3..10^5 IOPS) beside published drives (10^6):
# both axes log, marked, with decade ticks
check "4k-randread curve with published drives: log x and y axes" \
	test "$(chart d25 '^4k-randread:_achieved' xscale)" = log -a "$(chart d25 '^4k-randread:_achieved' yscale)" = log
check "... marked on the axes as log scale" \
	test "$(chart d25 '^4k-randread:_achieved' xlabel_log)" = 1 -a "$(chart d25 '^4k-randread:_achieved' ylabel_log)" = 1
check "... with ticks at powers of ten only" \
	test "$(chart d25 '^4k-randread:_achieved' xticks_not_decades)" = 0 -a "$(chart d25 '^4k-randread:_achieved' yticks_not_decades)" = 0
# write pressure at 10, 20, 40 MB/s: less than a decade, linear and unmarked
check "write pressure (10..40 MB/s): linear x axis, not marked log" \
	test "$(chart d3 'read_mean_latency_under' xscale)" = linear -a "$(chart d3 'read_mean_latency_under' xlabel_log)" = 0
steps=$(chart d3 '^4k-randread:_achieved' steps)
check "curve points carry their step labels (50 %, 100 %, peak): $steps" \
	bash -c "[[ '$steps' == *,50%,* && '$steps' == *,100%,* && '$steps' == *,peak,* ]]"
# crowded step labels (svg.c place_label): a label that would overlap one
# placed before is left out; its point's <title> still names the step
python3 - "$tmp/d25.html" >"$tmp/steps.facts" <<'PY'
import re, sys
h = open(sys.argv[1]).read()
c = re.search(r'<svg[^>]*>\s*<title>4k-randread: achieved IOPS vs mean.*?</svg>', h, re.S).group(0)
print("titled", len(re.findall(r'<circle class="point"[^>]*><title>[^<]* @ [^<:]*: x=', c)),
      "points", len(re.findall(r'<circle class="point"', c)), "labels", len(re.findall(r'<text class="step"', c)))
PY
read -r _ titled _ points _ labels <"$tmp/steps.facts"
check "25 drives: every curve point names its step in its <title> ($titled of $points)" \
	test "$titled" = "$points" -a "$points" -gt 50
check "... and the crowded labels are left out of the plot ($labels of $points drawn)" \
	test "$labels" -gt 0 -a "$labels" -lt "$points"
check "published points are markers, never joined by a line" \
	test "$(chart d25 '^4k-randread:_achieved' published_keys)" = 5 -a "$(total d25 published_paths)" = 0
# p99 beside the mean: the chart's point is fio's clat_ns.percentile["99.000000"]
fix=tests/data/fio/results/iouring-qd4/profiles/4k-randread/peak.json
want=$(python3 -c 'import json, sys; print("%.6g" % (json.load(open(sys.argv[1]))["jobs"][0]["read"]["clat_ns"]["percentile"]["99.000000"] / 1000))' "$fix")
check "each profile has a p99 curve per direction (8k-randrw-70-30: read and write)" \
	test "$(grep -c '<title>8k-randrw-70-30: achieved IOPS vs \(read\|write\) 99th percentile clat' "$tmp/d3.html")" = 2
check "the 4k-randread p99 chart's peak point of drive 00 is fio's 99th percentile ($want µs)" \
	bash -c "python3 - '$tmp/d3.html' '$want' <<'PY'
import re, sys
h = open(sys.argv[1]).read()
c = re.search(r'<svg[^>]*>\\s*<title>4k-randread: achieved IOPS vs read 99th.*?</svg>', h, re.S).group(0)
sys.exit(0 if re.search(r'<title>lab drive 00 iouring-qd4 @ peak: x=[0-9.e+]+ y=' + re.escape(sys.argv[2]) + '</title>', c) else 1)
PY"
check "published drives (means only) are left out of the p99 chart, and it says so" \
	test "$(chart d25 '^4k-randread:_achieved_IOPS_vs_read_99th' keys)" = 22 -a "$(grep -c 'have no read p99 in their input' "$tmp/d25.html")" -ge 1
# sections that mean nothing for the input: wins with one drive
"$FIORANK" -f html -N -d one tests/data/fio/results/iouring-qd4 >"$tmp/one.html" 2>/dev/null
check "a one-drive report has no 'profiles won' section" bash -c "! grep -q 'profiles won' '$tmp/one.html' && grep -q '<svg' '$tmp/one.html'"
# the 3 drives' runs are all unlike (4, 1 and 128 outstanding I/O): no profile
# places two of them, so no wins either; two like runs have them
"$FIORANK" -f html -N -d 4k tests/data/fio/ran/spelled-4k.json \
	-d 4096 tests/data/fio/ran/spelled-4096.json >"$tmp/two.html" 2>/dev/null
check "... which a report placing two drives in a profile has, and the unlike 3-drive one not" \
	bash -c "grep -q 'profiles won' '$tmp/two.html' && ! grep -q 'profiles won' '$tmp/d3.html'"
# noisy neighbor on the test bed (committed real run: writers on ns1-3,
# readers on ns4-6, and the suite's io_uring_cmd cross-check run)
nn=tests/data/fio/testbed/short-noisy-neighbor
report nn -N "$nn"
"$FIORANK" -f json -N "$nn" >"$tmp/nn.json" 2>/dev/null
python3 - "$tmp/nn.html" "$tmp/nn.json" >"$tmp/nn.facts" <<'PY2'
import json, re, sys
h, j = open(sys.argv[1]).read(), json.load(open(sys.argv[2]))
victims = re.findall(r'<title>(\S+): readers(?:&#39;)? latency percentiles</title>', h)
print("victim_charts", ",".join(victims))
tables = re.findall(r'<table class="victims">(.*?)</table>', h, re.S)
print("victim_rows_cross_check", sum(t.count("(io_uring_cmd)") for t in tables))
print("aggressor_rows", len(re.findall(r"<tr><td class=\"l\">[^<]*</td><td class=\"l\">ns[123]</td>", re.search(r'<table class="aggressors">(.*?)</table>', h, re.S).group(1))))
# the ratio shown against the figures fiorank's JSON ranks
rows = re.findall(r'<tr><td class="l">([^<]*)</td><td class="l">(ns\d)</td><td>([0-9.]+)&times;</td>', re.search(r'<table class="cross-check">(.*?)</table>', h, re.S).group(1))
bad = 0
for drive, ns, ratio in rows:
    rk = next(n for n in j["noisy_neighbor"] if n["nsid"] == int(ns[2:]))["ranking"]
    cc = next(e for e in j["cross_checks"] if e["drive"] == drive and e["nsid"] == int(ns[2:]))
    base = next(e for e in rk if e["drive"] == cc["cross_check_of"])
    bad += abs(float(ratio) - round(cc["mean_us"] / base["mean_us"], 2)) > 0.005
print("cross_check_rows", len(rows), "wrong", bad)
PY2
check "victims: charts for the readers' namespaces and the readers' job only (all, ns4-6)" \
	grep -qx 'victim_charts all,ns4,ns5,ns6' "$tmp/nn.facts"
check "the io_uring_cmd cross-check run is not ranked among the victims" grep -qx 'victim_rows_cross_check 0' "$tmp/nn.facts"
check "aggressors: the writers' namespaces ns1-3 shown apart, for both runs" grep -qx 'aggressor_rows 6' "$tmp/nn.facts"
check "cross-check: io_uring_cmd / ssdnvme mean ratio on ns4-6, equal to the ranked figures" \
	grep -qx 'cross_check_rows 3 wrong 0' "$tmp/nn.facts"
# the same pairing in text, md, csv and json (crosscheck.c): not ranked, ratios
"$FIORANK" -N "$nn" >"$tmp/nn.text" 2>/dev/null
"$FIORANK" -f md -N "$nn" >"$tmp/nn.md" 2>/dev/null
"$FIORANK" -f csv -N "$nn" >"$tmp/nn.csv" 2>/dev/null
python3 - "$tmp/nn.text" "$tmp/nn.md" "$tmp/nn.csv" "$tmp/nn.json" >"$tmp/nn.fmts" <<'PY3'
import csv, json, re, sys
t, m = open(sys.argv[1]).read(), open(sys.argv[2]).read()
rows, j = list(csv.DictReader(open(sys.argv[3]))), json.load(open(sys.argv[4]))
rank_t = t.split("ranked by 99.99th ==")[1].split("\n\n")[0]
print("text_ranked_cc", rank_t.count("(io~"), "text_ratio_rows", len(re.findall(r"^ns[456] .* [0-9.]+x +[0-9.]+x +[0-9.]+x +[0-9.]+x$", t, re.M)))
rank_m = m.split("per namespace (µs)")[1].split("\n\n## ")[0]
print("md_ranked_cc", rank_m.count("io\\_uring\\_cmd"), "md_ratio_rows", len(re.findall(r"^\| ns[456] \| .*io\\_uring\\_cmd.*×", m, re.M)))
nn = [r for r in rows if r["section"] == "nn"]
cc = [r for r in rows if r["section"] == "nn_cross_check"]
base = {r["nsid"]: r for r in nn}
bad = sum(abs(float(r["mean_ratio"]) - float(r["lat_us"]) / float(base[r["nsid"]]["lat_us"])) > 0.001 or r["place"] != "" or r["cross_check_of"] != base[r["nsid"]]["drive"] for r in cc)
print("csv_ranked_cc", sum("io_uring_cmd" in r["drive"] for r in nn), "csv_cc", len(cc), "wrong", bad)
print("json_ranked_cc", sum("io_uring_cmd" in e["drive"] for n in j["noisy_neighbor"] for e in n["ranking"]), "json_cc", len([c for c in j["cross_checks"] if c["place"] is None and c["cross_check_of"]]))
PY3
check "text: the cross-check run is not ranked; ns4-6 shown as 4 ratios each" grep -qx 'text_ranked_cc 0 text_ratio_rows 3' "$tmp/nn.fmts"
check "md: the cross-check run is not ranked; ns4-6 shown as ratios" grep -qx 'md_ranked_cc 0 md_ratio_rows 3' "$tmp/nn.fmts"
check "csv: nn_cross_check rows without a place, cross_check_of and mean_ratio right" grep -qx 'csv_ranked_cc 0 csv_cc 3 wrong 0' "$tmp/nn.fmts"
check "json: cross_checks apart (place null, cross_check_of), not in the ranking" grep -qx 'json_ranked_cc 0 json_cc 3' "$tmp/nn.fmts"
# one drive: no wins in any format (fr_wins_shown)
for fmt in text md csv json; do "$FIORANK" -f $fmt -N -d one tests/data/fio/results/iouring-qd4 >"$tmp/one.$fmt" 2>/dev/null; done
check "a one-drive text/md report has no 'profiles won' summary" bash -c "! grep -qi 'profiles won' '$tmp/one.text' '$tmp/one.md' && grep -q '^ns4 ' '$tmp/one.text'"
check "... nor csv wins rows or json wins entries" bash -c "! grep -q '^wins,' '$tmp/one.csv' && python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1]))[\"wins\"] != [])' '$tmp/one.json'"
check "noisy-neighbor colours follow the drive" test "$(total nn colour_inconsistent)" = 0
# latency distribution (json+ bins) and latency over time (engine tag series)
python3 - "$tmp/d3.html" "$tmp/in3/2/ng0n1/profiles/4k-randread/120.engine.json" >"$tmp/dist.facts" <<'PY2'
import json, re, sys
h = open(sys.argv[1]).read()
def chart(title):
    m = re.search(r'<svg[^>]*>\s*<title>' + re.escape(title) + r'</title>.*?</svg>', h, re.S)
    pts = {}
    for name, x, y in re.findall(r'<circle class="point"[^>]*><title>([^<:@]*?)(?: @ [^<:]*)?: x=([-0-9.e+]+) y=([-0-9.e+]+)</title>', m.group(0) if m else ""):
        pts.setdefault(name, []).append((float(x), float(y)))
    return pts
d = chart("4k-randread at the peak: completion latency distribution (fio json+)")
print("dist_drives", len(d))
print("dist_sums_off", sum(1 for v in d.values() if abs(sum(y for _, y in v) - 100) > 0.01))
t = chart("4k-randread at the peak: mean completion latency over time (engine tags)")
print("time_drives", ",".join(sorted(t)))
keys = json.load(open(sys.argv[2]))["tags"]["keys"]
n = sum(p["N"] for k in keys for p in k["series"]["points"] if p["t_ms"] == 0)
want = sum(p["N"] * p["mean"] for k in keys for p in k["series"]["points"] if p["t_ms"] == 0) / n / 1000
got = dict(t.get("lab drive 02 ng0n1", [])).get(0.0)
print("time_first_point_ok", int(got is not None and abs(got - float("%.6g" % want)) < 1e-9 * want + 1e-6))
PY2
check "latency distribution from json+ bins for the 3 drives, each summing to 100 % of its I/Os" \
	bash -c "grep -qx 'dist_drives 3' '$tmp/dist.facts' && grep -qx 'dist_sums_off 0' '$tmp/dist.facts'"
check "latency over time only for the drive with engine tags (test-bed ng0n1)" \
	grep -qx 'time_drives lab drive 02 ng0n1' "$tmp/dist.facts"
check "... its first interval is the N-weighted mean of the engine's per-thread series" \
	grep -qx 'time_first_point_ok 1' "$tmp/dist.facts"
"$FIORANK" -f html -N -d plain tests/data/fio/shapes/json.json >"$tmp/plain.html" 2>/dev/null
check "an input with neither json+ bins nor engine tags has no distribution or time chart" \
	bash -c "grep -q '<svg' '$tmp/plain.html' && ! grep -q 'json+)</title>\|engine tags)</title>' '$tmp/plain.html'"
# The noisy-neighbor percentile bars on a linear axis from 0 (issue 38: a
# log axis from 100 µs drew a 30x gap as 2.6x): every bar's height over its
# figure is the same within a chart, and each bar says its figure.
# (the FDP fixture's placed and unplaced runs differ by up to 10^4x)
"$FIORANK" -f html -N tests/data/fio/results tests/data/fio/fdp/nn >"$tmp/nn.html" 2>/dev/null
nnbars=$(python3 - "$tmp/nn.html" <<'PY'
import re, sys
t = open(sys.argv[1]).read()
charts = re.findall(r'<svg[^>]*class="chart groups".*?</svg>', t, re.S)
out = []
for c in charts:
    bars = re.findall(r'<rect class="bar"[^>]*height="([0-9.]+)"[^>]*><title>[^<]*: ([0-9.]+)</title></rect>\n(<text class="step"[^>]*>([0-9.]+)</text>)?', c)
    # heights are written to 0.1 px: bars of 20 px and more are measured
    k = [float(h) / float(v) for h, v, _, _ in bars if float(h) >= 20]
    said = sum(1 for b in bars if b[3])
    spread = max(k) / min(k) if k else 0
    out.append("%d:%.3f:%d" % (len(bars), spread, said))
print(" ".join(out))
PY
)
check "noisy-neighbor bars: height proportional to the figure in every chart, each labelled (bars:height/figure spread:labels $nnbars)" \
	bash -c 'for c in $1; do IFS=: read -r n s l <<<"$c"; [ "$n" -gt 0 ] && [ "$l" = "$n" ] && awk -v s="$s" "BEGIN { exit !(s < 1.02) }" || exit 1; done; [ -n "$1" ]' _ "$nnbars"
tap_done
