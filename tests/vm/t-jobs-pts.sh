#!/usr/bin/env bash
# The SNIA PTS suites (issue 27) end to end in the test bed (one boot,
# tests/vm/guest/jobs-pts.sh): all seven short on /dev/ng0n3 (4096-byte
# LBAs) through passthrough; on the host, the runs in plan order, LAT's
# plan without its 0.5 KiB steps, and fiorank pts on that real output: a
# page per test, what each must show (its rounds or their absence said,
# its figures present and consistent with fio's own), text and HTML.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$TOP" || exit 1
o=$tmp/out
vm_relay guest "$o" --timeout 1500 -- tests/vm/guest/jobs-pts.sh "$ENGINE" "${SANITIZE:-}"

# (XSR's sequential segments and the 1024 KiB steps at 256 KiB: the
# controller carries 508 KiB)
for s in pts-dry pts pts-tails; do
	check "$s: exited 0" grep -qx "$s-rc=0" "$o/$s.rc"
	grep -qx "$s-rc=0" "$o/$s.rc" 2>/dev/null || show_suite_failure "$o/$s.log" "$o/$s"
done
check "pts-lat's plan on 4096-byte LBAs: the 0.5 KiB steps left out, said so; the six others" bash -c "
	grep -q \"pts-lat's 0.5 KiB steps left out: its LBA size is 4096 bytes\" '$o/pts-dry.log' &&
	test \"\$(grep -Eo 'ng0n3/pts-lat/lat/[0-9a-z]+-r[0-9]+' '$o/pts-dry.log' | tr '\\n' ' ')\" = \\
		'ng0n3/pts-lat/lat/4k-r0 ng0n3/pts-lat/lat/4k-r65 ng0n3/pts-lat/lat/4k-r100 ng0n3/pts-lat/lat/8k-r0 ng0n3/pts-lat/lat/8k-r65 ng0n3/pts-lat/lat/8k-r100 '"
p=$o/pts/ng0n3
check "pts: the seven suites' runs all done, in plan order" jq -e '[.runs[] | select(.status != "done")] == [] and
	[.runs[] | "\(.suite)/\(.test)/\(.step)"] == ["pts-wsat/wsat/wsat",
	"pts-hir/wipc/wipc", "pts-hir/wdpc/ss-round1", "pts-hir/ws1/b1", "pts-hir/ws1/b2", "pts-hir/ws1/base",
	"pts-hir/ws2/b1", "pts-hir/ws2/b2", "pts-hir/ws2/base", "pts-xsr/xsr/seq1", "pts-xsr/xsr/rand", "pts-xsr/xsr/seq2",
	"pts-dirth/wipc/wipc", "pts-dirth/wdpc/ss-round1", "pts-dirth/dirth/t4q4", "pts-dirth/dirth/t2q2", "pts-dirth/dirth/t1q1",
	"pts-dirth/histogram/max", "pts-dirth/histogram/mid", "pts-dirth/histogram/min",
	"pts-lat/wipc/wipc", "pts-lat/wdpc/ss-round1", "pts-lat/lat/4k-r0", "pts-lat/lat/4k-r65", "pts-lat/lat/4k-r100",
	"pts-lat/lat/8k-r0", "pts-lat/lat/8k-r65", "pts-lat/lat/8k-r100", "pts-iops/wipc/wipc",
	"pts-iops/round1/1024k-r100", "pts-iops/round1/64k-r100", "pts-iops/round1/4k-r100",
	"pts-iops/round1/1024k-r65", "pts-iops/round1/64k-r65", "pts-iops/round1/4k-r65",
	"pts-iops/round1/1024k-r0", "pts-iops/round1/64k-r0", "pts-iops/round1/4k-r0",
	"pts-tp/wipc/128k", "pts-tp/round1/128k-r100", "pts-tp/round1/128k-r0",
	"pts-tp/wipc/1024k", "pts-tp/round1/1024k-r100", "pts-tp/round1/1024k-r0"]' "$o/pts/manifest.json"
check "pts: through passthrough, WSAT's IOPS log per job, XSR's bandwidth logs" bash -c "
	jq -e '.files[0].kind == \"nvme-char\"' '$p/pts-xsr/xsr/rand.engine.json' &&
	test \$(ls '$p/pts-wsat/wsat/' | grep -c '^wsat_iops\\.[0-9]*\\.log\$') -eq 4 &&
	test -e '$p/pts-xsr/xsr/seq2_bw.1.log'"
# fiorank pts on what the test bed ran: every page, its figures there and
# plausible (positive, consistent with each other and with fio's own output)
"$FIORANK" pts -f json "$o/pts" >"$o/pts-fig.json" 2>"$o/pts-fig.err"
check "fiorank pts: exit 0, a page per test (the throughput test one per block size)" jq -e '
	[.tests[] | "\(.test)\(.part // "")"] == ["pts-wsat", "pts-hir", "pts-xsr", "pts-dirth", "pts-lat", "pts-iops", "pts-tp128k", "pts-tp1024k"]' "$o/pts-fig.json"
