# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/acer-wmi.policy with the stock acer-wmi driver
# (acer_wmi_keymap: keys and ignored codes): the WMID interface and the
# Acer event GUID of tools/vm/acpi/parity/acer-wmi.asl on an Acer Aspire,
# every key number 0x00..0xFF in byte 1 of a function-1 (hotkey) event,
# each through the EC: the host writes it to EC RAM 0x50 and queues query
# 0x11, whose _Q11 notifies the WMI device (0xBC) as the Aspire A315-41's
# firmware does. The driver reports the touchpad toggle keys (0x82, 0x85)
# as KEY_TOUCHPAD_ON or OFF by device state bit 1 (0 here: OFF, MSC_SCAN
# 0x214): SCANMAP.
# See tests/vm/lib/parity.sh.
DRIVER=acer-wmi
INPUT="Acer WMI hotkeys"
POLICY=policy/acer-wmi.policy
CATCHALL="match wmi guid=676AA15E-6A47-4D9F-A2CC-1E6D18D14026 payload=u8@1 when=u8@0:0x01"
BASE=0
CODES=256
SCANMAP='(c==0x82||c==0x85)?0x214:c'
NOTRIED="0x213:KEY_TOUCHPAD_ON,_reported_for_0x82/0x85_with_device_state_bit_1;_not_a_key_number_(above_0xFF)"
ACPITABLES="tools/vm/acpi/parity/acer-wmi.asl"
SMBIOS=("type=1,manufacturer=Acer,product=Aspire A315-41")
UNKNOWN_RE="Unknown key number -"
ECQUERY=0x11
ECCODE=0x50
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=native"
