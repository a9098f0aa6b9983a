#!/usr/bin/env bash
# Every job file of jobs/ passes fio --parse-only with the project's fio and
# engine: as written, run as plain fio runs it (engine and device on the
# command line, no variable set: the files' declared defaults), and as the
# runner flattens it for each engine it can run with.  The committed profile
# and tq-sweep files are what jobs/tools/gen-profiles and gen-tq-sweep write.
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
# shellcheck source=jobs/lib/suite-lib.sh
. jobs/lib/suite-lib.sh
# No SSDNVME_* from the caller: what is tested is the files' own defaults.
while IFS='=' read -r v _; do unset "$v"; done < <(env | grep '^SSDNVME_')
# but the PTS files' logs: fio opens them even with --parse-only, and their
# default names are relative (the source tree, here).
export SSDNVME_PTS_LOG=$tmp/pts-log

mapfile -t files < <(ls jobs/*.fio jobs/profiles/*.fio jobs/precondition/*.fio jobs/noisy-neighbor/*.fio jobs/tq-sweep/*.fio jobs/pts/*.fio)
profile_files=(jobs/profiles/*.fio)
check "23 profile job files (19 profiles + 4 high-load variants)" test "${#profile_files[@]}" -eq 23
check "the entry files: checkpoint, copy, endurance, kvcache, noisy-neighbor (and its FDP variant), power-cut, write-pressure, precondition, tq-sweep" \
	test "$(cd jobs && echo *.fio)" = "checkpoint.fio copy.fio endurance.fio kvcache.fio noisy-neighbor-fdp.fio noisy-neighbor.fio power-cut.fio precondition.fio tq-sweep.fio write-pressure.fio"

# As the usage line runs them: engine and device on fio's command line, no
# variable set (nn-io_uring_cmd.fio is fio's own engine's: its namespaces
# have no default).
for f in "${files[@]}"; do
	[ "$f" != jobs/noisy-neighbor/nn-io_uring_cmd.fio ] || continue
	check "fio --ioengine=external:ssdnvme.so --filename=F --parse-only $f" \
		fio_cmd --parse-only --ioengine=external:"$ENGINE" --filename="$tmp/target" "$f"
done
check "nn-io_uring_cmd.fio parses through fio's engine with its namespaces set" \
	env SSDNVME_NS1=/dev/ng0n1 SSDNVME_NS2=/dev/ng0n2 SSDNVME_NS3=/dev/ng0n3 SSDNVME_NS4=/dev/ng0n4 \
	SSDNVME_NS5=/dev/ng0n5 SSDNVME_NS6=/dev/ng0n6 SSDNVME_REGION=25% SSDNVME_RUNTIME=30 SSDNVME_RAMP=5 \
	"$FIO_BIN" --parse-only --ioengine=io_uring_cmd --cmd_type=nvme jobs/noisy-neighbor/nn-io_uring_cmd.fio

# The runner's variables for the flattening below.
export SSDNVME_DEV=$tmp/target SSDNVME_ENGINE=$ENGINE SSDNVME_ENGINE_JSON=$tmp/e.json
for n in 1 2 3 4 5 6; do export "SSDNVME_NS$n=/dev/ng0n$n"; done

# Flattened, with each engine that fits the job: the three engines for the
# profiles, write pressure and preconditioning; nn files name their engine;
# the Copy method needs the engine's namespaces= and write_mode=copy, the
# checkpoint method its namespaces=.
for f in "${files[@]}"; do
	case $f in
	*/noisy-neighbor/*) engines=(io_uring_cmd) ;;
	*/noisy-neighbor.fio | */copy.fio | */checkpoint.fio | */power-cut.fio) engines=(ssdnvme) ;;
	*/noisy-neighbor-fdp.fio) engines=(ssdnvme-fdp) ;;
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

# The FDP noisy neighbor: the same jobs as noisy-neighbor.fio, only the
# writers placed, each namespace on its own handle list (its first by default).
ENGINE_OVERRIDE=ssdnvme-fdp flatten_job jobs/noisy-neighbor-fdp.fio >"$tmp/nnf.fio"
ENGINE_OVERRIDE=ssdnvme flatten_job jobs/noisy-neighbor.fio >"$tmp/nn.fio"
check "noisy-neighbor-fdp flattens to noisy-neighbor plus placement in nn-write only" \
	bash -c "diff <(grep -v -e '^ssdnvme_fdp=' -e '^ssdnvme_plid' -e '^;' '$tmp/nnf.fio') <(grep -v '^;' '$tmp/nn.fio') &&
		sed -n '/^\[nn-write\]/,/^\[/p' '$tmp/nnf.fio' | grep -qx ssdnvme_fdp=1 &&
		! sed -n '/^\[nn-read\]/,\$p' '$tmp/nnf.fio' | grep -q '^ssdnvme_' &&
		grep -qx ssdnvme_plids=0 '$tmp/nnf.fio' && grep -qx ssdnvme_plid_select=roundrobin '$tmp/nnf.fio'"

# A capped curve step, as the runner makes it from the peak section.
ENGINE_OVERRIDE=ssdnvme flatten_job jobs/profiles/sql.fio 'sql@peak' >"$tmp/step.fio"
curve_step_job "$tmp/step.fio" sql 50 1000,500
check "a flattened step holds [global] and only that step, renamed" \
	test "$(grep -c '^\[' "$tmp/step.fio")" -eq 2 -a "$(grep -c '^\[sql@50\]$' "$tmp/step.fio")" -eq 1
