/* SPDX-License-Identifier: GPL-2.0 */
/* A rule line of the current block: CODE -> ACTION [ARGS]... */
#ifndef POLICY_RULE_H
#define POLICY_RULE_H

#include "policy/policy_lex.h"

int pol_stmt_rule(struct parser *ps, struct token *t, int n);

#endif
