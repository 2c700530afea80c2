# shellcheck shell=bash
# acpitrace on the SSDT fixtures (tools/vm/acpi): GED hotkeys from host key
# presses (Notify with a chosen device and value), WMI events with their GUID,
# notify id and _WED data (integer and buffer), the ACPI video LCD's
# brightness Notifies, a thermal zone whose _TMP notifies, and an EC read
# from AML that times out.
MODULES="wmi,video,xiaomi-wmi"
APPEND="initcall_blacklist=i8042_init acpi_backlight=video"
ACPITABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl tools/vm/acpi/wmi.asl
	tools/vm/acpi/thermal.asl tools/vm/acpi/backlight.asl tools/vm/acpi/ec.asl"
TIMEOUT=120

guest() {
	acpitrace --json trace --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	tz=$(grep -l acpitz /sys/class/thermal/thermal_zone*/type | head -n 1)
	cat "${tz%/type}/temp" >/dev/null	# _TMP: Notify(\_SB.SNK2, 0x90)
	vm_signal go
	vm_wait_for 30 grep -q 'SNK0.*"value":130' trace.json
	vm_wait_for 30 grep -q 'SNK1.*"value":129' trace.json
	vm_wait_for 30 grep -q '"source":"wmi".*"notify_id":208' trace.json
	vm_wait_for 30 grep -q '"source":"wmi".*"notify_id":209' trace.json
	vm_wait_for 30 grep -q '"source":"wmi".*"notify_id":210' trace.json
	vm_wait_for 30 grep -q 'LCD.*"value":135' trace.json
	vm_wait_for 30 grep -q 'TZ00.*"value":128' trace.json
	vm_wait_for 60 grep -q '"command":"RD_EC"' trace.json
	ls /sys/bus/wmi/devices >wmi-devices.txt
	kill -INT "$pid"
	wait "$pid"
}

host() {
	vm_wait_file go 120
	vm_sendkey 3 w a s j d f h
	vm_sendkey g
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	# GED: key 3 -> Notify(SNK0, 0x82), key w -> Notify(SNK1, 0x81)
	expect_event trace.json '.source == "ged" and .irq == 1 and .method == "\\_SB.GED0._EVT" and .duration_ns > 0'
	expect_event trace.json '.source == "notify" and .path == "\\_SB.SNK0" and .device == "ACPT0001:00" and .hid == "ACPT0001" and .value == 130 and .context == "ged"' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.SNK1" and .device == "ACPT0001:01" and .value == 129 and .context == "ged"' 1
	expect_eq "$(chain_of '.source == "notify" and .path == "\\_SB.SNK0"')" "ged>notify" "GED hotkey chain"
	# WMI: GUID, notify id and _WED payload, caused by the Notify
	expect_event trace.json '.source == "wmi" and .guid == "409B028D-F06B-4C7C-8BBB-EE133A6BD87E" and .notify_id == 208 and .path == "\\_SB.WMI0" and .data.type == "integer" and .data.value == 4660' 1
	expect_event trace.json '.source == "wmi" and .guid == "76E9027C-95D0-4180-8692-DA6747DD1C2D" and .notify_id == 209 and .data.type == "buffer" and .data.length == 4 and .data.hex == "deadbeef" and .data.bytes == [222,173,190,239]' 1
	expect_eq "$(chain_of '.source == "wmi" and .notify_id == 208')" "ged>notify>wmi" "WMI chain"
	# 7.x names every WMI device GUID-N
	expect_grep wmi-devices.txt '^409B028D-F06B-4C7C-8BBB-EE133A6BD87E(-[0-9]+)?$' 1
	# a GUID no driver binds: 6.12 still evaluates _WED, 6.1 does not
	if [[ $KERNEL == 6.1 ]]; then
		expect_event trace.json '.source == "wmi" and .guid == "8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E01" and .notify_id == 210 and .data == null' 1
	else
		expect_event trace.json '.source == "wmi" and .guid == "8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E01" and .notify_id == 210 and .data.type == "string" and .data.value == "acpitrace" and .data.length == 9' 1
	fi
	# ACPI video: brightness Notifies on the LCD output
	expect_event trace.json '.source == "notify" and .path == "\\_SB.PCI0.S10.LCD" and .value == 134 and .meaning == "brightness_up"' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.PCI0.S10.LCD" and .value == 135 and .meaning == "brightness_down"' 1
	# thermal: the guest's read of temp runs _TMP, which notifies SNK2
	expect_event trace.json '.source == "notify" and .path == "\\_SB.SNK2" and .value == 144 and .context == "direct"'
	expect_event trace.json '.source == "notify" and .path == "\\_TZ.TZ00" and .value == 128 and .meaning == "status_change"' 1
	# the thermal driver re-reads _TMP from its own work item: the chain follows it
	expect_event trace.json '.source == "notify" and .path == "\\_SB.SNK2" and .context == "work"'
	expect_eq "$(chain_of '.source == "notify" and .path == "\\_SB.SNK2" and .context == "work"')" \
		"ged>notify>notify" "thermal chain through the driver's work item"
	# EC: the AML read of offset 0x10 times out
	expect_event trace.json '.source == "ec" and .command == "RD_EC" and .command_code == 128 and .address == 16 and .wdata == [16] and .rdata == [] and .result == -62 and .result_name == "ETIME" and .duration_ns > 1000000000 and .context == "ged"' 1
	expect_eq "$(chain_of '.source == "ec" and .command == "RD_EC"')" "ged>ec" "EC read chain"
	expect_no_drops
}
