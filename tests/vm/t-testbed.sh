#!/usr/bin/env bash
# The test bed itself: boots, exit codes, $OUT, namespace formats, timeouts,
# PI, FDP and the OCP log on QEMU 10 (one boot),
# the engine's drive-health section (tests/vm/guest/engine-health.sh, in two of
# those boots) and the io_uring_cmd baseline (tests/vm/guest/testbed-baseline.sh).
# shellcheck disable=SC2015  # every "A && ok || not_ok" here: ok only prints
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# relay_tap DESC: the TAP lines of a guest script run inside a boot whose
# output is on stdin, as this file's own; not ok unless its last line was
# "1..N" with N > 0 (the script ran to its end).
relay_tap() {
	local desc=$1 line plan=""
	while IFS= read -r line; do
		case $line in
		"not ok "*) not_ok "$desc: ${line#not ok * - }" ;;
		"ok "*) ok "$desc: ${line#ok * - }" ;;
		"# "*) echo "$line" ;;
		1..*) plan=${line#1..} ;;
		esac
	done
	[ "${plan:-0}" -gt 0 ] && ok "$desc: the guest script ran to its end" || not_ok "$desc: the guest script did not finish"
}

# One boot for the whole baseline; its TAP lines are ours.
vm_relay "baseline" "$tmp/base" -- tests/vm/guest/testbed-baseline.sh
check "guest results came back through \$OUT" test -s "$tmp/base/six.json"

