#!/usr/bin/env bash
# The endurance suite (issue 41 item 1) of jobs/ssdnvme-suite on this host,
# against a regular file through the ssdnvme engine's plain io_uring
# fallback: usage errors, the plan (dry run), the successor's sizes for
# several write units (ei_bssplit), and a short run of both mixes: the
# steps' sizes, skew and unit as flattened, and fiorank's endurance section
# saying what a file cannot give (no write hints, no drive health, so no
# WAF).  The NVMe runs are tests/vm/t-jobs-endurance.sh.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
target=$tmp/target
truncate -s 32M "$target"
fio=$tmp/fio
fio_cmd_script "$fio"
run() { jobs/ssdnvme-suite --fio "$fio" --engine-so "$ENGINE" --fiorank "$FIORANK" --yes-destroy "$target" "$@"; }

# ---- usage
check_fails "an unknown mix is refused, naming the mixes" "--ei-mix: jesd219, iu or both" \
	run --suite endurance --ei-mix jesd --results "$tmp/x" "$target"
check_fails "zero steps are refused" "--ei-rounds wants a whole number of steps" \
	run --suite endurance --ei-rounds 0 --results "$tmp/x" "$target"
check_fails "a step size that is neither a size nor a percentage is refused" "--ei-step-size wants a size" \
	run --suite endurance --ei-step-size lots --results "$tmp/x" "$target"
check "... and none of them wrote a results directory" test ! -e "$tmp/x"

# ---- the plan
run --suite endurance --short --dry-run --results "$tmp/d" "$target" >"$tmp/d.out" 2>&1
check "the dry run exits 0" test $? = 0
check "... plans each mix's two steps, JESD219's first" test "$(grep -o 'target/endurance/endurance-[a-z0-9]*/s[0-9]' "$tmp/d.out" | tr '\n' ' ')" = \
	"target/endurance/endurance-jesd219/s1 target/endurance/endurance-jesd219/s2 target/endurance/endurance-iu/s1 target/endurance/endurance-iu/s2 "
run --suite endurance --ei-mix iu --ei-rounds 3 --dry-run --results "$tmp/d" "$target" >"$tmp/d3.out" 2>&1
check "--ei-mix iu --ei-rounds 3: three steps of the successor only" test \
	"$(grep -c 'target/endurance/endurance-iu/s[123] ' "$tmp/d3.out"):$(grep -c 'endurance-jesd219' "$tmp/d3.out")" = 3:0

# ---- the successor's sizes: JESD219's rounded up to the unit, shares kept
# shellcheck disable=SC2016
bash -c '. jobs/lib/suite-lib.sh && . jobs/lib/endurance.sh &&
	for u in 512 4096 16384 131072; do echo "$u=$(ei_bssplit "$u")"; done' >"$tmp/split"
check "a 512-byte unit keeps JESD219's mix" grep -qx \
	'512=512/4:1024/1:1536/1:2048/1:2560/1:3072/1:3584/1:4096/67:8192/10:16384/7:32768/3:65536/3' "$tmp/split"
check "a 4 KiB unit takes the sub-4 KiB writes into 4 KiB (77 %)" grep -qx '4096=4096/77:8192/10:16384/7:32768/3:65536/3' "$tmp/split"
check "a 16 KiB unit: 94 % at 16 KiB" grep -qx '16384=16384/94:32768/3:65536/3' "$tmp/split"
check "a unit above 64 KiB: every write one unit" grep -qx '131072=131072/100' "$tmp/split"

# ---- a short run
run --suite endurance --short --ei-step-size 2M --region 100% --results "$tmp/r" "$target" >"$tmp/r.out" 2>&1
check "the short run exits 0" test $? = 0
check "... its four steps done" test "$(jq '[.runs[] | select(.status == "done")] | length' "$tmp/r/manifest.json")" = 4
e=$tmp/r/target/endurance
check "each step wrote its 2 MiB (fio's bytes, within one largest write)" jq -e -s '
	all(.[]; .jobs[0].write.io_bytes >= 2097152 and .jobs[0].write.io_bytes < 2097152 + 65536)' \
	"$e"/endurance-*/s1.json "$e"/endurance-*/s2.json
check "the steps are numbered in their job names" jq -e -s '[.[].jobs[0].jobname] ==
	["endurance-iu@s1", "endurance-iu@s2", "endurance-jesd219@s1", "endurance-jesd219@s2"]' \
	"$e"/endurance-iu/s1.json "$e"/endurance-iu/s2.json "$e"/endurance-jesd219/s1.json "$e"/endurance-jesd219/s2.json
check "a file reports no write unit: the successor writes 4 KiB units, said to be the default" grep -qx \
	'description=write unit: 4096 B from default, aligned 4096' "$e/endurance-iu/s1.fio"
check "... with the skew of JESD219" grep -qx 'random_distribution=zoned:50/5:30/15:20/80' "$e/endurance-iu/s1.fio"
"$FIORANK" -N -f json "$tmp/r" >"$tmp/r.json" 2>/dev/null
check "fiorank's endurance section: both mixes, two steps each, fio's bytes summed in order" jq -e '
	[.endurance[].mix] == ["endurance-jesd219", "endurance-iu"] and
	all(.endurance[]; [.steps[].step] == ["s1", "s2"] and
	    .steps[1].cum_host_bytes == .steps[0].host_bytes + .steps[1].host_bytes)' "$tmp/r.json"
check "... no WAF on a file, said, and no namespace write unit, said" jq -e '
	all(.endurance[].steps[]; .waf == null and .waf_note == "WAF n/a: no drive health recorded") and
	all(.endurance[]; (.namespace_write_unit | startswith("not known: the engine recorded no write hints")))' \
	"$tmp/r.json"
tap_done
