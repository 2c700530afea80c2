// SPDX-License-Identifier: GPL-2.0
/* user/record/output.c: records rendered as JSON lines and as indented text. */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include "test.h"
#include "record/output.h"
#include "lib/time.h"

#define T0 1000000000ULL

/* Set a leaf-first path from names given root first. */
static void set_path(struct at_path *p, const char *const *root_first, int n)
{
	memset(p, 0, sizeof(*p));
	for (int i = 0; i < n; i++)
		p->seg[n - 1 - i] = SEG(root_first[i]);
	p->depth = n;
}

static void base_event(struct at_event *e, unsigned int source)
{
	memset(e, 0, sizeof(*e));
	e->ts_ns = T0 + 1500000;	/* 1.5 ms after t0 */
	e->id = 7;
	e->parent = 3;
	e->chain = 1;
	e->depth = 1;
	e->cpu = 2;
	e->pid = 0;
	strcpy(e->comm, "swapper/2");
	e->source = source;
	e->context = AT_CTX_SCI;
}

/* Render one record; the caller frees the text. */
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

static const char *const S30[] = { "_SB_", "PCI0", "S30_" };
static const char *const WMI1[] = { "_SB_", "WMI1" };

static const uint8_t wmi_guid[16] = {
	0x21, 0x12, 0x90, 0x05, 0x66, 0xd5, 0xd1, 0x11,
	0xb2, 0xf0, 0x00, 0xa0, 0xc9, 0x06, 0x29, 0x10,
};

/* ---- Notify -------------------------------------------------------------- */

static void notify_event(struct at_event *e, const char *const *path, int n,
			 uint32_t value)
{
	base_event(e, AT_SRC_NOTIFY);
	set_path(&e->path, path, n);
	e->number = value;
}

TEST(output_notify_json_exact)
{
	struct at_event e;
	char *s;

	notify_event(&e, S30, 3, 0x01);
	s = render(&e, true, NULL);
	CHECK_STR(s, "{\"ts\":0.001500,\"ts_ns\":1001500000,\"source\":\"notify\","
		  "\"id\":7,\"parent\":3,\"chain\":1,\"depth\":1,\"context\":\"sci\","
		  "\"cpu\":2,\"pid\":0,\"comm\":\"swapper/2\","
		  "\"path\":\"\\\\_SB.PCI0.S30\",\"value\":1,\"meaning\":\"device_check\"}\n");
	free(s);
}

TEST(output_notify_json_with_sysfs_device)
{
	struct acpi_dev_entry devs[] = {
		{ "\\_SB.PCI0", "PNP0A08:00", "PNP0A08" },
		{ "\\_SB.PCI0.S30", "device:05", "" },
	};
	struct acpi_sysfs sys = { .devs = devs, .ndevs = 2 };
	struct at_event e;
	char *s;

	notify_event(&e, S30, 3, 0x03);
	s = render(&e, true, &sys);
	CHECK_CONTAINS(s, "\"path\":\"\\\\_SB.PCI0.S30\",\"device\":\"device:05\",\"hid\":null,");
	CHECK_CONTAINS(s, "\"meaning\":\"eject_request\"");
	free(s);

	notify_event(&e, S30, 2, 0x00);
	s = render(&e, true, &sys);
	CHECK_CONTAINS(s, "\"path\":\"\\\\_SB.PCI0\",\"device\":\"PNP0A08:00\",\"hid\":\"PNP0A08\",");
	CHECK_CONTAINS(s, "\"meaning\":\"bus_check\"");
	free(s);
}

TEST(output_notify_empty_path_is_null)
{
	struct at_event e;
	char *s;

	notify_event(&e, S30, 0, 0x80);
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"path\":null,\"value\":128,\"meaning\":\"status_change\"");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "Notify(?, 0x80) status_change [from sci]");
	free(s);
}

