// SPDX-License-Identifier: GPL-2.0
/*
 * Recordings (recording/recording.c and recording_read.c, lib/json_read.c): every source's
 * record written by the JSON renderer reads back into the fields the
 * policy matcher looks at; the header's facts survive a trip through the
 * sysfs tree replay writes (facts -> tree -> gathered again); bad lines
 * are refused with the member or column at fault.
 */
#include <stdlib.h>
#include <unistd.h>
#include "test.h"
#include "record/output.h"
#include "recording/recording.h"
#include "acpi/acpi_sysfs.h"
#include "lib/json_read.h"

TEST(json_read_values)
{
	const char *t = "{\"a\":[1,-2,1.5e3,true,false,null],\"s\":\"x\\u00ff\\u0000y\\n\\u00e9\\u20ac\","
			"\"big\":18446744073709551615}";
	const char *err = NULL;
	size_t col = 0;
	struct jv *v = jv_parse(t, strlen(t), &err, &col);
	const struct jv *a, *s;
	uint64_t u = 0;
	int64_t i = 0;

	CHECK(v != NULL);
	if (!v)
		return;
	a = jv_get(v, "a");
	CHECK(a && a->type == JV_ARR);
	CHECK(jv_u64(a->child, &u) && u == 1);
	CHECK(!jv_u64(a->child->next, &u) && jv_i64(a->child->next, &i) && i == -2);
	CHECK(!jv_u64(a->child->next->next, &u));	/* 1.5e3 is not an integer text */
	CHECK(a->child->next->next->next->type == JV_BOOL && a->child->next->next->next->b);
	CHECK(!a->child->next->next->next->next->b);
	s = jv_get(v, "s");
	/* \u00XX is that byte (kernel bytes), above it UTF-8 */
	CHECK(s && s->len == 9 && !memcmp(s->s, "x\xff\0y\n\xe9\xe2\x82\xac", 9));
	CHECK(jv_u64(jv_get(v, "big"), &u) && u == UINT64_MAX);
	CHECK(jv_get(v, "nope") == NULL);
	jv_free(v);
}

static void check_error(const char *t, const char *why, size_t want_col)
{
	const char *err = NULL;
	size_t col = 0;
	struct jv *v = jv_parse(t, strlen(t), &err, &col);

	CHECK(v == NULL);
	jv_free(v);
	CHECK_STR(err, why);
	CHECK_EQ_INT((int)col, (int)want_col);
}

TEST(json_read_errors)
{
	char deep[64];

	check_error("{\"a\":}", "unexpected character", 6);
	check_error("{\"a\":1} x", "text after the value", 9);
	check_error("\"abc", "unterminated string", 1);
	check_error("[1,]", "unexpected character", 4);
	check_error("{\"a\" 1}", "':' was expected", 6);
	check_error("\"\\ud800\"", "surrogate \\u escapes are not supported", 8);
	check_error("-", "a digit was expected", 2);
	check_error("tru", "unexpected token", 1);
	memset(deep, '[', 40);
	deep[40] = '\0';
	check_error(deep, "nested too deeply", 17);
	check_error("", "a value was expected", 1);
}

static struct rec_facts no_facts;

/* @e rendered by trace -j's renderer, read back by the recording reader. */
static int round_trip(const struct at_event *e, struct at_event *back)
{
	struct output o = { .json = true, .t0_ns = 1 };
	char *buf = NULL, err[256];
	size_t len = 0;
	int kind;

	o.out = open_memstream(&buf, &len);
	output_event(&o, e);
	fclose(o.out);
	kind = rec_parse_line(buf, len - 1, &no_facts, back, err, sizeof(err));
	if (kind != REC_EVENT)
		printf("     %s\n     %s\n", buf, err);
	free(buf);
	return kind;
}

static void path_of(struct at_path *p, const char *a, const char *b, const char *c)
{
	const char *segs[3] = { c, b, a };	/* leaf first */
	int n = 0;

	memset(p, 0, sizeof(*p));
	for (int i = 0; i < 3; i++)
		if (segs[i])
			memcpy(&p->seg[n++], segs[i], 4);
	p->depth = n;
}

/* What the matcher and the event description read must come back. */
static void check_same(const struct at_event *a, const struct at_event *b)
{
	CHECK_EQ_INT(b->source, a->source);
	CHECK(b->id == a->id && b->parent == a->parent && b->chain == a->chain);
	CHECK(b->ts_ns == a->ts_ns);
	CHECK_EQ_INT(b->context, a->context);
	CHECK_EQ_INT(b->depth, a->depth);
	CHECK(!memcmp(b->comm, a->comm, sizeof(a->comm)));
	CHECK(!memcmp(&b->path, &a->path, sizeof(a->path)));
	CHECK_EQ_INT((int)b->number, (int)a->number);
	CHECK(b->value == a->value);
	CHECK_EQ_INT(b->flags, a->flags);
	CHECK_EQ_INT(b->subtype, a->subtype);
	CHECK_EQ_INT(b->data_len, a->data_len);
	CHECK(!memcmp(b->data, a->data, sizeof(a->data)));
	CHECK(!memcmp(&b->wmi, &a->wmi, sizeof(a->wmi)));
	CHECK(b->duration_ns == a->duration_ns);
}

