# acpitrace — top-level build.  Everything is produced under $(OUT);
# `make help` lists the targets.  V=1 prints full command lines.
#
# Every C file is compiled once, to $(OUT)/<its path>.o, with a dependency
# file beside it (-MMD -MP): touching a header rebuilds only its users.  The
# program, the unit tests, the BPF tests and the benchmark link the same
# user/ objects; only the fuzzer (clang, -fsanitize=fuzzer) and the
# sanitizer run (make santest, in $(OUT)/san) compile their own copies.

OUT       ?= build
CC        ?= cc
CLANG     ?= clang
BPFTOOL   ?= bpftool
LLVM_STRIP ?= llvm-strip
ARCH      := x86
# BPF objects and skeletons: the sanitizer build reuses the main ones.
BPF_OUT   ?= $(OUT)

ifeq ($(V),1)
Q   :=
msg  =
else
Q   := @
msg  = @printf '  %-7s %s\n' '$(1)' '$(2)'
endif

# Run a shell command the first time its value is needed, then remember it:
# `make clean` or `make help` runs neither pkg-config nor objdump.
lazy = $(eval $(1) := $$(shell $(2)))$($(1))
EVDEV_CFLAGS = $(call lazy,EVDEV_CFLAGS,pkg-config --cflags libevdev)
# libmicrohttpd (and gnutls behind it) is dlopen()ed by the metrics
# exporter only (user/diag/metrics_http.c): its soname, read from the dev
# link when that one object is compiled.
MHD_SONAME = $(shell objdump -p $$(pkg-config --variable=libdir libmicrohttpd 2>/dev/null)/libmicrohttpd.so 2>/dev/null | awk '/SONAME/ { print $$2 }')

CFLAGS    ?= -O2 -g
override CFLAGS += -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE
# The version lives in one place: debian/changelog's first line.
VERSION   := $(shell sed -n '1s/^[^(]*(\([^)]*\)).*/\1/p' debian/changelog)
CPPFLAGS_ALL = -I$(BPF_OUT) -Ibpf -Iuser $(EVDEV_CFLAGS) -DACPITRACE_VERSION='"$(VERSION)"'
DEPFLAGS  := -MMD -MP
LDLIBS    := -lbpf -lelf -lz -levdev -lncurses -ltinfo

BPF_CFLAGS := -g -O2 -target bpf -D__TARGET_ARCH_$(ARCH) -Ivmlinux -Ibpf \
	      -Wall -Werror -Wno-unused-function

# The product's BPF object (bpf/), the test programs (tests/bpf/progs/) and
# the benchmark's (tools/bench/); every skeleton lands in $(BPF_OUT).
BPF_SRCS  := bpf/acpitrace.bpf.c tests/bpf/progs/capture_test.bpf.c \
	     tests/bpf/progs/stats_test.bpf.c tools/bench/bench.bpf.c \
	     tools/bench/storm.bpf.c tools/bench/latency.bpf.c
SKELS     := $(patsubst %.bpf.c,$(BPF_OUT)/%.skel.h,$(notdir $(BPF_SRCS))) \
	     $(BPF_OUT)/compat.skel.h

