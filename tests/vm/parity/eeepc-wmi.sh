# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/eeepc-wmi.policy with the stock eeepc-wmi driver
# (eeepc_wmi_keymap through asus-wmi): the ASUS management GUID and the Eee PC event GUID
# of tools/vm/acpi/parity/asus-wmi.asl on an ASUSTeK machine, event codes
# 0x00..0xFF as the _WED integer, with acpi_backlight=native (the
# backlight of most machines this driver runs on: a GPU's, not the firmware's),
# where asus-wmi presses brightness keys for the brightness codes
# 0x11..0x2E (asus-nb-wmi-vendor.sh checks its other path). Each code comes
# through the EC (asus-wmi-ec.asl): the host writes it to EC RAM 0x4E and
# queues query 0x0A, whose _Q0A notifies the WMI device. See
# tests/vm/lib/parity.sh.
DRIVER=eeepc-wmi
INPUT="Eee PC WMI hotkeys"
POLICY=policy/eeepc-wmi.policy
CATCHALL="match wmi guid=ABBC0F72-8EA1-11D1-00A0-C90629100000 payload=int&0xFFFF"
CODES=256
ACPITABLES="tools/vm/acpi/parity/asus-wmi.asl tools/vm/acpi/parity/asus-wmi-ec.asl"
SMBIOS=("type=1,manufacturer=ASUSTeK COMPUTER INC.,product=1015PX")
UNKNOWN_RE="Unknown key code"
ECQUERY=0x0A
ECCODE=0x4E
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=native"
