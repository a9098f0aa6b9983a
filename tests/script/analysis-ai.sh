#!/usr/bin/env bash
# fiorank's checkpoint and KV-cache sections (issue 41 items 2 and 3) on
# REAL output of the test bed (tests/data/fio/ai, made by
# tests/data/make-ai-fixtures.sh), in text, JSON and HTML.  Every figure of
# the JSON report is computed again here (python) from fio's own output:
# a phase's time from the first writer's job_start to the last writer's
# job_start + job_runtime, its MB/s, the shard, the start spread, the
# reader's percentiles from fio's list (none below 1 / (1 - p) reads), the
# KV steps' IOPS, P95/P99/P99.99 and the writer's MB/s.  Then runs made
# incomplete from the same files (jq) are refused, each with its reason.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=tests/data/fio/ai
for f in checkpoint kvcache; do
	for fmt in text json html; do
		"$FIORANK" -N -f "$fmt" "$D/$f.json" >"$tmp/$f.$fmt" 2>"$tmp/$f.$fmt.err"
		check "fiorank -f $fmt $f.json exits 0" test $? = 0
	done
done

# expect WHAT FIO_JSON REPORT_JSON: python recomputes one section.
expect() {
	python3 - "$@" <<'PY'
import json, math, sys

what, fio, rep = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
keys = {"p50": "50.000000", "p95": "95.000000", "p99": "99.000000",
        "p99.9": "99.900000", "p99.99": "99.990000"}
need = {"p50": 2, "p95": 20, "p99": 100, "p99.9": 1000, "p99.99": 10000}

def close(a, b):
    if a is None or b is None:
        return a is None and b is None
    return abs(a - b) <= 1e-9 * max(1.0, abs(b))

def fail(msg):
    print("# " + msg)
    sys.exit(1)

def tails(job, names, got):
    rd = job["read"]
    if not close(got["reads"], float(rd["total_ios"])):
        fail("reads %s != %s" % (got["reads"], rd["total_ios"]))
    for n in names:
        v = rd["clat_ns"]["percentile"].get(keys[n])
        want = v / 1000.0 if v is not None and rd["total_ios"] >= need[n] else None
        if not close(got[n + "_us"], want):
            fail("%s %s != %s" % (n, got[n + "_us"], want))

jobs = fio["jobs"]
if what == "checkpoint":
    c = rep["checkpoint"][0]
    by = lambda n: [j for j in jobs if j["jobname"] == n]
    tails(by("ckpt-reader@alone")[0], ["p50", "p99", "p99.9", "p99.99"], c["reader_alone"])
    for phase, wname, ddir, rname in (("checkpoint", "ckpt@write", "write", "ckpt-reader@write"),
                                      ("restore", "ckpt@restore", "read", "ckpt-reader@restore")):
        w, p = by(wname), c[phase]
        start = min(j["job_start"] for j in w)
        end = max(j["job_start"] + j["job_runtime"] for j in w)
        t = (end - start) / 1000.0
        b = sum(j[ddir]["io_bytes"] for j in w)
        for k, want in (("writers", len(w)), ("time_s", t), ("bytes", b), ("mb_s", b / t / 1e6),
                        ("shard_bytes", w[0][ddir]["io_bytes"]),
                        ("start_spread_ms", max(j["job_start"] for j in w) - start)):
            if not close(p[k], want):
                fail("%s %s: %s != %s" % (phase, k, p[k], want))
        r = by(rname)[0]
        if r["job_start"] + r["job_runtime"] > end:
            fail("the fixture's %s reader ran past its phase" % phase)
        tails(r, ["p50", "p99", "p99.9", "p99.99"], p["reader"])
    print("# checked: reader alone, checkpoint and restore of %s" % c["drive"])
else:
    k = rep["kvcache"][0]
    reads = [j for j in jobs if j["jobname"].startswith("kvcache@q")]
    if [s["qd"] for s in k["steps"]] != sorted(int(j["jobname"][9:]) for j in reads):
        fail("steps %s" % [s["qd"] for s in k["steps"]])
    for s in k["steps"]:
        j = next(j for j in reads if j["jobname"] == "kvcache@q%d" % s["qd"])
        fill = next(j for j in jobs if j["jobname"] == "kvcache-fill@q%d" % s["qd"])
        if not close(s["read_iops"], j["read"]["iops"]):
            fail("q%d iops %s != %s" % (s["qd"], s["read_iops"], j["read"]["iops"]))
        if not close(s["fill_mb_s"], fill["write"]["bw_bytes"] / 1e6):
            fail("q%d fill %s" % (s["qd"], s["fill_mb_s"]))
        tails(j, ["p95", "p99", "p99.99"], s["reads"])
    print("# checked: %d steps of %s" % (len(k["steps"]), k["drive"]))
PY
}
check "checkpoint: every figure of the JSON report recomputed from fio's output" \
	expect checkpoint "$D/checkpoint.json" "$tmp/checkpoint.json"
