# shellcheck shell=bash
# An EC query from the host, as a laptop's EC raises a hotkey: the host writes
# EC byte 0x4E (0x9A) and queues query 0x2B (tools/vm/ec); the EC's GPE fires,
# the kernel's ec driver reads the query number (QR_EC), runs _Q2B, which reads
# byte 0x4E (RD_EC), writes it back to 0x50 (WR_EC) and Notifies \_SB.HKEY
# with it. `acpitrace -j trace` links them in one chain: the GPE's SCI, the
# QR_EC that read 0x2B, the query record naming _Q2B, and under it the RD_EC,
# the WR_EC and the Notify. Each step of a transaction raises the EC's GPE
# again (IBF cleared, OBF set), as on hardware: those SCIs are chains of
# their own (sci>gpe, no work below them).
EC=default
MODULES="wmi"
ACPITABLES="tools/vm/acpi/ec-laptop.asl"
TIMEOUT=120

guest() {
	acpitrace --json trace --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	vm_signal go
	vm_wait_for 30 grep -q 'HKEY.*"value":154' trace.json
	vm_wait 30 done-host
	sleep 1
	kill -INT "$pid"
	wait "$pid"
	dmesg | grep -i ' EC\|ec:' >ec-dmesg.txt || true
}

host() {
	vm_wait_file go 120
	"$VM_TOOLS/ec" "$OUT" write 0x4E 0x9A
	"$VM_TOOLS/ec" "$OUT" query 0x2B
	vm_wait_grep trace.json 'HKEY.*"value":154' 30
	vm_ec read 0x50 >"$OUT/ack.txt"
	vm_ec stats >"$OUT/stats.txt"
	vm_signal done-host
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_event trace.json '.source == "ec" and .command == "QR_EC" and .rdata == [43] and .result_name == "ok"' 1
	expect_event trace.json '.source == "ec_query" and .query == 43 and .method == "\\_SB.EC0._Q2B" and .handler == "method"' 1
	expect_event trace.json '.source == "ec" and .command == "RD_EC" and .address == 78 and .rdata == [154] and .result_name == "ok"' 1
	expect_event trace.json '.source == "ec" and .command == "WR_EC" and .address == 80 and .wdata == [80,154] and .result_name == "ok"' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.HKEY" and .hid == "ACPT0003" and .value == 154' 1
	expect_eq "$(chain_of '.source == "notify" and .path == "\\_SB.HKEY"')" "sci>gpe>ec>ec_query>notify" "EC hotkey chain"
	expect_eq "$(chain_of '.source == "ec" and .command == "RD_EC"')" "sci>gpe>ec>ec_query>ec" "RD_EC in the query's chain"
	expect_eq "$(chain_of '.source == "ec" and .command == "WR_EC"')" "sci>gpe>ec>ec_query>ec" "WR_EC in the query's chain"
	# the EC saw it the same way: one query read, the byte written back
	expect_grep stats.txt 'qr=1 '
	expect_grep stats.txt 'queued=0 '
	expect_grep stats.txt 'fault=none'
	expect_grep ec-dmesg.txt 'EC: GPE=0xc'
	expect_grep ec-dmesg.txt 'Used to handle transactions and events' 
	expect_grep ack.txt '^0x9a$'
}
