// SPDX-License-Identifier: GPL-2.0
/*
 * Statements that open and qualify a block:
 *
 *   match SOURCE [KEY=VALUE]... [override]   starts a block; override: its rules
 *                                     act where a bound driver reports the code too;
 *                                     payload=FIELD, when=FIELD:VALUE: policy_field.h
 *   dmi FIELD=GLOB...                 the block applies only on such machines
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "policy/policy_block.h"
#include "policy/policy_field.h"
#include "lib/parse.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "acpi/guid.h"
#include "acpi/dmi.h"

/* ---- match blocks --------------------------------------------------- */

static int block_key_path(struct parser *ps, struct pol_block *b, const struct token *t,
			  const char *v)
{
	char norm[ACPI_PATH_MAX];

	if (b->path || b->hid)
		return pol_err(ps, t->col, "a block matches one device: path= or hid= once");
	if (acpi_path_normalize(v, norm, sizeof(norm)) || norm[0] != '\\' || strchr(v, '*'))
		return pol_err(ps, t->col + 5, "'%s' is not an absolute ACPI path like \\_SB.PCI0.LPCB.EC0", v);
	b->path = strdup(norm);
	return b->path ? 0 : pol_err(ps, t->col, "out of memory");
}

static int block_key_hid(struct parser *ps, struct pol_block *b, const struct token *t,
			 char *v)
{
	char *colon = strchr(v, ':');
	size_t hl = colon ? (size_t)(colon - v) : strlen(v);

	if (b->path || b->hid)
		return pol_err(ps, t->col, "a block matches one device: path= or hid= once");
	if (hl < 3 || hl > 15)
		return pol_err(ps, t->col + 4, "'%s' is not an ACPI HID (ACPI0013, PNP0C0C, LEN0268...)", v);
	for (size_t i = 0; i < hl; i++)
		if (!isalnum((unsigned char)v[i]) && v[i] != '_')
			return pol_err(ps, t->col + 4 + (int)i, "'%c' cannot appear in a HID", v[i]);
	if (colon && (!colon[1] || strlen(colon + 1) > 15))
		return pol_err(ps, t->col + 5 + (int)hl, "expected a UID after ':'");
	b->hid = strndup(v, hl);
	b->uid = colon ? strdup(colon + 1) : NULL;
	return b->hid && (!colon || b->uid) ? 0 : pol_err(ps, t->col, "out of memory");
}

static int block_key_payload(struct parser *ps, struct pol_block *b, const struct token *t,
			     const char *v)
{
	int vcol = t->col + 8;

	if (b->source != AT_SRC_WMI && b->source != AT_SRC_METHOD)
		return pol_err(ps, t->col, "payload= only applies to 'match wmi' and 'match method'");
	if (v[0] == 'u' && strchr(v, '@')) {
		b->payload = AT_PAYLOAD_FIELD;
		return pol_field_parse(ps, b->source, v, vcol, false, &b->field);
	}
	if (b->source == AT_SRC_METHOD)
		return pol_err(ps, vcol, "unknown payload '%s' for a method (a field of the returned Buffer: u8@OFF, u16@OFF, u32@OFF)",
			       v);
	if (!strcmp(v, "u16-record")) {
		b->payload = AT_PAYLOAD_U16REC;
	} else if (!strcmp(v, "notify-id")) {
		b->payload = AT_PAYLOAD_NONE;
	} else if (!strncmp(v, "int", 3) && (!v[3] || v[3] == '&')) {
		b->payload = AT_PAYLOAD_INT;
		b->int_mask = ~0ULL;
		if (v[3] && (parse_u64_c(v + 4, &b->int_mask) || !b->int_mask))
			return pol_err(ps, vcol + 4, "expected a non-zero mask after 'int&' (int&0xFFFF)");
	} else {
		return pol_err(ps, vcol, "unknown payload '%s' (int, int&MASK, u16-record, notify-id, u8@OFF, u16@OFF, u32@OFF)", v);
	}
	return 0;
}

/* when=FIELD:VALUE, repeatable: all must hold; one condition per field. */
static int block_key_when(struct parser *ps, struct pol_block *b, const struct token *t, char *v)
{
	struct at_cond c;

	if (b->source != AT_SRC_WMI && b->source != AT_SRC_METHOD)
		return pol_err(ps, t->col, "when= only applies to 'match wmi' and 'match method'");
	if (b->nconds == AT_RULE_CONDS)
		return pol_err(ps, t->col, "at most %d when= conditions per block", AT_RULE_CONDS);
	if (pol_cond_parse(ps, b->source, v, t->col + 5, &c))
		return -1;
	for (int i = 0; i < b->nconds; i++)
		if (!memcmp(&b->conds[i].f, &c.f, sizeof(c.f)))
			return pol_err(ps, t->col + 5, "a second when= on %s", v);
	b->conds[b->nconds++] = c;
	return 0;
}

