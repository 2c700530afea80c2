# shellcheck shell=bash disable=SC2034 # KERNELS is read by run-all
# tests/vm/scenarios/dispatch-key.sh on the kernels of the matrix that load acpitrace's
# programs. Not 5.10 yet: there `run` is not ready within 90 s
# (docs/architecture.md).
# shellcheck source=tests/vm/scenarios/dispatch-key.sh
. "$ROOT/tests/vm/scenarios/dispatch-key.sh"
KERNELS="6.1 6.12 latest"
