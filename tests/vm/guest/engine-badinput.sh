#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-engine-badinput.sh): bad inputs must
# give a clear message and a non-zero fio exit, never a crash or a hang.
# The namespace detach comes last: it changes the controller.
# shellcheck disable=SC2086  # $rd (like $eng) is an option list, split on purpose
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
eng="--ioengine=external:$ENGINE"
ssd() { timeout 120 "$BASH" -c "$(declare -f fio_cmd); fio_cmd --verify_state_save=0 $eng \"\$@\"" ssd "$@"; }
rd="--rw=read --bs=4k --size=1M"

check_fails "missing device" "/dev/ng0n9: no such device" ssd --name=b --filename=/dev/ng0n9 $rd
check_fails "non-NVMe char device /dev/null" "/dev/null is a character device but not an NVMe namespace" \
	ssd --name=b --filename=/dev/null $rd
check_fails "non-NVMe char device /dev/zero (write job: nothing written)" "/dev/zero is a character device but not an NVMe" \
	ssd --name=b --filename=/dev/zero --rw=write --bs=4k --size=1M
check_fails "controller without namespaces=" "/dev/nvme0 is an NVMe controller, not a namespace: .*namespaces=" \
	ssd --name=b --filename=/dev/nvme0 $rd
check_fails "bs=512 on the 4096-byte namespace" "/dev/ng0n3 has 4096-byte LBAs: bs \(read\)=512 is not a multiple of 4096" \
	ssd --name=b --filename=/dev/ng0n3 --rw=read --bs=512 --size=1M
check_fails "bs=6k on the 4096-byte namespace (write)" "/dev/ng0n3 has 4096-byte LBAs: bs \(write\)=6144" \
	ssd --name=b --filename=/dev/ng0n3 --rw=write --bs=6k --size=1M
check_fails "offset not on an LBA boundary" "/dev/ng0n3 has 4096-byte LBAs: offset=1024" \
	ssd --name=b --filename=/dev/ng0n3 --rw=read --bs=4k --size=1M --offset=1024
check_fails "offset past capacity" "/dev/ng0n1 has 131072 512-byte LBAs \(67108864 bytes\): offset=134217728 is past its capacity" \
	ssd --name=b --filename=/dev/ng0n1 --rw=read --bs=4k --size=1M --offset=128M
check_fails "size runs past capacity" "size=67108864 from offset 1048576 runs past its capacity" \
	ssd --name=b --filename=/dev/ng0n1 --rw=read --bs=4k --size=64M --offset=1M
check_fails "namespace id that does not exist" "namespace 9 does not exist on controller nvme0 \(attached namespaces: 1,2,3,4,5,6\)" \
	ssd --name=b --filename=/dev/nvme0 --namespaces=1,9 $rd
check_fails "unknown engine option" "unrecognized option '--frobnicate" \
	ssd --name=b --filename=/dev/ng0n1 --frobnicate=1 $rd
check_fails "registerfiles with openfiles < nrfiles" "registerfiles needs openfiles \(1\) equal to nrfiles \(3\)" \
	ssd --name=b --filename=/dev/nvme0 --namespaces=1-3 --openfiles=1 --registerfiles $rd
# Placement asked of a namespace whose endurance group has no FDP (this boot's
# subsystem has none): refused with the device's answer, nothing written.
check_fails "ssdnvme_fdp=1 on a namespace without FDP" \
	"/dev/ng0n1: reclaim unit handle status \(I/O Management Receive\) of nsid 1: .*no Flexible Data Placement enabled .*placement refused" \
	ssd --name=b --filename=/dev/ng0n1 --rw=write --bs=4k --size=64k --ssdnvme_fdp=1

# Options nothing would read on this namespace (issue 36 row 5): ns1 of this
# boot has no metadata and its endurance group no FDP.
check_fails "pi_chk= on a namespace without PI is refused" \
	"^ssdnvme: pi_chk=GUARD,REFTAG: no file of job 'b' has metadata \(/dev/ng0n1" \
	ssd --name=b --filename=/dev/ng0n1 $rd --pi_chk=GUARD,REFTAG
