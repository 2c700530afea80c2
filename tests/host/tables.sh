#!/bin/bash
# tests/host/tables.sh ACPITRACE (make inventorytest, part of hosttest):
# `acpitrace inventory --tables` on tables compiled by iasl from the
# project's own ASL (tests/unit/aml/tables.asl, tools/vm/acpi/*.asl,
# tests/vm/firmware/*.asl), as acpidump text (tests/vm/lib/mkdump), as a
# directory of binary tables and on standard input: exact devices, WMI
# blocks, methods, Notify targets, EC fields, alias_modules from a
# modules.alias made here, policy fits and uncovered sources; --compare
# between two versions of a table; the errors on malformed dumps (file,
# line, reason; exit 1, never a crash); and the time on a 3 MB dump.
set -uo pipefail
bin=$(readlink -f "${1:?usage: tests/host/tables.sh ACPITRACE}")
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
aml=$(readlink -f "${ACPITRACE_AML_DIR:-$ROOT/build/aml}")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
ok() { echo "PASS tables $1"; }
ko() { echo "FAIL tables $1"; failed=1; }
check() {	# WHAT JQ-FILTER FILE
	if jq -e "$2" "$3" >/dev/null 2>&1; then ok "$1"; else ko "$1: $2"; jq -c . "$3" | head -c 1500; echo; fi
}
mkdump=$ROOT/tests/vm/lib/mkdump
for f in tables ec-laptop wmi; do
	[[ -s $aml/$f.aml ]] || { echo "FAIL tables: $aml/$f.aml missing (make $aml/$f.aml)"; exit 1; }
done
iasl -p "$tmp/fwdsdt" "$ROOT/tests/vm/firmware/dsdt.asl" >/dev/null 2>&1 &&
	iasl -p "$tmp/fwssdt" "$ROOT/tests/vm/firmware/ssdt.asl" >/dev/null 2>&1 ||
	{ echo "FAIL tables: iasl tests/vm/firmware"; exit 1; }

# The dump: tables.asl as the DSDT, two fixtures as SSDT1 and SSDT2.
"$mkdump" "$aml/tables.aml" "$aml/ec-laptop.aml" "$aml/wmi.aml" >"$tmp/dump.txt"
mkdir "$tmp/dir"
cp "$aml/tables.aml" "$tmp/dir/dsdt.dat"
cp "$aml/ec-laptop.aml" "$tmp/dir/ssdt1.dat"
cp "$aml/wmi.aml" "$tmp/dir/ssdt2.dat"
cat >"$tmp/modules.alias" <<'AL'
# made up for the test: one module per kind of alias
alias acpi*:PNP0C09:* ec_mod
alias acpi*:PNP0A03:* pci_mod
alias acpi*:ACPT00C1:* pci_mod
alias wmi:5A1B2C3D-0002-4A7C-8000-ACB7A0000002 wmi_mod
alias wmi:409b028d-f06b-4c7c-8bbb-ee133a6bd87e xiaomi_wmi
alias pci:v00008086d* not_acpi
AL
pol=$tmp/policy
mkdir "$pol"
cat >"$pol/hkey.policy" <<'PO'
match notify hid=ACPT00A1
  0x80 -> key KEY_PROG1
PO
run() { "$bin" -j inventory --policy "$pol" --modules-alias "$tmp/modules.alias" "$@"; }
run --tables "$tmp/dump.txt" >"$tmp/text.json" 2>"$tmp/err" && ok "an acpidump text file: exit 0" ||
	{ ko "text dump: exit $?"; cat "$tmp/err"; }
j=$tmp/text.json
check "the tables of the dump, named as acpixtract names them" \
	'[.tables.items[].name] == ["DSDT","SSDT1","SSDT2"] and .methods.tables == 3' "$j"
check "devices: EisaId _HID, _CID package (EisaId and string), integer and string _UID" \
	'(.devices.items[] | select(.path == "\\_SB.PCI0") | .hid == "PNP0A08" and .cids == ["PNP0A03","ACPT00C1"]) and
	 (.devices.items[] | select(.path == "\\_SB.PCI0.LPCB.EC") | .uid == "7" and .name == "PNP0C09:00") and
	 (.devices.items[] | select(.path == "\\_SB.PCI0.LPCB.EC.HKEY") | .hid == "ACPT00A1" and .uid == "hotkey")' "$j"
