// SPDX-License-Identifier: GPL-2.0
/*
 * user/record/record_fields.c: the field tables that drive both
 * renderers, and text/JSON agreement.  For generated records of every
 * source, each field the table shows in the text line must be in the
 * JSON object (by its name) and read the same there; and the whole text
 * line, rebuilt from the JSON object's values through the table's text
 * fragments, must be the line the text renderer wrote.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include "test.h"
#include "record/output.h"
#include "record/record_fields.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "lib/escape.h"

#define T0 1000000000ULL

/* ---- A small reader for the top level of one JSON object ----------------- */

struct jval {
	enum { J_NONE, J_NULL, J_BOOL, J_NUM, J_STR, J_OTHER } type;
	bool b;
	const char *num;	/* the number's text */
	char str[1024];		/* the string, unescaped */
};

static const char *skip_ws(const char *p)
{
	while (*p == ' ' || *p == '\t')
		p++;
	return p;
}

/* Past a string literal at @p (at its opening quote); copies it into @out. */
static const char *read_string(const char *p, char *out, size_t len)
{
	size_t n = 0;

	for (p++; *p && *p != '"'; p++) {
		char ch = *p;

		if (ch == '\\') {
			p++;
			switch (*p) {
			case 'n': ch = '\n'; break;
			case 't': ch = '\t'; break;
			case 'r': ch = '\r'; break;
			case 'b': ch = '\b'; break;
			case 'f': ch = '\f'; break;
			case 'u': ch = (char)strtoul((char[]){ p[1], p[2], p[3], p[4], 0 }, NULL, 16);
				  p += 4; break;
			default: ch = *p;	/* \" \\ \/ */
			}
		}
		if (out && n + 1 < len)
			out[n++] = ch;
	}
	if (out)
		out[n] = '\0';
	return *p ? p + 1 : p;
}

/* Past any value at @p; its kind and content into @v (may be NULL). */
static const char *read_value(const char *p, struct jval *v)
{
	struct jval dummy;
	int depth = 0;

	if (!v)
		v = &dummy;
	p = skip_ws(p);
	v->type = J_OTHER;
	if (*p == '"') {
		v->type = J_STR;
		return read_string(p, v->str, sizeof(v->str));
	}
	if (!strncmp(p, "null", 4)) {
		v->type = J_NULL;
		return p + 4;
	}
	if (!strncmp(p, "true", 4) || !strncmp(p, "false", 5)) {
		v->type = J_BOOL;
		v->b = *p == 't';
		return p + (v->b ? 4 : 5);
	}
	if (*p == '-' || (*p >= '0' && *p <= '9')) {
		v->type = J_NUM;
		v->num = p;
		return p + strspn(p, "-+.eE0123456789");
	}
	do {	/* object or array: skip to its end */
		if (*p == '"') {
			p = read_string(p, NULL, 0);
			continue;
		}
		if (*p == '{' || *p == '[')
			depth++;
		else if (*p == '}' || *p == ']')
			depth--;
		p++;
	} while (*p && depth > 0);
	return p;
}

/* The top-level member @name of the object @s (J_NONE if absent). */
static void json_member(const char *s, const char *name, struct jval *v)
{
	const char *p = skip_ws(s);
	char key[64];

	v->type = J_NONE;
	if (*p++ != '{')
		return;
	for (;;) {
		p = skip_ws(p);
		if (*p != '"')
			return;
		p = read_string(p, key, sizeof(key));
		p = skip_ws(p);
		if (*p++ != ':')
			return;
		if (!strcmp(key, name)) {
			read_value(p, v);
			return;
		}
		p = skip_ws(read_value(p, NULL));
		if (*p++ != ',')
			return;
	}
}

/* ---- Generated records ----------------------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15ULL;

static uint64_t rnd(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return rng;
}

static void gen_path(struct at_path *p)
{
	static const char *const names[] = {
		"_SB_", "PCI0", "LPCB", "EC0_", "WMI1", "VID_", "LCD_", "_GPE", "_L1F", "_Q42",
	};

	memset(p, 0, sizeof(*p));
	p->depth = rnd() % 4;
	for (int i = 0; i < p->depth; i++) {
		const char *name = names[rnd() % ARRAY_LEN(names)];	/* SEG() reads it 4 times */

		p->seg[i] = SEG(name);
	}
}

