/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Wakeups per source and key, counted from suspend records in user space
 * (the wake source is decided there: capture/suspend_sysfs.c), exported
 * as acpitrace_wakeups_total and acpitrace_spurious_wakeups_total.
 */
#ifndef WAKEUPS_H
#define WAKEUPS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "acpitrace.h"

#define WAKEUPS_MAX 64	/* keys; more are counted in "other" */

struct wake_count {
	char source[16];
	char key[112];
	uint32_t src;		/* enum at_source of the spurious key (advice) */
	uint32_t number;	/* its GPE */
	uint64_t wakeups;
	uint64_t spurious;
};

struct wakeups {
	struct wake_count c[WAKEUPS_MAX];
	unsigned int n;
};

/* Count one suspend record: its wake source, and its spurious wakeups. */
void wakeups_add_record(struct wakeups *w, const struct at_event *e);
void wakeups_render(FILE *out, const struct wakeups *w);
/*
 * The advice for the key that causes most spurious wakeups so far, when it
 * dominates (diag/advice.c); false, @buf untouched, otherwise.
 * @ec_gpe_file: debugfs' ec0/gpe (NULL: the real one).
 */
bool wakeups_advice(const struct wakeups *w, const char *ec_gpe_file, char *buf, size_t len);

#endif
