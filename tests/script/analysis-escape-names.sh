#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Names from input written one way only (issue 37 item 7):
# - fiorank pts passes its text, CSV and HTML through the byte layer as the
#   ranking report does: an ESC byte in the manifest (the real PTS runs of
#   tests/data/fio/pts with the drive's model edited here by jq) is written
#   "\x1b", never raw;
# - the CSV jobs cell joins job names with '|': a job named "a|b@peak" (a
#   real fio run made here, ioengine=null) is written "a\x7cb@peak", not
#   the two jobs "a" and "b@peak".
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

cp -r tests/data/fio/pts "$tmp/pts"
jq '.drives[0].model = "evil\u001b[31mred"' tests/data/fio/pts/manifest.json >"$tmp/pts/manifest.json"
for f in text csv html; do
	"$FIORANK" pts -f "$f" "$tmp/pts" >"$tmp/p.$f" 2>/dev/null
	check "fiorank pts -f $f: no raw ESC byte from the manifest" bash -c "! grep -q \$'\\x1b' '$tmp/p.$f'"
done
for f in text html; do # the CSV has no model column
	check "fiorank pts -f $f: the model written evil\\x1b[31mred" grep -qF 'evil\x1b[31mred' "$tmp/p.$f"
done
"$FIORANK" pts -f json "$tmp/pts" >"$tmp/p.json" 2>/dev/null
check "fiorank pts -f json: the model as JSON escapes it" \
	jq -e '[.tests[].header | .. | strings | select(. == "evil\u001b[31mred")] | length > 0' "$tmp/p.json"

(cd "$tmp" && "$FIO_BIN" --name='a|b@peak' --ioengine=null --size=4m --rw=randread --bs=4k \
	--output-format=json --output=pipe.json >/dev/null 2>&1)
check "fio ran the job named a|b@peak" jq -e '[.jobs[].jobname] == ["a|b@peak"]' "$tmp/pipe.json"
"$FIORANK" -N -q -f csv "$tmp/pipe.json" >"$tmp/pipe.csv"
check "the CSV jobs cell: a\\x7cb@peak, one job" \
	bash -c "grep '^curve,' '$tmp/pipe.csv' | grep -qF ',a\\x7cb@peak,'"
check "no jobs cell splits into a and b@peak" bash -c "! grep -q ',a|b@peak,' '$tmp/pipe.csv'"
tap_done
