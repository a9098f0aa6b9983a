#!/usr/bin/env bash
# Every function a header of analysis/ or engine/ declares has a kernel-doc
# block right above it (issue 24): "/** name() - summary", one "@param:" line
# per parameter and nothing else, and "Return:" when it returns a value.
# tests/script/kdoc/check.py parses the headers.
#
# tests/script/kdoc/todo.txt lists the headers not yet converted: each is
# still checked and its problems counted, but not failed; a header listed
# there that has become clean fails (take it off the list, so the list only
# shrinks).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
KDOC=tests/script/kdoc/check.py
TODO=tests/script/kdoc/todo.txt
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The checker itself can fail: a header with each kind of fault.
cat >"$tmp/bad.h" <<'H'
/* a plain comment */
int plain(int a);
/**
 * other() - documents another function
 * @a: a
 *
 * Return: a
 */
int named_wrong(int a);
/**
 * params() - misses one and names one that is not there
 * @a: the first
 * @c: no such
 */
void params(int a, const char *b);
/**
 * noreturn() - returns a value but says nothing of it
 */
size_t noreturn(void);
int undocumented(struct x *p, ...);
H
cat >"$tmp/good.h" <<'H'
struct s { int (*cb)(int); };
typedef int (*fn_t)(int);
/**
 * good() - all said
 * @p: a pointer
 * @cb: a callback
 * @fmt: a format
 * @...: its arguments
 *
 * Return: 0
 */
int good(struct s *p, int (*cb)(int x), const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/**
 * none() - no parameters, no value
 */
static inline void none(void)
{
	return;
}
H
out=$(python3 "$KDOC" "$tmp/bad.h" 2>&1)
for want in 'plain(): its comment is not a kernel-doc block' \
	'named_wrong(): the block documents other(), not named_wrong()' \
	'params(): @b: missing' 'params(): @c: no such parameter' \
	'noreturn(): returns size_t but the block has no "Return:" section' \
	'undocumented(): no comment right above it'; do
	check "the checker finds: $want" grep -qF -- "$want" <<<"$out"
done
check "the checker fails on a bad header" test "$(python3 "$KDOC" "$tmp/bad.h" >/dev/null 2>&1; echo $?)" = 1
check "the checker passes a good header" python3 "$KDOC" "$tmp/good.h"

mapfile -t headers < <(git ls-files --cached --others --exclude-standard -- 'analysis/*.h' 'engine/*.h')
check "headers found (${#headers[@]})" test "${#headers[@]}" -gt 50
todo=$(grep -v '^#' "$TOP/$TODO" 2>/dev/null)
# one run over every header (a python start per header would cost seconds);
# its "file:line: problem" lines are then taken per header
existing=()
for h in "${headers[@]}"; do
	[ -f "$h" ] && existing+=("$h")
done
python3 "$KDOC" "${existing[@]}" >"$tmp/all" 2>&1
check "the checker ran over ${#existing[@]} headers" grep -q '^# [0-9]* functions in' "$tmp/all"
# none TEXT: fails, showing TEXT, when there is any
none() {
	[ -z "$1" ] && return
	printf '%s\n' "$1"
	return 1
}
left=0
for h in "${existing[@]}"; do
	problems=$(awk -F: -v h="$h" '$1 == h' "$tmp/all")
	n=$(grep -c . <<<"$problems")
	if grep -qxF -- "$h" <<<"$todo"; then
		left=$((left + n))
		check "$h: on $TODO, so it still has functions to document" test "$n" -gt 0
	else
		check "$h: every function has a kernel-doc block" none "$problems"
	fi
done
echo "# functions still to document in $TODO's headers: $left"
tap_done
