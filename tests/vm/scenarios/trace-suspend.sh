# shellcheck shell=bash
# Suspend cycles as records, and what woke them, on s2idle (QEMU wakes an
# s2idle guest only through a wake-armed IRQ: the SCI). 1: the power button
# (fixed event, button module) wakes it. 2: a GED key press while asleep
# (IRQ 1 is not wake-armed: the key cannot wake it), then, unless the guest
# says it resumed within 6 s, the power button again. Runtime GPEs (hotplug)
# are disabled during s2idle: only wake GPEs (_PRW) could wake it.
# S3 cannot be tested here: QEMU 7.2 (TCG) resets the guest in the kernel's
# wakeup trampoline (README "Why did my laptop wake up?"). The 9p share does
# not survive a suspend cycle: results come back over the second serial
# port (RESULTS=serial).
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES=button
APPEND="$DISPATCH_APPEND no_console_suspend"
ACPITABLES=$DISPATCH_TABLES
BINARIES=""
RESULTS=serial
TIMEOUT=150

guest() {
	acpitrace --json trace --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	acpitrace trace --ready-file "$OUT/ready-text" >trace.txt 2>&1 &
	tpid=$!
	vm_wait_for 90 test -e "$OUT/ready-text"
	cat /sys/power/mem_sleep >mem_sleep.txt
	# the host waits for the kernel's "PM: suspend-to-idle" on the console
	echo 1 >/sys/power/pm_debug_messages
	echo 8 >/proc/sys/kernel/printk
	vm_say s2idle-1
	echo freeze >/sys/power/state || echo "pwr: $?" >>errors.txt
	vm_record cycles.json n=1 wakeup_irq="$(cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none)"
	vm_say s2idle-2
	echo freeze >/sys/power/state || echo "key: $?" >>errors.txt
	vm_say resumed-2
	vm_record cycles.json n=2 wakeup_irq="$(cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none)"
	echo 4 >/proc/sys/kernel/printk
	grep -E '^ *(1|9): ' /proc/interrupts >interrupts.txt
	sleep 1
	kill -INT "$pid" "$tpid"
	wait "$pid"
	wait "$tpid" || true
}

host() {
	# until the console shows the Nth "PM: suspend-to-idle"
	vm_wait_idle() {
		local i
		for i in $(seq 300); do
			(($(grep -c 'PM: suspend-to-idle' "$OUT/../serial.log") >= $1)) && return 0
			sleep 0.2
		done
		echo "no suspend-to-idle number $1" >&2
		return 1
	}
	vm_wait_said s2idle-1 120
	vm_wait_idle 1
	sleep 1
	vm_powerdown
	vm_wait_said s2idle-2 60
	vm_wait_idle 2
	sleep 1
	vm_sendkey 1
	if vm_wait_said resumed-2 6 2>/dev/null; then
		echo "the key woke it" >"$OUT/../woke-by.txt"
	else
		vm_powerdown
		echo "the power button woke it" >"$OUT/../woke-by.txt"
	fi
}

check() {
	:
}
