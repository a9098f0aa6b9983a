#!/usr/bin/env bash
# fiorank's Copy section (issue 41 item 4) on REAL output of the test bed:
# the runner's copy suite (tests/data/fio/testbed/short-copy, made by
# tests/data/make-testbed-copy-fixture.sh).  Every figure of the section's
# JSON is recomputed here from fio's JSON with jq (the roles by name, as
# jobs/copy.fio names them: fiorank finds them by their options); each
# format prints the section; a run without its host phase, with a job in
# error, or with overlapping phases is not compared, with the reason; the
# Copy run's jobs are not ranked as profiles.
# shellcheck source=tests/lib.sh
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=tests/data/fio/testbed/short-copy
J=$D/ng0n1/copy/copy/ssdnvme.json
for fmt in text md json html; do
	"$FIORANK" -N -f "$fmt" "$D" >"$tmp/r.$fmt" 2>"$tmp/r.$fmt.err"
	check "fiorank -f $fmt reads the copy suite's folder (exit 0)" test $? = 0
done
check "the text report has the Copy section with both phases and their ratio" \
	grep -q -e '^== Copy: ' "$tmp/r.text"
check "... rows copy, host and copy/host" bash -c \
	'grep -Eq "^    copy +[0-9]" "$1" && grep -Eq "^    host +[0-9]" "$1" && grep -Eq "^    copy/host +[0-9]" "$1"' _ "$tmp/r.text"
check "the Markdown report has it as a table" grep -q '^| copy/host | ' "$tmp/r.md"
check "the HTML report has it as a section" grep -q '<section class="copy" id="copy">' "$tmp/r.html"
check "the Copy run's jobs are not ranked: no profile, no measured drive" \
	jq -e '(.profiles | length) == 0 and (.drives | length) == 0' "$tmp/r.json"

# The expected section from fio's JSON: figures as docs/fiorank.md "Copy" derives them.
jq -c '
	def job($n): .jobs[] | select(.jobname == $n);
	def cpu($j): ($j.usr_cpu + $j.sys_cpu);
	def cpus($j): cpu($j) / 100 * $j.job_runtime / 1000;
	def rd($j): {iops: $j.read.iops, p50: ($j.read.clat_ns.percentile["50.000000"] / 1000),
		p99: ($j.read.clat_ns.percentile["99.000000"] / 1000),
		p999: ($j.read.clat_ns.percentile["99.900000"] / 1000)};
	job("copy") as $c | job("host-read") as $hr | job("host-write") as $hw |
	rd(job("copy-reader")) as $cr | rd(job("host-reader")) as $hrd |
	{range: ($c.write.io_bytes / $c.write.total_ios),
	 c_landed: $c.write.io_bytes, c_mbps: ($c.write.bw_bytes / 1e6), c_cmds: $c.write.total_ios,
	 c_bus: ($c.write.total_ios * 32), c_cpu: cpu($c),
	 c_gb: (cpus($c) / ($c.write.io_bytes / 1e9)),
	 h_landed: $hw.write.io_bytes, h_mbps: ($hw.write.bw_bytes / 1e6),
	 h_cmds: ($hr.read.total_ios + $hw.write.total_ios),
	 h_bus: ($hr.read.io_bytes + $hw.write.io_bytes), h_cpu: (cpu($hr) + cpu($hw)),
	 h_gb: ((cpus($hr) + cpus($hw)) / ($hw.write.io_bytes / 1e9)),
	 cr: $cr, hrd: $hrd,
	 saved: (2 * $c.write.io_bytes - 32 * $c.write.total_ios)}' "$J" >"$tmp/want.json"
jq -c '.copy[0]' "$tmp/r.json" >"$tmp/got.json"
close() { jq -e -n --slurpfile w "$tmp/want.json" --slurpfile g "$tmp/got.json" \
	"(\$w[0] | $1) as \$a | (\$g[0] | $2) as \$b | (\$a - \$b | fabs) <= 1e-6 * ([(\$a | fabs), 1] | max)" >/dev/null; }
