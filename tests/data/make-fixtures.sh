#!/usr/bin/env bash
# Regenerates fiorank's test fixtures by running the project's fio for real.
#
#   tests/data/make-fixtures.sh [--out DIR] [--fio PATH] [--shapes-only]
#
# Default DIR is tests/data/fio (the committed fixtures; regenerate them only
# when you mean to, then regenerate the golden files with
# tests/golden/analysis/regen.sh and review the diff).  The tests never
# regenerate: tests/script/analysis-fixtures.sh runs this script into a
# temporary directory and checks fiorank still reads the fresh output.
#
# What it makes (all small: short time-based runs on files in a tmpfs-backed
# temporary directory):
#   results/       a runner-style (4k-randread in json+, the rest json) results directory with manifest.json and two
#                  "drives": "iouring-qd4" (io_uring, iodepth 4) and
#                  "psync-capped" (psync, rate-capped so it is reliably slower);
#                  profiles 4k-randread (peak, 50, 100), 4k-randwrite,
#                  64k-seqread, 8k-randrw-70-30 (peak, 50); write pressure at
#                  10/20/40 MB/s; noisy neighbor with one job per namespace file
#   shapes/        one file per fio output shape:
#     json.json               plain --output-format=json
#     jsonplus.json           json+ (latency bins)
#     prios.json              json+ with per-priority "prios" (cmdprio_percentage)
#     steadystate.json        a job with steadystate (ss=iops:20%)
#     status-interval.json    --status-interval: several concatenated documents
#     text-before.json        stdout+stderr in one file: fio's error lines, then JSON
#     job-error.json          a job with "error" set (writes to /dev/full)
#     client-server.json      --client to two local servers (loopback), with the
#                             "All clients" entry
#     old-usec.json           fio < 3.0 shape (clat/lat in µs), DERIVED from
#                             json.json by usec-shape.py (we cannot run fio 2.x here)
#     terse.txt               --output-format=terse (must be rejected)
#     truncated.json          the first 3000 bytes of json.json (must be rejected)
#   groups/        outputs whose jobs are in several fio groups (stonewall):
#     rate-curve.json         four rate-capped steps of one 4k randread, each
#                             stonewalled: --name=step-10 --rate_iops=500
#                             --name=step-50 --stonewall --rate_iops=2500 ...
#     wp-phases.json          two write-pressure phases, stonewalled: a 4k
#                             reader and a 64k writer at rate=10m, then the same
#                             pair at rate=50m (reader-10/writer-10, -50)
#     client-server-groups.json  --client to two loopback servers, each running
#                             a two-group job file (4k-randread@peak, then
#                             4k-randread@50 capped, stonewalled)
#   hosts/         client/server output of servers with global options of their
#                  own (outside shapes/, which the golden reports read whole):
#     client-server-3.41.json  --client to 127.0.0.1 and 127.0.0.2, each job
#                             file with its own [global] (rw=randread, bs=4k
#                             and bs=8k): fio 3.39+ writes "global options" as
#                             one entry per server
#   labels/        job options spelled in fio's other ways, and names fiorank
#                  must not drop silently (one job each unless said):
#     mix-write.json          rw=randrw rwmixwrite=30 bs=8k
#     aliases.json            readwrite=randrw rwmixread=70 blocksize=8192
#     size-1m.json, size-1024k.json   rw=read bs=1M / bs=1024k
#     wp-bad-step.json        the contract's wp-read@10MBps (a step that is not
#                             MB/s) beside wp-write@10MBps
#     all-clients-job.json    a job named "All clients" in jobs[] (not
#                             client/server output)
#   baseline/      --baseline fixtures: baseline/job.fio (committed) run three
#                  times on one file, drive "drive-a", profiles 4k-randread
#                  and 4k-randwrite (stonewalled):
#     before/drive-a/run.json   SLOW_IOPS=0 (no cap) BS=4k: the baseline
#     after/drive-a/run.json    SLOW_IOPS=2000 BS=4k: the reader rate-capped,
#                               an injected slowdown of 4k-randread
#     unlike/drive-a/run.json   SLOW_IOPS=0 BS=8k: the reader under the same
#                               job name with another block size
#   engine-run/    a real ssdnvme engine run (build/ssdnvme.so, on a tmpfs file)
#                  with its identity file peak.engine.json (made only when the
#                  engine is built)
set -euo pipefail

