// SPDX-License-Identifier: GPL-2.0
/*
 * A small recursive-descent JSON reader (lib/json_read.h).  Input is
 * untrusted (a recording a user hands to replay): every read is bounded
 * by the text's length, nesting by JV_DEPTH_MAX, and any error leaves
 * nothing allocated.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "lib/json_read.h"

struct jr {
	const char *p, *start, *end;
	const char *err;
	const char *err_at;
};

static bool fail(struct jr *r, const char *why)
{
	if (!r->err) {
		r->err = why;
		r->err_at = r->p;
	}
	return false;
}

static void skip_ws(struct jr *r)
{
	while (r->p < r->end && (*r->p == ' ' || *r->p == '\t' || *r->p == '\n' || *r->p == '\r'))
		r->p++;
}

static struct jv *node(struct jr *r, enum jv_type t)
{
	struct jv *v = calloc(1, sizeof(*v));

	if (!v)
		fail(r, "out of memory");
	else
		v->type = t;
	return v;
}

static bool lit(struct jr *r, const char *word)
{
	size_t n = strlen(word);

	if ((size_t)(r->end - r->p) < n || memcmp(r->p, word, n))
		return fail(r, "unexpected token");
	r->p += n;
	return true;
}

static bool digits(struct jr *r)
{
	const char *s = r->p;

	while (r->p < r->end && *r->p >= '0' && *r->p <= '9')
		r->p++;
	return r->p > s ? true : fail(r, "a digit was expected");
}

static struct jv *number(struct jr *r)
{
	const char *s = r->p;
	struct jv *v;

	if (r->p < r->end && *r->p == '-')
		r->p++;
	if (r->p < r->end && *r->p == '0')
		r->p++;
	else if (!digits(r))
		return NULL;
	if (r->p < r->end && *r->p == '.') {
		r->p++;
		if (!digits(r))
			return NULL;
	}
	if (r->p < r->end && (*r->p == 'e' || *r->p == 'E')) {
		r->p++;
		if (r->p < r->end && (*r->p == '+' || *r->p == '-'))
			r->p++;
		if (!digits(r))
			return NULL;
	}
	v = node(r, JV_NUM);
	if (!v)
		return NULL;
	v->len = r->p - s;
	v->s = strndup(s, v->len);
	if (!v->s) {
		free(v);
		fail(r, "out of memory");
		return NULL;
	}
	return v;
}

static int hex4(const char *p)
{
	int v = 0;

	for (int i = 0; i < 4; i++) {
		char c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

/* One escape after the backslash into @out; bytes written, or -1. */
static int escape(struct jr *r, char *out)
{
	int u;

	if (r->p >= r->end)
		return fail(r, "unterminated string"), -1;
	switch (*r->p++) {
	case '"': *out = '"'; return 1;
	case '\\': *out = '\\'; return 1;
	case '/': *out = '/'; return 1;
	case 'b': *out = '\b'; return 1;
	case 'f': *out = '\f'; return 1;
	case 'n': *out = '\n'; return 1;
	case 'r': *out = '\r'; return 1;
	case 't': *out = '\t'; return 1;
	case 'u':
		if (r->end - r->p < 4 || (u = hex4(r->p)) < 0)
			return fail(r, "bad \\u escape"), -1;
		r->p += 4;
		/* \u0000-\u00ff: that byte (how acpitrace writes kernel bytes) */
		if (u < 0x100) {
			*out = (char)u;
			return 1;
		}
		if (u >= 0xd800 && u <= 0xdfff)
			return fail(r, "surrogate \\u escapes are not supported"), -1;
		if (u < 0x800) {
			out[0] = (char)(0xc0 | u >> 6);
			out[1] = (char)(0x80 | (u & 0x3f));
			return 2;
		}
		out[0] = (char)(0xe0 | u >> 12);
		out[1] = (char)(0x80 | ((u >> 6) & 0x3f));
		out[2] = (char)(0x80 | (u & 0x3f));
		return 3;
	default:
		r->p--;
		return fail(r, "bad escape in string"), -1;
	}
}

/* At the opening quote; the decoded string (never longer than its text). */
static char *string(struct jr *r, size_t *len)
{
	const char *quote = r->p, *s = ++r->p;
	char *out, *o;

	while (s < r->end && *s != '"')
		s += *s == '\\' ? 2 : 1;
	if (s >= r->end) {
		r->p = quote;	/* the error points at the opening quote */
		fail(r, "unterminated string");
		return NULL;
	}
	out = malloc(s - r->p + 1);
	if (!out) {
		fail(r, "out of memory");
		return NULL;
	}
	o = out;
	while (*r->p != '"') {
		unsigned char c = *r->p;
		int n;

		if (c < 0x20) {
			free(out);
			fail(r, "control character in string");
			return NULL;
		}
		if (c != '\\') {
			*o++ = *r->p++;
			continue;
		}
		r->p++;
		n = escape(r, o);
		if (n < 0) {
			free(out);
			return NULL;
		}
		o += n;
	}
	r->p++;
	*o = '\0';
	*len = o - out;
	return out;
}

