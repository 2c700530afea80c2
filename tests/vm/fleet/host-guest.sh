#!/bin/bash
# The --host script of each fleet guest (tests/vm/fleet/run): once the guest
# serves, 3 key presses (GED -> Notify(\_SB.SNK0, 0x80)); on the storming
# guest (FLEET_STORM=1), once all three serve (the driver writes $OUT/storm:
# the Debian guest boots slowest and the loop would slow it further), PCI
# plug/eject in rounds of two devices, GPE 0x01 about twice a second,
# until the fleet driver writes $OUT/done.
set -uo pipefail
. "$VM_TOOLS/lib"
vm_wait_file ready 500 || exit 1
vm_sendkey 1 1 1
vm_signal keys-sent
[[ ${FLEET_STORM:-0} == 1 ]] || exit 0
vm_wait_file storm 500 || exit 1
# Plug and eject e1000s over one QMP connection (qmp --stdin: a connection
# per command costs 0.2-0.5 s under TCG load): each round plugs two devices,
# then ejects them, on slots 6+7 and 8+9 in turn so that an eject has 3 s to
# complete before its slot is used again. Each plug and each eject request is
# a GPE 0x01: about 2 a second. A loop that waited on each eject with a new
# connection per command gave about 0.6 GPE/s under three TCG guests, under
# the lowered threshold of 1/s: the storm began and ended and the alert stayed
# pending.
plug_rounds() {
	local n=0 a b
	while [[ ! -e $OUT/done ]] && ((n < 600)); do
		if ((n % 2)); then a=0x8 b=0x9; else a=0x6 b=0x7; fi
		for s in "$a" "$b"; do
			echo "device_add {\"driver\":\"e1000\",\"id\":\"nic$n$s\",\"bus\":\"pci.0\",\"addr\":\"$s\"}"
		done
		sleep 0.5
		for s in "$a" "$b"; do
			echo "device_del {\"id\":\"nic$n$s\"}"
		done
		sleep 1
		n=$((n + 1))
	done
	echo "$n plug/eject rounds" >"$OUT/host-cycles.txt"
}
plug_rounds | "$VM_TOOLS/qmp" --stdin >"$OUT/host-qmp.txt" 2>&1