USER_SRCS := $(sort $(wildcard user/*/*.c))
USER_OBJS := $(patsubst %.c,$(OUT)/%.o,$(USER_SRCS))
LIB_OBJS  := $(filter-out $(OUT)/user/cli/main.o,$(USER_OBJS))

UNIT_SRCS := $(sort $(wildcard tests/unit/*.c))
UNIT_OBJS := $(patsubst %.c,$(OUT)/%.o,$(UNIT_SRCS))
UNIT_BIN  := $(OUT)/tests/unit_tests
BPFT_BIN  := $(OUT)/tests/bpf_tests
BPFT_SRCS := $(sort $(wildcard tests/bpf/*.c))
BPFT_OBJS := $(patsubst %.c,$(OUT)/%.o,$(BPFT_SRCS))
BENCH_SRCS := tools/bench/bench.c tools/bench/bench_common.c tools/bench/bench_kernel.c tools/bench/bench_tracepoint.c tools/bench/bench_startup.c tools/bench/bench_userspace.c tools/bench/bench_util.c tools/bench/guest_startup.c tools/bench/idle.c tools/bench/latency.c tools/bench/storm.c
BENCH_OBJS := $(patsubst %.c,$(OUT)/%.o,$(BENCH_SRCS))
BENCH_BIN := $(OUT)/tools/bench/bench
EVREAD    := $(OUT)/tools/evread
SOCKFLOOD := $(OUT)/tools/sockflood

# The BPF tests (tests/bpf) name user/ headers without their folder.
BPFT_CPPFLAGS := $(patsubst %/,-I%,$(sort $(dir $(wildcard user/*/*.h))))

.PHONY: all clean help test hosttest check devcheck unittest bpftest ttytest promtest replaytest inventorytest installtest santest timelinetest paritycomparetest learnfilestest importacpidtest \
	optionstest firmwaretest vmlibtest \
	fuzz fuzz-smoke \
	depcheck bench bench-smoke deps vmlinux demo demotest demo-learn demo-learn-test vmtest verify-budget check bpf-headers-check doctest
.DELETE_ON_ERROR:
.SECONDARY:

all: $(OUT)/acpitrace $(EVREAD) $(SOCKFLOOD)