static struct jv *value(struct jr *r, int depth);

/* Elements of an array or members of an object, up to @close. */
static struct jv *container(struct jr *r, int depth, enum jv_type t)
{
	char close = t == JV_ARR ? ']' : '}';
	struct jv *v, **tail;

	if (depth >= JV_DEPTH_MAX) {
		fail(r, "nested too deeply");
		return NULL;
	}
	v = node(r, t);
	if (!v)
		return NULL;
	tail = &v->child;
	r->p++;
	skip_ws(r);
	if (r->p < r->end && *r->p == close) {
		r->p++;
		return v;
	}
	for (;;) {
		char *key = NULL;
		size_t klen;
		struct jv *c;

		skip_ws(r);
		if (t == JV_OBJ) {
			if (r->p >= r->end || *r->p != '"' || !(key = string(r, &klen))) {
				fail(r, "a member name was expected");
				goto bad;
			}
			skip_ws(r);
			if (r->p >= r->end || *r->p != ':') {
				free(key);
				fail(r, "':' was expected");
				goto bad;
			}
			r->p++;
		}
		c = value(r, depth + 1);
		if (!c) {
			free(key);
			goto bad;
		}
		c->key = key;
		*tail = c;
		tail = &c->next;
		skip_ws(r);
		if (r->p < r->end && *r->p == ',') {
			r->p++;
			continue;
		}
		if (r->p < r->end && *r->p == close) {
			r->p++;
			return v;
		}
		fail(r, t == JV_ARR ? "',' or ']' was expected" : "',' or '}' was expected");
		goto bad;
	}
bad:
	jv_free(v);
	return NULL;
}

static struct jv *value(struct jr *r, int depth)
{
	struct jv *v;

	skip_ws(r);
	if (r->p >= r->end) {
		fail(r, "a value was expected");
		return NULL;
	}
	switch (*r->p) {
	case '{': return container(r, depth, JV_OBJ);
	case '[': return container(r, depth, JV_ARR);
	case '"':
		v = node(r, JV_STR);
		if (v && !(v->s = string(r, &v->len))) {
			free(v);
			return NULL;
		}
		return v;
	case 't':
	case 'f':
		if (!lit(r, *r->p == 't' ? "true" : "false"))
			return NULL;
		v = node(r, JV_BOOL);
		if (v)
			v->b = r->p[-1] == 'e' && r->p[-2] == 'u';
		return v;
	case 'n':
		return lit(r, "null") ? node(r, JV_NULL) : NULL;
	default:
		if (*r->p == '-' || (*r->p >= '0' && *r->p <= '9'))
			return number(r);
		fail(r, "unexpected character");
		return NULL;
	}
}

struct jv *jv_parse(const char *text, size_t len, const char **err, size_t *col)
{
	struct jr r = { .p = text, .start = text, .end = text + len };
	struct jv *v = value(&r, 0);

	if (v) {
		skip_ws(&r);
		if (r.p < r.end) {
			fail(&r, "text after the value");
			jv_free(v);
			v = NULL;
		}
	}
	if (!v) {
		*err = r.err ? r.err : "invalid JSON";
		*col = (r.err_at ? r.err_at : r.p) - text + 1;
	}
	return v;
}

void jv_free(struct jv *v)
{
	while (v) {
		struct jv *next = v->next;

		jv_free(v->child);
		free(v->s);
		free(v->key);
		free(v);
		v = next;
	}
}

const struct jv *jv_get(const struct jv *o, const char *key)
{
	if (!o || o->type != JV_OBJ)
		return NULL;
	for (const struct jv *c = o->child; c; c = c->next)
		if (!strcmp(c->key, key))
			return c;
	return NULL;
}

bool jv_u64(const struct jv *v, uint64_t *out)
{
	unsigned long long n;
	char *end;

	if (!v || v->type != JV_NUM || v->s[0] == '-' || strpbrk(v->s, ".eE"))
		return false;
	errno = 0;
	n = strtoull(v->s, &end, 10);
	if (errno || *end)
		return false;
	*out = n;
	return true;
}

bool jv_i64(const struct jv *v, int64_t *out)
{
	long long n;
	char *end;

	if (!v || v->type != JV_NUM || strpbrk(v->s, ".eE"))
		return false;
	errno = 0;
	n = strtoll(v->s, &end, 10);
	if (errno || *end)
		return false;
	*out = n;
	return true;
}
