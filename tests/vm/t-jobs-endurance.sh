#!/usr/bin/env bash
# The endurance method (jobs/endurance.fio, issue 41 item 1) in the test bed
# (one boot, QEMU 10, an FDP subsystem: its statistics log is the media
# counter QEMU has; tests/vm/guest/jobs-endurance.sh): the runner's
# endurance suite in short mode (8 MiB steps) on a 512-byte namespace with
# both mixes and on a 4096-byte one with the successor only, and the job
# file under plain fio.  Checked on the host: the steps ran with the sizes,
# alignment and skew asked for, the successor's write unit is the drive's
# NPWG as nvme-cli reads it, the engine recorded the namespace's write
# hints, and fiorank's endurance section gives each step's WAF and the
# cumulative WAF from the FDP counters (tests/script/analysis-endurance.sh
# recomputes them on a kept run of the same suite).
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
# Each namespace on its own reclaim unit handle (QEMU refuses one handle for
# two LBA formats); 8 MiB reclaim units, so that the steps outrun them.
vm_relay "endurance" "$o" --timeout 300 --ns "3x32M,2:4k,1:fdp.ruhs=0,2:fdp.ruhs=1,3:fdp.ruhs=2" \
	--subsys-opts "fdp=on,fdp.nrg=1,fdp.nruh=8,fdp.runs=$((8 << 20))" \
	-- tests/vm/guest/jobs-endurance.sh "$ENGINE" "${SANITIZE:-}"
[ -n "${KEEP_EI:-}" ] && cp -a "$o" "$KEEP_EI"
echo "# guest time: $(cat "$o/uptime" 2>/dev/null || echo '?') s since boot"

check "the suite on the 512-byte namespace exited 0" grep -qx "ei-rc=0" "$o/ei.rc"
grep -qx "ei-rc=0" "$o/ei.rc" 2>/dev/null || show_suite_failure "$o/ei.log" "$o/ei"
check "... and ran both mixes' two steps, in order" jq -e '[.runs[] | select(.status == "done") | .id] ==
	["ng0n1/endurance/endurance-jesd219/s1", "ng0n1/endurance/endurance-jesd219/s2",
	 "ng0n1/endurance/endurance-iu/s1", "ng0n1/endurance/endurance-iu/s2"]' "$o/ei/manifest.json"
for f in "$o"/ei/ng0n1/endurance/*/s*.json; do
	case $f in *.engine.json) continue ;; esac
	name=${f#"$o/ei/ng0n1/endurance/"}
	check "$name wrote its 8 MiB step (fio's bytes, within one largest write) without error" jq -e '
		.jobs[0].error == 0 and .jobs[0].write.io_bytes >= 8388608 and .jobs[0].write.io_bytes < 8388608 + 65536' "$f"
done
"$FIORANK" -N -f json "$o/ei" >"$tmp/ei.json" 2>/dev/null
check "fiorank's endurance section: both mixes, each step's WAF from the FDP counters, the cumulative WAF" jq -e '
	[.endurance[].mix] == ["endurance-jesd219", "endurance-iu"] and
	all(.endurance[].steps[]; .waf_source == "FDP" and .waf > 0 and .cum_waf > 0 and .media_bytes > 0)' "$tmp/ei.json"
jq -r '.endurance[] | .mix as $m | .steps[] | "# \($m) \(.step): WAF \(.waf), cumulative \(.cum_waf)"' "$tmp/ei.json" 2>/dev/null
check "the JESD219 step wrote 512-byte transfers and the zoned skew" grep -qx \
	'bssplit=512/4:1k/1:1536/1:2k/1:2560/1:3k/1:3584/1:4k/67:8k/10:16k/7:32k/3:64k/3' "$o/ei/ng0n1/endurance/endurance-jesd219/s1.fio"
check "... random writes, 50 % to the first 5 %, 30 % to the next 15 %" grep -qx \
	'random_distribution=zoned:50/5:30/15:20/80' "$o/ei/ng0n1/endurance/endurance-jesd219/s1.fio"

# The write unit: nvme-cli's NPWG (0-based, LBAs) and the LBA size.
unit_of() { jq -r '(.lbafs[(.flbas % 16)].ds) as $ds | if ((.nsfeat / 16 | floor) % 4) > 0
	then ((.npwg + 1) * pow(2; $ds)) else "none" end' "$1" 2>/dev/null; }
u1=$(unit_of "$o/idns1.json") u2=$(unit_of "$o/idns2.json")
echo "# NPWG as nvme-cli reads it: namespace 1 $u1 B, namespace 2 $u2 B"
check "the drive reports NPWG on both namespaces (QEMU sets OPTPERF)" test "$u1" != none -a "$u2" != none -a -n "$u1$u2"
check "the successor on namespace 1 wrote in NPWG's unit, said in its description" grep -qx \
	"description=write unit: $u1 B from npwg, aligned $u1" "$o/ei/ng0n1/endurance/endurance-iu/s1.fio"
check "the 4096-byte namespace's run planned the successor only, in 4096-byte units" jq -e '
	[.runs[] | select(.status == "done") | .id] == ["ng0n2/endurance/endurance-iu/s1"]' "$o/ei4k/manifest.json"
check "... said why JESD219's mix was not planned" grep -q \
	'endurance-jesd219 not planned: its 512-byte writes need 512-byte LBAs (/dev/ng0n2 has 4096)' "$o/ei4k.log"
check "... its sizes are NPWG multiples: 4096/77:8192/10:16384/7:32768/3:65536/3" grep -qx \
	"bssplit=4096/77:8192/10:16384/7:32768/3:65536/3" "$o/ei4k/ng0n2/endurance/endurance-iu/s1.fio"
check "the engine recorded the namespace's write hints (NPWG in LBAs and bytes, as nvme-cli)" jq -e --argjson u "$u2" '
	.files[0].write_hints.optperf == true and .files[0].write_hints.npwg.bytes == $u and
	.files[0].write_hints.npwg.lbas == ($u / 4096)' "$o/ei4k/ng0n2/endurance/endurance-iu/s1.engine.json"

check "jobs/endurance.fio by its usage line exited 0" grep -qx "plain-rc=0" "$o/plain.rc"
grep -qx "plain-rc=0" "$o/plain.rc" 2>/dev/null || tail -n 15 "$o/plain.log" 2>/dev/null | sed 's/^/# /'
sed -n '/^{/,$p' "$o/plain.json" >"$tmp/plain.json" 2>/dev/null
check "... its two jobs, one after the other, each wrote its 4 MiB" jq -e '
	[.jobs[].jobname] == ["endurance-jesd219@s1", "endurance-iu@s1"] and
	(.jobs | map(.groupid) | unique | length) == 2 and
	all(.jobs[]; .error == 0 and .write.io_bytes >= 4194304)' "$tmp/plain.json"
tap_done
