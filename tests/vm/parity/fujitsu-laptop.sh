# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/fujitsu-laptop.policy with the stock fujitsu-laptop driver
# (keymap_default): the FUJ02E3 device of tools/vm/acpi/parity/fujitsu-laptop.asl
# on a Fujitsu LIFEBOOK, FUNC ring-buffer results 0x400..0x43F, each read by
# the driver after Notify(FEXT, 0x80), followed by the 0 that ends its read
# (IDLE). See tests/vm/lib/parity.sh.
DRIVER=fujitsu-laptop
INPUT="Fujitsu FUJ02E3"
POLICY=policy/fujitsu-laptop.policy
CATCHALL="match method hid=FUJ02E3 name=FUNC"
BASE=0x400
CODES=64
IDLE=0
NOTRIED="0x20:a soft key some models report as a status flag (FUNC(0x1000, ...), which the fixture answers unsupported)
0x4000000:as 0x20 0x20000000:as 0x20"
ACPITABLES="tools/vm/acpi/parity/fujitsu-laptop.asl"
SMBIOS=("type=1,manufacturer=FUJITSU,product=LIFEBOOK E756")
UNKNOWN_RE="Unknown GIRB result \["
. "$ROOT/tests/vm/lib/parity.sh"
