# shellcheck shell=bash
# Two tracers at once on the same hotplug events: one with --methods (every
# AML method evaluation), one with in-kernel filters (--source notify --path
# '\_SB.CPUS*'), which must see only the CPU's Notify and count the rest as
# filtered.
TIMEOUT=150
# BOOT=own: CPU 1 and the DIMM stay plugged.
BOOT=own

guest() {
	acpitrace --json trace --methods --ready-file "$OUT/ready1" >trace.json 2>trace.err &
	p1=$!
	acpitrace --json trace --source notify --path '\_SB.CPUS*' --ready-file "$OUT/ready2" \
		>filtered.json 2>filtered.err &
	p2=$!
	vm_wait_for 90 test -e "$OUT/ready1"
	vm_wait_for 90 test -e "$OUT/ready2"
	vm_signal go
	vm_wait_for 30 grep -q 'C001.*"value":1' trace.json
	vm_wait_for 30 grep -q 'MP00.*"value":1' trace.json
	vm_wait_for 30 grep -q 'C001.*"value":1' filtered.json
	kill -INT "$p1" "$p2"
	wait "$p1"
	wait "$p2"
}

host() {
	vm_wait_file go 120
	vm_cpu_add 1
	vm_mem_add 1
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_event trace.json '.source == "method" and .path == "\\_GPE._E02" and .status_name == "AE_CTRL_RETURN_VALUE" and .ok and .context == "gpe_method" and .duration_ns > 0' 1
	expect_eq "$(chain_of '.source == "method" and .path == "\\_GPE._E02" and .status_name')" \
		"sci>gpe>method>method" "method evaluation inside the GPE method run"
	# hotplug evaluates the CPU's methods from kacpi_hotplug work: same chain
	expect_event trace.json '.source == "method" and (.path | startswith("\\_SB.CPUS.C001.")) and .ok and .context == "work"'
	expect_event filtered.json '.source == "notify" and .path == "\\_SB.CPUS.C001" and .value == 1' 1
	expect_eq "$(count_events 'true' filtered.json)" 1 "records passing the filter"
	expect_gt "$(total gpe filtered filtered.json)" 1 "GPE records filtered in the kernel"
	expect_gt "$(total notify filtered filtered.json)" 0 "MP00 Notify filtered in the kernel"
	expect_eq "$(total notify emitted filtered.json)" 1 "notify records emitted"
}
