/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What to do about spurious s2idle wakeups (docs/wake.md "Why did my laptop wake
 * up?"): when one GPE causes most of them, the remedy for it — the
 * embedded controller's GPE is kept from waking the machine with
 * acpi.ec_no_wakeup=1, any other GPE is masked in sysfs or at boot.  Shared
 * by trace's suspend records and stats.
 */
#ifndef ADVICE_H
#define ADVICE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Fewer spurious wakeups than this in all: too few to advise on. */
#define ADVICE_MIN_SPURIOUS	3

enum advice_ec {
	ADVICE_EC_NO = 0,	/* not the EC's GPE */
	ADVICE_EC_YES,		/* the EC's GPE */
	ADVICE_EC_UNKNOWN,	/* no way to tell (no debugfs, no method path) */
};

/*
 * The advice for a key (@source an enum at_source, @number its GPE) with
 * @n of @total spurious wakeups: true, with one line in @buf, when the key
 * dominates (more than half of at least ADVICE_MIN_SPURIOUS) and it is a
 * GPE (a fixed event or a GED interrupt has no such remedy).
 */
bool wake_advice(unsigned int source, unsigned int number, uint64_t n, uint64_t total,
		 enum advice_ec ec, char *buf, size_t len);
/*
 * Whether GPE @gpe is the EC's, by @ec_gpe_file (debugfs' ec0/gpe; NULL:
 * the real one), else by @has_method (-1 unknown: an EC GPE has none).
 */
enum advice_ec advice_gpe_is_ec(const char *ec_gpe_file, unsigned int gpe, int has_method);

#endif