/* A record of @source with its interesting branches picked at random. */
static void gen_event(struct at_event *e, unsigned int source)
{
	static const unsigned int subtypes[] = { 0, 1, 2, 3, 4, 0xff };
	static const unsigned int ec_cmds[] = { 0x80, 0x81, 0x82, 0x83, 0x84, 0x10 };
	static const int results[] = { 0, 1, -62, -110, -22, 3, 0x4001, 0x3005 };

	memset(e, 0, sizeof(*e));
	e->ts_ns = T0 + rnd() % 3000000000ULL;
	e->id = 1 + rnd() % 1000;
	e->parent = rnd() % 5;
	e->chain = rnd() % 9;
	e->depth = rnd() % 10;
	e->cpu = rnd() % 16;
	e->pid = rnd() % 100000;
	strcpy(e->comm, rnd() % 2 ? "kworker/1:2" : "swapper/0");
	e->source = source;
	e->context = rnd() % AT_CTX_MAX;
	e->subtype = subtypes[rnd() % ARRAY_LEN(subtypes)];
	e->flags = rnd() & 0x7f;
	e->duration_ns = rnd() % 5000000;
	e->value = rnd() % 4 ? rnd() % 300 : rnd();
	e->result = results[rnd() % ARRAY_LEN(results)];
	e->number = rnd() % 2 ? rnd() % 0x100 : 0x80 + rnd() % 12;
	gen_path(&e->path);
	gen_path(&e->path2);
	e->ec.command = ec_cmds[rnd() % ARRAY_LEN(ec_cmds)];
	e->ec.wlen = rnd() % 6;
	e->ec.rlen = rnd() % 6;
	for (int i = 0; i < 4; i++) {
		e->ec.wdata[i] = rnd();
		e->ec.rdata[i] = rnd();
	}
	for (int i = 0; i < 16; i++)
		e->wmi.guid[i] = rnd();
	e->wmi.notify_id = rnd() % 0x100;
	e->data_len = rnd() % 80;
	for (int i = 0; i < AT_DATA_MAX; i++)
		e->data[i] = 'a' + rnd() % 26;
	if (source == AT_SRC_STORM) {
		e->subtype = rnd() % 2;
		e->result = rnd() % AT_SRC_STORM;
	}
}

static char *render(const struct at_event *e, bool json, const struct acpi_sysfs *sys)
{
	struct output o = { .json = json, .t0_ns = T0, .sys = sys };
	char *buf = NULL;
	size_t len = 0;

	o.out = open_memstream(&buf, &len);
	if (!o.out)
		return calloc(1, 1);
	output_event(&o, e);
	fclose(o.out);
	return buf;
}

/* ---- Agreement --------------------------------------------------------------- */

/* @f's value as the JSON object @json says it; false if it has none. */
static bool value_from_json(const char *json, const struct rec_field *f, struct rf_val *v,
			    char *str, size_t len)
{
	struct jval j;

	memset(v, 0, sizeof(*v));
	json_member(json, f->name, &j);
	switch (j.type) {
	case J_NULL:
		v->null = true;
		return f->kind == RF_STR || f->kind == RF_U64;
	case J_BOOL:
		v->b = j.b;
		return f->kind == RF_BOOL;
	case J_NUM:
		v->u = strtoull(j.num, NULL, 10);
		v->i = strtoll(j.num, NULL, 10);
		return f->kind == RF_U64 || f->kind == RF_I64;
	case J_STR:
		snprintf(str, len, "%s", j.str);
		v->s = str;
		return f->kind == RF_STR;
	default:
		return false;
	}
}

/* Duration as the text line writes it (output.c). */
static void text_duration(char *buf, size_t len, const char *json)
{
	struct jval j;
	double ns;

	json_member(json, "duration_ns", &j);
	if (j.type != J_NUM) {
		buf[0] = '\0';
		return;
	}
	ns = strtod(j.num, NULL);
	if (ns < 1e3)
		snprintf(buf, len, " %.0fns", ns);
	else if (ns < 1e6)
		snprintf(buf, len, " %.1fus", ns / 1e3);
	else
		snprintf(buf, len, " %.2fms", ns / 1e6);
}

