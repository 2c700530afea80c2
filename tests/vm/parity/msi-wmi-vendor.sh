# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/msi-wmi.policy with msi-wmi where it drives the panel's
# backlight itself: acpi_backlight=vendor, and the fixture's MSI BIOS block
# (tools/vm/acpi/parity/msi-wmi.asl) makes it register its backlight device
# "msi-wmi"; only then does it press the brightness keys 0xD0 and 0xD1
# (the firmware steps the panel; the driver's device keeps its level). The
# codes 0x50..0xDF as msi-wmi.sh sends them. See tests/vm/lib/parity.sh.
#
# msi-wmi.sh's settings and what differs: parity.sh again (for a fresh
# APPEND), then the backlight.
# shellcheck source=tests/vm/parity/msi-wmi.sh
. "$ROOT/tests/vm/parity/msi-wmi.sh"
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=vendor"
