# shellcheck shell=bash
# acpitrace run with the shipped ThinkPad policy beside the real thinkpad_acpi
# driver, bound to a fixture HKEY device on a machine whose DMI says LENOVO:
# the driver reads the firmware's event codes from MHKP and acpitrace takes
# MHKP's results as rule codes. A local rule (read before the shipped file)
# turns 0x1311 into KEY_PROG1 with MSC_SCAN 0x1311 (before the shipped
# file's KEY_BOOKMARKS); 0x1312 and 0x1313 take the shipped file's keys
# (KEY_SELECTIVE_SCREENSHOT, KEY_CALC); MHKP's final 0 is ignored in the
# kernel, and the Notify itself matches no rule. trace -j --methods=MHKP records beside run, and
# the host's replay of that recording performs the same actions run logged.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev,thinkpad_acpi"
APPEND=$DISPATCH_APPEND
ACPITABLES="tools/vm/acpi/ged.asl tools/vm/acpi/thinkpad.asl"
SMBIOS=("type=0,version=N32ET91W" "type=1,manufacturer=LENOVO,version=ThinkPad X1")
TIMEOUT=150

guest() {
	mkdir -p /tmp/policy.d
	cat >/tmp/policy.d/10-local.policy <<'P'
match method hid=LEN0268 name=MHKP
dmi sys_vendor=LENOVO
  0x1311 -> key KEY_PROG1
P
	vm_wait 60 shipped
	cp "$OUT/thinkpad-hkey.policy" /tmp/policy.d/50-thinkpad-hkey.policy
	acpitrace check /tmp/policy.d >check.txt 2>&1
	mkdir -p policy.d
	cp /tmp/policy.d/*.policy policy.d/
	acpitrace -j trace --methods=MHKP --ready-file "$OUT/ready-trace" >rec.jsonl 2>trace.err &
	tpid=$!
	vm_wait_for 90 test -e "$OUT/ready-trace"
	acpitrace -j run --log-events --policy /tmp/policy.d --ready-file "$OUT/ready" >daemon.json 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	evread acpitrace 2 40 >keys.json 2>evread.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread.log
	vm_signal go
	wait "$epid"
	vm_wait 40 done-keys
	vm_wait_for 10 grep -q 'code 0x1313' daemon.log
	kill -TERM "$pid" "$tpid"
	wait "$pid" "$tpid"
}

host() {
	cp "$ROOT/policy/thinkpad-hkey.policy" "$OUT/"
	vm_signal shipped
	vm_wait_file go 120
	vm_sendkey k
	# l (0x1312, 0x1313) once 0x1311 was dispatched
	vm_wait_grep daemon.log 'MHKP 0x1311 code 0x1311 -> ' 30
	vm_sendkey l
	vm_signal done-keys
}

check() {
	expect_grep check.txt "kernel driver 'thinkpad_hotkey' is bound to LEN0268:00"
	expect_event keys.json '.code == "MSC_SCAN" and .value == 4881' 2
	expect_event keys.json '.code == "KEY_PROG1" and .value == 1' 1
	expect_event keys.json '.code == "KEY_PROG1" and .value == 0' 1
	expect_grep daemon.log 'method \\_SB.HKEY.MHKP 0x1311 code 0x1311 -> key KEY_PROG1 \(rule #0 /tmp/policy.d/10-local.policy:3\)'
	expect_grep daemon.log 'method \\_SB.HKEY.MHKP 0x1312 code 0x1312 -> key KEY_SELECTIVE_SCREENSHOT \(rule #26 /tmp/policy.d/50-thinkpad-hkey.policy'
	expect_grep daemon.log 'method \\_SB.HKEY.MHKP 0x1313 code 0x1313 -> key KEY_CALC \(rule #27 '
	# the three codes left the kernel; MHKP's two zeros (ignored) and the two
	# Notifies (no rule) did not
	expect_event daemon.json '.received == 3 and .dispatched == 3' 1
	expect_event daemon.json '.sources.method.ignored == 2 and .sources.notify.unmatched == 2' 1
	expect_replay_as_run 3
}
