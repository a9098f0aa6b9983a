#!/usr/bin/env bash
# fiorank on a fleet run (issue 39), on REAL output of the test-bed fleet
# (tests/data/fleet, made as its README says): each host's drive its own
# row (model, serial, host name, kernel from the manifest), the fleet row
# whose percentiles come from every host's json+ bins summed, fio's "All
# clients" checked against it, the spread across drives; a host lost
# mid-run (a real kill) and a host removed from a copy (edited) withhold the
# fleet row with the host named; a step output that is not JSON is said;
# seven replicated hosts name the outliers the rule gives; a drive removed
# mid-run (real) leaves the run "partial": the other drives ranked, the
# fleet row withheld; after --resume (real) the lost host's rerun alone
# ranks its drive, said, and is never summed into a fleet row.  Every
# expected figure is recomputed here from the fio JSON alone (python, jq),
# not from fiorank's code.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=tests/data/fleet
for fmt in text md json html; do
	"$FIORANK" -N -f "$fmt" "$D/three" >"$tmp/r.$fmt" 2>"$tmp/r.$fmt.err"
	check "three hosts: fiorank -f $fmt reads the run (exit 0)" test $? = 0
done

# recompute WHAT: python3 checks fiorank's JSON against the fio outputs.
recompute() {
	python3 - "$1" "$D/three" "$tmp/r.json" <<'PY'
import json, math, statistics, sys
what, d, rep = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
mf = json.load(open(d + '/manifest.json'))
def doc(path):
    s = open(path).read()
    return json.loads(s[s.index('\n{') + 1:] if not s.startswith('{') else s)
def pct(bins, p):  # fio's rule: first bin where the running count reaches p% of all
    total, seen = sum(bins.values()), 0
    for ns in sorted(bins):
        seen += bins[ns]
        if seen >= p / 100.0 * total:
            return ns / 1000.0
def host_of(c):
    return '%s,%d' % (c['hostname'], c['port'])
fleet = rep['fleet']['fleets'][0]
ok = True
for st in fleet['steps']:
    run = next(r for r in mf['runs'] if r['id'] == st['run'])
    clients = doc(d + '/' + run['output'])['client_stats']
    per = {host_of(c): c for c in clients if c['jobname'] != 'All clients'}
    row = st['dirs'][0]
    summed = {}
    for h, r in zip(mf['hosts'], row['hosts']):
        rd = per[h]['read']
        bins = {int(k): v for k, v in rd['clat_ns']['bins'].items()}
        for k, v in bins.items():
            summed[k] = summed.get(k, 0) + v
        drive = next(x for x in mf['drives'] if x['host'] == h)
        if what == 'hosts':
            ok &= r['drive'] == '%s %s ns%d' % (drive['model'], drive['serial'], drive['nsid'])
            ok &= r['hostname'] == mf['systems'][h]['host'] and r['kernel'] == mf['systems'][h]['kernel']
            ok &= r['ios'] == rd['total_ios'] and abs(r['iops'] - rd['iops']) < 1e-6
        if what == 'host-tails':  # the rule reproduces fio's own per-host percentiles
            for k, key in (('99.000000', 'p99_us'), ('99.900000', 'p99_9_us'), ('99.990000', 'p99_99_us')):
                ok &= pct(bins, float(k)) == rd['clat_ns']['percentile'][k] / 1000.0 == r[key]
    f = row['fleet']
    if what == 'fleet':
        ok &= f['hosts'] == 3 and f['ios'] == sum(c['read']['total_ios'] for c in per.values())
        ok &= abs(f['iops'] - sum(c['read']['iops'] for c in per.values())) < 1e-6
        for p, key in ((99, 'p99_us'), (99.9, 'p99_9_us'), (99.99, 'p99_99_us')):
            ok &= abs(f[key] - pct(summed, p)) < 1e-9
        mean = sum(c['read']['clat_ns']['mean'] * c['read']['total_ios'] for c in per.values()) / f['ios'] / 1000
        ok &= abs(f['mean_us'] - mean) < 1e-6
    if what == 'all-clients':  # fio 3.41's own sum has the same tails here
        allc = next(c for c in clients if c['jobname'] == 'All clients')['read']['clat_ns']['percentile']
        ok &= allc['99.990000'] / 1000.0 == f['p99_99_us'] and row['all_clients'].startswith("fio's \"All clients\" agrees")
    if what == 'spread':
        for key in ('iops', 'p99_us', 'p99_99_us'):
            v = [r[key] for r in row['hosts']]
            s = row['spread'][key]
            ok &= s['n'] == 3 and s['min'] == min(v) and s['max'] == max(v) and s['median'] == statistics.median(v)
            ok &= abs(s['cv'] - statistics.stdev(v) / statistics.mean(v)) < 1e-9
            ok &= 'needs >= 5 drives, here 3' in s['rule'] and 'outliers' not in s
sys.exit(0 if ok and len(fleet['steps']) == 2 else 1)
PY
}
check "each host's drive: model + serial + ns from the manifest, its host name and kernel, fio's IOPS" recompute hosts
check "each host's p99/p99.9/p99.99 from its bins by fio's rule equal fio's own printed ones" recompute host-tails
check "the fleet row: I/Os and IOPS the hosts' sums, mean weighted, p99/p99.9/p99.99 of the summed bins" recompute fleet
check "fio 3.41's All clients tails equal the summed bins', and the report says it agrees" recompute all-clients
check "the spread: min/median/max/CV of IOPS, p99, p99.99 across the 3 drives; no outlier named with 3" recompute spread
check "the ranking: three entrants, each host's drive with its own serial, host name and kernel (not localhost:PORT)" \
	jq -e '[.provenance.drives[] | [.drive, .serial, .host, .kernel]] == [range(1; 4) as $i |
		["QEMU NVMe Ctrl fleet000\($i) ns1", "fleet000\($i)", "fleet\($i) (localhost,\(21388 + $i))",
		 "Linux 6.1.0-57-amd64 x86_64"]]' "$tmp/r.json"
