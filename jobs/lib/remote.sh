# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read.
# shellcheck disable=SC2034
# The preflight of jobs/ssdnvme-suite --hosts, before anything is written:
# every fio server runs one job through this host's fio client, a job that
# does no I/O (the engine's identity_note=1, which turns on fio's
# create_only=1: set-up only; rw=read, allow_file_create=0).  Its answer
# proves the host reachable, its fio the same as ours (fio's client/server
# protocol changes between versions), the engine loading into that fio and
# each named device there, and brings back each device's identity (model,
# serial, firmware, LBA format, capacity), what uses it (mounted, swap, held
# by dm/md: the engine's guard) and the host's name, kernel and CPU.  The
# device checks (drive-checks.sh) then judge a remote device as they judge a
# local one.
# The runner's shared state (declared once there; sourced once).
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

# How long one server may take to answer (fio's client itself gives up on a
# silent server only after its own timeouts; an emulated guest starts fio in
# a few seconds).
PREFLIGHT_TIMEOUT=${SSDNVME_PREFLIGHT_TIMEOUT:-60}
# Fields of one identity, in the order remote_identity reads them.
_PF_FIELDS='.kind, .model, .serial, .firmware, .nsid, .lba_size, .capacity_bytes, .controller, .node, .in_use, .exists, .size_bytes'

# preflight_job DEVICE...: the job every server runs: one section per device.
preflight_job() {
	local d i=0
	printf '[global]\nioengine=external:%s\nidentity_note=1\ncreate_only=1\nrw=read\nallow_file_create=0\n' "$engine_so"
	for d in "$@"; do
		i=$((i + 1))
		printf '[preflight%d]\nfilename=%s\n' "$i" "$d"
	done
}

# preflight_errors TEXT: the lines of a failed preflight that say why (fio's
# and the engine's), at most three, joined with "; ".
preflight_errors() {
	local why
	why=$(grep -E 'fio: |ssdnvme: |error|failed|refus|unable|timed? ?out|connect' <<<"$1" | grep -v 'ssdnvme-identity:' |
		sed 's/^<[^>]*> //' | awk '!seen[$0]++' | head -n 3 | tr '\n' ';')
	why=${why%;}
	echo "${why//;/; }"
}

# preflight_hosts: the preflight on every host, all at once; fills
# pf_ident[HOST|DEVICE] (the identity JSON), pf_system[HOST] (name, kernel,
# CPU, fio) and systems_json (the manifest's "systems"); refuses (refuse) a
# host that cannot be used, naming it and why.
preflight_hosts() {
	local dir h i rc out line want ver why pids=()
	declare -gA pf_ident=() pf_system=()
	systems_json="{}"
	[ -f "$engine_so" ] || { refuse "the preflight on the hosts needs the ssdnvme engine ($engine_so): run make, or pass --engine-so"; return; }
	dir=$(mktemp -d "${TMPDIR:-/tmp}/ssdnvme-preflight.XXXXXX") || { refuse "cannot make a scratch directory for the preflight"; return; }
	preflight_job "${devices[@]}" >"$dir/job.fio"
	for i in "${!hosts[@]}"; do
		(
			# -k: fio's client ignores SIGTERM while a silent server
			# keeps it waiting (it asks that server to quit, and waits)
			timeout -k 5 "$PREFLIGHT_TIMEOUT" "$fio_bin" --client="${hosts[i]}" --output-format=normal "$dir/job.fio" >"$dir/$i.out" 2>&1
			echo $? >"$dir/$i.rc"
		) &
		pids+=($!)
	done
	wait "${pids[@]}"
	want=$("$fio_bin" --version 2>/dev/null)
	for i in "${!hosts[@]}"; do
		h=${hosts[i]}
		out=$(cat "$dir/$i.out" 2>/dev/null)
		rc=$(cat "$dir/$i.rc" 2>/dev/null || echo 1)
		ver=$(sed -n 's/^hostname=.*, fio=\([^,]*\),.*/\1/p' <<<"$out" | head -n 1)
		if [ -n "$ver" ] && [ "$ver" != "$want" ]; then
			refuse "host $h runs $ver, this host's fio is $want: fio's client and server must be the same version"
			continue
		fi
		if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
			refuse "host $h did not answer the preflight within $PREFLIGHT_TIMEOUT s (fio --server running there? SSDNVME_PREFLIGHT_TIMEOUT sets the wait)"
			continue
		fi
		if [ -z "$ver" ]; then
			why=$(preflight_errors "$out")
			refuse "host $h cannot be reached by fio's client (fio exit $rc${why:+: $why}): is fio --server running there, and the name and port right?"
			continue
		fi
		check_made "$h" "reachable, $ver (the same as here)"
		while IFS= read -r line; do
			if [[ $line == *'ssdnvme-namespace: {'* ]]; then
				line="{${line#*ssdnvme-namespace: \{}"
				pf_ns[$h\|$(jq -r .path <<<"$line")]+="$(jq -r '"\(.nsid) \(.node)"' <<<"$line")"$'\n'
				continue
			fi
			[[ $line == *'ssdnvme-identity: {'* ]] || continue
			line="{${line#*ssdnvme-identity: \{}"
			pf_ident[$h\|$(jq -r .path <<<"$line")]=$line
			[ -n "${pf_system[$h]:-}" ] ||
				pf_system[$h]=$(jq -c '{host: .host, kernel: .kernel, cpu: .cpu, fio: .fio}' <<<"$line")
		done <<<"$out"
		if [ "$rc" != 0 ] || [ -z "${pf_system[$h]:-}" ]; then
			why=$(preflight_errors "$out")
			refuse "host $h: the preflight job failed (fio exit $rc)${why:+: $why}"
			continue
		fi
		check_made "$h" "the engine loads into that server's fio"
		systems_json=$(jq -c --arg h "$h" --argjson s "${pf_system[$h]}" '.[$h] = $s' <<<"$systems_json")
	done
	rm -rf "$dir"
}

