#!/usr/bin/env bash
# `make install` lays out the engine, the fio it was built against, the
# analysis tool, the job files, the reference data and the man pages the way
# a distribution package would; the installed tree works end to end from
# there (the installed suite's dry run and a short run on a file, with the
# installed fio loading the installed engine); `make uninstall` removes all
# of it.
. "$(dirname "$0")/../lib.sh"
dest=$(mktemp -d)
work=$(mktemp -d)
trap 'rm -rf "$dest" "$work"' EXIT
make_args=(-C "$TOP" --no-print-directory DESTDIR="$dest" PREFIX=/usr)
[ "${SANITIZE:-}" = 1 ] && make_args+=(SANITIZE=1)
check "make install DESTDIR=... PREFIX=/usr succeeds" make "${make_args[@]}" install
files=(usr/lib/ssdnvme/ssdnvme.so usr/lib/ssdnvme/fio usr/bin/fiorank usr/bin/ssdnvme-suite
	usr/share/ssdnvme/jobs/profiles/4k-randread.fio usr/share/ssdnvme/jobs/lib/guard.sh usr/share/ssdnvme/VERSION
	usr/share/ssdnvme/reference/vdbench-curves.csv usr/share/man/man1/fiorank.1 usr/share/man/man1/ssdnvme-suite.1)
[ -f "$TOP/engine/ssdnvme-engine.7" ] && files+=(usr/share/man/man7/ssdnvme-engine.7)
for f in "${files[@]}"; do
	if [ -s "$dest/$f" ]; then ok "installed /$f"; else not_ok "missing /$f"; fi
done
# every man page renders without warnings and holds no control byte (a
# Python "\f" once wrote a form feed where roff's \fB was meant)
for m in "$dest"/usr/share/man/man*/*; do
	check "man page ${m#"$dest"/} renders without warnings" bash -c "groff -man -Tutf8 -ww '$m' 2>&1 >/dev/null | (! grep .)"
	check "man page ${m#"$dest"/} holds no control byte" bash -c "! LC_ALL=C grep -q \$'[\\x01-\\x08\\x0b-\\x1f\\x7f]' '$m'"
done
check "installed fiorank answers --help" "$dest/usr/bin/fiorank" --help
check "installed fiorank looks for its reference data under PREFIX=/usr" \
	bash -c "'$dest/usr/bin/fiorank' --help | grep -q '/usr/share/ssdnvme/reference'"
version=$(cat "$dest/usr/share/ssdnvme/VERSION")
check "installed ssdnvme-suite --version prints the installed VERSION ($version)" \
	bash -c "[ \"\$('$dest/usr/bin/ssdnvme-suite' --version)\" = 'ssdnvme-suite $version' ]"
# One version everywhere (issue 22): the build's, from git in a git tree.
check "installed fiorank --version prints the same version" \
	bash -c "[ \"\$('$dest/usr/bin/fiorank' --version)\" = 'fiorank $version' ]"
if git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1; then
	check "the version is git's description of the tree ($version)" \
		bash -c "[ '$version' = \"\$(cat '$TOP/build/VERSION')\" ] && git -C '$TOP' rev-parse -q --verify \"\${1%-dirty}^{commit}\" >/dev/null" _ "$version"
fi
check "installed man pages name PREFIX=/usr, not /usr/local" \
	bash -c "grep -rq '/usr/lib/ssdnvme/ssdnvme.so' '$dest/usr/share/man' && ! grep -rq '/usr/local' '$dest/usr/share/man'"
pinned=$(fio_version)
check "the installed fio is the pinned one ($pinned)" bash -c "'$dest/usr/lib/ssdnvme/fio' --version | grep -qx '$pinned'"
FIO_BIN=$dest/usr/lib/ssdnvme/fio fio_cmd --enghelp="$dest/usr/lib/ssdnvme/ssdnvme.so" >"$work/enghelp" 2>&1
check "the installed fio loads the installed engine and lists its options" grep -q '^namespaces ' "$work/enghelp"

# The installed suite, with nothing from the source tree or the test
# environment: its own fio, engine and fiorank.
installed() { env -u FIO_BIN -u FIORANK -u SSDNVME_ENGINE "$dest/usr/bin/ssdnvme-suite" --yes-destroy "$work/target" "$@"; }
truncate -s 16M "$work/target"
engine=ssdnvme
# The sanitizer build's engine needs the ASan runtime preloaded into fio,
# which the installed suite does not do: run the short suite through io_uring.
[ "${SANITIZE:-}" = 1 ] && engine=io_uring
plan=$(installed --suite profiles --engine "$engine" --profiles 4k-randread --short --dry-run --results "$work/plan" "$work/target" 2>&1)
check "installed suite: dry run plans from its installed job files" grep -q 'target/profiles/4k-randread/peak' <<<"$plan"
if [ "$engine" = ssdnvme ]; then
	check "installed suite: its dry run loads the installed engine into the installed fio" \
		grep -qF "the engine loads into $dest/usr/lib/ssdnvme/fio" <<<"$plan"
fi
check "installed suite: the dry run wrote nothing" test ! -e "$work/plan"
out=$(installed --suite profiles --engine "$engine" --profiles 4k-randread --steps 10 --runtime 1 --ramp 0 \
	--results "$work/r" "$work/target" 2>&1)
rc=$?
if [ $rc = 0 ]; then ok "installed suite: a short curve through $engine on a file runs to the end"; else
	not_ok "installed suite: the short curve exited $rc"
	tail -n 8 <<<"$out" | sed 's/^/# /'
fi
check "installed suite: manifest with both runs done, the installed version and fio" jq -e --arg v "$version" \
	--arg f "$pinned" '(.runs | length == 2) and all(.runs[]; .status == "done") and .project_version == $v and
	(.fio_version == $f)' \
	"$work/r/manifest.json"
check "installed suite: the installed fiorank ranked the results" grep -q '4k-randread' "$work/r/report.txt"
if [ "$engine" = ssdnvme ]; then
	check "installed suite: the engine's results file names the same version" \
		jq -e --arg v "$version" '.engine_version == $v' "$work/r/target/profiles/4k-randread/peak.engine.json"
fi
check "nothing installed outside DESTDIR/usr" bash -c "[ -z \"\$(ls -A '$dest' | grep -v '^usr$')\" ]"

check "make uninstall succeeds" make "${make_args[@]}" uninstall
left=$(cd "$dest" && find . ! -type d | head -n 5)
if [ -z "$left" ]; then ok "make uninstall leaves no file or link behind"; else not_ok "make uninstall left: $left"; fi
tap_done
