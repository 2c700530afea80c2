# shellcheck shell=bash
# Spurious s2idle wakeups from the EC's GPE. While the guest sits in s2idle
# the host queues 4 EC queries (0x2F), 1 s apart, then presses the power
# button. The EC's GPE wakes s2idle only when the kernel marked it
# wake-capable, which it does when a Low Power S0 device attaches
# (tools/vm/acpi/ec-lps0.asl: without it the queries wait in the EC until
# the resume, entries 1). Each query: the SCI (wake-armed) ends the sleep,
# acpi_s2idle_wake finds no fixed event and no other GPE, acpi_ec_dispatch_gpe
# dispatches the EC's GPE itself ("ACPI EC GPE dispatched", the QR_EC and
# _Q2F run) and the SCI is rearmed ("Rearming ACPI SCI for wakeup"): a
# spurious wakeup, one more machine_suspend entry. The power button then
# wakes it ("ACPI fixed event wakeup").
# acpitrace: that in-band dispatch bypasses acpi_global_event_handler (no GPE
# record), so the EC hook reports each QR_EC of a resume window as an event
# of the EC's GPE (bpf/hooks/suspend.bpf.h): 4 spurious wakeups on GPE
# 0x0C's key, and the advice names the EC (6.12: by ec_sys's ec0/gpe; 6.1
# has no EC debugfs, so trace cannot tell and gives both remedies, while
# stats decides by the GPE having no _Lxx/_Exx method).
EC=default
MODULES=button
APPEND="no_console_suspend"
ACPITABLES="tools/vm/acpi/ec-laptop.asl tools/vm/acpi/ec-lps0.asl"
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

check() {
	local sus='.source == "suspend"'
	# the kernel's side: 4 in-band EC dispatches, each followed by a rearm
	expect_grep dmesg-full.txt 'ACPI: EC: ACPI EC GPE dispatched' 4
	expect_grep dmesg-full.txt 'ACPI: PM: Rearming ACPI SCI for wakeup'
	expect_grep dmesg-full.txt 'ACPI: PM: ACPI fixed event wakeup' 1
	expect_grep ../ec-stats.txt ' qr=4 .* queued=0 '
	expect_event cycles.json '.wakeup_irq == 9' 1
	# the queries ran while the guest slept: 4 QR_EC and 4 _Q2F
	expect_event trace.json '.source == "ec" and .command == "QR_EC" and .rdata == [47] and .result_name == "ok"' 4
	expect_event trace.json '.source == "ec_query" and .query == 47 and .method == "\\_SB.EC0._Q2F"' 4
	# acpitrace: one cycle, 1 + 4 entries, woken by the power button
	expect_event trace.json "$sus" 1
	expect_event trace.json "$sus"' and .state == "s2idle" and .entries == 5 and .wake.source == "fixed" and .wake.key == "power_button" and .wakeup_irq == 9' 1
	expect_grep trace.txt 'suspend s2idle asleep [0-9.]+ s, woken by fixed event power_button \(chain [0-9]+\); 5 entries, 4 spurious \(first GPE 0x0c\);' 1
	# the 4 wakeups that went back to sleep, on the EC's GPE
	expect_event trace.json "$sus"' and .spurious == 4 and .spurious_first.source == "gpe" and (.spurious_first.key | ascii_downcase) == "0x0c"' 1
	expect_grep metrics.prom '^acpitrace_spurious_wakeups_total\{.*gpe.*\} 4$' 1
	if [[ $KERNEL == 6.12 ]]; then
		expect_grep trace.txt "advice: GPE 0x0C caused 4 of 4 spurious s2idle wakeups; it is the embedded controller's: boot with acpi.ec_no_wakeup=1" 1
	else
		expect_grep trace.txt "advice: GPE 0x0C caused 4 of 4 spurious s2idle wakeups; mask it with .*; if it is the embedded controller's, acpi.ec_no_wakeup=1 instead" 1
	fi
	expect_grep stats.txt "advice: GPE 0x0C caused 4 of 4 spurious s2idle wakeups; it is the embedded controller's" 
	expect_grep stats.json '"advice":"advice: GPE 0x0C caused 4 of 4 spurious s2idle wakeups; it is the embedded controller'"'"'s'
}
