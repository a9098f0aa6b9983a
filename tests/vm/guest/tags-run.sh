#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-tags-run.sh boots it): the engine's
# latency tags against fio's own figures and the per-I/O tag log, across
# namespaces, jobs and fio processes, and after SIGINT and SIGKILL.  Prints TAP.
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
eng="--ioengine=external:$ENGINE"
common=(--bs=4k --iodepth=8 --size=32M --norandommap --randrepeat=0)

# fio in the background as $! itself (not a subshell), so signals reach it.
bg_fio() {
	if [ "${SANITIZE:-}" = 1 ]; then
		LD_PRELOAD="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)" \
			ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1} \
			exec "$FIO_BIN" "$@"
	fi
	exec "$FIO_BIN" "$@"
}

# check, plus the "# " figures CMD prints (and the rest of its output on failure).
check_noted() {
	local desc=$1 out rc=0
	shift
	out=$("$@" 2>&1) || rc=$?
	if [ $rc -eq 0 ]; then ok "$desc"; else not_ok "$desc"; fi
	printf '%s\n' "$out" | grep '^# '
	[ $rc -eq 0 ] || printf '%s\n' "$out" | grep -v '^# ' | tail -n 20 | sed 's/^/# /'
}

# Until the engine has attached (the job is past setup; slow under ASan).
wait_for_segment() {
	local _
	for _ in $(seq 300); do
		[ -e /dev/shm/ssdnvme-nvme0 ] && return 0
		sleep 0.1
	done
	return 1
}

no_segment() { ! compgen -G '/dev/shm/ssdnvme-*' >/dev/null; }

