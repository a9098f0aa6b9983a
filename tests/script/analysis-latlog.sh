#!/usr/bin/env bash
# Latency over time from fio's own latency logs (read_fio_log.c,
# out_html_log.c).  Inputs: tests/data/fio/latlog, real fio 3.33 runs with
# their logs (tests/data/make-latlog-fixtures.sh): per-I/O clat logs of 2
# threads, an averaged log of 1 thread and of 2, clat histogram logs of 2.
# Every charted point is recomputed here from the raw log lines: the mean
# and nearest-rank p99 of each 250 ms window of the per-I/O logs, the p99
# of each histogram interval from the merged bins (fio's bin values), the
# averaged log's own lines.  A damaged line is refused with file:line and
# gives no point.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
L=tests/data/fio/latlog
args=(-d perio "$L/perio" -d avg "$L/avg" -d avg2 "$L/avg2" -d hist "$L/hist")
"$FIORANK" -f html -o "$tmp/r.html" "${args[@]}" 2>"$tmp/r.err"
check "the report of the four logged runs exits 0 with nothing on stderr" \
	bash -c "test $? = 0 -a ! -s '$tmp/r.err'"
cat >"$tmp/facts.py" <<'PY'
import glob, html, math, re, sys
h, L = open(sys.argv[1]).read(), sys.argv[2]
def chart(kind):
    m = re.search(r'<svg[^>]*>\s*<title>4k-randread at the peak: ' + kind +
                  r' completion latency over time \(fio logs\)</title>(.*?)</svg>\s*<p class="note">(.*?)</p>', h, re.S)
    if not m:
        return {}, ""
    pts = {}
    for name, x, y in re.findall(r'<circle class="point"[^>]*><title>([^<:]*): x=([-0-9.e+]+) y=([-0-9.e+]+)</title>', m.group(1)):
        pts.setdefault(html.unescape(name), {})[float(x)] = float(y)
    return pts, html.unescape(m.group(2))
def close(a, b):
    return abs(a - b) <= 1e-5 * max(abs(b), 1)
