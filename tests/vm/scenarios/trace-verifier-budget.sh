# shellcheck shell=bash
# Verifier headroom on the guest's own kernel: `probe -v` loads the programs
# as trace and as run load them (run: the dispatch matcher too) and reports
# the verifier's figures; every program must stay within 20 % of the 1 M
# processed-instruction limit (6.1's verifier prunes less than the host's).
guest() {
	acpitrace --json -v probe >probe.json 2>probe.err
	acpitrace -v probe >probe.txt 2>&1 || true
}

host() {
	:
}

check() {
	. "$ROOT/tests/vm/lib/trace.sh"
	expect_event probe.json '.verifier.trace.loaded and .verifier.run.loaded' 1
	expect_event probe.json '[.verifier.trace.programs[]] | length >= 20' 1
	expect_event probe.json '[.verifier.run.programs[]] | length >= 20' 1
	expect_event probe.json '[.verifier[].programs[] | select(.insns > 0)] | length >= 40' 1
	expect_event probe.json '[.verifier[].programs[] | select(.limit_pct > 20)] | length == 0' 1
	expect_grep probe.txt 'verifier, programs as run loads them: [0-9]+ programs, most [0-9.]+% of the 1M instruction limit'
}
