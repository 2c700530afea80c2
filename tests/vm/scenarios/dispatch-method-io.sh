# shellcheck shell=bash
# The policy's byte fields and method arguments in a guest
# (tools/vm/acpi/method-io.asl): a WMI event whose _WED returns a Buffer is
# a key by its byte 1 only when byte 0 is 1 (payload=u8@1 when=u8@0:1: the
# 1st and 3rd presses, not the 2nd), and intel-hid's probe, loaded while run
# runs (loaded at boot, removed, loaded again), evaluates _DSM with the UUID
# as a Buffer argument and gets a Buffer
# back: a key by its byte 2 when the UUID's first u32 and the function
# (Integer argument 2) match. trace -j --methods=_WED,_DSM records both
# methods with "args" and "return_buffer", and the host's replay of that
# recording performs the actions run logged.
. "$ROOT/tests/vm/lib/dispatch.sh"
# intel-hid is in the initramfs only when loaded at boot: removed before the
# tracers start, loaded again while they run
MODULES="uinput,evdev,wmi,xiaomi-wmi,intel-hid"
APPEND=$DISPATCH_APPEND
ACPITABLES="$DISPATCH_TABLES tools/vm/acpi/method-io.asl"
TIMEOUT=240

guest() {
	rmmod intel_hid
	mkdir -p /tmp/policy.d policy.d
	cat >/tmp/policy.d/method-io.policy <<'P'
match wmi guid=409B028D-F06B-4C7C-8BBB-EE133A6BD87E payload=u8@1 when=u8@0:1
  0x21..0x2F -> key KEY_PROG1
match method hid=INT33D5 name=_DSM when=arg0.u32@0:0xEEEC56B3 when=arg2:0 payload=u8@2
  0x5A -> key KEY_PROG3
P
	cp /tmp/policy.d/method-io.policy policy.d/
	acpitrace check /tmp/policy.d >check.txt 2>&1
	# -v: the verifier's log in trace.err should a kernel refuse the programs
	acpitrace -v -j trace --methods=_WED,_DSM --ready-file "$OUT/ready-trace" >rec.jsonl 2>trace.err &
	tpid=$!
	vm_wait_for 90 test -e "$OUT/ready-trace"
	acpitrace -j run --log-events --policy /tmp/policy.d --ready-file "$OUT/ready" >daemon.json 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	evread acpitrace 6 120 >keys.json 2>evread.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread.log
	vm_signal go
	vm_wait 100 wmi-done
	modprobe intel-hid 2>modprobe.err
	wait "$epid"
	kill -TERM "$pid" "$tpid"
	wait "$pid" "$tpid"
}

host() {
	vm_wait_file go 120
	vm_sendkey a
	vm_wait_grep daemon.log 'code 0x21 -> ' 30
	vm_sendkey a
	vm_wait_grep rec.jsonl '"return_buffer":\{"length":20,"hex":"0222' 30
	vm_sendkey a
	vm_wait_grep daemon.log 'code 0x23 -> ' 30
	vm_signal wmi-done
}

check() {
	expect_grep check.txt 'payload=u8@1 when=u8@0:0x1$'
	expect_grep check.txt 'name=_DSM payload=u8@2 when=arg0.u32@0:0xEEEC56B3 when=arg2:0x0$'
	expect_event keys.json '.code == "MSC_SCAN" and .value == 33' 2
	expect_event keys.json '.code == "MSC_SCAN" and .value == 34' 0
	expect_event keys.json '.code == "MSC_SCAN" and .value == 35' 2
	expect_event keys.json '.code == "KEY_PROG1" and .value == 1' 2
	expect_event keys.json '.code == "MSC_SCAN" and .value == 90' 2
	expect_event keys.json '.code == "KEY_PROG3" and .value == 1' 1
	# the WMI records: the _WED bytes, the 2nd one's byte 0 failing when=
	expect_event rec.jsonl '.source == "wmi" and .data.type == "buffer" and .data.length == 20 and .data.bytes[0] == 2 and .data.bytes[1] == 34' 1
	# _WED: the kernel's Integer argument (the notify id) and the Buffer it returned
	expect_event rec.jsonl '.source == "method" and .path == "\\_SB.WMI0._WED" and .args == [{"type":"integer","value":208}] and .return_buffer.length == 20 and .return_buffer.truncated and (.return_buffer.bytes | length) == 16 and .return == null' 3
	# _DSM from intel-hid's probe: UUID Buffer, revision 1, function 0, a Package (not kept)
	expect_event rec.jsonl '.source == "method" and .path == "\\_SB.HIDF._DSM" and .args[0].type == "buffer" and .args[0].length == 16 and .args[0].hex == "b356ecee42448f40a7924edd4d758054" and .args[1] == {"type":"integer","value":1} and .args[2] == {"type":"integer","value":0} and .args[3] == null and (.args | length) == 4 and .return_buffer.hex == "00005a" and .return_buffer.truncated == false' 1
	expect_grep daemon.log 'method \\_SB.HIDF._DSM .*code 0x5a -> key KEY_PROG3 \(rule #1 ' 1
	expect_replay_as_run 3
}
