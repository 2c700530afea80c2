#!/bin/bash
# tests/host/ec.sh ACPITRACE (make inventorytest): `acpitrace ec dump` and
# `ec watch` against a file shaped like debugfs ec/ec0/io (--io PATH: 256
# bytes, offset = EC address), changed by a writer while watch runs; the
# --write refusals (mode without an owner write bit, as ec_sys without
# write_support=1 creates it) and the error naming the fix when the file is
# missing.  Then the EC field map from tests/unit/aml/ecfields.asl (compiled
# in $ACPITRACE_AML_DIR): `ec fields`, `ec read`, dump's field values and
# watch naming the bytes that changed.  No EC here: the guest scenario
# `inventory` covers the kernel's.
set -uo pipefail
bin=$(readlink -f "${1:?usage: tests/host/ec.sh ACPITRACE}")
aml=${ACPITRACE_AML_DIR:-build/aml}
fx=$aml/ecfields.aml
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
ok() { echo "PASS ec $1"; }
ko() { echo "FAIL ec $1"; failed=1; }

io=$tmp/io
python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(256)))' >"$io"
chmod 400 "$io"

"$bin" ec dump --io "$io" >"$tmp/dump.txt" 2>&1
if [[ $? == 0 ]] && grep -qx '00: 00 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f' "$tmp/dump.txt" &&
	grep -qx 'f0: f0 f1 f2 f3 f4 f5 f6 f7 f8 f9 fa fb fc fd fe ff' "$tmp/dump.txt" &&
	[[ $(grep -c '^[0-9a-f]0:' "$tmp/dump.txt") == 16 ]]; then
	ok "dump: 16 rows of 16 bytes"
else
	ko "dump"; cat "$tmp/dump.txt"
fi
"$bin" -j ec dump --io "$io" >"$tmp/dump.json" 2>&1
if jq -e --arg h "$(xxd -p -c 256 "$io")" '.length == 256 and .hex == $h' "$tmp/dump.json" >/dev/null; then
	ok "dump -j: the 256 bytes as hex"
else
	ko "dump -j"; cat "$tmp/dump.json"
fi

# Writes: refused without --write's explicit form, and on a 0400 file.
"$bin" ec dump --io "$io" --write 0x10 >"$tmp/w.txt" 2>&1
[[ $? == 2 ]] && grep -q "expected OFFSET=VALUE" "$tmp/w.txt" && ok "--write without =VALUE refused" ||
	{ ko "--write syntax"; cat "$tmp/w.txt"; }
"$bin" ec dump --io "$io" --write 0x100=1 >"$tmp/w.txt" 2>&1
[[ $? == 2 ]] && ok "--write past 0xff refused" || { ko "--write range"; cat "$tmp/w.txt"; }
"$bin" ec dump --io "$io" --write 0x10=0x2a >"$tmp/w.txt" 2>&1
if [[ $? == 1 ]] && grep -q 'not writable (mode 0400): ec_sys was loaded without write_support=1' "$tmp/w.txt" &&
	[[ $(xxd -s 16 -l 1 -p "$io") == 10 ]]; then
	ok "--write on a 0400 io refused, byte unchanged"
else
	ko "--write on 0400"; cat "$tmp/w.txt"
fi
chmod 600 "$io"
"$bin" -j ec dump --io "$io" --write 0x10=0x2a >"$tmp/w.json" 2>"$tmp/w.err"
if [[ $? == 0 ]] && [[ $(xxd -s 16 -l 1 -p "$io") == 2a ]] && jq -e '.hex[32:34] == "2a"' "$tmp/w.json" >/dev/null &&
	grep -q 'wrote 0x2a at 0x10' "$tmp/w.err"; then
	ok "--write 0x10=0x2a on a 0600 io: written, then dumped"
else
	ko "--write on 0600"; cat "$tmp/w.err" "$tmp/w.json"
fi
"$bin" ec watch --io "$io" --write 1=1 >"$tmp/w.txt" 2>&1
[[ $? == 2 ]] && ok "watch refuses --write" || { ko "watch --write"; cat "$tmp/w.txt"; }

# The figures docs/inventory.md shows: 8 snapshots 250 ms apart, then it ends by itself.
"$bin" ec watch --io "$io" --interval 250 --count 8 --no-trace >"$tmp/w8.txt" 2>"$tmp/w8.err"
[[ $? == 0 ]] && grep -q "watching $io (256 bytes) every 250 ms" "$tmp/w8.err" &&
	ok "watch --interval 250 --count 8 ends by itself" || { ko "watch --count 8"; cat "$tmp/w8.err"; }

