#!/usr/bin/env bash
# Benchmark (not a test): ssdnvme against its peers, in one go.
#   1. in the test bed: 4 KiB random reads at QD 1 and QD 32 on /dev/ng0n1,
#      ssdnvme vs fio's io_uring_cmd (NVMe passthrough both);
#   2. on the host: the file fallback vs fio's io_uring engine, on a tmpfs file
#      (direct=0 for both: the fallback's O_DIRECT default would not be a like
#      for like comparison, and older tmpfs refuses O_DIRECT).
# Prints, per pair, the IOPS ratio (ssdnvme / peer; goal >= 1.0) and user+system
# CPU seconds per million I/Os (goal: ssdnvme <= peer).  Each engine runs
# ROUNDS times (default 3), alternating; figures are sums over the rounds.
#   bench/engine-vs-peer.sh [--rounds N] [--runtime S] [--no-vm]
# Under QEMU's software emulation IOPS mostly measure the emulator: read the
# passthrough figures as "same ballpark", not as a drive's speed.
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${BUILD:-$TOP/build}
FIO_BIN=${FIO_BIN:-$TOP/build/fio}
ENGINE=${ENGINE:-$BUILD/ssdnvme.so}
rounds=3 runtime=5 vm=1
while [ $# -gt 0 ]; do
	case $1 in
	--rounds) rounds=$2; shift 2 ;;
	--runtime) runtime=$2; shift 2 ;;
	--no-vm) vm=0; shift ;;
	-h | --help) sed -n '2,12p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
	*) echo "engine-vs-peer.sh: unknown argument '$1' (see --help)" >&2; exit 2 ;;
	esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || { echo "engine-vs-peer.sh: --rounds wants a positive number, got '$rounds'" >&2; exit 2; }
[[ $runtime =~ ^[1-9][0-9]*$ ]] || { echo "engine-vs-peer.sh: --runtime wants seconds, got '$runtime'" >&2; exit 2; }
for f in "$FIO_BIN" "$ENGINE"; do
	[ -e "$f" ] || { echo "engine-vs-peer.sh: $f not found (run make)" >&2; exit 1; }
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The workload runner lives in the repository so that the guest (which sees
# the repository, not the host's /tmp) can run it too.
runner=$TOP/bench/engine-bench-runner.sh

report() { # FILE OURS PEER
	awk -v ours="$2" -v peer="$3" '
		{ iops[$1] += $2; cpu[$1] += $3; ios[$1] += $4 }
		END {
			if (!ios[ours] || !ios[peer]) { print "  (missing runs)"; exit 1 }
			co = cpu[ours] / ios[ours] * 1e6; cp = cpu[peer] / ios[peer] * 1e6
			printf "  %-34s %10.0f IOPS  %8.2f CPU s / M I/O\n", ours, iops[ours] / NR * 2, co
			printf "  %-34s %10.0f IOPS  %8.2f CPU s / M I/O\n", peer, iops[peer] / NR * 2, cp
			printf "  IOPS ratio %.3f (goal >= 1.0)   CPU per I/O ratio %.3f (goal <= 1.0)\n", iops[ours] / iops[peer], co / cp
		}' "$1"
}

# The drive-health reader (its own thread, admin log pages every 2 s) is off:
# the peer reads no health, and bench/health-cost.sh measures its cost.
ssd="--ioengine=external:$ENGINE --health=0"
if [ $vm = 1 ]; then
	echo "== NVMe passthrough in the test bed (QEMU TCG), /dev/ng0n1, ${rounds}x${runtime}s per engine"
	for qd in 1 32; do
		"$TOP/tests/vm/run" --out "$work/vm$qd" --timeout 1200 -- bash -c \
			"bash '$runner' \$OUT/runs.txt $rounds $runtime '$FIO_BIN' \
			'ssdnvme-qd$qd|/dev/ng0n1|$ssd --iodepth=$qd' \
			'io_uring_cmd-qd$qd|/dev/ng0n1|--ioengine=io_uring_cmd --cmd_type=nvme --iodepth=$qd'"
		echo "QD $qd:"
		report "$work/vm$qd/runs.txt" "ssdnvme-qd$qd" "io_uring_cmd-qd$qd"
	done
fi

echo "== File fallback on the host: tmpfs file, ${rounds}x${runtime}s per engine"
shm=/dev/shm/ssdnvme-bench.$$
"$FIO_BIN" --name=prep --filename="$shm" --size=256M --rw=write --bs=1M >/dev/null
trap 'rm -rf "$work" "$shm"' EXIT
for qd in 1 32; do
	bash "$runner" "$work/host$qd.txt" "$rounds" "$runtime" "$FIO_BIN" \
		"ssdnvme-file-qd$qd|$shm|$ssd --iodepth=$qd --size=256M --direct=0" \
		"io_uring-file-qd$qd|$shm|--ioengine=io_uring --iodepth=$qd --size=256M --direct=0"
	echo "QD $qd:"
	report "$work/host$qd.txt" "ssdnvme-file-qd$qd" "io_uring-file-qd$qd"
done
