#!/usr/bin/env bash
# Steady state judged on tails in the ranking report (issue 41 item 5): the
# HTML report's steady-state part shows, beside the IOPS rounds, each
# round's p99 and p99.99 (from the rounds' raw json+ bins, as fiorank pts
# and the runner's --ss-measures take them) and their verdicts by the PTS
# window rule (pts_ss_judge(), fiorank pts' judgement).  On real output
# (tests/data/fio/plain/steady-state-tails: six 1 s rounds, --ss-measures
# iops,p99,p99.99): the rounds' figures and the verdicts must be the
# runner's (its steady-state.json, made apart: bash and awk over
# `fiorank pts --tails`); with three rounds (tests/data/fio/plain/
# steady-state) a tail is not judged, and says why.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=tests/data/fio/plain/steady-state-tails
# (fiorank exits 1 here: it says the steady state was not reached)
"$FIORANK" -f html -o "$tmp/r.html" "$D" 2>"$tmp/err"
check "fiorank -f html writes the report of the rounds" test -s "$tmp/r.html"
got=$(python3 - "$tmp/r.html" "$D/ss.img/precondition/steady-state.json" <<'PY'
import json, re, sys
h = open(sys.argv[1]).read()
v = json.load(open(sys.argv[2]))["tails"]
out = []
# the chart of the tails: each round's point of each series
m = re.search(r'<svg[^>]*>\s*<title>ss.img: steady-state rounds \(tails per round.*?</svg>', h, re.S)
chart = m.group(0) if m else ""
for name in ("p99", "p99.99"):
    pts = [float(y) for y in re.findall(re.escape(name) + r': x=\S+ y=([0-9.e+-]+)</title>', chart)]
    want = v[name]["round_us"]
    out.append("%s_points %d" % (name, len(pts) == len(want) and all(abs(a - b) <= 1e-3 * b for a, b in zip(pts, want))))
    row = re.search(r'<tr><td>' + re.escape(name) + r'</td><td>([0-9.]+) µs</td><td>([0-9.]+)</td><td>([0-9.]+)</td><td>(\w+)</td></tr>', h)
    ok = row is not None and abs(float(row.group(1)) - v[name]["average"]) < 0.1 and \
        abs(float(row.group(2)) - v[name]["excursion_pct"]) < 0.1 and \
        abs(float(row.group(3)) - v[name]["range_pct"]) < 0.1 and \
        (row.group(4) == "yes") == v[name]["steady"]
    out.append("%s_verdict %d" % (name, ok))
print(" ".join(out))
PY
)
check "the tails chart has every round's p99, the runner's figures" grep -q "p99_points 1" <<<"$got"
check "... and every round's p99.99" grep -q "p99.99_points 1" <<<"$got"
check "p99's verdict (window average, excursion, range, steady) is the runner's" grep -q "p99_verdict 1" <<<"$got"
check "p99.99's verdict is the runner's" grep -q "p99.99_verdict 1" <<<"$got"
check "IOPS keeps its row beside them" grep -q '<tr><td>IOPS</td>' "$tmp/r.html"
"$FIORANK" -f html -o "$tmp/r3.html" tests/data/fio/plain/steady-state 2>/dev/null
check "three rounds: a tail is not judged, and the table says why" \
	grep -q '<tr><td>p99</td><td colspan="3"></td><td>not judged: fewer than 5 rounds</td></tr>' "$tmp/r3.html"
tap_done