def per_io(drive):
    w = {}
    for f in glob.glob(f"{L}/{drive}/{drive}_clat.*.log"):
        for l in open(f):
            c = [int(x) for x in l.split(",")]
            t, v, d = c[:3] if len(c) == 5 else (0, 0, -1)  # the damaged test's cut line
            if d == 0:
                w.setdefault(t // 250, []).append(v)
    mean = {(k + 1) * 0.25: sum(v) / len(v) / 1000 for k, v in w.items()}
    p99 = {(k + 1) * 0.25: sorted(v)[math.ceil(0.99 * len(v)) - 1] / 1000 for k, v in w.items() if len(v) >= 100}
    return mean, p99
def bin_value(i):  # fio's plat_idx_to_val: the middle of bin i, ns
    if i < 128:
        return i
    e = (i >> 6) - 1
    return (1 << (e + 6)) + ((i % 64) + 0.5) * (1 << e)
def hist(drive):
    slots = {}
    for f in glob.glob(f"{L}/{drive}/{drive}_clat_hist.*.log"):
        for l in open(f):
            c = [int(x) for x in l.split(",")]
            if c[1] == 0:
                b = slots.setdefault(c[0] // 500, [0] * 1856)
                for i, n in enumerate(c[3:]):
                    b[i] += n
    out = {}
    for k, b in slots.items():
        tot, seen = sum(b), 0
        for i, n in enumerate(b):
            seen += n
            if tot >= 100 and seen >= math.ceil(0.99 * tot):
                out[k * 0.5] = bin_value(i) / 1000
                break
    return out
def same(got, want):
    return int(bool(want) and set(got) == set(want) and all(close(got[x], want[x]) for x in want))
mean, mnote = chart("mean")
p99, pnote = chart("99th percentile")
m_io, p_io = per_io("perio")
print("perio_mean", len(mean.get("perio", {})), same(mean.get("perio", {}), m_io))
print("perio_p99", len(p99.get("perio", {})), same(p99.get("perio", {}), p_io))
avg = {int(l.split(",")[0]) / 1000: int(l.split(",")[1]) / 1000 for l in open(f"{L}/avg/avg_clat.1.log") if l.split(",")[2].strip() == "0"}
print("avg_mean", len(mean.get("avg", {})), same(mean.get("avg", {}), avg), "avg_p99", len(p99.get("avg", {})))
print("avg2", len(mean.get("avg2", {})) + len(p99.get("avg2", {})), int("avg2: none (averaged logs of 2 threads" in mnote))
print("hist_p99", len(p99.get("hist", {})), same(p99.get("hist", {}), hist("hist")), "hist_mean", len(mean.get("hist", {})))
print("p99_note", int("Never from averaged logs" in pnote and "1/64 of a power of two" in pnote))
PY
python3 "$tmp/facts.py" "$tmp/r.html" "$L" >"$tmp/facts" 2>&1
sed 's/^/# /' "$tmp/facts"
check "per-I/O logs: every mean point is its 250 ms window's mean over both threads' lines" \
	grep -qx 'perio_mean 12 1' "$tmp/facts"
check "per-I/O logs: every p99 point is the window's nearest-rank p99 (windows of 100+ I/Os)" \
	grep -qx 'perio_p99 12 1' "$tmp/facts"
check "averaged log of one thread: its lines are the means; no p99 from averages" \
	grep -qx 'avg_mean 12 1 avg_p99 0' "$tmp/facts"
check "averaged logs of two threads are not merged (no point) and the note says why" \
	grep -qx 'avg2 0 1' "$tmp/facts"
check "histogram logs: p99 per interval from the merged bins of both threads; no mean" \
	grep -qx 'hist_p99 5 1 hist_mean 0' "$tmp/facts"
check "the p99 chart's note says where p99 comes from and never from averages" \
	grep -qx 'p99_note 1' "$tmp/facts"
# damaged: a copy of the per-I/O run with line 7 of its second log cut short
mkdir -p "$tmp/bad" && cp -r $L/perio $L/avg $L/avg2 $L/hist "$tmp/bad/"
sed -i '7s/, 0, 4096, 0$/, 0/' "$tmp/bad/perio/perio_clat.2.log"
"$FIORANK" -f html -o "$tmp/bad.html" -d perio "$tmp/bad/perio" -d avg "$tmp/bad/avg" 2>"$tmp/bad.err"
check "a damaged log line is refused with file:line on stderr" \
	grep -q "perio_clat.2.log:7: not a fio latency log line" "$tmp/bad.err"
python3 "$tmp/facts.py" "$tmp/bad.html" "$tmp/bad" >"$tmp/bad.facts" 2>&1
check "... and that drive's logs give no point (the other drive's still do)" \
	bash -c "grep -qx 'perio_mean 0 0' '$tmp/bad.facts' && grep -q '^avg_mean 12 1' '$tmp/bad.facts' && grep -q 'perio: its fio log is damaged' '$tmp/bad.html'"
sed -i '7s/.*/12, 34, 7, 4096, 0/' "$tmp/bad/perio/perio_clat.2.log"
"$FIORANK" -f html -o "$tmp/bad2.html" -d perio "$tmp/bad/perio" 2>"$tmp/bad2.err"
check "a data direction other than 0, 1, 2 is refused too" grep -q "perio_clat.2.log:7:" "$tmp/bad2.err"
rm "$tmp/bad/perio/perio_clat.1.log"
"$FIORANK" -f html -o "$tmp/gone.html" -d perio "$tmp/bad/perio" 2>"$tmp/gone.err"
check "a log the JSON names but that is missing is said on stderr, and no point is drawn" \
	bash -c "grep -q 'perio_clat.1.log: cannot read the fio log' '$tmp/gone.err' && ! grep -q '<circle class=\"point\"[^>]*><title>perio: x=[0-9.]* y=[0-9.e+]*</title></circle>' <(sed -n '/fio logs)<\/title>/,/<\/svg>/p' '$tmp/gone.html')"
"$FIORANK" -f html -o "$tmp/none.html" tests/data/fio/shapes/json.json 2>/dev/null
check "an input without write_lat_log / write_hist_log has no fio-log chart" \
	bash -c "grep -q '<svg' '$tmp/none.html' && ! grep -q 'fio logs)' '$tmp/none.html'"
tap_done
