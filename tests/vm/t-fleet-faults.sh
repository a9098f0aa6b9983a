#!/usr/bin/env bash
# Faults of a fleet (issue 39 item 4), in one boot of three test-bed guests
# (tests/vm/fleet: serials fleet0001-3, fio --server on forwarded 127.0.0.1
# ports), each fault landed inside a run of the runner's --hosts suite (a
# short 4K random-read peak and its 50 % step), timed from the moment the
# runner wrote the peak's job (it then starts fio):
# - slow: guest 3's QEMU stopped for 3 s (SIGSTOP), shorter than fio's
#   client timeout: every host completes, nothing lost, exit 0;
# - gone: guest 3's drive hot-removed (PCI remove in the guest): that host
#   is named with the device, the other two hosts' results are kept and
#   complete (the run "partial", hosts_lost), exit 1; fiorank ranks the two
#   and withholds the fleet row naming the host; the drive rescanned,
#   --resume reruns the peak on guest 3 alone into an output of its own
#   (the survivors' output untouched) and then the 50 % step on all three;
#   fiorank ranks all three drives, says the third ran alone and never sums
#   it into a fleet row;
# - dead: guest 2's QEMU killed: named, the others kept, exit 1; --resume
#   while it is gone is refused naming it, writing nothing.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lib-fleet.sh
. "$(dirname "$0")/lib-fleet.sh"
tmp=$(mktemp -d)
# T_FLEET_FAULTS_KEEP=DIR: the results directories are copied there
# (tests/data/fleet's fixtures were made so), and the scratch directory kept.
keep=${T_FLEET_FAULTS_KEEP:-}
trap '[ -n "$keep" ] && echo "# kept $tmp" || rm -rf "$tmp"' EXIT
cd "$TOP" || exit 1
fio=$tmp/fio
fio_cmd_script "$fio"

cat >"$tmp/inside.sh" <<'EOF'
set -u
tmp=$1 fio=$2
# the guests' fio under emulation on a loaded host can take long to answer
export SSDNVME_PREFLIGHT_TIMEOUT=180
S() { jobs/ssdnvme-suite --fio "$fio" --engine-so "$ENGINE" --fiorank "$FIORANK" "$@"; }
read -r -a q <<<"$FLEET_QEMU_PIDS"
printf '%s\n' "$FLEET_HOSTS" >"$tmp/hosts"
# at_peak DIR SECONDS CMD...: CMD in the background, SECONDS after the
# runner wrote DIR's peak job (just before its fio starts).
at_peak() {
	local r=$1 after=$2
	shift 2
	(
		for _ in $(seq 1 1200); do
			[ -e "$r/ng0n1/profiles/4k-randread/peak.fio" ] && break
			sleep 0.05
		done
		sleep "$after"
		"$@"
	) &
}
# suite NAME RUNTIME: the 4K random-read peak and its 50 % step on all hosts.
suite() {
	local name=$1
	S --suite profiles --profiles 4k-randread --steps 50 --runtime "$2" --ramp 0 --region 8M \
		--hosts "$FLEET_HOSTS" --results "$tmp/$name" /dev/ng0n1 >"$tmp/$name.out" 2>&1
	echo $? >"$tmp/$name.rc"
}
stop3() {
	date +%s >"$tmp/stop.t0"
	kill -STOP "${q[2]}"
	sleep 3
	kill -CONT "${q[2]}"
	date +%s >"$tmp/stop.t1"
}
# every guest's preflight once first (a dry run): the guests' first fio
# start after their boot is the slowest
S --suite profiles --profiles 4k-randread --short --hosts "$FLEET_HOSTS" --dry-run --results "$tmp/plan" /dev/ng0n1 \
	>"$tmp/warm.out" 2>&1
echo $? >"$tmp/warm.rc"
at_peak "$tmp/slow" 1.5 stop3
suite slow 3
wait

# the guest removes it 1 s after its own fio jobs appear (fleet-server.sh:
# the host's clock cannot time a loaded emulated guest): a 10 s step, as
# the removal itself takes seconds there
at_peak "$tmp/gone" 0 sh -c 'echo running >"$1"' _ "$FLEET_DIR/g3/remove"
suite gone 10
wait
cp -r "$tmp/gone" "$tmp/gone.partial"
: >"$FLEET_DIR/g3/rescan"
for _ in $(seq 1 100); do
	[ -e "$FLEET_DIR/g3/rescanned" ] && break
	sleep 0.2
