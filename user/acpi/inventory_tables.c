// SPDX-License-Identifier: GPL-2.0
/*
 * acpi/inventory_tables.h: the inventory from tables.  _WDG layout (the
 * WMI "ACPI-WMI mapping" facts): 20 bytes per block, the GUID (16 bytes,
 * as guid_t), two bytes of object id or, for an event (flag 0x8), the
 * notify id in the first, the instance count, then the flags: 0x1
 * expensive, 0x2 method, 0x4 string, 0x8 event.  A data block is
 * writable when its device has a WSxx method (xx its object id), which
 * is what the kernel's setable attribute tells.  ECDT: the GPE bit at
 * offset 64, the EC's path (EC_ID, a string) from 65.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "acpi/inventory_tables.h"
#include "acpi/aml_scan.h"
#include "acpi/guid.h"

struct tdev {
	char path[AML_PATH_LEN];
	char hid[16], cids[96], uid[32];
	bool hid_computed, has_ids;
	long gpe;		/* its _GPE: -1 none, -2 a method */
};

struct collect {
	struct inventory *inv;
	const char *table;
	struct tdev *devs;
	size_t ndevs;
	char (*ws)[AML_PATH_LEN];	/* WSxx methods, for setable */
	size_t nws;
	struct aml_notify *nt;
	size_t nnt;
};

static void *grow(void *arr, size_t n, size_t size)
{
	if (n & (n - 1) && n)
		return arr;
	return realloc(arr, (n ? n * 2 : 8) * size);
}

void inv_eisa_id(uint32_t v, char out[8])
{
	/* stored big-endian: 3 letters of 5 bits (1 = 'A'), 4 hex digits */
	uint32_t b = (v & 0xff) << 24 | (v & 0xff00) << 8 | (v >> 8 & 0xff00) | v >> 24;

	out[0] = '@' + (b >> 26 & 0x1f);
	out[1] = '@' + (b >> 21 & 0x1f);
	out[2] = '@' + (b >> 16 & 0x1f);
	snprintf(out + 3, 5, "%04X", b & 0xffff);
}

static struct tdev *dev_at(struct collect *c, const char *path)
{
	void *n;

	for (size_t i = c->ndevs; i-- > 0;)
		if (!strcmp(c->devs[i].path, path))
			return &c->devs[i];
	if (!(n = grow(c->devs, c->ndevs, sizeof(*c->devs))))
		return NULL;
	c->devs = n;
	memset(&c->devs[c->ndevs], 0, sizeof(*c->devs));
	snprintf(c->devs[c->ndevs].path, AML_PATH_LEN, "%s", path);
	c->devs[c->ndevs].gpe = -1;
	return &c->devs[c->ndevs++];
}

static int on_device(const char *path, void *ctx)
{
	return !dev_at(ctx, path);
}

/* Tables are untrusted: what is not printable ASCII is shown as '?'. */
static void printable(char *s)
{
	for (; *s; s++)
		if (*s < 0x20 || *s > 0x7e || *s == '"' || *s == '\\')
			*s = '?';
}

/* A _HID or _CID element: a string or an EISA id. */
static int one_id(const uint8_t *b, size_t len, char *out, size_t outlen)
{
	uint64_t v;

	if (!aml_data_string(b, len, out, outlen)) {
		printable(out);
		return out[0] ? 0 : -1;
	}
	if (aml_data_int(b, len, &v) || v > UINT32_MAX || outlen < 8)
		return -1;
	inv_eisa_id((uint32_t)v, out);
	return 0;
}

static void add_cid(struct tdev *d, const char *id)
{
	size_t used = strlen(d->cids);

	if (used + strlen(id) + 2 < sizeof(d->cids))
		snprintf(d->cids + used, sizeof(d->cids) - used, "%s%s", used ? "," : "", id);
}

static void cids_of(struct tdev *d, const uint8_t *b, size_t len)
{
	size_t offs[16], end;
	char id[16];
	int n = aml_data_package(b, len, offs, 16, &end);

	if (n < 0 && !one_id(b, len, id, sizeof(id)))
		add_cid(d, id);
	for (int i = 0; i < n; i++)
		if (!one_id(b + offs[i], end - offs[i], id, sizeof(id)))
			add_cid(d, id);
}