# Missing file: the reason names the fix.
"$bin" ec dump --io "$tmp/nosuch" >"$tmp/m.txt" 2>&1
[[ $? == 1 ]] && grep -q 'missing: the ec_sys module is not loaded (modprobe ec_sys; a kernel built without CONFIG_ACPI_EC_DEBUGFS has none)' "$tmp/m.txt" &&
	ok "missing io names modprobe ec_sys" || { ko "missing io"; cat "$tmp/m.txt"; }

# watch: a writer changes 0x20 then 0x21 and 0x22; watch reports exactly those.
# Paced by watch's own output, not by the clock (a loaded machine is slow):
# the first write once watch says it watches (its first snapshot is taken),
# the second once the first change is printed, SIGINT once both are.
until_lines() { # FILE N: wait (up to 60 s) until FILE has N lines
	local i
	for ((i = 0; i < 600; i++)); do
		(($(wc -l <"$1") >= $2)) && return 0
		sleep 0.1
	done
	return 1
}
: >"$tmp/watch.json"
: >"$tmp/watch.err"
"$bin" -j ec watch --io "$io" --interval 200 --count 600 --no-trace --no-fields >"$tmp/watch.json" 2>"$tmp/watch.err" &
wpid=$!
until_lines "$tmp/watch.err" 1 &&
	printf '\x55' | dd of="$io" bs=1 seek=32 conv=notrunc status=none &&
	until_lines "$tmp/watch.json" 1 &&
	printf '\x66\x77' | dd of="$io" bs=1 seek=33 conv=notrunc status=none &&
	until_lines "$tmp/watch.json" 2
kill -INT "$wpid"
wait "$wpid"
rc=$?
if [[ $rc == 0 ]] && jq -e -s 'length == 2 and .[0].changes == [{"offset": 32, "old": 32, "new": 85}] and
	.[1].changes == [{"offset": 33, "old": 33, "new": 102}, {"offset": 34, "old": 34, "new": 119}] and
	all(.source == "ec_ram" and .ec_records == 0)' "$tmp/watch.json" >/dev/null; then
	ok "watch -j: the two writes, byte by byte"
else
	ko "watch -j"; cat "$tmp/watch.err" "$tmp/watch.json"
fi
# text, with the tracer asked for: where it cannot attach, watch says so and goes on
printf '\x00' | dd of="$io" bs=1 seek=32 conv=notrunc status=none
: >"$tmp/watch.txt"
: >"$tmp/watch.err"
"$bin" ec watch --io "$io" --interval 200 --count 600 --no-fields >"$tmp/watch.txt" 2>"$tmp/watch.err" &
wpid=$!
for ((i = 0; i < 600; i++)); do
	grep -q 'watching' "$tmp/watch.err" && break
	sleep 0.1
done
printf '\x01' | dd of="$io" bs=1 seek=255 conv=notrunc status=none
until_lines "$tmp/watch.txt" 1
sleep 0.5	# two more snapshots: nothing else may be printed
kill -INT "$wpid"
wait "$wpid"
rc=$?
if [[ $rc == 0 ]] && grep -Eq '^ +[0-9]+\.[0-9]{6} +ec_ram +1 changed: 0xff: ff->01$' "$tmp/watch.txt" &&
	[[ $(wc -l <"$tmp/watch.txt") == 1 ]]; then
	ok "watch text: one line for the change"
else
	ko "watch text"; cat "$tmp/watch.err" "$tmp/watch.txt"
fi
grep -q 'EC transactions not shown\|watching' "$tmp/watch.err" && sed 's/^/  stderr: /' "$tmp/watch.err"

# ---- the field map ----------------------------------------------------------
[[ -f $fx ]] || { ko "fields: $fx missing (make inventorytest compiles it)"; exit 1; }
"$bin" ec fields --tables "$fx" >"$tmp/f.txt" 2>&1
if [[ $? == 0 ]] && grep -qx "EC fields ($fx, 1 tables): 19" "$tmp/f.txt" &&
	grep -qx '  0x20     16 bits FAN1 \\_SB.PCI0.LPCB.EC0.FAN1' "$tmp/f.txt" &&
	grep -qx '  0x20     16 bits FANS \\_SB.PCI0.LPCB.EC0.FANS  (alias of \\_SB.PCI0.LPCB.EC0.FAN1)' "$tmp/f.txt" &&
	grep -qx '  0x30.1    1 bit  LIDS \\_SB.PCI0.LPCB.EC0.LIDS' "$tmp/f.txt" &&
	grep -qx '  (1 more over a region whose offset is not a constant)' "$tmp/f.txt"; then
	ok "fields: 19 with aliases, bit positions, the one not placed"
