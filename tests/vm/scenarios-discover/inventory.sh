# shellcheck shell=bash
# acpitrace inventory -j on the ASL fixtures, checked against sysfs read
# directly in the guest: the same ACPI devices (the fixtures' sinks, GED, WMI,
# EC, thermal zone), the same WMI GUIDs with their notify ids (two bound to
# xiaomi-wmi, one unbound), GPE counts equal to /sys/firmware/acpi/interrupts
# (after a CPU hotplug made GPE 0x02's count 1; the EC's GPE 0x0C enabled),
# the EC's GPE 0x0C from debugfs on 6.12 (6.1 has no ec_sys: the EC section
# says debugfs has no EC), the thermal zone's temperature; then, with debugfs
# unmounted, the EC section says it is missing.
# Also: the PNP ids of each device = /sys/bus/pnp/devices, the _Lxx/_Exx/_Qxx
# methods = what `iasl -d` finds in the guest's tables (GPE 0x02's is
# \_GPE._E02, the fixture EC's query \_SB.EC0._Q1A), --events marking GPE 0x02
# (the CPU plug) and the WMI GUID of notify 0xD0 (key a) as fired.
# The EC answers here: two isa-debugcon ports (DEBUGCON) give it a status
# port reading 0x01 and a data port reading 0x5a, and keep what is written.
# On 6.12 `ec dump` and the inventory read 256 x 0x5a through debugfs, and
# `ec watch` shows the EC write AML makes (ec-write.asl's _TMP, run by reading
# the thermal zones) with no byte changed: the debug ports keep no RAM, the written
# bytes only reach the debugcon file (checked). On 6.1 (no ec_sys) `ec dump`
# names the missing module, as on 5.10 (built without CONFIG_ACPI_EC_DEBUGFS).
# ec_sys (the EC's debugfs) is built into Debian's 6.12; 6.1 has no such module
MODULES="wmi,video,xiaomi-wmi"
APPEND="initcall_blacklist=i8042_init acpi_backlight=video"
ACPITABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl tools/vm/acpi/wmi.asl
	tools/vm/acpi/thermal.asl tools/vm/acpi/ec.asl tools/vm/acpi/backlight.asl
	tools/vm/acpi/ec-write.asl"
DEBUGCON=(0x62=0x5a 0x66=0x01)
TIMEOUT=180
# BOOT=own: it plugs a CPU (GPE 0x02), which cannot be plugged again
BOOT=own

