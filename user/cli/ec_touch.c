// SPDX-License-Identifier: GPL-2.0
/*
 * Which EC transactions touched a byte of EC RAM: see ec_touch.h.
 */
#include <stdio.h>
#include <string.h>

#include "acpi/acpi_path.h"
#include "cli/ec_touch.h"

#define EC_RD	0x80
#define EC_WR	0x81

static const struct ec_touch_link *find_link(const struct ec_touches *t, uint64_t id)
{
	if (!id)
		return NULL;
	for (size_t i = 0; i < EC_TOUCH_LINKS; i++)
		if (t->link[i].id == id)
			return &t->link[i];
	return NULL;
}

/* Remember what query a record's work belongs to, so its children find it. */
static void add_link(struct ec_touches *t, uint64_t id, int query, const char *method)
{
	struct ec_touch_link *l = &t->link[t->next];
	char copy[EC_TOUCH_PATH];

	/* @method may be a link's own: the slot overwritten may be its */
	snprintf(copy, sizeof(copy), "%s", method);
	t->next = (t->next + 1) % EC_TOUCH_LINKS;
	l->id = id;
	l->query = query;
	memcpy(l->method, copy, sizeof(l->method));
}

void ec_touches_record(struct ec_touches *t, const struct at_event *e)
{
	const struct ec_touch_link *up;
	struct ec_touch *tt;
	char method[EC_TOUCH_PATH] = "";
	int query = -1;

	if (e->source == AT_SRC_EC_QUERY) {
		acpi_path_format(&e->path, method, sizeof(method));
		add_link(t, e->id, (int)e->number, method);
		return;
	}
	up = find_link(t, e->parent);
	if (up) {
		query = up->query;
		snprintf(method, sizeof(method), "%s", up->method);
		add_link(t, e->id, query, method);
	}
	/* a transaction that reached the EC: an address was taken */
	if (e->source != AT_SRC_EC || e->result != 0 || e->ec.wlen < 1 ||
	    (e->ec.command != EC_RD && e->ec.command != EC_WR))
		return;
	if (t->n == EC_TOUCH_MAX) {
		t->lost++;
		return;
	}
	tt = &t->t[t->n++];
	tt->addr = e->ec.wdata[0];
	tt->command = e->ec.command;
	tt->query = query;
	memcpy(tt->method, method, sizeof(tt->method));
}

void ec_touches_reset(struct ec_touches *t)
{
	t->n = 0;
	t->lost = 0;
}

size_t ec_touches_at(const struct ec_touches *t, uint8_t addr,
		     const struct ec_touch **out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n && n < max; i++)
		if (t->t[i].addr == addr)
			out[n++] = &t->t[i];
	return n;
}

bool ec_touches_written(const struct ec_touches *t, uint8_t addr)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->t[i].addr == addr && t->t[i].command == EC_WR)
			return true;
	return false;
}
