#!/usr/bin/env bash
# The entry job files under plain fio on NVMe namespaces (issue 28), one boot
# of the test bed with its default six namespaces (tests/vm/guest/jobs-plainfio.sh):
# the noisy-neighbor method by the usage line on /dev/ng0n1, its victims on
# ns4-6 in fiorank's reading, the same split as the runner's run of the
# method; write pressure and a profile's peak the same way; and the usage
# line without --filename.  Timings are 2 s without ramp (from the
# environment): behaviour, not speed.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$TOP" || exit 1
o=$tmp/out
vm_relay guest "$o" --timeout 600 -- tests/vm/guest/jobs-plainfio.sh "$ENGINE" "${SANITIZE:-}"

for s in nn typed nosum jsonout wp peak runner; do
	check "run '$s' exited 0" grep -qx "$s-rc=0" "$o/$s.rc"
	grep -qx "$s-rc=0" "$o/$s.rc" 2>/dev/null || tail -n 15 "$o/$s.log" 2>/dev/null | sed 's/^/# /'
done
# fio's JSON of each run, without anything before it, as a file (missing or
# empty when the run left none: every check on it then fails).
for f in nn/nn wp/wp peak/peak runner/ng0n1/noisy-neighbor/noisy-neighbor/ssdnvme; do
	sed -n '/^{/,$p' "$o/$f.json" >"$tmp/${f##*/}.json" 2>/dev/null
done
rank() { "$FIORANK" -f json "$@" 2>/dev/null; }

# ---- noisy neighbor
check "nn: jobs nn-write (ns1-3) and nn-read (ns4-6), reported apart, no errors" jq -e '
	[.jobs[].jobname] == ["nn-write", "nn-read"] and .jobs[0].groupid != .jobs[1].groupid and
	all(.jobs[]; .error == 0) and .jobs[0].write.total_ios > 0 and .jobs[1].read.total_ios > 0' "$tmp/nn.json"
check "nn: the engine's file beside fio's output lists the six namespaces" \
	jq -e '[.files[].nsid] | sort == [1, 2, 3, 4, 5, 6]' "$o/nn/nn.engine.json"
rank "$o/nn/nn.json" >"$tmp/nn.rank" || : >"$tmp/nn.rank"
check "fiorank: victims on ns4, ns5 and ns6, each with mean and tail latencies" jq -e '
	[.noisy_neighbor[] | select(.nsid >= 4) | .nsid] == [4, 5, 6] and
	all(.noisy_neighbor[] | select(.nsid >= 4) | .ranking[0];
		.mean_us > 0 and .p99_us >= .mean_us and .p99_99_us >= .p99_us)' "$tmp/nn.rank" &&
	test -s "$tmp/nn.rank"
