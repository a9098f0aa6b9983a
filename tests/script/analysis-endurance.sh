#!/usr/bin/env bash
# fiorank's endurance section (issue 41 item 1) on REAL output of the test
# bed (tests/data/fio/endurance, made by tests/data/make-endurance-fixtures.sh:
# the runner's endurance suite in short mode, two 8 MiB steps per mix):
#   fdp/    QEMU with FDP, whose statistics log is the drive's media counter:
#           every figure of the section is recomputed here (python) from the
#           fio and engine files: fio's bytes and their running sum, the
#           FDP host and media bytes per step, the step's WAF and the
#           cumulative WAF, the write tails, the write unit from the job
#           and NPWG from the engine's write_hints;
#   nofdp/  QEMU without FDP: its endurance group log is there but counts
#           neither host nor media writes (both stay 0), so each step's WAF
#           is n/a with that reason, and the HTML has no curve but a note.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=${EI_FIXTURES:-tests/data/fio/endurance}
if [ ! -f "$D/fdp/manifest.json" ] || [ ! -f "$D/nofdp/manifest.json" ]; then
	not_ok "fixtures $D/fdp and $D/nofdp present (tests/data/make-endurance-fixtures.sh)"
	tap_done
	exit
fi
for v in fdp nofdp; do
	for fmt in text md json html; do
		"$FIORANK" -N -f "$fmt" "$D/$v" >"$tmp/$v.$fmt" 2>"$tmp/$v.$fmt.err"
		check "fiorank -f $fmt reads $v (exit 0)" test $? = 0
	done
done

# recompute V: python3 recomputes the JSON's "endurance" of fixture V from
# its files; prints "ok" or what differs.
recompute() {
	python3 - "$D/$1" "$tmp/$1.json" "$1" <<'PY'
import glob, json, math, os, sys

d, rep, variant = sys.argv[1], json.load(open(sys.argv[2])), sys.argv[3]
bad = []
def close(a, b, tol):
    return a is not None and b is not None and abs(a - b) <= tol
def fio_doc(p):
    t = open(p).read()
    return json.loads(t[t.index("{"):])

series = rep.get("endurance") or []
want = []
for drive_dir in sorted(glob.glob(d + "/*/endurance")):
    for mix in ("endurance-jesd219", "endurance-iu"):
        steps = sorted(glob.glob("%s/%s/s*.json" % (drive_dir, mix)))
        steps = [s for s in steps if not s.endswith(".engine.json")]
        if steps:
            want.append((mix, sorted(steps, key=lambda s: int(os.path.basename(s)[1:-5]))))
if [s["mix"] for s in series] != [w[0] for w in want]:
    bad.append("mixes %s, expected %s" % ([s["mix"] for s in series], [w[0] for w in want]))
for s, (mix, files) in zip(series, want):
    if len(s["steps"]) != len(files):
        bad.append("%s: %d steps, expected %d" % (mix, len(s["steps"]), len(files)))
        continue
    cum_host = cum_media = cum_fdp_host = 0.0
    for st, f in zip(s["steps"], files):
        job = fio_doc(f)["jobs"][0]
        eng = json.load(open(f[:-5] + ".engine.json"))
        ctrl = list(eng["health"].values())[0]["controllers"][0]
        fdp = ctrl.get("fdp")
        host = job["write"]["io_bytes"]
        cum_host += host
        name = "%s %s" % (mix, st["step"])
        if st["step"] != os.path.basename(f)[:-5]:
            bad.append("%s: is %s" % (name, os.path.basename(f)))
        if st["host_bytes"] != host or st["cum_host_bytes"] != cum_host:
            bad.append("%s: fio bytes %s cum %s, expected %s %s" % (name, st["host_bytes"], st["cum_host_bytes"], host, cum_host))
        p99 = job["write"]["clat_ns"]["percentile"]["99.000000"] / 1000
        p9999 = job["write"]["clat_ns"]["percentile"]["99.990000"] / 1000
        if not (close(st["write_clat_p99_us"], p99, 0.0015) and close(st["write_clat_p99_99_us"], p9999, 0.0015)):
            bad.append("%s: tails %s %s, expected %.3f %.3f" % (name, st["write_clat_p99_us"], st["write_clat_p99_99_us"], p99, p9999))
        if st["nsid"] != eng["files"][0]["nsid"]:
            bad.append("%s: nsid %s" % (name, st["nsid"]))
        if variant == "fdp":
            media = fdp["after"]["mbmw"] - fdp["before"]["mbmw"]
            fhost = fdp["after"]["hbmw"] - fdp["before"]["hbmw"]
            cum_media += media
            cum_fdp_host += fhost
            if st["media_bytes"] != media or st["drive_host_bytes"] != fhost or st["waf_source"] != "FDP":
                bad.append("%s: media %s host %s (%s), expected %s %s FDP" % (name, st["media_bytes"], st["drive_host_bytes"], st["waf_source"], media, fhost))
            if not close(st["waf"], media / fhost, 0.0005):
                bad.append("%s: WAF %s, expected %.4f" % (name, st["waf"], media / fhost))
            if not close(st["cum_waf"], cum_media / cum_fdp_host, 0.0005) or st["cum_media_bytes"] != cum_media or \
                    st["cum_drive_host_bytes"] != cum_fdp_host:
                bad.append("%s: cumulative WAF %s, expected %.4f" % (name, st["cum_waf"], cum_media / cum_fdp_host))
            print("# %s: fio %d B, FDP host %d B, media %d B, WAF %.4f, cumulative %.4f" % (name, host, fhost, media, media / fhost, cum_media / cum_fdp_host))
        else:
            duw = (ctrl["after"]["data_units_written"] - ctrl["before"]["data_units_written"]) * 512000
            eg = ctrl["endurance_group"]
            note = ("WAF n/a: endurance group data units written moved 0 while SMART counted %.1f MB written: "
                    "the drive does not count host writes in its endurance group log, so that log gives no ratio" % (duw / 1e6))
            if eg["after"]["data_units_written"] != eg["before"]["data_units_written"] or \
                    eg["after"]["media_units_written"] != eg["before"]["media_units_written"]:
                bad.append("%s: the fixture's endurance group counters moved: not the case this test is for" % name)
            if st["waf"] is not None or st["waf_note"] != note:
                bad.append("%s: WAF %s (%r), expected n/a: %r" % (name, st["waf"], st["waf_note"], note))
            if st["drive_host_bytes"] != duw or st["cum_waf"] is not None:
                bad.append("%s: drive host %s cum WAF %s, expected %s and none" % (name, st["drive_host_bytes"], st["cum_waf"], duw))
    # the unit: the job's description, and the namespace's NPWG
    opts = fio_doc(files[0])["jobs"][0]["job options"]
    hints = json.load(open(files[0][:-5] + ".engine.json"))["files"][0]["write_hints"]
    unit = opts["description"][len("write unit: "):]
    if s["write_unit"] != unit or s["jesd219"] != (mix == "endurance-jesd219"):
        bad.append("%s: unit %r, expected %r" % (mix, s["write_unit"], unit))
    ns = "NPWG %d LBA%s = %d B" % (hints["npwg"]["lbas"], "" if hints["npwg"]["lbas"] == 1 else "s", hints["npwg"]["bytes"])
    if not s["namespace_write_unit"].startswith(ns):
        bad.append("%s: namespace %r, expected %r..." % (mix, s["namespace_write_unit"], ns))
    if mix == "endurance-iu" and unit != "%d B from npwg, aligned %d" % (hints["npwg"]["bytes"], hints["npwa"]["bytes"]):
        bad.append("the successor's unit %r is not the namespace's NPWG/NPWA" % unit)
print("\n".join(bad) if bad else "ok")
PY
}
for v in fdp nofdp; do
	out=$(recompute "$v")
	grep '^# ' <<<"$out"
	check "$v: the JSON's endurance figures are the files' (fio bytes, drive counters, WAF, cumulative WAF, tails, unit)" \
		test "$(grep -v '^# ' <<<"$out")" = ok
	[ "$(grep -v '^# ' <<<"$out")" = ok ] || grep -v '^# ' <<<"$out" | sed 's/^/# /'
