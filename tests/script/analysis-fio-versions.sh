#!/usr/bin/env bash
# fiorank reads the output of every fio version the project supports the same
# way: tests/data/fio/versions/ holds one job file run by fio 3.33 and by fio
# 3.39 (tests/data/make-version-fixtures.sh).  For each, fiorank reads both
# jobs with nothing skipped, its report is the same but for the measured
# figures, the version and the date, and its figures are those in fio's JSON.
# And fio 3.41's client/server output with its per-server global options
# (tests/data/fio/hosts/): each host's job read with its own server's.
source "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
D=tests/data/fio/versions
versions=(fio-3.33 fio-3.39)

# The report with what differs between two runs of one job blanked: measured
# figures (the step time too: it is the jobs' measured runtime), the drive
# label (the file's name), the file, the date, the version, the report's
# own header (its command line names the file).
shape() {
	jq -S '
		walk(if type == "object" then
			with_entries(if (.key | test("^(iops|mbps|lat_us|read_iops|write_iops|margin_.*|p99.*_us|target_iops)$"))
				and (.value | type) == "number" then .value = "N"
			elif .key == "target_missed" and (.value | type) == "boolean" then .value = "B"
			else . end)
		else . end)
		| walk(if type == "string" then gsub("fio-3\\.[0-9]+"; "FIO") | gsub("[0-9.]+ s steps"; "N s steps") else . end)
		| .provenance.drives[].date = "DATE" | .report = "REPORT"' "$1"
}

for v in "${versions[@]}"; do
	f=$D/$v.json
	if "$FIORANK" -N -f json "$f" >"$tmp/$v.json" 2>"$tmp/$v.err" && [ -s "$tmp/$v.json" ]; then
		ok "$v output is read (exit 0)"
	else
		not_ok "$v output is not read: $(head -c 300 "$tmp/$v.err")"
		continue
	fi
	check "$v: both jobs read, nothing skipped, excluded or noted" jq -e \
		'.inputs.jobs_read == 2 and (.inputs.skipped + .inputs.excluded + .inputs.notes | length == 0)' \
		"$tmp/$v.json"
	check "$v: the report names the fio version" jq -e --arg v "$v" '.provenance.drives[0].fio == $v' "$tmp/$v.json"
	# fiorank's figures are fio's: IOPS per direction and their sum, MB/s
	# (10^6 B/s) and the mean completion latency of the reading job.
	check "$v: 4k-randread IOPS, MB/s and mean clat are fio's" jq -e -n \
		--slurpfile r "$tmp/$v.json" --slurpfile f "$f" '
		($f[0].jobs[] | select(.jobname == "4k-randread@peak")) as $j
		| ($r[0].profiles[] | select(.profile == "4k-randread") | .ranking[0]) as $k
		| (($k.iops - $j.read.iops) | fabs) < 0.001
		and (($k.mbps - $j.read.bw_bytes / 1e6) | fabs) < 0.001
		and (($k.lat_us - $j.read.clat_ns.mean / 1000) | fabs) < 0.001'
	check "$v: 8k-randrw-70-30 IOPS per direction and in sum are fio's" jq -e -n \
		--slurpfile r "$tmp/$v.json" --slurpfile f "$f" '
		($f[0].jobs[] | select(.jobname == "8k-randrw-70-30@peak")) as $j
		| ($r[0].profiles[] | select(.profile == "8k-randrw-70-30") | .ranking[0].curve[0]) as $k
		| (($k.read_iops - $j.read.iops) | fabs) < 0.001
		and (($k.write_iops - $j.write.iops) | fabs) < 0.001
		and (($k.iops - $j.read.iops - $j.write.iops) | fabs) < 0.002'
	shape "$tmp/$v.json" >"$tmp/$v.shape"
done
check "the same job in both versions moved the same I/Os (fixed seed and size)" jq -e -n \
	--slurpfile a "$D/${versions[0]}.json" --slurpfile b "$D/${versions[1]}.json" '
	[$a[0].jobs[] | [.jobname, .read.total_ios, .write.total_ios, .read.io_bytes, .write.io_bytes]] ==
	[$b[0].jobs[] | [.jobname, .read.total_ios, .write.total_ios, .read.io_bytes, .write.io_bytes]]'
if [ ! -s "$tmp/${versions[0]}.shape" ] || [ ! -s "$tmp/${versions[1]}.shape" ]; then
	not_ok "no report of one version to compare"
elif diff "$tmp/${versions[0]}.shape" "$tmp/${versions[1]}.shape" >"$tmp/diff"; then
	ok "fiorank's report of ${versions[1]} is that of ${versions[0]} but for the figures"
else
	not_ok "fiorank's reports of ${versions[0]} and ${versions[1]} differ beyond the figures"
	head -n 30 "$tmp/diff" | sed 's/^/# /'
fi

# fio 3.39+ client/server with two servers: "global options" is one entry
# per server (hostname, port), tests/data/fio/hosts/.  Each host's job takes
# its own server's: 127.0.0.1's rw=randread bs=4k, 127.0.0.2's rw=randread
# bs=8k (its job named outside the contract, so named from them).
H=tests/data/fio/hosts/client-server-3.41.json
sed -n '/^{/,$p' "$H" >"$tmp/hosts-fio.json"
if "$FIORANK" -N -f json "$H" >"$tmp/hosts.json" 2>"$tmp/hosts.err"; then
	ok "fio-3.41 client/server output is read (exit 0)"
else
	not_ok "fio-3.41 client/server output is not read: $(head -c 300 "$tmp/hosts.err")"
fi
check "fio-3.41 client/server: both jobs read, nothing skipped, excluded or noted" jq -e \
	'.inputs.jobs_read == 2 and (.inputs.skipped + .inputs.excluded + .inputs.notes | length == 0)' \
	"$tmp/hosts.json"
check "fio-3.41 client/server: each host's job is a random reader of its own server's block size" jq -e '
	[.profiles[] | [.profile, (.ranking[] | .drive)]] == [["4k-randread", "127.0.0.1"], ["8k-randread", "127.0.0.2"]]
	and ([.provenance.drives[] | [.drive, (.method | test("^(4k|8k)-randread: 1 outstanding, (4|8) KiB, 100 % read"))]]
		== [["127.0.0.1", true], ["127.0.0.2", true]])' "$tmp/hosts.json"
check "fio-3.41 client/server: each host's IOPS, MB/s and mean clat are fio's for that host" jq -e -n \
	--slurpfile r "$tmp/hosts.json" --slurpfile f "$tmp/hosts-fio.json" '
	[$f[0].client_stats[] | select(.jobname != "All clients")] as $jobs
	| [$r[0].profiles[].ranking[0]] as $ranked
	| ($jobs | length) == 2 and ($ranked | length) == 2
	and all($jobs[]; . as $j | any($ranked[]; .drive == $j.hostname
		and ((.iops - $j.read.iops) | fabs) < 0.001
		and ((.mbps - $j.read.bw_bytes / 1e6) | fabs) < 0.001
		and ((.lat_us - $j.read.clat_ns.mean / 1000) | fabs) < 0.001))'
check "fio-3.41 client/server: fiorank --check passes the output" "$FIORANK" --check "$H"
tap_done
