#!/usr/bin/env bash
# The FDP noisy neighbor end to end in the test bed (one boot, QEMU 10): an
# FDP subsystem with six namespaces, each on its own reclaim unit handle
# (namespace N on RUHID N-1, 96 MiB reclaim units), the runner's
# noisy-neighbor-fdp suite in short mode without ramp
# (tests/vm/guest/jobs-fdp.sh), then on the host: writes landed on the
# writers' handles only, as nvme-cli's reclaim unit handle status counts
# them, and on the PIDs the placement asked; the per-PID tags add up to
# fio's writes; the engine's FDP statistics at the runs' ends are nvme-cli's
# readings, and fiorank's WAF is theirs; fiorank's report of the folder
# shows both runs side by side with their WAF.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$TOP" || exit 1
o=$tmp/out
if ! vm_has_fdp; then
	tap_done
	exit
fi
ns=6x32M
for n in 1 2 3 4 5 6; do ns+=",$n:fdp.ruhs=$((n - 1))"; done
# The reclaim unit size is set here, not left to QEMU's default, and small
# (8 MiB) so that every writer outruns its unit: the handle moves to a new
# one (RUAMW rises again), and what its units took is known from RUAMW only
# with this size, which the engine reads from the FDP configurations log.
runs=$((8 << 20))
vm_relay "fdp noisy neighbor" "$o" --timeout 400 --ns "$ns" --subsys-opts "fdp=on,fdp.nrg=1,fdp.nruh=8,fdp.runs=$runs" \
	-- tests/vm/guest/jobs-fdp.sh "$ENGINE" "${SANITIZE:-}" 0
check "the suite exited 0" grep -qx 0 "$o/nn.rc"
grep -qx 0 "$o/nn.rc" 2>/dev/null || show_suite_failure "$o/nn.log" "$o/nn"

