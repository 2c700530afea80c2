# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# ideapad-laptop.sh for the WMI fn keys (Legion, newer IdeaPads): the event
# GUID 8FC0DE0C-B4E4-43FD-B0F3-8871711C1294 of tools/vm/acpi/parity/ideapad.asl,
# whose _WED returns the code (an Integer) and which the driver reports as
# scan code 0x100 | code; codes 0x00..0x4F, each through the EC: the host
# writes it to EC RAM 0x56 and queues query 0x13, whose _Q13 notifies the
# WMI device (0xD0).
. "$ROOT/tests/vm/parity/ideapad-laptop.sh"
CATCHALL="match wmi guid=8FC0DE0C-B4E4-43FD-B0F3-8871711C1294 payload=int"
CODES=0x50
EXTRA=""
SCANMAP='c|0x100'
NOTRIED=$(ideapad_notried wmi)
UNKNOWN_RE="Unknown key"
IDLE=""
ECQUERY=0x13
ECCODE=0x56
. "$ROOT/tests/vm/lib/parity.sh"