check "the ranking: each entrant's peak IOPS is its own host's, not the fleet's sum" \
	bash -c '"$1" -N -f csv "$2" 2>/dev/null | grep -q "QEMU NVMe Ctrl fleet0003 ns1.*,peak,7093\\.[0-9]*,"' _ "$FIORANK" "$D/three"
check "text: each host's drive and the fleet row" \
	bash -c 'grep -q "^QEMU NVMe Ctrl fleet0002 ns1 *localhost,21390 *fleet2 *Linux 6.1.0-57" "$1" &&
		grep -q "^fleet (3 hosts, summed bins)" "$1" && grep -q "needs >= 5 drives, here 3" "$1"' _ "$tmp/r.text"
check "Markdown and HTML: the fleet section with the fleet row" \
	bash -c 'grep -q "^## fleet: 3 hosts of" "$1" && grep -q "| fleet (3 hosts, summed bins) |" "$1" &&
		grep -q "<section class=\"fleet\">" "$2" && grep -q "<td>fleet (3 hosts, summed bins)</td>" "$2"' _ "$tmp/r.md" "$tmp/r.html"

# A host lost mid-run (real: tests/vm/fleet --kill 2:16): fio's output holds
# two hosts, the manifest three.
"$FIORANK" -N "$D/lost" >"$tmp/lost.out" 2>"$tmp/lost.err"
rc=$?
check "a host killed mid-run: exit non-zero ($rc)" test $rc != 0
check "a host killed mid-run: the fleet row is withheld naming the host" \
	grep -qF "fiorank: fleet: ng0n1/profiles/4k-randread/peak (read): fleet row withheld: host localhost,22853 (fleet2) has no result in this step" "$tmp/lost.err"

