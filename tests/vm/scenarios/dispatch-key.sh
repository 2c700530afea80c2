# shellcheck shell=bash
# acpitrace run: a GED-injected Notify (\_SB.SNK0, 0x80) becomes KEY_VOLUMEUP
# with MSC_SCAN 0x80 on the `acpitrace` input device; 0x82 runs a command that
# writes the event fields; 0x81 is ignored in the kernel (its rule counter
# moves, nothing reaches the ring buffer); SNK1's events match no rule and
# stay in the kernel too.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev"
APPEND=$DISPATCH_APPEND
ACPITABLES=$DISPATCH_TABLES
TIMEOUT=150

guest() {
	printf '#!/bin/sh\nenv > %s/exec-env.txt\n' "$OUT" >/tmp/write-env
	chmod 755 /tmp/write-env
	cat >/tmp/test.policy <<'P'
# keys of the sink device ACPT0001 with _UID 0
match notify hid=ACPT0001:0
  0x80 -> key KEY_VOLUMEUP
  0x81 -> ignore
  0x82 -> exec timeout=5s /tmp/write-env
P
	acpitrace check /tmp/test.policy >check.txt
	acpitrace -j run --log-events --policy /tmp/test.policy --ready-file "$OUT/ready" >daemon.json 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	# what udev's hwdb would do to remap scancode 0x80: a uinput device has no keymap
	evread -k acpitrace 0x80 KEY_MUTE >remap.json
	evread acpitrace 2 40 >keys.json 2>evread.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread.log
	vm_signal go
	wait "$epid"
	vm_wait_for 20 test -s "$OUT/exec-env.txt"
	vm_wait 40 done-keys
	vm_wait_for 10 grep -q 'exec /tmp/write-env: pid' daemon.log
	kill -TERM "$pid"
	wait "$pid"
	echo "exit=$?" >daemon.status
}

host() {
	vm_wait_file go 120
	vm_sendkey 2 2 q 1
	# 0x82 (the exec) once 0x80 was dispatched
	vm_wait_grep daemon.log '0x80 code 0x80 -> key KEY_VOLUMEUP' 30
	vm_sendkey 3
	vm_signal done-keys
}

check() {
	expect_event remap.json '.remap != "ok"' 1
	expect_grep check.txt 'ACPT0001:00 \\_SB.SNK0'
	expect_event keys.json '.type == "EV_MSC" and .code == "MSC_SCAN" and .value == 128' 2
	expect_event keys.json '.type == "EV_KEY" and .code == "KEY_VOLUMEUP" and .value == 1' 1
	expect_event keys.json '.type == "EV_KEY" and .code == "KEY_VOLUMEUP" and .value == 0' 1
	expect_grep exec-env.txt '^ACPITRACE_SOURCE=notify$'
	expect_grep exec-env.txt '^ACPITRACE_CODE=0x82$'
	expect_grep exec-env.txt '^ACPITRACE_PATH=\\_SB.SNK0$'
	expect_grep exec-env.txt '^ACPITRACE_DEVICE=ACPT0001:00$'
	expect_grep daemon.status 'exit=0'
	if [[ $KERNEL == 5.10 ]]; then
		# no matcher in the kernel there (the build without fetch atomics):
		# every record leaves it, and run counts the same hits and verdicts
		expect_event daemon.json '.received == ([.sources[].emitted] | add) and .sources.notify.emitted == 5 and .dispatched == 2' 1
		expect_grep daemon.log 'the policy is matched here, not in the kernel' 1
	else
		# only the two dispatched events left the kernel
		expect_event daemon.json '.received == 2 and .dispatched == 2' 1
		expect_event daemon.json '.sources.notify.emitted == 2' 1
		expect_grep daemon.log 'the policy is matched here, not in the kernel' 0
	fi
	expect_event daemon.json '.rules[1].hits == 2 and .rules[0].hits == 1 and .rules[2].hits == 1' 1
	expect_event daemon.json '.sources.notify.ignored == 2 and .sources.notify.unmatched >= 1 and .sources.notify.matched == 2' 1
	expect_grep daemon.log 'notify \\_SB.SNK0 \(ACPT0001:00\) 0x80 code 0x80 -> key KEY_VOLUMEUP'
}