TEST(output_notify_video_meanings)
{
	static const char *const GFX0[] = { "_SB_", "PCI0", "GFX0" };
	static const char *const DD02[] = { "_SB_", "PCI0", "GFX0", "DD02" };
	struct acpi_dev_entry devs[] = {
		{ "\\_SB.PCI0.GFX0", "LNXVIDEO:00", "LNXVIDEO" },
		{ "\\_SB.PCI0.GFX0.DD02", "device:0a", "" },
		{ "\\_SB.PCI0.S30", "device:05", "" },
	};
	struct acpi_sysfs sys = { .devs = devs, .ndevs = 3 };
	struct at_event e;
	char *s;

	/* an output device of the video bus (no HID): brightness keys */
	notify_event(&e, DD02, 4, 0x86);
	s = render(&e, true, &sys);
	CHECK_CONTAINS(s, "\"value\":134,\"meaning\":\"brightness_up\"");
	free(s);
	notify_event(&e, DD02, 4, 0x87);
	s = render(&e, false, &sys);
	CHECK_CONTAINS(s, "Notify(\\_SB.PCI0.GFX0.DD02 (device:0a), 0x87) brightness_down [from sci]");
	free(s);

	/* the video bus itself */
	notify_event(&e, GFX0, 3, 0x80);
	s = render(&e, true, &sys);
	CHECK_CONTAINS(s, "\"meaning\":\"video_switch\"");
	CHECK_CONTAINS(s, "\"device\":\"LNXVIDEO:00\",\"hid\":\"LNXVIDEO\"");
	free(s);

	/* not video: the generic names */
	notify_event(&e, S30, 3, 0x86);
	s = render(&e, true, &sys);
	CHECK_CONTAINS(s, "\"meaning\":\"device_specific\"");
	free(s);
	/* without sysfs nothing is known to be video */
	notify_event(&e, DD02, 4, 0x86);
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"meaning\":\"device_specific\"");
	free(s);
}

/* ---- WMI ---------------------------------------------------------------- */

static void wmi_event(struct at_event *e)
{
	static const uint8_t data[4] = { 0xde, 0xad, 0xbe, 0xef };

	base_event(e, AT_SRC_WMI);
	e->context = AT_CTX_NOTIFY;
	e->flags = AT_F_HAS_GUID | AT_F_HAS_DATA;
	memcpy(e->wmi.guid, wmi_guid, 16);
	e->wmi.notify_id = 0xd0;
	set_path(&e->path, WMI1, 2);
	e->subtype = AT_OBJ_BUFFER;
	e->value = 4;
	e->data_len = 4;
	memcpy(e->data, data, 4);
}

TEST(output_wmi_buffer_json)
{
	struct at_event e;
	char *s;

	wmi_event(&e);
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"source\":\"wmi\"");
	CHECK_CONTAINS(s, "\"context\":\"notify_handler\"");
	CHECK_CONTAINS(s, "\"guid\":\"05901221-D566-11D1-B2F0-00A0C9062910\",\"guid_kernel\":true,\"notify_id\":208,"
			  "\"path\":\"\\\\_SB.WMI1\",");
	CHECK_CONTAINS(s, "\"data\":{\"type\":\"buffer\",\"length\":4,\"hex\":\"deadbeef\","
			  "\"bytes\":[222,173,190,239],\"truncated\":false}}\n");
	free(s);
}

TEST(output_wmi_buffer_text)
{
	struct at_event e;
	char *s;

	wmi_event(&e);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "wmi      WMI 05901221-D566-11D1-B2F0-00A0C9062910 notify=0xd0 "
			  "on \\_SB.WMI1 buffer[4]=deadbeef\n");
	free(s);
}