done
S --resume --results "$tmp/gone" >"$tmp/resume.out" 2>&1
echo $? >"$tmp/resume.rc"

at_peak "$tmp/dead" 1.5 kill "${q[1]}"
suite dead 3
wait
cp -r "$tmp/dead" "$tmp/dead.partial"
S --resume --results "$tmp/dead" >"$tmp/dead-resume.out" 2>&1
echo $? >"$tmp/dead-resume.rc"
EOF
fleet_run_checked 500 "$tmp" "$fio"
IFS=';' read -r -a H <<<"$(cat "$tmp/hosts" 2>/dev/null)"
check "three hosts" test "${#H[@]}" = 3
check "every host passes the preflight (a dry run, exit $(cat "$tmp/warm.rc" 2>/dev/null))" grep -qx 0 "$tmp/warm.rc"
grep -qx 0 "$tmp/warm.rc" 2>/dev/null || tail -n 5 "$tmp/warm.out" | sed 's/^/# /'
P=ng0n1/profiles/4k-randread

# doc FILE: fio's JSON document of a runner's output.
doc() { sed -n '/^{/,$p' "$1"; }
# complete FILE HOST...: fio's output holds each HOST (as given) with read I/O and no error.
complete() {
	local f=$1 h
	shift
	for h in "$@"; do
		doc "$f" | jq -e --arg n "${h%,*}" --argjson p "${h##*,}" \
			'[.client_stats[] | select(.hostname == $n and .port == $p)] | length > 0 and
			 all(.error == 0 and .read.total_ios > 0)' >/dev/null || return 1
	done
}
# run_field DIR ID FILTER [JQ ARGS...]: jq FILTER on the manifest's run ID.
run_field() { jq -e --arg id "$2" "${@:4}" ".runs[] | select(.id == \$id) | $3" "$1/manifest.json" >/dev/null; }

# ---- slow: stopped 3 s, under fio's client timeout
check "slow host: the suite ends with exit 0 ($(cat "$tmp/slow.rc" 2>/dev/null))" grep -qx 0 "$tmp/slow.rc"
grep -qx 0 "$tmp/slow.rc" 2>/dev/null || tail -n 12 "$tmp/slow.out" | sed 's/^/# /'
check "slow host: guest 3 was stopped for 3 s while the peak ran (its record's started..finished spans the stop)" \
	python3 - "$tmp/slow/manifest.json" "$tmp/stop.t0" "$tmp/stop.t1" <<'PY'
import calendar, json, sys, time
run = next(r for r in json.load(open(sys.argv[1]))['runs'] if r['id'].endswith('/peak'))
t = lambda s: calendar.timegm(time.strptime(s, '%Y-%m-%dT%H:%M:%SZ'))
t0, t1 = int(open(sys.argv[2]).read()), int(open(sys.argv[3]).read())
sys.exit(0 if t(run['started']) <= t0 and t1 <= t(run['finished']) + 1 and t1 - t0 >= 3 else 1)
PY
check "slow host: both steps done on all three hosts, nothing recorded lost" \
	jq -e '[.runs[] | select(.status == "done" and .hosts_lost == null)] | length == 2' "$tmp/slow/manifest.json"
ok=1
for s in peak 50; do complete "$tmp/slow/$P/$s.json" "${H[@]}" || ok=0; done
check "slow host: fio's output holds all three hosts with I/O and no error" test $ok = 1

# ---- gone: the third host's drive removed mid-run
check "drive removed: exit 1 ($(cat "$tmp/gone.rc" 2>/dev/null))" grep -qx 1 "$tmp/gone.rc"
check "drive removed: the guest removed its controller's PCI function" grep -q '^nvme0 ' "$tmp/fleet/g3/removed"
check "drive removed: while the peak's job ran there (after its start, before its runtime's end; the guest's clock)" \
	python3 - "$tmp/fleet/g3/removed" "$tmp/gone.partial/$P/peak.json" "${H[2]}" <<'PY'
