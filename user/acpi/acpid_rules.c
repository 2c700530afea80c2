// SPDX-License-Identifier: GPL-2.0
/*
 * acpi/acpid_rules.h: acpid's /etc/acpi/events files into policy rules.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <regex.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "acpi/acpid_rules.h"
#include "lib/escape.h"

#define KEY_MAX		63
#define VALUE_MAX	511
#define SAMPLES		6

/*
 * The kinds of event acpitrace sends an acpid line for (the classes acpid
 * relayed; acpi/acpid_event.c makes the lines), each as the policy block
 * and code that names it and sample lines: two device instances, the data
 * values the kernel drivers give.  A Notify code a driver does not report
 * is left out (no line to match).
 */
struct kind {
	const char *block;
	const char *code;
	const char *sample[SAMPLES];
};

#define PS(cls, hid, code)						\
	{ cls " " hid ":00 000000" code " 00000000", cls " " hid ":00 000000" code " 00000001", \
	  cls " " hid ":01 000000" code " 00000000", cls " " hid ":01 000000" code " 00000001" }
#define DEV(cls, hid, code)						\
	{ cls " " hid ":00 000000" code " 00000000", cls " " hid ":01 000000" code " 00000000" }

static const struct kind kinds[] = {
	{ "match fixed", "power_button", { "button/power PBTN 00000080 00000000" } },
	{ "match notify hid=PNP0C0C", "0x80", { "button/power PBTN 00000080 00000000" } },
	{ "match fixed", "sleep_button", { "button/sleep SBTN 00000080 00000000" } },
	{ "match notify hid=PNP0C0E", "0x80", { "button/sleep SBTN 00000080 00000000" } },
	{ "match notify hid=PNP0C0D", "0x80",
	  { "button/lid PNP0C0D:00 00000080 00000001", "button/lid PNP0C0D:00 00000080 00000002",
	    "button/lid PNP0C0D:01 00000080 00000003" } },
	{ "match notify hid=ACPI0003", "0x80", PS("ac_adapter", "ACPI0003", "80") },
	{ "match notify hid=PNP0C0A", "0x80", PS("battery", "PNP0C0A", "80") },
	{ "match notify hid=PNP0C0A", "0x81", PS("battery", "PNP0C0A", "81") },
	{ "match notify hid=PNP0C0A", "0x82", PS("battery", "PNP0C0A", "82") },
	{ "match notify hid=LNXTHERM", "0x80", DEV("thermal_zone", "LNXTHERM", "80") },
	{ "match notify hid=LNXTHERM", "0x81", DEV("thermal_zone", "LNXTHERM", "81") },
	{ "match notify hid=LNXTHERM", "0x82", DEV("thermal_zone", "LNXTHERM", "82") },
	{ "match notify hid=LNXCPU", "0x80", DEV("processor", "LNXCPU", "80") },
	{ "match notify hid=LNXCPU", "0x81", DEV("processor", "LNXCPU", "81") },
	{ "match notify hid=LNXCPU", "0x82", DEV("processor", "LNXCPU", "82") },
	{ "match notify hid=ACPI0007", "0x80", DEV("processor", "ACPI0007", "80") },
	{ "match notify hid=ACPI0007", "0x81", DEV("processor", "ACPI0007", "81") },
	{ "match notify hid=ACPI0007", "0x82", DEV("processor", "ACPI0007", "82") },
	{ "match notify hid=LNXVIDEO", "0x80", { "video/switchmode VMOD 00000080 00000000" } },
	{ "match notify hid=LNXVIDEO", "0x82", { "video/switchmode VMOD 00000080 00000000" } },
	{ "match notify hid=LNXVIDEO", "0x83", { "video/next NEXT 00000083 00000000" } },
	{ "match notify hid=LNXVIDEO", "0x84", { "video/prev PREV 00000084 00000000" } },
	{ "match notify hid=LNXVIDEO", "0x81",
	  { "video GFX0 00000081 00000000", "video VGA 00000081 00000000" } },
	{ "match notify hid=LNXVIDEO scope=children", "0x85",
	  { "video/brightnesscycle BCYC 00000085 00000000" } },
	{ "match notify hid=LNXVIDEO scope=children", "0x86",
	  { "video/brightnessup BRTUP 00000086 00000000" } },
	{ "match notify hid=LNXVIDEO scope=children", "0x87",
	  { "video/brightnessdown BRTDN 00000087 00000000" } },
	{ "match notify hid=LNXVIDEO scope=children", "0x88",
	  { "video/brightnesszero BZRO 00000088 00000000" } },
	{ "match notify hid=LNXVIDEO scope=children", "0x89",
	  { "video/displayoff DOFF 00000089 00000000" } },
	{ "match notify hid=PNP0C14", "*",
	  { "wmi PNP0C14:00 00000080 00000000", "wmi PNP0C14:00 000000d0 00000000",
	    "wmi PNP0C14:01 000000bc 00000000" } },
};

