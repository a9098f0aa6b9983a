#!/usr/bin/env bash
# A fleet in the test bed (issue 39): three guests booted side by side by
# tests/vm/fleet, each with its own controller serial (fleet0001-3) and host
# name (fleet1-3) and fio --server on a forwarded 127.0.0.1 port.  Through
# them, from this host: a dry run with a fourth host where nothing listens
# (refused, that host named); a dry run without one host's confirmation
# (refused, naming that host and its drive's serial); then a short write
# step of the suite on all three, confirmed by their serials, whose manifest
# holds each host's own identity and system from its preflight, and which
# fiorank reports per host and as a fleet (tails of the summed bins).
# Last: no QEMU of the fleet is left.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
# shellcheck source=tests/vm/lib-fleet.sh
. "$(dirname "$0")/lib-fleet.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$TOP" || exit 1
fio=$tmp/fio
fio_cmd_script "$fio"

# What runs on this host while the guests serve (FLEET_* from tests/vm/fleet).
cat >"$tmp/inside.sh" <<'EOF'
set -u
tmp=$1 fio=$2
S() { jobs/ssdnvme-suite --fio "$fio" --engine-so "$ENGINE" --fiorank "$FIORANK" "$@"; }
printf '%s\n' "$FLEET_HOSTS" >"$tmp/hosts"
printf '%s\n' "$FLEET_SERIALS" >"$tmp/serials"
read -r s1 s2 s3 <<<"$FLEET_SERIALS"
S --suite profiles --profiles 4k-randread --short --hosts "$FLEET_HOSTS;localhost,1" --dry-run \
	--results "$tmp/plan" /dev/ng0n1 >"$tmp/dead.out" 2>&1
echo $? >"$tmp/dead.rc"
S --suite profiles --profiles 4k-randwrite --short --hosts "$FLEET_HOSTS" --yes-destroy "$s1" --yes-destroy "$s2" \
	--dry-run --results "$tmp/plan" /dev/ng0n1 >"$tmp/unconfirmed.out" 2>&1
echo $? >"$tmp/unconfirmed.rc"
S --suite noisy-neighbor --short --hosts "$FLEET_HOSTS" --yes-destroy "$s1" --yes-destroy "$s2" --yes-destroy "$s3" \
	--dry-run --results "$tmp/plan" /dev/ng0n1 >"$tmp/nn.out" 2>&1
echo $? >"$tmp/nn.rc"
S --suite profiles --profiles 4k-randwrite --steps 10 --runtime 1 --ramp 0 --region 8M \
	--hosts "$FLEET_HOSTS" --yes-destroy "$s1" --yes-destroy "$s2" --yes-destroy "$s3" \
	--results "$tmp/r" /dev/ng0n1 >"$tmp/run.out" 2>&1
echo $? >"$tmp/run.rc"
S --suite noisy-neighbor --runtime 1 --ramp 0 --region 8M \
	--hosts "$FLEET_HOSTS" --yes-destroy "$s1" --yes-destroy "$s2" --yes-destroy "$s3" \
	--results "$tmp/nnr" /dev/ng0n1 >"$tmp/nnrun.out" 2>&1
echo $? >"$tmp/nnrun.rc"
EOF
fleet_run_checked 500 "$tmp" "$fio"

IFS=';' read -r -a hosts <<<"$(cat "$tmp/hosts" 2>/dev/null)"
read -r -a serials <<<"$(cat "$tmp/serials" 2>/dev/null)"
check "three hosts and three serials (fleet0001-3)" test "${#hosts[@]} ${serials[*]}" = "3 fleet0001 fleet0002 fleet0003"

check "dry run with a dead fourth host: refused (exit 2)" grep -qx 2 "$tmp/dead.rc"
check "dry run with a dead fourth host: that host is named" \
	grep -qF "host localhost,1 cannot be reached by fio's client" "$tmp/dead.out"
check "dry run without the third confirmation: refused (exit 2)" grep -qx 2 "$tmp/unconfirmed.rc"
check "dry run without the third confirmation: the host and its drive's serial are named" \
	grep -qF "refusing to write to /dev/ng0n1 on ${hosts[2]:-?} (QEMU NVMe Ctrl, serial fleet0003" "$tmp/unconfirmed.out"
check "dry run without the third confirmation: the first two hosts pass it" \
	bash -c '! grep -qE "refusing to write to /dev/ng0n1 on ($1|$2) " "$3"' _ "${hosts[0]:-?}" "${hosts[1]:-?}" "$tmp/unconfirmed.out"

