# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read.
# The run functions read the row load_row (jobs/lib/steps.sh) set: id, drive,
# test, step, rel, out.
# shellcheck disable=SC2034,SC2154
# The SNIA PTS suites of jobs/ssdnvme-suite (jobs/pts/*.fio): pts-wsat,
# pts-hir, pts-xsr, pts-dirth, pts-lat.  Each is a plan function (build_plan
# calls plan_<suite>) and, for the runs only PTS has, a prepare_/take_
# function of its kind (run_plan, jobs/lib/steps.sh):
#   pts       a run whose fio log goes beside its JSON (SSDNVME_PTS_LOG)
#   hir       one HIR burst, after its wait state's idle time
#   dirth     a demand-intensity step, its IOPS kept to pick the
#             histogram's operating points
#   dirthhist a histogram run at the operating point its step names
# Steady-state rounds are the runner's kind ss (take_ss judges each suite's
# rounds apart).  Reads the runner's settings; sourced by it.
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

declare -gA pts_dirth_iops=() # drive -> "tTqQ:IOPS ..." of its demand-intensity steps
declare -gA pts_nopurge_said=() # drive -> 1 once the missing purge was said

# The demand-intensity grid as PTS orders it: heaviest first.
PTS_DIRTH_TQ="32 16 8 6 4 2 1"

# pts_settings: the PTS lengths for the mode (full: PTS's own).  A PTS step
# lasts one steady-state round (--ss-round-time: PTS's one-minute rounds).
pts_settings() {
	local t q
	if [ "$mode" = short ]; then
		pts_wsat_time=5 pts_hir_waits="1 2" pts_hir_reps=2 pts_hir_burst=1
		pts_xsr_seq=3 pts_xsr_rand=3 pts_dirth_steps="t4q4 t2q2 t1q1"
	else
		pts_wsat_time=86400 pts_hir_waits="5 10 15 25 50" pts_hir_reps=360 pts_hir_burst=5
		pts_xsr_seq=14400 pts_xsr_rand=21600 pts_dirth_steps=""
		for t in $PTS_DIRTH_TQ; do
			for q in $PTS_DIRTH_TQ; do pts_dirth_steps+="t${t}q$q "; done
		done
	fi
	pts_dirth_hist=600
	[ "$mode" = short ] && pts_dirth_hist=$ss_round_time
	export SSDNVME_WSAT_TIME=$pts_wsat_time SSDNVME_HIR_BURST=$pts_hir_burst
	export SSDNVME_HIR_BASE_TIME=$((pts_hir_reps * pts_hir_burst))
	export SSDNVME_XSR_SEQ_TIME=$pts_xsr_seq SSDNVME_XSR_RAND_TIME=$pts_xsr_rand
	export SSDNVME_DIRTH_HIST_TIME=$pts_dirth_hist
}

# pts_purge DRIVE SUITE: the purge (--purge) first; without one, says that
# the results do not start from fresh-out-of-box.
pts_purge() {
	if [ -n "$purge" ]; then
		plan_add "$1/$2/purge/purge" "$2" purge purge "" "" 60 purge
	elif [ -z "${pts_nopurge_said[$1]:-}" ]; then
		pts_nopurge_said[$1]=1
		echo "ssdnvme-suite: $1: no purge (--purge format|sanitize on NVMe; a file cannot be purged): the PTS tests start from the drive's present state, not fresh-out-of-box" >&2
	fi
}

# pts_wipc DRIVE DEV SUITE: PTS's workload-independent preconditioning
# (twice the capacity, 128 KiB sequential), timed as the published fill is.
pts_wipc() {
	local est=600
	if [ -z "$hosts_arg" ] && dev_identity "$2" 2>/dev/null && [ -n "$id_cap" ]; then
		est=$((id_cap * 2 / 2000000000 + 1))
	fi
	plan_add "$1/$3/wipc/wipc" "$3" wipc wipc pts/wipc.fio pts-wipc "$est" run
}

# pts_rounds DRIVE SUITE SHORTNAME: the workload-dependent preconditioning,
# steady-state rounds (the runner's ss kind and rule).
pts_rounds() {
	local r
	for ((r = 1; r <= ss_max_rounds; r++)); do
		plan_add "$1/$2/wdpc/ss-round$r" "$2" wdpc "ss-round$r" "pts/$3.fio" "pts-$3-ss-r\${SSDNVME_SS_ROUND}" \
			"$ss_round_time" ss
	done
}

plan_pts_wsat() {
	pts_settings
	pts_purge "$1" pts-wsat
	plan_add "$1/pts-wsat/wsat/wsat" pts-wsat wsat wsat pts/wsat.fio pts-wsat "$pts_wsat_time" pts
}

plan_pts_hir() {
	local d=$1 w b
	pts_settings
	pts_purge "$d" pts-hir
	pts_wipc "$d" "$2" pts-hir
	pts_rounds "$d" pts-hir hir
	for w in $pts_hir_waits; do
		for ((b = 1; b <= pts_hir_reps; b++)); do
			plan_add "$d/pts-hir/ws$w/b$b" pts-hir "ws$w" "b$b" pts/hir.fio "pts-hir@\${SSDNVME_PTS_STEP}" \
				$((pts_hir_burst + (b > 1 ? w : 0))) hir
		done
		plan_add "$d/pts-hir/ws$w/base" pts-hir "ws$w" base pts/hir.fio "pts-hir-base@\${SSDNVME_PTS_STEP}" \
			$((pts_hir_reps * pts_hir_burst)) pts
	done
}

