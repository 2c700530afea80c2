# shellcheck shell=bash
# SMI accounting (docs/wake.md "SMI accounting"). An Intel vendor and model give
# the guest's perf msr PMU its smi event; QEMU (TCG) counts the SMIs that
# the APM control port raises in MSR_SMI_COUNT. Key z runs the GED's _EVT,
# which writes port 0xB2 five times (smi.asl): its record carries smi 5,
# key 1's none; stats and the metrics sum them per key; the machine total
# matches MSR 0x34 read through /dev/cpu/0/msr.
. "$ROOT/tests/vm/lib/smi.sh"

guest() {
	rdsmi() {
		dd if=/dev/cpu/0/msr bs=8 count=1 skip=52 iflag=skip_bytes 2>/dev/null |
			od -An -tu8 | tr -d ' '
	}
	ls /sys/bus/event_source/devices/msr/events >msr-events.txt
	acpitrace --json probe >probe.json
	acpitrace --json trace --metrics-textfile "$OUT/metrics.prom" --ready-file "$OUT/ready" \
		>trace.json 2>trace.err &
	pid=$!
	acpitrace trace --ready-file "$OUT/ready-text" >trace.txt 2>&1 &
	tpid=$!
	acpitrace stats --json --interval 600 --ready-file "$OUT/ready-stats" \
		>stats.json 2>stats.err &
	spid=$!
	acpitrace stats --interval 600 --ready-file "$OUT/ready-stats-text" >stats.txt 2>&1 &
	stpid=$!
	vm_wait_for 90 test -e "$OUT/ready" -a -e "$OUT/ready-text" -a -e "$OUT/ready-stats" \
		-a -e "$OUT/ready-stats-text"
	rdsmi >msr-before.txt
	vm_signal go
	vm_wait_for 60 test -e "$OUT/keys-sent"
	vm_wait_for 30 grep -q '"source":"ged".*"smi":5' trace.json
	vm_wait_for 30 grep -q 'SNK0.*"value":128' trace.json
	rdsmi >msr-after.txt
	sleep 2.5	# the metrics file is written every second
	kill -INT "$pid" "$tpid" "$spid" "$stpid"
	wait "$pid"
	wait "$tpid" || true
	wait "$spid"
	wait "$stpid"
}

host() {
	vm_wait_file go 120
	vm_sendkey z
	vm_sendkey 1
	vm_sendkey z
	touch "$OUT/keys-sent"
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	local ged='.source == "ged"' before after
	expect_grep msr-events.txt '^smi$'
	expect_event probe.json '.smi.ok and (.smi.detail | startswith("perf msr PMU event smi (type "))' 1
	# two z presses: _EVT wrote the APM port 5 times, each an SMI
	expect_event trace.json "$ged"' and .smi == 5' 2
	# key 1 (a Notify) and the key releases: no SMI
	expect_event trace.json "$ged"' and .smi == 0' 4
	expect_event trace.json '.source == "notify" and .smi == 0' 1
	expect_grep trace.txt 'GED irq 1 -> \\_SB.GED0._EVT [0-9.]+(us|ms) smi=5$'
	# the machine's counter moved by at least the 10, as acpitrace saw it
	before=$(cat "$OUT/msr-before.txt") after=$(cat "$OUT/msr-after.txt")
	expect_gt "$((after - before))" 9 "MSR 0x34 delta"
	expect_grep metrics.prom '^acpitrace_event_smis_total\{source="ged",key="1"\} 10$'
	expect_grep metrics.prom '^acpitrace_smi_total (1[0-9]|[2-9][0-9])$'
	expect_eq "$(json stats.json '.[0].keys[] | select(.source == "ged") | .smi')" 10 "stats GED smi"
	expect_gt "$(json stats.json '.[0].smi_total')" 9 "stats smi_total"
	expect_grep stats.txt '^ged +1 +6 +[0-9.]+ +[0-9.]+ +10  \\_SB\.GED0\._EVT$'
	expect_grep stats.txt '^SMIs: (1[0-9]|[2-9][0-9]) on this machine$'
}
