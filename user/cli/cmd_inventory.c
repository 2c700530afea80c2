// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace inventory: what the firmware has (acpi/inventory.c) and which
 * policy files fit this machine, from sysfs and debugfs only.  Each
 * section says when it could not be read, and why.
 */
#include <dirent.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/listen.h"
#include "acpi/ec_ram.h"
#include "record/record_fields.h"
#include "acpi/inventory.h"
#include "policy/policy.h"
#include "lib/errmsg.h"
#include "lib/json.h"
#include "lib/opt.h"
#include "lib/parse.h"
#include "lib/time.h"

struct inv_opts {
	const char *root;
	const char *policy_dir;		/* NULL: the policy.d directories */
	double events;			/* --events SECONDS; 0: none */
	bool no_ec_io;
};

/* What --events found out, for the output. */
struct inv_events {
	double seconds;
	bool ok;
	char why[256];
};

#define T struct inv_opts
static const struct opt inv_opts_table[] = {
	CLI_OPT_JSON("one JSON object"),
	OPT_STR('P', "policy", "DIR", T, policy_dir,
		"say which *.policy files of DIR fit this machine\n(default: the policy.d directories run reads)"),
	OPT_SECONDS('e', "events", "SECONDS", T, events, 0, 86400, "expected seconds > 0",
		    "trace for SECONDS and mark the GPEs, WMI GUIDs and EC queries that fired (root)"),
	OPT_FLAG(0, "no-ec-io", T, no_ec_io, "do not read the EC's RAM (256 EC transactions) from debugfs"),
	OPT_STR(0, "sysfs-root", "DIR", T, root, "read sysfs and debugfs under DIR (tests)"),
	OPT_HELP,
	OPT_END,
};
#undef T

static void inv_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] inventory [OPTIONS]\n"
		"List what the firmware has: ACPI devices (path, HID, CIDs, _UID, _STA,\n"
		"bound driver, PNP ids), WMI blocks (notify or object id, flags, instances,\n"
		"driver, modules declaring the GUID), GPEs and fixed events with their\n"
		"interrupt counts, state and _Lxx/_Exx method, the EC (GPE, _Qxx methods,\n"
		"RAM), buttons, lid, video and thermal zones, and which policy files match\n"
		"this machine. Reads sysfs, the AML tables and debugfs; a section it cannot\n"
		"read says why. Needs no privileges (root sees the tables and debugfs).\n\n");
	opt_usage(out, inv_opts_table);
}

const struct opt_cmd inventory_cmd = {
	.name = "inventory", .table = inv_opts_table, .usage = inv_usage, .no_operands = true,
};

/* ---- policies ----------------------------------------------------------- */

struct pol_fit {
	char file[PATH_MAX];
	const char *verdict;	/* "matches", "other machines", "no device here", "invalid" */
	char detail[800];
};

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One policy file resolved against this machine: does any block apply? */
static void fit_one(const char *file, const char *root, struct pol_fit *f)
{
	struct policy_env env = { .root = root, .owner = geteuid() };
	struct policy p;
	size_t used = 0;
	bool dmi = false;

	snprintf(f->file, sizeof(f->file), "%s", file);
	f->detail[0] = '\0';
	if (policy_load(&p, file, &env)) {
		f->verdict = "invalid";
		snprintf(f->detail, sizeof(f->detail), "%s", p.error);
		policy_free(&p);
		return;
	}
	for (int i = 0; i < p.nblocks; i++) {
		const struct pol_block *b = &p.blocks[i];

		dmi |= b->dmi_ok;
		if (!b->dmi_ok || !b->devices[0])
			continue;
		used += snprintf(f->detail + used, used < sizeof(f->detail) ? sizeof(f->detail) - used : 0,
				 "%s%s", used ? "; " : "", b->devices);
		if (used >= sizeof(f->detail))
			used = sizeof(f->detail) - 1;
	}
	f->verdict = used ? "matches" : dmi ? "no device here" : "other machines (dmi)";
	policy_free(&p);
}

