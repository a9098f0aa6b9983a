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

mapfile -t files < <(ls jobs/profiles/*.fio jobs/precondition/*.fio jobs/write-pressure/*.fio jobs/noisy-neighbor/*.fio jobs/tq-sweep/*.fio)
profile_files=(jobs/profiles/*.fio)
check "23 profile job files (19 profiles + 4 high-load variants)" test "${#profile_files[@]}" -eq 23

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
for f in jobs/precondition/*.fio jobs/write-pressure/*.fio jobs/noisy-neighbor/*.fio jobs/tq-sweep/*.fio; do
	grep -Eq '^; .*([Tt]akes|minutes)' "$f" || bad+=" $f"
done
check "every other job file says how long it takes${bad:+ (not:$bad)}" test -z "$bad"

jobs/tools/gen-profiles "$tmp/gen" >/dev/null
check "committed jobs/profiles match jobs/tools/gen-profiles" diff -r jobs/profiles "$tmp/gen"
jobs/tools/gen-tq-sweep "$tmp/gen-tq" >/dev/null
check "committed jobs/tq-sweep match jobs/tools/gen-tq-sweep" diff -r jobs/tq-sweep "$tmp/gen-tq"

# tq-sweep (issue 15): every step carries numjobs x iodepth in its name and
# runs with exactly those, alone; the rounds run the same workload at QD16.
bad=""
while read -r sect; do
	s=${sect#tq-sweep@} j=${s#t} j=${j%q*} q=${s#*q}
	flatten_job jobs/tq-sweep/8k-randrw-70-30.fio "$sect" >"$tmp/tq.fio"
	[ "$(job_numjobs "$tmp/tq.fio")" = "$j" ] && grep -qx "iodepth=$q" "$tmp/tq.fio" &&
		grep -qx stonewall "$tmp/tq.fio" || bad+=" $sect"
done < <(sed -n 's/^\[\(tq-sweep@t[0-9]*q[0-9]*\)\]$/\1/p' jobs/tq-sweep/8k-randrw-70-30.fio)
check "every tq-sweep step runs the numjobs x iodepth its name says${bad:+ (not:$bad)}" test -z "$bad"
check "the tq-sweep grid: light to heavy, 9 steps, ending at the preconditioning's 16 x 16" test \
	"$(sed -n 's/^\[tq-sweep@\(.*\)\]$/\1/p' jobs/tq-sweep/8k-randrw-70-30.fio | tr '\n' ' ')" = \
	"t1q1 t2q2 t4q4 t8q8 t16q1 t16q2 t16q4 t16q8 t16q16 "
for f in jobs/tq-sweep/*.fio; do
	flatten_job "$f" >"$tmp/tqw.fio"
	grep -qx rw=randrw "$tmp/tqw.fio" && grep -qx rwmixread=70 "$tmp/tqw.fio" && grep -qx bs=8k "$tmp/tqw.fio" &&
		grep -qx group_reporting=0 "$tmp/tqw.fio" || bad+=" $f"
done
check "both tq-sweep files run 8K random 70/30 with per-job reporting${bad:+ (not:$bad)}" test -z "$bad"
SSDNVME_SS_JOBS=16 SSDNVME_SS_ROUND=3 flatten_job jobs/tq-sweep/precondition.fio >"$tmp/tqp.fio"
check "a flattened preconditioning round is named tq-sweep-precond@t16q16-r3 and runs 16 x 16" \
	bash -c "grep -qx '\[tq-sweep-precond@t16q16-r3\]' '$tmp/tqp.fio' && grep -qx numjobs=16 '$tmp/tqp.fio' && grep -qx iodepth=16 '$tmp/tqp.fio'"

# A job file run by hand without the environment fails with fio's message
# naming the option, never silently.
check_fails "an unset variable is a parse error naming the option" 'failed parsing (size|filename|runtime)' \
	env -u SSDNVME_DEV -u SSDNVME_REGION -u SSDNVME_RUNTIME "$FIO_BIN" --parse-only jobs/profiles/4k-randread.fio

tap_done