check "the step's rate is added" grep -qx 'rate_iops=1000,500' "$tmp/step.fio"
check "includes are inlined, the device and engine added, defaults filled in" \
	bash -c "grep -qx 'filename=$tmp/target' '$tmp/step.fio' && grep -qx 'ioengine=external:$ENGINE' '$tmp/step.fio' &&
		grep -qx 'size=25%' '$tmp/step.fio' && grep -qx 'runtime=30' '$tmp/step.fio'"
check "the capped step parses" fio_cmd --parse-only "$tmp/step.fio"

# Every profile is its peak: one section, stonewall, poisson for the
# runner's capped steps, a header with the defaults and the duration.
bad=""
for f in jobs/profiles/*.fio; do
	id=$(basename "$f" .fio)
	[ "$(grep -c '^\[' "$f")" -eq 2 ] && grep -qx "\[$id@peak\]" "$f" || bad+=" $id@peak"
	[ "$(grep -c '^stonewall$' "$f")" -eq 1 ] || bad+=" $id:stonewall"
	grep -qx 'rate_process=poisson' "$f" || bad+=" $id:poisson"
	grep -q '^; Takes ' "$f" && grep -q '^;   SSDNVME_RUNTIME=30 ' "$f" || bad+=" $id:header"
done
check "every profile has its peak section, a stonewall, poisson and a header${bad:+ (missing:$bad)}" test -z "$bad"
bad=""
for f in jobs/*.fio jobs/precondition/*.fio jobs/noisy-neighbor/*.fio jobs/tq-sweep/*.fio jobs/pts/*.fio; do
	grep -Eq '^; .*([Tt]akes|minutes)' "$f" || bad+=" $f"
done
check "every other job file says how long it takes${bad:+ (not:$bad)}" test -z "$bad"

jobs/tools/gen-profiles "$tmp/gen" >/dev/null
check "committed jobs/profiles match jobs/tools/gen-profiles" diff -r jobs/profiles "$tmp/gen"
jobs/tools/gen-tq-sweep "$tmp/gen-tq" >/dev/null
check "committed jobs/tq-sweep.fio and jobs/tq-sweep/ match jobs/tools/gen-tq-sweep" \
	bash -c "diff jobs/tq-sweep.fio '$tmp/gen-tq/tq-sweep.fio' && diff -r jobs/tq-sweep '$tmp/gen-tq/tq-sweep'"

# tq-sweep (issue 15): every step carries numjobs x iodepth in its name and
# runs with exactly those, alone; the rounds run the same workload at QD16.
bad=""
while read -r sect; do
	s=${sect#tq-sweep@} j=${s#t} j=${j%q*} q=${s#*q}
	flatten_job jobs/tq-sweep.fio "$sect" >"$tmp/tq.fio"
	[ "$(job_numjobs "$tmp/tq.fio")" = "$j" ] && grep -qx "iodepth=$q" "$tmp/tq.fio" &&
		grep -qx stonewall "$tmp/tq.fio" || bad+=" $sect"
done < <(sed -n 's/^\[\(tq-sweep@t[0-9]*q[0-9]*\)\]$/\1/p' jobs/tq-sweep.fio)
check "every tq-sweep step runs the numjobs x iodepth its name says${bad:+ (not:$bad)}" test -z "$bad"
check "the tq-sweep grid: light to heavy, 9 steps, ending at the preconditioning's 16 x 16" test \
	"$(sed -n 's/^\[tq-sweep@\(.*\)\]$/\1/p' jobs/tq-sweep.fio | tr '\n' ' ')" = \
	"t1q1 t2q2 t4q4 t8q8 t16q1 t16q2 t16q4 t16q8 t16q16 "
for f in jobs/tq-sweep.fio jobs/tq-sweep/*.fio; do
	flatten_job "$f" >"$tmp/tqw.fio"
	grep -qx rw=randrw "$tmp/tqw.fio" && grep -qx rwmixread=70 "$tmp/tqw.fio" && grep -qx bs=8k "$tmp/tqw.fio" &&
		grep -qx group_reporting=0 "$tmp/tqw.fio" || bad+=" $f"
done
check "both tq-sweep files run 8K random 70/30 with per-job reporting${bad:+ (not:$bad)}" test -z "$bad"
SSDNVME_SS_JOBS=16 SSDNVME_SS_ROUND=3 flatten_job jobs/tq-sweep/precondition.fio >"$tmp/tqp.fio"
check "a flattened preconditioning round is named tq-sweep-precond@t16q16-r3 and runs 16 x 16" \
	bash -c "grep -qx '\[tq-sweep-precond@t16q16-r3\]' '$tmp/tqp.fio' && grep -qx numjobs=16 '$tmp/tqp.fio' && grep -qx iodepth=16 '$tmp/tqp.fio'"

# Run by hand without the engine, the declared defaults are not set: fio
# names the option it cannot parse, never runs silently.
check_fails "no engine: an unset variable is a parse error naming the option" 'failed parsing (size|runtime|ramp_time)=\$\{SSDNVME_' \
	env -u SSDNVME_REGION -u SSDNVME_RUNTIME -u SSDNVME_RAMP "$FIO_BIN" --parse-only --filename="$tmp/target" jobs/profiles/4k-randread.fio
# The environment overrides a declared default; the declared one holds otherwise.
parsed_runtime() {
	fio_cmd --ioengine=external:"$ENGINE" --filename="$tmp/target" --parse-only --debug=parse \
		jobs/profiles/4k-randread.fio 2>&1 | sed -n 's/.*handle_option=runtime, ptr=\(.*\)/\1/p' | head -n 1
}
check "SSDNVME_RUNTIME=7 in the environment overrides the file's default" \
	test "$(SSDNVME_RUNTIME=7 parsed_runtime)" = 7
check "unset, the file's default holds (runtime=30)" test "$(unset SSDNVME_RUNTIME && parsed_runtime)" = 30

tap_done
