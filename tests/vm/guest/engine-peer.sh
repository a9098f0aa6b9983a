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
check "seeded randwrite through ssdnvme (ng0n5)" same $ssd --filename=/dev/ng0n5
check "seeded randwrite through io_uring_cmd (ng0n6)" same $peer --filename=/dev/ng0n6
a=$(dd if=/dev/nvme0n5 bs=1M count=16 iflag=direct 2>/dev/null | md5sum)
b=$(dd if=/dev/nvme0n6 bs=1M count=16 iflag=direct 2>/dev/null | md5sum)
z=$(head -c 16M /dev/zero | md5sum)
check "both engines left the same 16 MiB on disk" test "$a" = "$b"
check "... and it is not just zeroes" test "$a" != "$z"

# -- IOPS: 4 KiB random reads at QD 1 and QD 32, three rounds alternating the
# engines so that drift in the emulator hits both alike.
iops() { # ENGINE-ARGS... -> prints "iops cpu_s ios"
	fio_cmd --name=perf "$@" --filename=/dev/ng0n1 --rw=randread --bs=4k --time_based --runtime=3 \
		--ramp_time=1 --norandommap --randrepeat=0 --output-format=json --output=/tmp/perf.json >/dev/null 2>&1 || return 1
	jq -r '.jobs[0] | "\(.read.iops) \((.usr_cpu + .sys_cpu) / 100 * .job_runtime / 1000) \(.read.total_ios)"' /tmp/perf.json
}
echo '{}' >"$out/peer.json"
for qd in 1 32; do
	s=() p=()
	for round in 1 2 3; do
		s+=("$(iops $ssd --iodepth=$qd)") p+=("$(iops $peer --iodepth=$qd)")
	done
	if printf '%s\n' "${s[@]}" "${p[@]}" | grep -qvE '^[0-9.]+ [0-9.e+-]+ [0-9]+$'; then
		not_ok "QD$qd: a perf run failed"
		continue
	fi
	ratio=$(printf '%s\n' "${s[@]}" | awk '{ a += $1 } END { printf "%.6f", a }')
	ratio=$(printf '%s\n' "${p[@]}" | awk -v a="$ratio" '{ b += $1 } END { printf "%.3f", a / b }')
	jq --arg qd "qd$qd" --arg s "${s[*]}" --arg p "${p[*]}" --argjson r "$ratio" \
		'.[$qd] = {ssdnvme: $s, io_uring_cmd: $p, iops_ratio: $r}' "$out/peer.json" >/tmp/p.json &&
		mv /tmp/p.json "$out/peer.json"
	echo "# QD$qd (iops cpu_s ios per run) ssdnvme: ${s[*]} / io_uring_cmd: ${p[*]} / ratio $ratio"
	# Under emulation, shared with other work, the noise is large: only a
	# ratio far below 1 means something is wrong.
	if awk -v r="$ratio" 'BEGIN { exit !(r >= 0.5) }'; then
		ok "QD$qd 4k randread: ssdnvme/io_uring_cmd IOPS ratio $ratio >= 0.5"
	else
		not_ok "QD$qd 4k randread: ssdnvme/io_uring_cmd IOPS ratio $ratio < 0.5"
	fi
done
tap_done
