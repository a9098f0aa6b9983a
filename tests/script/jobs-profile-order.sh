#!/usr/bin/env bash
# One profile order: the runner's (PROFILE_ORDER in jobs/lib/plan.sh, the
# order its plan runs them), fiorank's (known_profiles in analysis/model/label.c,
# each "-high" variant ranked right after its base) and the profile table
# of jobs/tools/gen-profiles (which writes jobs/profiles/*.fio) must agree.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
# shellcheck source=jobs/lib/plan.sh
. jobs/lib/plan.sh
runner=$(tr -s ' \n' '\n' <<<"$PROFILE_ORDER" | sed '/^$/d')
# label.c's list, with each variant that has a job file after its base.
rank=$(sed -n '/known_profiles\[\] = {/,/^};/p' analysis/model/label.c | sed -n 's/^[[:space:]]*"\([^"]*\)",.*/\1/p' |
	while read -r p; do
		echo "$p"
		[ -f "jobs/profiles/$p-high.fio" ] && echo "$p-high"
	done)
gen=$(sed -n "/^PROFILES=/,/^TABLE/p" jobs/tools/gen-profiles | grep -E '^[a-z0-9-]+\|' | cut -d'|' -f1)
files=$(for f in jobs/profiles/*.fio; do f=${f##*/} && echo "${f%.fio}"; done | sort)
check "label.c's list was read (19 profiles)" test "$(sed -n '/known_profiles\[\] = {/,/^};/p' analysis/model/label.c | grep -c '",')" = 19
check "the runner's order is fiorank's (analysis/model/label.c)" diff <(echo "$runner") <(echo "$rank")
check "the runner's order is gen-profiles' table order" diff <(echo "$runner") <(echo "$gen")
check "every job file in jobs/profiles is in the order, once" diff <(echo "$runner" | sort) <(echo "$files")
tap_done