check_fails "md_per_io_size= on a namespace without metadata is refused" \
	"^ssdnvme: md_per_io_size=4096: no file of job 'b' has metadata \(/dev/ng0n1" \
	ssd --name=b --filename=/dev/ng0n1 $rd --md_per_io_size=4096
check_fails "ssdnvme_plids= without ssdnvme_fdp=1 is refused (nothing written)" \
	"^ssdnvme: ssdnvme_plids=0-1 without ssdnvme_fdp=1" \
	ssd --name=b --filename=/dev/ng0n1 --rw=write --bs=4k --size=64k --ssdnvme_plids=0-1

check_fails "hipri on a block device through the page cache" "hipri: /dev/nvme0n1 is used through the page cache \(direct=0\); polled completions need direct I/O" \
	ssd --name=b --filename=/dev/nvme0n1 --hipri --direct=0 $rd

# Permission: an unprivileged user on the root-only char device.
if command -v setpriv >/dev/null; then
	check_fails "no permission on /dev/ng0n1 explains what is needed" "needs root or CAP_SYS_ADMIN" \
		setpriv --reuid=65534 --regid=65534 --clear-groups "$BASH" -c \
		"$(declare -f fio_cmd); fio_cmd --name=b $eng --filename=/dev/ng0n1 $rd"
else
	skip "setpriv not available"
fi

# Mounted namespace: writes refused naming the mount point; reads allowed.
mkdir -p /tmp/mnt
modprobe ext4 2>/dev/null # a module in Debian's kernel
if mkfs.ext4 -q -F /dev/nvme0n2 >/dev/null 2>&1 && mount /dev/nvme0n2 /tmp/mnt; then
	check_fails "write to a mounted namespace is refused, naming the mount point" \
		"refusing to write to /dev/ng0n2: its block device /dev/nvme0n2 .* is mounted on /tmp/mnt; set allow_mounted_write=1" \
		ssd --name=b --filename=/dev/ng0n2 --rw=write --bs=4k --size=1M
	check_fails "trim of a mounted namespace is refused" "mounted on /tmp/mnt" \
		ssd --name=b --filename=/dev/ng0n2 --rw=trim --bs=4k --size=1M
	check_fails "namespaces= including a mounted one is refused" "/dev/ng0n2: its block device /dev/nvme0n2" \
		ssd --name=b --filename=/dev/nvme0 --namespaces=1-2 --rw=write --bs=4k --size=1M
	check "reading a mounted namespace is allowed" ssd --name=b --filename=/dev/ng0n2 $rd
	check "the file system on it survived" test -d /tmp/mnt/lost+found
	umount /tmp/mnt
else
	not_ok "could not mkfs/mount /dev/nvme0n2 for the mounted-namespace check"
fi

# A namespace formatted between two jobs of one fio run (issue 36 row 1):
# ng0n3 goes from 4096-byte to 512-byte LBAs in the second job's
# exec_prerun.  The second job was set up at fio's start; with that
# geometry it wrote 128 KiB at [128K,256K) when asked for [1M,2M), exit 0.
# It must refuse before any I/O, naming what changed, and write nothing.
idns=$(nvme id-ns /dev/ng0n3 -o json)
lbaf_was=$(jq '.flbas % 16' <<<"$idns")
lbaf_512=$(jq '[.lbafs[] | .ds == 9 and .ms == 0] | index(true)' <<<"$idns")
ssd --name=before --filename=/dev/ng0n3 --rw=write --bs=4k --size=1M \
	--name=after --stonewall --exec_prerun="nvme format /dev/nvme0n3 --lbaf=$lbaf_512 --force" \
	--filename=/dev/ng0n3 --rw=write --bs=4k --offset=1M --size=1M >/tmp/fmt.out 2>&1
