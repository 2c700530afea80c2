# shellcheck shell=bash disable=SC2034 # KERNELS is read by run-all
# tests/vm/scenarios-ec/ec-query-chain.sh (the answering EC: a query from the host,
# its GPE, QR_EC, _Qxx, RD_EC/WR_EC and Notify in one chain) on the kernels of the
# matrix.
# shellcheck source=tests/vm/scenarios-ec/ec-query-chain.sh
. "$ROOT/tests/vm/scenarios-ec/ec-query-chain.sh"
KERNELS="5.10 6.1 6.12 latest"
