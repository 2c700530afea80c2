// SPDX-License-Identifier: GPL-2.0
/* The policy text's words and the error every statement reports through. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "policy/policy_lex.h"

int pol_err(struct parser *ps, int col, const char *fmt, ...)
{
	struct policy *p = ps->p;
	size_t n;
	va_list ap;

	n = ps->file ? snprintf(p->error, sizeof(p->error), "%s:%d:%d: ", ps->file, ps->line, col) : 0;
	if (n >= sizeof(p->error))
		return -1;
	va_start(ap, fmt);
	vsnprintf(p->error + n, sizeof(p->error) - n, fmt, ap);
	va_end(ap);
	return -1;
}

/* Split @line in place; a token starting with '#' ends the line. */
int pol_tokenize(struct parser *ps, char *line, struct token *t)
{
	int n = 0;
	char *c = line;

	while (*c) {
		while (*c == ' ' || *c == '\t' || *c == '\r')
			c++;
		if (!*c || *c == '#')
			break;
		if (n == MAX_TOKENS)
			return pol_err(ps, (int)(c - line) + 1, "more than %d words on one line", MAX_TOKENS);
		t[n].s = c;
		t[n].col = (int)(c - line) + 1;
		n++;
		while (*c && *c != ' ' && *c != '\t' && *c != '\r')
			c++;
		if (*c)
			*c++ = '\0';
	}
	return n;
}


int pol_need_args(struct parser *ps, const struct token *t, int n, int min, int max,
		     const char *usage)
{
	if (n < min)
		return pol_err(ps, t[n - 1].col + (int)strlen(t[n - 1].s), "missing argument: %s", usage);
	if (max && n > max)
		return pol_err(ps, t[max].col, "unexpected '%s': %s", t[max].s, usage);
	return 0;
}
