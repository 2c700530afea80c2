# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/thinkpad-hkey.policy with the stock thinkpad_acpi driver
# (its Lenovo keymap and the HKEY events it turns into switches or drops):
# the HKEY device (LEN0268) under the EC of tools/vm/acpi/parity/thinkpad.asl
# on a ThinkPad T480 (DMI vendor LENOVO, a BIOS version of the form the
# driver parses, "N24ET56W (1.31 )", product version "ThinkPad T480"). Each
# code comes through the EC: the host writes it to EC RAM 0x50 (16 bits) and
# queues query 0x1F, whose _Q1F passes it to HKEY.MHKQ, which queues it and
# notifies HKEY 0x80; the driver reads MHKP until it returns 0 (IDLE).
# Codes: the hotkeys 0x1001..0x1020 (hotkey numbers 0..31, the index into
# the driver's keymap and its MSC_SCAN) and one on either side; the extended
# hotkeys 0x1300..0x1319 (index 0x34 + code - 0x1300 in both kernels) and
# the codes above them to 0x132E; 0x131D and 0x8036, which 6.12's keymap
# holds as codes themselves (6.12 reports a code it does not know as
# KEY_UNKNOWN with the code as MSC_SCAN); and non-hotkey events: wakeup reasons (0x2xxx), dock (0x4xxx),
# lid, tablet mode (SW_TABLET_MODE: 0x5009 on, 0x500A off, the fixture's
# MHKG follows), pen, brightness-changed (0x5xxx), keyboard, thermal, palm
# and the tablet-changed (0x60C0) events (0x6xxx), the radio switch (0x7000)
# and a few codes the driver does not know. See tests/vm/lib/parity.sh.
DRIVER=thinkpad_acpi
INPUT="ThinkPad Extra Buttons"
POLICY=policy/thinkpad-hkey.policy
CATCHALL="match method hid=LEN0268 name=MHKP"
BASE=0x1000
CODES=34
IDLE=0
EXTRA="0x1100 0x1101
	0x1300 0x1301 0x1302 0x1303 0x1304 0x1305 0x1306 0x1307
	0x1308 0x1309 0x130A 0x130B 0x130C 0x130D 0x130E 0x130F
	0x1310 0x1311 0x1312 0x1313 0x1314 0x1315 0x1316 0x1317
	0x1318 0x1319 0x131A 0x131B 0x131C 0x131D 0x131E 0x131F
	0x1320 0x1321 0x1322 0x1323 0x1324 0x1325 0x1326 0x1327
	0x1328 0x1329 0x132A 0x132B 0x132C 0x132D 0x132E 0x1400
	0x2304 0x2305 0x2404 0x2405 0x3003 0x4010 0x4011 0x4012
	0x5001 0x5002 0x5008 0x5009 0x500A 0x500B 0x500C 0x5010
	0x6000 0x6005 0x6011 0x6021 0x6022 0x6030 0x6032 0x6040
	0x60B0 0x60B1 0x60C0 0x60F0 0x6FFF 0x7000 0x7001 0x8035
	0x8036 0x8037 0x9000"
SCANMAP='(c>=0x1001&&c<=0x1020)?c-0x1001:(c>=0x1300&&c<=0x1319)?c-0x1300+0x34:c'
NOTRIED="0x20..0x33:the adaptive keyboard's keys (X1 Carbon 2014, HKEY 0x11xx): not sent, the fixture has no adaptive keyboard (MHKA(2) is 0)"
ACPITABLES="tools/vm/acpi/parity/thinkpad.asl"
SMBIOS=("type=0,vendor=LENOVO,version=N24ET56W (1.31 )"
	"type=1,manufacturer=LENOVO,product=20L5CTO1WW,version=ThinkPad T480")
UNKNOWN_RE="unhandled HKEY event 0x[0-9a-f]+"
ECQUERY=0x1F
ECCODE="0x50 2"
. "$ROOT/tests/vm/lib/parity.sh"
# The policy repeats its LEN0268 block for LEN0068 and IBM0068 (LENOVO):
# only the first is driven here, so the check also says the three blocks
# hold the same rules (comments aside).
_tp_extra='
	local _b _r=()
	for _b in LEN0268 LEN0068 IBM0068; do
		_r+=("$(awk -v h="$_b" '\''$0 == "match method hid=" h " name=MHKP" { m = 1; next }
			m == 1 { m = $0 == "dmi sys_vendor=LENOVO" ? 2 : 0; next }
			m == 2 { if ($0 == "") exit; sub(/[ \t]*#.*/, ""); print }'\'' "$ROOT/$POLICY" | md5sum)")
	done
	expect_eq "${_r[1]}" "${_r[0]}"
	expect_eq "${_r[2]}" "${_r[0]}"'
eval "check() {
$(declare -f check | sed '1,2d;$d')
$_tp_extra
}"
unset _tp_extra
