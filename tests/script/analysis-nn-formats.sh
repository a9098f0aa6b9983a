#!/usr/bin/env bash
# Noisy neighbor in every format (crosscheck.c): the victims are the readers,
# ranked per namespace; the writers' own-namespace reads go with the
# aggressors, apart and without a place.  Input: the committed real test-bed
# run tests/data/fio/testbed/short-noisy-neighbor (writers on ns1-3 mixing
# reads into their writes, readers on ns4-6, and the suite's io_uring_cmd
# cross-check run).  All five formats must name the same victim and the same
# aggressor (drive, namespace) pairs, and no victim may be on ns1-3.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nn=tests/data/fio/testbed/short-noisy-neighbor
for fmt in text md csv json html; do
	"$FIORANK" -f $fmt -N -o "$tmp/nn.$fmt" "$nn" 2>"$tmp/$fmt.err"
	check "$fmt report of the noisy-neighbor run exits 0" test $? = 0 -a -s "$tmp/nn.$fmt"
done
python3 - "$tmp" >"$tmp/facts" <<'PY'
import csv, html, json, re, sys
d = sys.argv[1]
t, m, h = (open(f"{d}/nn.{x}").read() for x in ("text", "md", "html"))
j = json.load(open(f"{d}/nn.json"))
rows = list(csv.DictReader(open(f"{d}/nn.csv")))
ns = lambda n: "all" if n in (0, "0", "") else f"ns{n}"
sets = {}
# json: the ranking arrays and the aggressors' own array
sets["json"] = ({(e["drive"], ns(n["nsid"])) for n in j["noisy_neighbor"] for e in n["ranking"]},
                {(a["drive"], ns(a["nsid"])) for a in j["noisy_neighbor_aggressors"]})
sets["json_placed_aggr"] = sum(a["place"] is not None for a in j["noisy_neighbor_aggressors"])
sets["json_own_reads"] = sum(a["own_reads"] is not None for a in j["noisy_neighbor_aggressors"])
# csv: section nn (victims, a place) and nn_aggressor (no place)
sets["csv"] = ({(r["drive"], ns(r["nsid"])) for r in rows if r["section"] == "nn"},
               {(r["drive"], ns(r["nsid"])) for r in rows if r["section"] == "nn_aggressor"})
sets["csv_placed_aggr"] = sum(r["place"] != "" for r in rows if r["section"] == "nn_aggressor")
# md: the victims' table and the aggressors' table
def md_rows(title, col):  # the drive is column col of the table under title
    sec = m.split(title)[1].split("\n## ")[0]
    out = set()
    for line in sec.splitlines():
        c = [x.strip() for x in line.strip("|").split("|")]
        if re.match(r"^\| (all|ns\d) \|", line) and c[1] != "gap":
            # an entry not ranked (tags that include fio's ramp, from an
            # engine before tags_ramp) has its note after the drive in the cell
            out.add((re.sub(r" \(the engine's tags, .*\)$", "", c[col].replace("\\", "")), c[0]))
    return out
sets["md"] = (md_rows("## Noisy neighbor: victims", 2), md_rows("## Noisy neighbor: aggressors", 1))
# html: the victims' tables (one per namespace, after its chart) and the aggressors' table
vic = set()
for title, table in re.findall(r'<title>(\S+): readers(?:&#39;|\')? latency percentiles</title>.*?<table class="victims">(.*?)</table>', h, re.S):
    for drive in re.findall(r'<tr><td>[-0-9]+</td><td class="l">([^<]*)</td>', table):
        vic.add((html.unescape(drive), title))
agg = {(html.unescape(a), b) for a, b in re.findall(r'<tr><td class="l">([^<]*)</td><td class="l">(\w+)</td>', re.search(r'<table class="aggressors">(.*?)</table>', h, re.S).group(1))}
sets["html"] = (vic, agg)
# text: labels are cut to the column, so compare namespaces and row counts
def text_ns(title):
    sec = t.split(title)[1].split("\n\n")[0]
    return sorted(l.split()[0] for l in sec.splitlines()[1:] if re.match(r"^(all|ns\d)\s", l))
ref_v, ref_a = sets["json"]
print("victims", ",".join(sorted(f"{n}" for _, n in ref_v)))
print("aggressors", len(ref_a), ",".join(sorted({n for _, n in ref_a})))
for f in ("csv", "md", "html"):
    print(f, "victims_agree", int(sets[f][0] == ref_v), "aggressors_agree", int(sets[f][1] == ref_a))
tv = text_ns("ranked by 99.99th ==")
ta = text_ns("not ranked ==")
print("text victims_agree", int(tv == sorted(n for _, n in ref_v)), "aggressors_agree",
      int(len(ta) == len(ref_a) and set(ta) == {n for _, n in ref_a}))
print("placed_aggressors", sets["json_placed_aggr"] + sets["csv_placed_aggr"])
print("own_reads", sets["json_own_reads"])
PY
sed 's/^/# /' "$tmp/facts"
check "json: victims are the readers' job (all) and the readers' namespaces ns4-6 only" \
	grep -qx 'victims all,ns4,ns5,ns6' "$tmp/facts"
check "json: the aggressors are the writers' steps, ns1-3 and the nn-write job (7 rows)" \
	grep -qx 'aggressors 7 all,ns1,ns2,ns3' "$tmp/facts"
for f in csv md html text; do
	check "$f: the same victims and aggressors as the json" grep -qx "$f victims_agree 1 aggressors_agree 1" "$tmp/facts"
done
check "no aggressor row has a place (csv nn_aggressor, json noisy_neighbor_aggressors)" \
	grep -qx 'placed_aggressors 0' "$tmp/facts"
check "every writer step (randrw 30/70 mixes) keeps its own reads with its aggressor row" grep -qx 'own_reads 7' "$tmp/facts"
# make demo's pile: the 4K curve run on ns1 and ns3 of the same serial sits
# beside the noisy-neighbor run; the cross-check pairs with the run of the
# same namespaces and method, so every ratio cell is a figure, not "-"
"$FIORANK" -f csv -N -o "$tmp/xc.csv" "$nn" tests/data/fio/testbed/short-4k-randread 2>/dev/null
got=$(python3 -c '
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["section"] == "nn_cross_check"]
cells = [r[k] for r in rows for k in ("mean_ratio", "p99_ratio", "p99_9_ratio", "p99_99_ratio")]
print(len(rows), sum(1 for c in cells if c and float(c) > 0), len({r["cross_check_of"] for r in rows}),
      rows[0]["cross_check_of"] if rows else "")' "$tmp/xc.csv")
check "cross-check paired with the noisy-neighbor run (same namespaces), all 12 ratios figures: $got" \
	test "$got" = "3 12 1 QEMU NVMe Ctrl deadbeef ns1,2,3,4,5,6"
tap_done
