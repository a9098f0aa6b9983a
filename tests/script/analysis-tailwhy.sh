#!/usr/bin/env bash
# fiorank's "why the tail" (issue 40) on REAL tag logs of the test bed
# (tests/data/fio/testbed/tailwhy, made by tests/data/make-tailwhy-fixture.sh):
# a python reader of its own decodes every tag log record (docs/tags.md's
# byte layout, not the engine's reader), and recomputes every number of the
# section: per key the I/Os, the slow and median ranks, the latencies at
# their edges, each K from the median I/Os, the hits, the one-sided Fisher
# exact p, the verdict; with the default p99.9 (too few slow I/Os: the
# fixture is short) and p99 (the noisy neighbor's victims: no common cause
# found; a reader beside bursts of writes: the writes in flight), in text,
# JSON and HTML; without a tag log (an older runner fixture) the victims'
# outliers listed, not attributed.  Bad --tail-pct values are refused in one
# line.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=${TAILWHY_FIXTURES:-tests/data/fio/testbed/tailwhy}
if [ ! -f "$D/nn/nn.json" ]; then
	not_ok "fixture $D present (tests/data/make-tailwhy-fixture.sh)"
	tap_done
	exit
fi
# one drive label per run (the three are the same emulated drive)
ins=(-d nn "$D/nn/nn.json" -d qd1 "$D/qd1/qd1.json" -d burst "$D/burst/burst.json")
for pct in 99.9 99; do
	for fmt in text json html; do
		"$FIORANK" -N --tail-pct "$pct" -f "$fmt" "${ins[@]}" >"$tmp/r$pct.$fmt" \
			2>"$tmp/r$pct.$fmt.err"
		check "fiorank --tail-pct $pct -f $fmt reads the fixture (exit 0)" test $? = 0
	done
done

