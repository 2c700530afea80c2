/* SPDX-License-Identifier: GPL-2.0 */
/*
 * rfkill radio types (enum rfkill_type of linux/rfkill.h) and their names,
 * as the policy language writes them and /sys/class/rfkill/NAME/type
 * shows them; 0 is "all".
 */
#ifndef RFKILL_TYPE_H
#define RFKILL_TYPE_H

#define RFKILL_TYPE_MAX	8	/* nfc */

/* "all", "wlan", ... "nfc"; "?" outside 0..RFKILL_TYPE_MAX. */
const char *rfkill_type_name(int type);
/* The type named @name, or -1. */
int rfkill_type_from_name(const char *name);

#endif
