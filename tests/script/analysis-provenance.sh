#!/usr/bin/env bash
# Every fiorank report says which drive and which run it is (issue 13), on
# real runs: the suite in the emulated NVMe test bed (QEMU NVMe Ctrl, serial
# deadbeef, firmware 7.2.22; short and full mode), the suite on a /dev/shm
# file with a steady-state preconditioning that was NOT reached, and plain
# fio with neither manifest nor engine file (tests/data/README.md).
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=tests/data/fio
SHORT=$D/testbed/short-4k-randread
FR=("$FIORANK" -r analysis/reference)

for fmt in text md csv json html; do
	"${FR[@]}" -f "$fmt" "$SHORT" >"$tmp/short.$fmt" 2>"$tmp/err.$fmt"
	check "-f $fmt of the test-bed run exits 0" test $? -eq 0
	for want in "QEMU NVMe Ctrl" deadbeef 7.2.22 "67108864 B (64.0 MiB)" fio-3.33 "ssdnvme 0.1" \
		"/dev/ng0n1 on testbed" "2026-12-01T08:15:47Z"; do
		check "-f $fmt header names $want" grep -qF -- "$want" "$tmp/short.$fmt"
	done
done
# the fields themselves, from the JSON
jq -r '.provenance.drives[] | [.drive, .model, .serial, .firmware, .lba_size, .namespaces,
	.target, .mode, .method] | join("|")' "$tmp/short.json" >"$tmp/prov"
check "JSON provenance of ns1: model, serial, firmware, 512 B LBAs, namespace 1, nvme-char, short mode, method" \
	grep -qx "QEMU NVMe Ctrl deadbeef ns1|QEMU NVMe Ctrl|deadbeef|7.2.22|512|1|nvme-char|short|4k-randread: 128 outstanding, 4 KiB, 100 % read, 3 s steps" "$tmp/prov"
check "JSON provenance of ns3: 4096 B LBAs, namespace 3" \
	grep -qx "QEMU NVMe Ctrl deadbeef ns3|QEMU NVMe Ctrl|deadbeef|7.2.22|4096|3|nvme-char|short|.*" "$tmp/prov"
check "drives are labelled by model, serial and namespace, not by device node" \
	bash -c "! jq -r '.drives[].label' '$tmp/short.json' | grep -qx 'ng0n[13]'"
check "CSV carries the same fields as provenance rows" \
	grep -qx 'provenance,,QEMU NVMe Ctrl deadbeef ns3,,lba_size,,,,,,,,,,,,0,4096,,,,,,,,,,,,,,,,,,,,,,,,,,,,,,' "$tmp/short.csv"
check "the HTML header has the drives-and-runs table" grep -q '<table class="provenance">' "$tmp/short.html"

"${FR[@]}" -f json $D/testbed/full-4k-randread >"$tmp/full.json"
check "a full-mode run says mode full and 30 s steps" \
	bash -c "jq -r '.provenance.drives[0] | .mode + \"|\" + .method' '$tmp/full.json' | grep -qx 'full|4k-randread: 128 outstanding, 4 KiB, 100 % read, 30 s steps'"

# a steady state NOT reached is visible everywhere and exits 1
SS=$D/plain/steady-state
"${FR[@]}" "$SS" >"$tmp/ss.txt" 2>"$tmp/ss.err"
check "a steady state NOT reached exits 1" test $? -eq 1
check "stderr says whose steady state was NOT reached" \
	grep -qx 'fiorank: fair-ss.img: steady state NOT reached after 3 rounds (fewer than 5 rounds)' "$tmp/ss.err"
check "the text header shows the verdict and the preconditioning done" \
	bash -c "grep -Eq '^  steady_state +NOT reached after 3 rounds' '$tmp/ss.txt' && grep -Eq '^  preconditioning +3 of 3 preconditioning runs done' '$tmp/ss.txt'"
# counted per drive from the manifest's runs: a failed one is not done, one
# of another drive is not this drive's
cp -r "$SS" "$tmp/ss2"
jq '.runs[1].status = "failed" | .runs += [.runs[0] | .drive = "other" | .id = "other-pc"]' \
	"$SS/manifest.json" >"$tmp/ss2/manifest.json"
"${FR[@]}" "$tmp/ss2" >"$tmp/ss2.txt" 2>/dev/null
check "preconditioning counts the drive's runs that are done, of the drive's runs" \
	grep -Eq '^  preconditioning +2 of 3 preconditioning runs done' "$tmp/ss2.txt"
