# shellcheck shell=bash
# acpitrace on QEMU's ACPI hotplug: CPU (GPE 0x02), memory (GPE 0x03) and
# PCI plug + eject (GPE 0x01), each as the chain SCI > GPE > _Exx > Notify,
# on both machines; GPE counts cross-checked with /sys/firmware/acpi/interrupts.
MACHINES="pc q35"
TIMEOUT=150
# BOOT=own: CPU 1, the DIMM and the NIC stay plugged.
BOOT=own

guest() {
	# CPU, memory and PCI plug each end in a Notify(device, 1)
	three_device_checks() {
		[ "$(grep -c '"value":1,"meaning":"device_check"' trace.json)" -ge 3 ]
	}

	acpitrace --json trace --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	g1=$(vm_irq gpe01) g2=$(vm_irq gpe02) g3=$(vm_irq gpe03) sci=$(vm_irq sci)
	vm_signal go
	# the last record of each chain is the Notify: wait for it in the output
	vm_wait_for 30 grep -q 'C001","device":"LNXCPU:01","hid":"LNXCPU","value":1' trace.json
	vm_wait_for 30 grep -q 'MP00.*"value":1' trace.json
	# unplug only once the plug has been handled: a device_del racing the
	# plug's GPE makes QEMU raise the eject request twice
	vm_wait 60 plugged
	vm_wait_for 30 three_device_checks
	vm_signal unplug
	vm_wait 60 unplugged
	vm_wait_for 30 grep -q '"value":3,"meaning":"eject_request"' trace.json
	vm_record counters.json gpe01="$(($(vm_irq gpe01) - g1))" gpe02="$(($(vm_irq gpe02) - g2))" \
		gpe03="$(($(vm_irq gpe03) - g3))" sci="$(($(vm_irq sci) - sci))"
	kill -INT "$pid"
	wait "$pid"
}

host() {
	vm_wait_file go 120
	vm_cpu_add 1
	vm_mem_add 1
	vm_pci_add nic1
	vm_signal plugged
	vm_wait_file unplug 60
	for _ in $(seq 100); do
		vm_pci_del nic1 2>/dev/null && break
		sleep 0.1
	done
	vm_signal unplugged
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	local pci='.path == "\\_SB.PCI0.S30"'
	[[ $MACHINE == q35 ]] && pci='(.path | test("^\\\\_SB\\.PCI0\\.S28\\.S00$"))'
	expect_event trace.json '.source == "gpe" and .gpe == 2 and .block == "\\_GPE" and .dispatch == "method" and .method == "\\_GPE._E02" and .trigger == "edge"' 1
	expect_event trace.json '.source == "method" and .context == "gpe_method" and .gpe == 2 and .path == "\\_GPE._E02" and .duration_ns > 0' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.CPUS.C001" and .value == 1 and .meaning == "device_check" and .context == "gpe_method"' 1
	expect_eq "$(chain_of '.source == "notify" and .path == "\\_SB.CPUS.C001"')" "sci>gpe>method>notify" "CPU hotplug chain"
	expect_event trace.json '.source == "gpe" and .gpe == 3 and .method == "\\_GPE._E03"' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.MHPC.MP00" and .value == 1' 1
	expect_eq "$(chain_of '.source == "notify" and .path == "\\_SB.MHPC.MP00"')" "sci>gpe>method>notify" "memory hotplug chain"
	expect_event trace.json ".source == \"notify\" and $pci and .value == 1" 1
	expect_event trace.json ".source == \"notify\" and $pci and .value == 3 and .meaning == \"eject_request\"" 1
	expect_eq "$(chain_of ".source == \"notify\" and $pci and .value == 3")" "sci>gpe>method>notify" "PCI eject chain"
	for g in 1 2 3; do
		expect_eq "$(count_events ".source == \"gpe\" and .gpe == $g")" \
			"$(json counters.json ".[0].gpe0$g")" "GPE $g records = gpe0$g delta"
	done
	expect_eq "$(count_events '.source == "sci"')" "$(json counters.json '.[0].sci')" "sci records = sci delta"
	expect_no_drops
	check_timeline
}

# acpitrace timeline on this guest recording (docs/recordings.md "Timeline"): the CPU
# plug's chain as SVG, every record a box, every record but the root an
# arrow's end, SCI and GPE in the SCI's lane, the _Exx methods and their
# Notifies in kworkers'; both formats pass make timelinetest's checker.
check_timeline() {
	local bin=$ROOT/build/acpitrace tc=$ROOT/tests/host/timeline_check.py chain n
	chain=$(json trace.json '[.[] | select(.source == "notify" and .path == "\\_SB.CPUS.C001")][0].chain')
	"$bin" timeline --chain "$chain" -o "$OUT/timeline-cpu.svg" "$OUT/trace.json" 2>"$OUT/timeline.err"
	expect_eq "$("$tc" svg "$OUT/timeline-cpu.svg" >/dev/null 2>&1 && echo xml)" xml "timeline SVG of chain #$chain is well-formed"
	# one SCI may handle the memory plug's GPE too (q35, 6.12): then the
	# chain has 7 records, and 2 kworkers ran the methods
	n=$(json trace.json "[.[] | select(.chain == $chain)] | length")
	expect_grep timeline-cpu.svg '^<g class="(sci|gpe|method|notify)" data-id=' "$n"
	expect_grep timeline-cpu.svg '^<line class="link"' "$((n - 1))"
	expect_grep timeline-cpu.svg '>SCI cpu[0-9]+</text>$' 1
	expect_grep timeline-cpu.svg '>kworker/[^<]* \[[0-9]+\]</text>$'
	expect_grep timeline-cpu.svg 'Notify\(\\_SB.CPUS.C001( \(LNXCPU:01\))?, 0x01\) device_check' 1
	"$bin" timeline --format chrome -o "$OUT/timeline.json" "$OUT/trace.json" 2>>"$OUT/timeline.err"
	expect_eq "$("$tc" chrome "$OUT/timeline.json" 2>&1 | sed 's/^[0-9]* slices, [0-9]* flows, .*/ok/')" ok \
		"timeline trace-event JSON of the whole recording passes the checker"
}