static int block_key_nth(struct parser *ps, struct pol_block *b, const struct token *t,
			 const char *v)
{
	uint64_t n;

	if (b->source != AT_SRC_METHOD)
		return pol_err(ps, t->col, "nth= (the Nth evaluation in a chain) only applies to 'match method'");
	if (parse_leading_zero(v) || parse_u64_c(v, &n) || n < 1 || n > 255)
		return pol_err(ps, t->col + 4, "'%s' is not a count from 1 to 255", v);
	b->nth = n;
	return 0;
}

/*
 * Every key but when= once per block: a second one is a mistake, not an
 * override (path= and hid= say so themselves).
 */
static int block_key_once(struct parser *ps, struct pol_block *b, const struct token *t)
{
	static const char *const once[] = {
		"guid", "notify", "payload", "name", "scope", "nth",
	};

	for (unsigned int i = 0; i < sizeof(once) / sizeof(once[0]); i++) {
		if (strcmp(t->s, once[i]))
			continue;
		if (b->keys & (1U << i))
			return pol_err(ps, t->col, "%s= given twice", t->s);
		b->keys |= 1U << i;
	}
	return 0;
}

static int block_key(struct parser *ps, struct pol_block *b, const struct token *t)
{
	char *eq = strchr(t->s, '='), *v;
	uint64_t n;

	if (!eq || eq == t->s)
		return pol_err(ps, t->col, "expected KEY=VALUE, got '%s'", t->s);
	*eq = '\0';
	v = eq + 1;
	if (!*v)
		return pol_err(ps, t->col + (int)(v - t->s), "'%s=' needs a value", t->s);
	if (block_key_once(ps, b, t))
		return -1;
	if (b->source == AT_SRC_EC) {
		if (strcmp(t->s, "address"))
			return pol_err(ps, t->col, "'match ec' takes address= only (the EC RAM byte whose reads it matches)");
		if (b->has_ec_addr)
			return pol_err(ps, t->col, "address= twice");
		if (parse_u64_c(v, &n) || n > 0xff)
			return pol_err(ps, t->col + 8, "'%s' is not an EC RAM address (0..0xFF)", v);
		b->has_ec_addr = true;
		b->ec_addr = n;
		return 0;
	}
	if (!strcmp(t->s, "when"))
		return block_key_when(ps, b, t, v);
	if (!strcmp(t->s, "nth"))
		return block_key_nth(ps, b, t, v);
	if (!strcmp(t->s, "path"))
		return block_key_path(ps, b, t, v);
	if (!strcmp(t->s, "hid")) {
		if (b->source == AT_SRC_WMI)
			return pol_err(ps, t->col, "'match wmi' selects the device by guid=");
		return block_key_hid(ps, b, t, v);
	}
	if (!strcmp(t->s, "guid")) {
		if (b->source != AT_SRC_WMI)
			return pol_err(ps, t->col, "guid= only applies to 'match wmi'");
		if (guid_parse(v, b->guid))
			return pol_err(ps, t->col + 5, "'%s' is not a GUID like 9DBB5994-A997-11DA-B012-B622A1EF5492", v);
		b->has_guid = true;
		for (int i = 0; v[i] && i < 39; i++)
			b->guid_text[i] = toupper((unsigned char)v[i]);
		return 0;
	}
	if (!strcmp(t->s, "notify")) {
		if (b->source != AT_SRC_WMI)
			return pol_err(ps, t->col, "notify= (the WMI notify id) only applies to 'match wmi'");
		if (parse_u64_c(v, &n) || n > 0xff)
			return pol_err(ps, t->col + 7, "'%s' is not a notify id (0..0xFF)", v);
		b->has_notify_id = true;
		b->notify_id = n;
		return 0;
	}
	if (!strcmp(t->s, "payload"))
		return block_key_payload(ps, b, t, v);
	if (!strcmp(t->s, "name")) {
		const char *err;

		if (b->source != AT_SRC_METHOD)
			return pol_err(ps, t->col, "name= (a method under the device) only applies to 'match method'");
		if (acpi_name_parse(v, &b->name_seg, &err))
			return pol_err(ps, t->col + 5, "'%s': %s", v, err);
		snprintf(b->name, sizeof(b->name), "%s", v);
		b->has_name = true;
		return 0;
	}
	if (!strcmp(t->s, "scope")) {
		if (b->source != AT_SRC_NOTIFY)
			return pol_err(ps, t->col, "scope= only applies to 'match notify'");
		if (strcmp(v, "device") && strcmp(v, "children"))
			return pol_err(ps, t->col + 6, "expected scope=device or scope=children, got '%s'", v);
		b->children = !strcmp(v, "children");
		return 0;
	}
	return pol_err(ps, t->col, "unknown match key '%s' (path, hid, guid, notify, payload, when, nth, scope, name)", t->s);
}

