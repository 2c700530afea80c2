# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/acpi-video.policy with the stock `video` driver
# (drivers/acpi/acpi_video.c, input device "Video Bus") on the display
# output: Notify values 0x7C..0x8F on \_SB.PCI0.S10_.LCD_ of
# tools/vm/acpi/parity/acpi-video.asl (the driver's keys are 0x85..0x89;
# below 0x80 a Notify is a system notification the driver never gets), each
# through the EC as laptops send their brightness keys: the host writes it
# to EC RAM 0x60 and queues query 0x11, whose _Q11 notifies LCD_ with it.
# The driver sends no MSC_SCAN (NOSCAN: its keys are attributed to codes by
# time). Booted with acpi_backlight=video (acpi_video0 exists) and
# video.brightness_switch_enabled=0, as the policy asks: the driver then
# presses the brightness keys without stepping the backlight 100 ms later
# (its delayed work would land on the next code), and acpitrace's backlight
# rules step acpi_video0. The bus's own Notifies: acpi-video-bus.sh.
# See tests/vm/lib/parity.sh.
DRIVER=video
INPUT="Video Bus"
POLICY=policy/acpi-video.policy
CATCHALL="match notify hid=LNXVIDEO scope=children"
BASE=0x7C
CODES=20
NOSCAN=1
ACPITABLES="tools/vm/acpi/parity/acpi-video.asl"
# acpi_video logs an event it does not take at debug level only
UNKNOWN_RE="Unsupported event"
ECQUERY=0x11
ECCODE=0x60
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=video video.brightness_switch_enabled=0"
