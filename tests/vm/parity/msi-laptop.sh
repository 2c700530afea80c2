# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by run-all
# msi-laptop (drivers/platform/x86/msi-laptop.c) beside acpitrace with
# policy/msi-laptop.policy. Not a run of tests/vm/lib/parity.sh, because
# nothing the driver reacts to is an ACPI event: on its "SCM" models (an
# MSI N034 here, by DMI) it installs an i8042 filter, and the keyboard's
# bytes e0 e4 (the release of extended key 0x64) make it read EC RAM 0xE4
# 500 ms later and press KEY_TOUCHPAD_ON (bit 4 set) or KEY_TOUCHPAD_OFF,
# its whole sparse keymap; e0 54, e0 62 and e0 76 make it re-read the
# radios' byte 0x2E and set its rfkill switches (msi-wlan, msi-bluetooth,
# msi-threeg) from it. The policy matches the driver's read of 0xE4
# (match ec address=0xE4: the code is the byte read).
#
# The run proves: the driver binds (its DMI line, its input device "MSI
# Laptop hotkeys" with the keymap KEY_TOUCHPAD_ON/OFF, the three rfkill
# switches); each step below gives the driver's key or rfkill change, and
# acpitrace run presses the same key as the driver at each touchpad step
# and nothing at the others; a byte e4 without the e0 prefix gives nothing
# on either; acpitrace trace beside it records, per touchpad step, the
# driver's EC read of 0xE4 (source ec, RD_EC) and the keyboard's interrupt
# (source irq, IRQ 1), and not one notify, wmi, ec_query or ged record;
# `acpitrace check` refuses a policy that matches irq records. QEMU has no
# key (qcode) whose set-1 code is e0 64, so the guest puts the bytes into
# the i8042 controller's output buffer itself (controller command 0xD2
# "write keyboard output buffer", through /dev/port): the kernel reads them
# as keyboard bytes, through the filter. Steps (EC RAM the host writes
# first; bytes; what the driver does):
#   1  0xE4=0x10  e0 e4  KEY_TOUCHPAD_ON
#   2  0xE4=0x00  e0 e4  KEY_TOUCHPAD_OFF
#   3  0x2E=0x11  e0 76  msi-wlan soft-blocked (WLAN bit 3 cleared)
#   4  0x2E=0x19  e0 54  msi-wlan unblocked
#   5  0x2E=0x18  e0 62  msi-bluetooth soft-blocked (bit 0 cleared)
#   6  0xE4=0x10  e4     nothing (no e0 before it)
# loaded at boot, then again once the host has set EC RAM (the initramfs
# holds only the modules of MODULES)
# the shipped policy (tests/replay/from-parity reads it; host() copies the file)
POLICY=policy/msi-laptop.policy
MODULES="evdev,uinput,msi-laptop"
ACPITABLES="tools/vm/acpi/parity/msi-laptop.asl"
BINARIES="${ACPITRACE_EVREAD:-build/tools/evread}"
SMBIOS=("type=1,manufacturer=MICRO-STAR INTERNATIONAL CO.,, LTD,product=MS-N034"
	"type=3,manufacturer=MICRO-STAR INTERNATIONAL CO.,, LTD")
EC=default
BOOT=own
TIMEOUT=300

guest() {
	# bytes (hex) into the keyboard controller's output buffer, one at a
	# time: command 0xD2 to port 0x64, the byte to port 0x60; the kernel's
	# i8042 interrupt handler reads each before the next
	kbd() {
		for h in "$@"; do
			printf '\322' | dd of=/dev/port bs=1 seek=100 count=1 conv=notrunc 2>/dev/null
			# shellcheck disable=SC2059 # the format is the byte
			printf "\\$(printf %o "0x$h")" | dd of=/dev/port bs=1 seek=96 count=1 conv=notrunc 2>/dev/null
			usleep 100000
		done
	}
	# "N/LAST": how many keys FILE (evread's) has pressed, the last one
	presses() {
		local last
		last=$(grep '"EV_KEY"' "$1" | grep '"value":1' | tail -1 |
			sed -n 's/.*"code":"\([A-Z_]*\)".*/\1/p')
		echo "$(grep '"EV_KEY"' "$1" | grep -c '"value":1')/${last:-none}"
	}
	# "NAME=SOFT" for each rfkill switch
	radios() {
		for d in /sys/class/rfkill/rfkill*; do
			[ -e "$d/name" ] || continue
			read -r nm <"$d/name"
			read -r so <"$d/soft"
			printf ' %s=%s' "$nm" "$so"
		done
	}
	vm_wait 60 ec-set
	rmmod msi_laptop
	modprobe msi-laptop
	# its delayed rfkill init (1 s) writes the radios' state back
	sleep 2
	evread -m "MSI Laptop hotkeys" 10 >keymap.json 2>keymap.err || true
	acpitrace -j trace -s notify,wmi,ec,ec_query,gpe,ged,irq \
		--ready-file "$OUT/ready-trace" >rec.jsonl 2>trace.err &
	tpid=$!
	vm_wait_for 90 test -e "$OUT/ready-trace"
	# the shipped policy, override as in the parity tier (the driver is
	# bound beside it)
	mkdir -p /tmp/policy.d
	sed -e 's/^\([[:space:]]*match[[:space:]][^#]*\)/\1 override /' \
		"$OUT/shipped.policy" >/tmp/policy.d/50-shipped.policy
	acpitrace check /tmp/policy.d >check.txt 2>&1 || true
	acpitrace -j run --log-events --policy /tmp/policy.d --ready-file "$OUT/ready" >daemon.json 2>daemon.log &
	rpid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	evread "MSI Laptop hotkeys" 100 200 >driver.json 2>driver.err &
	dpid=$!
	evread acpitrace 100 200 >acpitrace.json 2>acpitrace.err &
	apid=$!
	vm_wait_for 10 grep -q ready driver.err
	vm_wait_for 10 grep -q ready acpitrace.err
	echo "start$(radios)" >steps.log
	n=1
	for k in "e0 e4" "e0 e4" "e0 76" "e0 54" "e0 62" "e4"; do
		vm_signal "ready-$n"
		vm_wait 60 "go-$n"
		# shellcheck disable=SC2086 # the bytes are words
		kbd $k
		# the driver's work runs 500 ms after the byte (ec_delay quirk)
		sleep 2
		echo "step $n presses=$(presses driver.json) acpitrace=$(presses acpitrace.json)$(radios)" >>steps.log
		n=$((n + 1))
	done
	kill "$dpid" "$apid" 2>/dev/null || true
	kill -INT "$rpid"
	wait "$rpid" || true
	kill -TERM "$tpid"
	wait "$tpid" || true
}

