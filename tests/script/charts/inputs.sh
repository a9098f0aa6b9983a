# Sourced by the analysis-charts*.sh tests: fiorank arguments for reports of
# many drives built from the committed real fio outputs (tests/data, made by
# tests/data/make-fixtures.sh and the test bed), each input given its own
# drive label: charts_drives N DIR prints N "-d LABEL INPUT" argument pairs, one
# per line pair, cycling over the fixtures below.
# shellcheck shell=bash
charts_fixtures=(
	tests/data/fio/results/iouring-qd4
	tests/data/fio/results/psync-capped
	tests/data/fio/testbed/short-4k-randread/ng0n1
	tests/data/fio/testbed/short-4k-randread/ng0n3
	tests/data/fio/testbed/full-4k-randread/ng0n2
	tests/data/fio/plain/qd1-4k-randread.json
	tests/data/fio/shapes/jsonplus.json
)
charts_drives() { # N DIR: copies the inputs under DIR (fiorank reads a file once)
	local i src
	for ((i = 0; i < $1; i++)); do
		src=${charts_fixtures[i % ${#charts_fixtures[@]}]}
		mkdir -p "$2/$i" && cp -r "$src" "$2/$i/" || return 1
		printf -- '-d\nlab drive %02d %s\n%s\n' "$i" "$(basename "$src")" "$2/$i/$(basename "$src")"
	done
}
