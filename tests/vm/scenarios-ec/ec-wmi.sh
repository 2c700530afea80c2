# shellcheck shell=bash
# A WMI event signalled through the EC: the host writes the event's data to
# EC byte 0x52 (WMEV) and queues query 0x2C; _Q2C Notifies \_SB.WMIE (PNP0C14)
# with 0xD3, the notify id of its event GUID
# 8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E02. The WMI core's notify handler makes
# the wmi record; the event data comes from _WED(0xD3), which reads WMEV.
# No driver binds this GUID: 6.12's WMI core evaluates _WED for every event,
# so the record carries the host's byte and the RD_EC of 0x52 is in the
# chain; 6.1's evaluates _WED only for a GUID a driver bound (as in
# tests/vm/scenarios/trace-ssdt.sh), so there the record has no data and
# byte 0x52 is never read.
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
	vm_wait_for 30 grep -q '"source":"wmi".*"notify_id":211' trace.json
	vm_wait 30 done-host
	sleep 1
	kill -INT "$pid"
	wait "$pid"
	ls /sys/bus/wmi/devices >wmi-devices.txt
}

host() {
	vm_wait_file go 120
	vm_ec write 0x52 0x5C
	vm_ec query 0x2C
	vm_wait_grep trace.json '"source":"wmi".*"notify_id":211' 30
	vm_signal done-host
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	local guid=8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E02
	expect_grep wmi-devices.txt "^$guid\$"
	expect_event trace.json '.source == "ec_query" and .query == 44 and .method == "\\_SB.EC0._Q2C"' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.WMIE" and .hid == "PNP0C14" and .value == 211 and .context == "ec_query"' 1
	expect_eq "$(chain_of '.source == "wmi"')" "sci>gpe>ec>ec_query>notify>wmi" "WMI event's chain"
	if [[ $KERNEL == 6.1 ]]; then
		expect_event trace.json ".source == \"wmi\" and .guid == \"$guid\" and .notify_id == 211 and .path == \"\\\\_SB.WMIE\" and .data == null" 1
		expect_event trace.json '.source == "ec" and .address == 82' 0
	else
		expect_event trace.json ".source == \"wmi\" and .guid == \"$guid\" and .notify_id == 211 and .path == \"\\\\_SB.WMIE\" and .data.type == \"integer\" and .data.value == 92" 1
		expect_event trace.json '.source == "ec" and .command == "RD_EC" and .address == 82 and .rdata == [92] and .result_name == "ok"' 1
		expect_eq "$(chain_of '.source == "ec" and .address == 82')" "sci>gpe>ec>ec_query>notify>wmi>ec" "_WED's RD_EC under the wmi record"
	fi
	expect_no_drops
}
