# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read.
# shellcheck disable=SC2034
# The device checks of jobs/ssdnvme-suite: each device's identity (device.sh),
# the namespaces the plan touches, the --yes-destroy confirmation, the guard
# (guard.sh), Namespace Management for --setup-namespaces, and the --dry-run
# description of each drive.  Reads the runner's globals (devices, hosts,
# writes, needs_nn, setup_pending, purge, dry_run...).
# The runner's shared state (declared once there; sourced once).
# shellcheck source=jobs/lib/state.sh
. "${BASH_SOURCE[0]%/*}/state.sh"

# check_made [HOST] WHAT: notes a check that was made (for HOST: a remote
# one), each once, in order, for the dry run's list of the checks made.
check_made() {
	local key=local
	[ $# = 1 ] || { key=$1 && shift; }
	[[ $'\n'${checks_made[$key]:-}$'\n' == *$'\n'$1$'\n'* ]] || checks_made[$key]+="${checks_made[$key]:+$'\n'}$1"
}

# refuse MESSAGE: one reason the suite cannot run (all are printed, then
# check_drives refuses the whole suite).
refuse() {
	echo "ssdnvme-suite: $*" >&2
	refused=1
}

# touched_namespaces LABEL DEV: sets touched_dirs to the sysfs directories of
# every namespace (or block device) the plan writes on the device
# dev_identity just read: its own; the six namespaces of its controller for
# noisy neighbor (both engines write nsid 1-3 and read 4-6, whatever device
# was named); nsid 1 (written) and 2 (read) for checkpoint; every namespace
# of the controller for a purge (sanitize erases them all, and a format
# may); the copy suite's two (copy_touched).  Sets nn_nodes[LABEL] for
# noisy neighbor.
touched_namespaces() {
	local label=$1 dev=$2 d
	touched_dirs=("$id_sys") written_dirs=() read_dirs=()
	if [ "$writes" = 1 ]; then written_dirs+=("$id_sys"); else read_dirs+=("$id_sys"); fi
	if [ "$needs_nn" = 1 ] && touch_ctrl_namespaces "$dev" "noisy neighbor" 6 "1 2 3" "4 5 6"; then
		nn_nodes[$label]=$ctrl_nodes
	fi
	[ "$needs_ckpt" = 0 ] || touch_ctrl_namespaces "$dev" checkpoint 2 "1" "2" || :
	[ "$needs_copy" = 0 ] || copy_touched "$label" "$dev"
	if { [ -n "$purge" ] || [ "$setup_pending" = 1 ]; } && [ -n "$id_parent" ]; then
		for d in "$id_parent"/nvme*n*; do
			[[ ${d##*/} =~ ^nvme[0-9]+n[0-9]+$ ]] && touched_dirs+=("$d") && written_dirs+=("$d")
		done
	fi
}

# touch_ctrl_namespaces DEV METHOD COUNT WRITTEN READ [CTRL_NEEDS]: a method
# that runs on namespaces of DEV's controller by nsid (the engine's
# namespaces=), whatever namespace was named: the nsids WRITTEN and READ
# (space lists; COUNT of them in all, the smallest setup that has them) join
# touched_dirs and written_dirs/read_dirs, their generic nodes go to
# ctrl_nodes; fails (after refuse) when the controller lacks one, or DEV is
# not an NVMe generic node of a controller with CTRL_NEEDS (default "COUNT
# namespaces").  Also serves the copy suite (copy_touched).
touch_ctrl_namespaces() {
	local dev=$1 what=$2 count=$3 nsid dir d pairs
	ctrl_nodes=""
	if [ "$id_kind" != nvme-char ] || [ -z "$id_parent" ]; then
		refuse "$what needs an NVMe generic char device (/dev/ngXnY) of a controller with ${6:-$count namespaces}, not $dev"
		return 1
	fi
	if [ "$setup_pending" = 1 ]; then
		# The namespaces are made by --setup-namespaces; checked again after.
		[ "$setup_ns" -ge "$count" ] || { refuse "$what needs $count namespaces; --setup-namespaces $setup_ns makes fewer" && return 1; }
		return 0
	fi
	check_made "the namespaces the plan touches"
	# shellcheck disable=SC2086 # the nsid lists are words
	if ! pairs=$(ctrl_namespaces "$id_parent" $4 $5 2>&1); then
		refuse "$what needs namespaces $(echo $4 $5 | tr ' ' ',') on $dev's controller: ${pairs#ssdnvme-suite: }"
		return 1
	fi
	while read -r nsid dir; do
		touched_dirs+=("$dir")
		if [[ " $4 " == *" $nsid "* ]]; then written_dirs+=("$dir"); else read_dirs+=("$dir"); fi
		if d=$(generic_node "$dir" 2>&1); then ctrl_nodes+="$d "; else refuse "${d#ssdnvme-suite: }"; fi
	done <<<"$pairs"
}

# check_purge_target DEV: --purge runs nvme-cli's format (this namespace)
# or sanitize (the whole controller), so the target must be an NVMe
# namespace itself, read by dev_identity: not a file (nothing to purge, and
# the run would say "done" of what nvme-cli refused), not another disk, not a
# partition (a format erases the whole namespace, more than was named).
check_purge_target() {
	local dev=$1 what=""
	[ -n "$purge" ] || return 0
	check_made "the purge's target is an NVMe namespace"
	if [ "$id_kind" = file ]; then
		what="a regular file"
	elif [ -z "$id_nsid" ] || [ -z "$id_parent" ]; then
		what="not an NVMe namespace ($id_node)"
	elif [ -f "$id_sys/partition" ]; then
		what="a partition of $id_node's namespace; a $purge would erase all of it"
	fi
	[ -z "$what" ] ||
		refuse "--purge $purge needs an NVMe namespace (/dev/ngXnY or /dev/nvmeXnY) to $purge with nvme-cli: $dev is $what; leave --purge out for it"
}

# ns_list DIR...: "/dev/nvme0n1 (nsid 1, 64 MiB), ..." of sysfs namespace
# directories, each once.
ns_list() {
	local d out="" seen=" "
	for d in "$@"; do
		[[ $seen == *" $d "* ]] && continue
		seen+="$d "
		out+="${out:+, }/dev/${d##*/} ($([ -r "$d/nsid" ] && echo "nsid $(read_attr "$d/nsid"), ")$(fmt_bytes $(($(read_attr "$d/size") * 512))))"
	done
	echo "$out"
}

# describe_drive LABEL DEV: what the plan does to the device dev_identity and
# touched_namespaces just read, for --dry-run.
describe_drive() {
	local label=$1 dev=$2 w r d
	if [ "$id_kind" = file ]; then
		if [ -n "${file_new[$label]:-}" ]; then
			echo "drive $label: the file $dev, created by the suite (--grow-file)"
		else
			echo "drive $label: the file $dev ($(fmt_bytes "$id_cap"))"
		fi
		[ -z "${file_grows[$label]:-}" ] ||
			echo "  GROWS: to $(fmt_bytes "${file_grows[$label]}") (--region $region, --grow-file)"
		if [ "$writes" = 1 ]; then
			echo "  WRITES: its contents are overwritten"
		elif [ -n "${file_grows[$label]:-}" ]; then
			echo "  then reads only"
		else
			echo "  reads only"
		fi
		return
	fi
	echo "drive $label: $dev = $id_node, ${id_model:-no model}${id_serial:+, serial $id_serial}${id_fw:+, firmware $id_fw}${id_ctrl:+, controller $id_ctrl}${id_nsid:+, nsid $id_nsid}, $(fmt_bytes "$id_cap"), ${id_lba}-byte LBAs"
	w=$(ns_list "${written_dirs[@]}")
	r=""
	for d in "${read_dirs[@]}"; do
		[[ " ${written_dirs[*]} " == *" $d "* ]] || r+="$d "
	done
	# shellcheck disable=SC2086
	r=$(ns_list $r)
	[ -n "$w" ] && echo "  WRITES (every byte on them may be lost): $w"
	[ -n "$r" ] && echo "  reads: $r"
	[ "$setup_pending" = 0 ] || echo "  namespaces: deletes every namespace of ${id_ctrl:-its controller} and creates $setup_ns equal ones (LBA format $setup_lbaf) first"
	[ -n "$purge" ] && echo "  purge: nvme $purge$([ "$purge" = sanitize ] && echo " of the whole controller ${id_ctrl:-}") first"
	[ -n "$w" ] || echo "  writes nothing"
}

# check_ns_mgmt DEV: --setup-namespaces needs an NVMe controller with
# Namespace Management; sets setup_ctrl/setup_parent[label].
check_ns_mgmt() {
	local dev=$1 rc
	if [ -z "$id_ctrl" ] || [ -z "$id_parent" ]; then
		refuse "--setup-namespaces: $dev is not an NVMe namespace"
		return
	fi
	ns_mgmt_supported "$id_ctrl"
	rc=$?
	case $rc in
	0) setup_ctrl[$label]=$id_ctrl setup_parent[$label]=$id_parent ;;
	1) refuse "--setup-namespaces: the controller $id_ctrl of $dev does not support Namespace Management (OACS bit 3 clear in nvme id-ctrl): its namespaces cannot be deleted or created; use the vendor's tool, or a drive that has the namespaces" ;;
	*) refuse "--setup-namespaces: cannot read Identify Controller of /dev/$id_ctrl (nvme-cli installed? run as root?)" ;;
	esac
}

# check_region DEV: the region fits on the device dev_identity just read.
check_region() {
	local dev=$1 bytes
	bytes=$(region_bytes "$region" "$id_cap")
	[ "$bytes" -le "$id_cap" ] ||
		refuse "--region $region ($(fmt_bytes "$bytes")) is larger than $dev ($(fmt_bytes "$id_cap"))"
	[ "$bytes" -gt 0 ] || refuse "--region $region of $dev ($(fmt_bytes "$id_cap")) is empty"
}

# check_file LABEL PATH: a regular file target (dev_identity read it, or
# --grow-file will create it).  The region must fit in it unless --grow-file
# lets it grow (create_files in the runner sizes it before the runs).
# A file that holds data is someone's data: writing it needs --yes-destroy
# with its path (as given, or absolute), like a device, unless this results
# directory's manifest says the suite created it (manifest_created).
# Sets file_grows[LABEL] to the size it grows to.
check_file() {
	local label=$1 dev=$2 bytes abs c ok=0 fwrites=$writes
	check_made "the region against each target's size"
	if [[ $region == *% ]]; then
		[ "$id_cap" -gt 0 ] || {
			refuse "--region $region of $dev: the file is empty or new, a percentage of it is nothing; give --region SIZE (with --grow-file)"
			return
		}
		bytes=$(region_bytes "$region" "$id_cap")
		[ "$bytes" -gt 0 ] || refuse "--region $region of $dev ($(fmt_bytes "$id_cap")) is less than a byte"
	else
		bytes=$(region_bytes "$region" "$id_cap")
		if [ "$bytes" -gt "$id_cap" ]; then
			if [ "$grow_file" = 1 ]; then
				file_grows[$label]=$bytes fwrites=1
			else
				refuse "--region $region ($(fmt_bytes "$bytes")) is larger than the file $dev ($(fmt_bytes "$id_cap")): pass --grow-file to let the suite grow it, or a smaller --region"
			fi
		fi
	fi
	[ "$fwrites" = 1 ] && [ "$id_cap" -gt 0 ] || return 0
	check_made "the write confirmations"
	abs=$(readlink -f -- "$dev")
	for c in "${confirm[@]}"; do
		[ "$c" = "$dev" ] || [ "$c" = "$abs" ] && ok=1
	done
	[ "$ok" = 1 ] || manifest_created "$manifest" "$dev" || refuse "refusing to write to the file $dev ($(fmt_bytes "$id_cap")): it holds data this suite did not create; confirm with --yes-destroy $abs"
}

# guard_why DIR: why a namespace the guard found in use refuses the suite:
# the plan writes it, or only reads it while writing other namespaces of
# the same controller (noisy neighbor's readers, nsid 4-6); uses the
# written[] set check_drives fills from touched_namespaces.
guard_why() {
	if [ -n "${written[$1]:-}" ]; then
		echo "the plan writes there (unmount it, swapoff, or remove the holder first)"
	else
		echo "the plan only reads there, but writes other namespaces of the same controller beside it (unmount it, swapoff, or remove the holder first)"
	fi
}

# check_drives: the identity and confirmation of every device, and the guard
# (guard.sh) on every namespace the plan writes, all before anything is
# written.  Every problem is named; any one refuses the whole suite.  Fills
# drives_json, node_of[label] (the kernel's node for the device, which the
# runs use) and nn_nodes[label].
check_drives() {
	local dev h label line d refused=0 touched_dirs=() written_dirs=() read_dirs=()
	declare -gA node_of=() nn_nodes=() nn_host=() drive_summary=() setup_ctrl=() setup_parent=() file_new=() file_grows=()
	declare -gA checks_made=()
	declare -A seen=()
	[ "$writes" = 1 ] && guard_scan
	[ ${#hosts[@]} = 0 ] || preflight_hosts
	drives_json="[]"
	for dev in "${devices[@]}"; do
		label=${dev##*/}
		node_of[$label]=$dev
		for h in "${hosts[@]:-}"; do
			if [ -n "$h" ]; then
				# From the preflight (remote.sh), which has run on every host.
				remote_identity "$h" "$dev" || continue
				check_remote_drive "$label" "$h" "$dev"
				[ "$needs_nn" = 0 ] || remote_nn_nodes "$label" "$h" "$dev"
			else
				if [ ! -e "$dev" ] && [ "$grow_file" = 1 ] && [[ $(readlink -m -- "$dev") != /dev/* ]]; then
					# --grow-file: the suite creates the file (create_files).
					id_kind=file id_cap=0 id_model="" id_serial="" id_fw="" id_nsid="" id_lba="" id_ctrl=""
					id_sys="" id_parent="" id_node=""
					file_new[$label]=$dev
				else
					dev_identity "$dev" || { refused=1; continue; }
				fi
				check_made "the kind and identity of each target"
				if [ "$id_kind" = file ]; then
					check_file "$label" "$dev"
				else
					check_made "the region against each target's size"
					node_of[$label]=$id_node
					check_region "$dev"
				fi
				if [ "$id_kind" != file ]; then
					[ -z "${seen[$id_node]:-}" ] || refuse "$dev and ${seen[$id_node]} are the same device ($id_node)"
					seen[$id_node]=$dev
				fi
				touched_namespaces "$label" "$dev"
				check_purge_target "$dev"
				[ "$setup_pending" = 0 ] || check_ns_mgmt "$dev"
				[ "$dry_run" = 0 ] || drive_summary[$label]=$(describe_drive "$label" "$dev")
				if [ "$writes" = 1 ] && [ "$id_kind" != file ]; then
					check_made "the write confirmations"
					check_made "no mount, swap or holder on what is written"
					if ! confirmed "$dev" ""; then
						if [ -n "$id_serial" ]; then
							refuse "refusing to write to $dev ($id_model, serial $id_serial, firmware $id_fw): every byte on it may be lost; confirm with --yes-destroy $id_serial"
						else
							refuse "refusing to write to $dev (no serial known): confirm with --yes-destroy $dev"
						fi
					fi
					declare -A guarded=() written=()
					for d in "${written_dirs[@]}"; do written[$d]=1; done
					for d in "${touched_dirs[@]}"; do
						[ -z "${guarded[$d]:-}" ] || continue
						guarded[$d]=1
						while read -r line; do
							[ -n "$line" ] && refuse "refusing to write to $dev: $line; $(guard_why "$d")"
						done <<<"$(guard_disk "$d")"
					done
				fi
			fi
			drives_json=$(jq -c --arg lbl "$label" --arg path "$dev" --arg host "${h:-$(hostname)}" \
				--arg kind "$id_kind" --arg model "$id_model" --arg serial "$id_serial" --arg fw "$id_fw" \
				--arg nsid "$id_nsid" --arg lba "$id_lba" --arg cap "$id_cap" --arg ctrl "$id_ctrl" '
				def num: if . == "" then null else tonumber end;
				def str: if . == "" then null else . end;
				. + [{"label": $lbl, "path": $path, "host": $host, "kind": ($kind | str), model: ($model | str),
				      controller: ($ctrl | str), serial: ($serial | str), firmware: ($fw | str), nsid: ($nsid | num),
				      lba_size: ($lba | num), capacity_bytes: ($cap | num)}]' <<<"$drives_json")
		done
	done
	[ "$refused" = 0 ] || die "refusing the whole suite: nothing was written"
	drives_checked=1
}
