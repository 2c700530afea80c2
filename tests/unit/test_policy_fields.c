// SPDX-License-Identifier: GPL-2.0
/*
 * The policy's byte fields (payload=uN@OFF, when=FIELD:VALUE) and nth=:
 * parsing with positions, what check prints back, the shared matcher on
 * WMI and method records, nth= counting per chain, and a method record's
 * arguments and returned Buffer through JSON and back.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "policy/policy.h"
#include "policy/policy_print.h"
#include "dispatch/decide.h"
#include "record/output.h"
#include "recording/recording.h"

static const struct policy_env no_root = { .root = "/nonexistent-test-root" };

static int load(struct policy *p, const char *text)
{
	return policy_load_text(p, "t.policy", text, strlen(text), &no_root);
}

#define G "676AA15E-6A47-4D9F-A2CC-1E6D18D14026"
#define WMI "match wmi guid=" G " "
#define MTH "match method path=\\_SB.WMID.WMAA "

TEST(policy_fields_errors_have_positions)
{
	static const struct { const char *text, *error; } cases[] = {
		{ WMI "payload=u8@64\n", "t.policy:1:64: u8@64 reads past the 64 bytes of the _WED result" },
		{ WMI "payload=u32@61\n", "t.policy:1:65: u32@61 reads past the 64 bytes" },
		{ WMI "payload=u24@0\n", "t.policy:1:61: unknown width 'u24' (u8, u16 or u32)" },
		{ WMI "payload=u64@0\n", "t.policy:1:61: unknown width 'u64'" },
		{ WMI "payload=u8@\n", "t.policy:1:64: expected a byte offset after '@'" },
		{ WMI "payload=u8@x\n", "t.policy:1:64: 'x' is not a byte offset after '@'" },
		{ WMI "payload=u8@01\n", "t.policy:1:64: '01' has a leading zero" },
		{ WMI "payload=u8@1 payload=u8@2\n", "t.policy:1:66: payload= given twice" },
		{ WMI "when=arg0:1\n", "t.policy:1:58: 'arg0' is a method's" },
		{ WMI "when=result:1\n", "t.policy:1:58: 'result' is a method's" },
		{ WMI "nth=1\n", "t.policy:1:53: nth= (the Nth evaluation in a chain) only applies to 'match method'" },
		{ WMI "when=u8@0\n", "t.policy:1:58: expected when=FIELD:VALUE" },
		{ WMI "when=u8@0:\n", "t.policy:1:63: expected a value after ':'" },
		{ WMI "when=u8@0:0x100\n", "t.policy:1:63: 0x100 does not fit in u8@0" },
		{ WMI "when=u16@0:0x10000\n", "t.policy:1:64: 0x10000 does not fit in u16@0" },
		{ WMI "when=u8@0:1 when=u8@0:2\n", "t.policy:1:70: a second when= on u8@0" },
		{ WMI "when=u8@0:1 when=u8@1:1 when=u8@2:1 when=u8@3:1 when=u8@4:1\n",
		  "t.policy:1:101: at most 4 when= conditions per block" },
		{ WMI "payload=u8@1\n  0x100 -> log\n", "t.policy:2:3: 0x100 is out of range for payload=u8@1 (at most 0xff)" },
		{ "match notify path=\\_SB.X payload=u8@0\n", "t.policy:1:26: payload= only applies to 'match wmi' and 'match method'" },
		{ "match notify path=\\_SB.X when=u8@0:1\n", "t.policy:1:26: when= only applies to 'match wmi' and 'match method'" },
		{ "match notify path=\\_SB.X nth=1\n", "t.policy:1:26: nth= (the Nth evaluation in a chain) only applies to 'match method'" },
		{ "match gpe when=u8@0:1\n", "t.policy:1:11: 'match gpe' takes no keys" },
		{ MTH "payload=u8@16\n", "t.policy:1:45: u8@16 reads past the 16 bytes of the returned Buffer" },
		{ MTH "payload=int\n", "t.policy:1:42: unknown payload 'int' for a method" },
		{ MTH "payload=arg0\n", "t.policy:1:42: unknown payload 'arg0' for a method" },
		{ MTH "when=arg3:1\n", "t.policy:1:42: arg3: a record keeps arguments arg0..arg2" },
		{ MTH "when=arg:1\n", "t.policy:1:42: expected an argument number after 'arg'" },
		{ MTH "when=argx:1\n", "t.policy:1:42: 'x' is not an argument number" },
		{ MTH "when=arg2.u32@13:1\n", "t.policy:1:48: u32@13 reads past the 16 bytes of a Buffer argument" },
		{ MTH "when=arg2.u8:1\n", "t.policy:1:44: expected a field like u8@OFF" },
		{ MTH "when=arg2.u32@8:0x100000000\n", "t.policy:1:50: 0x100000000 does not fit in arg2.u32@8" },
		{ MTH "when=arg0:1 when=arg0:2\n", "t.policy:1:51: a second when= on arg0" },
		{ MTH "nth=0\n", "t.policy:1:38: '0' is not a count from 1 to 255" },
		{ MTH "nth=256\n", "t.policy:1:38: '256' is not a count from 1 to 255" },
		{ MTH "nth=01\n", "t.policy:1:38: '01' is not a count" },
		{ MTH "nth=1 nth=2\n", "t.policy:1:40: nth= given twice" },
		{ MTH "name=MHKP name=MHKQ\n", "t.policy:1:44: name= given twice" },
		{ "match wmi guid=" G " guid=" G "\n", "t.policy:1:53: guid= given twice" },
		{ MTH "when=\n", "t.policy:1:39: 'when=' needs a value" },
	};

	for (size_t i = 0; i < ARRAY_LEN(cases); i++) {
		struct policy p;

		CHECK_EQ_INT(load(&p, cases[i].text), -1);
		if (strncmp(p.error, cases[i].error, strlen(cases[i].error)))
			CHECK_STR(p.error, cases[i].error);
		policy_free(&p);
	}
}

/* What check prints: the block as written, in one spelling. */
TEST(policy_fields_printed_back)
{
	struct policy p;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	CHECK_EQ_INT(load(&p, WMI "payload=u8@1 when=u8@0:1\n  0x21 -> log\n"
			      MTH "when=arg2.u32@8:12 when=arg1:3 payload=u32@8\n  0x20 -> log\n"
			      "match method path=\\_SB.VPC0.VPCR when=arg0:0 when=result:0x5 nth=2\n  * -> log\n"
			      "match method path=\\_SB.X when=u16@2:0xBEEF when=arg0.u8@15:7\n  1 -> log\n"), 0);
	f = open_memstream(&buf, &len);
	policy_print(&p, f, false);
	fclose(f);
	CHECK_CONTAINS(buf, "match wmi guid=" G " payload=u8@1 when=u8@0:0x1\n");
	CHECK_CONTAINS(buf, "match method path=\\_SB.WMID.WMAA payload=u32@8 when=arg2.u32@8:0xC when=arg1:0x3\n");
	CHECK_CONTAINS(buf, "match method path=\\_SB.VPC0.VPCR when=arg0:0x0 when=result:0x5 nth=2\n");
	CHECK_CONTAINS(buf, "match method path=\\_SB.X when=u16@2:0xBEEF when=arg0.u8@15:0x7\n");
	free(buf);
	policy_free(&p);
}