int pol_stmt_match(struct parser *ps, struct token *t, int n)
{
	struct policy *p = ps->p;
	struct pol_block *b;
	void *nb;
	int src;

	if (n < 2)
		return pol_err(ps, t[0].col + 5, "expected a source after 'match' (notify, wmi, gpe, ec_query, fixed, method, ec)");
	src = source_from_name(t[1].s);
	if (src != AT_SRC_NOTIFY && src != AT_SRC_WMI && src != AT_SRC_GPE &&
	    src != AT_SRC_EC_QUERY && src != AT_SRC_FIXED && src != AT_SRC_METHOD && src != AT_SRC_EC)
		return pol_err(ps, t[1].col, "cannot match on '%s' (notify, wmi, gpe, ec_query, fixed, method, ec)", t[1].s);
	nb = pol_grow(p->blocks, p->nblocks, sizeof(*p->blocks));
	if (!nb)
		return pol_err(ps, t[0].col, "out of memory");
	p->blocks = nb;
	b = &p->blocks[p->nblocks++];
	memset(b, 0, sizeof(*b));
	b->source = src;
	b->file = ps->file;
	b->line = ps->line;
	b->wmi_notify_id = -1;
	ps->cur_block = p->nblocks - 1;
	for (int i = 2; i < n; i++) {
		/* act even for codes the bound driver reports (policy_coexist.c) */
		if (!strcmp(t[i].s, "override")) {
			if (b->override)
				return pol_err(ps, t[i].col, "'override' twice");
			b->override = true;
			continue;
		}
		if (src != AT_SRC_NOTIFY && src != AT_SRC_WMI && src != AT_SRC_METHOD && src != AT_SRC_EC)
			return pol_err(ps, t[i].col, "'match %s' takes no keys; the rule codes are the %s numbers",
				    t[1].s, t[1].s);
		if (block_key(ps, b, &t[i]))
			return -1;
	}
	if (src == AT_SRC_WMI && !b->has_guid)
		return pol_err(ps, t[1].col, "'match wmi' needs guid=");
	if (src == AT_SRC_EC && !b->has_ec_addr)
		return pol_err(ps, t[1].col, "'match ec' needs address= (the EC RAM byte whose reads it matches; the code is the byte read)");
	if (b->children && !b->path && !b->hid)
		return pol_err(ps, t[1].col, "scope=children needs path= or hid=");
	if (src == AT_SRC_METHOD && !b->path && !b->hid)
		return pol_err(ps, t[1].col, "'match method' needs the method's path=, or the device's path= or hid= with name=");
	if (src == AT_SRC_METHOD && b->hid && !b->has_name)
		return pol_err(ps, t[1].col, "'match method hid=...' needs name= (the method under the device, e.g. name=MHKP)");
	return 0;
}

int pol_stmt_dmi(struct parser *ps, struct token *t, int n)
{
	struct pol_block *b;

	if (ps->cur_block < 0)
		return pol_err(ps, t[0].col, "'dmi' must follow a 'match' line");
	b = &ps->p->blocks[ps->cur_block];
	if (n < 2)
		return pol_err(ps, t[0].col + 4, "expected FIELD=GLOB after 'dmi'");
	for (int i = 1; i < n; i++) {
		char *eq = strchr(t[i].s, '=');

		if (!eq)
			return pol_err(ps, t[i].col, "expected FIELD=GLOB, got '%s'", t[i].s);
		*eq = '\0';
		if (!dmi_field_known(t[i].s))
			return pol_err(ps, t[i].col, "unknown DMI field '%s' (sys_vendor, product_name, board_name, ...)", t[i].s);
		if (b->ndmi == POL_DMI_MAX)
			return pol_err(ps, t[i].col, "at most %d DMI conditions per block", POL_DMI_MAX);
		snprintf(b->dmi[b->ndmi].field, sizeof(b->dmi[0].field), "%s", t[i].s);
		b->dmi[b->ndmi].glob = strdup(eq + 1);
		if (!b->dmi[b->ndmi].glob)
			return pol_err(ps, t[i].col, "out of memory");
		b->ndmi++;
	}
	return 0;
}


