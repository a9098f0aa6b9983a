#!/usr/bin/env bash
# User-space instructions and io_uring_enter calls per I/O: ssdnvme against
# fio's own engine, 4k randread at QD1 and QD32, tags on and off.
#
#   bench/engine-callgrind.sh          host: the file fallback vs fio's io_uring
#   bench/engine-callgrind.sh --vm     test bed: passthrough on /dev/ng0n1 vs
#                                      fio's io_uring_cmd (boots tests/vm/run)
#   CG_KEEP=DIR                        keeps every run's callgrind file in DIR
#                                      (with --vm: in the --vm output directory)
#   CG_ROWS="tags map pi"              which groups of rows (default all):
#     tags  fio's random map on: the peer, tags=1, tags=0, tags=1 with the
#           default interval, and both engines under sqthread_poll
#     map   the same peer and tags=1 / tags=0 rows with norandommap=1
#     pi    test bed only: a PI namespace (/dev/ng0n2, type 1, 512 + 8 bytes
#           of separate metadata), written once by the peer with pi_act=1 so
#           that its PI is valid, then read with pi_act=1 (the controller
#           checks and strips the PI) and pi_act=0 (md_per_io_size=64: the
#           engine's or fio's own CRC checks it), both engines with
#           pi_chk=GUARD,REFTAG,APPTAG, apptag=0x1234, apptag_mask=0xffff;
#           ssdnvme with tags=0 (the tags' cost is the tags rows' business)
#
# Method: fio under callgrind (thread=1, so the job runs in its process),
# the job thread's instructions (thread_main, inclusive), once with
# number_ios=LO and once with HI (1000 and 6000 on the host; 200 and 1200 in
# the test bed, where valgrind itself runs under software emulation and every
# I/O is emulated too); (Ir(HI) - Ir(LO)) / (HI - LO) cancels start-up and
# tear-down.  CG_IOS="LO HI" sets them; CG_VM_TIMEOUT the test bed's limit
# in seconds (default 3600: 32 runs of fio under valgrind or strace).  The
# io_uring_enter count per I/O is measured the same way with strace -c (not
# under valgrind).  Ratios are ssdnvme / peer at the same depth; <= 1.00 means
# the engine costs no more than fio's own.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib.sh"

if [ "${1:-}" = --vm ]; then
	# The test bed hands the guest's standard output back only when the guest
	# stops: each row is also appended, as it is measured, to a file in the
	# shared output directory, so that a long run can be watched.
	vm_out=${CG_VM_OUT:-$BUILD/test-logs/engine-callgrind-vm}
	mkdir -p "$vm_out"
	rm -f "$vm_out/engine-callgrind.txt"
	echo "engine-callgrind: rows also in $vm_out/engine-callgrind.txt as they are measured" >&2
	# Namespace 1 as the default layout has it (64 MiB, 512-byte LBAs);
	# namespace 2 the PI rows' (type 1, 8 bytes of separate metadata).
	exec "$VMRUN" --out "$vm_out" --timeout "${CG_VM_TIMEOUT:-3600}" \
		--ns 2x64M,2:ms=8,2:pi=1 -- \
		bash "$TOP/bench/engine-callgrind.sh" --in-vm
fi
mode=host
if [ "${1:-}" = --in-vm ]; then
	mode=in-vm
	read -r LO HI <<<"${CG_IOS:-200 1200}"
else
	read -r LO HI <<<"${CG_IOS:-1000 6000}"
fi
[[ $LO =~ ^[1-9][0-9]*$ && $HI =~ ^[1-9][0-9]*$ && $HI -gt $LO ]] ||
	{ echo "engine-callgrind: CG_IOS wants two counts LO HI with HI > LO, got '${CG_IOS:-}'" >&2; exit 2; }
rows=" ${CG_ROWS:-tags map pi} "
for r in $rows; do
	case $r in
	tags | map | pi) ;;
	*) echo "engine-callgrind: CG_ROWS: unknown group '$r' (tags, map, pi)" >&2; exit 2 ;;
	esac
done
want() { [[ $rows == *" $1 "* ]]; }
tmp=$(mktemp -d)
size=64M # of the target the reads cover
trap 'rm -rf "$tmp"' EXIT
if [ "${1:-}" = --in-vm ]; then
	target=/dev/ng0n1
	peer=(--ioengine=io_uring_cmd --cmd_type=nvme)
	peer_name=io_uring_cmd
	where="test bed, passthrough $target"
	# fio's io_uring_cmd refuses direct=1 on a char device (its open fails
	# with EINVAL, and the run does no I/O); passthrough bypasses the page
	# cache anyway, so neither engine gets it here.
	direct=""