guest() {
	# a plugged CPU raises GPE 0x02 once: a count that is not 0
	gpe02_fired() { [ "$(awk '{ print $1 }' /sys/firmware/acpi/interrupts/gpe02)" -ge 1 ]; }
	# --events: traced while the host plugs a CPU (GPE 0x02) and presses a (WMI 0xD0)
	acpitrace -j inventory --no-ec-io --events 10 >inventory-events.json 2>events.err &
	epid=$!
	vm_wait_for 60 grep -q 'tracing events' events.err
	vm_signal plug
	vm_wait_for 60 gpe02_fired
	wait "$epid"
	acpitrace -j inventory >inventory.json
	acpitrace inventory >inventory.txt 2>&1
	acpitrace ec dump >ec-dump.txt 2>&1 || echo "exit=$?" >>ec-dump.txt
	if [ -e /sys/kernel/debug/ec/ec0/io ]; then
		# each snapshot is 256 EC reads, about 5 s under TCG
		acpitrace -j ec watch --interval 200 --count 1 >ec-watch.json 2>ec-watch.err &
		wpid=$!
		vm_wait_for 60 grep -q watching ec-watch.err
		cat /sys/class/thermal/thermal_zone*/temp >temps.txt
		wait "$wpid"
		acpitrace ec watch --interval 200 --count 1 >ec-watch.txt 2>&1 &
		wpid=$!
		vm_wait_for 60 grep -q watching ec-watch.txt
		cat /sys/class/thermal/thermal_zone*/temp >>temps.txt
		wait "$wpid"
	fi
	for d in /sys/bus/pnp/devices/*; do
		echo "$(basename "$(readlink "$d/firmware_node")") $(tr '\n' ',' <"$d/id")"
	done >pnp.txt
	mkdir tables
	cp /sys/firmware/acpi/tables/DSDT /sys/firmware/acpi/tables/SSDT* tables/ 2>/dev/null
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
	vm_sendkey a
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
	# 7.x: the zone's platform device (its physical node) has the driver, acpi-thermal
	expect_event inventory.json '.devices.items | any(.name == "LNXTHERM:00" and (.driver == "thermal" or .driver == "acpi-thermal") and .kind == "thermal zone")' 1
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
	# 5.10 and 6.1 show no EC GPE in debugfs
	if [[ $KERNEL == 6.1 || $KERNEL == 5.10 ]]; then
		expect_grep ec-gpe.txt '^none$' 1
		expect_event inventory.json '.ec.status == "missing" and .ec.gpe == null and .ec.devices == ["PNP0C09:00"]' 1
	else
		expect_event inventory.json ".ec.status == \"ok\" and .ec.gpe == $(($(cat "$OUT/ec-gpe.txt"))) and .ec.gpe == 12" 1
	fi
	expect_event inventory.json '.thermal.items | any(.type == "acpitz" and .temp_mc > 0)' 1
	expect_grep inventory-nodebugfs.txt '^Embedded controller: PNP0C09:00 \\_SB.EC0 driver .*GPE unknown: /sys/kernel/debug/ec: missing' 1
	# PNP ids: every PNP device with an ACPI companion, on that device
	inv=$(jq -r '.devices.items[] | select(.pnp) | "\(.name) \(.pnp.ids | join(","))"' "$OUT/inventory.json" | sort)
	sys=$(sed -n 's/,$//p' "$OUT/pnp.txt" | grep -v '^ ' | sort)
	expect_gt "$(grep -c . <<<"$sys")" 0 "PNP devices in /sys/bus/pnp/devices"
	expect_eq "$inv" "$sys" "inventory PNP ids = /sys/bus/pnp/devices/*/id"
	# methods: the names iasl's disassembler finds in the same tables
	local dsl=$OUT/tables-dsl
	mkdir -p "$dsl"
	cp "$OUT"/tables/* "$dsl"/
	(cd "$dsl" && for t in *; do [[ $t == *.* ]] || iasl -d "$t" >/dev/null 2>&1; done)
	# "Method (_E01," or "Method (\_GPE._E02,": the last name segment
	sys=$(cat "$dsl"/*.dsl | grep -oE 'Method \([^,]*,' | sed -E 's/.*[(.\\^]//; s/,$//' |
		grep -E '^_[LEQ][0-9A-F]{2}$' | sort)
	inv=$(jq -r '.methods.items[].path | sub(".*\\."; "")' "$OUT/inventory.json" | sort)
	expect_gt "$(grep -c . <<<"$sys")" 2 "_Lxx/_Exx/_Qxx methods in iasl -d of the guest's tables"
	expect_eq "$inv" "$sys" "inventory methods = iasl -d of /sys/firmware/acpi/tables"
	expect_event inventory.json '.methods.status == "ok" and .methods.tables >= 7' 1
	expect_event inventory.json '.interrupts.items | any(.gpe == 2 and .method == "\\_GPE._E02") and any(.gpe == 12 and .method == null)' 1
	expect_event inventory.json '(.ec.queries | length) == 1 and .ec.queries[0].path == "\\_SB.EC0._Q1A" and .ec.queries[0].number == 26 and (.ec.queries[0].table | test("^SSDT"))' 1
	expect_grep inventory.txt '^  queries: \\_SB.EC0._Q1A$' 1
	# WMI GUIDs: the modules declaring them (modules.alias) and whether bound
	expect_event inventory.json '.wmi.items | any(.guid == "409B028D-F06B-4C7C-8BBB-EE133A6BD87E" and .alias_modules == ["xiaomi_wmi"] and .bound)' 1
	expect_event inventory.json '.wmi.items | any(.guid == "8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E01" and .alias_modules == [] and (.bound | not))' 1
	# --events: what fired while it traced, nothing else
	expect_event inventory-events.json '.events.status == "ok" and .events.seconds == 10' 1
	expect_event inventory-events.json '.interrupts.items | any(.gpe == 2 and .fired >= 1) and all(.gpe == 2 or .gpe == null or .fired == 0)' 1
	expect_event inventory-events.json '.wmi.items | any(.notify_id == 208 and .fired == 1) and all(.notify_id == 208 or .fired == 0)' 1
	expect_event inventory-events.json '.ec.registers.status == "missing" and .ec.registers.reason == "not read (--no-ec-io)"' 1
	# the EC RAM through debugfs: every read answered 0x5a by the debugcon port
	if [[ $KERNEL == 6.1 || $KERNEL == 5.10 ]]; then
		expect_event inventory.json '.ec.registers.status == "missing"' 1
		expect_grep ec-dump.txt 'acpitrace ec: /sys/kernel/debug/ec/ec0/io: missing: the ec_sys module is not loaded \(modprobe ec_sys' 1
		expect_grep ec-dump.txt '^exit=1$' 1
		return
	fi
	local ram
	ram=$(printf '5a%.0s' {1..256})
	expect_event inventory.json ".ec.registers.status == \"ok\" and .ec.registers.length == 256 and .ec.registers.hex == \"$ram\"" 1
	expect_grep ec-dump.txt '^[0-9a-f]0:( 5a){16}$' 16
	expect_grep ec-dump.txt '^exit=' 0
	# ec watch: the AML write (WR_EC 0x10, answered), no RAM byte changed
	expect_event ec-watch.json '.source == "ec" and .command == "WR_EC" and .address == 16 and .result_name == "ok" and .comm == "cat"'
	expect_event ec-watch.json '.source == "ec" and .comm == "acpitrace"' 0
	expect_event ec-watch.json '.source == "ec_ram"' 0
	expect_grep ec-watch.txt ' ec +EC WR_EC addr=0x10 data=0x[0-9a-f]+ ' 1
	# ... while the bytes written did reach the port: address 0x10, then the value
	local val
	val=$(jq -r 'select(.command == "WR_EC") | .wdata[1]' "$OUT/ec-watch.json" | head -1)
	expect_gt "$(xxd -p -c 1 "$OUT/../debugcon-0x62.bin" | tr '\n' ' ' | grep -c "10 $(printf %02x "$val") ")" 0 \
		"debugcon data port got 0x10 then 0x$(printf %02x "$val")"
	expect_gt "$(xxd -p -c 1 "$OUT/../debugcon-0x66.bin" | grep -c '^81$')" 0 "WR_EC commands (0x81) on the command port"
}
