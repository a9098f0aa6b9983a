#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-copy.sh, bench/copy-vs-host.sh):
# the Copy method, jobs/copy.fio, by its usage line on /dev/ng0n1 (copies
# within ns1, the reader on ns2), with the timings the caller puts in the
# environment; a source region of a known pattern first, so that the copy's
# destination can be compared with it after the copy phase alone.
# Results in $OUT: copy.json (fio's JSON), copy.rc, copy.log, and
# copyonly.{json,rc,md5} (the copy phase alone, the regions' md5 sums).
# The runner's copy suite: suite-dry.{log,rc}, suite.{log,rc,secs} and the
# results directory in suite/.
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
# by the reader on 2): the dry run prints the plan and the checks, then the
# suite runs, its runtimes the caller's (SSDNVME_RUNTIME/SSDNVME_RAMP), and
# ranks with fiorank.  (The refusal without --yes-destroy is the runner's
# common guard, tests/vm/t-jobs-guard.sh.)  Each part's guest seconds in
# suite.secs: the emulated guest is slow, the test's budget tight.
suite=(jobs/ssdnvme-suite --fio /tmp/fio --engine-so "$ENGINE" --suite copy --short
	--runtime "${SSDNVME_RUNTIME:-2}" --ramp "${SSDNVME_RAMP:-0}" --yes-destroy deadbeef)
t0=$SECONDS
"${suite[@]}" --dry-run --results /tmp/rc /dev/ng0n3 >"$OUT/suite-dry.log" 2>&1
echo "suite-dry-rc=$?" >"$OUT/suite-dry.rc"
t1=$SECONDS
"${suite[@]}" --results /tmp/rc /dev/ng0n3 >"$OUT/suite.log" 2>&1
echo "suite-rc=$?" >"$OUT/suite.rc"
echo "dry run $((t1 - t0)) s, suite $((SECONDS - t1)) s" >"$OUT/suite.secs"
mkdir -p "$OUT/suite" && cp -r /tmp/rc/. "$OUT/suite/"
