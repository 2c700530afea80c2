# shellcheck shell=bash
# acpitrace run on an EC hotkey: the host writes EC byte 0x4E (HKEV) and
# queues query 0x2B; the guest's ec driver reads the query (QR_EC), runs
# _Q2B, which reads HKEV (RD_EC) and Notifies \_SB.HKEY (ACPT0003, _UID 0)
# with it. The policy turns 0x9A into KEY_PROG1 on the `acpitrace` input
# device; 0x9B, sent first, matches no rule and stays in the kernel. run -t
# also prints every record it sees: the Notify it dispatched carries its
# chain (sci>gpe>ec>ec_query>notify), the same as trace's.
EC=default
MODULES="wmi,uinput,evdev,button,ac"
ACPITABLES="tools/vm/acpi/ec-laptop.asl tools/vm/acpi/ec-laptop-crt.asl"
BINARIES="${ACPITRACE_EVREAD:-build/tools/evread}"
TIMEOUT=120

guest() {
	cat >/tmp/ec.policy <<'P'
# the EC hotkey device of ec-laptop.asl
match notify hid=ACPT0003:0
  0x9A -> key KEY_PROG1
P
	acpitrace check /tmp/ec.policy >check.txt
	acpitrace -j run -t --log-events --policy /tmp/ec.policy --ready-file "$OUT/ready" >daemon.json 2>daemon.log &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	evread acpitrace 2 40 >keys.json 2>evread.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread.log
	vm_signal go
	wait "$epid"
	vm_wait 30 done-host
	vm_wait_for 10 grep -q 'code 0x9a -> key KEY_PROG1' daemon.log
	kill -TERM "$pid"
	wait "$pid"
	echo "exit=$?" >daemon.status
}

host() {
	vm_wait_file go 120
	# a code the policy does not know first, then the key
	vm_ec write 0x4E 0x9B
	vm_ec query 0x2B
	vm_wait_grep daemon.json 'HKEY.*"value":155' 30
	vm_ec write 0x4E 0x9A
	vm_ec query 0x2B
	vm_wait_grep daemon.log 'code 0x9a -> key KEY_PROG1' 30
	vm_ec stats >"$OUT/stats.txt"
	vm_signal done-host
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_grep check.txt 'ACPT0003:00 \\_SB.HKEY'
	expect_event keys.json '.type == "EV_MSC" and .code == "MSC_SCAN" and .value == 154' 2
	expect_event keys.json '.type == "EV_KEY" and .code == "KEY_PROG1" and .value == 1' 1
	expect_event keys.json '.type == "EV_KEY" and .code == "KEY_PROG1" and .value == 0' 1
	expect_event keys.json '.type == "EV_KEY" and .code != "KEY_PROG1"' 0
	expect_grep daemon.status 'exit=0'
	expect_grep daemon.log 'notify \\_SB.HKEY \(ACPT0003:00\) 0x9a code 0x9a -> key KEY_PROG1'
	expect_eq "$(grep -c -- '-> key' "$OUT/daemon.log")" 1 "dispatched keys"
	# run -t: both Notifies and what led to them, each in the EC's chain
	expect_event daemon.json '.source == "notify" and .path == "\\_SB.HKEY" and .value == 154 and .context == "ec_query"' 1
	expect_event daemon.json '.source == "notify" and .path == "\\_SB.HKEY" and .value == 155' 1
	expect_event daemon.json '.source == "ec" and .command == "RD_EC" and .address == 78 and .rdata == [154]' 1
	expect_event daemon.json '.source == "ec_query" and .query == 43 and .method == "\\_SB.EC0._Q2B"' 2
	expect_eq "$(chain_of '.source == "notify" and .value == 154' daemon.json)" "sci>gpe>ec>ec_query>notify" "dispatched Notify's chain in run's output"
	expect_eq "$(chain_of '.source == "ec" and .command == "RD_EC" and .address == 78 and .rdata == [154]' daemon.json)" \
		"sci>gpe>ec>ec_query>ec" "RD_EC of the key code in the chain"
	expect_event daemon.json '.rules[0].hits == 1' 1
	# without acpi.ec_busy_polling (ec-burst) 8-bit accesses go without burst
	expect_event daemon.json '.source == "ec" and (.command == "BE_EC" or .command == "BD_EC")' 0
	expect_grep stats.txt 'qr=2 '
}
