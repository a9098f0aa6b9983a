#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# fetch-fio.sh VERSION SHA256 DEST_TARBALL
#
# Brings fio's upstream release tarball, fio_VERSION.orig.tar.gz, from the
# pool of the Debian archive that this machine's apt already uses, checked
# against SHA256, to DEST_TARBALL.  The archive's address is read from apt's
# own configuration (`apt-get indextargets`: the entry of a Debian release,
# not -security/-updates/-backports), never written into the project; apt's
# own downloader fetches it and checks the hash.  A tarball already at
# DEST_TARBALL with the right hash is used as it is (the cache; also the way
# to build where no archive is reachable: put the file there by hand).
set -euo pipefail

version=$1 sha256=$2 dest=$3
name=fio_$version.orig.tar.gz

hash_ok() { [ -f "$1" ] && [ "$(sha256sum "$1" | cut -d' ' -f1)" = "$sha256" ]; }

if hash_ok "$dest"; then
	echo "fio pin: $name (cached at $dest, sha256 checked)"
	exit 0
fi
if [ -e "$dest" ]; then
	echo "fio pin: $dest is not fio $version's tarball (sha256 differs): moved to $dest.bad" >&2
	mv -f "$dest" "$dest.bad"
fi

# The archive: an entry whose Release file says Origin and Label "Debian"
# (not Debian-Security or Debian Backports, nor a third party's repository
# that happens to name a Debian release).  Debian's pool is shared by every
# release, so any of them has the file while Debian keeps one that ships it.
archive=$(apt-get indextargets --format '$(ORIGIN)|$(LABEL)|$(REPO_URI)' 2>/dev/null |
	awk -F'|' '$1 == "Debian" && $2 == "Debian" { print $3; exit }')

advice() {
	cat >&2 <<EOF
fio pin: $*
  Without the archive, either put fio $version's upstream tarball at
    $dest
  (sha256 $sha256), or build against a fio tree of your own:
    make FIO_SRC=/path/to/fio      (configured and built; fio 3.33 or 3.41/3.42)
EOF
	exit 1
}

[ -n "$archive" ] || advice "no Debian archive in apt's sources (apt-get indextargets names none with Origin Debian; has 'apt-get update' run?)"

mkdir -p "$(dirname "$dest")"
url=${archive%/}/pool/main/f/fio/$name
echo "fio pin: fetching $name from the Debian archive apt uses (sha256 $sha256)"
if ! /usr/lib/apt/apt-helper download-file "$url" "$dest.part" "SHA256:$sha256" >"$dest.log" 2>&1; then
	rm -f "$dest.part"
	advice "could not fetch $url: $(grep -v '^Get:' "$dest.log" | tr '\n' ' ')"
fi
hash_ok "$dest.part" || { rm -f "$dest.part"; advice "the fetched $name has another sha256"; }
mv "$dest.part" "$dest"
rm -f "$dest.log"
