#!/usr/bin/env bash
# ssdnvme on the host (no NVMe here): the file fallback with verification,
# option help, the results file, and refusals that need no device.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp" || exit 1

eng="--ioengine=external:$ENGINE"
job() { fio_cmd --name=host "$eng" --filename="$tmp/data" --size=16M --bs=4k --iodepth=8 "$@"; }
# exit_says DESC RC WANT PATTERN FILE: a run that ended with RC (WANT: 0, or
# "fail" for any error exit) and printed a line matching PATTERN into FILE.
exit_says() {
	local desc=$1 rc=$2 want=$3 pattern=$4 file=$5 exit_ok=0
	if [ "$want" = fail ]; then [ "$rc" -ne 0 ] && [ "$rc" -lt 124 ] && exit_ok=1; else [ "$rc" = "$want" ] && exit_ok=1; fi
	if [ $exit_ok = 1 ] && grep -q -- "$pattern" "$file"; then
		ok "$desc (exit $rc)"
	else
		not_ok "$desc: exit $rc"
		sed 's/^/# /' "$file" | tail -5
	fi
}

check "file fallback: randwrite verify=crc32c" job --rw=randwrite --verify=crc32c --direct=1
check "file fallback: sequential write verify=md5" job --rw=write --verify=md5
check "file fallback: vectored (nonvectored=0) verify" job --rw=randwrite --verify=crc32c --nonvectored=0
check "file fallback: fixedbufs + registerfiles verify" job --rw=randwrite --verify=crc32c --fixedbufs --registerfiles
check "file fallback: sqthread_poll verify" job --rw=randwrite --verify=crc32c --sqthread_poll
check "file fallback: fsync through io_uring" job --rw=write --fsync=4 --size=1M

# Results file next to --output, with the identity of the file.
fio_cmd --name=ident "$eng" --filename="$tmp/data" --size=4M --rw=read --output-format=json \
	--output="$tmp/out.json" >/dev/null 2>&1
check "results file written next to --output (out.json -> out.engine.json)" test -s "$tmp/out.engine.json"
check "results file: schema, kind and path" jq -e \
	--arg p "$tmp/data" --arg v "$(fio_version)" '.schema == "ssdnvme-engine/1" and .fio_version == $v and
	.files[0].kind == "file" and .files[0].path == $p' "$tmp/out.engine.json"
check "fio JSON is still valid with the engine loaded" jq -e '.jobs[0].error == 0' "$tmp/out.json"
fio_cmd --name=named "$eng" --filename="$tmp/data" --size=1M --rw=read \
	--ssdnvme_results="$tmp/named.json" >/dev/null 2>&1
