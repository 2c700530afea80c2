// SPDX-License-Identifier: GPL-2.0
/*
 * Proposals of acpitrace learn (propose.h): which record of a chain a
 * policy should match, the match line that names it stably (HID[:UID]
 * over a path, the WMI GUID over the PNP0C14 device), and the action the
 * keymaps (shipped policies, which carry the drivers' keymaps) or the
 * Notify value's standard meaning suggest.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "learn/propose.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "acpi/guid.h"
#include "policy/policy_print.h"

/* What one record is, on the machine the facts describe. */
struct rec_view {
	const struct at_event *e;
	char path[ACPI_PATH_MAX];	/* the record's path */
	char dev_path[ACPI_PATH_MAX];	/* the device (a method's parent) */
	const struct rec_dev *dev;	/* that device in the facts, or NULL */
	const struct rec_dev *parent;	/* its parent device, or NULL */
	char guid[40];		/* WMI: from the kernel or the facts, or "" */
	const struct rec_wmi *wmi;	/* WMI: the GUID in the facts, or NULL */
};

static const struct rec_dev *dev_by_path(const struct rec_facts *f, const char *path)
{
	for (size_t i = 0; f && i < f->ndevs; i++)
		if (!strcmp(f->devs[i].path, path))
			return &f->devs[i];
	return NULL;
}

static const struct rec_wmi *wmi_by_guid(const struct rec_facts *f, const char *guid)
{
	for (size_t i = 0; f && i < f->nwmi; i++)
		if (!strcasecmp(f->wmi[i].guid, guid))
			return &f->wmi[i];
	return NULL;
}

/* 6.1 hands WMI events over without their GUID: the device and id name it. */
static const struct rec_wmi *wmi_by_id(const struct rec_facts *f, const char *dev, uint32_t id)
{
	for (size_t i = 0; f && i < f->nwmi; i++)
		if (f->wmi[i].notify_id == (int)id && !strcmp(f->wmi[i].device, dev))
			return &f->wmi[i];
	return NULL;
}

/* @path without its last segment ("\_SB.HKEY.MHKP" -> "\_SB.HKEY"). */
static void path_parent(const char *path, char *out, size_t len)
{
	const char *dot = strrchr(path, '.');
	size_t n = dot ? (size_t)(dot - path) : strlen(path);

	if (n >= len)
		n = len - 1;
	memcpy(out, path, n);
	out[n] = '\0';
}

static void view_init(const struct propose_in *in, const struct at_event *e, struct rec_view *v)
{
	char ppath[ACPI_PATH_MAX];

	memset(v, 0, sizeof(*v));
	v->e = e;
	acpi_path_format(&e->path, v->path, sizeof(v->path));
	if (e->source == AT_SRC_METHOD)
		path_parent(v->path, v->dev_path, sizeof(v->dev_path));
	else
		snprintf(v->dev_path, sizeof(v->dev_path), "%s", v->path);
	v->dev = dev_by_path(in->facts, v->dev_path);
	path_parent(v->dev_path, ppath, sizeof(ppath));
	v->parent = strcmp(ppath, v->dev_path) ? dev_by_path(in->facts, ppath) : NULL;
	if (e->source != AT_SRC_WMI)
		return;
	if (e->flags & AT_F_HAS_GUID) {
		guid_format(e->wmi.guid, v->guid);
		v->wmi = wmi_by_guid(in->facts, v->guid);
	} else if ((v->wmi = wmi_by_id(in->facts, v->path, e->wmi.notify_id))) {
		snprintf(v->guid, sizeof(v->guid), "%s", v->wmi->guid);
	}
}

static int hid_count(const struct rec_facts *f, const char *hid)
{
	int n = 0;

	for (size_t i = 0; f && i < f->ndevs; i++)
		n += !strcmp(f->devs[i].hid, hid);
	return n;
}

