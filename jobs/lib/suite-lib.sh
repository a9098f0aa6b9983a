# shellcheck shell=bash
# The pure parts of jobs/ssdnvme-suite: curve arithmetic, the steady-state
# rule, job-file flattening, reading results; the manifest's library
# (manifest.sh) with it.  Sourced
# by the runner and by the script tests (tests/script/jobs-*.sh), which call
# these functions on their own.  Nothing here touches a device.

# ------------------------------------------------------------ curve arithmetic

# The curve's arithmetic, one awk text for curve_rate, curve_target and
# curve_steps: share(PEAK, PCT) is one direction's rate_iops at PCT % of the
# peak (fio's rate_iops is per job, and per direction: one number alone
# would cap reads and writes at that number each, doubling a mix's total
# and losing its ratio).  With several hosts each host takes an equal share.
# A direction the peak run did not do is left empty ("300," or ",300"); a
# direction it did is at least 1, since 0 would mean uncapped.  bad_args and
# no_io print why the arguments cannot make a rate.
_CURVE_AWK='
	function share(peak, pct,  v) {
		if (peak <= 0) return ""
		v = int(peak * pct / 100 / jobs / hosts + 0.5)
		return v < 1 ? 1 : v
	}
	function rate(pct,  rs, ws) {
		rs = share(r, pct); ws = share(w, pct)
		return (ws == "") ? rs : rs "," ws
	}
	function target(pct) { return sprintf("%d", (r + w) * pct / 100 + 0.5) }
	function bad_args(pct) {
		if (r !~ /^[0-9.]+$/ || w !~ /^[0-9.]+$/ || pct !~ /^[0-9]+$/ ||
		    jobs !~ /^[1-9][0-9]*$/ || hosts !~ /^[1-9][0-9]*$/) {
			print "ssdnvme-suite: curve_rate: bad arguments: peak " r "/" w ", pct " pct \
			      ", numjobs " jobs ", hosts " hosts > "/dev/stderr"
			return 1
		}
		return 0
	}
	function no_io() {
		if (r + w > 0) return 0
		print "ssdnvme-suite: curve_rate: the peak run did no I/O" > "/dev/stderr"
		return 1
	}'

# curve_rate PEAK_READ_IOPS PEAK_WRITE_IOPS PCT NUMJOBS NHOSTS
# Prints the rate_iops value of one capped step: each direction's share of
# PCT % of the peak, per job and per host (_CURVE_AWK).
curve_rate() {
	awk -v r="$1" -v w="$2" -v pct="$3" -v jobs="$4" -v hosts="${5:-1}" "$_CURVE_AWK"'
	BEGIN {
		if (bad_args(pct) || no_io()) exit 1
		print rate(pct)
	}'
}

# curve_target PEAK_READ PEAK_WRITE PCT: the step's total target IOPS (the
# figure the analysis compares the achieved IOPS against).
curve_target() {
	awk -v r="$1" -v w="$2" -v pct="$3" "$_CURVE_AWK"' BEGIN { print target(pct) }'
}

# curve_steps PEAK_READ PEAK_WRITE NUMJOBS NHOSTS PCT...: "PCT TARGET RATE"
# of every step, one a line: curve_target's and curve_rate's figures for a
# whole curve in one process (the runner asks once per peak, not twice per
# step); fails as curve_rate does.
curve_steps() {
	local r=$1 w=$2 jobs=$3 hosts=$4
	shift 4
	awk -v r="$r" -v w="$w" -v jobs="$jobs" -v hosts="$hosts" -v pcts="$*" "$_CURVE_AWK"'
	BEGIN {
		n = split(pcts, p, " ")
		for (i = 1; i <= n; i++) if (bad_args(p[i])) exit 1
		if (no_io()) exit 1
		for (i = 1; i <= n; i++) print p[i], target(p[i]), rate(p[i])
	}'
}

