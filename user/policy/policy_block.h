/* SPDX-License-Identifier: GPL-2.0 */
/* The 'match' and 'dmi' statements: a block and its conditions. */
#ifndef POLICY_BLOCK_H
#define POLICY_BLOCK_H

#include "policy/policy_lex.h"

int pol_stmt_match(struct parser *ps, struct token *t, int n);
int pol_stmt_dmi(struct parser *ps, struct token *t, int n);

#endif
