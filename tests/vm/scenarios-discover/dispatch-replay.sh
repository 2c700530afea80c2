# shellcheck shell=bash
# Record and replay: `acpitrace trace -j` records while `acpitrace run
# --log-events` dispatches GED-injected events (SNK0 keys, an ignored code, an
# exec, SNK1's unmatched codes, two vendor WMI payloads, the display's
# brightness Notifies under the shipped acpi-video policy). The host then
# replays the recording through the same policy directory and the actions
# must equal the ones run logged, line for line. The recording is kept as
# rec.jsonl (tests/replay/ holds copies of it). Before that, `acpitrace
# inventory -j` lists the fixtures' devices and WMI GUIDs, GPE counts equal to
# /sys/firmware/acpi/interrupts (after a CPU hotplug raised GPE 0x02), and
# the shipped video policy as matching.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev,wmi,xiaomi-wmi,video"
APPEND="$DISPATCH_APPEND acpi_backlight=video video.brightness_switch_enabled=0"
ACPITABLES="$DISPATCH_TABLES tools/vm/acpi/wmi-vendor.asl tools/vm/acpi/backlight.asl"
TIMEOUT=180
# BOOT=own: it plugs a CPU (GPE 0x02), which cannot be plugged again
BOOT=own

guest() {
	printf '#!/bin/sh\necho "$ACPITRACE_CODE" >>%s/exec.txt\n' "$OUT" >/tmp/mark
	chmod 755 /tmp/mark
	mkdir -p /tmp/policy.d
	cat >/tmp/policy.d/10-test.policy <<'P'
match notify hid=ACPT0001:0
  0x80 -> key KEY_VOLUMEUP
  0x81 -> ignore
  0x82 -> exec timeout=5s /tmp/mark
match wmi guid=409B028D-F06B-4C7C-8BBB-EE133A6BD87E payload=int&0xFF
  0x78 -> key KEY_PROG2
match wmi guid=76E9027C-95D0-4180-8692-DA6747DD1C2D payload=u16-record
  0x00100150 -> key KEY_PROG1
P
	vm_wait 60 shipped
	cp "$OUT/acpi-video.policy" /tmp/policy.d/50-acpi-video.policy
	mkdir -p policy.d
	cp /tmp/policy.d/*.policy policy.d/
	# a plugged CPU raises GPE 0x02 once: a count that is not 0
	gpe02_fired() { [ "$(awk '{ print $1 }' /sys/firmware/acpi/interrupts/gpe02)" -ge 1 ]; }
	vm_signal plug
	vm_wait_for 60 gpe02_fired
	# then nothing fires: inventory's GPE counts must equal the kernel's
	acpitrace -j inventory --policy /tmp/policy.d >inventory.json
	grep . /sys/firmware/acpi/interrupts/gpe* >interrupts.txt
	acpitrace inventory --policy /tmp/policy.d >inventory.txt
	acpitrace -j trace --ready-file "$OUT/ready-trace" >rec.jsonl 2>trace.err &
	tpid=$!
	acpitrace run --log-events --policy /tmp/policy.d --ready-file "$OUT/ready" 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready-trace"
	vm_wait_for 90 test -e "$OUT/ready"
	vm_signal go
	vm_wait 60 done-keys
	vm_wait_for 20 grep -q 'code 0x87 ->' daemon.log
	kill -TERM "$pid" "$tpid"
	wait "$pid" "$tpid"
}

host() {
	cp "$ROOT/policy/acpi-video.policy" "$OUT/"
	vm_signal shipped
	vm_wait_file plug 120
	vm_cpu_add 1
	vm_wait_file go 120
	vm_sendkey 1 2 3 q
	vm_wait_grep daemon.log 'code 0x82 -> exec' 30
	vm_sendkey a s d f
	vm_wait_grep daemon.log 'code 0x87 ->' 30
	vm_signal done-keys
}

check() {
	local inv sys
	expect_event inventory.json '.devices.status == "ok" and (.devices.items | any(.name == "ACPT0001:00" and .path == "\\_SB.SNK0" and .hid == "ACPT0001" and .uid == "0" and .sta == 15))' 1
	expect_event inventory.json '.devices.items | any(.name == "LNXVIDEO:00" and .driver == "video" and .kind == "video bus")' 1
	expect_event inventory.json '.wmi.items | any(.guid == "409B028D-F06B-4C7C-8BBB-EE133A6BD87E" and .notify_id == 208 and .event and (.method | not) and .instances == 1 and .bound and .driver == "xiaomi-wmi")' 1
	expect_event inventory.json '.wmi.items | any(.guid == "76E9027C-95D0-4180-8692-DA6747DD1C2D" and .notify_id == 209 and .event)' 1
	expect_event inventory.json '.policies | any((.file | endswith("/50-acpi-video.policy")) and .verdict == "matches")' 1
	expect_event inventory.json '.ec.status | IN("ok", "missing", "no_permission")' 1
	inv=$(jq -r '.interrupts.items[] | select(.gpe != null) | "\(.name) \(.count)"' "$OUT/inventory.json" | sort)
	sys=$(sed -n -E 's#.*/(gpe[0-9A-Fa-f]+):[[:space:]]*([0-9]+).*#\1 \2#p' "$OUT/interrupts.txt" | sort)
	expect_gt "$(grep -c . <<<"$sys")" 0 "GPEs in /sys/firmware/acpi/interrupts"
	expect_event inventory.json '.interrupts.items | any(.gpe == 2 and .count >= 1 and .enabled)' 1
	expect_eq "$inv" "$sys" "inventory GPE counts = /sys/firmware/acpi/interrupts"
	expect_event rec.jsonl '.recording.format == 1 and (.recording.devices | any(.name == "ACPT0001:00"))' 1
	expect_event rec.jsonl '.recording.wmi | any(.guid == "409B028D-F06B-4C7C-8BBB-EE133A6BD87E" and .notify_id == 208)' 1
	expect_replay_as_run 6
	"$ROOT/build/acpitrace" -j replay --all --policy "$OUT/policy.d" "$OUT/rec.jsonl" >"$OUT/replay.json"
	expect_grep replay.txt 'notify \\_SB.SNK0 \(ACPT0001:00\) 0x81 code 0x81 -> ignore'
	expect_event replay.json '.verdict == "unmatched" and (.event | test("SNK1"))' 1
	expect_event replay.json '.verdict == "dispatch" and .action == "key KEY_PROG2" and .code == 120' 1
	expect_event replay.json '.replayed.dispatched == 6 and .replayed.ignored == 1' 1
	# replay ran nothing: the exec rule's command ran once, in the guest
	expect_eq "$(cat "$OUT/exec.txt")" "0x82" "exec ran once (run), not by replay"
}
