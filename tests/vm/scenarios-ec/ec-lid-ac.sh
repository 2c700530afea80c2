# shellcheck shell=bash
# Lid and AC through the EC, as a laptop signals them: the host sets EC byte
# 0x30 (bit 0 LIDS: lid open, bit 1 ACST: on AC) and queues query 0x2A (lid)
# and 0x2D (AC). _Q2A Notifies \_SB.LID0 and _Q2D \_SB.AC (0x80); the stock
# `button` and `ac` drivers answer the Notify by evaluating _LID / _PSR,
# which read byte 0x30 (RD_EC). The lid's input device ("Lid Switch") reports
# SW_LID 0 when opened and 1 when closed, and
# /sys/class/power_supply/AC/online follows ACST. EC RAM is zero at boot, so
# both start closed / offline; the scenario leaves byte 0x30 at 0 again.
# The lid's input device reports no state until a reader opens it: evread's
# open makes the driver evaluate _LID and queue SW_LID 1 (closed), but evread
# then switches the client to CLOCK_MONOTONIC (EVIOCSCLOCKID), and the evdev
# core flushes a client's queue when its clock changes: only the two changes
# the host makes arrive, on both kernels. Each driver reads byte 0x30 from its Notify handler, a
# child of the Notify in the chain (the ac driver's handler reads it twice:
# _PSR, then _PSR again for the change uevent's "online").
EC=default
MODULES="wmi,uinput,evdev,button,ac"
ACPITABLES="tools/vm/acpi/ec-laptop.asl tools/vm/acpi/ec-laptop-crt.asl"
BINARIES="${ACPITRACE_EVREAD:-build/tools/evread}"
TIMEOUT=120

guest() {
	acpitrace --json trace --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	cat /sys/class/power_supply/AC/online >ac-boot.txt
	evread "Lid Switch" 2 40 >lid.json 2>evread.log &
	epid=$!
	vm_wait_for 10 grep -q ready evread.log
	vm_signal go
	vm_wait_for 20 grep -q '"value":0' lid.json
	vm_wait_for 20 grep -qx 1 /sys/class/power_supply/AC/online
	cat /sys/class/power_supply/AC/online >ac-open.txt
	vm_signal opened
	wait "$epid"
	vm_wait_for 20 grep -qx 0 /sys/class/power_supply/AC/online
	cat /sys/class/power_supply/AC/online >ac-closed.txt
	vm_wait 30 done-host
	sleep 1
	kill -INT "$pid"
	wait "$pid"
}

host() {
	vm_wait_file go 120
	vm_ec write 0x30 0x03
	vm_ec query 0x2A
	vm_ec query 0x2D
	vm_wait_file opened 30
	vm_ec write 0x30 0x00
	vm_ec query 0x2A
	vm_ec query 0x2D
	vm_wait_grep trace.json 'LID0.*"value":128' 30
	vm_wait_grep trace.json '\\\\_SB.AC".*"value":128' 30
	vm_signal done-host
}

# reads_under PATH: for each Notify of PATH, the distinct values of the
# RD_EC 0x30 records under it, e.g. [[3],[0]].
reads_under() {
	json trace.json "[.[] | select(.id)] as \$all | [\$all[] | select(.source == \"notify\" and .path == \"$1\") | .id as \$n
		| [\$all[] | select(.parent == \$n and .source == \"ec\" and .command == \"RD_EC\" and .address == 48) | .rdata[0]] | unique] | tojson"
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_grep ac-boot.txt '^0$'
	expect_grep ac-open.txt '^1$'
	expect_grep ac-closed.txt '^0$'
	# the lid opened, then closed: two switch events, nothing else
	expect_event lid.json '.type == "EV_SW" and .code == "SW_LID"' 2
	expect_eq "$(json lid.json 'map(select(.code == "SW_LID") | .value) | join(" ")')" "0 1" "SW_LID: opened, closed"
	# each query's chain: QR_EC > _Qxx > Notify
	expect_event trace.json '.source == "ec_query" and .query == 42 and .method == "\\_SB.EC0._Q2A"' 2
	expect_event trace.json '.source == "ec_query" and .query == 45 and .method == "\\_SB.EC0._Q2D"' 2
	expect_event trace.json '.source == "notify" and .path == "\\_SB.LID0" and .hid == "PNP0C0D" and .value == 128 and .context == "ec_query"' 2
	expect_event trace.json '.source == "notify" and .path == "\\_SB.AC" and .hid == "ACPI0003" and .value == 128 and .context == "ec_query"' 2
	expect_eq "$(chain_of '.source == "notify" and .path == "\\_SB.LID0"')" "sci>gpe>ec>ec_query>notify" "lid Notify's chain"
	expect_eq "$(chain_of '.source == "notify" and .path == "\\_SB.AC"')" "sci>gpe>ec>ec_query>notify" "AC Notify's chain"
	# the drivers' answers: _LID and _PSR read byte 0x30 from the Notify's handler,
	# with the value the host wrote (3: open, on AC; 0: closed, offline)
	# per Notify, the bytes its handler read (3: open, on AC; 0: closed, offline)
	expect_eq "$(reads_under '\\_SB.LID0')" "[[3],[0]]" "_LID's RD_EC 0x30 under each lid Notify"
	expect_eq "$(reads_under '\\_SB.AC')" "[[3],[0]]" "_PSR's RD_EC 0x30 under each AC Notify"
	expect_eq "$(chain_of '.source == "ec" and .command == "RD_EC" and .address == 48 and .context == "notify_handler"')" \
		"sci>gpe>ec>ec_query>notify>ec" "the driver's RD_EC under the Notify"
	# no burst without acpi.ec_busy_polling (ec-burst)
	expect_event trace.json '.source == "ec" and (.command == "BE_EC" or .command == "BD_EC")' 0
	expect_no_drops
}
