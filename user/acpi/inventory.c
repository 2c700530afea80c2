// SPDX-License-Identifier: GPL-2.0
/*
 * acpi/inventory.h: the firmware's devices, WMI blocks, GPEs, EC and
 * thermal zones from sysfs.  Files are read with the one-line reader;
 * a directory that cannot be opened marks its section with the reason.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "acpi/inventory.h"
#include "acpi/acpi_path.h"
#include "acpi/aml_scan.h"
#include "acpi/ec_ram.h"
#include "acpi/wmi_owner.h"
#include "lib/sysfs_file.h"

static void *grow(void *arr, size_t n, size_t size)
{
	if (n & (n - 1) && n)	/* grow on powers of two */
		return arr;
	return realloc(arr, (n ? n * 2 : 8) * size);
}

/* Open root@dir for a section; false (and the reason) when it cannot be. */
static bool section_open(struct inv_section *s, struct sysfs_dir *d, const char *root,
			 const char *dir, const char *missing)
{
	snprintf(s->where, sizeof(s->where), "%s", dir);
	errno = 0;
	if (!sysfs_dir_open(d, root, dir))
		return true;
	if (errno == EACCES || errno == EPERM) {
		s->status = INV_NO_PERMISSION;
		snprintf(s->why, sizeof(s->why), "%s: permission denied (run as root)", dir);
	} else {
		s->status = INV_MISSING;
		snprintf(s->why, sizeof(s->why), "%s: %s", dir, missing);
	}
	return false;
}

static int read_in(const char *dir, const char *name, const char *file, char *buf, size_t len)
{
	char p[PATH_MAX];

	buf[0] = '\0';
	if (snprintf(p, sizeof(p), "%s/%s/%s", dir, name, file) >= (int)sizeof(p))
		return -1;
	if (sysfs_read_line(p, buf, len)) {
		buf[0] = '\0';
		return -1;
	}
	return 0;
}

static void driver_in(const char *dir, const char *name, char *out, size_t len)
{
	char link[PATH_MAX];

	out[0] = '\0';
	if (snprintf(link, sizeof(link), "%s/%s/driver", dir, name) < (int)sizeof(link))
		sysfs_link_name(link, out, len);
	/*
	 * Drivers that newer kernels turned into platform drivers (7.x:
	 * thermal zones, buttons) bind the ACPI device's physical node.
	 */
	if (!out[0] &&
	    snprintf(link, sizeof(link), "%s/%s/physical_node/driver", dir, name) < (int)sizeof(link))
		sysfs_link_name(link, out, len);
}

/* "acpi:HID:CID1:CID2:" -> "CID1,CID2" */
static void cids_of(const char *modalias, const char *hid, char *out, size_t len)
{
	const char *p = modalias;
	size_t used = 0;

	out[0] = '\0';
	if (strncmp(p, "acpi:", 5))
		return;
	p += 5;
	while (*p) {
		size_t n = strcspn(p, ":");

		if (n && !(strlen(hid) == n && !strncmp(p, hid, n)) && used + n + 2 < len) {
			used += snprintf(out + used, len - used, "%s%.*s", used ? "," : "", (int)n, p);
		}
		p += n;
		if (*p == ':')
			p++;
	}
}

static int dev_cmp(const void *a, const void *b)
{
	return strcmp(((const struct inv_dev *)a)->name, ((const struct inv_dev *)b)->name);
}

