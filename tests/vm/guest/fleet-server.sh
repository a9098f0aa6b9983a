#!/usr/bin/env bash
# Runs inside one test-bed guest of tests/vm/fleet: names the guest NAME,
# brings its network card up (QEMU user networking, restrict=on: only the
# host's forwarded 127.0.0.1 port reaches it), starts `fio --server` on its
# port 8765, writes $OUT/ready once the server listens (QEMU's forwarded port
# accepts connections long before: a client that came then would be
# dropped), and serves until the host writes $OUT/stop.
# Device faults on the host's word (tests/vm/fleet --remove, or any file
# written into this guest's share): $OUT/remove removes the NVMe controller's
# PCI function (as a pulled drive: the kernel's hot-removal), answered by
# $OUT/removed naming it and when (seconds since the epoch, this guest's
# clock); a remove file that says "running" waits (at most 120 s) until a
# run's jobs are there (three fio processes or more: the server, its
# connection's backend, a job), then 1 s more: a fault timed by the guest's
# own run, however slow the emulation (the loop runs at nice -20 and forks
# nothing while it waits: fio's polling jobs would starve it); $OUT/rescan rescans the PCI bus (the drive comes
# back), answered by $OUT/rescanned once a generic node is there again.
#
#   tests/vm/guest/fleet-server.sh NAME [SANITIZE]
set -u
name=${1:?usage: fleet-server.sh NAME [SANITIZE]}
export SANITIZE=${2:-}
export PATH=$PATH:/usr/sbin:/sbin
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../../lib.sh"
fail() {
	echo "fleet-server $name: $*" >&2
	echo "$*" >"$OUT/failed"
	exit 1
}
hostname "$name" || fail "cannot set the host name"
modprobe virtio_net || fail "modprobe virtio_net failed"
for _ in $(seq 1 50); do
	[ -e /sys/class/net/eth0 ] && break
	sleep 0.1
done
if ! ip link set eth0 up || ! ip addr add 10.0.2.15/24 dev eth0; then fail "cannot bring eth0 up"; fi
# fio's server opens the client's --output name in its own directory
# (fio's behaviour): /tmp is the guest's, writable, and private.
cd /tmp || fail "no /tmp"
fio_cmd --server=ip:10.0.2.15,8765 >"$OUT/server.log" 2>&1 &
server=$!
# Listening: port 8765 (0x223D) in state 0A (LISTEN) in /proc/net/tcp.
listening() { grep -q ' 0F02000A:223D [0-9A-F:]* 0A ' /proc/net/tcp; }
for _ in $(seq 1 300); do
	listening && break
	kill -0 "$server" 2>/dev/null || fail "fio --server ended: $(tail -n 3 "$OUT/server.log")"
	sleep 0.1
done
listening || fail "fio --server does not listen on 10.0.2.15:8765 after 30 s"
echo "$name" >"$OUT/ready"
# the fault triggers below must not wait behind fio's polling jobs
renice -n -20 $$ >/dev/null 2>&1
# remove_nvme: hot-removes every NVMe controller's PCI function.
remove_nvme() {
	local c pci said="" t0
	local how="" comm n p
	read -r how <"$OUT/remove"
	if [ "$how" = running ]; then
		for _ in $(seq 1 1200); do
			n=0
			for p in /proc/[0-9]*/comm; do
				read -r comm <"$p" 2>/dev/null && [ "$comm" = fio ] && n=$((n + 1))
			done
			[ "$n" -ge 3 ] && break
			sleep 0.1
		done
		sleep 1
	fi
	rm -f "$OUT/remove"
	t0=$(date +%s.%N)
	for c in /sys/class/nvme/nvme*; do
		[ -e "$c/device/remove" ] || continue
		pci=$(basename "$(readlink -f "$c/device")")
		echo 1 >"$c/device/remove" && said+="${said:+ }${c##*/} $pci"
	done
	echo "${said:-no NVMe controller to remove} from $t0 to $(date +%s.%N)" >"$OUT/removed"
}
# rescan_pci: the PCI bus rescanned; rescanned once an ng node is back.
rescan_pci() {
	echo 1 >/sys/bus/pci/rescan
	for _ in $(seq 1 100); do
		compgen -G '/dev/ng*n1' >/dev/null && break
		sleep 0.1
	done
	ls /dev/ng* >"$OUT/rescanned" 2>&1
}
while [ ! -e "$OUT/stop" ] && kill -0 "$server" 2>/dev/null; do
	if [ -e "$OUT/remove" ]; then
		remove_nvme
	fi
	if [ -e "$OUT/rescan" ]; then
		rm -f "$OUT/rescan"
		rescan_pci
	fi
	sleep 0.2
done
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
exit 0
