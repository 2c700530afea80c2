#!/bin/bash
# tests/host/import-acpid.sh ACPITRACE: acpitrace import-acpid on an acpid
# events directory of our own (a rule per kind: power button, lid, battery
# with a program found by name, a brightness key, everything; rules it
# cannot convert; files acpid skips): the policy it prints passes
# `acpitrace check`, stderr names FILE:LINE: REASON for each rule left out,
# the exit status says one was, and -j gives the same as one object.
# Then acpid's own examples (/usr/share/doc/acpid/examples, when the acpid
# package is installed): two rules of three converted, and why not the third.
set -uo pipefail
bin=$(readlink -f "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
ok() { echo "PASS import-acpid $1"; }
bad() { echo "FAIL import-acpid $1"; failed=1; }
expect() { # NAME FILE PATTERN: a line of FILE matches PATTERN (grep -E)
	if grep -qE -- "$3" "$2"; then ok "$1"; else bad "$1: no line /$3/ in:"; sed 's/^/  /' "$2"; fi
}

ev=$tmp/events
mkdir "$ev" "$ev/subdir"
printf '# power\nevent=button[ /]power\naction=/bin/true poweroff\n' >"$ev/powerbtn"
printf 'event=button/lid.*\naction=/bin/true %%e\n' >"$ev/lid"
printf 'Event=^battery\nACTION=true\n' >"$ev/battery"
printf 'event=video/brightnessup\naction=/bin/true up\n' >"$ev/bl-up"
printf 'event=button/lid LID close\naction=/bin/true\n' >"$ev/lid-input"
printf 'event=ac_adapter\naction=/bin/echo ac >/tmp/x\n' >"$ev/ac-shell"
printf 'event=(\naction=/bin/true\n' >"$ev/broken"
printf 'event=.*\naction=/bin/true skipped\n' >"$ev/old.sh"
"$bin" import-acpid "$ev" >"$tmp/out.policy" 2>"$tmp/err.txt"
rc=$?
[[ $rc -eq 1 ]] && ok "exit 1 when a rule is left out" || bad "exit $rc, want 1"
expect "power button" "$tmp/out.policy" '^  power_button -> exec /bin/true poweroff$'
expect "lid, %e dropped" "$tmp/out.policy" '^  0x80 -> exec /bin/true$'
expect "battery, program by name" "$tmp/out.policy" '^  0x81 -> exec /(usr/)?bin/true$'
expect "brightness key" "$tmp/out.policy" '^match notify hid=LNXVIDEO scope=children$'
expect "lid-input named" "$tmp/err.txt" "$ev/lid-input:1: event=button/lid LID close matches no line acpitrace sends"
expect "shell action named" "$tmp/err.txt" "$ev/ac-shell:2: action: needs a shell"
expect "bad regex named" "$tmp/err.txt" "$ev/broken:1: event=\(: not a regular expression: "
expect "skipped name" "$tmp/err.txt" "$ev/old.sh: acpid reads only names of letters"
expect "directory skipped" "$tmp/err.txt" "$ev/subdir: not a regular file"
expect "%e note" "$tmp/err.txt" "$ev/lid:2: %e: /bin/true gets the event's line in"
expect "summary" "$tmp/err.txt" "$ev: 7 rule files, 4 converted, 3 problems$"
if grep -q skipped "$tmp/out.policy"; then bad "old.sh converted"; else ok "old.sh not read"; fi
if "$bin" check -q "$tmp/out.policy" >"$tmp/check.txt" 2>&1; then
	ok "check accepts the policy"
else
	bad "check refuses the policy:"
	sed 's/^/  /' "$tmp/check.txt"
fi
"$bin" -j import-acpid "$ev" >"$tmp/out.json" 2>"$tmp/jerr.txt"
if jq -e --arg ev "$ev" '.converted == 4 and .rules == 7 and
	([.problems[] | select(.note | not)] | length) == 3 and
	(.problems[] | select(.file == ($ev + "/broken")) | .line) == 1 and
	(.policy | test("power_button -> exec /bin/true poweroff"))' "$tmp/out.json" >/dev/null; then
	ok "-j"
else
	bad "-j:"
	sed 's/^/  /' "$tmp/out.json" "$tmp/jerr.txt"
fi
"$bin" import-acpid "$tmp/none" >/dev/null 2>"$tmp/none.txt"
rc=$?
[[ $rc -eq 1 ]] && ok "missing directory: exit 1" || bad "missing directory: exit $rc"
expect "missing directory named" "$tmp/none.txt" "^acpitrace import-acpid: .*$tmp/none: No such file or directory"

ex=/usr/share/doc/acpid/examples
if [[ -f $ex/powerbtn ]]; then
	"$bin" import-acpid "$ex" >"$tmp/ex.policy" 2>"$tmp/ex.txt"
	expect "examples: default.sh skipped" "$tmp/ex.txt" "$ex/default.sh: acpid reads only names"
	expect "examples: summary" "$tmp/ex.txt" "$ex: 3 rule files, 2 converted, 3 problems$"
	expect "examples: ac" "$tmp/ex.policy" '^  0x80 -> exec /etc/acpi/ac.sh$'
	expect "examples: powerbtn taken by default" "$tmp/ex.txt" \
		"$ex/powerbtn:12: match fixed power_button is already taken by $ex/default:17"
else
	echo "SKIP import-acpid examples: no $ex (the acpid package)"
fi
exit $failed
