#!/usr/bin/env bash
# Runs inside a test bed with metadata-carrying LBA formats
# (tests/vm/t-engine-verify.sh boots it with $PI_NS below):
#   1: 512+8 separate, PI type 1     2: 520 extended, PI type 1
#   3: 4096+8 separate, PI type 3, PI first
#   4: 512+16 separate, PI type 1, 64-bit guard
#   5: 512+8 separate, no PI         6: 520 extended, no PI
#   7: 512+8 separate, PI type 2
# Every format: write + verify with pi_act=0 and 1, the region read back
# through the block layer, guest physical page 0 untouched; corrupted PI
# fields caught by the matching pi_chk only; fio's own io_uring_cmd last
# (engine-metadata-peer.sh with fio >= 3.36).
. "$(dirname "$0")/../../lib.sh"
here=$(cd "$(dirname "$0")" && pwd)
cd /tmp || exit 1
ssd() { fio_cmd --verify_state_save=0 --ioengine=external:"$ENGINE" "$@"; }
all=GUARD,REFTAG,APPTAG
page0() { dd if=/dev/mem bs=4096 count=1 2>/dev/null | md5sum; }
# the block layer checks PI (and fails with EILSEQ): the first MiB
blockread() { dd if=/dev/nvme0n"$1" of=/dev/null bs=1M count=1 iflag=direct; }

# Separate metadata carrying a pattern: a read that sent no metadata buffer
# would DMA it to address 0 (QEMU does so for PI namespaces).
head -c 4096 /dev/zero >/tmp/zd
head -c 64 /dev/zero | tr '\0' '\245' >/tmp/a5
for ns in 1 7; do
	nvme write /dev/nvme0n$ns -s 0 -c 7 -z 4096 -y 64 -d /tmp/zd -M /tmp/a5 --prinfo=0 >/dev/null 2>&1
done
page0 >/tmp/page0.before

# -- every separate-metadata format, both PI modes: one fio run per mode,
# one job per namespace over the first 1 MiB (4 MiB for pi_act=0 on ng0n1),
# then that MiB of each through the block layer
SEP="1 3 4 5 7"
sepjobs() {
	local act=$1 ns size jobs=()
	for ns in $SEP; do
		size=1M
		[ "$ns" = 1 ] && [ "$act" = 0 ] && size=4M
		jobs+=(--name="ns$ns" --filename=/dev/ng0n"$ns" --size="$size")
	done
	ssd --rw=randwrite --bs=4k --iodepth=16 --verify=crc32c --pi_act="$act" --pi_chk=$all "${jobs[@]}"
}
for act in 0 1; do
	check "ng0n{${SEP// /,}}: randwrite 4k verify=crc32c, pi_act=$act pi_chk=$all" sepjobs $act
	for ns in $SEP; do
		check "ng0n$ns: pi_act=$act: the region reads back through the block layer" blockread "$ns"
	done
done
# -- extended LBAs with PI: pi_act=1 strips the 8 bytes (512-byte units);
# pi_act=0 carries the PI in the data buffer (520-byte units, no verify=)
check "ng0n2: pi_act=1: randwrite 4k verify=crc32c" \
	ssd --name=m --filename=/dev/ng0n2 --rw=randwrite --bs=4k --size=1M --iodepth=16 --verify=crc32c --pi_chk=$all
check "ng0n2: pi_act=1: the region reads back through the block layer" blockread 2
check "ng0n2: pi_act=0: write 4160-byte blocks, engine PI" \
	ssd --name=m --filename=/dev/ng0n2 --rw=write --bs=4160 --size=1040k --iodepth=16 --pi_act=0 --pi_chk=$all
check "ng0n2: pi_act=0: read back, the engine checks guard, reftag, apptag" \
	ssd --name=m --filename=/dev/ng0n2 --rw=read --bs=4160 --size=1040k --iodepth=16 --pi_act=0 --pi_chk=$all
