# tools/vm/vm.mk — guest test harness targets, included by the root Makefile
# (which defines OUT and `all`).
#
#   make vmtest     every scenario in tests/vm/scenarios on kernels 6.1 and 6.12
#                   (VMTEST_ARGS="--kernel 6.12 power" narrows it down;
#                   "--per-boot 1" gives every run a boot of its own; see
#                   tests/vm/run-all). Ends with the slowest five runs, where
#                   the time went and the wall time. Initramfs bases and
#                   compiled tables are cached in VM_BUILD_CACHE (below).
#   make vmtest-discover  tests/vm/scenarios-discover (inventory, record/replay, learn), both kernels
#   make vmtest-wake      tests/vm/scenarios-wake (s2idle and S3 cycles, SMIs, IRQs), both kernels
#   make vmtest-ec        tests/vm/scenarios-ec (the embedded controller of
#                   tools/vm/run --ec: queries, transactions, faults, storms),
#                   both kernels; builds QEMU with the EC first (tools/vm/qemu)
#                   and checks the device's control protocol without a guest
#                   (tests/host/ec-device.sh)
#   make vmtest-firmware  tests/vm/scenarios-firmware (tools/vm/run --firmware
#                   on the project's own laptop tables), both kernels
#   make vmtest-kernels   tests/vm/scenarios-kernels on 5.10 and latest (the
#                   newest Debian kernel, tools/vm/kernel-latest): the capture
#                   core on an independent table, a key, a reload, an S3
#                   wake, inventory; on 5.10 (the build without fetch
#                   atomics) the capture core and the S3 wake
#                   (KERNELS_ARGS="--kernel 6.12" runs them elsewhere)
#   make kernel-update  move tools/vm/kernel-latest to sid's newest kernel
#                   (prints the old and new package), then make vmtest-kernels
#   make vmtest-long      tests/vm/scenarios-long (fixed idle and scrape windows, BTF cache), both kernels
#   make vmtest-debian  tests/vm/scenarios-debian on both kernels in a Debian
#                   bookworm userland (tools/vm/run --rootfs debian) with the
#                   package `make deb` builds (nocheck) installed; the root
#                   filesystem is built once (tools/vm/rootfs) and cached.
#   make parity     the driver parity runs (tests/vm/parity, one boot per
#                   driver and kernel, two guests at a time; PARITY_ARGS=...
#                   narrows them), then the table of tests/vm/parity/table
#                   (also written to $(OUT)/parity/table.md)
#   make vmkernels  fetch and unpack the guest kernels (5.10, 6.1, 6.12, latest) into the cache
#   make vmdemo     the live trace demo (tools/vm/demo); `make demo` installs
#                   the packages first
#   make vmdemo-learn  the guided learn demo (tools/vm/demo --learn); `make
#                   demo-learn` installs the packages first

QMP_CFLAGS ?= -O2 -g -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE
VMTEST_ARGS ?=
PARITY_ARGS ?=

.PHONY: vmtest vmtest-debian vmtest-fleet vmtest-discover vmtest-wake vmtest-ec vmtest-firmware vmtest-long vmtest-kernels kernel-update vmqemu vmkernels vmdemo vmdemo-learn qmp parity

$(OUT)/tools/qmp: tools/vm/qmp.c
	@mkdir -p $(dir $@)
	$(CC) $(QMP_CFLAGS) $< -o $@

qmp: $(OUT)/tools/qmp

vmkernels:
	tools/vm/kernel 5.10 >/dev/null
	tools/vm/kernel 6.1 >/dev/null
	tools/vm/kernel 6.12 >/dev/null
	tools/vm/kernel latest >/dev/null

# The guests' initramfs layers and compiled tables (keyed by hashes of their
# inputs, pruned after a week unused: tools/vm/initramfs) beside the kernels
# in /var/cache/acpitrace when this user may write there, so a clean clone
# reuses them: building them cold took 1-3 s a boot, about 230 boots in
# make test. Elsewhere (an ordinary user) in $(OUT)/vm-cache.
ifeq ($(origin VM_BUILD_CACHE),undefined)
VM_BUILD_CACHE := $(shell if test -w /var/cache/acpitrace || { test ! -e /var/cache/acpitrace && \
	test -w /var/cache; }; then echo /var/cache/acpitrace/vm-build; fi)
VM_BUILD_CACHE := $(or $(VM_BUILD_CACHE),$(abspath $(OUT)/vm-cache))
endif
VM_ENV = ACPITRACE_QMP=$(abspath $(OUT)/tools/qmp) \
	ACPITRACE_VM_BUILD_CACHE=$(VM_BUILD_CACHE)

vmtest: all $(OUT)/tools/qmp
	$(VM_ENV) tests/vm/run-all $(VMTEST_ARGS)

