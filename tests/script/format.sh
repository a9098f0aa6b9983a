#!/usr/bin/env bash
# Every C file the project keeps follows the committed .clang-format.
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
if ! command -v clang-format >/dev/null; then
	not_ok "clang-format is not installed (make deps)"
	tap_done
	exit 1
fi
for f in $(git ls-files '*.c' '*.h' 2>/dev/null); do
	if out=$(clang-format --dry-run -Werror "$f" 2>&1); then
		ok "clang-format: $f"
	else
		not_ok "clang-format: $f (make format fixes it)"
		printf '%s\n' "$out" | head -n 6 | sed 's/^/# /'
	fi
done
tap_done
