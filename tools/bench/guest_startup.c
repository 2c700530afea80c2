// SPDX-License-Identifier: GPL-2.0
/*
 * The benchmarks measured in a guest (docs/performance.md): the guest runs
 * `bench spawn`, the host prints the figures.
 *
 *   bench guest-startup [-w VARIANT] ACPITRACE.txt BPFTRACE.txt [FULLBTF.txt FIRST.txt]
 *	benchmark 4 in the guest (host side): the "ms rss_kib" lines of
 *	`bench spawn` for acpitrace and bpftrace, paired line by line
 *	(interleaved starts).  Without bpftrace lines, acpitrace's figures
 *	alone.  -w wmi names the figures startup.guest.wmi and rss.guest.wmi:
 *	the guest with the wmi module loaded, where the startup target is the
 *	laptop case's 0.15x (issue 35) instead of 0.25x.
 */
#include <stdio.h>
#include "bench.h"
#include "bench_util.h"

/* "ms rss_kib" lines of `bench spawn`; the number read. */
static int read_spawn(const char *file, double *ms, double *kb, int max)
{
	FILE *f = fopen(file, "r");
	int n = 0;

	if (!f)
		return 0;
	while (n < max && fscanf(f, "%lf %lf", &ms[n], &kb[n]) == 2)
		n++;
	fclose(f);
	return n;
}

/* One measure's full-BTF line (against bpftrace where both ran) and first-start line. */
static void guest_extra_lines(const char *what, const char *unit, const double *full,
			      const double *ratio, int nf, int n, const double *first, int no)
{
	char name[64];
	struct figure f = { .unit = unit, .name = name };

	if (nf) {
		snprintf(name, sizeof(name), "%s.acp.fullbtf", what);
		f.ref = n ? "bpftrace" : "-";
		figure_set(&f, full, n ? ratio : NULL, n ? n : nf);
		figure_print(&f);
	}
	if (no) {
		snprintf(name, sizeof(name), "%s.acp.first", what);
		f.ref = "-";
		figure_set(&f, first, NULL, no);
		figure_print(&f);
	}
}

/*
 * The full-BTF starts (ACPITRACE_BTF_CACHE=off, interleaved) against
 * bpftrace's, and the first start (which made the cache file), as info.
 */
static void guest_startup_extra(const char *full_file, const char *first_file,
				const double *b_ms, const double *b_kb, int nb,
				const char *sname, const char *rname)
{
	enum { MAXR = 64 };
	double f_ms[MAXR], f_kb[MAXR], r_ms[MAXR], r_kb[MAXR], o_ms[MAXR], o_kb[MAXR];
	int nf = full_file ? read_spawn(full_file, f_ms, f_kb, MAXR) : 0;
	int no = first_file ? read_spawn(first_file, o_ms, o_kb, MAXR) : 0;
	int n = nf < nb ? nf : nb;

	for (int r = 0; r < n; r++) {
		r_ms[r] = f_ms[r] / b_ms[r];
		r_kb[r] = f_kb[r] / b_kb[r];
	}
	guest_extra_lines(sname, "ms", f_ms, r_ms, nf, n, o_ms, no);
	guest_extra_lines(rname, "KiB", f_kb, r_kb, nf, n, o_kb, no);
}

int cmd_guest_startup(const char *acp_file, const char *bpt_file, const char *full_file,
		      const char *first_file, const char *variant)
{
	char sname[48], rname[48];
	enum { MAXR = 64 };
	double a_ms[MAXR], a_kb[MAXR], b_ms[MAXR], b_kb[MAXR], r_ms[MAXR], r_kb[MAXR];
	int na = read_spawn(acp_file, a_ms, a_kb, MAXR);
	int nb = read_spawn(bpt_file, b_ms, b_kb, MAXR);
	int n = na < nb ? na : nb;

	if (!na) {
		fprintf(stderr, "bench guest-startup: no acpitrace starts in %s\n", acp_file);
		return 1;
	}
	for (int r = 0; r < n; r++) {
		r_ms[r] = a_ms[r] / b_ms[r];
		r_kb[r] = a_kb[r] / b_kb[r];
	}
	snprintf(sname, sizeof(sname), "startup.guest%s%s", variant ? "." : "", variant ?: "");
	snprintf(rname, sizeof(rname), "rss.guest%s%s", variant ? "." : "", variant ?: "");
	figure_pair(sname, "ms", variant ? 0.15 : 0.25, b_ms, n, a_ms, r_ms, na);
	figure_pair(rname, "KiB", 0.1, b_kb, n, a_kb, r_kb, na);
	guest_startup_extra(full_file, first_file, b_ms, b_kb, nb, sname, rname);
	return 0;
}
