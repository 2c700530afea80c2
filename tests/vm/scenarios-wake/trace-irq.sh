# shellcheck shell=bash
# The irq source (trace -s irq): hard IRQs of the IRQs ACPI devices own, with
# the device's path, next to the ACPI records they lead to. IRQ 1 is the
# GED's (i8042 blacklisted), 8 the RTC's (PNP0B00), 9 the SCI. A key press,
# an RTC alarm and the power button; the records count what
# /proc/interrupts counts, and the GED and SCI records continue their
# IRQ's chain. While an alarm is set, the RTC's IRQ fires at 64 Hz (the
# kernel emulates the RTC's interrupts with the HPET): its records lie
# between the count at the last check and the count after trace stopped.
# Shares trace-smi's boot.
. "$ROOT/tests/vm/lib/smi.sh"

guest() {
	irqs() { grep -E '^ *(1|8|9): ' /proc/interrupts | awk '{ printf "%s%s", $2, " " }'; }
	acpitrace --json trace -s irq,sci,fixed,ged,notify --metrics-textfile "$OUT/metrics.prom" \
		--ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	acpitrace trace -s irq,sci,fixed,ged,notify --ready-file "$OUT/ready-text" \
		>trace.txt 2>trace-text.err &
	tpid=$!
	vm_wait_for 90 test -e "$OUT/ready" -a -e "$OUT/ready-text"
	# shellcheck disable=SC2046 # three numbers
	set -- $(irqs)
	b1=$1 b8=$2 b9=$3
	echo +2 >/sys/class/rtc/rtc0/wakealarm
	pwr=$(vm_irq ff_pwr_btn)
	vm_signal go
	vm_wait_irq 60 ff_pwr_btn "$pwr"
	vm_wait_for 30 test -e "$OUT/key-sent"
	vm_wait_for 30 grep -q '"source":"irq".*"irq":8' trace.json
	vm_wait_for 30 grep -q 'SNK0.*"value":129' trace.json
	sleep 1
	# shellcheck disable=SC2046
	set -- $(irqs)
	m8=$2
	sleep 1.5	# the metrics file is written every second
	kill -INT "$pid" "$tpid"
	wait "$pid"
	wait "$tpid" || true
	# shellcheck disable=SC2046
	set -- $(irqs)
	vm_record counters.json irq1="$(($1 - b1))" irq8_min="$((m8 - b8))" irq8_max="$(($2 - b8))" \
		irq9="$(($3 - b9))"
	grep -E '^ *(1|8|9): ' /proc/interrupts >interrupts.txt
}

host() {
	vm_wait_file go 120
	vm_powerdown
	vm_sendkey 2
	touch "$OUT/key-sent"
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	local irq='.source == "irq"'
	expect_grep trace.err 'irq source: IRQ 1 \(ACPI:Ged\) \\_SB_?\.GED0'
	expect_grep trace.err 'irq source: IRQ 8 \(rtc0\) \\_SB_?\.PCI0\.S08_?\.RTC_?'
	expect_grep trace.err 'irq source: IRQ 9 \(acpi\) the SCI'
	# every interrupt of the three IRQs while tracing, as /proc/interrupts counts
	expect_eq "$(count_events "$irq and .irq == 1")" "$(json counters.json '.[0].irq1')" "IRQ 1 records = /proc/interrupts"
	n8=$(count_events "$irq and .irq == 8")
	expect_gt "$n8" "$(($(json counters.json '.[0].irq8_min') - 1))" "IRQ 8 records >= /proc/interrupts at the last check"
	expect_gt "$(($(json counters.json '.[0].irq8_max') + 1))" "$n8" "IRQ 8 records <= /proc/interrupts after trace"
	expect_eq "$(count_events "$irq and .irq == 9")" "$(json counters.json '.[0].irq9')" "IRQ 9 records = /proc/interrupts"
	expect_gt "$(json counters.json '.[0].irq1')" 1 "IRQ 1 interrupts (key press and release)"
	expect_event trace.json "$irq"' and .irq == 1 and .handler == "ACPI:Ged" and .device == "\\_SB.GED0" and .result == "wake_thread" and .duration_ns > 0' 2
	expect_event trace.json "$irq"' and .irq == 8 and .handler == "rtc0" and .device == "\\_SB.PCI0.S08.RTC" and .result == "handled"' "$n8"
	expect_event trace.json "$irq"' and .irq == 9 and .handler == "acpi" and .device == null' 1
	# 6.1 runs the SCI in the hard IRQ, 6.12 in the IRQ's thread
	if [[ $KERNEL == 6.1 ]]; then
		expect_event trace.json "$irq"' and .irq == 9 and .result == "handled"' 1
	else
		expect_event trace.json "$irq"' and .irq == 9 and .result == "wake_thread"' 1
	fi
	# the GED's and the SCI's records continue their IRQ's chain
	expect_eq "$(chain_of '.source == "notify" and .value == 129')" "irq>ged>notify" "key chain"
	expect_eq "$(chain_of '.source == "fixed" and .event == "power_button"')" "irq>sci>fixed" "power button chain"
	expect_grep trace.txt 'IRQ 8 rtc0 \\_SB\.PCI0\.S08\.RTC handled [0-9.]+(ns|us|ms)$'
	expect_grep trace.txt 'IRQ 1 ACPI:Ged \\_SB\.GED0 wake_thread'
	expect_grep trace.txt '^ +[0-9.]+ cpu[0-9]+ +ged +GED irq 1 -> \\_SB\.GED0\._EVT'
	expect_grep metrics.prom '^acpitrace_events_total\{source="irq",key="1"\} 2$'
	expect_grep metrics.prom '^acpitrace_events_total\{source="irq",key="8"\} [1-9][0-9]*$'
}
