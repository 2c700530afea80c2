// SPDX-License-Identifier: GPL-2.0
/*
 * acpi/acpid_rules.c: acpid's /etc/acpi/events files into policy rules,
 * and every kind of bad input as FILE:LINE: REASON (never a crash).
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "test.h"
#include "acpi/acpid_rules.h"

struct imported {
	char *policy;
	size_t len;
	struct acpid_import im;
};

static void import_text(struct imported *r, const char *label, const char *text)
{
	FILE *in = fmemopen((void *)text, strlen(text), "r");

	memset(r, 0, sizeof(*r));
	r->im.out = open_memstream(&r->policy, &r->len);
	CHECK(in && r->im.out);
	if (!in || !r->im.out)
		return;
	CHECK_EQ_INT(acpid_import_file(&r->im, in, label), 0);
	fclose(in);
	fclose(r->im.out);
}

static void done(struct imported *r)
{
	free(r->policy);
	acpid_import_free(&r->im);
}

/* The one problem, as "FILE:LINE: REASON" (or "" when there is none). */
static const char *problem_line(const struct imported *r, size_t i)
{
	static char buf[600];

	if (i >= r->im.nproblems)
		return "";
	snprintf(buf, sizeof(buf), "%s:%u: %s", r->im.problems[i].file, r->im.problems[i].line,
		 r->im.problems[i].reason);
	return buf;
}

TEST(acpid_rules_names)
{
	CHECK(acpid_rule_name_ok("powerbtn"));
	CHECK(acpid_rule_name_ok("lid-close_2"));
	CHECK(!acpid_rule_name_ok("powerbtn.sh"));
	CHECK(!acpid_rule_name_ok("powerbtn~"));
	CHECK(!acpid_rule_name_ok(".hidden"));
	CHECK(!acpid_rule_name_ok(""));
}

TEST(acpid_rules_power_button)
{
	struct imported r;

	import_text(&r, "powerbtn", "# comment\n\n   \nevent=button[ /]power\naction=/sbin/shutdown -h now\n");
	CHECK_EQ_INT((int)r.im.nproblems, 0);
	CHECK_EQ_INT((int)r.im.converted, 1);
	CHECK_CONTAINS(r.policy, "match fixed\n  power_button -> exec /sbin/shutdown -h now\n");
	CHECK_CONTAINS(r.policy, "match notify hid=PNP0C0C\n  0x80 -> exec /sbin/shutdown -h now\n");
	CHECK_NOT_CONTAINS(r.policy, "sleep_button");
	CHECK_NOT_CONTAINS(r.policy, "PNP0C0D");
	done(&r);
}

TEST(acpid_rules_keys_case_and_percent)
{
	struct imported r;

	/* keys are case-insensitive; %e is dropped with a note, %% is a '%' */
	import_text(&r, "lid", "EVENT=button/lid.*\nAction=/usr/local/bin/lid %e 50%%\n");
	CHECK_CONTAINS(r.policy, "match notify hid=PNP0C0D\n  0x80 -> exec /usr/local/bin/lid 50%\n");
	CHECK_EQ_INT((int)r.im.nproblems, 1);
	CHECK(r.im.nproblems == 1 && r.im.problems[0].note);
	CHECK_STR(problem_line(&r, 0), "lid:2: %e: /usr/local/bin/lid gets the event's line in "
		  "$ACPITRACE_ACPID_EVENT, not as arguments");
	done(&r);
}

TEST(acpid_rules_video_and_wmi)
{
	struct imported r;

	import_text(&r, "bl", "event=video/brightness(up|down)\naction=/bin/true\n");
	CHECK_CONTAINS(r.policy, "match notify hid=LNXVIDEO scope=children\n  0x86 -> exec /bin/true\n"
		       "  0x87 -> exec /bin/true\n");
	CHECK_NOT_CONTAINS(r.policy, "0x85");
	done(&r);
	import_text(&r, "wmi", "event=^wmi \naction=/bin/true\n");
	CHECK_CONTAINS(r.policy, "match notify hid=PNP0C14\n  * -> exec /bin/true\n");
	done(&r);
}

/* Each bad file: no policy rule, one problem naming the file, line and reason. */
static void bad(const char *text, const char *want)
{
	struct imported r;

	import_text(&r, "f", text);
	CHECK_NOT_CONTAINS(r.policy ? r.policy : "", "->");
	CHECK_EQ_INT((int)r.im.converted, 0);
	CHECK_STR(problem_line(&r, 0), want);
	done(&r);
}

