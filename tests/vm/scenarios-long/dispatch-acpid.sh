# shellcheck shell=bash
# acpitrace run --acpid-socket with Debian's real acpi_listen (acpid package)
# connected to it: the power button (a fixed event), a GED-injected
# Notify(\_SB.SNK0, 0x80) and a WMI event (Notify(\_SB.WMI0, 0xD0)) arrive as
# exactly the lines acpid would print; the exec action for SNK0 gets the same
# line in ACPITRACE_ACPID_EVENT. No rule names the WMI event: it is relayed
# as acpid did (the wmi driver's line once, for its record, not again for
# the Notify on the PNP0C14 device): the daemon's exit line counts 1 relayed.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="button,wmi"
APPEND=$DISPATCH_APPEND
ACPITABLES="$DISPATCH_TABLES tools/vm/acpi/wmi.asl"
BINARIES="/usr/bin/acpi_listen"
TIMEOUT=150

guest() {
	# shellcheck disable=SC2016 # expanded by the exec action's shell
	printf '#!/bin/sh\nprintf "%%s\\n" "$ACPITRACE_ACPID_EVENT" >%s/exec-acpid.txt\n' "$OUT" >/tmp/acpid-env
	chmod 755 /tmp/acpid-env
	cat >/tmp/test.policy <<'P'
match fixed
  power_button -> log
match notify hid=ACPT0001:0
  0x80 -> exec timeout=5s /tmp/acpid-env
P
	acpitrace -j run --log-events --acpid-socket --policy /tmp/test.policy \
		--ready-file "$OUT/ready" >daemon.json 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	stat -c '%A %F' /run/acpid.socket >socket.txt
	# the PNP0C14 device's name, for the kernel's "wmi <device>" line
	for d in /sys/bus/acpi/devices/PNP0C14:*; do
		[ "$(cat "$d/path")" = '\_SB_.WMI0' ] && basename "$d"
	done >wmi-name.txt
	acpi_listen -c 3 -t 100 -s /run/acpid.socket >listen.txt 2>listen.err &
	lpid=$!
	# connected once the daemon counts a client; it accepts within 100 ms
	sleep 2
	vm_signal go
	wait "$lpid"
	echo "exit=$?" >listen.status
	kill -TERM "$pid"
	wait "$pid"
	echo "exit=$?" >daemon.status
	test -e /run/acpid.socket && echo left >socket-after.txt
	# docs/acpid.md's second line: another path and mode (PATH after '=');
	# then the path after a space, as most options take their value
	acpitrace run --acpid-socket=/run/x.sock --acpid-socket-mode 0660 --policy /tmp/test.policy \
		--ready-file "$OUT/ready-x" >/dev/null 2>x.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready-x"
	stat -c '%a %F' /run/x.sock >x-socket.txt
	kill -TERM "$pid"
	wait "$pid"
	acpitrace run --acpid-socket /run/y.sock --policy /tmp/test.policy \
		--ready-file "$OUT/ready-y" >/dev/null 2>y.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready-y"
	stat -c '%a %F' /run/y.sock >y-socket.txt
	kill -TERM "$pid"
	wait "$pid"
	true
}

host() {
	vm_wait_file go 120
	vm_powerdown
	vm_wait_grep daemon.log 'fixed .*-> log' 30
	vm_sendkey 1
	vm_wait_grep daemon.log 'SNK0 .*-> exec' 30
	vm_sendkey a
}

check() {
	local wmi
	wmi=$(cat "$OUT/wmi-name.txt")
	expect_grep socket.txt '^srw-rw-rw- socket$'
	expect_eq "$wmi" "PNP0C14:00" "WMI0's device name"
	expect_eq "$(cat "$OUT/listen.txt")" "$(printf '%s\n' \
		'button/power PBTN 00000080 00000000' \
		'acpitrace/notify ACPT0001:00 00000080 00000000' \
		"wmi $wmi 000000d0 00000000")" "acpi_listen's lines"
	expect_grep listen.status 'exit=0'
	expect_grep exec-acpid.txt '^acpitrace/notify ACPT0001:00 00000080 00000000$'
	expect_grep daemon.log 'acpid event lines on /run/acpid.socket \(mode 0666\)'
	expect_grep daemon.status 'exit=0'
	expect_grep daemon.log 'exiting: [0-9]+ events received, 2 dispatched, 1 relayed to acpid clients$'
	expect_eq "$(cat "$OUT/socket-after.txt" 2>/dev/null)" "" "socket removed on exit"
	expect_grep x-socket.txt '^660 socket$'
	expect_grep x.log 'acpid event lines on /run/x.sock \(mode 0660\)'
	expect_grep y-socket.txt '^666 socket$'
	expect_grep y.log 'acpid event lines on /run/y.sock \(mode 0666\)'
}
