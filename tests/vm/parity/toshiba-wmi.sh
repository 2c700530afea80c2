# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/toshiba-wmi.policy with the stock toshiba-wmi driver, whose
# keymap is empty on 6.1 and 6.12 (a "TODO" in the source: it registers its
# input device, logs each event at debug level and presses nothing): the
# Toshiba WMI event GUID of tools/vm/acpi/parity/toshiba-wmi.asl on a
# TOSHIBA (the driver checks the DMI vendor), codes 0x00..0x1F and those of
# EXTRA as the _WED integer, each through the EC: the host writes it to EC
# RAM 0x60 (16 bits) and queues query 0x91, whose _Q91 notifies the WMI
# device (0x80). EMPTYKEYMAP: the driver's input device has no keymap entry.
# See tests/vm/lib/parity.sh.
DRIVER=toshiba-wmi
INPUT="Toshiba WMI hotkeys"
POLICY=policy/toshiba-wmi.policy
CATCHALL="match wmi guid=59142400-C6A3-40FA-BADB-8A2652834100 payload=int"
BASE=0
CODES=32
EXTRA="0x100 0x101 0x13B 0x17F 0x1000 0xFFFF"
EMPTYKEYMAP=1
ACPITABLES="tools/vm/acpi/parity/toshiba-wmi.asl"
SMBIOS=("type=1,manufacturer=TOSHIBA,product=SATELLITE L850")
UNKNOWN_RE="toshiba_wmi: Unknown event received, code"
ECQUERY=0x91
ECCODE="0x60 2"
. "$ROOT/tests/vm/lib/parity.sh"
