#!/usr/bin/env bash
# fiorank's drive health per step (issue 25) on REAL engine output from the
# QEMU test bed (tests/data/fio/health, see tests/data/README.md): the
# verdict, the figures and the WAF in every format, invalid steps left out
# of ranks and the gate unless --include-invalid.  Every expected figure is
# computed here from the same fio and engine files (python), none is typed in.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=${HEALTH_FIXTURES:-tests/data/fio/health}
FR=("$FIORANK" -N)

# run NAME ARGS...: fiorank's output in $tmp/NAME.out, stderr .err, exit .rc
run() {
	local name=$1
	shift
	"${FR[@]}" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	echo $? >"$tmp/$name.rc"
}
rc_is() { test "$(cat "$tmp/$1.rc")" -eq "$2"; }
said() { grep -qF -- "$2" "$tmp/$1.err"; }
has() { grep -qF -- "$2" "$tmp/$1.out"; }

# expect NAME FIO ENGINE VALID: fiorank's JSON health of every step against
# the engine file read here: temperatures, data units written, critical
# warning bits and the WAF from the first media counter the drive has over
# the drive's own host counter beside it.  Prints "ok" (then "# " figures)
# or what differs.
expect() {
	python3 - "$tmp/$1.out" "$2" "$3" "$4" <<'EOF'
import json, sys
rep, fio, eng, valid = json.load(open(sys.argv[1])), json.load(open(sys.argv[2])), \
    json.load(open(sys.argv[3])), sys.argv[4] == "1"
written = {}
for j in fio["jobs"]:
    written[j["jobname"]] = written.get(j["jobname"], 0) + j["write"]["io_bytes"]
bad, notes = [], []
steps = rep.get("health") or []
if not steps:
    bad.append("no health in the report")
for s in steps:
    ents = [e for e in eng["health"].values() if e["job"] in s["job_names"]]
    ctrls = [c for e in ents for c in e["controllers"] if c["before"]]
    if not ctrls:
        bad.append("%s: no engine entry" % s["step"])
        continue
    def delta(get):
        return max(get(c["after"]) for c in ctrls) - min(get(c["before"]) for c in ctrls)
    want_duw = delta(lambda x: x["data_units_written"])
    if s["data_units_written_delta"] != want_duw:
        bad.append("%s: data units %s, engine %s" % (s["step"], s["data_units_written_delta"], want_duw))
    snaps = [x for c in ctrls for x in [c["before"], c["after"]] + c["samples"]]
    if s["temp_max_k"] != max(x["composite_temp_k"] for x in snaps):
        bad.append("%s: temp_max_k %s" % (s["step"], s["temp_max_k"]))
    cw = 0
    for x in snaps:
        cw |= x["critical_warning"]
    if s["critical_warning"] != cw:
        bad.append("%s: critical_warning %s, engine %s" % (s["step"], s["critical_warning"], cw))
    if s["valid"] != valid:
        bad.append("%s: valid %s" % (s["step"], s["valid"]))
    if not valid and "critical warning: temperature" not in (s["reason"] or ""):
        bad.append("%s: reason %r" % (s["step"], s["reason"]))
    host = sum(written[j] for j in s["job_names"])
    def dsum(log, key):
        return max(c[log]["after"][key] for c in ctrls) - min(c[log]["before"][key] for c in ctrls)
    src = None
    # each media counter over the drive's own host counter beside it, read
    # at the same moments (fio's bytes leave out ramp_time and other writers)
    for name, log, key, unit, hlog, hkey, hunit, hname in (
            ("OCP C0", "ocp_c0", "physical_media_units_written", 1, None, "data_units_written", 512000,
             "SMART data units written"),
            ("FDP", "fdp", "mbmw", 1, "fdp", "hbmw", 1, "FDP host bytes (HBMW)"),
            ("endurance group", "endurance_group", "media_units_written", 512000,
             "endurance_group", "data_units_written", 512000, "endurance group data units written")):
        if all(c.get(log) for c in ctrls):
            media = dsum(log, key) * unit
            div = (delta(lambda x: x[hkey]) if hlog is None else dsum(hlog, hkey)) * hunit
            # a 512000 B unit is used over 100 of them; a counter that did
            # not move while the host wrote is not kept (QEMU's endurance group)
            if div >= 100 * max(unit, hunit) and media > 0:
                src = name
                break
    if src is None:
        if s["waf"] is not None or not s["waf_note"].startswith("WAF n/a: "):
            bad.append("%s: waf %s (%s) without a media counter" % (s["step"], s["waf"], s["waf_note"]))
    elif s["waf_source"] != src or abs(s["waf"] - media / div) > 1e-9 * max(1, media / div) or \
            s["waf_host_bytes"] != div or s["waf_host_counter"] != hname:
        bad.append("%s: waf %s %s over %s %s, expected %s %s over %s %s" % (
            s["step"], s["waf"], s["waf_source"], s["waf_host_bytes"], s["waf_host_counter"],
            media / div, src, div, hname))
    else:
        notes.append("%s: WAF %.4f (%s: media %d / host %d by %s; fio wrote %d)" % (s["step"], s["waf"], src, media, div, hname, host))
    if s["host_bytes"] != host:
        bad.append("%s: host_bytes %s, fio %s" % (s["step"], s["host_bytes"], host))
print("ok" if not bad else "; ".join(bad))
for n in notes:
    print("# " + n)
EOF
}

