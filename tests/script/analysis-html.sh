#!/usr/bin/env bash
# fiorank's HTML report in a real browser: headless Chromium loads it (no
# network), and the DOM after load holds every chart with its marks: per
# profile a mean and per-direction p99 curve chart (a <path> per drive) and
# a bar chart (a <rect> per drive), two write-pressure charts, a percentile chart per noisy-neighbor
# namespace.  Input strings are text, never markup.  Also writes a
# screenshot to $BUILD/test-logs/analysis-report.png for a human to look at.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

source "$(dirname "$0")/charts/chrome.sh"

"$FIORANK" -f html -o "$tmp/report.html" -r analysis/reference -d '<img src=x onerror=alert(1)>' \
	tests/data/fio/shapes/json.json -d '' tests/data/fio/results 2>"$tmp/err"
check "fiorank writes the HTML report" test -s "$tmp/report.html"
check "the report references nothing outside itself" \
	bash -c "! grep -Eiq '<script|<link|<img|<iframe| src=\"| href=\"[^#]|url\\(' '$tmp/report.html'"
chrome --dump-dom "file://$tmp/report.html" >"$tmp/dom.html"
check "chromium loads the report" test -s "$tmp/dom.html"
# The table of contents (issue 38): every section heading has an id, the
# ids differ, and the contents link each heading, in the page's order.
toc=$(python3 - "$tmp/dom.html" <<'PY'
import sys
from html.parser import HTMLParser
class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.h2, self.links, self.in_nav = [], [], False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "nav":
            self.in_nav = True
        elif tag == "a" and self.in_nav:
            self.links.append(a.get("href", ""))
        elif tag == "h2":
            self.h2.append(a.get("id"))
    def handle_endtag(self, tag):
        if tag == "nav":
            self.in_nav = False
p = P()
p.feed(open(sys.argv[1]).read())
bad = []
if not p.h2:
    bad.append("no section heading")
if None in p.h2:
    bad.append("%d headings without an id" % p.h2.count(None))
if len(set(p.h2)) != len(p.h2):
    bad.append("repeated ids")
if p.links != ["#" + str(i) for i in p.h2]:
    bad.append("contents %s, headings %s" % (p.links, p.h2))
print("; ".join(bad) if bad else "ok %d sections" % len(p.h2))
PY
)
check "the contents link every section heading by its id ($toc)" test "${toc%% *}" = ok

python3 - "$tmp/dom.html" >"$tmp/counts" <<'PY'
import sys
from html.parser import HTMLParser

class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.charts, self.cur, self.imgs = [], None, 0
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "svg":
            self.cur = {"cls": a.get("class", ""), "path": 0, "rect": 0, "circle": 0}
            self.charts.append(self.cur)
        elif self.cur is not None and tag in ("path", "rect", "circle"):
            if tag != "rect" or a.get("class") == "bar":
                self.cur[tag] += 1
        if tag == "img":
            self.imgs += 1
    def handle_endtag(self, tag):
        if tag == "svg":
            self.cur = None

p = P()
p.feed(open(sys.argv[1]).read())
kinds = {}
for c in p.charts:
    kinds.setdefault(c["cls"], []).append(c)
print("lines", len(kinds.get("chart lines", [])))
print("bars", len(kinds.get("chart bars", [])))
print("groups", len(kinds.get("chart groups", [])))
print("lines_with_paths", sum(1 for c in kinds.get("chart lines", []) if c["path"] >= 2 and c["circle"] >= 2))
print("bars_with_rects", sum(1 for c in kinds.get("chart bars", []) if c["rect"] >= 2))
print("groups_with_rects", sum(1 for c in kinds.get("chart groups", []) if c["rect"] >= 8))
print("img", p.imgs)
PY
val() { awk -v k="$1" '$1 == k { print $2 }' "$tmp/counts"; }
# 4 profiles in the fixtures: 4 curve charts + 2 write-pressure charts, 4 bar
# charts, 3 noisy-neighbor namespaces
# 4 mean-latency curves, 5 p99 curves (one per direction: 8k-randrw-70-30 has
# two), the 4k-randread json+ latency distribution, 2 write-pressure charts
check "12 line charts (4 mean and 5 p99 curves, 1 distribution, 2 write-pressure)" test "$(val lines)" = 12
check "every line chart has a path and points per drive" test "$(val lines_with_paths)" = 12
check "4 bar charts of peaks" test "$(val bars)" = 4
check "every bar chart has a bar per drive" test "$(val bars_with_rects)" = 4
check "3 noisy-neighbor percentile charts with 4 bars per drive" \
	test "$(val groups)" = 3 -a "$(val groups_with_rects)" = 3
check "an input label with markup stays text (no <img> element in the DOM)" test "$(val img)" = 0
check "the label is shown as text" grep -q '&lt;img src=x onerror=alert(1)&gt;' "$tmp/dom.html"

mkdir -p "$BUILD/test-logs"
chrome --screenshot="$BUILD/test-logs/analysis-report.png" --window-size=1280,2000 \
	"file://$tmp/report.html" >/dev/null
check "chromium renders a screenshot" test -s "$BUILD/test-logs/analysis-report.png"

# the header of a test-bed run (issue 13): the drives-and-runs table in the
# DOM after load names the drive; published points are markers, not lines
"$FIORANK" -f html -o "$tmp/testbed.html" -r analysis/reference --with-reference=p5510-vs-pm9a3 \
	tests/data/fio/testbed/short-4k-randread 2>/dev/null
chrome --dump-dom "file://$tmp/testbed.html" >"$tmp/testbed-dom.html"
python3 - "$tmp/testbed-dom.html" >"$tmp/header" <<'PY'
import sys
from html.parser import HTMLParser

class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.inprov, self.cells, self.row, self.svg = False, [], None, None
        self.published_paths, self.published_marks = 0, 0
        self.series = []
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "table" and a.get("class") == "provenance":
            self.inprov = True
        elif self.inprov and tag == "tr":
            self.row = []
            self.cells.append(self.row)
        if tag == "circle" and a.get("class") == "published":
            self.published_marks += 1
    def handle_endtag(self, tag):
        if tag == "table":
            self.inprov = False
    def handle_data(self, data):
        if self.inprov and self.row is not None and data.strip():
            self.row.append(data.strip())

p = P()
p.feed(open(sys.argv[1]).read())
for r in p.cells:
    print("|".join(r))
print("published_marks", p.published_marks)
PY
check "the HTML header table lists both test-bed drives by model, serial and namespace" \
	grep -qx "QEMU NVMe Ctrl deadbeef ns1|QEMU NVMe Ctrl deadbeef ns3" "$tmp/header"
check "... with model, serial and firmware per drive" \
	bash -c "grep -qx 'model|QEMU NVMe Ctrl|QEMU NVMe Ctrl' '$tmp/header' && grep -qx 'serial|deadbeef|deadbeef' '$tmp/header' && grep -qx 'firmware|7.2.22|7.2.22' '$tmp/header'"
check "... and the run mode" grep -qx "mode|short|short" "$tmp/header"
check "published points are drawn as markers" \
	bash -c "awk '\$1 == \"published_marks\" && \$2 >= 4 { ok = 1 } END { exit !ok }' '$tmp/header'"
chrome --screenshot="$BUILD/test-logs/analysis-report-header.png" --window-size=1280,1400 \
	"file://$tmp/testbed.html" >/dev/null
check "chromium renders the header screenshot" test -s "$BUILD/test-logs/analysis-report-header.png"
tap_done
