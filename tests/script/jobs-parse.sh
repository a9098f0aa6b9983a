#!/usr/bin/env bash
# Every job file of jobs/ passes fio --parse-only with the project's fio and
# engine: as written (includes resolved by fio, the default engine ssdnvme),
# and as the runner flattens it for each engine it can run with.  The
# committed profile files are what jobs/tools/gen-profiles writes.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1

if [ ! -f "$ENGINE" ]; then
	not_ok "the ssdnvme engine is built ($ENGINE): run make first"
	tap_done
	exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
truncate -s 64M "$tmp/target"
export SSDNVME_ENGINE=$ENGINE
# shellcheck source=jobs/lib/hand-env.sh
. jobs/lib/hand-env.sh "$tmp/target"

mapfile -t files < <(ls jobs/profiles/*.fio jobs/precondition/*.fio jobs/write-pressure/*.fio jobs/noisy-neighbor/*.fio)
check "23 profile job files (19 profiles + 4 high-load variants)" test "$(ls jobs/profiles/*.fio | wc -l)" -eq 23

for f in "${files[@]}"; do
	check "fio --parse-only $f (ssdnvme)" fio_cmd --parse-only "$f"
done

# Flattened, with each engine that fits the job: the three engines for the
# profiles, write pressure and preconditioning; nn files name their engine.
for f in "${files[@]}"; do
	case $f in
	*/noisy-neighbor/*) engines=(ssdnvme) ;;
	*) engines=(ssdnvme io_uring_cmd io_uring) ;;
	esac
	for e in "${engines[@]}"; do
		if ENGINE_OVERRIDE=$e flatten_job "$f" >"$tmp/flat.fio" 2>"$tmp/err"; then
			check "flattened $f parses ($e)" fio_cmd --parse-only "$tmp/flat.fio"
		else
			not_ok "flatten $f ($e)"
			sed 's/^/# /' "$tmp/err"
		fi
	done
done

# A step section alone, as the runner sends it.
flatten_job jobs/profiles/sql.fio 'sql@50' >"$tmp/step.fio"
check "a flattened step holds [global] and only that step" \
	test "$(grep -c '^\[' "$tmp/step.fio")" -eq 2 -a "$(grep -c '^\[sql@50\]$' "$tmp/step.fio")" -eq 1
check "the step's rate is substituted" grep -qx 'rate_iops=1000,1000' "$tmp/step.fio"
check "includes are inlined" grep -qx "filename=$tmp/target" "$tmp/step.fio"

# Every profile has the curve: peak, 10..120 by 10.
bad=""
for f in jobs/profiles/*.fio; do
	id=$(basename "$f" .fio)
	for s in peak 10 20 30 40 50 60 70 80 90 100 110 120; do
		grep -qx "\[$id@$s\]" "$f" || bad+=" $id@$s"
	done
	[ "$(grep -c '^stonewall$' "$f")" -eq 13 ] || bad+=" $id:stonewall"
	grep -qx 'rate_process=poisson' "$f" || bad+=" $id:poisson"
	head -n 12 "$f" | grep -q 'Takes about' || bad+=" $id:header"
done
check "every profile has sections peak,10..120, stonewalls, poisson and a duration header${bad:+ (missing:$bad)}" test -z "$bad"
bad=""
for f in jobs/precondition/*.fio jobs/write-pressure/*.fio jobs/noisy-neighbor/*.fio; do
	grep -Eq '^; .*([Tt]akes|minutes)' "$f" || bad+=" $f"
done
check "every other job file says how long it takes${bad:+ (not:$bad)}" test -z "$bad"

jobs/tools/gen-profiles "$tmp/gen" >/dev/null
check "committed jobs/profiles match jobs/tools/gen-profiles" diff -r jobs/profiles "$tmp/gen"

# A job file run by hand without the environment fails with fio's message
# naming the option, never silently.
check_fails "an unset variable is a parse error naming the option" 'failed parsing (size|filename|runtime)' \
	env -u SSDNVME_DEV -u SSDNVME_REGION -u SSDNVME_RUNTIME "$FIO_BIN" --parse-only jobs/profiles/4k-randread.fio

tap_done
