# shellcheck shell=bash
# --setup-namespaces of jobs/ssdnvme-suite: delete a controller's
# namespaces and create N equal ones with the LBA format asked for, attached
# to the controller, as the reviews configured their drives for the
# noisy-neighbor method.  With nvme-cli.  Sourced by the runner.

# ctrl_has CTRL FIELD MASK: Identify Controller's FIELD (nvme-cli's JSON
# name: oacs, oncs...) of /dev/CTRL has a bit of MASK set.  Exit 1 when it
# has not, 2 when nvme-cli cannot tell (not installed, not root, no such
# controller).
ctrl_has() {
	local v
	command -v nvme >/dev/null || return 2
	v=$(nvme id-ctrl "/dev/$1" -o json 2>/dev/null | jq -r --arg f "$2" '.[$f] // empty') || return 2
	[[ $v =~ ^[0-9]+$ ]] || return 2
	[ $((v & $3)) -ne 0 ]
}

# ns_mgmt_supported CTRL: the controller says it supports Namespace
# Management (OACS bit 3 of Identify Controller); ctrl_has's exit status.
ns_mgmt_supported() { ctrl_has "$1" oacs 8; }

# _nvme_log WHAT CMD...: runs an nvme-cli command with its output in
# $ns_log; fails printing what failed and nvme-cli's message.
_nvme_log() {
	local what=$1 out
	shift
	out=$("$@" 2>&1)
	local rc=$?
	printf '$ %s\n%s\n' "$*" "$out" >>"$ns_log"
	if [ "$rc" != 0 ]; then
		echo "$what failed: $(tr '\n' ' ' <<<"$out")" >&2
		return 1
	fi
	printf '%s\n' "$out"
}

# setup_namespaces CTRL PARENT N LBAF LOG: deletes every namespace of /dev/CTRL,
# creates N of equal size (the controller's total NVM capacity / N) in LBA
# format LBAF, attaches them, rescans and waits for their device nodes
# (below PARENT, dev_identity's id_parent).
# nvme-cli's dialogue goes to LOG.  The first delete is tried before
# anything else is changed: a controller that claims Namespace Management
# but rejects the command loses nothing.  Prints the created nsids.
setup_namespaces() {
	local ctrl=$1 parent=$2 n=$3 lbaf=$4 dev=/dev/$1 cntlid nsids first tnvmcap ds blocks nsid out i d pairs
	local created="" deleted=""
	ns_log=$5
	: >"$ns_log"
	cntlid=$(cat "/sys/class/nvme/$ctrl/cntlid") || { echo "no cntlid for $ctrl in sysfs" >&2; return 1; }
	out=$(_nvme_log "listing the namespaces" nvme list-ns "$dev" --all -o json) || { echo "nothing was changed" >&2; return 1; }
	nsids=$(jq -r '.nsid_list[]?.nsid' <<<"$out")
	out=$(_nvme_log "Identify Controller" nvme id-ctrl "$dev" -o json) || { echo "nothing was changed" >&2; return 1; }
	tnvmcap=$(jq -r '.tnvmcap // 0' <<<"$out")
	first=${nsids%%$'\n'*}
	out=$(_nvme_log "Identify Namespace $first" nvme id-ns "$dev" -n "${first:-1}" -o json) || { echo "nothing was changed" >&2; return 1; }
	ds=$(jq -r --argjson f "$lbaf" '.lbafs[$f].ds // empty' <<<"$out")
	[ -n "$ds" ] || { echo "the controller has no LBA format $lbaf; nothing was changed" >&2; return 1; }
	if ! [[ $tnvmcap =~ ^[1-9][0-9]*$ ]]; then
		# TNVMCAP is mandatory with Namespace Management, but not every
		# controller fills it (QEMU 7.2 says 0): then the namespaces' sizes
		# now are the capacity to share out.
		tnvmcap=0
		for nsid in $nsids; do
			out=$(_nvme_log "Identify Namespace $nsid" nvme id-ns "$dev" -n "$nsid" -o json) || { echo "nothing was changed" >&2; return 1; }
			tnvmcap=$(jq -r --argjson c "$tnvmcap" '$c + .nsze * pow(2; .lbafs[.flbas % 16].ds) | floor' <<<"$out")
		done
		[[ $tnvmcap =~ ^[1-9][0-9]*$ ]] || { echo "the controller reports no capacity (TNVMCAP 0, no namespaces); nothing was changed" >&2; return 1; }
	fi
	blocks=$(awk -v c="$tnvmcap" -v n="$n" -v ds="$ds" 'BEGIN { printf "%d\n", c / n / 2 ^ ds }')
	for nsid in $nsids; do
		if ! _nvme_log "Namespace Management (delete namespace $nsid)" nvme delete-ns "$dev" -n "$nsid" >/dev/null; then
			if [ -z "$deleted" ]; then
				echo "nothing was changed: all namespaces are as they were" >&2
			else
				echo "namespaces$deleted were deleted before that; the others are as they were" >&2
			fi
			return 1
		fi
		deleted+=" $nsid"
	done
	for ((i = 1; i <= n; i++)); do
		out=$(_nvme_log "Namespace Management (create namespace $i of $n)" \
			nvme create-ns "$dev" --nsze="$blocks" --ncap="$blocks" --flbas="$lbaf") || return 1
		nsid=$(sed -n 's/.*created nsid:[[:space:]]*\([0-9]*\).*/\1/p' <<<"$out")
		[ -n "$nsid" ] || { echo "create-ns did not say which nsid it created: $out" >&2; return 1; }
		_nvme_log "attaching namespace $nsid" nvme attach-ns "$dev" -n "$nsid" -c "$cntlid" >/dev/null || return 1
		created+="$nsid "
	done
	_nvme_log "rescanning the namespaces" nvme ns-rescan "$dev" >/dev/null || return 1
	for ((i = 0; i < 300; i++)); do
		# shellcheck disable=SC2086
		if pairs=$(ctrl_namespaces "$parent" $created 2>/dev/null); then
			out=""
			while read -r nsid d; do generic_node "$d" >/dev/null 2>&1 || out=missing; done <<<"$pairs"
			[ -z "$out" ] && echo "${created% }" && return 0
		fi
		sleep 0.1
	done
	echo "the new namespaces' device nodes did not appear within 30 s" >&2
	return 1
}

