# shellcheck shell=bash
# Spurious s2idle wakeups from the EC's GPE, draft.
EC=default
MODULES=button
APPEND="no_console_suspend"
ACPITABLES="tools/vm/acpi/ec-laptop.asl"
RESULTS=serial
TIMEOUT=200

guest() {
	acpitrace --json trace --metrics-textfile "$OUT/metrics.prom" --ready-file "$OUT/ready" \
		>trace.json 2>trace.err &
	pid=$!
	acpitrace trace --ready-file "$OUT/ready-text" >trace.txt 2>&1 &
	tpid=$!
	acpitrace --json stats --interval 600 --ready-file "$OUT/ready-stats" >stats.json 2>stats.err &
	spid=$!
	acpitrace stats --interval 600 --ready-file "$OUT/ready-statst" >stats.txt 2>statst.err &
	stpid=$!
	vm_wait_for 120 test -e "$OUT/ready" -a -e "$OUT/ready-text" -a -e "$OUT/ready-stats" -a -e "$OUT/ready-statst"
	cat /sys/firmware/acpi/interrupts/gpe0C >gpe0c-before.txt
	echo 1 >/sys/power/pm_debug_messages
	echo 8 >/proc/sys/kernel/printk
	vm_say s2idle
	echo freeze >/sys/power/state || echo "freeze: $?" >>errors.txt
	vm_say resumed
	vm_record cycles.json wakeup_irq="$(cat /sys/power/pm_wakeup_irq 2>/dev/null || echo none)"
	cat /sys/firmware/acpi/interrupts/gpe0C >gpe0c-after.txt
	echo 4 >/proc/sys/kernel/printk
	vm_wait_for 20 grep -q '"source":"suspend"' trace.json
	vm_wait_for 20 grep -q ' suspend  suspend ' trace.txt
	sleep 1
	kill -INT "$pid" "$tpid" "$spid" "$stpid"
	wait "$pid"
	wait "$tpid" || true
	wait "$spid" || true
	wait "$stpid" || true
	dmesg >dmesg-full.txt
}

host() {
	vm_wait_idle() {
		local i
		for i in $(seq 300); do
			(($(grep -c 'PM: suspend-to-idle' "$OUT/../serial.log") >= $1)) && return 0
			sleep 0.2
		done
		echo "no suspend-to-idle number $1" >&2
		return 1
	}
	vm_wait_said s2idle 150
	vm_wait_idle 1
	sleep 1
	local i
	for ((i = 0; i < 4; i++)); do
		vm_ec query 0x2F
		sleep 1
	done
	vm_ec stats >"$OUT/../ec-stats.txt"
	vm_powerdown
	vm_wait_said resumed 30
}
