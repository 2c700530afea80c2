// SPDX-License-Identifier: GPL-2.0
/* acpitrace inventory's text output (inventory_print.h). */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "policy/policy.h"
#include "cli/inventory_print.h"
#include "acpi/ec_ram.h"
#include "acpi/inventory_ec.h"
#include "lib/text_out.h"

static void text_section(const char *title, const struct inv_section *s, size_t n)
{
	if (s->status == INV_OK)
		text_printf(stdout, "%s (%s): %zu\n", title, s->where, n);
	else
		text_printf(stdout, "%s: not available: %s\n", title, s->why);
}

static const char *dash(const char *s)
{
	return s[0] ? s : "-";
}

static void text_methods(const struct inventory *inv, bool ev)
{
	if (inv->aml_s.status != INV_OK && !inv->ntables) {
		text_printf(stdout, "GPE and EC query methods: not available: %s\n", inv->aml_s.why);
		return;
	}
	text_printf(stdout, "GPE and EC query methods (%s, %zu tables): %zu\n", inv->aml_s.where, inv->ntables,
	       inv->nmethods);
	if (inv->aml_s.status != INV_OK)
		text_printf(stdout, "  (incomplete: %s)\n", inv->aml_s.why);
	for (size_t i = 0; i < inv->nmethods; i++) {
		const struct inv_method *m = &inv->methods[i];

		text_printf(stdout, "  %-5s 0x%02X  %-28s %s", m->kind == 'Q' ? "query" : "gpe", m->number, m->path,
		       m->table);
		if (ev && m->kind == 'Q')
			text_printf(stdout, " fired %u", m->fired);
		text_printf(stdout, "\n");
	}
}

static void text_ec(const struct inventory *inv, bool ev)
{
	size_t n = 0;

	text_printf(stdout, "  queries:");
	for (size_t i = 0; i < inv->nmethods; i++) {
		if (!inv_ec_query(inv, &inv->methods[i]))
			continue;
		text_printf(stdout, " %s", inv->methods[i].path);
		if (ev)
			text_printf(stdout, " (fired %u)", inv->methods[i].fired);
		n++;
	}
	text_printf(stdout, "%s\n", n ? "" : inv->aml_s.status == INV_OK ? " none in the tables" : " unknown (tables not read)");
	if (inv->ecio_s.status != INV_OK) {
		text_printf(stdout, "  registers: not available: %s\n", inv->ecio_s.why);
		return;
	}
	text_printf(stdout, "  registers (%s, %zu bytes):\n", inv->ecio_s.where, inv->ec_io_len);
	ec_ram_hex(stdout, inv->ec_io, inv->ec_io_len);
}