check "ng0n2: pi_act=0: the region reads back through the block layer" blockread 2
check_fails "ng0n2: pi_act=0 with verify= is refused before any I/O" \
	"/dev/ng0n2 has PI in 8 bytes of interleaved metadata per LBA and pi_act=0 puts PI bytes into fio's data buffer" \
	ssd --name=m --filename=/dev/ng0n2 --rw=write --bs=4160 --size=4160 --pi_act=0 --verify=crc32c
check_fails "ng0n2: pi_act=0, bs=4k is refused with the 520-byte unit" \
	"bs \(write\)=4096 is not a multiple of 520" \
	ssd --name=m --filename=/dev/ng0n2 --rw=write --bs=4k --size=4M --pi_act=0
check_fails "ng0n2: pi_act=1, bs=4160 is refused with the 512-byte unit" \
	"8 bytes of PI the controller inserts and strips \(pi_act=1\), so 512 bytes each.*bs \(write\)=4160 is not a multiple of 512" \
	ssd --name=m --filename=/dev/ng0n2 --rw=write --bs=4160 --size=4160
# -- extended metadata without PI: 520-byte units, the metadata is data
check "ng0n6: randwrite of 8-LBA (4160-byte) blocks verifies" \
	ssd --name=m --filename=/dev/ng0n6 --rw=randwrite --bs=4160 --size=1040k --iodepth=16 --verify=crc32c
check_fails "ng0n6: bs=4k is refused, naming the 520-byte unit" \
	"/dev/ng0n6 has 512-byte LBAs with 8 bytes of interleaved metadata \(520 bytes each\): bs \(write\)=4096 is not a multiple of 520" \
	ssd --name=m --filename=/dev/ng0n6 --rw=write --bs=4k --size=4M
check_fails "md_per_io_size below an I/O's metadata is refused with the numbers" \
	"md_per_io_size=32 is less than the 64 bytes of separate metadata an I/O of bs \(write\)=4096 carries on /dev/ng0n1" \
	ssd --name=m --filename=/dev/ng0n1 --rw=write --bs=4k --size=4M --md_per_io_size=32
check "md_per_io_size larger than needed works" \
	ssd --name=m --filename=/dev/ng0n1 --rw=randwrite --bs=4k --size=1M --md_per_io_size=4096 --verify=crc32c
check_fails "pi_chk with an unknown field is refused" "pi_chk=GUARD,CRC: 'CRC' at position 7" \
	ssd --name=m --filename=/dev/ng0n1 --rw=read --bs=4k --size=4k --pi_chk=GUARD,CRC

# -- valid PI reads clean with every pi_chk combination, both modes: one
# fio run per format, one 64 KiB job per combination
combos() {
	local ns=$1 bs=$2 size=$3 act c jobs=()
	for act in 0 1; do
		[ "$ns" = 2 ] && [ $act = 1 ] && continue # other unit: pi_act=1 ran above
		for c in "" GUARD REFTAG APPTAG GUARD,REFTAG GUARD,APPTAG REFTAG,APPTAG "$all"; do
			jobs+=(--name="a$act-${c:-none}" --pi_act="$act")
			[ -n "$c" ] && jobs+=(--pi_chk="$c")
		done
	done
	ssd --filename=/dev/ng0n"$ns" --rw=read --bs="$bs" --size="$size" \
		--iodepth=4 "${jobs[@]}"
}
for spec in "1 4k 64k" "3 4k 64k" "4 4k 64k" "7 4k 64k" "2 4160 66560"; do
	read -r ns bs size <<<"$spec"
	check "ng0n$ns: valid PI reads clean under all 8 pi_chk combinations, pi_act=0 and 1" \
		combos "$ns" "$bs" "$size"
done

page0 >/tmp/page0.after
check "guest physical page 0 unchanged by every ssdnvme run above" cmp /tmp/page0.before /tmp/page0.after

