# shellcheck shell=bash
# An EC whose GPE lies beyond the chipset's GPE0 block, as on Intel laptops
# (0x6E): the EC device adds a GPE1 block (pc: GPEs 0x10-0x8F, q35:
# 0x40-0xBF) that QEMU's FADT describes; the kernel's ec driver enables GPE
# 0x6E there, and a query from the host runs the same chain as on GPE 0x0C.
EC=0x62,0x66,0x6E
MACHINES="pc q35"
MODULES="wmi"
ACPITABLES="tools/vm/acpi/ec-laptop.asl tools/vm/acpi/ec-gpe-6e.asl"
TIMEOUT=120

guest() {
	acpitrace --json trace --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_signal go
	vm_wait_for 30 grep -q 'HKEY.*"value":119' trace.json
	kill -INT "$pid"
	wait "$pid"
	dmesg | grep -i 'EC: GPE\|GPE1\|gpe block' >ec-dmesg.txt || true
	cat /sys/firmware/acpi/interrupts/gpe6E >gpe6e.txt
}

host() {
	vm_wait_file go 120
	vm_ec write 0x4E 0x77
	vm_ec query 0x2B
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_grep ec-dmesg.txt 'EC: GPE=0x6e'
	expect_event trace.json '.source == "gpe" and .gpe == 110' 
	expect_event trace.json '.source == "ec" and .command == "QR_EC" and .rdata == [43]' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.HKEY" and .value == 119' 1
	expect_eq "$(chain_of '.source == "notify" and .path == "\\_SB.HKEY"')" "sci>gpe>ec>ec_query>notify" "EC hotkey chain on GPE 0x6E"
	# the kernel counted the interrupts on GPE 0x6E, in the GPE1 block
	expect_grep gpe6e.txt '^ *[1-9][0-9]* +(EN|enabled)'
}
