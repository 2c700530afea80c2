# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/asus-wmi.policy with the stock asus-nb-wmi driver
# (asus_nb_wmi_keymap through asus-wmi): the ASUS management and event GUIDs
# of tools/vm/acpi/parity/asus-wmi.asl on an ASUSTeK machine, event codes
# 0x00..0xFF as the _WED integer, with acpi_backlight=native (the
# backlight of most machines this driver runs on: a GPU's, not the firmware's),
# where asus-wmi presses brightness keys for the brightness codes
# 0x11..0x2E (asus-nb-wmi-vendor.sh checks its other path). Each code comes
# through the EC (asus-wmi-ec.asl): the host writes it to EC RAM 0x4E and
# queues query 0x0A, whose _Q0A notifies the WMI device. See
# tests/vm/lib/parity.sh.
DRIVER=asus-nb-wmi
INPUT="Asus WMI hotkeys"
POLICY=policy/asus-wmi.policy
CATCHALL="match wmi guid=0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C payload=int&0xFFFF"
CODES=256
ACPITABLES="tools/vm/acpi/parity/asus-wmi.asl tools/vm/acpi/parity/asus-wmi-ec.asl"
SMBIOS=("type=1,manufacturer=ASUSTeK COMPUTER INC.,product=UX325EA")
UNKNOWN_RE="Unknown key code"
ECQUERY=0x0A
ECCODE=0x4E
NOTRIED="0xFFFF01:above 0xFFFF, the mask asus-wmi applies to the _WED value"
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=native"