# remote_identity HOST DEVICE: sets the id_* variables (device.sh) from the
# preflight's identity of DEVICE on HOST, and id_in_use; fails, refusing
# with the host named, when the preflight did not identify it.
remote_identity() {
	local h=$1 dev=$2 j=${pf_ident[$1|$2]:-}
	id_kind="" id_model="" id_serial="" id_fw="" id_nsid="" id_lba="" id_cap="" id_ctrl="" id_node=""
	id_sys="" id_parent="" id_in_use=""
	if [ -z "$j" ]; then
		# A host already refused said why; one that answered without this
		# device did not find it.
		[ -z "${pf_system[$h]:-}" ] || refuse "host $h: no identity of $dev came back from the preflight"
		return 1
	fi
	local exists size
	IFS=$'\x1f' read -r id_kind id_model id_serial id_fw id_nsid id_lba id_cap id_ctrl id_node id_in_use exists size \
		<<<"$(jq -r "[$_PF_FIELDS] | map(. // \"\" | tostring) | join(\"\\u001f\")" <<<"$j")"
	[ -z "$id_node" ] || id_node=/dev/$id_node
	if [ "$id_kind" = file ]; then
		[ "$exists" = true ] || { refuse "host $h: $dev does not exist there"; return 1; }
		id_cap=$size
	fi
	return 0
}

# check_remote_drive LABEL HOST DEVICE: the device checks of one device on
# a host, from the preflight (the region against its size, the write
# confirmation by serial or HOST:PATH, the guard); adds the dry run's
# description.
check_remote_drive() {
	local label=$1 h=$2 dev=$3 what
	check_made "$h" "the kind and identity of each target"
	if [ "$id_kind" != file ]; then
		check_made "$h" "the region against each target's size"
		check_region "$dev on $h"
	fi
	what="$dev = $id_node, ${id_model:-no model}${id_serial:+, serial $id_serial}${id_fw:+, firmware $id_fw}${id_nsid:+, nsid $id_nsid}${id_lba:+, ${id_lba}-byte LBAs}"
	[ "$id_kind" != file ] || what="the file $dev"
	drive_summary[$label]+="drive $label on $h: $what
  $(if [ "$writes" = 1 ]; then echo "WRITES (every byte on it may be lost): $dev on $h"; else echo "reads only"; fi)
"
	[ "$writes" = 1 ] || return 0
	check_made "$h" "the write confirmation"
	if ! confirmed "$dev" "$h"; then
		if [ -n "$id_serial" ]; then
			refuse "refusing to write to $dev on $h ($id_model, serial $id_serial, firmware $id_fw): every byte on it may be lost; confirm with --yes-destroy $id_serial (or $h:$dev)"
		else
			refuse "refusing to write to $dev on $h: every byte on it may be lost; confirm with --yes-destroy $h:$dev"
		fi
	fi
	[ "$id_kind" != file ] || return 0
	check_made "$h" "no mount, swap or holder on what is written"
	[ -z "$id_in_use" ] || refuse "refusing to write to $dev on $h: it is in use: $id_in_use (unmount it, swapoff, or remove the holder there first)"
}

# remote_nn_nodes LABEL HOST DEVICE: noisy neighbor on a host: the generic
# nodes of nsid 1-6 of DEVICE's controller there (the preflight's
# ssdnvme-namespace lines), into nn_nodes[LABEL].  One job goes to every
# host, so every host must name them alike; a host that differs, or lacks
# one, is refused by name.
remote_nn_nodes() {
	local label=$1 h=$2 dev=$3 nsid node nodes="" lines=${pf_ns[$2|$3]:-} n6
	declare -A by_nsid=()
	[ "$id_kind" = nvme-char ] || {
		refuse "noisy neighbor needs an NVMe generic char device (/dev/ngXnY) of a controller with six namespaces, not $dev on $h"
		return
	}
	while read -r nsid node; do
		[ -n "$nsid" ] && by_nsid[$nsid]=$node
	done <<<"$lines"
	for nsid in 1 2 3 4 5 6; do
		[ -n "${by_nsid[$nsid]:-}" ] || {
			refuse "noisy neighbor needs six namespaces (nsid 1-6) on $dev's controller on $h: nsid $nsid is not attached there"
			return
		}
		nodes+="/dev/${by_nsid[$nsid]} "
	done
	if [ -n "${nn_nodes[$label]:-}" ] && [ "${nn_nodes[$label]}" != "$nodes" ]; then
		refuse "noisy neighbor sends one job to every host, but the namespaces of $dev are ${nodes% } on $h and ${nn_nodes[$label]% } on ${nn_host[$label]}: name a device whose controller's nodes match on every host"
		return
	fi
	nn_nodes[$label]=$nodes nn_host[$label]=$h
	read -r -a n6 <<<"$nodes"
	drive_summary[$label]+="  noisy neighbor on $h: WRITES nsid 1-3 (${n6[*]:0:3}), reads nsid 4-6 (${n6[*]:3:3})
"
}
