# shellcheck shell=bash
# Sourced by engine-metadata.sh (its namespaces, ssd, page0, all) when the
# fio under test has io_uring_cmd's PI options (fio >= 3.36): each format
# with pi_act=0 and 1, the same jobs through ssdnvme and through fio's
# io_uring_cmd, then the LBAs engine-metadata.sh corrupted.  One fio run per
# engine and mode, a job per case (fio starts slowly under emulation).  Every
# outcome is printed as "# peer ..." and checked against expect_job and
# expect_read, which are the table in docs/engine.md: a change in either
# engine fails here until the table says so.

# set_fmt N: namespace N's format in lba (data bytes), md (metadata bytes)
# and lay (sep|ext).  No subshells here or below: each process costs in the
# emulated guest.
set_fmt() {
	lba=512 md=8 lay=sep
	case $1 in
	2 | 6) lay=ext ;;
	3) lba=4096 ;;
	4) md=16 ;;
	esac
}
# peer_fio ENGINE ARGS...: fio through ENGINE (ssdnvme or io_uring_cmd), its
# JSON in /tmp/peer.json, its messages in /tmp/peer.err.
peer_fio() {
	local e=$1
	shift
	if [ "$e" = ssdnvme ]; then
		ssd --eta=never --output-format=json --output=/tmp/peer.json "$@" 2>/tmp/peer.err
	else
		timeout 120 "$FIO_BIN" --ioengine=io_uring_cmd --cmd_type=nvme --verify_state_save=0 --eta=never \
			--output-format=json --output=/tmp/peer.json "$@" 2>/tmp/peer.err
	fi
}
# read_run: each job's error and IOPS (reads + writes) from the run's JSON
# (ssdnvme's lines about each namespace's PI mode precede it in fio's output).
declare -A job_err job_iops
read_run() {
	local name err iops
	job_err=() job_iops=()
	while read -r name err iops; do
		job_err[$name]=$err job_iops[$name]=$iops
	done < <(sed -n '/^{/,$p' /tmp/peer.json |
		jq -r '.jobs[] | "\(.jobname) \(.error) \(.read.iops + .write.iops | floor)"')
}
# outcome JOB WHERE: "pass" or "fail: the first message matching the regex
# WHERE (the device, and the offset where one job of several reads)", in got.
outcome() {
	if [ "${job_err[$1]:-}" = 0 ]; then
		got=pass
	else
		got="fail: $(grep -m1 -E "$2" /tmp/peer.err | cut -c1-150) (job error ${job_err[$1]:-none})"
	fi
}
# verdict DESC GOT WANT: one TAP line.
verdict() {
	if [ "$2" = "$3" ]; then ok "$1: $2 (docs/engine.md: $3)"; else not_ok "$1: $2 (docs/engine.md: $3)"; fi
}
# The block layer's read of the region the peer jobs wrote (MiB 8 of the
# namespace, so the first stays what the checks above left): "ok" or
# "fails: DD'S MESSAGE".  Linux gives extended LBAs without PI (6) no block
# device capacity: "n/a".
blockread8() {
	local out
	[ "$1" = 6 ] && echo n/a && return
	if out=$(dd if=/dev/nvme0n"$1" of=/dev/null bs=1M skip=8 count=1 iflag=direct 2>&1); then
		echo ok
	else
		echo "fails: $(grep -m1 'dd:' <<<"$out")"
	fi
}

# expect_job ENGINE NS: "JOB BLOCK_LAYER", in want, as docs/engine.md's
# table gives them.  fio's io_uring_cmd sets PRCHK's reference-tag bit on
# type 3, which has no reference tag: the controller refuses every command.
expect_job() {
	case $1:$2 in
	io_uring_cmd:3) want="fail ok" ;;
	*:6) want="pass n/a" ;;
	*) want="pass ok" ;;
	esac
}
# format_jobs ACT: one job per namespace, 1 MiB at MiB 8, write + verify
# (extended PI with pi_act=0: a write, then a read the engines check, last).
format_jobs() {
	local act=$1 ns lba md lay bs off size
	for ns in 1 2 3 4 5 6 7; do
		set_fmt "$ns"
		bs=4k off=8M size=1M
		# extended LBAs carry their metadata in the buffer unless PRACT strips PI
		if [ "$lay" = ext ] && { [ "$ns" = 6 ] || [ "$act" = 0 ]; }; then
			bs=4160 off=$((8 * 1024 * 2 * 520)) size=1040k
		fi
		[ "$ns" = 2 ] && [ "$act" = 0 ] && continue
		printf '%s\n' --name="ns$ns" --filename=/dev/ng0n"$ns" --bs="$bs" --offset="$off" --size="$size" \
			--rw=randwrite --verify=crc32c
		[ "$lay" = sep ] && printf '%s\n' --md_per_io_size=$((4096 * md / lba))
	done
	if [ "$act" = 0 ]; then # no verify= with PI in the buffer
		printf '%s\n' --name=ns2w --filename=/dev/ng0n2 --bs=4160 --offset=$((8 * 1024 * 2 * 520)) \
			--size=1040k --rw=write --stonewall --name=ns2 --filename=/dev/ng0n2 --bs=4160 \
			--offset=$((8 * 1024 * 2 * 520)) --size=1040k --rw=read --stonewall
	fi
}
page0 >/tmp/peer0.before
for act in 0 1; do
	for e in ssdnvme io_uring_cmd; do
		mapfile -t jobs < <(format_jobs "$act")
		# shellcheck disable=SC2154 # all: engine-metadata.sh sets it
		peer_fio "$e" --iodepth=8 --pi_act="$act" --pi_chk="$all" "${jobs[@]}"
		read_run
		echo "# peer formats, $e pi_act=$act: ran by ${SECONDS}s"
		for ns in 1 2 3 4 5 6 7; do
			set_fmt "$ns"
			outcome "ns$ns" "/dev/ng0n$ns"
			bl=$(blockread8 "$ns")
			echo "# peer ng0n$ns $lba+$md $lay pi_act=$act $e: job ${got}; block layer: ${bl}; IOPS ${job_iops[ns$ns]:-}"
			expect_job "$e" "$ns"
			verdict "peer ng0n$ns pi_act=$act $e: job, block layer" "${got%%:*} ${bl%%:*}" "$want"
		done
	done
