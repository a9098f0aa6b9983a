# shellcheck shell=bash
# This file sets shared globals (jobs/lib/state.sh) that other files read.
# The run functions read the row load_row (jobs/lib/steps.sh) set: drive,
# dev, test, step; the options (short, hosts_arg) are the runner's.
# shellcheck disable=SC2034,SC2154
# The endurance suite (jobs/endurance.fio, jobs/README.md "Endurance"): its
# options, its plan (steps of a fixed amount of writes, one mix after the
# other) and what each step sets before it runs: the step's number and, for
# the indirection-unit-aware mix, the write unit read from the drive.
# Sourced by jobs/ssdnvme-suite after jobs/lib/plan.sh.

ei_rounds="" ei_step_size="" ei_mix_arg="" ei_mixes="" # --ei-rounds, --ei-step-size, --ei-mix
declare -gA ei_unit_of=()                             # drive -> "UNIT ALIGN FROM" (endurance_unit)

# JESD219's enterprise transfer sizes (bytes/percent of writes), the mix
# jobs/endurance.fio's endurance-jesd219 writes.
EI_JESD219_SIZES="512/4 1024/1 1536/1 2048/1 2560/1 3072/1 3584/1 4096/67 8192/10 16384/7 32768/3 65536/3"

# endurance_args_check: the suite's options and their defaults (short: two
# steps of 8 MiB each; else 8 steps of the whole region each); exit 2 on a
# bad one.
endurance_args_check() {
	local m
	if [ "$short" = 1 ]; then
		ei_rounds=${ei_rounds:-2} ei_step_size=${ei_step_size:-8M}
	else
		ei_rounds=${ei_rounds:-8} ei_step_size=${ei_step_size:-100%}
	fi
	{ [[ $ei_rounds =~ ^[0-9]+$ ]] && [ "$ei_rounds" -ge 1 ]; } || die "--ei-rounds wants a whole number of steps (1 or more), got '$ei_rounds'"
	region_check "$ei_step_size" 2>/dev/null || die "--ei-step-size wants a size (e.g. 64G) or a whole percentage of the region (e.g. 100%), got '$ei_step_size'"
	ei_mixes=""
	for m in ${ei_mix_arg//,/ }; do
		case $m in jesd219 | iu) [[ " $ei_mixes " == *" $m "* ]] || ei_mixes+="${ei_mixes:+ }$m" ;;
		*) die "--ei-mix: jesd219, iu or both (jesd219,iu), not '$m'" ;;
		esac
	done
	[ -n "$ei_mixes" ] || ei_mixes="jesd219 iu"
}

# ei_step_est: planned seconds of one step: its bytes at 500 MB/s (random
# writes of a datacenter drive), 10 minutes when it is a share of the region.
ei_step_est() {
	local b
	if [[ $ei_step_size == *% ]]; then echo 600; return; fi
	b=$(region_bytes "$ei_step_size" 0)
	echo $((b / 500000000 + 1))
}

# plan_endurance DRIVE DEV: each mix's steps, one mix after the other
# (--ei-mix's order).  JESD219's mix writes 512-byte transfers: on a
# namespace of larger LBAs (sysfs says so) it is not planned, said.
plan_endurance() {
	local d=$1 dev=$2 m r est
	est=$(ei_step_est)
	for m in $ei_mixes; do
		if [ "$m" = jesd219 ] && [ -z "$hosts_arg" ] && dev_identity "$dev" 2>/dev/null &&
			[ -n "$id_lba" ] && [ "$id_lba" != 512 ]; then
			echo "ssdnvme-suite: $d: endurance-jesd219 not planned: its 512-byte writes need 512-byte LBAs ($dev has $id_lba); endurance-iu writes in the drive's unit" >&2
			continue
		fi
		for ((r = 1; r <= ei_rounds; r++)); do
			plan_add "$d/endurance/endurance-$m/s$r" endurance "endurance-$m" "s$r" \
				endurance.fio "endurance-$m" "$est" ei
		done
	done
}

# ei_bssplit UNIT: JESD219's sizes each rounded up to a multiple of UNIT
# bytes, their shares of the writes kept (sizes that round to the same
# multiple add up), as fio's bssplit in bytes.
ei_bssplit() {
	local u=$1 s p r out=""
	local -A pct=()
	for s in $EI_JESD219_SIZES; do
		p=${s#*/} s=${s%/*}
		r=$(((s + u - 1) / u * u))
		pct[$r]=$((${pct[$r]:-0} + p))
	done
	for r in $(printf '%s\n' "${!pct[@]}" | sort -n); do
		out+="${out:+:}$r/${pct[$r]}"
	done
	echo "$out"
}

# endurance_unit DEV: the write unit and alignment of the namespace DEV, in
# bytes, and where they came from, as "UNIT ALIGN FROM":
#   npwg     Identify Namespace's NPWG and NPWA (0-based, in LBAs; defined
#            when NSFEAT's OPTPERF, bit 4 or, since NVMe 2.1, bit 5, is set),
#            read with nvme-cli
#   default  the drive reports none: the LBA size or 4 KiB, the larger
#   sysfs    no nvme-cli here: the block queue's minimum_io_size (Linux
#            puts NPWG there when the drive reports it, else the LBA size)
#   unread   with --hosts: the device is a server's, not read from here;
#            4 KiB
endurance_unit() {
	local dev=$1 j lba u="" a qdir
	if [ -n "$hosts_arg" ]; then
		echo "4096 4096 unread"
		return
	fi
	if command -v nvme >/dev/null && j=$(nvme id-ns "$dev" -o json 2>/dev/null) &&
		read -r lba u a <<<"$(jq -r '(.lbafs[(.flbas % 16) + ((.flbas / 32 | floor) % 4) * 16].ds) as $ds |
			(if ((.nsfeat / 16 | floor) % 4) > 0 then [(.npwg + 1), (.npwa + 1)] else [0, 0] end) as $h |
			"\(pow(2; $ds)) \($h[0] * pow(2; $ds)) \($h[1] * pow(2; $ds))"' <<<"$j" 2>/dev/null)" && [ -n "$a" ]; then
		lba=${lba%.*} u=${u%.*} a=${a%.*}
		if [ "${u:-0}" -gt 0 ]; then
			echo "$u $a npwg"
		else
			u=$((lba > 4096 ? lba : 4096))
			echo "$u $u default"
		fi
		return
	fi
	dev_identity "$dev" 2>/dev/null
	qdir=${id_sys:+$id_sys/queue}
	[ -z "$qdir" ] || u=$(read_attr "$qdir/minimum_io_size")
	if [[ $u =~ ^[0-9]+$ ]] && [ "$u" -gt 0 ]; then
		echo "$u $u sysfs"
		return
	fi
	echo "4096 4096 default"
}

# prepare_ei: the step's number and size; for endurance-iu the drive's write
# unit (read once per drive), its bssplit and alignment, and where it came from.
prepare_ei() {
	local u a from
	export SSDNVME_EI_STEP=${step#s} SSDNVME_EI_STEP_SIZE=$ei_step_size
	[ "$test" = endurance-iu ] || return 0
	[ -n "${ei_unit_of[$drive]:-}" ] || ei_unit_of[$drive]=$(endurance_unit "$dev")
	read -r u a from <<<"${ei_unit_of[$drive]}"
	export SSDNVME_EI_IU_UNIT=$u SSDNVME_EI_IU_ALIGN=$a SSDNVME_EI_IU_FROM=$from
	SSDNVME_EI_IU_BSSPLIT=$(ei_bssplit "$u")
	export SSDNVME_EI_IU_BSSPLIT
}