# Edited copy: one client's entries removed from the second step only.
cp -r "$D/three" "$tmp/edited"
f=$tmp/edited/ng0n1/profiles/4k-randread/50.json
python3 - "$f" <<'PY'
import json, sys
s = open(sys.argv[1]).read()
i = s.index('\n{') + 1
d = json.loads(s[i:])
d['client_stats'] = [c for c in d['client_stats'] if c['port'] != 21391 or c['jobname'] == 'All clients']
open(sys.argv[1], 'w').write(s[:i] + json.dumps(d))
PY
"$FIORANK" -N -f json "$tmp/edited" >"$tmp/ed.json" 2>"$tmp/ed.err"
rc=$?
check "edited (a host removed from one step): exit 1 ($rc)" test $rc = 1
check "edited: that step's fleet row withheld naming localhost,21391 (fleet3), the other step's kept" \
	jq -e '.fleet.fleets[0].steps | (.[1].dirs[0] | (.fleet == null) and (.withheld | test("host localhost,21391 \\(fleet3\\) has no result"))
		and (.hosts[2].missing != null) and (.hosts[0].iops > 0)) and (.[0].dirs[0].fleet.hosts == 3)' "$tmp/ed.json"
check "edited: said on stderr" grep -q "50 (read): fleet row withheld: host localhost,21391 (fleet3)" "$tmp/ed.err"

# Edited copy: a client answering on a port no host of the manifest has.
cp -r "$D/three" "$tmp/moved"
f=$tmp/moved/ng0n1/profiles/4k-randread/peak.json
python3 - "$f" <<'PY'
import json, sys
s = open(sys.argv[1]).read()
i = s.index('\n{') + 1
d = json.loads(s[i:])
for c in d['client_stats']:
    if c['port'] == 21390 and c['jobname'] != 'All clients':
        c['port'] = 29999
open(sys.argv[1], 'w').write(s[:i] + json.dumps(d))
PY
"$FIORANK" -N "$tmp/moved" >"$tmp/moved.out" 2>"$tmp/moved.err"
check "edited (a client on a port the manifest lacks): said, not counted, and its host's row withheld" \
	bash -c 'grep -q "fio.s output has a client (localhost,29999) that is none of the manifest.s hosts: not counted" "$1" &&
		grep -q "fleet row withheld: host localhost,21390 (fleet2)" "$2"' _ "$tmp/moved.out" "$tmp/moved.err"
# A step's output that is not fio's: the fleet step says why (the reader's
# reason, from its one read), the other step keeps its fleet row.
cp -r "$D/three" "$tmp/garbage"
echo garbage >"$tmp/garbage/ng0n1/profiles/4k-randread/50.json"
"$FIORANK" -N -f json "$tmp/garbage" >"$tmp/garbage.json" 2>"$tmp/garbage.err"
rc=$?
check "a step output that is not JSON: exit 1 ($rc), the fleet step says why, the other keeps its row" \
	bash -c '[ "$1" = 1 ] && grep -q "fiorank: fleet: ng0n1/profiles/4k-randread/50: its fio output was not read: no JSON document found" "$2" &&
		jq -e ".fleet.fleets[0].steps | (.[1].problem | test(\"not read\")) and (.[0].dirs[0].fleet.hosts == 3)" "$3" >/dev/null' \
	_ "$rc" "$tmp/garbage.err" "$tmp/garbage.json"

# Seven hosts (the three real ones replicated, bench/fleet_replicate.py):
# the outlier rule applies (>= 5 drives); the drives it names are those
# beyond median +- 3 x scaled MAD recomputed here from the rows, in JSON
# and in the text report alike.
python3 bench/fleet_replicate.py "$D/three" "$tmp/seven" 7
"$FIORANK" -N -f json "$tmp/seven" >"$tmp/seven.json" 2>/dev/null
"$FIORANK" -N -f text "$tmp/seven" >"$tmp/seven.txt" 2>/dev/null
check "seven hosts: the IOPS outliers are those beyond median +- 3 x scaled MAD of the rows" \
	jq -e '.fleet.fleets[0].steps[] | .dirs[0] as $d | ($d.hosts | map(.iops) | sort) as $v |
		(if ($v | length) % 2 == 1 then $v[($v | length - 1) / 2] else ($v[($v | length) / 2 - 1] + $v[($v | length) / 2]) / 2 end) as $m |
		($v | map(. - $m | fabs) | sort) as $a |
		(1.4826 * (if ($a | length) % 2 == 1 then $a[($a | length - 1) / 2] else ($a[($a | length) / 2 - 1] + $a[($a | length) / 2]) / 2 end)) as $mad |
		[$d.hosts[] | select((.iops - $m | fabs) > 3 * $mad) | .drive] as $want |
		($d.spread.iops.n == 7) and (($want | length) > 0) and ($d.spread.iops.outliers == $want)' "$tmp/seven.json"
