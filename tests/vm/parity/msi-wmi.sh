# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/msi-wmi.policy with the stock msi-wmi driver (msi_wmi_keymap,
# the "MSI event" GUID): tools/vm/acpi/parity/msi-wmi.asl on a Micro-Star
# machine, event codes 0x50..0xDF as the _WED integer. The driver drops a
# code that follows the last one within 50 ms on this GUID, so the host
# waits DELAY (60 ms) after each dispatched code before the next. With
# acpi_backlight=native: msi-wmi registers no backlight and drops the
# brightness keys 0xD0, 0xD1 (msi-wmi-vendor.sh checks its other path).
# See tests/vm/lib/parity.sh.
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
APPEND+=" acpi_backlight=native"