check "one Copy run, compared" jq -e '.copy | length == 1 and .[0].compared and .[0].drive == "ng0n1"' "$tmp/r.json"
check "bytes per Copy command: io_bytes / total_ios of the Copy job" close .range .range_bytes
check "Copy phase: bytes landed, MB/s, commands" bash -c "$(declare -f close); tmp=$tmp;"' close .c_landed .copy.landed_bytes && close .c_mbps .copy.mbps && close .c_cmds .copy.commands'
check "Copy phase: bus bytes = 32 x commands" close .c_bus .copy.bus_bytes
check "Copy phase: CPU % and CPU s per GB landed" bash -c "$(declare -f close); tmp=$tmp;"' close .c_cpu .copy.cpu_pct && close .c_gb .copy.cpu_s_per_gb'
check "host phase: bytes landed, MB/s (host-write's), commands (both jobs')" bash -c "$(declare -f close); tmp=$tmp;"' close .h_landed .host.landed_bytes && close .h_mbps .host.mbps && close .h_cmds .host.commands'
check "host phase: bus bytes = host-read's + host-write's io_bytes" close .h_bus .host.bus_bytes
check "host phase: CPU % and CPU s per GB (both jobs)" bash -c "$(declare -f close); tmp=$tmp;"' close .h_cpu .host.cpu_pct && close .h_gb .host.cpu_s_per_gb'
check "readers: p50/p99/p99.9 and IOPS of copy-reader and host-reader" bash -c "$(declare -f close); tmp=$tmp;"'
	close .cr.p50 .copy.reader_clat_p50_us && close .cr.p99 .copy.reader_clat_p99_us &&
	close .cr.p999 .copy.reader_clat_p99_9_us && close .cr.iops .copy.reader_iops &&
	close .hrd.p50 .host.reader_clat_p50_us && close .hrd.p99 .host.reader_clat_p99_us &&
	close .hrd.p999 .host.reader_clat_p99_9_us && close .hrd.iops .host.reader_iops'
check "bus bytes saved = 2 x landed - 32 x commands" close .saved .bus_bytes_saved
check "ratios copy/host: MB/s, CPU s/GB, reader p50/p99/p99.9" bash -c "$(declare -f close); tmp=$tmp;"'
	close "(.c_mbps / .h_mbps)" .copy_over_host.mbps && close "(.c_gb / .h_gb)" .copy_over_host.cpu_s_per_gb &&
	close "(.cr.p50 / .hrd.p50)" .copy_over_host.reader_clat_p50 &&
	close "(.cr.p99 / .hrd.p99)" .copy_over_host.reader_clat_p99 &&
	close "(.cr.p999 / .hrd.p999)" .copy_over_host.reader_clat_p99_9'

# Incomplete or unlike runs, derived from the same real output.
refused() { # NAME JQ-FILTER WHY-PATTERN
	mkdir -p "$tmp/$1"
	jq "$2" "$J" >"$tmp/$1/copy.json"
	"$FIORANK" -N -f json "$tmp/$1" >"$tmp/$1.json" 2>/dev/null
	jq -e --arg p "$3" '.copy[0] | (.compared | not) and (.why | test($p))' "$tmp/$1.json" >/dev/null
}
check "no host writer: not compared, said" refused nohw 'del(.jobs[] | select(.jobname == "host-write"))' 'no host writer'
check "no host phase at all: said" refused nohost 'del(.jobs[] | select(.jobname | startswith("host-read")))' 'no host writer and no host reader|no host reader'
check "a job in error: said, naming it" refused err '(.jobs[] | select(.jobname == "host-read") | .error) = 5' "job 'host-read' ended with error 5"
check "phases that overlap (no stonewall): said" refused overlap \
	'(.jobs[] | select(.jobname == "copy") | .job_start) as $s | (.jobs[] | select(.jobname | startswith("host")) | .job_start) = $s' 'same time'
check "two Copy jobs: said" refused twocopy '.jobs += [.jobs[0] | .jobname = "copy2"]' "job 'copy2' has a role"
tap_done
