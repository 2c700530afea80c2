#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# The scenario helpers' argument checks (tools/vm/guest-lib.sh in the guest,
# tools/vm/lib on the host): a wait given its arguments in the wrong order
# (in the guest every wait takes SECONDS first: vm_wait NAME 30, vm_wait_for
# NAME 30 ... are wrong) fails at once, naming the helper and its usage —
# in the guest the script stops there — instead of waiting out a default and
# timing out far from the mistake. make vmlibtest (in hosttest).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0 n=0

check() {	# NAME WANT-RC WANT-STDERR-SUBSTRING SHELL-SNIPPET
	local rc err
	n=$((n + 1))
	err=$(cd "$tmp" && OUT=$tmp VM_TOOLS=$ROOT/tools/vm timeout 10 bash -c "$4" 2>&1 >/dev/null)
	rc=$?
	if [[ $rc == "$2" && $err == *"$3"* ]]; then
		echo "PASS vm-lib $1"
	else
		echo "FAIL vm-lib $1: rc $rc (want $2), stderr '$err'"
		fail=1
	fi
}

g=". '$ROOT/tools/vm/guest-lib.sh'; usleep() { sleep 0.1; };"
h=". '$ROOT/tools/vm/lib';"
touch "$tmp/ready"
check "vm_wait SECONDS NAME: waits" 0 "" "$g vm_wait 1 ready"
check "vm_wait 30x NAME: refused" 2 "vm_wait: '30x' is not" "$g vm_wait 30x ready2"
check "vm_wait ready 30: refused" 2 "vm_wait: 'ready' is not a number of seconds (usage: vm_wait SECONDS NAME); stopping" "$g vm_wait ready 30"
check "vm_wait ready: refused" 2 "vm_wait: 'ready' is not a number of seconds" "$g vm_wait ready"
check "vm_wait 30: refused" 2 "vm_wait: expected SECONDS NAME, got 1 arguments" "$g vm_wait 30"
# the script stops at the call, also where a failure would be tested (set -e off)
check "vm_wait ready 30 || ...: stops the script" 2 "stopping" "$g vm_wait ready 30 || true; echo went-on >&2"
check "vm_wait_for SECONDS COMMAND: runs" 0 "" "$g vm_wait_for 1 test -e ready"
check "vm_wait_for NAME SECONDS: refused" 2 "vm_wait_for: 'test' is not a number of seconds" "$g vm_wait_for test -e ready 30"
check "vm_wait_for 30: refused" 2 "vm_wait_for: no COMMAND" "$g vm_wait_for 30"
check "vm_wait_irq NAME COUNT SECONDS: refused" 2 "vm_wait_irq: 'gpe02' is not a number of seconds (usage: vm_wait_irq SECONDS NAME COUNT)" "$g vm_wait_irq gpe02 0 20"
check "vm_wait_file NAME SECONDS: waits" 0 "" "$h vm_wait_file ready 1"
check "vm_wait_file SECONDS NAME: refused" 2 "vm_wait_file: 'ready' is not a number of seconds" "$h vm_wait_file 30 ready"
check "vm_wait_grep NAME REGEX REGEX: refused" 2 "vm_wait_grep: 'x' is not a number of seconds" "$h vm_wait_grep ready a x"
echo "vm-lib: $n checks, $([[ $fail == 0 ]] && echo all passed || echo FAILED)"
exit "$fail"
