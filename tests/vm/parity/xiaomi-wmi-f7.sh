# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/xiaomi-wmi.policy with the stock xiaomi-wmi driver, its
# Fn+F7 GUID (76E9027C-95D0-4180-8692-DA6747DD1C2D, KEY_CUT): as
# xiaomi-wmi.sh, on tools/vm/acpi/parity/xiaomi-wmi-f7.asl, where notify id
# 0xD3 is that GUID's. See tests/vm/lib/parity.sh.
# shellcheck source=tests/vm/parity/xiaomi-wmi.sh
. "$ROOT/tests/vm/parity/xiaomi-wmi.sh"
CATCHALL=${CATCHALL%match wmi guid=*}"match wmi guid=76E9027C-95D0-4180-8692-DA6747DD1C2D"
ACPITABLES="tools/vm/acpi/parity/xiaomi-wmi-f7.asl"
. "$ROOT/tests/vm/lib/parity.sh"
