# shellcheck shell=bash
# tests/vm/lib/dispatch.sh — shared settings of the dispatch-*.sh scenarios:
# the GED fixture turns host key presses into Notifies, the guest runs
# `acpitrace run` and reads the `acpitrace` input device with evread.
# Source it at the top of a scenario.
# shellcheck disable=SC2034
DISPATCH_APPEND="initcall_blacklist=i8042_init"
DISPATCH_TABLES="tools/vm/acpi/sinks.asl tools/vm/acpi/ged.asl"
BINARIES="${ACPITRACE_EVREAD:-build/tools/evread}"
