#!/usr/bin/env bash
# fiorank reproduces the published orderings from the shipped reference data:
# every profile winner of the 8-drive comparison (derived here from the CSV
# independently, with Python's csv module), the statements the review makes
# (P5510 group leads 8K and 16K 70/30, PM9A3 group leads 4K random write; the
# P5510 has the lower 99.99th percentile on all three read namespaces; its p99
# falls below the PM9A3's under rising write pressure, stated "from 110 MB/s
# on" and shown as published beside the 10 and 700 MB/s points), the 8-drive
# figures per drive under one name per model, the sequential units (IOPS x
# 64 KiB: P5510 above PM1735 in 64K sequential write), and a measured drive's
# place among the published ones only where its run matches the published
# method (real runs from the test bed, a tmpfs file and plain fio; issue 13),
# in the noisy-neighbor tables too.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
REF=analysis/reference

"$FIORANK" -r "$REF" -f csv --with-reference=p5510-vs-pm9a3 >"$tmp/rank.csv"
check "ranking the published drives alone exits 0" test $? -eq 0

# profile -> winner, from the data (max IOPS, ties to the lower latency)
python3 - "$REF/vdbench-curves.csv" >"$tmp/expected" <<'PY'
import csv, sys
best = {}
for r in csv.DictReader(open(sys.argv[1])):
    if r["review"] != "p5510-vs-pm9a3" or r["point"] != "peak":
        continue
    prof = r["profile"] + ("-high" if r["load"] == "high" else "")
    key = (float(r["iops"]), -float(r["latency_us"] or "inf"))
    if prof not in best or key > best[prof][0]:
        best[prof] = (key, "%s [%s]" % (r["device"], r["review"]))
for p in sorted(best):
    print("%s,%s" % (p, best[p][1]))
PY
python3 - "$tmp/rank.csv" >"$tmp/got" <<'PY'
import csv, sys
for r in csv.DictReader(open(sys.argv[1])):
    if r["section"] == "peak" and r["place"] == "1":
        print("%s,%s" % (r["profile"], r["drive"]))
PY
sort -o "$tmp/got" "$tmp/got"
n=$(wc -l <"$tmp/expected")
check "all $n profiles of the 8-drive comparison are ranked" test "$n" -gt 10 -a "$(wc -l <"$tmp/got")" -eq "$n"
check "every profile winner matches the published data" diff -u "$tmp/expected" "$tmp/got"
winner() { grep "^$1," "$tmp/got" | cut -d, -f2-; }
check "P5510 group leads 8K 70/30" grep -q "P5510" <<<"$(winner 8k-randrw-70-30)"
check "P5510 group leads 16K 70/30" grep -q "P5510" <<<"$(winner 16k-randrw-70-30)"
check "PM9A3 group leads 4K random write" grep -q "PM9A3" <<<"$(winner 4k-randwrite)"

# noisy neighbor: place 1 per namespace and the 99.99th gap from the data
python3 - "$tmp/rank.csv" "$REF/noisy-neighbor.csv" >"$tmp/nn" <<'PY'
import csv, sys
ranks = [r for r in csv.DictReader(open(sys.argv[1])) if r["section"] == "nn"]
data = {}
for r in csv.DictReader(open(sys.argv[2])):
    if r["metric"] == "clat_p99.99":
        data[(r["device"], int(r["namespace"][2:]))] = float(r["value_us"])
for ns in (4, 5, 6):
    first = [r for r in ranks if r["nsid"] == str(ns) and r["place"] == "1"][0]
    second = [r for r in ranks if r["nsid"] == str(ns) and r["place"] == "2"][0]
    gap = float(second["p99_99_us"]) - float(first["p99_99_us"])
    want = data[("Samsung PM9A3", ns)] - data[("Intel D7-P5510", ns)]
    print("ns%d %s gap_ok=%s" % (ns, first["drive"], abs(gap - want) < 1e-6))
PY
for ns in 4 5 6; do
	check "P5510 has the lower 99.99th percentile on NS$ns (gap as published)" \
		grep -qx "ns$ns Intel D7-P5510 \[p5510-vs-pm9a3\] gap_ok=True" "$tmp/nn"
done

# group aggregates: one name per drive model and review, figures per drive
python3 - "$tmp/rank.csv" "$REF/vdbench-curves.csv" >"$tmp/group" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
names = sorted({r["drive"] for r in rows if r["section"] in ("peak", "wp", "nn")})
print("names", "|".join(names))
pub = {(r["device"], r["profile"] + ("-high" if r["load"] == "high" else "")): r
       for r in csv.DictReader(open(sys.argv[2]))
       if r["review"] == "p5510-vs-pm9a3" and r["point"] == "peak"}
