# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/huawei-wmi.policy with the stock huawei-wmi driver
# (huawei_wmi_keymap): the HWMI event GUID of
# tools/vm/acpi/parity/huawei-wmi.asl on a HUAWEI MACH-WX9 (a model without
# the report_brightness quirk), event codes 0x280..0x2CF as the _WED integer,
# each through the EC: the host writes it to EC RAM 0x60 (16 bits) and queues
# query 0xE0, whose _QE0 notifies the WMI device (0xA0).
# See tests/vm/lib/parity.sh.
DRIVER=huawei-wmi
INPUT="Huawei WMI hotkeys"
POLICY=policy/huawei-wmi.policy
CATCHALL="match wmi guid=ABBC0F5C-8EA1-11D1-A000-C90629100000 payload=int"
BASE=0x280
CODES=80
ACPITABLES="tools/vm/acpi/parity/huawei-wmi.asl"
SMBIOS=("type=1,manufacturer=HUAWEI,product=MACH-WX9")
UNKNOWN_RE="Unknown key pressed, code:"
ECQUERY=0xE0
ECCODE="0x60 2"
. "$ROOT/tests/vm/lib/parity.sh"