import json, sys
t0 = float(open(sys.argv[1]).read().split(' from ')[1].split()[0])
s = open(sys.argv[2]).read()
host, port = sys.argv[3].rsplit(',', 1)
c = [c for c in json.loads(s[s.index('\n{') + 1:])['client_stats'] if c['hostname'] == host and c['port'] == int(port)]
start = c[0]['job_start'] / 1000.0
sys.exit(0 if start <= t0 <= start + 10 else 1)
PY
check "drive removed: the host and the device are named (its job's error)" \
	grep -qE "^ssdnvme-suite: $P/peak: host ${H[2]} lost: its job '4k-randread@peak' ended with error [0-9]+ on /dev/ng0n1" "$tmp/gone.out"
check "drive removed: said again at the end with the survivors kept" \
	grep -qF "  $P/peak: ${H[2]} (its job" "$tmp/gone.out"
check "drive removed: the run is partial, the third host recorded lost" \
	run_field "$tmp/gone.partial" "$P/peak" '.status == "partial" and ([.hosts_lost[].host] == [$h])' --arg h "${H[2]}"
check "drive removed: the other two hosts' results are complete" complete "$tmp/gone.partial/$P/peak.json" "${H[0]}" "${H[1]}"
"$FIORANK" -N -f json "$tmp/gone.partial" >"$tmp/gone.json" 2>"$tmp/gone.err"
rc=$?
check "drive removed: fiorank exits 1 ($rc)" test $rc = 1
check "drive removed: fiorank ranks the two surviving drives at the peak step, not the third" \
	jq -e '[.profiles[] | select(.profile == "4k-randread") | .ranking[] | select(.peak_step == "peak" and .iops > 0) | .drive] | sort ==
		["QEMU NVMe Ctrl fleet0001 ns1", "QEMU NVMe Ctrl fleet0002 ns1"]' "$tmp/gone.json"
check "drive removed: fiorank withholds the fleet row naming the host and why" \
	grep -qE "fleet: $P/peak \(read\): fleet row withheld: host ${H[2]} \(fleet3\) has no result in this step \(its job '4k-randread@peak' ended with error" "$tmp/gone.err"
check "drive removed: fiorank says the run lost the host and ranks the others" \
	grep -qF "manifest run $P/peak lost host(s) ${H[2]} (" "$tmp/gone.err" "$tmp/gone.json"

# ---- gone, then --resume once the drive is back
check "resume: the drive came back on a PCI rescan" grep -q '/dev/ng0n1' "$tmp/fleet/g3/rescanned"
check "resume: exit 0 ($(cat "$tmp/resume.rc" 2>/dev/null))" grep -qx 0 "$tmp/resume.rc"
grep -qx 0 "$tmp/resume.rc" 2>/dev/null || tail -n 12 "$tmp/resume.out" | sed 's/^/# /'
check "resume: the peak reran on the lost host alone, the 50 % step on all three" \
	bash -c 'grep -qF "$1: rerun on $2 alone (lost there before)" "$3" && ! grep -q "$1 (~" "$3" && grep -q "$4 (~" "$3"' _ \
	"$P/peak" "${H[2]}" "$tmp/resume.out" "$P/50"