check "a computed _HID is said so, a device without _HID or _CID is not listed" \
	'(.devices.items[] | select(.path == "\\_SB.CMP0") | .hid == null and .hid_computed) and
	 ([.devices.items[] | select(.path == "\\_SB.PCI0.GFX0")] == [])' "$j"
check "what only the kernel knows is missing, with the reason" \
	'.interrupts.status == "missing" and .thermal.status == "missing" and .ec.registers.status == "missing" and
	 (.devices.items[] | select(.path == "\\_SB.PWRB") | .sta == null and .driver == null)' "$j"
check "_WDG: event (notify id), method (object id, instances), data (expensive, string, setable by WSCD)" \
	'(.wmi.items[] | select(.guid == "5A1B2C3D-0001-4A7C-8000-ACB7A0000001") | .event and .notify_id == 160 and .device == "\\_SB.WMI1") and
	 (.wmi.items[] | select(.guid == "5A1B2C3D-0002-4A7C-8000-ACB7A0000002") | .method and .object_id == "AB" and .instances == 2 and (.expensive | not)) and
	 (.wmi.items[] | select(.guid == "5A1B2C3D-0003-4A7C-8000-ACB7A0000003") | .data and .object_id == "CD" and .expensive and .string and .setable)' "$j"
check "every _WDG of every table: 3 in the DSDT, 4 in the two SSDTs" '(.wmi.items | length) == 7' "$j"
check "alias_modules from the modules.alias given: wmi: (any case) and acpi*: globs over HID and CIDs" \
	'(.wmi.items[] | select(.guid == "5A1B2C3D-0002-4A7C-8000-ACB7A0000002") | .alias_modules == ["wmi_mod"]) and
	 (.wmi.items[] | select(.guid == "409B028D-F06B-4C7C-8BBB-EE133A6BD87E") | .alias_modules == ["xiaomi_wmi"]) and
	 (.devices.items[] | select(.path == "\\_SB.PCI0") | .alias_modules == ["pci_mod"]) and
	 (.devices.items[] | select(.path == "\\_SB.PCI0.LPCB.EC") | .alias_modules == ["ec_mod"]) and
	 (.devices.items[] | select(.path == "\\_SB.PWRB") | .alias_modules == [])' "$j"
check "GPE methods in \\_GPE and query methods, with their tables" \
	'([.methods.items[] | select(.table == "DSDT") | .path] == ["\\_GPE._E05","\\_GPE._L1D","\\_SB.PCI0.LPCB.EC._Q1F","\\_SB.PCI0.LPCB.EC._Q20","\\_SB.PCI0.LPCB.EC._Q21","\\_SB.PCI0.LPCB.EC._Q22","\\_SB.PCI0.LPCB.EC._Q24"]) and
	 ([.methods.items[] | select(.table == "SSDT1") | .number] == [42,43,44,45,46,47])' "$j"
check "the EC: its device, _GPE, its queries" \
	'.ec.gpe == 22 and .ec.gpe_from == "_GPE" and (.ec.devices | index("PNP0C09:00")) != null and
	 ([.ec.queries[].number] == [31,32,33,34,36])' "$j"
check "Notify targets: a bare name found a scope up, ^^^ from the method, a WMI notify id, not a constant" \
	'(.notifies[] | select(.method == "\\_SB.PCI0.LPCB.EC._Q1F") | .target == "\\_SB.PCI0.LPCB.EC.HKEY" and .value == 128 and .kind == "Q" and .number == 31) and
	 (.notifies[] | select(.method == "\\_SB.PCI0.LPCB.EC._Q20") | .target == "\\_SB.PCI0.GFX0" and .value == 134) and
	 (.notifies[] | select(.method == "\\_SB.PCI0.LPCB.EC._Q21") | .target == "\\_SB.WMI1" and .wmi_guid == "5A1B2C3D-0001-4A7C-8000-ACB7A0000001") and
	 (.notifies[] | select(.method == "\\_SB.PCI0.LPCB.EC._Q22") | .value == null)' "$j"
check "Notify in an If whose PkgLength byte is a constant prefix, and in an Else" \
	'[.notifies[] | select(.method == "\\_SB.PCI0.LPCB.EC._Q24") | [.target, .value]] == [["\\_SB.PCI0.LPCB.EC.HKEY",129],["\\_SB.PWRB",128]]' "$j"