#define NKINDS	(sizeof(kinds) / sizeof(kinds[0]))
_Static_assert(NKINDS <= 64, "taken_by[] holds every kind");

/* What a shell would read differently from a plain list of words. */
#define SHELL_CHARS	"|&;<>()$`\\\"'*?[]{}~\n"

/* Where a bare program name is looked up (a shell's PATH under acpid). */
static const char *const search_path[] = {
	"/usr/local/sbin", "/usr/local/bin", "/usr/sbin", "/usr/bin", "/sbin", "/bin", NULL,
};

bool acpid_rule_name_ok(const char *name)
{
	if (!*name)
		return false;
	for (const char *c = name; *c; c++)
		if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-')
			return false;
	return true;
}

__attribute__((format(printf, 5, 6)))
static int problem(struct acpid_import *im, const char *file, unsigned int line, bool note,
		   const char *fmt, ...)
{
	struct acpid_problem *p;
	va_list ap;

	if (im->nproblems == im->cap) {
		size_t cap = im->cap ? im->cap * 2 : 16;

		p = realloc(im->problems, cap * sizeof(*p));
		if (!p)
			return -1;
		im->problems = p;
		im->cap = cap;
	}
	p = &im->problems[im->nproblems++];
	snprintf(p->file, sizeof(p->file), "%s", file);
	p->line = line;
	p->note = note;
	va_start(ap, fmt);
	vsnprintf(p->reason, sizeof(p->reason), fmt, ap);
	va_end(ap);
	return 0;
}

/* A rule file's event= and action= with their lines. */
struct rule {
	char *event, *action;
	unsigned int event_line, action_line;
	bool bad;	/* something acpid itself would refuse: reported already */
};

/* One KEY=VALUE line (@s, newline stripped); -1 when out of memory. */
static int take_line(struct acpid_import *im, const char *label, unsigned int n, char *s,
		     struct rule *r)
{
	char *eq = strchr(s, '='), **slot;
	unsigned int *line;
	size_t klen;

	if (!eq)
		return problem(im, label, n, false, "not KEY=VALUE (acpid ignores the line)");
	klen = (size_t)(eq - s);
	if (klen > KEY_MAX || strlen(eq + 1) > VALUE_MAX) {
		r->bad = true;
		return problem(im, label, n, false, "a key over %d or a value over %d characters: "
			       "acpid does not load the file", KEY_MAX, VALUE_MAX);
	}
	if (klen == 5 && !strncasecmp(s, "event", 5)) {
		slot = &r->event;
		line = &r->event_line;
	} else if (klen == 6 && !strncasecmp(s, "action", 6)) {
		slot = &r->action;
		line = &r->action_line;
	} else {
		return problem(im, label, n, false, "unknown key '%.*s' (acpid ignores the line)",
			       (int)(klen > 40 ? 40 : klen), s);
	}
	if (*slot) {
		r->bad = true;
		return problem(im, label, n, false, "a second %.*s= line (the first is on line %u): "
			       "not converted", (int)klen, s, *line);
	}
	*slot = strdup(eq + 1);
	*line = n;
	return *slot ? 0 : -1;
}

/* Append @s to the growing word list @w of @cap bytes; false when full. */
static bool add_word(char *w, size_t cap, const char *s, size_t len)
{
	size_t used = strlen(w);

	if (used + len + 2 > cap)
		return false;
	if (used)
		w[used++] = ' ';
	memcpy(w + used, s, len);
	w[used + len] = '\0';
	return true;
}

/* A bare program name, as a shell would find it; false if none. */
static bool find_program(const char *name, size_t len, char *out, size_t outlen)
{
	for (int i = 0; search_path[i]; i++) {
		snprintf(out, outlen, "%s/%.*s", search_path[i], (int)len, name);
		if (!access(out, X_OK))
			return true;
	}
	return false;
}

/*
 * acpid's command line as exec's words (@words): plain words only, %e
 * dropped (the line is in ACPITRACE_ACPID_EVENT), %% as %.  -1 with
 * @why when it cannot be; 1 when %e was dropped.
 */