bad = 0
for r in rows:
    if r["section"] != "peak":
        continue
    p = pub[(r["drive"].rsplit(" [", 1)[0], r["profile"])]
    n = int(p["drives"])
    if n != 8 or r["per_drive_of"] != "8" or abs(float(r["iops"]) - float(p["iops"]) / n) > 0.05 \
            or abs(float(r["lat_us"]) - float(p["latency_us"])) > 1e-6:
        bad += 1
        print("bad", r["profile"], r["drive"], r["iops"], r["per_drive_of"])
print("per_drive_ok" if not bad else "per_drive_bad")
PY
check "the 8-drive review's P5510 and PM9A3 have one name each (curves, write pressure, noisy neighbor)" \
	grep -qx "names Intel D7-P5510 \[p5510-vs-pm9a3\]|Samsung PM9A3 \[p5510-vs-pm9a3\]" "$tmp/group"
check "8-drive figures are shown per drive (IOPS / 8, latency as published, per_drive_of 8)" \
	grep -qx per_drive_ok "$tmp/group"
"$FIORANK" -r "$REF" --with-reference=p5510-vs-pm9a3 >"$tmp/rank.txt"
check "the text report names each published drive's review and configuration" \
	grep -q "^published drive Intel D7-P5510 \[p5510-vs-pm9a3\]: review p5510-vs-pm9a3; 7.68TB x8, Dell R750" "$tmp/rank.txt"
check "4K random read per drive: 6,670,000 / 8 = 833,750 IOPS at 151 µs" \
	grep -Eq "^  1 Intel D7-P5510 \[p5510-vs-pm9a3\] +833750 .* 151.0 peak" "$tmp/rank.txt"

# write pressure: the p99 order flips between the published 10 and 700 MB/s
# points; the review's own statement (from 110 MB/s on) is shown as published
check "p99 crossover: placed between the published points 10 and 700 MB/s, not 'from 700 MB/s on'" \
	grep -q '^crossover,write-pressure,Intel D7-P5510 \[p5510-vs-pm9a3\],,p99,.*,700.000,.*between the published points 10 and 700 MB/s (none between them)' "$tmp/rank.csv"
check "no report claims the crossover is 'from 700 MB/s on'" bash -c "! grep -q 'from 700 MB/s on' '$tmp/rank.csv'"
check "the review's statement 'from 110 MB/s on' is shown as published, beside the points" \
	grep -q '^statement,write-pressure,p5510-vs-pm9a3,,clat_p99_crossover,.*,110.000,.*P5510 p99 falls below PM9A3 from 110 MB/s on (metric: p99 read completion latency; p5510-vs-pm9a3, as published); the published points (10, 700 MB/s) allow: between 10 and 700 MB/s' "$tmp/rank.csv"
check "the 800 MB/s gaps are shown as published (108 and 196.5 µs), with no point at 800" \
	bash -c "grep -q '^statement,.*,clat_mean_gap,,,108.000,.*,800.000,.*P5510 lower by 108 us at 800 MB/s (metric: mean read completion latency; .*no point there; at 700 MB/s, a gap of 40.0 µs' '$tmp/rank.csv' &&
		grep -q '^statement,.*,clat_p99_gap,,,196.500,.*,800.000,.*P5510 lower by 196.5 us at 800 MB/s (metric: p99 read completion latency; .*at 700 MB/s, a gap of 221.0 µs' '$tmp/rank.csv'"
"$FIORANK" -r "$REF" -f html --with-reference=p5510-vs-pm9a3 >"$tmp/ref.html"
check "charts draw published points as markers, with no line between them" \
	bash -c "grep -q '<circle class=\"published\"' '$tmp/ref.html' && ! grep -q '<path class=\"series\"' '$tmp/ref.html'"
check "no crossover of the means (P5510 lower throughout)" \
	bash -c "! grep -q '^crossover,write-pressure,.*,mean,' '$tmp/rank.csv'"

# a measured drive's place among the published drives run the way it was:
# a full-mode suite run in the test bed (4 jobs x 32 = 128 outstanding 4K
# random reads on an NVMe namespace, 30 s steps; tests/data/README.md)
FULL=tests/data/fio/testbed/full-4k-randread
"$FIORANK" -r "$REF" -f csv "$FULL" >"$tmp/m.csv"
python3 - "$tmp/m.csv" "$REF/vdbench-curves.csv" "$REF/methods.csv" >"$tmp/place" <<'PY'
import csv, sys
me = [r for r in csv.DictReader(open(sys.argv[1])) if r["section"] == "peak"][0]
iops, lat = float(me["iops"]), float(me["lat_us"])
stated = {r["review"] for r in csv.DictReader(open(sys.argv[3]))
          if r["profile"] == me["profile"] and r["load"] == "normal" and r["outstanding"] == "128"}
