/* SPDX-License-Identifier: GPL-2.0 */
/*
 * EC RAM fields as Prometheus gauges (--ec-gauge NAME[,NAME...] on trace
 * and run): each named field of the firmware's EC region (acpi/ec_fields.h)
 * read from debugfs ec0/io at each scrape and textfile write, its bytes
 * only (one EC transaction a byte).  Fans, temperatures, battery registers:
 *
 *   acpitrace_ec_field{field="FAN1",path="\\_SB.PCI0.LPCB.EC0.FAN1"} 4660
 *
 * A field that cannot be read is left out of that scrape and counted in
 * acpitrace_ec_field_read_errors_total.  Names: docs/metrics.md.
 */
#ifndef EC_GAUGES_H
#define EC_GAUGES_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "acpi/ec_fields.h"

struct ec_gauges {
	struct ec_map map;
	size_t idx[32];		/* the fields, in the order named */
	size_t n;
	const char *io;
	uint64_t errors;	/* failed reads (atomic: scrapes and the tick) */
};

#define EC_GAUGES_MAX	32

/*
 * Resolve @names (comma-separated, as `ec read` takes them) in @tables and
 * keep @io: 0, or -1 with @why (no such field, ambiguous, over 64 bits,
 * past the EC's 256 bytes, tables unreadable).
 */
int ec_gauges_open(struct ec_gauges *g, const char *names, const char *tables, const char *io,
		   char *why, size_t whylen);
/* Read every field now and write the series (any thread). */
void ec_gauges_render(FILE *out, struct ec_gauges *g);
void ec_gauges_close(struct ec_gauges *g);

#endif
