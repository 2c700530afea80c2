# shellcheck shell=bash
# acpitrace run: switches and exec limits, GED-injected Notifies on \_SB.SNK0.
#   keys 1 2 3 3 4: SW_TABLET_MODE on / off, SW_LID toggle twice, KEY_PROG1,
#     read back from the `acpitrace` device, which declares exactly those
#     (EVIOCGBIT), never SW_RFKILL_ALL
#   key 5: a command over its 1 s timeout is killed with what it started
#   key 6 six times: a 3 s command; 4 run at once, the other 2 are refused;
#     their output lands in the daemon's log
#   a policy owned by uid 1000, or group-writable, is refused as a whole when
#     running as root (check and run), with the reason
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev"
APPEND=$DISPATCH_APPEND
ACPITABLES=$DISPATCH_TABLES
TIMEOUT=240

guest() {
	printf '#!/bin/sh\nsleep 31 &\necho $! >/tmp/slow-child.pid\nwait\necho slow-not-killed\n' >/tmp/slow
	printf '#!/bin/sh\necho "hold $ACPITRACE_EVENT_ID start"\nsleep 3\necho "hold $ACPITRACE_EVENT_ID done"\n' >/tmp/hold
	chmod 755 /tmp/slow /tmp/hold
	cat >/tmp/test.policy <<'P'
match notify path=\_SB.SNK0
  0x80 -> switch SW_TABLET_MODE on
  0x81 -> switch SW_TABLET_MODE off
  0x82 -> switch SW_LID toggle
  0x83 -> key KEY_PROG1
  0x84 -> exec timeout=1s /tmp/slow
  0x85 -> exec interval=0s timeout=20s /tmp/hold
P
	cp /tmp/test.policy /tmp/user.policy
	chown 1000:1000 /tmp/user.policy
	cp /tmp/test.policy /tmp/gw.policy
	chmod 664 /tmp/gw.policy
	rc=0; acpitrace check /tmp/user.policy >/dev/null 2>refuse-owner.txt || rc=$?
	echo "exit=$rc" >>refuse-owner.txt
	rc=0; acpitrace check /tmp/gw.policy >/dev/null 2>refuse-gw.txt || rc=$?
	echo "exit=$rc" >>refuse-gw.txt
	rc=0; acpitrace run --policy /tmp/user.policy >/dev/null 2>refuse-run.txt || rc=$?
	echo "exit=$rc" >>refuse-run.txt

	acpitrace run --policy /tmp/test.policy --ready-file "$OUT/ready" 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	evread -c acpitrace 10 >caps.json
	evread acpitrace 6 40 >events.json 2>evread.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread.log
	vm_signal go1
	wait "$epid"

	vm_signal go2
	vm_wait_for 30 grep -q 'timed out: killed' daemon.log
	vm_wait_for 10 grep -q 'killed by signal 9' daemon.log
	child=$(cat /tmp/slow-child.pid)
	# the command's own child went with it (a zombie at most, init reaps)
	vm_wait_for 10 sh -c "[ ! -e /proc/$child ] || grep -q ') Z' /proc/$child/stat"
	echo "grandchild $child gone" >slow-child.txt

	vm_signal go3
	vm_wait_for 30 sh -c '[ $(grep -c "hold .* done" daemon.log) -ge 4 ]'
	sleep 1
	kill -TERM "$pid"
	wait "$pid"
	echo "exit=$?" >daemon.status
}

host() {
	local k
	vm_wait_file go1 150
	for k in 1 2 3 3 4; do
		vm_sendkey "$k"
		sleep 0.3
	done
	vm_wait_file go2 60
	vm_sendkey 5
	vm_wait_file go3 60
	vm_sendkey 6 6 6 6 6 6
}

check() {
	expect_grep refuse-owner.txt 'untrusted policy: /tmp/user.policy is owned by uid 1000, not by root; a policy that anyone but root can change is refused as a whole'
	expect_grep refuse-owner.txt 'exit=1'
	expect_grep refuse-gw.txt 'untrusted policy: /tmp/gw.policy is writable by its group \(mode 0664\)'
	expect_grep refuse-gw.txt 'exit=1'
	expect_grep refuse-run.txt 'untrusted policy: /tmp/user.policy is owned by uid 1000'
	expect_grep refuse-run.txt 'exit=1'
	expect_event caps.json '.keys == ["KEY_PROG1"] and .switches == ["SW_LID","SW_TABLET_MODE"]' 1
	expect_event caps.json '.switches | index("SW_RFKILL_ALL") == null' 1
	expect_event events.json '.code == "SW_TABLET_MODE" and .value == 1' 1
	expect_event events.json '.code == "SW_TABLET_MODE" and .value == 0' 1
	expect_event events.json '.code == "SW_LID" and .value == 1' 1
	expect_event events.json '.code == "SW_LID" and .value == 0' 1
	expect_event events.json '.code == "KEY_PROG1" and .value == 1' 1
	expect_event events.json '.code == "MSC_SCAN" and .value == 131' 2
	expect_grep daemon.log 'command of rule #4 \(pid [0-9]*\) timed out: killed'
	expect_grep daemon.log 'command of rule #4 \(pid [0-9]*\) killed by signal 9'
	expect_file slow-child.txt
	expect_grep daemon.log 'slow-not-killed' 0
	expect_grep daemon.log 'exec /tmp/hold: pid' 4
	expect_grep daemon.log 'exec /tmp/hold refused: 4 commands still running \(at most 4 at a time\)' 2
	expect_grep daemon.log 'exec\[rule 5\]: hold [0-9]+ done$' 4
	expect_grep daemon.status 'exit=0'
}
