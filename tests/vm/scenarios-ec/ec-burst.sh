# shellcheck shell=bash
# Burst mode: Linux brackets an AML access to the EC region with BE_EC ...
# BD_EC when the EC busy-polls or the access is wider than 8 bits
# (acpi_ec_space_handler). iasl refuses WordAcc on an EmbeddedControl region
# and ACPICA splits wider ByteAcc fields into 8-bit accesses, so the fixture's
# accesses are 8 bits; this boot sets acpi.ec_busy_polling=1 (both kernels
# have the parameter) and every region access is then a burst. The host
# writes EC byte 0x4E and 0x10 and queues query 0x2B; the guest reads the
# thermal zone \_TZ.ECTZ, whose _TMP reads byte 0x10 (ec-laptop-crt.asl:
# the trip point 6.1 needs to register the zone). Each access is then
# BE_EC, the RD_EC or WR_EC, BD_EC, all children of the query (or of the
# read of temp); the QR_EC itself, which the driver sends outside the
# region handler, is not bracketed.
EC=default
MODULES="wmi"
APPEND="acpi.ec_busy_polling=1"
ACPITABLES="tools/vm/acpi/ec-laptop.asl tools/vm/acpi/ec-laptop-crt.asl"
TIMEOUT=120

guest() {
	cat /sys/module/acpi/parameters/ec_busy_polling >busy.txt
	acpitrace --json trace --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_signal go
	vm_wait 30 done-host
	tz=$(grep -l acpitz /sys/class/thermal/thermal_zone*/type | head -n 1)
	cat "${tz%/type}/temp" >temp.txt
	sleep 1
	kill -INT "$pid"
	wait "$pid"
}

host() {
	vm_wait_file go 120
	vm_ec write 0x10 0x33
	vm_ec write 0x4E 0x3C
	vm_ec query 0x2B
	vm_wait_grep trace.json 'HKEY.*"value":60' 30
	vm_ec stats >"$OUT/stats.txt"
	vm_signal done-host
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_grep busy.txt '^Y$'
	expect_grep temp.txt '^51000$'
	local q
	q=$(json trace.json '.[] | select(.source == "ec_query" and .query == 43) | .id')
	expect_eq "$(json trace.json "[.[] | select(.parent == $q and .source == \"ec\") | \"\(.command) \(.address)\"] | join(\", \")")" \
		"BE_EC null, RD_EC 78, BD_EC null, BE_EC null, WR_EC 80, BD_EC null" "_Q2B's transactions, each access a burst"
	expect_event trace.json '.source == "ec" and .command == "BE_EC" and .command_code == 130 and .result_name == "ok"'
	expect_event trace.json '.source == "ec" and .command == "BD_EC" and .command_code == 131 and .result_name == "ok"'
	expect_event trace.json '.source == "ec" and .command == "RD_EC" and .address == 16 and .rdata == [51]' 1
	expect_grep stats.txt 'qr=1 '
}
