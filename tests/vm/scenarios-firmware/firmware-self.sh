# shellcheck shell=bash
# tools/vm/run --firmware on an acpidump text file of the project's own
# made-up laptop (tests/vm/firmware/dsdt.asl and ssdt.asl, as
# tests/host/firmware.sh checks the tables), with the EC device (EC=default:
# --ec): the kernel's initrd table upgrade replaces QEMU's DSDT with it
# ("Table Upgrade: override") and installs the SSDT beside it ("install");
# the guest still reaches its share through the DSDT's PCIe root bridge; its
# markers ACPT00F1 (DSDT) and ACPT00F2 (SSDT) and its EC (PNP0C09 at
# 0x62/0x66, GPE 0x17 from its _GPE method) are devices; QEMU's own DSDT
# devices (the PNP0B00 RTC, the PNP0501 serial port) are gone.
# The EC device is attached where the firmware says (tools/vm/run reads
# ec.conf: data 0x62, command 0x66, GPE 0x17, not --ec's default GPE 0x0C)
# and answers: the host writes EC byte 0x4E (0x9A) and queues query 0x2B,
# then 0x40; the kernel's ec driver runs the DSDT's _Q2B (RD_EC of 0x4E,
# WR_EC of it to 0x50, Notify of the marker with 0x9A) and the SSDT's _Q40
# (Notify 0x81), each in one chain from the GPE 0x17 SCI.
MACHINES=q35
FIRMWARE="tests/vm/firmware/dsdt.asl tests/vm/firmware/ssdt.asl"
EC=default
BOOT=own
TIMEOUT=120

guest() {
	ls /sys/bus/acpi/devices >devices.txt
	dmesg >boot-dmesg.txt
	cat /sys/bus/acpi/devices/PNP0C09:00/path >ec-path.txt
	acpitrace --json trace --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_signal go
	vm_wait_for 30 grep -q '"value":129' trace.json
	vm_wait 30 done-host
	sleep 1
	kill -INT "$pid"
	wait "$pid"
	cat /sys/firmware/acpi/interrupts/gpe17 >gpe17.txt
}

host() {
	vm_wait_file go 120
	vm_ec write 0x4E 0x9A
	vm_ec query 0x2B
	vm_wait_grep trace.json 'FWT0.*"value":154' 30
	vm_ec query 0x40
	vm_wait_grep trace.json 'FWT0.*"value":129' 30
	vm_ec read 0x50 >"$OUT/ack.txt"
	vm_ec stats >"$OUT/stats.txt"
	grep -o 'acpitrace-ec,[^ ]*' "$OUT/../qemu.cmdline" >"$OUT/ec-device.txt"
	vm_signal done-host
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_grep boot-dmesg.txt 'Table Upgrade: override \[DSDT-BOCHS -BXPC    \]' 1
	expect_grep boot-dmesg.txt 'Table Upgrade: install \[SSDT-ACPTRC-FWSSDT01\]' 1
	expect_grep boot-dmesg.txt 'ACPI: DSDT .*\(v02 BOCHS  BXPC     00000005 INTL' 1
	expect_grep devices.txt '^ACPT00F1:00$' 1
	expect_grep devices.txt '^ACPT00F2:00$' 1
	expect_grep devices.txt '^PNP0A08:00$' 1
	expect_grep devices.txt '^PNP0B00|^PNP0501' 0
	expect_eq "$(cat "$OUT/ec-path.txt")" '\_SB_.PCI0.LPCB.EC__' "EC path"
	# the EC device where the firmware's ec.conf puts it (0x62, 0x66, 0x17)
	expect_eq "$(cat "$OUT/ec-device.txt")" 'acpitrace-ec,data=98,cmd=102,gpe=23,chardev=ec' "EC device"
	expect_grep boot-dmesg.txt 'ACPI: EC: GPE=0x17' 1
	expect_grep boot-dmesg.txt 'EC_CMD/EC_SC=0x66, EC_DATA=0x62'
	expect_grep boot-dmesg.txt 'EC: Used to handle transactions and events' 1
	expect_grep boot-dmesg.txt 'EC: .*timeout|AE_TIME' 0
	# _Q2B of the DSDT: QR_EC -> _Q2B -> RD_EC 0x4E=0x9A, WR_EC 0x50, Notify 0x9A
	expect_event trace.json '.source == "gpe" and .gpe == 23'
	expect_event trace.json '.source == "ec" and .command == "QR_EC" and .rdata == [43] and .result_name == "ok"' 1
	expect_event trace.json '.source == "ec_query" and .query == 43 and .method == "\\_SB.PCI0.LPCB.EC._Q2B" and .handler == "method"' 1
	expect_event trace.json '.source == "ec" and .command == "RD_EC" and .address == 78 and .rdata == [154] and .result_name == "ok"' 1
	expect_event trace.json '.source == "ec" and .command == "WR_EC" and .address == 80 and .wdata == [80,154] and .result_name == "ok"' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.FWT0" and .hid == "ACPT00F1" and .value == 154' 1
	expect_eq "$(chain_of '.source == "notify" and .value == 154')" "sci>gpe>ec>ec_query>notify" "_Q2B's Notify chain"
	expect_eq "$(chain_of '.source == "ec" and .command == "RD_EC"')" "sci>gpe>ec>ec_query>ec" "RD_EC in _Q2B's chain"
	# _Q40 of the SSDT
	expect_event trace.json '.source == "ec_query" and .query == 64 and .method == "\\_SB.PCI0.LPCB.EC._Q40" and .handler == "method"' 1
	expect_eq "$(chain_of '.source == "notify" and .value == 129')" "sci>gpe>ec>ec_query>notify" "_Q40's Notify chain"
	# the EC saw the same: two queries read, the byte written back
	expect_grep stats.txt 'qr=2 '
	expect_grep stats.txt 'queued=0 '
	expect_grep ack.txt '^0x9a$'
	expect_grep gpe17.txt '^ *[1-9]'
}