TEST(output_wmi_truncated_buffer)
{
	struct at_event e;
	char hex[AT_DATA_MAX * 2 + 1], want[AT_DATA_MAX * 2 + 64];
	char *s;

	wmi_event(&e);
	e.flags |= AT_F_DATA_TRUNC;
	e.value = 100;
	e.data_len = AT_DATA_MAX;
	for (int i = 0; i < AT_DATA_MAX; i++) {
		e.data[i] = i;
		snprintf(hex + 2 * i, 3, "%02x", i);
	}
	s = render(&e, true, NULL);
	snprintf(want, sizeof(want), "\"length\":100,\"hex\":\"%s\",", hex);
	CHECK_CONTAINS(s, want);
	CHECK_CONTAINS(s, ",62,63],\"truncated\":true}");
	free(s);
	s = render(&e, false, NULL);
	snprintf(want, sizeof(want), "buffer[100]=%s...\n", hex);
	CHECK_CONTAINS(s, want);
	free(s);
}

TEST(output_wmi_integer_string_and_none)
{
	struct at_event e;
	char *s;

	wmi_event(&e);
	e.subtype = AT_OBJ_INTEGER;
	e.value = 0x1234;
	e.data_len = 0;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"data\":{\"type\":\"integer\",\"value\":4660,\"truncated\":false}");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, " data=0x1234\n");
	free(s);

	wmi_event(&e);
	e.subtype = AT_OBJ_STRING;
	e.value = 5;
	e.data_len = 5;
	memcpy(e.data, "AB\"C\n", 5);
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"data\":{\"type\":\"string\",\"length\":5,\"value\":\"AB\\\"C\\n\","
			  "\"truncated\":false}");
	free(s);

	wmi_event(&e);
	e.flags &= ~AT_F_HAS_DATA;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"data\":null}");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "on \\_SB.WMI1 no data\n");
	free(s);
}

TEST(output_wmi_guid_from_sysfs)
{
	struct wmi_entry wmi[] = {
		{ "05901221-D566-11D1-B2F0-00A0C9062910", "\\_SB.WMI1", -1, "05901221-D566-11D1-B2F0-00A0C9062910" },
		{ "ABBC0F72-8EA1-11D1-00A0-C90629100000", "\\_SB.WMI1", 0xd0, "ABBC0F72-8EA1-11D1-00A0-C90629100000" },
		{ "ABBC0F6B-8EA1-11D1-00A0-C90629100000", "\\_SB.AMW0", 0xd0, "ABBC0F6B-8EA1-11D1-00A0-C90629100000" },
	};
	struct acpi_sysfs sys = { .wmi = wmi, .nwmi = 3 };
	struct at_event e;
	char *s;

	wmi_event(&e);
	e.flags &= ~AT_F_HAS_GUID;
	s = render(&e, true, &sys);
	CHECK_CONTAINS(s, "\"guid\":\"ABBC0F72-8EA1-11D1-00A0-C90629100000\",\"guid_kernel\":false,\"notify_id\":208");
	free(s);

	/* the kernel's GUID wins over sysfs */
	e.flags |= AT_F_HAS_GUID;
	s = render(&e, true, &sys);
	CHECK_CONTAINS(s, "\"guid\":\"05901221-D566-11D1-B2F0-00A0C9062910\"");
	free(s);

	/* unknown: null / "?" */
	e.flags &= ~AT_F_HAS_GUID;
	e.wmi.notify_id = 0x81;
	s = render(&e, true, &sys);
	CHECK_CONTAINS(s, "\"guid\":null,\"guid_kernel\":false,\"notify_id\":129");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "WMI ? notify=0x81 on \\_SB.WMI1 buffer[4]=deadbeef");
	free(s);
}

/* ---- EC ----------------------------------------------------------------- */

static void ec_event(struct at_event *e, uint8_t cmd)
{
	base_event(e, AT_SRC_EC);
	e->ec.command = cmd;
	e->number = 3;
}

TEST(output_ec_read_json)
{
	struct at_event e;
	char *s;

	ec_event(&e, 0x80);
	e.ec.wlen = 1;
	e.ec.wdata[0] = 0x42;
	e.ec.rlen = 1;
	e.ec.rdata[0] = 0x17;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"source\":\"ec\"");
	CHECK_CONTAINS(s, "\"command\":\"RD_EC\",\"command_code\":128,\"address\":66,"
			  "\"wdata\":[66],\"rdata\":[23],\"result\":0,\"result_name\":\"ok\","
			  "\"irq_count\":3}\n");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "ec       EC RD_EC addr=0x42 data=0x17 result=ok\n");
	free(s);
}

