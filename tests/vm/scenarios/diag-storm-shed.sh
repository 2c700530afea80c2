# shellcheck shell=bash disable=SC2034
# Storm shedding (bpf/shed.bpf.h) on the GED fixture: a burst of host key
# presses makes the GED's key storm against a lowered threshold.  Two
# tracers see the same events: the default one sheds the storm's records
# (counted, one a second recorded) and keeps the GED key's count exact (=
# the /proc/interrupts delta) with one storm begin and end; the one with
# --no-storm-shed records every Notify as before.
APPEND="initcall_blacklist=i8042_init"
ACPITABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl"
TIMEOUT=150
PRESSES=30

guest() {
	ged() { awk '/Ged/ { print $2 }' /proc/interrupts; }
	opts="--storm-rate 4 --storm-sources ged --storm-window-ms 2000"
	acpitrace --json trace $opts --metrics-textfile "$OUT/shed.prom" \
		--ready-file "$OUT/ready1" >shed.json 2>shed.err &
	pid1=$!
	acpitrace --json trace $opts --no-storm-shed \
		--ready-file "$OUT/ready2" >full.json 2>full.err &
	pid2=$!
	vm_wait_for 90 test -e "$OUT/ready1"
	vm_wait_for 90 test -e "$OUT/ready2"
	g0=$(ged)
	vm_signal go
	vm_wait 90 keys-sent
	vm_wait_for 30 grep -q '"state":"end"' shed.json
	vm_wait_for 30 grep -q '"state":"end"' full.json
	sleep 2	# one more textfile rewrite
	vm_record counters.json ged="$(($(ged) - g0))"
	kill -INT "$pid1" "$pid2"
	wait "$pid1" "$pid2"
}

host() {
	vm_wait_file go 120
	local i
	# one QMP connection, 10 presses a second (as diag-storm: a connection
	# per press paces them near the threshold under load)
	for ((i = 0; i < 30; i++)); do
		echo 'send-key {"keys":[{"type":"qcode","data":"1"}],"hold-time":20}'
		sleep 0.1
	done | "$VM_TOOLS/qmp" --stdin >/dev/null
	vm_signal keys-sent
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	local irqs
	irqs=$(json counters.json '.[0].ged')
	expect_gt "$irqs" 40 "GED interrupts (a press and a release per key)"
	for f in shed.json full.json; do
		expect_event $f '.source == "storm" and .state == "begin" and .key_source == "ged" and .key == "1"' 1
		expect_event $f '.source == "storm" and .state == "end" and .key_source == "ged" and .key == "1"' 1
		expect_eq "$(total ged seen $f)" "$irqs" "$f: GED events seen = /proc/interrupts Ged delta"
		expect_eq "$(total notify seen $f)" 30 "$f: Notifies seen"
	done
	# without shedding: every record, nothing shed
	expect_event full.json '.source == "notify" and .path == "\\_SB.SNK0" and .value == 128' 30
	expect_eq "$(total ged shed full.json)" 0 "full.json: GED events shed"
	# with it: fewer records, the rest counted as shed, the key's count exact
	expect_gt "$(total ged shed shed.json)" 0 "shed.json: GED events shed"
	expect_gt "$(total notify shed shed.json)" 0 "shed.json: Notifies shed"
	expect_eq "$(($(total ged emitted shed.json) + $(total ged shed shed.json)))" "$irqs" \
		"shed.json: GED records + shed = interrupts"
	expect_eq "$(($(count_events '.source == "notify"' shed.json) + $(total notify shed shed.json)))" \
		30 "shed.json: Notify records + shed = 30"
	expect_eq "$(grep -E '^acpitrace_events_total\{source="ged",key="1"\}' shed.prom | awk '{print $2}')" \
		"$irqs" "textfile: GED key count = interrupts (shed events counted)"
	expect_grep shed.prom '^acpitrace_storms_total\{source="ged",key="1"\} 1$' 1
	expect_grep shed.prom '^acpitrace_storm_shed_total\{source="ged"\} [1-9]' 1
}
