#!/usr/bin/env bash
# fiorank's CSV is safe for a spreadsheet and a terminal (issue 21, item 4),
# on a real fio output (tests/data/fio/shapes/json.json) whose job is renamed
# here with jq to what real fio would also accept as --name (a formula, an
# escape sequence, invalid UTF-8), and drive labels given with -d:
# - a text cell starting with =, +, -, @, tab or CR gets a leading single
#   quote (the OWASP rule); numbers fiorank formats (a negative change) do not;
# - control bytes and invalid UTF-8 are written as \xNN, as in text/md/html;
# - JSON "mbps" is null for a published entry without MB/s, not 0.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
SRC=tests/data/fio/shapes/json.json
FR=("$FIORANK" -N -q)

for i in 1 2 3; do cp "$SRC" "$tmp/copy$i.json"; done # a file is read once
jq --arg n '=HYPERLINK("http://x.invalid","a")@peak' '.jobs[0].jobname = $n' "$SRC" >"$tmp/formula.json"
"${FR[@]}" -f csv -d '@SUM(1+1)' "$tmp/formula.json" -d '+cmd' "$tmp/copy1.json" -d '-2+3' "$tmp/copy2.json" \
	>"$tmp/f.csv" 2>/dev/null
check "the drive label @SUM(1+1) is written as '@SUM(1+1)" grep -q ",'@SUM(1+1),,peak," "$tmp/f.csv"
check "a label +cmd is written as '+cmd" grep -q "^curve,[^,]*,'+cmd," "$tmp/f.csv"
check "a label -2+3 is written as '-2+3 (text, even if it looks numeric)" grep -q "^curve,[^,]*,'-2+3," "$tmp/f.csv"
check "the job name (profile) =HYPERLINK(...) is quoted and neutralised" \
	grep -q "\"'=HYPERLINK(\"\"http://x.invalid\"\",\"\"a\"\")@peak\"" "$tmp/f.csv"
check "no cell starts with = @ or + unquoted" \
	bash -c "! grep -Eq '(^|,)\"?[=@+]' '$tmp/f.csv'"

# a numeric cell fiorank formats stays a number: the change of a slower run
B=tests/data/fio/baseline
"${FR[@]}" -f csv --baseline "$B/before" "$B/after" >"$tmp/b.csv" 2>/dev/null
check "a negative change is a plain number (-NN.N, no quote)" \
	grep -Eq '^baseline,4k-randread,drive-a,,change_pct,-[0-9]+,-[0-9]+\.[0-9],' "$tmp/b.csv"

# control bytes and invalid UTF-8
esc=$'\e[31mred\e[0m'
bad=$'lab\xff\xfe'
"${FR[@]}" -f csv -d "$esc" "$tmp/copy1.json" -d "$bad" "$tmp/copy2.json" -d $'tab\there' "$tmp/copy3.json" \
	>"$tmp/c.csv" 2>/dev/null
check "no ESC byte reaches the CSV" bash -c "! grep -q $'\\e' '$tmp/c.csv'"
check "ESC is written as \\x1b" grep -qF '\x1b[31mred\x1b[0m' "$tmp/c.csv"
check "invalid UTF-8 is written as \\xff\\xfe" grep -qF 'lab\xff\xfe' "$tmp/c.csv"
check "the CSV is valid UTF-8" iconv -f UTF-8 -t UTF-8 "$tmp/c.csv" -o /dev/null
check "a tab inside a label is \\x09" grep -qF 'tab\x09here' "$tmp/c.csv"
check "the header's column count holds on every row" \
	bash -c "awk -F, 'NR==1{n=NF} NR>1 && NF!=n && !/\"/ {exit 1}' '$tmp/c.csv'"

# Markdown, through util/escape.c's one Markdown writer: a label cannot
# break a table row or inject HTML into a rendered page
"${FR[@]}" -f md -d $'a|b<script>*x*`y`\nrow' "$tmp/copy1.json" >"$tmp/m.md" 2>/dev/null
check "Markdown: | < > * \` and a line break in a label are escaped in the table row" \
	grep -qF '| a\|b&lt;script&gt;\*x\*\`y\` row |' "$tmp/m.md"
check "Markdown: no table row holds a raw <script>, none is broken by the label" \
	bash -c "! grep '^|' '$tmp/m.md' | grep -qF '<script>' && ! grep -qx 'row.*' '$tmp/m.md'"

check "Markdown: the command line is a code span as typed (no escapes in it), fenced past its backticks" \
	grep -qF "Command: \`\`$FIORANK -N -q -f md -d 'a|b<script>*x*\`y\` row' $tmp/copy1.json\`\`." "$tmp/m.md"

# JSON mbps null where not published (sql: IOPS and latency only)
"$FIORANK" -r analysis/reference -f json --with-reference=p5510-vs-pm9a3 >"$tmp/ref.json"
check "a published sql entry has mbps null, not 0" jq -e \
	'[.profiles[] | select(.profile == "sql") | .ranking[] | .mbps] | length > 0 and all(. == null)' \
	"$tmp/ref.json"
check "a published 4k-randread entry has its MB/s (IOPS x 4096)" jq -e \
	'[.profiles[] | select(.profile == "4k-randread") | .ranking[] | select(.iops != null)
	  | (.mbps - .iops * 4096 / 1e6) | fabs < 1e-6] | length > 0 and all' "$tmp/ref.json"
check "no published entry says mbps 0" jq -e '[.. | objects | select(has("mbps")) | .mbps] | all(. != 0)' \
	"$tmp/ref.json"
tap_done