TEST(output_ec_timeout_json)
{
	struct at_event e;
	char want[128];
	char *s;

	ec_event(&e, 0x80);
	e.ec.wlen = 1;
	e.ec.wdata[0] = 0x42;
	e.ec.rlen = 1;
	e.ec.rdata[0] = 0x17;	/* never read: the transaction failed */
	e.result = -ETIME;
	s = render(&e, true, NULL);
	snprintf(want, sizeof(want), "\"rdata\":[],\"result\":%d,\"result_name\":\"ETIME\"",
		 -ETIME);
	CHECK_CONTAINS(s, "\"command\":\"RD_EC\"");
	CHECK_CONTAINS(s, want);
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "result=ETIME\n");
	free(s);
}

TEST(output_ec_write_and_query)
{
	struct at_event e;
	char *s;

	ec_event(&e, 0x81);
	e.ec.wlen = 2;
	e.ec.wdata[0] = 0x10;
	e.ec.wdata[1] = 0xff;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"command\":\"WR_EC\",\"command_code\":129,\"address\":16,"
			  "\"wdata\":[16,255],\"rdata\":[]");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "EC WR_EC addr=0x10 data=0xff result=ok");
	free(s);

	ec_event(&e, 0x84);
	e.ec.rlen = 1;
	e.ec.rdata[0] = 0x66;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"command\":\"QR_EC\",\"command_code\":132,\"address\":null,"
			  "\"wdata\":[],\"rdata\":[102]");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "EC QR_EC query=0x66 result=ok");
	free(s);

	/* lengths from the kernel are clamped to the 4 bytes recorded */
	ec_event(&e, 0x82);
	e.ec.wlen = 9;
	e.ec.rlen = 200;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"command\":\"BE_EC\",\"command_code\":130,\"address\":null,"
			  "\"wdata\":[0,0,0,0],\"rdata\":[0,0,0,0]");
	free(s);
}

/* ---- other sources ------------------------------------------------------ */