/* The text line rebuilt from @json; every shown field's value checked on the way. */
static int check_agreement(const struct at_event *e, const struct acpi_sysfs *sys)
{
	char *text = render(e, false, sys), *json = render(e, true, sys);
	char body[2048] = "", frag[1024], str[1024], safe[4096], line[6200], dur[32];
	struct rec_view view;
	struct rf_ctx c = { .e = e, .v = &view, .t0_ns = T0 };
	const struct rec_field *f;
	struct jval ts, cpu, depth, source;
	size_t n, pos = 0;
	int failed = 0;

	rec_view_make(&view, e, sys);
	f = rec_fields(e->source, &n);
	CHECK(f && n);
	for (size_t i = 0; f && i < n; i++) {
		struct rf_val v = { 0 };
		char hook[1024];

		if (!f[i].text || !rf_cond_holds(f[i].show, &c))
			continue;
		if (f[i].kind == RF_HOOK) {
			/* not described field by field: the record's own text */
			f[i].text_hook(hook, sizeof(hook), &c);
			v.s = hook;
		} else if (f[i].name) {
			if (!value_from_json(json, &f[i], &v, str, sizeof(str))) {
				test_fail(__FILE__, __LINE__, "%s: text shows \"%s\", JSON has no such %s: %s",
					  source_name(e->source), f[i].name, "member", json);
				failed++;
				continue;
			}
		} else if (f[i].get) {
			f[i].get(&c, &v);	/* text only, no JSON twin */
		}
		rf_text(frag, sizeof(frag), &f[i], &v);
		esc_str(safe, sizeof(safe), frag, 0);
		if (f[i].name && f[i].kind != RF_HOOK && !strstr(text, safe)) {
			test_fail(__FILE__, __LINE__, "%s field \"%s\": JSON says %s, text %s",
				  source_name(e->source), f[i].name, test_quote(safe), test_quote(text));
			failed++;
		}
		pos += snprintf(body + pos, sizeof(body) - pos, "%s", frag);
	}
	esc_str(safe, sizeof(safe), body, 0);
	json_member(json, "ts", &ts);
	json_member(json, "cpu", &cpu);
	json_member(json, "depth", &depth);
	json_member(json, "source", &source);
	text_duration(dur, sizeof(dur), json);
	if (ts.type == J_NUM && cpu.type == J_NUM && depth.type == J_NUM && source.type == J_STR) {
		int d = atoi(depth.num);

		snprintf(line, sizeof(line), "%12.6f cpu%-2u %*s%-8s %s%s\n", strtod(ts.num, NULL),
			 (unsigned int)atoi(cpu.num), d > 8 ? 16 : d * 2, "", source.str, safe, dur);
		if (strcmp(line, text)) {
			test_fail_str(__FILE__, __LINE__, "text line rebuilt from JSON", line, text);
			failed++;
		}
	} else {
		test_fail(__FILE__, __LINE__, "JSON lacks ts/cpu/depth/source: %s", json);
		failed++;
	}
	free(text);
	free(json);
	return failed;
}

TEST(record_fields_text_json_agree)
{
	struct acpi_dev_entry dev = { 0 };
	struct wmi_entry wmi = { .guid = "05901221-D566-11D1-B2F0-00A0C9062910" };
	struct acpi_sysfs sys = { .devs = &dev, .ndevs = 1, .wmi = &wmi, .nwmi = 1 };
	int failed = 0;

	for (unsigned int src = 0; src < AT_SRC_MAX; src++) {
		for (int i = 0; i < 400 && failed < 5; i++) {
			struct at_event e;

			gen_event(&e, src);
			failed += check_agreement(&e, NULL);
			/* the same record with sysfs knowing its device */
			acpi_path_format(&e.path, dev.path, sizeof(dev.path));
			snprintf(dev.name, sizeof(dev.name), "%s", i % 3 ? "PNP0C0A:00" : "LNXVIDEO:01");
			snprintf(dev.hid, sizeof(dev.hid), "%s", i % 2 ? "PNP0C0A" : "");
			snprintf(wmi.device, sizeof(wmi.device), "%s", dev.path);
			wmi.notify_id = e.wmi.notify_id;
			failed += check_agreement(&e, &sys);
		}
	}
	CHECK_EQ_INT(failed, 0);
}

/* Every source has a table; every row is well formed. */
TEST(record_fields_tables_complete)
{
	for (unsigned int src = 0; src < AT_SRC_MAX; src++) {
		size_t n;
		const struct rec_field *f = rec_fields(src, &n);

		CHECK(f != NULL && n > 0);
		for (size_t i = 0; f && i < n; i++) {
			if (f[i].kind == RF_HOOK)
				CHECK(f[i].json_hook && (f[i].text_hook || !f[i].text));
			else if (f[i].kind == RF_LIT)
				CHECK(f[i].text && f[i].json == RF_NEVER && !f[i].name);
			else
				CHECK(f[i].get != NULL && (f[i].name || f[i].json == RF_NEVER));
		}
	}
	size_t n;

	CHECK(rec_fields(AT_SRC_MAX, &n) == NULL && n == 0);
}

/* The text body straight from the table (and an unknown source). */
TEST(record_fields_gpe_rows)
{
	struct at_event e;
	struct rec_view v;
	struct rf_ctx c = { .e = &e, .v = &v };
	char body[256];

	memset(&e, 0, sizeof(e));
	e.source = AT_SRC_GPE;
	e.number = 0x1f;
	e.subtype = AT_GPE_METHOD;
	e.path.depth = 2;
	e.path.seg[0] = SEG("_L1F");
	e.path.seg[1] = SEG("_GPE");
	rec_view_make(&v, &e, NULL);
	rec_text_body(body, sizeof(body), &c);
	CHECK_STR(body, "GPE 0x1f on ? dispatch=method \\_GPE._L1F");
	e.source = AT_SRC_MAX;
	rec_text_body(body, sizeof(body), &c);
	CHECK_STR(body, "?");
}
