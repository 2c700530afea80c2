// SPDX-License-Identifier: GPL-2.0
/* Showing a compiled policy: `acpitrace check` and the daemon's log. */
#include <limits.h>
#include <stdarg.h>
#include <string.h>
#include <libevdev/libevdev.h>
#include "policy/policy_print.h"
#include "policy/policy_field.h"
#include "lib/rfkill_type.h"
#include "acpi/decode.h"
#include "lib/escape.h"
#include "lib/json.h"

const char *pol_act_name(int type)
{
	static const char *const names[] = {
		"?", "key", "switch", "backlight", "rfkill", "led", "exec", "ignore", "log",
	};

	return type > 0 && type <= ACT_LOG ? names[type] : "?";
}

static const char *op_name(int op)
{
	static const char *const names[] = {
		"?", "on", "off", "toggle", "block", "unblock", "up", "down", "set",
	};

	return op > 0 && op <= OP_SET ? names[op] : "?";
}

void policy_describe_action(const struct pol_action *a, char *buf, size_t len)
{
	size_t n;

	switch (a->type) {
	case ACT_KEY:
		snprintf(buf, len, "key %s", libevdev_event_code_get_name(EV_KEY, a->code));
		break;
	case ACT_SWITCH:
		snprintf(buf, len, "switch %s %s", libevdev_event_code_get_name(EV_SW, a->code),
			 op_name(a->op));
		break;
	case ACT_BACKLIGHT:
		snprintf(buf, len, "backlight %s %d%%%s%s%s", op_name(a->op), a->percent,
			 a->name ? " device=" : "", a->name ? a->name : "",
			 a->allow_zero ? " allow-zero" : "");
		break;
	case ACT_RFKILL:
		snprintf(buf, len, "rfkill %s %s", rfkill_type_name(a->code), op_name(a->op));
		break;
	case ACT_LED:
		snprintf(buf, len, "led %s %s", a->name, op_name(a->op));
		break;
	case ACT_EXEC:
		n = snprintf(buf, len, "exec interval=%ds timeout=%ds", a->interval, a->timeout);
		for (char **v = a->argv; v && *v && n < len; v++)
			n += snprintf(buf + n, len - n, " %s", *v);
		break;
	default:
		snprintf(buf, len, "%s", pol_act_name(a->type));
	}
}

static void block_text(const struct pol_block *b, char *buf, size_t len)
{
	char f[40];
	size_t n = snprintf(buf, len, "match %s", source_name(b->source));

	if (b->path && n < len)
		n += snprintf(buf + n, len - n, " path=%s", b->path);
	if (b->hid && n < len)
		n += snprintf(buf + n, len - n, " hid=%s%s%s", b->hid, b->uid ? ":" : "",
			      b->uid ? b->uid : "");
	if (b->children && n < len)
		n += snprintf(buf + n, len - n, " scope=children");
	if (b->has_name && n < len)
		n += snprintf(buf + n, len - n, " name=%s", b->name);
	if (b->has_guid && n < len)
		n += snprintf(buf + n, len - n, " guid=%s", b->guid_text);
	if (b->has_notify_id && n < len)
		n += snprintf(buf + n, len - n, " notify=0x%02X", b->notify_id);
	if (b->has_ec_addr && n < len)
		n += snprintf(buf + n, len - n, " address=0x%02X", b->ec_addr);
	if (b->payload == AT_PAYLOAD_INT && n < len)
		n += snprintf(buf + n, len - n, " payload=int&0x%llX", (unsigned long long)b->int_mask);
	if (b->payload == AT_PAYLOAD_U16REC && n < len)
		n += snprintf(buf + n, len - n, " payload=u16-record");
	if (b->payload == AT_PAYLOAD_FIELD && n < len) {
		pol_field_text(&b->field, f, sizeof(f));
		n += snprintf(buf + n, len - n, " payload=%s", f);
	}
	for (int i = 0; i < b->nconds && n < len; i++) {
		pol_field_text(&b->conds[i].f, f, sizeof(f));
		n += snprintf(buf + n, len - n, " when=%s:0x%llX", f,
			      (unsigned long long)b->conds[i].value);
	}
	if (b->nth && n < len)
		n += snprintf(buf + n, len - n, " nth=%d", b->nth);
	if (b->override && n < len)
		snprintf(buf + n, len - n, " override");
}

static int kernel_rules_of(const struct policy *p, int rule)
{
	int n = 0;

	for (int i = 0; i < p->nkrules; i++)
		n += p->krules[i].rule_id == (__u32)rule;
	return n;
}

static const char *machine_state(const struct pol_block *b)
{
	if (!b->dmi_ok)
		return "not this machine (dmi)";
	if ((b->hid && !b->npaths) || (b->source == AT_SRC_WMI && !b->devices[0]))
		return "no such device here";
	return "active";
}

/* "devices": what the block matched here, one string each (", " joins them in the text). */
static void json_devices(struct json *j, const char *devices)
{
	const char *s = devices, *sep;

	json_begin_array(j, "devices");
	while (*s) {
		char one[sizeof(((struct pol_block *)0)->devices)];
		size_t n;

		sep = strstr(s, ", ");
		n = sep ? (size_t)(sep - s) : strlen(s);
		snprintf(one, sizeof(one), "%.*s", (int)n, s);
		json_str(j, NULL, one);
		s += n + (sep ? 2 : 0);
	}
	json_end_array(j);
}