/*
 * The device key of a match line: hid=HID, with :UID when several devices
 * share the HID, else the path (a device without a HID: a display output).
 */
static void device_key(const struct propose_in *in, const struct rec_view *v, char *buf,
		       size_t len)
{
	const struct rec_dev *d = v->dev;

	if (d && d->hid[0] && hid_count(in->facts, d->hid) > 1 && d->uid[0])
		snprintf(buf, len, "hid=%s:%s", d->hid, d->uid);
	else if (d && d->hid[0])
		snprintf(buf, len, "hid=%s", d->hid);
	else
		snprintf(buf, len, "path=%s", v->dev_path);
}

static bool is_video(const struct rec_view *v)
{
	return (v->dev && !strcmp(v->dev->hid, "LNXVIDEO")) ||
	       (v->parent && !strcmp(v->parent->hid, "LNXVIDEO"));
}

/* --- the keymaps: a shipped rule for the same event ----------------------- */

static bool block_device_is(const struct pol_block *b, const struct rec_view *v)
{
	const struct rec_dev *d = b->children ? v->parent : v->dev;
	const char *path = b->children ? (v->parent ? v->parent->path : "") : v->dev_path;

	if (b->hid)
		return d && !strcmp(b->hid, d->hid) && (!b->uid || !strcmp(b->uid, d->uid));
	if (b->path)
		return !strcmp(b->path, path);
	return true;
}

/*
 * The code the block's payload rule extracts from a WMI record: the
 * kernel's own at_rule_code (bpf/policy_rules.h), so that a proposal takes
 * the code its rule will compare.
 */
static bool wmi_code(const struct at_event *e, int payload, uint64_t mask, uint64_t *code)
{
	const struct at_rule r = { .source = AT_SRC_WMI, .payload = payload, .int_mask = mask };
	__u64 c;

	if (!at_rule_code(&r, e, &c))
		return false;
	*code = c;
	return true;
}

static bool block_is(const struct pol_block *b, const struct rec_view *v)
{
	uint8_t g[16];

	if (b->source != v->e->source)
		return false;
	switch (b->source) {
	case AT_SRC_NOTIFY:
		return block_device_is(b, v);
	case AT_SRC_WMI:
		return v->guid[0] && b->has_guid && !guid_parse(v->guid, g) &&
		       !memcmp(g, b->guid, 16) &&
		       (!b->has_notify_id || b->notify_id == v->e->wmi.notify_id);
	case AT_SRC_METHOD:
		if (b->has_name)
			return b->name_seg == v->e->path.seg[0] && block_device_is(b, v);
		return b->path && !strcmp(b->path, v->path);
	default:
		return true;
	}
}

/* The first block of the keymaps for this WMI GUID: how its payload reads. */
static const struct pol_block *wmi_block(const struct propose_in *in, const struct rec_view *v)
{
	for (size_t k = 0; k < in->nkeymaps; k++)
		for (int i = 0; i < in->keymaps[k].nblocks; i++)
			if (block_is(&in->keymaps[k].blocks[i], v))
				return &in->keymaps[k].blocks[i];
	return NULL;
}

/* The first keymap rule for this event and code: what the driver does with it. */
static const struct pol_rule *keymap_rule(const struct propose_in *in, const struct rec_view *v,
					  uint64_t code, const struct policy **from)
{
	for (size_t k = 0; k < in->nkeymaps; k++) {
		const struct policy *p = &in->keymaps[k];

		for (int i = 0; i < p->nrules; i++) {
			const struct pol_rule *r = &p->rules[i];
			const struct pol_block *b = &p->blocks[r->block];
			uint64_t c = code;

			if (!block_is(b, v))
				continue;
			if (b->source == AT_SRC_WMI && !wmi_code(v->e, b->payload, b->int_mask, &c))
				continue;
			if ((c & r->mask) < r->lo || (c & r->mask) > r->hi)
				continue;
			*from = p;
			return r;
		}
	}
	return NULL;
}

