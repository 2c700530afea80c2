# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/asus-wmi.policy with asus-nb-wmi where asus-wmi drives the
# panel's backlight itself: acpi_backlight=vendor (the kernel's choice on
# machines with neither a GPU backlight nor ACPI video brightness), the
# fixture's panel brightness (tools/vm/acpi/parity/asus-wmi.asl: maximum
# 15) makes it register its backlight device "asus-nb-wmi", and for the
# brightness codes 0x11..0x2E it sets that device to the level the code
# names (the firmware has already set the panel) and presses no key. The
# codes 0x00..0x2F only: the others are asus-nb-wmi.sh's. See
# tests/vm/lib/parity.sh.
#
# asus-nb-wmi.sh's settings and what differs: CODES, then parity.sh again
# (for the new CODES and a fresh APPEND), then the backlight.
# shellcheck source=tests/vm/parity/asus-nb-wmi.sh
. "$ROOT/tests/vm/parity/asus-nb-wmi.sh"
CODES=48
NOTRIED="$NOTRIED 0x30..0xFF:asus-nb-wmi.sh sends them; this run sends 0x00..0x2F only"
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=vendor"
