#!/usr/bin/env bash
# jobs/ssdnvme-suite --hosts: two fio servers on this machine (loopback
# addresses 127.0.0.1 and 127.0.0.2, so they carry different host names in
# fio's output), one suite run of a short curve through both, and results
# that name both hosts.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
cleanup() {
	local p
	for p in "$tmp"/server*.pid; do
		[ -s "$p" ] && kill "$(cat "$p")" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
target=$tmp/target
truncate -s 64M "$target"

# Two free ports, one per server (above tests/vm/fleet's range, 18000-28400:
# run-all runs host tests beside the test beds).
ports=()
for p in $(seq $((40000 + $$ % 20000)) $((40100 + $$ % 20000))); do
	ss -Hltn "sport = :$p" 2>/dev/null | grep -q . && continue
	ports+=("$p")
	[ ${#ports[@]} = 2 ] && break
done
addrs=(127.0.0.1 127.0.0.2)
for i in 0 1; do
	timeout 10 "$FIO_BIN" --server="ip:${addrs[i]},${ports[i]}" --daemonize="$tmp/server$i.pid" \
		>"$tmp/server$i.log" 2>&1
done
up=0
for _ in $(seq 1 100); do
	ss -Hltn "sport = :${ports[0]}" | grep -q . && ss -Hltn "sport = :${ports[1]}" | grep -q . && up=1 && break
	sleep 0.1
done
check "two fio servers listen on ${addrs[0]}:${ports[0]} and ${addrs[1]}:${ports[1]}" test $up = 1

h0=${addrs[0]},${ports[0]} h1=${addrs[1]},${ports[1]}
# The engine's preflight job on its own: identity_note=1 prints the
# identity and reads nothing; the same job without it reads the file.
pf() { SSDNVME_NO_SUMMARY=1 fio_cmd --output-format=json --name=pf --ioengine=external:"$ENGINE" --filename="$target" --rw=read --size=1M "$@" 2>&1; }
pf_out=$(pf --identity_note=1)
check "identity_note=1: one identity line naming the file, this host and its kernel" \
	jq -e --arg p "$target" --arg k "$(uname -srm)" '.path == $p and .kind == "file" and .exists == true and
		.size_bytes == 67108864 and .kernel == $k and .in_use == null' \
	<<<"$(sed -n 's/^ssdnvme-identity: //p' <<<"$pf_out")"
check "identity_note=1: no I/O (0 bytes read)" jq -e '.jobs[0].read.io_bytes == 0 and .jobs[0].error == 0' \
	<<<"$(sed -n '/^{/,$p' <<<"$pf_out")"
check "without identity_note the same job reads its 1 MiB" jq -e '.jobs[0].read.io_bytes == 1048576' \
	<<<"$(pf | sed -n '/^{/,$p')"
fio_ver=$("$FIO_BIN" --version)
before=$(stat -c '%s %Y' "$target")
# The dry run's preflight asks each server, through fio's client, for what
# its device is (the engine's identity_note=1, a job without I/O): the list
# of checks names what that proved there.
plan=$(jobs/ssdnvme-suite --fio "$FIO_BIN" --fiorank "$FIORANK" --suite profiles --profiles 4k-randwrite --short \
	--yes-destroy "$h0:$target" --yes-destroy "$h1:$target" --hosts "$h0;$h1" --dry-run --results "$tmp/plan" "$target" 2>&1)
rc=$?
check "--hosts dry run with both confirmations passes (exit $rc)" test $rc = 0
[ $rc = 0 ] || printf '%s\n' "$plan" | tail -n 8 | sed 's/^/# /'
check "--hosts dry run: this host's checks are the tools and the space, nothing about the devices" \
	grep -qxE 'checks passed on this host: fiorank runs, room for the results \([0-9.]+ [KMGT]?i?B needed, [0-9.]+ [KMGT]?i?B free\)' <<<"$plan"
for h in "$h0" "$h1"; do
	check "--hosts dry run: $h's preflight: reachable, the same fio, the engine loads there, the target identified and confirmed" \
		grep -qxF "checks passed for $h (its preflight): reachable, $fio_ver (the same as here), the engine loads into that server's fio, the kind and identity of each target, the write confirmation" <<<"$plan"
	check "--hosts dry run: $h's drive described from its preflight (a file there)" \
		grep -qxF "drive target on $h: the file $target" <<<"$plan"
done
check "--hosts dry run: no claim of a mount check on a file" bash -c '! grep -E "^checks passed.*mount" <<<"$1"' _ "$plan"
check "the dry run and its preflight wrote nothing: the target's size and time are as before" \
	test "$(stat -c '%s %Y' "$target")" = "$before"
check "the dry run made no results directory" test ! -e "$tmp/plan"
check_fails "--hosts: a write to a file on a server needs HOST:PATH" "confirm with --yes-destroy $h1:$target" \
	jobs/ssdnvme-suite --fio "$FIO_BIN" --fiorank "$FIORANK" --suite profiles --profiles 4k-randwrite --short \
	--yes-destroy "$h0:$target" --hosts "$h0;$h1" --dry-run --results "$tmp/plan" "$target"
check_fails "--hosts: a host that does not resolve is named, even in a dry run" \
	"host nohost.invalid cannot be reached by fio's client" \
	jobs/ssdnvme-suite --fio "$FIO_BIN" --fiorank "$FIORANK" --suite profiles --profiles 4k-randread --short \
	--hosts "nohost.invalid;$h0" --dry-run --results "$tmp/plan" "$target"
# A port where nothing listens: the client's refusal, the host named.
check_fails "--hosts: a host where no fio server listens is named" "host 127.0.0.1,1 cannot be reached" \
	jobs/ssdnvme-suite --fio "$FIO_BIN" --fiorank "$FIORANK" --suite profiles --profiles 4k-randread --short \
	--hosts "$h0;127.0.0.1,1" --dry-run --results "$tmp/plan" "$target"
check_fails "--hosts: a device missing on a server is named with its host" "host $h0: $tmp/nothere does not exist there" \
	jobs/ssdnvme-suite --fio "$FIO_BIN" --fiorank "$FIORANK" --suite profiles --profiles 4k-randread --short \
	--hosts "$h0" --dry-run --results "$tmp/plan" "$tmp/nothere"
# A client of another fio version (a wrapper that says so): fio's
# client/server protocol differs between versions.
printf '#!/bin/sh\n[ "$1" = --version ] && { echo fio-0.0-other; exit 0; }\nexec "%s" "$@"\n' "$FIO_BIN" >"$tmp/fio-other"
chmod +x "$tmp/fio-other"
check_fails "--hosts: a server whose fio differs from this host's is named" \
	"host $h1 runs $fio_ver, this host's fio is fio-0.0-other" \
	jobs/ssdnvme-suite --fio "$tmp/fio-other" --fiorank "$FIORANK" --suite profiles --profiles 4k-randread --short \
	--hosts "$h0;$h1" --dry-run --results "$tmp/plan" "$target"

r=$tmp/results
out=$(timeout 120 jobs/ssdnvme-suite --fio "$FIO_BIN" --fiorank "$FIORANK" --suite profiles --engine io_uring \
	--profiles 4k-randread --steps 10 --runtime 1 --ramp 1 \
	--hosts "$h0;$h1" --results "$r" "$target" 2>&1)
rc=$?
check "the suite runs through both servers (exit $rc)" test $rc = 0
[ $rc = 0 ] || printf '%s\n' "$out" | tail -n 20 | sed 's/^/# /'
for s in peak 10; do
	f=$r/target/profiles/4k-randread/$s.json
	check "$s: one result per host plus All clients, both host names" jq -e --arg a "${addrs[0]}" --arg b "${addrs[1]}" '
		([.client_stats[] | select(.jobname != "All clients") | .hostname] | sort == [$a, $b])
		and any(.client_stats[]; .jobname == "All clients")' \
		<(sed -n '/^{/,$p' "$f")
	check "$s: the job name carries profile and step" jq -e --arg n "4k-randread@$s" \
		'[.client_stats[] | select(.jobname != "All clients") | .jobname] | unique == [$n]' <(sed -n '/^{/,$p' "$f")
done
check "the manifest lists both hosts" jq -e --arg a "${addrs[0]},${ports[0]}" --arg b "${addrs[1]},${ports[1]}" \
	'.hosts == [$a, $b] and (.drives | length == 2) and ([.drives[].host] == [$a, $b])' "$r/manifest.json"
check "the manifest does not claim one machine's CPU and kernel for the servers (system null)" \
	jq -e 'has("system") and .system == null' "$r/manifest.json"
check "the manifest records each server's name, kernel, CPU and fio from its preflight" \
	jq -e --arg a "$h0" --arg b "$h1" --arg k "$(uname -srm)" --arg n "$(hostname)" --arg v "$fio_ver" '
		(.systems | keys) == ([$a, $b] | sort) and
		all(.systems[]; .host == $n and .kernel == $k and .fio == $v and (.cpu | type) == "string")' "$r/manifest.json"
check "the manifest's drives carry what each server's preflight found (a file of 64 MiB)" \
	jq -e 'all(.drives[]; .kind == "file" and .capacity_bytes == 67108864)' "$r/manifest.json"
# Each host gets half of the 10 % step: the rate per job is divided by the
# number of hosts, so the total stays 10 % of the combined peak.  (Checked on
# the job text and on each host's share; the achieved total is only checked
# to be capped, since this machine's load shifts between the peak run and the
# step.)
f=$r/target/profiles/4k-randread/10.json
fj() { sed -n '/^{/,$p' "$1" | jq -r "$2"; }
peak=$(fj "$r/target/profiles/4k-randread/peak.json" '[.client_stats[] | select(.jobname != "All clients") | .read.iops] | add')
want=$(awk -v p="$peak" 'BEGIN { printf "%d", p * 10 / 100 / 4 / 2 + 0.5 }')
check "the 10 % step's rate per job is peak $peak x 10 % / 4 jobs / 2 hosts = $want" \
	grep -qx "rate_iops=$want" "$r/target/profiles/4k-randread/10.fio"
read -r h1 h2 < <(fj "$f" '[.client_stats[] | select(.jobname != "All clients") | .read.iops] | @tsv')
check "both hosts ran, each capped at its half: $h1 and $h2 IOPS <= 4 x $want (+15 %)" \
	awk -v a="$h1" -v b="$h2" -v w="$want" 'BEGIN { exit !(a > 0 && b > 0 && a < 1.15 * 4 * w && b < 1.15 * 4 * w) }'
check "the step was capped: $h1 + $h2 IOPS at most 10 % of the peak (+15 %)" \
	awk -v a="$h1" -v b="$h2" -v w="$want" 'BEGIN { exit !(a > 0 && b > 0 && a + b < 1.15 * w * 8) }'
check "what each server ran is self-contained (no include, no \${VAR})" \
	bash -c "! grep -Eq '^include|\\\$\\{' '$r/target/profiles/4k-randread/10.fio'"
tap_done
