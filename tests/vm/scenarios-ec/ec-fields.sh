# shellcheck shell=bash
# EC fields by name against the answering EC: the firmware's Fields
# (tools/vm/acpi/ec-laptop.asl, and a second view over the same region in
# another table, ec-fields.asl) name EC RAM. `ec fields` lists them from
# /sys/firmware/acpi/tables; the host writes FAN1 (0x1234, two bytes), sets
# LIDS (bit 0 of 0x30) and ETMP (0x10); `ec watch -j` names the bytes that
# changed with those fields, `ec read FAN1` reads 0x1234 through debugfs, and
# `trace --metrics-listen --ec-gauge` exports FAN1, ETMP and LIDS as gauges
# with the values the host wrote. 6.12 only: 6.1 has no ec_sys (no
# /sys/kernel/debug/ec/ec0/io to read).
EC=default
KERNELS="6.12"
ACPITABLES="tools/vm/acpi/ec-laptop.asl tools/vm/acpi/ec-fields.asl"
TIMEOUT=180

guest() {
	ip link set lo up
	acpitrace ec fields >fields.txt 2>&1
	acpitrace -j ec fields >fields.json 2>&1
	acpitrace --json trace --quiet --metrics-listen 10464 --ec-gauge FAN1,ETMP,LIDS \
		--ready-file "$OUT/ready" >trace.json 2>trace.err &
	tpid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	acpitrace -j ec watch --interval 300 --no-trace >watch.json 2>watch.err &
	wpid=$!
	vm_wait_for 60 grep -q watching watch.err
	vm_signal go
	vm_wait 60 done-host
	vm_wait_for 60 grep -q '"FANH"' watch.json
	vm_wait_for 60 grep -q '"LIDS"' watch.json
	vm_wait_for 60 grep -q '"ETMP"' watch.json
	kill -INT "$wpid"
	wait "$wpid"
	acpitrace ec read FAN1 >read.txt 2>&1
	acpitrace -j ec read '\_SB.EC0.LIDS' >read.json 2>&1
	wget -q -O metrics.txt 'http://127.0.0.1:10464/metrics' || echo "wget failed" >metrics.txt
	kill -INT "$tpid"
	wait "$tpid"
}

host() {
	vm_wait_file go 150
	"$VM_TOOLS/ec" "$OUT" write 0x20 0x34
	"$VM_TOOLS/ec" "$OUT" write 0x21 0x12
	"$VM_TOOLS/ec" "$OUT" write 0x30 0x01
	"$VM_TOOLS/ec" "$OUT" write 0x10 0x2a
	vm_signal done-host
}

check() {
	expect_grep fields.txt '^  0x20     16 bits FAN1 \\_SB.EC0.FAN1$'
	expect_grep fields.txt '^  0x20      8 bits FANL \\_SB.EC0.FANL$'
	expect_grep fields.txt '^  0x10      8 bits TMPA \\_SB.EC0.TMPA  \(alias of \\_SB.EC0.ETMP\)$'
	expect_grep fields.txt '^  0x30.1    1 bit  ACST \\_SB.EC0.ACST$'
	expect_eq "$(jq -r '.fields[] | select(.name == "FANH") | .table | test("^(dynamic/)?SSDT[0-9]+$")' fields.json)" \
		"true" "FANH from an SSDT"
	expect_eq "$(jq -r '.tables >= 3' fields.json)" "true" "DSDT and the SSDTs read"
	# watch: FAN1 whole, its two bytes by name, LIDS as a bit, ETMP with its alias
	# the host writes 0x20 then 0x21: a snapshot between them sees FAN1 0x0034 first
	expect_eq "$(jq -s -c '[.[].changes[].fields[]? | select(.name == "FAN1") | .new] | last' watch.json)" "4660" "watch: FAN1 0x1234"
	expect_eq "$(jq -s -c '[.[].changes[] | select(.offset == 33) | .fields[] | select(.name == "FANH") | .new] | last' watch.json)" "18" "watch: FANH 0x12"
	expect_eq "$(jq -s -c '[.[].changes[] | select(.offset == 48) | .fields[].name]' watch.json)" '["LIDS"]' "watch: only LIDS of 0x30"
	expect_eq "$(jq -s -c '[.[].changes[] | select(.offset == 16) | .fields[] | [.name, .new, .alias_of]]' watch.json)" \
		'[["ETMP",42,null],["TMPA",42,"\\_SB.EC0.ETMP"]]' "watch: ETMP and its alias"
	expect_grep read.txt '^\\_SB.EC0.FAN1 \(0x20, 16 bits\): 0x1234 = 4660$'
	expect_eq "$(jq -c '[.name, .offset, .bit, .width, .value]' read.json)" '["LIDS",48,0,1,1]' "read -j LIDS"
	expect_grep metrics.txt '^acpitrace_ec_field\{field="FAN1",path="\\\\_SB.EC0.FAN1"\} 4660$'
	expect_grep metrics.txt '^acpitrace_ec_field\{field="ETMP",path="\\\\_SB.EC0.ETMP"\} 42$'
	expect_grep metrics.txt '^acpitrace_ec_field\{field="LIDS",path="\\\\_SB.EC0.LIDS"\} 1$'
	expect_grep metrics.txt '^acpitrace_ec_field_read_errors_total 0$'
}
