#!/usr/bin/env bash
# The cost of protection information per I/O, and the guard CRCs'
# throughput: the engine's (engine/io/pi.c, pi_crc.c) against fio's own.
#
#   bench/pi-cost.sh [N]     N calls per kernel per timed round (default 5000)
#
# What is compared.  fio 3.33 (the pinned fio) has no PI for io_uring_cmd:
# its only per-block CRCs are verify's, crc16 (poly 0x8005) and crc64
# (ECMA-182), byte-at-a-time tables like the engine's CRC-16 T10-DIF and
# CRC-64 NVMe: the same technique on other polynomials, so the ratio is one
# of like work, not of like results.  A fio tree with PI (3.36 and newer)
# has fio_crc_t10dif and fio_crc64_nvme: when the fio the engine is built
# against has them (symbols in its crc/ objects) they are compared too,
# result for result.  The engine has no CRC32C guard (PIF 1 is refused), so
# none is measured.
#
# Kernels, one 4 KiB I/O each: gen16/chk16 = PI of 8 x 512+8 LBAs (16-bit
# guard, type 1, all of pi_chk), gen64/chk64 = 1 x 4096+16 (64-bit guard);
# crc16/crc64 = the engine's guard CRC over 4 KiB; fio-* = fio's.
#  1. callgrind instructions per call, deterministic: (Ir at 600 calls - Ir
#     at 100) / 500.
#  2. CPU time (CLOCK_PROCESS_CPUTIME_ID) per call, 9 interleaved rounds (each
#     round runs every kernel, the order turned by one), median and range;
#     MB/s over the 4 KiB.
# Ratios are engine / fio: above 1.00 the engine spends more.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
N=${1:-5000}
[[ $N =~ ^[1-9][0-9]*$ ]] || { echo "pi-cost: N wants a positive count, got '$N'" >&2; exit 2; }
OUT=${OUT:-$TOP/build/bench}
FIO_SRC=${FIO_SRC:-$TOP/build/fio-3.33}
mkdir -p "$OUT"
BIN=$OUT/pi-cost

for o in crc16 crc64; do
	[ -f "$FIO_SRC/crc/$o.o" ] || {
		echo "pi-cost: $FIO_SRC/crc/$o.o missing: build fio first (make)" >&2
		exit 1
	}
done
objs=("$FIO_SRC/crc/crc16.o" "$FIO_SRC/crc/crc64.o")
defs=()
# fio_crc_t10dif's object is crc/crct10dif_common.o in fio 3.36 and newer
for o in crct10dif_common crc_t10dif; do
	if [ -f "$FIO_SRC/crc/$o.o" ] && nm "$FIO_SRC/crc/$o.o" | grep -q ' T fio_crc_t10dif$'; then
		objs+=("$FIO_SRC/crc/$o.o")
		defs+=(-DHAVE_FIO_T10DIF)
		break
	fi
done
if nm "$FIO_SRC/crc/crc64.o" | grep -q ' T fio_crc64_nvme$'; then
	defs+=(-DHAVE_FIO_CRC64_NVME)
fi

cd "$TOP"
gcc -std=gnu11 -Wall -Wextra -Werror -O2 -g -D_GNU_SOURCE "${defs[@]}" -Iengine/io \
	bench/pi-cost.c engine/io/pi.c engine/io/pi_crc.c "${objs[@]}" -pthread -o "$BIN"

echo "# fio tree: $FIO_SRC ($(sed 's/.*= //' "$FIO_SRC/FIO-VERSION-FILE" 2>/dev/null))"
[ ${#defs[@]} -gt 0 ] || echo "# it has no PI CRCs (fio_crc_t10dif, fio_crc64_nvme): compared with verify's crc16/crc64"

ir() { # KERNEL COUNT -> total Ir
	local f=$OUT/pi-cost.cg.$$
	valgrind --tool=callgrind --callgrind-out-file="$f" "$BIN" "$1" "$2" >/dev/null 2>"$f.err" ||
		{ cat "$f.err" >&2; return 1; }
	sed -n 's/^summary: //p' "$f"
	rm -f "$f" "$f.err"
}

kernels=$("$BIN" rounds 1 | awk '{ print $1 }')
declare -A IR NS LO HI
echo "== callgrind instructions per call ((Ir@600 - Ir@100) / 500)"
for k in $kernels; do
	a=$(ir "$k" 100)
	b=$(ir "$k" 600)
	IR[$k]=$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.1f", (b - a) / 500 }')
	printf '%-16s %10s Ir\n' "$k" "${IR[$k]}"
done

echo "== CPU time per call, 9 interleaved rounds of $N calls each (median [min-max])"
while read -r k med lo hi; do
	NS[$k]=$med LO[$k]=$lo HI[$k]=$hi
done < <("$BIN" rounds "$N")
for k in $kernels; do
	printf '%-16s %8s ns [%s-%s]  %8.0f MB/s\n' "$k" "${NS[$k]}" "${LO[$k]}" "${HI[$k]}" \
		"$(awk -v ns="${NS[$k]}" 'BEGIN { print 4096 / ns * 1000 }')"
done

ratio() { # ENGINE FIO: a line of both measures' ratios
	[ -n "${IR[$2]:-}" ] || return 0
	printf '%-32s Ir %5.2f   CPU time %5.2f\n' "$1 / $2" \
		"$(awk -v s="${IR[$1]}" -v p="${IR[$2]}" 'BEGIN { print s / p }')" \
		"$(awk -v s="${NS[$1]}" -v p="${NS[$2]}" 'BEGIN { print s / p }')"
}
echo "== engine / fio (per 4 KiB)"
ratio crc16 fio-crc-t10dif
ratio crc64 fio-crc64-nvme
ratio crc16 fio-crc16
ratio crc64 fio-crc64
# PI per I/O against what fio 3.33 spends per block on verify's CRC of it
ratio gen16 fio-crc16
ratio chk16 fio-crc16
ratio gen64 fio-crc64
ratio chk64 fio-crc64
