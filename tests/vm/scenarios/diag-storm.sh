# shellcheck shell=bash disable=SC2034
# Diagnostics on the GED fixture: a burst of host key presses (one Notify
# (\_SB.SNK0, 0x80) each) against a lowered threshold gives exactly one storm
# record for that key and one end-of-storm record; per-key counts in the
# textfile and in `stats --json`-style keys match the injected presses and
# the GED interrupt count; the fake EC's timeouts show up in EC health.
MODULES="wmi"
APPEND="initcall_blacklist=i8042_init"
ACPITABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl tools/vm/acpi/wmi.asl
	tools/vm/acpi/ec.asl"
TIMEOUT=150
PRESSES=30

guest() {
	ged() { awk '/Ged/ { print $2 }' /proc/interrupts; }
	acpitrace --json trace --storm-rate 4 --storm-sources notify --storm-window-ms 2000 \
		--metrics-textfile "$OUT/acpitrace.prom" --ready-file "$OUT/ready" \
		>trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	g0=$(ged)
	vm_signal go
	vm_wait 90 keys-sent
	vm_wait_for 30 grep -q '"state":"end"' trace.json
	vm_wait_for 60 grep -q '"command":"RD_EC"' trace.json
	sleep 2	# one more textfile rewrite
	vm_record counters.json ged="$(($(ged) - g0))"
	kill -INT "$pid"
	wait "$pid"
}

host() {
	vm_wait_file go 120
	local i
	# one QMP connection, 10 presses a second: a connection per press
	# (0.2-0.5 s each under TCG load) paced them near the threshold, and the
	# storm ended and began again (seen in a clean-clone run, 2026-12-07)
	for ((i = 0; i < 30; i++)); do
		echo 'send-key {"keys":[{"type":"qcode","data":"1"}],"hold-time":20}'
		sleep 0.1
	done | "$VM_TOOLS/qmp" --stdin >/dev/null
	vm_sendkey a
	vm_sendkey g
	vm_signal keys-sent
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_event trace.json '.source == "notify" and .path == "\\_SB.SNK0" and .value == 128' 30
	expect_event trace.json '.source == "storm" and .state == "begin"' 1
	expect_event trace.json '.source == "storm" and .state == "begin" and .key_source == "notify" and .key == "\\_SB.SNK0:0x80" and .rate >= 4' 1
	expect_event trace.json '.source == "storm" and .state == "end" and .key == "\\_SB.SNK0:0x80" and .events > 0' 1
	expect_grep acpitrace.prom '^acpitrace_events_total\{source="notify",key="\\\\_SB.SNK0:0x80"\} 30$' 1
	# 31 presses, a press and a release each: every GED interrupt counted once
	expect_eq "$(grep -E '^acpitrace_events_total\{source="ged",key="1"\}' acpitrace.prom | awk '{print $2}')" \
		"$(json counters.json '.[0].ged')" "GED key count = /proc/interrupts Ged delta"
	expect_grep acpitrace.prom '^acpitrace_storms_total\{source="notify",key="\\\\_SB.SNK0:0x80"\} 1$' 1
	expect_grep acpitrace.prom '^acpitrace_ec_transactions_total\{result="timeout"\} [1-9]' 1
	expect_grep acpitrace.prom '^acpitrace_ec_timeouts_total\{command="RD_EC"\} [1-9]' 1
}