/* --- the action ----------------------------------------------------------- */

/* acpi_video's keys for the display Notifies (drivers/acpi/acpi_video.c). */
static const char *video_key(uint32_t value, bool output)
{
	if (output) {
		switch (value) {
		case 0x85: return "KEY_BRIGHTNESS_CYCLE";
		case 0x86: return "KEY_BRIGHTNESSUP";
		case 0x87: return "KEY_BRIGHTNESSDOWN";
		case 0x88: return "KEY_BRIGHTNESS_ZERO";
		case 0x89: return "KEY_DISPLAY_OFF";
		}
		return NULL;
	}
	switch (value) {
	case 0x80: return "KEY_SWITCHVIDEOMODE";
	case 0x82: return "KEY_SWITCHVIDEOMODE";
	case 0x83: return "KEY_VIDEO_NEXT";
	case 0x84: return "KEY_VIDEO_PREV";
	}
	return NULL;
}

static const char *meaning_key(const struct rec_view *v, const char **meaning)
{
	const struct at_event *e = v->e;

	*meaning = NULL;
	if (e->source == AT_SRC_FIXED) {
		*meaning = fixed_event_name(e->number);
		if (e->number == 2)
			return "KEY_POWER";
		if (e->number == 3)
			return "KEY_SLEEP";
		return NULL;
	}
	if (e->source != AT_SRC_NOTIFY || !is_video(v))
		return NULL;
	*meaning = notify_value_name(e->number, true);
	return video_key(e->number, !(v->dev && !strcmp(v->dev->hid, "LNXVIDEO")));
}

/*
 * The action: the keymaps' when they act (key, backlight, ...), else the
 * key of the Notify's standard meaning, else 'log' until the user picks one.
 */
static void choose_action(const struct propose_in *in, const struct rec_view *v,
			  struct proposal *p)
{
	const struct policy *from = NULL;
	const struct pol_rule *r = keymap_rule(in, v, p->code, &from);
	const char *meaning, *key = meaning_key(v, &meaning);
	char act[128];

	if (r && r->act.type != ACT_IGNORE && r->act.type != ACT_LOG && r->act.type != ACT_EXEC) {
		policy_describe_action(&r->act, p->action, sizeof(p->action));
		snprintf(p->action_from, sizeof(p->action_from), "%s:%d", r->file, r->line);
		p->action_keymap = true;
		return;
	}
	if (r) {
		policy_describe_action(&r->act, act, sizeof(act));
		snprintf(p->note, sizeof(p->note), "%s:%d has '%s' for it", r->file, r->line, act);
	}
	if (key) {
		snprintf(p->action, sizeof(p->action), "key %s", key);
		snprintf(p->action_from, sizeof(p->action_from), "%s %s", p->kind, meaning);
		return;
	}
	snprintf(p->action, sizeof(p->action), "log");
}

/* --- one record ------------------------------------------------------------ */

static void describe(const struct rec_view *v, struct proposal *p)
{
	const struct at_event *e = v->e;
	const char *dev = v->dev ? v->dev->name : NULL;

	switch (e->source) {
	case AT_SRC_WMI:
		snprintf(p->event, sizeof(p->event), "wmi %s notify 0x%02X on %s",
			 v->guid[0] ? v->guid : "(GUID unknown)", e->wmi.notify_id, v->path);
		break;
	case AT_SRC_METHOD:
		snprintf(p->event, sizeof(p->event), "method %s returned 0x%llx", v->path,
			 (unsigned long long)e->value);
		break;
	case AT_SRC_FIXED:
		snprintf(p->event, sizeof(p->event), "fixed %s", fixed_event_name(e->number));
		break;
	default:
		snprintf(p->event, sizeof(p->event), "%s %s%s%s%s 0x%x", source_name(e->source),
			 v->path, dev ? " (" : "", dev ? dev : "", dev ? ")" : "", e->number);
	}
}

