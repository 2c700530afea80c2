// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "acpi/irq_owner.h"
#include "acpi/acpi_path.h"
#include "lib/sysfs_file.h"

#define PNP_BUS		"/sys/bus/pnp/devices"
#define ACPI_BUS	"/sys/bus/acpi/devices"
#define PNP_MAX		128

struct pnp_irq {
	unsigned int irq;
	char path[160];
};

/* Whether the comma-separated handler list @list names @name. */
static int has_handler(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; *p; ) {
		p += strspn(p, ", ");
		if (!strncmp(p, name, n) && (p[n] == '\0' || p[n] == ','))
			return 1;
		p += strcspn(p, ",");
	}
	return 0;
}

/* The IRQs of each PNP device's resources, with its ACPI path. */
static unsigned int read_pnp(const char *root, struct pnp_irq *out, unsigned int max)
{
	struct sysfs_dir d;
	const char *name;
	unsigned int n = 0;

	if (sysfs_dir_open(&d, root, PNP_BUS))
		return 0;
	while ((name = sysfs_dir_next(&d)) && n < max) {
		char file[4400], path[160], line[128];
		FILE *f;

		snprintf(file, sizeof(file), "%s/%s/firmware_node/path", d.path, name);
		if (sysfs_read_line(file, path, sizeof(path)) || path[0] != '\\')
			continue;	/* not ACPI-enumerated */
		snprintf(file, sizeof(file), "%s/%s/resources", d.path, name);
		f = fopen(file, "re");
		if (!f)
			continue;
		while (fgets(line, sizeof(line), f) && n < max) {
			char *end;
			unsigned long irq;

			/* "irq 8"; "irq 8 disabled" is not in use */
			if (strncmp(line, "irq ", 4))
				continue;
			errno = 0;
			irq = strtoul(line + 4, &end, 10);
			if (errno || end == line + 4 || irq > 100000 || (*end != '\n' && *end))
				continue;
			out[n].irq = irq;
			snprintf(out[n].path, sizeof(out[n].path), "%s", path);
			n++;
		}
		fclose(f);
	}
	sysfs_dir_close(&d);
	return n;
}

/* The path of the one GED (ACPI0013), "" when there is none or several. */
static void ged_path(const char *root, char *out, size_t len)
{
	struct sysfs_dir d;
	const char *name;
	int n = 0;

	out[0] = '\0';
	if (sysfs_dir_open(&d, root, ACPI_BUS))
		return;
	while ((name = sysfs_dir_next(&d))) {
		char file[4400];

		if (strncmp(name, "ACPI0013:", 9))
			continue;
		snprintf(file, sizeof(file), "%s/%s/path", d.path, name);
		if (n++ || sysfs_read_line(file, out, len))
			out[0] = '\0';
	}
	sysfs_dir_close(&d);
}

/*
 * One line of /proc/interrupts: "  8:   0   IO-APIC   8-edge      rtc0".
 * The IRQ and its handlers' names (after the last run of two spaces);
 * false for the header and the lines of named IRQs (NMI:, LOC:...).
 */
static int parse_line(char *line, unsigned int *irq, const char **names)
{
	char *end, *p = line + strspn(line, " "), *last;
	unsigned long n;

	errno = 0;
	n = strtoul(p, &end, 10);
	if (errno || end == p || *end != ':' || n > 100000)
		return 0;
	line[strcspn(line, "\n")] = '\0';
	last = strstr(end, "  ");
	while (last && strstr(last + 2, "  "))
		last = strstr(last + 2, "  ");
	if (!last)
		return 0;
	*irq = n;
	*names = last + strspn(last, " ");
	return **names != '\0';
}

int irq_owners_resolve(const char *root, struct irq_owners *out, char *err, size_t len)
{
	struct pnp_irq *pnp = calloc(PNP_MAX, sizeof(*pnp));
	unsigned int npnp;
	char file[512], line[4096], ged[160];
	FILE *f;

	memset(out, 0, sizeof(*out));
	snprintf(file, sizeof(file), "%s/proc/interrupts", root);
	f = fopen(file, "re");
	if (!f || !pnp) {
		snprintf(err, len, "%s: %s", file, strerror(f ? ENOMEM : errno));
		if (f)
			fclose(f);
		free(pnp);
		return -1;
	}
	npnp = read_pnp(root, pnp, PNP_MAX);
	ged_path(root, ged, sizeof(ged));
	while (fgets(line, sizeof(line), f) && out->n < AT_IRQ_WATCH_MAX) {
		struct irq_owner *o = &out->o[out->n];
		const char *names;
		unsigned int irq;

		if (!parse_line(line, &irq, &names))
			continue;
		memset(o, 0, sizeof(*o));
		o->irq = irq;
		snprintf(o->handlers, sizeof(o->handlers), "%s", names);
		if (has_handler(names, "acpi"))
			o->flags |= AT_IRQ_SCI;
		if (has_handler(names, "ACPI:Ged")) {
			o->flags |= AT_IRQ_GED;
			snprintf(o->path, sizeof(o->path), "%s", ged);
		}
		for (unsigned int i = 0; i < npnp && !o->path[0] && !o->flags; i++)
			if (pnp[i].irq == irq)
				snprintf(o->path, sizeof(o->path), "%s", pnp[i].path);
		if (o->flags || o->path[0])
			out->n++;
	}
	fclose(f);
	free(pnp);
	return 0;
}

void irq_owner_bpf_path(const struct irq_owner *o, struct at_path *p)
{
	uint32_t segs[AT_PATH_SEGS];
	const char *err;
	int prefix, n;

	memset(p, 0, sizeof(*p));
	if (!o->path[0])
		return;
	n = acpi_path_parse(o->path, segs, AT_PATH_SEGS, &prefix, &err);
	if (n <= 0 || prefix)
		return;
	for (int i = 0; i < n; i++)
		p->seg[i] = segs[n - 1 - i];
	p->depth = n;
}

void suspend_irq_owner(const char *interrupts, unsigned int irq, char *buf, size_t len)
{
	FILE *f = fopen(interrupts, "re");
	char line[1024];

	buf[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *end, *p = line + strspn(line, " ");
		unsigned long n = strtoul(p, &end, 10);
		char *last;

		if (end == p || *end != ':' || n != irq)
			continue;
		/* the handlers' names follow the last counter and chip columns */
		line[strcspn(line, "\n")] = '\0';
		last = strstr(end, "  ");
		while (last && strstr(last + 2, "  "))
			last = strstr(last + 2, "  ");
		if (last)
			snprintf(buf, len, "%s", last + strspn(last, " "));
		break;
	}
	fclose(f);
}
