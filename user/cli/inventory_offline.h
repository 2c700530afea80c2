/* SPDX-License-Identifier: GPL-2.0 */
/*
 * acpitrace inventory --tables: the inventory of a machine's tables read
 * offline (acpi/inventory_tables.h), the policies that would fit it, the
 * event sources nobody covers, its EC field map, and --compare with a
 * second set of tables.  Printed with the live inventory's layout
 * (inventory_print.h) and these additions.
 */
#ifndef INVENTORY_OFFLINE_H
#define INVENTORY_OFFLINE_H

#include <stdbool.h>

struct inv_offline_opts {
	const char *tables;
	const char *compare;
	const char *modules_alias;	/* NULL: the running kernel's */
	const char *policy_dir;		/* NULL: the shipped and opt-in directories */
};

/* 0, or 1 after an error message (unreadable or malformed tables). */
int inventory_offline(const struct inv_offline_opts *o);

#endif
