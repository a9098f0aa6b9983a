#!/usr/bin/env bash
# Every C file the project keeps follows the committed .clang-format and
# opens with its SPDX license line (// in a .c, /* */ in a .h, as the kernel).
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
if ! command -v clang-format >/dev/null; then
	not_ok "clang-format is not installed (make deps)"
	tap_done
	exit 1
fi
# The first line of FILE is its SPDX license line.
spdx_ok() {
	case $1 in
	*.c) head -n 1 "$1" | grep -Eq '^// SPDX-License-Identifier: [A-Za-z0-9.+-]+( (OR|AND|WITH) [A-Za-z0-9.+-]+)*$' ;;
	*.h) head -n 1 "$1" | grep -Eq '^/\* SPDX-License-Identifier: [A-Za-z0-9.+-]+( (OR|AND|WITH) [A-Za-z0-9.+-]+)* \*/$' ;;
	esac
}
for f in $(git ls-files '*.c' '*.h' 2>/dev/null); do
	if spdx_ok "$f"; then
		ok "SPDX line: $f"
	else
		not_ok "SPDX line: $f has none on its first line (// SPDX-License-Identifier: GPL-2.0-only in a .c, the same in /* */ in a .h)"
	fi
	if out=$(clang-format --dry-run -Werror "$f" 2>&1); then
		ok "clang-format: $f"
	else
		not_ok "clang-format: $f (make format fixes it)"
		printf '%s\n' "$out" | head -n 6 | sed 's/^/# /'
	fi
done
tap_done
