#!/usr/bin/env bash
# The Copy method (jobs/copy.fio, issue 41 item 4) under plain fio in the
# test bed: a pass of Copy commands makes the destination region read back
# as the source; the method's five jobs run in their two phases without
# error, the copy phase's writes are Copies (no data moved by fio's count
# beyond the 32-byte ranges is visible to fio, so its bytes are the copied
# bytes), and the figures docs/jobs compare are present.  2 s phases, no
# ramp: behaviour, not speed (bench/copy-vs-host.sh measures).
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$TOP" || exit 1
o=$tmp/out
SSDNVME_RUNTIME=2 SSDNVME_RAMP=0 SSDNVME_COPY_REGION=4M \
	vm_relay guest "$o" --timeout 400 -- tests/vm/guest/jobs-copy.sh "$ENGINE" "${SANITIZE:-}"

check "the copy phase alone exited 0" grep -qx "copyonly-rc=0" "$o/copyonly.rc"
read -r src dst <"$o/copyonly.md5" 2>/dev/null
zero4m=$(head -c 4M /dev/zero | md5sum | cut -d' ' -f1)
check "the source region holds the pattern written first (not zeroes)" test -n "$src" -a "$src" != "$zero4m"
check "... and the destination region reads back as the source region" test -n "$src" -a "$src" = "$dst"
check "... fio counted the region's bytes as written (4 MiB in 64 KiB Copies)" jq -e '
	.jobs[0].write.io_bytes == 4194304 and .jobs[0].write.total_ios == 64 and .jobs[0].error == 0' \
	"$o/copyonly.json"
check "jobs/copy.fio by its usage line exited 0" grep -qx "copy-rc=0" "$o/copy.rc"
grep -qx "copy-rc=0" "$o/copy.rc" 2>/dev/null || tail -n 15 "$o/copy.log" 2>/dev/null | sed 's/^/# /'
sed -n '/^{/,$p' "$o/copy.json" >"$tmp/copy.json" 2>/dev/null
check "its jobs: copy, copy-reader, host-read, host-write, host-reader; no errors" jq -e '
	[.jobs[].jobname] == ["copy", "copy-reader", "host-read", "host-write", "host-reader"] and
	all(.jobs[]; .error == 0)' "$tmp/copy.json"
check "the two phases ran one after the other (host-read starts a stonewalled group)" jq -e '
	(.jobs | map(.groupid) | unique | length) == 5' "$tmp/copy.json"
check "each phase moved data: the copy and host-write wrote, host-read and both readers read" jq -e '
	.jobs[0].write.total_ios > 0 and .jobs[1].read.total_ios > 0 and .jobs[2].read.total_ios > 0 and
	.jobs[3].write.total_ios > 0 and .jobs[4].read.total_ios > 0' "$tmp/copy.json"
check "the figures compared are there: bandwidth, CPU, the readers' p99" jq -e '
	.jobs[0].write.bw_bytes > 0 and .jobs[3].write.bw_bytes > 0 and
	(.jobs[0].usr_cpu + .jobs[0].sys_cpu) >= 0 and
	.jobs[1].read.clat_ns.percentile["99.000000"] > 0 and
	.jobs[4].read.clat_ns.percentile["99.000000"] > 0' "$tmp/copy.json"

# The runner's copy suite (jobs/lib/copy.sh), named by ns3 of the controller:
# its checks (the two namespaces, ONCS's Copy bit) pass, it runs, fiorank
# reports it.
echo "# the runner's part, guest time: $(cat "$o/suite.secs" 2>/dev/null || echo ?)"
check "the suite exited 0" grep -qx "suite-rc=0" "$o/suite.rc"
grep -qx "suite-rc=0" "$o/suite.rc" 2>/dev/null || tail -n 15 "$o/suite.log" 2>/dev/null | sed 's/^/# /'
check "its manifest records the run done, engine ssdnvme" jq -e \
	'.runs | length == 1 and .[0].status == "done" and .[0].engine == "ssdnvme" and .[0].suite == "copy"' "$o/suite/manifest.json"
check "fiorank's report of it has the Copy section, compared" bash -c \
	'"$1" -N -f json "$2" | jq -e ".copy | length == 1 and .[0].compared and .[0].copy.commands > 0 and .[0].host.landed_bytes > 0"' _ "$FIORANK" "$o/suite"
tap_done
