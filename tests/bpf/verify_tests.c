// SPDX-License-Identifier: GPL-2.0
/*
 * The real tracer's programs (bpf/acpitrace.bpf.c) under this kernel's
 * verifier, on a host that cannot attach them: kprobe programs load
 * (BPF_PROG_LOAD) even where the kprobe PMU is missing, and their hook
 * bodies are the ones the fentry programs run.  So a verifier rejection
 * (a misaligned stack load, an unbounded offset) shows up here in
 * seconds instead of in a guest run.
 *
 * Each case loads the object with other rodata switches, because the
 * verifier skips the code that a const volatile switch turns off.  Hooks
 * on functions this kernel does not have (the wmi module on a host without
 * it) are left out and listed: their CO-RE relocations cannot resolve.
 *
 * Needs root (CAP_BPF + CAP_PERFMON); without it the cases are skipped.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "acpitrace.h"
#include "stats.h"
#include "bpf_check.h"
#include "acpitrace.skel.h"

struct switches {
	const char *name;
	bool methods, watch, policy, gpe_at_detect, filter;
};

static bool is_kprobe(const char *sec)
{
	return !strncmp(sec, "kprobe/", 7) || !strncmp(sec, "kretprobe/", 10);
}

/* kprobes on functions in vmlinux BTF, and the tracepoint programs. */
static int pick_programs(struct acpitrace_bpf *skel, const struct btf *vmlinux, bool list)
{
	struct bpf_program *p;
	int n = 0;

	bpf_object__for_each_program(p, skel->obj) {
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
	if (sw->filter) {
		skel->rodata->at_filter.path_depth = 2;
		skel->rodata->at_filter.path_flags = AT_FILTER_PATH_PREFIX;
		skel->rodata->at_filter.value_set = 1;
		skel->rodata->at_filter.value = 0x80;
		skel->rodata->at_rate_limit = 100;
		skel->rodata->at_storm_sources = ~0U;
	}
}

/* libbpf prints a rejected program's verifier log as a warning */
static int print_warnings(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	return level == LIBBPF_WARN ? vfprintf(stderr, fmt, ap) : 0;
}

static int verify(const struct switches *sw, const struct btf *vmlinux, bool list)
{
	struct acpitrace_bpf *skel = acpitrace_bpf__open();
	int n, err;

	if (!skel)
		return -errno;
	n = pick_programs(skel, vmlinux, list);
	set_switches(skel, sw);
	libbpf_set_print(geteuid() == 0 ? print_warnings : NULL);
	err = acpitrace_bpf__load(skel) ? -errno : 0;
	libbpf_set_print(NULL);
	if (!err)
		CHECK(n >= 20, "only %d programs loaded", n);
	acpitrace_bpf__destroy(skel);
	return err;
}

int main(void)
{
	static const struct switches cases[] = {
		{ "defaults", false, false, false, false, false },
		{ "methods_policy_filters", true, false, true, true, true },
		{ "watched_methods", false, true, false, false, false },
	};
	struct btf *vmlinux;

	libbpf_set_print(NULL);
	vmlinux = btf__load_vmlinux_btf();
	if (!vmlinux) {
		printf("SKIP all: no kernel BTF (/sys/kernel/btf/vmlinux)\n");
		return 0;
	}
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		int err = verify(&cases[i], vmlinux, i == 0);

		if (err == -EPERM || (err && geteuid() != 0)) {
			printf("SKIP %s: loading BPF needs root (CAP_BPF, CAP_PERFMON)\n",
			       cases[i].name);
			skipped++;
			continue;
		}
		CHECK(!err, "the verifier rejected a program: %s", strerror(-err));
		case_end(cases[i].name);
		case_failed = 0;
	}
	btf__free(vmlinux);
	return summary();
}
