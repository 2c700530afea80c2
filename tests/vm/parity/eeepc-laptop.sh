# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/eeepc-laptop.policy with the stock eeepc-laptop driver
# (eeepc_keymap): the ASUS010 device of tools/vm/acpi/parity/eeepc-laptop.asl
# on an Eee PC 1005HA (a model whose wlan hotplug the driver leaves off: on
# others its probe stops at "Unable to find wifi PCI bus" without the Eee
# PC's PCIe port), Notify values 0x10..0x7F, with acpi_backlight=vendor (an
# Eee PC's firmware drives its panel): the driver registers its backlight
# "eeepc" and takes the brightness codes 0x20..0x2F to it. Each code comes
# through the EC: the host writes it to EC RAM 0x4E and queues query 0x0A,
# whose _Q0A notifies ATKD with it.
# See tests/vm/lib/parity.sh.
DRIVER=eeepc-laptop
INPUT="Asus EeePC extra buttons"
POLICY=policy/eeepc-laptop.policy
CATCHALL="match notify hid=ASUS010"
BASE=0x10
CODES=112
ACPITABLES="tools/vm/acpi/parity/eeepc-laptop.asl"
SMBIOS=("type=1,manufacturer=ASUSTeK Computer INC.,product=1005HA")
UNKNOWN_RE="Unknown key"
ECQUERY=0x0A
ECCODE=0x4E
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=vendor"
