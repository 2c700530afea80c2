# shellcheck shell=bash
# acpitrace run: SIGHUP with a broken policy logs file:line:column and keeps
# the old rules; the next event is still dispatched.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev"
APPEND=$DISPATCH_APPEND
ACPITABLES=$DISPATCH_TABLES
TIMEOUT=150

guest() {
	printf 'match notify path=\\_SB.SNK0\n  0x80 -> key KEY_MUTE\n' >/tmp/test.policy
	acpitrace run --policy /tmp/test.policy --ready-file "$OUT/ready" 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	evread acpitrace 2 30 >keys1.json 2>evread1.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread1.log
	vm_signal go1
	wait "$epid"
	printf 'match notify path=\\_SB.SNK0\n  0x80 -> key KEY_MUTE\n  0x81 -> key KEY_NO_SUCH\n' >/tmp/test.policy
	kill -HUP "$pid"
	vm_wait_for 10 grep -q 'keeping the previous policy' daemon.log
	evread acpitrace 2 30 >keys2.json 2>evread2.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread2.log
	vm_signal go2
	wait "$epid"
	kill -INT "$pid"
	wait "$pid"
	echo "exit=$?" >daemon.status
}

host() {
	vm_wait_file go1 60
	vm_sendkey 1
	vm_wait_file go2 60
	vm_sendkey 1
}

check() {
	expect_event keys1.json '.code == "KEY_MUTE" and .value == 1' 1
	expect_grep daemon.log '/tmp/test.policy:3:15: unknown key .KEY_NO_SUCH.*; keeping the previous policy'
	expect_event keys2.json '.code == "KEY_MUTE" and .value == 1' 1
	expect_event keys2.json '.code == "MSC_SCAN" and .value == 128' 2
	expect_grep daemon.status 'exit=0'
}
