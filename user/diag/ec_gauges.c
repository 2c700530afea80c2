// SPDX-License-Identifier: GPL-2.0
/* diag/ec_gauges.h: EC fields as Prometheus gauges. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "diag/ec_gauges.h"
#include "diag/metrics.h"
#include "acpi/ec_ram.h"

int ec_gauges_open(struct ec_gauges *g, const char *names, const char *tables, const char *io,
		   char *why, size_t whylen)
{
	char *copy, *save = NULL;
	int rc = 0;

	memset(g, 0, sizeof(*g));
	g->io = io;
	ec_map_init(&g->map);
	if (ec_map_load(&g->map, tables) < 0) {
		snprintf(why, whylen, "%s", g->map.why);
		ec_map_free(&g->map);
		return -1;
	}
	if (!(copy = strdup(names))) {
		snprintf(why, whylen, "out of memory");
		ec_map_free(&g->map);
		return -1;
	}
	for (char *p = strtok_r(copy, ",", &save); p && !rc; p = strtok_r(NULL, ",", &save)) {
		long i = ec_map_find(&g->map, p, why, whylen);
		const struct ec_field *f = i >= 0 ? &g->map.f[i] : NULL;

		if (!f) {
			rc = -1;
		} else if (f->width > 64) {
			snprintf(why, whylen, "%s: %u bits; a gauge holds up to 64", f->path, f->width);
			rc = -1;
		} else if (ec_field_last(f) >= EC_RAM_SIZE) {
			snprintf(why, whylen, "%s: at 0x%" PRIx64 ", past the EC's 256 bytes of RAM",
				 f->path, ec_field_first(f));
			rc = -1;
		} else if (g->n == EC_GAUGES_MAX) {
			snprintf(why, whylen, "more than %d fields", EC_GAUGES_MAX);
			rc = -1;
		} else {
			g->idx[g->n++] = (size_t)i;
		}
	}
	free(copy);
	if (rc || !g->n) {
		if (!rc)
			snprintf(why, whylen, "no field named");
		ec_gauges_close(g);
		return -1;
	}
	return 0;
}

void ec_gauges_render(FILE *out, struct ec_gauges *g)
{
	uint8_t b[8 + 1];
	char why[256];

	fputs("# HELP acpitrace_ec_field An EC RAM field the firmware's EC region names "
	      "(--ec-gauge), read at each scrape.\n# TYPE acpitrace_ec_field gauge\n", out);
	for (size_t k = 0; k < g->n; k++) {
		const struct ec_field *f = &g->map.f[g->idx[k]];
		uint64_t first = ec_field_first(f), n = ec_field_last(f) - first + 1, v;

		int got = ec_ram_read_at(g->io, first, b, n, why, sizeof(why));

		if (got >= 0 && got != (int)n)
			snprintf(why, sizeof(why), "%s: %d of %d bytes at 0x%02x", g->io, got, (int)n,
				 (unsigned int)first);
		if (got != (int)n || ec_field_value(f, b, first, n, &v)) {
			fputs("# acpitrace: ", out);
			metrics_escape_label(out, why);
			fputc('\n', out);
			__atomic_add_fetch(&g->errors, 1, __ATOMIC_RELAXED);
			continue;
		}
		fputs("acpitrace_ec_field{field=\"", out);
		metrics_escape_label(out, f->name);
		fputs("\",path=\"", out);
		metrics_escape_label(out, f->path);
		fprintf(out, "\"} %" PRIu64 "\n", v);
	}
	fprintf(out, "# HELP acpitrace_ec_field_read_errors_total Reads of --ec-gauge fields that "
		"failed (the EC did not answer).\n# TYPE acpitrace_ec_field_read_errors_total counter\n"
		"acpitrace_ec_field_read_errors_total %" PRIu64 "\n",
		__atomic_load_n(&g->errors, __ATOMIC_RELAXED));
}

void ec_gauges_close(struct ec_gauges *g)
{
	ec_map_free(&g->map);
	g->n = 0;
}