static void wmi_buffer(struct at_event *e, const void *b, unsigned int n)
{
	static const uint8_t guid[16] = {
		0x5e, 0xa1, 0x6a, 0x67, 0x47, 0x6a, 0x9f, 0x4d,
		0xa2, 0xcc, 0x1e, 0x6d, 0x18, 0xd1, 0x40, 0x26,
	};

	memset(e, 0, sizeof(*e));
	e->source = AT_SRC_WMI;
	e->flags = AT_F_HAS_GUID | AT_F_HAS_DATA;
	memcpy(e->wmi.guid, guid, 16);
	e->subtype = AT_OBJ_BUFFER;
	e->value = n;
	e->data_len = n;
	memcpy(e->data, b, n);
}

TEST(policy_fields_wmi_bytes)
{
	struct policy p;
	struct at_event e;
	uint64_t code;

	CHECK_EQ_INT(load(&p, WMI "payload=u8@1 when=u8@0:1\n  0x21 -> log\n  * -> ignore\n"
			      WMI "payload=u16@2 when=u8@0:2\n  0xBEEF -> log\n"
			      WMI "payload=u32@4\n  0x11223344 -> log\n"
			      WMI "payload=u8@63\n  0x7 -> log\n"), 0);
	wmi_buffer(&e, "\x01\x21\xef\xbe", 4);		/* acer-wmi style: byte 1 when byte 0 is 1 */
	CHECK_EQ_INT(policy_match(&p, &e, &code), 0);
	CHECK_EQ_INT(code, 0x21);
	wmi_buffer(&e, "\x01\x22", 2);
	CHECK_EQ_INT(policy_match(&p, &e, &code), 1);
	wmi_buffer(&e, "\x02\x21\xef\xbe", 4);		/* when=u8@0:1 fails; u16@2 little-endian */
	CHECK_EQ_INT(policy_match(&p, &e, &code), 2);
	CHECK_EQ_INT(code, 0xBEEF);
	wmi_buffer(&e, "\x02\x21\xef", 3);		/* u16@2 past the end: no match */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	wmi_buffer(&e, "\x03\x00\x00\x00\x44\x33\x22\x11", 8);
	CHECK_EQ_INT(policy_match(&p, &e, &code), 3);
	CHECK_EQ_INT(code, 0x11223344);
	e.data_len = 7;					/* one byte short */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	/* an Integer _WED is its 8 little-endian bytes */
	memset(e.data, 0, sizeof(e.data));
	e.subtype = AT_OBJ_INTEGER;
	e.value = 0x1122334400002101ULL;
	e.data_len = 0;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 0);
	CHECK_EQ_INT(code, 0x21);
	e.value = 0x1122334400000003ULL;	/* byte 0 = 3: u32@4 = 0x11223344 */
	CHECK_EQ_INT(policy_match(&p, &e, &code), 3);
	e.value = 0x1122334500000003ULL;
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	/* a String has no bytes; a record without data neither */
	wmi_buffer(&e, "\x01\x21", 2);
	e.subtype = AT_OBJ_STRING;
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	wmi_buffer(&e, "\x01\x21", 2);
	e.flags &= ~AT_F_HAS_DATA;
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	/* the last captured byte */
	wmi_buffer(&e, "", 0);
	e.data[63] = 7;
	e.data_len = 64;
	e.value = 200;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 4);
	policy_free(&p);
}