TOP=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$TOP/tests/data/fio
FIO=${FIO_BIN:-$TOP/build/fio} # the project's fio (the pin)
SHAPES_ONLY=0
while [ $# -gt 0 ]; do
	case $1 in
	--out) OUT=$2; shift 2 ;;
	--fio) FIO=$2; shift 2 ;;
	--shapes-only) SHAPES_ONLY=1; shift ;; # skip results/ (about 45 s)
	*) echo "make-fixtures: unknown argument $1" >&2; exit 2 ;;
	esac
done
[ -x "$FIO" ] || { echo "make-fixtures: no fio at $FIO (run make first)" >&2; exit 2; }
command -v jq >/dev/null || { echo "make-fixtures: needs jq" >&2; exit 2; }

WORK=$(mktemp -d /dev/shm/fiorank-fix.XXXXXX 2>/dev/null || mktemp -d)
PIDS=()
cleanup() {
	for p in "${PIDS[@]}"; do
		# shellcheck disable=SC2015  # "|| true": a server already gone is fine either way
		[ -f "$p" ] && kill "$(cat "$p")" 2>/dev/null || true
	done
	rm -rf "$WORK"
}
trap cleanup EXIT

[ "$SHAPES_ONLY" = 1 ] || rm -rf "$OUT/results"
rm -rf "$OUT/shapes" "$OUT/engine-run" "$OUT/groups" "$OUT/hosts" "$OUT/labels" \
	"$OUT/baseline/before" "$OUT/baseline/after" "$OUT/baseline/unlike"
mkdir -p "$OUT/results" "$OUT/shapes" "$OUT/hosts"

# fio_run NAME OUTFILE FORMAT ARGS...: one bounded fio run
fio_run() {
	local out=$1 fmt=$2
	shift 2
	timeout 60 "$FIO" --output-format="$fmt" --output="$out" "$@" >/dev/null
}

# Per-drive fio options: the "drives" differ in engine and a rate cap.
drive_opts() {
	case $1 in
	iouring-qd4) echo "--ioengine=io_uring --iodepth=4" ;;
	psync-capped) echo "--ioengine=psync --rate_iops=$2" ;;
	esac
}

common="--size=16m --time_based --runtime=1 --randrepeat=0 --norandommap"
runs_json=()

# run_step DRIVE PROFILE STEP RATE_OPT FIO_ARGS...
run_step() {
	local drive=$1 profile=$2 step=$3 rate=$4
	shift 4
	local dir=$OUT/results/$drive/profiles/$profile
	mkdir -p "$dir" "$WORK/$drive"
	local cap=4000 fmt=json
	[ "$profile" = 64k-seqread ] && cap=800
	# json+ (with latency bins) for one profile keeps the fixtures small
	[ "$profile" = 4k-randread ] && fmt=json+
	# shellcheck disable=SC2046,SC2086  # $common, $cap, $rate, drive_opts: option lists split on purpose
	fio_run "$dir/$step.json" $fmt --name="$profile@$step" \
		--filename="$WORK/$drive/data" $common $(drive_opts "$drive" $cap) $rate "$@"
	runs_json+=("$(jq -n --arg d "$drive" --arg p "$profile" --arg s "$step" \
		--arg o "$drive/profiles/$profile/$step.json" \
		'{id: "\($d)/profiles/\($p)/\($s)", drive: $d, suite: "profiles", test: $p,
		  step: $s, target_iops: null, target_mbps: null, job_file: "tests/data/make-fixtures.sh",
		  job_sha256: null, output: $o, engine_output: null, started: null, finished: null,
		  status: "done"}')")
}

profile_args() {
	case $1 in
	4k-randread) echo "--rw=randread --bs=4k" ;;
	4k-randwrite) echo "--rw=randwrite --bs=4k" ;;
	64k-seqread) echo "--rw=read --bs=64k" ;;
	8k-randrw-70-30) echo "--rw=randrw --rwmixread=70 --bs=8k" ;;
	esac
}

