#!/usr/bin/env bash
# fiorank's command line: exit codes (0 all read, 1 something skipped, 2 usage
# or nothing readable), messages naming file and reason, output only where
# asked, every format parseable, the terminal report within 100 columns, the
# runner's manifest and the engine's identity file pairing.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
S=tests/data/fio/shapes
R=tests/data/fio/results
FR=("$FIORANK" -r analysis/reference)

check "--help documents the exit codes" bash -c "'$FIORANK' --help | grep -q 'some input was skipped'"
check "--version" bash -c "'$FIORANK' --version | grep -q '^fiorank '"
check "a good directory reads with exit 0" "${FR[@]}" -q "$R" -o "$tmp/ok.txt"
check_fails "no input is a usage error" 'no input given' "$FIORANK"
check_fails "an unknown format is a usage error" "unknown format 'xml'" "$FIORANK" -f xml "$R"
check_fails "an unknown basis is a usage error" "unknown latency basis" "$FIORANK" -b foo "$R"
check_fails "an unknown option is a usage error" 'invalid option|unrecognized' "$FIORANK" --frobnicate "$R"
check_fails "a missing input is named with its reason" 'skipped /nonexistent: cannot open: No such file' \
	"${FR[@]}" /nonexistent
"${FR[@]}" /nonexistent >/dev/null 2>&1
check "nothing readable exits 2" test $? -eq 2
check_fails "terse output is rejected by name" 'terse.txt: fio terse output is not supported' \
	"${FR[@]}" "$S/terse.txt"
check_fails "a truncated file is reported with its byte offsets" \
	'truncated.json: truncated JSON: document starting at byte 0 ends at byte [0-9]+' \
	"${FR[@]}" "$S/truncated.json"
printf '{"fio version": "fio-3.33", "jobs": [}\n' >"$tmp/bad.json"
check_fails "a parse error gives the byte offset" 'bad.json: JSON parse error at byte 37' \
	"${FR[@]}" "$tmp/bad.json"
printf '{"name": "not fio"}\n' >"$tmp/foreign.json"
check_fails "foreign JSON is rejected" 'is not fio output' "${FR[@]}" "$tmp/foreign.json"
"${FR[@]}" -f csv "$S/json.json" "$S/truncated.json" >"$tmp/mixed.csv" 2>"$tmp/mixed.err"
check "one bad file among good ones exits 1" test $? -eq 1
check "the good file is still ranked (place 1: no published drive in the table)" grep -q '^peak,4k-randread,json,1,peak,' "$tmp/mixed.csv"
check "the skipped file is listed in the report" grep -q '^skipped,.*truncated.json' "$tmp/mixed.csv"
check_fails "an unwritable -o fails with exit 2" 'cannot write /nonexistent/dir/x.txt' \
	"${FR[@]}" -o /nonexistent/dir/x.txt "$R"
(cd "$tmp" && mkdir -p quiet && cd quiet && "$FIORANK" -r "$TOP/analysis/reference" "$TOP/$R" >/dev/null 2>&1)
check "fiorank writes no file it was not asked to" test -z "$(ls -A "$tmp/quiet")"

# every format parses
"${FR[@]}" -f json "$R" "$S" >"$tmp/r.json" 2>/dev/null
check "JSON output parses and carries its schema" bash -c "jq -e '.schema == \"fiorank/2\"' '$tmp/r.json' >/dev/null"
check "JSON ranks the fixtures' drives in 4k-randread" \
	bash -c "jq -e '[.profiles[] | select(.profile == \"4k-randread\") | .ranking[].drive] | index(\"iouring-qd4\") != null' '$tmp/r.json' >/dev/null"
"${FR[@]}" -f csv "$R" "$S" >"$tmp/r.csv" 2>/dev/null
check "CSV rows all have the header's column count" python3 -c "
import csv, sys
rows = list(csv.reader(open('$tmp/r.csv')))
sys.exit(0 if len(rows) > 10 and all(len(r) == len(rows[0]) for r in rows) else 1)"
"${FR[@]}" "$R" "$S" >"$tmp/r.txt" 2>/dev/null
check "the terminal report fits 100 columns" python3 -c "
import sys
sys.exit(0 if max(len(l.rstrip('\n')) for l in open('$tmp/r.txt', encoding='utf-8')) <= 100 else 1)"
"${FR[@]}" -b lat -f csv "$S/json.json" >"$tmp/lat.csv"
"${FR[@]}" -b clat -f csv "$S/json.json" >"$tmp/clat.csv"
"${FR[@]}" -b lat "$S/json.json" >"$tmp/lat.txt"
check "the latency basis is printed" grep -q '^latency basis: lat (total' "$tmp/lat.txt"
check "the latency basis changes the figures" bash -c "! cmp -s '$tmp/lat.csv' '$tmp/clat.csv'"

