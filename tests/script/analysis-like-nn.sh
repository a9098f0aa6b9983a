#!/usr/bin/env bash
# Noisy-neighbor and write-pressure sections hold measured runs against each
# other only when alike (issue 21, item 1), on real fio 3.33 output:
# tests/data/fio/ran/like (made by tests/data/make-ran-fixtures.sh).
#   nn-like-qd1, nn-like-qd1-again: the reader at fio's default depth (1);
#   nn-unlike-qd4: the same with the reader at 4 outstanding I/O.
#   wp-cross-a, wp-cross-b: like write-pressure runs whose order changes
#   between 10 and 50 MB/s (null-engine reads at one rate, psync at the
#   other); wp-cross-b-qd4: crosses wp-cross-a too, its reader at depth 4.
# The unlike noisy-neighbor drive is given first: the larger group of like
# runs is placed all the same, and it is listed without a place, with what
# differs, in every format; no crossover is stated with the unlike
# write-pressure run, and its reason is printed once.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=tests/data/fio/ran/like
NN=(-d qd4 "$D/nn-unlike-qd4.json" -d one "$D/nn-like-qd1.json" -d two "$D/nn-like-qd1-again.json")
WP=(-d a "$D/wp-cross-a.json" -d bq4 "$D/wp-cross-b-qd4.json" -d b "$D/wp-cross-b.json")

for fmt in text md csv json html; do
	"$FIORANK" -N -f "$fmt" "${NN[@]}" >"$tmp/nn.$fmt" 2>"$tmp/nn.$fmt.err"
	check "nn fixtures: -f $fmt exits 0" test $? -eq 0
	"$FIORANK" -N -f "$fmt" "${WP[@]}" >"$tmp/wp.$fmt" 2>"$tmp/wp.$fmt.err"
	check "wp fixtures: -f $fmt exits 0" test $? -eq 0
done
why="not placed: unlike the placed runs (one): 4 outstanding I/O, the placed runs 1"

# noisy neighbor: nn rows' place (4) and detail (18)
nnrow() { awk -F, -v d="$1" '$1 == "nn" && $3 == d { print $'"$2"' }' "$tmp/nn.csv"; }
p99() { jq -e '.jobs[] | select(.jobname == "nn-read-ns2") | .read.clat_ns.percentile["99.990000"]' \
	"$D/$1.json"; }
if [ "$(p99 nn-like-qd1)" -le "$(p99 nn-like-qd1-again)" ]; then
	order=1/2
else
	order=2/1
fi
check "nn: the two like runs are placed, by their 99.99th" \
	test "$(nnrow one 4)/$(nnrow two 4)" = "$order"
check "nn: the unlike run (given first) has no place" test -z "$(nnrow qd4 4)"
check "csv: ... its detail says why" grep -qF ",\"$why\"," "$tmp/nn.csv"
check "text: its place is '-'" grep -qE "^ +- qd4 +[0-9.]+ " "$tmp/nn.text"
check "text: ... and the reason is under the table" grep -qF "* qd4: $why" "$tmp/nn.text"
check "json: place null, place_note the reason, the like runs' notes null" \
	jq -e --arg w "$why" '[.noisy_neighbor[0].ranking[] | [.drive, .place_note]] ==
		[["one", null], ["two", null], ["qd4", $w]] or
		[.noisy_neighbor[0].ranking[] | [.drive, .place_note]] ==
		[["two", null], ["one", null], ["qd4", $w]]' "$tmp/nn.json"
check "json: ... and place null" \
	jq -e '.noisy_neighbor[0].ranking[] | select(.drive == "qd4") | .place == null' "$tmp/nn.json"
check "md: the reason beside the drive" grep -qF "| - | qd4 ($why) |" "$tmp/nn.md"
check "html: the reason under the drive's row" grep -qF "<td class=\"l\">$why</td>" "$tmp/nn.html"

# write pressure: a and b cross; a and bq4 would, but are unlike
wwhy="no crossover with the like runs (a): 4 outstanding I/O, the like runs 1"
check "wp: like runs a and b: their crossovers are stated" \
	jq -e '[.write_pressure.crossovers[] | [.lower, .higher] | sort] | length > 0 and
		all(. == ["a", "b"])' "$tmp/wp.json"
check "wp: no crossover sentence names bq4 (unlike a and b) in text, md, html" \
	test -z "$(grep -E "bq4('|&#39;)s" "$tmp"/wp.{text,md,html})"
check "csv: no crossover row names bq4" \
	test -z "$(grep -E '^crossover,.*bq4' "$tmp/wp.csv")"
check "json: bq4's crossover_note is the reason, a and b have none" \
	jq -e --arg w "$wwhy" '[.write_pressure.drives[] | [.drive, .crossover_note]] ==
		[["a", null], ["bq4", $w], ["b", null]]' "$tmp/wp.json"
check "text: the reason once, under the section" test "$(grep -cF "* bq4: $wwhy" "$tmp/wp.text")" -eq 1
check "md: the reason" grep -qF -- "- bq4: $wwhy" "$tmp/wp.md"
check "html: the reason" grep -qF "<p class=\"unplaced\">bq4: $wwhy</p>" "$tmp/wp.html"
check "csv: the reason in bq4's wp rows' detail, twice (10 and 50 MB/s)" \
	test "$(grep -c "^wp,write-pressure,bq4,.*,\"$wwhy\"," "$tmp/wp.csv")" -eq 2
tap_done
