# shellcheck shell=bash
# `systemctl reload acpitrace` (ExecReload: SIGHUP; the daemon sends
# RELOADING=1 then READY=1) applies a changed local policy in
# /etc/acpitrace/policy.d: the GED Notify 0x80 on \_SB.SNK0 becomes
# KEY_VOLUMEUP, then KEY_VOLUMEDOWN. A broken policy is refused: the old rules
# stay (still KEY_VOLUMEDOWN), the service stays active and the error, with
# its file and line, is in the journal at priority err. udev knows the
# `acpitrace` input device (udevadm info properties) and the keys arrive on
# its event node.
. "$ROOT/tests/vm/lib/debian.sh"

guest() {
	pol=/etc/acpitrace/policy.d/50-vmtest.policy
	# (helpers from a file: bash prints nested functions in a form dash refuses)
	cat >/tmp/helpers.sh <<'H'
	# policy lines in the journal so far, of one kind
	nlog() { journalctl -b -u acpitrace -o cat | grep -c "$1" || true; }
	more() { [ "$(nlog "$1")" -gt "$2" ]; }
	# reload PATTERN: systemctl reload, then wait for the journal line that
	# ends it (one more line matching PATTERN) and for READY=1 again.
	reload() {
		_n=$(nlog "$1")
		systemctl reload acpitrace
		vm_wait_for 30 more "$1" "$_n"
		vm_wait_for 10 systemctl is-active -q acpitrace
	}
	# press NAME: read one key (press and release) from the acpitrace device
	# while the host presses "1" (Notify 0x80 on SNK0).
	press() {
		evread acpitrace 2 30 >"$1.json" 2>"$1.evread.log" &
		_p=$!
		vm_wait_for 10 grep -q ready "$1.evread.log"
		vm_signal "press-$1"
		wait "$_p"
	}
H
	# shellcheck disable=SC1091 # written just above
	. /tmp/helpers.sh
	printf '# vmtest\nmatch notify hid=ACPT0001:0\n  0x80 -> key KEY_VOLUMEUP\n' >$pol
	reload '^policy '
	systemctl show acpitrace -p StatusText -p NRestarts >show-up.txt
	press up
	for ev in /sys/class/input/input*/event*; do
		if [ "$(cat "${ev%/event*}/name")" = acpitrace ]; then
			udevadm info "/dev/input/${ev##*/}" >udev.txt
			udevadm info -p "${ev%/event*}" >udev-input.txt
		fi
	done
	printf '# vmtest\nmatch notify hid=ACPT0001:0\n  0x80 -> key KEY_VOLUMEDOWN\n' >$pol
	reload '^policy '
	press down
	printf '# vmtest\nmatch notify hid=ACPT0001:0\n  0x80 -> key KEY_NOSUCHKEY\n' >$pol
	reload 'keeping the previous policy'
	press broken
	systemctl is-active acpitrace >active.txt || true
	systemctl show acpitrace -p NRestarts -p MainPID >show-end.txt
	journalctl -b -u acpitrace -p err -o cat >err.txt
	journalctl -b -u acpitrace -o json >journal.json
	rm -f $pol
}

host() {
	local k
	for k in up down broken; do
		vm_wait_file "press-$k" 120
		vm_sendkey 1
	done
}

check() {
	expect_grep show-up.txt '^NRestarts=0$'
	expect_event up.json '.type == "EV_KEY" and .code == "KEY_VOLUMEUP" and .value == 1' 1
	expect_event up.json '.type == "EV_KEY" and .code == "KEY_VOLUMEUP" and .value == 0' 1
	expect_event down.json '.type == "EV_KEY" and .code == "KEY_VOLUMEDOWN" and .value == 1' 1
	expect_event down.json '.type == "EV_KEY" and .code == "KEY_VOLUMEUP"' 0
	# refused: the previous rules still map 0x80
	expect_event broken.json '.type == "EV_KEY" and .code == "KEY_VOLUMEDOWN" and .value == 1' 1
	expect_grep active.txt '^active$'
	expect_grep show-end.txt '^NRestarts=0$'
	expect_grep err.txt '50-vmtest.policy:3.*KEY_NOSUCHKEY'
	expect_grep err.txt 'keeping the previous policy'
	expect_event journal.json '.PRIORITY == "3" and (.MESSAGE | test("50-vmtest.policy:3"))'
	# two reloads applied, each between RELOADING=1 and READY=1 (the daemon's log)
	expect_event journal.json '.PRIORITY == "6" and (.MESSAGE | test("^SIGHUP: reloading"))' 3
	# udev's view of the uinput device the key rules created
	expect_grep udev.txt '^E: DEVNAME=/dev/input/event[0-9]+$'
	expect_grep udev.txt '^E: ID_INPUT=1$'
	expect_grep udev.txt '^E: ID_INPUT_KEY=1$'
	expect_grep udev-input.txt '^E: NAME="acpitrace"$'
	expect_grep udev-input.txt '^E: ID_INPUT_KEY=1$'
}