check "ssdnvme_results= names the file" jq -e '.job == "named"' "$tmp/named.json"
rm -f "$tmp"/*.engine.json
fio_cmd --name=quiet "$eng" --filename="$tmp/data" --size=1M --rw=read >/dev/null 2>&1
check "no --output and no ssdnvme_results: no file written" \
	bash -c "! ls '$tmp'/*.engine.json 2>/dev/null | grep -q ."

# Tag latencies in each of fio's timings: counted in CPU cycles when fio's
# clocksource is the CPU clock, read with fio's own clock_gettime() call, or
# through fio_gettime() (gettimeofday).  Every way the tags must agree with
# fio's clat (they end at the reap, before fio's own completion bookkeeping,
# so they run a little lower).
for cs in cpu:cpu clock_gettime:clock_gettime gettimeofday:fio; do
	fio_cmd --name=clock "$eng" --filename="$tmp/data" --size=16M --bs=4k --rw=randread \
		--iodepth=4 --number_ios=8000 --clocksource="${cs%%:*}" --output-format=json \
		--output="$tmp/clock.json" --ssdnvme_results="$tmp/clock.engine.json" >/dev/null 2>&1
	check "clocksource=${cs%%:*}: tags timed with the ${cs##*:} clock" jq -e --arg s "${cs##*:}" \
		'.tags.clock.source == $s' "$tmp/clock.engine.json"
	check "clocksource=${cs%%:*}: tag count and mean agree with fio's clat (within 3 %)" \
		python3 -c "
import json, sys
fio = json.load(open('$tmp/clock.json'))['jobs'][0]['read']['clat_ns']
tag = json.load(open('$tmp/clock.engine.json'))['tags']['keys'][0]['lat_ns']
print('# fio N %d mean %.0f, tags N %d mean %.0f' % (fio['N'], fio['mean'], tag['N'], tag['mean']))
sys.exit(0 if fio['N'] == tag['N'] and abs(tag['mean'] - fio['mean']) <= 0.03 * fio['mean'] else 1)"
	[ "${cs##*:}" = cpu ] && check "the CPU clock's measured rate is a counter's (0.01 to 1000 ns a cycle)" \
		jq -e '.tags.clock.ns_per_cycle > 0.01 and .tags.clock.ns_per_cycle < 1000' "$tmp/clock.engine.json"
done

# fio's ramp_time: fio leaves the ramp's completions out of its totals, and
# so must the tags (docs/tags.md "Ramp"): their counts add up to fio's
# accounted completions (clat N; total_ios counts submissions, so I/O in
# flight when the ramp ended differs), the ramp's are counted in the job's
# tags_ramp (which must not be empty, or this run showed nothing).
fio_cmd --name=ramp "$eng" --filename="$tmp/data" --size=16M --bs=4k --rw=randrw --iodepth=8 \
	--time_based --ramp_time=1 --runtime=1 --output-format=json --output="$tmp/ramp.json" \
	--ssdnvme_results="$tmp/ramp.engine.json" >/dev/null 2>&1
check "ramp_time=1: tags add up to fio's reads and writes; the ramp's completions are left out and counted" \
	python3 -c "
import json, sys
fio = json.load(open('$tmp/ramp.json'))['jobs'][0]
eng = json.load(open('$tmp/ramp.engine.json'))
keys = eng['tags']['keys']
ramp = eng['jobs'][0]['tags_ramp']
bad = []
for d in ('read', 'write'):
    tagged = sum(k['count'] + k['errors'] for k in keys if k['direction'] == d)
    print('# %s: fio completions (clat N) %d, submissions %d, tags %d, ramp left out %d' % (d, fio[d]['clat_ns']['N'], fio[d]['total_ios'], tagged, ramp['left_out'][d]))
    if tagged != fio[d]['clat_ns']['N'] or not tagged or not ramp['left_out'][d]:
        bad.append(d)
sys.exit(1 if bad or ramp['ramp_time_us'] != 1000000 else 0)"

# Help text for every option.
help=$(fio_cmd --enghelp="$ENGINE" 2>&1)
for o in hipri fixedbufs registerfiles sqthread_poll sqthread_poll_cpu nonvectored readfua \
	writefua write_zeroes namespaces ssdnvme_results ssdnvme_fdp ssdnvme_plids ssdnvme_plid_select; do
	if grep -Eq "^$o +: .{10,}" <<<"$help"; then ok "--enghelp documents $o"; else not_ok "--enghelp lacks $o"; fi
done

# Refusals.
check_fails "non-NVMe char device is refused" "/dev/null is a character device but not an NVMe namespace" \
	fio_cmd --name=bad "$eng" --filename=/dev/null --size=1M --rw=read
check_fails "missing device is refused" "/dev/ng9n9: no such device" \
	fio_cmd --name=bad "$eng" --filename=/dev/ng9n9 --size=1M --rw=read
check_fails "unknown engine option is refused" "unrecognized option '--no_such_option" \
	fio_cmd --name=bad "$eng" --filename="$tmp/data" --no_such_option=1 --size=1M --rw=read
check_fails "namespaces= on a file is refused" "namespaces= needs filename= to be the device node of an NVMe controller" \
	fio_cmd --name=bad "$eng" --filename="$tmp/data" --namespaces=1 --size=1M --rw=read
mkdir -p "$tmp/imgs" && : >"$tmp/imgs/nvme0n1.img"
check_fails "a file named like a namespace is not one (item 2)" "$tmp/imgs/nvme0n1.img is not one" \
	fio_cmd --name=bad "$eng" --filename="$tmp/imgs/nvme0n1.img" --namespaces=1 --size=1M --rw=read
check_fails "bad namespaces= list says where" "namespaces=1,x: bad item at \"x\": expected a namespace id at position 3" \
	fio_cmd --name=bad "$eng" --filename=/dev/nvme0 --namespaces=1,x --size=1M --rw=read
check_fails "hipri on a regular file is refused" "hipri: .* is a regular file" \
	fio_cmd --name=bad "$eng" --filename="$tmp/data" --hipri --size=1M --rw=read
check_fails "engine built for another fio refuses to load, naming both" \
	"built against fio-0.0-not-this-one but is loaded into $(fio_version)" \
	fio_cmd --name=bad --ioengine=external:"$BUILD/tests/ssdnvme-wrongfio.so" --filename="$tmp/data" --size=1M --rw=read

# The engine's integers, read whole and range-checked (issue 36 row 2): fio's
# own integer options wrapped these (apptag=-1 became 0xffff, PI checks off;
# 4294967297 passed a maximum of 0xffff as 1; "2s" was 2 ms).  Each refused
# before the job starts, nothing written.
rm -f "$tmp/opt.json"
for bad in "apptag=-1:apptag=-1 is out of range: valid 0-65535" \
	"apptag=4294967297:apptag=4294967297 is out of range: valid 0-65535" \
	"apptag_mask=0x10000:apptag_mask=0x10000 is out of range: valid 0-65535" \
	"health_interval=-1:health_interval=-1 is out of range: valid 0-86400000 ms" \
	"health_interval=1e3:health_interval=1e3 is not a time" \
	"health_interval=1500us:health_interval=1500us is not a whole number of milliseconds" \
	"tag_interval=0:tag_interval=0 is out of range: valid 1-86400000 ms" \
	"md_per_io_size=4294967296:md_per_io_size=4294967296 is out of range: valid 0-4294967295" \
	"tag_outliers=-1:tag_outliers=-1 is out of range: valid 0-1000000" \
	"sqthread_poll_cpu=4294967296:sqthread_poll_cpu=4294967296 is out of range"; do
	check_fails "${bad%%:*} is refused, naming the range" "^ssdnvme: ${bad#*:}" \
		fio_cmd --name=opt "$eng" --filename="$tmp/data" --size=1M --rw=read --"${bad%%:*}" \
		--ssdnvme_results="$tmp/opt.json"
done
check "... and none of them ran a job (no results file)" test ! -e "$tmp/opt.json"
fio_cmd --name=units "$eng" --filename="$tmp/data" --size=1M --rw=read --health_interval=2s \
	--tag_interval=1m --ssdnvme_results="$tmp/units.json" >/dev/null 2>&1
check "health_interval=2s is 2000 ms (fio's time units)" \
	jq -e '.health["units.1"].interval_ms == 2000' "$tmp/units.json"
check "tag_interval=1m is 60000 ms" jq -e '.tags.interval_ms == 60000' "$tmp/units.json"

# Options nothing would read are refused, not ignored (issue 36 row 5):
# placement choices without placement, PI checks and metadata buffers on
# files without PI or metadata.
check_fails "ssdnvme_plids= without ssdnvme_fdp=1 is refused" \
	"^ssdnvme: ssdnvme_plids=0 without ssdnvme_fdp=1: no write is placed" \
	fio_cmd --name=p "$eng" --filename="$tmp/data" --size=1M --rw=write --ssdnvme_plids=0
check_fails "ssdnvme_plid_select=random without ssdnvme_fdp=1 is refused" \
	"^ssdnvme: ssdnvme_plid_select=random without ssdnvme_fdp=1" \
	fio_cmd --name=p "$eng" --filename="$tmp/data" --size=1M --rw=write --ssdnvme_plid_select=random
check "ssdnvme_plids=all and plid_select=roundrobin (a job file's defaults) still run unplaced" \
	fio_cmd --name=p "$eng" --filename="$tmp/data" --size=1M --rw=read --ssdnvme_plids=all \
	--ssdnvme_plid_select=roundrobin
check_fails "pi_chk= on a file without PI is refused" \
	"^ssdnvme: pi_chk=GUARD: no file of job 'p' has metadata" \
	fio_cmd --name=p "$eng" --filename="$tmp/data" --size=1M --rw=read --pi_chk=GUARD
check_fails "md_per_io_size= on a file without metadata is refused" \
	"^ssdnvme: md_per_io_size=64: no file of job 'p' has metadata" \
	fio_cmd --name=p "$eng" --filename="$tmp/data" --size=1M --rw=read --md_per_io_size=64

# write_zeroes=1 on the file fallback zeroes (FALLOC_FL_ZERO_RANGE), not the buffer (item 6).
fio_cmd --name=pat "$eng" --filename="$tmp/wz" --size=1M --bs=64k --rw=write --buffer_pattern=0xa5 >/dev/null 2>&1
check "write_zeroes=1 on a file runs" fio_cmd --name=wz "$eng" --filename="$tmp/wz" --size=1M --bs=64k \
	--rw=write --write_zeroes=1 --buffer_pattern=0xa5
check "... and the file reads back as zeroes" cmp -n 1048576 "$tmp/wz" /dev/zero

# The results file goes only to a regular file or a new one (item 3).
mkfifo "$tmp/fifo"
ln -s "$tmp/data" "$tmp/data-link"
cp "$tmp/data" "$tmp/data.orig"
wjob() { fio_cmd --name=res "$eng" --filename="$tmp/data" --size=1M --rw=write --bs=4k "$@"; }
check_fails "ssdnvme_results= on a device node is refused" \
	"ssdnvme_results=/dev/null is a character device: the engine writes its files only as regular files" \
	wjob --ssdnvme_results=/dev/null
check_fails "ssdnvme_results= on a FIFO is refused" "ssdnvme_results=$tmp/fifo is a FIFO" \
	timeout 30 "$BASH" -c "$(declare -f fio_cmd wjob); eng=$eng tmp=$tmp; wjob --ssdnvme_results=$tmp/fifo"
check_fails "ssdnvme_results= on the job's own data file is refused" \
	"ssdnvme_results=$tmp/data is the job's own data file" wjob --ssdnvme_results="$tmp/data"
check_fails "... and through a symlink to it (same device and inode)" \
	"ssdnvme_results=$tmp/data-link is the job's own data file" wjob --ssdnvme_results="$tmp/data-link"
check "the data file was not replaced" cmp "$tmp/data" "$tmp/data.orig"
check_fails "a missing results directory is an error" \
	"ssdnvme_results=$tmp/nodir/r.json: directory $tmp/nodir: No such file or directory" \
	wjob --ssdnvme_results="$tmp/nodir/r.json"
# A job name with '/' never takes the tag log out of the results directory
# (issue 36 row 6): "x/../../EVIL" resolved, through a directory named like
# the log's prefix, to a file two levels up.
mkdir -p "$tmp/tl/res/r.json.x"
fio_cmd --name='x/../../EVIL' "$eng" --filename="$tmp/data" --size=1M --rw=read --tag_log=1 \
	--ssdnvme_results="$tmp/tl/res/r.json" >/dev/null 2>&1
check "a job name with '/' keeps its tag log beside the results ('/' as %2F)" \
	test -s "$tmp/tl/res/r.json.x%2F..%2F..%2FEVIL.1.taglog"
check "... and writes nothing outside the results directory" test ! -e "$tmp/tl/EVIL.1.taglog"
check "... and the results name that log" jq -e --arg p "$tmp/tl/res/r.json.x%2F..%2F..%2FEVIL.1.taglog" \
	'.jobs[0].taglog == $p' "$tmp/tl/res/r.json"

# Two fio runs writing one results file at once (issue 36 row 7): the one
# that ends last finds the other's results, written after it started, and
# fails saying so instead of replacing them.
fio_cmd --name=first "$eng" --filename="$tmp/data" --size=16M --rw=randread --time_based --runtime=6 \
	--ssdnvme_results="$tmp/two.json" >"$tmp/first.out" 2>&1 &
first=$!
sleep 1
fio_cmd --name=second "$eng" --filename="$tmp/data" --size=16M --rw=randread --time_based --runtime=1 \
	--ssdnvme_results="$tmp/two.json" >"$tmp/second.out" 2>&1
check "the second run (ends first) writes its results" jq -e '.job == "second"' "$tmp/two.json"
wait $first
rc=$?
exit_says "the first run, ending later, fails saying another run's results are there" "$rc" fail \
	"^ssdnvme: $tmp/two.json holds the results of another fio run .* written there after this job started: not replaced" \
	"$tmp/first.out"
check "... and the second run's results are still in the file" jq -e '.job == "second"' "$tmp/two.json"
rm -f "$tmp/two.json"
check "a results file of an earlier run is still replaced" fio_cmd --name=third "$eng" --filename="$tmp/data" \
	--size=1M --rw=read --ssdnvme_results="$tmp/tl/res/r.json"
# The engine's notes never go where fio's JSON goes: stdout, or --output
# (where fio's log_err() writes once one is named); with --output they go to
# stdout, leaving stderr empty as fio's own test suites require.  A time-based
# tag log with no rate prints such a note at set-up.
fio_cmd --name=note "$eng" --filename="$tmp/data" --size=16M --rw=randread --time_based --runtime=1 \
	--tag_log=1 --ssdnvme_results="$tmp/note.json" --output-format=json >"$tmp/note.stdout" 2>"$tmp/note.err"
check "with --output-format=json, stdout is fio's JSON alone, the engine's note is on stderr" bash -c \
	"jq -e '.jobs[0].jobname == \"note\"' '$tmp/note.stdout' >/dev/null &&
	grep -q \"^ssdnvme: tag_log: job 'note' is time-based with no rate\" '$tmp/note.err'"
fio_cmd --name=note "$eng" --filename="$tmp/data" --size=16M --rw=randread --time_based --runtime=1 \
	--tag_log=1 --ssdnvme_results="$tmp/note.json" --output-format=json --output="$tmp/note.fio.json" \
	>"$tmp/note.stdout" 2>"$tmp/note.err"
check "... and with --output=FILE, FILE is fio's JSON alone, the note on stdout, stderr empty" bash -c \
	"jq -e '.jobs[0].jobname == \"note\"' '$tmp/note.fio.json' >/dev/null &&
	grep -q \"^ssdnvme: tag_log: job 'note' is time-based with no rate\" '$tmp/note.stdout' &&
	! test -s '$tmp/note.err'"
# A tag log on a time-based job with no rate (issue 36 row 8): refused
# before, on the assumption of 1,000,000 IOPS (a 6 s job "needed" 384 MB);
# now it runs, and on a file system that runs short the log stops there,
# kept and truncated, and the results say so.  A 1 MiB tmpfs (root only).
mkdir -p "$tmp/small"
if [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=1m tmpfs "$tmp/small" 2>/dev/null; then
	fio_cmd --name=tl "$eng" --filename="$tmp/data" --size=16M --rw=randread --time_based --runtime=6 \
		--tag_log=1 --ssdnvme_results="$tmp/small/r.json" >"$tmp/tl.out" 2>&1
	rc=$?
	exit_says "time-based tag log with no rate runs and stops short of a full file system, saying so" \
		"$rc" 0 "^ssdnvme: tag log $tmp/small/r.json.tl.1.taglog stopped after [0-9]* of [0-9]* records" \
		"$tmp/tl.out"
	check "... the results are written and name the log as truncated" jq -e --arg p "$tmp/small/r.json.tl.1.taglog" \
		'.jobs[0].taglog == $p and (.jobs[0].taglog_truncated | test("stopped after"))' "$tmp/small/r.json"
	check "... the log is kept: its header and whole 64-byte records" \
		bash -c "s=\$(stat -c %s '$tmp/small/r.json.tl.1.taglog'); [ \$s -gt 4096 ] && [ \$(( s % 64 )) = 0 ]"
	umount "$tmp/small"
else
	skip "time-based tag log on a small file system: needs root to mount a tmpfs"
fi
tap_done