echo "# per-format runs: ${SECONDS}s"
# -- identity and the default PI mode, in the output and the results file
# (one run, one job per namespace: ng0n1 with no PI option)
ssd --rw=read --size=64k --output=/tmp/id.out --ssdnvme_results=/tmp/id.json \
	--name=n1 --filename=/dev/ng0n1 --bs=4k \
	--name=n5 --filename=/dev/ng0n5 --bs=4k \
	--name=n2 --filename=/dev/ng0n2 --bs=4160 --size=66560 --pi_act=0 --pi_chk=GUARD \
	--name=n3 --filename=/dev/ng0n3 --bs=4k --pi_act=0 --pi_chk=GUARD \
	--name=n4 --filename=/dev/ng0n4 --bs=4k --pi_act=0 --pi_chk=GUARD \
	--name=n7 --filename=/dev/ng0n7 --bs=4k --pi_act=0 --pi_chk=GUARD >/tmp/id.err 2>&1
# with --output=FILE the engine's notes go to fio's stdout, FILE stays fio's alone
check "no PI option: the run says pi_act=1 (the controller inserts and strips PI)" \
	grep -q "/dev/ng0n1: PI type 1, 16-bit guard, PI last in 8 bytes of separate metadata: pi_act=1" /tmp/id.err
check "... on fio's stdout, not in its --output file" bash -c \
	'! grep -q "^ssdnvme: /dev/ng0n1: PI type" /tmp/id.out'
pi_of() { jq -e --arg p "/dev/ng0n$1" ".files[] | select(.path == \$p) | $2" /tmp/id.json; }
check "identity ng0n1: type 1, PI last, 16-bit guard, separate; run mode pi_act=1, pi_chk none" \
	pi_of 1 '.metadata_size == 8 and .pi.type == 1 and .pi.location == "last" and .pi.guard_bits == 16 and
		.pi.metadata_layout == "separate" and .pi.storage_tag_bits == 0 and .pi.mode.pi_act == 1 and
		.pi.mode.pi_chk == "none" and .pi.mode.apptag == 4660'
for spec in "3 3 first 16 separate" "4 1 last 64 separate" "2 1 last 16 extended" "7 2 last 16 separate"; do
	read -r ns t loc g lay <<<"$spec"
	check "identity ng0n$ns: type $t, PI $loc, $g-bit guard, $lay; pi_act=0 pi_chk=GUARD" \
		pi_of "$ns" ".pi | .type == $t and .location == \"$loc\" and .guard_bits == $g and
		.metadata_layout == \"$lay\" and .mode.pi_act == 0 and .mode.pi_chk == \"GUARD\""
done
check "identity ng0n5: metadata without PI, no PI mode" \
	pi_of 5 '.pi | .type == 0 and .mode == null and .metadata_layout == "separate"'

# -- fiorank: the provenance header shows each run's PI facts, and a report
# comparing runs of different PI modes says so
mkdir -p /tmp/fr/one
ssd --name=4k-randread --filename=/dev/ng0n1 --rw=randread --bs=4k --size=256k --output-format=json \
	--output=/tmp/fr/act1.json --ssdnvme_results=/tmp/fr/act1.engine.json >/dev/null 2>&1
ssd --name=4k-randread --filename=/dev/ng0n4 --rw=randread --bs=4k --size=256k --output-format=json \
	--output=/tmp/fr/act0.json --ssdnvme_results=/tmp/fr/act0.engine.json --pi_act=0 --pi_chk=GUARD \
	>/dev/null 2>&1
cp /tmp/fr/act1.json /tmp/fr/act1.engine.json /tmp/fr/one/
"$FIORANK" -N -f text -d act1 /tmp/fr/act1.json -d act0 /tmp/fr/act0.json >/tmp/fr.txt 2>/tmp/fr.err
check "fiorank: protection of ng0n1 in the header (type 1, 16-bit, pi_act=1)" \
	grep -qF "PI type 1, 16-bit guard, PI last, 8 B separate metadata; pi_act=1 pi_chk=none" /tmp/fr.txt
check "fiorank: protection of ng0n4 in the header (64-bit guard, pi_act=0 pi_chk=GUARD)" \
	grep -qF "PI type 1, 64-bit guard, PI last, 16 B separate metadata; pi_act=0 pi_chk=GUARD" /tmp/fr.txt
