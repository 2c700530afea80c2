# shellcheck shell=bash
# acpitrace learn --presses on the dispatch-wmi boot (GED fixture, sinks, the
# vendor WMI GUIDs bound to xiaomi-wmi): a baseline during which the host
# presses key 2 (Notify(SNK0, 0x81): background from then on), then four
# host-injected presses: key 1 (GED > Notify(SNK0, 0x80): the Notify,
# by HID:UID since SNK0 and SNK1 share a HID), key a (GED > Notify(WMI0, 0xD0)
# > WMI integer 0x12345678: the payload code over its Notify, and a warning
# that xiaomi-wmi is bound to the GUID), key 1 again (the same rule: not added
# twice), key 2 (only background: nothing new, no proposal). The exact lines are asserted; the --append file is accepted by
# `acpitrace check`; the transcript is a recording that replay reads.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev,wmi,xiaomi-wmi"
APPEND=$DISPATCH_APPEND
ACPITABLES="$DISPATCH_TABLES tools/vm/acpi/wmi-vendor.asl"
TIMEOUT=150

guest() {
	vm_wait 60 keymaps
	acpitrace inventory --policy "$OUT/keymaps" >inventory.txt 2>&1 || true
	rc=0
	acpitrace -j learn --presses 4 --window 3000 --baseline 2000 --keymaps "$OUT/keymaps" \
		--append /tmp/learned.policy --transcript "$OUT/transcript.jsonl" \
		>learn.json 2>learn.err || rc=$?
	echo "exit=$rc" >learn.status
	cp /tmp/learned.policy learned.policy
	rc=0
	acpitrace check /tmp/learned.policy >check.txt 2>&1 || rc=$?
	echo "exit=$rc" >check.status
}

host() {
	# the shipped keymaps but xiaomi-wmi's: this fixture's event is a made-up
	# Integer on a GUID of that driver, and learn would propose that
	# policy's notify-id rule for it (what this walk-through tests is the
	# proposal for a GUID no keymap covers)
	cp -r "$ROOT/policy" "$OUT/keymaps"
	rm "$OUT/keymaps/xiaomi-wmi.policy"
	vm_signal keymaps
	vm_wait_grep learn.json '"learn":"baseline_start"' 90
	vm_sendkey 2
	vm_wait_grep learn.json '"learn":"press","step":1' 30
	vm_sendkey 1
	vm_wait_grep learn.json '"learn":"press","step":2' 30
	vm_sendkey a
	vm_wait_grep learn.json '"learn":"press","step":3' 30
	vm_sendkey 1
	vm_wait_grep learn.json '"learn":"press","step":4' 30
	vm_sendkey 2
}

check() {
	local dmi='dmi sys_vendor=QEMU product_name=Standard?PC?(i440FX?+?PIIX,?1996)'
	# the walk-through of docs/learn.md "Supporting a new machine" starts here
	expect_grep inventory.txt '^  409B028D-F06B-4C7C-8BBB-EE133A6BD87E event notify 0xD0 instances 1 driver xiaomi-wmi alias xiaomi_wmi$'
	expect_grep learn.status 'exit=0'
	expect_event learn.json '.learn == "baseline" and .background == ["match notify hid=ACPT0001:0|0x81"]' 1
	expect_event learn.json '.step == 1 and .proposal.match == "match notify hid=ACPT0001:0" and .proposal.rule == "0x80 -> log" and .proposal.kind == "notify" and .accepted' 1
	expect_event learn.json ".step == 1 and .proposal.dmi == \"$dmi\"" 1
	expect_event learn.json '.step == 2 and .proposal.match == "match wmi guid=409B028D-F06B-4C7C-8BBB-EE133A6BD87E payload=int" and .proposal.rule == "0x12345678 -> log" and .proposal.kind == "wmi_payload"' 1
	expect_event learn.json '.step == 2 and .proposal.driver == "xiaomi-wmi" and any(.warnings[]; test("kernel driver .xiaomi-wmi. is bound to 409B028D"))' 1
	expect_event learn.json '.step == 3 and .duplicate and (.accepted | not) and .proposal.rule == "0x80 -> log"' 1
	expect_event learn.json '.step == 4 and .proposal == null and .background == 1 and (.nothing_acpi | not) and any(.warnings[]; test("^nothing new: 1 chain that also fires without a press"))' 1
	expect_event learn.json '.learn == "end" and .steps == 4 and .accepted == 2' 1
	# the appended file: the machine comment, two blocks, each line once
	expect_grep learned.policy '^# acpitrace learn, 20[0-9-]+T[0-9:]+Z, kernel '
	expect_grep learned.policy '^# machine: sys_vendor=QEMU product_name=Standard PC \(i440FX \+ PIIX, 1996\)'
	expect_eq "$(grep -v '^#' "$OUT/learned.policy" | grep . | sed 's/ *#.*//')" "match notify hid=ACPT0001:0
$dmi
  0x80 -> log
match wmi guid=409B028D-F06B-4C7C-8BBB-EE133A6BD87E payload=int
$dmi
  0x12345678 -> log" "appended lines"
	expect_grep check.status 'exit=0'
	expect_grep check.txt 'ACPT0001:00 \\_SB.SNK0'
	# the transcript is a recording: replay runs it through the learned lines
	"$ROOT/build/acpitrace" replay --policy "$OUT/learned.policy" "$OUT/transcript.jsonl" \
		>"$OUT/replay.txt" 2>"$OUT/replay.err" || _fail "replay of the transcript failed: $(cat "$OUT/replay.err")"
	expect_grep replay.txt 'notify \\_SB.SNK0 \(ACPT0001:00\) 0x80 code 0x80 -> log'
	expect_grep replay.txt 'code 0x12345678 -> log'
	# the user picks the keys: replay shows them without the machine
	sed 's/^  0x80 -> log   /  0x80 -> key KEY_PROG1/; s/^  0x12345678 -> log      /  0x12345678 -> key KEY_PROG2/' \
		"$OUT/learned.policy" >"$OUT/edited.policy"
	"$ROOT/build/acpitrace" replay --policy "$OUT/edited.policy" "$OUT/transcript.jsonl" \
		>"$OUT/replay-edited.txt" 2>/dev/null || _fail "replay of the edited policy failed"
	expect_grep replay-edited.txt 'notify \\_SB.SNK0 \(ACPT0001:00\) 0x80 code 0x80 -> key KEY_PROG1'
	expect_grep replay-edited.txt 'code 0x12345678 -> key KEY_PROG2'
	expect_grep replay-edited.txt ': 3 dispatched, 0 ignored'
}