static size_t fit_dir(const char *dir, const char *root, struct pol_fit **out, size_t n)
{
	char *names[256], path[PATH_MAX];
	size_t nn = 0;
	struct dirent *e;
	DIR *d = opendir(dir);

	if (!d)
		return n;
	while ((e = readdir(d)) && nn < 256) {
		size_t len = strlen(e->d_name);

		if (len > 7 && !strcmp(e->d_name + len - 7, ".policy") && e->d_name[0] != '.')
			names[nn++] = strdup(e->d_name);
		if (nn && !names[nn - 1])
			nn--;
	}
	closedir(d);
	qsort(names, nn, sizeof(names[0]), name_cmp);
	for (size_t i = 0; i < nn; i++) {
		struct pol_fit *f = realloc(*out, (n + 1) * sizeof(**out));

		if (f) {
			*out = f;
			snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
			fit_one(path, root, &f[n++]);
		}
		free(names[i]);
	}
	return n;
}

/* ---- text --------------------------------------------------------------- */

static void text_section(const char *title, const struct inv_section *s, size_t n)
{
	if (s->status == INV_OK)
		printf("%s (%s): %zu\n", title, s->where, n);
	else
		printf("%s: not available: %s\n", title, s->why);
}

static const char *dash(const char *s)
{
	return s[0] ? s : "-";
}

/* The EC's device path, or NULL: its _Qxx methods are the ones in that scope. */
static const char *ec_path(const struct inventory *inv)
{
	for (size_t i = 0; i < inv->ndevs; i++)
		if (!strcmp(inv->devs[i].hid, "PNP0C09") && inv->devs[i].path[0])
			return inv->devs[i].path;
	return NULL;
}

static bool ec_query(const struct inventory *inv, const struct inv_method *m)
{
	const char *ec = ec_path(inv);

	return m->kind == 'Q' && (!ec || !strcmp(m->scope, ec));
}

static void text_methods(const struct inventory *inv, bool ev)
{
	if (inv->aml_s.status != INV_OK && !inv->ntables) {
		printf("GPE and EC query methods: not available: %s\n", inv->aml_s.why);
		return;
	}
	printf("GPE and EC query methods (%s, %zu tables): %zu\n", inv->aml_s.where, inv->ntables,
	       inv->nmethods);
	if (inv->aml_s.status != INV_OK)
		printf("  (incomplete: %s)\n", inv->aml_s.why);
	for (size_t i = 0; i < inv->nmethods; i++) {
		const struct inv_method *m = &inv->methods[i];

		printf("  %-5s 0x%02X  %-28s %s", m->kind == 'Q' ? "query" : "gpe", m->number, m->path,
		       m->table);
		if (ev && m->kind == 'Q')
			printf(" fired %u", m->fired);
		printf("\n");
	}
}

static void text_ec(const struct inventory *inv, bool ev)
{
	size_t n = 0;

	printf("  queries:");
	for (size_t i = 0; i < inv->nmethods; i++) {
		if (!ec_query(inv, &inv->methods[i]))
			continue;
		printf(" %s", inv->methods[i].path);
		if (ev)
			printf(" (fired %u)", inv->methods[i].fired);
		n++;
	}
	printf("%s\n", n ? "" : inv->aml_s.status == INV_OK ? " none in the tables" : " unknown (tables not read)");
	if (inv->ecio_s.status != INV_OK) {
		printf("  registers: not available: %s\n", inv->ecio_s.why);
		return;
	}
	printf("  registers (%s, %zu bytes):\n", inv->ecio_s.where, inv->ec_io_len);
	ec_ram_hex(stdout, inv->ec_io, inv->ec_io_len);
}

