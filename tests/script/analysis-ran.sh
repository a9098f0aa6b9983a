#!/usr/bin/env bash
# fiorank labels a result by what its jobs did (issue 21, item 3), on real
# fio 3.33 output (tests/data/fio/ran, made by tests/data/make-ran-fixtures.sh):
# one case per reported problem, each asserting what fiorank prints and its
# exit code; expected figures are computed from the same files with jq.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=tests/data/fio/ran
FR=("$FIORANK" -N)

# run NAME FILE...: fiorank's CSV in $tmp/NAME.csv, stderr in .err, exit in .rc
run() {
	local name=$1
	shift
	"${FR[@]}" -f csv "$@" >"$tmp/$name.csv" 2>"$tmp/$name.err"
	echo $? >"$tmp/$name.rc"
}
rc_is() { test "$(cat "$tmp/$1.rc")" -eq "$2"; }
said() { grep -qF -- "$2" "$tmp/$1.err"; }
# excluded NAME TEXT: exit 1 and TEXT on stderr
excluded() { rc_is "$1" 1 && said "$1" "$2"; }
no_row() { ! grep -q "^$2,$3," "$tmp/$1.csv"; }
# same A B: two figures agree to 0.1 %
same() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); sys.exit(0 if abs(a-b) <= 1e-3*max(abs(b),1) else 1)" "$1" "$2"; }
peak_col() { awk -F, -v p="$2" -v c="$3" '$1 == "peak" && $2 == p { print $c }' "$tmp/$1.csv"; }

# --- names in the suite's convention that say another workload
run 8k "$D/name-8k-reads.json"
check "4k-randread@peak doing 8 KiB reads is excluded, naming what it did (exit 1)" \
	excluded 8k "name-8k-reads.json: job '4k-randread@peak': named 4k-randread but did 8 KiB random reads only"
check "... and is not ranked as 4k-randread" no_row 8k peak 4k-randread
run wr "$D/name-only-writes.json"
check "4k-randread@peak doing only writes is excluded (exit 1)" \
	excluded wr "job '4k-randread@peak': named 4k-randread but did 4 KiB random writes only"
run tq "$D/tq-t1q1.json"
check "tq-sweep@t4q32 run with 1 job at depth 1 is excluded (exit 1)" \
	excluded tq "job 'tq-sweep@t4q32': named for 4 jobs at depth 32 but 1 job ran in its fio group (group 0) at iodepth=1"
run wp1 "$D/wp-no-writer.json"
check "wp-read@10 with no writer is excluded (exit 1)" \
	excluded wp1 "job 'wp-read@10': no wp-write@10 ran beside it in this fio output"
run wp2 "$D/wp-read-alone.json" "$D/wp-write-alone.json"
check "wp-read@50 and wp-write@50 from two fio runs are not paired: the reader is excluded (exit 1)" \
	excluded wp2 "wp-read-alone.json: job 'wp-read@50': no wp-write@50 ran beside it"
check "... and so is the writer (a lone wp-write@50)" said wp2 "wp-write-alone.json: job 'wp-write@50': no wp-read@50 ran beside it"
check "... and there is no write-pressure row" bash -c "! grep -q '^write-pressure' '$tmp/wp2.csv'"

# --- jobs never vanish: each lone noisy-neighbor job is listed with its reason
for f in nn-write nn-write-ns1 nn-read; do
	run "$f" "$D/$f-alone.json"
	if [ "${f#nn-read}" != "$f" ]; then other=writer; else other=reader; fi
	check "a lone $f is excluded: no $other beside it (exit 1)" \
		excluded "$f" "job '$f': no noisy-neighbor $other"
done
run nnw "$D/nn-read-wrote.json"
check "an nn-read-ns2 that only wrote is excluded for what it did (exit 1)" \
	excluded nnw "job 'nn-read-ns2': a noisy-neighbor reader that did 4 KiB random writes only"
check "... and its writer nn-write-ns1 is left without a reader, said so" \
	said nnw "job 'nn-write-ns1': the noisy-neighbor reader (nn-read...) beside it in this fio output is excluded (see its reason)"

# every job read is in a row or in the excluded list, for every fixture
missing=""
for f in "$D"/*.json "$D"/like/*.json; do
	"${FR[@]}" -f csv "$f" >"$tmp/all.csv" 2>/dev/null
	"${FR[@]}" -f json "$f" 2>/dev/null | jq -r '.inputs.excluded[].reason' >"$tmp/all.excl"
	while read -r job; do
		cut -d, -f19 "$tmp/all.csv" | tr '+|' '\n' | grep -qxF -- "$job" ||
			grep -qF -- "job '$job'" "$tmp/all.excl" || missing="$missing ${f##*/}:$job"
	done < <(jq -r '.jobs[].jobname' "$f")
done
check "every job of every fixture is in a row or in the excluded list${missing:+ (missing:$missing)}" \
	test -z "$missing"

# --- verify reads are not writes
run vf "$D/verify.json"
check "a 4k-seqwrite with verify reads with exit 0" rc_is vf 0
check "its MB/s are the writes alone ($(jq '.jobs[0].write.bw_bytes / 1e6' "$D/verify.json")), not writes plus the verify pass" \
	same "$(peak_col vf 4k-seqwrite 7)" "$(jq '.jobs[0].write.bw_bytes / 1e6' "$D/verify.json")"
