#!/usr/bin/env bash
# Makes tests/data/fio/versions/: the same job file run by each fio version the
# project supports, so that fiorank is tested on real output of each.
#
#   tests/data/make-version-fixtures.sh [--out DIR] FIO_BINARY...
#
# Default: build/fio-3.33/fio and build/fio-3.39/fio (make FIO_VERSION=3.33
# and make).  Each writes DIR/fio-<version>.json (json+): the job file
# versions.fio below, on files in a tmpfs-backed temporary directory (paths
# rewritten to /tmp/fixture).  Each job moves its size= once and its random
# choices come from a fixed seed, so the I/O counts and bytes are the same in
# every version's output; the times are real measurements and differ.
set -euo pipefail

TOP=$(cd "$(dirname "$0")/../.." && pwd)
OUT=$TOP/tests/data/fio/versions
fios=()
while [ $# -gt 0 ]; do
	case $1 in
	--out) OUT=$2; shift 2 ;;
	-*) echo "make-version-fixtures: unknown option $1" >&2; exit 2 ;;
	*) fios+=("$1"); shift ;;
	esac
done
[ ${#fios[@]} -gt 0 ] || fios=("$TOP/build/fio-3.33/fio" "$TOP/build/fio-3.39/fio")
command -v jq >/dev/null || { echo "make-version-fixtures: needs jq" >&2; exit 2; }

WORK=$(mktemp -d /dev/shm/fiorank-ver.XXXXXX 2>/dev/null || mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Two groups: a 4k random read (json+ latency bins) and a 70/30 random mix
# that writes, so both directions' sections are in the output.
cat >"$WORK/versions.fio" <<'JOB'
[global]
ioengine=psync
directory=${FIXTURE_DIR}
size=8m
randseed=42
norandommap

[4k-randread@peak]
rw=randread
bs=4k

[8k-randrw-70-30@peak]
stonewall
rw=randrw
rwmixread=70
bs=8k
JOB

mkdir -p "$OUT"
for fio in "${fios[@]}"; do
	[ -x "$fio" ] || { echo "make-version-fixtures: no fio at $fio (build it first)" >&2; exit 2; }
	version=$("$fio" --version)
	out=$OUT/$version.json
	FIXTURE_DIR=$WORK timeout 120 "$fio" --output-format=json+ --output="$out.tmp" "$WORK/versions.fio" >/dev/null
	# The temporary directory is not part of the fixture.
	sed "s|$WORK|/tmp/fixture|g" "$out.tmp" >"$out"
	rm -f "$out.tmp" "$WORK"/*.0.0
	jq -e '.jobs | length == 2' "$out" >/dev/null || { echo "make-version-fixtures: $out has not 2 jobs" >&2; exit 1; }
	echo "make-version-fixtures: $out"
done
