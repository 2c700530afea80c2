# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/intel-hid.policy with the stock intel-hid driver
# (intel_hid_keymap): the INT33D5 device of tools/vm/acpi/parity/intel-hid.asl,
# HDEM event indexes 0..31, each read by the driver after Notify(HIDD, 0xC0).
# The 5-button array is intel-hid-array.sh. See tests/vm/lib/parity.sh.
DRIVER=intel-hid
INPUT="Intel HID events"
POLICY=policy/intel-hid.policy
CATCHALL="match method hid=INT33D5 name=HDEM"
BASE=0
CODES=32
ACPITABLES="tools/vm/acpi/parity/intel-hid.asl"
SMBIOS=("type=1,manufacturer=Dell Inc.,product=XPS 13 9370")
UNKNOWN_RE="unknown event index"
. "$ROOT/tests/vm/lib/parity.sh"