# manifest: labels and identities; a failed run is excluded, not read
cp -r "$R" "$tmp/res"
jq '(.runs[] | select(.id == "psync-capped/profiles/4k-randwrite/peak") | .status) = "failed"' \
	"$R/manifest.json" >"$tmp/res/manifest.json"
"${FR[@]}" -f json "$tmp/res" >"$tmp/m.json" 2>"$tmp/m.err"
check "a run the manifest marks failed exits 1" test $? -eq 1
check "a run the manifest marks failed is excluded with the reason" \
	grep -q 'manifest run psync-capped/profiles/4k-randwrite/peak has status "failed"' "$tmp/m.err"
check "the manifest's drive identity reaches the report" \
	bash -c "jq -e '.drives[] | select(.label == \"psync-capped\") | .serial == \"FIXTURE-B\"' '$tmp/m.json' >/dev/null"

# the runner's own JSON beside the runs (a steady-state verdict) is not fio output
cp -r "$R" "$tmp/ss"
echo '{"schema": "ssdnvme-steady-state/1", "steady": true}' >"$tmp/ss/psync-capped/steady-state.json"
"${FR[@]}" "$tmp/ss" >/dev/null 2>"$tmp/ss.err"
check "a JSON file the manifest does not name is left alone (exit 0)" test $? -eq 0
check "... and not reported as unreadable" bash -c "! grep -q steady-state '$tmp/ss.err'"

# a run the manifest marks with another engine than the suite's is its own drive
jq '.engine = "io_uring" | (.runs[] | select(.drive == "psync-capped") | .engine) = "psync"' \
	"$R/manifest.json" >"$tmp/ss/manifest.json"
"${FR[@]}" -f csv "$tmp/ss" >"$tmp/eng.csv" 2>/dev/null
check "a cross-check engine's runs are labelled 'DRIVE (ENGINE)'" grep -q ',psync-capped (psync),' "$tmp/eng.csv"
check "... and the suite engine's runs keep the plain label" grep -q ',iouring-qd4,' "$tmp/eng.csv"

# a job name outside the contract: the manifest's test and step name it
sed 's/"4k-randread@50"/"job1"/' "$R/iouring-qd4/profiles/4k-randread/50.json" \
	>"$tmp/res/iouring-qd4/profiles/4k-randread/50.json"
"${FR[@]}" -f csv "$tmp/res" >"$tmp/hint.csv" 2>/dev/null
check "the manifest names the profile and step of a job named outside the contract" \
	grep -q '^curve,4k-randread,iouring-qd4,,50,' "$tmp/hint.csv"

# engine sidecar: identity labels the drive, tags give per-namespace tails.
# The fixture's per-namespace job names are folded into one "nn-read" job as
# the ssdnvme engine runs it (namespaces= in one job); the engine file is the
# hand-made schema example (tests/data/engine/).
mkdir -p "$tmp/eng"
sed 's/"nn-read-ns[0-9]"/"nn-read"/; s/"nn-write-ns[0-9]"/"nn-write"/' \
	"$R/iouring-qd4/noisy-neighbor/nn/peak.json" >"$tmp/eng/peak.json"
cp tests/data/engine/schema-example.engine.json "$tmp/eng/peak.engine.json"
"${FR[@]}" -f csv "$tmp/eng" >"$tmp/eng.csv"
check "an engine file next to the output labels the drive by model and serial" \
	grep -q '^nn,noisy-neighbor,QEMU NVMe Ctrl deadbeef,1,,,,120.001,400.000,600.000,800.000,,,,,4,' "$tmp/eng.csv"
check "the engine's namespace 5 read tail is ranked too" \
	grep -q '^nn,noisy-neighbor,QEMU NVMe Ctrl deadbeef,1,.*,850.000,,,,,5,' "$tmp/eng.csv"
check "the engine file is found next to an output named on the command line" \
	bash -c "'$FIORANK' -N -f csv '$tmp/eng/peak.json' | grep -q '^nn,noisy-neighbor,QEMU NVMe Ctrl deadbeef,'"
printf '{"schema": "ssdnvme-engine/9"}' >"$tmp/eng/peak.engine.json"
check_fails "an engine file of another schema is reported" 'peak.engine.json: unsupported engine schema' \
	"${FR[@]}" "$tmp/eng"

# one file reached by several paths is read once; links in a directory are followed
mkdir -p "$tmp/links" "$tmp/linked/sub" "$tmp/elsewhere"
cp "$S/json.json" "$tmp/links/a.json"
ln -s a.json "$tmp/links/b.json"
ln "$tmp/links/a.json" "$tmp/links/c.json"
"${FR[@]}" -f json "$tmp/links" "$tmp/links/a.json" >"$tmp/links.json" 2>"$tmp/links.err"
check "a file named through a symlink, a hard link and twice is read once (exit 0)" test $? -eq 0
check "so it counts as one file and is not reported as a second run" \
	bash -c "test ! -s '$tmp/links.err' && jq -e '.inputs.files_read == 1' '$tmp/links.json' >/dev/null"
