#!/usr/bin/env bash
# `make install` lays out the engine, the analysis tool, the job files and the
# reference data the way a distribution package would, and what it installs
# works from there.
. "$(dirname "$0")/../lib.sh"
dest=$(mktemp -d)
plan=$(mktemp -d)/plan
trap 'rm -rf "$dest" "${plan%/plan}"' EXIT
make_args=(-C "$TOP" --no-print-directory DESTDIR="$dest" PREFIX=/usr)
[ "${SANITIZE:-}" = 1 ] && make_args+=(SANITIZE=1)
check "make install DESTDIR=... PREFIX=/usr succeeds" make "${make_args[@]}" install
for f in usr/lib/ssdnvme/ssdnvme.so usr/bin/fiorank usr/bin/ssdnvme-suite usr/share/ssdnvme/jobs/profiles/4k-randread.fio \
	usr/share/ssdnvme/reference/vdbench-curves.csv usr/share/man/man1/fiorank.1; do
	[ -s "$dest/$f" ] && ok "installed /$f" || not_ok "missing /$f"
done
check "installed fiorank answers --help" "$dest/usr/bin/fiorank" --help
check "installed fiorank looks for its reference data under PREFIX=/usr" \
	bash -c "'$dest/usr/bin/fiorank' --help | grep -q '/usr/share/ssdnvme/reference'"
fio_cmd --enghelp="$dest/usr/lib/ssdnvme/ssdnvme.so" >"$plan.enghelp" 2>&1
check "installed engine loads into the project's fio and lists its options" \
	grep -q '^namespaces ' "$plan.enghelp"
check "installed runner plans a suite from its installed job files" \
	bash -c "'$dest/usr/bin/ssdnvme-suite' --suite profiles --profiles 4k-randread --dry-run --results '$plan' /dev/null | grep -q 4k-randread"
check "nothing installed outside DESTDIR/usr" bash -c "[ -z \"\$(ls -A '$dest' | grep -v '^usr$')\" ]"
tap_done
