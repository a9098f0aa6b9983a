#!/usr/bin/env bash
# Installs every Debian 12 package that building and testing ssdnvme needs,
# plus the Debian archive entry the test bed relies on:
#   - bookworm-backports (binary), for QEMU 10.0 alone: the test bed's FDP
#     subsystems and OCP log pages need it.  Backports are never chosen unless
#     asked for (apt's priority 100), so everything else stays bookworm's.
# The pinned fio's source is no package: ci/fetch-fio.sh brings its upstream
# tarball from the pool of the Debian archive apt already uses (it needs the
# lists of 'apt-get update', which this script makes sure of).  The deb-src
# entry earlier versions of this script wrote (for fio 3.33/3.39 source
# packages) is removed.
# Idempotent: a second run installs nothing and exits 0.  Not as root it only
# checks, and names what is missing.
set -euo pipefail

PACKAGES=(
	build-essential pkg-config dpkg-dev
	liburing-dev libnvme-dev libjson-c-dev libjemalloc-dev libssl-dev libcmocka-dev zlib1g-dev
	linux-image-amd64 busybox-static
	cpio zstd xz-utils binutils kmod nvme-cli iproute2 e2fsprogs util-linux fdisk dmsetup file
	clang clang-format llvm libclang-rt-14-dev jq python3 chromium valgrind shellcheck strace
)
QEMU_PACKAGES=(qemu-system-x86 qemu-utils)
QEMU_MIN=1:10.0
KEYRING=/usr/share/keyrings/debian-archive-keyring.gpg
SRC_LIST=/etc/apt/sources.list.d/ssdnvme-deb-src.sources
BPO_LIST=/etc/apt/sources.list.d/ssdnvme-backports.sources

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'ok installed'; }
# Whether the installed QEMU is 10.0 or newer.
qemu_current() {
	local p v
	for p in "${QEMU_PACKAGES[@]}"; do
		v=$(dpkg-query -W -f='${Version}' "$p" 2>/dev/null) || return 1
		dpkg --compare-versions "$v" ge "$QEMU_MIN" || return 1
	done
}
missing_packages() {
	local p
	for p in "${PACKAGES[@]}"; do installed "$p" || echo "$p"; done
}

if [ "$(id -u)" != 0 ]; then
	mapfile -t missing < <(missing_packages)
	qemu_current || missing+=("${QEMU_PACKAGES[@]/%//bookworm-backports}")
	if [ ${#missing[@]} -gt 0 ]; then
		echo "install-deps: not root; missing packages: ${missing[*]}" >&2
		echo "install-deps: run 'sudo make deps' once" >&2
		exit 1
	fi
	exit 0
fi

# A source suite is configured when a deb-src entry for it exists outside the
# file this script writes (one-line or deb822 format).
configured_elsewhere() {
	local type=$1 suite=$2 f
	grep -Eqs "^$type .* $suite( |\$)" /etc/apt/sources.list /etc/apt/sources.list.d/*.list && return 0
	for f in /etc/apt/sources.list.d/*.sources; do
		case $f in "$SRC_LIST" | "$BPO_LIST") continue ;; esac
		[ -f "$f" ] || continue
		# deb822: a stanza with this type and this suite.
		awk -v type="$type" -v suite="$suite" '
			/^[ \t]*$/ { if (t && s) found = 1; t = s = 0; next }
			/^Types:/ { for (i = 2; i <= NF; i++) if ($i == type) t = 1 }
			/^Suites:/ { for (i = 2; i <= NF; i++) if ($i == suite) s = 1 }
			END { if (t && s) found = 1; exit !found }' "$f" && return 0
	done
	return 1
}

# write_list FILE TYPE COMMENT SUITE...: FILE names the suites not configured
# elsewhere (removed when there are none); prints "changed" when it changed.
write_list() {
	local file=$1 type=$2 comment=$3 suites=() s content
	shift 3
	for s in "$@"; do configured_elsewhere "$type" "$s" || suites+=("$s"); done
	if [ ${#suites[@]} -eq 0 ]; then
		[ -f "$file" ] && rm -f "$file" && echo changed
		return 0
	fi
	content=$(printf '# Added by ssdnvme ci/install-deps.sh: %s\nTypes: %s\nURIs: http://deb.debian.org/debian\nSuites: %s\nComponents: main\nSigned-By: %s\n' \
		"$comment" "$type" "${suites[*]}" "$KEYRING")
	if [ "$(cat "$file" 2>/dev/null)" != "$content" ]; then
		printf '%s\n' "$content" >"$file"
		echo changed
	fi
}

changed=""
if [ -f "$SRC_LIST" ]; then rm -f "$SRC_LIST" && changed=removed; fi
changed+=$(write_list "$BPO_LIST" deb "QEMU 10 for the test bed (installed with -t bookworm-backports)" bookworm-backports)

mapfile -t missing < <(missing_packages)
if [ -n "$changed" ] || [ ${#missing[@]} -gt 0 ] || ! qemu_current ||
	! apt-get indextargets --format '$(ORIGIN)' 2>/dev/null | grep -qx Debian; then
	apt-get update -q
fi
if [ ${#missing[@]} -gt 0 ]; then
	echo "install-deps: installing ${missing[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
if ! qemu_current; then
	echo "install-deps: installing ${QEMU_PACKAGES[*]} from bookworm-backports"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
		-t bookworm-backports "${QEMU_PACKAGES[@]}"
fi