# recompute PCT: python3 recomputes the JSON section from the tag logs.
recompute() {
	python3 - "$1" "$tmp/r$1.json" "$D" <<'PY'
import glob, json, math, os, struct, sys

pct, rep, d = float(sys.argv[1]), json.load(open(sys.argv[2])), sys.argv[3]
sec = rep.get("tail_why") or {}
got = {(k["drive"], k["job"], k["nsid"], k["direction"]): k for k in sec.get("keys", [])}
bad, seen = [], 0

def records(path):
    b = open(path, "rb").read()
    assert b[:8] == b"SSDNVTAG", path
    hs, rs = struct.unpack_from("<II", b, 12)
    for off in range(hs, len(b) - rs + 1, rs):
        if b[off:off + 8] == b"SSDNVEND":
            break
        sub, lat = struct.unpack_from("<QQ", b, off)
        key, = struct.unpack_from("<I", b, off + 32)
        flags = b[off + 39]
        r, w = struct.unpack_from("<II", b, off + 40)
        slat, = struct.unpack_from("<I", b, off + 56)
        yield key, flags, dict(lat=lat, t=sub, w=w, rd=r, slat=slat, idx=off)

def ns_list(ns):
    runs, out = [], []
    for x in sorted(ns):
        if runs and runs[-1][1] == x - 1:
            runs[-1][1] = x
        else:
            runs.append([x, x])
    for lo, hi in runs:
        out.append("%d" % lo if lo == hi else "%d-%d" % (lo, hi))
    return "ns" + ",".join(out)

def fisher_greater(a, n1, b, n2):
    if not n1 or not n2:
        return 1.0
    hits, tot = a + b, n1 + n2
    lg = lambda x: math.lgamma(x + 1)
    def logp(k):
        return (lg(hits) - lg(k) - lg(hits - k) + lg(tot - hits) - lg(n1 - k)
                - lg(tot - hits - n1 + k) - lg(tot) + lg(n1) + lg(tot - n1))
    return min(1.0, sum(math.exp(logp(k)) for k in range(a, min(hits, n1) + 1)))

def flagged_spans(eng, job, thread, ctrl):
    for e in (eng.get("health") or {}).values():
        if e.get("job") != job or e.get("thread") != thread:
            continue
        for c in e.get("controllers") or []:
            if c.get("controller") != ctrl:
                continue
            snaps = [c["before"]] + (c.get("samples") or []) + [c["after"]]
            spans = []
            for p, q in zip(snaps, snaps[1:]):
                grew = any(q.get(f, 0) > p.get(f, 0) for f in (
                    "tmt1_count", "tmt2_count", "tmt1_time_s", "tmt2_time_s",
                    "warning_temp_time_min", "critical_temp_time_min"))
                if grew or q.get("critical_warning") or p.get("critical_warning") \
                        or q.get("endgrp_crit_warning"):
                    spans.append((p["t_ms"], q["t_ms"]))
            return spans
    return None

for ej in sorted(glob.glob(d + "/*/*.engine.json")):
    eng = json.load(open(ej))
    drive = os.path.basename(os.path.dirname(ej))  # -d as the run's folder
    keys = eng["tags"]["keys"]
    writers = {k["nsid"] for k in keys if k["direction"] == "write"}
    for job in eng["jobs"]:
        if not job.get("taglog"):
            continue
        by_id = {}
        for kid, flags, r in records(os.path.join(os.path.dirname(ej), os.path.basename(job["taglog"]))):
            if not flags & 1:
                by_id.setdefault(kid, []).append(r)
        for k in keys:
            if k["thread"] != job["thread"] or k["direction"] not in ("read", "write") \
                    or k["id"] not in by_id or "placement_id" in k:
                continue
            seen += 1
            name = (drive, k["job"], k["nsid"], k["direction"])
            g = got.get(name)
            if not g:
                bad.append("no entry for %s" % (name,))
                continue
            rs = sorted(by_id[k["id"]], key=lambda r: (r["lat"], r["idx"]))
            n = len(rs)
            # the ranks in integers: pct in millionths
            s0 = n * round(pct * 1e6) // 100000000
            m0, m1 = n * 45 // 100, n * 55 // 100
            slow, med = rs[s0:], rs[m0:m1]
            want = dict(n=n, n_slow=n - s0, n_median=m1 - m0, tail_ns=slow[0]["lat"],
                        median_lo_ns=med[0]["lat"], median_hi_ns=med[-1]["lat"],
                        writes_on=ns_list(writers) if writers and k["nsid"] not in writers else None)
            for f, v in want.items():
                if g[f] != v:
                    bad.append("%s %s: %r, recomputed %r" % (name, f, g[f], v))
            if len(slow) < 30:
                if g["verdict"] != "too_few" or "too few slow I/Os (n=%d)" % len(slow) not in g["sentence"]:
                    bad.append("%s: %d slow I/Os, verdict %s" % (name, len(slow), g["verdict"]))
                continue
            spans = flagged_spans(eng, k["job"], k["thread"], k["controller"])
            tested, cause = [], False
            for f in g["factors"]:
                fld = {"writes_inflight": "w", "reads_inflight": "rd", "submit_delay": "slat"}.get(f["name"])
                if fld:
                    vals = sorted(r[fld] for r in med)
                    kk = max(1, vals[-(-len(vals) * 90 // 100) - 1])
                    if fld == "slat" and not any(r["slat"] for r in slow + med):
                        if f["tested"]:
                            bad.append("%s: slat tested without slat" % (name,))
                        continue
                    if f["k"] != kk:
                        bad.append("%s %s: K %r, recomputed %r" % (name, f["name"], f["k"], kk))
                    hit = lambda r: r[fld] >= kk
                else:
                    if spans is None:
                        if f["tested"]:
                            bad.append("%s: health tested without snapshots" % (name,))
                        continue
                    hit = lambda r: any(a <= r["t"] / 1e6 < b for a, b in spans)
                a, b = sum(map(hit, slow)), sum(map(hit, med))
                tested.append((f, a, b))
            for f, a, b in tested:
                p = fisher_greater(a, len(slow), b, len(med))
                c = p < 0.01 / len(tested) and a / len(slow) - b / len(med) >= 0.2
                cause |= c
                if (f["slow_hits"], f["median_hits"], f["cause"]) != (a, b, c) or \
                        abs(f["p"] - p) > 1e-9 + 1e-6 * p:
                    bad.append("%s %s: %r/%r p %r cause %r, recomputed %r/%r p %r %r" % (
                        name, f["name"], f["slow_hits"], f["median_hits"], f["p"], f["cause"], a, b, p, c))
            v = "cause" if cause else "no_common_cause"
            if g["verdict"] != v:
                bad.append("%s: verdict %s, recomputed %s" % (name, g["verdict"], v))
            if v == "no_common_cause" and not g["sentence"].startswith("no common cause found"):
                bad.append("%s: sentence %r" % (name, g["sentence"]))
if seen != len(got) or not seen:
    bad.append("%d keys recomputed, %d in the report" % (seen, len(got)))
print("\n".join(bad) if bad else "ok %d keys" % seen)
sys.exit(1 if bad else 0)
PY
}
for pct in 99.9 99; do
	check "p$pct: every number of the section recomputed from the tag logs" recompute "$pct"
done
# verdict PCT DRIVE JOB NSID: the verdict fiorank gave a key of the fixture.
verdict() {
	python3 -c 'import json, sys
ks = [k for k in json.load(open(sys.argv[1]))["tail_why"]["keys"]
      if k["drive"] == sys.argv[2] and k["job"] == sys.argv[3] and k["nsid"] == int(sys.argv[4])]
print(" ".join(k["verdict"] for k in ks))' "$tmp/r$1.json" "$2" "$3" "$4"
}
check "p99.9: the reader alone (3072 reads, 4 above p99.9) has too few slow I/Os" \
	test "$(verdict 99.9 qd1 4k-randread@peak 4)" = too_few
check "p99.9: the text says so, with the count" \
	grep -q "too few slow I/Os (n=4) to attribute ns4's reads above p99.9" "$tmp/r99.9.text"
for ns in 4 5 6; do
	check "p99: noisy-neighbor victim ns$ns: no common cause found" \
		test "$(verdict 99 nn nn-read $ns)" = no_common_cause
done
check "p99: the text says it, with both groups' counts and every factor's shares" \
	grep -q "no common cause found for ns4's slowest reads (n=62, >= [0-9.]* ms) against its median reads (n=612): >= [0-9]* writes in flight on ns1-3 [0-9]* % vs [0-9]* %, >= [0-9]* reads in flight on the controller" "$tmp/r99.text"
check "p99: the reader beside bursts of writes: a cause" \
	test "$(verdict 99 burst 4k-randread@peak 4)" = cause
check "p99: its sentence names the writes in flight on ns1 against the median reads" \
	grep -q "% of ns4's slowest reads (n=31, >= [0-9.]* ms) had >= 1 writes in flight on ns1, against [0-9]* % of its median reads (n=307; Fisher p = " "$tmp/r99.text"
check "p99: the reader alone: its slow reads waited in fio and the engine (submission delay)" \
	python3 -c 'import json, sys
k = [k for k in json.load(open(sys.argv[1]))["tail_why"]["keys"] if k["drive"] == "qd1"][0]
f = {f["name"]: f for f in k["factors"]}
sys.exit(not (f["submit_delay"]["cause"] and not f["writes_inflight"]["cause"]
              and f["writes_inflight"]["slow_hits"] == 0))' "$tmp/r99.json"
check "the noisy neighbor's victims are ns4-6, their writers' namespaces named" \
	test "$(grep -c "job nn-read, ns[456] reads (tag log" "$tmp/r99.text")" = 3
# an HTML chart per key with slow I/Os in a tag log
nkeys=$(python3 -c 'import json,sys; print(sum(1 for k in json.load(open(sys.argv[1]))["tail_why"]["keys"] if k["source"] == "taglog" and k["n_slow"]))' "$tmp/r99.json")
check "the HTML has the section and $nkeys charts of latency against writes in flight" \
	test "$(sed -n '/<section class="tailwhy"/,/<\/section>/p' "$tmp/r99.html" | grep -c '<svg class="chart')" = "$nkeys"
# without a tag log (the runner's fixture from before it logged): the
# victims' kept outliers, described and never compared
NN=tests/data/fio/testbed/short-noisy-neighbor
"$FIORANK" -N -f json "$NN" >"$tmp/old.json" 2>/dev/null
check "no tag log: each victim's outliers listed, not attributed (recomputed from the engine file)" \
	python3 - "$tmp/old.json" "$NN" <<'PY'
import glob, json, sys
keys = json.load(open(sys.argv[1]))["tail_why"]["keys"]
eng = json.load(open(glob.glob(sys.argv[2] + "/*/*/*/ssdnvme.engine.json")[0]))
tags = {k["nsid"]: k for k in eng["tags"]["keys"] if k["direction"] == "read"}
want = sorted(n for n in tags if n not in {k["nsid"] for k in eng["tags"]["keys"] if k["direction"] == "write"})
got = sorted(k["nsid"] for k in keys)
ok = got == want and all(
    k["source"] == "outliers" and k["verdict"] == "no_median" and not k["factors"]
    and k["n_slow"] == len(tags[k["nsid"]]["outliers"])
    and k["tail_ns"] == min(o["lat_ns"] for o in tags[k["nsid"]]["outliers"])
    and "no median I/Os to compare them with" in k["sentence"] for k in keys)
print("victims %s, listed %s" % (want, got))
sys.exit(0 if ok else 1)
PY
# a results folder copied without its tag log: named on stderr, the
# victims' outliers listed instead, the report still made
mkdir "$tmp/nolog"
cp "$D/nn/nn.json" "$D/nn/nn.engine.json" "$tmp/nolog/"
"$FIORANK" -N -f json "$tmp/nolog/nn.json" >"$tmp/nolog.json" 2>"$tmp/nolog.err"
check "a missing tag log: exit 0, one line naming it" \
	test $? = 0 -a "$(grep -c "nolog/nn.engine.json.nn-read.2.taglog: No such file or directory: not used for \"why the tail\"" "$tmp/nolog.err")" = 1
check "a missing tag log: the three victims from their outliers" \
	test "$(jq -r '[.tail_why.keys[] | select(.source == "outliers" and .verdict == "no_median") | .nsid] | join(" ")' "$tmp/nolog.json")" = "4 5 6"
for bad in 50 100 abc 99x ""; do
	"$FIORANK" -N --tail-pct "$bad" "$D/qd1/qd1.json" >/dev/null 2>"$tmp/err"
	rc=$?
	check "--tail-pct '$bad' refused (exit 2, one line naming it)" \
		test "$rc" = 2 -a "$(grep -c "tail-pct" "$tmp/err")" = 1
done
tap_done