TEST(output_other_sources_json)
{
	static const char *const L6E[] = { "_GPE", "_L6E" };
	static const char *const GPE[] = { "_GPE" };
	static const char *const STA[] = { "_SB_", "PCI0", "_STA" };
	struct at_event e;
	char *s;

	base_event(&e, AT_SRC_SCI);
	e.result = 1;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"source\":\"sci\"");
	CHECK_CONTAINS(s, "\"handled\":true}");
	free(s);

	base_event(&e, AT_SRC_GPE);
	e.number = 0x6e;
	e.subtype = AT_GPE_METHOD;
	e.value = 1;
	set_path(&e.path, L6E, 2);
	set_path(&e.path2, GPE, 1);
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"gpe\":110,\"block\":\"\\\\_GPE\",\"dispatch\":\"method\","
			  "\"method\":\"\\\\_GPE._L6E\",\"trigger\":\"level\"}");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "GPE 0x6e on \\_GPE dispatch=method \\_GPE._L6E\n");
	free(s);
	e.subtype = AT_GPE_UNKNOWN;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"dispatch\":\"unknown\",");
	CHECK_NOT_CONTAINS(s, "trigger");
	free(s);

	base_event(&e, AT_SRC_FIXED);
	e.number = 2;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"event\":\"power_button\",\"event_id\":2}");
	free(s);

	base_event(&e, AT_SRC_EC_QUERY);
	e.number = 0x66;
	e.flags = AT_F_DRIVER_HANDLER;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"query\":102,\"method\":null,\"handler\":\"driver\"}");
	free(s);

	base_event(&e, AT_SRC_GED);
	e.number = 9;
	e.value = 45;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"irq\":9,\"gsi\":45,\"method\":null}");
	free(s);

	base_event(&e, AT_SRC_METHOD);
	e.subtype = 0xff;
	e.result = 5;
	set_path(&e.path, STA, 3);
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"path\":\"\\\\_SB.PCI0._STA\",\"args\":null,\"status\":5,\"status_name\":\"AE_NOT_FOUND\",\"ok\":false,\"return\":null,\"return_buffer\":null}");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "method \\_SB.PCI0._STA AE_NOT_FOUND\n");
	free(s);
	/* an Integer result (MHKP's hotkey code) */
	e.result = 0x4001;
	e.flags = AT_F_HAS_RETURN;
	e.value = 0x1311;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"status_name\":\"AE_CTRL_RETURN_VALUE\",\"ok\":true,\"return\":4881,\"return_buffer\":null}");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "method \\_SB.PCI0._STA returned 0x1311\n");
	free(s);
	/* arguments (an Integer, a Buffer) and a returned Buffer (hp-wmi's WMAA) */
	e.flags = AT_F_HAS_ARGS | AT_F_RET_BUFFER;
	e.io = (struct at_method_io){ .argc = 3, .arg_type = { AT_OBJ_INTEGER, AT_OBJ_INTEGER, AT_OBJ_BUFFER },
				      .arg = { 1, 3, 20 }, .buf_arg = 2, .arg_buf_len = 4,
				      .arg_buf = { 0x53, 0x45, 0x43, 0x55 }, .ret_len = 2,
				      .ret_buf = { 0x00, 0x20 } };
	e.value = 2;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"args\":[{\"type\":\"integer\",\"value\":1},{\"type\":\"integer\",\"value\":3},"
		       "{\"type\":\"buffer\",\"length\":20,\"hex\":\"53454355\",\"bytes\":[83,69,67,85],\"truncated\":true}],");
	CHECK_CONTAINS(s, "\"return\":null,\"return_buffer\":{\"length\":2,\"hex\":\"0020\",\"bytes\":[0,32],\"truncated\":false}}");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "method \\_SB.PCI0._STA(0x1, 0x3, buffer[20]=53454355...) AE_CTRL_RETURN_VALUE returned buffer[2]=0020\n");
	free(s);
	/* no arguments: the line as before they were kept */
	e.flags = AT_F_HAS_ARGS | AT_F_HAS_RETURN;
	e.io = (struct at_method_io){ .buf_arg = AT_ARG_NONE };
	e.value = 0x1311;
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "method \\_SB.PCI0._STA returned 0x1311\n");
	free(s);
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"args\":[],");
	free(s);
}

TEST(output_duration_and_comm)
{
	struct at_event e;
	char *s;

	notify_event(&e, S30, 3, 1);
	e.flags = AT_F_HAS_DURATION;
	e.duration_ns = 1500;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"meaning\":\"device_check\",\"duration_ns\":1500}\n");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "[from sci] 1.5us\n");
	free(s);
	e.duration_ns = 999;
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "[from sci] 999ns\n");
	free(s);
	e.duration_ns = 2500000;
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "[from sci] 2.50ms\n");
	free(s);

	/* a full 16-byte comm has no NUL; quotes are escaped */
	memcpy(e.comm, "kworker/\"1234567", AT_COMM_LEN);
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"comm\":\"kworker/\\\"1234567\",");
	free(s);

	/* a record before t0 clamps to 0 */
	e.ts_ns = T0 - 5;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "{\"ts\":0.000000,\"ts_ns\":999999995,");
	free(s);
}

/* ---- text indentation --------------------------------------------------- */

