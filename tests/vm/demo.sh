#!/bin/bash
# make demotest (part of make test): `make demo` exactly as the README shows
# it, then every event its narration announces must be in the trace it
# streamed, in the narration's order, and the demo must end by itself.
set -uo pipefail
cd "$(dirname "$0")/../.."
log=$(mktemp)
trap 'rm -f "$log"' EXIT
fail=0
make demo >"$log" 2>&1
rc=$?
[[ $rc == 0 ]] && echo "PASS demo: make demo ended by itself, status 0" ||
	{ echo "FAIL demo: make demo status $rc"; tail -30 "$log"; exit 1; }
# each narrated step, then a trace line it must be followed by
want=(
	'### power button'	'fixed event power_button'
	'### hotkey'		'Notify(\_SB.SNK0 (ACPT0001:00), 0x80) status_change [from ged]'
	'### hotkey'		'Notify(\_SB.SNK0 (ACPT0001:00), 0x83) device_specific [from ged]'
	'### brightness'	'Notify(\_SB.PCI0.S10.LCD (device:03), 0x86) brightness_up [from ged]'
	'### brightness'	'Notify(\_SB.PCI0.S10.LCD (device:03), 0x87) brightness_down [from ged]'
	'### WMI events'	'WMI 409B028D-F06B-4C7C-8BBB-EE133A6BD87E notify=0xd0 on \_SB.WMI0 (PNP0C14:00) data=0x1234'
	'### WMI events'	'WMI 76E9027C-95D0-4180-8692-DA6747DD1C2D notify=0xd1 on \_SB.WMI0 (PNP0C14:00) buffer[4]=deadbeef'
	'### thermal zone'	'Notify(\_TZ.TZ00 (LNXTHERM:00), 0x80) status_change [from ged]'
	'### CPU hotplug'	'GPE 0x02 method \_GPE._E02'
	'### CPU hotplug'	'Notify(\_SB.CPUS.C001 (LNXCPU:01), 0x01) device_check [from gpe_method]'
	'### PCI hotplug'	'Notify(\_SB.PCI0.S30 (device:07), 0x01) device_check [from gpe_method]'
	'### PCI hotplug'	'Notify(\_SB.PCI0.S30 (device:07), 0x03) eject_request [from gpe_method]'
	'### EC read'		'EC RD_EC addr=0x10 data=0x00 result=ETIME'
)
for ((i = 0; i < ${#want[@]}; i += 2)); do
	# the line must come after the step's heading (tail -F interleaves the
	# narration and the trace as they are written)
	if awk -v h="${want[i]}" -v w="${want[i + 1]}" '
		index($0, h) == 1 { seen = 1 } seen && index($0, w) { found = 1; exit }
		END { exit !found }' "$log"; then
		echo "PASS demo: after '${want[i]}': ${want[i + 1]}"
	else
		echo "FAIL demo: after '${want[i]}': no '${want[i + 1]}'"; fail=1
	fi
done
grep -q 'acpitrace demo: done; the whole trace is in' "$log" &&
	echo "PASS demo: says where the whole trace is" || { echo "FAIL demo: no closing line"; fail=1; }
((fail)) && tail -60 "$log"
exit "$fail"
