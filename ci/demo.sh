#!/usr/bin/env bash
# `make demo`: the main job end to end, ending with a ranked report.
#
# Without DEVICE: boots the emulated NVMe test bed (tests/vm/run) and runs,
# through the ssdnvme engine, a short noisy-neighbor run on the six emulated
# namespaces and a short 4K random-read curve on namespace 1 (512 B LBAs) and
# namespace 3 (4 KiB LBAs), treated as two drives; then fiorank ranks them and
# places them among the published drives, in the terminal and in an HTML
# report.  Emulated figures say nothing about real drives: this shows the
# pipeline, not a verdict.
#
# With DEVICE=/dev/ngXnY CONFIRM=SERIAL: the same short suites on that real
# namespace of this host (DESTROYS ITS DATA; CONFIRM must be the controller's
# serial, as jobs/ssdnvme-suite --yes-destroy wants).
set -euo pipefail
TOP=$(cd "$(dirname "$0")/.." && pwd)
cd "$TOP"
stamp=$(date +%Y%m%d-%H%M%S)
results=${RESULTS:-$TOP/build/demo/$stamp}
mkdir -p "$results"
suite=(jobs/ssdnvme-suite --short --engine ssdnvme)

say() { printf '\n== %s\n' "$*" >&2; }

if [ -n "${DEVICE:-}" ]; then
	[ -n "${CONFIRM:-}" ] || {
		echo "demo: DEVICE=$DEVICE given without CONFIRM=<serial>; refusing to write to it" >&2
		exit 2
	}
	say "real device $DEVICE: short 4K random-read curve, then a short write-pressure ramp"
	"${suite[@]}" --suite profiles --profiles 4k-randread --yes-destroy "$CONFIRM" \
		--results "$results/curve" "$DEVICE"
	"${suite[@]}" --suite write-pressure --wp-mbps 10:50:20 --yes-destroy "$CONFIRM" \
		--results "$results/write-pressure" "$DEVICE"
else
	say "emulated NVMe test bed: one controller, six namespaces (ns3 4 KiB); about two minutes"
	# Inside the guest the runner writes to $OUT, which comes back as $results.
	# The runner's progress (stderr) and what it prints on stdout (fio'"'"'s
	# status lines, the report) leave the guest on one serial port, in the
	# order they were written: on two they would arrive in any order.
	tests/vm/run --timeout 900 --out "$results" -- bash -c '
		set -e
		exec 2>&1
		suite=(jobs/ssdnvme-suite --short --engine ssdnvme --yes-destroy deadbeef)
		echo "== noisy neighbor: writers on ns1-3, readers on ns4-6, through namespaces=" >&2
		"${suite[@]}" --suite noisy-neighbor --results "$OUT/noisy-neighbor" /dev/ng0n1
		echo "== 4K random-read curve on ns1 (512 B) and ns3 (4 KiB)" >&2
		"${suite[@]}" --suite profiles --profiles 4k-randread --steps 10,50,100,120 \
			--results "$OUT/curve" /dev/ng0n1 /dev/ng0n3
	'
fi

say "ranked comparison (fiorank; published drives included for placement)"
set +e
build/fiorank --with-reference=p5510-vs-pm9a3 "$results"
rc=$?
build/fiorank --format html --with-reference=p5510-vs-pm9a3 -o "$results/report.html" "$results" 2>/dev/null
set -e
say "results: $results (fio JSON, engine tag files, manifests); HTML report: $results/report.html"
# fiorank exits 1 when it skipped an input; the demo's job is to show the report.
[ $rc -le 1 ]
