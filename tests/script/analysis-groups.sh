#!/usr/bin/env bash
# fiorank on fio output the suite did not make (issue 10): jobs of different
# fio groups are never added up, long names stay distinct, nonsense figures
# and unexpected names are excluded with file, job and reason (exit 1), job
# options are read the way fio reads them.  Expected figures are computed
# from the same real fio output with jq, independently of fiorank.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
G=tests/data/fio/groups
L=tests/data/fio/labels
S=tests/data/fio/shapes
FR=("$FIORANK" -N -f csv)

# csv_field FILE SECTION PROFILE STEP COLUMN: one cell of fiorank's CSV
csv_field() {
	python3 - "$@" <<'EOF'
import csv, sys
path, section, profile, step, col = sys.argv[1:]
rows = list(csv.DictReader(open(path)))
hits = [r[col] for r in rows if r['section'] == section and r['profile'] == profile
        and (step == '*' or r['step'] == step)]
print(hits[0] if len(hits) == 1 else 'MISSING-OR-AMBIGUOUS(%d)' % len(hits))
EOF
}
# same A B: two figures agree to 0.1 %
same() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); sys.exit(0 if abs(a-b) <= 1e-3*max(abs(b),1) else 1)" "$1" "$2"; }

# 1. a stonewalled rate curve: four steps of one profile, peak = best step
"${FR[@]}" "$G/rate-curve.json" >"$tmp/curve.csv" 2>"$tmp/curve.err"
check "a rate curve in one file reads with exit 0" test $? -eq 0
best=$(jq '[.jobs[].read.iops] | max' "$G/rate-curve.json")
sum=$(jq '[.jobs[].read.iops] | add' "$G/rate-curve.json")
peak=$(csv_field "$tmp/curve.csv" peak 4k-randread '*' iops)
check "the curve's peak is the best step ($best), not the sum ($sum)" same "$peak" "$best"
check "the peak step is named after its job" test "$(csv_field "$tmp/curve.csv" peak 4k-randread '*' step)" = step-max
for s in 10 50 90; do
	want=$(jq --arg j "step-$s" '.jobs[] | select(.jobname == $j) | .read.iops' "$G/rate-curve.json")
	check "curve step step-$s is that job's figure alone" \
		same "$(csv_field "$tmp/curve.csv" curve 4k-randread "step-$s" iops)" "$want"
done

# 1. two write-pressure phases: each reader on its own, never reader-10 + reader-50
"${FR[@]}" "$G/wp-phases.json" >"$tmp/wp.csv" 2>&1
check "two stonewalled phases read with exit 0" test $? -eq 0
check "the phases' readers are not merged into one 4k-randread figure" \
	test "$(csv_field "$tmp/wp.csv" peak 4k-randread '*' iops)" = "MISSING-OR-AMBIGUOUS(0)"
for r in reader-10 reader-50; do
	want=$(jq --arg j "$r" '.jobs[] | select(.jobname == $j) | .read.iops' "$G/wp-phases.json")
	check "$r is a result of its own with its own IOPS" \
		same "$(csv_field "$tmp/wp.csv" peak "$r" '*' iops)" "$want"
done
check "the writers at 10 and 50 MB/s are two steps of one curve" \
	test "$(grep -c '^curve,64k-seqwrite,' "$tmp/wp.csv")" -eq 2

