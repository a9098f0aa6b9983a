# Sourced by the HTML tests after $tmp is set: headless Chromium (Debian
# package chromium) as `chrome ARGS...`, no network, its own profile in
# $tmp; without it the test prints one "ok ... # SKIP" line and exits.
# shellcheck shell=bash
CHROMIUM=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$CHROMIUM" ]; then
	skip "chromium is not installed (Debian package chromium)"
	tap_done
	exit 0
fi
# shellcheck disable=SC2154  # $tmp is set by the test that sources this file
chrome() {
	timeout 120 "$CHROMIUM" --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--hide-scrollbars --user-data-dir="$tmp/profile" "$@" 2>>"$tmp/chromium.err"
}