static void load_devs(struct inventory *inv, const char *root)
{
	struct sysfs_dir d;
	const char *name;
	char buf[256];

	if (!section_open(&inv->devs_s, &d, root, "/sys/bus/acpi/devices",
			  "missing (a kernel without ACPI)"))
		return;
	while ((name = sysfs_dir_next(&d))) {
		struct inv_dev *v;
		void *n = grow(inv->devs, inv->ndevs, sizeof(*inv->devs));

		if (!n)
			break;
		inv->devs = n;
		v = &inv->devs[inv->ndevs];
		memset(v, 0, sizeof(*v));
		if (snprintf(v->name, sizeof(v->name), "%s", name) >= (int)sizeof(v->name))
			continue;
		if (!read_in(d.path, name, "path", buf, sizeof(buf)) &&
		    acpi_path_normalize(buf, v->path, sizeof(v->path)))
			v->path[0] = '\0';
		read_in(d.path, name, "hid", v->hid, sizeof(v->hid));
		if (!read_in(d.path, name, "modalias", buf, sizeof(buf)))
			cids_of(buf, v->hid, v->cids, sizeof(v->cids));
		read_in(d.path, name, "uid", v->uid, sizeof(v->uid));
		v->status = read_in(d.path, name, "status", buf, sizeof(buf)) ? -1 : strtol(buf, NULL, 10);
		driver_in(d.path, name, v->driver, sizeof(v->driver));
		inv->ndevs++;
	}
	sysfs_dir_close(&d);
	if (inv->ndevs)
		qsort(inv->devs, inv->ndevs, sizeof(*inv->devs), dev_cmp);
}

static void load_wmi(struct inventory *inv, const char *root)
{
	struct sysfs_dir d;
	const char *name;
	char buf[64];

	if (!section_open(&inv->wmi_s, &d, root, "/sys/bus/wmi/devices",
			  "missing (the wmi module is not loaded, or the firmware has no PNP0C14 device)"))
		return;
	while ((name = sysfs_dir_next(&d))) {
		struct inv_wmi *w;
		void *n = grow(inv->wmi, inv->nwmi, sizeof(*inv->wmi));

		if (!n)
			break;
		inv->wmi = n;
		w = &inv->wmi[inv->nwmi];
		memset(w, 0, sizeof(*w));
		snprintf(w->name, sizeof(w->name), "%s", name);
		if (read_in(d.path, name, "guid", w->guid, sizeof(w->guid)))
			continue;
		w->event = !read_in(d.path, name, "notify_id", buf, sizeof(buf));
		w->notify_id = w->event ? (int)strtol(buf, NULL, 16) : -1;
		read_in(d.path, name, "object_id", w->object_id, sizeof(w->object_id));
		/* data blocks say whether they can be written; method blocks do not */
		w->setable = !read_in(d.path, name, "setable", buf, sizeof(buf)) && buf[0] == '1';
		w->data = buf[0] != '\0';
		w->method = w->object_id[0] && !w->data;
		w->expensive = !read_in(d.path, name, "expensive", buf, sizeof(buf)) && buf[0] == '1';
		w->instances = read_in(d.path, name, "instance_count", buf, sizeof(buf)) ? -1 :
			       strtol(buf, NULL, 10);
		driver_in(d.path, name, w->driver, sizeof(w->driver));
		wmi_alias_modules(root, w->guid, w->alias, sizeof(w->alias));
		inv->nwmi++;
	}
	sysfs_dir_close(&d);
}

static int gpe_cmp(const void *a, const void *b)
{
	const struct inv_gpe *x = a, *y = b;

	if (x->gpe != y->gpe)
		return x->gpe ? -1 : 1;
	if (x->gpe)
		return x->number - y->number;
	return strcmp(x->name, y->name);
}

/* "      12  EN      enabled      unmasked": the count, then its state words */
static void parse_counter(struct inv_gpe *g, const char *line)
{
	char *end;
	const char *p;
	size_t used = 0;

	g->count = strtoull(line, &end, 10);
	g->state[0] = '\0';
	for (p = end; *p;) {
		size_t n;

		while (*p == ' ')
			p++;
		n = strcspn(p, " ");
		if (n && used + n + 2 < sizeof(g->state))
			used += snprintf(g->state + used, sizeof(g->state) - used, "%s%.*s",
					 used ? " " : "", (int)n, p);
		if (n == 7 && !strncmp(p, "enabled", 7))
			g->enabled = true;
		p += n;
	}
}

