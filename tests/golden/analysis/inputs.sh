# The fiorank arguments behind the golden reports (sourced by regen.sh and
# tests/script/analysis-golden.sh; paths relative to the repository root).
# The inputs include files that must be skipped (terse, truncated) and jobs
# that must be excluded (fio error set), so the reports show those too and
# fiorank exits 1.  One file is labelled with markup in its drive name, which
# every format must escape; named first, it is not read again with its
# directory.
# shellcheck shell=bash
# shellcheck disable=SC2034  # read by the files that source this one
GOLDEN_ARGS=(
	-r analysis/reference
	-d '<b>"lab" & drive</b>' tests/data/fio/shapes/json.json
	-d '' tests/data/fio/results
	tests/data/fio/shapes
	tests/data/fio/shapes/terse.txt
)
# The report's header names fiorank's version, its date and the command line
# (argv[0] is wherever fiorank was built): the goldens hold them as VERSION,
# SOURCE_DATE_EPOCH=0's date and "fiorank".
export SOURCE_DATE_EPOCH=0
golden_norm() { # FIORANK FILE: rewrites FILE in place
	local version
	version=$("$1" --version | cut -d' ' -f2)
	sed -i -e "s|$1|fiorank|g" -e "s|$version|VERSION|g" "$2"
}