done
page0 >/tmp/peer0.after
check "peer: guest physical page 0 unchanged by both engines' runs with a metadata buffer" \
	cmp /tmp/peer0.before /tmp/peer0.after
check_fails "peer io_uring_cmd: no md_per_io_size on 512+8 without PI is refused (fio >= 3.36)" \
	"md_per_io_size should be at least 64 bytes" \
	timeout 60 "$FIO_BIN" --ioengine=io_uring_cmd --cmd_type=nvme --name=u --filename=/dev/ng0n5 --rw=read \
	--bs=4k --size=4k

# The LBAs engine-metadata.sh corrupted: "NS LBA FIELD CHK OTHERS", read
# with pi_chk=CHK (a failure is expected) and with the other fields.
CORRUPTED="1 16 guard GUARD REFTAG,APPTAG
1 24 apptag APPTAG GUARD,REFTAG
1 32 reftag REFTAG GUARD,APPTAG
4 16 guard GUARD REFTAG,APPTAG
3 3 apptag APPTAG GUARD,REFTAG
2 16 guard GUARD REFTAG,APPTAG
7 16 reftag REFTAG GUARD,APPTAG"
# expect_read ENGINE NS PI_CHK CORRUPTED_FIELD_CHK: in want, "fail" when the
# corrupted field is checked, else "pass"; io_uring_cmd fails any REFTAG
# check on type 3.
expect_read() {
	want=pass
	[ "$3" = "$4" ] && want=fail
	case $1:$2:$3 in
	io_uring_cmd:3:*REFTAG*) want=fail ;;
	esac
}
corrupt_jobs() {
	local act=$1 ns at field chk others lba md lay bs off c
	while read -r ns at field chk others; do
		set_fmt "$ns"
		bs=4k off=$((at * lba))
		[ "$lay" = ext ] && [ "$act" = 0 ] && bs=4160 off=$((at * 520))
		for c in "$chk" "$others"; do
			printf '%s\n' --name="n$ns-$at-${c//,/+}" --filename=/dev/ng0n"$ns" --bs="$bs" --offset="$off" \
				--size="$bs" --pi_chk="$c"
			[ "$lay" = sep ] && printf '%s\n' --md_per_io_size=$((4096 * md / lba))
		done
	done <<<"$CORRUPTED"
}
for act in 0 1; do
	for e in ssdnvme io_uring_cmd; do
		mapfile -t jobs < <(corrupt_jobs "$act")
		peer_fio "$e" --rw=read --pi_act="$act" "${jobs[@]}"
		read_run
		echo "# peer corrupted LBAs, $e pi_act=$act: ran by ${SECONDS}s"
		while read -r ns at field chk others; do
			set_fmt "$ns"
			off=$((at * lba))
			[ "$lay" = ext ] && [ "$act" = 0 ] && off=$((at * 520))
			for c in "$chk" "$others"; do
				outcome "n$ns-$at-${c//,/+}" "/dev/ng0n$ns.* offset[= ]${off}[ ,]"
				echo "# peer ng0n$ns corrupted $field at LBA $at, pi_act=$act pi_chk=$c $e: $got"
				expect_read "$e" "$ns" "$c" "$chk"
				verdict "peer ng0n$ns corrupted $field pi_act=$act pi_chk=$c $e" "${got%%:*}" "$want"
			done
		done <<<"$CORRUPTED"
	done
done
echo "# peer cases: ${SECONDS}s"
