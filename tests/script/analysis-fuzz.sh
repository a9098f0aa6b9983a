#!/usr/bin/env bash
# Runs the libFuzzer target of fiorank (readers, directory walk, ranking and
# every output format, JSON output checked to parse) for a fixed number of
# inputs (FUZZ_RUNS, default 8000: a count, not a time, so that a loaded
# machine fuzzes as much as an idle one) from a seed corpus of the committed
# fixtures, under ASan+UBSan with leak detection.  libFuzzer picks a new
# random seed each run (printed, with the final stats, as # lines).  Any crash, leak or sanitizer report
# fails the test.  Skips (TAP SKIP) only when clang or its libFuzzer runtime
# is missing.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
if ! command -v clang >/dev/null; then
	skip "clang is not installed (needed for libFuzzer)"
	tap_done
	exit 0
fi
# libFuzzer's runtime is Debian's libclang-rt-14-dev (only recommended by clang)
if [ ! -f "$(clang -print-file-name=libclang_rt.fuzzer-x86_64.a)" ]; then
	skip "clang's libFuzzer runtime is not installed (Debian package libclang-rt-14-dev)"
	tap_done
	exit 0
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
FUZZ=$BUILD/fuzz_fiorank
runs=${FUZZ_RUNS:-8000}
check "the fuzz target builds" make -s -C "$TOP" BUILD="$BUILD" "$FUZZ"
mkdir -p "$tmp/corpus"
cp tests/data/fio/shapes/* tests/data/engine/*.json tests/data/fio/results/manifest.json \
	analysis/reference/*.csv "$tmp/corpus/"
cp tests/data/fio/results/iouring-qd4/noisy-neighbor/nn/peak.json "$tmp/corpus/nn.json"
cp tests/data/fio/results/iouring-qd4/write-pressure/wp/10.json "$tmp/corpus/wp.json"
cp tests/data/fio/groups/*.json tests/data/fio/hosts/*.json "$tmp/corpus/"
# a results tree for the walk: manifest, output, engine file, another output
{
	cat tests/data/fio/results/manifest.json
	printf '\n\n\n'
	cat tests/data/fio/engine-run/peak.json
	printf '\n\n\n'
	cat tests/data/fio/engine-run/peak.engine.json
	printf '\n\n\n'
	cat tests/data/fio/shapes/json.json
} >"$tmp/corpus/tree.bin"
# the target writes its results tree under TMPDIR: this test's own directory
(cd "$tmp" && TMPDIR="$tmp" ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=halt_on_error=1 \
	timeout 900 "$FUZZ" -runs="$runs" \
	-max_len=65536 -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 corpus \
	>"$tmp/fuzz.log" 2>&1)
rc=$?
grep -m1 'Seed:' "$tmp/fuzz.log" | sed 's/^/# /'
tail -n 5 "$tmp/fuzz.log" | sed 's/^/# /'
check "the fuzzer ran its $runs inputs without a crash, leak or timeout (exit $rc)" test $rc -eq 0
check "no sanitizer report" bash -c "! grep -Eq 'ERROR: (AddressSanitizer|LeakSanitizer|libFuzzer)|runtime error:' '$tmp/fuzz.log'"
units=$(sed -n 's/^stat::number_of_executed_units: *//p' "$tmp/fuzz.log")
check "the fuzzer executed all $runs inputs (${units:-none})" test "${units:-0}" -ge "$runs"
tap_done
