#!/usr/bin/env bash
# Runs inside one test-bed guest of tests/vm/fleet: names the guest NAME,
# brings its network card up (QEMU user networking, restrict=on: only the
# host's forwarded 127.0.0.1 port reaches it), starts `fio --server` on its
# port 8765, writes $OUT/ready once the server listens (QEMU's forwarded port
# accepts connections long before: a client that came then would be
# dropped), and serves until the host writes $OUT/stop.
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
while [ ! -e "$OUT/stop" ] && kill -0 "$server" 2>/dev/null; do
	sleep 0.2
done
kill "$server" 2>/dev/null
wait "$server" 2>/dev/null
exit 0
