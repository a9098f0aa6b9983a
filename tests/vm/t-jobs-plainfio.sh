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

for s in nn wp peak runner; do
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
r=$o/runner/ng0n1/noisy-neighbor/noisy-neighbor/ssdnvme
opts() { jq -S '[.jobs[] | {jobname, groupid, o: (."job options" | del(.ssdnvme_results))}],
	(."global options" | del(.filename, .ioengine, .ssdnvme_results, .direct))' "$1"; }
check "runner: the same jobs, sections and options as the plain fio run" bash -c "
	test -s '$tmp/nn.json' && test -s '$tmp/ssdnvme.json' &&
	diff <($(declare -f opts); opts '$tmp/nn.json') <($(declare -f opts); opts '$tmp/ssdnvme.json')"
rank -d ng0n1 "$r.json" >"$tmp/r.rank" || : >"$tmp/r.rank"
split() { jq -S '[.noisy_neighbor[] | {nsid, jobs: [.ranking[] | .job_names]}]' "$1"; }
check "fiorank: the same noisy-neighbor split (namespaces, jobs) for the plain run as for the runner's" bash -c "
	test -s '$tmp/nn.rank' && test -s '$tmp/r.rank' &&
	diff <($(declare -f split); split '$tmp/nn.rank') <($(declare -f split); split '$tmp/r.rank')"

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
