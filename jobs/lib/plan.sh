# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read.
# shellcheck disable=SC2034
# The plan of jobs/ssdnvme-suite: one record per run, in the order the runs
# go.  A record is the row i of these arrays, one per field:
#   plan_id[i]     <drive>/<suite>/<test>/<step>: the run's id, also its path
#                  below the results directory
#   plan_suite[i]  precondition, profiles, write-pressure, noisy-neighbor,
#                  noisy-neighbor-fdp, tq-sweep, checkpoint, kvcache, copy, pts-* or endurance
#   plan_test[i]   the profile id, or the suite's name
#   plan_step[i]   peak, a curve percentage, MB/s, fill/seq/rand, ss-roundN,
#                  purge, the noisy-neighbor or copy run's engine, or a tq-sweep
#                  step t<numjobs>q<iodepth>, an endurance step s<N>
#   plan_job[i]    the job file below jobs/ (empty for a purge)
#   plan_sect[i]   the job file's section to run (empty: all)
#   plan_est[i]    planned seconds
#   plan_kind[i]   what runs it (run_step in the runner): purge, fill, run,
#                  ss, peak, step, wp, nn, copy, ei (jobs/lib/endurance.sh), pcclear, pc (jobs/lib/power-cut.sh)
# plan_n is the number of records, plan_secs their planned seconds.
# Reads the runner's settings (suites, profiles, steps, ...); sourced by it.
# The runner's shared state (declared once there; sourced once).
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

SUITE_NAMES="precondition profiles write-pressure noisy-neighbor noisy-neighbor-fdp tq-sweep copy checkpoint kvcache pts-wsat pts-hir pts-xsr pts-dirth pts-lat pts-iops pts-tp endurance power-cut"
# What "all" runs: the VDbench-style method.  tq-sweep (the SATA roundup's
# method) preconditions with its own workload, and noisy-neighbor-fdp needs
# a drive with Flexible Data Placement, and copy one with the Copy command
# (jobs/lib/copy.sh), so they are asked for by name.
SUITE_ALL="precondition profiles write-pressure noisy-neighbor"
# The steps of jobs/kvcache.fio (its kvcache@q<D> sections), for the plan's estimate.
KV_STEPS=5

# The profiles in the published order, each high-load variant after its
# base: the order analysis/rank/rank.c ranks them in (tests/script/jobs-profile-order.sh
# checks that the two lists, and jobs/tools/gen-profiles' table, agree).
PROFILE_ORDER="4k-randread 4k-randread-high 4k-randwrite 4k-randwrite-high 64k-seqread 64k-seqread-high
64k-seqwrite 64k-seqwrite-high 4k-randrw-70-30 8k-randrw-70-30 16k-randrw-70-30 sql sql-90-10
sql-80-20 oracle oracle-90-10 oracle-80-20 vdi-fc-boot vdi-fc-initial-login vdi-fc-monday-login
vdi-lc-boot vdi-lc-initial-login vdi-lc-monday-login"

# parse_suites LIST: the comma list of --suite as words in the order given
# ("all" is the four in the published order), each once; fails naming an
# unknown one.
parse_suites() {
	local s n out=" "
	for n in ${1//,/ }; do
		[ "$n" = all ] && n=$SUITE_ALL
		for s in $n; do
			case " $SUITE_NAMES " in
			*" $s "*) [[ $out == *" $s "* ]] || out+="$s " ;;
			*)
				echo "ssdnvme-suite: unknown suite '$s': profiles, write-pressure, noisy-neighbor, noisy-neighbor-fdp, precondition, tq-sweep, copy, checkpoint, kvcache, pts-wsat, pts-hir, pts-xsr, pts-dirth, pts-lat, pts-iops, pts-tp, endurance, power-cut or all (or a comma list)" >&2
				return 1
				;;
			esac
		done
	done
	out=${out# }
	[ -n "$out" ] || { echo "ssdnvme-suite: --suite is required: profiles, write-pressure, noisy-neighbor, noisy-neighbor-fdp, precondition, tq-sweep, copy, checkpoint, kvcache, pts-wsat, pts-hir, pts-xsr, pts-dirth, pts-lat, pts-iops, pts-tp, endurance, power-cut or all" >&2; return 1; }
	echo "${out% }"
}

