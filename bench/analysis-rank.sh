#!/usr/bin/env bash
# Benchmark: fiorank vs jq vs a short Python script on the same extraction.
#
#   bench/analysis-rank.sh [--files N] [--keep DIR] [--scale "2000 20000 50000"]
#
# Builds a corpus of N (default 2000) fio outputs from the committed real fio
# fixtures (tests/data/fio/results: json, and json+ with latency bins for
# 4k-randread), each copy of the set in a directory of its own (a drive), then
# times, best of 5 runs each, on a warm page cache:
#   fiorank -f csv DIR                     (read, rank, render)
#   jq over all files                      (extract per job: name, IOPS, mean
#                                           and p99 clat per direction)
#   python3 (json module)                  (the same extraction plus the peak
#                                           per drive and profile)
# and prints MB/s for each (by wall time and by CPU time: fiorank parses
# with one thread per CPU, jq and python3 use one) and fiorank's speed-up.
# Then (--scale, default "2000 20000 50000"; "" skips it) the growth with
# the number of files: N copies of one real fio output (shapes/json.json) in
# ONE directory, each its own drive (labelled by file name), fiorank -j 1
# -f csv timed best of 3 (wall and CPU), with CPU time per file, which stays
# flat when the cost is linear.  Between the two, a runner-style results tree
# of 1,320 outputs under one manifest (provenance included), best of 5.
# Not a test: nothing is asserted; the figures go into the report.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
FIORANK=${FIORANK:-$TOP/build/fiorank}
N=2000
KEEP=
SCALE="2000 20000 50000"
while [ $# -gt 0 ]; do
	case $1 in
	--files) N=$2; shift 2 ;;
	--keep) KEEP=$2; shift 2 ;;
	--scale) SCALE=$2; shift 2 ;;
	*) echo "analysis-rank: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ -x "$FIORANK" ] || { echo "build fiorank first (make analysis)" >&2; exit 2; }
command -v jq >/dev/null || { echo "needs jq" >&2; exit 2; }

DIR=${KEEP:-$(mktemp -d)}
[ -n "$KEEP" ] || trap 'rm -rf "$DIR"' EXIT
mkdir -p "$DIR/corpus"

python3 - "$TOP/tests/data/fio/results" "$DIR/corpus" "$N" <<'PY'
import os, re, sys
src, dst, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
files = []
for root, _, names in os.walk(src):
    for name in sorted(names):
        if name.endswith(".json") and name != "manifest.json" and "/profiles/" in root + "/":
            files.append(os.path.join(root, name))
files.sort()
# copy k of fixture drive X is drive X-k: every (drive, profile, step) once
for i in range(n):
    text = open(files[i % len(files)]).read()
    src_drive = os.path.relpath(files[i % len(files)], src).split(os.sep)[0]
    d = os.path.join(dst, "%s-%03d" % (src_drive, i // len(files)))
    os.makedirs(d, exist_ok=True)
    open(os.path.join(d, "r%05d.json" % i), "w").write(text)
PY
bytes=$(du -sb "$DIR/corpus" | cut -f1)
njson_plus=$(grep -l '"bins"' -r "$DIR/corpus" | wc -l)
echo "corpus: $N files ($njson_plus json+), $((bytes / 1024)) KiB in $DIR/corpus"

cat >"$DIR/extract.py" <<'PY'
import json, os, sys
peak = {}
for root, _, names in os.walk(sys.argv[1]):
    for name in names:
        if not name.endswith(".json"):
            continue
        with open(os.path.join(root, name)) as f:
            doc = json.load(f)
        drive = os.path.basename(root)
        for job in doc["jobs"]:
            profile = job["jobname"].split("@")[0]
            iops = 0.0
            row = [job["jobname"]]
            for d in ("read", "write"):
                s = job[d]
                iops += s["iops"]
                c = s["clat_ns"]
                row += [s["iops"], c["mean"], c.get("percentile", {}).get("99.000000")]
            key = (drive, profile)
            if iops > peak.get(key, (0,))[0]:
                peak[key] = (iops, row)
for key in sorted(peak):
    print(key[0], key[1], peak[key][0])
PY
JQ_PROG='.jobs[] | [.jobname, (.read.iops, .read.clat_ns.mean, .read.clat_ns.percentile["99.000000"],
	.write.iops, .write.clat_ns.mean, .write.clat_ns.percentile["99.000000"])] | @csv'

# best of 5: sets REAL and CPU (user+sys, all threads and children), seconds
best() {
	local r u s t
	REAL=999999 CPU=999999
	for _ in 1 2 3 4 5; do
		t=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1) || true
		read -r r u s <<<"$t"
		REAL=$(awk -v a="$r" -v b="$REAL" 'BEGIN { print (a < b) ? a : b }')
		CPU=$(awk -v u="$u" -v s="$s" -v b="$CPU" 'BEGIN { c = u + s; print (c < b) ? c : b }')
	done
}
run_jq() { find "$DIR/corpus" -name '*.json' -print0 | xargs -0 jq -r "$JQ_PROG"; }
run_py() { python3 "$DIR/extract.py" "$DIR/corpus"; }
run_fr() { "$FIORANK" -N -f csv "$DIR/corpus"; }
run_fr1() { "$FIORANK" -N -j 1 -f csv "$DIR/corpus"; }
"$FIORANK" -N -q -f csv "$DIR/corpus" >"$DIR/fiorank.csv" ||
	{ echo "fiorank did not read the corpus cleanly" >&2; exit 1; }

