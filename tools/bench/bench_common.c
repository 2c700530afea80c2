// SPDX-License-Identifier: GPL-2.0
/*
 * What the benchmark commands share (bench_common.h): the bench object's
 * loader, libbpf's quiet print, CPU pinning, the clock, the bpftrace
 * program and the irq_work count.  It calls none of the commands, so each
 * command file depends on it and never the other way round.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <bpf/libbpf.h>
#include "acpitrace.h"
#include "bench.skel.h"
#include "bench_common.h"
#include "capture/btf_cache.h"

int drain_cb(void *ctx, void *data, size_t size)
{
	(void)data;
	(void)size;
	(*(unsigned long *)ctx)++;
	return 0;
}

int silent_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (level == LIBBPF_WARN && getenv("BENCH_VERBOSE"))
		return vfprintf(stderr, fmt, ap);
	return 0;
}

bool bench_proto_tp;

struct bench_bpf *bench_open_load(bool with_tp)
{
	/*
	 * The tracepoint tracer loads as `trace` loads a plan without fentry:
	 * CO-RE against the cached minimised BTF (capture/btf_cache.c;
	 * ACPITRACE_BTF_CACHE=off for the full vmlinux BTF, or another
	 * directory).  The loops keep the full BTF, as before.
	 */
	struct btf_core core = { .fd = -1 };
	struct bpf_program *prog;
	struct bench_bpf *skel;
	size_t len;
	const void *obj = bench_bpf__elf_bytes(&len);

	if (with_tp)
		btf_core_prepare(&core, NULL, NULL, obj, len);
	LIBBPF_OPTS(bpf_object_open_opts, oo, .btf_custom_path = core.path[0] ? core.path : NULL);
	skel = bench_bpf__open_opts(&oo);
	if (!skel) {
		fprintf(stderr, "bench: cannot open the BPF object: %s\n", strerror(errno));
		btf_core_release(&core);
		return NULL;
	}
	/* a tracer loads only its hook; the timed loops only the loops */
	bpf_object__for_each_program(prog, skel->obj)
		bpf_program__set_autoload(prog, !with_tp);
	bpf_program__set_autoload(skel->progs.bench_tp, with_tp);
	bpf_program__set_autoload(skel->progs.bench_tp_proto, with_tp && bench_proto_tp);
	/*
	 * The dispatch matcher is verified only when at_policy_loaded is set
	 * (acpitrace run): the loops keep measuring the capture core with its
	 * policy verdict, as run executes it; the tracepoint tracer loads
	 * what trace loads (a verdict that always passes, pruned).
	 */
	skel->rodata->at_policy_loaded = !with_tp;
	/* BENCH_RING_MIB: another ring buffer size, to see what the tight loop's delivery needs */
	if (getenv("BENCH_RING_MIB"))
		bpf_map__set_max_entries(skel->maps.events, atoi(getenv("BENCH_RING_MIB")) << 20);
	if (bench_bpf__load(skel)) {
		fprintf(stderr, "bench: loading the BPF programs failed: %s\n", strerror(errno));
		btf_core_release(&core);
		bench_bpf__destroy(skel);
		return NULL;
	}
	btf_core_release(&core);
	return skel;
}

void pin(int cpu)
{
	cpu_set_t set;

	if (cpu >= sysconf(_SC_NPROCESSORS_ONLN))
		return;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	sched_setaffinity(0, sizeof(set), &set);
}

double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

/* The bpftrace program that does the capture core's job on getppid(). */
const char bpftrace_script[] =
	"tracepoint:syscalls:sys_enter_getppid {\n"
	"  @[comm] = count();\n"
	"  printf(\"%llu %u %u %s \\\\_SB.PCI0.S10.LCD 0x86\\n\", nsecs, cpu, tid, comm);\n"
	"}\n"
	"BEGIN { printf(\"ready\\n\"); }\n";

/*
 * IRQ work interrupts so far, all CPUs (/proc/interrupts "IWI"): a ring
 * buffer wakeup is one, a load-independent count of what the wakeups cost.
 */
unsigned long long irq_work_count(void)
{
	FILE *f = fopen("/proc/interrupts", "r");
	char line[4096];
	unsigned long long sum = 0;

	while (f && fgets(line, sizeof(line), f)) {
		char *p = line, *end;

		while (*p == ' ')
			p++;
		if (strncmp(p, "IWI:", 4))
			continue;
		p += 4;
		for (unsigned long long v; (v = strtoull(p, &end, 10)), end != p; p = end)
			sum += v;
	}
	if (f)
		fclose(f);
	return sum;
}
