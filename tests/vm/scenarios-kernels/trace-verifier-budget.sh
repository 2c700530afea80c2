# shellcheck shell=bash disable=SC2034 # KERNELS is read by run-all
# tests/vm/scenarios/trace-verifier-budget.sh (`make verify-budget`'s check, by each
# kernel's own verifier against its own BTF) on the kernels of the matrix. On
# 5.10 the build without fetch atomics loads, and run's set is trace's: the
# policy is matched in user space there (docs/architecture.md).
# shellcheck source=tests/vm/scenarios/trace-verifier-budget.sh
. "$ROOT/tests/vm/scenarios/trace-verifier-budget.sh"
KERNELS="5.10 6.1 6.12 latest"
