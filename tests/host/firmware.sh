#!/bin/bash
# tests/host/firmware.sh (make firmwaretest): tools/vm/firmware on an
# acpidump text file made here from the project's own tables
# (tests/vm/firmware/dsdt.asl and ssdt.asl, written by tests/vm/lib/mkdump as
# acpidump prints them): the DSDT with QEMU's OEM ids and a valid checksum,
# the SSDT as it was, the early cpio, ec.conf; an OEM revision of 1 raised to
# 2 and a bad checksum fixed; the errors on bad input; tools/vm/run refusing
# --firmware on pc; tools/vm/run --firmware --ec refusing an EC the device
# cannot serve; tools/vm/firmware-report's and tools/vm/firmware-parity's
# bad input. No guest:
# tests/vm/scenarios-firmware boots the same dump. With --boot (a guest: run
# it under flock /tmp/acpitrace-vm.lock, alone) it also boots the dump with
# tools/vm/firmware-report on 6.12, raising query 0x2B, and checks the summary.
set -uo pipefail
boot=0
[[ ${1:-} == --boot ]] && boot=1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
fw=$ROOT/tools/vm/firmware
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
ok() { echo "PASS firmware $1"; }
ko() { echo "FAIL firmware $1"; failed=1; }

for t in dsdt ssdt; do
	iasl -p "$tmp/$t" "$ROOT/tests/vm/firmware/$t.asl" >"$tmp/iasl.log" 2>&1 ||
		{ cat "$tmp/iasl.log"; echo "FAIL firmware iasl $t.asl"; exit 1; }
done
"$ROOT/tests/vm/lib/mkdump" "$tmp/dsdt.aml" "$tmp/ssdt.aml" >"$tmp/dump.txt"

# As docs/firmware.md shows it, from the repository.
cp "$tmp/dump.txt" "$tmp/acpidump.txt"
fwout=$tmp/fw
cd "$ROOT" || exit 1
tools/vm/firmware "$tmp/acpidump.txt" "$fwout" >"$tmp/log" 2>&1 &&
	[[ -s $tmp/fw/early.cpio && -s $tmp/fw/ec.conf ]] && ok "tools/vm/firmware DUMP OUTDIR from the repository" ||
	{ ko "from the repository"; cat "$tmp/log"; }

# header FILE: signature, OEM ID, OEM table ID, OEM revision, byte sum, length ok
header() {
	python3 - "$1" <<'PY'
import struct, sys
t = open(sys.argv[1], "rb").read()
print(t[0:4].decode(), repr(t[10:16].decode()), repr(t[16:24].decode()),
      struct.unpack_from("<I", t, 24)[0], sum(t) & 0xFF,
      "len-ok" if struct.unpack_from("<I", t, 4)[0] == len(t) else "len-bad")
PY
}

out=$tmp/out
if "$fw" "$tmp/dump.txt" "$out" >"$tmp/log" 2>&1; then
	ok "a dump of dsdt.asl and ssdt.asl: exit 0"
else
	ko "exit status"; cat "$tmp/log"
fi
acpi=$out/kernel/firmware/acpi
h=$(header "$acpi/dsdt.aml")
[[ $h == "DSDT 'BOCHS ' 'BXPC    ' 5 0 len-ok" ]] && ok "DSDT: QEMU's OEM ids, its OEM revision 5 kept, checksum valid" ||
	ko "DSDT header: $h"
cmp -s <(tail -c +37 "$acpi/dsdt.aml") <(tail -c +37 "$tmp/dsdt.aml") && ok "DSDT: the AML after the header unchanged" ||
	ko "DSDT body differs"
cmp -s "$acpi/ssdt.aml" "$tmp/ssdt.aml" && ok "SSDT: as compiled (its ids kept: installed beside QEMU's tables)" ||
	ko "SSDT differs"
ls "$acpi" >"$tmp/ls"
[[ $(cat "$tmp/ls") == $'dsdt.aml\nssdt.aml' ]] && ok "kernel/firmware/acpi holds the DSDT and the SSDT only" ||
	{ ko "files"; cat "$tmp/ls"; }

