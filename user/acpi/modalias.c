// SPDX-License-Identifier: GPL-2.0
/* acpi/modalias.h: which modules a modules.alias file binds to a modalias. */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include "acpi/modalias.h"

static int keep(struct modalias *ma, const char *glob, const char *mod)
{
	char **g = realloc(ma->glob, (ma->n + 1) * sizeof(*g)), **m;

	if (!g)
		return -1;
	ma->glob = g;
	m = realloc(ma->mod, (ma->n + 1) * sizeof(*m));
	if (!m)
		return -1;
	ma->mod = m;
	g[ma->n] = strdup(glob);
	m[ma->n] = strdup(mod);
	if (!g[ma->n] || !m[ma->n]) {
		free(g[ma->n]);
		free(m[ma->n]);
		return -1;
	}
	ma->n++;
	return 0;
}

int modalias_load(struct modalias *ma, const char *file)
{
	char line[512], glob[400], mod[80];
	FILE *f = fopen(file, "re");

	if (!f)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		if (strncmp(line, "alias wmi:", 10) && strncmp(line, "alias acpi*:", 12) &&
		    strncmp(line, "alias acpi:", 11))
			continue;
		if (sscanf(line, "alias %399s %79s", glob, mod) == 2 && keep(ma, glob, mod))
			break;
	}
	fclose(f);
	return 0;
}

int modalias_load_running(struct modalias *ma, char *path, size_t len)
{
	struct utsname u;

	char builtin[320];

	if (uname(&u))
		return -1;
	/* built-in drivers (button, battery...) bind too: modules.builtin.alias */
	snprintf(builtin, sizeof(builtin), "/lib/modules/%s/modules.builtin.alias", u.release);
	modalias_load(ma, builtin);
	snprintf(path, len, "/lib/modules/%s/modules.alias", u.release);
	return modalias_load(ma, path);
}

void modalias_free(struct modalias *ma)
{
	for (size_t i = 0; i < ma->n; i++) {
		free(ma->glob[i]);
		free(ma->mod[i]);
	}
	free(ma->glob);
	free(ma->mod);
	memset(ma, 0, sizeof(*ma));
}

/* Every module whose glob matches @alias, once each, comma separated. */
static int match(const struct modalias *ma, const char *alias, char *out, size_t len)
{
	size_t used = 0;
	int n = 0;

	out[0] = '\0';
	for (size_t i = 0; i < ma->n; i++) {
		size_t ml = strlen(ma->mod[i]);
		const char *dup = strstr(out, ma->mod[i]);

		if (fnmatch(ma->glob[i], alias, FNM_CASEFOLD))
			continue;
		while (dup && !((dup == out || dup[-1] == ',') && (dup[ml] == ',' || !dup[ml])))
			dup = strstr(dup + 1, ma->mod[i]);
		if (dup || used + ml + 2 > len)
			continue;
		used += snprintf(out + used, len - used, "%s%s", used ? "," : "", ma->mod[i]);
		n++;
	}
	return n;
}

int modalias_wmi(const struct modalias *ma, const char *guid, char *out, size_t len)
{
	char alias[64];

	snprintf(alias, sizeof(alias), "wmi:%s", guid);
	return match(ma, alias, out, len);
}

int modalias_acpi(const struct modalias *ma, const char *hid, const char *cids, char *out, size_t len)
{
	char alias[256];
	size_t used = snprintf(alias, sizeof(alias), "acpi:%s:", hid);

	for (const char *p = cids; *p && used < sizeof(alias);) {
		size_t n = strcspn(p, ",");

		used += snprintf(alias + used, sizeof(alias) - used, "%.*s:", (int)n, p);
		p += n + (p[n] == ',');
	}
	if (!hid[0] && !cids[0]) {
		out[0] = '\0';
		return 0;
	}
	return match(ma, alias, out, len);
}
