#!/bin/bash
# tests/host/inventory.sh ACPITRACE (make inventorytest, part of hosttest):
# `acpitrace inventory` on a fake sysfs/debugfs tree laid out as the kernel
# writes it (exact values, -j), on this machine (degraded: each missing
# interface named, exit 0), and as nobody on a section it may not read.
set -uo pipefail
bin=$(readlink -f "${1:?usage: tests/host/inventory.sh ACPITRACE}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
chmod 755 "$tmp"
failed=0
ok() { echo "PASS inventory $1"; }
ko() { echo "FAIL inventory $1"; failed=1; }
check() {	# WHAT JQ-FILTER FILE: the filter is true for the file's object
	if jq -e "$2" "$3" >/dev/null 2>&1; then ok "$1"; else ko "$1: $2"; jq -c . "$3" | head -c 2000; echo; fi
}

r=$tmp/root
dev() {	# NAME PATH HID MODALIAS UID STA DRIVER
	local d=$r/sys/bus/acpi/devices/$1
	mkdir -p "$d"
	echo "$2" >"$d/path"
	[[ -n $3 ]] && echo "$3" >"$d/hid"
	echo "$4" >"$d/modalias"
	[[ -n $5 ]] && echo "$5" >"$d/uid"
	[[ -n $6 ]] && echo "$6" >"$d/status"
	[[ -n $7 ]] && ln -s "../../../../bus/acpi/drivers/$7" "$d/driver"
	return 0
}
dev PNP0C09:00 '\_SB_.EC0_' PNP0C09 'acpi:PNP0C09:' '' 15 ec
dev PNP0C0D:00 '\_SB_.LID0' PNP0C0D 'acpi:PNP0C0D:' '' 15 button
dev LEN0268:00 '\_SB_.PCI0.LPCB.EC0_.HKEY' LEN0268 'acpi:LEN0268:PNP0C32:' '' 15 thinkpad_hotkey
dev ACPT0001:00 '\_SB_.SNK0' ACPT0001 'acpi:ACPT0001:' 0 '' ''
# 7.x: the thermal driver binds the zone's platform device, its physical node
dev LNXTHERM:00 '\_TZ_.TZ00' LNXTHERM 'acpi:LNXTHERM:' '' '' ''
mkdir -p "$r/sys/devices/platform/LNXTHERM:00"
ln -s ../../../bus/platform/drivers/thermal "$r/sys/devices/platform/LNXTHERM:00/driver"
ln -s ../../../../devices/platform/LNXTHERM:00 "$r/sys/bus/acpi/devices/LNXTHERM:00/physical_node"
wmi() {	# GUID FILE=VALUE...
	local d=$r/sys/bus/wmi/devices/$1 kv
	mkdir -p "$d"
	echo "${1%%-[0-9]}" >"$d/guid"
	shift
	for kv in "$@"; do echo "${kv#*=}" >"$d/${kv%%=*}"; done
}
wmi ABBC0F72-8EA1-11D1-00A0-C90629100000 notify_id=D0 instance_count=1 expensive=0
wmi 05901221-D566-11D1-B2F0-00A0C9062910 object_id=BA instance_count=1 expensive=0
wmi 8D9DDCBC-A997-11DA-B012-B622A1EF5492 object_id=AA instance_count=2 expensive=1 setable=1
ln -s ../../../../bus/wmi/drivers/thinkpad-wmi "$r/sys/bus/wmi/devices/ABBC0F72-8EA1-11D1-00A0-C90629100000/driver"
i=$r/sys/firmware/acpi/interrupts
mkdir -p "$i"
printf '%8u  EN     enabled      unmasked\n' 12 >"$i/gpe16"
printf '%8u        invalid      unmasked\n' 0 >"$i/gpe02"
printf '%8u      STS disabled     masked  \n' 3 >"$i/gpe6F"
printf '%8u\n' 15 >"$i/sci"
printf '%8u  EN     enabled      unmasked\n' 1 >"$i/ff_pwr_btn"
mkdir -p "$r/sys/kernel/debug/ec/ec0" "$r/sys/class/thermal/thermal_zone0"
echo 0x16 >"$r/sys/kernel/debug/ec/ec0/gpe"
echo acpitz >"$r/sys/class/thermal/thermal_zone0/type"
echo 45000 >"$r/sys/class/thermal/thermal_zone0/temp"
# PNP: the EC's PNP device with two ids, its firmware_node the ACPI device
p=$r/sys/bus/pnp/devices/00:05
mkdir -p "$p" "$r/sys/bus/pnp/devices/00:06"
printf 'PNP0c09\nPNP0c0a\n' >"$p/id"
ln -s ../../../../bus/acpi/devices/PNP0C09:00 "$p/firmware_node"
echo PNP0501 >"$r/sys/bus/pnp/devices/00:06/id"	# no ACPI companion: listed nowhere
# AML tables, compiled by iasl (make inventorytest): the guest EC fixture
# (\_SB.EC0 with _Q1A) and the scanner's test table (GPE methods, another EC's queries)
aml=${ACPITRACE_AML_DIR:-build/aml}
t=$r/sys/firmware/acpi/tables
mkdir -p "$t/dynamic"
cp "$aml/ec.aml" "$t/SSDT1" && cp "$aml/scan.aml" "$t/dynamic/SSDT2" && echo junk >"$t/FACP" ||
	ko "AML fixtures missing in $aml (make inventorytest compiles them)"
# modules.alias of the running kernel: two modules for one GUID
mkdir -p "$r/proc/sys/kernel" "$r/lib/modules/6.99-test"
echo 6.99-test >"$r/proc/sys/kernel/osrelease"
printf '%s\n' 'alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100000 thinkpad_acpi' \
	'alias wmi:abbc0f72-8ea1-11d1-00a0-c90629100000 other_wmi' \
	'alias wmi:ABBC0F72-8EA1-11D1-00A0-C90629100001 not_this' \
	'alias pci:v00008086d* nope' >"$r/lib/modules/6.99-test/modules.alias"
# debugfs ec0/io: 256 bytes, byte N = N
python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(256)))' >"$r/sys/kernel/debug/ec/ec0/io"
mkdir -p "$tmp/pol" "$r/sys/class/dmi/id"
echo LENOVO >"$r/sys/class/dmi/id/sys_vendor"
cp "$(dirname "$bin")/../policy/thinkpad-hkey.policy" "$(dirname "$bin")/../policy/dell-wmi.policy" "$tmp/pol/" 2>/dev/null ||
	cp policy/thinkpad-hkey.policy policy/dell-wmi.policy "$tmp/pol/"