cat "$DIR"/corpus/*/*.json >/dev/null # warm the page cache
best run_fr; r_fr=$REAL c_fr=$CPU
best run_fr1; r_fr1=$REAL c_fr1=$CPU
best run_jq; r_jq=$REAL c_jq=$CPU
best run_py; r_py=$REAL c_py=$CPU
mbps() { awk -v b="$bytes" -v t="$1" 'BEGIN { printf "%.1f", b / 1e6 / t }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
echo "machine: $(nproc) CPUs, load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-30s %8s %9s %8s %9s\n' "" "wall s" "wall MB/s" "cpu s" "cpu MB/s"
for t in "fiorank -f csv:fr" "fiorank -j 1 (one thread):fr1" "jq (extraction only):jq" "python3 json (+ peaks):py"; do
	name=${t%:*} k=${t##*:}
	r=r_$k c=c_$k
	printf '%-30s %8.3f %9s %8.3f %9s\n' "$name" "${!r}" "$(mbps "${!r}")" "${!c}" "$(mbps "${!c}")"
done
echo "fiorank vs jq:      $(ratio "$r_jq" "$r_fr")x faster (wall), $(ratio "$c_jq" "$c_fr")x less CPU"
echo "fiorank vs python3: $(ratio "$r_py" "$r_fr")x faster (wall), $(ratio "$c_py" "$c_fr")x less CPU"
echo "one thread:         $(ratio "$r_jq" "$r_fr1")x jq, $(ratio "$r_py" "$r_fr1")x python3 (wall)"

# a runner's results tree: the committed fixture's two drives copied 60 times
# under one manifest.json (1,320 outputs, 1,320 runs), so that provenance
# (manifest, runs, preconditioning and verdict per drive) is part of the cost
mkdir -p "$DIR/tree"
python3 - "$TOP/tests/data/fio/results" "$DIR/tree" <<'PY'
import json, os, shutil, sys
src, dst = sys.argv[1], sys.argv[2]
m = json.load(open(os.path.join(src, "manifest.json")))
runs, drives = [], []
for k in range(60):
    for d in m["drives"]:
        nd = dict(d, label="%s-%02d" % (d["label"], k))
        drives.append(nd)
        shutil.copytree(os.path.join(src, d["label"]), os.path.join(dst, nd["label"]))
    for r in m["runs"]:
        lab = "%s-%02d" % (r["drive"], k)
        runs.append(dict(r, drive=lab, id=lab + r["id"][len(r["drive"]):],
                         output=lab + r["output"][len(r["drive"]):]))
m["runs"], m["drives"] = runs, drives
json.dump(m, open(os.path.join(dst, "manifest.json"), "w"))
PY
run_tree() { "$FIORANK" -N -j 1 -f csv "$DIR/tree"; }
best run_tree
echo "results tree with a manifest: $(find "$DIR/tree" -name '*.json' ! -name manifest.json | wc -l) outputs, fiorank -j 1 -f csv, best of 5: $REAL s wall, $CPU s CPU"

# growth with the number of files in one directory
[ -n "$SCALE" ] || exit 0
max=0
for n in $SCALE; do [ "$n" -gt "$max" ] && max=$n; done
mkdir -p "$DIR/flat"
python3 - "$TOP/tests/data/fio/shapes/json.json" "$DIR/flat" "$max" <<'PY'
import sys
text = open(sys.argv[1]).read()
for i in range(int(sys.argv[3])):
    open("%s/r%06d.json" % (sys.argv[2], i), "w").write(text)
PY
echo "growth: N files in one directory (each its own drive), fiorank -j 1 -f csv, best of 3"
printf '%8s %8s %8s %12s\n' files "wall s" "cpu s" "cpu ms/file"
for n in $SCALE; do
	rm -rf "$DIR/flat-$n" && mkdir "$DIR/flat-$n"
	python3 -c 'import os, sys; [os.link("%s/r%06d.json" % (sys.argv[1], i), "%s/r%06d.json" % (sys.argv[2], i)) for i in range(int(sys.argv[3]))]' \
		"$DIR/flat" "$DIR/flat-$n" "$n"
	cat "$DIR/flat-$n"/*.json >/dev/null 2>&1 || true
	REAL=999999 CPU=999999
	for _ in 1 2 3; do
		t=$( { TIMEFORMAT='%R %U %S'; time "$FIORANK" -N -q -j 1 -f csv "$DIR/flat-$n" >/dev/null 2>&1; } 2>&1) || true
		read -r r u s <<<"$t"
		REAL=$(awk -v a="$r" -v b="$REAL" 'BEGIN { print (a < b) ? a : b }')
		CPU=$(awk -v u="$u" -v s="$s" -v b="$CPU" 'BEGIN { c = u + s; print (c < b) ? c : b }')
	done
	printf '%8d %8.3f %8.3f %12.4f\n' "$n" "$REAL" "$CPU" "$(awk -v c="$CPU" -v n="$n" 'BEGIN { print 1000 * c / n }')"
	rm -rf "$DIR/flat-$n"
done
