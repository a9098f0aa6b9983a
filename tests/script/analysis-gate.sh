#!/usr/bin/env bash
# shellcheck disable=SC2016 # jq programs name their $variables in single quotes
# The --fail-if gate decides only on what it compared (issue 21), on real
# fio 3.33 outputs (tests/data/fio/gate, made by
# tests/data/make-gate-fixtures.sh: the same job file run on a tmpfs file,
# the baseline, and on a disk file, slower: the latency truly shifts):
# - fio's default output has no total-latency percentiles: -b lat with
#   p99.99 cannot decide (exit 4), naming the term, the sides and the fix;
#   -b clat reports the regression (exit 3);
# - a percentile_list without 99.99: cannot decide, the fix is the list;
# - lat_percentiles=1: -b lat decides (exit 3);
# - noisy-neighbor victims (per namespace), write-pressure reads (per rate)
#   and tq-sweep steps are compared; every victim latency x10 (derived here
#   with jq from the real output, as the issue's report did) fails;
# - nothing compared is cannot decide;
# - three runs per side: the noise is estimated; a change inside it is not a
#   regression, one beyond it is; one run per side says "no noise estimate".
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
G=tests/data/fio/gate
FR=("$FIORANK" -N)

# fio's figure: fig FILE JQPATH (the first job)
fig() { jq -r ".jobs[0] | $2" "$1"; }
pct() { jq -n --argjson b "$1" --argjson a "$2" '($a - $b) / $b * 100'; }

# --- the reported case: -b lat on fio's default output
before=$(fig "$G/default/before/drive-a/run.json" '.read.clat_ns.percentile["99.990000"]')
after=$(fig "$G/default/after/drive-a/run.json" '.read.clat_ns.percentile["99.990000"]')
rise=$(pct "$before" "$after")
check "the fixture's clat p99.99 rose beyond 10 % ($rise %)" jq -e -n --argjson r "$rise" '$r > 10'
check "fio's default output has no total-latency percentiles" \
	jq -e '.jobs[0].read.lat_ns | has("percentile") | not' "$G/default/after/drive-a/run.json"
"${FR[@]}" -b lat --baseline "$G/default/before" --fail-if 'p99.99>+10%' "$G/default/after" \
	>"$tmp/lat.txt" 2>"$tmp/lat.err"
check "-b lat p99.99>+10%: cannot decide, exit 4 (not 0)" test $? -eq 4
check "stderr names the term, the sides and the fix" grep -q \
	"cannot decide curve 4k-randread@peak / drive-a: p99.99 absent in the baseline and the new run: fio printed no total-latency percentiles.*use -b clat, or run fio with lat_percentiles=1" \
	"$tmp/lat.err"
check "the report says CANNOT DECIDE at p99.99" grep -Eq '^    p99.99 .*CANNOT DECIDE$' "$tmp/lat.txt"
check "the report's gate line says cannot decide" grep -q 'gate: cannot decide' "$tmp/lat.txt"
"${FR[@]}" -b clat -f json --baseline "$G/default/before" --fail-if 'p99.99>+10%' "$G/default/after" \
	>"$tmp/clat.json" 2>"$tmp/clat.err"
check "-b clat reports the regression (exit 3)" test $? -eq 3
row='.baseline.rows[] | select(.section == "curve" and .profile == "4k-randread" and .step == "peak")'
check "JSON: p99.99 crossed, change as fio's figures give it" jq -e --argjson w "$rise" \
	"$row | (.crossed == [\"p99.99\"]) and ((.change[\"p99.99_pct\"] - \$w) | fabs < 1e-6)" "$tmp/clat.json"
check "JSON verdict regression" jq -e '.baseline.verdict == "regression"' "$tmp/clat.json"
"${FR[@]}" -b lat --baseline "$G/default/before" --fail-if 'p99.99>+10%,iops<-5%' "$G/default/after" \
	>/dev/null 2>&1
check "a crossed term wins over an undecided one (exit 3)" test $? -eq 3
"${FR[@]}" -b lat --baseline "$G/default/before" --fail-if 'mean>+10%' "$G/default/after" >/dev/null 2>&1
check "-b lat mean (fio prints it) decides: exit 3" test $? -eq 3

# --- percentile_list without 99.99
check "the plist fixture has no 99.99" \
	jq -e '.jobs[0].read.clat_ns.percentile | has("99.990000") | not' "$G/plist/after/drive-a/run.json"
