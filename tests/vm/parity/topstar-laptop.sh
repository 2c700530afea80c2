# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/topstar-laptop.policy with the stock topstar-laptop
# driver (topstar_keymap): the TPSACPI01 device of
# tools/vm/acpi/parity/topstar.asl, Notify values 0x80..0x9F, each through
# the EC: the host writes it to EC RAM 0x26 and queues query 0x10, whose
# _Q10 notifies TPSD with it.
# See tests/vm/lib/parity.sh.
DRIVER=topstar-laptop
INPUT="Topstar Laptop extra buttons"
POLICY=policy/topstar-laptop.policy
CATCHALL="match notify hid=TPSACPI01"
BASE=0x80
CODES=32
ACPITABLES="tools/vm/acpi/parity/topstar.asl"
SMBIOS=("type=1,manufacturer=TOPSTAR,product=U731")
UNKNOWN_RE="unknown event ="
ECQUERY=0x10
ECCODE=0x26
. "$ROOT/tests/vm/lib/parity.sh"
