// SPDX-License-Identifier: GPL-2.0
/*
 * Verifier budget: every BPF program the project loads, under this
 * kernel's verifier, with the verifier's statistics per program.
 *
 * A program that verifies close to the 1 M processed-instruction limit on
 * one kernel build fails on the next one whose verifier prunes a little
 * less (issue 10: bench_capture passed on one 6.18 build and hit the limit
 * on another).  So each case loads an object under one set of rodata
 * switches (the verifier skips the code a const volatile switch turns
 * off, so each set the commands use is a different program), prints
 * processed instructions, peak states and time per program, and fails
 * when a program is rejected or uses more than BUDGET_PCT of the limit.
 *
 * The real tracer's kprobe programs load (BPF_PROG_LOAD) even where the
 * kprobe PMU is missing, and their hook bodies are the ones the fentry
 * programs run.  Hooks on functions this kernel does not have (the wmi
 * module on a host without it) are left out and listed: their CO-RE
 * relocations cannot resolve.
 *
 * Needs root (CAP_BPF + CAP_PERFMON); without it the cases are skipped.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "acpitrace.h"
#include "stats.h"
#include "bpf_check.h"
#include "capture/verifier_stats.h"
#include "capture_test.h"
#include "stats_test.h"
#include "acpitrace.skel.h"
#include "bench.skel.h"
#include "capture_test.skel.h"
#include "stats_test.skel.h"

/* Share of the instruction limit a program may use (issue 10): bpf_tests budget [PCT]. */
static double budget_pct;
static double worst_pct;
static char worst_name[160];

/* The tracer's rodata switches, one set per way the commands load it. */
struct switches {
	const char *name;
	bool methods, watch, policy, gpe_at_detect, filter, storms_off;
};

static bool is_kprobe(const char *sec)
{
	return !strncmp(sec, "kprobe/", 7) || !strncmp(sec, "kretprobe/", 10);
}

/* kprobes on functions in vmlinux BTF, and the tracepoint programs. */
static int pick_programs(struct bpf_object *obj, const struct btf *vmlinux, bool list)
{
	struct bpf_program *p;
	int n = 0;

	bpf_object__for_each_program(p, obj) {
		const char *sec = bpf_program__section_name(p);
		bool load = !strncmp(sec, "raw_tp", 6) || !strncmp(sec, "tp/", 3);

		if (is_kprobe(sec)) {
			load = btf__find_by_name_kind(vmlinux, strchr(sec, '/') + 1,
						      BTF_KIND_FUNC) >= 0;
			if (!load && list)
				printf("  not in this kernel, left out: %s\n", sec);
		}
		bpf_program__set_autoload(p, load);
		n += load;
	}
	return n;
}

static void set_switches(struct acpitrace_bpf *skel, const struct switches *sw)
{
	skel->rodata->at_trace_methods = sw->methods;
	skel->rodata->at_watch_methods = sw->watch;
	skel->rodata->at_policy_loaded = sw->policy;
	skel->rodata->at_gpe_emit_at_detect = sw->gpe_at_detect;
	/* the SMI reads on: the programs as a machine with the msr PMU's smi event loads them */
	skel->rodata->at_smi_on = 1;
	/* and the irq source's links (SCI, GED) */
	skel->rodata->at_irq_on = 1;
	if (sw->storms_off)
		skel->rodata->at_storm_rate = 0;
	if (sw->filter) {
		skel->rodata->at_filter.path_depth = 2;
		skel->rodata->at_filter.path_flags = AT_FILTER_PATH_PREFIX;
		skel->rodata->at_filter.value_set = 1;
		skel->rodata->at_filter.value = 0x80;
		skel->rodata->at_filter.source_mask = ~0U;
		skel->rodata->at_filter.gpe_set = 1;
		skel->rodata->at_rate_limit = 100;
		skel->rodata->at_storm_sources = ~0U;
	}
}

/* libbpf prints a rejected program's verifier log as a warning */
static int print_warnings(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	return level == LIBBPF_WARN ? vfprintf(stderr, fmt, ap) : 0;
}

