/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The policy text's lexical level: one line is split into words (tokens)
 * with their columns, and every statement reports its first error through
 * pol_err() as "file:line:column: reason" in policy->error.
 */
#ifndef POLICY_LEX_H
#define POLICY_LEX_H

#include <stdbool.h>
#include "policy/policy_model.h"

#define MAX_TOKENS	64

struct token {
	char *s;
	int col;
};

/* Where the parser is: the policy being built and the current line. */
struct parser {
	struct policy *p;
	const struct policy_env *env;
	const char *file;	/* interned in p->files */
	int line;
	bool trusted;		/* file may hold exec actions */
	bool in_memory;
	int cur_block;		/* -1 before the first match */
	int depth;
};

/* Set p->error to "file:line:col: " + the message; always returns -1. */
int pol_err(struct parser *ps, int col, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Split @line in place into @t (MAX_TOKENS); '#' starts a comment. */
int pol_tokenize(struct parser *ps, char *line, struct token *t);
/* 0 when a statement of @n words has @min..@max (0 = any); else the error. */
int pol_need_args(struct parser *ps, const struct token *t, int n, int min, int max,
		  const char *usage);

#endif