static struct at_event base(int source)
{
	struct at_event e = { .ts_ns = 5000000123ULL, .id = 7, .parent = 3, .chain = 1, .depth = 2,
			      .context = AT_CTX_GED, .cpu = 1, .pid = 46, .source = source };

	memcpy(e.comm, "irq/1-ACPI:Ged", 14);
	return e;
}

TEST(recording_round_trip_every_source)
{
	static const uint8_t guid[16] = { 0x8D, 0x02, 0x9B, 0x40, 0x6B, 0xF0, 0x7C, 0x4C,
					  0x8B, 0xBB, 0xEE, 0x13, 0x3A, 0x6B, 0xD8, 0x7E };
	struct at_event e, b;

	e = base(AT_SRC_NOTIFY);
	path_of(&e.path, "_SB_", "SNK0", NULL);
	e.number = 0x80;
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);

	/* a WMI integer payload with the GUID from the kernel (6.12) */
	e = base(AT_SRC_WMI);
	path_of(&e.path, "_SB_", "WMI0", NULL);
	memcpy(e.wmi.guid, guid, 16);
	e.wmi.notify_id = 0xd0;
	e.number = 0xd0;	/* the WMI hook sets both */
	e.flags = AT_F_HAS_GUID | AT_F_HAS_DATA | AT_F_HAS_DURATION;
	e.duration_ns = 12345;
	e.subtype = AT_OBJ_INTEGER;
	e.value = 0x12345678;
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);

	/* a buffer payload, GUID found in sysfs (6.1): no guid bytes in the record */
	e = base(AT_SRC_WMI);
	path_of(&e.path, "_SB_", "WMI0", NULL);
	e.wmi.notify_id = 0xd1;
	e.number = 0xd1;
	e.flags = AT_F_HAS_DATA | AT_F_DATA_TRUNC;
	e.subtype = AT_OBJ_BUFFER;
	e.value = 6;
	e.data_len = 6;
	memcpy(e.data, "\x02\x00\x10\x00\x50\x01", 6);
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);

	e = base(AT_SRC_WMI);
	e.wmi.notify_id = 0x80;
	e.number = 0x80;
	e.flags = AT_F_HAS_DATA;
	e.subtype = AT_OBJ_STRING;
	e.value = 3;
	e.data_len = 3;
	memcpy(e.data, "a\"\x01", 3);
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);

	/* a method evaluation with its Integer result (MHKP), and one without */
	e = base(AT_SRC_METHOD);
	path_of(&e.path, "_SB_", "HKEY", "MHKP");
	e.subtype = AT_METHOD_EVAL;
	e.flags = AT_F_HAS_RETURN | AT_F_HAS_DURATION;
	e.value = 0x1311;
	e.number = 0x1311;	/* the method hook sets both */
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);
	e.flags = 0;
	e.value = 0;
	e.number = 0;
	e.result = 0x0b;
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);
	CHECK_EQ_INT(b.result, 0x0b);

	/* a GPE method run */
	e = base(AT_SRC_METHOD);
	path_of(&e.path, "_GPE", "_L6F", NULL);
	e.subtype = AT_GPE_METHOD;
	e.number = 0x6f;
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);

	e = base(AT_SRC_GPE);
	path_of(&e.path, "_GPE", "_E02", NULL);
	path_of(&e.path2, "_GPE", NULL, NULL);
	e.subtype = AT_GPE_UNKNOWN;
	e.number = 2;
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);
	CHECK(!memcmp(&b.path2, &e.path2, sizeof(e.path2)));

	e = base(AT_SRC_EC_QUERY);
	path_of(&e.path, "_SB_", "EC0_", "_Q66");
	e.number = 0x66;
	e.ec.rdata[0] = 0x66;
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);

	e = base(AT_SRC_FIXED);
	e.number = 2;
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);

	e = base(AT_SRC_GED);
	path_of(&e.path, "_SB_", "GED0", "_EVT");
	e.number = 1;
	e.value = 1;
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);

	e = base(AT_SRC_EC);
	e.ec.command = 0x80;
	e.ec.wlen = 1;
	e.ec.wdata[0] = 0x42;
	e.ec.rlen = 1;
	e.ec.rdata[0] = 7;
	e.number = 3;
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);
	CHECK(!memcmp(&b.ec, &e.ec, sizeof(e.ec)));

	e = base(AT_SRC_SCI);
	e.result = 1;
	CHECK_EQ_INT(round_trip(&e, &b), REC_EVENT);
	check_same(&e, &b);
}

