// SPDX-License-Identifier: GPL-2.0
/*
 * The indexed matcher (user/policy/policy_index.c, the same split the kernel
 * uses) against the definition of a policy: the first compiled rule, in
 * order, that at_rule_match accepts.  Random policies mix every kind of
 * rule (exact codes, short and wide ranges, masks, '*', paths, children,
 * WMI payloads, DMI-disabled blocks); random events aim at them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "policy/policy.h"
#include "acpi/decode.h"

static const struct policy_env no_root = { .root = "/nonexistent-test-root" };

/* The reference: a plain scan, first match wins. */
static int linear_match(const struct policy *p, const struct at_event *e, uint64_t *code)
{
	for (int i = 0; i < p->nkrules; i++) {
		__u64 c;

		if (policy_krule_match(p, &p->krules[i], e, &c)) {
			*code = c;
			return p->krules[i].rule_id;
		}
	}
	return -1;
}

static const char *const names[] = { "_SB_", "PCI0", "GFX0", "DD01", "LPCB" };
static const char *const guids[] = {
	"0B3CBB35-E3C2-45ED-91C2-4C5A6D195D1C", "9DBB5994-A997-11DA-B012-B622A1EF5492",
};
/* guids[] as guid_t bytes (parse_guid's byte order) */
static const unsigned char guid_raw[2][16] = {
	{ 0x35, 0xbb, 0x3c, 0x0b, 0xc2, 0xe3, 0xed, 0x45, 0x91, 0xc2, 0x4c, 0x5a, 0x6d, 0x19, 0x5d, 0x1c },
	{ 0x94, 0x59, 0xbb, 0x9d, 0x97, 0xa9, 0xda, 0x11, 0xb0, 0x12, 0xb6, 0x22, 0xa1, 0xef, 0x54, 0x92 },
};
static const int sources[] = { AT_SRC_NOTIFY, AT_SRC_GPE, AT_SRC_EC_QUERY, AT_SRC_FIXED, AT_SRC_WMI };

/* A path of 1..3 levels below \_SB_, as text; @seg gets it leaf first. */
static int rand_path(char *buf, size_t len, __u32 *seg)
{
	int depth = 1 + rand() % 3, n;

	n = snprintf(buf, len, "\\_SB_");
	seg[depth] = SEG("_SB_");
	for (int i = 1; i <= depth; i++) {
		const char *name = names[1 + rand() % 4];

		n += snprintf(buf + n, len - n, ".%s", name);
		seg[depth - i] = SEG(name);
	}
	return depth + 1;
}

static size_t rand_code(char *buf, size_t len)
{
	unsigned int lo = rand() % 24, mask = 0x3 << (rand() % 3);

	switch (rand() % 10) {
	case 0:
		return snprintf(buf, len, "*");
	case 1:
	case 2:	/* short (indexed) or wide (scanned) */
		return snprintf(buf, len, "%u..%u", lo, lo + rand() % 24);
	case 3:
		return snprintf(buf, len, "0x%x/0x%x", lo & mask, mask);
	default:
		return snprintf(buf, len, "%u", lo);
	}
}

static size_t rand_block(char *buf, size_t len)
{
	int src = sources[rand() % 5];
	char path[64];
	__u32 seg[AT_PATH_SEGS];
	size_t n;

	if (src == AT_SRC_WMI) {
		static const char *const payloads[] = { "", " payload=int&0xF", " payload=u16-record", " payload=int" };

		n = snprintf(buf, len, "match wmi guid=%s%s%s\n", guids[rand() % 2],
			     payloads[rand() % 4], rand() % 2 ? " notify=0xD0" : "");
	} else if (src == AT_SRC_NOTIFY) {
		bool has_path = rand() % 5;

		rand_path(path, sizeof(path), seg);
		n = snprintf(buf, len, "match notify%s%s%s\n", has_path ? " path=" : "",
			     has_path ? path : "", has_path && !(rand() % 3) ? " scope=children" : "");
	} else {
		n = snprintf(buf, len, "match %s\n", source_name(src));
	}
	if (rand() % 10 == 0)	/* not this machine: its rules are not compiled */
		n += snprintf(buf + n, len - n, "dmi sys_vendor=Nobody*\n");
	for (int r = 1 + rand() % 5; r > 0 && n < len; r--) {
		n += snprintf(buf + n, len - n, "  ");
		if (src == AT_SRC_FIXED)	/* five fixed events: codes 0..4 */
			n += snprintf(buf + n, len - n, "%d", rand() % 5);
		else
			n += rand_code(buf + n, len - n);
		n += snprintf(buf + n, len - n, " -> %s\n", rand() % 3 ? "log" : "ignore");
	}
	return n;
}

