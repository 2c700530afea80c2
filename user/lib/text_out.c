// SPDX-License-Identifier: GPL-2.0
/* printf with every %s escaped (see the header). */
#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include "lib/escape.h"
#include "lib/text_out.h"

/* One conversion: its text (for fprintf), and what it takes. */
struct conv {
	char spec[32];
	char len[3];		/* "", "hh", "h", "l", "ll", "z", "j", "t", "L" */
	char type;
	bool star_w, star_p, has_p, left;
	int width, prec;
};

static int number(const char **p)
{
	int n = 0;

	while (**p >= '0' && **p <= '9' && n < 100000)
		n = n * 10 + *(*p)++ - '0';
	while (**p >= '0' && **p <= '9')
		(*p)++;
	return n;
}

/* The conversion at @p (after '%'); its end, or NULL when it is not one. */
static const char *parse(const char *p, struct conv *c)
{
	const char *start = p - 1;
	size_t n;

	memset(c, 0, sizeof(*c));
	for (; *p && strchr("-+ #0'", *p); p++)
		c->left |= *p == '-';
	if (*p == '*') {
		c->star_w = true;
		p++;
	} else {
		c->width = number(&p);
	}
	if (*p == '.') {
		c->has_p = true;
		if (*++p == '*') {
			c->star_p = true;
			p++;
		} else {
			c->prec = number(&p);
		}
	}
	n = strspn(p, "hljztL");
	if (n > 2 || !p[n])
		return NULL;
	memcpy(c->len, p, n);
	p += n;
	c->type = *p++;
	if ((size_t)(p - start) >= sizeof(c->spec))
		return NULL;
	memcpy(c->spec, start, p - start);
	c->spec[p - start] = '\0';
	return p;
}

#define PUT(f, c, v) do {							\
	if ((c)->star_w && (c)->star_p)						\
		fprintf(f, (c)->spec, (c)->width, (c)->prec, v);		\
	else if ((c)->star_w)							\
		fprintf(f, (c)->spec, (c)->width, v);				\
	else if ((c)->star_p)							\
		fprintf(f, (c)->spec, (c)->prec, v);				\
	else									\
		fprintf(f, (c)->spec, v);					\
} while (0)

/* %s (and glibc's %m): escaped, then padded to the width. */
static void put_str(FILE *f, const struct conv *c, const char *s)
{
	size_t n = s ? (c->has_p && c->prec >= 0 ? strnlen(s, c->prec) : strlen(s)) : 6;
	char *e = malloc(8 * n + 1);

	if (!e)
		return;
	if (s)
		esc_buf(e, 8 * n + 1, s, n, 0);
	else
		memcpy(e, "(null)", 7);
	fprintf(f, c->left ? "%-*s" : "%*s", c->width, e);
	free(e);
}

static void put_signed(FILE *f, const struct conv *c, va_list *ap)
{
	if (!strcmp(c->len, "l"))
		PUT(f, c, va_arg(*ap, long));
	else if (!strcmp(c->len, "ll"))
		PUT(f, c, va_arg(*ap, long long));
	else if (!strcmp(c->len, "z"))
		PUT(f, c, va_arg(*ap, ssize_t));
	else if (!strcmp(c->len, "j"))
		PUT(f, c, va_arg(*ap, intmax_t));
	else if (!strcmp(c->len, "t"))
		PUT(f, c, va_arg(*ap, ptrdiff_t));
	else
		PUT(f, c, va_arg(*ap, int));
}

static void put_unsigned(FILE *f, const struct conv *c, va_list *ap)
{
	if (!strcmp(c->len, "l"))
		PUT(f, c, va_arg(*ap, unsigned long));
	else if (!strcmp(c->len, "ll"))
		PUT(f, c, va_arg(*ap, unsigned long long));
	else if (!strcmp(c->len, "z"))
		PUT(f, c, va_arg(*ap, size_t));
	else if (!strcmp(c->len, "j"))
		PUT(f, c, va_arg(*ap, uintmax_t));
	else if (!strcmp(c->len, "t"))
		PUT(f, c, va_arg(*ap, ptrdiff_t));
	else
		PUT(f, c, va_arg(*ap, unsigned int));
}

/* One conversion's arguments taken and printed; false when it cannot be. */
static bool put(FILE *f, struct conv *c, va_list *ap, int saved_errno)
{
	if (c->star_w) {
		c->width = va_arg(*ap, int);
		if (c->width < 0) {
			c->left = true;
			c->width = -c->width;
		}
	}
	if (c->star_p)
		c->prec = va_arg(*ap, int);
	switch (c->type) {
	case 's':
		put_str(f, c, va_arg(*ap, const char *));
		return true;
	case 'm':
		put_str(f, c, strerror(saved_errno));
		return true;
	case 'd': case 'i':
		put_signed(f, c, ap);
		return true;
	case 'u': case 'x': case 'X': case 'o':
		put_unsigned(f, c, ap);
		return true;
	case 'c':
		put_str(f, c, (char[]){ (char)va_arg(*ap, int), '\0' });
		return true;
	case 'f': case 'F': case 'e': case 'E': case 'g': case 'G': case 'a': case 'A':
		if (!strcmp(c->len, "L"))
			PUT(f, c, va_arg(*ap, long double));
		else
			PUT(f, c, va_arg(*ap, double));
		return true;
	case 'p':
		PUT(f, c, va_arg(*ap, void *));
		return true;
	}
	return false;
}

void text_vprintf(FILE *f, const char *fmt, va_list ap)
{
	int saved_errno = errno;
	struct conv c;
	va_list aq;

	va_copy(aq, ap);
	while (*fmt) {
		const char *pct = strchr(fmt, '%'), *end;

		if (!pct) {
			fputs(fmt, f);
			break;
		}
		fwrite(fmt, 1, pct - fmt, f);
		if (pct[1] == '%') {
			fputc('%', f);
			fmt = pct + 2;
			continue;
		}
		end = parse(pct + 1, &c);
		if (!end || !put(f, &c, &aq, saved_errno))
			break;	/* %n or not a conversion: nothing more is printed */
		fmt = end;
	}
	va_end(aq);
}

void text_printf(FILE *f, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	text_vprintf(f, fmt, ap);
	va_end(ap);
}
