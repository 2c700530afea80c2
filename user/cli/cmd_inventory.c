// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace inventory: what the firmware has (acpi/inventory.c) and which
 * policy files fit this machine, from sysfs and debugfs only.  Each
 * section says when it could not be read, and why.
 */
#include <dirent.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "acpi/inventory.h"
#include "policy/policy.h"
#include "lib/errmsg.h"
#include "lib/json.h"
#include "lib/opt.h"

struct inv_opts {
	const char *root;
	const char *policy_dir;		/* NULL: the policy.d directories */
};

static const struct opt inv_opts_table[] = {
	OPT('j', 'j', "json", no_argument, NULL, "one JSON object"),
	OPT('P', 'P', "policy", required_argument, "DIR",
	    "say which *.policy files of DIR fit this machine\n(default: the policy.d directories run reads)"),
	OPT('S', 0, "sysfs-root", required_argument, "DIR", "read sysfs and debugfs under DIR (tests)"),
	OPT('h', 'h', "help", no_argument, NULL, ""),
	OPT_END,
};

static void inv_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] inventory [OPTIONS]\n"
		"List what the firmware has: ACPI devices (path, HID, CIDs, _UID, _STA,\n"
		"bound driver), WMI blocks (notify or object id, flags, instances, driver),\n"
		"GPEs and fixed events with their interrupt counts and state, the EC,\n"
		"buttons, lid, video and thermal zones, and which policy files match this\n"
		"machine. Reads sysfs (and debugfs for the EC's GPE) only; a section it\n"
		"cannot read says why. Needs no privileges (root sees debugfs).\n\n");
	opt_usage(out, inv_opts_table);
}

/* ---- policies ----------------------------------------------------------- */

struct pol_fit {
	char file[PATH_MAX];
	const char *verdict;	/* "matches", "other machines", "no device here", "invalid" */
	char detail[800];
};

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* One policy file resolved against this machine: does any block apply? */
static void fit_one(const char *file, const char *root, struct pol_fit *f)
{
	struct policy_env env = { .root = root, .owner = geteuid() };
	struct policy p;
	size_t used = 0;
	bool dmi = false;

	snprintf(f->file, sizeof(f->file), "%s", file);
	f->detail[0] = '\0';
	if (policy_load(&p, file, &env)) {
		f->verdict = "invalid";
		snprintf(f->detail, sizeof(f->detail), "%s", p.error);
		policy_free(&p);
		return;
	}
	for (int i = 0; i < p.nblocks; i++) {
		const struct pol_block *b = &p.blocks[i];

		dmi |= b->dmi_ok;
		if (!b->dmi_ok || !b->devices[0])
			continue;
		used += snprintf(f->detail + used, used < sizeof(f->detail) ? sizeof(f->detail) - used : 0,
				 "%s%s", used ? "; " : "", b->devices);
		if (used >= sizeof(f->detail))
			used = sizeof(f->detail) - 1;
	}
	f->verdict = used ? "matches" : dmi ? "no device here" : "other machines (dmi)";
	policy_free(&p);
}

static size_t fit_dir(const char *dir, const char *root, struct pol_fit **out, size_t n)
{
	char *names[256], path[PATH_MAX];
	size_t nn = 0;
	struct dirent *e;
	DIR *d = opendir(dir);

	if (!d)
		return n;
	while ((e = readdir(d)) && nn < 256) {
		size_t len = strlen(e->d_name);

		if (len > 7 && !strcmp(e->d_name + len - 7, ".policy") && e->d_name[0] != '.')
			names[nn++] = strdup(e->d_name);
		if (nn && !names[nn - 1])
			nn--;
	}
	closedir(d);
	qsort(names, nn, sizeof(names[0]), name_cmp);
	for (size_t i = 0; i < nn; i++) {
		struct pol_fit *f = realloc(*out, (n + 1) * sizeof(**out));

		if (f) {
			*out = f;
			snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
			fit_one(path, root, &f[n++]);
		}
		free(names[i]);
	}
	return n;
}

/* ---- text --------------------------------------------------------------- */

static void text_section(const char *title, const struct inv_section *s, size_t n)
{
	if (s->status == INV_OK)
		printf("%s (%s): %zu\n", title, s->where, n);
	else
		printf("%s: not available: %s\n", title, s->why);
}

static const char *dash(const char *s)
{
	return s[0] ? s : "-";
}

