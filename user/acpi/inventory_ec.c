// SPDX-License-Identifier: GPL-2.0
/* Which of the inventory's methods are the EC's queries (inventory_ec.h). */
#include <string.h>
#include "acpi/inventory_ec.h"

/* The EC's device path, or NULL: its _Qxx methods are the ones in that scope. */
static const char *ec_path(const struct inventory *inv)
{
	for (size_t i = 0; i < inv->ndevs; i++)
		if (!strcmp(inv->devs[i].hid, "PNP0C09") && inv->devs[i].path[0])
			return inv->devs[i].path;
	return NULL;
}

bool inv_ec_query(const struct inventory *inv, const struct inv_method *m)
{
	const char *ec = ec_path(inv);

	return m->kind == 'Q' && (!ec || !strcmp(m->scope, ec));
}
