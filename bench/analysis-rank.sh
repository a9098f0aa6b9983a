#!/usr/bin/env bash
# Benchmark: fiorank vs jq vs a short Python script on the same extraction.
#
#   bench/analysis-rank.sh [--files N] [--runs R] [--keep DIR]
#                          [--scale "2000 20000 50000"] [--peer FIORANK]
#
# Builds a corpus of N (default 2000) fio outputs from the committed real fio
# fixtures (tests/data/fio/results: json, and json+ with latency bins for
# 4k-randread), each copy of the set in a directory of its own (a drive), then
# times, on a warm page cache, in R (default 7) interleaved rounds (each
# round runs every tool once, so a burst of load elsewhere hits them alike),
# keeping each tool's best:
#   fiorank -f csv DIR                     (read, rank, render; one parse
#                                           thread per CPU)
#   fiorank -j 1 -f csv DIR                (the same on one thread)
#   FIORANK_JSONC=1 fiorank -j 1 ...       (the same through json-c's
#                                           object tree, without the fast
#                                           reader: what it saves)
#   PEER -j 1 -f csv DIR                   (--peer: another fiorank binary,
#                                           e.g. one built before a change,
#                                           timed in the same rounds)
#   jq over all files                      (extract per job: name, IOPS, mean
#                                           and p99 clat per direction)
#   python3 (json module)                  (the same extraction plus the peak
#                                           per drive and profile), the real
#                                           interpreter called directly:
#                                           /usr/bin/python3 when present,
#                                           else python3's sys.executable with
#                                           links resolved, never a pyenv or
#                                           other version-manager shim (a shim
#                                           doubles Python's time)
# CPU time (user + sys of every thread and child) is the headline: the
# machine may be shared, and wall time then measures the neighbours too.
# It prints both, MB/s by each (MB: the bytes of the fio outputs read, the
# sum of the files' sizes, not du of directories), and the ratios: the goal
# (issue 21) is >= 5x less CPU than jq and >= 3x less than Python at 2,000
# files, and a CPU time per file that stays flat up to 50,000.
# Then (--scale, default "2000 20000 50000"; "" skips it) the growth with
# the number of files: N copies of one real fio output (shapes/json.json) in
# ONE directory, each its own drive (labelled by file name), fiorank -j 1
# -f csv timed best of 3 (wall and CPU), with CPU time per file, which stays
# flat when the cost is linear.  Between the two, runner-style results trees
# of 1,320 and 6,600 outputs under one manifest (manifest look-ups and
# provenance included), best of 3, with CPU time per output.
# Not a test: nothing is asserted; the figures go into the report.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
FIORANK=${FIORANK:-$TOP/build/fiorank}
N=2000
RUNS=7
KEEP=
SCALE="2000 20000 50000"
PEER=
while [ $# -gt 0 ]; do
	case $1 in
	--files) N=$2; shift 2 ;;
	--runs) RUNS=$2; shift 2 ;;
	--keep) KEEP=$2; shift 2 ;;
	--scale) SCALE=$2; shift 2 ;;
	--peer) PEER=$2; shift 2 ;;
	*) echo "analysis-rank: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ -x "$FIORANK" ] || { echo "build fiorank first (make analysis)" >&2; exit 2; }
[ -z "$PEER" ] || [ -x "$PEER" ] || { echo "analysis-rank: --peer $PEER: not an executable" >&2; exit 2; }
command -v jq >/dev/null || { echo "needs jq" >&2; exit 2; }
# the real Python interpreter, not a shim in front of it
if [ -x /usr/bin/python3 ]; then
	PY=/usr/bin/python3
else
	PY=$(readlink -f "$(python3 -c 'import sys; print(sys.executable)')")
fi
JQ=$(readlink -f "$(command -v jq)")

DIR=${KEEP:-$(mktemp -d)}
[ -n "$KEEP" ] || trap 'rm -rf "$DIR"' EXIT
rm -rf "$DIR/corpus" "$DIR/tree" "$DIR/flat" # a kept DIR is rebuilt
mkdir -p "$DIR/corpus"

