# acpitrace — top-level build.  Everything is produced under $(OUT).
#
#   make            build build/acpitrace (dynamic; STATIC=1 for a static one)
#   make test       host tests + guest tests (make vmtest)
#   make hosttest   unit tests (also under ASan/UBSan), BPF verifier/test-run
#                   checks, the top pty test and 20 s of parser fuzzing
#   make check      the same, offline: what a package build runs
#   make verify-budget  every BPF program's verifier figures (<= 20 % of 1M)
#   make vmtest     the QEMU guest matrix (tools/vm)
#   make demo       boot a 6.12 guest and stream a live trace of injected events
#   make deps       install the Debian packages a fresh machine needs
#   make vmlinux    regenerate vmlinux/vmlinux.h from this machine's BTF

OUT       ?= build
CC        ?= cc
CLANG     ?= clang
BPFTOOL   ?= bpftool
ARCH      := x86

CFLAGS    ?= -O2 -g
override CFLAGS += -Wall -Wextra -Werror -std=gnu11 -D_GNU_SOURCE -I$(OUT) -Ibpf -Iuser
override CFLAGS += $(shell pkg-config --cflags libevdev)
LDLIBS    := -lbpf -lelf -lz -levdev -lncurses -ltinfo
# libmicrohttpd (and gnutls behind it) is dlopen()ed by the metrics
# exporter only (user/metrics_http.c): its soname, read from the dev link.
MHD_SONAME := $(shell objdump -p $$(pkg-config --variable=libdir libmicrohttpd 2>/dev/null)/libmicrohttpd.so 2>/dev/null | awk '/SONAME/ { print $$2 }')
ifneq ($(MHD_SONAME),)
override CFLAGS += -DMHD_SONAME='"$(MHD_SONAME)"'
endif

BPF_CFLAGS := -g -O2 -target bpf -D__TARGET_ARCH_$(ARCH) -Ivmlinux -Ibpf \
	      -Wall -Werror -Wno-unused-function

# The product's BPF object (bpf/), the test programs (tests/bpf/progs/) and
# the benchmark's (tools/bench/); every skeleton lands in $(OUT).
BPF_SRCS  := bpf/acpitrace.bpf.c tests/bpf/progs/capture_test.bpf.c \
	     tests/bpf/progs/stats_test.bpf.c tools/bench/bench.bpf.c
