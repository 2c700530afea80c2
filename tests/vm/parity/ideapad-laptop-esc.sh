# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# ideapad-laptop.sh for the Esc key of a Yoga 3: the event GUID
# 26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6 of tools/vm/acpi/parity/ideapad.asl
# (notify id 0xD1, queued as EC query 0x14), which the driver reports as
# scan code 128 whatever the event's data; the code is the notify id.
. "$ROOT/tests/vm/parity/ideapad-laptop.sh"
CATCHALL="match wmi guid=26CAB2E5-5CF1-46AE-AAC3-4A12B6BA50E6"
EXTRA="0xD1"
SCANMAP='128'
ECQUERY=0x14
ECCODE=0x56
NOTRIED=$(ideapad_notried esc)
. "$ROOT/tests/vm/lib/parity.sh"
