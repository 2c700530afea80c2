# shellcheck shell=bash disable=SC2034
# acpitrace run under fault: SIGHUP reloads alternating a broken and a
# valid policy (every 20 ms, 100 at least, and on until the host has seen
# its last key arrive) while the host streams keys (one QMP connection, up
# to 5 keys in flight); every key the (kept or reloaded) valid policy maps
# arrives exactly once, none twice.  The keys arrive during the reloads by
# construction, whatever the machine's speed (no rate is asserted; the rate
# is kept in key-rate.txt).  Then SIGKILL: no BPF link or program and no
# acpitrace input device survives.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="uinput,evdev"
APPEND=$DISPATCH_APPEND
ACPITABLES=$DISPATCH_TABLES
BINARIES="$BINARIES /usr/sbin/bpftool"
TIMEOUT=200
KEYS=60	# sent by host(), read by guest() (both spell it out)

guest() {
	valid='match notify path=\\_SB.SNK0\n  0x80 -> key KEY_MUTE\n'
	broken='match notify path=\\_SB.SNK0\n  0x80 -> key KEY_MUTE\n  0x81 -> key KEY_NO_SUCH\n'
	# shellcheck disable=SC2059
	printf "$valid" >/tmp/test.policy
	acpitrace run --policy /tmp/test.policy --ready-file "$OUT/ready" 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	evread acpitrace 120 90 >keys.json 2>evread.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread.log
	vm_signal go
	i=0
	# (6000: two minutes of reloads, the host's own deadline is 60 s)
	while [ $i -lt 100 ] || { [ ! -e "$OUT/sent" ] && [ $i -lt 6000 ]; }; do
		# shellcheck disable=SC2059
		if [ $((i % 2)) -eq 0 ]; then printf "$broken"; else printf "$valid"; fi \
			>/tmp/test.policy.new
		mv /tmp/test.policy.new /tmp/test.policy
		kill -HUP "$pid"
		i=$((i + 1))
		sleep 0.02
	done
	echo "$i" >reloads.txt
	vm_wait 120 sent
	if wait "$epid"; then st=0; else st=$?; fi
	echo "evread=$st" >evread.status
	grep -c 'N: Name="acpitrace"' /proc/bus/input/devices >inputs-before.txt || true
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null || true
	sleep 1	# the kernel releases the fds of a dead process asynchronously
	grep -c 'N: Name="acpitrace"' /proc/bus/input/devices >inputs-after.txt || true
	bpftool -j link show >links-after.json 2>&1 || true
	bpftool -j prog show >progs-after.json 2>&1 || true
}

host() {
	vm_wait_file go 120
	local t0 i n=60 sent=0 got=0 ev deadline
	# One key = a make and a break code in QEMU's PS/2 queue, which holds
	# 16 bytes and drops what does not fit: at most 5 keys in flight (sent
	# and not yet seen by evread), otherwise as fast as the guest takes them.
	ev='{"type":"key","data":{"down":true,"key":{"type":"qcode","data":"1"}}},'
	ev+='{"type":"key","data":{"down":false,"key":{"type":"qcode","data":"1"}}}'
	vm_qmp_open
	t0=$EPOCHREALTIME
	deadline=$((SECONDS + 60))
	for ((i = 0; i < n; i++)); do
		while ((i - got >= 5)); do
			got=$(vm_count keys.json '"KEY_MUTE".*"value":0')
			((SECONDS < deadline)) || { echo "only $got of $sent keys arrived" >&2; return 1; }
			((i - got >= 5)) && sleep 0.01
		done
		vm_qmp_send input-send-event "{\"events\":[$ev]}" || return 1
		sent=$((sent + 1))
	done
	until (($(vm_count keys.json '"KEY_MUTE".*"value":0') >= n)); do
		((SECONDS < deadline)) || { echo "keys lost: fewer than $n arrived" >&2; return 1; }
		sleep 0.01
	done
	awk -v a="$t0" -v b="$EPOCHREALTIME" -v n="$n" \
		'BEGIN { printf "%.1f\n", n / (b - a) }' >"$OUT/key-rate.txt"
	vm_signal sent
}

check() {
	expect_gt "$(cat "$OUT/reloads.txt")" 99 "SIGHUP reloads"
	expect_grep evread.status 'evread=0' 1
	expect_event keys.json '.code == "KEY_MUTE" and .value == 1' "$KEYS"
	expect_event keys.json '.code == "KEY_MUTE" and .value == 0' "$KEYS"
	expect_event keys.json '.code != "KEY_MUTE" and .type == "EV_KEY"' 0
	expect_grep daemon.log 'keeping the previous policy'
	# without --log-events the dispatch itself is not logged (as acpid without -l)
	expect_grep daemon.log 'code 0x80 -> key KEY_MUTE' 0
	expect_grep inputs-before.txt '^1$' 1
	expect_grep inputs-after.txt '^0$' 1
	expect_eq "$(jq 'length' links-after.json)" 0 "BPF links left after SIGKILL"
	expect_eq "$(jq '[.[] | select(.name | test("^(fe|fx|kp|kr|tp)_"))] | length' progs-after.json)" 0 \
		"acpitrace programs left after SIGKILL"
}