# The early cpio: uncompressed newc, the two files under kernel/firmware/acpi,
# as GNU cpio reads it (when installed: the package build may not have it).
if ! command -v cpio >/dev/null; then
	echo "SKIP firmware early.cpio: no cpio here to read it"
elif [[ $(head -c 6 "$out/early.cpio") == 070701 ]] &&
	[[ $(cpio -it --quiet <"$out/early.cpio") == $'kernel/firmware/acpi/dsdt.aml\nkernel/firmware/acpi/ssdt.aml' ]]; then
	mkdir "$tmp/x" && (cd "$tmp/x" && cpio -id --quiet <"$out/early.cpio")
	cmp -s "$tmp/x/kernel/firmware/acpi/dsdt.aml" "$acpi/dsdt.aml" &&
		cmp -s "$tmp/x/kernel/firmware/acpi/ssdt.aml" "$acpi/ssdt.aml" &&
		ok "early.cpio: uncompressed newc of the two tables" || ko "early.cpio contents"
else
	ko "early.cpio"; cpio -it <"$out/early.cpio"
fi

expected='path=\_SB.PCI0.LPCB.EC
data=0x62
cmd=0x66
gpe=0x17
gpe_kind=method
queries=0x11,0x2b,0x40'
[[ $(cat "$out/ec.conf") == "$expected" ]] &&
	ok "ec.conf: path, ports from the _CRS method's template, _GPE method's constant, _Qxx of DSDT and SSDT" ||
	{ ko "ec.conf"; diff <(echo "$expected") "$out/ec.conf"; }
grep -q '^dsdt.aml DSDT "ACPTRC" "FWLAPTOP" rev 0x5 -> "BOCHS " "BXPC    " rev 0x5: override' "$out/tables.txt" &&
	grep -q '^ssdt.aml SSDT "ACPTRC" "FWSSDT01" rev 0x1 -> .*: install$' "$out/tables.txt" &&
	ok "tables.txt: what the kernel does with each" || { ko "tables.txt"; cat "$out/tables.txt"; }
[[ -s $out/dsl/dsdt.dsl && -s $out/dsl/ssdt.dsl ]] && ok "dsl/: both tables disassembled" || ko "dsl"

# OEM revision 1 (QEMU's DSDT has 1: the upgrade needs a higher one) and a
# bad checksum, as some vendors ship: revision 2, checksum fixed.
python3 - "$tmp/dsdt.aml" "$tmp/dsdt1.aml" <<'PY'
import struct, sys
t = bytearray(open(sys.argv[1], "rb").read())
struct.pack_into("<I", t, 24, 1)
t[9] = (t[9] + 1) & 0xFF
open(sys.argv[2], "wb").write(t)
PY
"$ROOT/tests/vm/lib/mkdump" "$tmp/dsdt1.aml" >"$tmp/dump1.txt"
if "$fw" "$tmp/dump1.txt" "$tmp/out1" >"$tmp/log" 2>&1 &&
	[[ $(header "$tmp/out1/kernel/firmware/acpi/dsdt.aml") == "DSDT 'BOCHS ' 'BXPC    ' 2 0 len-ok" ]] &&
	grep -q 'rev 0x1 (checksum was bad, fixed) -> "BOCHS " "BXPC    " rev 0x2' "$tmp/out1/tables.txt"; then
	ok "OEM revision 1 raised to 2, a bad checksum fixed"
else
	ko "revision/checksum"; cat "$tmp/log" "$tmp/out1/tables.txt"
fi
# A DSDT without an EC: ec=none.
printf 'DefinitionBlock ("", "DSDT", 2, "ACPTRC", "NOEC", 1) { Name (\\_S5, Package () { 0, 0, 0, 0 }) }\n' >"$tmp/noec.asl"
iasl -p "$tmp/noec" "$tmp/noec.asl" >/dev/null 2>&1
"$ROOT/tests/vm/lib/mkdump" "$tmp/noec.aml" >"$tmp/noec.txt"
"$fw" "$tmp/noec.txt" "$tmp/out2" >"$tmp/log" 2>&1 && [[ $(cat "$tmp/out2/ec.conf") == ec=none ]] &&
	ok "no PNP0C09 device: ec=none" || { ko "ec=none"; cat "$tmp/log"; }

