#!/usr/bin/env bash
# Power-cut verification (issue 40 item 2, docs/power-cut.md) in the test bed:
# three boots on the same namespace images (tests/vm/run --images), each cut
# (kill -9 of QEMU) at a random point of jobs/power-cut.fio's writes (0.5-3 s
# after the first flush the tag log holds); each
# next boot checks the last one's writes with ssdnvme-powercut: 0 flushed
# writes lost or torn, and more than 0 flushed writes checked.  Then faults
# are planted in the images (tests/vm/plant-fault) and a fourth boot must
# catch and name them: a flushed write zeroed (lost) and a byte flipped in
# another (torn).
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out imgs=$tmp/img
mkdir -p "$out"
cut=${PC_CUT:-0.5-3.0} # seconds after the first logged flush: within the 16 MiB pass (over 4 s: the guest holds it to 1000 writes/s)
start=$SECONDS

# check_eq DESC WANT GOT: one TAP line for whether GOT is WANT.
check_eq() {
	if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: want $2, got ${3:-nothing}"; fi
}

# boot NAME EXPECT_RC [tests/vm/run options] -- guest arguments
boot() {
	local name=$1 want=$2 opts=() rc
	shift 2
	while [ "$1" != -- ]; do opts+=("$1"); shift; done
	shift
	"$VMRUN" --out "$out" --images "$imgs" --ns 4x16M --timeout 300 "${opts[@]}" \
		-- bash tests/vm/guest/power-cut.sh "$@" >"$tmp/$name.log" 2>&1
	rc=$?
	check_eq "$name: tests/vm/run's exit status" "$want" "$rc"
	[ "$rc" = "$want" ] || sed 's/^/# /' "$tmp/$name.log" | tail -n 15
	grep -h '^tests/vm/run: power cut' "$tmp/$name.log" | sed 's/^/# /'
}

# cut_mid_write NS: the write phase of NS ran (cleared first) and was cut,
# not ended by fio.
cut_mid_write() {
	check_eq "ns$1: the clearing pass ended before the writes" 0 "$(cat "$out/clear-ns$1.rc" 2>/dev/null)"
	if [ -e "$out/write-ns$1.rc" ]; then
		not_ok "ns$1: fio ended (status $(cat "$out/write-ns$1.rc")) before the cut: PC_CUT=$cut is too late"
	else
		ok "ns$1: the power was cut while fio wrote"
	fi
}

# clean NS: its check after the cut: PASS, 0 lost or torn flushed writes, some
# flushed writes checked, its log cut short.
clean() {
	local f=$out/check-ns$1.txt n
	sed 's/^/# /' "$f"
	check_eq "ns$1: ssdnvme-powercut's exit status" 0 "$(cat "$out/check-ns$1.rc")"
	check "ns$1: the tag log was cut short with the power" grep -q ', 1 cut short,' "$f"
	check "ns$1: no flushed write lost or torn" grep -Eq '^  flushed writes: [0-9]+ intact, 0 lost, 0 torn$' "$f"
	n=$(sed -n 's/^  flushed writes: \([0-9]*\) intact.*/\1/p' "$f")
	if [ "${n:-0}" -gt 0 ]; then ok "ns$1: $n flushed writes checked"; else not_ok "ns$1: no flushed write to check: the cut came before the first flush"; fi
	check "ns$1: verdict PASS" grep -qx 'verdict: PASS' "$f"
}

boot boot1 120 --power-cut "$cut" -- --write 1
cut_mid_write 1
boot boot2 120 --power-cut "$cut" -- --check 1 --write 2
clean 1
cut_mid_write 2
boot boot3 120 --power-cut "$cut" -- --check 2 --write 3
clean 2
cut_mid_write 3

# Faults in writes the checks above found flushed and intact: the first write
# of each pass (LBAs 0-7, 4 KiB on 512-byte LBAs) is covered by the first
# flush.  ns1: LBAs 0-7 zeroed, as if the drive dropped the write; ns2: one
# byte flipped in LBA 9, inside the write at LBAs 8-15.
"$TOP/tests/vm/plant-fault" zero "$imgs/ns1.img" 0 8 512
"$TOP/tests/vm/plant-fault" flip "$imgs/ns2.img" 9 1 512
# The last boot also runs the suite (jobs/ssdnvme-suite --suite power-cut)
# on namespace 4: its flow, refusals and manifest (tests/vm/guest/jobs-power-cut.sh).
boot boot4 0 -- --check 3 --check 1 --check 2 --then "$TOP/tests/vm/guest/jobs-power-cut.sh" 4
clean 3
for ns in 1 2; do sed 's/^/# /' "$out/check-ns$ns.txt"; done
check_eq "ns1 (planted: zeroed LBAs 0-7): ssdnvme-powercut fails" 1 "$(cat "$out/check-ns1.rc")"
check "ns1: the lost flushed write is named" \
	grep -q '^FAIL namespace 1: lost flushed write: LBAs 0-7 ' "$out/check-ns1.txt"
check "ns1: counted as 1 lost" grep -Eq '^  flushed writes: [0-9]+ intact, 1 lost, 0 torn$' "$out/check-ns1.txt"
check_eq "ns2 (planted: byte flipped in LBA 9): ssdnvme-powercut fails" 1 "$(cat "$out/check-ns2.rc")"
check "ns2: the torn flushed write is named" \
	grep -q '^FAIL namespace 2: torn flushed write: LBAs 8-15 ' "$out/check-ns2.txt"
check "ns2: counted as 1 torn" grep -Eq '^  flushed writes: [0-9]+ intact, 0 lost, 1 torn$' "$out/check-ns2.txt"
# the suite's TAP lines, relayed (its plan line says it ran to its end)
check "the suite's guest script ran to its end" grep -q '^1\.\.[1-9]' "$tmp/boot4.log"
while IFS= read -r line; do
	case $line in
	"not ok "*) not_ok "suite: ${line#not ok * - }" ;;
	"ok "*) ok "suite: ${line#ok * - }" ;;
	"# "*) echo "$line" ;;
	esac
done <"$tmp/boot4.log"
echo "# t-power-cut: 4 boots, 3 cuts, $((SECONDS - start)) s"
tap_done
