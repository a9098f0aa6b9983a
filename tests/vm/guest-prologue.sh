# Runs in the guest (inside tests/vm/run's cmd.sh), chrooted into the host's
# root: load the NVMe driver with the requested options, wait for every
# namespace's char and block device.
# shellcheck shell=bash disable=SC2154
# shellcheck disable=SC2086
if ! modprobe nvme $vm_nvme_opts; then
	echo "tests/vm/run: guest: modprobe nvme $vm_nvme_opts failed" >&2
	exit 125
fi
# With one controller the last namespace is ng0nN; with two in a subsystem
# the kernel names the multipath heads after the subsystem (ng1nN on 6.1).
_last_ready() {
	compgen -G "/dev/ng[0-9]*n$VM_NS_COUNT" >/dev/null &&
		compgen -G "/dev/nvme[0-9]*n$VM_NS_COUNT" >/dev/null
}
for _i in $(seq 1 300); do
	_last_ready && break
	sleep 0.1
done
if ! _last_ready; then
	echo "tests/vm/run: guest: /dev/ngXn$VM_NS_COUNT did not appear within 30 s" >&2
	# shellcheck disable=SC2010  # a diagnostic listing of the NVMe nodes there are
	ls /dev | grep -E '^(nvme|ng)' >&2
	exit 125
fi
unset _i
unset -f _last_ready