# pg TEST PART FILTER: exactly one page of TEST (PART: the block size or
# empty) in fiorank's JSON, and FILTER true of it
pg() {
	jq -e --arg t "$1" --arg p "$2" "[.tests[] | select(.test == \$t and (.part // \"\") == \$p)] |
		length == 1 and (.[0] | $3)" "$o/pts-fig.json" >/dev/null
}
gb=$(jq '.jobs[0].write.io_bytes / 1e9' "$p/pts-wsat/wsat/wsat.json" 2>/dev/null)
check "WSAT: no rounds (said), GB written is fio's ($gb), mean IOPS positive" \
	pg pts-wsat "" ".steady_state == null and .figures.tgbw_gb == ${gb:-null} and .figures.tgbw_gb > 0 and .figures.mean_iops > 0"
check "HIR: its round said (NOT steady after 1), two wait states of 2 bursts, every IOPS positive" \
	pg pts-hir "" '.steady_state.rounds == 1 and .steady_state.steady == false and
		(.tables[0].rows | length) == 2 and all(.tables[0].rows[]; .[1] == 2 and all(.[2:][]; . > 0))'
check "XSR: the three segments' rw/bs as run (256 KiB sequential here), each mean MB/s positive" \
	pg pts-xsr "" '[.tables[0].rows[] | .[1]] == ["write/256k", "randwrite/8k", "write/256k"] and all(.tables[0].rows[]; .[3] > 0)'
check "DIRTH: three operating points, each histogram 100 %, max point IOPS the figure of merit" \
	pg pts-dirth "" '(.tables[1].rows | length) == 3 and .merit.value > 0 and .merit.value == .tables[1].rows[0][2] and
		([.charts[] | select(.name | startswith("response-time histogram")) | .series[0].y | add] | length == 3 and all(. > 99.999 and . < 100.001))'
check "LAT: six steps (no 0.5 KiB on 4096-byte LBAs), mean <= 99.999th <= max, IOPS x mean near 1 s at QD1" \
	pg pts-lat "" '(.cells | length) == 6 and all(.cells[];
		.iops > 0 and .mean_us <= .p99_999_us and .p99_999_us <= .max_us and
		(.iops * .mean_us / 1e6) > 0.3 and (.iops * .mean_us / 1e6) <= 1.01)'
check "IOPS: 3 block sizes x 3 mixes, the 1024 KiB row saying it ran 256 KiB, every cell positive, 4k 0/100 the merit" \
	pg pts-iops "" '[.tables[0].rows[][0]] == ["4k", "64k", "1024k (ran 256k)"] and
		all(.tables[0].rows[]; (length == 4) and all(.[1:][]; . > 0)) and .merit.value == .tables[0].rows[0][1]'
for b in 128k:131072 1024k:262144; do
	check "throughput ${b%:*}: read and write MB/s equal IOPS x the block size that ran (fio's own two figures)" \
		pg pts-tp "${b%:*}" "all(.tables[0].rows[]; .[2] > 0 and ((.[3] * ${b#*:} / 1e6) / .[2] - 1 | fabs) < 0.01)"
done
"$FIORANK" pts "$o/pts" >"$o/pts-report.txt" 2>&1
check "text: the rounds said per test (NOT reached after 1 round; none for WSAT and XSR)" bash -c "
	test \$(grep -c '^steady state: NOT reached after 1 rounds' '$o/pts-report.txt') -eq 6 &&
	test \$(grep -c '^steady state: no rounds (this test has none)' '$o/pts-report.txt') -eq 2"
"$FIORANK" pts -f html -o "$o/pts.html" "$o/pts"
check "HTML: eight pages, each with a chart" bash -c "
	test \$(grep -c '<section class=\"pts-page\">' '$o/pts.html') -eq 8 && test \$(grep -c '<svg' '$o/pts.html') -ge 16"
# --ss-measures iops,p99,p99.99 (issue 41 item 5): the rounds stopped when
# all three were steady or at the sixth; each round's tails as fio's bins
# give them (recomputed here with jq, nearest rank over reads and writes)
t=$o/pts-tails/ng0n3/pts-lat
"$FIORANK" pts -f json "$o/pts-tails" >"$o/tails.json" 2>/dev/null
rounds=$(jq '.rounds' "$t/steady-state.json" 2>/dev/null)
check "tails: the verdict names the measures; the rounds ran until all were steady or six" jq -e '
	.measures == ["iops", "p99", "p99.99"] and (.tails | keys) == ["p99", "p99.99"] and
	(.all_steady == (.steady and .tails.p99.steady and .tails["p99.99"].steady)) and
	(.rounds == 6 or .all_steady)' "$t/steady-state.json"
check "tails: the runner's last line says the measures and the verdict" \
	grep -Eq "ng0n3 pts-lat steady state \(iops, p99, p99.99\): (NOT )?reached after $rounds rounds" "$o/pts-tails.log"
want=$(for ((r = 1; r <= ${rounds:-0}; r++)); do pct_from_bins 99 99.99 <"$t/wdpc/ss-round$r.json"; done | jq -s -c .)
check "tails: fiorank's p99 and p99.99 per round are the bins' ($want)" jq -e --argjson w "$want" '
	.tests[] | select(.test == "pts-lat") | .steady_state.measures as $m |
	[range(0; $w | length) | [$m[1].round_values[.], $m[2].round_values[.]]] == $w' "$o/tails.json"
check "tails: the runner's round_us are fiorank's, and their verdicts agree (not refused)" jq -e --slurpfile v "$t/steady-state.json" '
	.tests[] | select(.test == "pts-lat") | .steady_state | (.refused | not) and
	.measures[1].round_values == $v[0].tails.p99.round_us and
	.measures[2].steady == $v[0].tails["p99.99"].steady' "$o/tails.json"
tap_done