drives = {}
for r in csv.DictReader(open(sys.argv[2])):
    if r["profile"] == me["profile"] and r["load"] != "high" and r["point"] == "peak" \
            and r["review"] in stated:
        drives[(r["device"], r["review"])] = (float(r["iops"]) / int(r["drives"] or 1),
                                              float(r["latency_us"] or "inf"))
ahead = sum(1 for v in drives.values() if v[0] > iops or (v[0] == iops and v[1] < lat))
print(len(drives) >= 3 and me["ref_place"] == str(ahead + 1) and me["ref_total"] == str(len(drives) + 1))
print(me["drive"])
print(me["ref_note"])
PY
check "a full-method run is placed among the published drives whose review states 128 threads" \
	grep -qx True "$tmp/place"
check "the run's drive is named by model, serial and namespace, not /dev/ng0n2" \
	grep -qx "QEMU NVMe Ctrl deadbeef ns2" "$tmp/place"
check "the 8-drive review (no thread counts stated) is left out with its reason" \
	grep -qx "not comparable: the review states no thread counts for its 8-drive VDbench runs (p5510-vs-pm9a3)" "$tmp/place"

# method mismatches: each refused with its reason, on real outputs
ref_note() { # DIR-or-FILE -> ref_note of its first peak row
	"$FIORANK" -r "$REF" -f csv "$@" 2>/dev/null | python3 -c '
import csv, sys
rows = [r for r in csv.DictReader(sys.stdin) if r["section"] == "peak"]
print(rows[0]["ref_place"] or "-", rows[0]["ref_note"])'
}
got=$(ref_note tests/data/fio/testbed/short-4k-randread)
check "a --short suite run in the test bed is not placed: $got" \
	grep -qx -- "- not comparable: a --short run (3 s steps); .*" <<<"$got"
# the peak table places only comparable results: beside the published
# drives, the --short test-bed drives keep their reason and get no place
got=$("$FIORANK" -r "$REF" -f csv --with-reference=p5510-vs-pm9a3 tests/data/fio/testbed/short-4k-randread 2>/dev/null |
	python3 -c '
import csv, sys
rows = [r for r in csv.DictReader(sys.stdin) if r["section"] == "peak" and r["profile"] == "4k-randread"]
print(" ".join((r["place"] or "-") + ("p" if r["reference"] == "1" else "m" + str(r["ref_note"].startswith("not comparable"))) for r in rows))')
check "peak places only among comparable results (published 1 2, unlike measured '-' with reason): $got" \
	test "$got" = "1p 2p -mTrue -mTrue"
got=$(ref_note tests/data/fio/plain/qd1-4k-randread.json)
check "plain fio at iodepth=1 on a tmpfs file, named 4k-randread, is not placed: $got" \
	grep -qx -- "- not comparable: run on a target no engine file or manifest identifies as a drive; .*; 1 outstanding I/O, published 128 (p5510-review, pm1735-review, p5800x-review)" <<<"$got"
got=$(ref_note tests/data/fio/plain/shm-suite)
check "a suite run on a /dev/shm file is not placed, the engine file says it is a file: $got" \
	grep -qx -- "- not comparable: run on a file, not a drive, a --short run (3 s steps); .*" <<<"$got"

# noisy neighbor: beside the published namespaces a measured drive is placed
# only when its run matches the published method (methods.csv): the test
# bed's --short run (make demo's) and the tmpfs fixture (1 s steps, iodepth
# 1 and 4, files) are listed unplaced with their reasons, not ranked 3 and 4
nn_rows() { # DIR -> "nsid place drive | note" of the measured nn rows of ns4-6
	"$FIORANK" -r "$REF" -f csv --with-reference=p5510-vs-pm9a3 "$1" 2>/dev/null |
		python3 -c '
import csv, sys
for r in csv.DictReader(sys.stdin):
    if r["section"] in ("nn", "nn_cross_check") and r["reference"] == "0" and r["nsid"] in ("4", "5", "6"):
        print("%s %s %s | %s" % (r["nsid"], r["place"] or "-", r["drive"], r["ref_note"]))'
}
nn_rows tests/data/fio/testbed/short-noisy-neighbor >"$tmp/nn-short"
check "test bed noisy neighbor (--short): 6 measured rows on ns4-6 (engine + io_uring_cmd)" \
	test "$(wc -l <"$tmp/nn-short")" -eq 6
check "test bed noisy neighbor (--short): none placed, each says why" \
	bash -c "! grep -qv '^[456] - .* | not comparable: a --short run (3 s steps)\$' '$tmp/nn-short'"
nn_rows tests/data/fio/results >"$tmp/nn-tmpfs"
check "tmpfs noisy neighbor: 6 measured rows on ns4-6" test "$(wc -l <"$tmp/nn-tmpfs")" -eq 6
check "tmpfs noisy neighbor: the psync readers (1 outstanding) are not placed, with the reason" \
	grep -q '^4 - psync-capped | not comparable: .*--short run (1 s steps); 1 outstanding I/O per reader, method 32 (p5510-vs-pm9a3)$' "$tmp/nn-tmpfs"
check "tmpfs noisy neighbor: the io_uring readers (iodepth 4) are not placed, with the reason" \
	grep -q '^6 - iouring-qd4 | not comparable: .*; 4 outstanding I/O per reader, method 32 (p5510-vs-pm9a3)$' "$tmp/nn-tmpfs"
"$FIORANK" -r "$REF" --with-reference=p5510-vs-pm9a3 tests/data/fio/testbed/short-noisy-neighbor >"$tmp/nn.txt"
check "text: the published drives keep places 1 and 2 and their gap; measured rows show '-'" \
	bash -c "grep -A4 '^ns4 ' '$tmp/nn.txt' | grep -q '^ *- QEMU NVMe Ctrl' &&
		grep -A4 '^ns4 ' '$tmp/nn.txt' | grep -q '^ *2 Samsung PM9A3' &&
		grep -A4 '^ns4 ' '$tmp/nn.txt' | grep -q 'gap 2nd-1st (µs) *4.0 *54.0 *164.0 *204.0'"

# units: sequential figures are IOPS x 64 KiB (README.md "Units"), so the
# published orderings of the IOPS hold in MB/s too
"$FIORANK" -r "$REF" -f csv --with-reference >"$tmp/all.csv"
check "ranking every review's drives exits 0" test $? -eq 0
python3 - "$tmp/all.csv" "$REF/vdbench-curves.csv" >"$tmp/seq" <<'PY'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r["section"] == "peak"]
pub = {}
for r in csv.DictReader(open(sys.argv[2])):
    if r["point"] == "peak" and r["profile"].startswith("64k-"):
        prof = r["profile"] + ("-high" if r["load"] == "high" else "")
        pub[(prof, r["device"], r["review"])] = float(r["iops"])
