#!/usr/bin/env bash
# fiorank's tq-sweep section (issue 15) on real fio output of several steps
# (tests/data/fio/tq, made by tests/data/make-tq-fixtures.sh): every figure
# recomputed here with jq from fio's own per-job figures (IOPS summed over
# the jobs, mean weighted by operations, max of the maxes, the pooled
# deviation sum n_i (s_i^2 + (m_i - M)^2) / N), the places per step checked
# against those figures, the rounds, a step split over two fio groups
# excluded (neither group ran the two jobs its name says, issue 21), the published point's "not comparable", and every format.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
D=tests/data/fio/tq
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

"$FIORANK" -f json "$D" >"$tmp/r.json" 2>"$tmp/err"
rc=$?
check "fiorank reads the fixtures (exit 1: one step is unranked on purpose, said on stderr)" \
	test $rc -le 1
check "two drives in the section (iouring, psync-capped; split-groups has no step)" \
	test "$(jq '.tq_sweep.drives | length' "$tmp/r.json")" -eq 2

# fio's own figures of one output, with jq: [iops, mean_us, max_us, sd_us].
expect() {
	jq -c '[.jobs[] | (.read, .write) | select(.total_ios > 0)
		| {n: .total_ios, m: .clat_ns.mean, s: .clat_ns.stddev, x: .clat_ns.max, i: .iops}] as $p
		| ($p | map(.n) | add) as $N | ($p | map(.n * .m) | add / $N) as $M
		| [($p | map(.i) | add), $M / 1000, ($p | map(.x) | max) / 1000,
		   (($p | map(.n * (.s * .s + (.m - $M) * (.m - $M))) | add) / $N | sqrt) / 1000]' "$1"
}
bad=""
n=0
for f in "$D"/iouring/tq-sweep/tq-sweep/*.json "$D"/psync-capped/tq-sweep/tq-sweep/*.json \
	"$D"/*/tq-sweep/precondition/*.json; do
	drive=${f#"$D"/} drive=${drive%%/*}
	want=$(expect "$f")
	got=$(jq -c --arg d "$drive" --arg f "/tmp/fixture/../$f" --arg src "$f" '
		.tq_sweep.drives[] | select(.drive == $d) | (.steps + .precondition_rounds)[]
		| select(.file | endswith($src)) | [.iops, .lat_mean_us, .lat_max_us, .lat_stddev_us]' "$tmp/r.json")
	ok=$(jq -n --argjson w "$want" --argjson g "${got:-null}" \
		'$g != null and ([range(4)] | all(. as $i | (($w[$i] - $g[$i]) | fabs) <= 1e-6 * ($w[$i] | fabs) + 1e-9))')
	[ "$ok" = true ] || bad+=" $f(want $want got $got)"
	n=$((n + 1))
done
check "IOPS, mean, max and pooled stddev of $n outputs match jq's computation from fio's per-job figures${bad:+:$bad}" test -z "$bad"
check "the pooled stddev is not the plain average of the job-directions' stddevs (t4q4)" \
	jq -e --slurpfile o "$D/iouring/tq-sweep/tq-sweep/t4q4.json" '
	([$o[0].jobs[] | (.read, .write) | select(.total_ios > 0) | .clat_ns.stddev] | add / length / 1000) as $avg
	| .tq_sweep.drives[] | select(.drive == "iouring") | .steps[] | select(.step == "t4q4")
	| ((.lat_stddev_us - $avg) | fabs) > 1e-3' "$tmp/r.json"

# Places: per step and figure, 1 + the drives strictly better.
check "places per step follow the figures (IOPS high first, latencies low first)" jq -e '
	[.tq_sweep.drives[] | .drive as $d | .steps[] | select(.problem == null) | . + {drive: $d}]
	| group_by(.step) | all(.[];
		. as $g | all($g[];
			. as $p | ($p.place_iops == 1 + ([$g[] | select(.iops > $p.iops)] | length))
			and ($p.place_lat_mean == 1 + ([$g[] | select(.lat_mean_us < $p.lat_mean_us)] | length))
			and ($p.place_lat_max == 1 + ([$g[] | select(.lat_max_us < $p.lat_max_us)] | length))
			and ($p.place_lat_stddev == 1 + ([$g[] | select(.lat_stddev_us < $p.lat_stddev_us)] | length))))' \
	"$tmp/r.json"
check "the rate-capped drive is last in IOPS at every step" jq -e '
	[.tq_sweep.drives[] | .steps[] | select(.problem == null)] as $all
	| [.tq_sweep.drives[] | select(.drive == "psync-capped") | .steps[]
	   | . as $p | .place_iops == ([$all[] | select(.step == $p.step)] | length)] | length == 3 and all' "$tmp/r.json"
check "steps in series order with numjobs x iodepth from the name" jq -e '
	[.tq_sweep.drives[] | select(.drive == "iouring") | .steps[] | [.step, .numjobs, .iodepth]]
	== [["t1q1", 1, 1], ["t2q2", 2, 2], ["t4q4", 4, 4]]' "$tmp/r.json"
check "preconditioning rounds: two per drive, at t2q16, numbered, unranked" jq -e '
	[.tq_sweep.drives[] | select(.drive != "split-groups") | .precondition_rounds
	 | map([.step, .round, .numjobs, .iodepth, (.place_iops // 0)])]
	== [[["t2q16-r1", 1, 2, 16, 0], ["t2q16-r2", 2, 2, 16, 0]], [["t2q16-r1", 1, 2, 16, 0], ["t2q16-r2", 2, 2, 16, 0]]]' \
	"$tmp/r.json"
check "a step whose jobs are in two fio groups is not added up: each group ran 1 job, not t2q2's 2, and is excluded saying so" \
	bash -c "grep -q \"split-groups.json: job 'tq-sweep@t2q2': named for 2 jobs at depth 2 but 1 job ran in its fio group (group 0)\" '$tmp/err' &&
		grep -q \"split-groups.json: job 'tq-sweep@t2q2': named for 2 jobs at depth 2 but 1 job ran in its fio group (group 1)\" '$tmp/err'"
check "... and nothing of it is ranked" jq -e '[.tq_sweep.drives[] | select(.drive == "split-groups")] | length == 0' \
	"$tmp/r.json"
check "the published SATA point is not placed: the roundup states no thread and queue counts" jq -e '
	.tq_sweep.published | length == 1 and (.[0] | .review == "sata-ri-roundup" and .iops == 46137
	and (.placing | test("iouring: not comparable: .*does not state the thread and queue counts")))' \
	"$tmp/r.json"

# The other formats carry the same section.
"$FIORANK" "$D" >"$tmp/r.txt" 2>/dev/null
check "text: the report ends with the tq-sweep table and the published point" \
	bash -c "sed -n '/^== tq-sweep: 8K/,\$p' '$tmp/r.txt' | grep -c '^step t' | grep -qx 3 && tail -n 1 '$tmp/r.txt' | grep -q '^published (sata-ri-roundup)'"
check "text: each step lists its drives with four figures and places" \
	bash -c "sed -n '/^step t1q1/,/^\$/p' '$tmp/r.txt' | grep -Ec '^  (iouring|psync-capped) +[0-9]+ \([12]\) +[0-9.]+ \([12]\) +[0-9.]+ \([12]\) +[0-9.]+ \([12]\)\$' | grep -qx 2"
"$FIORANK" -f csv "$D" >"$tmp/r.csv" 2>/dev/null
check "csv: one row per drive, step and figure (2 drives' steps x 4), rounds apart" \
	bash -c "test \$(grep -Ec '^tq-(iops|lat-mean|lat-max|lat-stddev),' '$tmp/r.csv') -eq 24 &&
		test \$(grep -c '^tq-round-' '$tmp/r.csv') -eq 16 && grep -q '^tq-reference,' '$tmp/r.csv'"
check "csv: the rows have the header's columns" \
	bash -c "n=\$(head -1 '$tmp/r.csv' | awk -F, '{print NF}'); grep '^tq-' '$tmp/r.csv' | grep -v '\"' | awk -F, -v n=\$n 'NF != n { exit 1 }'"
"$FIORANK" -f md "$D" >"$tmp/r.md" 2>/dev/null
check "md: the section's table" grep -q '^| t4q4 | iouring |' "$tmp/r.md"
"$FIORANK" -f html "$D" >"$tmp/r.html" 2>/dev/null
check "html: four charts against the steps and four against the rounds" \
	bash -c "test \$(sed -n '/tq-sweep: 8K/,\$p' '$tmp/r.html' | grep -o '<svg' | wc -l) -eq 8"

# A step name that is not t<jobs>q<depth> is refused, naming it.
sed 's/"tq-sweep@t1q1"/"tq-sweep@x1"/' "$D/iouring/tq-sweep/tq-sweep/t1q1.json" >"$tmp/badname.json"
check_fails "a tq-sweep step name without numjobs x iodepth is excluded, saying why" \
	"tq-sweep@x1.*t<numjobs>q<iodepth>" "$FIORANK" "$tmp/badname.json"
tap_done
