# shellcheck shell=bash
# The kprobe fallback: the same CPU hotplug chain with --attach kprobe, as on
# a kernel whose BTF lacks a function (only kallsyms has it).
# BOOT=own: CPU 1 stays plugged.
BOOT=own

guest() {
	acpitrace --json probe --attach kprobe >probe.json
	acpitrace --json trace --attach kprobe --ready-file "$OUT/ready" >trace.json 2>trace.err &
	pid=$!
	vm_wait_for 90 test -e "$OUT/ready"
	g2=$(vm_irq gpe02)
	vm_signal go
	vm_wait_irq 20 gpe02 "$g2"
	vm_wait_for 20 grep -q '"source":"notify"' trace.json
	kill -INT "$pid"
	wait "$pid"
}

host() {
	vm_wait_file go 120
	vm_cpu_add 1
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_event probe.json '[.hooks[] | select(.mode == "kprobe")] | length >= 12' 1
	expect_event probe.json '[.hooks[] | select(.mode == "fentry")] | length == 0' 1
	expect_grep trace.err 'with [0-9]+ of [0-9]+ hooks \(0 fentry, [0-9]+ kprobe'
	expect_event trace.json '.source == "gpe" and .gpe == 2 and .method == "\\_GPE._E02"' 1
	expect_event trace.json '.source == "notify" and .path == "\\_SB.CPUS.C001" and .value == 1' 1
	expect_eq "$(chain_of '.source == "notify"')" "sci>gpe>method>notify" "chain with kprobes"
}