static void print_text(const struct inventory *inv, const struct pol_fit *fits, size_t nfits,
		       const char *pdirs, const struct inv_events *evs)
{
	bool ev = evs->seconds > 0 && evs->ok;

	if (evs->seconds > 0)
		printf("Events (%.1f s): %s\n", evs->seconds, evs->ok ? "traced" : evs->why);
	text_section("ACPI devices", &inv->devs_s, inv->ndevs);
	for (size_t i = 0; i < inv->ndevs; i++) {
		const struct inv_dev *d = &inv->devs[i];

		printf("  %-12s %-24s hid %-9s", d->name, dash(d->path), dash(d->hid));
		if (d->cids[0])
			printf(" cid %s", d->cids);
		if (d->uid[0])
			printf(" uid %s", d->uid);
		if (d->status >= 0)
			printf(" _STA 0x%lx", d->status);
		printf(" driver %s", dash(d->driver));
		if (d->pnp[0])
			printf(" pnp %s %s", d->pnp, dash(d->pnp_ids));
		printf("\n");
	}
	text_section("WMI blocks", &inv->wmi_s, inv->nwmi);
	for (size_t i = 0; i < inv->nwmi; i++) {
		const struct inv_wmi *w = &inv->wmi[i];

		printf("  %s", w->guid);
		if (w->event)
			printf(" event notify 0x%02X", w->notify_id);
		if (w->method)
			printf(" method object %s", w->object_id);
		if (w->data)
			printf(" data object %s%s", w->object_id, w->setable ? " setable" : "");
		if (w->expensive)
			printf(" expensive");
		if (w->instances >= 0)
			printf(" instances %ld", w->instances);
		printf(" driver %s", w->driver[0] ? w->driver : "- (not bound)");
		printf(" alias %s", dash(w->alias));
		if (ev)
			printf(" fired %u", w->fired);
		printf("\n");
	}
	text_section("GPEs and fixed events", &inv->gpe_s, inv->ngpes);
	for (size_t i = 0; i < inv->ngpes; i++) {
		const struct inv_gpe *g = &inv->gpes[i];

		printf("  %-12s %8llu  %-24s", g->name, g->count, g->state);
		if (g->gpe)
			printf(" %s", g->method[0] ? g->method : "no method");
		if (ev && g->gpe)
			printf(" fired %u", g->fired);
		printf("\n");
	}
	text_methods(inv, ev);
	printf("Embedded controller:");
	for (size_t i = 0; i < inv->ndevs; i++)
		if (!strcmp(inv->devs[i].hid, "PNP0C09"))
			printf(" %s %s driver %s;", inv->devs[i].name, inv->devs[i].path,
			       dash(inv->devs[i].driver));
	if (inv->ec_gpe >= 0)
		printf(" GPE 0x%02lx (debugfs %s)\n", inv->ec_gpe, inv->ec_debugfs);
	else
		printf(" GPE unknown: %s\n", inv->ec_s.status == INV_OK ? "no EC in debugfs" : inv->ec_s.why);
	text_ec(inv, ev);
	printf("Buttons, lid, video, thermal, EC, GED, WMI, power:\n");
	for (size_t i = 0; i < inv->ndevs; i++) {
		const char *k = inv_platform_kind(inv->devs[i].hid);

		if (k)
			printf("  %-24s %-12s %s\n", k, inv->devs[i].name, dash(inv->devs[i].path));
	}
	text_section("Thermal zones", &inv->thermal_s, inv->ntz);
	for (size_t i = 0; i < inv->ntz; i++) {
		if (inv->tz[i].temp == LONG_MIN)
			printf("  %-16s %-12s temp unreadable\n", inv->tz[i].name, inv->tz[i].type);
		else
			printf("  %-16s %-12s %.1f C\n", inv->tz[i].name, inv->tz[i].type,
			       inv->tz[i].temp / 1000.0);
	}
	printf("Policies (%s): %zu files\n", pdirs, nfits);
	for (size_t i = 0; i < nfits; i++)
		printf("  %s: %s%s%s\n", fits[i].file, fits[i].verdict, fits[i].detail[0] ? ": " : "",
		       fits[i].detail);
}

