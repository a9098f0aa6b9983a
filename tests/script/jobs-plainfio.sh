#!/usr/bin/env bash
# The entry job files run by plain fio, as the usage line says (issue 28):
#   fio --ioengine=external:PATH/ssdnvme.so --filename=F jobs/<method>.fio
# here on a regular file through the engine's io_uring fallback (the NVMe
# runs, noisy neighbor among them, are tests/vm/t-jobs-plainfio.sh's): the
# files' declared defaults without any variable, an override from the
# environment, the engine's file beside fio's output, fiorank's reading of
# it, the same jobs as the runner's step of the same method, and the one
# line for a missing device.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
target=$tmp/target
truncate -s 64M "$target"
while IFS='=' read -r v _; do unset "$v"; done < <(env | grep '^SSDNVME_')
# Short runs: what is checked is which jobs ran and how, not speed.
export SSDNVME_RUNTIME=1 SSDNVME_RAMP=0 SSDNVME_REGION=8M
# plain OUT JOBFILE: the usage line, fio's JSON in OUT.
plain() { fio_cmd --ioengine=external:"$ENGINE" --filename="$target" --output-format=json+ --output="$1" "$2"; }

# ---- write pressure: one step, 10 MB/s by default, 5 by the environment
plain "$tmp/wp.json" jobs/write-pressure.fio >/dev/null 2>"$tmp/wp.err"
check "write-pressure.fio: exit 0" test $? -eq 0 -a ! -s "$tmp/wp.err"
check "write-pressure.fio: the reader and the writer at the default 10 MB/s, reported apart" jq -e '
	[.jobs[].jobname] == ["wp-read@10", "wp-write@10"] and .jobs[0].groupid != .jobs[1].groupid and
	.jobs[1]."job options".rate == ",10000000" and .jobs[0]."job options".iodepth == "1" and
	all(.jobs[]; .error == 0) and .jobs[0].read.total_ios > 0 and .jobs[1].write.total_ios > 0' "$tmp/wp.json"
check "write-pressure.fio: the engine's file beside fio's output (wp.engine.json)" \
	jq -e '.schema == "ssdnvme-engine/1" and .files[0].kind == "file"' "$tmp/wp.engine.json"
"$FIORANK" -f json "$tmp/wp.json" >"$tmp/wp.rank" 2>/dev/null
check "fiorank: the write-pressure step at 10 MB/s with the reader's latency" jq -e '
	.write_pressure.drives[0].points == [.write_pressure.drives[0].points[0]] and
	(.write_pressure.drives[0].points[0] | .write_mbps == 10 and .read_mean_us > 0 and .job_names == ["wp-read@10"])' "$tmp/wp.rank"
SSDNVME_WP_MBPS=5 plain "$tmp/wp5.json" jobs/write-pressure.fio >/dev/null 2>&1
check "SSDNVME_WP_MBPS=5: the step at 5 MB/s (5000000 bytes/s)" jq -e '
	[.jobs[].jobname] == ["wp-read@5", "wp-write@5"] and .jobs[1]."job options".rate == ",5000000"' "$tmp/wp5.json"

# ---- a profile: its peak, uncapped, ranked by fiorank as the profile
plain "$tmp/p.json" jobs/profiles/4k-randrw-70-30.fio >/dev/null 2>&1
check "profiles/4k-randrw-70-30.fio: its peak, 4 jobs x QD32, uncapped" jq -e '
	[.jobs[].jobname] == ["4k-randrw-70-30@peak"] and .jobs[0]."job options".rate_iops == null and
	."global options".numjobs == "4" and ."global options".iodepth == "32" and .jobs[0].error == 0' "$tmp/p.json"
"$FIORANK" -f json "$tmp/p.json" >"$tmp/p.rank" 2>/dev/null
check "fiorank: the profile 4k-randrw-70-30 at its peak" jq -e '
	[.profiles[] | select(.profile == "4k-randrw-70-30")] | length == 1' "$tmp/p.rank"

# ---- preconditioning: the three phases in order
SSDNVME_PRECOND_TIME=1 SSDNVME_FILL_PASSES=1 plain "$tmp/pc.json" jobs/precondition.fio >/dev/null 2>&1
check "precondition.fio: fill (the whole file once), seq, rand, in order" jq -e '
	[.jobs[].jobname] == ["precond-fill", "precond-seq", "precond-rand"] and
	.jobs[0].write.io_bytes == 64 * 1048576 and all(.jobs[]; .error == 0)' "$tmp/pc.json"

# ---- the runner's step of the same method runs the same jobs: write
# pressure at 10 MB/s, the runner's flattened job against the plain run
# The runner runs fio itself: through fio_cmd (tests/lib.sh), which under
# the sanitizer build preloads the ASan runtime for the engine.
fio_cmd_script "$tmp/fio"
jobs/ssdnvme-suite --fio "$tmp/fio" --engine-so "$ENGINE" --fiorank "$FIORANK" --suite write-pressure \
	--wp-mbps 10:10 --runtime 1 --ramp 0 --region 8M --yes-destroy "$target" --results "$tmp/r" "$target" >"$tmp/r.log" 2>&1
rc=$?
check "runner: write pressure at 10 MB/s done (exit $rc)" test $rc -eq 0
[ $rc = 0 ] || tail -n 10 "$tmp/r.log" | sed 's/^/# /'
# The options of every job (fio's own report of them), minus where the
# output goes and how the engine is named.
opts() {
	json_of "$1" | jq -S '[.jobs[] | {jobname, groupid, o: (."job options" | del(.ssdnvme_results))}],
		(."global options" | del(.filename, .ioengine, .ssdnvme_results, .direct))'
}
json_of() { sed -n '/^{/,$p' "$1"; }
check "runner: the same jobs, sections and options as the plain fio run" \
	diff <(opts "$tmp/wp.json") <(opts "$tmp/r/target/write-pressure/write-pressure/10.json")

# ---- a missing device: one line, a non-zero exit, nothing written
mkdir "$tmp/cwd"
(cd "$tmp/cwd" && fio_cmd --ioengine=external:"$ENGINE" "$TOP/jobs/write-pressure.fio" >"$tmp/nodev.out" 2>"$tmp/nodev.err")
rc=$?
check "no --filename: exit non-zero ($rc)" test $rc -ne 0 -a $rc -lt 128
check "no --filename: one line (for all the jobs) saying to add --filename=/dev/ngXnY" \
	test "$(grep -c "^ssdnvme: " "$tmp/nodev.err")" = 1 -a \
	"$(grep -c "ssdnvme: job 'wp-read@10' names no device: add --filename=/dev/ngXnY to fio's command line" "$tmp/nodev.err")" = 1
check "no --filename: nothing was written (no file created for the job)" test -z "$(ls -A "$tmp/cwd")"
sed 's/^/# /' "$tmp/nodev.err"

# ---- no engine: fio's own parse errors name the settings it cannot fill
# (their defaults are set by the engine), before any I/O
(cd "$tmp/cwd" && unset SSDNVME_REGION && fio_cmd --filename="$target" "$TOP/jobs/write-pressure.fio" >/dev/null 2>"$tmp/noeng.err")
rc=$?
check "no --ioengine: exit non-zero ($rc), fio names the unset setting" \
	bash -c "test $rc -ne 0 -a $rc -lt 128 && grep -q 'failed parsing size=\${SSDNVME_REGION}' '$tmp/noeng.err'"
check "no --ioengine: nothing was written" test -z "$(ls -A "$tmp/cwd")"
sed 's/^/# /' "$tmp/noeng.err"
tap_done
