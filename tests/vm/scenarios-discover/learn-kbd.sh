# shellcheck shell=bash
# acpitrace learn with the emulated AT keyboard: dispatch-led's boot settings
# (no GED fixture: i8042 owns IRQ 1, so QMP send-key reaches the keyboard
# only) plus util-linux script, hence a boot of its own. First, arguments
# refused before attaching: a symlink as --append, /dev/null as --transcript,
# no terminal without --batch, a bad --window. Then --batch with steps from
# stdin ("next"): a key press fires nothing ACPI (while IRQ 1, i8042, counts
# it), and learn says so and points at udev hwdb; the power button (QMP
# system_powerdown, a fixed event) is proposed as `match fixed` /
# `power_button -> key KEY_POWER`, with a warning that the button driver is
# bound to LNXPWRBN:00 (it reports KEY_POWER). Last, the interactive mode on a
# pseudo-terminal (script): the power button again, an answer too long to be
# one, an action the parser refuses, then one it takes; Enter, the power
# button once more (the same rule: not asked again), and q; the chosen action
# is what --append wrote, once.
MODULES="uinput,evdev,button,input_leds"
TIMEOUT=150
BINARIES="${ACPITRACE_EVREAD:-build/tools/evread} /usr/bin/script"

guest() {
	# refused before attaching, with the reason (exit status on the last line)
	ln -s /tmp/x /tmp/link
	for args in "--batch --append /tmp/link" "--batch --transcript /dev/null" "" "--batch --window 5"; do
		rc=0
		# shellcheck disable=SC2086 # the words are the arguments
		acpitrace learn $args </dev/null 2>>refused.txt || rc=$?
		echo "exit=$rc" >>refused.txt
	done
	mkfifo /tmp/steps
	rc=0
	acpitrace learn --batch --window 3000 --baseline 500 -m MHKP \
		</tmp/steps >learn.txt 2>learn.err &
	pid=$!
	exec 3>/tmp/steps
	# the keyboard controller's interrupt count: the key did reach i8042
	kbd_irqs() { awk '$1 == "1:" { print $2 }' /proc/interrupts; }
	kbd_irqs >kbd-irq-before.txt
	echo next >&3
	vm_wait_for 60 grep -q '^step 1: press' learn.txt
	vm_wait_for 30 grep -q '^step 1: [0-9]' learn.txt
	kbd_irqs >kbd-irq-after.txt
	grep -E '^ *1:' /proc/interrupts >kbd-irq-line.txt
	echo next >&3
	vm_wait_for 30 grep -q '^step 2: [0-9]' learn.txt
	echo quit >&3
	exec 3>&-
	wait "$pid" || rc=$?
	echo "exit=$rc" >learn.status
	# interactive: stdin is a terminal (script's pty); answers once asked
	mkdir -p /dev/pts
	mount -t devpts devpts /dev/pts
	mkfifo /tmp/answers
	script -q -f -c "acpitrace learn --window 3000 --baseline 500 --append /tmp/tty.policy" \
		tty.txt </tmp/answers >/dev/null 2>&1 &
	spid=$!
	exec 4>/tmp/answers
	vm_wait_for 30 grep -q 'accept?' tty.txt
	# 300 characters: refused whole, its end not taken as the next answer
	printf 'key KEY_PROG2 %0286d\n' 0 >&4
	vm_wait_for 10 grep -q 'longer than 127' tty.txt
	echo "key KEY_NOPE" >&4
	vm_wait_for 10 grep -q 'not an action' tty.txt
	echo "key KEY_PROG1" >&4
	vm_wait_for 10 grep -q 'next key, q finish' tty.txt
	# Enter: a second step; the same press is not asked about again
	echo >&4
	vm_wait_for 30 sh -c '[ $(grep -c "next key, q finish" tty.txt) -ge 2 ]'
	echo q >&4
	rc=0
	wait "$spid" || rc=$?
	exec 4>&-
	echo "exit=$rc" >tty.status
	cp /tmp/tty.policy tty.policy
}

host() {
	vm_wait_grep learn.txt '^step 1: press the key' 90
	vm_sendkey a
	vm_wait_grep learn.txt '^step 2: press the key' 30
	vm_powerdown
	vm_wait_grep tty.txt 'step 1: press the key' 60
	vm_powerdown
	vm_wait_grep tty.txt 'step 2: press the key' 60
	vm_powerdown
}

check() {
	expect_grep learn.status 'exit=0'
	expect_eq "$(cat "$OUT/refused.txt")" "acpitrace learn: --append /tmp/link: is a symbolic link (refused)
exit=1
acpitrace learn: --transcript /dev/null: not a regular file
exit=1
acpitrace learn: stdin is not a terminal: use --batch (steps from stdin: 'next', 'quit') or --presses N
Try 'acpitrace learn --help'.
exit=2
acpitrace learn: --window '5': expected 100..600000 milliseconds
Try 'acpitrace learn --help'.
exit=2" "refused arguments"
	expect_grep learn.err ', 1 method name watched$'
	expect_grep learn.txt '^step 1: 0 records in 0 chains'
	# ... though the key reached the AT keyboard (i8042 on IRQ 1: press and release)
	expect_grep dmesg.log 'input: AT Translated Set 2 keyboard'
	expect_grep kbd-irq-line.txt 'i8042'
	expect_gt "$(($(cat "$OUT/kbd-irq-after.txt") - $(cat "$OUT/kbd-irq-before.txt")))" 1 "IRQ 1 (i8042) interrupts during step 1"
	expect_grep learn.txt '^  warning:  nothing ACPI: no ACPI event in 3.0 s: this key is on the keyboard controller \(or USB\): use udev hwdb'
	expect_grep learn.txt '^  proposed: match fixed$'
	expect_grep learn.txt '^              power_button -> key KEY_POWER$'
	expect_grep learn.txt "^  action:   from the event's standard meaning \\(fixed power_button\\)$"
	expect_grep learn.txt "^  warning:  kernel driver 'button' is bound to LNXPWRBN:00"
	expect_grep learn.txt '^2 steps, 1 line accepted$'
	expect_grep tty.status 'exit=0'
	expect_grep tty.txt "not an action: longer than 127 characters"
	expect_grep tty.txt "not an action: unknown key 'KEY_NOPE'"
	expect_eq "$(grep -c 'accept?' "$OUT/tty.txt")" 3 "questions asked"
	expect_grep tty.txt 'note:     the same rule as an earlier step: not added again'
	expect_grep tty.txt '2 steps, 1 line accepted, appended to /tmp/tty.policy'
	expect_grep tty.policy '^match fixed$'
	expect_grep tty.policy '^  power_button -> key KEY_PROG1 .*# step 1: fixed power_button$'
}