plan_pts_xsr() {
	local d=$1 s
	pts_settings
	pts_purge "$d" pts-xsr
	for s in seq1 rand seq2; do
		plan_add "$d/pts-xsr/xsr/$s" pts-xsr xsr "$s" pts/xsr.fio "pts-xsr@$s" \
			"$([ $s = rand ] && echo "$pts_xsr_rand" || echo "$pts_xsr_seq")" pts
	done
}

plan_pts_dirth() {
	local d=$1 s p
	pts_settings
	pts_purge "$d" pts-dirth
	pts_wipc "$d" "$2" pts-dirth
	pts_rounds "$d" pts-dirth dirth
	for s in $pts_dirth_steps; do
		plan_add "$d/pts-dirth/dirth/$s" pts-dirth dirth "$s" pts/dirth.fio \
			"pts-dirth@t\${SSDNVME_PTS_TC}q\${SSDNVME_PTS_QD}" "$ss_round_time" dirth
	done
	for p in max mid min; do
		plan_add "$d/pts-dirth/histogram/$p" pts-dirth histogram "$p" pts/dirth.fio \
			"pts-dirth-hist@\${SSDNVME_DIRTH_POINT}-t\${SSDNVME_PTS_TC}q\${SSDNVME_PTS_QD}" "$pts_dirth_hist" dirthhist
	done
}

plan_pts_lat() {
	local d=$1 bs r
	pts_settings
	pts_purge "$d" pts-lat
	pts_wipc "$d" "$2" pts-lat
	pts_rounds "$d" pts-lat lat
	for bs in 512 4k 8k; do
		# 0.5 KiB is not a whole LBA of a 4096-byte namespace (the engine
		# refuses it): those steps are left out, and said so.
		if [ "$bs" = 512 ] && [ -z "$hosts_arg" ] && dev_identity "$2" 2>/dev/null &&
			[ -n "$id_lba" ] && [ "$id_lba" -gt 512 ]; then
			echo "ssdnvme-suite: $d: pts-lat's 0.5 KiB steps left out: its LBA size is $id_lba bytes" >&2
			continue
		fi
		for r in 0 65 100; do
			plan_add "$d/pts-lat/lat/$bs-r$r" pts-lat lat "$bs-r$r" pts/lat.fio "pts-lat@$bs-r$r" "$ss_round_time" run
		done
	done
}

# ------------------------------------------------------------ the runs

# prepare_pts: the run's fio log goes beside its JSON (<step>_iops.N.log,
# <step>_bw.N.log).
prepare_pts() {
	export SSDNVME_PTS_LOG=$results/$rel SSDNVME_PTS_STEP=$test
}

# prepare_hir: a burst waits its wait state's idle time first (none before
# a segment's first burst: it follows the rounds or the last baseline).
prepare_hir() {
	local w=${test#ws}
	export SSDNVME_PTS_STEP=$test-$step
	[ "$step" = b1 ] || run_child sleep "$w"
	[ -z "$stop_signal" ]
}

# take_dirth FRESH: a step's IOPS (read + write), for the operating points.
take_dirth() {
	pts_dirth_iops[$drive]+="$step:$(result_iops "$out" | awk '{print $1 + $2}') "
}

# pts_operating_point POINT "tTqQ:IOPS ...": the step PTS's operating point
# names.  max: the highest IOPS whose mean response time (by Little's law,
# T x Q / IOPS: the steps run closed-loop) is at most 5 ms; min: t1q1 (else
# the lowest IOPS); mid: the IOPS closest to the middle of the two.
pts_operating_point() {
	awk -v point="$1" -v steps="$2" 'BEGIN {
		n = split(steps, s, " ")
		for (i = 1; i <= n; i++) {
			split(s[i], f, ":"); name[i] = f[1]; iops[i] = f[2] + 0
			split(substr(f[1], 2), tq, "q"); oio = tq[1] * tq[2]
			if (iops[i] > 0 && oio / iops[i] <= 0.005 && (mx == 0 || iops[i] > iops[mx])) mx = i
			if (f[1] == "t1q1") mn = i
			if (lo == 0 || iops[i] < iops[lo]) lo = i
		}
		if (mn == 0) mn = lo
		if (mx == 0) { print "no step has a mean response time of 5 ms or less" > "/dev/stderr"; exit 1 }
		if (point == "max") { print name[mx]; exit 0 }
		if (point == "min") { print name[mn]; exit 0 }
		mid = (iops[mx] + iops[mn]) / 2
		for (i = 1; i <= n; i++) if (md == 0 || (iops[i] - mid)^2 < (iops[md] - mid)^2) md = i
		print name[md]
	}'
}

# prepare_dirthhist: the step's operating point from the steps' IOPS.
prepare_dirthhist() {
	local tq
	tq=$(pts_operating_point "$step" "${pts_dirth_iops[$drive]:-}") || {
		echo "ssdnvme-suite: $id: no operating point '$step' from the demand-intensity steps" >&2
		return 1
	}
	tq=${tq#t}
	export SSDNVME_DIRTH_POINT=$step SSDNVME_PTS_TC=${tq%q*} SSDNVME_PTS_QD=${tq#*q}
}

# prepare_dirth: the step's threads and depth, from its name.
prepare_dirth() {
	local tq=${step#t}
	export SSDNVME_PTS_TC=${tq%q*} SSDNVME_PTS_QD=${tq#*q}
}