"$bin" -j inventory --sysfs-root "$r" --policy "$tmp/pol" >"$tmp/inv.json" 2>"$tmp/err"
[[ $? == 0 ]] && ok "exit 0 on the fake tree" || { ko "exit status"; cat "$tmp/err"; }
j=$tmp/inv.json
check "device path, HID, CIDs, _STA, driver" \
	'.devices.items | any(.name == "LEN0268:00" and .path == "\\_SB.PCI0.LPCB.EC0.HKEY" and .hid == "LEN0268" and .cids == ["PNP0C32"] and .sta == 15 and .driver == "thinkpad_hotkey")' "$j"
check "driver of the physical node (a platform driver)" '.devices.items | any(.name == "LNXTHERM:00" and .driver == "thermal")' "$j"
check "device _UID, no _STA file" '.devices.items | any(.name == "ACPT0001:00" and .uid == "0" and .sta == null and .driver == null)' "$j"
check "platform kinds" '[.devices.items[] | select(.kind) | .kind] == ["thermal zone", "embedded controller", "lid"]' "$j"
check "WMI event block, bound" '.wmi.items | any(.guid == "ABBC0F72-8EA1-11D1-00A0-C90629100000" and .notify_id == 208 and .event and (.method | not) and (.data | not) and .instances == 1 and .bound and .driver == "thinkpad-wmi")' "$j"
check "WMI method block" '.wmi.items | any(.guid == "05901221-D566-11D1-B2F0-00A0C9062910" and .notify_id == null and .object_id == "BA" and .method and (.data | not) and (.bound | not))' "$j"
check "WMI data block, setable, expensive" '.wmi.items | any(.object_id == "AA" and .data and .setable and .expensive and .instances == 2 and (.method | not))' "$j"
check "GPE counts and state, in GPE order" '[.interrupts.items[] | select(.gpe != null) | [.gpe, .count, .enabled]] == [[2, 0, false], [22, 12, true], [111, 3, false]]' "$j"
check "GPE state words" '.interrupts.items | any(.name == "gpe6F" and .state == "STS disabled masked")' "$j"
check "fixed events and sci" '.interrupts.items | any(.name == "sci" and .count == 15 and .gpe == null) and any(.name == "ff_pwr_btn" and .count == 1)' "$j"
check "EC GPE from debugfs" '.ec.status == "ok" and .ec.gpe == 22 and .ec.devices == ["PNP0C09:00"]' "$j"
check "PNP ids through firmware_node" '.pnp.status == "ok" and (.devices.items | any(.name == "PNP0C09:00" and .pnp == {"name": "00:05", "ids": ["PNP0c09", "PNP0c0a"]}) and any(.name == "LEN0268:00" and .pnp == null))' "$j"
check "WMI GUID: modules declaring it in modules.alias" '.wmi.items | any(.guid == "ABBC0F72-8EA1-11D1-00A0-C90629100000" and .alias_modules == ["thinkpad_acpi", "other_wmi"]) and any(.object_id == "BA" and .alias_modules == [])' "$j"
check "GPE methods from the tables, in \\_GPE only" '[.methods.items[] | select(.kind != "Q") | [.path, .number, .table]] == [["\\_GPE._E02", 2, "dynamic/SSDT2"], ["\\_GPE._E0F", 15, "dynamic/SSDT2"], ["\\_GPE._L1D", 29, "dynamic/SSDT2"]] and .methods.tables == 2 and .methods.status == "ok"' "$j"
check "each GPE with its method" '[.interrupts.items[] | select(.gpe != null) | [.gpe, .method]] == [[2, "\\_GPE._E02"], [22, null], [111, null]]' "$j"
check "every _Qxx listed, the EC's own under ec" '([.methods.items[] | select(.kind == "Q") | .path] | sort) == ["\\_SB.EC0._Q1A", "\\_SB.EC1._Q01", "\\_SB.EC1._Q0A", "\\_SB.EC1._QFF"] and [.ec.queries[] | [.path, .number]] == [["\\_SB.EC0._Q1A", 26]]' "$j"
check "EC registers from debugfs ec0/io" '.ec.registers.status == "ok" and .ec.registers.length == 256 and (.ec.registers.hex | startswith("000102030405")) and (.ec.registers.hex | endswith("fdfeff"))' "$j"
check "no --events: nothing marked" '.events.status == "not_asked" and ([.wmi.items[].fired, .interrupts.items[].fired] | all(. == null))' "$j"
"$bin" inventory --sysfs-root "$r" --policy "$tmp/pol" >"$tmp/full.txt" 2>&1
grep -q '^  gpe02 .* \\_GPE._E02$' "$tmp/full.txt" && grep -q '^  gpe16 .* no method$' "$tmp/full.txt" &&
	grep -q '^  queries: \\_SB.EC0._Q1A$' "$tmp/full.txt" &&
	grep -q '^  query 0x1A  \\_SB.EC0._Q1A  *SSDT1$' "$tmp/full.txt" &&
	grep -q '^f0: f0 f1 f2 f3 f4 f5 f6 f7 f8 f9 fa fb fc fd fe ff$' "$tmp/full.txt" &&
	grep -q '^  PNP0C09:00 .* pnp 00:05 PNP0c09,PNP0c0a$' "$tmp/full.txt" &&
	grep -q '^  ABBC0F72-8EA1-11D1-00A0-C90629100000 .* alias thinkpad_acpi,other_wmi$' "$tmp/full.txt" &&
	ok "text: GPE methods, EC queries and RAM, PNP ids, aliases" || { ko "text"; cat "$tmp/full.txt"; }