check "seven hosts: the text report names the same outliers" \
	bash -c 'want=$(jq -r "[.fleet.fleets[0].steps[0].dirs[0].spread.iops.outliers[]] | join(\", \")" "$1")
		grep -qF "IOPS across 7 drives: " "$2" && grep -F "IOPS across 7 drives: " "$2" | head -1 | grep -qF ": outlier $want"' _ "$tmp/seven.json" "$tmp/seven.txt"

# A drive removed mid-run (real: tests/vm/t-fleet-faults.sh, the third
# guest's NVMe controller hot-removed during the peak step): the runner
# recorded the run "partial" with that host lost; fiorank ranks the two
# other drives, each from its own host's result, and withholds the fleet row.
lost_host=$(jq -r '.runs[] | select(.status == "partial") | .hosts_lost[0].host' "$D/removed/manifest.json")
"$FIORANK" -N -f json "$D/removed" >"$tmp/rm.json" 2>"$tmp/rm.err"
rc=$?
check "a drive removed mid-run: exit 1 ($rc)" test $rc = 1
# ranked PEAK_FILE REPORT DRIVES...: the report ranks exactly DRIVES at the
# peak step, each with the IOPS of its own host in PEAK_FILE (fio's JSON).
ranked() {
	python3 - "$@" <<'PY'
import json, sys
peak, rep, want = sys.argv[1], json.load(open(sys.argv[2])), sys.argv[3:]
s = open(peak).read()
clients = json.loads(s[s.index('\n{') + 1:])['client_stats']
mf = json.load(open(peak[:peak.index('/ng0n1/')] + '/manifest.json'))
serial = {'%s,%s' % (c['hostname'], c['port']): c for c in clients if c['jobname'] != 'All clients'}
rows = [r for p in rep['profiles'] if p['profile'] == '4k-randread' for r in p['ranking'] if r['peak_step'] == 'peak']
ok = sorted(r['drive'] for r in rows) == sorted(want)
for r in rows:
    d = next(d for d in mf['drives'] if '%s %s ns%d' % (d['model'], d['serial'], d['nsid']) == r['drive'])
    c = serial.get(d['host'])
    ok &= c is not None and c['error'] == 0 and abs(r['iops'] - c['read']['iops']) < 1e-3
sys.exit(0 if ok else 1)
PY
}
check "a drive removed: the two other drives ranked at the peak, each with its own host's IOPS" \
	ranked "$D/removed/ng0n1/profiles/4k-randread/peak.json" "$tmp/rm.json" "QEMU NVMe Ctrl fleet0001 ns1" "QEMU NVMe Ctrl fleet0002 ns1"
check "a drive removed: the lost host's job excluded, its error named" \
	grep -qE "excluded from .*/peak.json: job '4k-randread@peak' on ${lost_host/,/:} ended with error [0-9]+" "$tmp/rm.err"
check "a drive removed: the fleet row withheld, naming the host (fleet3) and its job's error" \
	grep -qE "peak \(read\): fleet row withheld: host $lost_host \(fleet3\) has no result in this step \(its job '4k-randread@peak' ended with error" "$tmp/rm.err"
check "a drive removed: a note says the run lost the host and why, the others ranked" \
	grep -qF "manifest run ng0n1/profiles/4k-randread/peak lost host(s) $lost_host (its job '4k-randread@peak' ended with error" "$tmp/rm.err"