help:
	@echo 'acpitrace make targets (output under OUT=$(OUT); V=1 shows commands)'
	@echo '  all          build/acpitrace and the guest helpers evread, sockflood (default)'
	@echo '  test         install missing packages, then all, devcheck, debtest (whose package build runs check), bench-smoke,'
	@echo '               vmtest, vmtest-discover, vmtest-wake, vmtest-long, vmtest-ec, vmtest-firmware, vmtest-kernels, vmtest-debian, parity, demotest'
	@echo '  debtest      make deb as a user runs it (tests on), lintian --pedantic, mandoc -T lint, the package'"'"'s files'
	@echo '  hosttest     check and devcheck: every host test'
	@echo '  check        what a package build runs (no apt, QEMU or network): all, depcheck, unittest, bpftest,'
	@echo '               verify-budget, ttytest, promtest, replaytest, inventorytest, installtest, timelinetest,'
	@echo '               doctest, optionstest, firmwaretest, paritycomparetest, vmlibtest, learnfilestest,'
	@echo '               importacpidtest'
	@echo '  devcheck     the host tests of the sources a package build leaves out: bpf-headers-check, santest,'
	@echo '               fuzz-smoke (they rebuild with other compilers and flags)'
	@echo '  verify-budget every BPF program verified with statistics; fails above 20 % of 1M insns'
	@echo '  unittest     unit tests (tests/unit)'
	@echo '  bpftest      BPF verifier and test-run checks (tests/bpf)'
	@echo '  ttytest      acpitrace top under a pseudo-terminal and without one'
	@echo '  optionstest  every long option in --help, the man page and the bash completion'
	@echo '  promtest     promtool tests of dist/prometheus alerts; dist/grafana queries parse'
	@echo '  replaytest   recordings in tests/replay through the shipped policies, against expected actions'
	@echo '  inventorytest acpitrace inventory on a fake sysfs tree, on this machine, as nobody; --tables on dumps'
	@echo '  firmwaretest tools/vm/firmware on an acpidump text file of our own tables, and its errors'
	@echo '  timelinetest acpitrace timeline: SVG rendered by headless Chromium, Chrome trace JSON checked'
	@echo '  installtest  make install/uninstall into a scratch DESTDIR (layout, policy.available)'
	@echo '  santest      the unit tests under ASan/UBSan, in $(OUT)/san'
	@echo '  depcheck     user/, tools/, tests/: no include cycle or upward include; no file over 600 lines; comments name existing files'
	@echo '  doctest      every command in README.md and docs/ is run by a test (or waived); links resolve'
	@echo '  bpf-headers-check  every BPF header compiles alone; no cycle, no file over 600 lines'
	@echo '  fuzz         the libFuzzer targets: $(FUZZ_ALL) (FUZZ_SECONDS=$(FUZZ_SECONDS) each; FUZZ_TARGETS=...)'
	@echo '  fuzz-smoke   the same for 10 s each (FUZZ_SMOKE_SECONDS)'
	@echo '  bench        the benchmarks (docs/performance.md)'
	@echo '  bench-smoke  their short run'
	@echo '  vmtest       the QEMU guest matrix (tools/vm; VMTEST_ARGS=...)'
	@echo '  vmtest-discover the discover scenarios (tests/vm/scenarios-discover: inventory, record/replay, learn)'
	@echo '  vmtest-wake  the wake scenarios (tests/vm/scenarios-wake: s2idle, S3, SMI, IRQs)'
	@echo '  vmtest-ec    the embedded controller scenarios (tests/vm/scenarios-ec; builds QEMU with the EC once: tools/vm/qemu)'
	@echo '  vmtest-firmware  guests booted with laptop tables through the initrd upgrade (tests/vm/scenarios-firmware)'
	@echo '  vmtest-kernels the capture core on 5.10 and the newest Debian kernel (tests/vm/scenarios-kernels; KERNELS_ARGS=...)'
	@echo '  kernel-update move the newest-kernel pin (tools/vm/kernel-latest) to sid'"'"'s newest, then vmtest-kernels'
	@echo '  vmtest-long  scenarios that wait out fixed windows (tests/vm/scenarios-long: idle, Prometheus, BTF cache)'
	@echo '  vmtest-debian the service scenarios in a Debian userland guest (make deb, systemd, udev)'
	@echo '  vmtest-fleet the fleet kit on three guests at once: one Prometheus, one Alertmanager (tests/vm/fleet)'
	@echo '  parity       kernel drivers vs shipped policies, code by code, in guests (PARITY_ARGS=...)'
	@echo '  demo         boot a 6.12 guest and stream a live trace of injected events'
	@echo '  demotest     make demo as the README shows it, every narrated event found in its trace'
	@echo '  demo-learn   boot a 6.12 guest with an unknown hotkey device; learn its keys interactively, run the policy'
	@echo '  demo-learn-test  make demo-learn driven by a script as a user would, the policy and key checked'
	@echo '  deps         install the Debian packages a fresh machine needs'
	@echo '  vmlinux      regenerate vmlinux/vmlinux.h from this machine'"'"'s BTF'
	@echo '  clean        remove $(OUT)'

# --- BPF objects and skeletons ----------------------------------------------

$(BPF_OUT)/%.bpf.o: bpf/%.bpf.c vmlinux/vmlinux.h
	@mkdir -p $(@D)
	$(call msg,BPF,$@)
	$(Q)$(CLANG) $(BPF_CFLAGS) $(DEPFLAGS) -c $< -o $@

# The same programs without the atomic instructions that return a value
# (bpf/nofetch.bpf.h), for kernels before 5.12; the loader picks one by
# kernel_probe_atomics (user/capture/skel.c).  No DWARF: only BTF is loaded.
$(BPF_OUT)/compat.bpf.o: bpf/acpitrace.bpf.c vmlinux/vmlinux.h
	@mkdir -p $(@D)
	$(call msg,BPF,$@)
	$(Q)$(CLANG) $(BPF_CFLAGS) -DAT_NO_ATOMIC_FETCH $(DEPFLAGS) -c $< -o $@
	$(Q)$(LLVM_STRIP) -g $@

$(BPF_OUT)/%.bpf.o: tests/bpf/progs/%.bpf.c vmlinux/vmlinux.h
	@mkdir -p $(@D)
	$(call msg,BPF,$@)
	$(Q)$(CLANG) $(BPF_CFLAGS) -Itests/bpf/progs $(DEPFLAGS) -c $< -o $@

