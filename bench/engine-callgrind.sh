#!/usr/bin/env bash
# User-space instructions and io_uring_enter calls per I/O: ssdnvme against
# fio's own engine, 4k randread at QD1 and QD32, tags on and off.
#
#   bench/engine-callgrind.sh          host: the file fallback vs fio's io_uring
#   bench/engine-callgrind.sh --vm     test bed: passthrough on /dev/ng0n1 vs
#                                      fio's io_uring_cmd (boots tests/vm/run)
#
# Method: fio under callgrind (thread=1, so the job runs in its process),
# the job thread's instructions (thread_main, inclusive), once with
# number_ios=1000 and once with 6000;
# (Ir(6000) - Ir(1000)) / 5000 cancels start-up and tear-down.  The
# io_uring_enter count per I/O is measured the same way with strace -c (not
# under valgrind).  Ratios are ssdnvme / peer at the same depth; <= 1.00 means
# the engine costs no more than fio's own.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
. "$TOP/tests/lib.sh"

if [ "${1:-}" = --vm ]; then
	exec "$VMRUN" --timeout 3000 -- bash "$TOP/bench/engine-callgrind.sh" --in-vm
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ "${1:-}" = --in-vm ]; then
	target=/dev/ng0n1
	peer=(--ioengine=io_uring_cmd --cmd_type=nvme)
	peer_name=io_uring_cmd
	where="test bed, passthrough $target"
else
	target=$tmp/data
	fio_cmd --name=mk --filename="$target" --size=64M --rw=write --bs=1M >/dev/null 2>&1
	peer=(--ioengine=io_uring)
	peer_name=io_uring
	where="host, file fallback ($target, O_DIRECT)"
fi
ssd=(--ioengine=external:"$ENGINE")

job() { # N QD ENGINE-OPTIONS...
	local n=$1 qd=$2
	shift 2
	echo --name=cg --thread=1 --filename="$target" --size=64M --bs=4k --rw=randread \
		--direct=1 --iodepth="$qd" --number_ios="$n" --randrepeat=1 "$@"
}

ir_of() { # N QD OPTIONS... -> total Ir of the run
	local out=$tmp/cg.$$.$RANDOM
	# shellcheck disable=SC2046
	valgrind --tool=callgrind --callgrind-out-file="$out" "$FIO_BIN" $(job "$@") >/dev/null 2>&1
	# The job thread's own instructions (thread_main, inclusive): fio's
	# clock calibration before it spins for a fixed time, so counting the
	# whole process varied by +-300 Ir/IO from run to run.
	callgrind_annotate --inclusive=yes "$out" 2>/dev/null |
		awk '/backend\.c:thread_main / { gsub(",", "", $1); print $1; exit }'
}

enters_of() { # N QD OPTIONS... -> io_uring_enter calls of the run
	local out=$tmp/st.$$.$RANDOM
	# shellcheck disable=SC2046
	strace -f -c -e trace=io_uring_enter -o "$out" "$FIO_BIN" $(job "$@") >/dev/null 2>&1
	awk '$NF == "io_uring_enter" { print ($4 ~ /^[0-9]+$/) ? $4 : $(NF-1) }' "$out" | head -n 1
}

per_io() { # what N... : (x(6000) - x(1000)) / 5000
	local a b
	a=$("$1" 1000 "${@:2}")
	b=$("$1" 6000 "${@:2}")
	awk -v a="${a:-0}" -v b="${b:-0}" 'BEGIN { printf "%.2f", (b - a) / 5000 }'
}

echo "# $where; 4k randread; per I/O = (run of 6000 I/Os - run of 1000) / 5000"
printf '%-28s %4s %10s %8s %10s %8s\n' config QD Ir/IO ratio enters/IO ratio
for qd in 1 32; do
	p_ir=$(per_io ir_of "$qd" "${peer[@]}")
	p_en=$(per_io enters_of "$qd" "${peer[@]}")
	printf '%-28s %4s %10s %8s %10s %8s\n' "$peer_name" "$qd" "$p_ir" - "$p_en" -
	for tags in 1 0; do
		s_ir=$(per_io ir_of "$qd" "${ssd[@]}" --tags=$tags)
		s_en=$(per_io enters_of "$qd" "${ssd[@]}" --tags=$tags)
		printf '%-28s %4s %10s %8s %10s %8s\n' "ssdnvme tags=$tags" "$qd" "$s_ir" \
			"$(awk -v s="$s_ir" -v p="$p_ir" 'BEGIN { printf "%.2f", (p > 0 ? s / p : 0) }')" \
			"$s_en" "$(awk -v s="$s_en" -v p="$p_en" 'BEGIN { if (p > 0) printf "%.2f", s / p; else printf "-" }')"
	done
done
# SQPOLL: the SQ thread submits; neither engine should enter the kernel per I/O.
p_en=$(per_io enters_of 1 "${peer[@]}" --sqthread_poll=1)
s_en=$(per_io enters_of 1 "${ssd[@]}" --sqthread_poll=1)
printf '%-28s %4s %10s %8s %10s %8s\n' "$peer_name sqthread_poll" 1 - - "$p_en" -
printf '%-28s %4s %10s %8s %10s %8s\n' "ssdnvme sqthread_poll" 1 - - "$s_en" -
