#!/usr/bin/env bash
# `make -jN` from a clean build directory gives the same engine as `make`:
# one fio loads.  A fresh clone races the engine's compile against fio's own
# build (which writes FIO-VERSION-FILE); this rebuilds that race cheaply in a
# scratch copy of the tree: the already-compiled fio objects are copied, only
# fio's link and version file are missing, and the engine is built from
# nothing with -j8 alongside them; fio's version generation is slowed down
# so that the old rules lose the race every time.
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
src=$tmp/src
# The fio tree under test (FIO_BIN's: the pin 3.41, or FIO_VERSION=3.33's), copied
# to where the Makefile keeps a pinned tree of that version.
fio_tree=$(dirname "$(readlink -f "$FIO_BIN")")
fio_ver=$(fio_version)
fio_ver=${fio_ver#fio-}
tree=$src/build/fio-$fio_ver

if [ ! -x "$fio_tree/fio" ] || [ ! -f "$fio_tree/config-host.h" ]; then
	not_ok "the fio tree $fio_tree is not built (run make first)"
	tap_done
	exit
fi
mkdir -p "$src/build"
cp -r "$TOP/Makefile" "$TOP/engine" "$TOP/ci" "$src/"
cp -a "$fio_tree" "$tree"
touch "$tree/.unpacked" && touch -r "$tree/config-host.h" "$tree/.unpacked"
rm -f "$tree/fio" "$tree/FIO-VERSION-FILE"
touch "$src/build/.deps-ok"
# Widen the race window so that it is lost every time, not just on a loaded
# machine: fio's version generation (the first thing fio's make does) waits 8 s.
gen=$tree/FIO-VERSION-GEN
{ head -n 1 "$gen"; echo "sleep 8"; tail -n +2 "$gen"; } >"$gen.slow" && mv "$gen.slow" "$gen"

# Plain build (the test bed's fio is not sanitized), whatever this run's SANITIZE.
mk() { env -u SANITIZE -u BUILD make -C "$src" --no-print-directory FIO_VERSION="$fio_ver" "$@"; }
check "make -j8 fio engine from a clean build dir while fio links" mk -j8 fio engine
check "fio's version file exists after the build" test -s "$tree/FIO-VERSION-FILE"
check "the engine built under -j8 loads into that fio" \
	"$tree/fio" --name=load --ioengine="external:$src/build/ssdnvme.so" \
	--filename="$tmp/data" --size=1M --rw=read --bs=4k
check "the version it embeds is fio's (fio-$fio_ver)" grep -qx "fio-$fio_ver" "$src/build/fio-version"
sleep 1
touch "$tmp/mark"
mk -j8 engine >/dev/null 2>&1
check "a second make rebuilds nothing" \
	test -z "$(find "$src/build" -newer "$tmp/mark" \( -name '*.o' -o -name '*.so' -o -name fio \))"

# -MMD -MP: a header change rebuilds exactly the objects that include it.
sleep 1
touch "$src/engine/io/lba.h"
mk engine >/dev/null 2>&1
check "touching lba.h rebuilds lba.o" test "$src/build/obj/engine/io/lba.o" -nt "$src/engine/io/lba.h"
check "touching lba.h does not rebuild tag_hist.o (does not include it)" \
	test "$src/build/obj/engine/tags/tag_hist.o" -ot "$src/engine/io/lba.h"

# Only engine/fio/ sees fio's headers (engine/engine.mk): a fio header
# included in the I/O path or the tag library does not build.
for f in io/lba.c tags/tag_hist.c; do
	cp "$src/engine/$f" "$tmp/saved.c"
	printf '#include "fio.h"\n' >>"$src/engine/$f"
	if out=$(mk engine 2>&1); then
		not_ok "engine/$f including fio.h builds (the fio include path leaks)"
	else
		check "engine/$f including fio.h fails to build" grep -q 'fio.h' <<<"$out"
	fi
	cp "$tmp/saved.c" "$src/engine/$f"
done
# Only the fio versions the engine supports build (engine/fio/fio_compat.h):
# fio's ioengine ops version decides, before anything else is compiled.
mkdir -p "$tmp/fakefio"
for v in 31 36 39 35 37; do
	printf '#define FIO_IOOPS_VERSION %s\n' "$v" >"$tmp/fakefio/ioengines.h"
	if [ $v = 35 ] || [ $v = 37 ]; then
		check_fails "a fio with ioengine ops version $v is refused at build time, naming the supported ones" \
			"supports fio 3.41/3.42 \\(FIO_IOOPS_VERSION 39\\), 3.38/3.39 \\(36\\) and fio 3.33 \\(31\\)" \
			cc -fsyntax-only -I"$tmp/fakefio" -x c "$TOP/engine/fio/fio_compat.h"
	else
		check "ioengine ops version $v is accepted" \
			cc -fsyntax-only -I"$tmp/fakefio" -x c "$TOP/engine/fio/fio_compat.h"
	fi
done
tap_done
