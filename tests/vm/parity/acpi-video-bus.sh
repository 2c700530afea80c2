# shellcheck shell=bash
# shellcheck disable=SC2034 # the variables are read by tests/vm/lib/parity.sh and run-all
# Parity of policy/acpi-video.policy with the stock `video` driver on the
# video bus itself: as acpi-video.sh, but query 0x12, whose _Q12 notifies
# \_SB.PCI0.S10_ (the driver's keys there are 0x80..0x84; 0x81 makes it
# re-probe the outputs). See tests/vm/lib/parity.sh.
# shellcheck source=tests/vm/parity/acpi-video.sh
. "$ROOT/tests/vm/parity/acpi-video.sh"
CATCHALL="match notify hid=LNXVIDEO"
ECQUERY=0x12
. "$ROOT/tests/vm/lib/parity.sh"
APPEND+=" acpi_backlight=video video.brightness_switch_enabled=0"
