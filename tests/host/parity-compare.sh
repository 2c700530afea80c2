#!/bin/bash
# tests/host/parity-compare.sh (make paritycomparetest): tests/vm/parity/compare,
# the parity harness's verdict, on output folders written here as a guest
# leaves them (evread lines with their CLOCK_MONOTONIC "t", run's log, the
# trace recording and its replay, the keymap, dmesg, effects, the policy):
# same key, both silent, a difference with a waiver that holds, one that does
# not, one not needed (same, silent, not sent, another line's code), old-style
# and malformed comments, several waivers on one line, a waiver for another
# kernel or scenario, switches and NOSCAN keys attributed by time (and an
# event before any record), SCANMAP and SCANMASK per kernel, keymap entries
# not tried with and without NOTRIED, driver-only, acpitrace-only, effects.
# No guest: `make parity` runs compare on real runs.
# shellcheck disable=SC2015 # ok() never fails: A && ok || ko is an if-else
set -uo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
compare=$ROOT/tests/vm/parity/compare
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failed=0
ok() { echo "PASS parity-compare $1"; }
ko() { echo "FAIL parity-compare $1"; failed=1; }

# new NAME: an empty run folder $tmp/NAME (NAME is the scenario), $d
new() {
	d=$tmp/$1
	mkdir -p "$d"
	: >"$d/driver.json"
	: >"$d/acpitrace.json"
	: >"$d/daemon.log"
	: >"$d/keymap.json"
	: >"$d/dmesg.log"
	: >"$d/shipped.policy"
	: >"$d/rec.jsonl"
	: >"$d/replay.jsonl"
	echo start >"$d/effects.log"
}
# key FILE SCAN KEY [T]: a press and release as sparse-keymap sends them
key() {
	local t=${4:-0}
	[[ $2 == - ]] || printf '{"type":"EV_MSC","code":"MSC_SCAN","value":%d,"t":%d}\n' "$2" "$t" >>"$1"
	printf '{"type":"EV_KEY","code":"%s","value":1,"t":%d}\n' "$3" "$t" >>"$1"
	printf '{"type":"EV_KEY","code":"%s","value":0,"t":%d}\n' "$3" "$t" >>"$1"
}
# sw FILE SW VALUE T
sw() { printf '{"type":"EV_SW","code":"%s","value":%d,"t":%d}\n' "$2" "$3" "$4" >>"$1"; }
# rec ID CODE TS_NS: a trace record and its replay line
rec() {
	printf '{"ts":0.1,"ts_ns":%d,"source":"notify","id":%d}\n' "$3" "$1" >>"$d/rec.jsonl"
	printf '{"id":%d,"ts":0.1,"source":"notify","verdict":"dispatch","code":%d}\n' "$1" "$2" >>"$d/replay.jsonl"
}
# log CODE ACTION LINE: run's line for a rule of the shipped policy
log() {
	printf 'acpitrace: notify \\_SB.DEV 0x%x code 0x%x -> %s (rule #%d /tmp/policy.d/50-shipped.policy:%d)\n' \
		"$1" "$1" "$2" "$3" "$3" >>"$d/daemon.log"
}
# catchall CODE: the catch-all's line
catchall() {
	printf 'acpitrace: notify \\_SB.DEV 0x%x code 0x%x -> log (rule #99 /tmp/policy.d/99-parity.policy:2)\n' \
		"$1" "$1" >>"$d/daemon.log"
}
# run NAME ARGS...: compare on $tmp/NAME into $tmp/NAME.txt
run() {
	local n=$1
	shift
	"$compare" "$tmp/$n" --driver drv "$@" >"$tmp/$n.txt" 2>"$tmp/$n.err" ||
		{ ko "$n: compare exited $?: $(cat "$tmp/$n.err")"; return 1; }
}
# field NAME FIELD: the summary's FIELD
field() { sed -n "s/^parity .* $2=\([0-9]*\).*/\1/p" "$tmp/$1.txt"; }
# expect NAME WHAT "FIELD=V ..." [REGEX...]: summary fields and lines
expect() {
	local n=$1 what=$2 kv f v re bad=0
	for kv in $3; do
		f=${kv%%=*} v=${kv#*=}
		[[ $(field "$n" "$f") == "$v" ]] || { echo "  $f=$(field "$n" "$f"), expected $v"; bad=1; }
	done
	shift 3
	for re; do
		grep -qE -- "$re" "$tmp/$n.txt" || { echo "  no line /$re/"; bad=1; }
	done
	if ((bad)); then
		ko "$n: $what"
		sed 's/^/    /' "$tmp/$n.txt"
	else
		ok "$n: $what"
	fi
}

# The policy every case below starts from: line N is rule N's line.
policy() {
	cat >"$d/shipped.policy"
}

# 1. same key, both silent (no rule; a log rule; a code the driver calls
# unknown), and every code sent has its line
new basic
policy <<'EOF'
match notify hid=TEST0001
  0x01 -> key KEY_A
  0x02 -> log
  0x03 -> ignore
EOF
key "$d/driver.json" 1 KEY_A
key "$d/acpitrace.json" 1 KEY_A
log 1 "key KEY_A" 2
log 2 log 3
log 3 log 4
catchall 0
key "$d/driver.json" 3 KEY_UNKNOWN
run basic --kernel 6.1 --codes 4 --unknown-re "Unknown key"
expect basic "same key, both silent" \
	"codes=4 same=1 silent=3 differ=0 explained=0 badwaiver=0 driveronly=0 acpitraceonly=0" \
	'^0x00 silent$' '^0x01 same KEY_A rule=line 2: key KEY_A$' '^0x02 silent rule=line 3: log$' \
	'^0x03 silent rule=line 4: log \(driver: unknown code\)$'

# 2. differences: explained by a waiver that holds, unexplained, driver-only,
# acpitrace-only with the driver's unknown-code line (dropped), effects
new differ
policy <<'EOF'
match notify hid=TEST0001
  0x01 -> rfkill wlan toggle   # parity[6.1,6.12] 0x01: driver=KEY_WLAN — rfkill-input does this
  0x02 -> key KEY_B
  0x03 -> key KEY_C            # parity[6.1] 0x03: driver=unknown
  0x04 -> log                  # parity[6.1] 0x04: driver=led
  0x05 -> key KEY_E            # parity[6.1] 0x05: driver=KEY_F+brightness
EOF
key "$d/driver.json" 1 KEY_WLAN
log 1 "rfkill wlan toggle" 2
key "$d/driver.json" 2 KEY_X
key "$d/acpitrace.json" 2 KEY_B
log 2 "key KEY_B" 3
key "$d/acpitrace.json" 3 KEY_C
log 3 "key KEY_C" 4
echo "drv: Unknown key code 0x03" >"$d/dmesg.log"
log 4 log 5
key "$d/driver.json" 5 KEY_F
key "$d/acpitrace.json" 5 KEY_E
log 5 "key KEY_E" 6
cat >>"$d/effects.log" <<'EOF'
state rfkill phy0/wlan soft 0
state led drv::kbd brightness 0
effect 0x1 rfkill phy0/wlan soft 0->1
code 0x1
code 0x2
code 0x3
effect 0x4 led drv::kbd brightness 0->1
code 0x4
effect 0x5 backlight drv brightness 3->4
code 0x5
EOF
run differ --kernel 6.1 --codes 5 --base 1 --unknown-re "Unknown key code"
expect differ "waivers that hold, an unexplained difference, driver-only, acpitrace-only" \
	"codes=5 same=0 silent=0 differ=5 explained=4 badwaiver=0 driveronly=1 acpitraceonly=1 dropped=1 effdriver=2 effacpitrace=1 effmissing=0" \
	'^0x01 differ driver=KEY_WLAN acpitrace=rfkill rule=line 2: rfkill wlan toggle explained: parity\[6.1,6.12\] 0x01: driver=KEY_WLAN — rfkill-input does this$' \
	'^  effect: rfkill phy0/wlan soft 0->1 \(acpitrace\)$' \
	'^0x02 differ driver=KEY_X acpitrace=KEY_B rule=line 3: key KEY_B UNEXPLAINED$' \
	'^0x03 differ driver=unknown acpitrace=KEY_C rule=line 4: key KEY_C acpitrace-only \(driver: unknown code\) explained' \
	'^0x04 differ driver=led acpitrace=none rule=line 5: log driver-only explained' \
	'^0x05 differ driver=KEY_F\+brightness acpitrace=KEY_E .* explained' \
	'^  effect: backlight drv brightness 3->4 \(driver\)$'

# 3. waivers that do not hold
new nohold
policy <<'EOF'
match notify hid=TEST0001
  0x01 -> rfkill wlan toggle   # parity[6.1] 0x01: driver=KEY_BLUETOOTH
  0x02 -> key KEY_B            # parity[6.1] 0x02: driver=none
  0x03 -> key KEY_C            # parity[6.1] 0x03: driver=none
  0x04 -> key KEY_D            # parity[6.1] 0x04: driver=KEY_D+brightness
EOF
key "$d/driver.json" 1 KEY_WLAN
log 1 "rfkill wlan toggle" 2
key "$d/driver.json" 2 KEY_X
key "$d/acpitrace.json" 2 KEY_B
log 2 "key KEY_B" 3
key "$d/acpitrace.json" 3 KEY_C
log 3 "key KEY_C" 4
echo "drv: Unknown key code 0x03" >"$d/dmesg.log"
key "$d/driver.json" 4 KEY_X
key "$d/acpitrace.json" 4 KEY_D
log 4 "key KEY_D" 5
run nohold --kernel 6.1 --codes 4 --base 1 --unknown-re "Unknown key code"
expect nohold "a waiver naming another behaviour than the driver's fails" \
	"codes=4 differ=4 explained=0 badwaiver=4" \
	'^0x01 differ driver=KEY_WLAN .* BAD WAIVER \(does not hold\)' \
	'^badwaiver line 2: .*does not hold for code 0x01$' \
	'^badwaiver line 3: .*does not hold for code 0x02$' \
	'^badwaiver line 4: .*does not hold for code 0x03$' \
	'^badwaiver line 5: .*does not hold for code 0x04$'

# 4. waivers not needed: the code came out same or silent, was not sent,
# is another line's, or two waivers name it; one for 6.12 only is not
# checked on 6.1, one for another scenario neither
new unneeded
policy <<'EOF'
match notify hid=TEST0001
  0x01 -> key KEY_A            # parity[6.1] 0x01: driver=KEY_A
  0x02 -> log                  # parity[6.1,6.12] 0x02: driver=none
  0x03 -> key KEY_C            # parity[6.1] 0x03..0x04: driver=KEY_X
  0x04 -> key KEY_D            # parity[6.1] 0x09: driver=KEY_X
  0x05 -> key KEY_E            # parity[6.1] 0x05: driver=KEY_X; parity[6.1] 0x05: driver=KEY_X
  0x06 -> key KEY_F            # parity[6.12] 0x06: driver=KEY_X
  0x07 -> key KEY_G            # parity[6.1 other-scenario] 0x07: driver=KEY_X
EOF
key "$d/driver.json" 1 KEY_A
for c in 3 4 5 6 7; do key "$d/driver.json" $c KEY_X; done
key "$d/acpitrace.json" 1 KEY_A
key "$d/acpitrace.json" 3 KEY_C
key "$d/acpitrace.json" 4 KEY_D
key "$d/acpitrace.json" 5 KEY_E
key "$d/acpitrace.json" 6 KEY_F
key "$d/acpitrace.json" 7 KEY_G
log 1 "key KEY_A" 2
log 2 log 3
log 3 "key KEY_C" 4
log 4 "key KEY_D" 5
log 5 "key KEY_E" 6
log 6 "key KEY_F" 7
log 7 "key KEY_G" 8
run unneeded --kernel 6.1 --codes 7 --base 1
expect unneeded "waivers not needed fail; other kernels' and scenarios' are not checked" \
	"codes=7 same=1 silent=1 differ=5 explained=1 badwaiver=5" \
	'^badwaiver line 2: .*not needed: code 0x01 came out same$' \
	'^badwaiver line 3: .*not needed: code 0x02 came out silent$' \
	'^badwaiver line 4: .*code 0x04 is taken by line 5$' \
	'^badwaiver line 5: .*code 0x09 was not sent$' \
	'^badwaiver line 6: .*2 waivers name it$' \
	'^0x03 differ .* explained: parity\[6.1\] 0x03..0x04: driver=KEY_X$' \
	'^0x06 differ .* UNEXPLAINED$' '^0x07 differ .* UNEXPLAINED$'
run unneeded --kernel 6.12 --codes 7 --base 1
expect unneeded "the same policy on 6.12: its own waivers" \
	"codes=7 explained=1 badwaiver=1" \
	'^badwaiver line 3: .*not needed: code 0x02 came out silent$' \
	'^0x06 differ .* explained: parity\[6.12\] 0x06: driver=KEY_X$'
mv "$tmp/unneeded" "$tmp/other-scenario"
run other-scenario --kernel 6.1 --codes 7 --base 1
expect other-scenario "a waiver for a scenario applies there" \
	"explained=2" '^0x07 differ .* explained: parity\[6.1 other-scenario\]'
run other-scenario --kernel 6.1 --codes 7 --base 1 --scenario unneeded
expect other-scenario "--scenario names the scenario" "explained=1"

# 4b. several waivers on one line, by kernel; a list and a range together
new several
policy <<'EOF'
match notify hid=TEST0001
  0x01..0x04 -> key KEY_MACRO1 # parity[6.1] 0x01,0x03..0x04: driver=KEY_VOLUMEDOWN — 6.1 reads 4 bits; parity[6.12] 0x02: driver=none
EOF
for c in 1 2 3 4; do
	log $c "key KEY_MACRO1" 2
	key "$d/acpitrace.json" $c KEY_MACRO1
done
for c in 1 3 4; do key "$d/driver.json" $c KEY_VOLUMEDOWN; done
run several --kernel 6.1 --codes 4 --base 1
expect several "6.1: the first waiver of the line" "differ=4 explained=3 badwaiver=0" \
	'^0x01 differ .* explained: parity\[6.1\] 0x01,0x03..0x04: driver=KEY_VOLUMEDOWN — 6.1 reads 4 bits$' \
	'^0x02 differ driver=none .* UNEXPLAINED$' '^0x04 differ .* explained'
run several --kernel 6.12 --codes 4 --base 1
expect several "6.12: the second waiver of the line; the first does not apply" \
	"differ=4 explained=1 badwaiver=0" '^0x02 differ driver=none .* explained: parity\[6.12\] 0x02: driver=none$'

# 5. old-style and malformed comments fail; comments that only mention
# parity do not
new comments
policy <<'EOF'
# parity: a header line that is not a rule's
# A "parity:" comment used to mark a difference; make parity checks it.
match notify hid=TEST0001
  0x01 -> key KEY_A            # parity: the old style
  0x02 -> key KEY_B            # parity[6.1]: no codes
  0x03 -> key KEY_C            # parity[6.1] 0x03: driver=KEY_X -- not an em dash
  0x04 -> key KEY_D            # parity[6.1] 0x04: driver=KEY_X —
  0x05 -> key KEY_E            # parity[6.1] 0x05: driver=launch — not a behaviour
  0x06 -> key KEY_F            # parity[61] 0x06: driver=KEY_X
  0x07 -> key KEY_G            # parity[6.1] 0x07: driver=KEY_X — fine
EOF
keys=(- KEY_A KEY_B KEY_C KEY_D KEY_E KEY_F KEY_G)
for c in 1 2 3 4 5 6 7; do
	k=${keys[c]}
	key "$d/driver.json" $c KEY_X
	key "$d/acpitrace.json" $c "$k"
	log $c "key $k" $((c + 3))
done
run comments --kernel 6.1 --codes 7 --base 1
expect comments "old-style, malformed and misplaced waivers fail" \
	"codes=7 differ=7 explained=1 badwaiver=7" \
	"^badwaiver line 1: an old-style '# parity:' comment" \
	"^badwaiver line 4: an old-style '# parity:' comment: parity: the old style$" \
	'^badwaiver line 5: bad waiver' '^badwaiver line 6: bad waiver' \
	'^badwaiver line 7: bad waiver' '^badwaiver line 8: bad waiver' '^badwaiver line 9: bad waiver' \
	'^0x07 differ .* explained: parity\[6.1\] 0x07: driver=KEY_X — fine$'
if grep -q 'line 2' "$tmp/comments.txt"; then
	ko "comments: a comment mentioning \"parity:\" counted"
else
	ok "comments: a comment mentioning \"parity:\" is not a waiver"
fi
new rulecomment
policy <<'EOF'
match notify hid=TEST0001
  # parity[6.1] 0x01: driver=KEY_X
  0x01 -> key KEY_A
EOF
key "$d/driver.json" 1 KEY_X
key "$d/acpitrace.json" 1 KEY_A
log 1 "key KEY_A" 3
run rulecomment --kernel 6.1 --codes 1 --base 1
expect rulecomment "a waiver on a line of its own fails" "differ=1 explained=0 badwaiver=1" \
	'^badwaiver line 2: a waiver on a line without a rule$'

# 6. switches by time, on both devices, and an event before any record;
# keys stay paired by MSC_SCAN
new switches
policy <<'EOF'
match notify hid=TEST0001
  0x01 -> switch SW_DOCK on
  0x02 -> switch SW_DOCK off   # parity[6.1] 0x02: driver=SW_TABLET_MODE:1
  0x03 -> switch SW_LID on
EOF
rec 1 1 1000000
rec 2 2 2000000
rec 3 3 3000000
rec 4 99 3500000
sw "$d/driver.json" SW_LID 1 500000
sw "$d/driver.json" SW_DOCK 1 1000400
sw "$d/acpitrace.json" SW_DOCK 1 1900000
sw "$d/driver.json" SW_TABLET_MODE 1 2000999
sw "$d/acpitrace.json" SW_DOCK 0 2100000
sw "$d/acpitrace.json" SW_LID 1 3600000
sw "$d/driver.json" SW_LID 1 3700000
log 1 "switch SW_DOCK on" 2
log 2 "switch SW_DOCK off" 3
log 3 "switch SW_LID on" 4
run switches --kernel 6.1 --codes 3 --base 1
expect switches "EV_SW by time: the latest record at or before the event" \
	"codes=3 same=2 differ=1 explained=1 switches=3 unattributed=1 badwaiver=0" \
	'^0x01 same SW_DOCK:1 ' '^0x02 differ driver=SW_TABLET_MODE:1 acpitrace=SW_DOCK:0 .* explained' \
	'^0x03 same SW_LID:1 ' '^unattributed: driver EV_SW SW_LID 1 at 500000 '
# (above: the record of a code that was not sent, 99 at 3.5 ms as an IDLE
# read's, is no code's: the events after it stay with 0x03; an event in the
# same microsecond as a record is that record's code, 0x02 at 2.000999 ms:
# the input core keeps microseconds)
new switches-late
policy <<'EOF'
match notify hid=TEST0001
  0x01 -> switch SW_DOCK on
EOF
rec 1 1 1000000
sw "$d/driver.json" SW_DOCK 1 999999
sw "$d/acpitrace.json" SW_DOCK 1 1000001
log 1 "switch SW_DOCK on" 2
run switches-late --kernel 6.1 --codes 1 --base 1
expect switches-late "an event in the microsecond before the record is not the code's" \
	"differ=1 unattributed=1 acpitraceonly=1" '^0x01 differ driver=none acpitrace=SW_DOCK:1 '

# 7. NOSCAN: key presses by time; without it the same presses (no MSC_SCAN)
# are nobody's
new noscan
policy <<'EOF'
match notify hid=LNXVIDEO
  0x86 -> key KEY_BRIGHTNESSUP
  0x87 -> key KEY_BRIGHTNESSDOWN
  0x88 -> key KEY_SWITCHVIDEOMODE # parity[6.1] 0x88: driver=none — a test
EOF
rec 1 0x86 1000000
rec 2 0x87 2000000
rec 3 0x88 3000000
key "$d/driver.json" - KEY_BRIGHTNESSUP 1200000
key "$d/acpitrace.json" 0x86 KEY_BRIGHTNESSUP 1100000
key "$d/driver.json" - KEY_BRIGHTNESSDOWN 2300000
key "$d/acpitrace.json" 0x87 KEY_BRIGHTNESSDOWN 2100000
key "$d/acpitrace.json" 0x88 KEY_SWITCHVIDEOMODE 3100000
log 0x86 "key KEY_BRIGHTNESSUP" 2
log 0x87 "key KEY_BRIGHTNESSDOWN" 3
log 0x88 "key KEY_SWITCHVIDEOMODE" 4
run noscan --kernel 6.1 --codes 3 --base 0x86 --noscan
expect noscan "NOSCAN: the driver's keys by time" \
	"codes=3 same=2 differ=1 explained=1 badwaiver=0 unattributed=0" \
	'^0x86 same KEY_BRIGHTNESSUP ' '^0x87 same KEY_BRIGHTNESSDOWN ' '^0x88 differ driver=none .* explained'
run noscan --kernel 6.1 --codes 3 --base 0x86
expect noscan "without NOSCAN presses without MSC_SCAN count for no code" \
	"same=0 differ=3 explained=1"

# 8. SCANMAP (per kernel, with SCANMASK after it) and SCANMASK alone
new scanmap
policy <<'EOF'
match notify hid=TEST0001
  0x1001..0x1003 -> key KEY_PROG1
EOF
for c in 0x1001 0x1002 0x1003; do
	log $c "key KEY_PROG1" 2
	key "$d/acpitrace.json" $c KEY_PROG1
done
key "$d/driver.json" 0 KEY_PROG1
key "$d/driver.json" 1 KEY_PROG1
key "$d/driver.json" 2 KEY_PROG1
printf '{"scancode":%d,"key":"KEY_PROG1"}\n' 0 1 2 >"$d/keymap.json"
map="6.1=(c>=0x1001&&c<=0x1020)?c-0x1001:c 6.12=c"
run scanmap --kernel 6.1 --codes 3 --base 0x1001 --scanmap "$map"
expect scanmap "SCANMAP on 6.1: code - 0x1001" "codes=3 same=3 notried=0 keymap=3" \
	'^0x1001 same KEY_PROG1' '^0x1003 same KEY_PROG1'
run scanmap --kernel 6.12 --codes 3 --base 0x1001 --scanmap "$map"
expect scanmap "SCANMAP on 6.12: the code itself" "same=0 differ=3 notried=3 notriedexplained=0"
run scanmap --kernel 6.1 --codes 3 --base 0x1001 --scanmap "$map" --scanmask 0x1
expect scanmap "SCANMAP, then SCANMASK" "same=3 notried=1"
run scanmap --kernel 6.1 --codes 3 --base 0x1001 --scanmask "6.1=0x3 6.12=0xFFFF"
expect scanmap "SCANMASK per kernel" "same=2 differ=1"
if "$compare" "$tmp/scanmap" --driver drv --kernel 6.1 --codes 3 --base 0x1001 --scanmap "c+" \
	>/dev/null 2>"$tmp/bad.err"; then
	ko "scanmap: a SCANMAP bash cannot evaluate passed"
elif grep -q "SCANMAP 'c+' failed" "$tmp/bad.err"; then
	ok "scanmap: a bad SCANMAP fails"
else
	ko "scanmap: a bad SCANMAP: $(cat "$tmp/bad.err")"
fi

# 9. keymap entries not tried: listed, with NOTRIED's reason or without one;
# a NOTRIED entry for a scancode that was tried fails
new notried
policy <<'EOF'
match notify hid=TEST0001
  0x01 -> key KEY_A
EOF
key "$d/driver.json" 1 KEY_A
key "$d/acpitrace.json" 1 KEY_A
log 1 "key KEY_A" 2
printf '{"scancode":%d,"key":"%s"}\n' 1 KEY_A 80 KEY_B 0xFFFF01 KEY_C >"$d/keymap.json"
run notried --kernel 6.1 --codes 1 --base 1
expect notried "entries not tried, no reasons" "same=1 notried=2 notriedexplained=0 keymap=3" \
	'^notried 0x50 KEY_B: no NOTRIED reason$' '^notried 0xffff01 KEY_C: no NOTRIED reason$'
run notried --kernel 6.1 --codes 1 --base 1 --notried "0x50:the fixture cannot 0xFFFF01:above the 16-bit code"
expect notried "entries not tried, with reasons" "notried=2 notriedexplained=2 badwaiver=0" \
	'^notried 0x50 KEY_B: the fixture cannot$' '^notried 0xffff01 KEY_C: above the 16-bit code$'
run notried --kernel 6.1 --codes 1 --base 1 --notried "0x40..0x5F:a range 0xFFFF00..0xFFFF02:another"
expect notried "NOTRIED ranges" "notried=2 notriedexplained=2 badwaiver=0" \
	'^notried 0x50 KEY_B: a range$' '^notried 0xffff01 KEY_C: another$'
run notried --kernel 6.1 --codes 1 --base 1 --notried "0x50:one 0x1:tried after all"
expect notried "a NOTRIED entry for a tried scancode" "notried=2 notriedexplained=1 badwaiver=1" \
	'^badwaiver NOTRIED 0x01: not needed'

# 10. SKIP and EXTRA: what is sent
new sent
run sent --kernel 6.1 --codes 6 --base 0x10 --skip "0x12 0x13" --extra "0x100 0x200"
expect sent "SKIP leaves codes out, EXTRA adds them" "codes=6 silent=6" \
	'^0x10 silent$' '^0x14 silent$' '^0x100 silent$' '^0x200 silent$'
if grep -q '^0x12 ' "$tmp/sent.txt"; then
	ko "sent: a skipped code was compared"
else
	ok "sent: skipped codes are not compared"
fi

# 11. effects: a rule whose device exists but did not change (effmissing),
# one whose device does not exist (effnodev), the kernel's handler of a key
# both pressed
new effects
policy <<'EOF'
match notify hid=TEST0001
  0x01 -> rfkill wlan toggle   # parity[6.1] 0x01: driver=none
  0x02 -> led drv::mute on     # parity[6.1] 0x02: driver=none
  0x03 -> key KEY_WLAN
EOF
log 1 "rfkill wlan toggle" 2
log 2 "led drv::mute on" 3
log 3 "key KEY_WLAN" 4
key "$d/driver.json" 3 KEY_WLAN
key "$d/acpitrace.json" 3 KEY_WLAN
cat >>"$d/effects.log" <<'EOF'
state rfkill phy0/wlan soft 0
code 0x1
code 0x2
effect 0x3 rfkill phy0/wlan soft 0->1
code 0x3
EOF
run effects --kernel 6.1 --codes 3 --base 1
expect effects "effmissing, effnodev, a key's handler" \
	"same=1 differ=2 explained=2 effmissing=1 effnodev=1 effdriver=0 acpitraceonly=2" \
	"^  effect: none from 'rfkill wlan toggle' although its device exists: FAIL$" \
	"^  effect: none from 'led drv::mute on': no such device in the guest$" \
	"^  effect: rfkill phy0/wlan soft 0->1 \(the kernel's handler of KEY_WLAN, pressed on both devices\)$"

# 12. the table: a row per scenario of tests/vm/parity, each count 6.1/6.12
mkdir -p "$tmp/table/6.1/dell-wmi" "$tmp/table/6.12/dell-wmi" "$tmp/table/6.1/msi-wmi"
cp "$tmp/differ.txt" "$tmp/table/6.1/dell-wmi/parity.txt"
cp "$tmp/switches.txt" "$tmp/table/6.12/dell-wmi/parity.txt"
echo "evread: no input device named MSI WMI hotkeys" >"$tmp/table/6.1/msi-wmi/keymap.err"
"$ROOT/tests/vm/parity/table" "$tmp/table" >"$tmp/table.md"
row='| dell-wmi | bound, keymap 0 | bound, keymap 0 | 5/3 | 0/2 | 0/0 | 5/1 (4/1) | 1/0 | 1/0 | 0/3 | 0/0 (0/0) | 2/0, 1/0 (events before any code 0/1) |'
grep -qxF "$row" "$tmp/table.md" && ok "table: a row's cells" || { ko "table: no row '$row'"; cat "$tmp/table.md"; }
grep -q '^| msi-wmi | not bound | not run |' "$tmp/table.md" && ok "table: not bound, not run" ||
	{ ko "table: msi-wmi's row"; cat "$tmp/table.md"; }
grep -q '^| driver | kernel 6.1 | kernel 6.12 | codes sent | same key | both silent | differ (explained) | driver-only | acpitrace-only | switches | not tried (reason) | effects: driver, acpitrace |$' \
	"$tmp/table.md" && ok "table: the header" || ko "table: the header"

exit $failed
