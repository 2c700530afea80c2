// SPDX-License-Identifier: GPL-2.0
/*
 * cli/inventory_offline.h: inventory --tables.  A policy block fits the
 * tables when its hid= is a device's _HID or _CID, its path= a device's
 * path, or its guid= a _WDG block's GUID; its dmi= lines cannot be
 * checked (a dump has no SMBIOS), so such a fit says "DMI unknown".  An
 * event source is uncovered when no module alias and no fitting policy
 * names it: a WMI event block, or a device an event method notifies.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include "cli/cli.h"
#include "cli/inventory_offline.h"
#include "cli/inventory_print.h"
#include "acpi/acpi_tables.h"
#include "acpi/ec_fields.h"
#include "acpi/inventory_tables.h"
#include "acpi/modalias.h"
#include "policy/policy.h"
#include "lib/errmsg.h"
#include "lib/json.h"
#include "lib/text_out.h"

struct side {
	struct acpi_tables ts;
	struct inventory inv;
	struct ec_map ec;
};

struct offline {
	const struct inv_offline_opts *o;
	struct side a, b;
	bool compare;
	struct modalias ma;
	char ma_path[PATH_MAX];
	bool ma_ok;
	struct pol_fit *fits;
	size_t nfits;
	char pdirs[512];
};

static int load_side(struct side *s, const char *path, const struct modalias *ma)
{
	char err[512];

	if (acpi_tables_read(&s->ts, path, err, sizeof(err))) {
		err_print("inventory", "%s", err);
		return -1;
	}
	inventory_from_tables(&s->inv, &s->ts, path, ma);
	ec_map_init(&s->ec);
	for (size_t i = 0; i < s->ts.n; i++)
		if (!strcmp(s->ts.t[i].sig, "DSDT") || !strcmp(s->ts.t[i].sig, "SSDT"))
			ec_map_add_table(&s->ec, s->ts.t[i].name, s->ts.t[i].b, s->ts.t[i].len);
	ec_map_finish(&s->ec);
	return 0;
}

static void free_side(struct side *s)
{
	acpi_tables_free(&s->ts);
	inventory_free(&s->inv);
	ec_map_free(&s->ec);
}

/* ---- policies ------------------------------------------------------------ */

static bool id_in(const char *id, const struct inv_dev *d)
{
	size_t n = strlen(id);

	if (!strcasecmp(id, d->hid))
		return true;
	for (const char *p = d->cids; *p;) {
		size_t k = strcspn(p, ",");

		if (k == n && !strncasecmp(p, id, n))
			return true;
		p += k + (p[k] == ',');
	}
	return false;
}

/* What a block names in these tables ("" when nothing). */
static void block_fits(const struct inventory *inv, const struct pol_block *b, char *out, size_t len)
{
	out[0] = '\0';
	for (size_t i = 0; i < inv->ndevs && b->hid && !out[0]; i++)
		if (id_in(b->hid, &inv->devs[i]))
			snprintf(out, len, "%s %s", b->hid, inv->devs[i].path);
	for (size_t i = 0; i < inv->ndevs && b->path && !b->hid && !out[0]; i++)
		if (!strcasecmp(b->path, inv->devs[i].path))
			snprintf(out, len, "%s", b->path);
	for (size_t i = 0; i < inv->nwmi && b->has_guid && !out[0]; i++)
		if (!strcasecmp(b->guid_text, inv->wmi[i].guid))
			snprintf(out, len, "%s", inv->wmi[i].guid);
}

