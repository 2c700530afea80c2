# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/dell-wmi.policy with the stock dell-wmi driver (its keymaps
# of record types 0x0000, 0x0010, 0x0011, 0x0012): the Dell WMI event GUID of
# tools/vm/acpi/parity/dell-wmi.asl on a Dell (the OEM string and the 0xB1
# structure dell-smbios checks), one u16 record [2, type, code] per event,
# the codes of EXTRA, each through the EC: the host writes (type << 16) |
# code to EC RAM 0x50 (32 bits) and queues query 0x11, whose _Q11 fills the
# record and notifies the WMI device.
# tools/vm/acpi/parity/dell-b1.smbios is one raw SMBIOS structure for QEMU's
# -smbios file=: type 0xB1, length 12, handle 0xB100, flags 0xFFFF (bit 1:
# "has ACPI WMI", which dell-smbios looks for), no strings (two NULs).
# See tests/vm/lib/parity.sh.
DRIVER=dell-wmi
INPUT="Dell WMI hotkeys"
POLICY=policy/dell-wmi.policy
CATCHALL="match wmi guid=9DBB5994-A997-11DA-B012-B622A1EF5492 payload=u16-record"
BASE=0
CODES=0
EXTRA="0x003A 0x0109 0x0150 0xE000 0xE001 0xE005 0xE006 0xE007
	0xE008 0xE009 0xE00A 0xE00B 0xE00C 0xE00D 0xE00E 0xE011
	0xE013 0xE020 0xE025 0xE026 0xE027 0xE029 0xE02E 0xE030
	0xE033 0xE034 0xE03A 0xE043 0xE044 0xE045 0xE046 0xE047
	0xE048 0xE049 0xE06E 0xE0F7 0xE0F8 0xE0F9 0x100057 0x100058
	0x100109 0x100150 0x100151 0x100152 0x100153 0x100154 0x100155 0x100156
	0x100157 0x100850 0x100851 0x100852 0x1101E1 0x1102EA 0x1102EB 0x1102EC
	0x1102F6 0x110150 0x110151 0x11E070 0x11FFF0 0x11FFF1 0x120001 0x120003
	0x12000C"
ACPITABLES="tools/vm/acpi/parity/dell-wmi.asl"
SMBIOS=("type=1,manufacturer=Dell Inc.,product=Latitude 7490" "type=11,value=Dell System"
	"file=$ROOT/tools/vm/acpi/parity/dell-b1.smbios")
UNKNOWN_RE="Unknown key with type 0x[0-9a-f]+ and code"
ECQUERY=0x11
ECCODE="0x50 4"
. "$ROOT/tests/vm/lib/parity.sh"
