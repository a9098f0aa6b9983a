#!/usr/bin/env bash
# fiorank's inputs and outputs off the happy path (issue 10): what is not a
# regular file is refused by its type without blocking, each directory is
# walked once however many links reach it, and the outputs stay safe (valid
# UTF-8 JSON, escaped control characters in text, md and HTML (a real fio
# run's raw bytes), -o never overwrites an input,
# fiorank's own reports skipped, a BOM accepted, a damaged manifest reported
# once).  Every command runs under timeout: a hang fails the check (124).
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
S=tests/data/fio/shapes
FR=(timeout 20 "$FIORANK" -N)

# run_fr NAME ARGS...: fiorank's exit code in $rc, stdout/stderr in files
run_fr() {
	local name=$1
	shift
	"${FR[@]}" "$@" >"$tmp/$name.out" 2>"$tmp/$name.err"
	rc=$?
}

# not a regular file: refused by type, never opened for reading
mkdir -p "$tmp/d"
cp "$S/json.json" "$tmp/d/good.json"
mkfifo "$tmp/d/pipe.json" "$tmp/fifo"
run_fr fifo-dir -f csv "$tmp/d"
check "a FIFO inside a directory does not block (exit 1, not a timeout)" test $rc -eq 1
check "... it is refused naming its type" grep -q "pipe.json: is a FIFO (named pipe), not a regular file" "$tmp/fifo-dir.err"
check "... and the regular file beside it is read" grep -q '^peak,4k-randread,good,1,' "$tmp/fifo-dir.out"
run_fr fifo-arg "$tmp/fifo"
check "a FIFO named as input does not block (exit 2: nothing readable)" test $rc -eq 2
check "... and says it is a FIFO" grep -q 'is a FIFO (named pipe)' "$tmp/fifo-arg.err"
run_fr fifo-iops --iops "$tmp/fifo"
check "--iops on a FIFO does not block (exit 1, nothing printed)" test $rc -eq 1 -a ! -s "$tmp/fifo-iops.out"
check "... and says it is a FIFO" grep -q 'is a FIFO (named pipe)' "$tmp/fifo-iops.err"
run_fr chr /dev/zero
check "/dev/zero is refused as a character device" grep -q '/dev/zero: is a character device' "$tmp/chr.err"
python3 -c "import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])" "$tmp/d/sock.json"
run_fr sock -f csv "$tmp/d"
check "a socket named *.json in a directory is refused as a socket" grep -q 'sock.json: is a socket' "$tmp/sock.err"
rm -f "$tmp/d/pipe.json" "$tmp/d/sock.json"

# directories once by device and inode: two symlinks to "." do not explode
mkdir -p "$tmp/lp/loop"
cp "$S/json.json" "$tmp/lp/loop/r.json"
ln -s . "$tmp/lp/loop/a"
ln -s . "$tmp/lp/loop/b"
ln -s .. "$tmp/lp/loop/up" # back to the parent, which holds only loop/
run_fr loop -f csv "$tmp/lp/loop"
check "a directory with two symlinks to . is walked once (exit 0, no timeout)" test $rc -eq 0
check "... and its file is read once" test "$(grep -c '^peak,' "$tmp/loop.out")" -eq 1

# JSON output is valid UTF-8 whatever bytes a job name holds
python3 - "$S/json.json" "$tmp/inv.json" <<'PY'
import sys
d = open(sys.argv[1], 'rb').read().replace(b'"4k-randread@peak"', b'"bad\xff\xc3name@peak"', 1)
open(sys.argv[2], 'wb').write(d)
PY
run_fr inv -f json "$tmp/inv.json"
check "a job name with invalid UTF-8 gives JSON that parses as UTF-8" python3 -c '
import json, sys
d = json.loads(open(sys.argv[1], "rb").read().decode("utf-8"))
sys.exit(0 if d["profiles"][0]["profile"] == "bad\\xff\\xc3name" else 1)' "$tmp/inv.out"

# control characters from names never reach the terminal raw
no_raw_controls() { python3 -c 'import sys; sys.exit(any(c < 32 and c != 10 for c in open(sys.argv[1], "rb").read()))' "$1"; }
jq '.jobs[0].jobname = "evil\u001b[31mRED\u001b]0;title\u0007@peak"' "$S/json.json" >"$tmp/esc.json"
run_fr esc "$tmp/esc.json"
check "text output shows an ESC in a job name as \\x1b" grep -qF 'evil\x1b[31mRED\x1b]0;title\x07' "$tmp/esc.out"
check "... and holds no raw control character but newline" no_raw_controls "$tmp/esc.out"
jq '.jobs[0].read.iops = -1' "$tmp/esc.json" >"$tmp/esc2.json"
run_fr esc2 "$tmp/esc2.json"
check "stderr shows it escaped too" grep -qF "job 'evil\x1b[31mRED" "$tmp/esc2.err"
check "... with no raw control character" no_raw_controls "$tmp/esc2.err"