check "its IOPS are the writes' alone" same "$(peak_col vf 4k-seqwrite 6)" "$(jq '.jobs[0].write.iops' "$D/verify.json")"

# --- a group_reporting group of a 4 KiB reader and a 64 KiB writer
run mg "$D/mixed-group.json"
check "a mixed group is excluded with its jobs and what each direction did (exit 1)" \
	excluded mg "job 'reader': a mixed group: fio reports the jobs of group 0, from 'reader' to 'writer', as one entry (group_reporting) and they did different workloads (4 KiB reads and 64 KiB writes"
check "... never ranked as the last job's profile" no_row mg peak 64k-randwrite

# --- step time is the jobs' runtime, not numjobs x runtime
"${FR[@]}" "$D/numjobs-4.json" >"$tmp/nj.txt" 2>&1
check "4 jobs x 1 s with bare group_reporting: 1 s steps, 4 outstanding (exit 0)" \
	bash -c "test $? -eq 0 && grep -Eq 'method +4k-randread: 4 outstanding, 4 KiB, 100 % read, 1(\.[0-9]+)? s steps' '$tmp/nj.txt'"

# --- fio's own steady-state verdict
"${FR[@]}" "$D/ss-not-attained.json" >"$tmp/ss.txt" 2>"$tmp/ss.err"
check "fio's steadystate attained=0 is shown and exits 1 as the runner's NOT reached does" \
	bash -c "test $? -eq 1 && grep -q 'steady_state  *fio --ss=iops:0.001000% NOT attained (4k-randread peak)' '$tmp/ss.txt' &&
		grep -q 'steady state fio --ss=iops:0.001000% NOT attained' '$tmp/ss.err'"

# --- kb_base: only the sizes given after it
run kba "$D/kb-base-after.json"
check "bs=4k then kb_base=1000: fio moved $(jq '.jobs[0].read | .io_bytes / .total_ios' "$D/kb-base-after.json") bytes per I/O; labelled 4k-randread (exit 0)" \
	bash -c "test $(jq '.jobs[0].read | .io_bytes / .total_ios' "$D/kb-base-after.json") -eq 4096 && test \"\$(grep -c '^peak,4k-randread,' '$tmp/kba.csv')\" -eq 1 && test \$(cat '$tmp/kba.rc') -eq 0"
run kbb "$D/kb-base-before.json"
check "kb_base=1000 then bs=4k: fio moved $(jq '.jobs[0].read | .io_bytes / .total_ios' "$D/kb-base-before.json") bytes per I/O; labelled 4000-randread" \
	bash -c "test $(jq '.jobs[0].read | .io_bytes / .total_ios' "$D/kb-base-before.json") -eq 4000 && grep -q '^peak,4000-randread,' '$tmp/kbb.csv'"

# --- unified_rw_reporting
run um "$D/unified-mixed.json"
check "unified_rw_reporting=mixed of a reader: its \"mixed\" direction is read (exit 0)" \
	bash -c "test \$(cat '$tmp/um.rc') -eq 0 && python3 -c 'import sys; a,b=map(float,sys.argv[1:]); sys.exit(abs(a-b) > 1e-3*b)' \
		\"\$(awk -F, '\$1 == \"peak\" { print \$6 }' '$tmp/um.csv')\" $(jq '.jobs[0].mixed.iops' "$D/unified-mixed.json")"
run umrw "$D/unified-mixed-rw.json"
check "unified_rw_reporting=mixed of a 70/30 mix is excluded: no share or direction to check (exit 1)" \
	excluded umrw "unified_rw_reporting=mixed reports its reads and writes as one"
run ub "$D/unified-both.json"
check "unified_rw_reporting=both: read plus write, not the mixed sum again (exit 0)" \
	bash -c "test \$(cat '$tmp/ub.rc') -eq 0 && python3 -c 'import sys; a,b=map(float,sys.argv[1:]); sys.exit(abs(a-b) > 1e-3*b)' \
		\"\$(awk -F, '\$1 == \"peak\" { print \$6 }' '$tmp/ub.csv')\" $(jq '.jobs[0] | .read.iops + .write.iops' "$D/unified-both.json")"

# --- spellings of one workload: bs=4096 iodepth=1 is bs=4k
mkdir -p "$tmp/b/drive" "$tmp/c/drive"
cp "$D/spelled-4k.json" "$tmp/b/drive/run.json"
cp "$D/spelled-4096.json" "$tmp/c/drive/run.json"
"${FR[@]}" --baseline "$tmp/b" "$tmp/c" >"$tmp/sp.txt" 2>&1
check "bs=4096 iodepth=1 against bs=4k (default iodepth) is compared as one workload (exit 0)" \
	bash -c "test $? -eq 0 && grep -q '^  curve 4k-randread@peak / drive: compared' '$tmp/sp.txt'"
# under ASan (SANITIZE=1) an error report would also exit 1: none anywhere
check "no sanitizer report in any output" bash -c "! grep -l 'Sanitizer' '$tmp'/*"
tap_done
