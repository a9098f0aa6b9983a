#!/usr/bin/env bash
# Runs inside the test bed (tests/vm/t-engine-fdp.sh boots an FDP subsystem:
# namespace 1 on reclaim unit handles 0-3, namespace 2 on 4-5, 1 MiB
# reclaim units).  Flexible Data Placement through the engine: writes land
# on the placement IDs asked, as the device's own reclaim unit handle status
# (nvme-cli's "nvme fdp status": RUAMW, media writes left in each handle's
# reclaim unit, in 512-byte LBAs) counts them; per-PID tags add up to fio's
# totals and match the device's count per handle; the engine's placed write
# moves the same handle as nvme-cli's; bad placement requests are refused
# with the reason and write nothing.  Prints TAP.
# With a fio that has placement options (fdp=1, plids=, plid_select=:
# fio >= 3.38), the same cases run with fio's options through ssdnvme and
# through fio's own io_uring_cmd, side by side (step 5); with fio 3.33 a
# visible skip line says why, and nvme-cli's placed writes are the peer.
# shellcheck disable=SC2086  # $eng is an option list, split on purpose
. "$(dirname "$0")/../../lib.sh"
cd /tmp || exit 1
eng="--ioengine=external:$ENGINE"
ssd() { timeout 120 "$BASH" -c "$(declare -f fio_cmd); fio_cmd $eng \"\$@\"" ssd "$@"; }
wr="--rw=randwrite --bs=4k --size=16M --iodepth=4 --randrepeat=0 --output-format=json"

# "PID RUAMW" lines of namespace N's reclaim unit handle status.
ruamw() {
	nvme fdp status "/dev/nvme0n$1" -n "$1" |
		sed -n 's/^Placement Identifier \([0-9]*\);.*/\1/p; s/.*(RUAMW): \([0-9]*\)$/\1/p' | paste - -
}
# check, plus the "# " figures CMD prints (and the end of its output on failure).
check_noted() {
	local desc=$1 out rc=0
	shift
	out=$("$@" 2>&1) || rc=$?
	if [ $rc -eq 0 ]; then ok "$desc"; else not_ok "$desc"; fi
	printf '%s\n' "$out" | grep '^# '
	[ $rc -eq 0 ] || printf '%s\n' "$out" | grep -v '^# ' | tail -n 5 | sed 's/^/# /'
}
host_bytes() { nvme fdp stats /dev/nvme0 -e 1 | sed -n 's/^Host Bytes with Metadata Written (HBMW): //p'; }

# fdp_check MODE FIO_JSON RESULTS BEFORE AFTER...: python3 checks of the
# engine's results against fio's JSON and the handles' RUAMW before/after.
fdp_check() {
	python3 - "$@" <<'PY'
import json, sys

mode, fio_out, res = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3]))
mode, _, chooser = mode.partition(":")  # "rr:fio": fio's own options chose
chooser = chooser or "engine"
keys = res["tags"]["keys"]

def fail(msg):
    print(msg, file=sys.stderr)
    sys.exit(1)

def ruamw(path):  # {pid: RUAMW}
    return {int(a): int(b) for a, b in (l.split() for l in open(path) if l.strip())}

fio_writes = sum(j["write"]["total_ios"] for j in fio_out["jobs"])
fio_reads = sum(j["read"]["total_ios"] for j in fio_out["jobs"])
placed = [k for k in keys if "placement_id" in k]
tagged = sum(k["count"] + k["errors"] for k in placed)
if any(k["direction"] != "write" for k in placed):
    fail("a read or other I/O carries a placement: %s" % placed)
if tagged != fio_writes:
    fail("placed tags count %d writes, fio %d" % (tagged, fio_writes))
reads = sum(k["count"] for k in keys if k["direction"] == "read")
if reads != fio_reads or any("placement_id" in k for k in keys if k["direction"] == "read"):
    fail("reads: tags %d unplaced, fio %d" % (reads, fio_reads))