static void wdg_of(struct collect *c, const char *dev, const uint8_t *b, size_t len)
{
	size_t blen;
	const uint8_t *w = aml_data_buffer(b, len, &blen);
	struct inventory *inv = c->inv;

	for (size_t off = 0; w && off + 20 <= blen; off += 20) {
		const uint8_t *e = w + off;
		struct inv_wmi *x;
		void *n = grow(inv->wmi, inv->nwmi, sizeof(*inv->wmi));
		size_t same = 0;

		if (!n)
			return;
		inv->wmi = n;
		x = &inv->wmi[inv->nwmi];
		memset(x, 0, sizeof(*x));
		guid_format(e, x->guid);
		for (size_t i = 0; i < inv->nwmi; i++)
			same += !strcmp(inv->wmi[i].guid, x->guid);
		snprintf(x->name, sizeof(x->name), same ? "%s-%zu" : "%s", x->guid, same);
		x->expensive = e[19] & 1;
		x->method = e[19] & 2;
		x->string = e[19] & 4;
		x->event = e[19] & 8;
		x->data = !x->method && !x->event;
		x->notify_id = x->event ? e[16] : -1;
		if (!x->event)
			snprintf(x->object_id, sizeof(x->object_id), "%c%c",
				 e[16] >= 0x20 && e[16] < 0x7f ? e[16] : '?',
				 e[17] >= 0x20 && e[17] < 0x7f ? e[17] : '?');
		x->instances = e[18];
		snprintf(x->dev, sizeof(x->dev), "%s", dev);
		inv->nwmi++;
	}
}

static int on_name(const struct aml_named *nm, void *ctx)
{
	struct collect *c = ctx;
	struct tdev *d;
	uint64_t v;

	if (memcmp(nm->name, "_HID", 4) && memcmp(nm->name, "_CID", 4) && memcmp(nm->name, "_UID", 4) &&
	    memcmp(nm->name, "_WDG", 4) && memcmp(nm->name, "_GPE", 4))
		return 0;
	if (!memcmp(nm->name, "_WDG", 4)) {
		wdg_of(c, nm->scope, nm->data, nm->len);
		return 0;
	}
	if (!(d = dev_at(c, nm->scope)))
		return 1;
	if (!memcmp(nm->name, "_HID", 4)) {
		d->has_ids |= !one_id(nm->data, nm->len, d->hid, sizeof(d->hid));
	} else if (!memcmp(nm->name, "_CID", 4)) {
		cids_of(d, nm->data, nm->len);
		d->has_ids |= d->cids[0] != '\0';
	} else if (!memcmp(nm->name, "_GPE", 4)) {
		if (!aml_data_int(nm->data, nm->len, &v) && v < 0x10000)
			d->gpe = (long)v;
	} else if (!aml_data_int(nm->data, nm->len, &v)) {
		snprintf(d->uid, sizeof(d->uid), "%llu", (unsigned long long)v);
	} else {
		aml_data_string(nm->data, nm->len, d->uid, sizeof(d->uid));
		printable(d->uid);
	}
	return 0;
}

static int on_method(const struct aml_method *m, void *ctx)
{
	struct collect *c = ctx;
	struct tdev *d;

	if (!memcmp(m->name, "_HID", 4) || !memcmp(m->name, "_GPE", 4)) {
		if (!(d = dev_at(c, m->scope)))
			return 1;
		if (m->name[1] == 'H')
			d->hid_computed = d->has_ids = true;
		else
			d->gpe = -2;
	} else if (!memcmp(m->name, "WS", 2)) {
		void *n = grow(c->ws, c->nws, sizeof(*c->ws));

		if (!n)
			return 1;
		c->ws = n;
		snprintf(c->ws[c->nws++], AML_PATH_LEN, "%s", m->path);
	}
	return inventory_keep_event_method(c->inv, m, c->table);
}

static int on_notify(const struct aml_notify *nt, void *ctx)
{
	struct collect *c = ctx;
	void *n = grow(c->nt, c->nnt, sizeof(*c->nt));

	if (!n)
		return 1;
	c->nt = n;
	c->nt[c->nnt++] = *nt;
	return 0;
}