"${FR[@]}" --baseline "$G/plist/before" --fail-if 'p99.99>+10%' "$G/plist/after" >/dev/null 2>"$tmp/pl.err"
check "p99.99 not in percentile_list: exit 4" test $? -eq 4
check "the fix names percentile_list" grep -q 'percentile_list=...:99.99' "$tmp/pl.err"
"${FR[@]}" --baseline "$G/plist/before" --fail-if 'p99>+10%' "$G/plist/after" >/dev/null 2>&1
check "p99 is in that list: decided (exit 3)" test $? -eq 3

# --- lat_percentiles=1: -b lat decides
"${FR[@]}" -b lat --baseline "$G/latpct/before" --fail-if 'p99.99>+10%' "$G/latpct/after" >/dev/null 2>&1
rc=$?
lb=$(fig "$G/latpct/before/drive-a/run.json" '.read.lat_ns.percentile["99.990000"]')
la=$(fig "$G/latpct/after/drive-a/run.json" '.read.lat_ns.percentile["99.990000"]')
want=$(jq -n --argjson c "$(pct "$lb" "$la")" 'if $c > 10 then 3 else 0 end')
check "with lat_percentiles=1, -b lat decides (exit $want from fio's lat p99.99)" test "$rc" -eq "$want"

# --- noisy neighbor: every victim per namespace
"${FR[@]}" -f json --baseline "$G/nn/before" --fail-if 'mean>+10%' "$G/nn/after" >"$tmp/nn.json" 2>/dev/null
check "noisy-neighbor victims are compared per namespace (ns2, ns3), the writer is not" jq -e \
	'[.baseline.rows[] | select(.section == "noisy-neighbor") | .nsid] == [2, 3] and .baseline.compared == 2' \
	"$tmp/nn.json"
mkdir -p "$tmp/nn10/drive-a"
jq '(.jobs[] | select(.jobname | startswith("nn-read")) | .read.clat_ns) |=
	(.mean *= 10 | .percentile |= map_values(. * 10))' \
	"$G/nn/before/drive-a/run.json" >"$tmp/nn10/drive-a/run.json"
"${FR[@]}" -f json --baseline "$G/nn/before" --fail-if 'p99.99>+10%' "$tmp/nn10" >"$tmp/nn10.json" 2>"$tmp/nn10.err"
check "every victim latency x10: compared and fails (exit 3)" test $? -eq 3
check "both victims crossed p99.99 at +900 %" jq -e \
	'[.baseline.rows[] | select(.section == "noisy-neighbor") | select(.crossed == ["p99.99"])
	  | .change["p99.99_pct"] | (. - 900) | fabs < 1e-6] | length == 2' "$tmp/nn10.json"

# --- write pressure: the reads per write rate
"${FR[@]}" -f json --baseline "$G/wp/before" --fail-if 'mean>+10%' "$G/wp/after" >"$tmp/wp.json" 2>/dev/null
check "write-pressure reads compared per rate (10, 20 MB/s)" jq -e \
	'[.baseline.rows[] | select(.section == "write-pressure") | .step] == ["10", "20"]' "$tmp/wp.json"
wb=$(jq '.jobs[] | select(.jobname == "wp-read@20") | .read.clat_ns.mean' "$G/wp/before/drive-a/run.json")
wa=$(jq '.jobs[] | select(.jobname == "wp-read@20") | .read.clat_ns.mean' "$G/wp/after/drive-a/run.json")
check "the @20 read mean change is fio's" jq -e --argjson w "$(pct "$wb" "$wa")" \
	'.baseline.rows[] | select(.section == "write-pressure" and .step == "20") | (.change.mean_pct - $w) | fabs < 1e-6' \
	"$tmp/wp.json"

# --- curve steps other than the peak, and tq-sweep steps
"${FR[@]}" -f json --baseline tests/data/fio/results --fail-if 'iops<-5%' tests/data/fio/results \
	>"$tmp/res.json" 2>/dev/null
check "curve steps 50 and 100 are compared, not only the peak" jq -e \
	'[.baseline.rows[] | select(.profile == "4k-randread" and .drive == "iouring-qd4") | .step] | sort == ["100", "50", "peak"]' \
	"$tmp/res.json"
"${FR[@]}" -f json --baseline tests/data/fio/tq --fail-if 'iops<-5%' tests/data/fio/tq >"$tmp/tq.json" 2>/dev/null
check "tq-sweep steps are compared (t1q1, t2q2, t4q4 per drive)" jq -e \
	'[.baseline.rows[] | select(.section == "tq-sweep" and .drive == "iouring") | .step] | sort == ["t1q1", "t2q2", "t4q4"]' \
	"$tmp/tq.json"

