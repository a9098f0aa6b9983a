#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Runs inside the test bed (tests/peer/peer-check): one of fio's own NVMe
# passthrough suites from the fio tree the engine was built against, once per
# engine named, and prints one line per suite and engine:
#
#   nvmept_trim io_uring_cmd passed 26 failed 0 skipped 0
#
#   suites.sh SUITE DUT ENGINES [SUITE-ARGS...]
# (through narrow.py: PEER_ONE_CONFIG narrows the PI suite to one
# configuration; bin/sudo stands in for the sudo the suites call)
# ENGINES: "io_uring_cmd ssdnvme" (either or both, in that order).  The
# suite's own output and artifacts go to $OUT/SUITE-ENGINE/ (kept by the
# host); a suite whose summary line is missing counts as one failure.
set -u
suite=$1 dut=$2 engines=$3
shift 3
here=$(cd "$(dirname "$0")" && pwd)
. "$here/../lib.sh" # FIO_BIN, ENGINE
fio_tree=$(dirname "$(readlink -f "$FIO_BIN")")
out=${OUT:-/tmp}
cd /tmp || exit 1
rc=0
for engine in $engines; do
	case $engine in
	io_uring_cmd) fio=$FIO_BIN ;;
	ssdnvme) fio=$here/fio-as-ssdnvme ;;
	*) echo "suites.sh: unknown engine $engine" >&2; exit 2 ;;
	esac
	art=/tmp/art-$suite-$engine
	log=$out/$suite-$engine.log
	rm -rf "$art"
	start=$SECONDS
	PATH=$here/bin:$PATH python3 "$here/narrow.py" "$fio_tree/t" "$suite" \
		--fio "$fio" --dut "$dut" -a "$art" "$@" >"$log" 2>&1
	# "26 test(s) passed, 0 failed, 0 skipped", the suites' closing line
	summary=$(sed -n 's/^\([0-9]*\) test(s) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\1 \2 \3/p' "$log" | tail -n 1)
	if [ -z "$summary" ]; then
		echo "$suite $engine passed 0 failed 1 skipped 0 (no summary line: see $suite-$engine.log)"
		rc=1
		continue
	fi
	read -r p f s <<<"$summary"
	echo "$suite $engine passed $p failed $f skipped $s ($((SECONDS - start)) s)"
	# the failed tests' names, for the note beside the counts
	grep -E '^Test [0-9]+ FAILED' "$log" | sed "s/^/  $engine: /" | head -n 40
	[ "$f" = 0 ] || rc=1
	mkdir -p "$out/$suite-$engine" && cp -r "$art"/. "$out/$suite-$engine/" 2>/dev/null
done
exit $rc
