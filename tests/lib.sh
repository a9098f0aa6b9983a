# shellcheck shell=bash
# Shared helpers for ssdnvme's script and VM tests (sourced, not run).
# Every test prints TAP lines ("ok N - what" / "not ok N - what"); tests/run-all
# counts them.  A test file exits non-zero when any of its checks failed.

TOP=${TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
FIO_BIN=${FIO_BIN:-$BUILD/fio} # the fio the engine was built against (make links it)
ENGINE=${ENGINE:-$BUILD/ssdnvme.so}
FIORANK=${FIORANK:-$BUILD/fiorank}
VMRUN=$TOP/tests/vm/run
export TOP BUILD FIO_BIN ENGINE FIORANK VMRUN

# fixture_out VAR DEFAULT [DIR]: a fixture maker's one optional argument, the
# directory it writes, into VAR (DEFAULT without it); any other arguments:
# the usage on stderr and exit 2.
fixture_out() {
	local var=$1 def=$2
	shift 2
	if [ $# -gt 1 ] || [[ ${1:-} == -* ]]; then
		echo "usage: $0 [DIR]" >&2
		exit 2
	fi
	printf -v "$var" '%s' "${1:-$def}"
}

# fixture_runner DEST TIMEOUT NAME... -- SUITE-ARGS...: the runner
# (jobs/ssdnvme-suite --engine ssdnvme --yes-destroy deadbeef SUITE-ARGS,
# with its defaults build/fio and build/ssdnvme.so) once per NAME, one after
# the other in one boot of the test bed, each into its own results
# directory; each is copied to DEST/NAME as it came back, less report.txt.
# Fails, showing the end of its log, when a run fails.
fixture_runner() {
	local dest=$1 timeout=$2 names=() tmpd rc=0
	shift 2
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		names+=("$1")
		shift
	done
	shift
	tmpd=$(mktemp -d)
	(cd "$TOP" && "$VMRUN" --out "$tmpd" --timeout "$timeout" -- bash -c '
		for r in '"${names[*]}"'; do
			jobs/ssdnvme-suite --engine ssdnvme --yes-destroy deadbeef "$@" \
				--results "$OUT/$r" >"$OUT/$r.log" 2>&1
			echo $? >"$OUT/$r.rc"
		done' fixture "$@") || rc=$?
	for r in "${names[@]}"; do
		[ $rc = 0 ] && [ "$(cat "$tmpd/$r.rc" 2>/dev/null)" = 0 ] && continue
		tail -n 20 "$tmpd/$r.log" >&2 2>/dev/null
		rm -rf "$tmpd"
		return 1
	done
	mkdir -p "$dest"
	for r in "${names[@]}"; do
		rm -rf "${dest:?}/$r"
		cp -r "$tmpd/$r" "$dest/$r"
		rm -f "$dest/$r/report.txt"
	done
	rm -rf "$tmpd"
}

# The version string of the fio under test ("fio-3.39"): what the engine
# records and the suite's manifest names.
fio_version() { "$FIO_BIN" --version 2>/dev/null; }

_tap_n=0
_tap_failed=0

ok() { _tap_n=$((_tap_n + 1)); echo "ok $_tap_n - $*"; }
not_ok() {
	_tap_n=$((_tap_n + 1))
	_tap_failed=$((_tap_failed + 1))
	echo "not ok $_tap_n - $*"
}
skip() { _tap_n=$((_tap_n + 1)); echo "ok $_tap_n - # SKIP $*"; }

# check DESC CMD...: one TAP line for whether CMD succeeds; its output is shown
# (indented as TAP diagnostics) only when it fails.
check() {
	local desc=$1 out
	shift
	if out=$("$@" 2>&1); then
		ok "$desc"
	else
		not_ok "$desc"
		printf '%s\n' "$out" | tail -n 30 | sed 's/^/# /'
	fi
}

# check_fails DESC PATTERN CMD...: CMD must exit non-zero (and not by a signal
# or sanitizer abort) and print something matching the extended regex PATTERN.
check_fails() {
	local desc=$1 pattern=$2 out rc
	shift 2
	out=$("$@" 2>&1)
	rc=$?
	if [ $rc -ne 0 ] && [ $rc -lt 128 ] && printf '%s' "$out" | grep -Eq -- "$pattern" &&
		! printf '%s' "$out" | grep -q 'Sanitizer'; then
		ok "$desc"
	else
		not_ok "$desc (exit $rc, wanted a message matching /$pattern/)"
		printf '%s\n' "$out" | tail -n 30 | sed 's/^/# /'
	fi
}

# jq as the checks use it.  Debian 12's jq 1.6 exits 0 under -e when it read
# no input at all (an empty file or pipe), so a check on a report that came
# out empty would pass.  With -e, no output at all is exit 4, as jq documents
# for "no valid result"; without -e, jq is jq.
jq() {
	local a out rc want_e=
	for a in "$@"; do
		case $a in
		--) break ;;
		--exit-status) want_e=1 ;;
		--*) ;;
		-*e*) [[ $a =~ ^-[a-zA-Z]+$ ]] && want_e=1 ;;
		esac
	done
	[ -n "$want_e" ] || {
		command jq "$@"
		return
	}
	out=$(command jq "$@")
	rc=$?
	if [ $rc -eq 0 ] && [ -z "$out" ]; then
		echo "jq: no output (empty input?): $*" >&2
		return 4
	fi
	[ -z "$out" ] || printf '%s\n' "$out"
	return $rc
}
export -f jq