"$bin" -j inventory --sysfs-root "$r" --policy "$tmp/pol" --no-ec-io >"$tmp/noio.json" 2>&1
check "--no-ec-io leaves the RAM unread" '.ec.registers.status == "missing" and .ec.registers.hex == null and .ec.status == "ok"' "$tmp/noio.json"
"$bin" inventory --sysfs-root "$r" --events 0 >"$tmp/ev0.txt" 2>&1
[[ $? == 2 ]] && grep -q -- "--events '0': expected seconds > 0" "$tmp/ev0.txt" && ok "--events 0 refused" ||
	{ ko "--events 0"; cat "$tmp/ev0.txt"; }
# --events where the kernel cannot trace: the inventory, and the reason
"$bin" -j inventory --sysfs-root "$r" --policy "$tmp/pol" --events 0.2 >"$tmp/ev.json" 2>"$tmp/ev.err"
if [[ -w /sys/kernel/debug ]] && "$bin" probe >/dev/null 2>&1; then
	check "--events traced" '.events.status == "ok" and .events.seconds == 0.2' "$tmp/ev.json"
else
	check "--events without tracing: reason, inventory still there" '.events.status == "error" and (.events.reason | length > 0) and (.devices.items | length == 5) and ([.wmi.items[].fired] | all(. == null))' "$tmp/ev.json"