else
	target=$tmp/data
	fio_cmd --name=mk --filename="$target" --size=64M --rw=write --bs=1M >/dev/null 2>&1
	peer=(--ioengine=io_uring)
	peer_name=io_uring
	direct=--direct=1
	where="host, file fallback ($target, O_DIRECT)"
fi
# The tag series summarises each interval (a walk over the histogram, some
# 40,000 instructions): a cost per second, not per I/O.  Under callgrind,
# and in the emulated test bed above all, 6000 I/Os take seconds, so with
# the default 1 s interval that walk would be counted as if it were per-I/O
# work (~90 Ir/IO in the test bed, ~0.04 at 1M IOPS).  One interval longer
# than the runs keeps it out; the series itself is still kept.
# The drive-health reader is off (its thread would be counted here as if it
# were per-I/O work; the peer reads no health; bench/health-cost.sh measures it).
ssd=(--ioengine=external:"$ENGINE" --tag_interval=3600000 --health=0)
# ... and the default interval too, for the figure a run with no option
# gets (its row includes that walk, once per second of the run).
ssd_default=(--ioengine=external:"$ENGINE")

job() { # N QD ENGINE-OPTIONS...
	local n=$1 qd=$2
	shift 2
	echo --name=cg --thread=1 --filename="$target" --size="$size" --bs=4k --rw=randread \
		$direct --iodepth="$qd" --number_ios="$n" --randrepeat=1 "$@"
}

# A run that fails (fio refuses an option, an I/O errs) has no figure: say
# so on stderr and print none, rather than a count of a run that did no I/O.
run_failed() { # LOG N QD OPTIONS...
	local log=$1
	shift
	echo "engine-callgrind: this run failed, no figure: fio $(job "$@")" >&2
	grep -E '^(fio|ssdnvme):|err=' "$log" | head -n 3 | sed 's/^/    /' >&2
}

ir_of() { # N QD OPTIONS... -> total Ir of the run
	local out=$tmp/cg.$$.$RANDOM
	# shellcheck disable=SC2046
	if ! valgrind --tool=callgrind --callgrind-out-file="$out" "$FIO_BIN" $(job "$@") \
		>"$out.log" 2>&1; then
		run_failed "$out.log" "$@"
		return
	fi
	# CG_KEEP=DIR keeps each run's callgrind file there (named by run) for
	# callgrind_annotate's per-function counts; in the test bed, under $OUT.
	if [ -n "${CG_KEEP:-}" ]; then
		local keep=$CG_KEEP
		[ "$mode" = in-vm ] && keep=$OUT/$CG_KEEP
		mkdir -p "$keep" && cp "$out" "$keep/cg.$(printf '%s' "$*" | tr -c 'A-Za-z0-9=.\n-' _)"
	fi
	# The job thread's own instructions (thread_main, inclusive): fio's
	# clock calibration before it spins for a fixed time, so counting the
	# whole process varied by +-300 Ir/IO from run to run.
	callgrind_annotate --inclusive=yes "$out" 2>/dev/null |
		awk '/backend\.c:thread_main / { gsub(",", "", $1); print $1; exit }'
}

enters_of() { # N QD OPTIONS... -> io_uring_enter calls of the run
	local out=$tmp/st.$$.$RANDOM
	# shellcheck disable=SC2046
	if ! strace -f -c -e trace=io_uring_enter -o "$out" "$FIO_BIN" $(job "$@") \
		>"$out.log" 2>&1; then
		run_failed "$out.log" "$@"
		return
	fi
	# strace -c lists only the calls made: no io_uring_enter line is 0 calls
	# (SQPOLL with its thread awake throughout), not a failure
	awk '$NF == "io_uring_enter" && !n++ { print ($4 ~ /^[0-9]+$/) ? $4 : $(NF-1) }
		END { if (!n) print 0 }' "$out"
}

per_io() { # what N... : (x(HI) - x(LO)) / (HI - LO)
	local a b
	a=$("$1" "$LO" "${@:2}")
	b=$("$1" "$HI" "${@:2}")
	if [[ $a =~ ^[0-9]+$ && $b =~ ^[0-9]+$ ]]; then
		awk -v a="$a" -v b="$b" -v n=$((HI - LO)) 'BEGIN { printf "%.2f", (b - a) / n }'
	else
		echo failed
	fi
}

# Three places: the target is <= 1.05, and 1.048 must not print as 1.05.
ratio() { # S P: S / P, or - when either is missing
	awk -v s="$1" -v p="$2" 'BEGIN { if (s ~ /^[0-9.]+$/ && p ~ /^[0-9.]+$/ && p > 0) printf "%.3f", s / p; else printf "-" }'
}