check "Notify in GPE methods and in _WED" \
	'(.notifies[] | select(.method == "\\_GPE._L1D") | .target == "\\_SB.PWRB" and .value == 2 and .kind == "L" and .number == 29) and
	 (.notifies[] | select(.method == "\\_SB.WMI1._WED") | .kind == "W" and .number == null and .value == 144)' "$j"
check "EC fields: name, offset, bit, width" \
	'([.ec_fields[] | select(.table == "DSDT") | [.name, .offset, .bit, .width]] == [["HKEV",32,0,8],["FANS",65,0,16],["FLG0",67,0,1],["FLG1",67,1,3]])' "$j"
check "policies: a hid= block fits (no DMI), the others do not" \
	'.policies == [{"file": "'"$pol"'/hkey.policy", "verdict": "matches", "enabled": true, "detail": "ACPT00A1 \\_SB.PCI0.LPCB.EC.HKEY"}]' "$j"
check "uncovered: WMI events without alias or policy, notified devices without either" \
	'([.uncovered[] | select(.kind == "wmi") | .guid] | sort) == ["5A1B2C3D-0001-4A7C-8000-ACB7A0000001","76E9027C-95D0-4180-8692-DA6747DD1C2D","8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E01","8F1F6E4A-3D2C-4B5A-9E8D-7C6B5A4F3E02"] and
	 ([.uncovered[] | select(.kind == "device") | .path] | index("\\_SB.PWRB")) != null and
	 ([.uncovered[] | select(.kind == "device") | .path] | index("\\_SB.PCI0.LPCB.EC.HKEY")) == null and
	 (.uncovered[] | select(.path == "\\_SB.HKEY") | .notified_by == "query 0x2B, query 0x2E")' "$j"

# The same from a directory of binary tables and from standard input.
run --tables "$tmp/dir" >"$tmp/dir.json" 2>"$tmp/err" || ko "directory: exit $?"
run --tables - <"$tmp/dump.txt" >"$tmp/stdin.json" 2>"$tmp/err" || ko "stdin: exit $?"
strip='del(.tables.source, .devices.source, .wmi.source, .methods.source, .ec.source)'
if cmp -s <(jq -S "$strip" "$tmp/text.json") <(jq -S "$strip" "$tmp/dir.json") &&
   cmp -s <(jq -S "$strip" "$tmp/text.json") <(jq -S "$strip" "$tmp/stdin.json"); then
	ok "a directory of binary tables (acpixtract -a names) and stdin give the same inventory"
else
	ko "text, directory and stdin differ"; diff <(jq -S "$strip" "$tmp/text.json") <(jq -S "$strip" "$tmp/dir.json") | head
fi
# A copy of /sys/firmware/acpi/tables: DSDT, SSDT1, dynamic/SSDT3.
mkdir -p "$tmp/sys/dynamic"
cp "$aml/tables.aml" "$tmp/sys/DSDT"
cp "$aml/ec-laptop.aml" "$tmp/sys/SSDT1"
cp "$aml/wmi.aml" "$tmp/sys/dynamic/SSDT3"
run --tables "$tmp/sys" >"$tmp/sys.json" 2>"$tmp/err"
check "a copy of /sys/firmware/acpi/tables, dynamic/ included" \
	'[.tables.items[].name] == ["DSDT","SSDT1","dynamic/SSDT3"] and (.wmi.items | length) == 7' "$tmp/sys.json"

# An older acpidump's RSDP header, "RSD  @ 0x...", before the tables.
{ printf 'RSD  @ 0x00000000000F5A20\n  0000: 52 53 44 20 50 54 52 20 4E 42 4F 43 48 53 20 00  RSD PTR NBOCHS .\n  0010: 00 00 00 00                                      ....\n\n'; cat "$tmp/dump.txt"; } >"$tmp/rsd.txt"
run --tables "$tmp/rsd.txt" >"$tmp/rsd.json" 2>"$tmp/err"
check "an older acpidump's 'RSD  @' header: the RSDP skipped" '[.tables.items[].name] == ["DSDT","SSDT1","SSDT2"]' "$tmp/rsd.json"

