# shellcheck shell=bash
# acpitrace learn --presses on the dispatch-thinkpad boot (the stock
# thinkpad_acpi bound to the HKEY fixture, LENOVO SMBIOS): key k queues HKEY
# event 0x1311 and sends Notify(HKEY, 0x80); thinkpad_acpi reads it from MHKP.
# learn watches MHKP (the shipped thinkpad-hkey keymap's method name, among the
# other shipped keymaps' method names) and
# proposes the method result over the Notify, warns that thinkpad_hotkey is
# bound, takes the keymap's key for it (0x1311 KEY_BOOKMARKS, the driver's
# Lenovo keymap), and the appended block passes `check`.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev,thinkpad_acpi"
APPEND=$DISPATCH_APPEND
ACPITABLES="tools/vm/acpi/ged.asl tools/vm/acpi/thinkpad.asl"
SMBIOS=("type=0,version=N32ET91W" "type=1,manufacturer=LENOVO,version=ThinkPad X1")
TIMEOUT=150

guest() {
	vm_wait 60 keymaps
	rc=0
	acpitrace learn --presses 1 --window 3000 --baseline 1000 --keymaps "$OUT/keymaps" \
		--append /tmp/learned.policy >learn.txt 2>learn.err || rc=$?
	echo "exit=$rc" >learn.status
	cp /tmp/learned.policy learned.policy
	rc=0
	acpitrace check /tmp/learned.policy >check.txt 2>&1 || rc=$?
	echo "exit=$rc" >check.status
}

host() {
	cp -r "$ROOT/policy" "$OUT/keymaps"
	vm_signal keymaps
	vm_wait_grep learn.txt '^step 1: press the key' 90
	vm_sendkey k
}

check() {
	expect_grep learn.status 'exit=0'
	expect_grep learn.err ', [1-9][0-9]* method names* watched'  # MHKP and the other shipped keymaps' method names
	expect_grep learn.txt '^  fired:    ged \\_SB.GED0._EVT > notify \\_SB.HKEY > method \\_SB.HKEY.MHKP'
	expect_grep learn.txt '^  event:    method \\_SB.HKEY.MHKP returned 0x1311$'
	expect_grep learn.txt '^  proposed: match method hid=LEN0268 name=MHKP$'
	expect_grep learn.txt '^            dmi sys_vendor=LENOVO product_name=Standard\?PC\?\(i440FX\?\+\?PIIX,\?1996\)$'
	expect_grep learn.txt '^              0x1311 -> key KEY_BOOKMARKS$'
	expect_grep learn.txt '^  action:   from the keymap .*/thinkpad-hkey.policy:56$'
	expect_grep learn.txt "^  warning:  kernel driver 'thinkpad_hotkey' is bound to LEN0268:00"
	expect_grep learned.policy '^match method hid=LEN0268 name=MHKP$'
	expect_grep learned.policy '^  0x1311 -> key KEY_BOOKMARKS .*# step 1: method \\_SB.HKEY.MHKP returned 0x1311$'
	expect_grep check.status 'exit=0'
	expect_grep check.txt 'LEN0268:00'
}
