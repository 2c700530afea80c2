/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The wmi: and acpi*: lines of a modules.alias file, to say which modules
 * would bind a WMI GUID or an ACPI device of tables read offline.  A
 * device's modalias is "acpi:HID:CID1:CID2:" and each alias a glob over
 * it ("alias acpi*:PNP0C0A:* battery"); a WMI block's is "wmi:GUID".
 */
#ifndef MODALIAS_H
#define MODALIAS_H

#include <stddef.h>

struct modalias {
	char **glob;
	char **mod;
	size_t n;
};

/* Add @file's aliases to @ma (zeroed first): 0, or -1 with errno. */
int modalias_load(struct modalias *ma, const char *file);
/*
 * The running kernel's /lib/modules/RELEASE/modules.alias (its path in
 * @path) and modules.builtin.alias where there is one.
 */
int modalias_load_running(struct modalias *ma, char *path, size_t len);
void modalias_free(struct modalias *ma);
/* The modules for "wmi:@guid", comma separated in @out: how many. */
int modalias_wmi(const struct modalias *ma, const char *guid, char *out, size_t len);
/* The modules for "acpi:@hid:@cids...:" (@cids comma separated): how many. */
int modalias_acpi(const struct modalias *ma, const char *hid, const char *cids, char *out, size_t len);

#endif
