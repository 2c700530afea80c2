# shellcheck shell=bash
# tools/vm/run --firmware on an acpidump text file of the project's own
# made-up laptop (tests/vm/firmware/dsdt.asl and ssdt.asl, as
# tests/host/firmware.sh checks the tables): the kernel's initrd table upgrade
# replaces QEMU's DSDT with it ("Table Upgrade: override") and installs the
# SSDT beside it ("install"); the guest still reaches its share through the
# DSDT's PCIe root bridge; its markers ACPT00F1 (DSDT) and ACPT00F2 (SSDT)
# and its EC (PNP0C09 at 0x62/0x66, GPE 0x17 from its _GPE method) are
# devices; QEMU's own DSDT devices (the PNP0B00 RTC, the PNP0501 serial
# port) are gone. No EC answers here: nothing reads its region at boot.
MACHINES=q35
FIRMWARE="tests/vm/firmware/dsdt.asl tests/vm/firmware/ssdt.asl"
BOOT=own
TIMEOUT=60

guest() {
	ls /sys/bus/acpi/devices >devices.txt
	dmesg >boot-dmesg.txt
	cat /sys/bus/acpi/devices/PNP0C09:00/path >ec-path.txt
}

check() {
	expect_grep boot-dmesg.txt 'Table Upgrade: override \[DSDT-BOCHS -BXPC    \]' 1
	expect_grep boot-dmesg.txt 'Table Upgrade: install \[SSDT-ACPTRC-FWSSDT01\]' 1
	expect_grep boot-dmesg.txt 'ACPI: DSDT .*\(v02 BOCHS  BXPC     00000005 INTL' 1
	expect_grep devices.txt '^ACPT00F1:00$' 1
	expect_grep devices.txt '^ACPT00F2:00$' 1
	expect_grep devices.txt '^PNP0A08:00$' 1
	expect_grep devices.txt '^PNP0B00|^PNP0501' 0
	expect_eq "$(cat "$OUT/ec-path.txt")" '\_SB_.PCI0.LPCB.EC__' "EC path"
	expect_grep boot-dmesg.txt 'ACPI: EC: GPE=0x17' 1
	expect_grep boot-dmesg.txt 'EC_CMD/EC_SC=0x66, EC_DATA=0x62'
}
