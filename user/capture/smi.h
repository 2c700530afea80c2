/* SPDX-License-Identifier: GPL-2.0 */
/*
 * SMI counters: MSR_SMI_COUNT (0x34) of every CPU through the perf msr
 * PMU's "smi" event, which the BPF programs read around each piece of
 * work (bpf/core.bpf.h, at_smi_read) and user space reads for the
 * machine's total.  The PMU offers the event on Intel CPUs whose model the
 * kernel knows to have the MSR; elsewhere (AMD, unknown models) there is
 * none and SMI accounting is off, with the reason in why.
 */
#ifndef SMI_H
#define SMI_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#define SMI_MAX_CPUS	256

struct smi_counters {
	int ncpu;			/* fd[0..ncpu): one per possible CPU, -1 = offline */
	int fd[SMI_MAX_CPUS];
	uint64_t start[SMI_MAX_CPUS];	/* each counter when it was opened */
	bool on;			/* every online CPU's counter is open (a CPU
					 * onlined later has none: its records carry no smi) */
	char why[160];			/* why not, when !on */
};

/*
 * The perf event (type, config) of @root's msr PMU smi event: @root is ""
 * or a fake tree with sys/bus/event_source/devices/msr/{type,events/smi}.
 * 0, or -1 with a reason in @why.
 */
int smi_event(const char *root, uint32_t *type, uint64_t *config, char *why, size_t len);
/* Open the counters of CPUs 0..ncpu-1; s->on says whether all did. */
void smi_open(struct smi_counters *s, int ncpu);
/* Put the counters into the BPF perf event array @map_fd; 0 or -1. */
int smi_fill_map(const struct smi_counters *s, int map_fd);
/*
 * SMIs since smi_open: the largest delta over the CPUs (an SMI is
 * usually broadcast to every CPU, so a sum would count it once per CPU).
 * -1 when the counters are off.
 */
int64_t smi_total(const struct smi_counters *s);
void smi_close(struct smi_counters *s);

#endif