/* ---- JSON --------------------------------------------------------------- */

static void json_section(struct json *j, const char *key, const struct inv_section *s)
{
	json_begin_object(j, key);
	json_str(j, "status", inv_status_name(s->status));
	json_str(j, "source", s->where);
	if (s->status != INV_OK)
		json_str(j, "reason", s->why);
}

static void json_opt_str(struct json *j, const char *key, const char *s)
{
	json_str(j, key, s[0] ? s : NULL);
}

/* "a,b" as ["a", "b"] */
static void json_list(struct json *j, const char *key, const char *list)
{
	char buf[256], *save = NULL, *c;

	json_begin_array(j, key);
	snprintf(buf, sizeof(buf), "%s", list);
	for (c = strtok_r(buf, ",", &save); c; c = strtok_r(NULL, ",", &save))
		json_str(j, NULL, c);
	json_end_array(j);
}

static void json_fired(struct json *j, bool ev, unsigned int n)
{
	if (ev)
		json_u64(j, "fired", n);
	else
		json_null(j, "fired");
}

static void json_devs(struct json *j, const struct inventory *inv)
{
	json_section(j, "devices", &inv->devs_s);
	json_begin_array(j, "items");
	for (size_t i = 0; i < inv->ndevs; i++) {
		const struct inv_dev *d = &inv->devs[i];
		const char *k = inv_platform_kind(d->hid);

		json_begin_object(j, NULL);
		json_str(j, "name", d->name);
		json_opt_str(j, "path", d->path);
		json_opt_str(j, "hid", d->hid);
		json_list(j, "cids", d->cids);
		json_opt_str(j, "uid", d->uid);
		if (d->status < 0)
			json_null(j, "sta");
		else
			json_u64(j, "sta", d->status);
		json_opt_str(j, "driver", d->driver);
		json_str(j, "kind", k);
		if (d->pnp[0]) {
			json_begin_object(j, "pnp");
			json_str(j, "name", d->pnp);
			json_list(j, "ids", d->pnp_ids);
			json_end_object(j);
		} else {
			json_null(j, "pnp");
		}
		json_end_object(j);
	}
	json_end_array(j);
	json_end_object(j);
}

static void json_wmi(struct json *j, const struct inventory *inv, bool ev)
{
	json_section(j, "wmi", &inv->wmi_s);
	json_begin_array(j, "items");
	for (size_t i = 0; i < inv->nwmi; i++) {
		const struct inv_wmi *w = &inv->wmi[i];

		json_begin_object(j, NULL);
		json_str(j, "guid", w->guid);
		json_str(j, "name", w->name);
		if (w->event)
			json_u64(j, "notify_id", w->notify_id);
		else
			json_null(j, "notify_id");
		json_opt_str(j, "object_id", w->object_id);
		json_bool(j, "event", w->event);
		json_bool(j, "method", w->method);
		json_bool(j, "data", w->data);
		json_bool(j, "setable", w->setable);
		json_bool(j, "expensive", w->expensive);
		if (w->instances < 0)
			json_null(j, "instances");
		else
			json_u64(j, "instances", w->instances);
		json_opt_str(j, "driver", w->driver);
		json_bool(j, "bound", w->driver[0]);
		json_list(j, "alias_modules", w->alias);
		json_fired(j, ev, w->fired);
		json_end_object(j);
	}
	json_end_array(j);
	json_end_object(j);
}