# parse_steps LIST: validates a comma list of curve percentages, prints them
# space-separated.
parse_steps() {
	local s out=""
	for s in ${1//,/ }; do
		if ! [[ $s =~ ^[1-9][0-9]*$ ]] || [ "$s" -gt 1000 ]; then
			echo "ssdnvme-suite: steps: '$s' is not a percentage of the peak (1..1000)" >&2
			return 1
		fi
		out+="$s "
	done
	[ -n "$out" ] || { echo "ssdnvme-suite: steps: empty list" >&2; return 1; }
	echo "${out% }"
}

# parse_tq_steps JOBFILE LIST: the tq-sweep steps of the comma LIST (all of
# JOBFILE's [tq-sweep@<step>] sections, in the file's order, when LIST is
# empty), space-separated; fails naming a step the file does not have.
parse_tq_steps() {
	local file=$1 have s out=""
	have=$(sed -n 's/^\[tq-sweep@\(t[0-9]*q[0-9]*\)\]$/\1/p' "$file" | tr '\n' ' ')
	[ -n "$have" ] || { echo "ssdnvme-suite: tq-sweep: $file has no [tq-sweep@t<N>q<M>] step" >&2; return 1; }
	[ -n "$2" ] || { echo "${have% }"; return 0; }
	for s in ${2//,/ }; do
		if [[ " $have" != *" $s "* ]]; then
			echo "ssdnvme-suite: --tq-steps: no step '$s' in $file (it has ${have% })" >&2
			return 1
		fi
		[[ " $out" == *" $s "* ]] || out+="$s "
	done
	echo "${out% }"
}

# wp_steps START END STEP: the write-pressure rates in MB/s.
wp_steps() {
	local a=$1 b=$2 s=$3
	if ! [[ $a =~ ^[0-9]+$ && $b =~ ^[0-9]+$ && $s =~ ^[0-9]+$ ]] || [ "$a" -lt 1 ] ||
		[ "$s" -lt 1 ] || [ "$b" -lt "$a" ]; then
		echo "ssdnvme-suite: write pressure: want 1 <= start <= end and step >= 1 (MB/s), got $a..$b step $s" >&2
		return 1
	fi
	seq -s ' ' "$a" "$s" "$b"
}

# fio_has_sprandom: whether $fio_bin (the runner's fio) is fio 3.41 or newer
# (sprandom=1).
fio_has_sprandom() {
	local v major minor
	# shellcheck disable=SC2154  # fio_bin: the runner's (ssdnvme-suite)
	v=$("$fio_bin" --version 2>/dev/null) || return 1
	[[ $v =~ ^fio-([0-9]+)\.([0-9]+) ]] || return 1
	major=${BASH_REMATCH[1]} minor=${BASH_REMATCH[2]}
	[ "$major" -gt 3 ] || { [ "$major" -eq 3 ] && [ "$minor" -ge 41 ]; }
}

# region_check REGION: --region is a whole percentage in (0, 100] or a size in
# fio's units (k, m, g, t, p: powers of 1024, as fio reads them; an optional
# "i", "b" or "ib" after the letter); fails saying what is wrong.
region_check() {
	local r=$1
	if [[ $r =~ ^([0-9]{1,3})%$ ]]; then
		[ $((10#${BASH_REMATCH[1]})) -ge 1 ] && [ $((10#${BASH_REMATCH[1]})) -le 100 ] && return 0
		echo "ssdnvme-suite: --region $r: a percentage of the target must be above 0 and at most 100 %" >&2
		return 1
	fi
	if [[ $r =~ ^([0-9]+)([kKmMgGtTpP]?)([iI]?[bB]?)$ ]] && [[ ${BASH_REMATCH[1]} =~ [1-9] ]]; then
		[ ${#BASH_REMATCH[1]} -le 15 ] && return 0
	fi
	echo "ssdnvme-suite: --region wants a percentage of the target (0 < N <= 100, e.g. 25%) or a size (e.g. 128M, 4G), not '$r'" >&2
	return 1
}

# region_bytes REGION CAPACITY: the bytes REGION (region_check) covers on a
# target of CAPACITY bytes (a percentage is rounded down, as fio does).
region_bytes() {
	local r=$1 cap=$2 n unit m=1
	if [[ $r =~ ^([0-9]+)%$ ]]; then
		echo $((cap * 10#${BASH_REMATCH[1]} / 100))
		return
	fi
	[[ $r =~ ^([0-9]+)([kKmMgGtTpP]?) ]] || return 1
	n=${BASH_REMATCH[1]} unit=${BASH_REMATCH[2],,}
	case $unit in k) m=1024 ;; m) m=$((1 << 20)) ;; g) m=$((1 << 30)) ;; t) m=$((1 << 40)) ;; p) m=$((1 << 50)) ;; esac
	echo $((10#$n * m))
}

# ------------------------------------------------------------ steady state

# ss_verdict V1 V2 ... : SNIA PTS's steady-state rule on the last five
# rounds' values (IOPS).  Prints one JSON object; exit 0 when steady, 1 when
# not (or fewer than five rounds).  Rule: within the 5-round window,
# max - min <= 20 % of the window's average, and the least-squares line's
# excursion across the window (|slope| x 4 rounds) <= 10 % of the average.
ss_verdict() {
	awk -v vals="$*" 'BEGIN {
		n = split(vals, v, " ")
		for (i = 1; i <= n; i++)
			if (v[i] !~ /^[0-9]+(\.[0-9]+)?$/) {
				print "ssdnvme-suite: ss_verdict: not a number: " v[i] > "/dev/stderr"
				exit 2
			}
		w = 5
		if (n < w) {
			printf "{\"rounds\": %d, \"window\": %d, \"steady\": false, \"reason\": \"fewer than %d rounds\"}\n", n, w, w
			exit 1
		}
		sx = sy = sxy = sxx = 0; max = min = v[n - w + 1]
		for (i = 0; i < w; i++) {
			y = v[n - w + 1 + i]
			sx += i; sy += y; sxy += i * y; sxx += i * i
			if (y > max) max = y
			if (y < min) min = y
		}
		avg = sy / w
		slope = (w * sxy - sx * sy) / (w * sxx - sx * sx)
		excursion = slope < 0 ? -slope * (w - 1) : slope * (w - 1)
		range_ok = (max - min) <= 0.20 * avg
		slope_ok = excursion <= 0.10 * avg
		steady = (avg > 0 && range_ok && slope_ok)
		printf "{\"rounds\": %d, \"window\": %d, \"first_round\": %d, \"average\": %.3f, \"max\": %.3f, \"min\": %.3f, \"range_pct\": %.3f, \"slope\": %.3f, \"excursion_pct\": %.3f, \"range_limit_pct\": 20, \"excursion_limit_pct\": 10, \"steady\": %s}\n",
			n, w, n - w + 1, avg, max, min, (avg > 0 ? 100 * (max - min) / avg : 0),
			slope, (avg > 0 ? 100 * excursion / avg : 0), (steady ? "true" : "false")
		exit steady ? 0 : 1
	}'
}

# ------------------------------------------------------------ job files

# flatten_job FILE [SECTION...]: prints FILE as one self-contained job:
# include lines replaced by the included text (paths relative to the
# including file, as fio resolves them), ${VAR} replaced by the environment
# or, when unset, by the default FILE declares at its top (`;  SSDNVME_X=V`,
# the lines ssdnvme.so reads when fio runs FILE by hand: engine/io/jobdefaults.c;
# neither set nor declared is empty, as in fio), comments dropped, and only
# [global] plus the named sections (all when none are named).  What runs is
# this text: it is what a fio server receives over the network, where
# neither the include paths nor the environment exist, and it is kept next
# to the results.
# The job files name no device and no engine (fio's command line does, run
# by hand); the flattened job gets them at the top of FILE's [global]:
# filename=$SSDNVME_DEV when set, and with ENGINE_OVERRIDE=NAME the text of
# common/engine-NAME.fio (the common/ beside FILE or its parent).
flatten_job() {
	local file=$1 dir=.
	shift
	[ -f "$file" ] || { echo "ssdnvme-suite: flatten_job: no job file $file" >&2; return 1; }
	[[ $file == */* ]] && dir=${file%/*}
	_flat_sections=" $* " _flat_keep=1 _flat_injected=0
	_flat_common=$dir/common
	[ -d "$_flat_common" ] || _flat_common=$dir/../common
	job_defaults "$file"
	echo "; flattened by ssdnvme-suite from $file"
	_flatten_lines "$file" 0
}

# job_defaults FILE: the defaults FILE declares in its leading comment block,
# into the associative array _flat_defaults (name -> value).
job_defaults() {
	local line
	declare -gA _flat_defaults=()
	while IFS= read -r line || [ -n "$line" ]; do
		[[ $line =~ ^[[:space:]]*([\;#].*)?$ ]] || break
		# the first declaration of a name wins, as in the engine
		[[ $line =~ ^[[:space:]]*[\;#][[:space:]]*(SSDNVME_[A-Z0-9_]+)=([^[:space:]]+) ]] &&
			[ -z "${_flat_defaults[${BASH_REMATCH[1]}]+set}" ] &&
			_flat_defaults[${BASH_REMATCH[1]}]=${BASH_REMATCH[2]}
	done <"$1"
}

# _flat_inject: the device and engine lines, once, after FILE's [global].
_flat_inject() {
	local eng
	_flat_injected=1
	[ -z "${SSDNVME_DEV:-}" ] || printf 'filename=%s\n' "$SSDNVME_DEV"
	[ -n "${ENGINE_OVERRIDE:-}" ] || return 0
	eng=$_flat_common/engine-$ENGINE_OVERRIDE.fio
	if [ ! -f "$eng" ]; then
		echo "flatten_job: no engine file $eng" >&2
		return 1
	fi
	_flatten_lines "$eng" 1
}

# Plain parameter expansions rather than dirname/basename: under the test
# bed's software emulation every forked process costs tens of milliseconds.
_flatten_lines() {
	local file=$1 depth=$2 line inc dir=. name
	if [ "$depth" -gt 8 ]; then
		echo "ssdnvme-suite: flatten_job: includes nested deeper than 8 at $file (a loop?)" >&2
		return 1
	fi
	[[ $file == */* ]] && dir=${file%/*}
	while IFS= read -r line || [ -n "$line" ]; do
		line=${line#"${line%%[![:space:]]*}"}
		line=${line%"${line##*[![:space:]]}"}
		case $line in '' | ';'* | '#'*) continue ;; esac
		if [[ $line =~ ^\[(.*)\]$ ]]; then
			name=${BASH_REMATCH[1]}
			_flat_keep=0
			if [ "$name" = global ] || [ "$_flat_sections" = "  " ] ||
				[[ $_flat_sections == *" $name "* ]]; then
				_flat_keep=1
			fi
		fi
		[ "$_flat_keep" = 1 ] || continue
		if [[ $line =~ ^include[[:space:]]+(.+)$ ]]; then
			inc=${BASH_REMATCH[1]}
			[[ $inc == /* ]] || inc=$dir/$inc
			if [ ! -f "$inc" ]; then
				echo "ssdnvme-suite: flatten_job: $file includes $inc, which does not exist" >&2
				return 1
			fi
			_flatten_lines "$inc" $((depth + 1)) || return 1
			continue
		fi
		# No engine results file asked for (--hosts: the engine then writes
		# none on the servers): the line is left out, fio refuses it empty.
		[[ $line == 'ssdnvme_results=${SSDNVME_ENGINE_JSON}' && -z ${SSDNVME_ENGINE_JSON:-} ]] && continue
		_expand_env "$line"
		if [ "$depth" = 0 ] && [ "$_flat_injected" = 0 ] && [ "$line" = "[global]" ]; then
			_flat_inject || return 1
		fi
	done <"$file"
}

# _expand_env LINE: fio's ${VAR} substitution, printed; an unset VAR takes
# the job file's declared default (job_defaults).
_expand_env() {
	local rest=$1 out="" var
	while [[ $rest =~ ^([^$]*)\$\{([^}]+)\}(.*)$ ]]; do
		out+=${BASH_REMATCH[1]}
		var=${BASH_REMATCH[2]}
		rest=${BASH_REMATCH[3]}
		if [[ $var =~ ^[A-Za-z_][A-Za-z0-9_]*$ ]]; then
			if [[ -v $var ]]; then
				out+=${!var}
			else
				out+=${_flat_defaults[$var]:-}
			fi
		fi
	done
	printf '%s\n' "$out$rest"
}

# curve_step_job FLAT TEST STEP RATE: turns the flattened [TEST@peak] job
# FLAT into the curve's capped step TEST@STEP: the same section renamed, with
# rate_iops=RATE (per job, "READ,WRITE").  The profile files hold only the
# peak: a capped step needs the peak's measured rate, which fio cannot
# compute in a job file (jobs/tools/gen-profiles).
curve_step_job() {
	local flat=$1 test=$2 step=$3 rate=$4 line out="" found=0
	while IFS= read -r line || [ -n "$line" ]; do
		if [ "$line" = "[$test@peak]" ]; then
			line="[$test@$step]"
			found=1
		fi
		out+=$line$'\n'
	done <"$flat"
	if [ $found = 0 ]; then
		echo "curve_step_job: $flat has no section [$test@peak]" >&2
		return 1
	fi
	printf '%srate_iops=%s\n' "$out" "$rate" >"$flat"
}

# job_numjobs FLATTENED_TEXT_FILE: the numjobs the job runs with (the last
# setting wins, as in fio; 1 when unset).
job_numjobs() {
	local line n=1
	while IFS= read -r line || [ -n "$line" ]; do
		[[ $line =~ ^[[:space:]]*numjobs[[:space:]]*=[[:space:]]*([0-9]+) ]] && n=${BASH_REMATCH[1]}
	done <"$1"
	echo "$n"
}

# job_writes FLATTENED_TEXT_FILE: succeeds when the job writes.
job_writes() {
	grep -Eq '^(rw|readwrite)[[:space:]]*=[[:space:]]*(write|randwrite|rw|readwrite|randrw|trim|randtrim|trimwrite)' "$1"
}

# ------------------------------------------------------------ fio results
# Reading fio's JSON belongs to the analysis tool: the runner runs fio and
# fiorank reads fio's output.  `fiorank --iops FILE` (docs/fiorank.md) prints
# "READ_IOPS WRITE_IOPS" summed over the file's jobs (over the clients for
# client/server output), or nothing and exit 1 when the file cannot be read
# or a job failed.  FIORANK is the fiorank to ask.

# result_iops FILE: "READ WRITE" IOPS of the whole run.
result_iops() {
	"${FIORANK:?FIORANK is not set}" --iops "$1" 2>/dev/null
}

# result_valid FILE: a complete fio result with at least one job and no job
# error (its jobs may be in several fio groups: write pressure and noisy
# neighbor keep readers and writers apart with new_group).
result_valid() {
	[ -s "$1" ] && "${FIORANK:?FIORANK is not set}" --check "$1" >/dev/null 2>&1
}

# ------------------------------------------------------------ manifest
# jobs/lib/manifest.sh owns it.
# shellcheck source=jobs/lib/manifest.sh
. "${BASH_SOURCE[0]%/*}/manifest.sh"

# json_str S: sets REPLY to S as a JSON string, or null when S is empty (no
# process: the runner calls it a dozen times a run).
json_str() {
	local v=$1
	if [ -z "$v" ]; then
		REPLY=null
		return
	fi
	v=${v//\\/\\\\}
	v=${v//\"/\\\"}
	v=${v//$'\n'/\\n}
	v=${v//$'\t'/\\t}
	v=${v//$'\r'/\\r}
	REPLY="\"$v\""
}

# iso_now [VAR]: the time now in UTC, ISO 8601; into VAR when named (no
# subshell: the runner asks twice a run; jobs/lib/steps.sh names VAR).
# shellcheck disable=SC2120
iso_now() {
	if [ $# -gt 0 ]; then
		TZ=UTC printf -v "$1" '%(%Y-%m-%dT%H:%M:%SZ)T' -1
	else
		TZ=UTC printf '%(%Y-%m-%dT%H:%M:%SZ)T\n' -1
	fi
}

# fmt_bytes B: "64 MiB" / "1.9 TiB" (binary units, one decimal above 10).
fmt_bytes() {
	awk -v b="$1" 'BEGIN {
		split("B KiB MiB GiB TiB PiB", u, " ")
		for (i = 1; b >= 1024 && i < 6; i++) b /= 1024
		printf (b < 10 && i > 1 && b != int(b)) ? "%.1f %s\n" : "%.0f %s\n", b, u[i]
	}'
}

# fmt_secs S [VAR]: "1h02m03s" / "4m05s" / "7s"; into VAR when named.
fmt_secs() {
	local s=$1 text
	if [ "$s" -ge 3600 ]; then
		printf -v text '%dh%02dm%02ds' $((s / 3600)) $((s % 3600 / 60)) $((s % 60))
	elif [ "$s" -ge 60 ]; then
		printf -v text '%dm%02ds' $((s / 60)) $((s % 60))
	else
		printf -v text %ds "$s"
	fi
	if [ $# -gt 1 ]; then
		printf -v "$2" %s "$text"
	else
		printf %s "$text"
	fi
}
