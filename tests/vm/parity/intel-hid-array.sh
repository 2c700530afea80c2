# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/intel-hid.policy with the stock intel-hid driver's 5-button
# array (intel_array_keymap, its second input device): the INT33D5 device of
# tools/vm/acpi/parity/intel-hid.asl on a machine whose HEBC reports the
# array (intel-hid-array.asl), Notify values 0xC0..0xDF.
# See tests/vm/lib/parity.sh.
DRIVER=intel-hid
INPUT="Intel HID 5 button array"
POLICY=policy/intel-hid.policy
CATCHALL="match notify hid=INT33D5"
BASE=0xC0
CODES=32
ACPITABLES="tools/vm/acpi/parity/intel-hid.asl tools/vm/acpi/parity/intel-hid-array.asl"
SMBIOS=("type=1,manufacturer=Dell Inc.,product=XPS 13 9370")
UNKNOWN_RE="unknown event"
. "$ROOT/tests/vm/lib/parity.sh"
