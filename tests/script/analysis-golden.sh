#!/usr/bin/env bash
# fiorank's reports on the committed fixtures equal the golden files, in every
# format (regenerate them with tests/golden/analysis/regen.sh after an
# intentional change).
source "$(dirname "$0")/../lib.sh"
source "$TOP/tests/golden/analysis/inputs.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

for fmt in text md csv json html; do
	"$FIORANK" -f "$fmt" "${GOLDEN_ARGS[@]}" >"$tmp/report.$fmt" 2>"$tmp/err.$fmt"
	rc=$?
	if [ $rc -eq 1 ]; then ok "fiorank -f $fmt exits 1 (inputs skipped)"; else not_ok "fiorank -f $fmt exited $rc, expected 1"; fi
	golden_norm "$FIORANK" "$tmp/report.$fmt"
	check "report.$fmt equals the golden file" diff -u "tests/golden/analysis/report.$fmt" "$tmp/report.$fmt"
done
check "stderr names each skipped file with its reason" grep -q 'skipped tests/data/fio/shapes/truncated.json: truncated JSON' "$tmp/err.text"
"$FIORANK" -r analysis/reference -f csv --with-reference=p5510-vs-pm9a3 >"$tmp/ref.csv"
golden_norm "$FIORANK" "$tmp/ref.csv"
check "reference-only ranking equals the golden file" diff -u tests/golden/analysis/reference-p5510-vs-pm9a3.csv "$tmp/ref.csv"
tap_done
