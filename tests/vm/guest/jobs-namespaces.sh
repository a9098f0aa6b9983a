#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-namespaces.sh boots it): the
# suite runner's --setup-namespaces as far as the emulated controller
# allows (QEMU 7.2 and 10.0 answer alike).  It claims Namespace
# Management (OACS bit 3) but answers delete/create with Invalid Command
# Opcode: the runner must say so and lose nothing.  Prints TAP lines.
# shellcheck source=tests/vm/guest/jobs-common.sh
. "$(dirname "$0")/jobs-common.sh"
# expect DESC RC PATTERN CMD...: CMD exits RC and prints PATTERN (ERE).
# The output stays in $out for further checks.
expect() {
	local desc=$1 want=$2 pat=$3 rc
	shift 3
	out=$("$@" 2>&1)
	rc=$?
	if [ $rc = "$want" ] && grep -Eq -- "$pat" <<<"$out"; then ok "$desc"; else
		not_ok "$desc (exit $rc, want $want and /$pat/)"
		printf '%s\n' "$out" | sed 's/^/# /' | tail -n 8
	fi
}
oacs=$(nvme id-ctrl /dev/nvme0 -o json | jq -r .oacs)
if [ $((oacs & 8)) -ne 0 ]; then ok "the emulated controller claims Namespace Management (OACS $oacs, bit 3)"; else
	not_ok "OACS $oacs: bit 3 clear"
fi
for i in 1 4; do printf 'ns%d-marker' "$i" | dd of=/dev/nvme0n$i bs=512 seek=1000 conv=notrunc,fsync status=none; done
P=(--suite profiles --profiles 4k-randread --steps 10 --short --runtime 1 --ramp 0 --setup-namespaces 6)

expect "without confirmation --setup-namespaces is refused like any write" 2 'refusing to write to /dev/ng0n1 .*--yes-destroy deadbeef' \
	S "${P[@]}" --results /tmp/r0 /dev/ng0n1
expect "on a file it is refused" 2 'setup-namespaces: .* is not an NVMe namespace' \
	bash -c 'truncate -s 1M /tmp/f && "$@"' _ jobs/ssdnvme-suite --fio /tmp/fio "${P[@]}" --results /tmp/r0 /tmp/f
expect "fewer than six namespaces for noisy neighbor is refused" 2 'setup-namespaces 4 makes fewer' \
	S --suite noisy-neighbor --short --setup-namespaces 4 --yes-destroy deadbeef --results /tmp/r0 /dev/ng0n1
expect "the dry run checks and says it deletes the namespaces and creates six" 0 \
	'namespaces: deletes every namespace of nvme0 and creates 6 equal ones \(LBA format 0\) first' \
	S "${P[@]}" --yes-destroy deadbeef --dry-run --results /tmp/r0 /dev/ng0n1
if [ ! -e /tmp/r0 ]; then ok "the refusals and the dry run wrote nothing"; else not_ok "/tmp/r0 was created"; fi
modprobe ext4 2>/dev/null
if mkfs.ext4 -q -F /dev/nvme0n3 && mkdir -p /tmp/mnt && mount /dev/nvme0n3 /tmp/mnt; then
	expect "a mounted namespace of the controller refuses the setup (it deletes them all)" 2 '/dev/nvme0n3 is mounted on /tmp/mnt' \
		S "${P[@]}" --yes-destroy deadbeef --results /tmp/r0 /dev/ng0n1
	umount /tmp/mnt
else
	not_ok "cannot mount ext4 on /dev/nvme0n3"
fi

# The real thing: QEMU rejects the Namespace Management command.
expect "a controller that rejects Namespace Management: exit 1, the command and its error named, nothing changed" 1 \
	'Namespace Management \(delete namespace 1\) failed: .*(Invalid Command Opcode|INVALID_OPCODE|Invalid Opcode).*' \
	S "${P[@]}" --yes-destroy deadbeef --results /tmp/r1 /dev/ng0n1
if grep -q 'nothing was changed' <<<"$out"; then ok "it says nothing was changed"; else not_ok "no 'nothing was changed' in: $(tail -n 3 <<<"$out")"; fi
if jq -e '.namespace_setup.ng0n1 | .status == "failed" and .controller == "nvme0" and .count == 6 and (.error | test("delete namespace 1"))' \
	/tmp/r1/manifest.json >/dev/null && jq -e '.runs == []' /tmp/r1/manifest.json >/dev/null; then
	ok "the manifest records the failed setup and no run"
else
	not_ok "the manifest's namespace_setup: $(jq -c .namespace_setup /tmp/r1/manifest.json 2>&1)"
fi
if [ -s /tmp/r1/ng0n1/namespace-setup.log ]; then ok "nvme-cli's dialogue is kept (ng0n1/namespace-setup.log)"; else not_ok "no setup log"; fi
cnt=$(nvme list-ns /dev/nvme0 -o json | jq '.nsid_list | length')
if [ "$cnt" = 6 ] && [ -c /dev/ng0n1 ] && [ -c /dev/ng0n6 ]; then ok "all six namespaces are still there and attached"; else
	not_ok "namespaces after the failed setup: $cnt"
fi
for i in 1 4; do
	if dd if=/dev/nvme0n$i bs=512 skip=1000 count=1 status=none | grep -q "ns$i-marker"; then
		ok "namespace $i's data is intact"
	else
		not_ok "namespace $i's marker is gone"
	fi
done
echo "1..$n"
