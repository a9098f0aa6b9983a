#!/usr/bin/env bash
# fiorank's sources in folders by stage (issue 24; docs/fiorank.md "Source
# layout"): util, model, read, rank, gate, report, chart, out, cli, in that
# order.
# A file includes headers of its own folder and of earlier ones only,
# path-qualified ("read/read_fio.h"); nothing but main.c lies flat in
# analysis/; no include circle between files (a file's stem to the stems of
# the headers it includes); and, over the built objects, no object uses a
# symbol defined in a later stage or in a circle back to itself (a header
# shared by several .c files hides such circles from the includes).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1

STAGES=(util model read rank gate report chart out cli)
OBJ=${BUILD}/obj/analysis

# awk helpers: rank(folder) in STAGES ("." = analysis/ itself, after all of
# them; -1 unknown), folder(path under analysis/).
AWK_STAGES='
BEGIN { n = split(stages, st, " "); for (i = 1; i <= n; i++) rk[st[i]] = i - 1; rk["."] = n }
function folder(p) { sub(/^analysis\//, "", p); return p ~ /\// ? substr(p, 1, index(p, "/") - 1) : "." }
function rank(d) { return (d in rk) ? rk[d] : -1 }
function stem(p) { sub(/.*\//, "", p); sub(/\.[ch]$/, "", p); return p }
'

sources=$(git ls-files --cached --others --exclude-standard -- 'analysis/*.c' 'analysis/*.h')
check "analysis sources found" test -n "$sources"

# 1. Only main.c is flat; every folder is a stage, one level deep.
flat=$(grep -E '^analysis/[^/]+$' <<<"$sources" | grep -v '^analysis/main\.c$' | tr '\n' ' ')
check "nothing flat in analysis/ but main.c${flat:+ (flat: $flat)}" test -z "$flat"
bad_dirs=$(awk -v stages="${STAGES[*]}" "$AWK_STAGES"'
	rank(folder($0)) < 0 || $0 ~ /^analysis\/[^\/]+\/[^\/]+\// { printf "%s ", $0 }' <<<"$sources")
check "every source is in a stage folder, one level deep${bad_dirs:+ (not: $bad_dirs)}" test -z "$bad_dirs"

# 2. Includes: path-qualified, existing, never to a later stage; and the
# file graph for circles (stem -> stem).
mapfile -t files <<<"$sources"
includes=$(grep -HE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "${files[@]}" |
	sed 's/^\([^:]*\):[^"]*"\([^"]*\)".*/\1 \2/')
verdicts=$(awk -v stages="${STAGES[*]}" "$AWK_STAGES"'
	FNR == NR { have[$0] = 1; n = $0; sub(/.*\//, "", n); base[n] = 1; next }
	{
		f = $1; inc = $2
		if (inc !~ /\//) {
			if (inc in base) { print "bare", f ":" inc; if (stem(inc) != stem(f)) print "edge", stem(f), stem(inc) }
			next
		}
		if (!(("analysis/" inc) in have)) { print "missing", f ":" inc; next }
		if (rank(folder("analysis/" inc)) > rank(folder(f))) print "back", f "->" inc
		if (stem(inc) != stem(f)) print "edge", stem(f), stem(inc)
	}' <(echo "$sources") <(echo "$includes"))
pick() { awk -v k="$1" '$1 == k { $1 = ""; printf "%s;", $0 }' <<<"$verdicts"; }
bare=$(pick bare)
missing=$(pick missing)
back=$(pick back)
check "includes of analysis headers name their folder${bare:+ (bare:$bare)}" test -z "$bare"
check "includes name existing headers${missing:+ (missing:$missing)}" test -z "$missing"
check "no include points to a later stage (${STAGES[*]})${back:+:$back}" test -z "$back"

# A circle: tsort names the files in it.
circles() {
	tsort 2>&1 >/dev/null | sed -n 's/^tsort: \([^:]*\)$/\1/p' | sort -u | tr '\n' ' '
}
loop=$(awk '$1 == "edge" {print $2, $3}' <<<"$verdicts" | sort -u | circles)
check "no include circle between files${loop:+ (in a circle: $loop)}" test -z "$loop"

# 3. Renderers render only (issue 24): a file of out/ or chart/ includes no
# header of read/ (inputs) or gate/ (the --baseline comparison) and walks no
# json-c tree (json-c's getters, util/json_get.h's): the report stage
# (report/) builds what they print, the readers turn what they keep into
# plain arrays.  Files still doing so are listed here, each with why; a new
# offence, or one left here after it is gone, fails.
declare -A RENDER_EXEMPT=(
)
render_src=$(grep -E '^analysis/(out|chart)/' <<<"$sources")
mapfile -t render_files <<<"$render_src"
offences=$( (grep -HnE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"(read|gate)/' "${render_files[@]}"
	grep -HnE '\<(json_object_(get_[a-z0-9_]+|object_get(_ex)?|array_get_idx|array_length|is_type|get_type|object_foreach|iter_[a-z_]+)|json_object_object_foreach|json_pointer_get|fr_json_(get|num|str))[[:space:]]*\(' "${render_files[@]}") |
	sed 's/^\([^:]*:[0-9]*\):[[:space:]]*/\1: /')
new_off=""
for f in "${render_files[@]}"; do
	[ -n "${RENDER_EXEMPT[$f]+x}" ] && continue
	hit=$(grep -F "$f:" <<<"$offences" | head -3 | tr '\n' ';')
	new_off+=${hit:+"$hit "}
done
check "out/ and chart/ include no read/ or gate/ header and walk no json-c tree${new_off:+ (offending: $new_off)}" test -z "$new_off"
stale=""
for f in "${!RENDER_EXEMPT[@]}"; do
	grep -qF "$f:" <<<"$offences" || stale+="$f "
done
check "every file on the renderers' exemption list still needs it${stale:+ (drop: $stale)}" test -z "$stale"

# 3. Symbols: which object uses what another defines (the built tree).
objs=()
for f in "${files[@]}"; do
	case $f in
	*.c) objs+=("$OBJ/${f#analysis/}") ;;
	esac
done
objs=("${objs[@]/%.c/.o}")
absent=""
for o in "${objs[@]}"; do
	[ -f "$o" ] || absent+="${o#"$OBJ"/} "
done
check "every analysis object is built under $OBJ (make first)${absent:+; absent: $absent}" test -z "$absent"
if [ -n "$absent" ]; then
	tap_done
	exit
fi
# "symbol file" lines (file: the object's path under $OBJ, without .o); nm -A
# leads each line with "object:".
nm_of() {
	nm -A "$@" "${objs[@]}" | awk -v obj="$OBJ/" '{
		f = $1; sub(/:.*/, "", f); sub(/\.o$/, "", f); f = substr(f, length(obj) + 1)
		if (NF == 3 && ($2 == "U" || $2 ~ /^[TDBR]$/)) print $3, f
	}' | sort
}
defs=$(nm_of --defined-only -g)
uses=$(nm_of -u)
sym_edges=$(join <(echo "$uses") <(echo "$defs") | awk '$2 != $3 {print $2, $3, $1}' | sort -u)
check "symbols found in the objects ($(wc -l <<<"$sym_edges") uses across files)" test -n "$sym_edges"
sym_back=$(awk -v stages="${STAGES[*]}" "$AWK_STAGES"'
	rank(folder("analysis/" $2)) > rank(folder("analysis/" $1)) { printf "%s uses %s of %s; ", $1, $3, $2 }' <<<"$sym_edges")
check "no object uses a symbol of a later stage${sym_back:+: $sym_back}" test -z "$sym_back"
loop=$(awk '{print $1, $2}' <<<"$sym_edges" | sort -u | circles)
check "no circle of objects using each other's symbols${loop:+ (in a circle: $loop)}" test -z "$loop"
tap_done