for f in sample invalid; do
	if [ ! -f "$D/$f.json" ] || [ ! -f "$D/$f.engine.json" ]; then
		not_ok "fixture $D/$f.json and $D/$f.engine.json present"
		tap_done
		exit
	fi
done

# --- a healthy run: every step valid, its figures the engine's
run sample -f json "$D/sample.json"
check "a healthy run exits 0" rc_is sample 0
expect sample "$D/sample.json" "$D/sample.engine.json" 1 >"$tmp/sample.chk"
check "healthy run: every step valid; temperatures, data units, warning bits and WAF are the engine's" \
	grep -qx ok "$tmp/sample.chk" || cat "$tmp/sample.chk" >&2

# --- under a lowered over-temperature threshold: every step invalid
run invalid -f json "$D/invalid.json"
check "a run with every step invalid exits 1" rc_is invalid 1
check "... each listed as excluded with its reason" said invalid "is invalid (critical warning: temperature"
python3 -c "import json,sys; sys.exit(0 if json.load(open(sys.argv[1]))['profiles'] == [] else 1)" \
	"$tmp/invalid.out"
check_rc=$?
if [ $check_rc -eq 0 ]; then ok "... and nothing is ranked"; else not_ok "... and nothing is ranked"; fi
expect invalid "$D/invalid.json" "$D/invalid.engine.json" 0 >"$tmp/invalid.chk"
check "invalid run: the health section still shows every step, invalid with the reason" \
	grep -qx ok "$tmp/invalid.chk" || cat "$tmp/invalid.chk" >&2
run incl -f json --include-invalid "$D/invalid.json"
check "--include-invalid ranks them (exit 0)" rc_is incl 0
check "... marked invalid in the health section" has incl '"valid": false'
n_steps=$(jq '[.jobs[].jobname] | length' "$D/invalid.json")
n_notes=$(grep -c "^fiorank: included $D/invalid.json: drive .* is invalid (critical warning: temperature.*): ranked, placed and gated only because of --include-invalid$" "$tmp/incl.err")
check "... stderr says, once per invalid step ($n_notes of $n_steps), what is invalid and that the flag included it" \
	test "$n_notes" -ge 1 -a "$n_notes" -eq "$n_steps"
run incl_q -f json -q --include-invalid "$D/invalid.json"
check "... and -q keeps stderr quiet" test ! -s "$tmp/incl_q.err"

