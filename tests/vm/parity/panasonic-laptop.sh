# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/panasonic-laptop.policy with the stock panasonic-laptop
# driver (panasonic_keymap): the MAT0019 device of
# tools/vm/acpi/parity/panasonic-laptop.asl on a Panasonic Let's note, HINF
# results 0x80..0xAF (key presses), each read by the driver after
# Notify(HKEY, 0x80). Each code comes through the EC: the host writes it to
# EC RAM 0xB6 and queues query 0x70, whose _Q70 queues it for HINF and
# notifies HKEY. The driver reports the key number as MSC_SCAN: the code's
# low 4 bits on 6.1, its low 7 bits on 6.12 (SCANMASK). See
# tests/vm/lib/parity.sh.
DRIVER=panasonic-laptop
INPUT="Panasonic Laptop Support"
POLICY=policy/panasonic-laptop.policy
CATCHALL="match method hid=MAT0019 name=HINF"
BASE=0x80
CODES=48
SCANMASK="6.1=0x0F 6.12=0x7F"
ACPITABLES="tools/vm/acpi/parity/panasonic-laptop.asl"
SMBIOS=("type=1,manufacturer=Panasonic Corporation,product=CF-SZ6-2")
UNKNOWN_RE="Unknown hotkey event:"
ECQUERY=0x70
ECCODE=0xB6
. "$ROOT/tests/vm/lib/parity.sh"