else
	ko "fields"; cat "$tmp/f.txt"
fi
"$bin" -j ec fields --tables "$fx,$aml/ec.aml" >"$tmp/f.json" 2>&1
if jq -e '.tables == 2 and .skipped == 1 and (.fields | length) == 20 and
	(.fields[] | select(.name == "SPAN") | .offset == 80 and .bit == 4 and .width == 8) and
	(.fields[] | select(.name == "TMP0") | .alias_of == "\\_SB.EC0.ETMP") and
	(.fields[] | select(.name == "ETMP") | .region == "\\_SB.EC0.ERAM" and .table == "ec.aml")' "$tmp/f.json" >/dev/null; then
	ok "fields -j: two tables, an alias across them"
else
	ko "fields -j"; cat "$tmp/f.json"
fi
"$bin" ec fields --tables "$tmp/nosuch" >"$tmp/f.txt" 2>&1
[[ $? == 1 ]] && grep -qx "acpitrace ec: $tmp/nosuch: No such file or directory" "$tmp/f.txt" &&
	ok "fields: missing tables named" || { ko "fields missing"; cat "$tmp/f.txt"; }
head -c 100 "$fx" >"$tmp/cut.aml"
"$bin" ec fields --tables "$tmp/cut.aml" >"$tmp/f.txt" 2>&1
[[ $? == 1 ]] && grep -q "acpitrace ec: $tmp/cut.aml: offset 4: table length [0-9]*, but 100 bytes were read" "$tmp/f.txt" &&
	ok "fields: a cut table refused, named" || { ko "fields cut"; cat "$tmp/f.txt"; }

# ec read: a field's bytes, by name or path; one byte by address
python3 -c 'import sys; sys.stdout.buffer.write(bytes(range(256)))' >"$io"
printf '\x34\x12' | dd of="$io" bs=1 seek=32 conv=notrunc status=none
"$bin" ec read FAN1 --io "$io" --tables "$fx" >"$tmp/r.txt" 2>&1
[[ $? == 0 ]] && grep -qx '\\_SB.PCI0.LPCB.EC0.FAN1 (0x20, 16 bits): 0x1234 = 4660' "$tmp/r.txt" &&
	ok "read FAN1: 16 bits little-endian" || { ko "read FAN1"; cat "$tmp/r.txt"; }
"$bin" -j ec read '\_SB.PCI0.LPCB.EC0.SPAN' --io "$io" --tables "$fx" >"$tmp/r.json" 2>&1
jq -e '.name == "SPAN" and .offset == 80 and .bit == 4 and .value == 21' "$tmp/r.json" >/dev/null &&
	ok "read -j by path: a field across two bytes" || { ko "read -j SPAN"; cat "$tmp/r.json"; }
"$bin" ec read lids --io "$io" --tables "$fx" >"$tmp/r.txt" 2>&1
[[ $? == 0 ]] && grep -qx '\\_SB.PCI0.LPCB.EC0.LIDS (0x30.1, 1 bit): 0' "$tmp/r.txt" &&
	ok "read lids: a bit, any case" || { ko "read lids"; cat "$tmp/r.txt"; }
"$bin" ec read 0x21 --io "$io" >"$tmp/r.txt" 2>&1
[[ $? == 0 ]] && grep -qx '0x21: 0x12' "$tmp/r.txt" && ok "read 0x21: one byte" || { ko "read addr"; cat "$tmp/r.txt"; }
"$bin" ec read NOPE --io "$io" --tables "$fx" >"$tmp/r.txt" 2>&1
[[ $? == 1 ]] && grep -qx "acpitrace ec: NOPE: no such field over the EC's region (19 fields in 1 tables; acpitrace ec fields lists them)" "$tmp/r.txt" &&
	ok "read NOPE: refused, says where to look" || { ko "read NOPE"; cat "$tmp/r.txt"; }
"$bin" ec read TMP0 --io "$io" --tables "$fx,$aml/ec.aml,$aml/ecfields.aml" >"$tmp/r.txt" 2>&1
[[ $? == 1 ]] && grep -q "TMP0: 2 fields have that name, give the path" "$tmp/r.txt" &&
	ok "read: an ambiguous name refused" || { ko "read ambiguous"; cat "$tmp/r.txt"; }