TEST(acpid_rules_bad_input)
{
	bad("", "f:0: no event= line: acpid does not load the file");
	bad("event=ac_adapter\n", "f:0: no action= line: acpid does not load the file");
	bad("event=ac(\naction=/bin/true\n",
	    "f:1: event=ac(: not a regular expression: Unmatched ( or \\(");
	bad("event=button/lid LID close\naction=/bin/true\n",
	    "f:1: event=button/lid LID close matches no line acpitrace sends (acpid's input-layer "
	    "lines such as 'button/lid LID close' have none): not converted");
	bad("event=battery\naction=/bin/echo a | /usr/bin/logger\n",
	    "f:2: action: needs a shell (quotes, $, |, ;, redirections or wildcards): not converted; "
	    "put the command in a script and exec that");
	bad("event=battery\naction=/bin/true %x\n",
	    "f:2: action: a '%' escape other than %e or %%: acpid does not load this rule");
	bad("event=battery\naction=/bin/echo x%e\n", "f:2: action: %e inside a word needs a shell: not converted");
	bad("event=battery\naction=%e\n", "f:2: action: the command is only %e: nothing to run");
	bad("event=battery\naction=\n", "f:2: action: an empty action: nothing to run");
	bad("event=battery\naction=/bin/true #x\n",
	    "f:2: action: a word starts with '#' (a comment to the shell, and to a policy): not converted");
	bad("event=battery\naction=no-such-program-xyz\n",
	    "f:2: action: not an absolute path and not found in /usr/local/sbin, /usr/local/bin, "
	    "/usr/sbin, /usr/bin, /sbin or /bin: not converted");
	bad("event=battery\naction=/bin/true\x01\n", "f:2: action: a control character: not converted");
	bad("event=battery\nevent=ac\naction=/bin/true\n",
	    "f:2: a second event= line (the first is on line 1): not converted");
	/* acpid's input-layer lid lines and the data of a battery line: partly */
	bad("event=battery PNP0C0A:00 00000080 00000001\naction=/bin/true\n",
	    "f:1: event=battery PNP0C0A:00 00000080 00000001 matches some 'battery' lines but not "
	    "others (it depends on a device name, a code or the data, which a policy rule does "
	    "not name): not converted for them");
}

TEST(acpid_rules_bad_lines_are_named)
{
	struct imported r;
	char big[700];

	import_text(&r, "f", "hello\nevent =battery\nevent=battery\naction=/bin/true\n");
	CHECK_STR(problem_line(&r, 0), "f:1: not KEY=VALUE (acpid ignores the line)");
	CHECK_STR(problem_line(&r, 1), "f:2: unknown key 'event ' (acpid ignores the line)");
	CHECK_EQ_INT((int)r.im.converted, 1);
	done(&r);
	memset(big, 'a', sizeof(big));
	memcpy(big, "event=", 6);
	big[sizeof(big) - 1] = '\0';
	import_text(&r, "f", big);
	CHECK_STR(problem_line(&r, 0), "f:1: a key over 63 or a value over 511 characters: "
		  "acpid does not load the file");
	CHECK_EQ_INT((int)r.im.nproblems, 1);
	done(&r);
}

TEST(acpid_rules_nul_byte)
{
	static const char text[] = "event=battery\naction=/bin/tr\0ue\n";
	struct imported r;
	FILE *in = fmemopen((void *)text, sizeof(text) - 1, "r");

	memset(&r, 0, sizeof(r));
	r.im.out = open_memstream(&r.policy, &r.len);
	CHECK(in && r.im.out);
	if (!in || !r.im.out)
		return;
	CHECK_EQ_INT(acpid_import_file(&r.im, in, "f"), 0);
	fclose(in);
	fclose(r.im.out);
	CHECK_STR(problem_line(&r, 0), "f:2: a NUL byte: not a text file; not converted");
	CHECK_EQ_INT((int)r.im.converted, 0);
	done(&r);
}

static void write_file(const char *dir, const char *name, const char *text)
{
	char p[512];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	f = fopen(p, "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

TEST(acpid_rules_dir)
{
	char tmpl[] = "/tmp/acpitrace-acpid-rules-XXXXXX", p[600], err[256] = "";
	struct imported r;

	CHECK(mkdtemp(tmpl) != NULL);
	/* name order: "a-all" first takes the power button, "b-power" finds it taken */
	write_file(tmpl, "a-all", "event=.*\naction=/bin/true\n");
	write_file(tmpl, "b-power", "event=button/power\naction=/bin/false\n");
	write_file(tmpl, "c.sh", "event=.*\naction=/bin/false\n");
	write_file(tmpl, "d~", "event=.*\naction=/bin/false\n");
	snprintf(p, sizeof(p), "%s/sub", tmpl);
	CHECK_EQ_INT(mkdir(p, 0755), 0);
	memset(&r, 0, sizeof(r));
	r.im.out = open_memstream(&r.policy, &r.len);
	CHECK_EQ_INT(acpid_import_dir(&r.im, tmpl, err, sizeof(err)), 0);
	fclose(r.im.out);
	CHECK_EQ_INT((int)r.im.files, 2);
	CHECK_EQ_INT((int)r.im.converted, 1);
	CHECK_NOT_CONTAINS(r.policy, "/bin/false");
	CHECK_CONTAINS(r.policy, "power_button -> exec /bin/true");
	snprintf(p, sizeof(p), "%s/b-power:1: match fixed power_button is already taken by "
		 "%s/a-all:1 (acpid ran every matching rule, a policy runs the first): not converted "
		 "for it", tmpl, tmpl);
	CHECK_STR(problem_line(&r, 0), p);
	snprintf(p, sizeof(p), "%s/c.sh:0: acpid reads only names of letters, digits, '_' and '-': "
		 "skipped, as acpid does", tmpl);
	CHECK_STR(problem_line(&r, 2), p);
	snprintf(p, sizeof(p), "%s/sub:0: not a regular file: acpid skips it", tmpl);
	CHECK_STR(problem_line(&r, 4), p);
	done(&r);
	snprintf(p, sizeof(p), "rm -rf %s", tmpl);
	CHECK_EQ_INT(system(p), 0);
	memset(&r, 0, sizeof(r));
	CHECK_EQ_INT(acpid_import_dir(&r.im, "/nonexistent-acpid-dir", err, sizeof(err)), -1);
	CHECK_STR(err, "/nonexistent-acpid-dir: No such file or directory");
	acpid_import_free(&r.im);
}
