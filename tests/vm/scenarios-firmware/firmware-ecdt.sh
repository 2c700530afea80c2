# shellcheck shell=bash
# tools/vm/run --firmware --ec on the made-up laptop with its ECDT
# (tests/vm/firmware/ecdt.asl: \_SB.PCI0.LPCB.EC, 0x66/0x62, GPE 0x17): the
# ECDT names the EC's own ports and GPE, so tools/vm/run installs it with the
# other tables (early-ecdt.cpio) and the kernel has the EC from the ECDT,
# before the namespace is loaded, as on a laptop ("Boot ECDT EC"); the EC
# device answers a query from the host.
MACHINES=q35
FIRMWARE="tests/vm/firmware/dsdt.asl tests/vm/firmware/ssdt.asl tests/vm/firmware/ecdt.asl"
EC=default
BOOT=own
TIMEOUT=60

guest() {
	dmesg >boot-dmesg.txt
	vm_signal go
	vm_wait 30 done-host
}

host() {
	vm_wait_file go 60
	vm_ec write 0x4E 0x42
	vm_ec query 0x2B
	# _Q2B writes the byte it read back to 0x50
	for _ in $(seq 100); do
		[[ $(vm_ec read 0x50) == 0x42 ]] && break
		sleep 0.1
	done
	vm_ec read 0x50 >"$OUT/ack.txt"
	vm_ec stats >"$OUT/stats.txt"
	vm_signal done-host
}

check() {
	expect_grep boot-dmesg.txt 'Table Upgrade: install \[ECDT-ACPTRC-FWECDT01\]' 1
	expect_grep boot-dmesg.txt 'Boot ECDT EC used to handle transactions' 1
	expect_grep boot-dmesg.txt 'ACPI: EC: GPE=0x17' 1
	expect_grep boot-dmesg.txt 'EC: .*timeout|AE_TIME' 0
	expect_grep ack.txt '^0x42$'
	expect_grep stats.txt 'qr=1 '
}
