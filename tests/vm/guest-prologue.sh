# Runs in the guest (inside tests/vm/run's cmd.sh), chrooted into the host's
# root: load the NVMe driver with the requested options, wait for every
# namespace's char and block device.
# shellcheck shell=bash disable=SC2154
# shellcheck disable=SC2086
if ! modprobe nvme $vm_nvme_opts; then
	echo "tests/vm/run: guest: modprobe nvme $vm_nvme_opts failed" >&2
	exit 125
fi
for _i in $(seq 1 300); do
	[ -e "/dev/ng0n$VM_NS_COUNT" ] && [ -e "/dev/nvme0n$VM_NS_COUNT" ] && break
	sleep 0.1
done
if [ ! -e "/dev/ng0n$VM_NS_COUNT" ]; then
	echo "tests/vm/run: guest: /dev/ng0n$VM_NS_COUNT did not appear within 30 s" >&2
	ls /dev | grep -E '^(nvme|ng)' >&2
	exit 125
fi
unset _i