static void load_gpes(struct inventory *inv, const char *root)
{
	struct sysfs_dir d;
	const char *name;
	char buf[128];

	if (!section_open(&inv->gpe_s, &d, root, "/sys/firmware/acpi/interrupts",
			  "missing (no ACPI SCI: a hardware-reduced platform or a kernel without ACPI)"))
		return;
	while ((name = sysfs_dir_next(&d))) {
		struct inv_gpe *g;
		void *n = grow(inv->gpes, inv->ngpes, sizeof(*inv->gpes));
		char path[PATH_MAX + 64];

		if (!n)
			break;
		inv->gpes = n;
		g = &inv->gpes[inv->ngpes];
		memset(g, 0, sizeof(*g));
		if (snprintf(g->name, sizeof(g->name), "%s", name) >= (int)sizeof(g->name))
			continue;
		snprintf(path, sizeof(path), "%s/%s", d.path, name);
		if (sysfs_read_line(path, buf, sizeof(buf)))
			continue;
		parse_counter(g, buf);
		g->number = -1;
		if (!strncmp(name, "gpe", 3) && strcmp(name, "gpe_all")) {
			g->gpe = true;
			g->number = (int)strtol(name + 3, NULL, 16);
		}
		inv->ngpes++;
	}
	sysfs_dir_close(&d);
	if (inv->ngpes)
		qsort(inv->gpes, inv->ngpes, sizeof(*inv->gpes), gpe_cmp);
}

/*
 * The EC's GPE: debugfs only (root, debugfs mounted, and the kernel's EC
 * debugfs: ec_sys, built in or a module; Debian's 6.1 has neither).
 */
static void load_ec(struct inventory *inv, const char *root)
{
	struct sysfs_dir d;
	const char *name;
	char buf[32];

	inv->ec_gpe = -1;
	if (!section_open(&inv->ec_s, &d, root, "/sys/kernel/debug/ec",
			  "missing (debugfs is not mounted, the kernel has no EC debugfs "
			  "(modprobe ec_sys; none when built without CONFIG_ACPI_EC_DEBUGFS), "
			  "or no EC driver is bound)"))
		return;
	while ((name = sysfs_dir_next(&d))) {
		if (read_in(d.path, name, "gpe", buf, sizeof(buf)))
			continue;
		inv->ec_gpe = strtol(buf, NULL, 0);
		snprintf(inv->ec_debugfs, sizeof(inv->ec_debugfs), "%s", name);
		break;
	}
	sysfs_dir_close(&d);
}

static void load_thermal(struct inventory *inv, const char *root)
{
	struct sysfs_dir d;
	const char *name;
	char buf[64];

	if (!section_open(&inv->thermal_s, &d, root, "/sys/class/thermal",
			  "missing (a kernel without thermal support)"))
		return;
	while ((name = sysfs_dir_next(&d))) {
		struct inv_thermal *t;
		void *n;

		if (strncmp(name, "thermal_zone", 12))
			continue;
		n = grow(inv->tz, inv->ntz, sizeof(*inv->tz));
		if (!n)
			break;
		inv->tz = n;
		t = &inv->tz[inv->ntz];
		memset(t, 0, sizeof(*t));
		snprintf(t->name, sizeof(t->name), "%s", name);
		read_in(d.path, name, "type", t->type, sizeof(t->type));
		/* reading temp evaluates _TMP: once, on purpose */
		t->temp = read_in(d.path, name, "temp", buf, sizeof(buf)) ? LONG_MIN : strtol(buf, NULL, 10);
		inv->ntz++;
	}
	sysfs_dir_close(&d);
}

/* ---- PNP ids ------------------------------------------------------------ */

static struct inv_dev *dev_named(struct inventory *inv, const char *name)
{
	for (size_t i = 0; i < inv->ndevs; i++)
		if (!strcmp(inv->devs[i].name, name))
			return &inv->devs[i];
	return NULL;
}

/* "PNP0c09\nPNP0c0a\n" -> "PNP0c09,PNP0c0a" (the id file has one id a line) */
static void read_ids(const char *dir, const char *name, char *out, size_t len)
{
	char p[PATH_MAX], line[64];
	size_t used = 0;
	FILE *f;

	out[0] = '\0';
	if (snprintf(p, sizeof(p), "%s/%s/id", dir, name) >= (int)sizeof(p) || !(f = fopen(p, "re")))
		return;
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] && used + strlen(line) + 2 < len)
			used += snprintf(out + used, len - used, "%s%s", used ? "," : "", line);
	}
	fclose(f);
}

