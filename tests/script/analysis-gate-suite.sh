#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# shellcheck disable=SC2016 # jq programs name their $variables in single quotes
# The gate on the runner's own results directories (issue 37 item 1): the
# runner names a drive after its device node (ng0n1) and fiorank relabels it
# by model, serial and namespace; the baseline and --repeat runs are
# labelled the same way, so that every step is compared.
# - tests/data/fio/gate/rerun/run1 and run2: two runs of the runner on one
#   drive of the test bed (tests/data/make-gate-rerun-fixtures.sh);
# - tests/data/fio/fdp/nn: the runner's noisy-neighbor run (victims per
#   namespace from the engine's tags);
# - the tails x10 copies are derived here with jq from those real outputs.
# A directory gated against itself, the rerun and the tails x10 copy give
# exit 0, 0 and 3 with every step compared; a baseline of another drive is
# named as such, and --baseline-drive compares two drives on purpose.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
R=tests/data/fio/gate/rerun
NN=tests/data/fio/fdp/nn
FR=("$FIORANK" -N -q -f json)
TERMS='iops<-5%,mbps<-5%,mean>+10%,p99>+10%,p99.99>+10%'

# rows and the counts of a JSON report: "compared not_compared verdict"
counts() { jq -r '.baseline | "\(.compared) \(.not_compared) \(.verdict)"' "$1"; }
# fio's curve steps in a results directory (every fio output but the engine's)
nsteps() { find "$1" -name '*.json' ! -name '*.engine.json' ! -name manifest.json | wc -l; }

# --- a results directory against itself
n=$(nsteps "$R/run1")
"${FR[@]}" --baseline "$R/run1" --fail-if "$TERMS" "$R/run1" >"$tmp/self.json"
check "run1 against itself: exit 0" test $? -eq 0
check "run1 against itself: all $n steps compared, none not compared ($(counts "$tmp/self.json"))" \
	test "$(counts "$tmp/self.json")" = "$n 0 pass"
check "both sides carry the runner's drive relabelled (QEMU NVMe Ctrl deadbeef ns1)" jq -e \
	'[.baseline.rows[].drive] | unique == ["QEMU NVMe Ctrl deadbeef ns1"]' "$tmp/self.json"

# --- the rerun of the same drive: every step compared; a threshold beyond
# the two runs' own spread (read from fio's outputs) passes, one inside it
# fails
"${FR[@]}" --baseline "$R/run1" --fail-if 'iops<-99%' "$R/run2" >"$tmp/rerun.json"
check "the rerun: all $n steps compared ($(counts "$tmp/rerun.json"))" \
	test "$(counts "$tmp/rerun.json")" = "$n 0 pass"