# The runner's run of the same method: the same jobs and the same split.
# The runner turns on the victims' tag logs (SSDNVME_NN_TAG_LOG=1, for
# fiorank's "why the tail"); the plain line leaves them off: that option
# alone may differ.
r=$o/runner/ng0n1/noisy-neighbor/noisy-neighbor/ssdnvme
opts() { jq -S '[.jobs[] | {jobname, groupid, o: (."job options" | del(.ssdnvme_results, .tag_log))}],
	(."global options" | del(.filename, .ioengine, .ssdnvme_results, .direct))' "$1"; }
check "runner: the same jobs, sections and options as the plain fio run" bash -c "
	test -s '$tmp/nn.json' && test -s '$tmp/ssdnvme.json' &&
	diff <($(declare -f opts); opts '$tmp/nn.json') <($(declare -f opts); opts '$tmp/ssdnvme.json')"
rank -d ng0n1 "$r.json" >"$tmp/r.rank" || : >"$tmp/r.rank"
split() { jq -S '[.noisy_neighbor[] | {nsid, jobs: [.ranking[] | .job_names]}]' "$1"; }
check "fiorank: the same noisy-neighbor split (namespaces, jobs) for the plain run as for the runner's" bash -c "
	test -s '$tmp/nn.rank' && test -s '$tmp/r.rank' &&
	diff <($(declare -f split); split '$tmp/nn.rank') <($(declare -f split); split '$tmp/r.rank')"

# ---- what a plain fio run ends with: the engine's summary (summary.c)
# rows FILE: its summary rows as a JSON array of {ns, dir, ios, mean, p99, p9999} (µs)
rows() {
	sed -n 's|^ssdnvme:   [^ ]* ns\([0-9]*\) \([a-z]*\): \([0-9]*\) I/Os, mean \([0-9.]*\) us, p99 \([0-9.]*\) us, p99.99 \([0-9.]*\) us$|{"ns":\1,"dir":"\2","ios":\3,"mean":\4,"p99":\5,"p9999":\6}|p' "$1" | jq -s .
}
rows "$o/typed.out" >"$tmp/typed.rows"
check "typed: the summary names ns1-6, the victims ns4-6 read, each with its figures" jq -e '
	([.[].ns] | unique) == [1, 2, 3, 4, 5, 6] and
	([.[] | select(.ns >= 4) | .dir] | unique) == ["read"] and
	all(.[]; .ios > 0 and .mean > 0 and .p9999 >= .p99)' "$tmp/typed.rows"
check "typed: the summary follows fio's report, on stdout, nothing on stderr" bash -c "
	s=\$(grep -n '^ssdnvme: completion latency per namespace' '$o/typed.out' | cut -d: -f1)
	r=\$(grep -n 'Run status group' '$o/typed.out' | tail -n 1 | cut -d: -f1)
	[ -n \"\$s\" ] && [ -n \"\$r\" ] && [ \"\$s\" -gt \"\$r\" ] && ! grep -q '^ssdnvme: completion' '$o/typed.err'"
check "typed: no results written, and the way to the report: --output, then fiorank -d ng0n1" bash -c "
	grep -qx \"ssdnvme: the engine's results: not written (no --output, no ssdnvme_results=)\" '$o/typed.out' &&
	tail -n 1 '$o/typed.out' | grep -Eqx \"ssdnvme: fio's JSON: missing \\(no --output\\); for the report run again with --output-format=json\\+ --output=FILE.json, then: /\S*/fiorank -d ng0n1 FILE.json\""
# The run with --output: the rows against the engine's file beside fio's JSON.
rows "$o/nn.log" >"$tmp/nn.rows"
check "nn: each summary row is the engine file's tag key (count, p99 and p99.99 exact, mean to 0.0005 us)" jq -e \
	--slurpfile r "$tmp/nn.rows" '[.tags.keys[] | select(.count > 0)] as $k |
	($k | length) == ($r[0] | length) and ($k | length) >= 9 and
	all($k[]; . as $key | [$r[0][] | select(.ns == $key.nsid and .dir == $key.direction)] as $m |
		($m | length) == 1 and $m[0].ios == $key.count and
		$m[0].p99 == $key.lat_ns.percentile["99.000000"] / 1000 and
		$m[0].p9999 == $key.lat_ns.percentile["99.990000"] / 1000 and
		(($m[0].mean - $key.lat_ns.mean / 1000) | fabs) <= 0.0005)' "$o/nn/nn.engine.json"
check "nn: the summary names both files and the fiorank command; fio's JSON file is JSON alone" bash -c "
	grep -Eq \"^ssdnvme: the engine's results: /\S*/nn/nn\.engine\.json$\" '$o/nn.log' &&
	grep -Eq \"^ssdnvme: fio's JSON: /\S*/nn/nn\.json; the report: /\S*/fiorank -d ng0n1 /\S*/nn/nn\.json$\" '$o/nn.log' &&
	jq -e .jobs '$o/nn/nn.json' >/dev/null"
check "SSDNVME_NO_SUMMARY=1: fio's report alone" bash -c "
	grep -q 'Run status group' '$o/nosum.out' && ! grep -q '^ssdnvme: ' '$o/nosum.out' '$o/nosum.err'"
check "JSON on stdout: stdout parses as fio's JSON, the summary on stderr" bash -c "
	jq -e '.jobs | length == 2' '$o/jsonout.out' >/dev/null && ! grep -q '^ssdnvme' '$o/jsonout.out' &&
	grep -q '^ssdnvme: completion latency per namespace' '$o/jsonout.err'"
rows "$o/jsonout.err" >"$tmp/jsonout.rows"
check "JSON on stdout: the rows' I/Os add up to fio's per job and direction (nn-write ns1-3, nn-read ns4-6)" jq -e \
	--slurpfile r "$tmp/jsonout.rows" 'def ios(f; d): [$r[0][] | select(f and .dir == d) | .ios] | add // 0;
	(.jobs[] | select(.jobname == "nn-read") | .read.total_ios) == ios(.ns >= 4; "read") and
	(.jobs[] | select(.jobname == "nn-write") | .write.total_ios) == ios(.ns <= 3; "write") and
	(.jobs[] | select(.jobname == "nn-write") | .read.total_ios) == ios(.ns <= 3; "read") and
	ios(.ns >= 4; "read") > 0' "$o/jsonout.out"

# ---- the engine's "system" object (a plain run has no manifest) and fiorank's drive block
# system_ok: nn.engine.json's "system" is this guest's, its device one of ng0n1-6 with its number
system_ok() {
	local dev
	test -s "$o/devnums" || return 1
	jq -e --arg h "$(cat "$o/host")" --arg k "$(cat "$o/kernel")" --arg c "$(cat "$o/cpu")" '
		.system | .host == $h and .kernel == $k and (.cpu // "") == $c and
		.fio_version == "fio-3.41" and (.device.path | test("^/dev/ng0n[1-6]$"))' \
		"$o/nn/nn.engine.json" >/dev/null || return 1
	dev=$(jq -r '.system.device | "\(.path) \(.major_minor)"' "$o/nn/nn.engine.json")
	grep -qx "$dev" "$o/devnums"
}
check "nn: the engine file's system: this guest's host, kernel, CPU, fio, and a namespace with its device number" system_ok
check "fiorank: the plain run's drive block names its device, host, CPU and kernel (not 'not recorded')" jq -e \
	--arg h "$(cat "$o/host" 2>/dev/null)" --arg k "$(cat "$o/kernel" 2>/dev/null)" '
	.provenance.drives[0] | .host == $h and .kernel == $k and .cpu != "not recorded" and
	(.device | test("^/dev/ng0n[1-6] \\([0-9]+:[0-9]+\\) on ")) and .device != "not recorded"' "$tmp/nn.rank"

# ---- write pressure and a profile's peak
check "wp: wp-read@10 beside wp-write@10 at 10 MB/s" jq -e '
	[.jobs[].jobname] == ["wp-read@10", "wp-write@10"] and .jobs[1]."job options".rate == ",10000000" and
	all(.jobs[]; .error == 0)' "$tmp/wp.json"
rank "$o/wp/wp.json" >"$tmp/wp.rank" || : >"$tmp/wp.rank"
check "fiorank: the write-pressure point at 10 MB/s" jq -e '
	.write_pressure.drives[0].points[0] | .write_mbps == 10 and .read_mean_us > 0' "$tmp/wp.rank"
check "peak: 4k-randrw-70-30@peak on the 4096-byte namespace" \
	jq -e '[.jobs[].jobname] == ["4k-randrw-70-30@peak"] and .jobs[0].error == 0' "$tmp/peak.json"
check "peak: the engine ran passthrough on ns3 (4096-byte LBAs)" \
	jq -e '.files[0].kind == "nvme-char" and .files[0].nsid == 3 and .files[0].lba_size == 4096' "$o/peak/peak.engine.json"
rank "$o/peak/peak.json" >"$tmp/peak.rank" || : >"$tmp/peak.rank"
check "fiorank: the profile 4k-randrw-70-30 at its peak" \
	jq -e '[.profiles[] | select(.profile == "4k-randrw-70-30")] | length == 1' "$tmp/peak.rank"

# ---- no --filename
check "no --filename: exit non-zero" bash -c "grep -q '^nodev-rc=[1-9]' '$o/nodev.rc' && ! grep -qx 'nodev-rc=1[2-9][0-9]' '$o/nodev.rc'"
check "no --filename: one line, saying to add --filename=/dev/ngXnY (any namespace of the controller)" bash -c "
	test \"\$(grep -c '^ssdnvme: ' '$o/nodev.err')\" = 1 &&
	grep -q \"^ssdnvme: job 'nn-write' names no device: add --filename=/dev/ngXnY (any namespace of the controller)\" '$o/nodev.err'"
check "no --filename: nothing written in the working directory" bash -c "test -e '$o/nodev.ls' && test ! -s '$o/nodev.ls'"
sed 's/^/# /' "$o/nodev.err" 2>/dev/null
tap_done
