# shellcheck shell=bash
# acpitrace run beside the real asus-nb-wmi driver (the parity fixture
# tools/vm/acpi/parity/asus-wmi.asl on an ASUSTeK machine: the Nth key press
# delivers _WED code N-1). By default a rule whose code
# the driver's keymap reports (0x30, its KEY_VOLUMEUP) is skipped: check
# names the driver, the code and the line, the kernel drops the event, and
# only the driver presses its key; a code outside its keymap (0x02) still
# acts. After a reload with 'override' a code the driver reports (0x31, its
# KEY_VOLUMEDOWN) comes from both devices. The driver is removed and loaded
# again while run runs: the skip goes and comes back with its input device.
# Without modules.alias check still finds the driver (by the GUID); with the
# module removed nothing is skipped (its platform driver has no unbind file).
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev,asus-nb-wmi"
APPEND=$DISPATCH_APPEND
ACPITABLES="tools/vm/acpi/parity/asus-wmi.asl"
SMBIOS=("type=1,manufacturer=ASUSTeK COMPUTER INC.,product=UX325EA")
TIMEOUT=240

guest() {
	g=0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C
	pol=/tmp/coexist.policy
	printf 'match wmi guid=%s payload=int&0xFFFF\n  0x02 -> key KEY_PROG2\n  0x30 -> key KEY_PROG1\n  * -> log\n' "$g" >$pol
	for d in /sys/class/input/input*; do
		echo "$d $(cat "$d/name") $(readlink -f "$d") $(readlink -f "$d/device/driver/module")"
	done >inputs.txt
	acpitrace check $pol >check1.txt 2>&1
	acpitrace -j check $pol >check1.json
	evread -m "Asus WMI hotkeys" 10 >keymap.json 2>keymap.err
	acpitrace -j run --log-events --policy $pol --ready-file "$OUT/ready" >daemon.json 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	# the driver goes and comes back while run runs: its input device's
	# uevents make run resolve the policy again (nothing to skip in between)
	rmmod asus_nb_wmi
	# shellcheck disable=SC2016 # expanded by the inner sh
	vm_wait_for 20 sh -c '[ "$(grep -c "policy /tmp/coexist.policy: " daemon.log)" -eq 2 ]'
	modprobe asus-nb-wmi
	# shellcheck disable=SC2016 # expanded by the inner sh
	vm_wait_for 20 sh -c '[ "$(grep -c "policy /tmp/coexist.policy: " daemon.log)" -eq 3 ]'
	evread "Asus WMI hotkeys" 1000 200 >driver.json 2>driver.err &
	dpid=$!
	evread acpitrace 1000 200 >keys.json 2>keys.err &
	apid=$!
	vm_wait_for 10 grep -q ready driver.err
	vm_wait_for 10 grep -q ready keys.err
	vm_signal go1
	vm_wait 150 sent1
	# the same keys (the device stays), 0x31 instead of 0x30, and override
	printf 'match wmi guid=%s payload=int&0xFFFF override\n  0x02 -> key KEY_PROG2\n  0x31 -> key KEY_PROG1\n  * -> log\n' "$g" >$pol
	acpitrace check $pol >check2.txt 2>&1
	kill -HUP $pid
	# shellcheck disable=SC2016 # expanded by the inner sh
	vm_wait_for 20 sh -c '[ "$(grep -c "policy /tmp/coexist.policy: " daemon.log)" -eq 4 ]'
	vm_signal go2
	vm_wait 60 sent2
	kill "$dpid" "$apid" 2>/dev/null || true
	kill -TERM "$pid"
	wait "$pid" || true
	printf 'match wmi guid=%s payload=int&0xFFFF\n  0x30 -> key KEY_PROG1\n' "$g" >$pol
	# without modules.alias (the unit's ProtectKernelModules=): the GUID's known driver
	mount -t tmpfs none /lib/modules
	acpitrace check $pol >check3.txt 2>&1
	umount /lib/modules
	# its platform driver has no unbind file (platform_create_bundle);
	# removed, nothing is skipped any more
	ls /sys/bus/platform/drivers/asus-nb-wmi >drvdir.txt
	rmmod asus_nb_wmi
	acpitrace check $pol >check4.txt 2>&1
}