"$PY" - "$TOP/tests/data/fio/results" "$DIR/corpus" "$N" <<'PY'
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
# the bytes the tools read: the files' sizes, not the directories' blocks
bytes=$(find "$DIR/corpus" -name '*.json' -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
njson_plus=$(grep -l '"bins"' -r "$DIR/corpus" | wc -l)
echo "corpus: $N files ($njson_plus json+), $bytes bytes of fio output in $DIR/corpus"
echo "python: $PY ($("$PY" --version 2>&1)); jq: $JQ ($("$JQ" --version))"

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

# one timed run of "$@": sets T_REAL and T_CPU (user+sys, all threads and
# children), seconds
time_once() {
	local r u s t
	t=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1) || true
	read -r r u s <<<"$t"
	T_REAL=$r
	T_CPU=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.3f", u + s }')
}
min() { awk -v a="$1" -v b="$2" 'BEGIN { print (a < b) ? a : b }'; }
# best_of N CMD...: sets REAL and CPU, the best of N runs
best_of() {
	local n=$1
	shift
	REAL=999999 CPU=999999
	for ((i = 0; i < n; i++)); do
		time_once "$@"
		REAL=$(min "$T_REAL" "$REAL") CPU=$(min "$T_CPU" "$CPU")
	done
}
run_jq() { find "$DIR/corpus" -name '*.json' -print0 | xargs -0 "$JQ" -r "$JQ_PROG"; }
run_py() { "$PY" "$DIR/extract.py" "$DIR/corpus"; }
run_fr() { "$FIORANK" -N -f csv "$DIR/corpus"; }
run_fr1() { "$FIORANK" -N -j 1 -f csv "$DIR/corpus"; }
# the same through json-c's object tree (read_fio_fast.h): what the fast
# reader saves
run_frc() { FIORANK_JSONC=1 "$FIORANK" -N -j 1 -f csv "$DIR/corpus"; }
run_peer() { "$PEER" -N -j 1 -f csv "$DIR/corpus"; }
"$FIORANK" -N -q -f csv "$DIR/corpus" >"$DIR/fiorank.csv" ||
	{ echo "fiorank did not read the corpus cleanly" >&2; exit 1; }