host() {
	local ec=$ROOT/tools/vm/ec n=1 w
	# a 3G module, every radio on, the touchpad off
	"$ec" "$OUT" write 0x2F 0x10
	"$ec" "$OUT" write 0x2E 0x19
	"$ec" "$OUT" write 0xE4 0x00
	cp "$ROOT/policy/msi-laptop.policy" "$OUT/shipped.policy"
	vm_signal ec-set
	for w in "0xE4 0x10" "0xE4 0x00" "0x2E 0x11" "0x2E 0x19" "0x2E 0x18" "0xE4 0x10"; do
		vm_wait_file "ready-$n" 120
		# shellcheck disable=SC2086 # address and value
		"$ec" "$OUT" write $w
		vm_signal "go-$n"
		n=$((n + 1))
	done
}

check() {
	# bound by DMI, as an SCM model: input device, keymap, three radios
	expect_grep dmesg.log "msi_laptop: Identified laptop model 'MSI N034'"
	expect_grep keymap.json '"key":"KEY_TOUCHPAD_ON"' 1
	expect_grep keymap.json '"key":"KEY_TOUCHPAD_OFF"' 1
	expect_eq "$(wc -l <"$OUT/keymap.json")" 2 "keymap entries"
	expect_grep steps.log '^start msi-bluetooth=0 msi-wlan=0 msi-threeg=0$'
	# what the driver and acpitrace run did per step (key count/last key of
	# each, the radios): the same key at each touchpad step, nothing else
	expect_grep steps.log '^step 1 presses=1/KEY_TOUCHPAD_ON acpitrace=1/KEY_TOUCHPAD_ON msi-bluetooth=0 msi-wlan=0 msi-threeg=0$'
	expect_grep steps.log '^step 2 presses=2/KEY_TOUCHPAD_OFF acpitrace=2/KEY_TOUCHPAD_OFF msi-bluetooth=0 msi-wlan=0 msi-threeg=0$'
	expect_grep steps.log '^step 3 presses=2/KEY_TOUCHPAD_OFF acpitrace=2/KEY_TOUCHPAD_OFF msi-bluetooth=0 msi-wlan=1 msi-threeg=0$'
	expect_grep steps.log '^step 4 presses=2/KEY_TOUCHPAD_OFF acpitrace=2/KEY_TOUCHPAD_OFF msi-bluetooth=0 msi-wlan=0 msi-threeg=0$'
	expect_grep steps.log '^step 5 presses=2/KEY_TOUCHPAD_OFF acpitrace=2/KEY_TOUCHPAD_OFF msi-bluetooth=1 msi-wlan=0 msi-threeg=0$'
	expect_grep steps.log '^step 6 presses=2/KEY_TOUCHPAD_OFF acpitrace=2/KEY_TOUCHPAD_OFF msi-bluetooth=1 msi-wlan=0 msi-threeg=0$'
	# the rules that pressed them: the MS-N034 block's (the DMI of this guest)
	expect_grep daemon.log 'ec RD_EC 0xe4 code 0x10 -> key KEY_TOUCHPAD_ON \(rule #0 /tmp/policy.d/50-shipped.policy:26\)' 1
	expect_grep daemon.log 'ec RD_EC 0xe4 code 0x0 -> key KEY_TOUCHPAD_OFF \(rule #1 /tmp/policy.d/50-shipped.policy:27\)' 1
	# what acpitrace saw: the driver's two reads of the touchpad byte (16,
	# then 0), the keyboard's interrupts, and no event a policy can match
	expect_eq "$(jq -c 'select(.source == "ec" and .command == "RD_EC" and .address == 228) | .rdata' \
		"$OUT/rec.jsonl" | tr '\n' ' ')" "[16] [0] " "reads of EC 0xE4"
	expect_gt "$(jq -c 'select(.source == "irq" and .irq == 1)' "$OUT/rec.jsonl" | grep -c .)" 0
	expect_eq "$(jq -c 'select(.source | IN("notify", "wmi", "ec_query", "ged"))' "$OUT/rec.jsonl" |
		grep -c . || true)" 0 "notify, wmi, ec_query or ged records"
	local p=$OUT/match-irq.policy
	printf 'match irq\n  * -> log\n' >"$p"
	"$ROOT/build/acpitrace" check "$p" >"$OUT/check-irq.txt" 2>&1 || true
	expect_grep check-irq.txt "cannot match on 'irq' \\(notify, wmi, gpe, ec_query, fixed, method, ec\\)"
}
