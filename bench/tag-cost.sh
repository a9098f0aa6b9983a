#!/bin/bash
# Cost of the engine's latency tags per I/O.
#
# Result on the 2-core dev machine (2026-11-30, gcc 12.2 -O2, valgrind 3.19):
#   added Ir per I/O by the library's hooks: tags 53.2, tags+inflight 82.2,
#   tags+inflight+log 202.2; fio 3.33 itself: null 1761 Ir/IO, psync 1914
#   Ir/IO.  The engine in fio ("engine" mode): +111.7 Ir/IO at iodepth 1,
#   4.16 % (docs/tags.md, bench/tag-cost-engine.sh).
#
#   bench/tag-cost.sh [COUNT]        (default 10000000 for the timed runs)
#   bench/tag-cost.sh engine [N]     the engine in fio, tags=1 vs tags=0 (below)
#   bench/tag-cost.sh vm [SECONDS]   IOPS in the test bed, tags=1 vs tags=0
#
# "engine": fio (build/fio, --thread) with build/ssdnvme.so on its file
# fallback (a file in /dev/shm, randread 4k, iodepth QD, default 1), under
# callgrind, instructions per I/O = (Ir@N+10k - Ir@10k) / N, with tags=0 and
# tags=1.
# "vm": boots the test bed once and runs 4k randread on /dev/ng0n1, iodepth
# 8, SECONDS each, ROUNDS (6) pairs of tags=0/tags=1 in alternating order;
# IOPS per run and the mean per-pair ratio.
#
# Links bench/tag-cost.c (the tagging hooks driven with synthetic latencies)
# with the engine's own tag library (build/obj/engine/libssdtags.a),
# at -O2, then for each mode (base = no tagging, tags, tags-inflight = with the
# shared-memory controller counters, tags-log = plus the binary per-I/O log):
#  1. wall-clock ns per I/O over COUNT I/Os (noisy on a shared machine);
#  2. instructions per I/O under valgrind --tool=callgrind, deterministic:
#     (Ir at 1.1M I/Os - Ir at 0.1M I/Os) / 1M, so start-up cost cancels out.
# Then, for scale, fio's own instructions per I/O with ioengine=null and with
# ioengine=psync on a file (build/fio), measured the same way, and the tag
# cost as a percentage of each.  The engine in fio, tags on and off: the
# "engine" mode (figures in bench/tag-cost-engine.sh and docs/tags.md).
set -euo pipefail

TOP=$(cd "$(dirname "$0")/.." && pwd)
case ${1:-} in
engine | vm) exec bash "$TOP/bench/tag-cost-engine.sh" "$@" ;;
esac
COUNT=${1:-10000000}
OUT=${OUT:-$TOP/build/bench}
FIO=${FIO_BIN:-$TOP/build/fio}
mkdir -p "$OUT"
BIN=$OUT/tag-cost

cd "$TOP"
# The tag library the engine links (engine/engine.mk), plain -O2 build.
env -u SANITIZE -u BUILD make -s --no-print-directory engine-tags-lib
# shellcheck disable=SC2046  # pkg-config prints a list of flags: split on purpose
gcc -std=gnu11 -Wall -Wextra -Werror -O2 -g -D_GNU_SOURCE $(pkg-config --cflags json-c) \
	-Iengine/tags bench/tag-cost.c build/obj/engine/libssdtags.a \
	-o "$BIN" $(pkg-config --libs json-c)

MODES="base tags tags-inflight tags-log"

echo "== wall clock, $COUNT I/Os (best of 3)"
for m in $MODES; do
	best=
	for _ in 1 2 3; do
		v=$("$BIN" "$m" "$COUNT" | sed -n 's/.*, \([0-9.]*\) ns per I\/O.*/\1/p')
		if [ -z "$best" ] || awk "BEGIN{exit !($v < $best)}"; then best=$v; fi
	done
	printf '%-14s %8.2f ns/IO\n' "$m" "$best"
done

# Total instructions (Ir) of one run under callgrind.
ir() {
	local f=$OUT/callgrind.$$.out
	valgrind --tool=callgrind --callgrind-out-file="$f" "$@" >/dev/null 2>"$f.err" ||
		{ cat "$f.err" >&2; return 1; }
	sed -n 's/^summary: //p' "$f"
	rm -f "$f" "$f.err"
}

echo "== callgrind instructions per I/O ((Ir@1.1M - Ir@0.1M) / 1M)"
declare -A PER
for m in $MODES; do
	a=$(ir "$BIN" "$m" 100000)
	b=$(ir "$BIN" "$m" 1100000)
	PER[$m]=$(awk "BEGIN{printf \"%.1f\", ($b - $a) / 1000000}")
	printf '%-14s %8s Ir/IO\n' "$m" "${PER[$m]}"
done
for m in tags tags-inflight tags-log; do
	printf 'tagging cost (%s - base): %.1f Ir/IO\n' "$m" \
		"$(awk "BEGIN{print ${PER[$m]} - ${PER[base]}}")"
done

# fio's own instructions per I/O, for scale: the same difference of two runs.
# --thread keeps the job in the process callgrind follows; the file is sparse
# and made beforehand so that fio does not count laying it out.
fio_ir() {
	local engine=$1 n=$2
	ir "$FIO" --thread --name=cost --ioengine="$engine" --filename="$FIOFILE" --size=1g \
		--bs=4k --rw=randread --number_ios="$n" --norandommap --randrepeat=1 \
		--iodepth=1 --minimal
}
if [ -x "$FIO" ]; then
	FIOFILE=$OUT/tag-cost-fio.dat
	truncate -s 1g "$FIOFILE"
	echo "== fio instructions per I/O (randread 4k qd1, (Ir@60k - Ir@10k) / 50k)"
	for e in null psync; do
		a=$(fio_ir "$e" 10000)
		b=$(fio_ir "$e" 60000)
		f=$(awk "BEGIN{printf \"%.0f\", ($b - $a) / 50000}")
		printf '%-14s %8s Ir/IO; tags add %.1f %%, tags-inflight %.1f %%, tags-log %.1f %%\n' \
			"fio $e" "$f" \
			"$(awk "BEGIN{print 100 * (${PER[tags]} - ${PER[base]}) / $f}")" \
			"$(awk "BEGIN{print 100 * (${PER[tags-inflight]} - ${PER[base]}) / $f}")" \
			"$(awk "BEGIN{print 100 * (${PER[tags-log]} - ${PER[base]}) / $f}")"
	done
	rm -f "$FIOFILE"
else
	echo "== $FIO not built: fio comparison skipped (make fio)"
fi
