// SPDX-License-Identifier: GPL-2.0
/* Method arguments and returned Buffers in records (method_record.h). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "record/method_record.h"
#include "acpi/decode.h"

static void hex_of(char *out, size_t len, const uint8_t *b, size_t n)
{
	size_t pos = 0;

	out[0] = '\0';
	for (size_t i = 0; i < n && pos + 3 <= len; i++)
		pos += snprintf(out + pos, len - pos, "%02x", b[i]);
}

/* {"length","hex","bytes","truncated"} members of a Buffer's first @n bytes */
static void buffer_members(struct json *j, uint64_t length, const uint8_t *b, size_t n)
{
	char hex[AT_DATA_MAX * 2 + 1];

	json_u64(j, "length", length);
	hex_of(hex, sizeof(hex), b, n);
	json_str(j, "hex", hex);
	json_begin_array(j, "bytes");
	for (size_t i = 0; i < n; i++)
		json_u64(j, NULL, b[i]);
	json_end_array(j);
	json_bool(j, "truncated", length > n);
}

static size_t arg_buf_len(const struct at_method_io *io)
{
	return io->arg_buf_len < AT_ARG_BUF ? io->arg_buf_len : AT_ARG_BUF;
}

static size_t ret_len(const struct at_method_io *io)
{
	return io->ret_len < AT_RET_BUF ? io->ret_len : AT_RET_BUF;
}

void method_args_json(struct json *j, const struct at_event *e)
{
	const struct at_method_io *io = &e->io;

	if (!(e->flags & AT_F_HAS_ARGS)) {
		json_null(j, "args");
		return;
	}
	json_begin_array(j, "args");
	for (unsigned int i = 0; i < io->argc && i < 7; i++) {
		unsigned int t = i < AT_ARGS_MAX ? io->arg_type[i] : 0;

		if (i >= AT_ARGS_MAX) {
			json_null(j, NULL);
			continue;
		}
		json_begin_object(j, NULL);
		if (t >= AT_OBJ_INTEGER && t <= AT_OBJ_PACKAGE) {
			json_str(j, "type", obj_type_name(t));
		} else {
			json_str(j, "type", "other");
			json_u64(j, "type_id", t);
		}
		if (t == AT_OBJ_INTEGER)
			json_u64(j, "value", io->arg[i]);
		else if (t == AT_OBJ_BUFFER && io->buf_arg == i)
			buffer_members(j, io->arg[i], io->arg_buf, arg_buf_len(io));
		else if (t == AT_OBJ_BUFFER || t == AT_OBJ_STRING)
			json_u64(j, "length", io->arg[i]);
		json_end_object(j);
	}
	json_end_array(j);
}

void method_ret_json(struct json *j, const struct at_event *e)
{
	if (!(e->flags & AT_F_RET_BUFFER)) {
		json_null(j, "return_buffer");
		return;
	}
	json_begin_object(j, "return_buffer");
	buffer_members(j, e->value, e->io.ret_buf, ret_len(&e->io));
	json_end_object(j);
}

void method_args_text(char *buf, size_t len, const struct at_event *e)
{
	const struct at_method_io *io = &e->io;
	char hex[AT_ARG_BUF * 2 + 1];
	size_t pos;

	buf[0] = '\0';
	if (!(e->flags & AT_F_HAS_ARGS) || len < 2)
		return;
	pos = snprintf(buf, len, "(");
	for (unsigned int i = 0; i < io->argc && i < 7 && pos < len; i++) {
		unsigned int t = i < AT_ARGS_MAX ? io->arg_type[i] : 0;
		const char *sep = i ? ", " : "";

		if (i >= AT_ARGS_MAX) {
			pos += snprintf(buf + pos, len - pos, "%s?", sep);
		} else if (t == AT_OBJ_INTEGER) {
			pos += snprintf(buf + pos, len - pos, "%s0x%" PRIx64, sep, (uint64_t)io->arg[i]);
		} else if (t == AT_OBJ_BUFFER && io->buf_arg == i) {
			hex_of(hex, sizeof(hex), io->arg_buf, arg_buf_len(io));
			pos += snprintf(buf + pos, len - pos, "%sbuffer[%" PRIu64 "]=%s%s", sep,
					(uint64_t)io->arg[i], hex, io->arg[i] > arg_buf_len(io) ? "..." : "");
		} else if (t == AT_OBJ_BUFFER || t == AT_OBJ_STRING) {
			pos += snprintf(buf + pos, len - pos, "%s%s[%" PRIu64 "]", sep, obj_type_name(t),
					(uint64_t)io->arg[i]);
		} else {
			pos += snprintf(buf + pos, len - pos, "%s%s", sep,
					t <= AT_OBJ_PACKAGE ? obj_type_name(t) : "other");
		}
	}
	if (pos < len)
		snprintf(buf + pos, len - pos, ")");
}

void method_ret_text(char *buf, size_t len, const struct at_event *e)
{
	char hex[AT_RET_BUF * 2 + 1];

	buf[0] = '\0';
	if (!(e->flags & AT_F_RET_BUFFER))
		return;
	hex_of(hex, sizeof(hex), e->io.ret_buf, ret_len(&e->io));
	snprintf(buf, len, " returned buffer[%" PRIu64 "]=%s%s", (uint64_t)e->value, hex,
		 e->value > ret_len(&e->io) ? "..." : "");
}

/* ---- reading back --------------------------------------------------------- */

