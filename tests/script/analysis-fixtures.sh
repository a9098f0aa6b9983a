#!/usr/bin/env bash
# The fixture generator still works with the project's fio and fiorank still
# reads what it makes: regenerates the output shapes (tests/data/make-fixtures.sh
# --shapes-only, about 10 s of real fio runs including client/server on
# loopback) into a temporary directory and checks each is read, skipped or
# excluded as the committed ones are.  Skips if fio is not built.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
if [ ! -x "$FIO_BIN" ]; then
	skip "fio is not built ($FIO_BIN)"
	tap_done
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# An ASan-built engine cannot be loaded by the plain fio the script runs.
[ "${SANITIZE:-}" = 1 ] && ENGINE=/nonexistent
check "make-fixtures.sh regenerates the shapes" env FIXTURE_PORT=$((20000 + $$ % 20000)) ENGINE="$ENGINE" \
	bash tests/data/make-fixtures.sh --out "$tmp" --shapes-only
S=$tmp/shapes
for f in json jsonplus prios status-interval old-usec client-server; do
	check "fresh $f output is read (exit 0)" "$FIORANK" -N -q "$S/$f.json"
done
# fio's --ss verdict varies from run to run: attained exits 0, NOT attained
# exits 1 and says so (issue 21)
check "fresh steadystate output is read, fio's verdict shown (exit 0 attained, 1 not)" bash -c "
	'$FIORANK' -N '$S/steadystate.json' >'$tmp/ss.txt' 2>&1; rc=\$?
	grep -q 'steady_state  *fio --ss=iops:20.000000% attained' '$tmp/ss.txt' && test \$rc -eq 0 && exit 0
	grep -q 'steady_state  *fio --ss=iops:20.000000% NOT attained' '$tmp/ss.txt' && test \$rc -eq 1"
check "fresh client/server output yields one drive per server" \
	bash -c "'$FIORANK' -N -f csv '$S/client-server.json' | grep -c '^peak,' | grep -qx 2"
check "fresh client/server output with each server's own global options is read (exit 0)" \
	"$FIORANK" -N -q "$tmp/hosts/client-server-3.41.json"
check_fails "fresh output with a failed job: job excluded, exit 1" 'ended with error 28' \
	"$FIORANK" -N "$S/job-error.json"
check_fails "fresh text-before-JSON output: the good job is read, the failed one excluded" \
	'text-before.json: job .4k-randwrite@peak. ended with error 28' "$FIORANK" -N "$S/text-before.json"
if [ -f "$ENGINE" ]; then
	check_fails "a fresh engine run is read; its lone nn-read (no writer) is excluded" \
		"job 'nn-read': no noisy-neighbor writer" "$FIORANK" -N "$tmp/engine-run"
else
	skip "no plain engine build to run ($ENGINE)"
fi
check_fails "fresh terse output is rejected" 'terse output is not supported' "$FIORANK" -N "$S/terse.txt"
tap_done