# per namespace x PID: the tags' bytes are the device's media writes there
bs = 4096
for i in range(4, len(sys.argv), 3):
    nsid, before, after = int(sys.argv[i]), ruamw(sys.argv[i + 1]), ruamw(sys.argv[i + 2])
    for pid in before:
        # RUAMW counts down in the handle's current 1 MiB (2048-LBA) reclaim
        # unit and starts again in a new one: every case writes less than that
        lbas = ((before[pid] - after[pid]) % 2048) * 512
        n = sum(k["count"] for k in placed if k["nsid"] == nsid and k["placement_id"] == pid)
        if lbas != n * bs:
            fail("nsid %d PID %d: device counts %d bytes, tags %d writes of %d" % (nsid, pid, lbas, n, bs))
        print("# nsid %d PID %d: %d writes tagged, %d bytes in the handle's reclaim unit" % (nsid, pid, n, lbas))
if mode == "rr":  # roundrobin over two PIDs: an even split
    counts = sorted(k["count"] for k in placed)
    if len(counts) != 2 or counts[0] != counts[1]:
        fail("roundrobin over 2 PIDs gave %s" % counts)
p = [e for j in res["jobs"] for e in j.get("placement", [])]
want = sorted(int(x) for x in sys.argv[4::3])
if sorted(e["nsid"] for e in p) != want or any(e["chosen_by"] != chooser for e in p):
    fail("results' placement: %s" % json.dumps(p))
# fio's selection is recorded as fio was given it, the engine's as its own
select = {"rr": "roundrobin"}.get(mode, mode)
if any(e["select"] != select for e in p):
    fail("results' select %s, the job asked for %s" % ([e["select"] for e in p], select))
for e in p:
    print("# placement nsid %d: select %s plids %s pids %s ruhids %s" % (e["nsid"], e["select"], e["plids"], e["pids"], e["ruhids"]))
PY
}

# 1. Roundrobin over plids 1,3 of namespace 1: 512 KiB, 64 writes on each.
ruamw 1 >b1
hb0=$(host_bytes)
check "rr: ssdnvme_fdp=1 ssdnvme_plids=1,3 writes 512 KiB to namespace 1" \
	ssd --name=rr --filename=/dev/ng0n1 $wr --io_size=512k --ssdnvme_fdp=1 --ssdnvme_plids=1,3 \
	--output=rr.json --ssdnvme_results=rr.engine.json
ruamw 1 >a1
check "rr: only PIDs 1 and 3 took the writes, 256 KiB each (RUAMW 2048 -> 1536 of 512-byte LBAs)" \
	diff <(printf '0\t2048\n1\t1536\n2\t2048\n3\t1536\n') a1
check_noted "rr: per-PID tags add up to fio's writes, split evenly, and match each handle's media writes" \
	fdp_check rr rr.json rr.engine.json 1 b1 a1
# The FDP configuration in use, as the engine read it at set-up (Get
# Features 0x1D, log 0x20), is nvme-cli's `nvme fdp configs` and the
# test bed's (1 MiB units, 8 handles, 1 group).
nvme fdp configs /dev/nvme0 -e 1 -o json >configs.json
check_noted "the engine's fdp_config is nvme-cli's configuration 0 (RUNS 1 MiB, 8 handles, 1 group)" \
	python3 - configs.json rr.engine.json <<'EOF'
import json, sys
cli, res = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
c0 = [v for v in cli.values() if isinstance(v, list)][0][0]
for e in (e for j in res["jobs"] for e in j.get("placement", [])):
    c = e.get("fdp_config") or {}
    print("# nsid %d: engine %s; nvme-cli runs %s nruh %s nrg %s nnss %s erutl %s"
          % (e["nsid"], c or e.get("fdp_config_absent"), c0.get("runs"), c0.get("nruh"), c0.get("nrg"),
             c0.get("nnss"), c0.get("erutl")))
    want = {k: c0.get(k) for k in ("runs", "nruh", "nrg", "nnss", "erutl")}
    if {k: c.get(k) for k in want} != want or c0.get("runs") != 1 << 20 or c0.get("nruh") != 8 or \
            c.get("index") != 0 or c.get("endurance_group") != 1 or e.get("write_max") != [4096, 4096]:
        sys.exit(1)
EOF

