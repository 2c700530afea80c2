# shellcheck shell=bash
# acpitrace inventory -j on the ASL fixtures, checked against sysfs read
# directly in the guest: the same ACPI devices (the fixtures' sinks, GED, WMI,
# EC, thermal zone), the same WMI GUIDs with their notify ids (two bound to
# xiaomi-wmi, one unbound), GPE counts equal to /sys/firmware/acpi/interrupts
# (after a CPU hotplug made GPE 0x02's count 1; the EC's GPE 0x0C enabled),
# the EC's GPE 0x0C from debugfs on 6.12 (6.1 has no ec_sys: the EC section
# says debugfs has no EC), the thermal zone's temperature; then, with debugfs
# unmounted, the EC section says it is missing.
# ec_sys (the EC's debugfs) is built into Debian's 6.12; 6.1 has no such module
MODULES="wmi,video,xiaomi-wmi"
APPEND="initcall_blacklist=i8042_init acpi_backlight=video"
ACPITABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl tools/vm/acpi/wmi.asl
	tools/vm/acpi/thermal.asl tools/vm/acpi/ec.asl tools/vm/acpi/backlight.asl"
TIMEOUT=120
# BOOT=own: it plugs a CPU (GPE 0x02), which cannot be plugged again
BOOT=own

guest() {
	# a plugged CPU raises GPE 0x02 once: a count that is not 0
	gpe02_fired() { [ "$(awk '{ print $1 }' /sys/firmware/acpi/interrupts/gpe02)" -ge 1 ]; }
	vm_signal plug
	vm_wait_for 60 gpe02_fired
	acpitrace -j inventory >inventory.json
	grep . /sys/firmware/acpi/interrupts/gpe[0-9A-F]* >interrupts.txt
	ls /sys/bus/acpi/devices >acpi-devices.txt
	for d in /sys/bus/wmi/devices/*; do
		echo "$(cat "$d/guid") $(cat "$d/notify_id" 2>/dev/null || echo -)"
	done >wmi.txt
	cat /sys/kernel/debug/ec/ec0/gpe >ec-gpe.txt 2>/dev/null || echo none >ec-gpe.txt
	# lazily: tracefs may be mounted under it
	umount -l /sys/kernel/debug
	acpitrace inventory >inventory-nodebugfs.txt
	mount -t debugfs debugfs /sys/kernel/debug
}

host() {
	vm_wait_file plug 120
	vm_cpu_add 1
}

check() {
	local inv sys
	inv=$(jq -r '.devices.items[].name' "$OUT/inventory.json" | sort)
	expect_eq "$inv" "$(sort "$OUT/acpi-devices.txt")" "inventory devices = /sys/bus/acpi/devices"
	for dev in ACPT0001:00 ACPT0001:01; do
		expect_event inventory.json ".devices.items | any(.name == \"$dev\" and .sta == 15)" 1
	done
	# no _STA method: no status file
	expect_event inventory.json '.devices.items | any(.name == "ACPI0013:00" and .sta == null and .kind == "generic event device")' 1
	expect_event inventory.json '.devices.items | any(.name == "LNXTHERM:00" and .driver == "thermal" and .kind == "thermal zone")' 1
	expect_event inventory.json '.devices.items | any(.name == "PNP0C09:00" and .path == "\\_SB.EC0" and .uid == "1" and .kind == "embedded controller")' 1
	inv=$(jq -r '.wmi.items[] | "\(.guid) \(if .notify_id then (.notify_id | tostring) else "-" end)"' "$OUT/inventory.json" | sort)
	sys=$(while read -r g n; do [[ $n == - ]] && echo "$g -" || echo "$g $((16#$n))"; done <"$OUT/wmi.txt" | sort)
	expect_eq "$inv" "$sys" "inventory WMI GUIDs and notify ids = /sys/bus/wmi/devices"
	expect_event inventory.json '.wmi.items | any(.guid == "409B028D-F06B-4C7C-8BBB-EE133A6BD87E" and .notify_id == 208 and .event and .bound and .driver == "xiaomi-wmi")' 1
	expect_event inventory.json '.wmi.items | any(.guid == "8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E01" and .event and (.bound | not) and .driver == null)' 1
	inv=$(jq -r '.interrupts.items[] | select(.gpe != null) | "\(.name) \(.count)"' "$OUT/inventory.json" | sort)
	sys=$(sed -n -E 's#.*/(gpe[0-9A-Fa-f]+):[[:space:]]*([0-9]+).*#\1 \2#p' "$OUT/interrupts.txt" | sort)
	expect_gt "$(grep -c . <<<"$sys")" 0 "GPEs in /sys/firmware/acpi/interrupts"
	expect_event inventory.json '.interrupts.items | any(.gpe == 2 and .count >= 1 and .enabled)' 1
	expect_event inventory.json '.interrupts.items | any(.gpe == 12 and .enabled)' 1
	expect_eq "$inv" "$sys" "inventory GPE counts = /sys/firmware/acpi/interrupts"
	if [[ $KERNEL == 6.1 ]]; then
		expect_grep ec-gpe.txt '^none$' 1
		expect_event inventory.json '.ec.status == "missing" and .ec.gpe == null and .ec.devices == ["PNP0C09:00"]' 1
	else
		expect_event inventory.json ".ec.status == \"ok\" and .ec.gpe == $(($(cat "$OUT/ec-gpe.txt"))) and .ec.gpe == 12" 1
	fi
	expect_event inventory.json '.thermal.items | any(.type == "acpitz" and .temp_mc > 0)' 1
	expect_grep inventory-nodebugfs.txt '^Embedded controller: PNP0C09:00 \\_SB.EC0 driver .*GPE unknown: /sys/kernel/debug/ec: missing' 1
}