$(BPF_OUT)/%.bpf.o: tools/bench/%.bpf.c vmlinux/vmlinux.h
	@mkdir -p $(@D)
	$(call msg,BPF,$@)
	$(Q)$(CLANG) $(BPF_CFLAGS) $(DEPFLAGS) -c $< -o $@

$(BPF_OUT)/%.skel.h: $(BPF_OUT)/%.bpf.o
	$(call msg,GEN,$@)
	$(Q)$(BPFTOOL) gen skeleton $< > $@

# --- C objects: one rule for user/, tests/ and tools/bench/ ---------------
# The skeletons are order-only: before the first build no .d file says who
# includes them; afterwards the .d files do.

$(OUT)/user/diag/metrics_http.o: EXTRA_CFLAGS = $(if $(MHD_SONAME),-DMHD_SONAME='"$(MHD_SONAME)"') -I$(OUT)/gen
# The alert runbook the exporter serves at /runbook: docs/runbook.md as one
# C string literal.
$(OUT)/user/diag/metrics_http.o: $(OUT)/gen/runbook.gen.h
$(OUT)/gen/runbook.gen.h: docs/runbook.md
	@mkdir -p $(@D)
	$(call msg,GEN,$@)
	$(Q)sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' -e 's/^/"/' -e 's/$$/\\n"/' $< > $@
$(OUT)/tests/unit/%.o: EXTRA_CFLAGS = -Itests/unit
$(OUT)/tests/bpf/%.o: EXTRA_CFLAGS = -Itests/unit -Itests/bpf/progs $(BPFT_CPPFLAGS)
$(OUT)/tools/bench/%.o: EXTRA_CFLAGS = -Itools/bench

$(OUT)/%.o: %.c | $(SKELS)
	@mkdir -p $(@D)
	$(call msg,CC,$@)
	$(Q)$(CC) $(CFLAGS) $(CPPFLAGS_ALL) $(EXTRA_CFLAGS) $(DEPFLAGS) -c $< -o $@

link = $(call msg,LD,$@)
$(OUT)/acpitrace: $(USER_OBJS)
	@mkdir -p $(@D)
	$(link)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

$(UNIT_BIN): $(UNIT_OBJS) $(LIB_OBJS)
	@mkdir -p $(@D)
	$(link)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

# One runner for the BPF tests: capture core, health stats, verifier budget.
$(BPFT_BIN): $(BPFT_OBJS) $(LIB_OBJS)
	@mkdir -p $(@D)
	$(link)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

$(BENCH_BIN): $(BENCH_OBJS) $(LIB_OBJS)
	@mkdir -p $(@D)
	$(link)
	$(Q)$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LDLIBS) -lpthread -o $@

# The guest helper that reads the acpitrace input device (static).
$(EVREAD): tools/vm/evread.c
	@mkdir -p $(@D)
	$(call msg,CC,$@)
	$(Q)$(CC) $(CFLAGS) $(EVDEV_CFLAGS) $(DEPFLAGS) -static $< -levdev -o $@

# The guest helper that floods the acpid socket as another user (static).
$(SOCKFLOOD): tools/vm/sockflood.c
	@mkdir -p $(@D)
	$(call msg,CC,$@)
	$(Q)$(CC) $(CFLAGS) $(DEPFLAGS) -static $< -lpthread -o $@

# --- Fuzzing under libFuzzer (make fuzz FUZZ_SECONDS=30) --------------------
# Eight targets: the policy parser (text), the file loader (a fake directory
# tree with includes), the record decoder with both renderers, the
# metrics/stats renderers, the recording reader (replay) with the timeline
# drawn from what it accepts, the AML scanner (aml: tables for
# inventory's method lists), inventory --tables' readers (tables:
# acpidump text, _WDG blocks, Notify targets), and the acpid socket's path
# (acpid: a record as acpid's line, hostile clients of the line server).  `make fuzz`
# runs each for FUZZ_SECONDS, one after the other; FUZZ_TARGETS=... picks
# some.

