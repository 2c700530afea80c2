# shellcheck shell=bash
# acpitrace inventory on a guest whose EC answers: its EC section names the
# EC (\_SB.EC0, PNP0C09), its query methods _Q2A.._Q2F from the tables, and
# on 6.12 its GPE 0x0C and the real EC RAM read through debugfs (ec_sys is
# built in): the bytes the host wrote just before are in the registers.
# Debian's 6.1 is built without CONFIG_ACPI_EC_DEBUGFS (no /sys/kernel/debug/ec
# at all): there the GPE is unknown and the registers missing, and the
# section names the missing folder; the queries still come from the tables.
# The thermal zone \_TZ.ECTZ reads its temperature from EC byte 0x10: reading
# it runs _TMP, whose RD_EC returns the host's byte (0x2D = 45 C, so
# 45000 m°C in sysfs and in the inventory). ec-laptop-crt.asl gives the zone
# the trip point 6.1 needs to register it.
EC=default
MODULES="wmi,uinput,evdev,button,ac"
ACPITABLES="tools/vm/acpi/ec-laptop.asl tools/vm/acpi/ec-laptop-crt.asl"
BINARIES="${ACPITRACE_EVREAD:-build/tools/evread}"
TIMEOUT=120

guest() {
	acpitrace --json trace --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_signal go
	vm_wait 30 done-host
	tz=$(grep -l acpitz /sys/class/thermal/thermal_zone*/type | head -n 1)
	cat "${tz%/type}/temp" >temp.txt
	acpitrace inventory >inventory.txt 2>inventory.err
	acpitrace -j inventory >inventory.json 2>inventory-j.err
	sleep 1
	kill -INT "$pid"
	wait "$pid"
}

host() {
	vm_wait_file go 120
	vm_ec write 0x10 0x2D
	vm_ec write 0x20 0x34
	vm_ec write 0x21 0x12
	vm_ec write 0xA5 0x5A
	vm_ec dump >"$OUT/ec-dump.txt"
	vm_signal done-host
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	local q
	expect_grep temp.txt '^45000$'
	expect_event trace.json '.source == "ec" and .command == "RD_EC" and .address == 16 and .rdata == [45] and .result_name == "ok"'
	expect_event inventory.json '.ec.devices == ["PNP0C09:00"]' 1
	expect_event inventory.json '[.ec.queries[].path] == ["\\_SB.EC0._Q2A","\\_SB.EC0._Q2B","\\_SB.EC0._Q2C","\\_SB.EC0._Q2D","\\_SB.EC0._Q2E","\\_SB.EC0._Q2F"]' 1
	expect_event inventory.json '.thermal.items[] | select(.temp_mc == 45000)' 1
	expect_grep inventory.txt 'Embedded controller: PNP0C09:00 \\_SB.EC0 driver ec'
	for q in 2A 2B 2C 2D 2E 2F; do
		expect_grep inventory.txt "query 0x$q  \\\\_SB.EC0._Q$q"
	done
	if [[ $KERNEL == 6.1 ]]; then
		expect_event inventory.json '.ec.gpe == null and .ec.registers.status != "ok" and .ec.registers.length == 0' 1
		expect_grep inventory.txt 'registers: not available: /sys/kernel/debug/ec: missing'
		expect_grep inventory.txt 'GPE unknown: /sys/kernel/debug/ec'
	else
		expect_event inventory.json '.ec.gpe == 12 and .ec.registers.status == "ok" and .ec.registers.length == 256' 1
		# the registers are the EC's RAM as the host reads it
		expect_eq "$(json inventory.json '.[0].ec.registers.hex')" \
			"$(sed 's/^..: //' "$OUT/ec-dump.txt" | tr -d ' \n')" "EC registers = the EC's RAM (tools/vm/ec dump)"
		expect_event inventory.json '.ec.registers.hex[32:34] == "2d" and .ec.registers.hex[64:68] == "3412" and .ec.registers.hex[330:332] == "5a"' 1
		expect_grep inventory.txt 'GPE 0x0c \(debugfs ec0\)'
		expect_grep inventory.txt '^ *a0: 00 00 00 00 00 5a '
	fi
}