fi
# a table shorter than its header says: that table is named, the others still scanned
head -c 60 "$aml/scan.aml" >"$t/SSDT3"
"$bin" -j inventory --sysfs-root "$r" --policy "$tmp/pol" --no-ec-io >"$tmp/bad.json" 2>&1
check "a damaged table: status error, named, the rest scanned" '.methods.status == "error" and (.methods.reason | test("^/sys/firmware/acpi/tables/SSDT3: offset 4: table length [0-9]+, but 60 bytes were read$")) and .methods.tables == 2 and (.ec.queries | length) == 1' "$tmp/bad.json"
rm -f "$t/SSDT3"
check "thermal zone" '.thermal.items == [{"name": "thermal_zone0", "type": "acpitz", "temp_mc": 45000}]' "$j"
check "policy fit: ThinkPad matches, Dell is for other machines" \
	'[.policies[] | [(.file | sub(".*/"; "")), .verdict]] == [["dell-wmi.policy", "other machines (dmi)"], ["thinkpad-hkey.policy", "matches"]]' "$j"

# Missing interfaces: each section says so, the rest still works.
rm -rf "$r/sys/bus/wmi" "$r/sys/kernel/debug" "$r/sys/firmware" "$r/sys/bus/pnp"
"$bin" inventory --sysfs-root "$r" --policy "$tmp/pol" >"$tmp/inv.txt" 2>&1
grep -q '^WMI blocks: not available: /sys/bus/wmi/devices: missing' "$tmp/inv.txt" &&
	grep -q '^GPEs and fixed events: not available: /sys/firmware/acpi/interrupts: missing' "$tmp/inv.txt" &&
	grep -q '^Embedded controller: PNP0C09:00 .*GPE unknown: /sys/kernel/debug/ec: missing' "$tmp/inv.txt" &&
	grep -q '^ACPI devices (/sys/bus/acpi/devices): 5$' "$tmp/inv.txt" &&
	grep -q '^GPE and EC query methods: not available: /sys/firmware/acpi/tables: missing' "$tmp/inv.txt" &&
	grep -q '^  registers: not available: /sys/kernel/debug/ec: missing' "$tmp/inv.txt" &&
	grep -q '^  queries: unknown (tables not read)$' "$tmp/inv.txt" &&
	ok "missing sections named, text" || { ko "missing sections"; cat "$tmp/inv.txt"; }

