# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/dell-wmi-aio.policy with the stock dell-wmi-aio driver
# (dell_wmi_aio_keymap: 0xc0, 0xc1 and seven 0xe0xx codes, all keys): the
# first Dell AIO event GUID of tools/vm/acpi/parity/dell-wmi-aio.asl, codes
# 0xB8..0xCF and the 0xe0xx ones of EXTRA with their neighbours as the _WED
# integer, each through the EC: the host writes it to EC RAM 0x50 (16 bits)
# and queues query 0x11, whose _Q11 notifies the WMI device (0xD0).
# The driver logs nothing for a code outside its keymap (sparse-keymap
# presses KEY_UNKNOWN for it).
# See tests/vm/lib/parity.sh.
DRIVER=dell-wmi-aio
INPUT="Dell AIO WMI hotkeys"
POLICY=policy/dell-wmi-aio.policy
CATCHALL="match wmi guid=284A0E6B-380E-472A-921F-E52786257FB4 payload=int"
BASE=0xB8
CODES=24
EXTRA="0x0 0xE000 0xE004 0xE005 0xE006 0xE007 0xE00A 0xE00B 0xE00C
	0xE01F 0xE020 0xE021 0xE026 0xE027 0xE028 0xE02D 0xE02E 0xE02F
	0xE030 0xE031 0xE0FF"
ACPITABLES="tools/vm/acpi/parity/dell-wmi-aio.asl"
SMBIOS=("type=1,manufacturer=Dell Inc.,product=Inspiron One 2320")
UNKNOWN_RE="dell_wmi_aio: no such message, code"
ECQUERY=0x11
ECCODE="0x50 2"
. "$ROOT/tests/vm/lib/parity.sh"
