// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/perf_event.h>
#include <sys/syscall.h>
#include <bpf/bpf.h>
#include "capture/smi.h"
#include "lib/sysfs_file.h"

#define MSR_PMU "/sys/bus/event_source/devices/msr"

int smi_event(const char *root, uint32_t *type, uint64_t *config, char *why, size_t len)
{
	char path[512], line[128], *end;
	unsigned long long v;
	long t;

	snprintf(path, sizeof(path), "%s" MSR_PMU "/type", root);
	if (sysfs_read_long(path, &t) || t < 0 || t > UINT32_MAX) {
		snprintf(why, len, "no perf msr PMU (%s)", path);
		return -1;
	}
	snprintf(path, sizeof(path), "%s" MSR_PMU "/events/smi", root);
	if (sysfs_read_line(path, line, sizeof(line))) {
		snprintf(why, len, "the msr PMU has no smi event (%s): not an Intel CPU "
			 "the kernel knows to count SMIs", path);
		return -1;
	}
	/* "event=0x04": the only term the msr PMU's events have */
	if (strncmp(line, "event=", 6)) {
		snprintf(why, len, "%s: expected event=N, got '%.40s'", path, line);
		return -1;
	}
	errno = 0;
	v = strtoull(line + 6, &end, 0);
	if (errno || end == line + 6 || *end) {
		snprintf(why, len, "%s: expected event=N, got '%.40s'", path, line);
		return -1;
	}
	*type = (uint32_t)t;
	*config = v;
	return 0;
}

static int open_cpu(uint32_t type, uint64_t config, int cpu)
{
	struct perf_event_attr a = {
		.type = type,
		.size = sizeof(a),
		.config = config,
	};

	return (int)syscall(SYS_perf_event_open, &a, -1, cpu, -1, PERF_FLAG_FD_CLOEXEC);
}

static bool read_counter(int fd, uint64_t *v)
{
	return fd >= 0 && read(fd, v, sizeof(*v)) == (ssize_t)sizeof(*v);
}

void smi_open(struct smi_counters *s, int ncpu)
{
	uint32_t type;
	uint64_t config;

	memset(s, 0, sizeof(*s));
	s->ncpu = ncpu < 0 ? 0 : ncpu > SMI_MAX_CPUS ? SMI_MAX_CPUS : ncpu;
	for (int i = 0; i < SMI_MAX_CPUS; i++)
		s->fd[i] = -1;
	if (smi_event("", &type, &config, s->why, sizeof(s->why)))
		return;
	for (int i = 0; i < s->ncpu; i++) {
		s->fd[i] = open_cpu(type, config, i);
		/* a possible CPU that is not online (maxcpus, hotplug) has none */
		if (s->fd[i] < 0 && i && (errno == ENODEV || errno == EINVAL))
			continue;
		if (s->fd[i] < 0) {
			snprintf(s->why, sizeof(s->why), "perf_event_open(msr/smi/, cpu %d): %s",
				 i, strerror(errno));
			smi_close(s);
			return;
		}
		read_counter(s->fd[i], &s->start[i]);
	}
	s->on = true;
}

int smi_fill_map(const struct smi_counters *s, int map_fd)
{
	for (int i = 0; s->on && i < s->ncpu; i++) {
		uint32_t k = i, fd = s->fd[i];

		if (s->fd[i] >= 0 && bpf_map_update_elem(map_fd, &k, &fd, BPF_ANY))
			return -1;
	}
	return 0;
}

int64_t smi_total(const struct smi_counters *s)
{
	uint64_t v, best = 0;

	if (!s->on)
		return -1;
	for (int i = 0; i < s->ncpu; i++)
		if (read_counter(s->fd[i], &v) && v - s->start[i] > best)
			best = v - s->start[i];
	return (int64_t)best;
}

void smi_close(struct smi_counters *s)
{
	/* up to ncpu only: a zeroed struct (never opened) closes nothing */
	for (int i = 0; i < s->ncpu; i++) {
		if (s->fd[i] >= 0)
			close(s->fd[i]);
		s->fd[i] = -1;
	}
	s->on = false;
}
