// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace inventory: what the firmware has (acpi/inventory.c) and which
 * policy files fit this machine, from sysfs and debugfs only.  Each
 * section says when it could not be read, and why.  Its options, the
 * policy fit and --events are here; the text and JSON output are in
 * inventory_text.c and inventory_json.c.
 */
#include <dirent.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/listen.h"
#include "cli/inventory_print.h"
#include "cli/inventory_offline.h"
#include "acpi/inventory_ec.h"
#include "record/record_fields.h"
#include "acpi/inventory.h"
#include "policy/policy.h"
#include "lib/errmsg.h"
#include "lib/opt.h"
#include "lib/parse.h"
#include "lib/time.h"

struct inv_opts {
	const char *root;
	const char *policy_dir;		/* NULL: the policy.d directories */
	double events;			/* --events SECONDS; 0: none */
	bool no_ec_io;
	const char *tables, *compare, *modules_alias;
};

#define T struct inv_opts
static const struct opt inv_opts_table[] = {
	CLI_OPT_JSON("one JSON object"),
	OPT_STR('P', "policy", "DIR", T, policy_dir,
		"say which *.policy files of DIR fit this machine\n(default: the policy.d directories run reads)"),
	OPT_SECONDS('e', "events", "SECONDS", T, events, 0, 86400, "expected seconds > 0",
		    "trace for SECONDS and mark the GPEs, WMI GUIDs and EC queries that fired (root)"),
	OPT_FLAG(0, "no-ec-io", T, no_ec_io, "do not read the EC's RAM (256 EC transactions) from debugfs"),
	OPT_STR(0, "sysfs-root", "DIR", T, root, "read sysfs and debugfs under DIR (tests)"),
	OPT_STR('t', "tables", "PATH", T, tables,
		"read the tables of PATH instead of this machine: acpidump's text output,\n"
		"a directory of binary tables (acpixtract -a, /sys/firmware/acpi/tables), or - (stdin)"),
	OPT_STR(0, "modules-alias", "FILE", T, modules_alias,
		"with --tables: the modules.alias giving alias_modules\n(default: the running kernel's)"),
	OPT_STR(0, "compare", "PATH", T, compare,
		"with --tables: list the EC fields, query methods, WMI blocks and devices\n"
		"that appeared, vanished or moved in the tables of PATH"),
	OPT_HELP,
	OPT_END,
};
#undef T

static void inv_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] inventory [OPTIONS]\n"
		"List what the firmware has: ACPI devices (path, HID, CIDs, _UID, _STA,\n"
		"bound driver, PNP ids), WMI blocks (notify or object id, flags, instances,\n"
		"driver, modules declaring the GUID), GPEs and fixed events with their\n"
		"interrupt counts, state and _Lxx/_Exx method, the EC (GPE, _Qxx methods,\n"
		"RAM), buttons, lid, video and thermal zones, and which policy files match\n"
		"this machine. Reads sysfs, the AML tables and debugfs; a section it cannot\n"
		"read says why. Needs no privileges (root sees the tables and debugfs).\n"
		"With --tables, the same from an acpidump alone (no root, no kernel needed),\n"
		"with the constant Notify() targets of each event method, the EC's fields,\n"
		"the policies whose devices or GUIDs the tables have (DMI unknown) and the\n"
		"event sources no module alias or policy covers.\n\n");
	opt_usage(out, inv_opts_table);
}

const struct opt_cmd inventory_cmd = {
	.name = "inventory", .table = inv_opts_table, .usage = inv_usage, .no_operands = true,
};

/* ---- policies ----------------------------------------------------------- */

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
	f->optin = false;
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

/* Whether a file of NAME's base name is among the first N fits. */
static bool fit_listed(const struct pol_fit *fits, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++) {
		const char *b = strrchr(fits[i].file, '/');

		if (!strcmp(b ? b + 1 : fits[i].file, name))
			return true;
	}
	return false;
}

/*
 * The opt-in policies (policy.available: vendor keymaps, enabled by a link)
 * that fit this machine, after the enabled ones: so that a ThinkPad's
 * inventory names the ThinkPad policy before anyone enabled it.  Those not
 * matching, and those already listed (enabled by a link), are left out.
 */