# md and HTML too, from a real fio run whose --name holds an escape
# sequence, invalid UTF-8 (0xff 0xfe) and a BEL: fio writes those bytes raw
# into its JSON (checked first); bssplit gives no profile from the options,
# so the job name becomes the profile id, shown in both reports
bad_name=$(printf 'bad\033[31mred\377\376name\007')
timeout 60 "$FIO_BIN" --name="$bad_name" --filename="$tmp/fio-file" --size=1m --rw=randread \
	--bssplit=4k/50:8k/50 --ioengine=psync --io_size=256k --output-format=json \
	--output="$tmp/rawname.json" >/dev/null 2>&1
check "fio wrote the name's raw bytes into its JSON (ESC, 0xff 0xfe, BEL)" \
	grep -qaF "\"jobname\" : \"$bad_name\"" "$tmp/rawname.json"
utf8_no_controls() { python3 -c '
import sys
b = open(sys.argv[1], "rb").read()
b.decode("utf-8")
sys.exit(any(c < 32 and c not in (10,) or c == 127 for c in b))' "$1"; }
for fmt in md html; do
	run_fr "raw-$fmt" -f $fmt "$tmp/rawname.json"
	check "$fmt: the name is shown with its bytes escaped (\\x1b, \\xff\\xfe, \\x07)" \
		grep -qE 'bad\\x1b\\?\[31mred\\xff\\xfename\\x07' "$tmp/raw-$fmt.out"
	check "$fmt: valid UTF-8, no raw control byte but newline" utf8_no_controls "$tmp/raw-$fmt.out"
done

# -o naming an input is refused, the input untouched
cp "$S/json.json" "$tmp/in.json"
sum=$(md5sum <"$tmp/in.json")
run_fr o-in -o "$tmp/in.json" "$tmp/in.json"
check "-o naming an input is refused (exit 2)" test $rc -eq 2
check "... saying so" grep -q 'names one of the inputs' "$tmp/o-in.err"
check "... and the input is unchanged" test "$(md5sum <"$tmp/in.json")" = "$sum"
mkdir -p "$tmp/od"
cp "$S/json.json" "$tmp/od/r.json"
ln -s r.json "$tmp/od/link.out"
run_fr o-link -o "$tmp/od/link.out" "$tmp/od"
check "-o reaching an input through a symlink is refused too" test $rc -eq 2

# fiorank's own JSON report inside a results directory: a note, exit 0
mkdir -p "$tmp/rep"
cp "$S/json.json" "$tmp/rep/r.json"
"$FIORANK" -N -f json -o "$tmp/report.json" "$tmp/rep" && mv "$tmp/report.json" "$tmp/rep/"
run_fr rep -f csv "$tmp/rep"
check "a fiorank report among the results does not make the run fail (exit 0)" test $rc -eq 0
check "... it is passed over with a note" grep -q 'note: .*report.json: a fiorank report' "$tmp/rep.err"
check "... and the results are still ranked" grep -q '^peak,4k-randread,r,1,' "$tmp/rep.out"

# a UTF-8 byte order mark before the JSON is accepted
{
	printf '\357\273\277'
	cat "$S/json.json"
} >"$tmp/bom.json"
run_fr bom -f csv "$tmp/bom.json"
check "a BOM before the JSON is accepted (exit 0)" test $rc -eq 0
check "... and the figure read" grep -q '^peak,4k-randread,bom,1,' "$tmp/bom.out"

# a damaged manifest is reported once, as a manifest
cp -r tests/data/fio/results "$tmp/dm"
head -c 200 tests/data/fio/results/manifest.json >"$tmp/dm/manifest.json"
run_fr dm -f csv "$tmp/dm"
check "a damaged manifest exits 1" test $rc -eq 1
check "... and is reported once" test "$(grep -c 'manifest.json' "$tmp/dm.err")" -eq 1
check "... as a manifest" grep -q 'manifest.json: runner manifest not usable' "$tmp/dm.err"
tap_done
