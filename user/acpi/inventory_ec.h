/* SPDX-License-Identifier: GPL-2.0 */
/* Which of the inventory's methods are the EC's queries. */
#ifndef INVENTORY_EC_H
#define INVENTORY_EC_H

#include <stdbool.h>
#include "acpi/inventory.h"

/* A _Qxx method in the EC's scope (any _Qxx when no EC device has a path). */
bool inv_ec_query(const struct inventory *inv, const struct inv_method *m);

#endif