BPF_HDRS  := $(wildcard bpf/*.h bpf/hooks/*.h)
BPF_TEST_HDRS := $(wildcard tests/bpf/progs/*.h)
SKELS     := $(patsubst %.bpf.c,$(OUT)/%.skel.h,$(notdir $(BPF_SRCS)))

USER_SRCS := $(wildcard user/*.c)
USER_OBJS := $(patsubst user/%.c,$(OUT)/user/%.o,$(USER_SRCS))
LIB_OBJS  := $(filter-out $(OUT)/user/main.o,$(USER_OBJS))

UNIT_SRCS := $(wildcard tests/unit/*.c)
UNIT_BIN  := $(OUT)/tests/unit_tests
BPFT_BIN  := $(OUT)/tests/bpf_tests

.PHONY: all clean test hosttest unittest bpftest vmtest demo deps vmlinux fuzz
.DELETE_ON_ERROR:
.SECONDARY:

all: $(OUT)/acpitrace

$(OUT)/%.bpf.o: bpf/%.bpf.c $(BPF_HDRS) vmlinux/vmlinux.h | $(OUT)
	$(CLANG) $(BPF_CFLAGS) -c $< -o $@

$(OUT)/%.bpf.o: tests/bpf/progs/%.bpf.c $(BPF_HDRS) $(BPF_TEST_HDRS) vmlinux/vmlinux.h | $(OUT)
	$(CLANG) $(BPF_CFLAGS) -Itests/bpf/progs -c $< -o $@

$(OUT)/%.bpf.o: tools/bench/%.bpf.c $(BPF_HDRS) $(BPF_TEST_HDRS) vmlinux/vmlinux.h | $(OUT)
	$(CLANG) $(BPF_CFLAGS) -Itests/bpf/progs -c $< -o $@

$(OUT)/%.skel.h: $(OUT)/%.bpf.o
	$(BPFTOOL) gen skeleton $< > $@

$(OUT)/user/%.o: user/%.c $(wildcard user/*.h) bpf/acpitrace.h $(SKELS) | $(OUT)/user
	$(CC) $(CFLAGS) -c $< -o $@

$(OUT)/acpitrace: $(USER_OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

$(OUT)/tests/%.o: tests/unit/%.c $(wildcard user/*.h) $(SKELS) | $(OUT)/tests
	$(CC) $(CFLAGS) -Itests/unit -c $< -o $@

$(UNIT_BIN): $(patsubst tests/unit/%.c,$(OUT)/tests/%.o,$(UNIT_SRCS)) $(LIB_OBJS)
	$(CC) $(CFLAGS) $(LDFLAGS) $^ $(LDLIBS) -o $@

# One runner for the BPF tests: capture core, health stats, verifier budget.
BPFT_SRCS := $(wildcard tests/bpf/*.c)
$(BPFT_BIN): $(BPFT_SRCS) tests/bpf/bpf_check.h $(BPF_TEST_HDRS) $(LIB_OBJS) $(SKELS) | $(OUT)/tests
	$(CC) $(CFLAGS) -Itests/bpf/progs $(LDFLAGS) $(BPFT_SRCS) $(LIB_OBJS) $(LDLIBS) -o $@

# Dispatch: the guest helper that reads the acpitrace input device, and the
# policy parser's libFuzzer target (make fuzz FUZZ_SECONDS=30).
EVREAD    := $(OUT)/tools/evread
FUZZ_BIN  := $(OUT)/tests/fuzz_policy
FUZZ_SECONDS ?= 30
FUZZ_SRCS := user/policy.c user/policy_index.c user/policy_print.c user/acpi_path.c user/acpi_sysfs.c \
	     user/decode.c user/json.c user/sysfs_file.c

all: $(EVREAD)

$(EVREAD): tools/vm/evread.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -static $< -levdev -o $@

$(FUZZ_BIN): tests/fuzz/fuzz_policy.c $(FUZZ_SRCS) $(wildcard user/*.h) bpf/policy_rules.h | $(OUT)/tests
	$(CLANG) -g -O1 -fsanitize=fuzzer,address,undefined -D_GNU_SOURCE -Ibpf -Iuser \
		$(shell pkg-config --cflags libevdev) $< $(FUZZ_SRCS) -levdev -o $@

fuzz: $(FUZZ_BIN)
	@mkdir -p $(OUT)/fuzz-corpus
	$(FUZZ_BIN) -max_total_time=$(FUZZ_SECONDS) -max_len=4096 $(OUT)/fuzz-corpus policy tests/fuzz/corpus

$(OUT) $(OUT)/user $(OUT)/tests:
	mkdir -p $@

unittest: $(UNIT_BIN)
	$(UNIT_BIN)

bpftest: $(BPFT_BIN)
	$(BPFT_BIN) capture stats

# Every BPF program under this kernel's verifier, with its statistics;
# fails above 20 % of the 1 M processed-instruction limit.
.PHONY: verify-budget
verify-budget: $(BPFT_BIN)
	$(BPFT_BIN) budget

# Every BPF header (bpf/, tests/bpf/progs/) compiles alone; no #include
# cycle, no file over 600 lines there.
.PHONY: bpf-headers-check
bpf-headers-check: vmlinux/vmlinux.h
	@CLANG="$(CLANG)" BPF_CFLAGS="$(BPF_CFLAGS) -Itests/bpf/progs" tests/bpf/check_headers.sh bpf tests/bpf/progs

# acpitrace top under a pseudo-terminal and without one (script(1), bsdutils)
.PHONY: ttytest
ttytest: $(OUT)/acpitrace
	tests/host/top-tty.sh $(OUT)/acpitrace

# The unit tests again under AddressSanitizer and UBSan, built in their own
# folder; and the policy parser fuzzed for a bounded time.
SAN_FLAGS := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined -fno-sanitize-recover=undefined
.PHONY: santest fuzz-smoke
santest:
	$(MAKE) --no-print-directory OUT=$(OUT)/san CFLAGS="$(SAN_FLAGS)" \
		LDFLAGS="-fsanitize=address,undefined" unittest

fuzz-smoke:
	$(MAKE) --no-print-directory fuzz FUZZ_SECONDS=$(or $(FUZZ_SMOKE_SECONDS),20)

hosttest: all bpf-headers-check unittest bpftest verify-budget ttytest santest fuzz-smoke

# What a packager's build (dh_auto_test) runs: the host tests only, no apt,
# no QEMU, no network.  Tests that need root or a kernel feature skip and say why.
.PHONY: check
check: hosttest

# The two entry points of a fresh machine install what is missing first.
test:
	@tools/deps.sh
	@$(MAKE) --no-print-directory hosttest bench-smoke vmtest

demo:
	@tools/deps.sh
	@$(MAKE) --no-print-directory vmdemo

include tools/vm/vm.mk

# Benchmarks (README "Performance"): make bench; bench-smoke is the short CI run.
BENCH_BIN := $(OUT)/tools/bench/bench

$(BENCH_BIN): tools/bench/bench.c tools/bench/bench_util.c tools/bench/bench_util.h \
	      tools/bench/guest.c \
	      bpf/acpitrace.h $(OUT)/bench.skel.h $(LIB_OBJS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Itools/bench $(LDFLAGS) tools/bench/bench.c tools/bench/bench_util.c \
		tools/bench/guest.c $(LIB_OBJS) $(LDLIBS) -lpthread -o $@

.PHONY: bench bench-smoke
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