# A dump with the made-up laptop's ECDT (tests/vm/firmware/ecdt.asl): ec.conf
# has the ECDT's ports and GPE, early.cpio stays DSDT and SSDT, early-ecdt.cpio
# adds the ECDT (tools/vm/run --firmware --ec installs it).
iasl -p "$tmp/ecdt" "$ROOT/tests/vm/firmware/ecdt.asl" >"$tmp/iasl.log" 2>&1 || { cat "$tmp/iasl.log"; ko "iasl ecdt.asl"; }
"$ROOT/tests/vm/lib/mkdump" "$tmp/dsdt.aml" "$tmp/ssdt.aml" "$tmp/ecdt.aml" >"$tmp/dump-ecdt.txt"
if "$fw" "$tmp/dump-ecdt.txt" "$tmp/oute" >"$tmp/log" 2>&1 &&
	grep -qx 'ecdt=0x62,0x66,0x17' "$tmp/oute/ec.conf" &&
	cmp -s "$tmp/oute/early.cpio" "$out/early.cpio" &&
	cmp -s "$tmp/oute/ecdt.aml" "$tmp/ecdt.aml" &&
	grep -q '^ecdt.aml ECDT ACPTRC FWECDT01: install, only with --ec (early-ecdt.cpio)$' "$tmp/oute/tables.txt"; then
	ok "a dump with an ECDT: ec.conf ecdt=0x62,0x66,0x17, ecdt.aml as compiled, early.cpio without it"
else
	ko "ECDT"; cat "$tmp/log" "$tmp/oute/ec.conf" "$tmp/oute/tables.txt"
fi
if command -v cpio >/dev/null; then
	[[ $(cpio -it --quiet <"$tmp/oute/early-ecdt.cpio") == $'kernel/firmware/acpi/dsdt.aml\nkernel/firmware/acpi/ecdt.aml\nkernel/firmware/acpi/ssdt.aml' ]] &&
		ok "early-ecdt.cpio: the DSDT, the ECDT and the SSDT" || { ko "early-ecdt.cpio"; cpio -it <"$tmp/oute/early-ecdt.cpio"; }
fi

# Bad input: exit 1, the file and the reason.
bad() {
	local name=$1 file=$2 want=$3 rc
	"$fw" "$file" "$tmp/bad" >"$tmp/err" 2>&1
	rc=$?
	if [[ $rc == 1 ]] && grep -qF "tools/vm/firmware: $file: $want" "$tmp/err"; then
		ok "bad input, $name: $(cat "$tmp/err")"
	else
		ko "bad input, $name (status $rc)"; cat "$tmp/err"
	fi
}
bad "missing file" "$tmp/nothing.txt" "cannot read it (No such file or directory)"
: >"$tmp/empty.txt"
bad "empty file" "$tmp/empty.txt" "empty file, not an acpidump"
printf 'hello\nthis is not a dump\n' >"$tmp/garbage.txt"
bad "garbage text" "$tmp/garbage.txt" "no 'SIG @ 0xADDRESS' table header line: not acpidump output"
bad "a binary table" "$tmp/dsdt.aml" "a binary DSDT table, not acpidump's text output"
head -c 300 /dev/urandom | tr -d '\n' | tr '\0' 'x' >"$tmp/random.bin"
printf '\0' >>"$tmp/random.bin"
bad "binary data" "$tmp/random.bin" "binary data, not acpidump's text output"
"$ROOT/tests/vm/lib/mkdump" "$tmp/ssdt.aml" >"$tmp/ssdt-only.txt"
bad "no DSDT" "$tmp/ssdt-only.txt" "no DSDT in it (tables: SSDT)"
head -n 20 "$tmp/dump.txt" >"$tmp/truncated.txt"
bad "truncated rows" "$tmp/truncated.txt" "DSDT: the header says $(stat -c %s "$tmp/dsdt.aml") bytes, the dump holds 304"
printf 'DSDT @ 0x0000000000000000\n    not hex at all\n\n' >"$tmp/norows.txt"
bad "a header without rows" "$tmp/norows.txt" "DSDT: no hex rows under its header line"
"$fw" >"$tmp/err" 2>&1
[[ $? == 2 ]] && grep -q "usage: tools/vm/firmware DUMP OUTDIR" "$tmp/err" && ok "no arguments: usage, status 2" ||
	ko "usage"

