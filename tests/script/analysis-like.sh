#!/usr/bin/env bash
# fiorank never ranks unlike measured runs against each other silently
# (issue 21, item 1), on real fio 3.33 output: tests/data/fio/ran (made by
# tests/data/make-ran-fixtures.sh: spelled-4k, a 4k random read at fio's
# default depth; spelled-4096, the same with bs=4096 iodepth=1; unlike-qd4,
# the same at iodepth 4) and the runner-style tests/data/fio/results (iouring-qd4 at 4
# outstanding I/O, psync-capped at 1).  The largest group of like runs is
# placed, of equal groups the one of the drive given first; every other
# run is listed without a place or margin, with what differs, in every
# format.  Expected orders come from the same files with jq.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=tests/data/fio/ran
R=tests/data/fio/results
LIKE=(-d qd4 "$D/unlike-qd4.json" -d default "$D/spelled-4k.json" -d spelled "$D/spelled-4096.json")

for fmt in text md csv json html; do
	"$FIORANK" -N -f "$fmt" "${LIKE[@]}" >"$tmp/like.$fmt" 2>"$tmp/like.$fmt.err"
	check "like fixtures: -f $fmt exits 0" test $? -eq 0
done
# peak row: place (4), margin_pct (12), detail (18)
peak() { awk -F, -v d="$2" '$1 == "peak" && $3 == d { print $'"$3"' }' "$tmp/$1.csv"; }
iops() { jq -e '.jobs[0].read.iops' "$D/$1.json"; }
if [ "$(iops spelled-4k | cut -d. -f1)" -ge "$(iops spelled-4096 | cut -d. -f1)" ]; then
	first=default second=spelled
else
	first=spelled second=default
fi
why="not placed: unlike the placed runs (default): 4 outstanding I/O, the placed runs 1"

# bs=4k vs bs=4096, iodepth left out vs iodepth=1: one workload
check "bs=4k and bs=4096, iodepth default and =1: both placed, by their IOPS" \
	test "$(peak like $first 4)/$(peak like $second 4)" = 1/2
check "... the first with a margin to the second" test -n "$(peak like $first 12)"
check "... neither has a place note" \
	jq -e '[.profiles[0].ranking[] | select(.drive != "qd4") | .place_note] == [null, null]' \
	"$tmp/like.json"
# the larger group wins over the drive given first
check "csv: the qd4 run (given first) has no place" test -z "$(peak like qd4 4)"
check "csv: ... and no margin; the last placed has none to it" \
	test -z "$(peak like qd4 12)$(peak like $second 12)"
check "csv: ... its detail says why" grep -qF "\"ranked by IOPS; $why\"" "$tmp/like.csv"
check "text: the place is '-' and the reason is under the table" \
	grep -qE "^  - qd4 +[0-9]+ .*peak  -  " "$tmp/like.text"
check "text: ... with the reason" grep -qF "  - qd4: $why" "$tmp/like.text"
check "md: the reason under the table" grep -qF -- "- qd4: $why" "$tmp/like.md"
check "md: the place cell is '-'" grep -qF "| - | qd4 |" "$tmp/like.md"
check "html: the reason under the table" \
	grep -qF "<p class=\"unplaced\">qd4: $why</p>" "$tmp/like.html"
check "json: place null, place_note the reason" \
	jq -e --arg w "${why#not placed: }" \
	'.profiles[0].ranking[] | select(.drive == "qd4") | .place == null and .place_note == $w' \
	"$tmp/like.json"
check "wins: only a profile of 2+ placed drives counts; qd4 none" \
	jq -e '[.wins[] | select(.drive == "qd4") | .wins] == [0]' "$tmp/like.json"

# two groups of one: the drive given first is placed, whatever the figures
"$FIORANK" -N -f csv "$R" >"$tmp/res.csv" 2>/dev/null
check "results: exits 0" test $? -eq 0
"$FIORANK" -N -f csv -d psync-capped "$R/psync-capped" -d iouring-qd4 "$R/iouring-qd4" \
	>"$tmp/rev.csv" 2>/dev/null
check "results, psync-capped given first: exits 0" test $? -eq 0
prow() { awk -F, -v p="$2" -v d="$3" '$1 == "peak" && $2 == p && $3 == d { print $'"$4"' }' "$tmp/$1.csv"; }
check "results: iouring-qd4 (read first) placed 1, psync-capped unplaced" \
	test "$(prow res 4k-randread iouring-qd4 4)/$(prow res 4k-randread psync-capped 4)" = "1/"
check "... no margin from iouring-qd4 to it" test -z "$(prow res 4k-randread iouring-qd4 12)"
check "... the reason names 1 against 4 outstanding I/O" \
	grep -qF '"ranked by IOPS; not placed: unlike the placed runs (iouring-qd4): 1 outstanding I/O, the placed runs 4"' \
	"$tmp/res.csv"
check "... and a 70/30 mix that ran 50/50 under its rate cap" \
	grep -qF 'not placed: unlike the placed runs (iouring-qd4): 1 outstanding I/O, the placed runs 4, 50 % reads, the placed runs 70 %' \
	"$tmp/res.csv"
check "psync-capped given first: it is placed, iouring-qd4 (faster) is not" \
	test "$(prow rev 4k-randread psync-capped 4)/$(prow rev 4k-randread iouring-qd4 4)" = "1/"
check "... its reason names 4 against 1" \
	grep -qF 'not placed: unlike the placed runs (psync-capped): 4 outstanding I/O, the placed runs 1' \
	"$tmp/rev.csv"
check "no profiles-won rows: no profile places two drives" \
	test "$(grep -c '^wins,' "$tmp/res.csv")" -eq 0
tap_done
