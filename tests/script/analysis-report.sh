#!/usr/bin/env bash
# The report a reviewer would publish (issue 24), on the committed real
# test-bed runs (tests/data/fio/testbed: the 4K random-read curve on ns1 and
# ns3 with its 10/50/100/120 % steps capped by rate_iops=, and the
# noisy-neighbor run): curves listed in step order in every format, the
# capped step that missed its rate target (ns3's 120 % step) flagged in
# every format with target and achieved, and p99/p99.9/p99.99 on every
# curve step of the CSV and JSON; make demo's header, folding and review
# citations; the steady-state convergence chart.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
curve=tests/data/fio/testbed/short-4k-randread
for fmt in text md csv json html; do
	"$FIORANK" -f $fmt -N -o "$tmp/r.$fmt" "$curve" 2>/dev/null
	check "$fmt report of the curve run exits 0" test $? = 0 -a -s "$tmp/r.$fmt"
done
# the target is what the runner asked fio for: rate_iops per job and
# direction x numjobs, read back from the step's own fio output
want=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
g, j = d["global options"], d["jobs"][0]
rate = int(j["job options"].get("rate_iops", g.get("rate_iops", "0")).split(",")[0])
jobs = int(j["job options"].get("numjobs", g.get("numjobs", "1")))
print(rate * jobs, round(sum(x["read"]["iops"] for x in d["jobs"])))' "$curve/ng0n3/profiles/4k-randread/120.json")
read -r target reached <<<"$want"
check "the fixture's ns3 120 % step fell well short of its target ($reached of $target IOPS)" \
	test "$((reached * 100 / target))" -lt 90
python3 - "$tmp" "$target" "$reached" >"$tmp/facts" <<'PY'
import csv, json, re, sys
d, target, reached = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
j = json.load(open(f"{d}/r.json"))
rows = list(csv.DictReader(open(f"{d}/r.csv")))
steps_json = {e["drive"]: [s["step"] for s in e["curve"]] for p in j["profiles"] for e in p["ranking"]}
steps_csv = {}
for r in rows:
    if r["section"] == "curve":
        steps_csv.setdefault(r["drive"], []).append(r["step"])
order = ["10", "50", "100", "120", "peak"]
print("json_order", int(all(v == order for v in steps_json.values()) and len(steps_json) == 2))
print("csv_order", int(steps_csv == steps_json))
t = open(f"{d}/r.text").read()
text_ok = all(re.search(r"10 \S+ 50 \S+ 100 \S+ 120 \S+\s+peak", t.split(k + ":")[1]) for k in ("ns1", "ns3"))
print("text_order", int(text_ok))
md = open(f"{d}/r.md").read()
print("md_order", int(all(re.search(r"10: .*; 50: .*; 100: .*; 120: .*; peak: ", l) for l in md.splitlines() if l.startswith("- QEMU"))))
# the missed step, with target and achieved, in every format
ns3 = [s for p in j["profiles"] for e in p["ranking"] if e["drive"].endswith("ns3") for s in e["curve"]]
s120 = [s for s in ns3 if s["step"] == "120"][0]
print("json_missed", int(s120["target_missed"] is True and s120["target_iops"] == target
                         and sum(s["target_missed"] is True for s in ns3) == 1))
c120 = [r for r in rows if r["section"] == "curve" and r["drive"].endswith("ns3") and r["step"] == "120"][0]
print("csv_missed", int(float(c120["target_iops"]) == target and float(c120["target_reached_pct"]) < 90))
phrase = f"120: target {target:.0f} IOPS, reached {reached:.0f}"
h = open(f"{d}/r.html").read()
print("text_missed", int(phrase in t), "md_missed", int(phrase in md), "html_missed",
      int(phrase in h and "120 %!" in h))
# every measured curve step has its tail percentiles in CSV and JSON
curves_json = [s for p in j["profiles"] for e in p["ranking"] for s in e["curve"]]
print("json_p99s", int(all(s[k] is not None and s[k] > 0 for s in curves_json
                           for k in ("p99_us", "p99_9_us", "p99_99_us"))), len(curves_json))