# show_suite_failure LOG [RESULTS]: what a suite run that did not exit 0
# left, as "# " lines: the runner's failure and refusal lines from LOG, then
# for each run of RESULTS/manifest.json that is not done its status, fio's
# messages (<run>.stderr) and fiorank's judgement of its output, then LOG's
# end.  So that a failure seen once (in CI) says why.
show_suite_failure() {
	local log=$1 r=${2:-} id out status
	grep -E '^ssdnvme-suite: .*(failed|refus)' "$log" 2>/dev/null | sed 's/^/# /'
	if [ -n "$r" ] && [ -s "$r/manifest.json" ]; then
		command jq -r '.runs[] | select(.status != "done") | "\(.id)\t\(.output // "")\t\(.status)"' \
			"$r/manifest.json" 2>/dev/null | while IFS=$'\t' read -r id out status; do
			echo "# run $id: $status"
			[ -s "$r/$id.stderr" ] && head -n 20 "$r/$id.stderr" | sed 's/^/#   fio: /'
			if [ -n "$out" ] && [ -e "$r/$out" ]; then
				"$FIORANK" --check "$r/$out" 2>&1 | head -n 10 | sed 's/^/#   fiorank --check: /'
			else
				echo "#   no fio output"
			fi
		done
	fi
	tail -n 15 "$log" 2>/dev/null | sed 's/^/# /'
}

tap_done() {
	echo "1..$_tap_n"
	[ "$_tap_failed" -eq 0 ]
}

# fio as the tests run it.  Under the sanitizer build the engine carries ASan,
# so its runtime has to be loaded first into the (uninstrumented) fio.
fio_cmd() {
	if [ "${SANITIZE:-}" = 1 ]; then
		LD_PRELOAD="$(gcc -print-file-name=libasan.so):$(gcc -print-file-name=libubsan.so)${LD_PRELOAD:+:$LD_PRELOAD}" \
			ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1} "$FIO_BIN" "$@"
	else
		"$FIO_BIN" "$@"
	fi
}

# fio_cmd_script PATH: writes an executable at PATH that runs fio_cmd, for
# programs that take a fio binary (the suite runner's --fio).
fio_cmd_script() {
	printf '#!/usr/bin/env bash\n. "%s/tests/lib.sh"\nfio_cmd "$@"\n' "$TOP" >"$1" && chmod +x "$1"
}

# suite_file_target SIZE: the host tests of jobs/ssdnvme-suite: a scratch
# directory $tmp (removed on exit), a sparse file $target of SIZE, and $fio,
# a fio_cmd_script for the runner's --fio; suite_run ARGS... runs the
# runner on them with the engine and fiorank built here, the file confirmed
# by its path.
suite_file_target() {
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	target=$tmp/target
	truncate -s "$1" "$target"
	fio=$tmp/fio
	fio_cmd_script "$fio"
}
suite_run() {
	"$TOP/jobs/ssdnvme-suite" --fio "$fio" --engine-so "$ENGINE" --fiorank "$FIORANK" --yes-destroy "$target" "$@"
}

# vm_has_fdp: the test bed's QEMU emulates FDP (version 10 or newer); else
# one not_ok line saying so and false.
vm_has_fdp() {
	local qver
	qver=$(qemu-system-x86_64 --version | sed -n 's/^QEMU emulator version \([0-9]*\)\..*/\1/p')
	[ "${qver:-0}" -ge 10 ] && return 0
	not_ok "QEMU ${qver:-?} is older than 10: no FDP in the test bed (run 'make deps')"
	return 1
}

# vm_relay DESC OUTDIR [tests/vm/run OPTIONS...] -- SCRIPT [ARGS...]: boots the
# test bed once for a guest-side script and relays its TAP lines as this
# file's own (prefixed with DESC), plus one line for the script's exit status.
vm_relay() {
	local desc=$1 outdir=$2 log rc line opts=()
	shift 2
	while [ $# -gt 0 ] && [ "$1" != -- ]; do
		opts+=("$1")
		shift
	done
	shift
	log=$(mktemp)
	# tests/vm/run passes the host's environment (BUILD, SANITIZE, ...) in.
	"$VMRUN" --out "$outdir" "${opts[@]}" -- bash "$@" >"$log" 2>&1
	rc=$?
	while IFS= read -r line; do
		case $line in
		"not ok "*) not_ok "$desc: ${line#not ok * - }" ;;
		"ok "*) ok "$desc: ${line#ok * - }" ;;
		"# "*) echo "$line" ;;
		esac
	done <"$log"
	if [ $rc -eq 0 ]; then
		ok "$desc: guest script exited 0"
	else
		not_ok "$desc: guest script exited $rc"
		tail -n 20 "$log" | sed 's/^/# /'
	fi
	rm -f "$log"
}

# pct_from_bins P...: the first fio JSON document on stdin's completion-
# latency percentiles P (99, 99.99, ...) as a JSON array, in µs: nearest
# rank over the first job's read and write json+ bins together, a bin at its
# value, never above the largest completion (fiorank pts' rule, recomputed
# here apart from it).
pct_from_bins() {
	jq -n -c 'input | .jobs[0] as $j | [$j.read, $j.write] as $d |
		([$d[] | .clat_ns.bins // {} | to_entries[] | {ns: (.key | tonumber), n: .value}] | sort_by(.ns)) as $b |
		($b | map(.n) | add) as $tot |
		([$d[] | select(.total_ios > 0) | .clat_ns.max] | max / 1000) as $mx |
		[$ARGS.positional[] | tonumber as $p | (($p / 100 * $tot) | ceil) as $rank |
			(reduce $b[] as $x ({s: 0, v: null};
				if .v == null then .s += $x.n | if .s >= $rank then .v = $x.ns / 1000 else . end else . end) | .v) |
			if . > $mx then $mx else . end]' --args "$@"
}
