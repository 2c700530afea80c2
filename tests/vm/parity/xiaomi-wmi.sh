# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/xiaomi-wmi.policy with the stock xiaomi-wmi driver, its
# Fn+Fn GUID (409B028D-F06B-4C7C-8BBB-EE133A6BD87E, KEY_PROG1): the WMI
# device of tools/vm/acpi/parity/xiaomi-wmi.asl, whose four event GUIDs have
# the notify ids 0xD0..0xD3; a code is the notify id, that is which GUID
# fires (0xD0..0xD2: the three GUIDs the driver leaves commented out of its
# id table; 0xD3: Fn+Fn). Each through the EC, as the keyboard's Fn keys
# are the EC's: the host writes the code to EC RAM 0x60 and queues query
# 0x50, whose _Q50 notifies the WMI device with it. The driver sends no
# MSC_SCAN (NOSCAN: its keys are attributed to codes by time). The driver
# makes one input device per GUID, both "Xiaomi WMI keys": its Fn+F7 GUID
# has its own fixture and scenario (xiaomi-wmi-f7.sh), so that each run has
# one such device. See tests/vm/lib/parity.sh.
DRIVER=xiaomi-wmi
INPUT="Xiaomi WMI keys"
POLICY=policy/xiaomi-wmi.policy
# one block per GUID the fixture declares (the harness ends the last one
# with "* -> log")
CATCHALL="match wmi guid=A2095CCE-0491-44E7-BA27-F8ED8F88AA86
  * -> log
match wmi guid=7BBE8E39-B486-473D-BA13-66F75C5805CD
  * -> log
match wmi guid=83FE7607-053A-4644-822A-21532C621FC7
  * -> log
match wmi guid=409B028D-F06B-4C7C-8BBB-EE133A6BD87E"
BASE=0xD0
CODES=4
NOSCAN=1
ACPITABLES="tools/vm/acpi/parity/xiaomi-wmi.asl"
SMBIOS=("type=1,manufacturer=XIAOMI,product=Mi Notebook")
# the driver logs nothing for an event it does not take
UNKNOWN_RE="xiaomi-wmi: no such message"
ECQUERY=0x50
ECCODE=0x60
. "$ROOT/tests/vm/lib/parity.sh"
