# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/lg-laptop.policy with the stock lg-laptop driver
# (wmi_keymap): the first event GUID of tools/vm/acpi/parity/lg-laptop.asl
# on an LG gram, event codes 0x60..0x9F and the far-apart keymap codes
# (EXTRA) as the _WED integer, each through the EC: the host writes it to EC
# RAM 0xF0 (32 bits) and queues query 0xFF, whose _QFF notifies the WMI
# device (0x80); _WED reads the code there. See tests/vm/lib/parity.sh.
DRIVER=lg-laptop
INPUT="LG WMI hotkeys"
POLICY=policy/lg-laptop.policy
CATCHALL="match wmi guid=E4FB94F9-7F2B-4173-AD1A-CD1D95086248 payload=int"
BASE=0x60
CODES=64
EXTRA="0x0F020000 0x10000000"
ACPITABLES="tools/vm/acpi/parity/lg-laptop.asl"
SMBIOS=("type=1,manufacturer=LG Electronics,product=17Z90P-K.AAB8U1")
UNKNOWN_RE="Unknown key"
ECQUERY=0xFF
ECCODE="0xF0 4"
. "$ROOT/tests/vm/lib/parity.sh"