# --- nothing compared
"${FR[@]}" --baseline "$G/nn/before" --fail-if 'iops<-5%' "$G/default/after" >/dev/null 2>"$tmp/none.err"
check "nothing compared: cannot decide (exit 4)" test $? -eq 4
check "it says nothing was compared" grep -q 'nothing was compared' "$tmp/none.err"

# --- noise from repeated runs (three per side)
R=$G/repeats
BASES=(--baseline "$R/before1" --baseline "$R/before2" --baseline "$R/before3")
REPS=("$R/after1" --repeat "$R/after2" --repeat "$R/after3")
"${FR[@]}" -f json "${BASES[@]}" --fail-if 'mean>+10%' "${REPS[@]}" >"$tmp/rep.json" 2>/dev/null
rc=$?
# the envelope from fio's figures: the lowest new mean over the highest baseline mean
env=$(jq -s '[.[] | .jobs[0].read.clat_ns.mean] as $v | ($v[3:] | min) / ($v[:3] | max) * 100 - 100' \
	"$R"/before{1,2,3}/drive-a/run.json "$R"/after{1,2,3}/drive-a/run.json)
check "the lowest pairwise change is fio's min(new) / max(baseline) - 1 ($env %)" jq -e --argjson e "$env" \
	'.baseline.rows[0].noise.mean | (.pairs_lo_pct - $e) | fabs < 1e-6' "$tmp/rep.json"
want=$(jq -n --argjson e "$env" 'if $e > 10 then 3 else 0 end')
check "mean>+10% with 3+3 runs exits $want (every pair beyond +10 % or not)" test "$rc" -eq "$want"
check "the confidence of 3+3 runs is 95 %" jq -e '.baseline.rows[0].noise.mean.confidence == 0.95' "$tmp/rep.json"
check "the medians are shown" jq -e --argjson m "$(jq -s '[.[].jobs[0].read.clat_ns.mean] | sort | .[1] / 1000' \
	"$R"/before{1,2,3}/drive-a/run.json)" '(.baseline.rows[0].baseline.mean_us - $m) | fabs < 1e-6' "$tmp/rep.json"
# a threshold inside the noise: the medians cross it, the pairs do not
lo=$(jq '.baseline.rows[0].noise["p99.99"].pairs_lo_pct' "$tmp/rep.json")
med=$(jq '.baseline.rows[0].change["p99.99_pct"]' "$tmp/rep.json")
if jq -e -n --argjson l "$lo" --argjson m "$med" '$l < $m and $m > 0' >/dev/null; then
	thr=$(jq -n --argjson l "$lo" --argjson m "$med" '[($l + $m) / 2, 0] | max | floor')
	"${FR[@]}" -f json "${BASES[@]}" --fail-if "p99.99>+$thr%" "${REPS[@]}" >"$tmp/in.json" 2>/dev/null
	check "p99.99>+$thr%: beyond the median change, within the noise: exit 0" test $? -eq 0
	check "it is listed as within the noise" jq -e '.baseline.rows[0].within_noise == ["p99.99"]' "$tmp/in.json"
	"${FR[@]}" -f json --baseline "$R/before1" --fail-if "p99.99>+$thr%" "$R/after1" >/dev/null 2>&1
	check "the same threshold on one run per side is a bare threshold (exit 0 or 3, not 4)" \
		bash -c "test $? -eq 0 || test $? -eq 3"
else
	skip "the repeats' p99.99 pairs do not spread around the median change"
fi
"${FR[@]}" --baseline "$R/before1" --fail-if 'mean>+10%' "$R/after1" >"$tmp/one.txt" 2>/dev/null
check "one run per side: no noise estimate" grep -q 'no noise estimate' "$tmp/one.txt"
"${FR[@]}" "${BASES[@]}" --fail-if 'mean>+10%' "${REPS[@]}" >"$tmp/rep.txt" 2>/dev/null
check "the text report states the statistic and its confidence" \
	grep -q 'noise from 3 baseline and 3 new runs: .*min/max envelope.*95.0 % confidence' "$tmp/rep.txt"
check_fails "--repeat without --baseline is a usage error" 'needs --baseline' \
	"${FR[@]}" "$R/after1" --repeat "$R/after2"
check "--help documents exit status 4" bash -c "'$FIORANK' --help | grep -q '^  4  with --baseline'"
tap_done
