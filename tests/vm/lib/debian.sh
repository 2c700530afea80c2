# shellcheck shell=bash
# tests/vm/lib/debian.sh — shared settings of tests/vm/scenarios-debian: a
# Debian bookworm userland under systemd (tools/vm/run --rootfs debian) with
# the package installed and its service enabled, plus the GED fixture of
# tests/vm/lib/dispatch.sh (host key presses become Notifies on \_SB.SNK0,
# ACPT0001:00). All of them share one boot per kernel, in name order.
# evread is in the root's /usr/local/bin (tools/vm/rootfs --binary).
# shellcheck disable=SC2034
. "$ROOT/tests/vm/lib/dispatch.sh"
ROOTFS=debian
APPEND=$DISPATCH_APPEND
ACPITABLES=$DISPATCH_TABLES
BINARIES=""
TIMEOUT=150
# `systemd-analyze security acpitrace.service` in the guest (systemd 252),
# measured 2.4: a higher score fails service-boot (docs/security.md, "The service's sandbox").
EXPOSURE_MAX=2.4