# 2. Random over plids 0-1 of namespaces 1 and 2 (one job, namespaces=),
#    half reads: reads unplaced, every namespace x PID key matches its handle.
ruamw 1 >b1
ruamw 2 >b2
check "random: namespaces=1-2 randrw with ssdnvme_plid_select=random ssdnvme_plids=0-1" \
	ssd --name=rnd --filename=/dev/ng0n1 --namespaces=1-2 --rw=randrw --bs=4k --size=16M --iodepth=4 \
	--io_size=1M --randrepeat=0 --output-format=json --ssdnvme_fdp=1 --ssdnvme_plids=0-1 \
	--ssdnvme_plid_select=random --output=rnd.json --ssdnvme_results=rnd.engine.json
ruamw 1 >a1
ruamw 2 >a2
check_noted "random: namespace x PID tags add up to fio's writes and match each handle's media writes; reads unplaced" \
	fdp_check random rnd.json rnd.engine.json 1 b1 a1 2 b2 a2
check "random: placement IDs 2 and 3 of namespace 1 untouched" \
	bash -c "diff <(grep -E '^[23]	' b1) <(grep -E '^[23]	' a1)"

# 3. The engine's placed write moves the same handle as nvme-cli's.
head -c 131072 /dev/urandom >chunk
ruamw 1 >b1
nvme write /dev/nvme0n1 --start-block=8192 --block-count=255 --data-size=131072 --data=chunk \
	--dir-type=2 --dir-spec=2 >/dev/null 2>&1
ruamw 1 >m1
ssd --name=one --filename=/dev/ng0n1 --rw=write --bs=128k --size=128k --offset=4M \
	--ssdnvme_fdp=1 --ssdnvme_plids=2 >/dev/null 2>&1
ruamw 1 >a1
check "nvme-cli's 128 KiB write with --dir-type=2 --dir-spec=2 takes 256 LBAs from PID 2" \
	bash -c "grep -qx '2	1792' m1 && diff <(grep -v '^2	' b1) <(grep -v '^2	' m1)"
check "the engine's 128 KiB write with ssdnvme_plids=2 takes the next 256 from PID 2, and only there" \
	bash -c "grep -qx '2	1536' a1 && diff <(grep -v '^2	' m1) <(grep -v '^2	' a1)"
hb1=$(host_bytes)
check "FDP statistics: host bytes written are what the steps wrote ($((hb1 - hb0)) bytes)" \
	test "$((hb1 - hb0))" -eq "$((512 * 1024 + 131072 * 2 + $(python3 -c 'import json;print(sum(j["write"]["io_bytes"] for j in json.load(open("rnd.json"))["jobs"]))')))"

# 4. Refused with the reason, nothing written.
rf="--rw=write --bs=4k --size=64k"
check_fails "a placement ID index outside the namespace's handle list" \
	"/dev/ng0n2 \(nsid 2\): placement ID index 2 is outside the namespace's placement handle list \(2 handles: valid 0-1\)" \
	ssd --name=b --filename=/dev/ng0n2 $rf --ssdnvme_fdp=1 --ssdnvme_plids=0,2
check_fails "a malformed ssdnvme_plids" "ssdnvme_plids=1-: bad item at \"1-\"" \
	ssd --name=b --filename=/dev/ng0n1 $rf --ssdnvme_fdp=1 --ssdnvme_plids=1-
check_fails "a repeated index" "ssdnvme_plids=0,1,0: index 0 given twice" \
	ssd --name=b --filename=/dev/ng0n1 $rf --ssdnvme_fdp=1 --ssdnvme_plids=0,1,0
check_fails "ssdnvme_plid_select=scheme" "ssdnvme_plid_select=scheme: valid roundrobin or random" \
	ssd --name=b --filename=/dev/ng0n1 $rf --ssdnvme_fdp=1 --ssdnvme_plid_select=scheme
check_fails "placement on the block device" "/dev/nvme0n1: data placement needs NVMe passthrough" \
	ssd --name=b --filename=/dev/nvme0n1 $rf --ssdnvme_fdp=1
check_fails "placement with write_zeroes=1" "write_zeroes=1 with data placement" \
	ssd --name=b --filename=/dev/ng0n1 $rf --ssdnvme_fdp=1 --write_zeroes=1
check "nothing written by the refused jobs (host bytes unchanged)" test "$(host_bytes)" = "$hb1"

