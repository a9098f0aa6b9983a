# shellcheck shell=bash
# Sets every variable the job files read, with the runner's full-mode
# defaults, so a job file can be run by hand:
#   . jobs/lib/hand-env.sh /dev/ng0n1 [PEAK_READ_IOPS [PEAK_WRITE_IOPS]]
#   fio --section=4k-randread@50 jobs/profiles/4k-randread.fio
# With a peak, SSDNVME_RATE_<pct> are the per-job rates of a 4-job profile
# (numjobs 4: the 4K, mixed, SQL, Oracle and VDI profiles); without one, 1000
# IOPS per job per direction (enough for fio --parse-only).
_hand_top=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
# shellcheck source=jobs/lib/suite-lib.sh
. "$_hand_top/jobs/lib/suite-lib.sh"
export SSDNVME_DEV=${1:?usage: . jobs/lib/hand-env.sh DEVICE [PEAK_READ [PEAK_WRITE]]}
export SSDNVME_REGION=${SSDNVME_REGION:-25%} SSDNVME_RUNTIME=${SSDNVME_RUNTIME:-30} SSDNVME_RAMP=${SSDNVME_RAMP:-5}
export SSDNVME_ENGINE=${SSDNVME_ENGINE:-$_hand_top/build/ssdnvme.so}
export SSDNVME_ENGINE_JSON=${SSDNVME_ENGINE_JSON:-ssdnvme-engine.json}
export SSDNVME_FILL_PASSES=${SSDNVME_FILL_PASSES:-2} SSDNVME_PRECOND_TIME=${SSDNVME_PRECOND_TIME:-3600}
export SSDNVME_PRECOND_BS=${SSDNVME_PRECOND_BS:-4k} SSDNVME_SS_ROUND=${SSDNVME_SS_ROUND:-1}
export SSDNVME_SS_ROUND_TIME=${SSDNVME_SS_ROUND_TIME:-60} SSDNVME_SS_JOBS=${SSDNVME_SS_JOBS:-16}
export SSDNVME_WP_MBPS=${SSDNVME_WP_MBPS:-10} SSDNVME_WP_QD=${SSDNVME_WP_QD:-1}
export SSDNVME_WP_BPS=$((SSDNVME_WP_MBPS * 1000000))
export SSDNVME_NN_WRITE_NS=${SSDNVME_NN_WRITE_NS:-1-3} SSDNVME_NN_READ_NS=${SSDNVME_NN_READ_NS:-4-6}
for _n in 1 2 3 4 5 6; do export "SSDNVME_NS$_n=${SSDNVME_DEV%n*}n$_n"; done
for _p in 10 20 30 40 50 60 70 80 90 100 110 120; do
	if [ -n "${2:-}" ]; then
		export "SSDNVME_RATE_$_p=$(curve_rate "$2" "${3:-0}" "$_p" 4 1)"
	else
		export "SSDNVME_RATE_$_p=1000,1000"
	fi
done
unset _n _p _hand_top