__attribute__((format(printf, 3, 4)))
static bool fail(char *err, size_t len, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, len, fmt, ap);
	va_end(ap);
	return false;
}

static bool read_u64(const struct jv *o, const char *key, uint64_t max, uint64_t *out)
{
	const struct jv *v = jv_get(o, key);

	return v && jv_u64(v, out) && *out <= max;
}

/* "bytes" (at most @max) into @b, *n their count; "length" into *length. */
static bool read_buffer(const struct jv *o, const char *what, uint8_t *b, size_t max,
			uint64_t *length, size_t *n, char *err, size_t errlen)
{
	const struct jv *a = jv_get(o, "bytes");
	uint64_t v;

	if (!read_u64(o, "length", UINT32_MAX, length))
		return fail(err, errlen, "member \"%s.length\" is not an integer from 0 to %u", what,
			    UINT32_MAX);
	if (!a || a->type != JV_ARR)
		return fail(err, errlen, "member \"%s.bytes\" is not an array", what);
	*n = 0;
	for (const struct jv *c = a->child; c; c = c->next) {
		if (*n == max)
			return fail(err, errlen, "member \"%s.bytes\" has more than %zu bytes", what, max);
		if (!jv_u64(c, &v) || v > 255)
			return fail(err, errlen, "member \"%s.bytes\": element %zu is not a byte", what, *n);
		b[(*n)++] = v;
	}
	if (*n > *length)
		return fail(err, errlen, "member \"%s\": more bytes than its length", what);
	return true;
}

static bool type_of(const struct jv *a, unsigned int *t)
{
	const struct jv *v = jv_get(a, "type");
	uint64_t id;

	if (!v || v->type != JV_STR)
		return false;
	for (unsigned int i = AT_OBJ_INTEGER; i <= AT_OBJ_PACKAGE; i++)
		if (!strcmp(v->s, obj_type_name(i))) {
			*t = i;
			return true;
		}
	if (strcmp(v->s, "other") || !read_u64(a, "type_id", 255, &id) ||
	    (id >= AT_OBJ_INTEGER && id <= AT_OBJ_PACKAGE))
		return false;
	*t = id;
	return true;
}

static bool read_arg(const struct jv *a, unsigned int i, struct at_method_io *io, char *err,
		     size_t errlen)
{
	unsigned int t = 0;
	uint64_t v;
	size_t n;

	if (a->type != JV_OBJ || !type_of(a, &t))
		return fail(err, errlen, "member \"args\": element %u is not an argument object", i);
	io->arg_type[i] = t;
	if (t == AT_OBJ_INTEGER) {
		if (!read_u64(a, "value", UINT64_MAX, &v))
			return fail(err, errlen, "member \"args\": element %u has no integer \"value\"", i);
		io->arg[i] = v;
	} else if (t == AT_OBJ_BUFFER && jv_get(a, "bytes")) {
		if (io->buf_arg != AT_ARG_NONE)
			return fail(err, errlen, "member \"args\": bytes of a second Buffer (element %u)", i);
		if (!read_buffer(a, "args", io->arg_buf, AT_ARG_BUF, &v, &n, err, errlen))
			return false;
		io->arg[i] = v;
		io->buf_arg = i;
		io->arg_buf_len = n;
	} else if (t == AT_OBJ_BUFFER || t == AT_OBJ_STRING) {
		if (!read_u64(a, "length", UINT32_MAX, &v))
			return fail(err, errlen, "member \"args\": element %u has no \"length\"", i);
		io->arg[i] = v;
	}
	return true;
}

static bool read_args(const struct jv *o, struct at_event *e, char *err, size_t errlen)
{
	const struct jv *a = jv_get(o, "args");
	unsigned int i = 0;

	if (!a || a->type == JV_NULL)
		return true;
	if (a->type != JV_ARR)
		return fail(err, errlen, "member \"args\" is not an array or null");
	e->io.buf_arg = AT_ARG_NONE;
	for (const struct jv *c = a->child; c; c = c->next, i++) {
		if (i == 7)
			return fail(err, errlen, "member \"args\" has more than 7 arguments");
		if (i >= AT_ARGS_MAX) {
			if (c->type != JV_NULL)
				return fail(err, errlen, "member \"args\": element %u is not null", i);
			continue;
		}
		if (!read_arg(c, i, &e->io, err, errlen))
			return false;
	}
	e->io.argc = i;
	e->flags |= AT_F_HAS_ARGS;
	return true;
}

bool method_io_read(const struct jv *o, struct at_event *e, char *err, size_t errlen)
{
	const struct jv *r = jv_get(o, "return_buffer");
	uint64_t len;
	size_t n;

	if (!read_args(o, e, err, errlen))
		return false;
	if (e->flags & AT_F_HAS_ARGS)
		e->data_len = sizeof(e->io);
	if (!r || r->type == JV_NULL)
		return true;
	if (r->type != JV_OBJ)
		return fail(err, errlen, "member \"return_buffer\" is not an object or null");
	if (e->flags & AT_F_HAS_RETURN)
		return fail(err, errlen, "a record cannot have both \"return\" and \"return_buffer\"");
	if (!read_buffer(r, "return_buffer", e->io.ret_buf, AT_RET_BUF, &len, &n, err, errlen))
		return false;
	e->value = len;
	e->io.ret_len = n;
	e->data_len = sizeof(e->io);
	e->flags |= AT_F_RET_BUFFER;
	return true;
}
