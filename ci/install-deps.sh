#!/usr/bin/env bash
# Installs every Debian 12 package that building and testing ssdnvme needs,
# and the bookworm deb-src entry that `apt-get source fio/bookworm` needs.
# Idempotent: a second run installs nothing and exits 0.
set -euo pipefail

PACKAGES=(
	build-essential pkg-config dpkg-dev
	liburing-dev libnvme-dev libjson-c-dev libjemalloc-dev libssl-dev libcmocka-dev zlib1g-dev
	qemu-system-x86 qemu-utils linux-image-amd64 busybox-static
	cpio zstd xz-utils binutils kmod nvme-cli iproute2 e2fsprogs util-linux fdisk dmsetup file
	clang clang-format llvm libclang-rt-14-dev jq python3 chromium valgrind shellcheck
)

if [ "$(id -u)" != 0 ]; then
	missing=()
	for p in "${PACKAGES[@]}"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
	done
	if [ ${#missing[@]} -gt 0 ]; then
		echo "install-deps: not root; missing packages: ${missing[*]}" >&2
		echo "install-deps: run 'sudo make deps' once" >&2
		exit 1
	fi
	exit 0
fi

SRC_LIST=/etc/apt/sources.list.d/ssdnvme-deb-src.sources
if ! grep -rqs '^Types:.*deb-src' /etc/apt/sources.list.d/ &&
	! grep -qs '^deb-src .* bookworm ' /etc/apt/sources.list; then
	cat >"$SRC_LIST" <<'SRC'
# Added by ssdnvme ci/install-deps.sh: fio's source package for the pinned build.
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
	rm -f /var/lib/apt/lists/.ssdnvme-updated
fi

missing=()
for p in "${PACKAGES[@]}"; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
have_src_index=$(compgen -G '/var/lib/apt/lists/*_Sources*' | head -n 1 || true)
if [ ${#missing[@]} -gt 0 ] || [ -z "$have_src_index" ]; then
	apt-get update -q
fi
if [ ${#missing[@]} -gt 0 ]; then
	echo "install-deps: installing ${missing[*]}"
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