# 1. client/server: one group per host; groups of one host are not added
"${FR[@]}" "$G/client-server-groups.json" >"$tmp/cs.csv" 2>&1
check "client/server with two groups per host reads with exit 0" test $? -eq 0
for host in $(jq -r '.client_stats[] | select(.jobname != "All clients") | "\(.hostname):\(.port)"' \
	"$G/client-server-groups.json" | sort -u); do
	port=${host##*:}
	for step in peak 50; do
		want=$(jq --argjson p "$port" --arg j "4k-randread@$step" \
			'.client_stats[] | select(.port == $p and .jobname == $j) | .read.iops' \
			"$G/client-server-groups.json")
		got=$(python3 - "$tmp/cs.csv" "$host" "$step" <<'EOF'
import csv, sys
rows = [r for r in csv.DictReader(open(sys.argv[1])) if r['section'] == 'curve'
        and r['drive'] == sys.argv[2] and r['step'] == sys.argv[3]]
print(rows[0]['iops'] if len(rows) == 1 else 'none')
EOF
)
		check "client $host step $step is that host's group alone" same "$got" "$want"
	done
done

# --iops: the runner's question has no one answer over several groups
out=$("$FIORANK" --iops "$G/rate-curve.json" 2>"$tmp/iops.err")
rc=$?
check "--iops refuses a file of several fio groups (exit 1, nothing printed)" \
	test $rc -eq 1 -a -z "$out"
check "... saying why" grep -q 'several fio groups' "$tmp/iops.err"
out=$("$FIORANK" --iops "$S/json.json")
want=$(jq '.jobs[0].read.iops' "$S/json.json")
check "--iops still answers for one group" same "${out%% *}" "$want"
# --check: is the run complete (the runner's result_valid); groups are fine
out=$("$FIORANK" --check "$G/rate-curve.json" 2>&1)
check "--check accepts a complete file of several fio groups, printing nothing" \
	test $? -eq 0 -a -z "$out"
check "--check accepts the write-pressure phases (reader and writer in two groups)" \
	"$FIORANK" --check "$G/wp-phases.json"
check_fails "--check refuses a file with a failed job" 'ended with error 28' \
	"$FIORANK" --check "$S/text-before.json"
check_fails "--check refuses what is not fio output" 'no JSON document found' "$FIORANK" --check "$tmp/iops.err"

# 2. names longer than 127 bytes that share a prefix stay distinct
long=$(printf 'x%.0s' $(seq 1 200))
jq --arg a "$long-one@peak" --arg b "$long-two@peak" \
	'.jobs = [(.jobs[0] | .jobname = $a), (.jobs[0] | .jobname = $b)]' "$S/json.json" >"$tmp/long.json"
"${FR[@]}" "$tmp/long.json" >"$tmp/long.csv" 2>&1
check "two 200-byte job names sharing a prefix are two profiles" \
	test "$(grep -c '^peak,' "$tmp/long.csv")" -eq 2
want=$(jq '.jobs[0].read.iops' "$S/json.json")
check "... each with its own IOPS, not their sum" \
	same "$(csv_field "$tmp/long.csv" peak "$long-one" '*' iops)" "$want"
mkdir -p "$tmp/dirs/$long-a" "$tmp/dirs/$long-b"
cp "$S/json.json" "$tmp/dirs/$long-a/x.json"
cp "$S/json.json" "$tmp/dirs/$long-b/x.json"
"${FR[@]}" "$tmp/dirs" >"$tmp/dirs.csv" 2>&1
check "two long directory names sharing a prefix are two drives" \
	test "$(grep -c '^peak,4k-randread,' "$tmp/dirs.csv")" -eq 2

# 3. nonsense figures: excluded with file, job and reason, exit 1
nonsense() { # DESC REASON-PATTERN SED-OR-JQ...
	local desc=$1 pat=$2
	shift 2
	"$@" >"$tmp/bad.json"
	"${FR[@]}" "$tmp/bad.json" >"$tmp/bad.csv" 2>"$tmp/bad.err"
	local rc=$?
	if [ $rc -eq 1 ] && grep -Eq "excluded from $tmp/bad.json: job '4k-randread@peak'.*$pat" "$tmp/bad.err" &&
		! grep -q '^peak,' "$tmp/bad.csv"; then
		ok "$desc"
	else
		not_ok "$desc (exit $rc)"
		sed 's/^/# /' "$tmp/bad.err"
	fi
}
nonsense "iops 1e400 is excluded, not ranked first" "infinite" \
	sed '0,/"iops" : [0-9.]*/s//"iops" : 1e400/' "$S/json.json"
nonsense "a negative mean latency is excluded" "negative or infinite latency" \
	jq '.jobs[0].read.clat_ns.mean = -5' "$S/json.json"
nonsense "total_ios out of range is excluded, not 0 IOPS" "not a count of operations" \
	jq '.jobs[0].read.total_ios = 1e30' "$S/json.json"
nonsense "a job without read/write objects is excluded, not 0 IOPS" 'no "read", "write" or "trim"' \
	jq '.jobs[0] |= del(.read, .write, .trim)' "$S/json.json"
nonsense "a job that did no I/O is excluded" "completed no I/O" \
	jq '.jobs[0] |= (.read.iops = 0 | .read.total_ios = 0)' "$S/json.json"

# 4. nothing dropped silently
check_fails "an unexpected write-pressure step is excluded by name" \
	"wp-bad-step.json: job 'wp-read@10MBps': the write-pressure step is not a number" \
	"${FR[@]}" "$L/wp-bad-step.json"
"${FR[@]}" "$L/all-clients-job.json" >"$tmp/ac.csv" 2>&1
check "a job named 'All clients' in jobs[] is ranked (exit 0)" test $? -eq 0
check "... with its figure" grep -q '^peak,4k-randread,all-clients-job,1,' "$tmp/ac.csv"

# 5. options read the way fio reads them
for f in mix-write aliases; do
	"${FR[@]}" "$L/$f.json" >"$tmp/$f.csv" 2>&1
	check "$f.json is 8k-randrw-70-30" grep -q '^peak,8k-randrw-70-30,' "$tmp/$f.csv"
done
for f in size-1m size-1024k; do
	"${FR[@]}" "$L/$f.json" >"$tmp/$f.csv" 2>&1
	check "$f.json is 1m-seqread" grep -q '^peak,1m-seqread,' "$tmp/$f.csv"
done

# 7. every row says which fio job(s), group and file it came from
check "CSV curve rows carry job name, groupid and file" \
	grep -q "^curve,4k-randread,rate-curve,,step-50,.*,step-50,1,$G/rate-curve.json,,,,,,,.*\$" "$tmp/curve.csv"
"$FIORANK" -N -f json "$G/wp-phases.json" >"$tmp/wp.json"
check "JSON entries carry job_names, groupid and file" jq -e --arg f "$G/wp-phases.json" \
	'[.profiles[] | select(.profile == "reader-50") | .ranking[0]] |
	 .[0].job_names == ["reader-50"] and .[0].groupid == 1 and .[0].file == $f' "$tmp/wp.json"

# 6. an unknown review id is a usage error that lists the valid ids
"$FIORANK" -r analysis/reference --with-reference=bogus >"$tmp/rev.out" 2>"$tmp/rev.err"
check "--with-reference=bogus exits 2" test $? -eq 2
check "... naming the id and listing the valid ones" \
	grep -q "unknown review id 'bogus'.*p5510-vs-pm9a3" "$tmp/rev.err"
check "a valid review id still works" "$FIORANK" -r analysis/reference -q --with-reference=p5510-vs-pm9a3 -o /dev/null
tap_done
