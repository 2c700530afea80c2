# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/hp-wmi.policy with the stock hp-wmi driver (hp_wmi_keymap:
# keys and ignored codes, some above 16 bits): the event and BIOS GUIDs of
# tools/vm/acpi/parity/hp-wmi.asl on an HP laptop, each code a bezel-button
# event (event id 4) whose key code the driver reads with WMAA's hotkey
# query (0x0C); the code goes through the EC: the host writes it to EC RAM
# 0x50 (32 bits) and queues query 0x11, whose _Q11 notifies the WMI
# device (0x80). acpitrace reads the code from WMAA's answer (match
# method ... payload=u32@8). Codes 0x00..0x0F, then each keymap code and
# its neighbours (EXTRA).
# See tests/vm/lib/parity.sh.
DRIVER=hp-wmi
INPUT="HP WMI hotkeys"
POLICY=policy/hp-wmi.policy
CATCHALL="match method hid=PNP0C14 name=WMAA when=arg2.u32@0:0x55434553 when=arg2.u32@8:0x0C payload=u32@8"
BASE=0
CODES=16
EXTRA="0x26F 0x270 0x271 0x20E5 0x20E6 0x20E7 0x20E8 0x20E9
	0x213A 0x213B 0x213C 0x2141 0x2142 0x2143 0x2168 0x2169 0x216A 0x216B
	0x21A3 0x21A4 0x21A5 0x21A6 0x21A7 0x21A8 0x21A9 0x21AA 0x21AB 0x21AC
	0x231A 0x231B 0x231C 0x121A4 0x121A9 0x121AB 0x121AC
	0x30021AA 0x33221AA 0x36421AA 0x36421AB"
ACPITABLES="tools/vm/acpi/parity/hp-wmi.asl"
SMBIOS=("type=1,manufacturer=HP,product=HP ProBook 450 G5")
UNKNOWN_RE="Unknown key code -"
ECQUERY=0x11
ECCODE="0x50 4"
. "$ROOT/tests/vm/lib/parity.sh"