# --- every format says it
for fmt in text md csv html; do
	run "inv-$fmt" -f "$fmt" "$D/invalid.json"
	check "$fmt report: the invalid verdict with its reason" has "inv-$fmt" "INVALID: critical warning: temperature"
done
check "csv: health rows carry valid=0 and the reason" \
	grep -q '^health,.*,0,critical warning: temperature' "$tmp/inv-csv.out"
run html -f html "$D/sample.json"
check "html: the composite temperature over time under the latency charts" \
	has html "composite temperature over time"
check "html: the per-step health table" has html "Drive health per step"

# --- the gate never judges an invalid step: in a baseline it is left out too
mkdir -p "$tmp/base" "$tmp/new"
cp "$D/invalid.json" "$D/invalid.engine.json" "$tmp/base/"
cp "$D/sample.json" "$tmp/new/invalid.json"
cp "$D/sample.engine.json" "$tmp/new/invalid.engine.json"
run gate -f csv --baseline "$tmp/base" --fail-if 'iops<-50%' "$tmp/new"
check "an invalid baseline step is excluded from the gate, with its reason" \
	said gate "is invalid (critical warning: temperature"
check "... so the gate has nothing to decide on (exit 4)" rc_is gate 4

# --- the same real run as a drive without the OCP log (WAF from FDP, not 1)
# and without OCP and FDP (n/a): the logs taken out as the engine writes an
# absent one, the expected figures computed from what is left
strip() { # strip DIR LOG...: sample.json + its engine file without those logs
	mkdir -p "$tmp/$1"
	cp "$D/sample.json" "$tmp/$1/run.json"
	python3 - "$D/sample.engine.json" "$tmp/$1/run.engine.json" "${@:2}" <<'EOF2'
import json, sys
d = json.load(open(sys.argv[1]))
for e in d["health"].values():
    for c in e["controllers"]:
        for log in sys.argv[3:]:
            c[log], c[log + "_absent"] = None, "taken out by the test"
json.dump(d, open(sys.argv[2], "w"))
EOF2
}
strip fdp ocp_c0
run fdp -f json "$tmp/fdp/run.json"
expect fdp "$tmp/fdp/run.json" "$tmp/fdp/run.engine.json" 1 >"$tmp/fdp.chk"
check "without the OCP log the WAF is FDP's media over FDP's host bytes" grep -qx ok "$tmp/fdp.chk" ||
	cat "$tmp/fdp.chk" >&2
check "... said as FDP" has fdp '"waf_source": "FDP"'
strip none ocp_c0 fdp endurance_group
run none -f text "$tmp/none/run.json"
check "without any media counter: WAF n/a, said why" \
	has none "WAF n/a: the drive reports no media counter"

# --- an engine file without a health section (an engine from before it):
# the same real run with the section taken out.  Said, never judged.
mkdir -p "$tmp/old"
cp "$D/sample.json" "$tmp/old/run.json"
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); d.pop('health'); json.dump(d, open(sys.argv[2], 'w'))" \
	"$D/sample.engine.json" "$tmp/old/run.engine.json"
# A noisy-neighbor run's writers and readers each have a step "peak" with a
# health record: every format names their jobs, so the two rows differ.
for fmt in text md html; do
	run "nn-$fmt" -f "$fmt" "$TOP/tests/data/fio/fdp/nn"
	check "$fmt report: two health rows of one step name are told apart by their jobs" \
		eval 'has "nn-$fmt" "peak (job nn-write)" && has "nn-$fmt" "peak (job nn-read)"'
done
run nn-single -f text "$D/sample.json"
check "... a step name no other row shares is printed alone" \
	eval 'has nn-single "Drive health per step" && ! grep -q "step [^:]* (job" "$tmp/nn-single.out"'