drives="iouring-qd4 psync-capped"
[ "$SHAPES_ONLY" = 1 ] && drives=""
for drive in $drives; do
	for profile in 4k-randread 4k-randwrite 64k-seqread 8k-randrw-70-30; do
		# shellcheck disable=SC2046
		run_step "$drive" "$profile" peak "" $(profile_args "$profile")
		case $profile in
		4k-randread) steps="50 100" ;;
		8k-randrw-70-30) steps="50" ;;
		*) steps="" ;;
		esac
		peak=$(jq '[.jobs[] | .read.iops + .write.iops] | add | floor' \
			"$OUT/results/$drive/profiles/$profile/peak.json" 2>/dev/null ||
			sed -n '/^{/,$p' "$OUT/results/$drive/profiles/$profile/peak.json" |
			jq '[.jobs[] | .read.iops + .write.iops] | add | floor')
		for pct in $steps; do
			# shellcheck disable=SC2046
			run_step "$drive" "$profile" "$pct" "--rate_iops=$((peak * pct / 100 + 1))" \
				$(profile_args "$profile")
		done
	done

	# write pressure: a 4k random reader against a rate-limited 64k writer
	for mbps in 10 20 40; do
		dir=$OUT/results/$drive/write-pressure/wp
		mkdir -p "$dir"
		# shellcheck disable=SC2046
		fio_run "$dir/$mbps.json" json --time_based --runtime=1 --size=16m \
			$(drive_opts "$drive" 4000 | sed 's/--rate_iops=[0-9]*//') \
			--name="wp-read@$mbps" --filename="$WORK/$drive/wp" --rw=randread --bs=4k \
			--name="wp-write@$mbps" --filename="$WORK/$drive/wp" --rw=write --bs=64k \
			--rate="$((mbps * 1000000))"
		runs_json+=("$(jq -n --arg d "$drive" --arg s "$mbps" \
			--arg o "$drive/write-pressure/wp/$mbps.json" \
			'{id: "\($d)/write-pressure/wp/\($s)", drive: $d, suite: "write-pressure",
			  test: "write-pressure", step: $s, target_iops: null, target_mbps: ($s|tonumber),
			  job_file: "tests/data/make-fixtures.sh", job_sha256: null, output: $o,
			  engine_output: null, started: null, finished: null, status: "done"}')")
	done

	# noisy neighbor: writers on "namespaces" 1-3, readers on 4-6 (files here)
	dir=$OUT/results/$drive/noisy-neighbor/nn
	mkdir -p "$dir"
	nn_args=()
	for ns in 1 2 3; do
		nn_args+=(--name="nn-write-ns$ns" --filename="$WORK/$drive/ns$ns" --rw=randrw
			--rwmixread=30 --bs=8k)
	done
	for ns in 4 5 6; do
		nn_args+=(--name="nn-read-ns$ns" --filename="$WORK/$drive/ns$ns" --rw=randread --bs=4k)
	done
	# shellcheck disable=SC2046
	fio_run "$dir/peak.json" json --time_based --runtime=1 --size=8m \
		$(drive_opts "$drive" 1000) "${nn_args[@]}"
	runs_json+=("$(jq -n --arg d "$drive" --arg o "$drive/noisy-neighbor/nn/peak.json" \
		'{id: "\($d)/noisy-neighbor/nn/peak", drive: $d, suite: "noisy-neighbor",
		  test: "noisy-neighbor", step: "peak", target_iops: null, target_mbps: null,
		  job_file: "tests/data/make-fixtures.sh", job_sha256: null, output: $o,
		  engine_output: null, started: null, finished: null, status: "done"}')")
done

[ "$SHAPES_ONLY" = 1 ] || printf '%s\n' "${runs_json[@]}" | jq -s --arg v "$("$FIO" --version)" '{
	schema: "ssdnvme-manifest/1", suite: "all", mode: "short",
	project_version: "fixture", fio_version: $v, started: null, finished: null,
	hosts: ["fixture-host"],
	drives: [
	  {label: "iouring-qd4", path: "tmpfs file", host: "fixture-host", model: "tmpfs (io_uring qd4)",
	   serial: "FIXTURE-A", firmware: "n/a", nsid: null, lba_size: null, capacity_bytes: null},
	  {label: "psync-capped", path: "tmpfs file", host: "fixture-host", model: "tmpfs (psync, capped)",
	   serial: "FIXTURE-B", firmware: "n/a", nsid: null, lba_size: null, capacity_bytes: null}],
	runs: .}' >"$OUT/results/manifest.json"

S=$OUT/shapes
f="--filename=$WORK/shape --size=16m"
# shellcheck disable=SC2086
fio_run "$S/json.json" json --name=4k-randread@peak $f --rw=randread --bs=4k \
	--ioengine=psync --time_based --runtime=1
