# shellcheck shell=bash
# Issue 32 rows 1, 3 and 11 in a guest with 2 vCPUs: 8 clients of `nobody`
# (uid 65534), 2 writer threads each, flood the acpid socket with blocking
# 64 KiB writes and reconnect as soon as they are dropped, while the host
# presses key 1 (a GED Notify(\_SB.SNK0, 0x80) -> key KEY_PROG1) 20 times,
# 0.3 s apart. Every KEY_PROG1 arrives within 50 ms of its Notify: the
# input event's time (evread "t") minus the Notify record's ts_ns of a
# `trace -j` beside the daemon, the same CLOCK_MONOTONIC. (At d1e10e4 the
# daemon read what clients wrote on the event path: up to 306 ms.) Under
# TCG on a loaded host a vCPU may not run at all for tens of ms: a
# SCHED_FIFO 99 probe on each vCPU measures that, and such a stall within
# a key's span is taken off its latency (both are in latency.txt). One
# press before the flood warms the path up and is not counted. The daemon's
# thread runs at nice -10 (what remains of the delay under the flood is CPU
# load: 16 busy loops of nobody and no socket at all delayed keys up to
# 62 ms at nice 0), an exec rule's command at nice 0.
# Meanwhile Debian's acpi_listen keeps working for real clients: root's gets
# every line (the 20 acpitrace/notify lines and the power button's), uid
# 1000's, connected beside the flood (nobody's cap is nobody's alone), gets
# only what acpid would have sent: button/power, not acpitrace/ lines.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="button,uinput,evdev"
APPEND=$DISPATCH_APPEND
ACPITABLES=$DISPATCH_TABLES
BINARIES="$BINARIES build/tools/sockflood /usr/bin/acpi_listen"
SMP=2
BOOT=own
TIMEOUT=240

guest() {
	local PRESSES=20	# as in host and check (functions alone reach the guest)
	# shellcheck disable=SC2016 # expanded by the command's shell
	printf '#!/bin/sh\nawk %s /proc/$$/stat >%s/child-nice.txt\n' \
		"'{ print \$19 }'" "$OUT" >/tmp/child-nice
	chmod 755 /tmp/child-nice
	cat >/tmp/flood.policy <<'P'
match fixed
  power_button -> exec timeout=5s /tmp/child-nice
match notify hid=ACPT0001:0
  0x80 -> key KEY_PROG1
P
	nproc >nproc.txt
	acpitrace run --acpid-socket --policy /tmp/flood.policy --ready-file /tmp/ready-run \
		2>daemon.log &
	run=$!
	acpitrace -j trace --ready-file /tmp/ready-trace >rec.jsonl 2>trace.err &
	trace=$!
	vm_wait_for 90 test -e /tmp/ready-run
	vm_wait_for 90 test -e /tmp/ready-trace
	awk '{ print $19 }' /proc/$run/stat >daemon-nice.txt
	# warm-up, before the flood: the first key after start pays for cold paths
	evread acpitrace 2 60 >warm.json 2>warm.log &
	epid=$!
	vm_wait_for 10 grep -q ready warm.log
	vm_signal warm
	wait "$epid"
	acpi_listen -c $((PRESSES + 1)) -t 200 -s /run/acpid.socket >listen-root.txt 2>listen-root.err &
	lroot=$!
	sockflood as 1000 acpi_listen -c 1 -t 200 -s /run/acpid.socket >listen-user.txt \
		2>listen-user.err &
	luser=$!
	sleep 1
	sockflood flood /run/acpid.socket 65534 8 2 40 >flood.json 2>flood.err &
	flood=$!
	# when a vCPU itself did not run (the host's doing, under TCG)
	sockflood probe 0 40 >stalls0.json 2>probe.err &
	sockflood probe 1 40 >stalls1.json 2>>probe.err &
	sleep 3		# the flood at full speed before the first press
	evread acpitrace $((2 * PRESSES)) 90 >keys.json 2>evread.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread.log
	vm_signal go
	wait "$epid"
	echo "exit=$?" >evread.status
	vm_signal keys-done
	wait "$lroot"
	echo "exit=$?" >listen-root.status
	wait "$luser"
	echo "exit=$?" >listen-user.status
	wait "$flood"
	vm_wait_for 10 test -s "$OUT/child-nice.txt"
	kill -TERM "$trace" "$run"
	wait "$trace"
	wait "$run"
	echo "exit=$?" >daemon.status
}

