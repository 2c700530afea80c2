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
dev PNP0C09:00 '\_SB_.PCI0.LPCB.EC0_' PNP0C09 'acpi:PNP0C09:' '' 15 ec
dev PNP0C0D:00 '\_SB_.LID0' PNP0C0D 'acpi:PNP0C0D:' '' 15 button
dev LEN0268:00 '\_SB_.PCI0.LPCB.EC0_.HKEY' LEN0268 'acpi:LEN0268:PNP0C32:' '' 15 thinkpad_hotkey
dev ACPT0001:00 '\_SB_.SNK0' ACPT0001 'acpi:ACPT0001:' 0 '' ''
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
mkdir -p "$tmp/pol" "$r/sys/class/dmi/id"
echo LENOVO >"$r/sys/class/dmi/id/sys_vendor"
cp "$(dirname "$bin")/../policy/thinkpad-hkey.policy" "$(dirname "$bin")/../policy/dell-wmi.policy" "$tmp/pol/" 2>/dev/null ||
	cp policy/thinkpad-hkey.policy policy/dell-wmi.policy "$tmp/pol/"

"$bin" -j inventory --sysfs-root "$r" --policy "$tmp/pol" >"$tmp/inv.json" 2>"$tmp/err"
[[ $? == 0 ]] && ok "exit 0 on the fake tree" || { ko "exit status"; cat "$tmp/err"; }
j=$tmp/inv.json
check "device path, HID, CIDs, _STA, driver" \
	'.devices.items | any(.name == "LEN0268:00" and .path == "\\_SB.PCI0.LPCB.EC0.HKEY" and .hid == "LEN0268" and .cids == ["PNP0C32"] and .sta == 15 and .driver == "thinkpad_hotkey")' "$j"
check "device _UID, no _STA file" '.devices.items | any(.name == "ACPT0001:00" and .uid == "0" and .sta == null and .driver == null)' "$j"
check "platform kinds" '[.devices.items[] | select(.kind) | .kind] == ["embedded controller", "lid"]' "$j"
check "WMI event block, bound" '.wmi.items | any(.guid == "ABBC0F72-8EA1-11D1-00A0-C90629100000" and .notify_id == 208 and .event and (.method | not) and (.data | not) and .instances == 1 and .bound and .driver == "thinkpad-wmi")' "$j"
check "WMI method block" '.wmi.items | any(.guid == "05901221-D566-11D1-B2F0-00A0C9062910" and .notify_id == null and .object_id == "BA" and .method and (.data | not) and (.bound | not))' "$j"
check "WMI data block, setable, expensive" '.wmi.items | any(.object_id == "AA" and .data and .setable and .expensive and .instances == 2 and (.method | not))' "$j"
check "GPE counts and state, in GPE order" '[.interrupts.items[] | select(.gpe != null) | [.gpe, .count, .enabled]] == [[2, 0, false], [22, 12, true], [111, 3, false]]' "$j"
check "GPE state words" '.interrupts.items | any(.name == "gpe6F" and .state == "STS disabled masked")' "$j"
check "fixed events and sci" '.interrupts.items | any(.name == "sci" and .count == 15 and .gpe == null) and any(.name == "ff_pwr_btn" and .count == 1)' "$j"
check "EC GPE from debugfs" '.ec.status == "ok" and .ec.gpe == 22 and .ec.devices == ["PNP0C09:00"]' "$j"
check "thermal zone" '.thermal.items == [{"name": "thermal_zone0", "type": "acpitz", "temp_mc": 45000}]' "$j"
check "policy fit: ThinkPad matches, Dell is for other machines" \
	'[.policies[] | [(.file | sub(".*/"; "")), .verdict]] == [["dell-wmi.policy", "other machines (dmi)"], ["thinkpad-hkey.policy", "matches"]]' "$j"

# Missing interfaces: each section says so, the rest still works.
rm -rf "$r/sys/bus/wmi" "$r/sys/kernel/debug" "$r/sys/firmware"
"$bin" inventory --sysfs-root "$r" --policy "$tmp/pol" >"$tmp/inv.txt" 2>&1
grep -q '^WMI blocks: not available: /sys/bus/wmi/devices: missing' "$tmp/inv.txt" &&
	grep -q '^GPEs and fixed events: not available: /sys/firmware/acpi/interrupts: missing' "$tmp/inv.txt" &&
	grep -q '^Embedded controller: PNP0C09:00 .*GPE unknown: /sys/kernel/debug/ec: missing' "$tmp/inv.txt" &&
	grep -q '^ACPI devices (/sys/bus/acpi/devices): 4$' "$tmp/inv.txt" &&
	ok "missing sections named, text" || { ko "missing sections"; cat "$tmp/inv.txt"; }

# This machine, whatever it has: exit 0, every section with a status.
"$bin" -j inventory >"$tmp/here.json" 2>"$tmp/err"
[[ $? == 0 ]] && ok "exit 0 on this machine" || { ko "exit status here"; cat "$tmp/err"; }
check "every section has a status here" '[.devices, .wmi, .interrupts, .ec, .thermal] | all(.status | IN("ok", "missing", "no_permission"))' "$tmp/here.json"
jq -r '[.devices, .wmi, .interrupts, .ec, .thermal][] | "  \(.source): \(.status) \(.reason // "")"' "$tmp/here.json"

# A section nobody may read says so (as nobody: root reads anything).
if [[ $(id -u) -eq 0 ]] && command -v setpriv >/dev/null; then
	chmod -R a+rX "$tmp"
	chmod 700 "$r/sys/class/thermal"
	setpriv --reuid=65534 --regid=65534 --clear-groups "$bin" -j inventory --sysfs-root "$r" \
		--policy "$tmp/pol" >"$tmp/np.json" 2>&1
	check "no permission named" '.thermal.status == "no_permission" and (.thermal.reason | test("permission denied"))' "$tmp/np.json"
else
	echo "SKIP inventory no-permission case: needs root and setpriv to become nobody"
fi
exit $failed