static void json_gpes(struct json *j, const struct inventory *inv, bool ev)
{
	json_section(j, "interrupts", &inv->gpe_s);
	json_begin_array(j, "items");
	for (size_t i = 0; i < inv->ngpes; i++) {
		const struct inv_gpe *g = &inv->gpes[i];

		json_begin_object(j, NULL);
		json_str(j, "name", g->name);
		if (g->gpe)
			json_u64(j, "gpe", g->number);
		else
			json_null(j, "gpe");
		json_u64(j, "count", g->count);
		json_str(j, "state", g->state);
		json_bool(j, "enabled", g->enabled);
		json_opt_str(j, "method", g->method);
		json_fired(j, ev && g->gpe, g->fired);
		json_end_object(j);
	}
	json_end_array(j);
	json_end_object(j);
}

static void json_method(struct json *j, const struct inv_method *m, bool ev)
{
	char kind[2] = { m->kind, 0 };

	json_begin_object(j, NULL);
	json_str(j, "path", m->path);
	json_str(j, "scope", m->scope);
	json_str(j, "kind", kind);
	json_u64(j, "number", m->number);
	json_str(j, "table", m->table);
	json_fired(j, ev && m->kind == 'Q', m->fired);
	json_end_object(j);
}

static void json_methods(struct json *j, const struct inventory *inv, bool ev)
{
	json_section(j, "methods", &inv->aml_s);
	json_u64(j, "tables", inv->ntables);
	json_begin_array(j, "items");
	for (size_t i = 0; i < inv->nmethods; i++)
		json_method(j, &inv->methods[i], ev);
	json_end_array(j);
	json_end_object(j);
}

static void json_ec_more(struct json *j, const struct inventory *inv, bool ev)
{
	char hex[EC_RAM_SIZE * 2 + 1];

	json_begin_array(j, "queries");
	for (size_t i = 0; i < inv->nmethods; i++)
		if (ec_query(inv, &inv->methods[i]))
			json_method(j, &inv->methods[i], ev);
	json_end_array(j);
	json_section(j, "registers", &inv->ecio_s);
	for (size_t i = 0; i < inv->ec_io_len; i++)
		snprintf(hex + 2 * i, 3, "%02x", inv->ec_io[i]);
	hex[2 * inv->ec_io_len] = '\0';
	json_u64(j, "length", inv->ec_io_len);
	json_str(j, "hex", inv->ec_io_len ? hex : NULL);
	json_end_object(j);
}