# has_suite NAME: the plan includes that suite.
has_suite() { [[ " $suites " == *" $1 "* ]]; }

plan_reset() {
	plan_id=() plan_suite=() plan_test=() plan_step=() plan_job=() plan_sect=() plan_est=() plan_kind=()
	plan_n=0 plan_secs=0
}

# plan_add ID SUITE TEST STEP JOB SECTION EST KIND: appends one record.
plan_add() {
	local i=$plan_n
	plan_id[i]=$1 plan_suite[i]=$2 plan_test[i]=$3 plan_step[i]=$4
	plan_job[i]=$5 plan_sect[i]=$6 plan_est[i]=$7 plan_kind[i]=$8
	plan_n=$((i + 1)) plan_secs=$((plan_secs + $7))
}

# plan_precondition DRIVE DEV: the purge, then the published phases (fill,
# 64K sequential, random), the steady-state rounds, or one capacity of
# SPRandom writes.
plan_precondition() {
	local d=$1 dev=$2 fill_est r
	[ -n "$purge" ] && plan_add "$d/precondition/precondition/purge" precondition precondition purge "" "" 60 purge
	if [ "$precond" = sprandom ]; then
		# The capacity at 1 GB/s of random writes, when sysfs tells it.
		fill_est=600
		if [ -z "$hosts_arg" ] && dev_identity "$dev" 2>/dev/null && [ -n "$id_cap" ]; then
			fill_est=$((id_cap / 1000000000 + 1))
		fi
		plan_add "$d/precondition/precondition/sprandom" precondition precondition sprandom \
			precondition/sprandom.fio precond-sprandom "$fill_est" fill
	elif [ "$precond" = published ]; then
		# Fill time: the capacity at 2 GB/s (a Gen4 drive's sequential
		# write), when sysfs tells the capacity; else 10 minutes.
		fill_est=600
		if [ -z "$hosts_arg" ] && dev_identity "$dev" 2>/dev/null && [ -n "$id_cap" ]; then
			fill_est=$((id_cap * fill_passes / 2000000000 + 1))
		fi
		plan_add "$d/precondition/precondition/fill" precondition precondition fill precondition.fio precond-fill "$fill_est" fill
		plan_add "$d/precondition/precondition/seq" precondition precondition seq precondition.fio precond-seq "$precond_time" run
		plan_add "$d/precondition/precondition/rand" precondition precondition rand precondition.fio precond-rand "$precond_time" run
	else
		for ((r = 1; r <= ss_max_rounds; r++)); do
			plan_add "$d/precondition/precondition/ss-round$r" precondition precondition "ss-round$r" \
				precondition/steady-state.fio precond-ss "$ss_round_time" ss
		done
	fi
}

# plan_profiles DRIVE: each profile's peak, then its capped steps.
plan_profiles() {
	local d=$1 p s
	for p in $profiles; do
		plan_add "$d/profiles/$p/peak" profiles "$p" peak "profiles/$p.fio" "$p@peak" "$step_secs" peak
		for s in $steps; do
			plan_add "$d/profiles/$p/$s" profiles "$p" "$s" "profiles/$p.fio" "$p@$s" "$step_secs" step
		done
	done
}

# plan_write_pressure DRIVE: one run per writer rate.
plan_write_pressure() {
	local d=$1 m
	for m in $wp_rates; do
		plan_add "$d/write-pressure/write-pressure/$m" write-pressure write-pressure "$m" \
			write-pressure.fio "" "$step_secs" wp
	done
}

# plan_noisy_neighbor DRIVE: through the ssdnvme engine (the method's entry
# file, as run by hand), then fio's own (the check).
plan_noisy_neighbor() {
	local d=$1
	plan_add "$d/noisy-neighbor/noisy-neighbor/ssdnvme" noisy-neighbor noisy-neighbor ssdnvme \
		noisy-neighbor.fio "" "$step_secs" nn
	plan_add "$d/noisy-neighbor/noisy-neighbor/io_uring_cmd" noisy-neighbor noisy-neighbor io_uring_cmd \
		noisy-neighbor/nn-io_uring_cmd.fio "" "$step_secs" nn
}

