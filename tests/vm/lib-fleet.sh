# shellcheck shell=bash
# The fleet tests' common run (t-fleet.sh, t-fleet-faults.sh), sourced after
# tests/lib.sh: three guests booted side by side by tests/vm/fleet, which
# runs TMP/inside.sh on this host while they serve, then checked to have
# served and powered down, leaving no QEMU behind.

# fleet_run_checked TIMEOUT TMP FIO: runs the fleet with bash TMP/inside.sh
# TMP FIO (its log in TMP/fleet.log, its guests' files in TMP/fleet) and
# makes the two checks.
fleet_run_checked() {
	local t0=$SECONDS rc tmp=$2
	"$TOP/tests/vm/fleet" --guests 3 --out "$tmp/fleet" --timeout "$1" -- \
		bash "$tmp/inside.sh" "$tmp" "$3" >"$tmp/fleet.log" 2>&1
	rc=$?
	check "the fleet of 3 guests booted, served and powered down (exit $rc, $((SECONDS - t0)) s)" test $rc = 0
	[ $rc = 0 ] || tail -n 15 "$tmp/fleet.log" | sed 's/^/# /'
	check "no QEMU of the fleet is left" bash -c '! ps -eo args | grep -F -- "$1" | grep -q "^qemu-system"' _ "$tmp/fleet"
}
