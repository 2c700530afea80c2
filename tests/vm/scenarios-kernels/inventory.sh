# shellcheck shell=bash disable=SC2034 # KERNELS is read by run-all
# tests/vm/scenarios-discover/inventory.sh on the kernels of the matrix that load acpitrace's
# programs (5.10 with the build without fetch atomics, where run matches the
# policy in user space: docs/architecture.md).
# shellcheck source=tests/vm/scenarios-discover/inventory.sh
. "$ROOT/tests/vm/scenarios-discover/inventory.sh"
KERNELS="5.10 6.1 6.12 latest"
