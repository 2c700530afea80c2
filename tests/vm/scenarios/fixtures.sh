# shellcheck shell=bash disable=SC2034,SC2317 # read by run-all; called by vm_wait_for
# The ASL fixtures of tools/vm/acpi, checked with sysfs and dmesg evidence only
# (no acpitrace): their devices appear, the WMI GUIDs register, the backlight
# exists and moves one step on a brightness-up Notify, the thermal zone's _TMP
# runs on each read and on its Notify, host keys reach the GED (IRQ 1 count)
# and the EC read times out.
MODULES="wmi,video"
APPEND="initcall_blacklist=i8042_init acpi_backlight=video"
ACPITABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl tools/vm/acpi/wmi.asl
	tools/vm/acpi/thermal.asl tools/vm/acpi/ec.asl tools/vm/acpi/backlight.asl"
TIMEOUT=150
# BOOT=own: its dmesg counts (the EC timeout, boot messages) assume a fresh boot.
BOOT=own

guest() {
	tz=$(grep -l acpitz /sys/class/thermal/thermal_zone*/type | head -n 1)
	tz=${tz%/type}
	bl=/sys/class/backlight/acpi_video0
	ged() { awk '/Ged/ { print $2 }' /proc/interrupts; }
	# Conditions for vm_wait_for (re-evaluated on every try).
	ged_above() { [ "$(ged)" -ge "$1" ]; }
	brightness_not() { [ "$(cat "$bl/actual_brightness")" != "$1" ]; }
	ec_failed() { dmesg | grep -q "Aborting method .*ECRD"; }
	ls /sys/bus/acpi/devices >acpi-devices.txt
	ls /sys/bus/wmi/devices >wmi-devices.txt
	# Two reads, two _TMP evaluations: 1 C apart.
	t1=$(cat "$tz/temp")
	t2=$(cat "$tz/temp")
	b0=$(cat $bl/actual_brightness)
	g0=$(ged)
	vm_record results.json step=boot ged="$g0" temp1="$t1" temp2="$t2" \
		bl_type="$(cat $bl/type)" brightness="$b0" max_brightness="$(cat $bl/max_brightness)"
	vm_signal ready
	# Keys 1 a s d h: a press and a release each, ten interrupts.
	vm_wait 30 keys-sent
	vm_wait_for 10 ged_above $((g0 + 10))
	vm_wait_for 5 brightness_not "$b0"
	vm_record results.json step=keys ged="$(ged)" temp="$(cat "$tz/temp")" \
		brightness="$(cat $bl/actual_brightness)"
	# Key g: the EC read in _EVT times out after several seconds.
	vm_signal keys-seen
	vm_wait 30 ec-sent
	vm_wait_for 30 ec_failed
	vm_record results.json step=ec ged="$(ged)"
}

host() {
	vm_wait_file ready
	vm_sendkey 1 a s d h
	vm_signal keys-sent
	vm_wait_file keys-seen
	vm_sendkey g
	vm_signal ec-sent
}

check() {
	local dev guid
	for dev in ACPI0013:00 ACPT0001:00 ACPT0001:01 ACPT0002:00 LNXTHERM:00 PNP0C09:00 PNP0C14:00; do
		expect_grep acpi-devices.txt "^$dev\$" 1
	done
	for guid in 409B028D-F06B-4C7C-8BBB-EE133A6BD87E 76E9027C-95D0-4180-8692-DA6747DD1C2D \
		8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E01; do
		expect_grep wmi-devices.txt "^$guid(-[0-9]+)?\$" 1
	done
	expect_event results.json '.step == "boot" and .bl_type == "firmware" and .max_brightness == 10' 1
	expect_event results.json '.step == "boot" and .temp2 == .temp1 + 1000' 1
	local boot
	boot=$(json results.json '.[] | select(.step == "boot")' | jq -c .)
	# Key h re-read _TMP once, the read after it once more; key d: one step up.
	expect_event results.json "$boot as \$b | .step == \"keys\" and .ged == \$b.ged + 10" 1
	expect_event results.json "$boot as \$b | .step == \"keys\" and .temp == \$b.temp2 + 2000" 1
	expect_event results.json "$boot as \$b | .step == \"keys\" and .brightness == \$b.brightness + 1" 1
	expect_event results.json "$boot as \$b | .step == \"ec\" and .ged == \$b.ged + 12" 1
	expect_grep dmesg.log 'AE_TIME, Returned by Handler for \[EmbeddedControl\]' 1
	expect_grep dmesg.log 'Aborting method \\_SB.EC0.ECRD due to previous error \(AE_TIME\)' 1
	expect_grep dmesg.log 'ACPI: video: Video Device \[S10\]' 1
}
