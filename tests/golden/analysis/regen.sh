#!/usr/bin/env bash
# Regenerates fiorank's golden outputs from the committed fixtures.  Run it
# (from anywhere) only after an intentional change of fiorank's output or of
# the fixtures, and review the diff before committing:
#   make analysis && tests/golden/analysis/regen.sh && git diff tests/golden
# tests/script/analysis-golden.sh runs the same commands and compares.
set -u
TOP=$(cd "$(dirname "$0")/../../.." && pwd)
FIORANK=${FIORANK:-$TOP/build/fiorank}
source "$TOP/tests/golden/analysis/inputs.sh"
cd "$TOP" || exit 2
for fmt in text md csv json html; do
	"$FIORANK" -f "$fmt" "${GOLDEN_ARGS[@]}" >"tests/golden/analysis/report.$fmt" 2>/dev/null
	rc=$?
	[ $rc -eq 1 ] || { echo "regen: fiorank -f $fmt exited $rc, expected 1" >&2; exit 1; }
	golden_norm "$FIORANK" "tests/golden/analysis/report.$fmt"
done
"$FIORANK" -r analysis/reference -f csv --with-reference=p5510-vs-pm9a3 >tests/golden/analysis/reference-p5510-vs-pm9a3.csv
golden_norm "$FIORANK" tests/golden/analysis/reference-p5510-vs-pm9a3.csv
echo "regen: wrote tests/golden/analysis/report.{text,md,csv,json,html} and reference-p5510-vs-pm9a3.csv"
