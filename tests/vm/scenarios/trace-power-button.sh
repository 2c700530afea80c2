# shellcheck shell=bash
# acpitrace on the power button: one fixed event (power_button) caused by one
# SCI, cross-checked with /sys/firmware/acpi/interrupts; plus `probe --json`.
MODULES=button,wmi

guest() {
	acpitrace --json probe >probe.json
	acpitrace --json trace --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	before=$(vm_irq ff_pwr_btn) sci_before=$(vm_irq sci)
	vm_signal go
	vm_wait_irq 20 ff_pwr_btn "$before"
	vm_record counters.json pwr_before="$before" pwr_after="$(vm_irq ff_pwr_btn)" \
		sci_before="$sci_before" sci_after="$(vm_irq sci)"
	kill -INT "$pid"
	wait "$pid"
}

host() {
	vm_wait_file go 120
	vm_powerdown
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_event probe.json '.vmlinux_btf and .fentry.ok and .kprobe.ok' 1
	# QEMU's qemu64 CPU says AuthenticAMD: no SMI counter (docs/wake.md "SMI accounting")
	expect_event probe.json '(.smi.ok | not) and (.smi.detail | contains("the msr PMU has no smi event"))' 1
	# 5.10: wmi.ko has no BTF (wmi_notify is a kprobe) and ec_txn is inlined;
	# wmi_notify_device is not in 5.10 nor 6.1 (the attach table in
	# docs/architecture.md)
	local fentry=14 notify=fentry device=fentry
	[[ $KERNEL != 5.10 ]] || fentry=13 notify=kprobe
	[[ $KERNEL != 5.10 && $KERNEL != 6.1 ]] || device=skip
	expect_event probe.json "[.hooks[] | select(.mode == \"fentry\")] | length >= $fentry" 1
	expect_event probe.json ".hooks[] | select(.hook == \"wmi_notify\") | .mode == \"$notify\"" 1
	expect_event probe.json ".hooks[] | select(.hook == \"wmi_device\") | .mode == \"$device\"" 1
	expect_event trace.json '.source == "fixed" and .event == "power_button" and .event_id == 2 and .context == "sci"' 1
	expect_eq "$(chain_of '.source == "fixed"')" "sci>fixed" "power button chain"
	expect_eq "$(count_events '.source == "fixed"')" \
		"$(json counters.json '.[0].pwr_after - .[0].pwr_before')" "fixed events = ff_pwr_btn delta"
	expect_eq "$(count_events '.source == "sci"')" \
		"$(json counters.json '.[0].sci_after - .[0].sci_before')" "sci records = sci delta"
	expect_no_drops
}