# shellcheck disable=SC2086
fio_run "$S/jsonplus.json" json+ --name=4k-randwrite@peak $f --rw=randwrite --bs=4k \
	--ioengine=io_uring --iodepth=2 --io_size=4m
# shellcheck disable=SC2086
fio_run "$S/prios.json" json+ --name=4k-randread@peak $f --rw=randread --bs=4k \
	--ioengine=io_uring --iodepth=4 --io_size=4m --cmdprio_percentage=30 --cmdprio_class=1
# shellcheck disable=SC2086
fio_run "$S/steadystate.json" json --name=4k-randread@peak $f --rw=randread --bs=4k \
	--ioengine=psync --time_based --runtime=3 --ss=iops:20% --ss_dur=2 --ss_ramp=0
# shellcheck disable=SC2086
fio_run "$S/status-interval.json" json --name=4k-randread@peak $f --rw=randread --bs=4k \
	--ioengine=psync --time_based --runtime=3 --status-interval=1
# shellcheck disable=SC2086
fio_run "$S/terse.txt" terse --name=4k-randread@peak $f --rw=randread --bs=4k \
	--ioengine=psync --io_size=1m
# fio writes errors to stderr; automation that captures both into one file gets
# the error lines before the JSON.  The job writes to /dev/full (ENOSPC).
# shellcheck disable=SC2086  # $f: option list split on purpose
timeout 60 "$FIO" --output-format=json --name=4k-randread@peak $f --rw=randread --bs=4k \
	--ioengine=psync --io_size=1m \
	--name=4k-randwrite@peak --filename=/dev/full --rw=randwrite --bs=4k --size=1m \
	>"$S/text-before.json" 2>&1 || true
fio_run "$S/job-error.json" json --name=4k-randwrite@peak --filename=/dev/full \
	--rw=randwrite --bs=4k --size=1m || true
head -c 3000 "$S/json.json" >"$S/truncated.json"
python3 "$TOP/tests/data/usec-shape.py" <"$S/json.json" >"$S/old-usec.json"

# Several fio groups in one output (stonewall): the unit of concurrency.
G=$OUT/groups
mkdir -p "$G"
g="--filename=$WORK/groups --size=16m --ioengine=psync --time_based --runtime=1"
# shellcheck disable=SC2086
fio_run "$G/rate-curve.json" json $g --rw=randread --bs=4k \
	--name=step-10 --rate_iops=500 --name=step-50 --stonewall --rate_iops=2500 \
	--name=step-90 --stonewall --rate_iops=4500 --name=step-max --stonewall
# shellcheck disable=SC2086
fio_run "$G/wp-phases.json" json $g \
	--name=reader-10 --rw=randread --bs=4k --name=writer-10 --rw=write --bs=64k --rate=10m \
	--name=reader-50 --stonewall --rw=randread --bs=4k \
	--name=writer-50 --rw=write --bs=64k --rate=50m

# Job options as fio also accepts them, and names the contract does not expect.
B=$OUT/labels
mkdir -p "$B"
b="--filename=$WORK/labels --size=8m --ioengine=psync --io_size=2m"
# shellcheck disable=SC2086
fio_run "$B/mix-write.json" json $b --name=job1 --rw=randrw --rwmixwrite=30 --bs=8k
# shellcheck disable=SC2086
fio_run "$B/aliases.json" json $b --name=job1 --readwrite=randrw --rwmixread=70 --blocksize=8192
# shellcheck disable=SC2086
fio_run "$B/size-1m.json" json $b --name=job1 --rw=read --bs=1M
# shellcheck disable=SC2086
fio_run "$B/size-1024k.json" json $b --name=job1 --rw=read --bs=1024k
# shellcheck disable=SC2086
fio_run "$B/wp-bad-step.json" json $b --name=wp-read@10MBps --rw=randread --bs=4k \
	--name=wp-write@10MBps --rw=write --bs=64k --rate=10m
# shellcheck disable=SC2086
fio_run "$B/all-clients-job.json" json $b --name="All clients" --rw=randread --bs=4k

# client/server on loopback: two servers, one job file per client
# FIXTURE_PORT moves the two ports (the committed fixtures used 18765 and 18766)
P1=${FIXTURE_PORT:-18765}
P2=$((P1 + 1))
for port in $P1 $P2; do
	timeout 60 "$FIO" --server="ip:127.0.0.1,$port" --daemonize="$WORK/server.$port.pid"
	PIDS+=("$WORK/server.$port.pid")
