# shellcheck shell=bash
# acpitrace learn --batch on the dispatch-led boot (no GED fixture: i8042 owns
# IRQ 1, so QMP send-key reaches the emulated AT keyboard only): steps come
# from stdin ("next"). A key press fires nothing ACPI: learn says so and
# points at udev hwdb. The power button (QMP system_powerdown, a fixed event)
# is proposed as `match fixed` / `power_button -> key KEY_POWER`, with a
# warning that the button driver is bound to LNXPWRBN:00 (it reports KEY_POWER).
MODULES="uinput,evdev,button,input_leds"
TIMEOUT=150
BINARIES="${ACPITRACE_EVREAD:-build/tools/evread}"

guest() {
	mkfifo /tmp/steps
	rc=0
	acpitrace learn --batch --window 4000 --baseline 1000 \
		</tmp/steps >learn.txt 2>learn.err &
	pid=$!
	exec 3>/tmp/steps
	echo next >&3
	vm_wait_for 60 grep -q '^step 1: press' learn.txt
	vm_wait_for 30 grep -q '^step 1: [0-9]' learn.txt
	echo next >&3
	vm_wait_for 30 grep -q '^step 2: [0-9]' learn.txt
	echo quit >&3
	exec 3>&-
	wait "$pid" || rc=$?
	echo "exit=$rc" >learn.status
}

host() {
	vm_wait_grep learn.txt '^step 1: press the key' 90
	vm_sendkey a
	vm_wait_grep learn.txt '^step 2: press the key' 30
	vm_powerdown
}

check() {
	expect_grep learn.status 'exit=0'
	expect_grep learn.txt '^step 1: 0 records in 0 chains'
	expect_grep learn.txt '^  warning:  nothing ACPI: no ACPI event in 4.0 s: this key is on the keyboard controller \(or USB\): use udev hwdb'
	expect_grep learn.txt '^  proposed: match fixed$'
	expect_grep learn.txt '^              power_button -> key KEY_POWER$'
	expect_grep learn.txt "^  action:   from the event's standard meaning \\(fixed power_button\\)$"
	expect_grep learn.txt "^  warning:  kernel driver 'button' is bound to LNXPWRBN:00"
	expect_grep learn.txt '^2 steps, 1 line accepted$'
}
