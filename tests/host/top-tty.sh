#!/bin/bash
# tests/host/top-tty.sh ACPITRACE — `acpitrace top` on this machine, under a
# pseudo-terminal (script(1) from bsdutils allocates one) and without one.
# Where the kernel refuses tracing (the usual build host) top must say so
# before touching the terminal; where it can trace, the ncurses view must
# draw a frame and quit on q. Prints ok/FAIL lines; exits 1 on a failure.
set -uo pipefail

bin=${1:?usage: tests/host/top-tty.sh path/to/acpitrace}
failures=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/acpitrace-top.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

ok() { echo "ok   $*"; }
fail() { echo "FAIL $*"; failures=$((failures + 1)); }

# expect WHAT WANT-RC GOT-RC FILE REGEX
expect() {
	if [[ $3 == "$2" ]] && grep -qE -- "$5" "$4"; then
		ok "$1 (exit $3)"
	else
		fail "$1: expected exit $2 and /$5/, got exit $3:"
		sed 's/^/       /' "$4" | head -n 20
	fi
}

# In a pty: stdin and stdout are terminals. `script -e` returns top's status.
pty() {
	TERM=${TERM_FOR_TEST:-xterm} timeout 20 script -qec "$*" /dev/null
}

if "$bin" stats --interval 0.1 >/dev/null 2>&1; then
	# This kernel traces: the real view, then q.
	rc=0
	{ sleep 2; printf q; } | pty "$bin" top --interval 0.5 >"$tmp/pty.out" 2>&1 || rc=$?
	expect "top under a pty draws a frame and quits on q" 0 "$rc" "$tmp/pty.out" 'acpitrace top .*storms: '
	rc=0
	TERM_FOR_TEST=no-such-terminal pty "$bin" top >"$tmp/term.out" 2>&1 </dev/null || rc=$?
	expect "top with an unknown TERM" 1 "$rc" "$tmp/term.out" \
		"ncurses cannot drive terminal type 'no-such-terminal' \(TERM\); use --batch"
else
	# The kernel refuses (or, not root: the privileges are missing, as in a
	# packager's build): top says why, in plain text, and never starts ncurses.
	rc=0
	pty "$bin" top </dev/null >"$tmp/pty.out" 2>&1 || rc=$?
	if [[ $(id -u) -ne 0 ]]; then
		expect "top under a pty without root" 1 "$rc" "$tmp/pty.out" \
			'needs root, or the capabilities CAP_BPF'
	else
		expect "top under a pty on a kernel that refuses tracing" 1 "$rc" "$tmp/pty.out" \
			'this kernel \(.*\) does not let acpitrace trace:'
		expect "... names both attach modes" 1 "$rc" "$tmp/pty.out" 'kprobe: '
	fi
	if grep -q $'\e\\[?1049h' "$tmp/pty.out"; then
		fail "top switched the terminal to the alternate screen before failing"
	else
		ok "top left the terminal alone"
	fi
fi

rc=0
"$bin" top </dev/null >"$tmp/notty.out" 2>&1 || rc=$?
expect "top without a terminal" 1 "$rc" "$tmp/notty.out" \
	'^acpitrace top: standard input is not a terminal; use --batch for text frames$'
rc=0
"$bin" top --iterations 2 >"$tmp/usage.out" 2>&1 || rc=$?
expect "top --iterations without --batch" 2 "$rc" "$tmp/usage.out" '--iterations needs --batch'
rc=0
"$bin" top --batch -n 0 >"$tmp/usage0.out" 2>&1 || rc=$?
expect "top --batch -n 0" 2 "$rc" "$tmp/usage0.out" "--iterations '0': expected a number > 0"
rc=0
"$bin" stats --batch >"$tmp/usage-stats.out" 2>&1 || rc=$?
expect "stats has no --batch" 2 "$rc" "$tmp/usage-stats.out" "unknown option '--batch'"
rc=0
"$bin" top --help >"$tmp/help.out" 2>&1 || rc=$?
expect "top --help lists --batch" 0 "$rc" "$tmp/help.out" '-b, --batch'

((failures == 0)) || { echo "$failures failed"; exit 1; }
echo "top-tty: all passed"