cp "$S/json.json" "$tmp/elsewhere/x.json"
ln -s "$tmp/elsewhere/x.json" "$tmp/linked/sub/x.json"
check "a symlink to a file outside the directory is read" \
	bash -c "'$FIORANK' -N -f json '$tmp/linked' | jq -e '.inputs.files_read == 1' >/dev/null"

# two runs of the same drive, profile and step do not add up
"${FR[@]}" -f csv -d X "$S/json.json" -d X "$S/old-usec.json" >"$tmp/dup.csv" 2>"$tmp/dup.err"
check "a second run of the same drive/profile/step exits 1" test $? -eq 1
check "it is excluded with both files named" \
	grep -q "old-usec.json: drive 'X' 4k-randread step peak (curve) was already read from .*json.json" "$tmp/dup.err"
check "the first run's figures stand alone" bash -c "test \"\$(grep '^peak,' '$tmp/dup.csv' | cut -d, -f6)\" = \"\$('$FIORANK' -N -f csv '$S/json.json' | grep '^peak,' | cut -d, -f6)\""

# a real engine identity file (tests/data/fio/engine-run: the engine on a
# tmpfs file, so no NVMe identity and no tags) pairs without complaint; its
# one job is a noisy-neighbor reader with no writer beside it, which is no
# noisy-neighbor result (issue 21): excluded, exit 1, the identity file not
# blamed
"${FR[@]}" tests/data/fio/engine-run >/dev/null 2>"$tmp/engrun.err"
check "a real engine run's lone nn-read is excluded for want of a writer (exit 1)" \
	bash -c "test $? -eq 1 && grep -q \"peak.json: job 'nn-read': no noisy-neighbor writer\" '$tmp/engrun.err' &&
		! grep -q 'engine.json' '$tmp/engrun.err'"
check "the real engine file names the fio job it belongs to" \
	jq -e '.schema == "ssdnvme-engine/1" and .job == "nn-read"' tests/data/fio/engine-run/peak.engine.json

# -d/-p/-s apply to the inputs after them
"${FR[@]}" -f csv -d A -p sql -s 50 "$S/json.json" -d B -p sql "$S/jsonplus.json" >"$tmp/o.csv"
check "-d/-p/-s label the inputs that follow" \
	bash -c "grep -q '^curve,sql,A,,50,' '$tmp/o.csv' && grep -q '^peak,sql,B,' '$tmp/o.csv'"

# --iops FILE: the runner's question (jobs/lib/suite-lib.sh), checked against jq
jq_iops() {
	sed -n '/^{/,$p' "$1" | jq -r '(if has("client_stats") then [.client_stats[] |
		select(.jobname != "All clients")] else .jobs end) as $j
		| "\([$j[].read.iops] | add) \([$j[].write.iops] | add)"' |
		awk '{ printf "%.3f %.3f\n", $1, $2 }'
}
for f in "$S/json.json" "$S/client-server.json" "$S/text-before.json" "$S/status-interval.json" \
	"$R/iouring-qd4/profiles/8k-randrw-70-30/peak.json" "$R/psync-capped/noisy-neighbor/nn/peak.json"; do
	case $f in
	*text-before*)
		check_fails "--iops refuses a file with a failed job ($(basename "$f"))" 'ended with error 28' \
			"$FIORANK" --iops "$f"
		check "--iops prints nothing for it" test -z "$("$FIORANK" --iops "$f" 2>/dev/null)"
		;;
	*status-interval*)
		# the last document (fio's final report)
		want=$(awk 'BEGIN { RS = "\n}\n" } { last = $0 } END { print last "\n}" }' "$f" |
			jq -r '"\([.jobs[].read.iops] | add) \([.jobs[].write.iops] | add)"' |
			awk '{ printf "%.3f %.3f\n", $1, $2 }')
		check "--iops reads the final document of interval output" test "$("$FIORANK" --iops "$f")" = "$want"
		;;
	*)
		check "--iops sums read and write IOPS like jq ($(basename "$(dirname "$f")")/$(basename "$f"))" \
			test "$("$FIORANK" --iops "$f")" = "$(jq_iops "$f")"
		;;
	esac
done
check_fails "--iops on a truncated file fails" 'truncated JSON' "$FIORANK" --iops "$S/truncated.json"

# the report does not depend on the number of parsing threads
"${FR[@]}" -j 1 -f json "$R" "$S" >"$tmp/j1.json" 2>/dev/null
"${FR[@]}" -j 4 -f json "$R" "$S" >"$tmp/j4.json" 2>/dev/null
# the header's command line says -j 1 or -j 4 and its date may tick: not compared
for j in j1 j4; do jq 'del(.report)' "$tmp/$j.json" >"$tmp/$j.body.json"; done
check "-j 1 and -j 4 give the same report (but for its header's command line)" \
	cmp "$tmp/j1.body.json" "$tmp/j4.body.json"
check_fails "-j 0 is a usage error" 'jobs wants a number' "$FIORANK" -j 0 "$R"
tap_done
