// SPDX-License-Identifier: GPL-2.0
/* --mask-storms: disabling a storming GPE through sysfs, and undoing it. */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>
#include "diag/storm_mask.h"
#include "capture/storm_record.h"


/* O_WRONLY without O_CREAT: a GPE sysfs lacks is an error, not a new file. */
static int write_gpe(const char *dir, unsigned int gpe, const char *what, char *err,
		     size_t errlen)
{
	char path[512], line[16];
	int fd, n = snprintf(line, sizeof(line), "%s\n", what);

	snprintf(path, sizeof(path), "%s/gpe%02X", dir ? dir : SYSFS_INTERRUPTS, gpe);
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0 || write(fd, line, n) != n) {
		snprintf(err, errlen, "cannot write '%s' to %s: %s", what, path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return close(fd);
}

int storm_mask_gpe(struct storm_mask *m, unsigned int gpe, char *err, size_t errlen)
{
	for (unsigned int i = 0; i < m->n; i++)
		if (m->gpe[i] == gpe)
			return 0;
	if (m->n == STORM_MAX_MASKED) {
		snprintf(err, errlen, "already %d GPEs masked; not masking GPE 0x%02X",
			 STORM_MAX_MASKED, gpe);
		return -1;
	}
	if (write_gpe(m->dir, gpe, "disable", err, errlen))
		return -1;
	m->gpe[m->n++] = gpe;
	return 0;
}

int storm_mask_restore(struct storm_mask *m, FILE *log)
{
	char err[600];
	int failed = 0;

	for (unsigned int i = 0; i < m->n; i++) {
		if (write_gpe(m->dir, m->gpe[i], "enable", err, sizeof(err))) {
			fprintf(log, "acpitrace: restoring GPE 0x%02X failed: %s\n", m->gpe[i], err);
			failed++;
		} else {
			fprintf(log, "acpitrace: GPE 0x%02X re-enabled (was masked by --mask-storms)\n",
				m->gpe[i]);
		}
	}
	m->n = 0;
	return failed;
}