check "kvcache: every figure of the JSON report recomputed from fio's output" \
	expect kvcache "$D/kvcache.json" "$tmp/kvcache.json"
check "text: the checkpoint section with both phases and the reader's three windows" bash -c "
	grep -q '^== checkpoint (jobs/checkpoint.fio)' '$tmp/checkpoint.text' &&
	grep -Eq '^  checkpoint +4 +48.0 ' '$tmp/checkpoint.text' &&
	grep -Eq '^  restore +4 +48.0 ' '$tmp/checkpoint.text' &&
	grep -Eq '^    (alone|checkpoint|restore) ' '$tmp/checkpoint.text'"
check "text: a percentile with too few reads is not printed, with the count" \
	grep -Eq 'p99.99: not printed: [0-9]+ reads, fewer than the 10000 p99.99 needs' "$tmp/checkpoint.text"
check "text: the kvcache section, one row per queue depth" bash -c "
	grep -q '^== kvcache (jobs/kvcache.fio)' '$tmp/kvcache.text' &&
	[ \$(grep -Ec '^ +(1|8|32|64|128) +[0-9]+ ' '$tmp/kvcache.text') = 5 ]"
check "html: both sections, as tables" bash -c "
	grep -q '<section class=\"profile\" id=\"checkpoint\">' '$tmp/checkpoint.html' &&
	grep -q '<section class=\"profile\" id=\"kvcache\">' '$tmp/kvcache.html' &&
	grep -q '<th>P95 µs</th>' '$tmp/kvcache.html'"
check "identity and health per step come from the engine's file beside each run" bash -c "
	grep -q 'QEMU NVMe Ctrl' '$tmp/checkpoint.text' && grep -q 'QEMU NVMe Ctrl' '$tmp/kvcache.text' &&
	grep -q '/ ckpt step write: valid' '$tmp/checkpoint.text' &&
	grep -q '/ ckpt step restore: valid' '$tmp/checkpoint.text' &&
	grep -q '/ kvcache step q64: valid' '$tmp/kvcache.text' &&
	grep -q '/ kvcache-fill step q64: valid' '$tmp/kvcache.text'"

# refused: incomplete or unlike runs, made from the real files by a jq
# filter; refused DESC NAME SOURCE FILTER PATTERN: fiorank's text report of
# the changed copy of SOURCE says PATTERN.
mkdir -p "$tmp/bad"
refused() {
	jq "$4" "$D/$3.json" >"$tmp/bad/$2.json" &&
		"$FIORANK" -N -f text "$tmp/bad/$2.json" >"$tmp/bad/$2.txt" 2>&1
	check "$1" grep -q -- "$5" "$tmp/bad/$2.txt"
}
refused "a checkpoint run without its restore is refused, naming the missing job" norestore checkpoint \
	'.jobs |= map(select(.jobname != "ckpt@restore"))' 'no figures: no ckpt@restore job in this run'
refused "a reader that ran past its phase's writers gives no tails for that phase, saying why" late \
	checkpoint '(.jobs[] | select(.jobname == "ckpt-reader@write") | .job_runtime) += 100000' \
	'checkpoint: the reader ran [0-9]* ms past the last writer'
refused "writers reported as one (group_reporting) are refused: no phase time" grouped checkpoint \
	'.jobs |= (map(select(.jobname != "ckpt@write")) + [(map(select(.jobname == "ckpt@write")) | .[0])])' \
	'1 entries for numjobs=4: each writer must be reported on its own'
refused "a job that failed makes the run incomplete: no figures" err kvcache \
	'(.jobs[] | select(.jobname == "kvcache@q8") | .error) = 5' 'no figures: job kvcache@q8 ended with fio error 5'
refused "a list without 95 (fio's default) prints no P95, saying why" nop95 kvcache \
	'del(.jobs[].read.clat_ns.percentile["95.000000"])' "QD 1 p95: not printed: p95 not in fio's percentile list (clat_ns)"
refused "a read step without its filling writer is not the method's step" nofill kvcache \
	'.jobs |= map(select(.jobname != "kvcache-fill@q64"))' 'QD 64: no kvcache-fill@q64 beside it'
tap_done
