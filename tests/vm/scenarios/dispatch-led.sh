# shellcheck shell=bash
# acpitrace run on real hardware models and a changing key set, all driven by
# the power button (QMP system_powerdown, a fixed event: no GED, so i8042
# stays and the AT keyboard's caps-lock LED exists through input_leds):
#   1. power_button -> led <inputN::capslock> toggle: brightness 0 -> 1 -> 0
#   2. SIGHUP: -> key KEY_PROG1: the `acpitrace` device appears (it had no
#      keys before) declaring exactly KEY_PROG1; the next press is read back
#   3. SIGHUP: -> switch SW_LID toggle: the device is recreated with only
#      SW_LID (never SW_RFKILL_ALL); two presses give SW_LID 1, 0
#   4. SIGHUP: -> led on, then SIGHUP: -> led off
MODULES="uinput,evdev,button,input_leds"
TIMEOUT=150
BINARIES="${ACPITRACE_EVREAD:-build/tools/evread}"

guest() {
	vm_wait_for 30 sh -c 'ls /sys/class/leds | grep -q capslock'
	led=$(ls /sys/class/leds | grep capslock | head -n 1)
	echo "$led" >led-name.txt
	b=/sys/class/leds/$led/brightness
	n=0
	press() {	# ask the host for power button press number $n, wait for its dispatch
		n=$((n + 1))
		vm_signal "pb$n"
		vm_wait_for 30 sh -c "[ \$(grep -c 'fixed .* -> ' daemon.log) -ge $n ]"
		usleep 200000
	}
	policy() {	# switch to a new policy and wait until it is active
		loads=$(grep -c '^acpitrace: info: policy ' daemon.log)
		printf 'match fixed\n  power_button -> %s\n' "$1" >/tmp/test.policy
		kill -HUP "$pid"
		vm_wait_for 20 sh -c "[ \$(grep -c '^acpitrace: info: policy ' daemon.log) -gt $loads ]"
	}
	printf 'match fixed\n  power_button -> led %s toggle\n' "$led" >/tmp/test.policy
	acpitrace run --log-events --policy /tmp/test.policy --ready-file "$OUT/ready" 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_record led.json step=start brightness="$(cat "$b")" max="$(cat /sys/class/leds/"$led"/max_brightness)"
	press
	vm_record led.json step=toggle1 brightness="$(cat "$b")"
	press
	vm_record led.json step=toggle2 brightness="$(cat "$b")"

	policy 'key KEY_PROG1'
	evread -c acpitrace 10 >caps1.json
	evread acpitrace 2 30 >keys1.json 2>evread1.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread1.log
	press
	wait "$epid"

	policy 'switch SW_LID toggle'
	evread -c acpitrace 10 >caps2.json
	evread acpitrace 2 30 >sw.json 2>evread2.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread2.log
	press
	press
	wait "$epid"

	policy "led $led on"
	press
	vm_record led.json step=on brightness="$(cat "$b")"
	policy "led $led off"
	press
	vm_record led.json step=off brightness="$(cat "$b")"
	ls /dev/input >devices-after.txt
	kill -TERM "$pid"
	wait "$pid"
	echo "exit=$?" >daemon.status
}

host() {
	local i
	for i in 1 2 3 4 5 6 7; do
		vm_wait_file "pb$i" 90
		vm_powerdown
	done
}

check() {
	expect_grep led-name.txt '::capslock$'
	expect_event led.json '.step == "start" and .brightness == 0 and .max >= 1' 1
	expect_event led.json '.step == "toggle1" and .brightness >= 1' 1
	expect_event led.json '.step == "toggle2" and .brightness == 0' 1
	expect_event led.json '.step == "on" and .brightness >= 1' 1
	expect_event led.json '.step == "off" and .brightness == 0' 1
	expect_grep daemon.log 'fixed .* -> led input[0-9]*::capslock toggle \(rule #0 /tmp/test.policy:2\)'
	expect_grep daemon.log 'led input[0-9]*::capslock: 0 -> 1'
	# key set {} -> {KEY_PROG1} -> {SW_LID} -> {}: the device follows
	expect_event caps1.json '.keys == ["KEY_PROG1"] and .switches == []' 1
	expect_event keys1.json '.type == "EV_MSC" and .code == "MSC_SCAN" and .value == 2' 2   # the fixed event's number (power button)
	expect_event keys1.json '.code == "KEY_PROG1" and .value == 1' 1
	expect_event keys1.json '.code == "KEY_PROG1" and .value == 0' 1
	expect_event caps2.json '.keys == [] and .switches == ["SW_LID"]' 1
	expect_event caps2.json '.switches | index("SW_RFKILL_ALL") == null' 1
	expect_event sw.json '.type == "EV_SW" and .code == "SW_LID" and .value == 1' 1
	expect_event sw.json '.type == "EV_SW" and .code == "SW_LID" and .value == 0' 1
	expect_grep daemon.status 'exit=0'
}
