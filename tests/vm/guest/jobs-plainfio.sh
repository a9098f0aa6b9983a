#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-jobs-plainfio.sh boots it, default six
# namespaces): the entry job files run by plain fio as the usage line says,
#   fio --ioengine=external:PATH/ssdnvme.so --filename=/dev/ng0n1 jobs/noisy-neighbor.fio
# with short timings from the environment (the files' defaults are 5 s + 30 s),
# then the runner's noisy-neighbor suite to compare with, and the usage line
# without --filename; results in $OUT for the host side.
# shellcheck source=tests/vm/guest/jobs-common.sh
. "$(dirname "$0")/jobs-common.sh" "$@"

export SSDNVME_RUNTIME=2 SSDNVME_RAMP=0 SSDNVME_REGION=8M
# plain NAME DEVICE JOBFILE: the usage line, fio's JSON in $OUT/NAME/NAME.json.
plain() {
	mkdir -p "$OUT/$1"
	/tmp/fio --ioengine=external:"$ENGINE" --filename="$2" --output-format=json+ \
		--output="$OUT/$1/$1.json" "$3" >"$OUT/$1.log" 2>&1
	echo "$1-rc=$?" >"$OUT/$1.rc"
}
plain nn /dev/ng0n1 jobs/noisy-neighbor.fio
# What the engine's "system" object should say: this guest's host, kernel,
# CPU and each namespace's device number.
hostname >"$OUT/host"
uname -r >"$OUT/kernel"
sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1 >"$OUT/cpu"
for d in /dev/ng0n[1-6]; do
	printf '%s %d:%d\n' "$d" "0x$(stat -c %t "$d")" "0x$(stat -c %T "$d")"
done >"$OUT/devnums"
# The usage line as typed (no --output): fio's text report, then the engine's
# summary on stdout; with SSDNVME_NO_SUMMARY=1 fio's report alone; with JSON
# on stdout the summary on stderr, the JSON clean.
typed() {
	/tmp/fio --ioengine=external:"$ENGINE" --filename=/dev/ng0n1 "$@" jobs/noisy-neighbor.fio
}
typed >"$OUT/typed.out" 2>"$OUT/typed.err"
echo "typed-rc=$?" >"$OUT/typed.rc"
SSDNVME_NO_SUMMARY=1 typed >"$OUT/nosum.out" 2>"$OUT/nosum.err"
echo "nosum-rc=$?" >"$OUT/nosum.rc"
typed --output-format=json >"$OUT/jsonout.out" 2>"$OUT/jsonout.err"
echo "jsonout-rc=$?" >"$OUT/jsonout.rc"
plain wp /dev/ng0n2 jobs/write-pressure.fio
plain peak /dev/ng0n3 jobs/profiles/4k-randrw-70-30.fio

# The runner's run of the same method, same timings.
S --suite noisy-neighbor --runtime 2 --ramp 0 --region 8M --yes-destroy deadbeef \
	--results "$OUT/runner" /dev/ng0n1 >"$OUT/runner.log" 2>&1
echo "runner-rc=$?" >"$OUT/runner.rc"

# No --filename: one line, a non-zero exit, nothing written anywhere.
mkdir -p /tmp/nodev
top=$PWD
(cd /tmp/nodev && /tmp/fio --ioengine=external:"$ENGINE" "$top/jobs/noisy-neighbor.fio" >/dev/null 2>"$OUT/nodev.err")
echo "nodev-rc=$?" >"$OUT/nodev.rc"
ls -A /tmp/nodev >"$OUT/nodev.ls"
