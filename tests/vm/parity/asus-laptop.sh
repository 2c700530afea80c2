# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/asus-laptop.policy with the stock asus-laptop driver
# (asus_keymap): the ATK0100 device of tools/vm/acpi/parity/asus-laptop.asl
# on an ASUSTeK machine, Notify values 0x10..0xFF (see the fixture for why
# not lower), with acpi_backlight=vendor (the machines asus-laptop is for
# have no GPU backlight): the driver registers its backlight "asus_laptop"
# and takes the brightness codes 0x10..0x2F to it. Each code comes through
# the EC: the host writes it to EC RAM 0x4E and queues query 0x0A, whose _Q0A
# notifies ATKD with it. See tests/vm/lib/parity.sh.
DRIVER=asus-laptop
INPUT="Asus Laptop extra buttons"
POLICY=policy/asus-laptop.policy
CATCHALL="match notify hid=ATK0100"
BASE=0x10
CODES=240
ACPITABLES="tools/vm/acpi/parity/asus-laptop.asl"
SMBIOS=("type=1,manufacturer=ASUSTeK Computer Inc.,product=A6J")
UNKNOWN_RE="Unknown key"
ECQUERY=0x0A
ECCODE=0x4E
NOTRIED="0x02..0x09:below 0x10, ACPI system notification values the core acts on (not sent)"
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=vendor"
