// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark 7, storm cost (tools/bench/7-storm-guest; docs/performance.md).
 *
 *   bench storm [-r REPS] [-s SECONDS] -f READY_FILE -- CMD...     (guest)
 *	a GED interrupt storm at the guest's maximum rate: the i8042's
 *	"write keyboard output buffer" command (0xD2) puts a make code in
 *	the output buffer and raises IRQ 1, the GED's interrupt
 *	(tools/vm/acpi/ged.asl); the next one goes as soon as _EVT has read
 *	it.  Each repetition runs SECONDS of storm with CMD (an acpitrace
 *	tracer, ready when READY_FILE exists) and SECONDS without it, and
 *	prints one line per phase (each phase begins with BENCH_STORM_WARMUP
 *	seconds of storm, default 1, that are not measured: a tracer knows a
 *	key storms only after its first --storm-rate events, and what is
 *	measured is the cost during the storm):
 *	  with    SECONDS EVENTS KERNEL_NS ACP_NS ACP_INSIDE_NS
 *	  without SECONDS EVENTS KERNEL_NS 0 0
 *	KERNEL_NS is what storm.bpf.c timed around the GED's irq thread and
 *	the deferred ACPI work; ACP_NS the run time of every program of CMD
 *	(the kernel's BPF statistics, BPF_ENABLE_STATS), ACP_INSIDE_NS of
 *	those that run inside these windows (all but the two workqueue
 *	start/end tracepoints, which run around the work function).
 *
 *   bench storm-report STORM.txt                                    (host)
 *	acpitrace's in-kernel time per event against the kernel's own
 *	(KERNEL_NS less ACP_INSIDE_NS), per repetition; target 2 %.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/io.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "storm.skel.h"
#include "bench_util.h"
#include "bench.h"
#include "bench_common.h"

#define KBD_DATA	0x60
#define KBD_STATUS	0x64
#define KBD_OBF		0x01	/* output buffer full: _EVT has not read it yet */
#define KBD_WRITE_OBUF	0xD2
#define STORM_CODE	0x02	/* key 1: Notify (\_SB.SNK0, 0x80) */
#define SPIN_GAP	2000	/* loop turns between two reads of the status */

/* The GED's irq: the /proc/interrupts line naming "Ged"; 0 when none. */
static unsigned int ged_irq(void)
{
	FILE *f = fopen("/proc/interrupts", "r");
	char line[1024];
	unsigned int irq = 0;

	while (f && fgets(line, sizeof(line), f))
		if (strstr(line, "Ged") && sscanf(line, " %u:", &irq) == 1)
			break;
	if (f)
		fclose(f);
	return irq;
}

/* acpitrace's programs by their names' flavour prefix (bpf/hook_list.h) */
static bool acpitrace_prog(const char *name)
{
	static const char *const pfx[] = { "fe_", "fx_", "kp_", "kr_", "tp_" };

	for (size_t i = 0; i < sizeof(pfx) / sizeof(pfx[0]); i++)
		if (!strncmp(name, pfx[i], 3))
			return true;
	return false;
}

/* One program's statistics at the start of a measured phase. */
struct prog_snap {
	__u32 id;
	__u64 ns, runs;
};

#define SNAP_MAX	128

/*
 * Run time (ns) of acpitrace's programs so far: all, and those inside the
 * windows.  @snap (SNAP_MAX entries) is filled when @log is false, and with
 * @log each program's totals and what it added since @snap (the measured
 * phase: run time, runs, ns per run) go to stderr.
 */
static void acp_time(__u64 *all, __u64 *inside, bool log, struct prog_snap *snap)
{
	__u32 id = 0, n = 0;

	*all = *inside = 0;
	while (!bpf_prog_get_next_id(id, &id)) {
		struct bpf_prog_info info = {};
		__u32 len = sizeof(info);
		int fd = bpf_prog_get_fd_by_id(id);

		if (fd < 0)
			continue;
		if (!bpf_obj_get_info_by_fd(fd, &info, &len) && acpitrace_prog(info.name)) {
			if (!log && n < SNAP_MAX - 1)
				snap[n++] = (struct prog_snap){ id, info.run_time_ns, info.run_cnt };
			if (log) {
				__u64 ns = info.run_time_ns, runs = info.run_cnt;

				for (struct prog_snap *p = snap; p->id; p++)
					if (p->id == id) {
						ns -= p->ns;
						runs -= p->runs;
						break;
					}
				fprintf(stderr, "bench storm:   %-16s %12llu ns %9llu runs;"
					" phase %11llu ns %8llu runs %7.0f ns/run\n",
					info.name, (unsigned long long)info.run_time_ns,
					(unsigned long long)info.run_cnt, (unsigned long long)ns,
					(unsigned long long)runs, runs ? (double)ns / runs : 0.0);
			}
			*all += info.run_time_ns;
			if (strcmp(info.name, "tp_work_start") && strcmp(info.name, "tp_work_end"))
				*inside += info.run_time_ns;
		}
		close(fd);
	}
	if (!log)
		snap[n].id = 0;
}

/* The storm itself for @seconds; make codes written. */
static unsigned long storm(double seconds)
{
	double end = now_ns() + seconds * 1e9;
	unsigned long n = 0, spins = 0;

	while (now_ns() < end) {
		if (inb(KBD_STATUS) & KBD_OBF) {
			/*
			 * Not read yet: the kernel is still handling the last
			 * one.  Each port read takes QEMU's big lock, which
			 * the handling CPU needs too: look again a little later.
			 */
			for (volatile int i = 0; i < SPIN_GAP; i++)
				;
			if (++spins % 256 == 0 && now_ns() >= end)
				break;
			continue;
		}
		outb(KBD_WRITE_OBUF, KBD_STATUS);
		outb(STORM_CODE, KBD_DATA);
		n++;
	}
	return n;
}

/* One phase: "NAME SECONDS EVENTS KERNEL_NS ACP_NS ACP_INSIDE_NS". */
static void phase(struct storm_bpf *skel, const char *name, int seconds, bool acp)
{
	const char *w = getenv("BENCH_STORM_WARMUP");
	__u64 c0, k0, a0 = 0, i0 = 0, a1 = 0, i1 = 0;
	struct prog_snap snap[SNAP_MAX] = { { 0 } };
	unsigned long long iwi;
	unsigned long written;

	storm(w ? atof(w) : 1.0);	/* not measured: the storm is known by now */
	c0 = skel->bss->storm_count[0];
	k0 = skel->bss->storm_ns[0] + skel->bss->storm_ns[1];
	iwi = irq_work_count();

	if (acp)
		acp_time(&a0, &i0, false, snap);
	written = storm(seconds);
	usleep(200000);		/* the last event's handling ends */
	if (acp)
		acp_time(&a1, &i1, true, snap);
	printf("%s %d %llu %llu %llu %llu\n", name, seconds,
	       (unsigned long long)(skel->bss->storm_count[0] - c0),
	       (unsigned long long)(skel->bss->storm_ns[0] + skel->bss->storm_ns[1] - k0),
	       (unsigned long long)(a1 - a0), (unsigned long long)(i1 - i0));
	fprintf(stderr, "bench storm: %s: %lu codes written, %llu GED irq threads, %llu irq_work\n",
		name, written, (unsigned long long)(skel->bss->storm_count[0] - c0),
		irq_work_count() - iwi);
}

int cmd_storm(int reps, int seconds, const char *ready_file, char **argv)
{
	struct storm_bpf *skel;
	int stats_fd, ret = 1;
	unsigned int irq = ged_irq();

	if (!irq || !ready_file || ioperm(KBD_DATA, KBD_STATUS - KBD_DATA + 1, 1)) {
		fprintf(stderr, "bench storm: needs the GED fixture's irq (%u), -f READY_FILE "
			"and port access (%s)\n", irq, strerror(errno));
		return 1;
	}
	libbpf_set_print(silent_print);
	skel = storm_bpf__open();
	if (!skel)
		return 1;
	skel->rodata->storm_irq = irq;
	if (storm_bpf__load(skel) || storm_bpf__attach(skel)) {
		fprintf(stderr, "bench storm: loading the timing programs: %s\n", strerror(errno));
		goto out;
	}
	stats_fd = bpf_enable_stats(BPF_STATS_RUN_TIME);
	if (stats_fd < 0) {
		fprintf(stderr, "bench storm: BPF_ENABLE_STATS: %s\n", strerror(errno));
		goto out;
	}
	pin(1);
	for (int r = 0; r < reps; r++) {
		struct child c;

		unlink(ready_file);
		if (child_start(&c, argv, ready_file, 0, 120)) {
			fprintf(stderr, "bench storm: %s: %s\n", argv[0], c.error);
			goto out_stats;
		}
		sleep(1);
		phase(skel, "with", seconds, true);
		child_stop(&c);
		sleep(1);
		phase(skel, "without", seconds, false);
	}
	ret = 0;
out_stats:
	close(stats_fd);
out:
	storm_bpf__destroy(skel);
	return ret;
}

int cmd_storm_report(const char *file)
{
	enum { MAXR = 64 };
	double rate[MAXR], own[MAXR], acp[MAXR], ratio[MAXR], bare[MAXR], added[MAXR];
	double bare_med;
	int nw = 0, nb = 0;
	char name[16];
	double secs, ev, kns, ans, ins;
	struct figure f = { .ref = "-" };
	FILE *fp = fopen(file, "r");

	if (!fp) {
		perror(file);
		return 1;
	}
	while (fscanf(fp, "%15s %lf %lf %lf %lf %lf", name, &secs, &ev, &kns, &ans, &ins) == 6) {
		if (ev <= 0 || secs <= 0)
			continue;
		if (!strcmp(name, "with") && nw < MAXR) {
			rate[nw] = ev / secs;
			own[nw] = (kns - ins) / ev;
			acp[nw] = ans / ev;
			ratio[nw] = ans / (kns - ins);
			added[nw] = kns / ev;	/* made relative below */
			nw++;
		} else if (!strcmp(name, "without") && nb < MAXR) {
			bare[nb++] = kns / ev;
		}
	}
	fclose(fp);
	if (!nw || !nb) {
		fprintf(stderr, "bench storm-report: %d phases with acpitrace, %d without in %s\n",
			nw, nb, file);
		return 1;
	}
	f.name = "storm.rate";
	f.unit = "events/s";
	figure_set(&f, rate, NULL, nw);
	figure_print(&f);
	f.unit = "ns/event";
	f.name = "storm.kernel.bare";
	figure_set(&f, bare, NULL, nb);
	figure_print(&f);
	f.name = "storm.kernel.own";
	f.ref = "-";
	figure_set(&f, own, NULL, nw);
	figure_print(&f);
	f.name = "storm.acpitrace";
	f.ref = "kernel's own";
	f.target = 0.02;
	figure_set(&f, acp, ratio, nw);
	figure_print(&f);
	/* everything tracing adds (trampolines too) against the phase without it */
	bare_med = median(bare, nb);
	for (int r = 0; r < nw; r++) {
		double a = added[r];

		added[r] = a - bare_med;
		ratio[r] = added[r] / bare_med;
	}
	f.name = "storm.handling.added";
	f.ref = "bare handling";
	f.target = 0;
	figure_set(&f, added, ratio, nw);
	figure_print(&f);
	return 0;
}