hf=${H[2]//[^A-Za-z0-9.-]/_}
check "resume: its own record (resume_of, host, done) and output beside the first" \
	run_field "$tmp/gone" "$P/peak.resume-$hf" '.status == "done" and .host == $h and .output == $o and .resume_of == $of' \
	--arg h "${H[2]}" --arg o "$P/peak.resume-$hf.json" --arg of "$P/peak"
check "resume: its output holds the lost host alone, complete" \
	bash -c 'f=$1; shift; "$@" && [ "$(sed -n "/^{/,\$p" "$f" | jq "[.client_stats[] | select(.jobname != \"All clients\")] | map(.port) | unique | length")" = 1 ]' _ \
	"$tmp/gone/$P/peak.resume-$hf.json" complete "$tmp/gone/$P/peak.resume-$hf.json" "${H[2]}"
check "resume: the survivors' output and record are untouched" \
	bash -c 'cmp -s "$1/$3/peak.json" "$2/$3/peak.json" &&
		[ "$(jq -c ".runs[] | select(.id == \"$3/peak\")" "$1/manifest.json")" = "$(jq -c ".runs[] | select(.id == \"$3/peak\")" "$2/manifest.json")" ]' _ \
	"$tmp/gone.partial" "$tmp/gone" "$P"
ok=1
complete "$tmp/gone/$P/50.json" "${H[@]}" || ok=0
check "resume: the 50 % step ran on all three hosts, complete" test $ok = 1
"$FIORANK" -N -f json "$tmp/gone" >"$tmp/resumed.json" 2>"$tmp/resumed.err"
check "resume: fiorank ranks all three drives at the peak step" \
	jq -e '[.profiles[] | select(.profile == "4k-randread") | .ranking[] | select(.peak_step == "peak" and .iops > 0) | .drive] | sort ==
		["QEMU NVMe Ctrl fleet0001 ns1", "QEMU NVMe Ctrl fleet0002 ns1", "QEMU NVMe Ctrl fleet0003 ns1"]' "$tmp/resumed.json"
check "resume: fiorank's third drive's peak is the rerun's" \
	jq -e --arg f "$P/peak.resume-$hf.json" '.profiles[] | select(.profile == "4k-randread") | .ranking[] |
		select(.drive == "QEMU NVMe Ctrl fleet0003 ns1") | .curve[] | select(.step == "peak") | .file | endswith($f)' "$tmp/resumed.json"
check "resume: fiorank says the third drive ran alone, not beside the others" \
	grep -qE "QEMU NVMe Ctrl fleet0003 ns1 \(host ${H[2]}\) ran alone at [0-9T:Z-]+ \(--resume: the host was lost in $P/peak\), not beside the other hosts" "$tmp/resumed.err" "$tmp/resumed.json"
check "resume: the peak's fleet row is withheld (the host ran apart), the 50 % step's has all three" \
	jq -e '.fleet.fleets[0].steps | (.[] | select(.step == "peak") | .dirs[0] | .fleet == null and
		(.withheld | test("host .* \\(fleet3\\) has no result in this step \\(it ran apart: rerun alone by --resume"))) and
		(.[] | select(.step == "50") | .dirs[0].fleet.hosts == 3)' "$tmp/resumed.json"

# ---- dead: the second guest killed mid-run
check "host killed: exit 1 ($(cat "$tmp/dead.rc" 2>/dev/null))" grep -qx 1 "$tmp/dead.rc"
check "host killed: the host is named" \
	grep -qF "ssdnvme-suite: $P/peak: host ${H[1]} lost: fio's output holds no result of it" "$tmp/dead.out"
check "host killed: the run is partial, the second host recorded lost" \
	run_field "$tmp/dead.partial" "$P/peak" '.status == "partial" and ([.hosts_lost[].host] == [$h])' --arg h "${H[1]}"
check "host killed: the other two hosts' results are complete" complete "$tmp/dead.partial/$P/peak.json" "${H[0]}" "${H[2]}"
"$FIORANK" -N -f json "$tmp/dead.partial" >"$tmp/dead.json" 2>"$tmp/dead.err"
check "host killed: fiorank ranks the two surviving drives" \
	jq -e '[.profiles[] | select(.profile == "4k-randread") | .ranking[] | select(.peak_step == "peak" and .iops > 0) | .drive] | sort ==
		["QEMU NVMe Ctrl fleet0001 ns1", "QEMU NVMe Ctrl fleet0003 ns1"]' "$tmp/dead.json"
check "host killed: fiorank withholds the fleet row naming the host" \
	grep -qF "fleet row withheld: host ${H[1]} (fleet2) has no result in this step" "$tmp/dead.err"
check "host killed: --resume while it is gone is refused naming it (exit 2)" \
	bash -c 'grep -qx 2 "$1" && grep -qF "host $2 cannot be reached" "$3"' _ "$tmp/dead-resume.rc" "${H[1]}" "$tmp/dead-resume.out"
check "host killed: the refused --resume touched nothing" diff -r "$tmp/dead.partial" "$tmp/dead"
if [ -n "$keep" ]; then
	mkdir -p "$keep"
	for d in gone.partial gone dead.partial; do cp -r "$tmp/$d" "$keep/$d"; done
fi
tap_done