/* A bare NameSeg from @scope upwards, as ACPI searches: the device found, or NULL. */
static const struct tdev *search_up(const struct collect *c, const char *scope, const char *seg)
{
	char s[AML_PATH_LEN], p[AML_PATH_LEN * 2];

	snprintf(s, sizeof(s), "%s", scope);
	for (;;) {
		snprintf(p, sizeof(p), "%s%s%s", s, strcmp(s, "\\") ? "." : "", seg);
		for (size_t i = 0; i < c->ndevs; i++)
			if (!strcmp(c->devs[i].path, p))
				return &c->devs[i];
		char *dot = strrchr(s, '.');

		if (dot)
			*dot = '\0';
		else if (strcmp(s, "\\"))
			snprintf(s, sizeof(s), "\\");
		else
			return NULL;
	}
}

/* Each Notify in an event method (_Qxx, _Lxx, _Exx, _WED), its target resolved. */
static void keep_notifies(struct collect *c)
{
	struct inventory *inv = c->inv;

	for (size_t i = 0; i < c->nnt; i++) {
		const struct aml_notify *nt = &c->nt[i];
		const char *last = strrchr(nt->method, '.');
		struct inv_notify *x;
		const struct tdev *d;
		char kind = 0;
		int num = -1;
		void *n;

		for (size_t m = 0; m < inv->nmethods && !kind; m++)
			if (!strcmp(inv->methods[m].path, nt->method))
				kind = inv->methods[m].kind, num = inv->methods[m].number;
		if (!kind && last && !strcmp(last, "._WED"))
			kind = 'W';
		if (!kind || !(n = grow(inv->notifies, inv->nnotifies, sizeof(*inv->notifies))))
			continue;
		inv->notifies = n;
		x = &inv->notifies[inv->nnotifies++];
		memset(x, 0, sizeof(*x));
		snprintf(x->method, sizeof(x->method), "%s", nt->method);
		d = nt->bare ? search_up(c, nt->scope, nt->seg) : NULL;
		snprintf(x->target, sizeof(x->target), "%s", d ? d->path : nt->target);
		x->kind = kind;
		x->number = num;
		x->known = nt->known;
		x->value = nt->value;
	}
}

/* HID:NN as the kernel names ACPI devices, numbered in namespace order. */
static void keep_devs(struct collect *c, const struct modalias *ma)
{
	struct inventory *inv = c->inv;

	inv->devs = calloc(c->ndevs ? c->ndevs : 1, sizeof(*inv->devs));
	for (size_t i = 0; inv->devs && i < c->ndevs; i++) {
		const struct tdev *t = &c->devs[i];
		struct inv_dev *v = &inv->devs[inv->ndevs];
		const char *id = t->hid[0] ? t->hid : t->hid_computed ? "computed" : "device";
		size_t same = 0;

		if (!t->has_ids)
			continue;
		for (size_t k = 0; k < inv->ndevs; k++)
			same += !strncmp(inv->devs[k].name, id, strlen(id)) && inv->devs[k].name[strlen(id)] == ':';
		snprintf(v->name, sizeof(v->name), "%.16s:%02zx", id, same);
		snprintf(v->path, sizeof(v->path), "%.79s", t->path);
		snprintf(v->hid, sizeof(v->hid), "%s", t->hid);
		snprintf(v->cids, sizeof(v->cids), "%s", t->cids);
		snprintf(v->uid, sizeof(v->uid), "%s", t->uid);
		v->status = -1;
		v->hid_computed = t->hid_computed;
		if (ma)
			modalias_acpi(ma, t->hid, t->cids, v->alias, sizeof(v->alias));
		inv->ndevs++;
	}
}

static void keep_ec(struct collect *c, const struct acpi_tables *ts)
{
	struct inventory *inv = c->inv;

	inv->ec_gpe = -1;
	for (size_t i = 0; i < c->ndevs; i++) {
		if (strcmp(c->devs[i].hid, "PNP0C09") || c->devs[i].gpe == -1)
			continue;
		inv->ec_gpe = c->devs[i].gpe;
		snprintf(inv->ec_gpe_from, sizeof(inv->ec_gpe_from), "%s", c->devs[i].gpe >= 0 ?
			 "_GPE" : "_GPE is a method: not known offline");
		break;
	}
	for (size_t i = 0; i < ts->n; i++) {
		const struct acpi_table *t = &ts->t[i];

		if (strcmp(t->sig, "ECDT") || t->len < 66)
			continue;
		snprintf(inv->ecdt_id, sizeof(inv->ecdt_id), "%.*s", (int)(t->len - 65), t->b + 65);
		printable(inv->ecdt_id);
		if (inv->ec_gpe < 0) {
			inv->ec_gpe = t->b[64];
			snprintf(inv->ec_gpe_from, sizeof(inv->ec_gpe_from), "ECDT");
		}
	}
}