static void print_json(const struct policy *p, FILE *out)
{
	struct json j;
	char buf[512];

	json_init(&j, out);
	json_begin_object(&j, NULL);
	json_u64(&j, "kernel_rules", p->nkrules);
	json_u64(&j, "scanned_rules", p->nfallback);
	json_u64(&j, "path_sets", p->npathsets);
	json_begin_array(&j, "rules");
	for (int i = 0; i < p->nrules; i++) {
		const struct pol_rule *r = &p->rules[i];
		const struct pol_block *b = &p->blocks[r->block];

		json_begin_object(&j, NULL);
		json_u64(&j, "id", i);
		snprintf(buf, sizeof(buf), "%s:%d", r->file, r->line);
		json_str(&j, "at", buf);
		block_text(b, buf, sizeof(buf));
		json_str(&j, "match", buf);
		json_str(&j, "code", r->code_text);
		policy_describe_action(&r->act, buf, sizeof(buf));
		json_str(&j, "action", buf);
		json_str(&j, "state", machine_state(b));
		json_devices(&j, b->devices);
		json_u64(&j, "kernel_rules", kernel_rules_of(p, i));
		if (r->nskip) {
			/* codes the bound driver reports: dropped, not acted on */
			json_str(&j, "skipped_for", b->owner.driver);
			json_begin_array(&j, "skipped_codes");
			for (int k = 0; k < r->nskip; k++)
				json_u64(&j, NULL, r->skip[k]);
			json_end_array(&j);
		}
		json_end_object(&j);
	}
	json_end_array(&j);
	json_begin_array(&j, "warnings");
	for (int i = 0; i < p->nwarnings; i++)
		json_str(&j, NULL, p->warnings[i]);
	json_end_array(&j);
	json_end_object(&j);
	fputc('\n', out);
}

/*
 * One line of text output: policy text (file names, paths, HIDs, program
 * arguments) and sysfs device names are escaped, never sent raw.
 */
static void __attribute__((format(printf, 2, 3))) put_line(FILE *out, const char *fmt, ...)
{
	char line[2048];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0;
	esc_fputs(out, line, (size_t)n < sizeof(line) ? (size_t)n : sizeof(line) - 1, 0);
	fputc('\n', out);
}

void policy_print(const struct policy *p, FILE *out, bool json)
{
	char act[512], blk[512];
	int last = -1;

	if (json) {
		print_json(p, out);
		return;
	}
	for (int i = 0; i < p->nrules; i++) {
		const struct pol_rule *r = &p->rules[i];
		const struct pol_block *b = &p->blocks[r->block];

		if (r->block != last) {
			block_text(b, blk, sizeof(blk));
			put_line(out, "%s:%d: %s", b->file, b->line, blk);
			put_line(out, "    %s%s%s", machine_state(b), b->devices[0] ? ": " : "", b->devices);
			last = r->block;
		}
		policy_describe_action(&r->act, act, sizeof(act));
		put_line(out, "  #%-3d %-22s -> %-34s %s:%d (%d kernel rule%s)%s%s%s", i, r->code_text, act,
			 r->file, r->line, kernel_rules_of(p, i), kernel_rules_of(p, i) == 1 ? "" : "s",
			 r->nskip ? " skipped: '" : "", r->nskip ? b->owner.driver : "",
			 r->nskip ? "' reports it" : "");
	}
	put_line(out, "%d rules, %d kernel rules (at most %d), %d index keys, %d scanned (at most %d)",
		 p->nrules, p->nkrules, AT_POLICY_MAX, p->nindex, p->nfallback, AT_POLICY_FALLBACK_MAX);
	if (p->npathsets)
		put_line(out, "%d path set%s of %d device paths (a scanned rule of a block with several devices matches any of them)",
			 p->npathsets, p->npathsets == 1 ? "" : "s", p->npathmem);
	for (int i = 0; i < p->nwarnings; i++)
		put_line(out, "warning: %s", p->warnings[i]);
}

void policy_print_run_totals(FILE *out, const struct policy *p, const uint64_t *hits,
			     const struct at_policy_stats *ps, const struct at_counters *c,
			     uint64_t received, uint64_t dispatched)
{
	struct json j;
	char at[PATH_MAX + 16];

	json_init(&j, out);
	json_begin_object(&j, NULL);
	json_u64(&j, "received", received);
	json_u64(&j, "dispatched", dispatched);
	json_begin_array(&j, "rules");
	for (int i = 0; i < p->nrules; i++) {
		/* file names are anyone's choice of bytes: the writer escapes them */
		snprintf(at, sizeof(at), "%s:%d", p->rules[i].file, p->rules[i].line);
		json_begin_object(&j, NULL);
		json_i64(&j, "id", i);
		json_str(&j, "at", at);
		json_u64(&j, "hits", hits[i]);
		json_end_object(&j);
	}
	json_end_array(&j);
	json_begin_object(&j, "sources");
	for (int s = 0; s < AT_SRC_MAX; s++) {
		json_begin_object(&j, source_name(s));
		json_u64(&j, "seen", c[s].seen);
		json_u64(&j, "emitted", c[s].emitted);
		json_u64(&j, "matched", ps[s].matched);
		json_u64(&j, "ignored", ps[s].ignored);
		json_u64(&j, "unmatched", ps[s].unmatched);
		json_end_object(&j);
	}
	json_end_object(&j);
	json_end_object(&j);	/* and the newline */
}