/* Load @obj (opened, rodata set) with statistics; check and print them. */
static int load_checked(const char *name, struct bpf_object *obj, int min_progs)
{
	struct vstats vs;
	int err;

	if (vstats_prepare(&vs, obj))
		return -ENOMEM;
	libbpf_set_print(geteuid() == 0 ? print_warnings : NULL);
	err = bpf_object__load(obj) ? -errno : 0;
	libbpf_set_print(NULL);
	if (err == -EPERM || (err && geteuid() != 0)) {
		vstats_free(&vs);
		return -EPERM;
	}
	vstats_collect(&vs);
	printf("%s:\n", name);
	vstats_print(&vs, stdout);
	CHECK(!err, "the verifier rejected a program: %s", strerror(-err));
	CHECK((int)vs.n >= min_progs, "only %u programs loaded", vs.n);
	for (unsigned int i = 0; i < vs.n; i++) {
		const struct vstats_prog *p = &vs.progs[i];

		CHECK(err || p->parsed, "%s: no verifier statistics", p->name);
		CHECK(vstats_pct(p) <= budget_pct,
		      "%s uses %.1f%% of the verifier's instruction limit (budget %.0f%%)",
		      p->name, vstats_pct(p), budget_pct);
		if (vstats_pct(p) > worst_pct) {
			worst_pct = vstats_pct(p);
			snprintf(worst_name, sizeof(worst_name), "%s (%s)", p->name, name);
		}
	}
	vstats_free(&vs);
	return 0;
}

static void finish(const char *name, int err)
{
	if (err == -EPERM) {
		case_skip(name, "loading BPF needs root (CAP_BPF, CAP_PERFMON)");
		case_failed = 0;
		return;
	}
	CHECK(!err, "%s", strerror(-err));
	case_end();
}

static void tracer_case(const struct switches *sw, const struct btf *vmlinux, bool list)
{
	struct acpitrace_bpf *skel = acpitrace_bpf__open();
	char name[96];
	int err = -errno, n;

	snprintf(name, sizeof(name), "tracer/%s", sw->name);
	case_begin(name);
	if (skel) {
		n = pick_programs(skel->obj, vmlinux, list);
		set_switches(skel, sw);
		err = load_checked(name, skel->obj, n >= 20 ? 20 : 1);
		CHECK(n >= 20, "only %d programs picked", n);
		acpitrace_bpf__destroy(skel);
	}
	finish(name, err);
}

/* The benchmark loops measure the capture core as run executes it. */
static void bench_case(bool policy)
{
	struct bench_bpf *skel = bench_bpf__open();
	const char *name = policy ? "bench/policy" : "bench/trace";
	int err = -errno;

	case_begin(name);
	if (skel) {
		skel->rodata->at_policy_loaded = policy;
		err = load_checked(name, skel->obj, 8);
		bench_bpf__destroy(skel);
	}
	finish(name, err);
}

static void capture_test_case(void)
{
	struct capture_test_bpf *skel = capture_test_bpf__open();
	int err = -errno;

	case_begin("test/capture");
	if (skel) {
		skel->rodata->at_policy_loaded = true;
		skel->rodata->at_rate_limit = 100;
		err = load_checked("test/capture", skel->obj, 1);
		capture_test_bpf__destroy(skel);
	}
	finish("test/capture", err);
}

static void stats_test_case(void)
{
	struct stats_test_bpf *skel = stats_test_bpf__open();
	int err = -errno;

	case_begin("test/stats");
	if (skel) {
		skel->rodata->at_storm_sources = ~0U;
		err = load_checked("test/stats", skel->obj, 1);
		stats_test_bpf__destroy(skel);
	}
	finish("test/stats", err);
}

void budget_suite(double pct)
{
	/* trace (plain, --methods, filters), run (policy), stats, --watch */
	static const struct switches cases[] = {
		{ "trace", false, false, false, false, false, false },
		{ "trace_methods_filters", true, false, false, true, true, false },
		{ "run", false, false, true, false, false, false },
		{ "run_methods_filters", true, false, true, true, true, false },
		{ "stats_no_storms", false, false, false, false, false, true },
		{ "watched_methods", false, true, false, false, false, false },
	};
	struct btf *vmlinux;

	budget_pct = pct;
	libbpf_set_print(NULL);
	vmlinux = btf__load_vmlinux_btf();
	if (!vmlinux) {
		case_skip("budget", "no kernel BTF (/sys/kernel/btf/vmlinux)");
		return;
	}
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		tracer_case(&cases[i], vmlinux, i == 0);
	btf__free(vmlinux);
	bench_case(false);
	bench_case(true);
	capture_test_case();
	stats_test_case();
	if (worst_name[0])
		printf("worst: %s at %.1f%% of the 1M instruction limit (budget %.0f%%)\n",
		       worst_name, worst_pct, budget_pct);
}