static struct at_event rand_event(void)
{
	struct at_event e;

	memset(&e, 0, sizeof(e));
	e.source = sources[rand() % 5];
	e.number = rand() % 8 ? (unsigned int)rand() % 28 : (unsigned int)rand();
	if (rand() % 6)
		e.path.depth = rand_path((char[64]){ 0 }, 64, e.path.seg);
	if (e.source == AT_SRC_WMI) {
		e.wmi.notify_id = rand() % 2 ? 0xD0 : rand() % 28;
		e.number = e.wmi.notify_id;
		if (rand() % 4) {
			memcpy(e.wmi.guid, guid_raw[rand() % 2], 16);
			e.flags |= AT_F_HAS_GUID;
		}
		e.subtype = rand() % 2 ? AT_OBJ_INTEGER : AT_OBJ_BUFFER;
		e.flags |= AT_F_HAS_DATA;
		e.value = rand() % 40;
		e.data_len = rand() % 2 ? 8 : 4;
		for (int i = 0; i < 8; i++)
			e.data[i] = rand() % 3;
	}
	return e;
}

/* Indexed and linear matching agree on random policies and events. */
TEST(policy_index_equals_linear_scan)
{
	char *text = malloc(1 << 16);
	int agreed = 0, matched = 0;

	srand(4242);
	for (int round = 0; round < 200; round++) {
		struct policy p;
		size_t n = 0;

		for (int b = 0; b < 1 + rand() % 30; b++)
			n += rand_block(text + n, (1 << 16) - n);
		if (policy_load_text(&p, "r.policy", text, n, &no_root)) {
			fprintf(stderr, "  %s\n", p.error);
			CHECK(0);
			break;
		}
		for (int i = 0; i < 500; i++) {
			struct at_event e = rand_event();
			uint64_t c1 = 0, c2 = 0;
			int r1 = policy_match(&p, &e, &c1), r2 = linear_match(&p, &e, &c2);

			CHECK_EQ_INT(r1, r2);
			if (r1 != r2 || c1 != c2) {
				fprintf(stderr, "  round %d event %d:\n%.*s\n", round, i, (int)n, text);
				CHECK_EQ_INT(c1, c2);
				goto out;
			}
			agreed++;
			matched += r1 >= 0;
		}
		policy_free(&p);
	}
	/* the events must exercise matches, not only misses */
	CHECK(matched > agreed / 10);
out:
	free(text);
}

static char *many_rules(int n, const char *fmt, int step)
{
	char *text = malloc(32 * (size_t)n + 32);
	size_t len = 0;

	/* a method's result is not limited to a byte like a GPE number */
	len += sprintf(text, "match method path=\\_SB_.HKEY.MHKP\n");
	for (int i = 0; i < n; i++)
		len += sprintf(text + len, fmt, i * step, i * step + step - 1);
	return text;
}

/* 16 384 kernel rules load; one more names the file and line. */
TEST(policy_limits_name_the_line)
{
	struct policy p;
	char *text;

	text = many_rules(AT_POLICY_MAX, "  %d -> log\n", 1);
	CHECK_EQ_INT(policy_load_text(&p, "big.policy", text, strlen(text), &no_root), 0);
	CHECK_EQ_INT(p.nindex, AT_POLICY_MAX);
	CHECK_EQ_INT(p.nfallback, 0);
	policy_free(&p);
	free(text);

	text = many_rules(AT_POLICY_MAX + 1, "  %d -> log\n", 1);
	CHECK_EQ_INT(policy_load_text(&p, "big.policy", text, strlen(text), &no_root), -1);
	CHECK_CONTAINS(p.error, "big.policy:16386:3: the policy needs more than 16384 kernel rules");
	policy_free(&p);
	free(text);

	/* masks are scanned: at most AT_POLICY_FALLBACK_MAX of them */
	text = many_rules(AT_POLICY_FALLBACK_MAX + 1, "  %d/0xFFFF -> log\n", 1);
	CHECK_EQ_INT(policy_load_text(&p, "scan.policy", text, strlen(text), &no_root), -1);
	CHECK_CONTAINS(p.error, "scan.policy:130:3: the policy needs more than 128 rules without an exact code");
	policy_free(&p);
	free(text);

	/* a range of 16 values takes 16 keys */
	text = many_rules(AT_POLICY_KEYS_MAX / 16 + 1, "  %d..%d -> log\n", 16);
	CHECK_EQ_INT(policy_load_text(&p, "keys.policy", text, strlen(text), &no_root), -1);
	CHECK_CONTAINS(p.error, "keys.policy:1026:3: the policy needs more than 16384 index keys");
	policy_free(&p);
	free(text);
}