curves_csv = [r for r in rows if r["section"] == "curve"]
print("csv_p99s", int(all(r[k] and float(r[k]) > 0 for r in curves_csv
                          for k in ("p99_us", "p99_9_us", "p99_99_us"))), len(curves_csv))
PY
sed 's/^/# /' "$tmp/facts"
for f in json csv text md; do
	check "$f: curves listed in step order (10, 50, 100, 120, peak), not IOPS order" grep -qx "${f}_order 1" "$tmp/facts"
done
check "json: the 120 % step of ns3 flagged, target_iops $target, the only one" grep -qx "json_missed 1" "$tmp/facts"
check "csv: target_iops and target_reached_pct on the missed step" grep -qx "csv_missed 1" "$tmp/facts"
check "text, md, html: the missed step named with target and achieved; html marks the point" \
	grep -qx "text_missed 1 md_missed 1 html_missed 1" "$tmp/facts"
check "json: p99, p99.9, p99.99 on all 10 curve steps" grep -qx "json_p99s 1 10" "$tmp/facts"
check "csv: p99, p99.9, p99.99 on all 10 curve rows" grep -qx "csv_p99s 1 10" "$tmp/facts"

# make demo's report: beside the published drives, the 16 profiles only
# they ran are folded away unless --all-sections; the header says which
# fiorank, when, the command and the inputs, and cites the reviews by title
nn=tests/data/fio/testbed/short-noisy-neighbor
"$FIORANK" -r analysis/reference -f json --with-reference=p5510-vs-pm9a3 -o "$tmp/demo.json" "$nn" "$curve" 2>/dev/null
"$FIORANK" -r analysis/reference -f json --with-reference=p5510-vs-pm9a3 --all-sections -o "$tmp/all.json" "$nn" "$curve" 2>/dev/null
"$FIORANK" -r analysis/reference -f text --with-reference=p5510-vs-pm9a3 -o "$tmp/demo.text" "$nn" "$curve" 2>/dev/null
"$FIORANK" -r analysis/reference -f html --with-reference=p5510-vs-pm9a3 -o "$tmp/demo.html" "$nn" "$curve" 2>/dev/null
version=$("$FIORANK" --version | cut -d' ' -f2)
got=$(python3 -c '
import json, sys
d, a = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
print(len(d["profiles"]), len(a["profiles"]), [p["profile"] for p in d["profiles"]])' "$tmp/demo.json" "$tmp/all.json")
check "published-only profiles folded away (1 shown of 17), --all-sections shows all: $got" \
	test "$got" = "1 17 ['4k-randread']"
check "text and html say how many profiles were folded and how to show them" \
	grep -q "16 profiles that hold only published drives folded away (--all-sections shows them)" "$tmp/demo.text" "$tmp/demo.html"
got=$(python3 -c '
import json, re, sys
r = json.load(open(sys.argv[1]))["report"]
print(r["fiorank_version"] == sys.argv[2], bool(re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", r["date"])),
      r["command"].endswith("--with-reference=p5510-vs-pm9a3 -o " + sys.argv[3] + " " + sys.argv[4] + " " + sys.argv[5]),
      r["inputs"] == sys.argv[4:6])' "$tmp/demo.json" "$version" "$tmp/demo.json" "$nn" "$curve")
check "json header: fiorank's version, an ISO date, the command line and the inputs as given: $got" \
	test "$got" = "True True True True"
check "text header: version and date, command, each input" \
	bash -c "grep -q '^report: fiorank $version, 20' '$tmp/demo.text' && grep -q '^command: ' '$tmp/demo.text' && test \$(grep -c '^input: ' '$tmp/demo.text') = 2"
check "html header: version, command and inputs" \
	bash -c "grep -q 'Made by fiorank $version on ' '$tmp/demo.html' && grep -q 'Inputs: <code>$nn</code>, <code>$curve</code>' '$tmp/demo.html'"
check "the reviews are cited by title, publisher and what the archived copy says of the date" \
	grep -q 'pm1735-review: &quot;Examen du SSD Samsung PM1735&quot; (StorageReview.com, date not stated in the archived copy)' "$tmp/demo.html"

# the steady-state convergence chart: the runner's 3 rounds (fixture
# tests/data/fio/plain/steady-state), the window average, the +-20 % band
# and the least-squares line, with the window and limits said under it
ss=tests/data/fio/plain/steady-state
"$FIORANK" -f html -o "$tmp/ss.html" "$ss" 2>/dev/null
got=$(python3 - "$tmp/ss.html" "$ss" <<'PY'
import glob, json, re, sys
h = open(sys.argv[1]).read()
m = re.search(r'<svg[^>]*>\s*<title>fair-ss.img: steady-state rounds.*?</svg>', h, re.S)
c = m.group(0) if m else ""
pts = {int(a): float(b) for a, b in re.findall(r'fair-ss.img @ r(\d+): x=\S+ y=([0-9.e+]+)</title>', c)}
fio = {}
for f in glob.glob(sys.argv[2] + "/*/precondition/precondition/ss-round*.json"):
    d = json.load(open(f))
    n = int(re.search(r"ss-round(\d+)", f).group(1))
    fio[n] = sum(j["write"]["iops"] + j["read"]["iops"] for j in d["jobs"])
same = sorted(pts) == sorted(fio) and all(abs(pts[k] - fio[k]) <= 1e-5 * fio[k] for k in fio)
avg = sum(fio.values()) / len(fio)
note = re.search(r"Window: rounds 1 to 3 of 3 .*?average (\d+) IOPS.*?20 %.*?10 %", h, re.S)
print(len(pts), int(same), int(bool(note) and abs(int(note.group(1)) - avg) <= 1),
      len(re.findall(r'<path class="series"', c)))
PY
)
check "steady-state chart: each round's IOPS as fio measured it, the window average in the note, 5 lines: $got" \
	test "$got" = "3 1 1 5"

# A capped step more than 5 % above the uncapped peak run: the peak was not
# stable, said where the curve is (issue 38: ranked silently).  The test
# bed's ns1 curve has one, its ns3 curve's best capped step is within 5 %.
tb=tests/data/fio/testbed/short-4k-randread
iops() { sed -n '/^{/,$p' "$1" | jq '[.jobs[] | .read.iops + .write.iops] | add'; }
for ns in ng0n1 ng0n3; do
	dir=$tb/$ns/profiles/4k-randread best=peak bv=$(iops "$tb/$ns/profiles/4k-randread/peak.json")
	pv=$bv
	for f in "$dir"/[0-9]*.json; do
		case $f in *.engine.json) continue ;; esac
		v=$(iops "$f")
		if awk -v a="$v" -v b="$bv" 'BEGIN { exit !(a > b) }'; then best=$(basename "$f" .json) bv=$v; fi
	done
	want=$(awk -v b="$bv" -v p="$pv" -v s="$best" 'BEGIN {
		if (s == "peak" || b <= p / 0.95) exit
		printf "peak not stable: capped step %s reached %.0f IOPS, %.0f %% above the uncapped peak run (%.0f); ranked by the step", s, b, 100 * (b / p - 1), p }')
	"$FIORANK" "$tb" >"$tmp/unstable.txt" 2>/dev/null
	"$FIORANK" -f html "$tb" >"$tmp/unstable.html" 2>/dev/null
	label="QEMU NVMe Ctrl deadbeef ns${ns#ng0n}"
	if [ -n "$want" ]; then
		check "$ns: text says: $want" grep -qxF "      ! $want" "$tmp/unstable.txt"
		check "$ns: HTML says it under the profile" grep -qF "<p class=\"missed\">! $label: $want</p>" "$tmp/unstable.html"
	else
		check "$ns: its best capped step within 5 % of the peak run: nothing said" \
			bash -c "! grep -q '$label: peak not stable' '$tmp/unstable.html'"
	fi
done
tap_done