# A table file whose name has a tab: the name printed with '?' for it.
mkdir "$tmp/ugly"
cp "$aml/wmi.aml" "$tmp/ugly/$(printf 'ss\tdt')"
run --tables "$tmp/ugly" >"$tmp/ugly.json" 2>"$tmp/err"
check "a file name with a control character, printed escaped" '[.tables.items[].name] == ["ss?dt"]' "$tmp/ugly.json"

# One binary table file (acpixtract's dsdt.dat alone).
run --tables "$tmp/dir/dsdt.dat" >"$tmp/one.json" 2>"$tmp/err"
check "one binary table file" '[.tables.items[].name] == ["DSDT"] and (.wmi.items | length) == 3' "$tmp/one.json"

# Text output: the layout of the live inventory, and the Notify lines.
"$bin" inventory --tables "$tmp/dump.txt" --policy "$pol" --modules-alias "$tmp/modules.alias" >"$tmp/text" 2>&1
grep -qF '  query 0x21  \_SB.PCI0.LPCB.EC._Q21 -> Notify(\_SB.WMI1, 0xA0): WMI event 5A1B2C3D-0001-4A7C-8000-ACB7A0000001' "$tmp/text" &&
	grep -qF 'computed:00  \_SB.CMP0                hid -         (_HID computed: not known offline)' "$tmp/text" &&
	grep -qF 'Embedded controller: PNP0C09:00 \_SB.PCI0.LPCB.EC driver -; PNP0C09:01 \_SB.EC0 driver -; GPE 0x16 (_GPE)' "$tmp/text" &&
	grep -qF '  0x41.0  16  \_SB.PCI0.LPCB.EC.FANS' "$tmp/text" &&
	ok "text: Notify lines, computed _HID, the EC's GPE, EC fields" || { ko "text output"; cat "$tmp/text"; }

# A _GPE that is a method, and the firmware test's laptop tables.
"$mkdump" "$tmp/fwdsdt.aml" "$tmp/fwssdt.aml" >"$tmp/fw.txt"
run --tables "$tmp/fw.txt" >"$tmp/fw.json" 2>"$tmp/err"
check "a _GPE method: the GPE not known offline; an SSDT's _Qxx under the DSDT's EC" \
	'.ec.gpe == null and (.ec.gpe_from | test("method")) and ([.ec.queries[].path] | index("\\_SB.PCI0.LPCB.EC._Q40")) != null' "$tmp/fw.json"

# --compare: a second BIOS version with a field moved, a query gone, a GUID added.
sed -e 's/Offset (0x41),/Offset (0x44),/' -e 's/Method (_Q22, 0/Method (_Q23, 0/' \
	-e 's/0x43, 0x44, 0x01, 0x05$/0x43, 0x44, 0x01, 0x05,\n\t\t\t\t0x3D, 0x2C, 0x1B, 0x5A, 0x04, 0x00, 0x7C, 0x4A, 0x80, 0x00, 0xAC, 0xB7, 0xA0, 0x00, 0x00, 0x04, 0xA4, 0x00, 0x01, 0x08/' \
	"$ROOT/tests/unit/aml/tables.asl" >"$tmp/v2.asl"
iasl -p "$tmp/v2" "$tmp/v2.asl" >"$tmp/iasl.log" 2>&1 || { ko "iasl v2"; cat "$tmp/iasl.log"; }
mkdir "$tmp/v1d" "$tmp/v2d"
cp "$aml/tables.aml" "$tmp/v1d/dsdt.dat"
cp "$tmp/v2.aml" "$tmp/v2d/dsdt.dat"
run --tables "$tmp/v1d" --compare "$tmp/v2d" >"$tmp/cmp.json" 2>"$tmp/err" || ko "compare: exit $?"
check "--compare: EC fields moved, query vanished and appeared, WMI block appeared" \
	'.compare.ec_fields.moved == [{"key":"\\_SB.PCI0.LPCB.EC.FANS","was":"offset 0x41 bit 0 width 16","now":"offset 0x44 bit 0 width 16"},{"key":"\\_SB.PCI0.LPCB.EC.FLG0","was":"offset 0x43 bit 0 width 1","now":"offset 0x46 bit 0 width 1"},{"key":"\\_SB.PCI0.LPCB.EC.FLG1","was":"offset 0x43 bit 1 width 3","now":"offset 0x46 bit 1 width 3"}] and
	 .compare.queries.vanished == [{"key":"\\_SB.PCI0.LPCB.EC._Q22","was":null,"now":null}] and
	 .compare.queries.appeared == [{"key":"\\_SB.PCI0.LPCB.EC._Q23","was":null,"now":null}] and
	 .compare.wmi.appeared == [{"key":"5A1B2C3D-0004-4A7C-8000-ACB7A0000004","was":null,"now":"notify 0xA4 instances 1"}] and
	 .compare.devices == {"appeared":[],"vanished":[],"moved":[]}' "$tmp/cmp.json"
