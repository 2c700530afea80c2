// SPDX-License-Identifier: GPL-2.0
/*
 * user/dispatch/verdicts.c: the hits and verdicts run counts itself where
 * the kernel does not match the policy (the build without fetch atomics).
 */
#include <string.h>
#include "test.h"
#include "dispatch/verdicts.h"

static struct at_event ev(__u32 source)
{
	struct at_event e;

	memset(&e, 0, sizeof(e));
	e.source = source;
	return e;
}

TEST(verdicts_counted_here_as_the_kernel_counts)
{
	struct verdicts v = { 0 };
	struct policy p = { .nrules = 3 };
	struct decision key = { .rule = 1, .acts = true }, ign = { .rule = 2, .acts = false };
	struct decision none = { .rule = -1 };
	struct at_event n = ev(AT_SRC_NOTIFY), s = ev(AT_SRC_SUSPEND);
	struct at_policy_stats st[AT_SRC_MAX];
	uint64_t hits[3];

	CHECK_EQ_INT(verdicts_reset(&v, false, 3), 0);
	verdicts_count(&v, &n, &key);
	verdicts_count(&v, &n, &key);
	verdicts_count(&v, &n, &ign);
	verdicts_count(&v, &n, &none);
	/* a suspend record passes the kernel's matcher uncounted */
	verdicts_count(&v, &s, &none);
	CHECK_EQ_INT(verdicts_hits(&v, NULL, &p, hits), 0);
	CHECK_EQ_INT(hits[0], 0);
	CHECK_EQ_INT(hits[1], 2);
	CHECK_EQ_INT(hits[2], 1);
	CHECK_EQ_INT(verdicts_stats(&v, NULL, st), 0);
	CHECK_EQ_INT(st[AT_SRC_NOTIFY].matched, 2);
	CHECK_EQ_INT(st[AT_SRC_NOTIFY].ignored, 1);
	CHECK_EQ_INT(st[AT_SRC_NOTIFY].unmatched, 1);
	CHECK_EQ_INT(st[AT_SRC_SUSPEND].unmatched, 0);
	/* a new policy: its hits start at 0, the per-source counts go on */
	p.nrules = 2;
	CHECK_EQ_INT(verdicts_reset(&v, false, 2), 0);
	verdicts_count(&v, &n, &ign);
	CHECK_EQ_INT(verdicts_hits(&v, NULL, &p, hits), 0);
	CHECK_EQ_INT(hits[0], 0);
	CHECK_EQ_INT(hits[1], 0);
	CHECK_EQ_INT(verdicts_stats(&v, NULL, st), 0);
	CHECK_EQ_INT(st[AT_SRC_NOTIFY].unmatched, 1);
	CHECK_EQ_INT(st[AT_SRC_NOTIFY].ignored, 2);
	/* a rule index beyond the policy is never counted */
	key.rule = 7;
	verdicts_count(&v, &n, &key);
	CHECK_EQ_INT(verdicts_stats(&v, NULL, st), 0);
	CHECK_EQ_INT(st[AT_SRC_NOTIFY].matched, 3);
	verdicts_free(&v);
}

TEST(verdicts_in_the_kernel_are_not_counted_here)
{
	struct verdicts v = { 0 };
	struct decision key = { .rule = 0, .acts = true };
	struct at_event n = ev(AT_SRC_NOTIFY);

	CHECK_EQ_INT(verdicts_reset(&v, true, 1), 0);
	CHECK(v.hits == NULL);
	verdicts_count(&v, &n, &key);
	CHECK_EQ_INT(v.src[AT_SRC_NOTIFY].matched, 0);
	verdicts_free(&v);
}
