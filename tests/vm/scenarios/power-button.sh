# shellcheck shell=bash disable=SC2034 # variables are read by run-all
# Power button: QMP system_powerdown raises the ACPI fixed event; the guest
# sees the ff_pwr_btn and sci counters move. Proves QMP, file sync and asserts.
MODULES=button   # the fixed event is enabled once the button driver binds

guest() {
	before=$(vm_irq ff_pwr_btn)
	vm_signal ready
	vm_wait_irq ff_pwr_btn "$before"
	vm_record counters.json event=power_button before="$before" after="$(vm_irq ff_pwr_btn)" sci="$(vm_irq sci)"
}

host() {
	vm_wait_file ready
	vm_powerdown
}

check() {
	expect_event counters.json '.event == "power_button" and .after == .before + 1' 1
	expect_gt "$(json counters.json '.[0].sci')" 0 "sci count"
}