# tools/vm/run: --firmware is q35 only; refused before anything is built.
"$ROOT/tools/vm/run" --kernel 6.12 --machine pc --firmware "$tmp/dump.txt" --out "$tmp/run" >"$tmp/err" 2>&1
[[ $? == 2 ]] && grep -q -- "--firmware needs --machine q35" "$tmp/err" && ok "run --machine pc --firmware refused" ||
	{ ko "run pc"; cat "$tmp/err"; }
script=$tmp/script.sh missing=$tmp/nothing.txt
echo true >"$script"
tools/vm/run --kernel 6.12 --firmware "$missing" --ec --guest "$script" --timeout 300 >"$tmp/err" 2>&1
[[ $? == 2 ]] && grep -q -- "--firmware $tmp/nothing.txt: no such file" "$tmp/err" && ok "run --firmware of a missing file refused" ||
	{ ko "run missing"; cat "$tmp/err"; }

# tools/vm/run --firmware --ec: an EC the device cannot serve is refused with
# the reason before any kernel or QEMU is touched (status 2). Variants of
# dsdt.asl: _GPE returning 0x6E (above q35's GPE0 block), _GPE returning a
# variable (no constant; no ECDT), no EC device.
variant() {
	sed "$2" "$ROOT/tests/vm/firmware/dsdt.asl" >"$tmp/$1.asl"
	iasl -p "$tmp/$1" "$tmp/$1.asl" >"$tmp/iasl.log" 2>&1 || { cat "$tmp/iasl.log"; ko "iasl $1"; }
	"$ROOT/tests/vm/lib/mkdump" "$tmp/$1.aml" >"$tmp/$1.txt"
}
refused() {
	local name=$1 dump=$2 want=$3 rc
	shift 3
	# A missing --acpitable stops the run right after the firmware checks:
	# no guest starts even when the refusal does not come.
	tools/vm/run --kernel 6.12 --firmware "$dump" "$@" --acpitable "$tmp/none.asl" \
		--guest "$script" --out "$tmp/run-$name" >"$tmp/err" 2>&1
	rc=$?
	if [[ $rc == 2 ]] && grep -qF -- "$want" "$tmp/err" && [[ ! -e $tmp/run-$name/initramfs.cpio ]]; then
		ok "run --firmware --ec refused, $name: $(head -n 1 "$tmp/err")"
	else
		ko "run --firmware --ec, $name (status $rc)"; cat "$tmp/err"
	fi
}
variant gpec0 's/Return (0x17)/Return (0xC0)/'
refused "GPE 0xc0" "$tmp/gpec0.txt" \
	"the firmware's EC \_SB.PCI0.LPCB.EC raises GPE 0xc0, beyond q35's GPE0 block (0x00-0x3F) and the EC device's GPE1 block (0x40-0xBF)" --ec
variant gpevar 's/Return (0x17)/Return (\\GGPE (0x17))/; s/^\tName (\\_S5,.*/\0\n\tMethod (GGPE, 1) { Return (Arg0) }/'
refused "GPE not a constant" "$tmp/gpevar.txt" \
	"the firmware's EC \_SB.PCI0.LPCB.EC has no constant GPE: its _GPE is a method" --ec
refused "no EC device" "$tmp/noec.txt" "the firmware has no EC device (no PNP0C09 in its DSDT or SSDTs)" --ec
refused "not an acpidump" "$tmp/garbage.txt" "no 'SIG @ 0xADDRESS' table header line: not acpidump output"
# An explicit --ec DATA,CMD,GPE is used as given, with a note (the run then
# stops at the missing --acpitable, before any guest).
tools/vm/run --kernel 6.12 --firmware "$tmp/gpec0.txt" --ec 0x62,0x66,0x10 --acpitable "$tmp/none.asl" \
	--guest "$script" --out "$tmp/run-explicit" >"$tmp/err" 2>&1