# fdp_check CHECK: python3 checks of the run folder against nvme-cli's
# readings; prints "ok" and "# " figures, or what is wrong.
fdp_check() {
	python3 - "$1" "$o" "$runs" <<'PY'
import json, sys

what, o, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
d = o + "/nn/ng0n1/noisy-neighbor-fdp/noisy-neighbor/"

def fio(name):
    t = open(d + name + ".json").read()
    return json.loads(t[t.index("{"):])

def jload(p):
    return json.load(open(p))

eng = {r: jload(d + r + ".engine.json") for r in ("ssdnvme", "ssdnvme-fdp")}
status = {(n, w): jload("%s/fdp-status-%d-%s.json" % (o, n, w)) for n in range(1, 7) for w in ("before", "after")}
stats = {w: {k: int(v) for k, v in jload("%s/fdp-stats-%s.json" % (o, w)).items()} for w in ("before", "after")}
bad, notes = [], []

def ruh(n, w):  # {pid: (ruhid, ruamw)}
    return {e["pid"]: (e["ruhid"], e["ruamw"]) for e in status[(n, w)]["ruhss"]}

if what == "handles":
    # a reclaim unit that filled up was replaced by a fresh one (RUAMW back
    # to the unit size), so what each handle took is known modulo the unit
    moved = 0
    for n in range(1, 7):
        b, a = ruh(n, "before"), ruh(n, "after")
        if list(b) != [0] or b[0][0] != n - 1:
            bad.append("ns%d: nvme fdp status lists %s, the test bed gave it RUHID %d" % (n, b, n - 1))
            continue
        delta = ((b[0][1] - a[0][1]) * 512) % runs
        notes.append("ns%d PID 0 RUHID %d: RUAMW %d -> %d, %d bytes taken from its reclaim units (mod %d)"
                     % (n, n - 1, b[0][1], a[0][1], delta, runs))
        if n <= 3 and b[0][1] == a[0][1]:
            bad.append("writer ns%d's handle did not move" % n)
        if n > 3 and b[0][1] != a[0][1]:
            bad.append("reader ns%d's handle moved %d bytes" % (n, delta))
        moved += delta
    written = sum(j["write"]["io_bytes"] for r in ("ssdnvme", "ssdnvme-fdp") for j in fio(r)["jobs"])
    hbmw = stats["after"]["hbmw"] - stats["before"]["hbmw"]
    notes.append("both runs: fio wrote %d bytes, FDP HBMW +%d, the writers' handles %d (mod %d)" % (written, hbmw, moved, runs))
    if not written or hbmw != written or (moved - written) % runs:
        bad.append("bytes: handles %d (mod %d), HBMW %d, fio %d" % (moved, runs, hbmw, written))
elif what == "placement":
    p = [e for j in eng["ssdnvme-fdp"]["jobs"] for e in (j.get("placement") or [])]
    got = sorted((e["nsid"], e["pids"], e["ruhids"], e["chosen_by"]) for e in p)
    want = [(n, [0], [n - 1], "engine") for n in (1, 2, 3)]
    if got != want:
        bad.append("placement %s, want %s" % (got, want))
    if any(j.get("placement") for j in eng["ssdnvme"]["jobs"]):
        bad.append("the unplaced run lists a placement")
    # each handle's usage: RUAMW at the end is nvme-cli's (nothing wrote
    # after the placed run), and what the reclaim units took is what the
    # engine wrote with that PID, modulo the unit size (a unit that filled
    # up was replaced); fiorank gives the handle's bytes only without a
    # unit change and says n/a otherwise
    for e in p:
        n = e["nsid"]
        cli = ruh(n, "after")[0][1]
        took = (e["ruamw_before"][0] - (e["ruamw_after"] or [0])[0]) * e["lba_size"]
        notes.append("ns%d PID 0: RUAMW %d -> %s (nvme-cli %d), %d bytes taken, %d written with the PID"
                     % (n, e["ruamw_before"][0], e["ruamw_after"], cli, took, e["bytes_written"][0]))
        if e["ruamw_after"] != [cli] or (took - e["bytes_written"][0]) % runs or not e["bytes_written"][0]:
            bad.append("ns%d usage %s, nvme-cli RUAMW %d" % (n, {k: e.get(k) for k in ("ruamw_before", "ruamw_after", "bytes_written", "ruamw_absent")}, cli))
    fio_w = sum(j["write"]["io_bytes"] for j in fio("ssdnvme-fdp")["jobs"])
    if sum(e["bytes_written"][0] for e in p) != fio_w:
        bad.append("bytes written with the PIDs %d, fio %d" % (sum(e["bytes_written"][0] for e in p), fio_w))
elif what == "tags":
    for r in ("ssdnvme", "ssdnvme-fdp"):
        keys = [k for k in eng[r]["tags"]["keys"] if k["direction"] == "write"]
        placed = [k for k in keys if "placement_id" in k]
        fio_w = sum(j["write"]["total_ios"] for j in fio(r)["jobs"])
        tagged = sum(k["count"] + k["errors"] for k in keys)
        notes.append("%s: %d writes tagged on %d keys (%d placed), fio %d" % (r, tagged, len(keys), len(placed), fio_w))
        if tagged != fio_w or not fio_w:
            bad.append("%s: tags %d writes, fio %d" % (r, tagged, fio_w))
        if r == "ssdnvme-fdp" and (len(placed) != len(keys) or sorted(k["nsid"] for k in placed) != [1, 2, 3]):
            bad.append("placed keys %s" % [(k["nsid"], k.get("placement_id")) for k in keys])
        if r == "ssdnvme" and placed:
            bad.append("the unplaced run has placed keys")
elif what == "stats":
    def fdp_reads(r):
        return [c["fdp"] for e in eng[r]["health"].values() for c in e["controllers"] if c.get("fdp")]
    first, last = fdp_reads("ssdnvme"), fdp_reads("ssdnvme-fdp")
    for key in ("hbmw", "mbmw"):
        lo = min(x["before"][key] for x in first)
        hi = max(x["after"][key] for x in last)
        notes.append("%s: the engine read %d before the first run and %d after the last; nvme-cli %d and %d"
                     % (key, lo, hi, stats["before"][key], stats["after"][key]))
        if lo != stats["before"][key] or hi != stats["after"][key]:
            bad.append("%s: engine %d..%d, nvme-cli %d..%d" % (key, lo, hi, stats["before"][key], stats["after"][key]))
elif what == "config":
    # the engine's reading of the configurations log is nvme-cli's, and the
    # unit size is the one the test bed was given
    cli = jload(o + "/fdp-configs.json")
    confs = [v for v in cli.values() if isinstance(v, list)]
    c0 = confs[0][0] if confs and confs[0] else {}
    for e in (e for j in eng["ssdnvme-fdp"]["jobs"] for e in (j.get("placement") or [])):
        c = e.get("fdp_config") or {}
        notes.append("ns%d: engine fdp_config %s; nvme-cli configs[0] runs %s nruh %s nrg %s"
                     % (e["nsid"], c or e.get("fdp_config_absent"), c0.get("runs"), c0.get("nruh"), c0.get("nrg")))
        if c.get("runs") != runs or c0.get("runs") != runs or c.get("index") != 0 or \
                c.get("endurance_group") != 1 or [c.get(k) for k in ("nruh", "nrg", "nnss")] != \
                [c0.get(k) for k in ("nruh", "nrg", "nnss")] or c.get("nruh") != 8:
            bad.append("ns%d: engine %s, nvme-cli %s, set %d" % (e["nsid"], c, c0, runs))
elif what == "events":
    # writers 1 and 2 have event 0x00 enabled (QEMU logs it at each unit
    # change, by write or not), writer 3 none: the engine keeps the entries
    # of the placed run only (the unplaced run's are older), as many as the
    # handle's unit changes in RUAMW, each one nvme-cli lists too
    cli = jload(o + "/fdp-events-host-after.json")
    cli_ts = {(e["nsid"], e["pid"], e["timestamp"] & 0xffffffffffff) for e in cli.get("events", [])}
    for e in (e for j in eng["ssdnvme-fdp"]["jobs"] for e in (j.get("placement") or [])):
        n, ev = e["nsid"], e.get("fdp_events")
        if n == 3:
            notes.append("ns3: fdp_events %s, absent: %s" % (ev, e.get("fdp_events_absent")))
            if ev is not None or not (e.get("fdp_events_absent") or "").startswith("events not enabled"):
                bad.append("ns3: events %s, absent %s" % (ev, e.get("fdp_events_absent")))
            continue
        if not ev or ev.get("enabled") != [[0]] or not ev.get("host") or ev["host"]["lost"]:
            bad.append("ns%d: fdp_events %s, absent %s" % (n, ev, e.get("fdp_events_absent")))
            continue
        b, a, lba, w = e["ruamw_before"][0], e["ruamw_after"][0], e["lba_size"], e["bytes_written"][0]
        k = (w - (b - a) * lba) // runs
        mine = [x for x in ev["events"] if x["slot"] == 0 and x["type"] == 0]
        notes.append("ns%d: %d new host events of %d (log %s), %d of them 0x00 on the PID; RUAMW gives %d unit changes; nvme-cli lists %d events"
                     % (n, ev["host"]["new"], ev["host"]["after"], ev["host"], len(mine), k, len(cli.get("events", []))))
        if len(mine) != k or len(ev["events"]) != len(mine) or any(x["nsid"] != n or x["pid"] != 0 or x["ruhid"] != n - 1 for x in mine):
            bad.append("ns%d: events %s, want %d unit changes" % (n, ev["events"], k))
        if any((n, 0, x["timestamp_ms"]) not in cli_ts for x in mine):
            bad.append("ns%d: an engine event nvme-cli does not list" % n)
    for s in jload(o + "/report.json").get("fdp", {}).get("placement", []):
        for t in s["pids"]:
            notes.append("ns%d fiorank: %s; reported %s" % (s["nsid"], t["ru_events"], t["ru_unit_changes_reported"]))
            want = "FDP events: events not enabled" if s["nsid"] == 3 else "FDP events: %d unit change" % (t["ru_units_started"] or 0)
            if not (t["ru_events"] or "").startswith(want) or (s["nsid"] != 3 and t["ru_unit_changes_reported"] != t["ru_units_started"]):
                bad.append("ns%d fiorank events %s, want %s" % (s["nsid"], t["ru_events"], want))
elif what == "report":
    rep = jload(o + "/report.json")
    pairs = rep.get("fdp", {}).get("pairs", [])
    if len(pairs) != 1 or "(ssdnvme-fdp)" not in pairs[0]["drive"] or \
            pairs[0]["unplaced_drive"] == pairs[0]["drive"] or not pairs[0]["unplaced_drive"]:
        bad.append("pairs %s" % [(p["drive"], p["unplaced_drive"]) for p in pairs])
    for p in pairs:
        if [v["nsid"] for v in p["victims"]] != [0, 4, 5, 6]:
            bad.append("victims %s" % [v["nsid"] for v in p["victims"]])
        for side, r in (("waf_without", "ssdnvme"), ("waf_with", "ssdnvme-fdp")):
            w = [c["fdp"] for e in eng[r]["health"].values() if e["job"] == "nn-write" for c in e["controllers"]]
            m = w[0]["after"]["mbmw"] - w[0]["before"]["mbmw"]
            h = w[0]["after"]["hbmw"] - w[0]["before"]["hbmw"]
            notes.append("%s: fiorank WAF %s (%s), FDP media %d / host %d over the writers' job" % (r, p[side]["waf"], p[side]["waf_source"], m, h))
            if p[side]["waf_source"] != "FDP" or abs(p[side]["waf"] - m / h) > 1e-12:
                bad.append("%s: %s, want %s" % (side, p[side], m / h))
    # the handle's bytes in fiorank across unit changes: QEMU splits a write
    # that does not fit its unit's rest, so the units took exactly the bytes
    # written and k = (written - before + after) / RUNS new units started;
    # fiorank must give that k and those bytes, and at least one writer
    # must have changed units (or the check shows nothing)
    changed = 0
    eng_p = {e["nsid"]: e for j in eng["ssdnvme-fdp"]["jobs"] for e in (j.get("placement") or [])}
    for s in rep.get("fdp", {}).get("placement", []):
        e = eng_p.get(s["nsid"])
        for t in s["pids"]:
            if not e or e["ruamw_after"] is None:
                bad.append("ns%d: no engine placement or RUAMW after" % s["nsid"])
                continue
            b, a, lba, w = e["ruamw_before"][0], e["ruamw_after"][0], e["lba_size"], e["bytes_written"][0]
            d = w - (b - a) * lba
            k = d // runs if d > 0 else 0
            want = (b - a) * lba + k * runs
            changed += k > 0
            notes.append("ns%d PID %d: RUAMW %d -> %d, %d B written: fiorank RU bytes %s in %s new units of %s B, note %s"
                         % (s["nsid"], t["placement_id"], b, a, w, t["ru_bytes"], t["ru_units_started"],
                            t["ru_size_bytes"], t["ru_note"] or t["ru_basis"]))
            if d % runs or want != w or t["ru_bytes"] != want or t["ru_units_started"] != k or \
                    t["ru_note"] is not None or t["ru_size_bytes"] != runs or t["ru_ratio"] != 1:
                bad.append("ns%d: fiorank %s, want %d B in %d new units" % (s["nsid"], t, want, k))
    if not changed:
        bad.append("no writer's handle changed reclaim units: nothing across a change was checked")
print("ok" if not bad else "; ".join(bad))
for n in notes:
    print("# " + n)
PY
}
fdp_is() { # fdp_is DESC CHECK
	local out
	out=$(fdp_check "$2" 2>&1)
	if [ "$(head -n 1 <<<"$out")" = ok ]; then ok "$1"; else not_ok "$1: $(head -n 1 <<<"$out")"; fi
	grep '^# ' <<<"$out"
}
if [ -f "$o/fdp-stats-after.json" ]; then
	fdp_is "writes landed on the writers' handles only, and their bytes are fio's and FDP's HBMW" handles
	fdp_is "the placed run put namespace N's writes on PID 0, RUHID N-1, as nvme-cli lists them; each handle's reclaim units took the bytes written with its PID (modulo the unit size)" placement
	fdp_is "the tags add up to fio's writes: per PID when placed, none placed otherwise" tags
	fdp_is "the engine read the FDP configuration in use: nvme-cli's (RUNS $runs, 8 handles, 1 group)" config
	fdp_is "the engine's FDP statistics at the runs' ends are nvme-cli's readings" stats
	"$FIORANK" -f json "$o/nn" >"$o/report.json" 2>"$tmp/fr.err"
	check "fiorank reads the folder" test -s "$o/report.json"
	fdp_is "fiorank pairs the placed run with the unplaced one, victims 4-6, WAF from the FDP statistics; each handle's bytes across its unit changes" report
	fdp_is "the engine kept the placed job's FDP events (0x00 enabled on writers 1-2: one per unit change, as nvme-cli lists them; writer 3: not enabled), and fiorank counts them" events
	"$FIORANK" "$o/nn" >"$o/report.txt" 2>&1
	check "the text report shows both runs side by side with their WAF" \
		grep -q "writers' WAF without placement: WAF [0-9.]* (FDP); with placement: WAF [0-9.]* (FDP)" "$o/report.txt"
	sed -n '/with and without Flexible Data Placement/,/^Drive health/p' "$o/report.txt" | sed 's/^/# /'
else
	not_ok "the guest left no readings"
fi
tap_done