/* hp-wmi's WMAA: WMAA(instance, method id, bios_args {signature, command, commandtype, datasize, data}) */
static void wmaa(struct at_event *e, uint64_t chain, uint32_t cmdtype, uint32_t answer)
{
	memset(e, 0, sizeof(*e));
	e->source = AT_SRC_METHOD;
	e->subtype = AT_METHOD_EVAL;
	e->chain = chain;
	e->path.seg[0] = SEG("WMAA");
	e->path.seg[1] = SEG("WMID");
	e->path.seg[2] = SEG("_SB_");
	e->path.depth = 3;
	e->flags = AT_F_HAS_ARGS | AT_F_RET_BUFFER;
	e->io.argc = 3;
	e->io.arg_type[0] = e->io.arg_type[1] = AT_OBJ_INTEGER;
	e->io.arg_type[2] = AT_OBJ_BUFFER;
	e->io.arg[1] = 1;
	e->io.arg[2] = 20;
	e->io.buf_arg = 2;
	e->io.arg_buf_len = 16;
	memcpy(e->io.arg_buf, "SECU\x01\0\0\0", 8);
	memcpy(e->io.arg_buf + 8, &cmdtype, 4);
	e->value = 12;
	e->io.ret_len = 12;
	memcpy(e->io.ret_buf + 8, &answer, 4);
}

