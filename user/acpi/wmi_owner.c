// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lib/sysfs_file.h"
#include "acpi/guid.h"
#include "acpi/wmi_owner.h"

#define GUID_LEN (GUID_STR_LEN - 1)	/* without its NUL */

/*
 * 1 when the GUID has a device on the WMI bus and none has a driver, 0
 * when there is none or one is bound.  6.12 names a duplicated GUID's
 * second device GUID-1, so every GUID[-N] counts.
 */
static int unbound_wmi_device(const char *root, const char *guid)
{
	char link[PATH_MAX + 300];
	int found = 0, bound = 0;
	struct sysfs_dir dir;
	const char *name;
	struct stat st;

	if (sysfs_dir_open(&dir, root, "/sys/bus/wmi/devices"))
		return 0;
	while ((name = sysfs_dir_next(&dir))) {
		if (strncasecmp(name, guid, GUID_LEN) ||
		    (name[GUID_LEN] && name[GUID_LEN] != '-'))
			continue;
		found = 1;
		snprintf(link, sizeof(link), "%s/%s/driver", dir.path, name);
		if (!lstat(link, &st))
			bound = 1;
	}
	sysfs_dir_close(&dir);
	return found && !bound;
}

/*
 * The module uses wmi: one of wmi's holders or a holder of one of them
 * (asus_nb_wmi -> asus_wmi -> wmi); when wmi is built in, loaded at all.
 */
static int module_uses_wmi(const char *root, const char *mod)
{
	char path[PATH_MAX], sub[PATH_MAX + 600];
	struct sysfs_dir dir;
	const char *name;
	struct stat st;
	int uses = 0;

	if (!sysfs_dir_open(&dir, root, "/sys/module/wmi/holders")) {
		while (!uses && (name = sysfs_dir_next(&dir))) {
			snprintf(sub, sizeof(sub), "%s/sys/module/%s/holders/%s", root, name, mod);
			uses = !strcmp(name, mod) || !lstat(sub, &st);
		}
		sysfs_dir_close(&dir);
		return uses;
	}
	snprintf(path, sizeof(path), "%s/sys/module/%s", root, mod);
	return !stat(path, &st);
}

/* The running kernel's modules.alias under @root, or NULL. */
static FILE *open_alias(const char *root)
{
	char path[PATH_MAX], release[128];

	snprintf(path, sizeof(path), "%s/proc/sys/kernel/osrelease", root);
	if (sysfs_read_line(path, release, sizeof(release)) || strchr(release, '/'))
		return NULL;
	snprintf(path, sizeof(path), "%s/lib/modules/%s/modules.alias", root, release);
	return fopen(path, "re");
}

/* The module of an "alias wmi:GUID MOD" line for @guid (cut in @line), or NULL. */
static char *alias_module(char *line, const char *guid)
{
	char *name;

	if (strncmp(line, "alias wmi:", 10) || strncasecmp(line + 10, guid, GUID_LEN) ||
	    line[10 + GUID_LEN] != ' ')
		return NULL;
	name = line + 10 + GUID_LEN + 1;
	name[strcspn(name, " \t\n")] = '\0';
	return name[0] && !strchr(name, '/') ? name : NULL;
}

int wmi_alias_modules(const char *root, const char *guid, char *mods, size_t len)
{
	char line[512], *name;
	size_t used = 0;
	int n = 0;
	FILE *f;

	mods[0] = '\0';
	if (strlen(guid) != GUID_LEN || !(f = open_alias(root)))
		return 0;
	while (fgets(line, sizeof(line), f)) {
		if (!(name = alias_module(line, guid)))
			continue;
		if (used + strlen(name) + 2 > len)
			break;
		used += snprintf(mods + used, len - used, "%s%s", used ? "," : "", name);
		n++;
	}
	fclose(f);
	return n;
}

int wmi_legacy_owner(const char *root, const char *guid, char *mod, size_t len)
{
	char line[512];
	int found = -1;
	FILE *f;

	if (strlen(guid) != GUID_LEN || !unbound_wmi_device(root, guid))
		return -1;
	f = open_alias(root);
	if (!f)
		return -1;
	/* "alias wmi:B6F3EEF2-3D2F-49DC-9DE3-85BCE18C62F2 msi_wmi" */
	while (found < 0 && fgets(line, sizeof(line), f)) {
		char *name = alias_module(line, guid);

		if (!name || strlen(name) >= len || !module_uses_wmi(root, name))
			continue;
		memcpy(mod, name, strlen(name) + 1);
		found = 0;
	}
	fclose(f);
	return found;
}
