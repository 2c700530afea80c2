# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/acer-wmi.policy with the stock acer-wmi driver
# (acer_wmi_keymap: keys and ignored codes): the WMID interface and the
# Acer event GUID of tools/vm/acpi/parity/acer-wmi.asl on an Acer Aspire,
# every key number 0x00..0xFF in byte 1 of a function-1 (hotkey) event
# with device state 0, then the touchpad toggle keys with state bit 1 set
# (0x282, 0x285: state << 8 | key), each through the EC: the host writes
# key and state to EC RAM 0x50/0x51 and queues query 0x11, whose _Q11
# notifies the WMI device (0xBC) as the Aspire A315-41's firmware does.
# The driver reports the touchpad toggle keys (0x82, 0x85) as
# KEY_TOUCHPAD_OFF (MSC_SCAN 0x214) when state bit 1 is clear, as
# KEY_TOUCHPAD_ON (0x213) when it is set: SCANMAP.
# See tests/vm/lib/parity.sh.
DRIVER=acer-wmi
INPUT="Acer WMI hotkeys"
POLICY=policy/acer-wmi.policy
CATCHALL="match wmi guid=676AA15E-6A47-4D9F-A2CC-1E6D18D14026 payload=u8@1 when=u8@0:0x01"
BASE=0
CODES=256
EXTRA="0x282 0x285"
SCANMAP='(c==0x82||c==0x85)?0x214:(c==0x282||c==0x285)?0x213:c'
NOTRIED="0x82:the driver reports this key as 0x213 or 0x214 (KEY_TOUCHPAD_ON or OFF, by device state bit 1): 0x82 and 0x282 sent
	0x85:reported as 0x213 or 0x214 like 0x82: 0x85 and 0x285 sent"
ACPITABLES="tools/vm/acpi/parity/acer-wmi.asl"
SMBIOS=("type=1,manufacturer=Acer,product=Aspire A315-41")
UNKNOWN_RE="Unknown key number -"
ECQUERY=0x11
ECCODE="0x50 2"
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=native"