# Exit status, standard error and $OUT, with a non-default namespace layout.
out=$("$VMRUN" --out "$tmp/o" --ns 2x32M,2:4k,1:ms8 -- bash -c '
	echo lbads=$(cat /sys/block/nvme0n2/queue/logical_block_size)
	echo count=$(ls /dev/ng0n* | wc -l)
	echo size=$(cat /sys/block/nvme0n2/size)
	nvme id-ns /dev/ng0n1 | grep -E "in use"
	echo to-stderr >&2; echo payload >$OUT/file; exit 7' 2>"$tmp/err")
rc=$?
[ $rc -eq 7 ] && ok "exit status of the command comes back (7)" || {
	not_ok "exit status was $rc, wanted 7"
	tail -n 15 "$tmp/err" | sed 's/^/# /'
}
grep -qx 'to-stderr' "$tmp/err" && ok "guest stderr reaches host stderr" || not_ok "guest stderr missing"
[ "$(cat "$tmp/o/file" 2>/dev/null)" = payload ] && ok "\$OUT comes back to --out" || not_ok "\$OUT file missing"
grep -qx 'lbads=4096' <<<"$out" && ok "--ns 2:4k gives a 4096-byte namespace" || not_ok "--ns 2:4k: $out"
grep -qx 'count=2' <<<"$out" && ok "--ns 2x32M gives two namespaces" || not_ok "--ns count: $out"
grep -qx 'size=65536' <<<"$out" && ok "--ns 2x32M gives 32 MiB namespaces" || not_ok "--ns size: $out"
grep -Eq 'ms:8 .*in use' <<<"$out" && ok "--ns 1:ms8 gives 8 bytes of metadata" || not_ok "--ns ms8: $out"

# Any nvme-ns property (PI here), a namespace private to a second controller
# of the same subsystem, and properties for the subsystem and controllers.
# The engine's health section on a namespace both controllers share (no OCP
# log) and on a plain file (tests/vm/guest/engine-health.sh plain).
out=$("$VMRUN" --out "$tmp/two" --ns 3x32M,1:ms=8,1:pi=1,3:ctrl=2 --ctrl2 --subsys-opts "" --ctrl-opts "mdts=7" -- bash -c '
	echo ctrls=$(ls -d /sys/class/nvme/nvme* | wc -l)
	nvme id-ns $(ls /dev/ng*n1 | head -1) | grep -E "^dps"
	for c in /sys/class/nvme/nvme*; do echo "${c##*/}:$(ls -d $c/nvme*c*n* 2>/dev/null | sed "s/.*n//" | sort -n | tr "\n" " ")"; done
	bash "'"$TOP"'/tests/vm/guest/engine-health.sh" plain' 2>"$tmp/err")
grep -qx 'ctrls=2' <<<"$out" && ok "--ctrl2 gives a second controller" || not_ok "--ctrl2: $out $(cat "$tmp/err")"
grep -Eq '^dps +: 0x1' <<<"$out" && ok "--ns 1:pi=1 passes QEMU's pi property (dps 0x1)" || not_ok "--ns 1:pi=1: $out"
grep -Eq '^nvme0:1 2 $' <<<"$out" && grep -Eq '^nvme1:1 2 3 $' <<<"$out" &&
	ok "--ns 3:ctrl=2 attaches namespace 3 to the second controller only" || not_ok "--ns 3:ctrl=2: $out"
relay_tap "engine health, two controllers" <<<"$out"

# QEMU 10 (bookworm-backports, make deps) in one boot: a PI namespace (the
# kernel checks its protection information), an FDP subsystem with placement
# handles for namespace 1 (QEMU realizes namespaces in order: the first one
# without fdp.ruhs would take handle 0 as controller-assigned) and the OCP
# SMART extended log (C0).  nvme-cli writes 4 MiB with the data placement
# directive (type 2, placement handle 0; 32 writes of 128 KiB, small enough
# that a user buffer never needs more segments than the driver allows):
# the FDP statistics and the OCP log count them.  (fio
# places writes itself only from 3.34 on; the pin's fio 3.33 rejects fdp=1.)
qver=$(qemu-system-x86_64 --version | sed -n 's/^QEMU emulator version \([0-9]*\)\..*/\1/p')
if [ "${qver:-0}" -lt 10 ]; then
	not_ok "QEMU ${qver:-?} is older than 10: no FDP or OCP log in the test bed (run 'make deps')"
else
	out=$("$VMRUN" --out "$tmp/q10" --timeout 300 --ns 2x32M,1:fdp.ruhs=0-3,2:ms=8,2:pi=1,2:fdp.ruhs=4 \
		--subsys-opts fdp=on,fdp.runs=1M,fdp.nrg=1,fdp.nruh=8 --ctrl-opts ocp=on -- bash -c '
		nvme id-ns /dev/ng0n2 | grep -E "^dps|in use"
		echo integrity=$(cat /sys/block/nvme0n2/integrity/format)
		nvme fdp configs /dev/nvme0 -e 1
		nvme fdp status /dev/nvme0n1 -n 1 | grep "^Placement Identifier"
		nvme get-log /dev/nvme0 --log-id=0xc0 --log-len=512 | grep "^01f0:"
		head -c 131072 /dev/urandom >/tmp/chunk; w=0
		for i in $(seq 0 31); do
			if nvme write /dev/nvme0n1 --start-block=$((i * 256)) --block-count=255 --data-size=131072 \
				--data=/tmp/chunk --dir-type=2 --dir-spec=0 >/tmp/wout 2>&1; then
				w=$((w + 1))
			else
				echo "write $i failed: $(tr "\n" " " </tmp/wout)"
			fi
		done
		echo placed-writes=$w
		nvme fdp stats /dev/nvme0 -e 1 | grep "^Host Bytes"
		nvme ocp smart-add-log /dev/nvme0 | grep -E "media units written|Log page GUID"
		bash "'"$TOP"'/tests/vm/guest/engine-health.sh" ocp' 2>"$tmp/err")
	grep -Eq '^dps +: 0x1' <<<"$out" && grep -Eq 'ms:8 .*in use' <<<"$out" &&
		ok "PI namespace: 8 bytes of metadata, protection type 1 (dps 0x1)" || not_ok "PI namespace: $out $(tail -3 "$tmp/err")"
	grep -qx 'integrity=T10-DIF-TYPE1-CRC' <<<"$out" && ok "the guest kernel checks its PI (T10-DIF-TYPE1-CRC)" ||
		not_ok "PI namespace: no block-layer integrity: $out"
	grep -q 'Number of Reclaim Unit Handles: 8' <<<"$out" && grep -q 'Reclaim Unit Nominal Size: 1048576' <<<"$out" &&
		ok "FDP subsystem: nvme fdp configs shows 8 reclaim unit handles of 1 MiB" || not_ok "nvme fdp configs: $out"
	[ "$(grep -c '^Placement Identifier' <<<"$out")" = 4 ] &&
		ok "FDP: nvme fdp status shows namespace 1's four placement handles (fdp.ruhs=0-3)" || not_ok "nvme fdp status: $out"
	grep -qx 'placed-writes=32' <<<"$out" && ok "nvme-cli writes 4 MiB to the FDP namespace with the placement directive" ||
		not_ok "placed writes failed: $(grep -E '^(write |placed-)' <<<"$out" | head -4 | tr '\n' ' ')$(tail -3 "$tmp/err" | tr '\n' ' ')"
	grep -Eq '^Host Bytes with Metadata Written \(HBMW\): 4194304$' <<<"$out" &&
		ok "FDP statistics count the 4 MiB written" || not_ok "nvme fdp stats: $out"
	grep -q '^01f0: c5 af 10 28 ea bf f2 a4 9c 4f 6f 7c c9 14 d5 af' <<<"$out" &&
		grep -q 'Log page GUID.*0xafd514c97c6f4f9ca4f2bfea2810afc5' <<<"$out" &&
		ok "OCP SMART extended log (0xc0): its GUID, raw and through nvme ocp smart-add-log" || not_ok "OCP log: $out"
	grep -Eq 'Physical media units written -[[:space:]]+[0-9]+[[:space:]]+4194304$' <<<"$out" &&
		ok "the OCP log counts the 4 MiB written as physical media bytes" || not_ok "OCP media units written: $out"
	relay_tap "engine health, OCP and FDP" <<<"$out"
fi

# The caller's directory is the guest's, even below a directory the guest
# mounts afresh (/tmp), and it is read-only there.
mkdir -p "$tmp/cwd" && echo marker >"$tmp/cwd/m"
out=$(cd "$tmp/cwd" && "$VMRUN" -- bash -c 'pwd; cat m; touch n 2>/dev/null || echo read-only' 2>&1)
[ "$out" = "$(printf '%s\nmarker\nread-only' "$tmp/cwd")" ] && ok "the caller's directory under /tmp is there, read-only" ||
	not_ok "caller's directory in the guest: $out"

# A boot that shows no sign of life in VM_BOOT_WAIT seconds is tried once
# more, said with its console's end; a second stall is exit 125 (1 s: no
# guest boots that fast, so both attempts stall and the command never runs).
VM_BOOT_WAIT=1 "$VMRUN" -- touch "$tmp/ran" >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 125 ] && [ "$(grep -c 'booting once more' "$tmp/err")" = 1 ] &&
	grep -q 'after 1 s, twice' "$tmp/err" && [ ! -e "$tmp/ran" ] &&
	ok "a boot with no sign of life is tried once more, then exit 125" ||
	not_ok "boot retry: rc=$rc $(tr '\n' ' ' <"$tmp/err")"

# A QEMU that ends before the guest boots (QEMU 10.0's TCG aborted so at
# boot under load: an iotlb_to_section assertion) is booted once more too:
# here a QEMU that aborts on its first start only.
mkdir -p "$tmp/abortbin"
real_qemu=$(command -v qemu-system-x86_64)
cat >"$tmp/abortbin/qemu-system-x86_64" <<QEMU
#!/bin/sh
[ -e "$tmp/aborted" ] && exec "$real_qemu" "\$@"
touch "$tmp/aborted"
echo "qemu-system-x86_64: (test) assertion failed" >&2
kill -ABRT \$\$
QEMU
chmod +x "$tmp/abortbin/qemu-system-x86_64"
PATH="$tmp/abortbin:$PATH" "$VMRUN" -- echo ran-after-abort >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc -eq 0 ] && grep -qx ran-after-abort "$tmp/out" && grep -q 'QEMU ended before the guest booted' "$tmp/err" &&
	[ "$(grep -c 'booting once more' "$tmp/err")" = 1 ] &&
	ok "a QEMU that ended before the guest booted is booted once more, and the command runs" ||
	not_ok "boot retry after QEMU ended: rc=$rc $(tr '\n' ' ' <"$tmp/err")"

# Timeout: exit 124 and a message.  (Should the boot itself take longer than
# the 15 s, the run ends the same way: the deadline counts from the start.)
"$VMRUN" --timeout 15 -- sleep 600 >/dev/null 2>"$tmp/err"
rc=$?
[ $rc -eq 124 ] && grep -q 'timed out' "$tmp/err" && ok "--timeout gives 124 with a message" ||
	not_ok "timeout gave $rc: $(cat "$tmp/err")"

# Bad usage is refused before any boot.
check_fails "an unreadable --ns spec is refused" "cannot read" "$VMRUN" --ns 6x64M,3:weird -- true
check_fails "a missing command is refused" "no command" "$VMRUN" --
check_fails "a property with a comma-breaking value is refused" "KEY=VALUE" "$VMRUN" --ns '1:pi=1 x' -- true
check_fails "ctrl=2 without --ctrl2 is refused" "needs --ctrl2" "$VMRUN" --ns 2x32M,2:ctrl=2 -- true

# The NVMe-trouble filter matches the kernel's own timeout and reset lines.
. "$TOP/tests/vm/lib-vm.sh"
check "trouble filter matches an I/O timeout line" grep -Eiq "$VM_NVME_TROUBLE" \
	<<<"nvme nvme0: I/O 12 (I/O Cmd) QID 1 timeout, aborting"
check "trouble filter matches a controller reset line" grep -Eiq "$VM_NVME_TROUBLE" \
	<<<"nvme nvme0: resetting controller"
if grep -Eiq "$VM_NVME_TROUBLE" <<<"nvme nvme0: 2/0/1 default/read/poll queues"; then
	not_ok "trouble filter matched the ordinary probe line"
else
	ok "trouble filter ignores the ordinary probe line"
fi
tap_done
