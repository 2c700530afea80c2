# shellcheck shell=bash
# acpitrace run on WMI payloads: an integer _WED masked as asus-wmi does
# (0x12345678 & 0xFF = 0x78) and a dell-wmi style u16 record buffer
# ((0x0010 << 16) | 0x0150) each become a key with that MSC_SCAN.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev,wmi,xiaomi-wmi"
APPEND=$DISPATCH_APPEND
ACPITABLES="$DISPATCH_TABLES tools/vm/acpi/wmi-vendor.asl"
TIMEOUT=150

guest() {
	cat >/tmp/test.policy <<'P'
match wmi guid=409B028D-F06B-4C7C-8BBB-EE133A6BD87E payload=int&0xFF
  0x78 -> key KEY_PROG2
match wmi guid=76E9027C-95D0-4180-8692-DA6747DD1C2D payload=u16-record
  0x00100150 -> key KEY_PROG1
P
	acpitrace -j check /tmp/test.policy >check.json
	acpitrace -j run --policy /tmp/test.policy --ready-file "$OUT/ready" >daemon.json 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	evread acpitrace 4 40 >keys.json 2>evread.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread.log
	vm_signal go
	wait "$epid"
	kill -TERM "$pid"
	wait "$pid"
}

host() {
	vm_wait_file go 120
	vm_sendkey a
	# s once the evdev reader has a's key (2 events: scan code and press)
	vm_wait_grep keys.json 'KEY_PROG2' 30
	vm_sendkey s
}

check() {
	expect_event check.json '.rules[0].state == "active" and any(.rules[0].devices[]; test("notify id 0xD0"))' 1
	expect_event keys.json '.code == "MSC_SCAN" and .value == 120' 2
	expect_event keys.json '.code == "KEY_PROG2" and .value == 1' 1
	expect_event keys.json '.code == "MSC_SCAN" and .value == 1048912' 2
	expect_event keys.json '.code == "KEY_PROG1" and .value == 1' 1
	expect_event daemon.json '.rules[0].hits == 1 and .rules[1].hits == 1' 1
}
