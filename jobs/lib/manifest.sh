# shellcheck shell=bash
# The manifest of jobs/ssdnvme-suite (DIR/manifest.json, schema
# ssdnvme-manifest/1, described in jobs/README.md): the one place in bash
# that reads or writes it.  Sourced by the runner and by the script tests.
#
# It is rewritten whole through a temporary file and rename, so an
# interrupted runner leaves either the old or the new one.  The runs, which
# change twice a run, are kept here in memory as well (the rest of the
# manifest as one compact JSON text, each run as its JSON object): recording
# a run writes the file from them with no process but mv, where a jq call
# cost tens of milliseconds (half a second under the test bed's emulation).
# Any other change goes through jq and drops the copy in memory.
# A run's final record may wait in memory for the next write (--later): the
# runner writes a run's end and the next run's start at once, one write per
# run; any other change, and the runner's exit (its EXIT trap), write it
# first (manifest_flush).  Only a runner killed outright (SIGKILL) between
# two runs loses it: the manifest then says the earlier run was running,
# and --resume runs it again.

# The copy in memory: the manifest it belongs to, the manifest without its
# runs, and the runs in order (_man_ids) by id (_man_run).
_man_path="" _man_head="" _man_dirty=0
_man_ids=()
declare -A _man_run=()

# manifest_update MANIFEST FILTER [JQ ARGS...]: applies a jq filter.
manifest_update() {
	local m=$1 filter=$2
	shift 2
	local tmp=$m.tmp.$$
	manifest_flush "$m" || return 1
	[ "$m" != "$_man_path" ] || _man_path=""
	if jq "$@" "$filter" "$m" >"$tmp"; then
		mv "$tmp" "$m"
	else
		rm -f "$tmp"
		echo "ssdnvme-suite: manifest: cannot update $m" >&2
		return 1
	fi
}