worst=$(jq -s '[.[] | .baseline.rows[] | .change.iops_pct] | map(fabs) | max | ceil' "$tmp/rerun.json")
fio_worst=$(for s in "$R"/run1/ng0n1/profiles/4k-randread/*.json; do
	case $s in *.engine.json) continue ;; esac
	jq -n --slurpfile a "$s" --slurpfile b "${s/run1/run2}" \
		'($b[0].jobs | map(.read.iops) | add) / ($a[0].jobs | map(.read.iops) | add) * 100 - 100 | fabs'
done | jq -s 'max | ceil')
check "the rerun's largest IOPS change is fio's ($worst % from fiorank, $fio_worst % from fio)" \
	test "$worst" = "$fio_worst"
"${FR[@]}" --baseline "$R/run1" --fail-if "iops<-$((worst + 1))%,iops>+$((worst + 1))%" \
	"$R/run2" >/dev/null
check "the rerun gated beyond its spread (±$((worst + 1)) %): exit 0" test $? -eq 0
"${FR[@]}" --baseline "$R/run1" --fail-if "iops<-$((worst / 2))%,iops>+$((worst / 2))%" \
	"$R/run2" >/dev/null
check "the rerun gated inside its spread (±$((worst / 2)) %): exit 3" test $? -eq 3

# --- a copy of run1 with every tail x10 (fio's percentiles of each step)
cp -r "$R/run1" "$tmp/tails10"
find "$tmp/tails10" -name '*.json' ! -name '*.engine.json' ! -name manifest.json | while read -r f; do
	jq '(.jobs[] | .read.clat_ns.percentile, .read.lat_ns.percentile
	     | select(. != null)) |= map_values(. * 10)' "$f" >"$f.x" && mv "$f.x" "$f"
done
"${FR[@]}" --baseline "$R/run1" --fail-if "$TERMS" "$tmp/tails10" >"$tmp/t10.json"
check "run1 against its tails x10: exit 3" test $? -eq 3
check "tails x10: all $n steps compared and each crossed p99 and p99.99 ($(counts "$tmp/t10.json"))" \
	jq -e --argjson n "$n" '.baseline | .compared == $n and .not_compared == 0 and
	([.rows[] | select(.crossed == ["p99", "p99.99"])] | length) == $n' "$tmp/t10.json"

# --- the noisy-neighbor run: victims per namespace from the engine's tags
nrows=$("${FR[@]}" --baseline "$NN" "$NN" | jq '.baseline.rows | length')
"${FR[@]}" --baseline "$NN" --fail-if 'mean>+10%,p99>+10%,p99.99>+10%' "$NN" >"$tmp/nn.json"
check "noisy neighbor against itself: exit 0" test $? -eq 0
check "noisy neighbor against itself: all $nrows victims compared ($(counts "$tmp/nn.json"))" \
	test "$(counts "$tmp/nn.json")" = "$nrows 0 pass"
cp -r "$NN" "$tmp/nn10"
x10='(.mean *= 10 | if .percentile then .percentile |= map_values(. * 10) else . end)'
find "$tmp/nn10" -name '*.json' ! -name manifest.json ! -name '*.engine.json' | while read -r f; do
	jq "(.jobs[] | select(.jobname | startswith(\"nn-read\")) | .read.clat_ns, .read.lat_ns
	     | select(. != null)) |= $x10" "$f" >"$f.x" && mv "$f.x" "$f"
done
for f in "$tmp"/nn10/*/*/*/*.engine.json; do
	jq "(.tags.keys[] | select(.direction == \"read\") | .lat_ns) |= ($x10 | .max *= 10)" \
		"$f" >"$f.x" && mv "$f.x" "$f"
done
"${FR[@]}" --baseline "$NN" --fail-if 'p99.99>+10%' "$tmp/nn10" >"$tmp/nn10.json"
check "noisy neighbor with the victims' tails x10: exit 3 (not 4)" test $? -eq 3
check "tails x10: every victim compared and crossed ($(counts "$tmp/nn10.json"))" jq -e \
	--argjson n "$nrows" '.baseline | .compared == $n and ([.rows[] | select(.crossed == ["p99.99"])]
	| length) == $n' "$tmp/nn10.json"

# --- a repeated run that lacks a step (issue 37 item 3): run1 less its
# 50 % step (a real run, one step's files removed), as a --repeat run
mkdir -p "$tmp/no50"
cp -r "$R/run1" "$tmp/no50/run1"
rm "$tmp"/no50/run1/ng0n1/profiles/4k-randread/50.*
"${FR[@]}" --baseline "$R/run1" --baseline "$R/run2" --fail-if 'iops<-99%' "$R/run2" \
	--repeat "$tmp/no50/run1" >"$tmp/no50.json"
check "a step one repeated run lacks: exit 1 (the docs' step on one side only)" test $? -eq 1
check "its row says it is compared in the runs that hold it (2 of 2 baseline, 1 of 2 new)" jq -e \
	'.baseline | .held_by_fewer_runs == 1 and ([.rows[] | select(.step == "50")][0] |
	 .status == "compared in the runs that hold it: 2 of 2 baseline, 1 of 2 new" and
	 .runs_holding == {"baseline": 2, "new": 1} and .noise.iops.new_runs == 1)' "$tmp/no50.json"
check "the other steps are held by every run" jq -e \
	'[.baseline.rows[] | select(.step != "50") | .runs_holding] | all(. == {"baseline": 2, "new": 2})' \
	"$tmp/no50.json"
check_fails "stderr names the step and the runs that hold it" \
	'4k-randread@50 / QEMU NVMe Ctrl deadbeef ns1: held by 2 of 2 baseline and 1 of 2 new runs' \
	"$FIORANK" -N --baseline "$R/run1" --baseline "$R/run2" --fail-if 'iops<-99%' "$R/run2" \
	--repeat "$tmp/no50/run1" -o /dev/null

# --- a baseline of another drive: named; --baseline-drive on purpose
F=tests/data/fio/testbed/full-4k-randread
"${FR[@]}" --baseline "$F" --fail-if 'iops<-5%' "$R/run1" >"$tmp/other.json"
check "a baseline of another drive cannot decide (exit 4)" test $? -eq 4
check "the report names the other drive and the option" jq -e '.baseline.other_drives |
	test("the baseline holds no drive .QEMU NVMe Ctrl deadbeef ns1. .*.QEMU NVMe Ctrl deadbeef ns2.*--baseline-drive")' \
	"$tmp/other.json"
"${FR[@]}" --baseline "$F" --baseline-drive 'QEMU NVMe Ctrl deadbeef ns2=QEMU NVMe Ctrl deadbeef ns1' \
	--fail-if 'iops<-5%' "$R/run1" >"$tmp/as.json"
check "--baseline-drive: the steps both ran are paired (unlike: full mode against short)" jq -e \
	'.baseline | .drive_as != null and .other_drives == null and
	 ([.rows[] | select(.status == "not compared: unlike runs") | .step] | sort) == ["50", "peak"]' \
	"$tmp/as.json"
check_fails "--baseline-drive naming a drive the baseline lacks is a usage error" \
	"has no drive 'nosuch'" "$FIORANK" -N --baseline "$F" --baseline-drive 'nosuch=x' "$R/run1"
check_fails "--baseline-drive without '=' is a usage error" 'wants BASE=NEW' \
	"$FIORANK" -N --baseline "$F" --baseline-drive 'nosuch' "$R/run1"
tap_done
