# shellcheck shell=bash
# acpitrace run: an rfkill toggle rule soft-blocks mac80211_hwsim's radio
# (rfkill0, type wlan) on one Notify and unblocks it on the next.
. "$ROOT/tests/vm/lib/dispatch.sh"
MODULES="mac80211_hwsim radios=1"
APPEND=$DISPATCH_APPEND
ACPITABLES=$DISPATCH_TABLES
TIMEOUT=150

guest() {
	# FILE (still) reads VALUE? Re-read on every try of vm_wait_for.
	is_value() { [ "$(cat "$1")" = "$2" ]; }
	rf=/sys/class/rfkill/rfkill0
	printf 'match notify hid=ACPT0001:0\n  0x80 -> rfkill wlan toggle\n' >/tmp/test.policy
	vm_wait_for 20 test -e $rf/soft
	acpitrace run --policy /tmp/test.policy --ready-file "$OUT/ready" 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	s0=$(cat $rf/soft)
	vm_signal press1
	vm_wait_for 20 is_value $rf/soft 1
	s1=$(cat $rf/soft)
	vm_signal press2
	vm_wait_for 20 is_value $rf/soft 0
	s2=$(cat $rf/soft)
	vm_record soft.json s0="$s0" s1="$s1" s2="$s2" type="$(cat $rf/type)"
	kill -TERM "$pid"
	wait "$pid"
}

host() {
	vm_wait_file press1 60
	vm_sendkey 1
	vm_wait_file press2 60
	vm_sendkey 1
}

check() {
	expect_event soft.json '.type == "wlan" and .s0 == 0 and .s1 == 1 and .s2 == 0' 1
	expect_grep daemon.log 'rfkill: block type 1'
	expect_grep daemon.log 'rfkill: unblock type 1'
}