TEST(output_text_indent_by_depth)
{
	static const struct { unsigned int depth; const char *indent; } cases[] = {
		{ 0, "" }, { 1, "  " }, { 3, "      " },
		{ 8, "                " }, { 9, "                " },
		{ 200, "                " },
	};
	struct at_event e;
	char want[256];
	char *s;

	for (unsigned int i = 0; i < ARRAY_LEN(cases); i++) {
		notify_event(&e, S30, 3, 1);
		e.depth = cases[i].depth;
		s = render(&e, false, NULL);
		snprintf(want, sizeof(want),
			 "    0.001500 cpu2  %snotify   Notify(\\_SB.PCI0.S30, 0x01) "
			 "device_check [from sci]\n", cases[i].indent);
		CHECK_STR(s, want);
		free(s);
	}

	/* the source column stays aligned for longer cpu numbers too */
	notify_event(&e, S30, 3, 1);
	e.depth = 0;
	e.cpu = 12;
	e.context = AT_CTX_GPE_METHOD;
	s = render(&e, false, NULL);
	CHECK_STR(s, "    0.001500 cpu12 notify   Notify(\\_SB.PCI0.S30, 0x01) "
		  "device_check [from gpe_method]\n");
	free(s);
}

TEST(output_text_notify_with_device_name)
{
	struct acpi_dev_entry devs[] = {
		{ "\\_SB.PCI0.S30", "LNXCPU:01", "ACPI0007" },
	};
	struct acpi_sysfs sys = { .devs = devs, .ndevs = 1 };
	struct at_event e;
	char *s;

	notify_event(&e, S30, 3, 0x81);
	e.depth = 0;
	e.context = AT_CTX_GPE_METHOD;
	s = render(&e, false, &sys);
	CHECK_STR(s, "    0.001500 cpu2  notify   Notify(\\_SB.PCI0.S30 (LNXCPU:01), 0x81) "
		  "information_change [from gpe_method]\n");
	free(s);
}

/*
 * QEMU has no EC, so a successful EC query cannot happen in a guest: the
 * records of an ASUS-style Fn key chain (EC GPE -> QR_EC -> _Q0E -> Notify)
 * are built by hand and rendered.
 */
TEST(output_ec_query_chain)
{
	static const char *const gpe_blk[] = { "_GPE" };
	static const char *const q0e[] = { "_SB_", "PCI0", "LPCB", "EC0_", "_Q0E" };
	static const char *const atkd[] = { "_SB_", "ATKD" };
	struct at_event e;
	char *s;

	base_event(&e, AT_SRC_GPE);
	e.number = 0x6e;
	e.subtype = AT_GPE_RAW_HANDLER;
	e.flags = AT_F_DRIVER_HANDLER;
	e.depth = 1;
	set_path(&e.path2, gpe_blk, 1);
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"gpe\":110,\"block\":\"\\\\_GPE\",\"dispatch\":\"raw_handler\",\"method\":null,\"trigger\":\"edge\"");
	free(s);

	base_event(&e, AT_SRC_EC);
	e.depth = 2;
	e.context = AT_CTX_EC_EVENT;
	e.ec.command = 0x84;
	e.ec.rlen = 1;
	e.ec.rdata[0] = 0x0e;
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"context\":\"ec_event\"");
	CHECK_CONTAINS(s, "\"command\":\"QR_EC\",\"command_code\":132,\"address\":null,\"wdata\":[],\"rdata\":[14],\"result\":0,\"result_name\":\"ok\"");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "    ec       EC QR_EC query=0x0e result=ok\n");
	free(s);

	base_event(&e, AT_SRC_EC_QUERY);
	e.depth = 3;
	e.context = AT_CTX_EC_QUERY;
	e.number = 0x0e;
	set_path(&e.path, q0e, 5);
	s = render(&e, true, NULL);
	CHECK_CONTAINS(s, "\"query\":14,\"method\":\"\\\\_SB.PCI0.LPCB.EC0._Q0E\",\"handler\":\"method\"");
	free(s);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "      ec_query EC query 0x0e -> \\_SB.PCI0.LPCB.EC0._Q0E\n");
	free(s);

	base_event(&e, AT_SRC_NOTIFY);
	e.depth = 4;
	e.context = AT_CTX_EC_QUERY;
	e.number = 0x20;
	set_path(&e.path, atkd, 2);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "        notify   Notify(\\_SB.ATKD, 0x20) reserved [from ec_query]\n");
	free(s);
}

/* ---- Untrusted bytes (issue 12 #10) --------------------------------------- */

