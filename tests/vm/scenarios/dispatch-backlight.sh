# shellcheck shell=bash
# acpitrace run: the display's brightness Notifies (0x86 up, 0x87 down) step
# /sys/class/backlight/acpi_video0 by the policy's 20% (2 of max 10).
# acpi_video's own stepping is switched off so only ours counts; check and
# run warn that the video driver is bound to the display.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="video"
APPEND="$DISPATCH_APPEND acpi_backlight=video video.brightness_switch_enabled=0"
ACPITABLES="$DISPATCH_TABLES tools/vm/acpi/backlight.asl"
TIMEOUT=150

guest() {
	# FILE (still) reads VALUE? Re-read on every try of vm_wait_for.
	not_value() { [ "$(cat "$1")" != "$2" ]; }
	bl=/sys/class/backlight/acpi_video0
	cat >/tmp/test.policy <<'P'
match notify path=\_SB.PCI0.S10_.LCD_
  0x86 -> backlight up 20%
  0x87 -> backlight down 20%
P
	acpitrace check /tmp/test.policy >check.txt
	vm_wait_for 20 test -e $bl/brightness
	echo 5 >$bl/brightness
	acpitrace run --policy /tmp/test.policy --ready-file "$OUT/ready" 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	b0=$(cat $bl/brightness)
	vm_signal up
	vm_wait_for 20 not_value $bl/brightness "$b0"
	b1=$(cat $bl/brightness)
	vm_signal down
	vm_wait_for 20 not_value $bl/brightness "$b1"
	b2=$(cat $bl/brightness)
	vm_record levels.json b0="$b0" b1="$b1" b2="$b2" max="$(cat $bl/max_brightness)"
	kill -TERM "$pid"
	wait "$pid"
}

host() {
	vm_wait_file up 60
	vm_sendkey d
	vm_wait_file down 60
	vm_sendkey f
}

check() {
	expect_event levels.json '.max == 10 and .b0 == 5 and .b1 == 7 and .b2 == 5' 1
	expect_grep check.txt "warning: .*kernel driver 'video' is bound"
	expect_grep daemon.log 'backlight acpi_video0: 5 -> 7 \(max 10\)'
	expect_grep daemon.log 'backlight acpi_video0: 7 -> 5 \(max 10\)'
}
