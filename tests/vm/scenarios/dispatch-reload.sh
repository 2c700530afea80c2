# shellcheck shell=bash
# acpitrace run: SIGHUP with a broken policy logs file:line:column and keeps
# the old rules; the next event is still dispatched. The input device has
# its fixed ids and phys (/proc/bus/input/devices, sysfs, uevent), keeps its
# eventN across a reload with the same keys and gets a new one (same
# identity) when the key set changes.
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
	grep -B1 -A8 'Name="acpitrace"' /proc/bus/input/devices >devices1.txt
	for d in /sys/class/input/input*; do
		[ "$(cat "$d/name")" = acpitrace ] && dev=$d
	done
	for f in phys id/bustype id/vendor id/product id/version uevent; do
		echo "$f: $(tr '\n' ' ' <"$dev/$f")"
	done >sysfs.txt
	# same keys, one more rule: the same device
	printf 'match notify path=\\_SB.SNK0\n  0x80 -> key KEY_MUTE\n  0x81 -> log\n' >/tmp/test.policy
	kill -HUP "$pid"
	# shellcheck disable=SC2016 # expanded by the inner sh
	vm_wait_for 10 sh -c '[ "$(grep -c "policy /tmp/test.policy: " daemon.log)" -eq 2 ]'
	# another key: a new device, with the same identity
	printf 'match notify path=\\_SB.SNK0\n  0x80 -> key KEY_MUTE\n  0x81 -> key KEY_PROG1\n' >/tmp/test.policy
	kill -HUP "$pid"
	# shellcheck disable=SC2016 # expanded by the inner sh
	vm_wait_for 10 sh -c '[ "$(grep -c "policy /tmp/test.policy: " daemon.log)" -eq 3 ]'
	grep -B1 -A8 'Name="acpitrace"' /proc/bus/input/devices >devices2.txt
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
	expect_grep devices1.txt '^I: Bus=0006 Vendor=ac71 Product=0001 Version=0001$'
	expect_grep devices1.txt '^P: Phys=acpitrace/input0$'
	expect_grep devices2.txt '^I: Bus=0006 Vendor=ac71 Product=0001 Version=0001$'
	expect_grep devices2.txt '^P: Phys=acpitrace/input0$'
	expect_grep sysfs.txt '^phys: acpitrace/input0 $'
	expect_grep sysfs.txt '^id/vendor: ac71 $'
	expect_grep sysfs.txt 'PRODUCT=6/ac71/1/1 NAME="acpitrace" PHYS="acpitrace/input0"'
	# keys on: the first load, the reload with the same keys, the one with a new key
	local nodes
	nodes=$(grep -o 'keys on /dev/input/event[0-9]*' "$OUT/daemon.log" | awk '{print $3}' | tr '\n' ' ')
	echo "event devices per load: $nodes"
	read -r n1 n2 n3 <<<"$nodes"
	expect_eq "$n2" "$n1"
	if [[ -n $n3 && $n3 != "$n1" ]]; then
		_pass "a new key set: a new device ($n3, was $n1)"
	else
		_fail "a new key set: expected a new device, got '$n3' (was $n1)"
	fi
}