check "noisy neighbor's dry run on the fleet passes (exit $(cat "$tmp/nn.rc" 2>/dev/null))" grep -qx 0 "$tmp/nn.rc"
grep -qx 0 "$tmp/nn.rc" 2>/dev/null || tail -n 8 "$tmp/nn.out" | sed 's/^/# /'
for i in 0 1 2; do
	check "... and names what it writes and reads on ${hosts[i]:-?}: nsid 1-3 and 4-6's nodes from its preflight" \
		grep -qxF "  noisy neighbor on ${hosts[i]:-?}: WRITES nsid 1-3 (/dev/ng0n1 /dev/ng0n2 /dev/ng0n3), reads nsid 4-6 (/dev/ng0n4 /dev/ng0n5 /dev/ng0n6)" "$tmp/nn.out"
done
# noisy neighbor run for real on the fleet (both engines): every host's
# victims and writers did I/O (make fleet-demo found the servers refusing
# the victims' tag logs, which have nowhere to go on a server).
check "noisy neighbor ran on all three hosts (exit $(cat "$tmp/nnrun.rc" 2>/dev/null))" grep -qx 0 "$tmp/nnrun.rc"
grep -qx 0 "$tmp/nnrun.rc" 2>/dev/null || tail -n 15 "$tmp/nnrun.out" | sed 's/^/# /'
check "noisy neighbor: both engines' runs done, each host's readers and writers did I/O" \
	bash -c 'jq -e "[.runs[] | select(.suite == \"noisy-neighbor\") | .status] == [\"done\", \"done\"]" "$1/manifest.json" >/dev/null &&
		for f in "$1"/ng0n1/noisy-neighbor/noisy-neighbor/*.json; do
			sed -n "/^{/,\$p" "$f" | jq -e "[.client_stats[] | select(.jobname != \"All clients\")] as \$c |
				(\$c | map(.hostname + \",\" + (.port | tostring)) | unique | length == 3) and
				all(\$c[] | select(.jobname | startswith(\"nn-read\")); .read.total_ios > 0) and
				all(\$c[] | select(.jobname | startswith(\"nn-write\")); .write.total_ios > 0)" >/dev/null || exit 1
		done' _ "$tmp/nnr"
check "the step ran on all three hosts (exit $(cat "$tmp/run.rc" 2>/dev/null))" grep -qx 0 "$tmp/run.rc"
grep -qx 0 "$tmp/run.rc" 2>/dev/null || tail -n 15 "$tmp/run.out" | sed 's/^/# /'
m=$tmp/r/manifest.json
for i in 0 1 2; do
	h=${hosts[i]:-?} n=$((i + 1))
	check "manifest: $h's drive is its own (serial fleet000$n, QEMU NVMe Ctrl, 512-byte LBAs, 64 MiB)" \
		jq -e --arg h "$h" --arg s "fleet000$n" '[.drives[] | select(.host == $h)] | length == 1 and
			(.[0] | .serial == $s and .model == "QEMU NVMe Ctrl" and .kind == "nvme-char" and .nsid == 1 and
			 .lba_size == 512 and .capacity_bytes == 67108864)' "$m"
	check "manifest: $h's system is the guest's (host fleet$n, Linux kernel, fio)" \
		jq -e --arg h "$h" --arg n "fleet$n" --arg v "$("$FIO_BIN" --version)" \
		'.systems[$h] | .host == $n and (.kernel | startswith("Linux ")) and .fio == $v' "$m"
done
f=$tmp/r/ng0n1/profiles/4k-randwrite/10.json
check "what the servers ran asks the engine for no results file (the path would be this host's)" \
	bash -c '! grep -q "^ssdnvme_results=" "$1" && grep -q "^identity_note\|^ioengine=external:" "$1"' _ "${f%.json}.fio"
check "the step's fio JSON holds the three hosts' results and fio's All clients" \
	jq -e '([.client_stats[] | select(.jobname != "All clients")] | length == 3) and
		all(.client_stats[] | select(.jobname != "All clients"); .write.total_ios > 0) and
		any(.client_stats[]; .jobname == "All clients")' <(sed -n '/^{/,$p' "$f")

# fiorank on this run's results (cheap: no guest time): each host's drive
# its own entrant with its serial, and the step's fleet row whose tails are
# those of every host's json+ bins summed (recomputed here from the JSON).
"$FIORANK" -N -f json "$tmp/r" >"$tmp/rank.json" 2>"$tmp/rank.err"
check "fiorank reads the fleet's results (exit $?)" test -s "$tmp/rank.json"
check "fiorank: three entrants, each host's drive by its own serial (fleet0001-3) and host name" \
	jq -e '[.provenance.drives[] | [.serial, (.host | split(" ")[0])]] | sort ==
		[["fleet0001", "fleet1"], ["fleet0002", "fleet2"], ["fleet0003", "fleet3"]]' "$tmp/rank.json"
check "fiorank: the step's fleet row of 3 hosts has the summed bins' p99 and p99.99" \
	python3 "$TOP/tests/fleet_row.py" "$f" "$tmp/rank.json"
tap_done
