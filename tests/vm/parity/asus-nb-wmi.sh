# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/asus-wmi.policy with the stock asus-nb-wmi driver
# (asus_nb_wmi_keymap through asus-wmi): the ASUS management and event GUIDs
# of tools/vm/acpi/parity/asus-wmi.asl on an ASUSTeK machine, event codes
# 0x00..0xFF as the _WED integer. See tests/vm/lib/parity.sh.
DRIVER=asus-nb-wmi
INPUT="Asus WMI hotkeys"
POLICY=policy/asus-wmi.policy
CATCHALL="match wmi guid=0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C payload=int&0xFFFF"
CODES=256
SKIP="0x11 0x2f"
ACPITABLES="tools/vm/acpi/parity/asus-wmi.asl"
SMBIOS=("type=1,manufacturer=ASUSTeK COMPUTER INC.,product=UX325EA")
UNKNOWN_RE="Unknown key code"
. "$ROOT/tests/vm/lib/parity.sh"
