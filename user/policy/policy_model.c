// SPDX-License-Identifier: GPL-2.0
/* Helpers every stage of building a policy shares. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "policy/policy_model.h"

void *pol_grow(void *arr, int n, size_t size)
{
	if (n & (n - 1) && n)
		return arr;
	return realloc(arr, (size_t)(n ? n * 2 : 8) * size);
}

const char *pol_intern_file(struct policy *p, const char *name)
{
	void *n = pol_grow(p->files, p->nfiles, sizeof(*p->files));
	char *copy = strdup(name);

	if (!n || !copy) {
		free(copy);
		if (n)
			p->files = n;
		return NULL;
	}
	p->files = n;
	p->files[p->nfiles++] = copy;
	return copy;
}

void pol_add_warning(struct policy *p, const char *fmt, ...)
{
	void *n = pol_grow(p->warnings, p->nwarnings, sizeof(char *));
	va_list ap;
	char *s;

	if (!n)
		return;
	p->warnings = n;
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) >= 0)
		p->warnings[p->nwarnings++] = s;
	va_end(ap);
}
