#!/usr/bin/env bash
# fiorank on the FDP noisy neighbor (issue 26), on REAL output of the test
# bed (tests/data/fio/fdp, made by tests/data/make-fdp-fixtures.sh): the
# placed run beside the same drive's unplaced run, victims' tails and their
# ratio per namespace, each run's WAF from the drive's FDP statistics (media
# over the same log's host bytes: the 1 s ramp makes fio's bytes smaller),
# and the placed writes' tails per placement ID, in every format.  Every
# expected figure is computed here from the same files (python).
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=${FDP_FIXTURES:-tests/data/fio/fdp}
if [ ! -f "$D/nn/manifest.json" ]; then
	not_ok "fixture $D/nn present (tests/data/make-fdp-fixtures.sh)"
	tap_done
	exit
fi
for fmt in text md csv json html; do
	"$FIORANK" -N -f "$fmt" "$D/nn" >"$tmp/r.$fmt" 2>"$tmp/r.$fmt.err"
	check "fiorank -f $fmt reads the folder (exit 0)" test $? = 0
done

# expect CHECK: python3 recomputes fiorank's JSON from the engine files.
expect() {
	python3 - "$1" "$D/nn/ng0n1/noisy-neighbor-fdp/noisy-neighbor" "$tmp/r.json" "$tmp/r.csv" <<'PY'
import csv, json, math, sys

what, d, rep = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
eng = {r: json.load(open("%s/%s.engine.json" % (d, r))) for r in ("ssdnvme", "ssdnvme-fdp")}
fio = {}
for r in eng:
    t = open("%s/%s.json" % (d, r)).read()
    fio[r] = json.loads(t[t.index("{"):])
bad = []
fdp = rep.get("fdp") or {}
pairs = fdp.get("pairs") or []

def close(a, b):
    return a is not None and b is not None and abs(a - b) <= 1e-9 * max(1.0, abs(b))

def key(r, nsid, direction):
    ks = [k for k in eng[r]["tags"]["keys"] if k["nsid"] == nsid and k["direction"] == direction]
    return ks[0] if len(ks) == 1 else None

def tails(k):
    p = k["lat_ns"]["percentile"]
    return [k["lat_ns"]["mean"] / 1e3, p["99.000000"] / 1e3, p["99.900000"] / 1e3, p["99.990000"] / 1e3]

names = ["mean", "p99", "p99_9", "p99_99"]
if what == "pair":
    if len(pairs) != 1:
        bad.append("%d pairs" % len(pairs))
    else:
        p = pairs[0]
        if not p["drive"].endswith("(ssdnvme-fdp)") or not p["unplaced_drive"] or \
                p["unplaced_drive"] == p["drive"] or "ssdnvme-fdp" in p["unplaced_drive"]:
            bad.append("drives %r / %r" % (p["drive"], p["unplaced_drive"]))
        if [v["nsid"] for v in p["victims"]] != [0, 4, 5, 6]:
            bad.append("victims %s" % [v["nsid"] for v in p["victims"]])
        for v in p["victims"]:
            if not v["nsid"]:
                continue
            on, off = tails(key("ssdnvme-fdp", v["nsid"], "read")), tails(key("ssdnvme", v["nsid"], "read"))
            for i, n in enumerate(names):
                if not close(v["with"][n + "_us"], on[i]) or not close(v["without"][n + "_us"], off[i]) or \
                        not close(v["with_over_without"][n + "_ratio"], on[i] / off[i]):
                    bad.append("ns%d %s: %s / %s / %s" % (v["nsid"], n, v["with"], v["without"], v["with_over_without"]))
elif what == "waf":
    ramp_seen = False
    for side, r in (("waf_without", "ssdnvme"), ("waf_with", "ssdnvme-fdp")):
        w = pairs[0][side] if pairs else {}
        c = [c["fdp"] for e in eng[r]["health"].values() if e["job"] == "nn-write" for c in e["controllers"]][0]
        media, host = (c["after"][k] - c["before"][k] for k in ("mbmw", "hbmw"))
        fio_w = sum(j["write"]["io_bytes"] for j in fio[r]["jobs"] if j["jobname"] == "nn-write")
        if w.get("waf_source") != "FDP" or not close(w.get("waf"), media / host) or w.get("waf_host_bytes") != host:
            bad.append("%s: %s, want %s (FDP %d / %d)" % (side, w, media / host, media, host))
        ramp_seen = ramp_seen or fio_w < host
    # the ramp's writes are in the drive's window, not in fio's bytes: in
    # at least one run, or these checks could not tell the two apart
    if not ramp_seen:
        bad.append("fio's bytes equal FDP's host bytes in both runs: the fixture shows no ramp")
elif what == "pids":
    got = [(e["nsid"], [(p["placement_id"], p["ruhid"], p["plid_index"], p["writes"]) for p in e["pids"]])
           for e in fdp.get("placement", [])]
    want = []
    for j in eng["ssdnvme-fdp"]["jobs"]:
        for pl in j.get("placement") or []:
            k = key("ssdnvme-fdp", pl["nsid"], "write")
            want.append((pl["nsid"], [(pl["pids"][0], pl["ruhids"][0], pl["plids"][0], k["count"])]))
    if sorted(got) != sorted(want) or len(want) != 3:
        bad.append("placement %s, want %s" % (got, want))
    for e in fdp.get("placement", []):
        k = key("ssdnvme-fdp", e["nsid"], "write")
        t = tails(k)
        for i, n in enumerate(names):
            if not close(e["pids"][0]["lat"][n + "_us"], t[i]) or not close(e["lat"][n + "_us"], t[i]):
                bad.append("ns%d %s: %s" % (e["nsid"], n, e["pids"][0]["lat"]))
        if not close(e["pids"][0]["max_us"], k["lat_ns"]["max"] / 1e3):
            bad.append("ns%d max %s" % (e["nsid"], e["pids"][0]["max_us"]))
    # each handle's usage (docs/fiorank.md "Handle usage across reclaim
    # units"): T = (B - A) x LBA + k x RUNS for the one k that fits the
    # bytes written and the largest write, recomputed here; the fixture's
    # 8 MiB units must show at least one unit change
    changed = 0
    for j in eng["ssdnvme-fdp"]["jobs"]:
        for pl in j.get("placement") or []:
            got = [x for e in fdp.get("placement", []) if e["nsid"] == pl["nsid"] for x in e["pids"]]
            b, a, lba = pl["ruamw_before"][0], pl["ruamw_after"][0], pl["lba_size"]
            host, runs, smax = pl["bytes_written"][0], pl["fdp_config"]["runs"], pl["write_max"][0]
            d = host - (b - a) * lba
            if a <= b and d <= 0:
                k = 0
            else:
                kmin = max(-(-d // runs), 0)
                kmax = d // (runs - max(smax - lba, 0))
                k = kmin if kmin == kmax else None
            changed += bool(k)
            took = (b - a) * lba + k * runs if k is not None else None
            if not got or got[0]["host_bytes"] != host or got[0]["ru_bytes"] != took or \
                    got[0]["ru_units_started"] != k or got[0]["ru_size_bytes"] != runs or \
                    (took is not None and not close(got[0]["ru_ratio"], took / host)) or \
                    (got[0]["ru_note"] is None) != (took is not None):
                bad.append("ns%d usage %s, want host %d took %s in %s new units" % (pl["nsid"], got[:1], host, took, k))
    if not changed:
        bad.append("no handle changed reclaim units in the fixture")
elif what == "ramp":
    # fio's ramp_time: the tags leave out what fio does not account, so
    # each run's write tags add up to fio's write completions, and the
    # ramp's completions are counted in the job's tags_ramp
    for r in eng:
        for j in fio[r]["jobs"]:
            tagged = sum(k["count"] + k["errors"] for k in eng[r]["tags"]["keys"]
                         if k["direction"] == "write" and k["job"] == j["jobname"])
            ramp = [e.get("tags_ramp") for e in eng[r]["jobs"] if e["name"] == j["jobname"]]
            if j["write"]["clat_ns"]["N"] != tagged or not ramp or not ramp[0] or \
                    (j["write"]["clat_ns"]["N"] and not ramp[0]["left_out"]["write"]):
                bad.append("%s %s: fio %d writes, tags %d, tags_ramp %s" % (r, j["jobname"], j["write"]["clat_ns"]["N"], tagged, ramp))
elif what == "csv":
    rows = list(csv.DictReader(open(sys.argv[4])))
    nf = [r for r in rows if r["section"] == "nn_fdp"]
    pl = [r for r in rows if r["section"] == "placement"]
    if [r["nsid"] for r in nf] != ["", "4", "5", "6"] or [r["step"] for r in pl].count("PID 0") != 3 or len(pl) != 6:
        bad.append("nn_fdp %s placement %s" % ([r["nsid"] for r in nf], [(r["nsid"], r["step"]) for r in pl]))
    for r in nf:
        # CSV prints the WAF with 3 decimals
        if not abs(float(r["waf"] or "nan") - pairs[0]["waf_with"]["waf"]) <= 0.0005 or r["waf_source"] != "FDP" or \
                r["cross_check_of"] != pairs[0]["unplaced_drive"]:
            bad.append("nn_fdp row %s" % {k: r[k] for k in ("nsid", "waf", "waf_source", "cross_check_of")})
print("ok" if not bad else "; ".join(bad))
PY
}
expect_is() { # expect_is DESC CHECK
	local out
	out=$(expect "$2" 2>&1)
	if [ "$out" = ok ]; then ok "$1"; else not_ok "$1: $out"; fi
}
expect_is "JSON: the placed run paired with the same drive's unplaced run; victims' tails and ratios are the engine's" pair
expect_is "JSON: each run's WAF is FDP media over FDP host bytes of the writers' job (not fio's bytes)" waf
expect_is "JSON: per-PID writes, RUHID and tails, and each handle's bytes across its reclaim unit changes, are the engine's" pids
expect_is "ramp_time 1 s: each job's write tags are fio's write completions; the ramp's are counted apart" ramp
expect_is "CSV: nn_fdp rows with the ratio and WAF, placement rows per namespace and PID" csv
check "text: the side-by-side section with both runs' WAF" \
	grep -q "^writers' WAF without placement: WAF [0-9.]* (FDP); with placement: WAF [0-9.]* (FDP)" "$tmp/r.text"
check "text: per-PID table" grep -q "^ns      PID RUHID index   writes" "$tmp/r.text"
# issue 38: placed and unplaced runs of one drive must read apart in every
# format; the text cut both to "QEMU NVMe Ctrl deadbeef ns1,2,3~".
# nn_text_labels: the victims table's drive cells, "PLACE<TAB>LABEL" a line.
nn_text_labels() {
	awk '/^== noisy neighbor: victims/ { on = 1; next } on && /^$/ { exit }
		on && substr($0, 7, 5) ~ /^ *[0-9]+$/ { print substr($0, 7, 5) + 0 "\t" substr($0, 13, 32) }' "$tmp/r.text"
}
two_labels_apart() {
	local a b
	a=$(nn_text_labels | awk -F'\t' '$1 == 1 { print $2 }' | sort -u)
	b=$(nn_text_labels | awk -F'\t' '$1 == 2 { print $2 }' | sort -u)
	[ "$(printf '%s\n' "$a" | wc -l)" = 1 ] && [ "$(printf '%s\n' "$b" | wc -l)" = 1 ] &&
		[ -n "$a" ] && [ -n "$b" ] && [ "$a" != "$b" ] && [[ $a$b == *"(ssdnvme-fdp)"* ]]
}
check "text: the placed and the unplaced run's labels differ in every victims row" two_labels_apart
check "json: each namespace's two entrants carry different labels" jq -e '
	all(.noisy_neighbor[]; [.ranking[].drive] | length == 2 and (unique | length) == 2)' "$tmp/r.json"
check "md, csv, html: the placed run's label whole" bash -c "
	for f in md csv html; do grep -q 'QEMU NVMe Ctrl deadbeef ns1,2,3,4,5,6 (ssdnvme-fdp)' '$tmp/r.'\$f || exit 1; done"
check "md: both sections" bash -c "grep -q '^## Noisy neighbor with and without Flexible Data Placement' '$tmp/r.md' &&
	grep -q '^| ns | PID | RUHID | plids index |' '$tmp/r.md'"
check "html: the fdp section" grep -q '<section class="fdp"><h2 id="noisy-neighbor-with-and-without[^"]*">Noisy neighbor with and without' "$tmp/r.html"

# The placed run alone: no pair to compare with, said so; the WAF still its own.
mkdir -p "$tmp/alone"
cp "$D"/nn/ng0n1/noisy-neighbor-fdp/noisy-neighbor/ssdnvme-fdp.* "$tmp/alone/"
"$FIORANK" -N "$tmp/alone" >"$tmp/alone.txt" 2>&1
check "alone: exit 0, 'no run without placement' and the placed run's WAF" bash -c \
	"grep -q 'beside no run without placement' '$tmp/alone.txt' &&
	grep -q \"writers' WAF without placement: WAF n/a: no run without placement; with placement: WAF [0-9.]* (FDP)\" '$tmp/alone.txt'"
# An engine from before the ramp fix: the same real files, the placed run's
# engine file with jobs[].tags_ramp dropped (made here, nothing else
# changed).  fio ran the jobs with ramp_time=1, so such tags would include
# the ramp: fiorank names the file and each job in a note, lists the
# victims from those tags unranked with the reason, and labels the per-PID
# rows; exit 0.
mkdir -p "$tmp/oldeng"
cp "$D"/nn/ng0n1/noisy-neighbor-fdp/noisy-neighbor/ssdnvme-fdp.* "$tmp/oldeng/"
python3 - "$tmp/oldeng/ssdnvme-fdp.engine.json" <<'PY'
import json, sys
e = json.load(open(sys.argv[1]))
assert all("tags_ramp" in j for j in e["jobs"])
for j in e["jobs"]:
    del j["tags_ramp"]
json.dump(e, open(sys.argv[1], "w"))
PY
"$FIORANK" -N "$tmp/oldeng" >"$tmp/oldeng.txt" 2>"$tmp/oldeng.err"
check "old engine file: exit 0" test $? = 0
for job in nn-read nn-write; do
	check "old engine file: a note names the file and job $job (tags include the ramp)" \
		grep -q "^fiorank: note: .*oldeng/ssdnvme-fdp.engine.json: job '$job' ran with a ramp_time and this engine file has no \"tags_ramp\"" "$tmp/oldeng.err"
done
check "old engine file: its victims and per-PID rows are labelled as including the ramp, not ranked" bash -c \
	"grep -q \"the engine's tags, which include fio's ramp (an\" '$tmp/oldeng.txt' &&
	grep -q \"^      \\* ns1 all: these rows are the engine's tags, which include fio's ramp\" '$tmp/oldeng.txt'"
"$FIORANK" -N "$tmp/alone" 2>&1 | grep -q "tags_ramp"
check "the same run with tags_ramp: no such note" test $? = 1
# Other reports are unchanged: no fdp section without a placed run.
"$FIORANK" -N -f json "$D/nn/ng0n1/noisy-neighbor-fdp/noisy-neighbor/ssdnvme.json" >"$tmp/plain.json" 2>/dev/null
check "a run without placement has no fdp section" jq -e 'has("fdp") | not' "$tmp/plain.json"
tap_done