TEST(policy_fields_method_args_and_buffer)
{
	struct policy p;
	struct at_event e;
	uint64_t code;

	CHECK_EQ_INT(load(&p, MTH "when=arg2.u32@8:0x0C payload=u32@8\n  0x20..0x2f -> log\n"
			      MTH "when=arg1:1 when=arg2.u8@0:0x53 payload=u8@0\n  * -> ignore\n"
			      "match method path=\\_SB.EC0.QRES when=result:5\n  5 -> log\n"), 0);
	wmaa(&e, 1, 0x0C, 0x21);
	CHECK_EQ_INT(policy_match(&p, &e, &code), 0);
	CHECK_EQ_INT(code, 0x21);
	wmaa(&e, 1, 0x0D, 0x21);		/* another command: the second block */
	CHECK_EQ_INT(policy_match(&p, &e, &code), 1);
	e.io.arg[1] = 2;			/* arg1 differs */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	wmaa(&e, 1, 0x0C, 0x21);
	e.io.ret_len = 11;			/* u32@8 past the captured bytes */
	CHECK_EQ_INT(policy_match(&p, &e, &code), 1);
	wmaa(&e, 1, 0x0C, 0x21);
	e.flags &= ~AT_F_RET_BUFFER;		/* an Integer result: no bytes for payload= */
	e.flags |= AT_F_HAS_RETURN;
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	wmaa(&e, 1, 0x0C, 0x21);
	e.io.buf_arg = AT_ARG_NONE;		/* arg2's bytes not kept */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	wmaa(&e, 1, 0x0C, 0x21);
	e.io.arg_type[1] = AT_OBJ_BUFFER;	/* arg1 is no Integer */
	CHECK_EQ_INT(policy_match(&p, &e, &code), 0);
	CHECK_EQ_INT(code, 0x21);
	e.io.arg_buf[8] = 0x0D;
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	wmaa(&e, 1, 0x0D, 0x21);
	e.io.argc = 1;				/* only arg0 given */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	/* result: the Integer result */
	memset(&e, 0, sizeof(e));
	e.source = AT_SRC_METHOD;
	e.subtype = AT_METHOD_EVAL;
	e.path.seg[0] = SEG("QRES");
	e.path.seg[1] = SEG("EC0_");
	e.path.seg[2] = SEG("_SB_");
	e.path.depth = 3;
	e.flags = AT_F_HAS_RETURN;
	e.value = 5;
	CHECK_EQ_INT(policy_match(&p, &e, &code), 2);
	e.value = 6;
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	policy_free(&p);
}

static struct at_event vpcr(uint64_t chain, uint64_t arg0, uint64_t result)
{
	struct at_event e = { .source = AT_SRC_METHOD, .subtype = AT_METHOD_EVAL, .chain = chain,
			      .flags = AT_F_HAS_ARGS | AT_F_HAS_RETURN, .value = result };

	e.path.seg[0] = SEG("VPCR");
	e.path.seg[1] = SEG("VPC0");
	e.path.seg[2] = SEG("_SB_");
	e.path.depth = 3;
	e.io.argc = 1;
	e.io.arg_type[0] = AT_OBJ_INTEGER;
	e.io.arg[0] = arg0;
	e.io.buf_arg = AT_ARG_NONE;
	return e;
}

/* ideapad: VPCR(0) twice per Notify, the 1st gives VPC1, the 2nd VPC2. */
TEST(policy_fields_nth_per_chain)
{
	struct policy p;
	struct decision d;
	struct at_event e;

	CHECK_EQ_INT(load(&p, "match method path=\\_SB.VPC0.VPCR when=arg0:0 nth=1\n"
			      "  0x01/0x01 -> log\n"
			      "match method path=\\_SB.VPC0.VPCR when=arg0:0 nth=2\n"
			      "  0x04/0x04 -> log\n"
			      "match method path=\\_SB.VPC0.VPCR\n"
			      "  * -> ignore\n"), 0);
	/* the counters lead the kernel rules and pass whatever the action */
	CHECK(p.has_nth);
	CHECK(p.krules[0].flags & AT_RULE_NTH_COUNT);
	CHECK(p.krules[1].flags & AT_RULE_NTH_COUNT);
	CHECK_EQ_INT(p.krules[0].verdict, AT_RULE_PASS);
	CHECK(!(p.krules[2].flags & AT_RULE_NTH_COUNT));
	e = vpcr(10, 0, 0x05);			/* chain 10, 1st: VPC1 bit 0 */
	decide_rule(&p, &e, &d);
	CHECK_EQ_INT(d.rule, 0);
	e = vpcr(10, 1, 0x05);			/* VPCR(1) is not the blocks' evaluation */
	decide_rule(&p, &e, &d);
	CHECK_EQ_INT(d.rule, 2);
	e = vpcr(10, 0, 0x05);			/* 2nd: bit 2 set, bit 0 too */
	decide_rule(&p, &e, &d);
	CHECK_EQ_INT(d.rule, 1);
	CHECK_EQ_INT(d.code, 0x05);
	e = vpcr(10, 0, 0x05);			/* 3rd: neither, the catch-all */
	decide_rule(&p, &e, &d);
	CHECK_EQ_INT(d.rule, 2);
	CHECK(!d.acts);
	e = vpcr(11, 0, 0x04);			/* another chain counts from 1: bit 0 clear */
	decide_rule(&p, &e, &d);
	CHECK_EQ_INT(d.rule, 2);
	e = vpcr(12, 0, 0x01);			/* interleaved chains keep their counts */
	decide_rule(&p, &e, &d);
	CHECK_EQ_INT(d.rule, 0);
	e = vpcr(11, 0, 0x04);
	decide_rule(&p, &e, &d);
	CHECK_EQ_INT(d.rule, 1);
	/* the counts of the last POL_NTH_SLOTS chains are kept: chain 10 is forgotten */
	for (int c = 100; c < 100 + POL_NTH_SLOTS; c++) {
		e = vpcr(c, 0, 0x05);
		decide_rule(&p, &e, &d);
		CHECK_EQ_INT(d.rule, 0);
	}
	e = vpcr(10, 0, 0x01);			/* counts 1 again */
	decide_rule(&p, &e, &d);
	CHECK_EQ_INT(d.rule, 0);
	/* without counting (policy_match alone) no nth= rule can hold */
	e = vpcr(13, 0, 0x05);
	CHECK_EQ_INT(policy_match(&p, &e, &(uint64_t){ 0 }), 2);
	policy_free(&p);
}