# One line of the table; in the test bed also appended to $OUT (see --vm).
row() { # CONFIG QD IR RATIO ENTERS RATIO
	printf '%-28s %4s %10s %8s %10s %8s\n' "$@"
	if [ "$mode" = in-vm ] && [ -d "${OUT:-}" ]; then
		printf '%-28s %4s %10s %8s %10s %8s\n' "$@" >>"$OUT/engine-callgrind.txt"
	fi
}

echo "# $where; 4k randread; per I/O = (run of $HI I/Os - run of $LO) / $((HI - LO))"
echo "# ssdnvme with tag_interval=3600000: the series' per-interval summary is per second, not per I/O;"
echo "# the 'default intvl' rows keep fio's default 1 s interval (that walk counted in)"
row config QD Ir/IO ratio enters/IO ratio

# The peer's row at a depth: its figures are what the ssdnvme rows after it
# are divided by.
peer_row() { # LABEL QD OPTIONS...
	p_ir=$(per_io ir_of "$2" "${peer[@]}" "${@:3}")
	p_en=$(per_io enters_of "$2" "${peer[@]}" "${@:3}")
	row "$1" "$2" "$p_ir" - "$p_en" -
}

ssd_row() { # LABEL QD OPTIONS... : against the last peer_row
	local s_ir s_en
	s_ir=$(per_io ir_of "$2" "${ssd[@]}" "${@:3}")
	s_en=$(per_io enters_of "$2" "${ssd[@]}" "${@:3}")
	row "$1" "$2" "$s_ir" "$(ratio "$s_ir" "$p_ir")" "$s_en" "$(ratio "$s_en" "$p_en")"
}

if want tags; then
	for qd in 1 32; do
		peer_row "$peer_name" "$qd"
		for tags in 1 0; do
			ssd_row "ssdnvme tags=$tags" "$qd" --tags=$tags
		done
		s_ir=$(per_io ir_of "$qd" "${ssd_default[@]}" --tags=1)
		row "ssdnvme tags=1 default intvl" "$qd" "$s_ir" \
			"$(ratio "$s_ir" "$p_ir")" - -
	done
	# SQPOLL: the SQ thread submits; neither engine should enter the kernel per I/O.
	p_en=$(per_io enters_of 1 "${peer[@]}" --sqthread_poll=1)
	s_en=$(per_io enters_of 1 "${ssd[@]}" --sqthread_poll=1)
	row "$peer_name sqthread_poll" 1 - - "$p_en" -
	row "ssdnvme sqthread_poll" 1 - - "$s_en" -
fi

# fio's random map off: the offsets come straight from the generator, so
# the per-I/O work of both engines is a larger share of what is counted.
if want map; then
	for qd in 1 32; do
		peer_row "$peer_name norandommap" "$qd" --norandommap=1
		for tags in 1 0; do
			ssd_row "ssdnvme tags=$tags norandommap" "$qd" --tags=$tags --norandommap=1
		done
	done
fi

if want pi; then
	if [ "$mode" != in-vm ]; then
		echo "engine-callgrind: the pi rows need a PI namespace: run with --vm" >&2
		exit 0
	fi
	target=/dev/ng0n2
	size=32M # metadata shares the namespace's 64 MiB image: fewer LBAs
	pi=("--pi_chk=GUARD,REFTAG,APPTAG" --apptag=0x1234 --apptag_mask=0xffff)
	# Valid PI in every LBA the reads can reach: the controller inserts it
	# (pi_act=1) on this one sequential pass.
	if ! "$FIO_BIN" --name=pi-fill --filename="$target" --size="$size" --bs=128k --rw=write \
		--iodepth=8 "${peer[@]}" --pi_act=1 "${pi[@]}" >"$tmp/pi-fill.log" 2>&1; then
		echo "engine-callgrind: writing $target with pi_act=1 failed, no pi rows:" >&2
		grep -E '^(fio|ssdnvme):|err=' "$tmp/pi-fill.log" | head -n 3 | sed 's/^/    /' >&2
		exit 1
	fi
	echo "# pi rows: $target (PI type 1, 8 bytes separate metadata), $size, ${pi[*]}"
	for qd in 1 32; do
		peer_row "$peer_name pi_act=1" "$qd" --pi_act=1 "${pi[@]}"
		ssd_row "ssdnvme pi_act=1 tags=0" "$qd" --tags=0 --pi_act=1 "${pi[@]}"
	done
	# 4k of 512-byte LBAs: 8 x 8 bytes of metadata per I/O
	peer_row "$peer_name pi_act=0" 1 --pi_act=0 --md_per_io_size=64 "${pi[@]}"
	ssd_row "ssdnvme pi_act=0 tags=0" 1 --tags=0 --pi_act=0 --md_per_io_size=64 "${pi[@]}"
fi