check "fiorank: says the report compares runs of different PI modes" \
	grep -qF "compares runs of different PI modes (pi_act=1 pi_chk=none, pi_act=0 pi_chk=GUARD)" /tmp/fr.err
"$FIORANK" -N -f json /tmp/fr/one >/tmp/fr1.json 2>/tmp/fr1.err
check "fiorank: one PI mode, no such warning; protection in the JSON" \
	bash -c '! grep -q "different PI modes" /tmp/fr1.err &&
		jq -e ".provenance.drives[0].protection | test(\"pi_act=1\")" /tmp/fr1.json'

# -- corrupted PI: read LBA (data + metadata) raw, flip one byte of a field,
# write it back raw (PRACT=0, no checks); the matching pi_chk must fail
# the read (engine with pi_act=0, device with pi_act=1), the others pass.
# corrupt NS LBA DATA_BYTES MD_BYTES BYTE_OFFSET (offset in the metadata,
# or in the data for extended LBAs)
corrupt() {
	local ns=$1 lba=$2 dz=$3 mz=$4 off=$5 b md=()
	[ "$mz" -gt 0 ] && md=(-y "$mz" -M /tmp/raw.md)
	nvme read /dev/nvme0n"$ns" -s "$lba" -c 0 -z "$dz" "${md[@]}" -d /tmp/raw.d --prinfo=0 >/dev/null 2>&1 || return 1
	local f=/tmp/raw.md
	[ "$mz" -gt 0 ] || f=/tmp/raw.d
	b=$(od -An -tu1 -j "$off" -N1 "$f" | tr -d ' ')
	# shellcheck disable=SC2059
	printf "$(printf '\\%03o' $((b ^ 0x10)))" | dd of="$f" bs=1 seek="$off" conv=notrunc 2>/dev/null
	nvme write /dev/nvme0n"$ns" -s "$lba" -c 0 -z "$dz" "${md[@]}" -d /tmp/raw.d --prinfo=0 >/dev/null 2>&1
}
# pi_case NS LBA FIELD CHK OTHERS STATUS: the 8 LBAs (one for 4 KiB LBAs)
# from LBA read with pi_chk=CHK must fail, by the device, naming STATUS and,
# from the engine's unchecked re-read, the LBA and the expected and found
# field; with OTHERS (the fields not corrupted) they read clean.
pi_case() {
	local ns=$1 lba=$2 field=$3 chk=$4 others=$5 status=$6 acts=${7:-0} act bs off
	for act in ${acts}; do # "0" or "0 1"
		bs=4k off=$((lba * 512))
		[ "$ns" = 3 ] && off=$((lba * 4096))
		# extended LBAs with pi_act=0 carry their 8 bytes in the buffer
		[ "$ns" = 2 ] && [ "$act" = 0 ] && bs=4160 off=$((lba * 520))
		check_fails "ng0n$ns: corrupted $field at LBA $lba: pi_act=$act pi_chk=$chk fails" \
			"$status \(SCT .*\) on nsid $ns, read .*\(the device checked $chk, pi_act=$act: .*; read again unchecked: $field at LBA $lba: expected 0x[0-9a-f]+, found 0x[0-9a-f]+\)" \
			ssd --name=c --filename=/dev/ng0n"$ns" --rw=read --bs="$bs" --offset="$off" --size="$bs" --pi_act="$act" --pi_chk="$chk"
		check "ng0n$ns: corrupted $field: pi_act=$act pi_chk=$others passes" \
			ssd --name=c --filename=/dev/ng0n"$ns" --rw=read --bs="$bs" --offset="$off" --size="$bs" --pi_act="$act" --pi_chk="$others"
	done
}
G="End-to-end Guard Check Error" A="End-to-end Application Tag Check Error" R="End-to-end Reference Tag Check Error"
# 512+8 type 1 (PI last: guard 0-1, apptag 2-3, reftag 4-7)
check "ng0n1: clean before corruption: every pi_chk field, both modes" \
	ssd --name=c --filename=/dev/ng0n1 --rw=read --bs=4k --size=64k --pi_act=0 --pi_chk=$all
