# shellcheck shell=bash disable=SC2034 # variables are read by run-all
# CPU hotplug: QMP device_add of a CPU raises GPE 0x02 (Notify \_SB.CPUS.C001,
# value 1) and the guest's gpe02 counter moves, on both kernels.
# 6.1 brings the CPU up (cpu1 appears). Debian's 6.12.117 does not under TCG:
# since the stable fix "x86/acpi/boot: Correct acpi_is_processor_usable()
# check again" it counts QEMU's disabled MADT entries only when it detects a
# hypervisor, and TCG shows none, so the hot-add ends with "Unable to map lapic
# to logical cpu number". The ACPI event path is the same on both.
MACHINES="pc q35"

guest() {
	before=$(vm_irq gpe02)
	vm_signal ready
	vm_wait_irq gpe02 "$before"
	if [ "$KERNEL" = 6.1 ]; then
		vm_wait_for 20 test -d /sys/devices/system/cpu/cpu1
	else
		vm_wait_for 20 sh -c 'dmesg | grep -q "Unable to map lapic"'
	fi
	cpu1=0
	[ -d /sys/devices/system/cpu/cpu1 ] && cpu1=1
	vm_record counters.json event=cpu_hotplug before="$before" after="$(vm_irq gpe02)" cpu1=$cpu1
}

host() {
	vm_wait_file ready
	vm_cpu_add 1
}

check() {
	expect_event counters.json '.event == "cpu_hotplug" and .after == .before + 1' 1
	if [[ $KERNEL == 6.1 ]]; then
		expect_event counters.json '.cpu1 == 1' 1
		expect_grep dmesg.log 'CPU1 has been hot-added' 1
	else
		expect_grep dmesg.log 'Unable to map lapic to logical cpu number' 1
	fi
}