grep -qF "note: the firmware's EC \_SB.PCI0.LPCB.EC is at 0x62,0x66,0xc0 (DATA,CMD,GPE; ? = not a constant); attaching it at 0x62,0x66,0x10 as --ec says" "$tmp/err" &&
	grep -qF "ACPI table $tmp/none.asl not found" "$tmp/err" &&
	ok "run --firmware --ec DATA,CMD,GPE: used as given, with a note" || { ko "run --ec explicit"; cat "$tmp/err"; }
[[ $(sed -n 's/^gpe=//p' "$tmp/run-GPE 0xc0/firmware/ec.conf" 2>/dev/null) == 0xc0 ]] &&
	ok "ec.conf of the 0xC0 variant: gpe=0xc0" || ko "ec.conf gpe=0xc0"

# tools/vm/firmware-report: bad usage and bad dumps end before a guest starts.
rep=$ROOT/tools/vm/firmware-report
"$rep" >"$tmp/err" 2>&1
[[ $? == 2 ]] && grep -q 'usage: tools/vm/firmware-report' "$tmp/err" && ok "firmware-report: usage, status 2" ||
	{ ko "firmware-report usage"; cat "$tmp/err"; }
"$rep" --query 0x100 "$tmp/dump.txt" >"$tmp/err" 2>&1
[[ $? == 2 ]] && grep -q -- '--query takes an EC query number 1..255' "$tmp/err" &&
	ok "firmware-report --query 0x100 refused" || { ko "firmware-report --query"; cat "$tmp/err"; }
"$rep" --out "$tmp/rep" "$tmp/garbage.txt" >"$tmp/err" 2>&1
[[ $? == 2 ]] && grep -qF "tools/vm/firmware: $tmp/garbage.txt: no 'SIG @ 0xADDRESS' table header line" "$tmp/err" &&
	ok "firmware-report of a file that is not an acpidump: tools/vm/firmware's reason, status 2" ||
	{ ko "firmware-report garbage"; cat "$tmp/err"; }

# tools/vm/firmware-parity: bad usage, a bad policy and bad dumps end before
# a guest starts, status 2, each with its reason.
par=$ROOT/tools/vm/firmware-parity
pol=$ROOT/policy/thinkpad-hkey.policy
good=(--driver thinkpad_acpi --input "ThinkPad Extra Buttons" --policy "$pol")
# parity_refuses NAME REGEX ARGS...: status 2 and REGEX on stderr
parity_refuses() {
	local name=$1 re=$2
	shift 2
	"$par" "$@" >"$tmp/err" 2>&1
	local rc=$?
	[[ $rc == 2 ]] && grep -qE -- "$re" "$tmp/err" && ok "firmware-parity $name: refused, status 2" ||
		{ ko "firmware-parity $name (status $rc)"; cat "$tmp/err"; }
}
parity_refuses "without arguments" '^usage: tools/vm/firmware-parity --policy FILE'
parity_refuses "--query 0x100" "--query takes EC query numbers 1..255, comma-separated \\(0x13,0x16\\): not '0x100'" \
	"${good[@]}" --query 0x13,0x100 "$tmp/dump.txt"
parity_refuses "--query 0" "not '0'" "${good[@]}" --query 0 "$tmp/dump.txt"
parity_refuses "without --driver" '--driver MODULE is needed' \
	--input x --policy "$pol" --query 0x13 "$tmp/dump.txt"
parity_refuses "--driver 'a,b'" "--driver takes a module name" \
	--driver "a,b" --input x --policy "$pol" --query 0x13 "$tmp/dump.txt"
parity_refuses "without --input" '--input NAME is needed' \
	--driver thinkpad_acpi --policy "$pol" --query 0x13 "$tmp/dump.txt"
parity_refuses "without --query" '--query Q\[,Q...\] is needed' "${good[@]}" "$tmp/dump.txt"
parity_refuses "without --policy" '--policy FILE is needed' \
	--driver thinkpad_acpi --input x --query 0x13 "$tmp/dump.txt"
parity_refuses "a missing policy" 'nothere.policy: no such policy file' \
	--driver thinkpad_acpi --input x --policy "$tmp/nothere.policy" --query 0x13 "$tmp/dump.txt"
printf 'match bogus\n  * -> log\n' >"$tmp/bad.policy"
parity_refuses "a policy acpitrace check refuses" 'acpitrace check refused the policy' \
	--driver thinkpad_acpi --input x --policy "$tmp/bad.policy" --query 0x13 "$tmp/dump.txt"
