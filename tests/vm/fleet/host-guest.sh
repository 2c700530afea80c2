#!/bin/bash
# The --host script of each fleet guest (tests/vm/fleet/run): once the guest
# serves, 3 key presses (GED -> Notify(\_SB.SNK0, 0x80)); on the storming
# guest (FLEET_STORM=1), once all three serve (the driver writes $OUT/storm:
# the Debian guest boots slowest and the loop would slow it further), PCI
# plug/eject in two loops (slots 6 and 7), GPE 0x01 about twice a second,
# until the fleet driver writes $OUT/done.
set -uo pipefail
. "$VM_TOOLS/lib"
vm_wait_file ready 500 || exit 1
vm_sendkey 1 1 1
vm_signal keys-sent
[[ ${FLEET_STORM:-0} == 1 ]] || exit 0
vm_wait_file storm 500 || exit 1
# plug_loop PREFIX SLOT: plug and eject an e1000 at pci.0 SLOT until done.
# Two loops on two slots side by side: one gives about 1 GPE/s under three
# TCG guests, which is the lowered threshold itself (the storm began and
# ended over and over, and the alert stayed pending); two keep it above.
plug_loop() {
	local n=0 id
	while [[ ! -e $OUT/done ]] && ((n < 400)); do
		id=$1$n
		vm_qmp device_add "{\"driver\":\"e1000\",\"id\":\"$id\",\"bus\":\"pci.0\",\"addr\":\"$2\"}" \
			>/dev/null 2>&1 || true
		for _ in $(seq 30); do
			vm_pci_del "$id" 2>/dev/null && break
			sleep 0.1
		done
		for _ in $(seq 30); do
			vm_qmp query-pci 2>/dev/null | grep -q "\"qdev_id\": *\"$id\"" || break
			sleep 0.1
		done
		n=$((n + 1))
	done
	echo "$n plug/eject cycles at slot $2" >>"$OUT/host-cycles.txt"
}
: >"$OUT/host-cycles.txt"
plug_loop nica 0x6 &
plug_loop nicb 0x7 &
wait