done
sleep 1
cat >"$WORK/cs.fio" <<EOF
[4k-randread@peak]
filename=$WORK/cs
size=8m
rw=randread
bs=4k
ioengine=psync
io_size=4m
EOF
timeout 60 "$FIO" --output-format=json --client="127.0.0.1,$P1" "$WORK/cs.fio" \
	--client=127.0.0.1,$P2 "$WORK/cs.fio" >"$S/client-server.json"
cat >"$WORK/csg.fio" <<EOF
[global]
filename=$WORK/csg
size=8m
rw=randread
bs=4k
ioengine=psync
time_based
runtime=1
[4k-randread@peak]
[4k-randread@50]
stonewall
rate_iops=2000
EOF
timeout 60 "$FIO" --output-format=json --client="127.0.0.1,$P1" "$WORK/csg.fio" \
	--client=127.0.0.1,$P2 "$WORK/csg.fio" >"$OUT/groups/client-server-groups.json"
# Two servers with global options of their own, the second on 127.0.0.2 (its
# own host name) and port P1 + 2: fio 3.39+ writes "global options" as one
# entry per server, each naming its server (hostname, port).  The first runs
# a 4 KiB contract job, the second an 8 KiB one named outside the contract
# (fiorank names it from its options, its own server's global ones first).
P3=$((P1 + 2))
timeout 60 "$FIO" --server="ip:127.0.0.2,$P3" --daemonize="$WORK/server.$P3.pid"
PIDS+=("$WORK/server.$P3.pid")
sleep 1
csh_jobfile() { # NAME BS JOB IO_SIZE: $WORK/NAME.fio, its [global] then JOB
	printf '[global]\nfilename=%s\nsize=8m\nrw=randread\nbs=%s\nioengine=psync\n[%s]\nio_size=%s\n' \
		"$WORK/$1" "$2" "$3" "$4" >"$WORK/$1.fio"
}
csh_jobfile csh1 4k 4k-randread@peak 4m
csh_jobfile csh2 8k cs-b 8m
timeout 60 "$FIO" --output-format=json --client="127.0.0.1,$P1" "$WORK/csh1.fio" \
	--client="127.0.0.2,$P3" "$WORK/csh2.fio" >"$OUT/hosts/client-server-3.41.json"

# --baseline: the same job file twice, the second time with the reader
# rate-capped, and once with another block size.  The job file is copied
# from the source tree when --out is elsewhere.
[ -f "$OUT/baseline/job.fio" ] || { mkdir -p "$OUT/baseline"; cp "$TOP/tests/data/fio/baseline/job.fio" "$OUT/baseline/"; }
baseline_run() { # DIR SLOW_IOPS BS
	mkdir -p "$OUT/baseline/$1/drive-a"
	FILE=$WORK/baseline SLOW_IOPS=$2 BS=$3 fio_run "$OUT/baseline/$1/drive-a/run.json" json \
		"$OUT/baseline/job.fio"
}
baseline_run before 0 4k
baseline_run after 2000 4k
baseline_run unlike 0 8k

# A real ssdnvme engine run on a tmpfs file (the engine's fallback path; no
# NVMe identity, no tags on a plain file) with its identity file next to the
# output, when the engine is built.
ENGINE_SO=${ENGINE:-$TOP/build/ssdnvme.so}
if [ -f "$ENGINE_SO" ]; then
	mkdir -p "$OUT/engine-run"
	head -c 8388608 /dev/zero >"$WORK/engine" # the engine wants an existing file
	fio_run "$OUT/engine-run/peak.json" json --ioengine="external:$ENGINE_SO" --name=nn-read \
		--filename="$WORK/engine" --size=8m --rw=randread --bs=4k --io_size=4m \
		--ssdnvme_results="$OUT/engine-run/peak.engine.json" ||
		echo "make-fixtures: the engine run failed (engine-run/ incomplete)" >&2
else
	echo "make-fixtures: no engine at $ENGINE_SO: engine-run/ not made" >&2
fi

# The fixtures must not carry this machine's temporary paths.
grep -rl "$WORK" "$OUT" | while read -r file; do
	sed -i "s#$WORK#/tmp/fixture#g" "$file"
done
echo "make-fixtures: wrote $(find "$OUT" -type f | wc -l) files, $(du -sk "$OUT" | cut -f1) KiB under $OUT"
