#!/usr/bin/env bash
# jobs/ssdnvme-suite and its targets (issue 22): a dry run of every suite
# leaves a file of the user's data exactly as it was (size and checksum) and
# never hands it to fio; --region is checked against (0, 100 %] and against
# the target's size; a file smaller than the region is refused unless
# --grow-file; a file that holds data needs --yes-destroy with its path,
# unless the suite created it in this results directory; --purge wants an
# NVMe namespace, never a file.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# fio through fio_cmd (tests/lib.sh: the ASan runtime under the sanitizer
# build), each call's arguments and job files logged to fio.log.
fio_cmd_script "$tmp/fio-real"
cat >"$tmp/fio" <<EOF
#!/usr/bin/env bash
for a in "\$@"; do
	echo "arg \$a" >>'$tmp/fio.log'
	[ -f "\$a" ] && sed 's/^/job /' "\$a" >>'$tmp/fio.log'
done
exec '$tmp/fio-real' "\$@"
EOF
chmod +x "$tmp/fio"
run() { jobs/ssdnvme-suite --fio "$tmp/fio" --engine-so "$ENGINE" --fiorank "$FIORANK" "$@"; }
data=$tmp/data
head -c $((64 << 20)) /dev/urandom >"$data"
state() { echo "$(stat -c %s "$data") $(sha256sum <"$data")"; }
before=$(state)
: >"$tmp/fio.log"

# ---- dry runs of every suite: confirmed (so every check passes and the
# estimate runs), with the region growing the file, and refused ones
for s in profiles write-pressure precondition tq-sweep; do
	out=$(run --suite "$s" --short --dry-run --yes-destroy "$data" --results "$tmp/plan" "$data" 2>&1)
	check "dry run of $s: planned, the estimate measured on a scratch file" \
		grep -q '^estimated duration: .*fio on a private scratch file' <<<"$out"
	for reg in 128M 200%; do
		check_fails "dry run of $s with --region $reg on a 64 MiB file: refused" \
			'--region .*(larger than the file|at most 100 %)' \
			run --suite "$s" --short --dry-run --yes-destroy "$data" --region "$reg" --results "$tmp/plan" "$data"
	done
done
out=$(run --suite profiles --short --dry-run --yes-destroy "$data" --region 128M --grow-file --results "$tmp/plan" "$data" 2>&1)
check "dry run with --region 128M --grow-file: says the file grows" \
	grep -qx '  GROWS: to 128 MiB (--region 128M, --grow-file)' <<<"$out"
for s in noisy-neighbor all; do
	check_fails "dry run of $s on a file: refused" 'needs an NVMe generic char device' \
		run --suite "$s" --short --dry-run --yes-destroy "$data" --results "$tmp/plan" "$data"
done
is_same() { if [ "$2" = "$3" ]; then ok "$1"; else not_ok "$1: '$2', was '$3'"; fi; }
is_same "after every dry run the file has its size and checksum" "$(state)" "$before"
check "the dry runs ran fio (the estimate, on a scratch file)" grep -q '^job filename=.*/ssdnvme-estimate\.' "$tmp/fio.log"
check "no fio run was given the file or anything under /dev" \
	bash -c "! grep -e '$data' -e '/dev/' '$tmp/fio.log'"
check "the dry runs left no results directory" test ! -e "$tmp/plan"

# ---- refusals of the real run, with nothing written
check_fails "a file that holds data needs --yes-destroy with its path" \
	"refusing to write to the file $data \(64 MiB\): it holds data this suite did not create; confirm with --yes-destroy $data" \
	run --suite profiles --short --profiles 4k-randwrite --results "$tmp/r" "$data"
check_fails "a region larger than the file is refused without --grow-file" \
	'--region 65M \(65 MiB\) is larger than the file .* \(64 MiB\): .*pass --grow-file' \
	run --suite profiles --short --profiles 4k-randread --region 65M --results "$tmp/r" "$data"
check_fails "--region 0 is refused" "--region wants a percentage .* not '0'" \
	run --suite profiles --short --region 0 --results "$tmp/r" "$data"
check_fails "--region 12.5% is refused" "not '12.5%'" run --suite profiles --short --region 12.5% --results "$tmp/r" "$data"
check_fails "--region 101% is refused" 'at most 100 %' run --suite profiles --short --region 101% --results "$tmp/r" "$data"
check_fails "a missing file is refused without --grow-file" 'does not exist \(to test on a new file, --grow-file' \
	run --suite profiles --short --results "$tmp/r" "$tmp/new"
check_fails "a new file needs a size, not a percentage" 'a percentage of it is nothing; give --region SIZE' \
	run --suite profiles --short --grow-file --results "$tmp/r" "$tmp/new"
check_fails "a missing /dev path is refused, --grow-file or not" 'does not exist: no such device on this host' \
	run --suite profiles --short --grow-file --region 1M --results "$tmp/r" /dev/ng99n99
for s in pts-wsat profiles; do
	check_fails "--purge format on a file is refused, dry run or not ($s)" \
		'--purge format needs an NVMe namespace .*is a regular file' \
		run --suite "$s" --short --dry-run --purge format --yes-destroy "$data" --results "$tmp/r" "$data"
	check_fails "--purge sanitize on a new file is refused ($s)" \
		'--purge sanitize needs an NVMe namespace .*is a regular file' \
		run --suite "$s" --short --purge sanitize --grow-file --region 1M --yes-destroy "$tmp/new" --results "$tmp/r" "$tmp/new"
done
check "the refusals wrote nothing" test ! -e "$tmp/r" -a ! -e "$tmp/new"
is_same "the refusals left the file as it was" "$(state)" "$before"

# ---- a confirmed read-only run reads the file; --grow-file creates a new
# one, which a resumed or added suite in the same results writes unconfirmed
out=$(run --suite profiles --engine io_uring --profiles 4k-randread --steps 10 --runtime 1 --ramp 0 \
	--results "$tmp/ro" "$data" 2>&1)
check "a read-only suite on the file needs no confirmation (exit $?)" grep -q 'all 2 runs done' <<<"$out"
is_same "the read-only suite left the file as it was" "$(state)" "$before"
out=$(run --suite profiles --engine io_uring --profiles 4k-randwrite --steps 10 --runtime 1 --ramp 0 \
	--grow-file --region 8M --results "$tmp/g" "$tmp/new" 2>&1)
check "--grow-file --region 8M: the suite creates the missing file and runs" grep -q 'all 2 runs done' <<<"$out"
check "the manifest records the file it created" jq -e --arg p "$tmp/new" \
	'.created_files | length == 1 and .[0].path == $p' "$tmp/g/manifest.json"
out=$(run --suite write-pressure --engine io_uring --wp-mbps 10:10:10 --runtime 1 --ramp 0 --results "$tmp/g" "$tmp/new" 2>&1)
if grep -q 'all 1 runs done' <<<"$out"; then ok "another suite in the same results writes the file it created, unconfirmed"; else
	not_ok "another suite in the same results writes the file it created, unconfirmed"
	tail -n 5 <<<"$out" | sed 's/^/# /'
fi
check_fails "in another results directory the same file needs --yes-destroy" "confirm with --yes-destroy $tmp/new" \
	run --suite write-pressure --engine io_uring --wp-mbps 10:10:10 --runtime 1 --ramp 0 --results "$tmp/g2" "$tmp/new"
tap_done