/* A method record's args and returned Buffer: JSON, then read back the same. */
TEST(method_io_json_round_trip)
{
	struct output o = { .json = true };
	struct rec_facts facts = { 0 };
	struct at_event e, back;
	char *buf = NULL, err[256];
	size_t len = 0;

	wmaa(&e, 7, 0x0C, 0x21);
	e.id = 3;
	e.parent = 1;
	e.io.arg[0] = 0x1234567890ULL;
	e.result = 0;
	o.out = open_memstream(&buf, &len);
	output_event(&o, &e);
	fclose(o.out);
	CHECK_CONTAINS(buf, "\"args\":[{\"type\":\"integer\",\"value\":78187493520},{\"type\":\"integer\",\"value\":1},"
		       "{\"type\":\"buffer\",\"length\":20,\"hex\":\"53454355010000000c000000");
	CHECK_CONTAINS(buf, "\"return_buffer\":{\"length\":12,\"hex\":\"000000000000000021000000\"");
	CHECK_EQ_INT(rec_parse_line(buf, strlen(buf), &facts, &back, err, sizeof(err)), REC_EVENT);
	CHECK_STR(err, "");
	CHECK_EQ_INT(back.flags & (AT_F_HAS_ARGS | AT_F_RET_BUFFER | AT_F_HAS_RETURN),
		     AT_F_HAS_ARGS | AT_F_RET_BUFFER);
	CHECK(!memcmp(&back.io, &e.io, sizeof(e.io)));
	CHECK_EQ_INT(back.value, 12);
	free(buf);
	/* untrusted lines: each refusal names the member */
	static const struct { const char *patch, *error; } bad[] = {
		{ "\"args\":7", "member \"args\" is not an array or null" },
		{ "\"args\":[{\"type\":\"integer\"}]", "element 0 has no integer \"value\"" },
		{ "\"args\":[{\"type\":\"thing\"}]", "element 0 is not an argument object" },
		{ "\"args\":[{\"type\":\"buffer\",\"length\":1,\"hex\":\"\",\"bytes\":[1,2]}]",
		  "member \"args\": more bytes than its length" },
		{ "\"args\":[{\"type\":\"integer\",\"value\":1},{\"type\":\"integer\",\"value\":1},"
		  "{\"type\":\"integer\",\"value\":1},{\"type\":\"integer\",\"value\":1}]",
		  "element 3 is not null" },
		{ "\"args\":[],\"return_buffer\":{\"length\":2,\"bytes\":[256]}",
		  "member \"return_buffer.bytes\": element 0 is not a byte" },
		{ "\"args\":[],\"return_buffer\":{\"length\":17,\"bytes\":[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]}",
		  "member \"return_buffer.bytes\" has more than 16 bytes" },
	};
	for (size_t i = 0; i < ARRAY_LEN(bad); i++) {
		char line[1024];

		snprintf(line, sizeof(line), "{\"ts_ns\":1,\"source\":\"method\",\"id\":1,\"parent\":0,"
			 "\"chain\":1,\"depth\":0,\"context\":\"direct\",\"cpu\":0,\"pid\":1,\"comm\":\"x\","
			 "\"path\":\"\\\\_SB.X\",\"status\":0,\"return\":null,%s}", bad[i].patch);
		CHECK_EQ_INT(rec_parse_line(line, strlen(line), &facts, &back, err, sizeof(err)), REC_ERROR);
		CHECK_CONTAINS(err, bad[i].error);
	}
	/* a String, a Package and another object type among the first three; a 4th argument */
	wmaa(&e, 7, 0x0C, 0x21);
	e.id = 4;
	e.io.argc = 4;
	e.io.arg_type[0] = AT_OBJ_STRING;
	e.io.arg[0] = 9;
	e.io.arg_type[1] = AT_OBJ_PACKAGE;
	e.io.arg[1] = 0;
	e.io.arg_type[2] = 0x14;
	e.io.arg[2] = 0;
	e.io.buf_arg = AT_ARG_NONE;
	e.io.arg_buf_len = 0;
	memset(e.io.arg_buf, 0, sizeof(e.io.arg_buf));
	buf = NULL;
	o.out = open_memstream(&buf, &len);
	output_event(&o, &e);
	fclose(o.out);
	CHECK_CONTAINS(buf, "\"args\":[{\"type\":\"string\",\"length\":9},{\"type\":\"package\"},"
		       "{\"type\":\"other\",\"type_id\":20},null]");
	CHECK_EQ_INT(rec_parse_line(buf, strlen(buf), &facts, &back, err, sizeof(err)), REC_EVENT);
	CHECK_STR(err, "");
	CHECK(!memcmp(&back.io, &e.io, sizeof(e.io)));
	free(buf);
	rec_facts_free(&facts);
}

