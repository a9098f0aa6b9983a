# shellcheck shell=bash
# SPDX-License-Identifier: GPL-2.0-only
# For tests/vm/t-peer-*.sh: one of fio's own NVMe suites through both
# engines (tests/peer/peer-check --only SUITE), one guest at a time so that
# tests/run-all's --vm-jobs holds.  Sourced after tests/lib.sh.

# peer_suite NAME: TAP lines for suite NAME of peer-check's CI set.
peer_suite() {
	local name=$1 out res rc line missing
	out=$(mktemp -d)
	res=$("$TOP/tests/peer/peer-check" --only "$name" --jobs 1 --out "$out" 2>&1)
	rc=$?
	printf '%s\n' "$res" | sed 's/^/# /'
	for engine in io_uring_cmd ssdnvme; do
		line=$(grep -E "^$name $engine passed [0-9]+ failed [0-9]+ skipped [0-9]+" <<<"$res")
		if [ -n "$line" ]; then
			ok "$name ran through $engine to its summary: ${line#"$name $engine "}"
		else
			not_ok "$name did not run through $engine to its summary line"
			tail -n 20 "$out/$name-$engine"/*.log 2>/dev/null | sed 's/^/# /'
		fi
	done
	# the suite really tested something through the engine
	line=$(grep -E "^$name ssdnvme passed" <<<"$res")
	if [[ $line =~ passed\ ([0-9]+) ]] && [ "${BASH_REMATCH[1]}" -gt 0 ]; then
		ok "$name: ssdnvme passed ${BASH_REMATCH[1]} tests"
	else
		not_ok "$name: ssdnvme passed no test"
	fi
	missing=$(grep -E "^$name: ssdnvme fails tests io_uring_cmd passes" <<<"$res")
	if [ $rc -eq 0 ] && [ -z "$missing" ]; then
		ok "$name: ssdnvme passes every test io_uring_cmd passes"
	else
		not_ok "$name: ssdnvme passes every test io_uring_cmd passes (${missing:-peer-check exit $rc})"
	fi
	mkdir -p "$BUILD/test-logs/peer" && cp -r "$out"/. "$BUILD/test-logs/peer/" 2>/dev/null
	rm -rf "$out"
}