static void fit_one(const struct inventory *inv, const char *file, struct pol_fit *f)
{
	struct policy_env env = { .root = "/nonexistent-acpitrace-offline" };
	struct policy p;
	char what[160];
	size_t used = 0;
	bool dmi = false;

	memset(f, 0, sizeof(*f));
	snprintf(f->file, sizeof(f->file), "%s", file);
	if (policy_load(&p, file, &env)) {
		f->verdict = "invalid";
		snprintf(f->detail, sizeof(f->detail), "%s", p.error);
		policy_free(&p);
		return;
	}
	for (int i = 0; i < p.nblocks; i++) {
		block_fits(inv, &p.blocks[i], what, sizeof(what));
		if (!what[0] || strstr(f->detail, what))
			continue;
		dmi |= p.blocks[i].ndmi > 0;
		used += snprintf(f->detail + used, used < sizeof(f->detail) ? sizeof(f->detail) - used : 0,
				 "%s%s", used ? "; " : "", what);
		if (used >= sizeof(f->detail))
			used = sizeof(f->detail) - 1;
	}
	f->verdict = !used ? "no device here" : dmi ? "matches (DMI unknown)" : "matches";
	policy_free(&p);
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void fit_dir(struct offline *x, const char *dir)
{
	char *names[256], path[PATH_MAX];
	size_t nn = 0;
	struct dirent *e;
	DIR *d = opendir(dir);

	snprintf(x->pdirs + strlen(x->pdirs), sizeof(x->pdirs) - strlen(x->pdirs), "%s%s",
		 x->pdirs[0] ? ", " : "", dir);
	if (!d)
		return;
	while ((e = readdir(d)) && nn < 256) {
		size_t len = strlen(e->d_name);

		if (len > 7 && !strcmp(e->d_name + len - 7, ".policy") && e->d_name[0] != '.' &&
		    (names[nn] = strdup(e->d_name)))
			nn++;
	}
	closedir(d);
	qsort(names, nn, sizeof(names[0]), name_cmp);
	for (size_t i = 0; i < nn; i++) {
		struct pol_fit *f = realloc(x->fits, (x->nfits + 1) * sizeof(*f));

		if (f) {
			x->fits = f;
			snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
			fit_one(&x->a.inv, path, &f[x->nfits++]);
		}
		free(names[i]);
	}
}

/* Whether a fitting policy names @what (a GUID, a path, an id). */
static bool policy_covers(const struct offline *x, const char *what)
{
	for (size_t i = 0; i < x->nfits; i++)
		if (!strncmp(x->fits[i].verdict, "matches", 7) && strcasestr(x->fits[i].detail, what))
			return true;
	return false;
}

/* ---- event sources nobody covers ----------------------------------------- */

static const struct inv_dev *dev_by_path(const struct inventory *inv, const char *path)
{
	for (size_t i = 0; i < inv->ndevs; i++)
		if (!strcmp(inv->devs[i].path, path))
			return &inv->devs[i];
	return NULL;
}

static bool wmi_uncovered(const struct offline *x, const struct inv_wmi *w)
{
	return w->event && !w->alias[0] && !policy_covers(x, w->guid);
}

/* A notified device with ids that no alias and no policy names, not WMI (its blocks say). */
static const struct inv_dev *dev_uncovered(const struct offline *x, const struct inv_notify *n)
{
	const struct inv_dev *d = dev_by_path(&x->a.inv, n->target);

	if (!d || n->kind == 'W' || id_in("PNP0C14", d) || d->alias[0] || policy_covers(x, d->path) ||
	    (d->hid[0] && policy_covers(x, d->hid)))
		return NULL;
	return d;
}

/* Whether an earlier Notify of the list has the same target. */
static bool seen_target(const struct inventory *inv, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (!strcmp(inv->notifies[k].target, inv->notifies[i].target))
			return true;
	return false;
}

static const char *kind_word(char k)
{
	return k == 'Q' ? "query" : k == 'W' ? "_WED" : "gpe";
}

/* The WMI event block a Notify raises (its device, its notify id), or NULL. */
static const struct inv_wmi *wmi_raised(const struct inventory *inv, const struct inv_notify *n)
{
	for (size_t i = 0; i < inv->nwmi && n->known; i++)
		if (inv->wmi[i].event && (uint64_t)inv->wmi[i].notify_id == n->value &&
		    !strcmp(inv->wmi[i].dev, n->target))
			return &inv->wmi[i];
	return NULL;
}

/* "query 0x1F, gpe 0x16": the event methods notifying @target. */
static void notifiers(const struct inventory *inv, const char *target, char *out, size_t len)
{
	size_t used = 0;

	out[0] = '\0';
	for (size_t i = 0; i < inv->nnotifies && used + 16 < len; i++) {
		const struct inv_notify *n = &inv->notifies[i];
		char one[16];

		if (strcmp(n->target, target))
			continue;
		snprintf(one, sizeof(one), n->number >= 0 ? "%s 0x%02X" : "%s", kind_word(n->kind), n->number);
		if (strstr(out, one))	/* one method, several Notify()s */
			continue;
		used += snprintf(out + used, len - used, "%s%s", used ? ", " : "", one);
	}
}

/* ---- --compare ------------------------------------------------------------ */

struct kv {
	char key[AML_PATH_LEN + 48];
	char val[160];
};

struct kvs {
	struct kv *v;
	size_t n;
};

static void kv_add(struct kvs *k, const char *key, const char *val)
{
	struct kv *n = realloc(k->v, (k->n + 1) * sizeof(*n));

	if (!n)
		return;
	k->v = n;
	snprintf(n[k->n].key, sizeof(n[k->n].key), "%s", key);
	snprintf(n[k->n].val, sizeof(n[k->n].val), "%s", val);
	k->n++;
}

static const struct kv *kv_find(const struct kvs *k, const char *key)
{
	for (size_t i = 0; i < k->n; i++)
		if (!strcmp(k->v[i].key, key))
			return &k->v[i];
	return NULL;
}

enum what { W_FIELDS, W_QUERIES, W_WMI, W_DEVICES, W_N };
static const char *const what_name[W_N] = { "ec_fields", "queries", "wmi", "devices" };

static void side_kvs(const struct side *s, enum what w, struct kvs *k)
{
	const struct inventory *inv = &s->inv;
	char val[160];

	memset(k, 0, sizeof(*k));
	for (size_t i = 0; w == W_FIELDS && i < s->ec.n; i++) {
		snprintf(val, sizeof(val), "offset 0x%02llX bit %u width %u",
			 (unsigned long long)(s->ec.f[i].bit / 8), (unsigned int)(s->ec.f[i].bit % 8),
			 s->ec.f[i].width);
		if (!kv_find(k, s->ec.f[i].path))
			kv_add(k, s->ec.f[i].path, val);
	}
	for (size_t i = 0; w == W_QUERIES && i < inv->nmethods; i++)
		if (inv->methods[i].kind == 'Q')
			kv_add(k, inv->methods[i].path, "");
	for (size_t i = 0; w == W_WMI && i < inv->nwmi; i++) {
		const struct inv_wmi *b = &inv->wmi[i];

		if (b->event)
			snprintf(val, sizeof(val), "notify 0x%02X instances %ld", b->notify_id, b->instances);
		else
			snprintf(val, sizeof(val), "object %s instances %ld", b->object_id, b->instances);
		kv_add(k, b->name, val);
	}
	for (size_t i = 0; w == W_DEVICES && i < inv->ndevs; i++) {
		snprintf(val, sizeof(val), "%s%s%s", inv->devs[i].hid[0] ? inv->devs[i].hid :
			 inv->devs[i].hid_computed ? "(computed)" : "-",
			 inv->devs[i].cids[0] ? " cid " : "", inv->devs[i].cids);
		kv_add(k, inv->devs[i].path, val);
	}
}

/* Print one difference, text or JSON. */
static void diff_one(struct json *j, const char *what, const char *change, const char *key,
		     const char *was, const char *now)
{
	if (!j) {
		text_printf(stdout, "  %-9s %-8s %s%s%s%s%s\n", what, change, key, was && was[0] ? ": " : "",
		       was ? was : "", now && was ? " -> " : now && now[0] ? ": " : "", now ? now : "");
		return;
	}
	json_begin_object(j, NULL);
	json_str(j, "key", key);
	json_str(j, "was", was && was[0] ? was : NULL);
	json_str(j, "now", now && now[0] ? now : NULL);
	json_end_object(j);
}

static size_t compare_what(struct offline *x, enum what w, struct json *j)
{
	static const char *const change[3] = { "appeared", "vanished", "moved" };
	struct kvs ka, kb;
	size_t n = 0;

	side_kvs(&x->a, w, &ka);
	side_kvs(&x->b, w, &kb);
	if (j)
		json_begin_object(j, what_name[w]);
	for (int c = 0; c < 3; c++) {
		const struct kvs *from = c == 1 ? &ka : &kb, *other = c == 1 ? &kb : &ka;

		if (j)
			json_begin_array(j, change[c]);
		for (size_t i = 0; i < from->n; i++) {
			const struct kv *o = kv_find(other, from->v[i].key);

			if (c < 2 && !o)
				diff_one(j, what_name[w], change[c], from->v[i].key, c == 1 ? from->v[i].val : NULL,
					 c == 0 ? from->v[i].val : NULL), n++;
			else if (c == 2 && o && strcmp(o->val, from->v[i].val))
				diff_one(j, what_name[w], change[c], from->v[i].key, o->val, from->v[i].val), n++;
		}
		if (j)
			json_end_array(j);
	}
	if (j)
		json_end_object(j);
	free(ka.v);
	free(kb.v);
	return n;
}

/* ---- output ---------------------------------------------------------------- */

static void json_value(struct json *j, const struct inv_notify *n)
{
	if (n->known)
		json_u64(j, "value", n->value);
	else
		json_null(j, "value");
}

static void json_extra(struct json *j, void *ctx)
{
	struct offline *x = ctx;
	const struct inventory *inv = &x->a.inv;
	char by[256];

	json_begin_object(j, "tables");
	json_str(j, "source", x->o->tables);
	json_str(j, "modules_alias", x->ma_ok ? x->ma_path : NULL);
	json_begin_array(j, "items");
	for (size_t i = 0; i < x->a.ts.n; i++) {
		json_begin_object(j, NULL);
		json_str(j, "name", x->a.ts.t[i].name);
		json_str(j, "signature", x->a.ts.t[i].sig);
		json_u64(j, "length", x->a.ts.t[i].len);
		json_end_object(j);
	}
	json_end_array(j);
	json_end_object(j);
	json_begin_array(j, "notifies");
	for (size_t i = 0; i < inv->nnotifies; i++) {
		const struct inv_notify *n = &inv->notifies[i];
		char k[2] = { n->kind, 0 };

		json_begin_object(j, NULL);
		json_str(j, "method", n->method);
		json_str(j, "kind", k);
		if (n->number >= 0)
			json_u64(j, "number", n->number);
		else
			json_null(j, "number");
		json_str(j, "target", n->target);
		json_value(j, n);
		json_str(j, "wmi_guid", wmi_raised(inv, n) ? wmi_raised(inv, n)->guid : NULL);
		json_end_object(j);
	}
	json_end_array(j);
	json_begin_array(j, "ec_fields");
	for (size_t i = 0; i < x->a.ec.n; i++) {
		const struct ec_field *f = &x->a.ec.f[i];

		json_begin_object(j, NULL);
		json_str(j, "name", f->name);
		json_str(j, "path", f->path);
		json_u64(j, "offset", f->bit / 8);
		json_u64(j, "bit", f->bit % 8);
		json_u64(j, "width", f->width);
		json_str(j, "table", f->table);
		json_end_object(j);
	}
	json_end_array(j);
	json_begin_array(j, "uncovered");
	for (size_t i = 0; i < inv->nwmi; i++) {
		if (!wmi_uncovered(x, &inv->wmi[i]))
			continue;
		json_begin_object(j, NULL);
		json_str(j, "kind", "wmi");
		json_str(j, "guid", inv->wmi[i].guid);
		json_u64(j, "notify_id", inv->wmi[i].notify_id);
		json_str(j, "device", inv->wmi[i].dev);
		json_end_object(j);
	}
	for (size_t i = 0; i < inv->nnotifies; i++) {
		const struct inv_dev *d = dev_uncovered(x, &inv->notifies[i]);

		if (!d || seen_target(inv, i))
			continue;
		notifiers(inv, d->path, by, sizeof(by));
		json_begin_object(j, NULL);
		json_str(j, "kind", "device");
		json_str(j, "path", d->path);
		json_str(j, "hid", d->hid[0] ? d->hid : NULL);
		json_str(j, "notified_by", by);
		json_end_object(j);
	}
	json_end_array(j);
	if (!x->compare)
		return;
	json_begin_object(j, "compare");
	json_str(j, "other", x->o->compare);
	for (int w = 0; w < W_N; w++)
		compare_what(x, w, j);
	json_end_object(j);
}

static void text_extra(struct offline *x)
{
	const struct inventory *inv = &x->a.inv;
	size_t n = 0;
	char by[256];

	text_printf(stdout, "Notify() in event methods: %zu\n", inv->nnotifies);
	for (size_t i = 0; i < inv->nnotifies; i++) {
		const struct inv_notify *t = &inv->notifies[i];
		const struct inv_wmi *w = wmi_raised(inv, t);

		text_printf(stdout, "  %-5s ", kind_word(t->kind));
		if (t->number >= 0)
			text_printf(stdout, "0x%02X  ", t->number);
		else
			text_printf(stdout, "      ");
		text_printf(stdout, "%s -> Notify(%s, ", t->method, t->target);
		if (t->known)
			text_printf(stdout, "0x%02llX)", (unsigned long long)t->value);
		else
			text_printf(stdout, "not a constant)");
		text_printf(stdout, "%s%s\n", w ? ": WMI event " : "", w ? w->guid : "");
	}
	text_printf(stdout, "EC fields (%s): %zu\n", x->o->tables, x->a.ec.n);
	for (size_t i = 0; i < x->a.ec.n; i++) {
		const struct ec_field *f = &x->a.ec.f[i];

		text_printf(stdout, "  0x%02llX.%u %3u  %-32s %s\n", (unsigned long long)(f->bit / 8),
		       (unsigned int)(f->bit % 8), f->width, f->path, f->table);
	}
	text_printf(stdout, "Module aliases: %s\n", x->ma_ok ? x->ma_path : "none read (alias lists are empty)");
	for (size_t i = 0; i < inv->nwmi; i++)
		n += wmi_uncovered(x, &inv->wmi[i]);
	for (size_t i = 0; i < inv->nnotifies; i++)
		n += dev_uncovered(x, &inv->notifies[i]) && !seen_target(inv, i);
	text_printf(stdout, "Event sources no module alias or policy covers: %zu\n", n);
	for (size_t i = 0; i < inv->nwmi; i++)
		if (wmi_uncovered(x, &inv->wmi[i]))
			text_printf(stdout, "  wmi    %s notify 0x%02X (%s)\n", inv->wmi[i].guid, inv->wmi[i].notify_id,
			       inv->wmi[i].dev);
	for (size_t i = 0; i < inv->nnotifies; i++) {
		const struct inv_dev *d = dev_uncovered(x, &inv->notifies[i]);

		if (!d || seen_target(inv, i))
			continue;
		notifiers(inv, d->path, by, sizeof(by));
		text_printf(stdout, "  device %s hid %s notified by %s\n", d->path, d->hid[0] ? d->hid : "-", by);
	}
	if (!x->compare)
		return;
	text_printf(stdout, "Compared with %s:\n", x->o->compare);
	for (int w = 0; w < W_N; w++)
		compare_what(x, w, NULL);
}

int inventory_offline(const struct inv_offline_opts *o)
{
	static struct offline x;
	struct inv_events evs = { 0 };
	int rc = 1;

	memset(&x, 0, sizeof(x));
	x.o = o;
	if (o->modules_alias) {
		snprintf(x.ma_path, sizeof(x.ma_path), "%s", o->modules_alias);
		if (modalias_load(&x.ma, o->modules_alias)) {
			err_print("inventory", "%s: cannot read: %m", o->modules_alias);
			return 1;
		}
		x.ma_ok = true;
	} else {
		x.ma_ok = !modalias_load_running(&x.ma, x.ma_path, sizeof(x.ma_path));
	}
	if (load_side(&x.a, o->tables, &x.ma))
		goto out;
	if (o->compare && load_side(&x.b, o->compare, &x.ma))
		goto out_a;
	x.compare = o->compare != NULL;
	if (o->policy_dir) {
		fit_dir(&x, o->policy_dir);
	} else {
		for (int i = 0; policy_default_dirs[i]; i++)
			fit_dir(&x, policy_default_dirs[i]);
		fit_dir(&x, POLICY_DIR_AVAILABLE);
	}
	if (g_opts.json) {
		inv_print_json(&x.a.inv, x.fits, x.nfits, &evs, json_extra, &x);
	} else {
		inv_print_text(&x.a.inv, x.fits, x.nfits, x.pdirs, &evs);
		text_extra(&x);
	}
	rc = 0;
	free(x.fits);
	if (x.compare)
		free_side(&x.b);
out_a:
	free_side(&x.a);
out:
	modalias_free(&x.ma);
	return rc;
}