/* Each PNP device names its ACPI companion through its firmware_node link. */
static void load_pnp(struct inventory *inv, const char *root)
{
	struct sysfs_dir d;
	const char *name;

	if (!section_open(&inv->pnp_s, &d, root, "/sys/bus/pnp/devices",
			  "missing (a kernel without PNP support)"))
		return;
	while ((name = sysfs_dir_next(&d))) {
		char link[PATH_MAX], acpi[64];
		struct inv_dev *v;

		if (snprintf(link, sizeof(link), "%s/%s/firmware_node", d.path, name) >= (int)sizeof(link) ||
		    sysfs_link_name(link, acpi, sizeof(acpi)) || !(v = dev_named(inv, acpi)))
			continue;
		snprintf(v->pnp, sizeof(v->pnp), "%s", name);
		read_ids(d.path, name, v->pnp_ids, sizeof(v->pnp_ids));
	}
	sysfs_dir_close(&d);
}

/* ---- methods from the AML tables ---------------------------------------- */

struct scan_ctx {
	struct inventory *inv;
	const char *table;
};

int inventory_keep_event_method(struct inventory *inv, const struct aml_method *m,
				const char *table)
{
	struct inv_method *im;
	char kind;
	int num = aml_event_method(m->name, &kind);
	void *n;

	/* GPE methods count only in \_GPE; a GPE block device's are its own */
	if (num < 0 || (kind != 'Q' && strcmp(m->scope, "\\_GPE")))
		return 0;
	n = grow(inv->methods, inv->nmethods, sizeof(*inv->methods));
	if (!n)
		return 1;
	inv->methods = n;
	im = &inv->methods[inv->nmethods++];
	memset(im, 0, sizeof(*im));
	snprintf(im->path, sizeof(im->path), "%s", m->path);
	snprintf(im->scope, sizeof(im->scope), "%s", m->scope);
	snprintf(im->table, sizeof(im->table), "%s", table);
	im->kind = kind;
	im->number = num;
	return 0;
}

static int keep_method(const struct aml_method *m, void *ctx)
{
	struct scan_ctx *c = ctx;

	return inventory_keep_event_method(c->inv, m, c->table);
}

static void scan_table(struct inventory *inv, const char *dir, const char *name)
{
	char path[PATH_MAX], err[128];
	struct scan_ctx c = { .inv = inv, .table = name };
	size_t len = 0;
	int e = 0;
	uint8_t *b;

	if (snprintf(path, sizeof(path), "%s/%s", dir, name) >= (int)sizeof(path))
		return;
	b = aml_read_table(path, &len, &e);
	if (!b && (e == EACCES || e == EPERM)) {
		inv->aml_s.status = INV_NO_PERMISSION;
		snprintf(inv->aml_s.why, sizeof(inv->aml_s.why),
			 "%s/%s: permission denied (run as root)", inv->aml_s.where, name);
	} else if (b && aml_scan(b, len, keep_method, &c, err, sizeof(err)) >= 0) {
		inv->ntables++;
	} else if (b && inv->aml_s.status == INV_OK) {
		inv->aml_s.status = INV_ERROR;
		snprintf(inv->aml_s.why, sizeof(inv->aml_s.why), "%.40s/%.20s: %.90s", inv->aml_s.where, name, err);
	}
	free(b);
}

static int method_cmp(const void *a, const void *b)
{
	const struct inv_method *x = a, *y = b;

	if (x->kind != y->kind)
		return x->kind - y->kind;
	return x->number != y->number ? x->number - y->number : strcmp(x->path, y->path);
}

