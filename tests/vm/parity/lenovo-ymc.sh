# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/lenovo-ymc.policy with the stock lenovo-ymc driver
# (lenovo_ymc_keymap: the tablet-mode switch of Lenovo Yoga convertibles).
# 6.12 only: Debian's 6.1 has no lenovo-ymc module (it came in 6.3).
# tools/vm/acpi/parity/lenovo-ymc.asl on the ideapad.asl machine (a Yoga has
# both), a convertible (DMI chassis type 31: convertible-chassis.smbios,
# which the driver's probe checks) that is a Yoga 7 14ARB7 (product 82QF,
# for which ideapad-laptop writes VPCCMD_W_YMC on each event). Each mode
# through the EC: the host writes it (32 bits) to EC RAM 0x60 and queues
# query 0x15, whose _Q15 notifies the WMI event; the driver then evaluates
# WMAB (the query GUID's method 1) and reports the low byte as a switch,
# without MSC_SCAN (attributed by time).
# See tests/vm/lib/parity.sh.
DRIVER=lenovo-ymc
KERNELS="6.12"
INPUT="Lenovo Yoga Tablet Mode Control switch"
POLICY=policy/lenovo-ymc.policy
CATCHALL="match method hid=PNP0C14 name=WMAB when=arg0:0 when=arg1:1"
BASE=0
CODES=0x10
# newer models set upper bits (the driver strips them)
EXTRA="0x50001 0x50002 0x50004 0x50000"
NOSCAN=1
ACPITABLES="tools/vm/acpi/parity/ideapad.asl tools/vm/acpi/parity/lenovo-ymc.asl"
SMBIOS=("type=1,manufacturer=LENOVO,product=82QF,version=Yoga 7 14ARB7"
	"file=$ROOT/tools/vm/acpi/parity/convertible-chassis.smbios")
UNKNOWN_RE="Unknown key"
ECQUERY=0x15
ECCODE="0x60 4"
. "$ROOT/tests/vm/lib/parity.sh"