# 5. fio's own placement options (fdp=1, plids=, plid_select=), the same
#    cases through ssdnvme and through fio's io_uring_cmd: what each does is
#    printed ("# peer ...") for docs/engine.md.
# moved BEFORE AFTER: "PID:LBAs" the handles of one namespace took.
moved() { paste "$1" "$2" | awk '{ d = ($2 - $4) % 2048; if (d < 0) d += 2048; printf "%s%s:%d", (NR > 1 ? " " : ""), $1, d }'; }
# fdp_peer ENGINE ARGS...: fio with fio's placement options through ENGINE.
fdp_peer() {
	local e=$1
	shift
	if [ "$e" = ssdnvme ]; then
		ssd "$@"
	else
		timeout 120 "$FIO_BIN" --ioengine=io_uring_cmd --cmd_type=nvme "$@"
	fi
}
# placed FIO_JSON JOB NS BEFORE AFTER PIDS: JOB's writes landed on PIDS of
# namespace NS only (each PID some, their sum fio's bytes), no other handle moved.
placed() {
	python3 - "$@" <<'PY'
import json, sys
out, job, ns, before, after, pids = sys.argv[1:7]
pids = {int(p) for p in pids.split(",")}
def ruamw(path):
    return {int(a): int(b) for a, b in (l.split() for l in open(path) if l.strip())}
b, a = ruamw(before), ruamw(after)
moved = {p: ((b[p] - a[p]) % 2048) * 512 for p in b}
wrote = sum(j["write"]["io_bytes"] for j in json.load(open(out))["jobs"] if j["jobname"] == job)
print("# nsid %s: bytes per PID %s, fio wrote %d" % (ns, moved, wrote))
if sum(moved[p] for p in pids) != wrote or any(moved[p] == 0 for p in pids):
    sys.exit("PIDs %s took %d bytes of fio's %d, or one took none" % (sorted(pids), sum(moved[p] for p in pids), wrote))
if any(moved[p] for p in moved if p not in pids):
    sys.exit("a handle outside %s moved: %s" % (sorted(pids), moved))
PY
}
if "$FIO_BIN" --cmdhelp=plid_select 2>/dev/null | grep -q plid_select; then
	for e in ssdnvme io_uring_cmd; do
		res=()
		[ $e = ssdnvme ] && res=(--ssdnvme_results="rr-$e.engine.json")
		ruamw 1 >b1
		check "peer $e: fdp=1 plids=1,3 (roundrobin) writes 512 KiB to namespace 1" \
			fdp_peer $e --name=rr --filename=/dev/ng0n1 $wr --io_size=512k --fdp=1 --plids=1,3 \
			--output=rr-$e.json "${res[@]}"
		ruamw 1 >a1
		check "peer $e: rr: PIDs 1 and 3 took 256 KiB each, 0 and 2 nothing ($(moved b1 a1))" \
			test "$(moved b1 a1)" = "0:0 1:512 2:0 3:512"
		echo "# peer $e rr plids=1,3: LBAs per PID $(moved b1 a1); write IOPS $(jq '.jobs[0].write.iops | floor' rr-$e.json)"
		[ $e = ssdnvme ] && check_noted "peer ssdnvme: rr: fio chose the PIDs, the tags per PID match each handle" \
			fdp_check rr:fio rr-$e.json rr-$e.engine.json 1 b1 a1

		[ $e = ssdnvme ] && res=(--ssdnvme_results="rnd-$e.engine.json")
		ruamw 1 >b1
		ruamw 2 >b2
		check "peer $e: plid_select=random plids=0-1, randrw on namespaces 1 and 2 (a job each)" \
			fdp_peer $e --rw=randrw --bs=4k --size=16M --iodepth=4 --io_size=1M --randrepeat=0 \
			--output-format=json --fdp=1 --plids=0-1 --plid_select=random --output=rnd-$e.json "${res[@]}" \
			--name=n1 --filename=/dev/ng0n1 --name=n2 --filename=/dev/ng0n2
		ruamw 1 >a1
		ruamw 2 >a2
		check_noted "peer $e: random: namespace 1's writes on its PIDs 0 and 1 only, both used" \
			placed rnd-$e.json n1 1 b1 a1 0,1
		check_noted "peer $e: random: namespace 2's writes on its PIDs 0 and 1" \
			placed rnd-$e.json n2 2 b2 a2 0,1
		[ $e = ssdnvme ] && check_noted "peer ssdnvme: random: namespace x PID tags match each handle" \
			fdp_check random:fio rnd-$e.json rnd-$e.engine.json 1 b1 a1 2 b2 a2

		ruamw 1 >b1
		fdp_peer $e --name=one --filename=/dev/ng0n1 --rw=write --bs=128k --size=128k --offset=4M \
			--fdp=1 --plids=2 >/dev/null 2>&1
		ruamw 1 >a1
		check "peer $e: a 128 KiB write with plids=2 takes 256 LBAs from PID 2 only ($(moved b1 a1))" \
			test "$(moved b1 a1)" = "0:0 1:0 2:256 3:0"

		# plid_select=scheme: the placement by offset from dp_scheme's file,
		# plids ignored (fio's HOWTO), an offset in no range on PID 0
		printf '0,524288,1\n524288,1048576,3\n' >scheme
		[ $e = ssdnvme ] && res=(--ssdnvme_results="sch-$e.engine.json")
		ruamw 1 >b1
		check "peer $e: plid_select=scheme dp_scheme= (plids=2, ignored) writes 1.5 MiB to namespace 1" \
			fdp_peer $e --name=sch --filename=/dev/ng0n1 --rw=write --bs=4k --iodepth=4 --size=1536k --offset=0 \
			--output-format=json --fdp=1 --plids=2 --plid_select=scheme --dp_scheme=scheme \
			--output=sch-$e.json "${res[@]}"
		ruamw 1 >a1
		check "peer $e: scheme: KiB 0-512 on PID 1, 512-1024 on PID 3, the rest on PID 0 ($(moved b1 a1))" \
			test "$(moved b1 a1)" = "0:1024 1:1024 2:0 3:1024"
		[ $e = ssdnvme ] && check_noted "peer ssdnvme: scheme: every write tagged with its PID, the tags per PID match each handle" \
			fdp_check scheme:fio sch-$e.json sch-$e.engine.json 1 b1 a1

		hb1=$(host_bytes)
		check_fails "peer $e: plids=0,2 on namespace 2 (2 handles) is refused" \
			"index 2 (is outside|must be smaller)" \
			fdp_peer $e --name=b --filename=/dev/ng0n2 $rf --fdp=1 --plids=0,2
		echo "# peer $e plids=0,2 on a 2-handle namespace: $(fdp_peer $e --name=b --filename=/dev/ng0n2 \
			$rf --fdp=1 --plids=0,2 2>&1 | grep -Em1 'index 2')"
		want="data placement needs NVMe passthrough"
		[ $e = io_uring_cmd ] && want="only works with nvme ns generic char devices"
		check_fails "peer $e: fdp=1 on the block device is refused" "$want" \
			fdp_peer $e --name=b --filename=/dev/nvme0n1 $rf --fdp=1
		check "peer $e: nothing written by the refused jobs" test "$(host_bytes)" = "$hb1"
	done
	check_fails "ssdnvme: its own ssdnvme_fdp=1 and fio's fdp=1 together are refused" \
		"ssdnvme_fdp=1 and fio's fdp=1 both ask for placement" \
		ssd --name=b --filename=/dev/ng0n1 $rf --fdp=1 --ssdnvme_fdp=1
	check_fails "ssdnvme: dataplacement=streams on a controller without the Streams directive is refused" \
		"dataplacement=streams: /dev/ng0n1: the controller supports Directives but not the Streams directive" \
		ssd --name=b --filename=/dev/ng0n1 $rf --dataplacement=streams --plids=1
else
	fio_cmd --name=b --filename=/dev/ng0n1 --ioengine=io_uring_cmd --cmd_type=nvme $rf --fdp=1 >f.out 2>&1
	if grep -Eq "unrecognized option '--fdp=1'|bad option" f.out; then
		skip "skipped: fio $(fio_version) has no io_uring_cmd FDP (fdp=1, plids, plid_select): nvme-cli is the peer above"
	else
		not_ok "fio $(fio_version): no plid_select, but fdp=1 did not fail as unknown: $(tail -2 f.out)"
	fi
fi
tap_done