bad = 0
for r in rows:
    if not r["profile"].startswith("64k-"):
        continue
    dev, rev = r["drive"].rsplit(" [", 1)
    key = (r["profile"], dev, rev.rstrip("]"))
    if key in pub and abs(float(r["mbps"]) - pub[key] * 65536 / 1e6) > 0.001:
        bad += 1
        print("wrong MB/s", r["profile"], r["drive"], r["mbps"])
print("derived_ok" if not bad and pub else "derived_bad")
seqw = [r for r in rows if r["profile"] == "64k-seqwrite"]
place = {r["drive"]: int(r["place"]) for r in seqw}
print("seqwrite", place.get("Intel D7-P5510 [p5510-review]"),
      place.get("Samsung PM1735 (HPE P16499-B21) [pm1735-review]"))
p58 = [r for r in rows if r["profile"] == "64k-seqread" and "P5800X" in r["drive"]][0]
print("p5800x", p58["mbps"])
PY
check "every published sequential MB/s is IOPS x 65536 / 10^6" grep -qx derived_ok "$tmp/seq"
check "64K sequential write: P5510 (36,378 IOPS) placed above PM1735 (35,160 IOPS), as published" \
	awk '$1 == "seqwrite" && $2 < $3 { ok = 1 } END { exit !ok }' "$tmp/seq"
check "P5800X 64K sequential read: 112,979 IOPS x 64 KiB = 7404.2 MB/s" grep -qx "p5800x 7404.192" "$tmp/seq"
# a margin is to the next place: none from or to a drive left unplaced (not
# comparable with the published runs), and none between two such drives
"$FIORANK" -f json --with-reference tests/data/fio/results >"$tmp/margins.json" 2>/dev/null
check "margins only between placed entries: an unplaced drive has none, nor the placed one above it" jq -e '
	[.profiles[].ranking | to_entries[] as $e | . as $r | $e.value
	 | select(.place == null or ($r[$e.key + 1] // {} | has("place") and .place == null))
	 | .margin_pct] as $m | ($m | length) > 0 and all($m[]; . == null)' "$tmp/margins.json"
# two like runs (tests/data/fio/ran: one workload spelled two ways), neither
# comparable with the reviews: without published drives in the table they
# are placed among themselves (unlike runs are not: analysis-like.sh)
"$FIORANK" -f json -d 4k tests/data/fio/ran/spelled-4k.json \
	-d 4096 tests/data/fio/ran/spelled-4096.json >"$tmp/margins-own.json" 2>/dev/null
check "without published drives the measured ones are placed and keep their margins" jq -e '
	[.profiles[].ranking[] | select(.reference == false and .place != null and .margin_pct != null
	 and .ref_note != null)] | length > 0' "$tmp/margins-own.json"
tap_done
