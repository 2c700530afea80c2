#!/bin/bash
# The --host script of each fleet guest (tests/vm/fleet/run): once the guest
# serves, 3 key presses (GED -> Notify(\_SB.SNK0, 0x80)); on the storming
# guest (FLEET_STORM=1), once all three serve (the driver writes $OUT/storm:
# the Debian guest boots slowest and the loop would slow it further), PCI
# plug/eject in a loop, GPE 0x01 about once a second (as diag-mask-storms),
# until the fleet driver writes $OUT/done.
set -uo pipefail
. "$VM_TOOLS/lib"
vm_wait_file ready 500 || exit 1
vm_sendkey 1 1 1
vm_signal keys-sent
[[ ${FLEET_STORM:-0} == 1 ]] || exit 0
vm_wait_file storm 500 || exit 1
n=0
while [[ ! -e $OUT/done ]] && ((n < 400)); do
	vm_pci_add "nic$n" 2>/dev/null || true
	for _ in $(seq 30); do
		vm_pci_del "nic$n" 2>/dev/null && break
		sleep 0.1
	done
	for _ in $(seq 30); do
		vm_qmp query-pci 2>/dev/null | grep -q "\"qdev_id\": *\"nic$n\"" || break
		sleep 0.1
	done
	n=$((n + 1))
done
echo "$n plug/eject cycles" >"$OUT/host-cycles.txt"
