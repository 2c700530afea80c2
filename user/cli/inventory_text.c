// SPDX-License-Identifier: GPL-2.0
/* acpitrace inventory's text output (inventory_print.h). */
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "policy/policy.h"
#include "cli/inventory_print.h"
#include "acpi/ec_ram.h"
#include "acpi/inventory_ec.h"

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
		if (!inv_ec_query(inv, &inv->methods[i]))
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

void inv_print_text(const struct inventory *inv, const struct pol_fit *fits, size_t nfits,
		    const char *pdirs, const struct inv_events *evs)
{
	bool ev = evs->seconds > 0 && evs->ok;

	if (evs->seconds > 0)
		printf("Events (%.1f s): %s\n", evs->seconds, evs->ok ? "traced" : evs->why);
	text_section("ACPI devices", &inv->devs_s, inv->ndevs);
	for (size_t i = 0; i < inv->ndevs; i++) {
		const struct inv_dev *d = &inv->devs[i];

		printf("  %-12s %-24s hid %-9s", d->name, dash(d->path), dash(d->hid));
		if (d->hid_computed)
			printf(" (_HID computed: not known offline)");
		if (d->cids[0])
			printf(" cid %s", d->cids);
		if (d->uid[0])
			printf(" uid %s", d->uid);
		if (d->status >= 0)
			printf(" _STA 0x%lx", d->status);
		if (inv->offline)
			printf(" alias %s", dash(d->alias));
		else
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
		if (w->string)
			printf(" string");
		if (inv->offline)
			printf(" device %s", w->dev);
		else
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
	if (inv->offline && inv->ecdt_id[0])
		printf(" ECDT %s;", inv->ecdt_id);
	if (inv->offline && inv->ec_gpe >= 0)
		printf(" GPE 0x%02lx (%s)\n", inv->ec_gpe, inv->ec_gpe_from);
	else if (inv->offline)
		printf(" GPE unknown: %s\n", inv->ec_gpe_from[0] ? inv->ec_gpe_from : "no _GPE and no ECDT");
	else if (inv->ec_gpe >= 0)
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
		printf("  %s: %s%s%s%s\n", fits[i].file, fits[i].verdict,
		       fits[i].optin ? " (not enabled: link it into " POLICY_DIR_LOCAL ")" : "",
		       fits[i].detail[0] ? ": " : "", fits[i].detail);
}
