#!/bin/bash
# make demo-learn-test: `make demo-learn` driven as a user follows its
# printed instructions — each line typed only once the demo asks for it,
# but the first early: the hotkey 1 while the guest boots (the demo holds it
# until learn's press window opens), at "accept?" the action
# `key KEY_PROG1`, at "next key" q, and once it says run runs with that
# policy the hotkey 1 once more. Checked: the policy learn wrote (the device's
# HID, code 0x90, the typed action), and the key's press and release arriving
# as input events of run's `acpitrace` device.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
tmp=$(mktemp -d)
log=$tmp/log
pid=""
trap '[[ -n $pid ]] && kill "$pid" 2>/dev/null; exec 3>&- ; rm -rf "$tmp"' EXIT
mkfifo "$tmp/in"
start=$SECONDS
make demo-learn <"$tmp/in" >"$log" 2>&1 &
pid=$!
exec 3>"$tmp/in"
fail=0

# wait_for REGEX SECONDS: the demo's output has a line matching it
wait_for() {
	local deadline=$((SECONDS + $2))
	until grep -qE -- "$1" "$log"; do
		if ! kill -0 "$pid" 2>/dev/null || ((SECONDS >= deadline)); then
			echo "FAIL demo-learn: no /$1/ in the output within $2 s"
			tail -40 "$log"
			exit 1
		fi
		sleep 0.2
	done
}
# type LINE: what the user types, then Enter
type_line() { printf '%s\n' "$1" >&3; }

# typed while the guest boots: held until learn's press window opens
wait_for 'booting Debian' 60
type_line 1
wait_for 'step 1: press the key' 240
wait_for 'accept\? \[Enter\] yes' 60
type_line 'key KEY_PROG1'
wait_for 'next key, q finish' 30
type_line q
wait_for '^### acpitrace run now runs with that policy' 60
type_line 1
wait_for 'acpitrace demo --learn: done' 90
exec 3>&-
wait "$pid"
rc=$?
pid=""
if [[ $rc != 0 ]]; then
	echo "FAIL demo-learn: status $rc"; tail -40 "$log"; exit 1
fi
echo "PASS demo-learn: make demo-learn ended by itself, status 0 ($((SECONDS - start)) s)"
out=$(sed -n 's/.*booting Debian .* logs in \(.*\)$/\1/p' "$log")
[[ -d $out ]] || { echo "FAIL demo-learn: no logs folder in the output"; exit 1; }
expect() {
	# a terminal's lines end in CR LF
	if tr -d '\r' <"$3" | grep -qE -- "$2"; then
		echo "PASS demo-learn: $1"
	else
		echo "FAIL demo-learn: $1: no /$2/ in $3"; fail=1
	fi
}
expect "the early press was held" '^### hotkey 1: held until learn opens its press window$' "$log"
expect "learn proposed the unknown device by its HID" '^  proposed: match notify hid=ACPT0010$' "$out/tty.txt"
expect "the policy names the device" '^match notify hid=ACPT0010$' "$out/demo.policy"
expect "the policy has the typed action" '^  0x90 -> key KEY_PROG1 +# step 1: notify \\_SB.HKY0 \(ACPT0010:00\) 0x90$' "$out/demo.policy"
expect "check finds the device" '^ +active: ACPT0010:00 \\_SB.HKY0$' "$out/check.txt"
expect "the policy is shown to the user" '^ +0x90 -> key KEY_PROG1 ' "$log"
expect "the key press arrives" '^input event on /dev/input/event[0-9]+ \(acpitrace\): EV_KEY KEY_PROG1 value 1$' "$log"
expect "the key release arrives" '^input event on /dev/input/event[0-9]+ \(acpitrace\): EV_KEY KEY_PROG1 value 0$' "$log"
expect "run's log names the rule" 'notify \\_SB.HKY0 \(ACPT0010:00\) 0x90 code 0x90 -> key KEY_PROG1' "$log"
cp "$log" "$out/demo-learn-test.log" && echo "demo-learn: what the demo printed: $out/demo-learn-test.log"
[[ -f $out/.timing ]] && echo "demo-learn: guest time: $(tr '\n' ' ' <"$out/.timing")"
((fail)) && tail -60 "$log"
exit "$fail"
