# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read.
# The run functions read the row load_row (jobs/lib/steps.sh) set: id, drive,
# test, step, rel, out.
# shellcheck disable=SC2034,SC2154
# The SNIA PTS suites of jobs/ssdnvme-suite (jobs/pts/*.fio): pts-wsat,
# pts-hir, pts-xsr, pts-dirth, pts-lat, pts-iops, pts-tp.  Each is a plan function (build_plan
# calls plan_<suite>) and, for the runs only PTS has, a prepare_/take_
# function of its kind (run_plan, jobs/lib/steps.sh):
#   pts       a run whose fio log goes beside its JSON (SSDNVME_PTS_LOG)
#   hir       one HIR burst, after its wait state's idle time
#   dirth     a demand-intensity step, its IOPS kept to pick the
#             histogram's operating points
#   dirthhist a histogram run at the operating point its step names
#   wipc      the workload-independent preconditioning (its block size)
#   ptsr      a step of a round of the IOPS or throughput test, whose
#             rounds are the measurement (PTS's loop: the whole matrix each
#             round); its tracking step's IOPS are judged for steady state
# Steady-state rounds are the runner's kind ss (take_ss judges each suite's
# rounds apart).  Reads the runner's settings; sourced by it.
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

declare -gA pts_dirth_iops=() # drive -> "tTqQ:IOPS ..." of its demand-intensity steps
declare -gA pts_nopurge_said=() # drive -> 1 once the missing purge was said
declare -gA pts_ss_round=()     # drive/suite[/part] -> the round its verdict came at

# The demand-intensity grid as PTS orders it: heaviest first.
PTS_DIRTH_TQ="32 16 8 6 4 2 1"