"$bin" ec read 0x100 --io "$io" >"$tmp/r.txt" 2>&1
[[ $? == 2 ]] && ok "read 0x100 refused" || { ko "read 0x100"; cat "$tmp/r.txt"; }

# dump: the fields and their values after the table
"$bin" ec dump --io "$io" --tables "$fx" >"$tmp/d.txt" 2>&1
[[ $? == 0 ]] && grep -qx 'EC fields: 19' "$tmp/d.txt" &&
	grep -qx '  0x20     16 bits FAN1 \\_SB.PCI0.LPCB.EC0.FAN1 = 0x1234' "$tmp/d.txt" &&
	grep -qx '  0x40    128 bits BMN0 \\_SB.PCI0.LPCB.EC0.BMN0 = 40 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f' "$tmp/d.txt" &&
	ok "dump: fields with values" || { ko "dump fields"; cat "$tmp/d.txt"; }
"$bin" -j ec dump --io "$io" --tables "$fx" >"$tmp/d.json" 2>&1
jq -e '(.fields | length) == 19 and (.fields[] | select(.name == "FAN1") | .value == 4660) and
	(.fields[] | select(.name == "BMN0") | .value == "40 41 42 43 44 45 46 47 48 49 4a 4b 4c 4d 4e 4f")' "$tmp/d.json" >/dev/null &&
	ok "dump -j: fields with values" || { ko "dump -j fields"; cat "$tmp/d.json"; }

# watch: a writer changes FAN1 (two bytes) and LIDS (one bit); watch names them
: >"$tmp/watch.txt"
: >"$tmp/watch.err"
"$bin" ec watch --io "$io" --tables "$fx" --interval 200 --count 600 --no-trace >"$tmp/watch.txt" 2>"$tmp/watch.err" &
wpid=$!
until_lines "$tmp/watch.err" 1 &&
	printf '\x9a\x02' | dd of="$io" bs=1 seek=32 conv=notrunc status=none &&
	printf '\x32' | dd of="$io" bs=1 seek=48 conv=notrunc status=none &&
	until_lines "$tmp/watch.txt" 1
kill -INT "$wpid"
wait "$wpid"
if grep -Eq '^ +[0-9]+\.[0-9]{6} +ec_ram +3 changed: 0x20 FAN1/FANS,FANL: 34->9a \(FAN1 0x1234->0x029a\) 0x21 FAN1/FANS,FANH: 12->02 0x30 LIDS: 30->32 \(LIDS 0->1\)$' "$tmp/watch.txt"; then
	ok "watch: the bytes named by field, a wider field's value"
else
	ko "watch fields"; cat "$tmp/watch.err" "$tmp/watch.txt"
fi
: >"$tmp/watch.json"
: >"$tmp/watch.err"
"$bin" -j ec watch --io "$io" --tables "$fx" --interval 200 --count 600 --no-trace >"$tmp/watch.json" 2>"$tmp/watch.err" &
wpid=$!
until_lines "$tmp/watch.err" 1 &&
	printf '\x4e' | dd of="$io" bs=1 seek=16 conv=notrunc status=none &&
	until_lines "$tmp/watch.json" 1
kill -INT "$wpid"
wait "$wpid"
if jq -e -s 'length == 1 and .[0].changes == [{"offset": 16, "old": 16, "new": 78, "fields": [
	{"name": "TMP0", "path": "\\_SB.PCI0.LPCB.EC0.TMP0", "offset": 16, "bit": 0, "width": 8, "old": 16, "new": 78},
	{"name": "TEMP", "path": "\\_SB.TEMP", "offset": 16, "bit": 0, "width": 8, "alias_of": "\\_SB.PCI0.LPCB.EC0.TMP0", "old": 16, "new": 78}]}]' \
	"$tmp/watch.json" >/dev/null; then
	ok "watch -j: the changed byte's fields, alias marked"
else
	ko "watch -j fields"; cat "$tmp/watch.err" "$tmp/watch.json"
fi
# -j: one line per object, no empty line after it (json_end_object ends it)
"$bin" -j ec read 0x21 --io "$io" >"$tmp/r1.json" 2>&1
for f in dump.json f.json r.json d.json r1.json; do
	if [[ -s $tmp/$f ]] && ! grep -q '^$' "$tmp/$f"; then
		ok "-j output $f: no empty line"
	else
		ko "-j output $f has an empty line (or none)"; cat -A "$tmp/$f" | head -5
	fi
done

exit $failed
