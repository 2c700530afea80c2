# shellcheck shell=bash
# Linux 5.10 (bullseye) boots, but its BPF lacks the atomic instructions
# that return a value (fetch-add, compare-exchange: Linux 5.12), which
# acpitrace's programs use: `probe` says so and names every hook lost
# (exit 1), `trace` refuses with the same reason instead of the verifier's
# EINVAL.
KERNELS="5.10"
MODULES="wmi"

guest() {
	rc=0
	acpitrace probe >probe.txt 2>probe.err || rc=$?
	echo "$rc" >probe.rc
	rc=0
	acpitrace --json probe >probe.json 2>/dev/null || rc=$?
	echo "$rc" >probe-json.rc
	rc=0
	acpitrace --json trace -d 1 >trace.json 2>trace.err || rc=$?
	echo "$rc" >trace.rc
}

check() {
	local why='lacks the atomic instructions that return a value \(fetch-add, compare-exchange; Linux 5\.12\)'
	expect_eq "$(cat "$OUT/probe.rc")" 1 "probe exits 1 (nothing can attach)"
	expect_eq "$(cat "$OUT/probe-json.rc")" 1 "probe --json exits 1"
	expect_eq "$(cat "$OUT/trace.rc")" 1 "trace exits 1"
	expect_grep probe.txt "^BPF atomics: +no: this kernel's BPF $why" 1
	expect_grep probe.err "cannot load acpitrace's programs" 1
	expect_event probe.json ".kernel | startswith(\"5.10.\")" 1
	# the BTF and attach tests pass: only the instruction set is missing
	expect_event probe.json '.vmlinux_btf and .fentry.ok and .kprobe.ok and (.atomics.ok | not)' 1
	expect_event probe.json '[.hooks[] | select(.mode != "skip")] | length == 0' 1
	expect_event probe.json '(.hooks | length) as $n | [.hooks[] | select(.why | startswith("lost: this kernel'"'"'s BPF lacks atomic"))] | length == $n' 1
	expect_grep trace.err "loading the BPF programs failed: this kernel \\(5\\.10\\.[^)]*\\): $why" 1
}