rc=$?
if [ $rc -ne 0 ] && [ $rc -lt 124 ] &&
	grep -Eq '^ssdnvme: /dev/ng0n3: namespace 3 changed format since fio set the job up \(was [0-9]+ LBAs of 4096 bytes, .*now [0-9]+ LBAs of 512 bytes' /tmp/fmt.out; then
	ok "namespace formatted between two jobs: the second refuses (exit $rc), naming the change"
else
	not_ok "namespace formatted between two jobs: exit $rc"
	sed 's/^/# /' /tmp/fmt.out | tail -15
fi
grep '^ssdnvme: /dev/ng0n3' /tmp/fmt.out | sed 's/^/# /'
check "... the format took (ng0n3 has 512-byte LBAs now)" \
	test "$(jq '.lbafs[.flbas % 16].ds' <<<"$(nvme id-ns /dev/ng0n3 -o json)")" = 9
check "... and nothing was written after it (the first 2 MiB read as the format left them: zeroes)" \
	cmp -n 2097152 /dev/nvme0n3 /dev/zero
nvme format /dev/nvme0n3 --lbaf="$lbaf_was" --force >/dev/null 2>&1
check "ng0n3 formatted back to 4096-byte LBAs" \
	test "$(jq '.lbafs[.flbas % 16].ds' <<<"$(nvme id-ns /dev/ng0n3 -o json)")" = 12

# An NVMe completion error: the namespace is detached from the controller
# while a job runs.  fio must stop with an error, the engine must name the
# failure once (not once per I/O), and nothing may hang.
cntlid=$(nvme id-ctrl /dev/nvme0 -o json | jq .cntlid)
# The detach waits until fio's progress line shows reads completing (a fixed
# sleep raced with a slow start under load: detached before any I/O).
ssd --name=detach --filename=/dev/ng0n5 --rw=randread --bs=4k --iodepth=8 --time_based --runtime=30 \
	--eta=always --eta-newline=1 >/tmp/detach.eta 2>/tmp/detach.out &
job=$!
for _ in $(seq 250); do
	grep -Eq '\[r=([1-9][0-9]*|[0-9.]+k) IOPS\]' /tmp/detach.eta && break
	kill -0 $job 2>/dev/null || break
	sleep 0.2
done
grep -Eq '\[r=([1-9][0-9]*|[0-9.]+k) IOPS\]' /tmp/detach.eta ||
	not_ok "detach: fio showed no completed reads within 50 s (detaching anyway)"
nvme detach-ns /dev/nvme0 --namespace-id=5 --controllers="$cntlid" >/tmp/detach.nvme 2>&1
wait $job
rc=$?
if [ $rc -ne 0 ] && [ $rc -lt 124 ]; then
	ok "detached namespace mid-run: fio exits non-zero ($rc), no crash, no hang"
else
	not_ok "detached namespace mid-run: fio exit $rc"
	sed 's/^/# /' /tmp/detach.nvme /tmp/detach.out | tail -20
fi
reports=$(grep -c '^ssdnvme: /dev/ng0n5: ' /tmp/detach.out)
if [ "$reports" -ge 1 ] && [ "$reports" -le 3 ]; then
	ok "the failure is reported once per distinct status ($reports line(s))"
else
	not_ok "the failure was reported $reports times"
	sed 's/^/# /' /tmp/detach.out | tail -20
fi
grep '^ssdnvme: /dev/ng0n5: ' /tmp/detach.out | sed 's/^/# /'
check "the report names what failed and where" grep -Eq '^ssdnvme: /dev/ng0n5: .+ on nsid 5, read at offset [0-9]+' /tmp/detach.out
# shellcheck disable=SC2015  # ok only prints
! grep -q Sanitizer /tmp/detach.out && ok "no sanitizer report during the detach" || not_ok "sanitizer report during the detach"
tap_done
