# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/intel-vbtn.policy with the stock intel-vbtn driver
# (intel_vbtn_keymap): the INT33D6 device of
# tools/vm/acpi/parity/intel-vbtn.asl, Notify values 0xC0..0xDF.
# See tests/vm/lib/parity.sh.
DRIVER=intel-vbtn
INPUT="Intel Virtual Buttons"
POLICY=policy/intel-vbtn.policy
CATCHALL="match notify hid=INT33D6"
BASE=0xC0
CODES=32
ACPITABLES="tools/vm/acpi/parity/intel-vbtn.asl"
SMBIOS=("type=1,manufacturer=Dell Inc.,product=XPS 13 9365")
UNKNOWN_RE="unknown event"
. "$ROOT/tests/vm/lib/parity.sh"