# The package's own build runs no tests here (nocheck): make test runs them.
# VMTEST_DEB_REUSE=1 (make test): boot the package debtest built and tested
# instead, when there is one.
VMTEST_DEB = $(OUT)/acpitrace_$(DEB_VERSION)_$(DEB_ARCH).deb
vmtest-debian: all $(OUT)/tools/qmp
	@if [ -n "$(VMTEST_DEB_REUSE)" ] && [ -e $(VMTEST_DEB) ]; then \
		echo "vmtest-debian: the package debtest built: $(VMTEST_DEB)"; \
	else \
		DEB_BUILD_OPTIONS="nocheck $(DEB_BUILD_OPTIONS)" $(MAKE) --no-print-directory deb; \
	fi
	$(VM_ENV) ACPITRACE_DEB=$(abspath $(OUT))/acpitrace_$(DEB_VERSION)_$(DEB_ARCH).deb \
		tests/vm/run-all --scenarios tests/vm/scenarios-debian --out $(OUT)/vmtest-debian $(VMTEST_ARGS)

# The fleet kit on three guests at once (tests/vm/fleet/run): 6.1, 6.12 and
# the Debian userland with the package, one Prometheus, one Alertmanager.
vmtest-fleet: all $(OUT)/tools/qmp vmqemu
	@if [ -n "$(VMTEST_DEB_REUSE)" ] && [ -e $(VMTEST_DEB) ]; then \
		echo "vmtest-fleet: the package debtest built: $(VMTEST_DEB)"; \
	else \
		DEB_BUILD_OPTIONS="nocheck $(DEB_BUILD_OPTIONS)" $(MAKE) --no-print-directory deb; \
	fi
	$(VM_ENV) ACPITRACE_DEB=$(abspath $(OUT))/acpitrace_$(DEB_VERSION)_$(DEB_ARCH).deb \
		tests/vm/fleet/run --out $(OUT)/vmtest-fleet

# The discover loop's scenarios (acpitrace learn): each waits out a baseline
# and a press window per step, about 70 s of guest time per kernel, which
# would take make vmtest past its 8 minutes.
vmtest-discover: all $(OUT)/tools/qmp
	$(VM_ENV) tests/vm/run-all --scenarios tests/vm/scenarios-discover --out $(OUT)/vmtest-discover $(VMTEST_ARGS)

vmtest-wake: all $(OUT)/tools/qmp
	$(VM_ENV) tests/vm/run-all --scenarios tests/vm/scenarios-wake --out $(OUT)/vmtest-wake $(VMTEST_ARGS)

# QEMU with the EC device is built before the guests start (once, cached),
# so the first scenario's timeout does not include the build.
vmqemu:
	tools/vm/qemu >/dev/null

vmtest-ec: all $(OUT)/tools/qmp vmqemu
	tests/host/ec-device.sh
	$(VM_ENV) tests/vm/run-all --scenarios tests/vm/scenarios-ec --out $(OUT)/vmtest-ec $(VMTEST_ARGS)

# Guests booted with a laptop's tables through the initrd table upgrade
# (tools/vm/run --firmware; the project's own made-up tables, tests/vm/firmware).
vmtest-firmware: all $(OUT)/tools/qmp vmqemu
	$(VM_ENV) tests/vm/run-all --scenarios tests/vm/scenarios-firmware --out $(OUT)/vmtest-firmware $(VMTEST_ARGS)
	$(VM_ENV) tests/host/firmware.sh --boot

KERNELS_ARGS ?= --kernel 5.10 --kernel latest

vmtest-kernels: all $(OUT)/tools/qmp
	$(VM_ENV) tests/vm/run-all --scenarios tests/vm/scenarios-kernels --out $(OUT)/vmtest-kernels $(KERNELS_ARGS) $(VMTEST_ARGS)

# The pin moves first; the matrix then runs on the new kernel.
kernel-update:
	tools/vm/kernel --update-latest
	$(MAKE) --no-print-directory vmtest-kernels

vmtest-long: all $(OUT)/tools/qmp
	$(VM_ENV) tests/vm/run-all --scenarios tests/vm/scenarios-long --out $(OUT)/vmtest-long $(VMTEST_ARGS)

vmdemo: all $(OUT)/tools/qmp
	$(VM_ENV) tools/vm/demo

vmdemo-learn: all $(OUT)/tools/qmp
	$(VM_ENV) tools/vm/demo --learn

# The runs may fail (a difference is a failure); the table is printed anyway.
parity: all $(OUT)/tools/qmp
	@rc=0; $(VM_ENV) tests/vm/run-all --scenarios tests/vm/parity --jobs 2 \
		--per-boot 1 --out $(abspath $(OUT)/parity) $(PARITY_ARGS) || rc=$$?; \
	tests/vm/parity/table $(abspath $(OUT)/parity) | tee $(OUT)/parity/table.md; exit $$rc