# plan_noisy_neighbor_fdp DRIVE: the same noisy neighbor through the ssdnvme
# engine without placement, then with each writer namespace's writes placed
# on its own reclaim unit handles (engine "ssdnvme-fdp": fiorank shows the
# two runs of the drive side by side).
plan_noisy_neighbor_fdp() {
	local d=$1
	plan_add "$d/noisy-neighbor-fdp/noisy-neighbor/ssdnvme" noisy-neighbor-fdp noisy-neighbor ssdnvme \
		noisy-neighbor.fio "" "$step_secs" nn
	plan_add "$d/noisy-neighbor-fdp/noisy-neighbor/ssdnvme-fdp" noisy-neighbor-fdp noisy-neighbor ssdnvme-fdp \
		noisy-neighbor-fdp.fio "" "$step_secs" nn
}

# plan_tq_sweep DRIVE: the workload's own preconditioning rounds (judged by
# the steady-state rule like the precondition suite's, take_ss), then the
# thread x queue-depth steps (--tq-steps).
plan_tq_sweep() {
	local d=$1 r s
	for ((r = 1; r <= ss_max_rounds; r++)); do
		plan_add "$d/tq-sweep/precondition/ss-round$r" tq-sweep tq-sweep "ss-round$r" \
			tq-sweep/precondition.fio "" "$ss_round_time" ss
	done
	for s in $tq_steps; do
		plan_add "$d/tq-sweep/tq-sweep/$s" tq-sweep tq-sweep "$s" tq-sweep.fio \
			"tq-sweep@$s" "$step_secs" run
	done
}

# plan_checkpoint DRIVE: the checkpoint burst in one run through the ssdnvme
# engine (its namespaces= puts the shards on nsid 1 and the reader on 2):
# the reader alone, the checkpoint, the restore.  Planned as the three
# reader windows plus one step for the writers beyond them.
plan_checkpoint() {
	plan_add "$1/checkpoint/checkpoint/ssdnvme" checkpoint checkpoint ssdnvme \
		checkpoint.fio "" $((3 * ckpt_read_time + step_secs)) run
}

# plan_kvcache DRIVE: the KV-cache read steps (q1 ... q128, each beside the
# filling writer) in one run of the file.
plan_kvcache() {
	plan_add "$1/kvcache/kvcache/sweep" kvcache kvcache sweep kvcache.fio "" \
		$((KV_STEPS * step_secs)) run
}