host() {
	local code
	vm_wait_file go1 150
	for ((code = 0; code <= 0x2f; code++)); do
		vm_sendkey a
		vm_wait_grep daemon.log "code 0x$(printf %x "$code") -> " 20
	done
	# 0x30: the driver's KEY_VOLUMEUP, dropped in acpitrace's kernel rules
	vm_sendkey a
	vm_wait_grep driver.json KEY_VOLUMEUP 20
	vm_signal sent1
	vm_wait_file go2 60
	# 0x31 with override: both devices
	vm_sendkey a
	vm_wait_grep keys.json KEY_PROG1 20
	vm_wait_grep driver.json KEY_VOLUMEDOWN 20
	vm_signal sent2
}

check() {
	expect_event keymap.json '.scancode == 48 and .key == "KEY_VOLUMEUP"' 1
	expect_grep check1.txt "^warning: /tmp/coexist.policy:1: driver 'asus_nb_wmi' already reports 1 code of this block on its input device \"Asus WMI hotkeys\" \(/dev/input/event[0-9]+\): 0x30 KEY_VOLUMEUP \(line 3\); those rules are skipped"
	expect_grep check1.txt "#1 +0x30 +-> key KEY_PROG1 .* skipped: 'asus_nb_wmi' reports it"
	expect_event check1.json '.rules[1].skipped_for == "asus_nb_wmi" and .rules[1].skipped_codes == [48]' 1
	expect_event check1.json '.rules[0] | has("skipped_codes") | not' 1
	# at start, not after rmmod, again after modprobe
	expect_grep daemon.log "driver 'asus_nb_wmi' already reports 1 code of this block" 2
	expect_grep daemon.log 'input device change: reloading /tmp/coexist.policy' 2
	# 0x02 acts, 0x30 never leaves the kernel; the driver pressed its key
	expect_grep daemon.log 'code 0x2 -> key KEY_PROG2'
	expect_grep daemon.log 'code 0x30 -> ' 0
	expect_event keys.json '.code == "MSC_SCAN" and .value == 2' 2
	expect_event keys.json '.code == "KEY_PROG2" and .value == 1' 1
	expect_event keys.json '.code == "MSC_SCAN" and .value == 48' 0
	expect_event driver.json '.code == "KEY_VOLUMEUP" and .value == 1' 1
	expect_event daemon.json '.sources.wmi.ignored == 1' 1
	# override: the warning, and both devices press a key for 0x31
	expect_grep check2.txt '^/tmp/coexist.policy:1: match wmi guid=0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C payload=int&0xFFFF override$'
	expect_grep check2.txt "^warning: /tmp/coexist.policy:1: 'override': driver 'asus_nb_wmi' also reports 1 code of this block .*: 0x31 KEY_VOLUMEDOWN \(line 3\)"
	expect_grep daemon.log 'code 0x31 -> key KEY_PROG1'
	expect_event keys.json '.code == "MSC_SCAN" and .value == 49' 2
	expect_event keys.json '.code == "KEY_PROG1" and .value == 1' 1
	expect_event driver.json '.code == "KEY_VOLUMEDOWN" and .value == 1' 1
	expect_grep check3.txt "^warning: /tmp/coexist.policy:1: driver 'asus-nb-wmi' already reports 1 code of this block on its input device \"Asus WMI hotkeys\" .*: 0x30 KEY_VOLUMEUP \(line 2\)"
	expect_grep check3.txt 'legacy notify-handler API' 0
	expect_grep drvdir.txt '^unbind$' 0
	expect_grep check4.txt 'already reports' 0
	expect_grep check4.txt '#0 +0x30 +-> key KEY_PROG1 .*\(1 kernel rule\)$'
}