/*
 * A bound driver that may already turn the event into a key: the device's
 * (or, for a display output, its video bus's), or the WMI GUID's.  The
 * fixed buttons' devices have no namespace path, so no facts: the caller
 * looks at LNXPWRBN/LNXSLPBN itself.
 */
static void bound_driver(const struct rec_view *v, struct proposal *p)
{
	const struct rec_dev *d = v->dev && v->dev->driver[0] ? v->dev :
				  v->parent && v->parent->driver[0] ? v->parent : NULL;

	if (v->e->source == AT_SRC_WMI && v->wmi && v->wmi->driver[0]) {
		snprintf(p->driver, sizeof(p->driver), "%s", v->wmi->driver);
		snprintf(p->driver_dev, sizeof(p->driver_dev), "%s", v->wmi->guid);
	} else if (v->e->source != AT_SRC_WMI && d) {
		snprintf(p->driver, sizeof(p->driver), "%s", d->driver);
		snprintf(p->driver_dev, sizeof(p->driver_dev), "%s", d->name);
	}
}

static int propose_wmi(const struct propose_in *in, const struct rec_view *v, struct proposal *p)
{
	const struct pol_block *b = v->guid[0] ? wmi_block(in, v) : NULL;
	const struct at_event *e = v->e;
	int payload = AT_PAYLOAD_NONE;
	uint64_t mask = ~0ULL;

	if (!v->guid[0]) {
		/* no GUID known: the Notify on the PNP0C14 device is what is left */
		p->kind = "notify";
		snprintf(p->match, sizeof(p->match), "match notify path=%s", v->path);
		p->code = e->wmi.notify_id;
		snprintf(p->note, sizeof(p->note), "the WMI GUID of notify id 0x%02X is unknown",
			 e->wmi.notify_id);
		return PR_NOTIFY;
	}
	if (b) {
		payload = b->payload;
		mask = b->int_mask;
	} else if (e->subtype == AT_OBJ_INTEGER && (e->flags & AT_F_HAS_DATA)) {
		payload = AT_PAYLOAD_INT;
	}
	if (payload != AT_PAYLOAD_NONE && wmi_code(e, payload, mask, &p->code)) {
		p->kind = "wmi_payload";
		if (payload == AT_PAYLOAD_U16REC)
			snprintf(p->match, sizeof(p->match), "match wmi guid=%s payload=u16-record",
				 v->guid);
		else if (mask != ~0ULL)
			snprintf(p->match, sizeof(p->match), "match wmi guid=%s payload=int&0x%llX",
				 v->guid, (unsigned long long)mask);
		else
			snprintf(p->match, sizeof(p->match), "match wmi guid=%s payload=int", v->guid);
		return PR_WMI_PAYLOAD;
	}
	p->kind = "wmi";
	p->code = e->wmi.notify_id;
	snprintf(p->match, sizeof(p->match), "match wmi guid=%s", v->guid);
	if (e->subtype == AT_OBJ_BUFFER)
		snprintf(p->note, sizeof(p->note),
			 "its _WED is a %u-byte buffer: payload=u16-record reads dell-style records",
			 e->data_len);
	return PR_WMI_ID;
}

static int propose_kind(const struct propose_in *in, const struct rec_view *v,
			struct proposal *p)
{
	const struct at_event *e = v->e;
	char key[ACPI_PATH_MAX + 32];

