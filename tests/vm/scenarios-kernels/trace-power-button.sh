# shellcheck shell=bash disable=SC2034 # KERNELS is read by run-all
# tests/vm/scenarios/trace-power-button.sh (a fixed event and its SCI, cross-checked
# with /sys/firmware/acpi/interrupts) on the kernels of the matrix.
# shellcheck source=tests/vm/scenarios/trace-power-button.sh
. "$ROOT/tests/vm/scenarios/trace-power-button.sh"
KERNELS="5.10 6.1 6.12 latest"
