# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/toshiba.policy with the stock toshiba_acpi driver
# (toshiba_acpi_keymap): the TOS6208 device of tools/vm/acpi/parity/toshiba.asl
# on a Toshiba Satellite, INFO results 0x100..0x17F and the keymap's other
# codes (EXTRA), each read by the driver after Notify(VALZ, 0x80). Each code
# comes through the EC: the host writes it to EC RAM 0xF2 (16 bits) and
# queues query 0x90, whose _Q90 notifies VALZ; INFO reads the code there.
# See tests/vm/lib/parity.sh.
DRIVER=toshiba_acpi
INPUT="Toshiba input device"
POLICY=policy/toshiba.policy
CATCHALL="match method hid=TOS6208 name=INFO"
BASE=0x100
CODES=128
EXTRA="0x9E 0xB05 0xB06 0xB07 0xB30 0xB31 0xB32 0xB33 0xB5A 0x1430 0x1501 0x1502 0x1ABE 0x1ABF"
ACPITABLES="tools/vm/acpi/parity/toshiba.asl"
SMBIOS=("type=1,manufacturer=TOSHIBA,product=Satellite Z930")
UNKNOWN_RE="Unknown key"
ECQUERY=0x90
ECCODE="0xF2 2"
. "$ROOT/tests/vm/lib/parity.sh"
