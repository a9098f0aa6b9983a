#!/usr/bin/env bash
# Every shell file of jobs/, ci/, tests/ and bench/ passes shellcheck at its
# default severity with zero warnings (issue 22).  The files are git's
# (committed or added) under those directories: *.sh, and any other file
# whose first line is a sh/bash shebang or a "# shellcheck shell=" line.
# Project-wide settings are in .shellcheckrc.  One TAP line per file.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
if ! command -v shellcheck >/dev/null; then
	not_ok "shellcheck is not installed (ci/install-deps.sh installs it)"
	tap_done
	exit
fi
files=()
while IFS= read -r f; do
	[ -f "$f" ] || continue
	case $f in
	*.sh) files+=("$f") ;;
	*.fio | *.json | *.md | *.c | *.h | *.csv | *.txt | *.html | *.1 | *.7 | *.py) ;;
	*)
		IFS= read -r first <"$f" 2>/dev/null || continue
		if [[ $first =~ ^#!.*(/|[[:space:]])(ba)?sh([[:space:]]|$) || $first == "# shellcheck shell="* ]]; then
			files+=("$f")
		fi
		;;
	esac
done <<<"$(git ls-files --cached --others --exclude-standard -- jobs ci tests bench)"
check "shell files found (${#files[@]})" test ${#files[@]} -gt 50
# One shellcheck for all (each file is still checked as its own script): a
# process per file costs minutes on a loaded machine.
report=$(shellcheck -x -f gcc "${files[@]}" 2>&1)
for f in "${files[@]}"; do
	mine=$(grep -F -- "$f:" <<<"$report" | grep -E "^$f:[0-9]+:")
	if [ -z "$mine" ]; then
		ok "shellcheck $f"
	else
		not_ok "shellcheck $f"
		printf '%s\n' "$mine" | head -n 40 | sed 's/^/# /'
	fi
done
tap_done
