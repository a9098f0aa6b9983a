#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-copy.sh, bench/copy-vs-host.sh):
# the Copy method, jobs/copy.fio, by its usage line on /dev/ng0n1 (copies
# within ns1, the reader on ns2), with the timings the caller puts in the
# environment; a source region of a known pattern first, so that the copy's
# destination can be compared with it after the copy phase alone.
# Results in $OUT: copy.json (fio's JSON), copy.rc, copy.log, and
# copyonly.{json,rc,md5} (the copy phase alone, the regions' md5 sums).
# The runner's copy suite: suite.{log,rc,secs} and its results directory
# in suite/.
# shellcheck source=tests/vm/guest/jobs-common.sh
. "$(dirname "$0")/jobs-common.sh" "$@"

region=${SSDNVME_COPY_REGION:-4M}
mib=$((${region%M}))
md5() { dd if=/dev/nvme0n1 bs=1M skip="$1" count="$mib" iflag=direct status=none | md5sum | cut -d' ' -f1; }

# The source region with a pattern, then the copy phase alone (one pass).
/tmp/fio --name=fill --ioengine=external:"$ENGINE" --filename=/dev/ng0n1 --rw=write --bs=256k \
	--size="$region" --buffer_pattern=0x5ac3 >"$OUT/fill.log" 2>&1
/tmp/fio --name=copy --ioengine=external:"$ENGINE" --filename=/dev/ng0n1 --rw=write \
	--bs="${SSDNVME_COPY_BS:-64k}" --iodepth=16 --offset="$region" --size="$region" \
	--write_mode=copy --copy_src=0 --output-format=json --output="$OUT/copyonly.json" \
	>"$OUT/copyonly.log" 2>&1
echo "copyonly-rc=$?" >"$OUT/copyonly.rc"
echo "$(md5 0) $(md5 "$mib")" >"$OUT/copyonly.md5"

# The method's file as its usage line gives it.
/tmp/fio --ioengine=external:"$ENGINE" --filename=/dev/ng0n1 --output-format=json+ \
	--output="$OUT/copy.json" jobs/copy.fio >"$OUT/copy.log" 2>&1
echo "copy-rc=$?" >"$OUT/copy.rc"

# The method through the runner (--suite copy), named by another namespace of
# the controller (the suite copies within SSDNVME_COPY_NS, default 1, read
# by the reader on 2), its runtimes the caller's (SSDNVME_RUNTIME and
# SSDNVME_RAMP); it ranks with fiorank at its end.  The run alone: one
# short run of the runner costs some 90 s of emulated guest time (its
# checks, the engine's load check, jq and fiorank), so the dry run and the
# refusals are host tests (tests/script/jobs-copy-suite.sh) and the common
# guard's (tests/vm/t-jobs-guard.sh).  Its guest seconds in suite.secs.
# (The guest's uptime: its wall clock may be set while it runs.)
up() { local u _; read -r u _ </proc/uptime && echo "${u%.*}"; }
t0=$(up)
jobs/ssdnvme-suite --fio /tmp/fio --engine-so "$ENGINE" --suite copy --short \
	--runtime "${SSDNVME_RUNTIME:-2}" --ramp "${SSDNVME_RAMP:-0}" --yes-destroy deadbeef \
	--results /tmp/rc /dev/ng0n3 >"$OUT/suite.log" 2>&1
echo "suite-rc=$?" >"$OUT/suite.rc"
echo "$(($(up) - t0)) s" >"$OUT/suite.secs"
mkdir -p "$OUT/suite" && cp -r /tmp/rc/. "$OUT/suite/"