"$bin" inventory --tables "$tmp/v1d" --compare "$tmp/v1d" --modules-alias /dev/null --policy "$pol" >"$tmp/same" 2>&1
[[ $(sed -n '/^Compared with/,$p' "$tmp/same") == "Compared with $tmp/v1d:" ]] && ok "--compare with itself: no difference" ||
	{ ko "compare with itself"; sed -n '/^Compared with/,$p' "$tmp/same"; }

# As docs/inventory.md shows it.
cp "$tmp/dump.txt" "$tmp/acpidump.txt"
(cd "$tmp" && "$bin" -j inventory --tables acpidump.txt --modules-alias modules.alias >doc.json 2>&1)
check "the documented command: alias_modules from FILE" \
	'(.wmi.items[] | select(.guid == "409B028D-F06B-4C7C-8BBB-EE133A6BD87E") | .alias_modules == ["xiaomi_wmi"])' "$tmp/doc.json"
# tools/tables-check (the comparison with iasl -d, docs/inventory.md) on our dump.
if "$ROOT/tools/tables-check" --acpitrace "$bin" --modules-alias "$tmp/modules.alias" "$tmp/dump.txt" >"$tmp/tc" 2>&1 &&
   grep -qE '^ok +dump.txt .* hids 11 wmi 7 methods 13 computed 1 notifies 13' "$tmp/tc"; then
	ok "tools/tables-check: inventory --tables = iasl -d on our dump, field by field"
else
	ko "tools/tables-check"; cat "$tmp/tc"
fi
# ... and it sees a difference: a _WDG block the inventory would have missed.
cat >"$tmp/fake" <<FAKE
#!/bin/bash
"$bin" "\$@" | jq -c '.wmi.items |= .[1:]'
FAKE
chmod +x "$tmp/fake"
"$ROOT/tools/tables-check" --acpitrace "$tmp/fake" "$tmp/dump.txt" >"$tmp/tc2" 2>&1
[[ $? == 1 ]] && grep -q '^DIFF dump.txt .*"wmi": {"iasl_only"' "$tmp/tc2" && ok "tools/tables-check: a WMI block missing is a DIFF, exit 1" ||
	{ ko "tools/tables-check on a wrong inventory"; cat "$tmp/tc2"; }

