#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Names from input written one way only (issue 37 item 7):
# - fiorank pts passes its text, CSV and HTML through the byte layer as the
#   ranking report does: an ESC byte in the manifest (the real PTS runs of
#   tests/data/fio/pts with the drive's model edited here by jq) is written
#   "\x1b", never raw;
# - the CSV jobs cell joins job names with '|': a job named "a|b@peak" (a
#   real fio run made here, ioengine=null) is written "a\|b@peak", not
#   the two jobs "a" and "b@peak";
# - the byte layer is one-to-one: a job named with a raw 0xE9 byte prints
#   "\xe9", one named with the four characters "\xe9" prints "\x5cxe9"
#   (real fio runs made here), in text and CSV alike.
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
check "the CSV jobs cell: a\\|b@peak, one job" \
	bash -c "grep '^curve,' '$tmp/pipe.csv' | grep -qF ',a\\|b@peak,'"
check "no jobs cell splits into a and b@peak" bash -c "! grep -q ',a|b@peak,' '$tmp/pipe.csv'"

# caf<0xE9>@peak against the literal text caf\xe9@peak
(cd "$tmp" && "$FIO_BIN" --name=$'caf\xe9@peak' --ioengine=null --size=4m --rw=randread --bs=4k \
	--output-format=json --output=raw.json >/dev/null 2>&1 &&
	"$FIO_BIN" --name='caf\xe9@peak' --ioengine=null --size=4m --rw=randread --bs=4k \
		--output-format=json --output=lit.json >/dev/null 2>&1)
check "fio kept the raw byte 0xE9 in one name" \
	bash -c "grep -a '\"jobname\"' '$tmp/raw.json' | LC_ALL=C grep -q \$'caf\\xe9@peak'"
check "fio kept the text \\xe9 in the other" jq -e '.jobs[0].jobname == "caf\\xe9@peak"' "$tmp/lit.json"
"$FIORANK" -N -q -d raw "$tmp/raw.json" -d lit "$tmp/lit.json" >"$tmp/names.txt" 2>&1
"$FIORANK" -N -q -f csv -d raw "$tmp/raw.json" -d lit "$tmp/lit.json" >"$tmp/names.csv" 2>&1
# the profile as the text's heading and the CSV's profile cell
check "text: the raw byte written caf\\xe9" grep -qF '== caf\xe9: ranked' "$tmp/names.txt"
check "text: the text \\xe9 written caf\\x5cxe9, not as the byte" \
	grep -qF '== caf\x5cxe9: ranked' "$tmp/names.txt"
check "csv: the raw byte written caf\\xe9" grep -qF 'curve,caf\xe9,raw,' "$tmp/names.csv"
check "csv: the text \\xe9 written caf\\x5cxe9, not as the byte" \
	grep -qF 'curve,caf\x5cxe9,lit,' "$tmp/names.csv"
check "the two profiles are two in the text report" \
	test "$(grep -c '^== caf.*ranked by peak IOPS' "$tmp/names.txt")" -eq 2
tap_done