	switch (e->source) {
	case AT_SRC_WMI:
		return propose_wmi(in, v, p);
	case AT_SRC_METHOD:
		/* a GPE's _Lxx/_Exx, or no Integer: nothing to match; 0 is "none" */
		if (e->subtype != AT_METHOD_EVAL || !(e->flags & AT_F_HAS_RETURN) || !e->value)
			return PR_NONE;
		p->kind = "method";
		p->code = e->value;
		if (v->dev && v->dev->hid[0]) {
			device_key(in, v, key, sizeof(key));
			snprintf(p->match, sizeof(p->match), "match method %s name=%s", key,
				 v->path + strlen(v->dev_path) + 1);
		} else {
			snprintf(p->match, sizeof(p->match), "match method path=%s", v->path);
		}
		return PR_METHOD;
	case AT_SRC_NOTIFY:
		p->kind = "notify";
		p->code = e->number;
		device_key(in, v, key, sizeof(key));
		snprintf(p->match, sizeof(p->match), "match notify %s", key);
		return PR_NOTIFY;
	case AT_SRC_EC_QUERY:
		p->kind = "ec_query";
		p->code = e->number;
		snprintf(p->match, sizeof(p->match), "match ec_query");
		return PR_EC_QUERY;
	case AT_SRC_FIXED:
		/* the PM timer and global lock are not presses */
		if (e->number < 2)
			return PR_NONE;
		p->kind = "fixed";
		p->code = e->number;
		snprintf(p->match, sizeof(p->match), "match fixed");
		return PR_FIXED;
	case AT_SRC_GPE:
		p->kind = "gpe";
		p->code = e->number;
		snprintf(p->match, sizeof(p->match), "match gpe");
		return PR_GPE;
	default:
		return PR_NONE;
	}
}

static void rule_line(struct proposal *p)
{
	if (!strcmp(p->kind, "fixed"))
		snprintf(p->rule, sizeof(p->rule), "%s -> %s",
			 fixed_event_name((unsigned int)p->code), p->action);
	else
		snprintf(p->rule, sizeof(p->rule), "0x%llX -> %s", (unsigned long long)p->code,
			 p->action);
}

int propose_record(const struct propose_in *in, const struct at_event *e, struct proposal *p)
{
	struct rec_view v;

	memset(p, 0, sizeof(*p));
	view_init(in, e, &v);
	p->chain = e->chain;
	p->rank = propose_kind(in, &v, p);
	if (p->rank == PR_NONE) {
		memset(p, 0, sizeof(*p));
		return PR_NONE;
	}
	describe(&v, p);
	choose_action(in, &v, p);
	rule_line(p);
	bound_driver(&v, p);
	return p->rank;
}

void propose_set_action(struct proposal *p, const char *action)
{
	snprintf(p->action, sizeof(p->action), "%s", action);
	p->action_from[0] = '\0';
	p->action_keymap = false;
	rule_line(p);
}

void propose_sig(const struct proposal *p, char *buf, size_t len)
{
	snprintf(buf, len, "%s|0x%llx", p->match, (unsigned long long)p->code);
}

/* --- the machine ------------------------------------------------------------ */

static const char *dmi_value(const struct rec_facts *f, const char *field)
{
	for (int i = 0; i < f->ndmi; i++)
		if (!strcmp(f->dmi[i].field, field))
			return f->dmi[i].value;
	return "";
}

/* A DMI value as a glob of one word: blanks and glob characters become '?'. */
static size_t dmi_glob(const char *v, char *out, size_t len)
{
	size_t n = 0;

	for (; *v && n + 1 < len; v++)
		out[n++] = strchr(" \t*?[]\\#", *v) || (unsigned char)*v < 0x20 ? '?' : *v;
	out[n] = '\0';
	return n;
}

void propose_dmi_line(const struct rec_facts *f, char *buf, size_t len)
{
	static const char *const fields[] = { "sys_vendor", "product_name" };
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < sizeof(fields) / sizeof(fields[0]); i++) {
		const char *v = dmi_value(f, fields[i]);
		char g[256];
		int w;

		if (!v[0] || !dmi_glob(v, g, sizeof(g)))
			continue;
		w = snprintf(buf + used, len - used, "%s %s=%s", used ? "" : "dmi", fields[i], g);
		if (w < 0 || (size_t)w >= len - used) {
			buf[used] = '\0';
			break;
		}
		used += (size_t)w;
	}
}
