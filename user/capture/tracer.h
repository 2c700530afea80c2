/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A loaded and attached acpitrace BPF object: the piece every command
 * that captures events (trace, run, stats, top) starts from.
 */
#ifndef TRACER_H
#define TRACER_H

#include <stdio.h>
#include "acpitrace.h"
#include "capture/attach.h"
#include "capture/kernel.h"
#include "capture/btf_cache.h"
#include "acpi/acpi_sysfs.h"
#include "capture/verifier_stats.h"
#include "capture/smi.h"

/* Storm detector tunables; 0 = the default in bpf/stats.h. */
struct storm_cfg {
	uint64_t rate;		/* events/s per key */
	uint64_t window_ms;
	uint64_t end_pct;
	uint32_t sources;	/* bit per enum at_source */
	bool off;
	bool no_shed;		/* keep every record of a storming key (bpf/shed.bpf.h) */
};

struct tracer_opts {
	struct attach_opts attach;
	struct at_filter filter;
	unsigned int rate_limit;
	struct storm_cfg storm;
	bool policy;		/* load the dispatch policy matcher (run) */
	bool verifier_stats;	/* keep the verifier's figures (--verbose) */
	uint32_t watch[AT_WATCH_MAX];	/* method names recorded with their */
	unsigned int nwatch;		/* result (attach.watch_methods) */
};

/* A module's hooks attached after start, from their own copy of the object. */
struct late_module {
	char name[32];
	struct acpitrace_bpf *skel;	/* its maps are the tracer's */
	struct bpf_link *links[8];
	int nlinks;
};

#define TRACER_LATE_MAX 4

struct tracer {
	struct kernel_info k;
	enum force_mode force;	/* the attach mode in effect (after any fallback) */
	struct late_module late[TRACER_LATE_MAX];
	struct plan plan;
	struct acpitrace_bpf *skel;
	struct acpi_sysfs sys;	/* names keys by GUID where the kernel gave a path */
	char error[512];
	double load_ms, attach_ms;	/* verifier + load, and attach (--verbose) */
	struct vstats vstats;	/* per program, with o->verifier_stats */
	struct smi_counters smi;	/* SMI counters the programs read (capture/smi.c) */
	struct btf_core core;	/* minimised CO-RE BTF while loading (capture/btf_cache.h) */
	bool core_full;		/* it failed once: the full vmlinux BTF */
	bool compat;		/* the build without fetch atomics (capture/skel.h) */
	/*
	 * The policy's matcher runs in the kernel, which keeps what no rule
	 * acts on and counts hits there.  Off with the compat build: 5.10's
	 * verifier, walking the matcher inside every hook, took minutes in
	 * a TCG guest; every record then leaves the kernel and run decides
	 * and counts in user space.
	 */
	bool kernel_match;
};

/* The kernel maps diag/health.c reads: the tracer's, by file descriptor. */
struct stats_maps {
	int counters, key_state, key_counts, hists, ec_health, overflow;
	/* optional: on 6.1 the kernel only knows a WMI event's device path */
	const struct acpi_sysfs *sys;
	/* optional: the machine's SMI counters (stats_snap.smi_total) */
	const struct smi_counters *smi;
};

/* 0 when at least one hook attached; otherwise -1 and t->error says why. */
int tracer_open(struct tracer *t, const struct tracer_opts *o);
void tracer_close(struct tracer *t);
/*
 * Load (never attach) the programs @o selects on this kernel, keeping the
 * verifier's figures per program in t->vstats (acpitrace probe -v).
 * 0, or -1 with t->error; tracer_close() releases it either way.
 */
int tracer_verify(struct tracer *t, const struct tracer_opts *o);
/* Sum the per-CPU counters of every source. */
int tracer_counters(struct tracer *t, struct at_counters out[AT_SRC_MAX]);
int tracer_ringbuf_fd(struct tracer *t);
/* The kernel's at_rb_polled_until for ring_drain (bpf/core.bpf.h); NULL without a mapped .bss. */
volatile uint64_t *tracer_rb_polled_until(struct tracer *t);
/* Replace the set of watched method names (ACPICA 4-byte names). */
int tracer_watch_methods(struct tracer *t, const uint32_t *names, unsigned int n);
/*
 * Re-evaluate storming keys in the kernel (ends storms that stopped dead);
 * call about once a second while tracing.
 */
int tracer_sweep(struct tracer *t);
void tracer_stats_maps(struct tracer *t, struct stats_maps *m);
uint64_t tracer_storm_rate(struct tracer *t);
/*
 * Attach the hooks of kernel module @module, loaded since tracer_open
 * (capture/modattach.c).  A copy of the BPF object that shares every map
 * with the running one loads only that module's programs: kprobes when
 * the kernel allows them, since an fentry link holds a reference on the
 * module and would make rmmod fail.  The number of hooks attached (0:
 * t->error says why); tracer_detach_module() undoes it and also drops
 * start-time links of the module's hooks.  Both update t->plan.
 */
unsigned int tracer_attach_module(struct tracer *t, const char *module);
unsigned int tracer_detach_module(struct tracer *t, const char *module);
/* Some hook of @module is attached. */
bool tracer_module_attached(const struct tracer *t, const char *module);
/* Some hook of @module was skipped at start because it was not loaded. */
bool tracer_module_absent(const struct tracer *t, const char *module);

/* Explain why nothing can attach on this kernel: an error of command @cmd (lib/errmsg.h). */
void tracer_explain_refusal(const struct kernel_info *k, const char *cmd);

#endif
