#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-engine-peer.sh): ssdnvme against fio's
# own io_uring_cmd engine, the peer.  Same workload, same data on disk, IOPS
# within noise.  Figures land in $OUT/peer.json.
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
out=${OUT:-/tmp}
ssd="--ioengine=external:$ENGINE"
peer="--ioengine=io_uring_cmd --cmd_type=nvme"

# -- same data on disk: one seeded random-write job through each engine,
# each on its own namespace, then the two namespaces are compared.
same() {
	fio_cmd --name=same "$@" --rw=randwrite --bs=4k --iodepth=16 --size=16M --randseed=4242 \
		--refill_buffers --verify_state_save=0 >/tmp/same.$$ 2>&1 || { cat /tmp/same.$$; return 1; }
}
# shellcheck disable=SC2086  # $ssd and $peer are option lists, split on purpose
check "seeded randwrite through ssdnvme (ng0n5)" same $ssd --filename=/dev/ng0n5
# shellcheck disable=SC2086  # as above
check "seeded randwrite through io_uring_cmd (ng0n6)" same $peer --filename=/dev/ng0n6
a=$(dd if=/dev/nvme0n5 bs=1M count=16 iflag=direct 2>/dev/null | md5sum)
b=$(dd if=/dev/nvme0n6 bs=1M count=16 iflag=direct 2>/dev/null | md5sum)
z=$(head -c 16M /dev/zero | md5sum)
check "both engines left the same 16 MiB on disk" test "$a" = "$b"
check "... and it is not just zeroes" test "$a" != "$z"

# -- the same fixed amount of 4 KiB random reads at QD 1 and QD 32 through
# each engine: both must finish every I/O without error and, at QD 32,
# really keep 32 in flight.  How fast each was is a benchmark's question
# (bench/engine-vs-peer.sh), not a test's: the figures are printed and kept
# in $OUT/peer.json for reading, never asserted.
reads() { # ENGINE-ARGS... -> prints "ios errors iops depth32_pct"
	fio_cmd --name=perf "$@" --filename=/dev/ng0n1 --rw=randread --bs=4k --size=32M \
		--randrepeat=0 --output-format=json --output=/tmp/perf.json >/dev/null 2>&1 || return 1
	jq -r '.jobs[0] | "\(.read.total_ios) \(.error) \(.read.iops) \(.iodepth_level["32"] // 0)"' /tmp/perf.json
}
echo '{}' >"$out/peer.json"
for qd in 1 32; do
	# shellcheck disable=SC2086  # $ssd and $peer are option lists, split on purpose
	s=$(reads $ssd --iodepth=$qd) p=$(reads $peer --iodepth=$qd)
	echo "# QD$qd (ios errors iops depth32%) ssdnvme: $s / io_uring_cmd: $p"
	jq --arg qd "qd$qd" --arg s "$s" --arg p "$p" '.[$qd] = {ssdnvme: $s, io_uring_cmd: $p}' \
		"$out/peer.json" >/tmp/p.json && mv /tmp/p.json "$out/peer.json"
	read -r s_ios s_err _ s_d32 <<<"$s"
	# shellcheck disable=SC2034  # p_d32 named like s_d32 (the field after it) but not checked
	read -r p_ios p_err _ p_d32 <<<"$p"
	check "QD$qd: ssdnvme read all 8192 blocks without error" test "${s_ios:-0}" = 8192 -a "${s_err:-1}" = 0
	check "QD$qd: io_uring_cmd read all 8192 blocks without error" test "${p_ios:-0}" = 8192 -a "${p_err:-1}" = 0
	if [ "$qd" = 32 ]; then
		check "QD32: ssdnvme kept 32 in flight most of the time (${s_d32:-?} %)" \
			awk -v d="${s_d32:-0}" 'BEGIN { exit !(d >= 50) }'
	fi
done
tap_done
