# shellcheck shell=bash
# inventory --tables against the live inventory of the same guest: acpidump
# (acpica-tools, brought into the guest) writes the guest's own tables (QEMU's
# and the fixtures) as text, and `acpitrace inventory --tables` of that dump,
# of /sys/firmware/acpi/tables read as a directory, and of the dump on
# standard input must give what `acpitrace inventory -j` reads from sysfs:
# every live device with a _HID the tables hold as a constant (the kernel's
# own LNX* ids and the _HIDs computed by methods aside) with the same path
# and _HID; the same WMI blocks of two WMI devices (GUID, notify id or object id, instances,
# expensive) and alias_modules (from the guest kernel's modules.alias); the
# same _Lxx/_Exx/_Qxx methods, the GPE methods the live GPEs show, the same
# EC device and queries. The guest's modules.alias is the kernel's whole list
# (tools/vm/initramfs): QEMU's fw_cfg device (QEMU0002) has its module
# qemu_fw_cfg named though that module is not in the guest. The dump text needs no root and no kernel to read:
# the host reads the dump the guest wrote with the same binary too.
MODULES="wmi,video,xiaomi-wmi"
APPEND="initcall_blacklist=i8042_init acpi_backlight=video"
ACPITABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl tools/vm/acpi/wmi.asl
	tools/vm/acpi/thermal.asl tools/vm/acpi/ec.asl tools/vm/acpi/backlight.asl
	tools/vm/acpi/wmi-legacy.asl"
BINARIES="/usr/bin/acpidump"
TIMEOUT=120

guest() {
	acpidump >acpidump.txt 2>acpidump.err
	echo "exit=$?" >>acpidump.err
	acpitrace -j inventory --no-ec-io >live.json
	acpitrace -j inventory --tables acpidump.txt >offline.json 2>offline.err
	echo "exit=$?" >>offline.err
	acpitrace -j inventory --tables /sys/firmware/acpi/tables >sysfs.json 2>&1
	acpitrace -j inventory --tables - <acpidump.txt >stdin.json 2>&1
	acpitrace inventory --tables acpidump.txt >offline.txt 2>&1
	# qemu_fw_cfg (QEMU's fw_cfg device, QEMU0002) is not in the initramfs
	find /lib/modules -name 'qemu_fw_cfg.ko*' >fw-cfg-module.txt
	grep -c . "/lib/modules/$(uname -r)/modules.alias" >alias-lines.txt
}

check() {
	local live off
	expect_grep acpidump.err '^exit=0$' 1
	expect_grep offline.err '^exit=0$' 1
	expect_gt "$(grep -c ' @ 0x' "$OUT/acpidump.txt")" 8 "tables in the guest's acpidump"
	# devices: every live one with a constant _HID in the tables
	off=$(jq -r '.devices.items[] | "\(.path) \(.hid)"' "$OUT/offline.json" | sort)
	live=$(jq -r --slurpfile o "$OUT/offline.json" '
		[$o[0].devices.items[] | select(.hid_computed) | .path] as $computed |
		.devices.items[] | select(.hid != null and (.hid | startswith("LNX") | not) and
			(.path as $p | $computed | index($p) | not)) | "\(.path) \(.hid)"' "$OUT/live.json" | sort)
	expect_gt "$(grep -c . <<<"$live")" 10 "live devices with a _HID"
	expect_eq "$(comm -23 <(echo "$live") <(echo "$off"))" "" "every live device (path, _HID) is in inventory --tables"
	expect_event offline.json '.devices.items | any(.path == "\\_SB.EC0" and .hid == "PNP0C09" and .uid == "1")' 1
	# WMI blocks: the same, field by field
	live=$(jq -r '.wmi.items[] | [.guid, .notify_id, .object_id, .instances, .expensive, .event, .method, .data, .alias_modules] | tojson' "$OUT/live.json" | sort)
	off=$(jq -r '.wmi.items[] | [.guid, .notify_id, .object_id, .instances, .expensive, .event, .method, .data, .alias_modules] | tojson' "$OUT/offline.json" | sort)
	expect_gt "$(grep -c . <<<"$live")" 3 "live WMI blocks"
	expect_eq "$off" "$live" "WMI blocks and alias_modules: inventory --tables = live"
	# methods, GPE methods, the EC's queries and device
	live=$(jq -r '.methods.items[] | "\(.kind) \(.number) \(.path)"' "$OUT/live.json" | sort)
	off=$(jq -r '.methods.items[] | "\(.kind) \(.number) \(.path)"' "$OUT/offline.json" | sort)
	expect_gt "$(grep -c . <<<"$live")" 1 "live _Lxx/_Exx/_Qxx methods"
	expect_eq "$off" "$live" "GPE and query methods: inventory --tables = live"
	live=$(jq -r '.interrupts.items[] | select(.method != null) | .method' "$OUT/live.json" | sort)
	off=$(jq -r '.methods.items[] | select(.kind != "Q") | .path' "$OUT/offline.json" | sort)
	expect_eq "$off" "$live" "the GPEs' methods (live) = the _Lxx/_Exx of inventory --tables"
	live=$(jq -r '[.ec.devices, [.ec.queries[].path]] | tojson' "$OUT/live.json")
	off=$(jq -r '[.ec.devices, [.ec.queries[].path]] | tojson' "$OUT/offline.json")
	expect_eq "$off" "$live" "the EC's device and queries: inventory --tables = live"
	# the same inventory from the sysfs directory and from stdin
	# as sets: acpidump's table order is not the kernel's load order, so SSDT
	# numbers, device names (PNP0C14:00 or :01) and list orders may differ
	local strip='del(.tables, .devices.source, .wmi.source, .methods.source, .ec.source) |
		walk(if type == "object" then del(.table) | del(.name) else . end) |
		walk(if type == "array" then sort else . end)'
	expect_eq "$(jq -S "$strip" "$OUT/sysfs.json")" "$(jq -S "$strip" "$OUT/offline.json")" \
		"--tables /sys/firmware/acpi/tables = --tables acpidump.txt"
	expect_eq "$(jq -S "$strip" "$OUT/stdin.json")" "$(jq -S "$strip" "$OUT/offline.json")" \
		"--tables - (stdin) = --tables acpidump.txt"
	# the guest's modules.alias is the kernel's whole list: a device whose
	# module is not in the guest still has its module named
	expect_eq "$(cat "$OUT/fw-cfg-module.txt")" "" "qemu_fw_cfg.ko is not in the guest"
	expect_gt "$(cat "$OUT/alias-lines.txt")" 10000 "modules.alias lines in the guest"
	expect_event offline.json '.devices.items | any(.hid == "QEMU0002" and .alias_modules == ["qemu_fw_cfg"])' 1
	expect_grep offline.txt '^  QEMU0002:00 +\\_SB\.PCI0\.FWCF +hid QEMU0002 .*alias qemu_fw_cfg'
	# what only the running kernel knows is said to be missing
	expect_event offline.json '.interrupts.status == "missing" and .thermal.status == "missing"' 1
	expect_grep offline.txt '^GPEs and fixed events: not available: not in the tables' 1
	# the dump read on the host, without the guest's kernel
	"$ROOT/build/acpitrace" -j inventory --tables "$OUT/acpidump.txt" --modules-alias /dev/null >"$OUT/host.json" 2>&1
	expect_eq "$(jq -c '[.wmi.items[].guid]' "$OUT/host.json")" "$(jq -c '[.wmi.items[].guid]' "$OUT/offline.json")" \
		"the dump read on the host: the same WMI blocks"
}