parity_refuses "--write 0x100=1" '--write takes a byte of EC RAM' "${good[@]}" --query 0x13 --write 0x100=1 "$tmp/dump.txt"
parity_refuses "--write x" '--write takes ADDR=VALUE' "${good[@]}" --query 0x13 --write x "$tmp/dump.txt"
parity_refuses "Q/CMD=VALUE without --mailbox" 'needs --mailbox CMD,DATA' "${good[@]}" --query 0x41/0x10=0x40 "$tmp/dump.txt"
parity_refuses "Q/CMD=0x400" "a mailbox answer or an EC RAM byte written before Q" \
	"${good[@]}" --mailbox 0xF2,0xF3 --query 0x41/0x10=0x400 "$tmp/dump.txt"
parity_refuses "--mailbox 0xF2" '--mailbox takes CMD,DATA' "${good[@]}" --mailbox 0xF2 --query 0x41 "$tmp/dump.txt"
parity_refuses "--catchall without match" '--catchall takes a policy match line' "${good[@]}" --catchall '* -> log' --query 0x13 "$tmp/dump.txt"
parity_refuses "--kernel 5.10" '--kernel must be 6.1 or 6.12' "${good[@]}" --kernel 5.10 --query 0x13 "$tmp/dump.txt"
parity_refuses "a missing dump" 'nothere.txt: no such file' "${good[@]}" --query 0x13 "$tmp/nothere.txt"
parity_refuses "--summary of a folder without a run" '--summary needs the --out DIR of a run' --summary --out "$tmp"
parity_refuses "of a file that is not an acpidump" \
	"tools/vm/firmware: $tmp/garbage.txt: no 'SIG @ 0xADDRESS' table header line" \
	"${good[@]}" --query 0x13 --out "$tmp/par" "$tmp/garbage.txt"
"$ROOT/tools/vm/firmware-ec" "$tmp" --mailbox 0x100,1 </dev/null >"$tmp/err" 2>&1
[[ $? == 2 ]] && grep -q -- '--mailbox takes CMD,DATA' "$tmp/err" &&
	ok "firmware-ec --mailbox 0x100,1 refused, status 2" || { ko "firmware-ec --mailbox"; cat "$tmp/err"; }
"$ROOT/tools/vm/firmware-ec" "$tmp" </dev/null >"$tmp/err" 2>&1
[[ $? == 2 ]] && grep -q 'no EC at' "$tmp/err" &&
	ok "firmware-ec without a guest's EC: status 2" || { ko "firmware-ec without an EC"; cat "$tmp/err"; }

# --boot: tools/vm/firmware-report as docs/firmware.md shows it, on our dump.
if ((boot)); then
	tools/vm/firmware-report --kernel 6.12 --write 0x4E=0x9A --query 0x2B --out "$tmp/report" "$tmp/acpidump.txt" >"$tmp/summary" 2>&1
	rc=$?
	sum=$tmp/report/summary.txt
	want=('^ec device: acpitrace-ec,data=98,cmd=102,gpe=23,chardev=ec$'
		'^ec timeouts: 0$' '^aborted methods: 0$'
		'ACPI: EC: GPE=0x17' 'EC: Used to handle transactions and events'
		'^  acpi/drivers/ec 1 PNP0C09:00'
		'^ec stats: rd=1 wr=1 .*qr=1 '
		'^  ec QR_EC rdata=0x2b ok$'
		'^  ec_query \\_SB.PCI0.LPCB.EC._Q2B$'
		'^  ec RD_EC addr=0x4e rdata=0x9a wdata=0x4e ok$'
		'^  ec WR_EC addr=0x50 wdata=0x50,0x9a ok$'
		'^  notify \\_SB.FWT0 value=0x9a hid=ACPT00F1$')
	if ((rc != 0)); then
		ko "firmware-report --boot: status $rc"; cat "$tmp/summary"
	else
		for w in "${want[@]}"; do
			grep -qE -- "$w" "$sum" && ok "firmware-report summary: /$w/" || ko "firmware-report summary: no /$w/"
		done
		((failed)) && cat "$sum"
	fi
fi
exit "$failed"
