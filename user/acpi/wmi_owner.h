/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Who else handles a WMI GUID's events.  A driver of the WMI bus shows as
 * /sys/bus/wmi/devices/GUID/driver (policy_resolve.c warns about that); a module
 * using the legacy wmi_install_notify_handler() API leaves no trace in
 * sysfs, so it is recognised by what it declares: a loaded module that
 * uses the wmi module (/sys/module/wmi/holders/MOD, or through one of
 * them, as asus_nb_wmi through asus_wmi) and names the GUID in
 * /lib/modules/RELEASE/modules.alias ("alias wmi:GUID MOD").
 */
#ifndef WMI_OWNER_H
#define WMI_OWNER_H

#include <stddef.h>

/*
 * The module handling @guid through the legacy API under @root ("" the
 * real system): 0 with its name in @mod; -1 when the GUID has no WMI
 * device here, a driver is bound to it, or no loaded module declares it.
 */
int wmi_legacy_owner(const char *root, const char *guid, char *mod, size_t len);

/*
 * Every module that declares @guid in modules.alias ("alias wmi:GUID MOD"),
 * loaded or not, comma separated in @mods: how many (0: none, or no
 * modules.alias for the running kernel under @root).
 */
int wmi_alias_modules(const char *root, const char *guid, char *mods, size_t len);

#endif
