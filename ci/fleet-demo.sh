#!/usr/bin/env bash
# `make fleet-demo`: the suite across a fleet, end to end.  Boots GUESTS
# test-bed guests side by side (tests/vm/fleet; default 3), each with its own
# emulated NVMe controller (serial fleet0001, fleet0002, ...: the drives are
# told apart) and fio --server on a forwarded 127.0.0.1 port (QEMU user
# networking, restrict=on: no traffic leaves this host), then from this host,
# through fio's client/server mode (jobs/ssdnvme-suite --hosts), runs on
# every guest at once a short 4K random-read curve on namespace 1 and a short
# noisy neighbor on its six namespaces, each guest's drive confirmed by its
# serial.  Ends with fiorank's report of the fleet: each host's drive its
# own entrant, in the terminal and in an HTML report.  Emulated figures say
# nothing about real drives: this shows the pipeline.
#
#   make fleet-demo [GUESTS=N] [RESULTS=DIR]
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP"
stamp=$(date +%Y%m%d-%H%M%S)
results=${RESULTS:-$TOP/build/fleet-demo/$stamp}
guests=${GUESTS:-3}
mkdir -p "$results"
results=$(cd "$results" && pwd)

say() { printf '\n== %s\n' "$*" >&2; }

say "booting $guests test-bed guests, each with its own NVMe controller and fio --server (about a minute)"
t0=$SECONDS
# What runs on this host while the guests serve: FLEET_HOSTS (the runner's
# --hosts) and FLEET_SERIALS come from tests/vm/fleet.
# shellcheck disable=SC2016 # expanded by the inner shell
tests/vm/fleet --guests "$guests" --timeout 1200 --out "$results/guests" -- bash -c '
	set -e
	results=$1
	confirm=()
	for s in $FLEET_SERIALS; do confirm+=(--yes-destroy "$s"); done
	suite=(jobs/ssdnvme-suite --short --engine ssdnvme --hosts "$FLEET_HOSTS" "${confirm[@]}")
	echo "== 4K random-read curve on ns1 of every host: $FLEET_NAMES" >&2
	"${suite[@]}" --suite profiles --profiles 4k-randread --steps 10,50,100 \
		--results "$results/curve" /dev/ng0n1
	echo "== noisy neighbor on every host: writers on ns1-3, readers on ns4-6" >&2
	"${suite[@]}" --suite noisy-neighbor --results "$results/noisy-neighbor" /dev/ng0n1
' _ "$results"
say "the fleet ran and powered down in $((SECONDS - t0)) s"

say "the fleet's report (fiorank: each host's drive its own entrant)"
set +e
build/fiorank "$results/curve" "$results/noisy-neighbor"
rc=$?
build/fiorank --format html -o "$results/report.html" "$results/curve" "$results/noisy-neighbor" 2>/dev/null
set -e
say "results: $results (per-step fio JSON with each host's client_stats, manifests with each host's drive and system); HTML report: $results/report.html"
# fiorank exits 1 when it skipped an input; the demo's job is to show the report.
[ $rc -le 1 ]