done
check "text: the section, its steps' WAF by FDP" grep -q '== endurance (jobs/endurance.fio): WAF per step and cumulative ==' "$tmp/fdp.text"
check "... the successor's unit and the namespace's NPWG beside it" grep -q \
	'endurance-iu: write unit 512 B from npwg, aligned 512' "$tmp/fdp.text"
check "text without a counted media write: WAF n/a and why" grep -q \
	'WAF n/a: endurance group data units written moved 0 while SMART counted' "$tmp/nofdp.text"
check "... and the cumulative WAF says from which step it is n/a" grep -q \
	'cumulative WAF n/a from s1 on: WAF n/a: endurance group data units written moved 0' "$tmp/nofdp.text"
check "Markdown: the section and one table row per step (8: two mixes of two steps, twice)" test \
	"$(grep -c '^| s[0-9]* | 1 |' "$tmp/fdp.md")" = 4 -a "$(grep -c '^| s[0-9]* | 1 |' "$tmp/nofdp.md")" = 4
check "... the FDP rows' WAF as the JSON's" test \
	"$(grep '^| s[0-9]* | 1 |' "$tmp/fdp.md" | awk -F' [|] ' '{printf "%s ", $7}')" = \
	"$(jq -r '.endurance[].steps[].waf' "$tmp/fdp.json" | awk '{printf "%.2f ", $1}')"
check "... and their write p99 as the JSON's" test \
	"$(grep '^| s[0-9]* | 1 |' "$tmp/fdp.md" | awk -F' [|] ' '{printf "%s ", $9}')" = \
	"$(jq -r '.endurance[].steps[].write_clat_p99_us' "$tmp/fdp.json" | awk '{printf "%.1f ", $1}')"
check "HTML: the curve of WAF against the data written" grep -q \
	'Endurance: WAF against the data written' "$tmp/fdp.html"
check "... with a step and a cumulative series per mix" test "$(grep -o 'endurance-[a-z0-9]*: \(step\|cumulative\) WAF' "$tmp/fdp.html" | sort -u | wc -l)" = 4
check "HTML without a media counter: no curve, a note instead" grep -q 'No curve of WAF: no step has one' "$tmp/nofdp.html"
check "... and no chart of it" test "$(grep -c 'Endurance: WAF against the data written' "$tmp/nofdp.html")" = 0
tap_done