# The same run after --resume (real, as above): the peak rerun on the third
# host alone (peak.resume-HOST.json), the 50 % step on all three.
"$FIORANK" -N -f json "$D/resumed" >"$tmp/rs.json" 2>"$tmp/rs.err"
rerun=$(jq -r '.runs[] | select(.resume_of != null) | .output' "$D/resumed/manifest.json")
started=$(jq -r '.runs[] | select(.resume_of != null) | .started' "$D/resumed/manifest.json")
check "resumed: three drives ranked at the peak; the third's peak is its rerun's, with its IOPS" \
	python3 - "$tmp/rs.json" "$D/resumed/$rerun" <<'PY'
import json, sys
rep = json.load(open(sys.argv[1]))
s = open(sys.argv[2]).read()
c = [c for c in json.loads(s[s.index('\n{') + 1:])['client_stats'] if c['jobname'] != 'All clients']
rows = {r['drive']: r for p in rep['profiles'] if p['profile'] == '4k-randread' for r in p['ranking'] if r['peak_step'] == 'peak'}
third = rows.get('QEMU NVMe Ctrl fleet0003 ns1')
peak = third and next(x for x in third['curve'] if x['step'] == 'peak')
sys.exit(0 if len(rows) == 3 and len(c) == 1 and peak['file'].endswith(sys.argv[2].split('/')[-1])
         and abs(peak['iops'] - c[0]['read']['iops']) < 1e-3 else 1)
PY
check "resumed: a note says the third drive ran alone at its rerun's start, not beside the others" \
	grep -qF "QEMU NVMe Ctrl fleet0003 ns1 (host $lost_host) ran alone at $started (--resume: the host was lost in ng0n1/profiles/4k-randread/peak), not beside the other hosts" "$tmp/rs.err"
check "resumed: the peak's fleet row stays withheld (it ran apart), never a sum" \
	jq -e --arg h "$lost_host" --arg t "$started" '.fleet.fleets[0].steps[] | select(.step == "peak") | .dirs[0] |
		.fleet == null and .withheld == "fleet row withheld: host \($h) (fleet3) has no result in this step (it ran apart: rerun alone by --resume at \($t); hosts that did not run together are never summed)"' "$tmp/rs.json"
check "resumed: the rerun is no step of its own in the fleet view" \
	jq -e '[.fleet.fleets[0].steps[].run] == ["ng0n1/profiles/4k-randread/peak", "ng0n1/profiles/4k-randread/50"]' "$tmp/rs.json"
check "resumed: the 50 % step (all three at once) has its fleet row from the summed bins" \
	python3 tests/fleet_row.py "$D/resumed/ng0n1/profiles/4k-randread/50.json" "$tmp/rs.json"
# A host silent past the run's deadline (real: the runner with two local
# fio servers, the second stopped during the 50 % step; tests/data/fleet/
# README.md): the runner stopped the run and fio wrote nothing; fiorank
# says so, naming the host and the seconds, and still shows the peak's
# fleet row (both hosts ran it).
"$FIORANK" -N -f json "$D/silent" >"$tmp/sil.json" 2>"$tmp/sil.err"
rc=$?
check "silent host: exit 1 ($rc)" test $rc = 1
check "silent host: the stopped run is said as the runner stopped it, host and seconds named" \
	grep -qF "fleet: t/profiles/4k-randread/50: the runner stopped the run 8 s after its start, still waiting for host 127.0.0.2,41911 (--host-deadline): fio wrote no host's result" "$tmp/sil.err"
check "silent host: the peak's fleet row is there, the 50 % step has none but its reason" \
	jq -e '[.fleet.fleets[0].steps[] | {step, p: (.problem // "" | startswith("the runner stopped the run 8 s")), n: ([.dirs[]?.hosts[]?] | length)}] ==
		[{step: "peak", p: false, n: 2}, {step: "50", p: true, n: 0}]' "$tmp/sil.json"
tap_done