static size_t fit_available(const char *root, struct pol_fit **out, size_t n)
{
	size_t m = fit_dir(POLICY_DIR_AVAILABLE, root, out, n), k = n;

	for (size_t i = n; i < m; i++) {
		struct pol_fit *f = &(*out)[i];
		const char *b = strrchr(f->file, '/');

		if (strcmp(f->verdict, "matches") || fit_listed(*out, n, b ? b + 1 : f->file))
			continue;
		f->optin = true;
		if (k != i)
			(*out)[k] = *f;
		k++;
	}
	return k;
}

/* ---- --events ----------------------------------------------------------- */

struct mark_ctx {
	struct inventory *inv;
	struct acpi_sysfs sys;	/* a WMI event's GUID where the kernel gave only a path */
};

static void mark_event(const struct at_event *e, void *ctx)
{
	struct mark_ctx *c = ctx;
	struct inventory *inv = c->inv;
	struct rec_view v;

	if (e->source == AT_SRC_GPE) {
		for (size_t i = 0; i < inv->ngpes; i++)
			if (inv->gpes[i].gpe && inv->gpes[i].number == (int)e->number)
				inv->gpes[i].fired++;
	} else if (e->source == AT_SRC_WMI) {
		rec_view_make(&v, e, &c->sys);
		for (size_t i = 0; i < inv->nwmi; i++)
			if (v.guid[0] && !strcasecmp(inv->wmi[i].guid, v.guid))
				inv->wmi[i].fired++;
	} else if (e->source == AT_SRC_EC_QUERY) {
		for (size_t i = 0; i < inv->nmethods; i++)
			if (inv_ec_query(inv, &inv->methods[i]) && inv->methods[i].number == (int)e->number)
				inv->methods[i].fired++;
	}
}

/* Trace for evs->seconds; the firmware's events mark what fired. */
static void watch_events(struct inventory *inv, const char *root, struct inv_events *evs)
{
	struct mark_ctx c = { .inv = inv };
	struct listener *l;
	uint64_t end;

	acpi_sysfs_load(&c.sys, root);
	l = listen_open(mark_event, &c, evs->why, sizeof(evs->why));
	if (!l) {
		acpi_sysfs_free(&c.sys);
		return;
	}
	evs->ok = true;
	notice_print("inventory", "tracing events for %.1f s", evs->seconds);
	end = mono_ns() + (uint64_t)(evs->seconds * 1e9);
	while (mono_ns() < end) {
		uint64_t left_ms = (end - mono_ns()) / 1000000;

		listen_poll(l, left_ms > 100 ? 100 : (int)left_ms);
	}
	listen_close(l);
	acpi_sysfs_free(&c.sys);
}

int cmd_inventory(int argc, char **argv)
{
	struct inv_opts o = { .root = "" };
	struct inventory inv;
	struct pol_fit *fits = NULL;
	struct inv_events evs = { 0 };
	size_t nfits = 0;
	char dirs[512] = "";
	int err;

	err = opt_parse(&inventory_cmd, argc, argv, &o);
	if (err)
		return err;
	if ((o.compare || o.modules_alias) && !o.tables)
		return err_usage("inventory", "--compare and --modules-alias go with --tables");
	if (o.tables) {
		struct inv_offline_opts oo = { .tables = o.tables, .compare = o.compare,
					       .modules_alias = o.modules_alias, .policy_dir = o.policy_dir };

		if (o.events > 0)
			return err_usage("inventory", "--events traces this machine: not with --tables");
		return inventory_offline(&oo);
	}
	inventory_load(&inv, o.root, !o.no_ec_io);
	evs.seconds = o.events;
	if (o.events > 0)
		watch_events(&inv, o.root, &evs);
	if (o.policy_dir) {
		nfits = fit_dir(o.policy_dir, o.root, &fits, 0);
		snprintf(dirs, sizeof(dirs), "%s", o.policy_dir);
	} else {
		for (int i = 0; policy_default_dirs[i]; i++) {
			nfits = fit_dir(policy_default_dirs[i], o.root, &fits, nfits);
			snprintf(dirs + strlen(dirs), sizeof(dirs) - strlen(dirs), "%s%s", i ? ", " : "",
				 policy_default_dirs[i]);
		}
		nfits = fit_available(o.root, &fits, nfits);
	}
	if (g_opts.json)
		inv_print_json(&inv, fits, nfits, &evs, NULL, NULL);
	else
		inv_print_text(&inv, fits, nfits, dirs, &evs);
	free(fits);
	inventory_free(&inv);
	return 0;
}