cat "$DIR"/corpus/*/*.json >/dev/null # warm the page cache
tools="fr fr1 frc jq py${PEER:+ peer}"
declare -A BR BC # best wall and CPU seconds per tool
for k in $tools; do
	BR[$k]=999999 BC[$k]=999999
done
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
for ((round = 0; round < RUNS; round++)); do
	for k in $tools; do
		time_once "run_$k"
		BR[$k]=$(min "$T_REAL" "${BR[$k]}") BC[$k]=$(min "$T_CPU" "${BC[$k]}")
	done
done
mbps() { awk -v b="$bytes" -v t="$1" 'BEGIN { printf "%.1f", b / 1e6 / t }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", a / b }'; }
echo "machine: $(nproc) CPUs, load average $load_before before, $(cut -d' ' -f1-3 /proc/loadavg) after"
echo "best of $RUNS interleaved rounds:"
printf '%-30s %8s %9s %8s %9s\n' "" "wall s" "wall MB/s" "cpu s" "cpu MB/s"
for t in "fiorank -f csv:fr" "fiorank -j 1 (one thread):fr1" "fiorank -j 1, json-c tree:frc" "jq (extraction only):jq" "python3 json (+ peaks):py"; do
	name=${t%:*} k=${t##*:}
	printf '%-30s %8.3f %9s %8.3f %9s\n' "$name" "${BR[$k]}" "$(mbps "${BR[$k]}")" \
		"${BC[$k]}" "$(mbps "${BC[$k]}")"
done
[ -z "$PEER" ] || printf '%-30s %8.3f %9s %8.3f %9s   (%s)\n' "peer -j 1" "${BR[peer]}" \
	"$(mbps "${BR[peer]}")" "${BC[peer]}" "$(mbps "${BC[peer]}")" "$PEER"
echo "fiorank vs jq, CPU time (headline): $(ratio "${BC[jq]}" "${BC[fr]}")x less CPU" \
	"($(ratio "${BC[jq]}" "${BC[fr1]}")x with -j 1); wall: $(ratio "${BR[jq]}" "${BR[fr]}")x" \
	"faster ($(ratio "${BR[jq]}" "${BR[fr1]}")x with -j 1)"
echo "fiorank vs python3, CPU time: $(ratio "${BC[py]}" "${BC[fr]}")x less CPU" \
	"($(ratio "${BC[py]}" "${BC[fr1]}")x with -j 1); wall: $(ratio "${BR[py]}" "${BR[fr]}")x faster"

# The look-ups (strace, when installed): each directory's manifest and
# engine files looked for once, not once per file (issue 21): manifest.json
# and *.engine.json paths asked for, per directory of the corpus.
if command -v strace >/dev/null; then
	strace -f -qq -e trace=openat,newfstatat,stat,statx -o "$DIR/strace.txt" \
		"$FIORANK" -N -j 1 -f csv "$DIR/corpus" >/dev/null 2>&1 || true
	dirs=$(find "$DIR/corpus" -type d | wc -l)
	mf=$(grep -c 'manifest\.json"' "$DIR/strace.txt" || true)
	eng=$(grep -c '\.engine\.json"' "$DIR/strace.txt" || true)
	calls=$(wc -l <"$DIR/strace.txt")
	echo "look-ups (strace, -j 1): $dirs directories; manifest.json asked for $mf times," \
		"*.engine.json $eng times; $calls open/stat calls for $N files"
fi

# a runner's results tree: the committed fixture's two drives copied K times
# under one manifest.json (K = 60: 1,320 outputs and runs; K = 300: 6,600),
# so that the manifest look-ups and provenance (runs, preconditioning and
# verdict per drive) are part of the cost, and grow with it
make_tree() {
	rm -rf "$DIR/tree" && mkdir -p "$DIR/tree"
	"$PY" - "$TOP/tests/data/fio/results" "$DIR/tree" "$1" <<'PY'
import json, os, shutil, sys
src, dst, copies = sys.argv[1], sys.argv[2], int(sys.argv[3])
m = json.load(open(os.path.join(src, "manifest.json")))
runs, drives = [], []
for k in range(copies):
    for d in m["drives"]:
        nd = dict(d, label="%s-%03d" % (d["label"], k))
        drives.append(nd)
        shutil.copytree(os.path.join(src, d["label"]), os.path.join(dst, nd["label"]))
    for r in m["runs"]:
        lab = "%s-%03d" % (r["drive"], k)
        runs.append(dict(r, drive=lab, id=lab + r["id"][len(r["drive"]):],
                         output=lab + r["output"][len(r["drive"]):]))
m["runs"], m["drives"] = runs, drives
json.dump(m, open(os.path.join(dst, "manifest.json"), "w"))
PY
}
run_tree() { "$FIORANK" -N -j 1 -f csv "$DIR/tree"; }
echo "results tree under one manifest, fiorank -j 1 -f csv, best of 3"
printf '%8s %8s %8s %14s\n' outputs "wall s" "cpu s" "cpu ms/output"
for copies in 60 300; do
	make_tree "$copies"
	outputs=$(find "$DIR/tree" -name '*.json' ! -name manifest.json ! -name '*.engine.json' | wc -l)
	find "$DIR/tree" -name '*.json' -exec cat {} + >/dev/null
	best_of 3 run_tree
	printf '%8d %8.3f %8.3f %14.4f\n' "$outputs" "$REAL" "$CPU" \
		"$(awk -v c="$CPU" -v n="$outputs" 'BEGIN { print 1000 * c / n }')"
done

# growth with the number of files in one directory
[ -n "$SCALE" ] || exit 0
max=0
for n in $SCALE; do [ "$n" -gt "$max" ] && max=$n; done
mkdir -p "$DIR/flat"
"$PY" - "$TOP/tests/data/fio/shapes/json.json" "$DIR/flat" "$max" <<'PY'
import sys
text = open(sys.argv[1]).read()
for i in range(int(sys.argv[3])):
    open("%s/r%06d.json" % (sys.argv[2], i), "w").write(text)
PY
echo "growth: N files in one directory (each its own drive), fiorank -j 1 -f csv, best of 3"
printf '%8s %8s %8s %12s\n' files "wall s" "cpu s" "cpu ms/file"
for n in $SCALE; do
	rm -rf "$DIR/flat-$n" && mkdir "$DIR/flat-$n"
	"$PY" -c 'import os, sys; [os.link("%s/r%06d.json" % (sys.argv[1], i), "%s/r%06d.json" % (sys.argv[2], i)) for i in range(int(sys.argv[3]))]' \
		"$DIR/flat" "$DIR/flat-$n" "$n"
	find "$DIR/flat-$n" -name '*.json' -exec cat {} + >/dev/null
	best_of 3 "$FIORANK" -N -q -j 1 -f csv "$DIR/flat-$n"
	per=$(awk -v c="$CPU" -v n="$n" 'BEGIN { printf "%.4f", 1000 * c / n }')
	printf '%8d %8.3f %8.3f %12s\n' "$n" "$REAL" "$CPU" "$per"
	first_per=${first_per:-$per} last_per=$per
	rm -rf "$DIR/flat-$n"
done
echo "CPU per file, most files over fewest: $(awk -v a="$last_per" -v b="$first_per" 'BEGIN { printf "%.2f", a / b }') (1.00: linear)"
