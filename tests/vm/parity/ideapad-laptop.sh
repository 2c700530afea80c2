# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/ideapad-laptop.policy with the stock ideapad-laptop
# driver (ideapad_keymap), VPC1's event bits: the VPC2004 device of
# tools/vm/acpi/parity/ideapad.asl, each bit of VPC1 alone, through the EC:
# the host writes it to EC RAM 0x50 (VPC1) and queues query 0x11, whose
# _Q11 notifies VPC2004; the driver reads VPC1 and VPC2 through VPCW/VPCR
# (the first and second VPCR(0) of the notify) and reports bit N as scan
# code N (bit 3, the Novo button, as 16: its long-press register is 0).
# The other registers and keymap entries: ideapad-laptop-vpc2.sh (VPC2),
# ideapad-laptop-wmi.sh (the WMI fn keys), ideapad-laptop-esc.sh (the Esc
# GUID); the special buttons (command 0x31) are not sent (NOTRIED).
# See tests/vm/lib/parity.sh.
DRIVER=ideapad-laptop
INPUT="Ideapad extra buttons"
POLICY=policy/ideapad-laptop.policy
CATCHALL="match method hid=VPC2004 name=VPCR when=arg0:0 nth=1"
BASE=0
CODES=0
EXTRA="0x01 0x02 0x04 0x08 0x10 0x20 0x40 0x80"
# MSC_SCAN of a VPC1 value: its bit number (the Novo button: 16)
SCANMAP='c==8?16:(c==1?0:c==2?1:c==4?2:c==16?4:c==32?5:c==64?6:7)'
# Which run sends each keymap entry (by scan code), and why some are not
# sent: NOTRIED of each run is the others' (tests/vm/parity/compare).
IDEAPAD_KEYS="6:vpc1 7:vpc1 16:vpc1 8:vpc2 11:vpc2 13:vpc2 128:esc
	17:no-run:the-Novo-button-long-press(bit-3-with-command-0x19-answering-1):no-policy-rule-can-tell-it
	64:no-run:a-special-button(bit-0-then-command-0x31):no-policy-rule-can-tell-it
	65:no-run:a-special-button(bit-0-then-command-0x31):no-policy-rule-can-tell-it
	66:no-run:touchpad-off(bit-5-when-command-0x1B-answer-changed):stateful
	67:no-run:touchpad-on(bit-5-when-command-0x1B-answer-changed):stateful"
for _c in 0x01 0x02 0x03 0x04 0x07 0x0a 0x0e 0x0f 0x10 0x12 0x13 0x27 0x28 0x29 0x2a 0x2d 0x3d 0x3e 0x3f 0x44 0x45; do
	IDEAPAD_KEYS+=" $((0x100 | _c)):wmi"
done
unset _c
# ideapad_notried RUN: NOTRIED for the run RUN (vpc1, vpc2, wmi, esc)
ideapad_notried() {
	local e out=''
	for e in $IDEAPAD_KEYS; do
		case ${e#*:} in
		"$1") ;;
		no-run:*) out+=" ${e%%:*}:${e#*:no-run:}" ;;
		vpc1) out+=" ${e%%:*}:sent-by-ideapad-laptop.sh" ;;
		*) out+=" ${e%%:*}:sent-by-ideapad-laptop-${e#*:}.sh" ;;
		esac
	done
	echo "${out# }"
}
NOTRIED=$(ideapad_notried vpc1)
ACPITABLES="tools/vm/acpi/parity/ideapad.asl"
SMBIOS=("type=1,manufacturer=LENOVO,product=80SR,version=Lenovo IdeaPad 510-15IKB")
UNKNOWN_RE="Unknown event:"
ECQUERY=0x11
ECCODE=0x50
. "$ROOT/tests/vm/lib/parity.sh"
