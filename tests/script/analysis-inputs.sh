#!/usr/bin/env bash
# fiorank's inputs and outputs off the happy path (issue 10): what is not a
# regular file is refused by its type without blocking, each directory is
# walked once however many links reach it, and the outputs stay safe (valid
# UTF-8 JSON, escaped control characters, -o never overwrites an input,
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
tap_done