static void print_json(const struct inventory *inv, const struct pol_fit *fits, size_t nfits,
		       const struct inv_events *evs)
{
	bool ev = evs->seconds > 0 && evs->ok;
	struct json j;

	json_init(&j, stdout);
	json_begin_object(&j, NULL);
	json_begin_object(&j, "events");
	if (evs->seconds > 0) {
		json_str(&j, "status", evs->ok ? "ok" : "error");
		json_double(&j, "seconds", evs->seconds, 1);
		if (!evs->ok)
			json_str(&j, "reason", evs->why);
	} else {
		json_str(&j, "status", "not_asked");
	}
	json_end_object(&j);
	json_devs(&j, inv);
	json_section(&j, "pnp", &inv->pnp_s);
	json_end_object(&j);
	json_wmi(&j, inv, ev);
	json_gpes(&j, inv, ev);
	json_methods(&j, inv, ev);
	json_section(&j, "ec", &inv->ec_s);
	json_ec_more(&j, inv, ev);
	json_begin_array(&j, "devices");
	for (size_t i = 0; i < inv->ndevs; i++)
		if (!strcmp(inv->devs[i].hid, "PNP0C09"))
			json_str(&j, NULL, inv->devs[i].name);
	json_end_array(&j);
	if (inv->ec_gpe >= 0)
		json_u64(&j, "gpe", inv->ec_gpe);
	else
		json_null(&j, "gpe");
	json_end_object(&j);
	json_section(&j, "thermal", &inv->thermal_s);
	json_begin_array(&j, "items");
	for (size_t i = 0; i < inv->ntz; i++) {
		json_begin_object(&j, NULL);
		json_str(&j, "name", inv->tz[i].name);
		json_str(&j, "type", inv->tz[i].type);
		if (inv->tz[i].temp == LONG_MIN)
			json_null(&j, "temp_mc");
		else
			json_i64(&j, "temp_mc", inv->tz[i].temp);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_end_object(&j);
	json_begin_array(&j, "policies");
	for (size_t i = 0; i < nfits; i++) {
		json_begin_object(&j, NULL);
		json_str(&j, "file", fits[i].file);
		json_str(&j, "verdict", fits[i].verdict);
		json_opt_str(&j, "detail", fits[i].detail);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_end_object(&j);
}

/* ---- --events ----------------------------------------------------------- */

struct mark_ctx {
	struct inventory *inv;
	struct acpi_sysfs sys;	/* a WMI event's GUID where the kernel gave only a path */
};

static void mark_event(const struct at_event *e, void *ctx)
{
	struct mark_ctx *c = ctx;
	struct inventory *inv = c->inv;
	struct rec_view v;

	if (e->source == AT_SRC_GPE) {
		for (size_t i = 0; i < inv->ngpes; i++)
			if (inv->gpes[i].gpe && inv->gpes[i].number == (int)e->number)
				inv->gpes[i].fired++;
	} else if (e->source == AT_SRC_WMI) {
		rec_view_make(&v, e, &c->sys);
		for (size_t i = 0; i < inv->nwmi; i++)
			if (v.guid[0] && !strcasecmp(inv->wmi[i].guid, v.guid))
				inv->wmi[i].fired++;
	} else if (e->source == AT_SRC_EC_QUERY) {
		for (size_t i = 0; i < inv->nmethods; i++)
			if (ec_query(inv, &inv->methods[i]) && inv->methods[i].number == (int)e->number)
				inv->methods[i].fired++;
	}
}

/* Trace for evs->seconds; the firmware's events mark what fired. */
static void watch_events(struct inventory *inv, const char *root, struct inv_events *evs)
{
	struct mark_ctx c = { .inv = inv };
	struct listener *l;
	uint64_t end;

	acpi_sysfs_load(&c.sys, root);
	l = listen_open(mark_event, &c, evs->why, sizeof(evs->why));
	if (!l) {
		acpi_sysfs_free(&c.sys);
		return;
	}
	evs->ok = true;
	notice_print("inventory", "tracing events for %.1f s", evs->seconds);
	end = mono_ns() + (uint64_t)(evs->seconds * 1e9);
	while (mono_ns() < end) {
		uint64_t left_ms = (end - mono_ns()) / 1000000;

		listen_poll(l, left_ms > 100 ? 100 : (int)left_ms);
	}
	listen_close(l);
	acpi_sysfs_free(&c.sys);
}

int cmd_inventory(int argc, char **argv)
{
	struct inv_opts o = { .root = "" };
	struct inventory inv;
	struct pol_fit *fits = NULL;
	struct inv_events evs = { 0 };
	size_t nfits = 0;
	char dirs[512] = "";
	int err;

	err = opt_parse(&inventory_cmd, argc, argv, &o);
	if (err)
		return err;
	inventory_load(&inv, o.root, !o.no_ec_io);
	evs.seconds = o.events;
	if (o.events > 0)
		watch_events(&inv, o.root, &evs);
	if (o.policy_dir) {
		nfits = fit_dir(o.policy_dir, o.root, &fits, 0);
		snprintf(dirs, sizeof(dirs), "%s", o.policy_dir);
	} else {
		for (int i = 0; policy_default_dirs[i]; i++) {
			nfits = fit_dir(policy_default_dirs[i], o.root, &fits, nfits);
			snprintf(dirs + strlen(dirs), sizeof(dirs) - strlen(dirs), "%s%s", i ? ", " : "",
				 policy_default_dirs[i]);
		}
	}
	if (g_opts.json)
		print_json(&inv, fits, nfits, &evs);
	else
		print_text(&inv, fits, nfits, dirs, &evs);
	free(fits);
	inventory_free(&inv);
	return 0;
}