# tags_check MODE RESULTS [ARGS]: python3 checks of the engine's results file
# against fio's JSON and the tag logs (record layout: docs/tags.md).
tags_check() {
	python3 - "$@" <<'PY'
import json, math, struct, sys

REC = struct.Struct("<QQQIIIHBB4IIxxxx")  # docs/tags.md, 64 bytes


def records(path):
    with open(path, "rb") as f:
        hdr = f.read(64)
        assert hdr[:8] == b"SSDNVTAG", path + ": bad magic"
        data = f.read()
    out = []
    for off in range(0, len(data) - len(data) % 64, 64):
        if data[off:off + 8] == b"SSDNVEND":  # the end record: a complete log
            break
        s, lat, lba, ln, nsid, key, qd, d, fl, ir, iw, it, ifl, slat = REC.unpack_from(data, off)
        out.append(dict(submit=s, lat=lat, nsid=nsid, key=key, dir=d, flags=fl,
                        inflight_w=iw, inflight_r=ir, qd=qd, slat=slat))
    return out


def fail(msg):
    print(msg, file=sys.stderr)
    sys.exit(1)


mode, res = sys.argv[1], json.load(open(sys.argv[2]))
keys = res["tags"]["keys"]
DIRS = {"read": 0, "write": 1}

if mode == "counts":  # tag count == fio's I/O count per job, means within 5 %
    fio = {j["jobname"]: j for j in json.load(open(sys.argv[3]))["jobs"]}
    if len(keys) != len(fio):
        fail("%d keys for %d jobs" % (len(keys), len(fio)))
    for k in keys:
        side = fio[k["label"]][k["direction"]]
        if k["count"] != side["total_ios"] or k["lat_ns"]["N"] != side["clat_ns"]["N"]:
            fail("%s nsid %d: tag count %d, fio %d" % (k["label"], k["nsid"], k["count"], side["total_ios"]))
        rel = abs(k["lat_ns"]["mean"] - side["clat_ns"]["mean"]) / side["clat_ns"]["mean"]
        print("# %s nsid %d %s: %d I/Os, tag mean %.0f ns, fio clat mean %.0f ns (%.2f %%)" % (
            k["label"], k["nsid"], k["direction"], k["count"], k["lat_ns"]["mean"],
            side["clat_ns"]["mean"], 100 * rel))
        if rel > 0.05:
            fail("%s: means differ by %.1f %%" % (k["label"], 100 * rel))
    if sorted(k["nsid"] for k in keys) != [1, 2, 3, 4, 5, 6]:
        fail("nsids %s" % [k["nsid"] for k in keys])

elif mode == "log":  # outliers == the N slowest, percentiles vs exact, per key
    logs = {j["thread"]: j["taglog"] for j in res["jobs"]}
    for k in keys:
        recs = [r for r in records(logs[k["thread"]]) if r["key"] == k["id"] and not r["flags"] & 1]
        if len(recs) != k["count"] or any(r["nsid"] != k["nsid"] or r["dir"] != DIRS[k["direction"]] for r in recs):
            fail("%s: %d log records for count %d" % (k["label"], len(recs), k["count"]))
        lats = sorted(r["lat"] for r in recs)
        top = sorted(lats, reverse=True)[:len(k["outliers"])]
        mine = [o["lat_ns"] for o in k["outliers"]]
        if len(mine) != min(res["tags"]["outliers_per_key"], len(lats)) or mine != top:
            fail("%s: outliers %s, slowest in the log %s" % (k["label"], mine[:5], top[:5]))
        if k["lat_ns"]["min"] != lats[0] or k["lat_ns"]["max"] != lats[-1]:
            fail("%s: min/max differ from the log" % k["label"])
        for p in ("50.000000", "90.000000", "99.000000", "99.900000", "99.990000"):
            exact = lats[max(1, math.ceil(float(p) / 100 * len(lats))) - 1]
            got = k["lat_ns"]["percentile"][p]
            if abs(got - exact) > 0.01 * exact + 1:
                fail("%s p%s: histogram %d, exact %d" % (k["label"], p, got, exact))
        print("# %s: %d outliers = the slowest in the log; p99.99 %d ns (exact %d)" % (
            k["label"], len(mine), k["lat_ns"]["percentile"]["99.990000"],
            lats[max(1, math.ceil(0.9999 * len(lats))) - 1]))

elif mode == "slat":  # each record's submission delay is fio's slat of that I/O
    fio = {j["jobname"]: j for j in json.load(open(sys.argv[3]))["jobs"]}
    logs = {j["thread"]: j["taglog"] for j in res["jobs"]}
    for k in keys:
        recs = [r for r in records(logs[k["thread"]]) if r["key"] == k["id"] and not r["flags"] & 1]
        slat = fio[k["label"]][k["direction"]]["slat_ns"]
        mean = sum(r["slat"] for r in recs) / len(recs)
        print("# %s: %d records, slat mean %.0f ns, fio's %.0f ns over %d" % (
            k["label"], len(recs), mean, slat["mean"], slat["N"]))
        # fio's slat is the same difference (issue_time - start_time) of the
        # same I/Os; it counts submissions, the log completions
        if min(r["slat"] for r in recs) == 0 or abs(len(recs) - slat["N"]) > 64 or \
                abs(mean - slat["mean"]) > 0.02 * slat["mean"] + 100:
            fail("%s: slat mean %.0f over %d, fio %.0f over %d" % (
                k["label"], mean, len(recs), slat["mean"], slat["N"]))
        outl = {(o["t_ns"], o["lat_ns"]): o["slat_ns"] for o in k["outliers"]}
        if not outl or any(o["slat_ns"] == 0 for o in k["outliers"]):
            fail("%s: outliers without slat_ns" % k["label"])

elif mode == "multi":  # namespaces=: one key per namespace, counts sum to the job's
    fio = json.load(open(sys.argv[3]))["jobs"][0]
    if sorted(k["nsid"] for k in keys) != [1, 2, 3]:
        fail("nsids %s" % [k["nsid"] for k in keys])
    total = sum(k["count"] for k in keys)
    print("# counts %s sum %d, fio %d" % ([k["count"] for k in keys], total, fio["read"]["total_ios"]))
    if total != fio["read"]["total_ios"] or min(k["count"] for k in keys) == 0:
        fail("sum %d, fio %d" % (total, fio["read"]["total_ios"]))

elif mode == "inflight":  # writers' in-flight count seen by the readers' log
    recs = records(res["jobs"][0]["taglog"])
    busy = sum(1 for r in recs if r["inflight_w"] > 0)
    want = sys.argv[3]
    print("# %d of %d reads saw writes in flight (max %d); max own qd %d" % (
        busy, len(recs), max(r["inflight_w"] for r in recs), max(r["qd"] for r in recs)))
    if (want == "busy" and busy < len(recs) // 4) or (want == "idle" and busy):
        fail("in-flight writes: %d of %d, wanted %s" % (busy, len(recs), want))

elif mode == "recovered":  # after a writer's SIGKILL: zero again within ~1 s
    recs = records(res["jobs"][0]["taglog"])
    killed_at = int(sys.argv[3]) * 1000000  # ms since the reader's start
    before = [r for r in recs if r["submit"] < killed_at]
    after = [r for r in recs if r["submit"] > killed_at + 2000000000]
    print("# before the kill %d/%d reads saw writes; from 2 s after it %d/%d" % (
        sum(r["inflight_w"] > 0 for r in before), len(before),
        sum(r["inflight_w"] > 0 for r in after), len(after)))
    if not before or not after or not any(r["inflight_w"] for r in before) or any(r["inflight_w"] for r in after):
        fail("in-flight writes did not recover")

elif mode == "valid":  # a run stopped early: tags with counts
    if not keys or not all(k["count"] > 0 and k["series"]["points"] for k in keys):
        fail("no tags")
    print("# %d I/Os tagged before the signal" % keys[0]["count"])
PY
}

# -- six namespaces, three writers and three readers, one fio run
six=()
for ns in 1 2 3; do six+=("--name=w$ns" "--filename=/dev/ng0n$ns" --rw=randwrite); done
for ns in 4 5 6; do six+=("--name=r$ns" "--filename=/dev/ng0n$ns" --rw=randread); done
# an earlier run's file at the same path: replaced, not merged
fio_cmd "$eng" --name=earlier --filename=/dev/ng0n1 --rw=read --bs=4k --size=64k \
	--ssdnvme_results="$OUT/six.json" >/dev/null 2>&1
check "earlier run: its results file has tags" jq -e '.tags.keys[0].label == "earlier"' "$OUT/six.json"
fio_cmd "$eng" --time_based --runtime=2 "${common[@]}" --tag_log=1 --ssdnvme_results="$OUT/six.json" \
	--output-format=json --output="$OUT/six.fio.json" "${six[@]}" >/dev/null 2>"$OUT/six.err"
check "the tags read fio's clock directly (cycle counter or clock_gettime), not through fio_gettime" \
	jq -e '.tags.clock.source == "cpu" or .tags.clock.source == "clock_gettime"' "$OUT/six.json"
check "six jobs: one results file with six tag keys and six files, the earlier run's gone" \
	jq -e '(.tags.keys | length) == 6 and (.files | length) == 6 and (.jobs | length) == 6 and
		all(.jobs[]; .name != "earlier")' "$OUT/six.json"
check_noted "six jobs: per-namespace tag counts equal fio's, means within 5 %" \
	tags_check counts "$OUT/six.json" "$OUT/six.fio.json"
check_noted "six jobs: outliers are the N slowest, percentiles within 1 % of the log's exact ones" \
	tags_check log "$OUT/six.json"
check_noted "six jobs: each record's submission delay averages to fio's slat" \
	tags_check slat "$OUT/six.json" "$OUT/six.fio.json"

# -- one job over three namespaces
fio_cmd "$eng" --name=multi --tag=three-ns --filename=/dev/ng0n1 --namespaces=1-3 --rw=randread --time_based \
	--runtime=1 "${common[@]}" --ssdnvme_results="$OUT/multi.json" --output-format=json \
	--output="$OUT/multi.fio.json" >/dev/null 2>&1
check_noted "namespaces=1-3: three tag keys summing to the job's I/Os" \
	tags_check multi "$OUT/multi.json" "$OUT/multi.fio.json"
check "tag= sets the label" jq -e 'all(.tags.keys[]; .label == "three-ns" and .job == "multi")' "$OUT/multi.json"
fio_cmd "$eng" --name=off --tags=0 --filename=/dev/ng0n2 --rw=read --bs=4k --size=64k \
	--ssdnvme_results="$OUT/off.json" >/dev/null 2>&1
check "tags=0: no tags section" jq -e 'has("tags") | not' "$OUT/off.json"

# -- two fio processes on one controller: writers, then readers.  The
# writer runs until the reader is done (a fixed runtime could end before a
# reader slow to start on a loaded host began), stopped by SIGINT.
(bg_fio "$eng" --name=wr --filename=/dev/ng0n1 --rw=randwrite --time_based --runtime=60 \
	"${common[@]}" --ssdnvme_results="$OUT/wr.json" >/dev/null 2>&1) &
wpid=$!
wait_for_segment
sleep 0.5
fio_cmd "$eng" --name=rd --filename=/dev/ng0n4 --rw=randread --time_based --runtime=1.5 \
	"${common[@]}" --tag_log=1 --ssdnvme_results="$OUT/rd-busy.json" >/dev/null 2>&1
kill -INT $wpid
wait $wpid
check_noted "two processes: readers see the other fio's writes in flight" \
	tags_check inflight "$OUT/rd-busy.json" busy
fio_cmd "$eng" --name=rd --filename=/dev/ng0n4 --rw=randread --time_based --runtime=1 \
	"${common[@]}" --tag_log=1 --ssdnvme_results="$OUT/rd-idle.json" >/dev/null 2>&1
check_noted "two processes: no writes in flight once the writers are gone" \
	tags_check inflight "$OUT/rd-idle.json" idle
check "no shared-memory segment left after normal runs" no_segment

# -- SIGINT: the results file is still written, the segment removed
(bg_fio "$eng" --name=int --filename=/dev/ng0n2 --rw=randread --time_based --runtime=60 \
	"${common[@]}" --ssdnvme_results="$OUT/int.json" >/dev/null 2>&1) &
ipid=$!
wait_for_segment
sleep 1
kill -INT $ipid
wait $ipid
check_noted "SIGINT: valid results file with tags" tags_check valid "$OUT/int.json"
check "SIGINT: no shared-memory segment left" no_segment

# -- SIGKILL of a writer (thread=1: the job dies with the process); the
# reader's view of writes in flight recovers, and the last user unlinks
(bg_fio "$eng" --thread --name=wk --filename=/dev/ng0n1 --rw=randwrite --time_based --runtime=60 \
	"${common[@]}" >/dev/null 2>&1) &
kpid=$!
# the writer past setup (slow under ASan and a loaded host), then writing
wait_for_segment
sleep 1
(bg_fio "$eng" --name=rk --filename=/dev/ng0n4 --rw=randread --time_based --runtime=60 \
	"${common[@]}" --tag_log=1 --ssdnvme_results="$OUT/rk.json" >/dev/null 2>&1) &
rpid=$!
sleep 2
kill -KILL $kpid
wait $kpid 2>/dev/null
sleep 3
kill -INT $rpid
wait $rpid
# the reader started ~2 s before the kill; give the start 0.5 s of slack
check_noted "SIGKILL of the writer: readers' in-flight writes back to 0 within 2 s" \
	tags_check recovered "$OUT/rk.json" 1500
check "SIGKILL: no shared-memory segment left after the survivor" no_segment
tap_done
