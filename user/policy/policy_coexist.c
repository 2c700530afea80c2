// SPDX-License-Identifier: GPL-2.0
/*
 * A vendor driver bound to the device a block matches (asus-nb-wmi,
 * dell-wmi, intel-vbtn...) already turns the codes of its keymap into
 * keys.  A rule acting on such a code would press the key a second time,
 * so by default it is skipped: compiled as a drop (the kernel counts it
 * on the rule and lets nothing out), and check and run say which codes of
 * which rules, naming the driver.  'override' in the block keeps the
 * rules acting (the driver should then be unbound).
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <libevdev/libevdev.h>
#include "policy/policy_coexist.h"
#include "acpi/wmi_owner.h"

bool pol_coexist_action(int type)
{
	/* exec, led and log add to a key, they do not repeat it */
	return type == ACT_KEY || type == ACT_SWITCH || type == ACT_BACKLIGHT || type == ACT_RFKILL;
}

/* As the kernel matches a rule's code (at_rule_match): a range, or VALUE/MASK. */
static bool rule_has_code(const struct pol_rule *r, uint64_t c)
{
	if (r->mask == ~0ULL)
		return c >= r->lo && c <= r->hi;
	return (c & r->mask) == r->lo;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int pol_coexist_codes(const struct pol_rule *r, const struct driver_keymap *km, uint64_t **out)
{
	uint64_t *codes = NULL;
	int n = 0;

	*out = NULL;
	for (size_t i = 0; i < km->n; i++) {
		uint64_t c = km->e[i].scancode;
		bool dup = false;

		if (!rule_has_code(r, c))
			continue;
		for (int j = 0; j < n; j++)
			dup |= codes[j] == c;
		if (dup)
			continue;
		if (!(n & (n - 1))) {
			uint64_t *nc = realloc(codes, (n ? n * 2 : 1) * sizeof(*codes));

			if (!nc) {
				free(codes);
				return -1;
			}
			codes = nc;
		}
		codes[n++] = c;
	}
	if (n)
		qsort(codes, n, sizeof(*codes), cmp_u64);
	*out = codes;
	return n;
}

/*
 * Event GUIDs that drivers of the legacy WMI API take, and the platform
 * driver whose device carries their keys: the fallback where
 * modules.alias cannot be read (the shipped unit's ProtectKernelModules=).
 */
static const struct {
	const char *guid, *driver;
} legacy_drivers[] = {
	{ "0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C", "asus-nb-wmi" },
	{ "ABBC0F72-8EA1-11D1-00A0-C90629100000", "eeepc-wmi" },
};

/* A WMI GUID without a driver link: its legacy user (asus_nb_wmi) owns it. */
static void legacy_owner(struct pol_block *b, const char *root)
{
	char mod[64], path[PATH_MAX];
	struct stat st;

	if (b->owner.driver[0] || b->source != AT_SRC_WMI || !b->has_guid)
		return;
	if (!wmi_legacy_owner(root, b->guid_text, mod, sizeof(mod))) {
		snprintf(b->owner.driver, sizeof(b->owner.driver), "%s", mod);
		snprintf(b->owner.module, sizeof(b->owner.module), "%s", mod);
		return;
	}
	for (size_t i = 0; i < sizeof(legacy_drivers) / sizeof(legacy_drivers[0]); i++) {
		if (strcasecmp(b->guid_text, legacy_drivers[i].guid))
			continue;
		snprintf(path, sizeof(path), "%s/sys/bus/platform/drivers/%s", root,
			 legacy_drivers[i].driver);
		if (stat(path, &st))
			return;
		snprintf(b->owner.driver, sizeof(b->owner.driver), "%s", legacy_drivers[i].driver);
		snprintf(b->owner.module, sizeof(b->owner.module), "%s", legacy_drivers[i].driver);
	}
}

/*
 * Drivers whose keymap is not keyed by the code a block's events carry:
 * thinkpad_acpi's scancodes are hotkey numbers and HKEY codes (read from
 * MHKP after a Notify 0x80 on HKEY), never the Notify value.
 */
static bool keyed_by_other_codes(const char *driver)
{
	return !strcmp(driver, "thinkpad_hotkey");
}

static bool block_doubles(const struct policy *p, int block)
{
	for (int i = 0; i < p->nrules; i++)
		if (p->rules[i].block == block && pol_coexist_action(p->rules[i].act.type))
			return true;
	return false;
}

/* "0x30 KEY_VOLUMEUP (line 5)" for each code, into @buf. */
static size_t describe(char *buf, size_t len, size_t used, const struct pol_rule *r,
		       const uint64_t *codes, int n, const struct driver_keymap *km)
{
	for (int i = 0; i < n && used < len; i++) {
		const char *key = libevdev_event_code_get_name(EV_KEY, driver_keymap_key(km, codes[i]));

		used += snprintf(buf + used, len - used, "%s0x%llx %s (line %d)", used ? ", " : "",
				 (unsigned long long)codes[i], key ? key : "?", r->line);
	}
	return used < len ? used : len - 1;
}

static void coexist_block(struct policy *p, int bi, const struct policy_env *env)
{
	struct pol_block *b = &p->blocks[bi];
	const char *root = env->root ? env->root : "";
	struct driver_keymap km;
	char err[256], list[1500] = "";
	size_t used = 0;
	int total = 0;

	memset(&km, 0, sizeof(km));
	if (env->keymap_load ? env->keymap_load(root, &b->owner, &km, err, sizeof(err)) :
			       driver_keymap_load(root, &b->owner, &km, err, sizeof(err))) {
		/* no input device or none with a keymap (acpi video): nothing to compare */
		if (strstr(err, "cannot open"))
			pol_add_warning(p, "%s:%d: driver '%s' is bound, but its keymap cannot be read (%s): no rule is skipped, keys it reports may come twice%s",
					b->file, b->line, b->owner.driver, err,
					strstr(err, "Permission denied") ? " (acpitrace run, as root, reads it)" : "");
		driver_keymap_free(&km);
		return;
	}
	for (int i = 0; i < p->nrules; i++) {
		struct pol_rule *r = &p->rules[i];
		uint64_t *codes;
		int n;

		if (r->block != bi || !pol_coexist_action(r->act.type))
			continue;
		n = pol_coexist_codes(r, &km, &codes);
		if (n <= 0)
			continue;
		used = describe(list, sizeof(list), used, r, codes, n, &km);
		total += n;
		if (b->override) {
			free(codes);
			continue;
		}
		r->skip = codes;
		r->nskip = n;
	}
	if (total && b->override)
		pol_add_warning(p, "%s:%d: 'override': driver '%s' also reports %d code%s of this block on its input device \"%s\" (%s): %s; both press the key unless the driver is unbound",
				b->file, b->line, b->owner.driver, total, total == 1 ? "" : "s",
				km.input, km.node, list);
	else if (total)
		pol_add_warning(p, "%s:%d: driver '%s' already reports %d code%s of this block on its input device \"%s\" (%s): %s; those rules are skipped (add 'override' to the block to act too)",
				b->file, b->line, b->owner.driver, total, total == 1 ? "" : "s",
				km.input, km.node, list);
	driver_keymap_free(&km);
}

void pol_coexist(struct policy *p, const struct policy_env *env)
{
	for (int i = 0; i < p->nblocks; i++) {
		struct pol_block *b = &p->blocks[i];

		/* a method's result is not a driver's scancode (thinkpad_acpi: keyed_by_other_codes) */
		if (!b->dmi_ok || b->source == AT_SRC_METHOD || !block_doubles(p, i))
			continue;
		legacy_owner(b, env->root ? env->root : "");
		if (b->owner.driver[0] && !keyed_by_other_codes(b->owner.driver))
			coexist_block(p, i, env);
	}
}