/* A WMI string with ESC, BEL and an RTL override reaches the terminal escaped. */
TEST(output_wmi_string_escaped_in_text)
{
	static const char evil[] = "a\x1b[2Jb\x07\xe2\x80\xae" "c\"\\d\xff";
	struct at_event e;
	char *s;

	wmi_event(&e);
	e.subtype = AT_OBJ_STRING;
	e.value = sizeof(evil) - 1;
	e.data_len = sizeof(evil) - 1;
	memcpy(e.data, evil, sizeof(evil) - 1);
	s = render(&e, false, NULL);
	CHECK_CONTAINS(s, "string[15]=\"a\\x1b[2Jb\\x07\\u{202e}c\\\"\\\\d\\xff\"\n");
	CHECK(s && !strchr(s, 0x1b) && !strchr(s, 0x07) && !strstr(s, "\xe2\x80\xae"));
	free(s);
}

/* An AML name segment from the record with control bytes never reaches the terminal raw. */
TEST(output_aml_name_escaped_in_text)
{
	static const char *const bad[] = { "_SB_", "\x1b]0;", "X\x9b" "1" };
	struct at_event e;
	char *s;

	notify_event(&e, bad, 3, 0x80);
	s = render(&e, false, NULL);
	CHECK(s && !strchr(s, 0x1b) && !strchr(s, 0x9b));
	free(s);
}

/* data_len past AT_DATA_MAX is clamped: no read beyond the record. */
TEST(output_data_len_clamped)
{
	struct at_event *e = malloc(sizeof(*e));
	char *s;

	if (!e)
		return;
	wmi_event(e);
	e->data_len = 0xffff;
	memset(e->data, 0xab, AT_DATA_MAX);
	s = render(e, true, NULL);
	CHECK_CONTAINS(s, ",171,171],\"truncated\":false}");
	free(s);
	s = render(e, false, NULL);
	CHECK(s && strlen(s) < 400);
	free(s);
	e->subtype = AT_OBJ_STRING;
	s = render(e, true, NULL);
	CHECK(s && strlen(s) < 1200);
	free(s);
	free(e);
}

/* ---- wall clock: JSON "time", trace -T ----------------------------------- */

static char *render_wall(const struct at_event *e, bool json, bool text_wall)
{
	/* monotonic T0 + 1.5 ms is 2026-12-03T21:43:27.001500Z */
	struct output o = { .json = json, .t0_ns = T0,
			    .wall_off_ns = 1796334207000000000LL - (int64_t)T0,
			    .wall_text = text_wall };
	char *buf = NULL;
	size_t len = 0;

	o.out = open_memstream(&buf, &len);
	if (!o.out)
		return calloc(1, 1);
	output_event(&o, e);
	fclose(o.out);
	return buf;
}

TEST(output_wall_clock)
{
	struct at_event e;
	char *s;

	notify_event(&e, S30, 3, 0x80);
	s = render_wall(&e, true, false);
	CHECK_CONTAINS(s, "\"ts_ns\":1001500000,\"time\":\"2026-12-03T21:43:27.001500Z\",");
	free(s);
	s = render_wall(&e, false, true);
	CHECK(!strncmp(s, "2026-12-03T21:43:27.001500Z     0.001500 cpu2", 45));
	free(s);
	/* without -T text lines are as before */
	s = render_wall(&e, false, false);
	CHECK(!strncmp(s, "    0.001500 cpu2", 17));
	free(s);
}

TEST(rfc3339_format_utc)
{
	char buf[40];

	CHECK_EQ_INT(rfc3339_format(0, buf, sizeof(buf)), 0);
	CHECK_STR(buf, "1970-01-01T00:00:00.000000Z");
	CHECK_EQ_INT(rfc3339_format(1709251199999999999ULL, buf, sizeof(buf)), 0);
	CHECK_STR(buf, "2024-02-29T23:59:59.999999Z");
	CHECK_EQ_INT(rfc3339_format(0, buf, 10), -1);
}
