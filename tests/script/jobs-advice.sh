#!/usr/bin/env bash
# The advice of jobs/ssdnvme-suite is safe (issue 22: for a missing
# /dev/ng0n1 it suggested `truncate -s 1G /dev/ng0n1`, which makes a regular
# file in /dev).  Every message the runner and its libraries can print (each
# quoted string on a line that prints: die, refuse, echo/printf to stderr,
# and the --help text) is searched for suggestions (what follows "e.g.",
# "run", "rerun", "pass", "give", "use", "unmount", "confirm with", "to continue", or a
# quoted command), and every message, suggestion or not, for a command that
# creates, truncates, formats or erases something (truncate, dd, mkfs,
# mkswap, wipefs, blkdiscard, mknod, fallocate, shred, rm, partitioners,
# nvme format/sanitize/create-ns/delete-ns).  The same check runs on what
# the runner prints for the inputs that draw advice.  The checker is first
# shown to catch the old advice, so it is not a check that cannot fail.
# shellcheck source=tests/lib.sh
. "$(dirname "$0")/../lib.sh"
cd "$TOP" || exit 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# harmful TEXT: TEXT has a command that creates, truncates, formats or
# erases something, written as a command (the word, then an option, a path
# or a variable).
harmful() {
	grep -Eq '(^|[^[:alnum:]_.-])(truncate|dd|mkfs(\.[a-z0-9]+)?|mkswap|wipefs|blkdiscard|mknod|fallocate|shred|rm|sgdisk|sfdisk|fdisk|parted|nvme[[:space:]]+(format|sanitize|create-ns|delete-ns|write-zeroes))[[:space:]]+(-|/|\$|[a-z]+=)' <<<"$1"
}
# suggestions TEXT: the suggested commands in TEXT, one a line.
suggestions() {
	grep -oE "(e\.g\.|\<run\>|\<rerun\>|\<pass\>|\<give\>|\<use\>|\<unmount\>|confirm with|to continue:)[^;)\"]*|'[a-z][a-z0-9-]* [^']*'" <<<"$1"
}

check "the checker flags the old advice (truncate -s 1G \$p)" harmful 'does not exist (create a file first, e.g. truncate -s 1G $p)'
check "the checker flags nvme format on a device" harmful 'try nvme format /dev/nvme0n1 first'
if harmful "'nvme list' shows them; confirm with --yes-destroy \$id_serial; unmount it, swapoff"; then
	not_ok "the checker lets nvme list, --yes-destroy and unmount pass"
else ok "the checker lets nvme list, --yes-destroy and unmount pass"; fi

# ---- every message in the sources
sources=(jobs/ssdnvme-suite jobs/lib/*.sh)
msgs=$tmp/messages
for f in "${sources[@]}"; do
	# Lines that print (comments excepted): their double-quoted strings.
	grep -nE '(\<die\>|\<refuse\>|>&2|echo |printf )' "$f" | grep -vE '^[0-9]+:[[:space:]]*#' |
		while IFS= read -r line; do
			grep -oE '"([^"\\]|\\.)*"' <<<"${line#*:}" | sed "s|^|$f:${line%%:*}: |"
		done
done >"$msgs"
# The --help text is the header comment the runner prints.
sed -n '2,/^set -uo/p' jobs/ssdnvme-suite | sed "s|^|jobs/ssdnvme-suite (help): |" >>"$msgs"
n_msgs=$(wc -l <"$msgs")
check "the message strings were found ($n_msgs)" test "$n_msgs" -gt 150
bad=$(while IFS= read -r m; do harmful "${m#*: }" && echo "$m"; done <"$msgs")
if [ -z "$bad" ]; then ok "no message of the runner suggests or names a destructive command"; else
	not_ok "messages with a destructive command:"
	printf '%s\n' "$bad" | sed 's/^/# /'
fi
sugg=$(while IFS= read -r m; do suggestions "${m#*: }" | sed "s|^|${m%%: *}: |"; done <"$msgs")
n_sugg=$(grep -c . <<<"$sugg")
check "suggestions were extracted ($n_sugg)" test "$n_sugg" -ge 10
dev_sugg=$(printf '%s\n' "$sugg" | sed 's/^[^ ]* \(([a-z]*)\)\{0,1\} *//' | grep '/dev' | grep -vE "confirm with --yes-destroy|e\.g\. /dev/ng0n1\)?$")
if [ -z "$dev_sugg" ]; then
	ok "no suggestion names a /dev path other than as a --yes-destroy confirmation or an example device"
else
	not_ok "suggestions that name /dev:"
	printf '%s\n' "$dev_sugg" | sed 's/^/# /'
fi
printf '%s\n' "$sugg" | sed 's/^/# suggestion: /'

# ---- what the runner prints for the inputs that draw advice
truncate -s 1M "$tmp/f"
fio_cmd_script "$tmp/fio"
run() { jobs/ssdnvme-suite --fio "$tmp/fio" --engine-so "$ENGINE" --fiorank "$FIORANK" "$@" 2>&1; }
printed=$(
	run --suite profiles --short --results "$tmp/r" /dev/ng99n99
	run --suite profiles --short --results "$tmp/r" "$tmp/missing"
	run --suite profiles --short --region 2M --results "$tmp/r" "$tmp/f"
	run --suite profiles --short --results "$tmp/r" "$tmp/f"
	run --suite profiles --short --hosts 127.0.0.1 --dry-run --results "$tmp/r" "$tmp/f"
	run --suite noisy-neighbor --short --results "$tmp/r" "$tmp/f"
	run --suite profiles --short --fiorank /nonexistent --results "$tmp/r" "$tmp/f"
	run --suite profiles --short --region 0% --results "$tmp/r" "$tmp/f"
)
check "the runner gave advice for those inputs" grep -q 'confirm with --yes-destroy' <<<"$printed"
check "a missing /dev node draws no advice to create anything" \
	grep -qx "ssdnvme-suite: /dev/ng99n99 does not exist: no such device on this host (is the drive attached and its driver loaded? 'nvme list' shows the NVMe namespaces)" <<<"$printed"
bad=$(while IFS= read -r m; do harmful "$m" && echo "$m"; done <<<"$printed")
if [ -z "$bad" ]; then ok "none of the printed messages names a destructive command"; else
	not_ok "printed messages with a destructive command:"
	printf '%s\n' "$bad" | sed 's/^/# /'
fi
check "the refused runs wrote nothing" test ! -e "$tmp/r" -a ! -e "$tmp/missing" -a ! -e /dev/ng99n99
tap_done