# A curve's health rows in the method's order, 10 50 100 120 peak (issue
# 38: they were in the order the files were named, 10 100 120 50 peak),
# in the text and the HTML report; the steps are the test bed's own.
tb=tests/data/fio/testbed/short-4k-randread
want=$(printf '%s\n' "$tb"/ng0n1/profiles/4k-randread/*.json | sed -n 's|.*/\([0-9]*\)\.json$|\1|p' | sort -n | tr '\n' ' ')
want+="peak "
run order-text -f text "$tb"
got=$(sed -n 's|^  QEMU NVMe Ctrl deadbeef ns1 / 4k-randread step \([^:]*\):.*|\1|p' "$tmp/order-text.out" | tr '\n' ' ')
check "text: health per step in the method's order ($want)" test "$got" = "$want"
run order-html -f html "$tb"
got=$(grep -o '<tr><td class="l">QEMU NVMe Ctrl deadbeef ns1</td><td class="l">4k-randread</td><td class="l">[^<]*' "$tmp/order-html.out" |
	sed 's/.*>//' | tr '\n' ' ')
check "HTML: health per step in the method's order ($want)" test "$got" = "$want"

run old -f json "$tmp/old/run.json"
check "an engine file without health: 'not recorded', not invalid" \
	has old 'no \"health\" section'
check "... and its steps are still ranked (exit 0)" rc_is old 0
# issue 38: steps with nothing to say fold into one line naming them (the gate
# fixture's reader steps: valid, +0 everywhere, no WAF), in text, Markdown and HTML;
# the steps and temperature taken from the engine files with jq
G=tests/data/fio/gate
"${FR[@]}" "$G" >"$tmp/quiet.txt" 2>/dev/null
"${FR[@]}" -f md "$G" >"$tmp/quiet.md" 2>/dev/null
check "quiet steps: one text line naming steps 10, 50, peak, no per-step '+0' blocks" bash -c "
	test \"\$(grep -c 'data units written +0 (' '$tmp/quiet.txt')\" = 0 &&
	grep -qx '  QEMU NVMe Ctrl deadbeef ns1 / 4k-randread steps 10, 50, peak: valid, nothing to report: temperature 50 °C throughout, no critical warning, TMT1 and TMT2 +0, data units written +0, so no WAF' '$tmp/quiet.txt'"
check "quiet steps: one Markdown item for the three" bash -c "
	test \"\$(grep -c 'data units written +0 (' '$tmp/quiet.md')\" = 0 &&
	grep -q '^- \*\*QEMU NVMe Ctrl deadbeef ns1\*\* / 4k-randread steps 10, 50, peak: valid, nothing to report' '$tmp/quiet.md'"
# ... and in HTML (issue 38, h38o): one table row naming the three steps
# with the text report's own words, no per-step row of them
"${FR[@]}" -f html "$G" >"$tmp/quiet.html" 2>/dev/null
words=$(sed -n 's|^  QEMU NVMe Ctrl deadbeef ns1 / 4k-randread steps 10, 50, peak: ||p' "$tmp/quiet.txt")
check "quiet steps: one HTML row for the three, with the text report's words" bash -c "
	test -n '$words' &&
	test \"\$(grep -c '<tr class=\"fold\">' '$tmp/quiet.html')\" = 1 &&
	grep -qF '<tr class=\"fold\"><td class=\"l\">QEMU NVMe Ctrl deadbeef ns1</td><td class=\"l\">4k-randread</td><td class=\"l\">10, 50, peak</td><td class=\"l\" colspan=\"9\">$words</td></tr>' '$tmp/quiet.html' &&
	! grep -q '<tr><td class=\"l\">QEMU NVMe Ctrl deadbeef ns1</td><td class=\"l\">4k-randread</td><td class=\"l\">\(10\|50\|peak\)</td>' '$tmp/quiet.html'"
temps=$(for e in "$G"/*/*/ng0n1/profiles/4k-randread/*.engine.json; do
	jq -r '.health[]?.controllers[]? | .before.composite_temp_k, .after.composite_temp_k' "$e"
done 2>/dev/null | sort -u | tr '\n' ' ')
check "quiet steps: the one temperature is the engine files' (kelvin: $temps)" test "$temps" = "323 "
tap_done