static struct at_event ec_read(uint8_t cmd, uint8_t addr, uint8_t val, int result)
{
	struct at_event e = { .source = AT_SRC_EC, .result = result, .number = 2 };

	e.ec.command = cmd;
	e.ec.wlen = 1;
	e.ec.rlen = cmd == 0x80;
	e.ec.wdata[0] = addr;
	e.ec.rdata[0] = val;
	return e;
}

/* match ec address=A: reads of EC RAM byte A, the code the byte read (msi-laptop). */
TEST(policy_ec_reads)
{
	struct policy p;
	struct at_event e;
	uint64_t code;

	CHECK_EQ_INT(load(&p, "match ec address=0xE4\n  0x10/0x10 -> log\n  0x00/0x10 -> log\n"), 0);
	CHECK(p.krules[0].flags & AT_RULE_EC_ADDR);
	CHECK(!at_rule_indexable(&p.krules[0]));
	e = ec_read(0x80, 0xE4, 0x14, 0);
	CHECK_EQ_INT(policy_match(&p, &e, &code), 0);
	CHECK_EQ_INT(code, 0x14);
	e = ec_read(0x80, 0xE4, 0x04, 0);
	CHECK_EQ_INT(policy_match(&p, &e, &code), 1);
	e = ec_read(0x80, 0xE5, 0x10, 0);	/* another byte */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	e = ec_read(0x81, 0xE4, 0x10, 0);	/* a write (WR_EC) */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	e = ec_read(0x80, 0xE4, 0x10, -62);	/* a read that timed out */
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	e.source = AT_SRC_EC_QUERY;		/* the same bytes on another source */
	e.result = 0;
	CHECK_EQ_INT(policy_match(&p, &e, &code), -1);
	policy_free(&p);
	CHECK_EQ_INT(load(&p, "match ec\n 1 -> log\n"), -1);
	CHECK_CONTAINS(p.error, "t.policy:1:7: 'match ec' needs address=");
	policy_free(&p);
	CHECK_EQ_INT(load(&p, "match ec address=1 hid=PNP0C09\n 1 -> log\n"), -1);
	CHECK_CONTAINS(p.error, "t.policy:1:20: 'match ec' takes address= only");
	policy_free(&p);
	CHECK_EQ_INT(load(&p, "match ec address=0x100\n 1 -> log\n"), -1);
	CHECK_CONTAINS(p.error, "t.policy:1:18: '0x100' is not an EC RAM address (0..0xFF)");
	policy_free(&p);
	CHECK_EQ_INT(load(&p, "match ec address=1 address=2\n 1 -> log\n"), -1);
	CHECK_CONTAINS(p.error, "t.policy:1:20: address= twice");
	policy_free(&p);
}