static void offline(struct inv_section *s, const char *where, const char *why)
{
	s->status = INV_MISSING;
	snprintf(s->where, sizeof(s->where), "%s", where);
	snprintf(s->why, sizeof(s->why), "%s", why);
}

static int method_cmp(const void *a, const void *b)
{
	const struct inv_method *x = a, *y = b;

	if (x->kind != y->kind)
		return x->kind - y->kind;
	return x->number != y->number ? x->number - y->number : strcmp(x->path, y->path);
}

static int dev_cmp(const void *a, const void *b)
{
	return strcmp(((const struct inv_dev *)a)->name, ((const struct inv_dev *)b)->name);
}

static void walk_tables(struct collect *c, const struct acpi_tables *ts, const char *src)
{
	struct aml_visitor v = { .method = on_method, .name = on_name, .device = on_device,
				 .notify = on_notify };
	struct inventory *inv = c->inv;
	char err[128];

	for (size_t i = 0; i < ts->n; i++) {
		if (strcmp(ts->t[i].sig, "DSDT") && strcmp(ts->t[i].sig, "SSDT"))
			continue;
		c->table = ts->t[i].name;
		if (aml_walk(ts->t[i].b, ts->t[i].len, &v, c, err, sizeof(err)) >= 0) {
			inv->ntables++;
		} else if (inv->aml_s.status == INV_OK) {
			inv->aml_s.status = INV_ERROR;
			snprintf(inv->aml_s.why, sizeof(inv->aml_s.why), "%.60s %.20s: %.70s", src,
				 ts->t[i].name, err);
		}
	}
}

void inventory_from_tables(struct inventory *inv, const struct acpi_tables *ts, const char *src,
			   const struct modalias *ma)
{
	struct collect c = { .inv = inv };
	static const char nk[] = "not in the tables: only the running kernel knows it";

	memset(inv, 0, sizeof(*inv));
	inv->offline = true;
	snprintf(inv->aml_s.where, sizeof(inv->aml_s.where), "%s", src);
	walk_tables(&c, ts, src);
	/* qsort's array may not be NULL, even for none */
	if (inv->nmethods)
		qsort(inv->methods, inv->nmethods, sizeof(*inv->methods), method_cmp);
	keep_notifies(&c);
	keep_devs(&c, ma);
	if (inv->ndevs)
		qsort(inv->devs, inv->ndevs, sizeof(*inv->devs), dev_cmp);
	for (size_t i = 0; i < inv->nwmi; i++) {
		struct inv_wmi *w = &inv->wmi[i];
		char ws[AML_PATH_LEN + 8];

		snprintf(ws, sizeof(ws), "%s.WS%s", w->dev, w->object_id);
		for (size_t k = 0; k < c.nws && w->data; k++)
			w->setable |= !strcmp(c.ws[k], ws);
		if (ma)
			modalias_wmi(ma, w->guid, w->alias, sizeof(w->alias));
	}
	keep_ec(&c, ts);
	inv->devs_s.where[0] = inv->wmi_s.where[0] = '\0';
	snprintf(inv->devs_s.where, sizeof(inv->devs_s.where), "%s", src);
	snprintf(inv->wmi_s.where, sizeof(inv->wmi_s.where), "%s: _WDG", src);
	snprintf(inv->ec_s.where, sizeof(inv->ec_s.where), "%s", src);
	offline(&inv->pnp_s, "/sys/bus/pnp/devices", nk);
	offline(&inv->gpe_s, "/sys/firmware/acpi/interrupts", nk);
	offline(&inv->ecio_s, "/sys/kernel/debug/ec/ec0/io", nk);
	offline(&inv->thermal_s, "/sys/class/thermal", nk);
	free(c.devs);
	free(c.ws);
	free(c.nt);
}
