// SPDX-License-Identifier: GPL-2.0
/* acpitrace inventory's JSON output, -j (inventory_print.h). */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "cli/inventory_print.h"
#include "acpi/ec_ram.h"
#include "acpi/inventory_ec.h"
#include "lib/json.h"

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
		if (inv->offline) {
			json_bool(j, "hid_computed", d->hid_computed);
			json_list(j, "alias_modules", d->alias);
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
		if (inv->offline) {
			json_bool(j, "string", w->string);
			json_str(j, "device", w->dev);
		}
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
		if (inv_ec_query(inv, &inv->methods[i]))
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

void inv_print_json(const struct inventory *inv, const struct pol_fit *fits, size_t nfits,
		    const struct inv_events *evs, void (*extra)(struct json *j, void *ctx), void *ctx)
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
	if (inv->offline) {
		json_opt_str(&j, "gpe_from", inv->ec_gpe_from);
		json_opt_str(&j, "ecdt", inv->ecdt_id);
	}
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
		json_bool(&j, "enabled", !fits[i].optin);
		json_opt_str(&j, "detail", fits[i].detail);
		json_end_object(&j);
	}
	json_end_array(&j);
	if (extra)
		extra(&j, ctx);
	json_end_object(&j);
}
