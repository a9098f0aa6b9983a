# shellcheck shell=bash
# Sourced by the runner's guest scripts (tests/vm/guest/jobs-*.sh): TAP
# helpers and S, the suite runner with the project's fio (through fio_cmd,
# which preloads the ASan runtime under the sanitizer build) and engine.
# Arguments of the guest script: the engine and whether it is the sanitizer
# build, as the host test runs.
cd "$(dirname "${BASH_SOURCE[0]}")/../../.." || exit 1
export PATH=$PATH:/usr/sbin:/sbin
n=0
ok() { n=$((n + 1)); echo "ok $n - $*"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $*"; }
export ENGINE=${1:-$PWD/build/ssdnvme.so} SANITIZE=${2:-}
printf '#!/usr/bin/env bash\n. "%s/tests/lib.sh"\nfio_cmd "$@"\n' "$PWD" >/tmp/fio
chmod +x /tmp/fio
S() { jobs/ssdnvme-suite --fio /tmp/fio --engine-so "$ENGINE" "$@"; }