static int convert_action(const char *action, char *words, size_t cap, const char **why,
			  char *prog, size_t proglen)
{
	const char *s = action;
	bool first = true, dropped = false;
	char word[VALUE_MAX + 1];

	words[0] = '\0';
	for (s = action; *s; s++)
		if ((unsigned char)*s < 0x20 && *s != '\t') {
			*why = "a control character: not converted";
			return -1;
		}
	s = action;
	if (strpbrk(action, SHELL_CHARS)) {
		*why = "needs a shell (quotes, $, |, ;, redirections or wildcards): not converted; "
		       "put the command in a script and exec that";
		return -1;
	}
	while (*s) {
		size_t len = 0;

		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			break;
		while (s[len] && s[len] != ' ' && s[len] != '\t')
			len++;
		/* %% is a '%', %e the line; acpid refuses any other '%' */
		size_t o = 0;
		bool only_e = len == 2 && !strncmp(s, "%e", 2);

		for (size_t i = 0; i < len; i++) {
			if (s[i] != '%') {
				word[o++] = s[i];
				continue;
			}
			if (s[i + 1] == '%' && i + 1 < len) {
				word[o++] = '%';
				i++;
			} else if (s[i + 1] == 'e' && i + 1 < len && only_e) {
				i++;
			} else if (s[i + 1] == 'e' && i + 1 < len) {
				*why = "%e inside a word needs a shell: not converted";
				return -1;
			} else {
				*why = "a '%' escape other than %e or %%: acpid does not load this rule";
				return -1;
			}
		}
		word[o] = '\0';
		if (only_e) {
			dropped = true;
		} else if (word[0] == '#') {
			*why = "a word starts with '#' (a comment to the shell, and to a policy): "
			       "not converted";
			return -1;
		} else if (first && word[0] != '/') {
			if (!find_program(word, o, prog, proglen)) {
				*why = "not an absolute path and not found in /usr/local/sbin, /usr/local/bin, "
				       "/usr/sbin, /usr/bin, /sbin or /bin: not converted";
				return -1;
			}
			add_word(words, cap, prog, strlen(prog));
		} else if (!add_word(words, cap, word, o)) {
			*why = "too long";
			return -1;
		}
		if (first && word[0] == '/')
			snprintf(prog, proglen, "%s", word);
		first = first && only_e;
		s += len;
	}
	if (first) {
		*why = dropped ? "the command is only %e: nothing to run" : "an empty action: nothing to run";
		return -1;
	}
	return dropped ? 1 : 0;
}

/* Which kinds @re takes whole (@all) and which only in part (@some). */
static void match_kinds(const regex_t *re, uint64_t *all, uint64_t *some)
{
	*all = *some = 0;
	for (size_t k = 0; k < NKINDS; k++) {
		int n = 0, hit = 0;

		for (; n < SAMPLES && kinds[k].sample[n]; n++)
			hit += !regexec(re, kinds[k].sample[n], 0, NULL, 0);
		if (hit == n)
			*all |= 1ULL << k;
		else if (hit)
			*some |= 1ULL << k;
	}
}

/* The class of a kind's first sample ("battery"), for the messages. */
static const char *kind_class(size_t k, char *buf, size_t len)
{
	const char *s = kinds[k].sample[0];

	snprintf(buf, len, "%.*s", (int)strcspn(s, " "), s);
	return buf;
}

/* Where a rule came from, above it (the file's bytes escaped: one line each). */
static void comment(FILE *out, const char *label, const struct rule *r)
{
	fputs("\n# ", out);
	esc_fputs(out, label, strlen(label), 0);
	fputs(": event=", out);
	esc_fputs(out, r->event, strlen(r->event), 0);
	fputs("\n#   action=", out);
	esc_fputs(out, r->action, strlen(r->action), 0);
	fputc('\n', out);
}

/* The first kind of @k's block in @all. */
static size_t first_of_block(uint64_t all, size_t k)
{
	size_t f = 0;

	while (!((all >> f) & 1) || strcmp(kinds[f].block, kinds[k].block))
		f++;
	return f;
}

/*
 * The rules of every kind in @all with @k's block, under one block line;
 * @n: rules this file wrote so far.  The new count, -1 out of memory.
 */
static int emit_block(struct acpid_import *im, const char *label, const struct rule *r,
		      uint64_t all, size_t k, const char *words, int n)
{
	bool opened = false;

	for (size_t i = k; i < NKINDS; i++) {
		if (!((all >> i) & 1) || strcmp(kinds[i].block, kinds[k].block))
			continue;
		if (im->taken_by[i]) {
			if (problem(im, label, r->event_line, false, "%s %s is already taken by %s (acpid "
				    "ran every matching rule, a policy runs the first): not converted "
				    "for it", kinds[i].block, kinds[i].code, im->taken_file[i]))
				return -1;
			continue;
		}
		im->taken_by[i] = im->rules;
		snprintf(im->taken_file[i], sizeof(im->taken_file[i]), "%s:%u", label, r->event_line);
		if (!n++)
			comment(im->out, label, r);
		if (!opened)
			fprintf(im->out, "%s\n", kinds[i].block);
		opened = true;
		fprintf(im->out, "  %s -> exec %s\n", kinds[i].code, words);
	}
	return n;
}

