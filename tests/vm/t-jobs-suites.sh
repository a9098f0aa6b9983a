#!/usr/bin/env bash
# Every suite of jobs/ssdnvme-suite in short mode in the test bed (one boot,
# tests/vm/guest/jobs-suites.sh), then, on the host, the results: the
# expected set of fio JSON files, each valid, capped steps given caps that
# add up to their targets and held, the write-pressure writer capped at its
# rate, per-namespace noisy-neighbor jobs, the drive identity in the manifest, engine files, the steady-state
# verdict and the purge.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$TOP" || exit 1
o=$tmp/out

"$VMRUN" --out "$o" --timeout 900 -- bash tests/vm/guest/jobs-suites.sh "$ENGINE" "${SANITIZE:-}" \
	>"$tmp/guest.tap" 2>&1
rc=$?
while IFS= read -r line; do
	case $line in
	"not ok "*) not_ok "guest: ${line#not ok * - }" ;;
	"ok "*) ok "guest: ${line#ok * - }" ;;
	"# "*) echo "$line" ;;
	esac
done <"$tmp/guest.tap"
if [ $rc = 0 ]; then ok "the guest script ran to the end"; else
	not_ok "the guest script exited $rc"
	tail -n 20 "$tmp/guest.tap" | sed 's/^/# /'
fi
json() { sed -n '/^{/,$p' "$1"; }
valid() { json "$1" | jq -e '(.jobs | length) > 0 and all(.jobs[]; .error == 0)' >/dev/null 2>&1; }

for s in all peer block ss spr; do
	check "suite run '$s' finished with exit 0" grep -qx "$s-rc=0" "$o/$s.rc"
	grep -qx "$s-rc=0" "$o/$s.rc" 2>/dev/null || show_suite_failure "$o/$s.log" "$o/$s"
done

# ---- the expected set of results of --suite all
a=$o/all
d=$a/ng0n1
expect=()
for p in 4k-randwrite sql; do
	for s in peak 10 20; do expect+=("profiles/$p/$s"); done
done
expect+=(precondition/precondition/fill precondition/precondition/seq precondition/precondition/rand)
expect+=(write-pressure/write-pressure/5 write-pressure/write-pressure/15)
expect+=(noisy-neighbor/noisy-neighbor/ssdnvme noisy-neighbor/noisy-neighbor/io_uring_cmd)
missing=""
for e in "${expect[@]}"; do valid "$d/$e.json" || missing+=" $e"; done
check "all ${#expect[@]} expected results exist, each valid fio JSON without job errors${missing:+ (bad:$missing)}" test -z "$missing"
extra=$(cd "$d" && find . -name '*.json' ! -name '*.engine.json' | wc -l)
is_n() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: got $2, want $3"; fi; }
is_n "no other results" "$extra" "${#expect[@]}"
check "manifest: every run done, suite all, short mode" jq -e --argjson n "${#expect[@]}" \
	'.suite == "all" and .mode == "short" and (.runs | length == $n) and all(.runs[]; .status == "done") and .finished != null' "$a/manifest.json"
check "manifest: the drive's identity from sysfs" jq -e '.drives == [{"label": "ng0n1", "path": "/dev/ng0n1",
	"host": .drives[0].host, "kind": "nvme-char", "model": "QEMU NVMe Ctrl", "controller": "nvme0",
	"serial": "deadbeef", "firmware": .drives[0].firmware, "nsid": 1, "lba_size": 512, "capacity_bytes": 67108864}]' \
	"$a/manifest.json"
check "manifest: the confirmation is not stored" bash -c "! grep -q 'yes-destroy' '$a/manifest.json'"

# ---- curve steps: job names, the caps fio was given, and achieved rates.
# The emulated device's own speed wanders (it shares two host cores with
# QEMU's threads and whatever else runs; we saw a profile's peak differ 3x
# between boots), so no check depends on how fast it is: the caps the runner
# handed fio (rate_iops per job, and per direction for a mix) must add up to
# the step's target (each share is rounded, so within one per job; a rate
# split twice, or per job where it should be per direction, is off by 2x),
# and the achieved rate must show the cap held (at most 20 % over) and that
# the step did I/O.  A slow machine can only make it lower.
for p in 4k-randwrite sql; do
	for s in 10 20; do
		f=$d/profiles/$p/$s.json
		t=$(jq -r --arg id "ng0n1/profiles/$p/$s" '.runs[] | select(.id == $id) | .target_iops' "$a/manifest.json")
		g=$(json "$f" | jq '[.jobs[] | .read.iops + .write.iops] | add')
		# every job of the step has the same cap; numjobs of them ran
		# (reported as one with group_reporting)
		n=$(json "$f" | jq '(.jobs[0]["job options"].numjobs // .["global options"].numjobs // "1") | tonumber')
		c=$(json "$f" | jq --argjson n "$n" '[.jobs[0]["job options"].rate_iops // "" | split(",")[] |
			select(. != "") | tonumber] | (add // 0) * $n')
		check "$p@$s: job name, caps of $n job(s) add up to the target $t ($c), achieved $g IOPS > 0 and under 120 % of it" bash -c "
			sed -n '/^{/,\$p' '$f' | jq -e '.jobs[0].jobname == \"$p@$s\"' >/dev/null &&
			awk -v g='$g' -v t='$t' -v c='$c' -v n='$n' 'BEGIN {
				d = c - t; if (d < 0) d = -d
				exit !(t > 0 && n > 0 && d <= n && g > 0 && g < 1.2 * t) }'"
	done