static int parse(const char *line, char *err, size_t len)
{
	struct rec_facts f = { 0 };
	struct at_event e;
	int kind = rec_parse_line(line, strlen(line), &f, &e, err, len);

	rec_facts_free(&f);
	return kind;
}

TEST(recording_bad_lines)
{
	char err[256];

	CHECK_EQ_INT(parse("", err, sizeof(err)), REC_SKIP);
	CHECK_EQ_INT(parse("{\"totals\":{}}", err, sizeof(err)), REC_SKIP);
	CHECK_EQ_INT(parse("{\"source\":\"storm\",\"id\":1}", err, sizeof(err)), REC_SKIP);
	/* a suspend cycle and a hard IRQ: nothing a policy matches */
	CHECK_EQ_INT(parse("{\"source\":\"suspend\",\"id\":1}", err, sizeof(err)), REC_SKIP);
	CHECK_EQ_INT(parse("{\"source\":\"irq\",\"id\":2,\"irq\":8}", err, sizeof(err)), REC_SKIP);
	CHECK_EQ_INT(parse("{\"source\":\"notify\",", err, sizeof(err)), REC_ERROR);
	CHECK_STR(err, "column 20: a member name was expected");
	CHECK_EQ_INT(parse("[1]", err, sizeof(err)), REC_ERROR);
	CHECK_STR(err, "not a JSON object");
	CHECK_EQ_INT(parse("{\"source\":\"bogus\"}", err, sizeof(err)), REC_ERROR);
	CHECK_STR(err, "member \"source\": unknown source \"bogus\"");
	CHECK_EQ_INT(parse("{\"source\":\"notify\",\"ts_ns\":1,\"id\":1,\"parent\":0,\"chain\":1,\"depth\":0,"
			   "\"context\":\"ged\",\"cpu\":0,\"pid\":1,\"comm\":\"x\",\"path\":\"\\\\_SB.SNK0\"}",
			   err, sizeof(err)), REC_ERROR);
	CHECK_STR(err, "member \"value\" is missing");
	CHECK_EQ_INT(parse("{\"source\":\"notify\",\"ts_ns\":1,\"id\":1,\"parent\":0,\"chain\":1,\"depth\":0,"
			   "\"context\":\"ged\",\"cpu\":0,\"pid\":1,\"comm\":\"x\",\"path\":\"\\\\_SB.TOOLONG\",\"value\":1}",
			   err, sizeof(err)), REC_ERROR);
	CHECK_CONTAINS(err, "member \"path\": \"\\_SB.TOOLONG\" is not an ACPI path");
	CHECK_EQ_INT(parse("{\"source\":\"notify\",\"ts_ns\":-1}", err, sizeof(err)), REC_ERROR);
	CHECK_STR(err, "member \"ts_ns\" is not an integer from 0 to 18446744073709551615");
	CHECK_EQ_INT(parse("{\"recording\":{\"format\":2}}", err, sizeof(err)), REC_ERROR);
	CHECK_STR(err, "recording format 2; this acpitrace reads format 1");
	CHECK_EQ_INT(parse("{\"recording\":{\"format\":1,\"kernel\":\"6.1\",\"dmi\":{\"product_serial\":\"x\"},"
			   "\"devices\":[],\"wmi\":[]}}", err, sizeof(err)), REC_ERROR);
	CHECK_STR(err, "recording.dmi: unknown DMI field \"product_serial\"");
	CHECK_EQ_INT(parse("{\"recording\":{\"format\":1,\"kernel\":\"6.1\",\"dmi\":{},"
			   "\"devices\":[{\"name\":\"..\",\"path\":\"\\\\_SB\",\"hid\":null,\"uid\":null,\"driver\":null}],"
			   "\"wmi\":[]}}", err, sizeof(err)), REC_ERROR);
	CHECK_STR(err, "recording.devices[0]: \"..\" cannot be a sysfs name");
	CHECK_EQ_INT(parse("{\"recording\":{\"format\":1,\"kernel\":\"6.1\",\"dmi\":{},"
			   "\"devices\":[{\"name\":\"A B\",\"path\":\"\\\\_SB\",\"hid\":null,\"uid\":null,\"driver\":null}],"
			   "\"wmi\":[]}}", err, sizeof(err)), REC_ERROR);
	CHECK_STR(err, "recording.devices[0]: \"A B\" cannot be a sysfs name");
	CHECK_EQ_INT(parse("{\"recording\":{\"format\":1,\"kernel\":\"6.1\",\"dmi\":{},"
			   "\"devices\":[{\"name\":\"A:00\",\"path\":\"\\\\_SB\",\"hid\":null,\"uid\":null,\"driver\":\"a/b\"}],"
			   "\"wmi\":[]}}", err, sizeof(err)), REC_ERROR);
	CHECK_STR(err, "recording.devices[0]: driver \"a/b\" cannot be a sysfs name");
	CHECK_EQ_INT(parse("{\"recording\":{\"format\":1,\"kernel\":\"6.1\",\"dmi\":{},\"devices\":[],"
			   "\"wmi\":[{\"guid\":\"../../x\",\"notify_id\":1,\"device\":null,\"driver\":null}]}}",
			   err, sizeof(err)), REC_ERROR);
	CHECK_STR(err, "recording.wmi[0]: \"../../x\" is not a GUID");
}

