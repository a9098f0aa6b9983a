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

# Two free ports, one per server.
ports=()
for p in $(seq $((20000 + $$ % 20000)) $((20100 + $$ % 20000))); do
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
# The dry run's list of checks names only those made: on this host the
# tools and the space; for each server the confirmation; and what could not
# be checked there (mounts, the engine in the server's fio...).
plan=$(jobs/ssdnvme-suite --fio "$FIO_BIN" --fiorank "$FIORANK" --suite profiles --profiles 4k-randwrite --short \
	--yes-destroy "$h0:$target" --yes-destroy "$h1:$target" --hosts "$h0;$h1" --dry-run --results "$tmp/plan" "$target" 2>&1)
check "--hosts dry run: this host's checks are the tools and the space, nothing about the devices" \
	grep -qxE 'checks passed on this host: fiorank runs, room for the results \([0-9.]+ [KMGT]?i?B needed, [0-9.]+ [KMGT]?i?B free\)' <<<"$plan"
for h in "$h0" "$h1"; do
	check "--hosts dry run: $h's check is the confirmation only" \
		grep -qxF "checks passed for $h: the write confirmation $h:$target" <<<"$plan"
	check "--hosts dry run: what cannot be checked on $h says so" \
		grep -qF "not checked on $h (not visible from here): each target's kind, identity and size, the region against it, its namespaces, mounts, swap and holders, the engine loading into that server's fio" <<<"$plan"
done
check "--hosts dry run: no claim of a mount or engine check" bash -c '! grep -E "^checks passed.*(mount|engine loads)" <<<"$1"' _ "$plan"
check_fails "--hosts: a write to a path on a server needs HOST:PATH" "confirm with --yes-destroy $h1:$target" \
	jobs/ssdnvme-suite --fio "$FIO_BIN" --fiorank "$FIORANK" --suite profiles --profiles 4k-randwrite --short \
	--yes-destroy "$h0:$target" --hosts "$h0;$h1" --dry-run --results "$tmp/plan" "$target"

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
check "the manifest does not claim the servers' CPU and kernel (system null)" \
	jq -e 'has("system") and .system == null' "$r/manifest.json"
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