FUZZ_ALL     := policy loader record metrics replay aml tables acpid
FUZZ_TARGETS ?= $(FUZZ_ALL)
FUZZ_SECONDS ?= 30
# UBSan's reports stop the run (found: one went by as a log line for a whole campaign)
FUZZ_CFLAGS := -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -D_GNU_SOURCE
FUZZ_BASE := $(wildcard user/policy/*.c) $(wildcard user/acpi/*.c) $(wildcard user/lib/*.c)
FUZZ_BASE := $(filter-out user/policy/policy_kernel.c user/lib/percpu.c,$(FUZZ_BASE))
FUZZ_EXTRA_record  := user/record/output.c user/record/record_view.c user/record/storm_record.c user/record/record_fields.c \
                      user/record/method_record.c \
                      user/record/suspend_record.c
FUZZ_EXTRA_metrics := user/diag/metrics.c user/diag/health.c user/diag/advice.c user/diag/storm_mask.c user/diag/last_wakes.c user/capture/smi.c user/lib/percpu.c
FUZZ_EXTRA_replay  := $(FUZZ_EXTRA_record) user/recording/recording.c user/recording/recording_read.c user/recording/recording_tree.c \
                      $(wildcard user/recording/timeline*.c)
FUZZ_LIBS_metrics  := -lbpf -lelf -lz
FUZZ_SRCS := $(sort $(FUZZ_BASE) $(foreach t,$(FUZZ_ALL),tests/fuzz/fuzz_$(t).c $(FUZZ_EXTRA_$(t))))
FUZZ_OBJS := $(patsubst %.c,$(OUT)/fuzz/%.o,$(FUZZ_SRCS))
fuzz_objs = $(patsubst %.c,$(OUT)/fuzz/%.o,tests/fuzz/fuzz_$(1).c $(FUZZ_BASE) $(FUZZ_EXTRA_$(1)))

$(OUT)/fuzz/%.o: %.c
	@mkdir -p $(@D)
	$(call msg,CC-FUZZ,$@)
	$(Q)$(CLANG) $(FUZZ_CFLAGS) $(CPPFLAGS_ALL) $(DEPFLAGS) -c $< -o $@

define fuzz_bin
$(OUT)/tests/fuzz_$(1): $(call fuzz_objs,$(1))
	@mkdir -p $$(@D)
	$$(link)
	$$(Q)$$(CLANG) $$(FUZZ_CFLAGS) $$^ -levdev $$(FUZZ_LIBS_$(1)) -o $$@
endef
$(foreach t,$(FUZZ_ALL),$(eval $(call fuzz_bin,$(t))))

# Each target's corpus grows in $(OUT)/fuzz-corpus/<target>; seeds come
# from tests/fuzz/corpus/<target> (the parser's also from policy/).
fuzz_seeds_policy := policy tests/fuzz/corpus/policy
fuzz_maxlen_metrics := 16384
# The tables target's seeds, acpidump text and the binary table, are made at
# build time from the project's own ASL (tests/unit/aml/tables.asl), not
# kept in the tree.
fuzz_seeds_tables := $(OUT)/fuzz-seeds/tables

$(fuzz_seeds_tables)/tables.txt: $(OUT)/aml/tables.aml tests/vm/lib/mkdump
	@mkdir -p $(@D)
	tests/vm/lib/mkdump $< >$@
	cp $< $(@D)/tables.aml

fuzz: $(patsubst %,$(OUT)/tests/fuzz_%,$(FUZZ_TARGETS)) $(fuzz_seeds_tables)/tables.txt
	@set -e; for t in $(FUZZ_TARGETS); do \
		mkdir -p $(OUT)/fuzz-corpus/$$t; \
		echo "  FUZZ    $$t ($(FUZZ_SECONDS) s)"; \
		case $$t in policy) seeds="$(fuzz_seeds_policy)"; len=4096;; \
			tables) seeds=$(fuzz_seeds_tables); len=4096;; \
			metrics|replay) seeds=tests/fuzz/corpus/$$t; len=$(fuzz_maxlen_metrics);; \
			*) seeds=tests/fuzz/corpus/$$t; len=4096;; esac; \
		$(OUT)/tests/fuzz_$$t -max_total_time=$(FUZZ_SECONDS) -max_len=$$len \
			-print_final_stats=1 -artifact_prefix=$(OUT)/fuzz-$$t- $(OUT)/fuzz-corpus/$$t $$seeds 2>$(OUT)/fuzz-$$t.log \
			|| { tail -40 $(OUT)/fuzz-$$t.log; exit 1; }; \
		grep -E '^#[0-9]+[[:space:]]+DONE' $(OUT)/fuzz-$$t.log | tail -1; \
	done

fuzz-smoke:
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(or $(FUZZ_SMOKE_SECONDS),10)

-include $(patsubst %.o,%.d,$(USER_OBJS) $(UNIT_OBJS) $(BENCH_OBJS) $(FUZZ_OBJS)) \
	 $(patsubst %,$(OUT)/tests/bpf/%.d,capture_tests stats_tests verify_budget main) $(EVREAD).d \
	 $(patsubst %.skel.h,%.bpf.d,$(SKELS))

# --- Tests ------------------------------------------------------------------

# AML tables for the scanner's and the EC field reader's unit tests: the guest
# fixtures and their own (tests/unit/aml).
AML_SRCS := $(wildcard tools/vm/acpi/*.asl) $(wildcard tests/unit/aml/*.asl)
AML_BINS := $(addprefix $(OUT)/aml/,$(notdir $(AML_SRCS:.asl=.aml)))
$(OUT)/aml/%.aml: tools/vm/acpi/%.asl
	@mkdir -p $(@D)
	$(Q)iasl -p $(basename $@) $< >$(basename $@).log 2>&1 || { cat $(basename $@).log; exit 1; }
$(OUT)/aml/%.aml: tests/unit/aml/%.asl
	@mkdir -p $(@D)
	$(Q)iasl -p $(basename $@) $< >$(basename $@).log 2>&1 || { cat $(basename $@).log; exit 1; }

unittest: $(UNIT_BIN) $(AML_BINS)
	ACPITRACE_AML_DIR=$(OUT)/aml $(UNIT_BIN)

bpftest: $(BPFT_BIN)
	$(BPFT_BIN) capture stats

# Every BPF program under this kernel's verifier, with its statistics;
# fails above 20 % of the 1 M processed-instruction limit.
verify-budget: $(BPFT_BIN)
	$(BPFT_BIN) budget

# Every BPF header (bpf/, tests/bpf/progs/, tools/bench/) compiles alone; no #include
# cycle, no file over 600 lines there.
bpf-headers-check: vmlinux/vmlinux.h
	@CLANG="$(CLANG)" BPF_CFLAGS="$(BPF_CFLAGS) -Itests/bpf/progs" tests/bpf/check_headers.sh bpf tests/bpf/progs tools/bench

# acpitrace top under a pseudo-terminal and without one (script(1), bsdutils)
ttytest: $(OUT)/acpitrace
	tests/host/top-tty.sh $(OUT)/acpitrace
	tests/host/nonroot.sh $(OUT)/acpitrace

# What learn --transcript and --append refuse to open (a FIFO, a device, a
# link, another user's file), each within 3 s.
learnfilestest: $(OUT)/acpitrace
	tests/host/learn-files.sh $(OUT)/acpitrace

# import-acpid on an events directory of its own and on acpid's examples:
# the policy passes check, what is left out is named FILE:LINE: REASON.
importacpidtest: $(OUT)/acpitrace
	tests/host/import-acpid.sh $(OUT)/acpitrace

# Every long option of every command (acpitrace help --options, from the
# option tables) in its --help, the man page and the bash completion.
optionstest: $(OUT)/acpitrace
	tests/host/options.sh $(OUT)/acpitrace dist/man/acpitrace.8 dist/completion/acpitrace

# The fleet monitoring kit: promtool's tests of dist/prometheus's alerts,
# dist/grafana's panel queries parse and use only exported metric names.
promtest:
	tests/prometheus/check.sh

# Recordings (tests/replay/*.jsonl) through the shipped policies, against
# the expected actions (tests/replay/*.expected).
replaytest: $(OUT)/acpitrace
	tests/replay/run.sh $(OUT)/acpitrace

# acpitrace inventory on a fake sysfs tree, on this machine, and as nobody;
# inventory --tables on acpidumps of the project's own tables.
inventorytest: $(OUT)/acpitrace $(AML_BINS)
	ACPITRACE_AML_DIR=$(OUT)/aml tests/host/inventory.sh $(OUT)/acpitrace
	ACPITRACE_AML_DIR=$(OUT)/aml tests/host/ec.sh $(OUT)/acpitrace
	ACPITRACE_AML_DIR=$(OUT)/aml tests/host/tables.sh $(OUT)/acpitrace

# acpitrace timeline on the recordings in tests/replay: the SVG parsed and
# rendered by headless Chromium, the Chrome trace-event JSON checked.
timelinetest: $(OUT)/acpitrace
	tests/host/timeline.sh $(OUT)/acpitrace

# tools/vm/firmware (tools/vm/run --firmware) on an acpidump text file made
# from tests/vm/firmware's tables: the tables, early cpio, ec.conf, errors.
firmwaretest:
	tests/host/firmware.sh

# The scenario helpers refuse their arguments in the wrong order (tools/vm/guest-lib.sh, tools/vm/lib).
vmlibtest:
	tests/host/vm-lib.sh

# tests/vm/parity/compare, the parity verdict, on output folders written by
# the test: same, silent, waivers that hold, fail or are not needed, switches
# and NOSCAN keys by time, SCANMAP, keymap entries not tried.
paritycomparetest:
	tests/host/parity-compare.sh

# make install/uninstall into a scratch DESTDIR: the layout, enabling an
# available policy by a link, and exactly-what-was-installed removal.
installtest: $(OUT)/acpitrace
	tests/host/install.sh $(OUT)

# user/, tools/ and tests/: no #include cycle, no .c files using each other,
# every include points down the layers; no file in bpf/, user/, tools/ over
# 600 lines (its waivers printed); no comment naming a file that is gone.
depcheck:
	tests/host/include-check.py user tools tests
	tests/host/comment-paths.py bpf user tools tests dist debian

# Every command README.md and docs/ show is run by some test or carries a
# waiver naming it; every relative link and anchor resolves (docs/testing.md).
doctest:
	tests/host/doc-check-self.sh
	tests/host/doc-check.py

# The unit tests again under AddressSanitizer and UBSan, built in their own
# folder (the BPF skeletons are shared).
SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
santest: $(SKELS)
	$(MAKE) --no-print-directory OUT=$(OUT)/san BPF_OUT=$(BPF_OUT) CFLAGS="$(SAN_FLAGS)" \
		LDFLAGS="-fsanitize=address,undefined" unittest

hosttest: check devcheck

# What a packager's build (dh_auto_test) runs: the host tests of the built
# program, no apt, no QEMU, no network.  Tests that need root or a kernel
# feature skip and say why.
check: all depcheck unittest bpftest verify-budget ttytest promtest replaytest \
	inventorytest installtest timelinetest doctest optionstest firmwaretest \
	paritycomparetest vmlibtest learnfilestest importacpidtest

# The rest of the host tests: each BPF header compiled alone, the unit tests
# rebuilt under ASan/UBSan, the fuzzers for 10 s each.  They rebuild the
# sources with other compilers and flags, so a package build leaves them out.
devcheck: bpf-headers-check santest fuzz-smoke

# The package exactly as a user builds it (make deb: no DEB_BUILD_OPTIONS,
# make check under Debian's build flags), lintian --pedantic (no E: or W:),
# mandoc -T lint -W warning on both man pages (silent), the package's files.
.PHONY: debtest
debtest:
	tests/host/deb.sh $(OUT)

# The two entry points of a fresh machine install what is missing first.
# make test runs every host test once: check inside debtest's package build
# (under Debian's build flags, as a user's make deb runs it), devcheck here.
test:
	@tools/deps.sh
	@# the QMP client too: both guest lanes need it, and would build it at once
	@$(MAKE) --no-print-directory -j2 all $(OUT)/tools/qmp
	@# devcheck's three parts and debtest side by side: each is one process
	@# at a time (debtest's make deb builds and checks serially, as a user's
	@# does); 247 s together here against 337 s one after the other
	@$(MAKE) --no-print-directory -j3 --output-sync=target devcheck debtest
	@$(MAKE) --no-print-directory bench-smoke
	@# the guest tiers in two lanes of one guest at a time (below)
	@$(MAKE) --no-print-directory -j2 --output-sync=line vmlane-a vmlane-b
	@# three guests at once: alone
	@$(MAKE) --no-print-directory VMTEST_DEB_REUSE=1 vmtest-fleet

# Each guest tier alone runs two guests at a time, and its last boots run
# alone while the other core idles (about 4 minutes over make test's tiers).
# Two lanes of one guest each keep both cores busy until both lanes end;
# each lane's tiers take about half of the guest time.  A tier's output is
# printed when it ends (--output-sync=line).  The package vmtest-debian
# boots is the one debtest built and tested (VMTEST_DEB_REUSE), and so is
# vmtest-fleet's, which runs three guests at once after the lanes.
VMLANE = VMTEST_ARGS='--jobs 1' PARITY_ARGS='--jobs 1'
vmlane-a:
	@$(MAKE) --no-print-directory $(VMLANE) parity
	@$(MAKE) --no-print-directory $(VMLANE) vmtest-long
	@$(MAKE) --no-print-directory $(VMLANE) vmtest-kernels

vmlane-b:
	@$(MAKE) --no-print-directory $(VMLANE) vmtest
	@$(MAKE) --no-print-directory $(VMLANE) vmtest-discover
	@$(MAKE) --no-print-directory $(VMLANE) vmtest-wake
	@$(MAKE) --no-print-directory $(VMLANE) vmtest-ec
	@$(MAKE) --no-print-directory $(VMLANE) vmtest-firmware
	@$(MAKE) --no-print-directory $(VMLANE) VMTEST_DEB_REUSE=1 vmtest-debian
	@$(MAKE) --no-print-directory demotest
	@$(MAKE) --no-print-directory demo-learn-test

# make demo exactly as the README shows it, its trace checked (tests/vm/demo.sh).
demotest:
	tests/vm/demo.sh

demo:
	@tools/deps.sh
	@$(MAKE) --no-print-directory vmdemo

# the guided learn demo (tools/vm/demo-learn): interactive, follow what it prints
demo-learn:
	@tools/deps.sh
	@$(MAKE) --no-print-directory vmdemo-learn

# make demo-learn driven as a user would: typed lines paced by its output (tests/vm/demo-learn.sh)
demo-learn-test:
	tests/vm/demo-learn.sh

include tools/vm/vm.mk

# Benchmarks (docs/performance.md): make bench; bench-smoke is the short CI run.
bench: all $(BENCH_BIN)
	@OUT=$(OUT) tools/bench/run

bench-smoke: all $(BENCH_BIN)
	@OUT=$(OUT) tools/bench/run --short

deps:
	@tools/deps.sh

vmlinux:
	$(BPFTOOL) btf dump file /sys/kernel/btf/vmlinux format c > vmlinux/vmlinux.h

clean:
	rm -rf $(OUT)
include dist/install.mk