# _man_load MANIFEST: the copy in memory of MANIFEST (one jq call).
_man_load() {
	local line id text
	[ "$_man_path" != "$1" ] || return 0
	text=$(jq -c 'del(.runs), .runs[]' "$1") || return 1
	_man_ids=() _man_run=() _man_head=""
	while IFS= read -r line; do
		if [ -z "$_man_head" ]; then
			_man_head=$line
			continue
		fi
		[[ $line =~ \"id\":\"([^\"]*)\" ]] || return 1
		id=${BASH_REMATCH[1]}
		[ -n "${_man_run[$id]+set}" ] || _man_ids+=("$id")
		_man_run[$id]=$line
	done <<<"$text"
	[ -n "$_man_head" ] && _man_path=$1
}

# manifest_set_run MANIFEST JSON_OBJECT [--later]: adds the run, or replaces
# the one with the same id (its "id" must be the object's first member, as
# record_run writes it); with --later, in memory until the next write.
manifest_set_run() {
	local m=$1 run=$2 id
	[[ $run =~ ^\{[[:space:]]*\"id\":[[:space:]]*\"([^\"]*)\" ]] || {
		echo "ssdnvme-suite: manifest: a run without an id first: $run" >&2
		return 1
	}
	id=${BASH_REMATCH[1]}
	_man_load "$m" || { echo "ssdnvme-suite: manifest: cannot read $m" >&2; return 1; }
	[ -n "${_man_run[$id]+set}" ] || _man_ids+=("$id")
	_man_run[$id]=$run
	_man_dirty=1
	[ "${3:-}" = --later ] || manifest_flush "$m"
}

# manifest_flush MANIFEST: writes the runs kept in memory (manifest_set_run
# --later), if any.
manifest_flush() {
	local m=$1 i out="" tmp=$1.tmp.$$
	[ "$_man_dirty" = 1 ] && [ "$m" = "$_man_path" ] || return 0
	for i in "${_man_ids[@]}"; do out+="${out:+, }${_man_run[$i]}"; done
	if [ "$_man_head" = "{}" ]; then
		printf '{"runs": [%s]}\n' "$out" >"$tmp"
	else
		printf '%s, "runs": [%s]}\n' "${_man_head%\}}" "$out" >"$tmp"
	fi
	if ! mv "$tmp" "$m"; then
		rm -f "$tmp"
		_man_path="" _man_dirty=0
		return 1
	fi
	_man_dirty=0
}

# manifest_run_status MANIFEST ID: the run's status, empty when unknown.
manifest_run_status() {
	manifest_flush "$1" || return 1
	jq -r --arg id "$2" '[.runs[] | select(.id == $id)][0].status // empty' "$1" 2>/dev/null
}

# manifest_run_statuses MANIFEST: "ID<TAB>STATUS" of every run, one a line.
manifest_run_statuses() {
	manifest_flush "$1" || return 1
	jq -r '.runs[] | "\(.id)\t\(.status)"' "$1"
}

# manifest_run_lost MANIFEST ID: the hosts lost in run ID (its
# hosts_lost, jobs/lib/fleet-runs.sh), one a line.
manifest_run_lost() {
	manifest_flush "$1" || return 1
	jq -r --arg id "$2" '.runs[] | select(.id == $id) | .hosts_lost[]?.host' "$1"
}

# manifest_argv MANIFEST: the stored command line, one word a line.
manifest_argv() { jq -er '.argv[]' "$1"; }

# manifest_create MANIFEST SUITE MODE ENGINE VERSION FIO_VERSION HOSTS_JSON
#   SYSTEM_JSON DRIVES_JSON ARGV...: a new manifest.
manifest_create() {
	local m=$1 suite=$2 mode=$3 engine=$4 pv=$5 fv=$6 hosts=$7 system=$8 drives=$9 now inv
	shift 9
	[ "$m" != "$_man_path" ] || _man_path="" _man_dirty=0
	now=$(iso_now)
	inv=$(_man_invocation "$suite" "$mode" "$engine" "$now" "$@") || return 1
	jq -n --arg suite "$suite" --arg mode "$mode" --arg pv "$pv" --arg fv "$fv" \
		--arg started "$now" --argjson hosts "$hosts" --argjson drives "$drives" \
		--arg engine "$engine" --argjson inv "$inv" --argjson system "$system" '
		{schema: "ssdnvme-manifest/1", suite: $suite, mode: $mode, project_version: $pv,
		 fio_version: $fv, engine: $engine, started: $started, finished: null, hosts: $hosts,
		 system: $system,
		 drives: $drives, argv: $inv.argv, invocations: [$inv], runs: []}' >"$m.tmp" && mv "$m.tmp" "$m"
}

# _man_invocation SUITE MODE ENGINE STARTED ARGV...: one invocation's record.
_man_invocation() {
	local suite=$1 mode=$2 engine=$3 started=$4 a argv=""
	shift 4
	for a in "$@"; do
		json_str "$a"
		[ "$REPLY" != null ] || REPLY='""'
		argv+="${argv:+, }$REPLY"
	done
	jq -cn --arg suite "$suite" --arg mode "$mode" --arg engine "$engine" --arg started "$started" \
		--argjson argv "[$argv]" '{suite: $suite, mode: $mode, engine: $engine, started: $started, argv: $argv}'
}

# manifest_merge MANIFEST SUITE MODE ENGINE DRIVES_JSON ARGV...: another
# suite into a finished manifest: its drives, suites and command line join
# it (--resume continues the latest command line).
manifest_merge() {
	local m=$1 suite=$2 mode=$3 engine=$4 drives=$5 inv
	shift 5
	inv=$(_man_invocation "$suite" "$mode" "$engine" "$(iso_now)" "$@") || return 1
	manifest_update "$m" '
		($inv | fromjson) as $i | ($drives | fromjson) as $d
		| .finished = null | .argv = $i.argv
		| .invocations = ((.invocations // [{suite, mode, engine, started, argv}]) + [$i])
		| .suite = ([.suite, $i.suite] | join(","))
		| .mode = (if .mode == $i.mode then .mode else "mixed" end)
		| .drives as $old | .drives += [$d[] | select(.label as $l | all($old[]; .label != $l))]' \
		--arg inv "$inv" --arg drives "$drives"
}

# manifest_set MANIFEST KEY VALUE: sets a top-level string member (finished,
# ...); an empty VALUE sets it to null.
manifest_set() {
	manifest_update "$1" '.[$k] = (if $v == "" then null else $v end)' --arg k "$2" --arg v "$3"
}

# manifest_set_json MANIFEST PATH KEY JSON: sets .PATH[KEY] (PATH one of
# steady_state, steady_state_tq, namespace_setup) to JSON, or merges JSON
# into it with "+=" as the fifth argument.
manifest_set_json() {
	local op="="
	[ "${5:-}" != "+=" ] || op="+="
	manifest_update "$1" ".$2[\$k] $op (\$v | fromjson)" --arg k "$3" --arg v "$4"
}

# manifest_drives MANIFEST DRIVES_JSON: replaces the drives.
manifest_drives() { manifest_update "$1" '.drives = ($d | fromjson)' --arg d "$2"; }

# manifest_ns_setup_status MANIFEST LABEL: the --setup-namespaces status of
# the drive, empty when none.
manifest_ns_setup_status() {
	jq -r --arg l "$2" '.namespace_setup[$l].status // empty' "$1"
}

# manifest_check_merge MANIFEST: the manifest is this schema's and its suite
# finished; prints what is wrong and fails when not.
manifest_check_merge() {
	jq -e '.schema == "ssdnvme-manifest/1"' "$1" >/dev/null 2>&1 || {
		echo "$1 is not an ssdnvme-suite manifest"
		return 1
	}
	jq -e '.finished != null' "$1" >/dev/null 2>&1 || {
		echo "$1 holds a suite that has not finished"
		return 2
	}
}

# manifest_run_ids MANIFEST: every run's id, one a line.
manifest_run_ids() {
	manifest_flush "$1" || return 1
	jq -r '.runs[].id' "$1"
}

# manifest_drive_clash MANIFEST DRIVES_JSON: the labels of DRIVES_JSON that
# name another device than the manifest's drive of that label and host.
manifest_drive_clash() {
	jq -r --argjson new "$2" '
		[.drives[] as $o | $new[] | select(.label == $o.label and .host == $o.host and
		  ([.path, .kind, .serial, .nsid] != [$o.path, $o.kind, $o.serial, $o.nsid])) | .label] | unique | join(", ")' "$1"
}

# file_id PATH: "DEVICE:INODE" of the file PATH.
file_id() { stat -L -c %d:%i -- "$1" 2>/dev/null; }

# manifest_add_created MANIFEST PATH: records that the suite created the
# file PATH (its absolute path and file_id).
manifest_add_created() {
	manifest_update "$1" '.created_files = ((.created_files // []) + [{path: $p, id: $id}])' \
		--arg p "$(readlink -f -- "$2")" --arg id "$(file_id "$2")"
}

# manifest_created MANIFEST PATH: the manifest says the suite created
# PATH, and it is still that file (same device and inode).
manifest_created() {
	[ -f "$1" ] && jq -e --arg p "$(readlink -f -- "$2")" --arg id "$(file_id "$2")" \
		'any(.created_files[]?; .path == $p and .id == $id)' "$1" >/dev/null 2>&1
}