# This machine, whatever it has: exit 0, every section with a status.
"$bin" -j inventory >"$tmp/here.json" 2>"$tmp/err"
[[ $? == 0 ]] && ok "exit 0 on this machine" || { ko "exit status here"; cat "$tmp/err"; }
check "every section has a status here" '[.devices, .pnp, .wmi, .interrupts, .methods, .ec, .ec.registers, .thermal] | all(.status | IN("ok", "missing", "no_permission"))' "$tmp/here.json"
jq -r '[.devices, .pnp, .wmi, .interrupts, .methods, .ec, .ec.registers, .thermal][] | "  \(.source): \(.status) \(.reason // "")"' "$tmp/here.json"

# Firmware, sysfs and policy strings in text output are escaped (issue 32
# #6): a _UID with a terminal escape, a thermal zone type with a bidi
# override (U+202E), a policy file whose name holds an escape.
c=$tmp/crafted
mkdir -p "$c/sys/bus/acpi/devices/ACPT0002:00" "$c/sys/class/thermal/thermal_zone0" "$tmp/cpol"
printf '\\_SB_.CRFT\n' >"$c/sys/bus/acpi/devices/ACPT0002:00/path"
printf 'ACPT0002\n' >"$c/sys/bus/acpi/devices/ACPT0002:00/hid"
printf 'acpi:ACPT0002:\n' >"$c/sys/bus/acpi/devices/ACPT0002:00/modalias"
printf 'U\033[2J1\n' >"$c/sys/bus/acpi/devices/ACPT0002:00/uid"
printf 'acpi\xe2\x80\xaetz\n' >"$c/sys/class/thermal/thermal_zone0/type"
echo 40000 >"$c/sys/class/thermal/thermal_zone0/temp"
printf 'match gpe\n 1 -> log\n' >"$tmp/cpol/x$(printf '\033')[31m.policy"
"$bin" inventory --sysfs-root "$c" --policy "$tmp/cpol" >"$tmp/crafted.txt" 2>&1
if LC_ALL=C grep -q $'\033\|\xe2\x80\xae' "$tmp/crafted.txt"; then
	ko "text output holds a raw escape or bidi override:"
	cat -v "$tmp/crafted.txt" | grep -n 'M-bM-^@M-.\|\^\[' | head
else
	ok "text output: no raw escape or bidi override"
fi
grep -qF ' uid U\x1b[2J1' "$tmp/crafted.txt" && ok "_UID escaped" || ko "_UID escaped: $(grep -a uid "$tmp/crafted.txt" | cat -v)"
grep -qF 'acpi\u{202e}tz' "$tmp/crafted.txt" && ok "thermal zone type escaped" || ko "thermal zone type escaped"
grep -qF 'x\x1b[31m.policy' "$tmp/crafted.txt" && ok "policy file name escaped" || ko "policy file name escaped"

# A section nobody may read says so (as nobody: root reads anything).
if [[ $(id -u) -eq 0 ]] && command -v setpriv >/dev/null; then
	mkdir -p "$r/sys/firmware/acpi/tables"
	cp "$aml/ec.aml" "$r/sys/firmware/acpi/tables/SSDT1"
	chmod -R a+rX "$tmp"
	chmod 700 "$r/sys/class/thermal"
	chmod 400 "$r/sys/firmware/acpi/tables/SSDT1"	# as the kernel makes every table
	setpriv --reuid=65534 --regid=65534 --clear-groups "$bin" -j inventory --sysfs-root "$r" \
		--policy "$tmp/pol" >"$tmp/np.json" 2>&1
	check "no permission named" '.thermal.status == "no_permission" and (.thermal.reason | test("permission denied"))' "$tmp/np.json"
	check "tables only root may read: no permission" '.methods.status == "no_permission" and .methods.reason == "/sys/firmware/acpi/tables/SSDT1: permission denied (run as root)" and .methods.tables == 0' "$tmp/np.json"
else
	echo "SKIP inventory no-permission case: needs root and setpriv to become nobody"
fi
exit $failed