# Errors: file, line, reason; exit 1; never a crash.
err() {	# WHAT EXPECTED-MESSAGE-PART FILE
	local rc
	"$bin" inventory --tables "$3" --modules-alias /dev/null >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [[ $rc == 1 ]] && grep -qF -- "$2" "$tmp/err"; then ok "error: $1"; else ko "error $1: rc $rc: $(cat "$tmp/err")"; fi
}
head -n 20 "$tmp/dump.txt" >"$tmp/trunc.txt"
err "a truncated dump" "$tmp/trunc.txt:1: table DSDT: its header says $(stat -c %s "$aml/tables.aml") bytes, the dump has 304 (truncated?)" "$tmp/trunc.txt"
sed '5d' "$tmp/dump.txt" >"$tmp/gap.txt"
err "a row missing" "$tmp/gap.txt:5: the row's offset is not the number of bytes before it" "$tmp/gap.txt"
sed '7s/.*/Firmware Warning: something/' "$tmp/dump.txt" >"$tmp/junk.txt"
err "a line of something else" "$tmp/junk.txt:7: neither a 'SIG @ 0xADDRESS' table header nor an 'OFFSET: XX XX ...' row" "$tmp/junk.txt"
sed -n '2,5p' "$tmp/dump.txt" >"$tmp/nohdr.txt"
err "rows before a header" "$tmp/nohdr.txt:1: a hex row before any 'SIG @ 0xADDRESS' table header" "$tmp/nohdr.txt"
: >"$tmp/empty.txt"
err "an empty file" "$tmp/empty.txt:0: no table in it" "$tmp/empty.txt"
head -c 100 /dev/urandom | tr '\n' x >"$tmp/bin.dat"; printf '\0' >>"$tmp/bin.dat"
err "binary data that is no table" "$tmp/bin.dat:1: binary data, not acpidump's text output" "$tmp/bin.dat"
err "no such file" "$tmp/none: No such file or directory" "$tmp/none"
mkdir "$tmp/bad"
head -c 100 "$aml/tables.aml" >"$tmp/bad/dsdt.dat"
err "a truncated table file in a directory" "$tmp/bad/dsdt.dat: offset 4: the table's length field is not the file's size" "$tmp/bad"
mkdir "$tmp/none.d"
err "an empty directory" "$tmp/none.d: no table files in this directory" "$tmp/none.d"
"$bin" inventory --compare x >/dev/null 2>"$tmp/err"; rc=$?
[[ $rc == 2 ]] && grep -qF -- "--compare and --modules-alias go with --tables" "$tmp/err" && ok "usage: --compare without --tables" ||
	ko "usage: rc $rc $(cat "$tmp/err")"
"$bin" inventory --tables "$tmp/dump.txt" --modules-alias "$tmp/none" >/dev/null 2>"$tmp/err"; rc=$?
[[ $rc == 1 ]] && grep -qF "$tmp/none: cannot read" "$tmp/err" && ok "error: an unreadable --modules-alias" || ko "modules-alias: rc $rc"
# Garbage AML behind valid headers, and every prefix of the dump: exit 0 or 1.
crash=0
for n in 3 9 17 30 41 60 90; do
	head -n "$n" "$tmp/dump.txt" >"$tmp/p.txt"
	"$bin" -j inventory --tables "$tmp/p.txt" --modules-alias /dev/null >/dev/null 2>&1
	(( $? > 1 )) && crash=1
done
python3 - "$tmp/garbage" <<'PY'
import os, random, struct, sys
random.seed(31)
os.mkdir(sys.argv[1])
for i in range(20):
    body = bytes(random.choice([0x08, 0x10, 0x14, 0x5B, 0x82, 0x86, 0x11, 0x12, 0x0D, 0x5C, 0x41, 0x5F, 0xFF]) for _ in range(4000))
    t = b"SSDT" + struct.pack("<I", 36 + len(body)) + bytes(28) + body
    open(f"{sys.argv[1]}/ssdt{i + 1}.dat", "wb").write(t)
PY
"$bin" -j inventory --tables "$tmp/garbage" --modules-alias /dev/null >"$tmp/g.json" 2>&1 || crash=1
jq -e . "$tmp/g.json" >/dev/null || crash=1
(( crash )) && ko "prefixes of a dump, garbage AML: a crash or bad JSON" || ok "prefixes of a dump and garbage AML: exit 0 or 1, valid JSON"

# Speed: a dump over 3 MB (10 MB: a DSDT of tables.asl's body 2000 times, 40 SSDTs) in under 5 s.
python3 - "$aml/tables.aml" "$tmp/big.aml" <<'PY'
import struct, sys
t = open(sys.argv[1], "rb").read()
body = t[36:] * 2000
open(sys.argv[2], "wb").write(t[:4] + struct.pack("<I", 36 + len(body)) + t[8:36] + body)
PY
big=("$tmp/big.aml"); for i in $(seq 1 20); do big+=("$aml/ec-laptop.aml" "$aml/wmi.aml"); done
"$mkdump" "${big[@]}" >"$tmp/big.txt"
size=$(stat -c %s "$tmp/big.txt")
start=$(date +%s%N)
"$bin" -j inventory --tables "$tmp/big.txt" --modules-alias "$tmp/modules.alias" >"$tmp/big.json" 2>&1; rc=$?
ms=$(( ($(date +%s%N) - start) / 1000000 ))
(( rc == 0 && size > 3000000 && ms < 5000 )) && ok "a $size-byte dump in $ms ms" || ko "big dump: rc $rc, $size bytes, $ms ms"
exit $failed