done
rs=$(json "$d/profiles/sql/10.json" | jq '.jobs[0].read.iops / (.jobs[0].read.iops + .jobs[0].write.iops)')
check "sql@10 keeps sql's 95 % read share when capped ($rs)" awk -v x="$rs" 'BEGIN { exit !(x > 0.9 && x < 0.99) }'
check "the ssdnvme engine wrote its identity file for the curve steps" jq -e '
	[.runs[] | select(.suite == "profiles") | .engine_output] | all(. != null)' "$a/manifest.json"
check "an engine file names the namespace it ran on" jq -e '.schema == "ssdnvme-engine/1" and
	(.files | length == 1) and .files[0].nsid == 1 and .files[0].serial == "deadbeef"' "$d/profiles/sql/20.engine.json"

# ---- write pressure
for m in 5 15; do
	f=$d/write-pressure/write-pressure/$m.json
	bw=$(json "$f" | jq '[.jobs[] | select(.jobname == "wp-write@'"$m"'") | .write.bw_bytes] | add')
	check "wp $m MB/s: reader wp-read@$m with latency percentiles" \
		jq -e --arg n "wp-read@$m" '[.jobs[] | select(.jobname == $n)] | length == 1 and (.[0].read.clat_ns.percentile["99.000000"] > 0)' <(json "$f")
	# The cap fio was given and that it held; below it, the emulator's
	# speed on a shared machine, which no check depends on.
	c=$(json "$f" | jq -r '[.jobs[] | select(.jobname == "wp-write@'"$m"'") | .["job options"].rate] | first // ""')
	check "wp $m MB/s: writer capped at rate=$c (write $((m * 1000000)) B/s), wrote $bw B/s, not idle and at most 20 % over" \
		awk -v g="$bw" -v t="$((m * 1000000))" -v c="$c" 'BEGIN { exit !(c == "," t && g > 0 && g < 1.2 * t) }'
done

# ---- noisy neighbor
f=$d/noisy-neighbor/noisy-neighbor/ssdnvme.json
check "nn via ssdnvme: jobs nn-write and nn-read, reported apart" jq -e '[.jobs[].jobname] == ["nn-write", "nn-read"]' <(json "$f")
check "nn via ssdnvme: the writers wrote and the readers read" jq -e '
	(.jobs[0].write.io_bytes > 0) and (.jobs[1].read.io_bytes > 0) and (.jobs[1].write.io_bytes == 0)' <(json "$f")
check "nn via ssdnvme: one engine file for the run lists all six namespaces" jq -e '.files | length == 6' \
	"$d/noisy-neighbor/noisy-neighbor/ssdnvme.engine.json"
check "nn via ssdnvme: the readers' tags give each of ns4-6 its own read key" jq -e '
	[.tags.keys[] | select(.job == "nn-read") | .nsid] | sort == [4, 5, 6]' \
	"$d/noisy-neighbor/noisy-neighbor/ssdnvme.engine.json"
f=$d/noisy-neighbor/noisy-neighbor/io_uring_cmd.json
check "nn via io_uring_cmd: six jobs, one per namespace" jq -e '[.jobs[].jobname] ==
	["nn-write-ns1", "nn-write-ns2", "nn-write-ns3", "nn-read-ns4", "nn-read-ns5", "nn-read-ns6"]' <(json "$f")
check "nn via io_uring_cmd: readers have mean, 99, 99.9 and 99.99 percentiles" jq -e '
	[.jobs[3:][] | .read.clat_ns | (.mean > 0) and (.percentile | has("99.000000") and has("99.900000") and has("99.990000"))] | all' <(json "$f")

# ---- preconditioning
f=$d/precondition/precondition/fill.json
check "the fill wrote the whole 64 MiB namespace" jq -e '.jobs[0].jobname == "precond-fill" and .jobs[0].write.io_bytes == 67108864' <(json "$f")

# ---- the other engines and targets
check "io_uring_cmd on the 4096-byte namespace: identity lba 4096, step 50 done" jq -e '
	.drives[0].lba_size == 4096 and .drives[0].nsid == 3 and ([.runs[].status] == ["done", "done"]) and
	([.runs[].engine_output] == [null, null])' "$o/peer/manifest.json"
check "io_uring on the block device: identity nsid 2, kind block" jq -e '
	.drives[0].kind == "block" and .drives[0].nsid == 2 and .drives[0].serial == "deadbeef" and
	all(.runs[]; .status == "done")' "$o/block/manifest.json"

# ---- purge and steady state
check "the purge ran and is recorded" jq -e '.runs[0].step == "purge" and .runs[0].status == "done"' "$o/ss/manifest.json"
check "steady state: verdict with the rule, in the results and the manifest" bash -c "
	jq -e '(.rule | test(\"SNIA\")) and (.steady | type == \"boolean\") and (.round_iops | length >= 5)' '$o/ss/ng0n4/precondition/steady-state.json' >/dev/null &&
	jq -e '.steady_state.ng0n4.steady | type == \"boolean\"' '$o/ss/manifest.json' >/dev/null"

# ---- SPRandom preconditioning: one step, fio's sprandom=1 over the whole namespace
check "sprandom: the plan's one step ran" jq -e '[.runs[] | [.step, .status]] == [["sprandom", "done"]]' \
	"$o/spr/manifest.json"
f=$o/spr/ng0n5/precondition/precondition/sprandom.json
check "sprandom: fio's precond-sprandom job with sprandom=1 wrote without errors" jq -e '
	.jobs[0].jobname == "precond-sprandom" and .jobs[0]["job options"].sprandom == "1" and
	.jobs[0].error == 0 and .jobs[0].write.io_bytes > 0' <(json "$f")

if [ -x "$FIORANK" ]; then
	check "fiorank ranked the results at the end" grep -q 'sql' "$a/report.txt"
fi
tap_done
