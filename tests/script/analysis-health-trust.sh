#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# shellcheck disable=SC2016 # jq programs name their $variables in single quotes
# Drive health a damaged record cannot pass (issue 37 item 5): any sign of
# trouble in any snapshot or sample invalidates; a record that cannot be
# trusted makes the step "health unknown", excluded like an invalid one and
# never valid; impossible values are refused with the field named.  Each
# case is the real healthy run tests/data/fio/health/sample.json (+ its
# engine file, tests/data/make-health-samples.sh) with one edit made here
# by jq to step-400's entry (controller nvme0).
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
H=tests/data/fio/health
C='.health["step-400.2"].controllers[0]'

# case_of NAME JQ-EDIT [SED]: a copy of the run with the edit (and a text
# edit by sed, for what jq cannot hold); prints fiorank's JSON health row of
# step-400 as "valid|reason"; its exit status is kept for rc NAME
case_of() {
	mkdir -p "$tmp/$1"
	cp "$H/sample.json" "$tmp/$1/sample.json"
	jq "$2" "$H/sample.engine.json" | sed "${3:-}" >"$tmp/$1/sample.engine.json"
	"$FIORANK" -N -q -f json "$tmp/$1/sample.json" >"$tmp/$1.json"
	echo $? >"$tmp/$1.rc"
	jq -r '.health[] | select(.step == "step-400") | "\(.valid)|\(.reason)"' "$tmp/$1.json"
}
rc() { cat "$tmp/$1.rc"; }
# expect NAME JQ-EDIT WHAT ROW [SED]: step-400's row is exactly ROW
expect() {
	local got
	got=$(case_of "$1" "$2" "${5:-}")
	check "$3 ($got)" test "$got" = "$4"
}

expect plain '.' "the unedited run: step-400 valid" "true|null"
check "... exit 0" test "$(rc plain)" = 0
expect after-null-cw "$C.after = null | $C.samples[1].critical_warning = 2" \
	"after null, a sample with a critical warning: invalid" "false|critical warning: temperature"
check "... excluded: exit 1" test "$(rc after-null-cw)" = 1
expect after-null-tmt "$C.after = null | $C.samples[-1].tmt1_count = 4" \
	"after null, TMT1 rising in the samples: invalid" "false|thermal throttling 0 s (TMT1 +4)"
expect after-null "$C.after = null" "after null, the samples clean: health unknown, never valid" \
	"false|health unknown: no after snapshot (null)"
check "... excluded: exit 1" test "$(rc after-null)" = 1
U='false|health unknown:'
expect back "$C.before.tmt1_count = 5 | $C.samples[].tmt1_count = 5 | $C.after.tmt1_count = 3" \
	"TMT1 5 -> 3: health unknown, the counter named" \
	"$U tmt1_count went back (5 -> 3) in the after snapshot"
expect string "$C.after.tmt1_count = \"5\"" "TMT1 \"5\": health unknown, the field named" \
	"$U tmt1_count in the after snapshot cannot be read (\"5\")"
expect negative "$C.after.tmt2_count = -1" "TMT2 -1: health unknown" \
	"$U tmt2_count in the after snapshot cannot be read (-1)"
expect big '.' "TMT2 2^64-1 (every snapshot, as text): health unknown" \
	"$U tmt2_count in the before snapshot cannot be read (18446744073709551615)" \
	's/"tmt2_count": *0/"tmt2_count": 18446744073709551615/g'
expect cold "$C.after.composite_temp_k = 50" "50 K (-223 C): refused, the field named" \
	"$U composite_temp_k 50 K (-223 °C) in the after snapshot is not a drive temperature"
expect hot "$C.after.composite_temp_k = 323150" "323150 K (322877 C): refused" \
	"$U composite_temp_k 323150 K (322877 °C) in the after snapshot is not a drive temperature"
expect eg "$C.endurance_group.after.critical_warning = 1" \
	"an endurance group critical warning: invalid" "false|endurance group critical warning 0x1"
expect ocp "$C.ocp_c0.after.thermal_throttling_status = 1" \
	"OCP C0 thermal throttling status: invalid" "false|OCP thermal throttling status 1"
check "the other steps stay valid" jq -e \
	'[.health[] | select(.step != "step-400") | .valid] == [true, true]' "$tmp/ocp.json"
tap_done