/* DSDT, SSDT*, and tables loaded at run time (dynamic/SSDT*). */
static void load_aml(struct inventory *inv, const char *root)
{
	struct sysfs_dir d, dyn;
	const char *name;
	char sub[64];

	if (!section_open(&inv->aml_s, &d, root, "/sys/firmware/acpi/tables",
			  "missing (a kernel without ACPI)"))
		return;
	while ((name = sysfs_dir_next(&d)))
		if (!strcmp(name, "DSDT") || !strncmp(name, "SSDT", 4))
			scan_table(inv, d.path, name);
	if (!sysfs_dir_open(&dyn, root, "/sys/firmware/acpi/tables/dynamic")) {
		while ((name = sysfs_dir_next(&dyn))) {
			if (strncmp(name, "SSDT", 4) || strlen(name) > 16)
				continue;
			snprintf(sub, sizeof(sub), "dynamic/%s", name);
			scan_table(inv, d.path, sub);
		}
		sysfs_dir_close(&dyn);
	}
	sysfs_dir_close(&d);
	if (inv->nmethods)
		qsort(inv->methods, inv->nmethods, sizeof(*inv->methods), method_cmp);
	for (size_t i = 0; i < inv->ngpes; i++)
		for (size_t m = 0; m < inv->nmethods && inv->gpes[i].gpe; m++)
			if (inv->methods[m].kind != 'Q' && inv->methods[m].number == inv->gpes[i].number)
				snprintf(inv->gpes[i].method, sizeof(inv->gpes[i].method), "%s",
					 inv->methods[m].path);
}

/* The EC's RAM, 256 EC reads: only when asked, and only with ec0 in debugfs. */
static void load_ec_io(struct inventory *inv, const char *root)
{
	char path[PATH_MAX];
	int n;

	snprintf(inv->ecio_s.where, sizeof(inv->ecio_s.where), "%s", EC_RAM_IO);
	if (inv->ec_s.status != INV_OK) {
		inv->ecio_s.status = inv->ec_s.status;
		snprintf(inv->ecio_s.why, sizeof(inv->ecio_s.why), "%s", inv->ec_s.why);
		return;
	}
	snprintf(path, sizeof(path), "%s%s", root, EC_RAM_IO);
	n = ec_ram_read(path, inv->ec_io, sizeof(inv->ec_io), inv->ecio_s.why, sizeof(inv->ecio_s.why));
	if (n > 0) {
		inv->ec_io_len = n;
		return;
	}
	inv->ecio_s.status = errno == EACCES || errno == EPERM ? INV_NO_PERMISSION :
			     errno == ENOENT ? INV_MISSING : INV_ERROR;
	if (root[0]) {	/* name the file as the kernel has it, not the test tree's */
		char *p = strstr(inv->ecio_s.why, EC_RAM_IO);

		if (p && p != inv->ecio_s.why)
			memmove(inv->ecio_s.why, p, strlen(p) + 1);
	}
}

void inventory_load(struct inventory *inv, const char *root, bool ec_io)
{
	memset(inv, 0, sizeof(*inv));
	root = root ? root : "";
	load_devs(inv, root);
	load_pnp(inv, root);
	load_wmi(inv, root);
	load_gpes(inv, root);
	load_aml(inv, root);
	load_ec(inv, root);
	if (ec_io)
		load_ec_io(inv, root);
	else
		inv->ecio_s = (struct inv_section){ .status = INV_MISSING, .where = EC_RAM_IO,
						     .why = "not read (--no-ec-io)" };
	load_thermal(inv, root);
}

void inventory_free(struct inventory *inv)
{
	free(inv->devs);
	free(inv->wmi);
	free(inv->gpes);
	free(inv->tz);
	free(inv->methods);
	free(inv->notifies);
	memset(inv, 0, sizeof(*inv));
}

const char *inv_status_name(enum inv_status s)
{
	switch (s) {
	case INV_OK: return "ok";
	case INV_NO_PERMISSION: return "no_permission";
	case INV_MISSING: return "missing";
	case INV_ERROR: return "error";
	}
	return "?";
}

const char *inv_platform_kind(const char *hid)
{
	static const struct { const char *hid, *kind; } kinds[] = {
		{ "PNP0C0C", "power button" }, { "LNXPWRBN", "power button (fixed)" },
		{ "PNP0C0E", "sleep button" }, { "LNXSLPBN", "sleep button (fixed)" },
		{ "PNP0C0D", "lid" }, { "LNXVIDEO", "video bus" }, { "LNXTHERM", "thermal zone" },
		{ "PNP0C09", "embedded controller" }, { "ACPI0013", "generic event device" },
		{ "PNP0C14", "WMI" }, { "ACPI0003", "AC adapter" }, { "PNP0C0A", "battery" },
	};

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(hid, kinds[i].hid))
			return kinds[i].kind;
	return NULL;
}