host() {
	local i PRESSES=20
	vm_wait_file warm 150
	vm_sendkey 1
	vm_wait_file go 150
	for ((i = 0; i < PRESSES; i++)); do
		vm_sendkey 1
		sleep 0.3
	done
	vm_wait_file keys-done 60
	vm_powerdown
}

# The i-th KEY_PROG1 press against the i-th SNK0 Notify 0x80 record (both
# in time order; the daemon handles records in order, so a late key is not
# taken for the next Notify's; the first Notify is the warm-up's): per
# press "MS STALL_MS" in $OUT/latency.txt, MS the key's time after its
# Notify, STALL_MS the longest time within that span in which a vCPU ran
# nothing of the guest's (a SCHED_FIFO 99 probe on it woke that late; the
# host did not run the vCPU thread). A key can come out a few ms "before"
# its Notify (-3.8 ms once in 20 presses without a flood, 6.12, 2 vCPUs
# under TCG, clocksource hpet; not explained yet); more than 5 ms early
# fails as a pairing gone wrong.
key_latencies() {
	jq -rRn --slurpfile keys "$OUT/keys.json" --slurpfile stalls <(cat "$OUT"/stalls[01].json) '
		[$stalls[] | select(.from)] as $s
		| [inputs | fromjson? | select(.source == "notify" and .path == "\\_SB.SNK0" and
			.value == 128) | .ts_ns] | sort | .[1:] as $n
		| [$keys[] | select(.type == "EV_KEY" and .code == "KEY_PROG1" and .value == 1) | .t]
			| sort as $k
		| range(0; [($n | length), ($k | length)] | min)
		| $n[.] as $a | $k[.] as $b
		| ([$s[] | ([.to, $b] | min) - ([.from, $a] | max) | select(. > 0)] | max // 0) as $stall
		| "\(($b - $a) / 1e6) \($stall / 1e6)"
	' "$OUT/rec.jsonl" >"$OUT/latency.txt"
}

check() {
	local n slow max PRESSES=20
	expect_grep nproc.txt '^2$'
	expect_grep evread.status 'exit=0'
	expect_event keys.json '.code == "KEY_PROG1" and .value == 1' "$PRESSES"
	expect_event rec.jsonl '.source == "notify" and .path == "\\_SB.SNK0" and .value == 128' \
		$((PRESSES + 1))
	# the daemon's thread at nice -10; its command at 0
	expect_grep daemon-nice.txt '^-10$'
	expect_grep child-nice.txt '^0$'
	key_latencies
	n=$(grep -c . "$OUT/latency.txt" || true)
	expect_eq "$n" "$PRESSES" "presses paired with their Notify"
	# the vCPUs' own stalls are not the daemon's
	slow=$(awk '$1 < -5 || $1 - $2 >= 50 { print $1 "(stalled " $2 ")" }' "$OUT/latency.txt" |
		tr '\n' ' ')
	max=$(sort -g "$OUT/latency.txt" | tail -1)
	expect_eq "$slow" "" "keys 50 ms or more after (or 5 ms before) their Notify, less vCPU stalls (ms; max $max)"
	# the flood ran: connections made, dropped for writing, refused over nobody's cap
	expect_event flood.json '.connects > 100' 1
	expect_grep daemon.log "a client \(uid 65534\) wrote to it; acpid's protocol is one-way: dropped"
	expect_grep daemon.log 'a client of uid 65534 is over the limit \(4 per user, 16 for all users but root\)'
	expect_grep daemon.log "acpid event lines on /run/acpid.socket \(mode 0666\); acpitrace/ lines for root's clients only"
	# real clients beside it: root's sees everything, uid 1000's what acpid sent
	expect_grep listen-root.status 'exit=0'
	expect_grep listen-root.txt '^acpitrace/notify ACPT0001:00 00000080 00000000$' "$PRESSES"
	expect_grep listen-root.txt '^button/power PBTN 00000080 00000000$' 1
	expect_grep listen-user.status 'exit=0'
	expect_eq "$(cat "$OUT/listen-user.txt")" 'button/power PBTN 00000080 00000000' \
		"uid 1000's acpi_listen"
	expect_grep daemon.status 'exit=0'
}