/* One rule file's policy rules, or its problems. */
static int emit_rule(struct acpid_import *im, const char *label, struct rule *r)
{
	char words[VALUE_MAX + 64], prog[VALUE_MAX + 32], cls[32];
	const char *why = NULL;
	uint64_t all, some;
	regex_t re;
	int err, dropped, n = 0;

	if (!r->event || !r->action)
		return problem(im, label, 0, false, "no %s= line: acpid does not load the file",
			       r->event ? "action" : "event");
	err = regcomp(&re, r->event, REG_EXTENDED | REG_NOSUB);
	if (err) {
		regerror(err, &re, words, sizeof(words));
		return problem(im, label, r->event_line, false, "event=%.60s: not a regular expression: %s",
			       r->event, words);
	}
	match_kinds(&re, &all, &some);
	regfree(&re);
	dropped = convert_action(r->action, words, sizeof(words), &why, prog, sizeof(prog));
	if (dropped < 0)
		return problem(im, label, r->action_line, false, "action: %s", why);
	for (size_t k = 0; k < NKINDS; k++) {
		if (!((some >> k) & 1))
			continue;
		if (problem(im, label, r->event_line, false, "event=%.60s matches some '%s' lines but "
			    "not others (it depends on a device name, a code or the data, which a "
			    "policy rule does not name): not converted for them", r->event,
			    kind_class(k, cls, sizeof(cls))))
			return -1;
	}
	if (!all && !some)
		return problem(im, label, r->event_line, false, "event=%.60s matches no line acpitrace "
			       "sends (acpid's input-layer lines such as 'button/lid LID close' "
			       "have none): not converted", r->event);
	/* a block's rules together, under the block's first line */
	for (size_t k = 0; k < NKINDS; k++) {
		if (!((all >> k) & 1) || first_of_block(all, k) != k)
			continue;
		n = emit_block(im, label, r, all, k, words, n);
		if (n < 0)
			return -1;
	}
	if (!n)
		return 0;
	im->converted++;
	if (dropped)
		return problem(im, label, r->action_line, true, "%%e: %s gets the event's line in "
			       "$ACPITRACE_ACPID_EVENT, not as arguments", prog);
	return 0;
}

int acpid_import_file(struct acpid_import *im, FILE *fp, const char *label)
{
	struct rule r = { 0 };
	char *buf = NULL;
	size_t cap = 0;
	ssize_t len;
	unsigned int n = 0;
	int ret = 0;

	im->files++;
	while (!ret && (len = getline(&buf, &cap, fp)) >= 0) {
		n++;
		if (len && buf[len - 1] == '\n')
			buf[--len] = '\0';
		if ((size_t)len != strlen(buf)) {
			ret = problem(im, label, n, false, "a NUL byte: not a text file; not converted");
			r.bad = true;
			break;
		}
		if (!len || buf[0] == '#')
			continue;
		/* acpid skips blank lines: whitespace only counts as blank */
		if (!buf[strspn(buf, " \t\r")])
			continue;
		ret = take_line(im, label, n, buf, &r);
	}
	free(buf);
	if (!ret && !r.bad) {
		im->rules++;
		ret = emit_rule(im, label, &r);
	}
	free(r.event);
	free(r.action);
	return ret;
}

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int acpid_import_dir(struct acpid_import *im, const char *dir, char *err, size_t errlen)
{
	struct dirent **names;
	char path[4096];
	int n, ret = 0;

	n = scandir(dir, &names, NULL, by_name);
	if (n < 0) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	for (int i = 0; i < n; i++) {
		const char *name = names[i]->d_name;
		struct stat st;
		FILE *fp;

		snprintf(path, sizeof(path), "%s/%s", dir, name);
		if (ret || !strcmp(name, ".") || !strcmp(name, ".."))
			goto next;
		if (stat(path, &st) || !S_ISREG(st.st_mode)) {
			ret = problem(im, path, 0, true, "not a regular file: acpid skips it");
			goto next;
		}
		if (!acpid_rule_name_ok(name)) {
			ret = problem(im, path, 0, true, "acpid reads only names of letters, digits, "
				      "'_' and '-': skipped, as acpid does");
			goto next;
		}
		fp = fopen(path, "r");
		if (!fp) {
			ret = problem(im, path, 0, false, "cannot read it: %s", strerror(errno));
			goto next;
		}
		ret = acpid_import_file(im, fp, path);
		fclose(fp);
next:
		free(names[i]);
	}
	free(names);
	return ret;
}

void acpid_import_free(struct acpid_import *im)
{
	free(im->problems);
	im->problems = NULL;
	im->nproblems = im->cap = 0;
}
