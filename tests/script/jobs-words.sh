#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What jobs/ssdnvme-suite says, on this host against a regular file (issue
# 38): --help's resume synopsis, a --results path that is a file, the dry
# run's free space and a failed start-up measurement named, what it does
# before the first run, and fio's status line ended on a terminal.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
suite=jobs/ssdnvme-suite
suite_file_target 64M
run() { suite_run "$@"; }
is() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: got '$2', want '$3'"; fi; }

# ---- --help: resuming a suite that writes needs the confirmation again
check "--help's resume synopsis names --yes-destroy" \
	grep -qE '^ *jobs/ssdnvme-suite --resume --results DIR \[--yes-destroy ID\]' <<<"$("$suite" --help)"

# ---- a --results path that is a file: one line saying so, nothing else
: >"$tmp/afile"
out=$(run --suite profiles --profiles 4k-randread --results "$tmp/afile" "$target" 2>&1)
rc=$?
is "--results naming a file: exit 2" "$rc" 2
is "--results naming a file: one line, saying it is a file" "$out" \
	"ssdnvme-suite: --results $tmp/afile is a file, not a directory: choose another --results"
out=$(run --suite profiles --profiles 4k-randread --results "$tmp/afile/sub" "$target" 2>&1)
is "--results under a file: one line naming the file" "$out" \
	"ssdnvme-suite: --results $tmp/afile/sub cannot be made: $tmp/afile is a file, not a directory: choose another --results"

# ---- the dry run: the free space is what is needed and what there is
plan=$(run --suite profiles --profiles 4k-randread --dry-run --results "$tmp/plan" "$target" 2>/dev/null)
check "dry run: the results' room says needed and free" \
	grep -qE '^checks passed: .*room for the results \([0-9.]+ [KMGT]?i?B needed, [0-9.]+ [KMGT]?i?B free\)' <<<"$plan"
check "dry run: no figure called free that is the need" bash -c '! grep -qE "[0-9] [KMGT]iB free for the results" <<<"$1"' _ "$plan"

# ---- the dry run's start-up measurement fails: it says what failed
cat >"$tmp/fio-fails" <<EOF
#!/usr/bin/env bash
for a in "\$@"; do
	case \$a in */ssdnvme-estimate.*/job.fio) echo "fio: scratch job refused for this test" >&2; exit 1 ;; esac
done
exec "$fio" "\$@"
EOF
chmod +x "$tmp/fio-fails"
plan=$("$suite" --fio "$tmp/fio-fails" --engine-so "$ENGINE" --fiorank "$FIORANK" --yes-destroy "$target" \
	--suite profiles --profiles 4k-randread --dry-run --results "$tmp/plan" "$target" 2>/dev/null)
check "dry run: a failed start-up measurement names the job and fio's message" \
	grep -qF "ran the plan's target/profiles/4k-randread/peak job and failed (fio: scratch job refused for this test)" <<<"$plan"

# ---- a real run: it says what it does before the first run, and on a
# terminal fio's status line is ended before the next progress line
r=$tmp/run
cmd=$(printf '%q ' "$suite" --fio "$fio" --engine-so "$ENGINE" --fiorank "$FIORANK" --yes-destroy "$target" \
	--suite profiles --engine io_uring --profiles 4k-randread --steps 50 --runtime 2 --ramp 1 --results "$r" "$target")
script -qec "$cmd" "$tmp/typescript" >/dev/null 2>&1
rc=$?
is "a short run under a terminal exits 0" "$rc" 0
out=$(tr -d '\r' <"$tmp/typescript")
first=$(grep -n -m1 '^ssdnvme-suite: checking' <<<"$out" | cut -d: -f1)
run1=$(grep -n -m1 '^\[1/2\] ' <<<"$out" | cut -d: -f1)
check "before the first run it says what it is checking" test -n "$first" -a -n "$run1" -a "${first:-0}" -lt "${run1:-0}"
check "it says it writes the manifest before the first run" grep -q '^ssdnvme-suite: writing the manifest' <<<"$out"
check "fio printed its status line on the terminal" grep -q 'Jobs: ' <<<"$out"
# Each progress line starts a line of its own, never after fio's status.
check "no progress line glued to fio's status line" bash -c '! grep -qE "Jobs: .*\[[0-9]+/[0-9]+\] " <<<"$1"' _ "$out"
check "the second progress line starts its own line" grep -qE '^\[2/2\] target/profiles/4k-randread/50 ' <<<"$out"
tap_done