static void print_text(const struct inventory *inv, const struct pol_fit *fits, size_t nfits,
		       const char *pdirs)
{
	text_section("ACPI devices", &inv->devs_s, inv->ndevs);
	for (size_t i = 0; i < inv->ndevs; i++) {
		const struct inv_dev *d = &inv->devs[i];

		printf("  %-12s %-24s hid %-9s", d->name, dash(d->path), dash(d->hid));
		if (d->cids[0])
			printf(" cid %s", d->cids);
		if (d->uid[0])
			printf(" uid %s", d->uid);
		if (d->status >= 0)
			printf(" _STA 0x%lx", d->status);
		printf(" driver %s\n", dash(d->driver));
	}
	text_section("WMI blocks", &inv->wmi_s, inv->nwmi);
	for (size_t i = 0; i < inv->nwmi; i++) {
		const struct inv_wmi *w = &inv->wmi[i];

		printf("  %s", w->guid);
		if (w->event)
			printf(" event notify 0x%02X", w->notify_id);
		if (w->method)
			printf(" method object %s", w->object_id);
		if (w->data)
			printf(" data object %s%s", w->object_id, w->setable ? " setable" : "");
		if (w->expensive)
			printf(" expensive");
		if (w->instances >= 0)
			printf(" instances %ld", w->instances);
		printf(" driver %s\n", w->driver[0] ? w->driver : "- (not bound)");
	}
	text_section("GPEs and fixed events", &inv->gpe_s, inv->ngpes);
	for (size_t i = 0; i < inv->ngpes; i++)
		printf("  %-12s %8llu  %s\n", inv->gpes[i].name, inv->gpes[i].count, inv->gpes[i].state);
	printf("Embedded controller:");
	for (size_t i = 0; i < inv->ndevs; i++)
		if (!strcmp(inv->devs[i].hid, "PNP0C09"))
			printf(" %s %s driver %s;", inv->devs[i].name, inv->devs[i].path,
			       dash(inv->devs[i].driver));
	if (inv->ec_gpe >= 0)
		printf(" GPE 0x%02lx (debugfs %s)\n", inv->ec_gpe, inv->ec_debugfs);
	else
		printf(" GPE unknown: %s\n", inv->ec_s.status == INV_OK ? "no EC in debugfs" : inv->ec_s.why);
	printf("Buttons, lid, video, thermal, EC, GED, WMI, power:\n");
	for (size_t i = 0; i < inv->ndevs; i++) {
		const char *k = inv_platform_kind(inv->devs[i].hid);

		if (k)
			printf("  %-24s %-12s %s\n", k, inv->devs[i].name, dash(inv->devs[i].path));
	}
	text_section("Thermal zones", &inv->thermal_s, inv->ntz);
	for (size_t i = 0; i < inv->ntz; i++) {
		if (inv->tz[i].temp == LONG_MIN)
			printf("  %-16s %-12s temp unreadable\n", inv->tz[i].name, inv->tz[i].type);
		else
			printf("  %-16s %-12s %.1f C\n", inv->tz[i].name, inv->tz[i].type,
			       inv->tz[i].temp / 1000.0);
	}
	printf("Policies (%s): %zu files\n", pdirs, nfits);
	for (size_t i = 0; i < nfits; i++)
		printf("  %s: %s%s%s\n", fits[i].file, fits[i].verdict, fits[i].detail[0] ? ": " : "",
		       fits[i].detail);
}

/* ---- JSON --------------------------------------------------------------- */

static void json_section(struct json *j, const char *key, const struct inv_section *s)
{
	json_begin_object(j, key);
	json_str(j, "status", inv_status_name(s->status));
	json_str(j, "source", s->where);
	if (s->status != INV_OK)
		json_str(j, "reason", s->why);
}

static void json_opt_str(struct json *j, const char *key, const char *s)
{
	json_str(j, key, s[0] ? s : NULL);
}

static void json_devs(struct json *j, const struct inventory *inv)
{
	json_section(j, "devices", &inv->devs_s);
	json_begin_array(j, "items");
	for (size_t i = 0; i < inv->ndevs; i++) {
		const struct inv_dev *d = &inv->devs[i];
		const char *k = inv_platform_kind(d->hid);
		char cids[sizeof(d->cids)], *save = NULL, *c;

		json_begin_object(j, NULL);
		json_str(j, "name", d->name);
		json_opt_str(j, "path", d->path);
		json_opt_str(j, "hid", d->hid);
		json_begin_array(j, "cids");
		snprintf(cids, sizeof(cids), "%s", d->cids);
		for (c = strtok_r(cids, ",", &save); c; c = strtok_r(NULL, ",", &save))
			json_str(j, NULL, c);
		json_end_array(j);
		json_opt_str(j, "uid", d->uid);
		if (d->status < 0)
			json_null(j, "sta");
		else
			json_u64(j, "sta", d->status);
		json_opt_str(j, "driver", d->driver);
		json_str(j, "kind", k);
		json_end_object(j);
	}
	json_end_array(j);
	json_end_object(j);
}

