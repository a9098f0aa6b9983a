#!/usr/bin/env bash
# Runs inside the test bed, one boot of tests/vm/t-power-cut.sh's series:
#
#   power-cut.sh [--check NS]... [--write NS] [--then SCRIPT [ARGS...]]
#
# --check NS: ssdnvme-powercut on namespace NS with the tag log that an
#   earlier boot's --write NS left in $OUT/ns<NS>/; its report goes to
#   $OUT/check-ns<NS>.txt, its exit status to $OUT/check-ns<NS>.rc.
# --write NS: jobs/power-cut.fio on /dev/ng0n<NS>, logging to $OUT/ns<NS>/;
#   its pc-clear section first, then its pc-write section, and
#   $VM_POWER_CUT_ARM is touched once the tag log holds a first flush (tests/vm/run
#   --power-cut then cuts the power at its chosen moment); $OUT/write-ns<NS>.rc
#   says fio ended before the cut, which the test counts as a failure.
# --then SCRIPT ARGS...: runs another guest script last (sharing the boot).
# The host judges the files; everything here is written before the next step
# starts, so a cut loses none of it.
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
checker=$BUILD/ssdnvme-powercut
while [ $# -gt 0 ]; do
	case $1 in
	--check)
		ns=$2
		shopt -s nullglob
		logs=("$OUT/ns$ns"/*.taglog "$OUT/ns$ns"/.*.taglog.*.tmp)
		shopt -u nullglob
		"$checker" --ns "$ns=/dev/nvme0n$ns" "${logs[@]}" >"$OUT/check-ns$ns.txt" 2>&1
		echo $? >"$OUT/check-ns$ns.rc"
		shift 2
		;;
	--write)
		ns=$2
		mkdir -p "$OUT/ns$ns"
		export SSDNVME_PC_LOG=$OUT/ns$ns/pc SSDNVME_PC_REGION=${PC_REGION:-16M}
		export SSDNVME_PC_SEED=$((RANDOM + 1))
		# pc_fio SECTION [fio options]: one section of the method's file.
		pc_fio() {
			local sect=$1
			shift
			fio_cmd --ioengine="external:$ENGINE" --filename="/dev/ng0n$ns" "$@" \
				--output="$OUT/$sect-ns$ns.out" --section="pc-$sect" "$TOP/jobs/power-cut.fio" \
				>/dev/null 2>"$OUT/$sect-ns$ns.err"
			echo $? >"$OUT/$sect-ns$ns.rc"
		}
		# The cut is timed from the first flush the tag log holds (its file
		# grows past the 64-byte header only then, tag_log_sync=1), not from
		# fio's start: on a loaded host fio's start-up alone can take seconds.
		# The writes are held to PC_RATE_IOPS (default 1000 a second: 4096
		# writes of the 16 MiB pass last over 4 s): on an idle host the pass
		# would otherwise end before the test's latest cut (3 s).
		pc_fio clear
		SSDNVME_PC_RATE_IOPS=${PC_RATE_IOPS:-1000} pc_fio write &
		for _ in $(seq 600); do
			compgen -G "$OUT/ns$ns/.pc.pc-write.*.tmp" >/dev/null &&
				[ "$(stat -c %s "$OUT/ns$ns"/.pc.pc-write.*.tmp | head -n 1)" -gt 64 ] && break
			sleep 0.1
		done
		touch "$VM_POWER_CUT_ARM"
		wait
		shift 2
		;;
	--then)
		# another guest script in the same boot, last
		shift
		exec bash "$@"
		;;
	*)
		echo "power-cut.sh: unknown argument '$1'" >&2
		exit 2
		;;
	esac
done
