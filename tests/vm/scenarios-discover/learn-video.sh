# shellcheck shell=bash
# acpitrace learn --presses on the dispatch-backlight boot (the display output
# \_SB.PCI0.S10.LCD under the video bus bound to `video`): key d sends
# Notify(LCD, 0x86). The output has no HID, so the proposal names its path;
# the action is the shipped acpi-video keymap's (`backlight up 10%`); without
# keymaps it is the Notify's meaning (KEY_BRIGHTNESSUP, key f: 0x87); both
# warn that `video` is bound to the bus. A keymap file that does not load is
# skipped with a warning; a --keymaps that cannot be read stops learn.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="video"
APPEND="$DISPATCH_APPEND acpi_backlight=video video.brightness_switch_enabled=0"
ACPITABLES="$DISPATCH_TABLES tools/vm/acpi/backlight.asl"
TIMEOUT=150

guest() {
	vm_wait 60 keymaps
	# a keymap directory with a file that does not load: skipped, with a warning
	mkdir -p /tmp/km
	cp "$OUT/keymaps/acpi-video.policy" /tmp/km/
	echo 'match bogus' >/tmp/km/00-bad.policy
	rc=0
	acpitrace -j learn --presses 1 --window 3000 --baseline 500 --keymaps /tmp/km \
		>learn.json 2>learn.err || rc=$?
	echo "exit=$rc" >learn.status
	rc=0
	acpitrace -j learn --presses 1 --window 3000 --baseline 500 --keymaps /dev/null/none \
		>nokeymaps.json 2>nokeymaps.err || rc=$?
	echo "exit=$rc" >nokeymaps.status
	mkdir -p /tmp/empty
	rc=0
	acpitrace -j learn --presses 1 --window 3000 --baseline 500 --keymaps /tmp/empty \
		>meaning.json 2>meaning.err || rc=$?
	echo "exit=$rc" >meaning.status
}

host() {
	cp -r "$ROOT/policy" "$OUT/keymaps"
	vm_signal keymaps
	vm_wait_grep learn.json '"learn":"press","step":1' 90
	vm_sendkey d
	vm_wait_grep meaning.json '"learn":"press","step":1' 90
	vm_sendkey f
}

check() {
	expect_grep learn.status 'exit=0'
	expect_event learn.json '.step == 1 and .proposal.match == "match notify path=\\_SB.PCI0.S10.LCD" and .proposal.rule == "0x86 -> backlight up 10%" and (.proposal.action_from | . == "/tmp/km/acpi-video.policy:15")' 1
	# under -j, a warning is a JSON object on stderr (lib/errmsg.h)
	expect_grep learn.err "^\\{\"warning\":\"keymap /tmp/km/00-bad.policy not used: /tmp/km/00-bad.policy:1:7: cannot match on 'bogus'[^\"]*\",\"command\":\"learn\"\\}\$"
	expect_event learn.json '.step == 1 and .proposal.driver == "video" and .proposal.driver_device == "LNXVIDEO:00"' 1
	# a --keymaps that cannot be read stops it before attaching
	expect_grep nokeymaps.status 'exit=1'
	expect_grep nokeymaps.err '"error":"--keymaps /dev/null/none: Not a directory"'
	expect_grep meaning.status 'exit=0'
	expect_event meaning.json '.step == 1 and .proposal.rule == "0x87 -> key KEY_BRIGHTNESSDOWN" and .proposal.action_from == "notify brightness_down"' 1
}
