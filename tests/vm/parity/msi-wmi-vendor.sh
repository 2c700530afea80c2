# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/msi-wmi.policy with msi-wmi where it drives the panel's
# backlight itself: acpi_backlight=vendor, and the fixture's MSI BIOS block
# (tools/vm/acpi/parity/msi-wmi.asl) makes it register its backlight device
# "msi-wmi"; only then does it press the brightness keys 0xD0 and 0xD1
# (the firmware steps the panel; the driver's device keeps its level). The
# codes 0x50..0xDF as msi-wmi.sh sends them. See tests/vm/lib/parity.sh.
DRIVER=msi-wmi
INPUT="MSI WMI hotkeys"
POLICY=policy/msi-wmi.policy
CATCHALL="match wmi guid=B6F3EEF2-3D2F-49DC-9DE3-85BCE18C62F2 payload=int"
BASE=0x50
CODES=144
DELAY=0.06
ACPITABLES="tools/vm/acpi/parity/msi-wmi.asl"
SMBIOS=("type=1,manufacturer=Micro-Star International Co.,, Ltd.,product=MS-1234")
UNKNOWN_RE="Unknown key pressed -"
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=vendor"