void inv_print_text(const struct inventory *inv, const struct pol_fit *fits, size_t nfits,
		    const char *pdirs, const struct inv_events *evs)
{
	bool ev = evs->seconds > 0 && evs->ok;

	if (evs->seconds > 0)
		text_printf(stdout, "Events (%.1f s): %s\n", evs->seconds, evs->ok ? "traced" : evs->why);
	text_section("ACPI devices", &inv->devs_s, inv->ndevs);
	for (size_t i = 0; i < inv->ndevs; i++) {
		const struct inv_dev *d = &inv->devs[i];

		text_printf(stdout, "  %-12s %-24s hid %-9s", d->name, dash(d->path), dash(d->hid));
		if (d->hid_computed)
			text_printf(stdout, " (_HID computed: not known offline)");
		if (d->cids[0])
			text_printf(stdout, " cid %s", d->cids);
		if (d->uid[0])
			text_printf(stdout, " uid %s", d->uid);
		if (d->status >= 0)
			text_printf(stdout, " _STA 0x%lx", d->status);
		if (inv->offline)
			text_printf(stdout, " alias %s", dash(d->alias));
		else
			text_printf(stdout, " driver %s", dash(d->driver));
		if (d->pnp[0])
			text_printf(stdout, " pnp %s %s", d->pnp, dash(d->pnp_ids));
		text_printf(stdout, "\n");
	}
	text_section("WMI blocks", &inv->wmi_s, inv->nwmi);
	for (size_t i = 0; i < inv->nwmi; i++) {
		const struct inv_wmi *w = &inv->wmi[i];

		text_printf(stdout, "  %s", w->guid);
		if (w->event)
			text_printf(stdout, " event notify 0x%02X", w->notify_id);
		if (w->method)
			text_printf(stdout, " method object %s", w->object_id);
		if (w->data)
			text_printf(stdout, " data object %s%s", w->object_id, w->setable ? " setable" : "");
		if (w->expensive)
			text_printf(stdout, " expensive");
		if (w->instances >= 0)
			text_printf(stdout, " instances %ld", w->instances);
		if (w->string)
			text_printf(stdout, " string");
		if (inv->offline)
			text_printf(stdout, " device %s", w->dev);
		else
			text_printf(stdout, " driver %s", w->driver[0] ? w->driver : "- (not bound)");
		text_printf(stdout, " alias %s", dash(w->alias));
		if (ev)
			text_printf(stdout, " fired %u", w->fired);
		text_printf(stdout, "\n");
	}
	text_section("GPEs and fixed events", &inv->gpe_s, inv->ngpes);
	for (size_t i = 0; i < inv->ngpes; i++) {
		const struct inv_gpe *g = &inv->gpes[i];

		text_printf(stdout, "  %-12s %8llu  %-24s", g->name, g->count, g->state);
		if (g->gpe)
			text_printf(stdout, " %s", g->method[0] ? g->method : "no method");
		if (ev && g->gpe)
			text_printf(stdout, " fired %u", g->fired);
		text_printf(stdout, "\n");
	}
	text_methods(inv, ev);
	text_printf(stdout, "Embedded controller:");
	for (size_t i = 0; i < inv->ndevs; i++)
		if (!strcmp(inv->devs[i].hid, "PNP0C09"))
			text_printf(stdout, " %s %s driver %s;", inv->devs[i].name, inv->devs[i].path,
			       dash(inv->devs[i].driver));
	if (inv->offline && inv->ecdt_id[0])
		text_printf(stdout, " ECDT %s;", inv->ecdt_id);
	if (inv->offline && inv->ec_gpe >= 0)
		text_printf(stdout, " GPE 0x%02lx (%s)\n", inv->ec_gpe, inv->ec_gpe_from);
	else if (inv->offline)
		text_printf(stdout, " GPE unknown: %s\n", inv->ec_gpe_from[0] ? inv->ec_gpe_from : "no _GPE and no ECDT");
	else if (inv->ec_gpe >= 0)
		text_printf(stdout, " GPE 0x%02lx (debugfs %s)\n", inv->ec_gpe, inv->ec_debugfs);
	else
		text_printf(stdout, " GPE unknown: %s\n", inv->ec_s.status == INV_OK ? "no EC in debugfs" : inv->ec_s.why);
	text_ec(inv, ev);
	text_printf(stdout, "Buttons, lid, video, thermal, EC, GED, WMI, power:\n");
	for (size_t i = 0; i < inv->ndevs; i++) {
		const char *k = inv_platform_kind(inv->devs[i].hid);

		if (k)
			text_printf(stdout, "  %-24s %-12s %s\n", k, inv->devs[i].name, dash(inv->devs[i].path));
	}
	text_section("Thermal zones", &inv->thermal_s, inv->ntz);
	for (size_t i = 0; i < inv->ntz; i++) {
		if (inv->tz[i].temp == LONG_MIN)
			text_printf(stdout, "  %-16s %-12s temp unreadable\n", inv->tz[i].name, inv->tz[i].type);
		else
			text_printf(stdout, "  %-16s %-12s %.1f C\n", inv->tz[i].name, inv->tz[i].type,
			       inv->tz[i].temp / 1000.0);
	}
	text_printf(stdout, "Policies (%s): %zu files\n", pdirs, nfits);
	for (size_t i = 0; i < nfits; i++)
		text_printf(stdout, "  %s: %s%s%s%s\n", fits[i].file, fits[i].verdict,
		       fits[i].optin ? " (not enabled: link it into " POLICY_DIR_LOCAL ")" : "",
		       fits[i].detail[0] ? ": " : "", fits[i].detail);
}