"${FR[@]}" -f html "$SS" >"$tmp/ss.html" 2>/dev/null
check "the HTML marks the verdict" grep -q '<td class="l warn">NOT reached after 3 rounds' "$tmp/ss.html"
"${FR[@]}" -f json "$SS" >"$tmp/ss.json" 2>/dev/null
check "the JSON flags it" bash -c "jq -e '.provenance.steady_state_not_reached == true' '$tmp/ss.json' >/dev/null"
"${FR[@]}" -q "$SS" >/dev/null 2>"$tmp/ssq.err"
rc=$?
check "-q keeps the exit status (1) but not the message" bash -c "[ $rc -eq 1 ] && ! [ -s '$tmp/ssq.err' ]"

# the namespaces shown for a result are the ones its runs used: make demo's
# two test-bed runs of /dev/ng0n1 (the 4k-randread curve on ns1 alone, the
# noisy neighbor on ns1-6; the io_uring_cmd check names ng0n1..6 in its
# jobs' filename=) are not all labelled "ns1,2,3,4,5,6"
TB=$D/testbed
"${FR[@]}" -f csv "$TB/short-4k-randread" "$TB/short-noisy-neighbor" >"$tmp/ns.csv" 2>/dev/null
python3 - "$tmp/ns.csv" >"$tmp/ns" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
curve = sorted({r["drive"] for r in rows if r["section"] == "peak"})
nn = sorted({r["drive"] for r in rows if r["section"] in ("nn", "nn_cross_check")})
ns = {r["drive"]: r["detail"] for r in rows if r["section"] == "provenance" and r["step"] == "namespaces"}
print("curve=" + "|".join(curve))
print("nn=" + "|".join(nn))
print("ns1=" + ns.get("QEMU NVMe Ctrl deadbeef ns1", "-"))
PY
check "the 4k-randread curves are labelled with the namespace each ran on (ns1, ns3)" \
	grep -qx 'curve=QEMU NVMe Ctrl deadbeef ns1|QEMU NVMe Ctrl deadbeef ns3' "$tmp/ns"
check "the noisy-neighbor runs (engine and io_uring_cmd check) are labelled ns1-6" \
	grep -qx 'nn=QEMU NVMe Ctrl deadbeef ns1,2,3,4,5,6|QEMU NVMe Ctrl deadbeef ns1,2,3,4,5,6 (io_uring_cmd)' "$tmp/ns"
check "the ns1 curve's header lists namespace 1 only" grep -qx 'ns1=1' "$tmp/ns"

# plain fio: nothing but the fio output says anything
"${FR[@]}" -f json $D/plain/qd1-4k-randread.json >"$tmp/plain.json"
check "plain fio: fio version and date from its output, the rest 'not recorded'" \
	bash -c "jq -r '.provenance.drives[0] | [.fio, .model, .mode, .target] | join(\"|\")' '$tmp/plain.json' | grep -qx 'fio-3.33|not recorded|not recorded|not recorded'"
# plain fio through the engine (the README's noisy-neighbor line): the date
# from fio's own timestamp, as for a curve (issue 38: 'not recorded', as a
# noisy-neighbor run has no curve peak)
nnd=$D/testbed/short-noisy-neighbor/ng0n1/noisy-neighbor/noisy-neighbor
mkdir -p "$tmp/nn" && cp "$nnd/ssdnvme.json" "$tmp/nn/nn.json" && cp "$nnd/ssdnvme.engine.json" "$tmp/nn/nn.engine.json"
when=$(date -u -d "@$(sed -n '/^{/,$p' "$tmp/nn/nn.json" | jq .timestamp)" +%Y-%m-%dT%H:%M:%SZ)
"${FR[@]}" -f json -d ng0n1 "$tmp/nn/nn.json" >"$tmp/nn.json" 2>/dev/null
check "plain fio noisy neighbor with its engine file: the date is fio's timestamp ($when)" \
	jq -e --arg w "$when (fio output)" '.provenance.drives[0].date == $w' "$tmp/nn.json"
# plain fio, no manifest: host, CPU, kernel and device from the engine file's
# "system" (issue 38: 'not recorded'); a test-bed run, tests/data/README.md
pnn=$D/testbed/plain-noisy-neighbor
"${FR[@]}" -f json -d ng0n1 "$pnn/nn.json" >"$tmp/pnn.json" 2>/dev/null
check "plain fio noisy neighbor: host, cpu, kernel and device from the engine file's system" \
	jq -e --slurpfile e "$pnn/nn.engine.json" '$e[0].system as $s | .provenance.drives[0] |
	.host == $s.host and .cpu == $s.cpu and .kernel == $s.kernel and
	.device == "\($s.device.path) (\($s.device.major_minor)) on \($s.host)"' "$tmp/pnn.json"
tap_done
