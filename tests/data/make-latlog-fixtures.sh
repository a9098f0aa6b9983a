#!/usr/bin/env bash
# Regenerates the fio latency-log fixtures (issue 14: latency over time from
# fio's own logs) by running the project's fio for real:
#
#   tests/data/make-latlog-fixtures.sh [--out DIR] [--fio PATH]
#
# Default DIR is tests/data/fio/latlog.  One directory per "drive", each a
# json output (run.json) with the logs fio wrote beside it (fio is run in
# that directory, so the logs' names are the write_*_log names):
#   perio/  write_lat_log=perio, no log_avg_msec: one line per I/O
#           (perio_clat.1.log, perio_clat.2.log: numjobs=2), rate_iops=400
#   avg/    write_lat_log=avg log_avg_msec=250: averaged lines (one job)
#   avg2/   the same with numjobs=2: two averaged logs (cannot be merged)
#   hist/   write_hist_log=hist log_hist_msec=500: clat histogram logs
#           (hist_clat_hist.1.log, .2.log: numjobs=2), rate_iops=400
# All: 4k random reads, psync, 3 s, on a 16 MiB file in a temporary
# directory (rewritten to /tmp/fixture), disable_lat and disable_slat so
# only the clat logs are written.  The figures change on every run.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/../.." && pwd)
out=$TOP/tests/data/fio/latlog
fio=${FIO_BIN:-$TOP/build/fio} # the project's fio (the pin)
while [ $# -gt 0 ]; do
	case $1 in
	--out) out=$2; shift ;;
	--fio) fio=$2; shift ;;
	*) echo "usage: $0 [--out DIR] [--fio PATH]" >&2; exit 2 ;;
	esac
	shift
done
WORK=$(mktemp -d /tmp/latlogfix.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
truncate -s 16M "$WORK/target"

run() { # DRIVE FIO-OPTIONS...
	local d=$out/$1
	shift
	rm -rf "$d"
	mkdir -p "$d"
	(cd "$d" && timeout 60 "$fio" --output-format=json --output=run.json \
		--name=4k-randread@peak --filename="$WORK/target" --size=16m \
		--rw=randread --bs=4k --ioengine=psync --time_based --runtime=3 \
		--disable_lat=1 --disable_slat=1 "$@" >/dev/null)
	sed -i "s#$WORK#/tmp/fixture#g" "$d/run.json"
}
run perio --numjobs=2 --rate_iops=400 --write_lat_log=perio
run avg --rate_iops=400 --write_lat_log=avg --log_avg_msec=250
run avg2 --numjobs=2 --rate_iops=400 --write_lat_log=avg2 --log_avg_msec=250
run hist --numjobs=2 --rate_iops=400 --write_hist_log=hist --log_hist_msec=500
