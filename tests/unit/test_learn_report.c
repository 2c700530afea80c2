// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace learn's --append (learn/learn_report.c): a comment with the date,
 * kernel and DMI fields (control characters made harmless), one block per
 * match line, accepted steps only, a duplicate step not again; and the
 * result is a policy the loader takes.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include "test.h"
#include "learn/learn_report.h"
#include "policy/policy.h"

static void step_set(struct learn_step *s, unsigned int n, const char *match, const char *rule,
		     bool accepted)
{
	memset(s, 0, sizeof(*s));
	s->n = n;
	s->accepted = accepted;
	s->res.best.rank = PR_NOTIFY;
	snprintf(s->res.best.match, sizeof(s->res.best.match), "%s", match);
	snprintf(s->res.best.rule, sizeof(s->res.best.rule), "%s", rule);
	snprintf(s->res.best.event, sizeof(s->res.best.event), "event %u\nx", n);
	snprintf(s->dmi, sizeof(s->dmi), "dmi sys_vendor=ACME");
}

TEST(learn_append_file)
{
	char path[] = "/tmp/acpitrace-learn-XXXXXX", buf[4096];
	struct rec_facts f = { .ndmi = 1 };
	struct policy_env env = { .root = "/nonexistent" };
	struct learn_step s[4];
	struct policy p;
	int fd = mkstemp(path);
	ssize_t n;

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	strcpy(f.kernel, "6.12.0");
	strcpy(f.dmi[0].field, "sys_vendor");
	strcpy(f.dmi[0].value, "ACME\nmatch gpe");
	step_set(&s[0], 1, "match notify hid=ACME0001", "0x80 -> key KEY_PROG1", true);
	step_set(&s[1], 2, "match notify hid=ACME0001", "0x81 -> log", true);
	step_set(&s[2], 3, "match notify hid=ACME0001", "0x82 -> log", false);
	step_set(&s[3], 4, "match notify hid=ACME0001", "0x80 -> key KEY_PROG1", true);
	s[3].duplicate = true;
	CHECK_EQ_INT(learn_append(fd, &f, s, 4), 0);
	n = pread(fd, buf, sizeof(buf) - 1, 0);
	close(fd);
	CHECK(n > 0);
	buf[n > 0 ? n : 0] = '\0';
	CHECK_CONTAINS(buf, ", kernel 6.12.0\n# machine: sys_vendor=ACME\\nmatch gpe\n"
		       "match notify hid=ACME0001\ndmi sys_vendor=ACME\n"
		       "  0x80 -> key KEY_PROG1          # step 1: event 1\\nx\n"
		       "  0x81 -> log                    # step 2: event 2\\nx\n");
	CHECK(!strstr(buf, "0x82"));
	CHECK(!strstr(buf, "step 4"));
	CHECK(!policy_load(&p, path, &env));
	CHECK_EQ_INT(p.nrules, 2);
	policy_free(&p);
	unlink(path);
}

/* learn's text output escapes firmware strings (issue 32 #6). */
TEST(learn_step_text_escaped)
{
	struct learn_step s;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK(f != NULL);
	if (!f)
		return;
	step_set(&s, 1, "match notify hid=ACME0001", "0x80 -> log", true);
	snprintf(s.res.best.event, sizeof(s.res.best.event), "notify \x1b[2J on \\_SB.X");
	snprintf(s.res.best.chain_text, sizeof(s.res.best.chain_text), "A\xe2\x80\xae" "B");
	learn_print_step(f, false, &s);
	fclose(f);
	CHECK(!strchr(buf, '\x1b'));
	CHECK(!strstr(buf, "\xe2\x80\xae"));
	CHECK_CONTAINS(buf, "event:    notify \\x1b[2J on \\_SB.X\n");
	CHECK_CONTAINS(buf, "fired:    A\\u{202e}B\n");
	free(buf);
}
