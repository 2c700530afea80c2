# shellcheck shell=bash disable=SC2034 # KERNELS is read by run-all
# tests/vm/scenarios-discover/inventory.sh on the kernels of the matrix that load acpitrace's
# programs. Not 5.10 yet: there `inventory --events` fails to load
# (the verifier refuses a program: EACCES; docs/architecture.md).
# shellcheck source=tests/vm/scenarios-discover/inventory.sh
. "$ROOT/tests/vm/scenarios-discover/inventory.sh"
KERNELS="6.1 6.12 latest"
