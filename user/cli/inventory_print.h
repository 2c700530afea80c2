/* SPDX-License-Identifier: GPL-2.0 */
/*
 * acpitrace inventory's output, text (inventory_text.c) and JSON
 * (inventory_json.c), of what cmd_inventory.c gathered: the firmware's
 * inventory, the policy files' fit and what --events saw.
 */
#ifndef INVENTORY_PRINT_H
#define INVENTORY_PRINT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include "acpi/inventory.h"

/* One policy file against this machine. */
struct pol_fit {
	char file[PATH_MAX];
	const char *verdict;	/* "matches", "other machines", "no device here", "invalid" */
	char detail[800];
	bool optin;		/* from policy.available: matches, not enabled */
};

/* What --events found out, for the output. */
struct inv_events {
	double seconds;
	bool ok;
	char why[256];
};

/* @pdirs: the policy directories read, for the heading. */
void inv_print_text(const struct inventory *inv, const struct pol_fit *fits, size_t nfits,
		    const char *pdirs, const struct inv_events *evs);
struct json;
/* @extra (may be NULL) adds keys to the top object before it closes. */
void inv_print_json(const struct inventory *inv, const struct pol_fit *fits, size_t nfits,
		    const struct inv_events *evs, void (*extra)(struct json *j, void *ctx), void *ctx);

#endif