static void json_wmi(struct json *j, const struct inventory *inv)
{
	json_section(j, "wmi", &inv->wmi_s);
	json_begin_array(j, "items");
	for (size_t i = 0; i < inv->nwmi; i++) {
		const struct inv_wmi *w = &inv->wmi[i];

		json_begin_object(j, NULL);
		json_str(j, "guid", w->guid);
		json_str(j, "name", w->name);
		if (w->event)
			json_u64(j, "notify_id", w->notify_id);
		else
			json_null(j, "notify_id");
		json_opt_str(j, "object_id", w->object_id);
		json_bool(j, "event", w->event);
		json_bool(j, "method", w->method);
		json_bool(j, "data", w->data);
		json_bool(j, "setable", w->setable);
		json_bool(j, "expensive", w->expensive);
		if (w->instances < 0)
			json_null(j, "instances");
		else
			json_u64(j, "instances", w->instances);
		json_opt_str(j, "driver", w->driver);
		json_bool(j, "bound", w->driver[0]);
		json_end_object(j);
	}
	json_end_array(j);
	json_end_object(j);
}

static void json_gpes(struct json *j, const struct inventory *inv)
{
	json_section(j, "interrupts", &inv->gpe_s);
	json_begin_array(j, "items");
	for (size_t i = 0; i < inv->ngpes; i++) {
		const struct inv_gpe *g = &inv->gpes[i];

		json_begin_object(j, NULL);
		json_str(j, "name", g->name);
		if (g->gpe)
			json_u64(j, "gpe", g->number);
		else
			json_null(j, "gpe");
		json_u64(j, "count", g->count);
		json_str(j, "state", g->state);
		json_bool(j, "enabled", g->enabled);
		json_end_object(j);
	}
	json_end_array(j);
	json_end_object(j);
}

static void print_json(const struct inventory *inv, const struct pol_fit *fits, size_t nfits)
{
	struct json j;

	json_init(&j, stdout);
	json_begin_object(&j, NULL);
	json_devs(&j, inv);
	json_wmi(&j, inv);
	json_gpes(&j, inv);
	json_section(&j, "ec", &inv->ec_s);
	json_begin_array(&j, "devices");
	for (size_t i = 0; i < inv->ndevs; i++)
		if (!strcmp(inv->devs[i].hid, "PNP0C09"))
			json_str(&j, NULL, inv->devs[i].name);
	json_end_array(&j);
	if (inv->ec_gpe >= 0)
		json_u64(&j, "gpe", inv->ec_gpe);
	else
		json_null(&j, "gpe");
	json_end_object(&j);
	json_section(&j, "thermal", &inv->thermal_s);
	json_begin_array(&j, "items");
	for (size_t i = 0; i < inv->ntz; i++) {
		json_begin_object(&j, NULL);
		json_str(&j, "name", inv->tz[i].name);
		json_str(&j, "type", inv->tz[i].type);
		if (inv->tz[i].temp == LONG_MIN)
			json_null(&j, "temp_mc");
		else
			json_i64(&j, "temp_mc", inv->tz[i].temp);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_end_object(&j);
	json_begin_array(&j, "policies");
	for (size_t i = 0; i < nfits; i++) {
		json_begin_object(&j, NULL);
		json_str(&j, "file", fits[i].file);
		json_str(&j, "verdict", fits[i].verdict);
		json_opt_str(&j, "detail", fits[i].detail);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_end_object(&j);
}

int cmd_inventory(int argc, char **argv)
{
	struct inv_opts o = { .root = "" };
	struct opt_getopt g;
	struct inventory inv;
	struct pol_fit *fits = NULL;
	size_t nfits = 0;
	char dirs[512] = "";
	int c;

	opt_getopt_build(&g, inv_opts_table);
	optind = 1;
	opterr = 0;
	while ((c = getopt_long(argc, argv, g.shortopts, g.longopts, NULL)) != -1) {
		switch (c) {
		case 'j': g_opts.json = true; break;
		case 'P': o.policy_dir = optarg; break;
		case 'S': o.root = optarg; break;
		case 'h': inv_usage(stdout); exit(0);
		case ':': return err_usage("inventory", "option '%s' needs a value",
					   opt_offender(c, optopt, argv[optind - 1]));
		default: return err_usage("inventory", "unknown option '%s'",
					   opt_offender(c, optopt, argv[optind - 1]));
		}
	}
	if (optind < argc)
		return err_usage("inventory", "unexpected argument '%s'", argv[optind]);
	inventory_load(&inv, o.root);
	if (o.policy_dir) {
		nfits = fit_dir(o.policy_dir, o.root, &fits, 0);
		snprintf(dirs, sizeof(dirs), "%s", o.policy_dir);
	} else {
		for (int i = 0; policy_default_dirs[i]; i++) {
			nfits = fit_dir(policy_default_dirs[i], o.root, &fits, nfits);
			snprintf(dirs + strlen(dirs), sizeof(dirs) - strlen(dirs), "%s%s", i ? ", " : "",
				 policy_default_dirs[i]);
		}
	}
	if (g_opts.json)
		print_json(&inv, fits, nfits);
	else
		print_text(&inv, fits, nfits, dirs);
	free(fits);
	inventory_free(&inv);
	return 0;
}