# pts_settings: the PTS lengths for the mode (full: PTS's own).  A PTS step
# lasts one steady-state round (--ss-round-time: PTS's one-minute rounds).
pts_settings() {
	local t q
	if [ "$mode" = short ]; then
		pts_wsat_time=5 pts_hir_waits="1 2" pts_hir_reps=2 pts_hir_burst=1
		pts_xsr_seq=3 pts_xsr_rand=3 pts_dirth_steps="t4q4 t2q2 t1q1"
		# the matrix's corners, its OLTP mix and the tracking step 4k-r0
		pts_iops_mixes="100 65 0" pts_iops_bss="1024k 64k 4k 512"
	else
		pts_wsat_time=86400 pts_hir_waits="5 10 15 25 50" pts_hir_reps=360 pts_hir_burst=5
		pts_xsr_seq=14400 pts_xsr_rand=21600 pts_dirth_steps=""
		pts_iops_mixes="100 95 65 50 35 5 0" pts_iops_bss="1024k 128k 64k 32k 16k 8k 4k 512"
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

# ss_measures_parse LIST: --ss-measures' comma list, checked, printed
# space-separated in the order iops, p99, p99.99; a one-line refusal (exit
# 2) of an empty list or another name.
ss_measures_parse() {
	local m out="" seen=" "
	local -a list
	IFS=, read -ra list <<<"$1"
	[ ${#list[@]} -gt 0 ] || { echo "ssdnvme-suite: --ss-measures: a list of iops, p99, p99.99, not '$1'" >&2; return 2; }
	for m in "${list[@]}"; do
		case $m in iops | p99 | p99.99) seen+="$m " ;;
		*) echo "ssdnvme-suite: --ss-measures: unknown measure '$m' (iops, p99, p99.99)" >&2; return 2 ;;
		esac
	done
	for m in iops p99 p99.99; do [[ $seen != *" $m "* ]] || out+="${out:+ }$m"; done
	echo "$out"
}

# pts_purge DRIVE SUITE [PART]: the purge (--purge) first; without one,
# says that the results do not start from fresh-out-of-box.
pts_purge() {
	if [ -n "$purge" ]; then
		plan_add "$1/$2/purge/${3:-purge}" "$2" purge "${3:-purge}" "" "" 60 purge
	elif [ -z "${pts_nopurge_said[$1]:-}" ]; then
		pts_nopurge_said[$1]=1
		echo "ssdnvme-suite: $1: no purge (--purge format|sanitize on NVMe; a file cannot be purged): the PTS tests start from the drive's present state, not fresh-out-of-box" >&2
	fi
}

# pts_wipc DRIVE DEV SUITE [BS]: PTS's workload-independent
# preconditioning (twice the capacity, 128 KiB sequential, or BS: the step
# names it), timed as the published fill is.
pts_wipc() {
	local est=600
	if [ -z "$hosts_arg" ] && dev_identity "$2" 2>/dev/null && [ -n "$id_cap" ]; then
		est=$((id_cap * 2 / 2000000000 + 1))
	fi
	plan_add "$1/$3/wipc/${4:-wipc}" "$3" wipc "${4:-wipc}" pts/wipc.fio pts-wipc "$est" wipc
}

# pts_no512 DRIVE DEV SUITE: true (and said) when 0.5 KiB is not a whole
# LBA of DEV (the engine refuses it): the suite's 0.5 KiB steps are left out.
pts_no512() {
	if [ -n "$hosts_arg" ] || ! dev_identity "$2" 2>/dev/null || [ -z "$id_lba" ] || [ "$id_lba" -le 512 ]; then
		return 1
	fi
	echo "ssdnvme-suite: $1: $3's 0.5 KiB steps left out: its LBA size is $id_lba bytes" >&2
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
	local bss="512 4k 8k"
	pts_no512 "$d" "$2" pts-lat && bss="4k 8k"
	for bs in $bss; do
		for r in 0 65 100; do
			plan_add "$d/pts-lat/lat/$bs-r$r" pts-lat lat "$bs-r$r" pts/lat.fio "pts-lat@$bs-r$r" "$ss_round_time" run
		done
	done
}

# plan_pts_iops DRIVE DEV: the purge, WIPC, then rounds of the whole block
# size x mix matrix (PTS's order: mix by mix from 100/0, block sizes from
# the largest), at most --ss-max-rounds; the rounds after the one that
# reaches steady state are skipped (pts_round_wanted).
plan_pts_iops() {
	local d=$1 r m bs bss
	pts_settings
	pts_purge "$d" pts-iops
	pts_wipc "$d" "$2" pts-iops
	bss=$pts_iops_bss
	pts_no512 "$d" "$2" pts-iops && bss=${bss% 512}
	for ((r = 1; r <= ss_max_rounds; r++)); do
		for m in $pts_iops_mixes; do
			for bs in $bss; do
				plan_add "$d/pts-iops/round$r/$bs-r$m" pts-iops "round$r" "$bs-r$m" pts/iops.fio \
					"pts-iops@$bs-r$m" "$ss_round_time" ptsr
			done
		done
	done
}

# plan_pts_tp DRIVE DEV: per block size (128 KiB, then 1024 KiB), its own
# purge and WIPC at that block size, then rounds of 100 % read and 100 %
# write sequential steps.
plan_pts_tp() {
	local d=$1 r b m
	pts_settings
	for b in 128k 1024k; do
		pts_purge "$d" pts-tp "$b"
		pts_wipc "$d" "$2" pts-tp "$b"
		for ((r = 1; r <= ss_max_rounds; r++)); do
			for m in 100 0; do
				plan_add "$d/pts-tp/round$r/$b-r$m" pts-tp "round$r" "$b-r$m" pts/tp.fio \
					"pts-tp@$b-r$m" "$ss_round_time" ptsr
			done
		done
	done
}

# ------------------------------------------------------------ the runs

# prepare_wipc: the block size the step names (the throughput test's
# 1024 KiB part preconditions with its own large blocks).
prepare_wipc() {
	case $step in
	1024k) export SSDNVME_WIPC_BS=${SSDNVME_PTS_LARGE_BS:-1024k} ;;
	wipc) export SSDNVME_WIPC_BS=128k ;;
	*) export SSDNVME_WIPC_BS=$step ;;
	esac
}

# pts_ss_key: the key of the row's steady-state rounds: the suite, and for
# the throughput test its block size (each is judged apart).
pts_ss_key() {
	if [ "$st" = pts-tp ]; then echo "$drive/$st/${step%-r*}"; else echo "$drive/$st"; fi
}

# pts_round_wanted: false for a round after the one whose tracking step
# reached steady state (that round itself is finished: PTS reports whole
# rounds).
pts_round_wanted() {
	local done_at=${pts_ss_round[$(pts_ss_key)]:-}
	[ -z "$done_at" ] || [ "${test#round}" -le "$done_at" ]
}

# take_ptsr FRESH: the tracking step's IOPS (IOPS: 4 KiB 0/100; throughput:
# the block size's write, whose IOPS are its MB/s over a fixed block size)
# judged as the runner judges rounds (ss_judge, jobs/lib/steps.sh); the
# verdict goes to <drive>/<suite>/steady-state[-<bs>].json.
take_ptsr() {
	local key part=""
	case $st/$step in pts-iops/4k-r0) ;; pts-tp/*-r0) part=${step%-r0} ;; *) return 0 ;; esac
	key=$(pts_ss_key)
	ss_judge "$1" "$key" "${test#round}" "$results/$drive/$st/steady-state${part:+-$part}.json" \
		"steady_state_${st//-/_}${part:+_$part}" "$st${part:+ $part}" || return 0
	pts_ss_round[$key]=${test#round}
}


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
	pts_dirth_iops[$drive]+="$step:$(result_iops "$out" | awk '{printf "%.3f\n", $1 + $2}') "
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