corrupt 1 16 512 8 1 && pi_case 1 16 guard GUARD REFTAG,APPTAG "$G" "0 1"
check_fails "ng0n1: the block layer too refuses the corrupted guard" "" blockread 1
corrupt 1 24 512 8 3 && pi_case 1 24 "application tag" APPTAG GUARD,REFTAG "$A"
corrupt 1 32 512 8 7 && pi_case 1 32 "reference tag" REFTAG GUARD,APPTAG "$R" 1
# 512+16 64-bit guard (guard 0-7, apptag 8-9, reftag 10-15)
corrupt 4 16 512 16 7 && pi_case 4 16 guard GUARD REFTAG,APPTAG "$G"
# 4096+8 type 3, PI first: no reference tag check (the bit is not sent)
corrupt 3 3 4096 8 3 && pi_case 3 3 "application tag" APPTAG GUARD,REFTAG "$A"
# 520 extended type 1: the PI follows each LBA's 512 data bytes
corrupt 2 16 520 0 513 && pi_case 2 16 guard GUARD REFTAG,APPTAG "$G" "0 1"
# type 2: reference tag from the command's initial reference tag
corrupt 7 16 512 8 7 && pi_case 7 16 "reference tag" REFTAG GUARD,APPTAG "$R"

echo "# corruption cases: ${SECONDS}s"
# -- fio's own io_uring_cmd as the peer.  With fio >= 3.36 (pi_act, pi_chk,
# apptag, md_per_io_size): every format and mode, the same job through both
# engines, then the corrupted LBAs; each outcome is printed ("# peer ...")
# and checked against the table in docs/engine.md (expect_of below).
if "$FIO_BIN" --enghelp=io_uring_cmd 2>/dev/null | grep -q '^pi_act'; then
	# shellcheck source=tests/vm/guest/engine-metadata-peer.sh
	. "$here/engine-metadata-peer.sh" || not_ok "the io_uring_cmd peer cases ($here/engine-metadata-peer.sh) did not run"
else
	skip "skipped: fio $(fio_version) has no io_uring_cmd PI (pi_act, pi_chk, apptag, md_per_io_size): what it does instead follows"
	# -- fio's own io_uring_cmd (fio 3.33: no PI options, no metadata buffer).
	# The page-0 check must be able to fail: its read of metadata the device
	# holds (the pattern written raw) lands on page 0.
	nvme write /dev/nvme0n1 -s 0 -c 7 -z 4096 -y 64 -d /tmp/zd -M /tmp/a5 --prinfo=0 >/dev/null 2>&1
	page0 >/tmp/p.before
	fio_cmd --name=u --ioengine=io_uring_cmd --cmd_type=nvme --filename=/dev/ng0n1 --rw=read --bs=4k --size=4k >/dev/null 2>&1
	page0 >/tmp/p.after
	check "io_uring_cmd's read of 512+8 PI type 1 changes guest page 0 (the check can fail)" \
		bash -c '! cmp -s /tmp/p.before /tmp/p.after'
	# What it does per format, for docs/engine.md: one run, one job per
	# namespace, each job's error from fio's JSON, then the block layer.
	ujobs=()
	for ns in 1 2 3 4 5 6 7; do
		bs=4k
		case $ns in 2 | 6) bs=4160 ;; esac
		ujobs+=(--name="ns$ns" --filename="/dev/ng0n$ns" --bs="$bs")
	done
	fio_cmd --ioengine=io_uring_cmd --cmd_type=nvme --rw=randwrite --size=256k --iodepth=4 --verify=crc32c \
		--verify_state_save=0 --output-format=json --output=/tmp/u.json "${ujobs[@]}" >/dev/null 2>&1
	for ns in 1 2 3 4 5 6 7; do
		err=$(jq -r --arg j "ns$ns" '.jobs[] | select(.jobname == $j) | .error' /tmp/u.json)
		blockread "$ns" >/dev/null 2>&1 && d=ok || d=fails
		echo "# io_uring_cmd ng0n$ns: fio job error ${err:-?}, block-layer read $d"
	done
fi
tap_done