# build_plan DEVICE...: every suite on every device, one device after the
# other; fails on two devices with the same label.
build_plan() {
	local dev label labels=" " s
	plan_reset
	for dev in "$@"; do
		label=${dev##*/}
		if [[ $labels == *" $label "* ]]; then
			echo "ssdnvme-suite: two devices named $label: give them distinct paths" >&2
			return 1
		fi
		labels+="$label "
		for s in $suites; do
			"plan_${s//-/_}" "$label" "$dev"
		done
	done
}

# estimate_overhead: seconds each run costs beyond its planned time, as
# measured here, so that the estimate holds on a slow host too (the emulated
# test bed spends more time starting and stopping fio than running a short
# step).  Nothing of the plan's targets is touched: the plan's first peak run
# (else its first run with a job, noisy neighbor and copy excepted: their
# namespaces are the device's) is flattened as the real run flattens it, pointed at a
# private 16 MiB scratch file in a private temporary directory, freed of
# rates, sizes and loops, and run for 1 second; a flattened job that still
# names anything but the scratch file is not run.  direct= goes too: the
# scratch file may sit on a tmpfs, which refuses O_DIRECT, and what is
# timed is fio's start and stop, not the I/O.  Its wall time less that
# second, the flattening, and the runner's bookkeeping per run (fiorank's
# reading of the result, about as long as the jq timed on a scratch
# manifest, and two other processes: the manifest's rename and the fork
# that starts fio, timed) make the overhead.  Sets run_overhead
# and estimate_how (how it was measured, for the dry run's report).
# estimate_failure SCRATCH: fio's first message of the failed scratch run
# (with --output fio writes its errors into the output file, the engine
# writes its own on stderr), for the dry run's report.
estimate_failure() {
	local line
	line=$(grep -h -v -e '^[[:space:]]*$' -e '^[{}]' "$1/err" "$1/o.json" 2>/dev/null | head -n 1)
	echo "${line:-no message; exit status only}"
}

estimate_overhead() {
	local scratch t0 t1 t2 t3 t4 i row=-1 f_secs=0
	run_overhead=0 estimate_how=""
	[ -z "$hosts_arg" ] || { estimate_how="not measured (the runs are on the servers)"; return 0; }
	scratch=$(mktemp -d "${TMPDIR:-/tmp}/ssdnvme-estimate.XXXXXX") || { estimate_how="not measured (no temporary directory)"; return 0; }
	echo '{"runs": []}' >"$scratch/m.json"
	for ((i = 0; i < plan_n; i++)); do [ "${plan_kind[i]}" = peak ] && row=$i && break; done
	if [ "$row" -lt 0 ]; then
		for ((i = 0; i < plan_n; i++)); do
			[ -n "${plan_job[i]}" ] && [ "${plan_kind[i]}" != nn ] && [ "${plan_kind[i]}" != copy ] && row=$i && break
		done
	fi
	truncate -s 16M "$scratch/scratch"
	t0=$EPOCHREALTIME
	if [ "$row" -ge 0 ]; then
		# (assignments before a function call hold for that call only)
		SSDNVME_DEV=$scratch/scratch SSDNVME_REGION=100% SSDNVME_RUNTIME=1 SSDNVME_RAMP=0 \
			SSDNVME_PRECOND_TIME=1 SSDNVME_SS_ROUND_TIME=1 SSDNVME_FILL_PASSES=1 SSDNVME_ENGINE=$engine_so \
			SSDNVME_ENGINE_JSON=$scratch/e.json SSDNVME_WP_MBPS=1 SSDNVME_SS_ROUND=1 ENGINE_OVERRIDE=$engine \
			SSDNVME_WSAT_TIME=1 SSDNVME_XSR_SEQ_TIME=1 SSDNVME_XSR_RAND_TIME=1 SSDNVME_HIR_BURST=1 \
			SSDNVME_HIR_BASE_TIME=1 SSDNVME_DIRTH_HIST_TIME=1 SSDNVME_PTS_LOG=$scratch/log \
			flatten_job "$JOBS/${plan_job[row]}" ${plan_sect[row]:+"${plan_sect[row]}"} >"$scratch/job.fio" 2>/dev/null
	fi
	t1=$EPOCHREALTIME
	# (no row: no job file was written, nothing to strip)
	[ "$row" -lt 0 ] || sed -i -E '/^(direct|rate|rate_iops|rate_min|rate_iops_min|rwmixread|rwmixwrite|fill_device|loops|size|io_size|filesize|offset|offset_increment|number_ios|nrfiles|directory)=/d' "$scratch/job.fio"
	# Only the scratch file may be named: any other path (a device, the
	# user's file) means the job is not run at all.
	if [ "$row" -ge 0 ] && ! grep -v -x -F "filename=$scratch/scratch" "$scratch/job.fio" | grep -q -e '/dev/' -e '^filename' -e '^directory' &&
		grep -q -x -F "filename=$scratch/scratch" "$scratch/job.fio"; then
		if "$fio_bin" --output-format=json+ --output="$scratch/o.json" "$scratch/job.fio" >/dev/null 2>"$scratch/err"; then
			f_secs=1
			estimate_how="as measured here (fio on a private scratch file)"
		else
			estimate_how="as measured here, its start-up only: fio on a private scratch file ran the plan's ${plan_id[row]} job and failed ($(estimate_failure "$scratch"))"
		fi
	fi
	t2=$EPOCHREALTIME
	manifest_update "$scratch/m.json" '.runs += [{id: "x"}]'
	t3=$EPOCHREALTIME
	for i in 1 2 3 4 5; do /bin/true; done
	t4=$EPOCHREALTIME
	rm -rf "$scratch"
	run_overhead=$(awk -v a="$t0" -v b="$t1" -v c="$t2" -v d="$t3" -v e="$t4" -v f="$f_secs" 'BEGIN {
		f = c - b - f; if (f < 0) f = 0
		printf "%.2f\n", f + (b - a) + (d - c) + 2 * (e - d) / 5 }')
	[ -n "$estimate_how" ] || estimate_how="without fio's start-up (no job could run on a scratch file)"
}