/* Facts -> the sysfs tree replay writes -> gathered again: the same facts. */
TEST(recording_facts_tree)
{
	struct rec_dev devs[2] = {
		/* an ACPI driver's name may hold spaces (asus-laptop's) */
		{ .name = "ACPT0001:00", .path = "\\_SB.SNK0", .hid = "ACPT0001", .uid = "0",
		  .driver = "Asus Laptop Support" },
		{ .name = "LEN0268:00", .path = "\\_SB.PCI0.LPCB.EC.HKEY", .hid = "LEN0268",
		  .driver = "thinkpad_hotkey" },
	};
	struct rec_wmi wmi[2] = {
		{ .guid = "409B028D-F06B-4C7C-8BBB-EE133A6BD87E", .device = "\\_SB.WMI0",
		  .notify_id = 0xd0, .driver = "xiaomi-wmi" },
		{ .guid = "05901221-D566-11D1-B2F0-00A0C9062910", .device = "\\_SB.WMI0", .notify_id = -1 },
	};
	struct rec_facts f = { .format = 1, .ndmi = 1, .devs = devs, .ndevs = 2, .wmi = wmi, .nwmi = 2 };
	struct rec_facts g;
	char dir[4096], err[256];

	snprintf(f.dmi[0].field, sizeof(f.dmi[0].field), "sys_vendor");
	snprintf(f.dmi[0].value, sizeof(f.dmi[0].value), "LENOVO");
	CHECK_EQ_INT(rec_facts_tree(&f, dir, sizeof(dir), err, sizeof(err)), 0);
	CHECK_EQ_INT(rec_facts_gather(&g, dir, "6.1"), 0);
	CHECK_EQ_INT(g.ndmi, 1);
	CHECK_STR(g.dmi[0].value, "LENOVO");
	CHECK_EQ_INT((int)g.ndevs, 2);
	CHECK_EQ_INT((int)g.nwmi, 2);
	for (size_t i = 0; i < g.ndevs && i < 2; i++) {
		const struct rec_dev *d = !strcmp(g.devs[i].name, devs[0].name) ? &devs[0] : &devs[1];

		CHECK_STR(g.devs[i].name, d->name);
		CHECK_STR(g.devs[i].path, d->path);
		CHECK_STR(g.devs[i].hid, d->hid);
		CHECK_STR(g.devs[i].uid, d->uid);
		CHECK_STR(g.devs[i].driver, d->driver);
	}
	for (size_t i = 0; i < g.nwmi && i < 2; i++) {
		const struct rec_wmi *w = !strcmp(g.wmi[i].guid, wmi[0].guid) ? &wmi[0] : &wmi[1];

		CHECK_STR(g.wmi[i].guid, w->guid);
		CHECK_STR(g.wmi[i].device, w->device);
		CHECK_EQ_INT(g.wmi[i].notify_id, w->notify_id);
		CHECK_STR(g.wmi[i].driver, w->driver);
	}
	rec_facts_free(&g);

	/* the header line trace -j writes: one line, read back to the same facts */
	{
		char *buf = NULL;
		size_t len = 0;
		FILE *m = open_memstream(&buf, &len);
		struct at_event e;

		rec_facts_write(m, &f);
		fclose(m);
		CHECK(len && buf[len - 1] == '\n' && !memchr(buf, '\n', len - 1));
		CHECK_EQ_INT(rec_parse_line(buf, len - 1, &g, &e, err, sizeof(err)), REC_HEADER);
		CHECK_EQ_INT((int)g.ndevs, 2);
		CHECK_EQ_INT((int)g.nwmi, 2);
		if (g.ndevs == 2 && g.nwmi == 2) {
			CHECK_STR(g.devs[1].driver, "thinkpad_hotkey");
			CHECK_STR(g.devs[0].uid, "0");
			CHECK_EQ_INT(g.wmi[1].notify_id, -1);
			CHECK_STR(g.dmi[0].value, "LENOVO");
		}
		rec_facts_free(&g);
		free(buf);
	}
	rec_facts_tree_remove(dir);
	CHECK(access(dir, F_OK) != 0);
}
