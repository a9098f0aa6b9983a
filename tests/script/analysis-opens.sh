#!/usr/bin/env bash
# Each input file is opened once per fiorank run (issue 24 item 1): the
# readers carry everything the report stage and the renderers need, so no
# later stage opens a fio output, an engine file, a manifest or a log again.
# fiorank runs under strace for every output format and for the paths that
# read more (the baseline gate, fiorank pts, fio's own latency logs, drive
# health, tq-sweep, the fleet view of a --hosts run, the AI sections) on
# committed real results: curves with engine files and manifests, a
# noisy-neighbor run with its io_uring_cmd cross-check, a three-host fleet
# run whole and with a host lost, checkpoint and KV-cache runs.  A file
# opened twice fails with its name and count.  Directories are not counted
# (a listing is not a read of an input's contents).
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
command -v strace >/dev/null || {
	skip "strace is not installed (ci/install-deps.sh installs it)"
	tap_done
	exit 0
}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
T=tests/data/fio/testbed
G=tests/data/fio/gate

# opens NAME ARGS...: runs fiorank ARGS under strace; $tmp/NAME.twice lists
# "COUNT PATH" for each regular file under tests/data opened more than once.
opens() {
	local name=$1
	shift
	# -ff: a file per thread, so no call is split by another thread's
	rm -f "$tmp/$name".trace*
	strace -ff -qq -e trace=open,openat -o "$tmp/$name.trace" "$FIORANK" "$@" \
		>"$tmp/$name.out" 2>"$tmp/$name.err"
	echo $? >"$tmp/$name.rc"
	cat "$tmp/$name".trace.* >"$tmp/$name.trace"
	# openat(AT_FDCWD, "path", ...) = fd: successful opens only
	sed -n 's/^[0-9]* *open[at]*(\(AT_FDCWD, \)\{0,1\}"\([^"]*\)".*) = [0-9][0-9]*$/\2/p' \
		"$tmp/$name.trace" | grep '^tests/data/' | sort | uniq -c |
		while read -r count path; do
			[ -f "$path" ] && [ "$count" -gt 1 ] && echo "$count $path"
		done >"$tmp/$name.twice"
	# the run must have read its inputs at all (a trace that saw nothing
	# would pass vacuously)
	grep -q '"tests/data/.*\.json"' "$tmp/$name.trace" || echo "0 (no input file opened at all)" >>"$tmp/$name.twice"
}

# once NAME DESC: one TAP line; the files opened more than once are shown
once() {
	check "$2: each input file opened once (exit $(cat "$tmp/$1.rc"))" test ! -s "$tmp/$1.twice"
	[ -s "$tmp/$1.twice" ] && sed 's/^\([0-9]*\) /#   opened \1 times: /' "$tmp/$1.twice"
	return 0
}

report=(-r analysis/reference --with-reference=p5510-vs-pm9a3 "$T/short-noisy-neighbor" "$T/short-4k-randread")
for fmt in text md csv json html; do
	opens "$fmt" -f "$fmt" "${report[@]}"
	once "$fmt" "-f $fmt over curves, noisy neighbor, engine files and manifests"
done

# a --hosts run: the fleet view's per-host bins come from the reader's one
# parse; a run failed with a host lost is read for the fleet view alone
for fmt in text md json html; do
	opens "fleet-$fmt" -f "$fmt" tests/data/fleet/three
	once "fleet-$fmt" "-f $fmt over a --hosts run (the fleet view)"
done
opens fleet-lost -f text tests/data/fleet/lost
once fleet-lost "-f text over a --hosts run that lost a host"
# the checkpoint and KV-cache sections: each job's start and fio's
# percentile lists kept at the reader's one read
for fmt in text json html; do
	opens "ai-$fmt" -f "$fmt" tests/data/fio/ai
	once "ai-$fmt" "-f $fmt over checkpoint and KV-cache runs (the AI sections)"
done
opens tq -f html tests/data/fio/tq
once tq "-f html over tq-sweep runs with preconditioning"
opens health -f html tests/data/fio/health
once health "-f html over drive health in engine files"
opens latlog -f html tests/data/fio/latlog
once latlog "-f html over fio's latency logs"
opens gate -N --baseline "$G/default/before" --fail-if 'p99.99>+10%' "$G/default/after"
once gate "the baseline gate (--baseline, --fail-if)"
opens gate-nn -N -f json --baseline "$G/nn/before" --fail-if 'p99>+10%' "$G/nn/after"
once gate-nn "the baseline gate on noisy-neighbor runs, -f json"
for fmt in text csv json html; do
	opens "pts-$fmt" pts -f "$fmt" tests/data/fio/pts
	once "pts-$fmt" "fiorank pts -f $fmt"
done
tap_done
