# shellcheck shell=bash
# tests/vm/lib/smi.sh — the boot settings of the scenarios trace-smi and
# trace-irq (tests/vm/scenarios-wake), in one place: equal settings let them
# share one boot. The dispatch fixture (GED key presses) with smi.asl (its
# _EVT writes the APM control port), and an Intel vendor and model, which
# give the guest's perf msr PMU its smi event. Source it at the top of a
# scenario.
# shellcheck disable=SC2034
. "$ROOT/tests/vm/lib/dispatch.sh"
CPU="qemu64,vendor=GenuineIntel,family=6,model=94"
MODULES=msr,button
APPEND=$DISPATCH_APPEND
ACPITABLES="$DISPATCH_TABLES tools/vm/acpi/smi.asl"
BINARIES=""
