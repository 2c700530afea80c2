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
DRIVER=asus-nb-wmi
INPUT="Asus WMI hotkeys"
POLICY=policy/asus-wmi.policy
CATCHALL="match wmi guid=0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C payload=int&0xFFFF"
CODES=48
ACPITABLES="tools/vm/acpi/parity/asus-wmi.asl"
SMBIOS=("type=1,manufacturer=ASUSTeK COMPUTER INC.,product=UX325EA")
UNKNOWN_RE="Unknown key code"
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=vendor"
