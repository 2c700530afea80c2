// SPDX-License-Identifier: GPL-2.0
/*
 * Which EC transactions touched a byte of EC RAM: see ec_touch.h.
 */
#include <stdio.h>
#include <string.h>

#include "acpi/acpi_path.h"
#include "cli/ec_touch.h"

#define EC_RD		0x80
#define EC_WR		0x81
#define EC_TOUCH_DEPTH	32	/* parent links followed at most */

static const struct ec_touch_link *find_link(const struct ec_touches *t, uint64_t id)
{
	if (!id)
		return NULL;
	for (size_t i = 0; i < EC_TOUCH_LINKS; i++)
		if (t->link[i].id == id)
			return &t->link[i];
	return NULL;
}

/* Remember every record's parent, and a query record's number and method. */
static void add_link(struct ec_touches *t, const struct at_event *e)
{
	struct ec_touch_link *l = &t->link[t->next];

	t->next = (t->next + 1) % EC_TOUCH_LINKS;
	l->id = e->id;
	l->parent = e->parent;
	l->query = -1;
	l->method[0] = '\0';
	if (e->source == AT_SRC_EC_QUERY) {
		l->query = (int)e->number;
		acpi_path_format(&e->path, l->method, sizeof(l->method));
	}
}

/*
 * Records a transaction can sit under, below its query: the query itself,
 * a Notify (a driver's read), a WMI event (its _WED), a method.  SCI, GPE and
 * EC records are not kept: every EC byte raises the GPE, and one snapshot of
 * EC RAM by another reader would push the queries out of the ring.
 */
static bool links_below_query(uint8_t source)
{
	return source == AT_SRC_EC_QUERY || source == AT_SRC_NOTIFY ||
	       source == AT_SRC_WMI || source == AT_SRC_METHOD;
}

void ec_touches_record(struct ec_touches *t, const struct at_event *e)
{
	struct ec_touch *tt;

	if (links_below_query(e->source))
		add_link(t, e);
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
	tt->parent = e->parent;
	tt->query = -1;
	tt->method[0] = '\0';
}

void ec_touches_resolve(struct ec_touches *t)
{
	for (size_t i = 0; i < t->n; i++) {
		struct ec_touch *tt = &t->t[i];
		const struct ec_touch_link *l = find_link(t, tt->parent);

		for (int depth = 0; l && depth < EC_TOUCH_DEPTH; depth++) {
			if (l->query >= 0) {
				tt->query = l->query;
				memcpy(tt->method, l->method, sizeof(tt->method));
				break;
			}
			l = find_link(t, l->parent);
		}
	}
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
