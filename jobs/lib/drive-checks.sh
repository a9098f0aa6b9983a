# shellcheck shell=bash
# The device checks of jobs/ssdnvme-suite: each device's identity (device.sh),
# the namespaces the plan touches, the --yes-destroy confirmation, the guard
# (guard.sh), Namespace Management for --setup-namespaces, and the --dry-run
# description of each drive.  Reads the runner's globals (devices, hosts,
# writes, needs_nn, setup_pending, purge, dry_run...).

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
# was named); every namespace of the controller for a purge (sanitize erases
# them all, and a format may).  Sets nn_nodes[LABEL] for noisy neighbor.
touched_namespaces() {
	local label=$1 dev=$2 nsid dir nodes="" d pairs
	touched_dirs=("$id_sys") written_dirs=() read_dirs=()
	if [ $writes = 1 ]; then written_dirs+=("$id_sys"); else read_dirs+=("$id_sys"); fi
	if [ $needs_nn = 1 ]; then
		[ "$id_kind" = nvme-char ] ||
			refuse "noisy neighbor needs an NVMe generic char device (/dev/ngXnY) of a controller with six namespaces, not $dev"
		if [ -z "$id_parent" ]; then
			: # not NVMe: refused above
		elif [ $setup_pending = 1 ]; then
			# The namespaces are made by --setup-namespaces; checked again after.
			[ "$setup_ns" -ge 6 ] || refuse "noisy neighbor needs six namespaces; --setup-namespaces $setup_ns makes fewer"
		elif pairs=$(ctrl_namespaces "$id_parent" 1 2 3 4 5 6 2>&1); then
			while read -r nsid dir; do
				touched_dirs+=("$dir")
				if [ "$nsid" -le 3 ]; then written_dirs+=("$dir"); else read_dirs+=("$dir"); fi
				if d=$(generic_node "$dir" 2>&1); then nodes+="$d "; else refuse "${d#ssdnvme-suite: }"; fi
			done <<<"$pairs"
			nn_nodes[$label]=$nodes
		else
			refuse "noisy neighbor needs six namespaces (nsid 1-6) on $dev's controller: ${pairs#ssdnvme-suite: }"
		fi
	fi
	if { [ -n "$purge" ] || [ $setup_pending = 1 ]; } && [ -n "$id_parent" ]; then
		for d in "$id_parent"/nvme*n*; do
			[[ ${d##*/} =~ ^nvme[0-9]+n[0-9]+$ ]] && touched_dirs+=("$d") && written_dirs+=("$d")
		done
	fi
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
		echo "drive $label: the file $dev ($(fmt_bytes "$id_cap"))"
		[ $writes = 1 ] && echo "  WRITES: its contents are overwritten" || echo "  reads only"
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
	[ $setup_pending = 0 ] || echo "  namespaces: deletes every namespace of ${id_ctrl:-its controller} and creates $setup_ns equal ones (LBA format $setup_lbaf) first"
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

# check_drives: the identity and confirmation of every device, and the guard
# (guard.sh) on every namespace the plan writes, all before anything is
# written.  Every problem is named; any one refuses the whole suite.  Fills
# drives_json, node_of[label] (the kernel's node for the device, which the
# runs use) and nn_nodes[label].
check_drives() {
	local dev h label line d refused=0 touched_dirs=() written_dirs=() read_dirs=()
	declare -gA node_of=() nn_nodes=() drive_summary=() setup_ctrl=() setup_parent=()
	declare -A seen=()
	[ $writes = 1 ] && guard_scan
	drives_json="[]"
	for dev in "${devices[@]}"; do
		label=${dev##*/}
		node_of[$label]=$dev
		for h in "${hosts[@]:-}"; do
			if [ -n "$h" ]; then
				id_kind="" id_model="" id_serial="" id_fw="" id_nsid="" id_lba="" id_cap="" id_ctrl="" id_node=""
				if [ $writes = 1 ] && [[ $dev == /dev/* ]] && ! confirmed "$dev" "$h"; then
					refuse "refusing to write to $dev on $h: its identity cannot be read from here; confirm with --yes-destroy $h:$dev"
				fi
				drive_summary[$label]+="drive $label on $h: $dev (identity not readable from here; mounts there are not checked)
  $([ $writes = 1 ] && echo "WRITES (destroys its data): $dev on $h" || echo "reads only")
"
			else
				dev_identity "$dev" || { refused=1; continue; }
				[ "$id_kind" = file ] || node_of[$label]=$id_node
				if [ "$id_kind" != file ]; then
					[ -z "${seen[$id_node]:-}" ] || refuse "$dev and ${seen[$id_node]} are the same device ($id_node)"
					seen[$id_node]=$dev
				fi
				touched_namespaces "$label" "$dev"
				[ $setup_pending = 0 ] || check_ns_mgmt "$dev"
				[ $dry_run = 0 ] || drive_summary[$label]=$(describe_drive "$label" "$dev")
				if [ $writes = 1 ] && [ "$id_kind" != file ]; then
					if ! confirmed "$dev" ""; then
						if [ -n "$id_serial" ]; then
							refuse "refusing to write to $dev ($id_model, serial $id_serial, firmware $id_fw): every byte on it may be lost; confirm with --yes-destroy $id_serial"
						else
							refuse "refusing to write to $dev (no serial known): confirm with --yes-destroy $dev"
						fi
					fi
					declare -A guarded=()
					for d in "${touched_dirs[@]}"; do
						[ -z "${guarded[$d]:-}" ] || continue
						guarded[$d]=1
						while read -r line; do
							[ -n "$line" ] && refuse "refusing to write to $dev: $line; the plan writes there (unmount it, swapoff, or remove the holder first)"
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
	[ $refused = 0 ] || die "refusing the whole suite: nothing was written"
	drives_checked=1
}
