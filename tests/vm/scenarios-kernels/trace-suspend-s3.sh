# shellcheck shell=bash
# tests/vm/scenarios-wake/trace-suspend-s3.sh on the kernels of the matrix that load acpitrace's
# programs (5.10 cannot: refuse-5.10.sh).
# shellcheck source=tests/vm/scenarios-wake/trace-suspend-s3.sh
. "$ROOT/tests/vm/scenarios-wake/trace-suspend-s3.sh"
KERNELS="6.1 6.12 latest"
