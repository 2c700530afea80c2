// SPDX-License-Identifier: GPL-2.0
/*
 * Reading a recording back (recording/recording.h), line by line.  Lines are
 * untrusted input: each member is checked for its type and range, and a
 * record that does not say what trace -j writes is refused with the
 * member's name.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "recording/recording.h"
#include "acpi/acpi_path.h"
#include "acpi/acpi_sysfs.h"
#include "acpi/decode.h"
#include "acpi/dmi.h"
#include "acpi/guid.h"
#include "lib/json.h"
#include "lib/json_read.h"
#include "lib/sysfs_file.h"
#include "record/method_record.h"

/* ---- reading ------------------------------------------------------------ */

struct rd {
	char *err;
	size_t errlen;
};

__attribute__((format(printf, 2, 3)))
static bool bad(struct rd *r, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(r->err, r->errlen, fmt, ap);
	va_end(ap);
	return false;
}

/* __u64: the record's type (unsigned long long, not uint64_t's long) */
static bool get_u64(struct rd *r, const struct jv *o, const char *key, uint64_t max, __u64 *out)
{
	const struct jv *v = jv_get(o, key);
	uint64_t n = 0;

	if (!v)
		return bad(r, "member \"%s\" is missing", key);
	if (!jv_u64(v, &n) || n > max)
		return bad(r, "member \"%s\" is not an integer from 0 to %llu", key,
			   (unsigned long long)max);
	*out = n;
	return true;
}

/* A string member (NULL allowed when @null_ok) into @out; "" for null. */
static bool get_str(struct rd *r, const struct jv *o, const char *key, bool null_ok,
		    char *out, size_t len)
{
	const struct jv *v = jv_get(o, key);

	if (!v)
		return bad(r, "member \"%s\" is missing", key);
	if (v->type == JV_NULL && null_ok) {
		out[0] = '\0';
		return true;
	}
	if (v->type != JV_STR)
		return bad(r, "member \"%s\" is not a string", key);
	if (v->len >= len || strlen(v->s) != v->len)
		return bad(r, "member \"%s\" is longer than %zu bytes or holds a NUL", key, len - 1);
	memcpy(out, v->s, v->len + 1);
	return true;
}

/* A name of a table (context_name...) back to its number. */
static bool get_enum(struct rd *r, const struct jv *o, const char *key,
		     const char *(*name)(unsigned int), unsigned int n, unsigned int *out)
{
	char s[32];

	if (!get_str(r, o, key, false, s, sizeof(s)))
		return false;
	for (unsigned int i = 0; i < n; i++)
		if (!strcmp(name(i), s)) {
			*out = i;
			return true;
		}
	return bad(r, "member \"%s\": unknown value \"%s\"", key, s);
}

/* An ACPI path member into a leaf-first record path; null = no path. */
static bool get_path(struct rd *r, const struct jv *o, const char *key, struct at_path *p)
{
	uint32_t segs[AT_PATH_SEGS];
	char text[ACPI_PATH_MAX];
	const char *why;
	int n, prefix;

	memset(p, 0, sizeof(*p));
	if (!get_str(r, o, key, true, text, sizeof(text)))
		return false;
	if (!text[0])
		return true;
	n = acpi_path_parse(text, segs, AT_PATH_SEGS, &prefix, &why);
	if (n < 0 || prefix)
		return bad(r, "member \"%s\": \"%s\" is not an ACPI path%s%s", key, text,
			   n < 0 ? ": " : "", n < 0 ? why : "");
	p->depth = n;
	for (int i = 0; i < n; i++)
		p->seg[i] = segs[n - 1 - i];
	return true;
}

static bool get_bytes(struct rd *r, const struct jv *o, const char *key, uint8_t *out,
		      size_t max, size_t *n)
{
	const struct jv *a = jv_get(o, key);
	uint64_t b;

	if (!a || a->type != JV_ARR)
		return bad(r, "member \"%s\" is not an array", key);
	*n = 0;
	for (const struct jv *c = a->child; c; c = c->next) {
		if (*n == max)
			return bad(r, "member \"%s\" has more than %zu bytes", key, max);
		if (!jv_u64(c, &b) || b > 255)
			return bad(r, "member \"%s\": element %zu is not a byte", key, *n);
		out[(*n)++] = b;
	}
	return true;
}

static bool get_bool(struct rd *r, const struct jv *o, const char *key, bool *out)
{
	const struct jv *v = jv_get(o, key);

	if (!v || v->type != JV_BOOL)
		return bad(r, "member \"%s\" is not true or false", key);
	*out = v->b;
	return true;
}

static bool read_head(struct rd *r, const struct jv *o, struct at_event *e)
{
	__u64 v;
	unsigned int ctx = 0;
	char comm[AT_COMM_LEN + 1];

	if (!get_u64(r, o, "ts_ns", UINT64_MAX, &e->ts_ns) ||
	    !get_u64(r, o, "id", UINT64_MAX, &e->id) ||
	    !get_u64(r, o, "parent", UINT64_MAX, &e->parent) ||
	    !get_u64(r, o, "chain", UINT64_MAX, &e->chain) ||
	    !get_u64(r, o, "depth", 255, &v))
		return false;
	e->depth = v;
	if (!e->id)
		return bad(r, "member \"id\" is 0 (record ids start at 1)");
	if (!get_enum(r, o, "context", context_name, AT_CTX_MAX, &ctx))
		return false;
	e->context = ctx;
	if (!get_u64(r, o, "cpu", UINT32_MAX, &v))
		return false;
	e->cpu = v;
	if (!get_u64(r, o, "pid", UINT32_MAX, &v))
		return false;
	e->pid = v;
	if (!get_str(r, o, "comm", false, comm, sizeof(comm)))
		return false;
	memcpy(e->comm, comm, strnlen(comm, AT_COMM_LEN));
	if (jv_get(o, "duration_ns")) {
		if (!get_u64(r, o, "duration_ns", UINT64_MAX, &e->duration_ns))
			return false;
		e->flags |= AT_F_HAS_DURATION;
	}
	if (jv_get(o, "smi")) {
		if (!get_u64(r, o, "smi", UINT32_MAX, &v))
			return false;
		e->smi = v;
		e->flags |= AT_F_HAS_SMI;
	}
	return true;
}

static bool read_gpe(struct rd *r, const struct jv *o, struct at_event *e, bool need_block)
{
	__u64 n;
	unsigned int d = 0;

	if (!get_u64(r, o, "gpe", UINT32_MAX, &n))
		return false;
	e->number = n;
	if (need_block && !get_path(r, o, "block", &e->path2))
		return false;
	/* gpe_dispatch_name says "unknown" for every other number: 0xff */
	if (!get_enum(r, o, "dispatch", gpe_dispatch_name, AT_GPE_RAW_HANDLER + 2, &d))
		return false;
	if (d > AT_GPE_RAW_HANDLER)
		d = AT_GPE_UNKNOWN;
	e->subtype = d;
	return true;
}

/* The _WED payload object, as wmi_data_json wrote it. */
static bool read_wmi_data(struct rd *r, const struct jv *o, struct at_event *e)
{
	const struct jv *d = jv_get(o, "data");
	char type[16];
	size_t n;
	bool trunc = false;

	if (!d)
		return bad(r, "member \"data\" is missing");
	if (d->type == JV_NULL)
		return true;
	if (d->type != JV_OBJ)
		return bad(r, "member \"data\" is not an object or null");
	e->flags |= AT_F_HAS_DATA;
	if (!get_str(r, d, "type", false, type, sizeof(type)) || !get_bool(r, d, "truncated", &trunc))
		return false;
	if (trunc)
		e->flags |= AT_F_DATA_TRUNC;
	if (!strcmp(type, "integer")) {
		e->subtype = AT_OBJ_INTEGER;
		return get_u64(r, d, "value", UINT64_MAX, &e->value);
	}
	if (!get_u64(r, d, "length", UINT64_MAX, &e->value))
		return false;
	if (!strcmp(type, "string")) {
		const struct jv *s = jv_get(d, "value");

		e->subtype = AT_OBJ_STRING;
		if (!s || s->type != JV_STR || s->len > AT_DATA_MAX)
			return bad(r, "member \"data.value\" is not a string of at most %d bytes",
				   AT_DATA_MAX);
		memcpy(e->data, s->s, s->len);
		e->data_len = s->len;
		return true;
	}
	if (!strcmp(type, "buffer"))
		e->subtype = AT_OBJ_BUFFER;
	else if (!strcmp(type, "package"))
		e->subtype = AT_OBJ_PACKAGE;
	else
		return bad(r, "member \"data.type\": unknown value \"%s\"", type);
	if (!get_bytes(r, d, "bytes", e->data, AT_DATA_MAX, &n))
		return false;
	e->data_len = n;
	return true;
}

static bool read_wmi(struct rd *r, const struct jv *o, struct at_event *e)
{
	char guid[GUID_STR_LEN];
	__u64 n;
	bool kernel = false;

	if (!get_str(r, o, "guid", true, guid, sizeof(guid)) ||
	    !get_bool(r, o, "guid_kernel", &kernel) ||
	    !get_u64(r, o, "notify_id", 0xff, &n) || !get_path(r, o, "path", &e->path))
		return false;
	e->wmi.notify_id = n;
	e->number = n;		/* as the WMI hook sets it (bpf/hooks/wmi.bpf.h) */
	if (kernel) {
		if (guid_parse(guid, e->wmi.guid))
			return bad(r, "member \"guid\": \"%s\" is not a GUID", guid);
		e->flags |= AT_F_HAS_GUID;
	}
	return read_wmi_data(r, o, e);
}

static bool read_method(struct rd *r, const struct jv *o, struct at_event *e)
{
	const struct jv *ret;
	__u64 st;

	if (!get_path(r, o, "path", &e->path))
		return false;
	if (jv_get(o, "gpe")) {
		if (!read_gpe(r, o, e, false))
			return false;
		/* 0xff is AT_METHOD_EVAL here: a GPE method's dispatch is always read */
		if (e->subtype == AT_GPE_UNKNOWN)
			return bad(r, "member \"dispatch\": a GPE method record cannot say \"unknown\"");
		return true;
	}
	e->subtype = AT_METHOD_EVAL;
	if (!get_u64(r, o, "status", UINT32_MAX, &st))
		return false;
	e->result = (int32_t)(uint32_t)st;
	ret = jv_get(o, "return");
	if (!ret)
		return bad(r, "member \"return\" is missing");
	if (ret->type != JV_NULL) {
		if (!get_u64(r, o, "return", UINT64_MAX, &e->value))
			return false;
		e->number = (uint32_t)e->value;	/* as the method hook sets it */
		e->flags |= AT_F_HAS_RETURN;
	}
	/* arguments and a returned Buffer: recordings made before them have neither */
	return method_io_read(o, e, r->err, r->errlen);
}

static bool read_ec(struct rd *r, const struct jv *o, struct at_event *e)
{
	__u64 v;
	int64_t res;
	size_t n;

	if (!get_u64(r, o, "command_code", 255, &v))
		return false;
	e->ec.command = v;
	if (!get_bytes(r, o, "wdata", e->ec.wdata, 4, &n))
		return false;
	e->ec.wlen = n;
	if (!get_bytes(r, o, "rdata", e->ec.rdata, 4, &n))
		return false;
	e->ec.rlen = n;
	if (!jv_i64(jv_get(o, "result"), &res) || res < INT32_MIN || res > 0)
		return bad(r, "member \"result\" is not 0 or a negative errno");
	e->result = res;
	if (!get_u64(r, o, "irq_count", UINT32_MAX, &v))
		return false;
	e->number = v;
	return true;
}

static bool read_source(struct rd *r, const struct jv *o, struct at_event *e)
{
	char handler[16];
	__u64 v;
	bool b = false;

	switch (e->source) {
	case AT_SRC_SCI:
		if (!get_bool(r, o, "handled", &b))
			return false;
		e->result = b;
		return true;
	case AT_SRC_GPE:
		if (!read_gpe(r, o, e, true) || !get_path(r, o, "method", &e->path))
			return false;
		/* trace writes a trigger only when the dispatch type was read */
		if (e->subtype != AT_GPE_UNKNOWN && jv_get(o, "trigger")) {
			char t[8];

			if (!get_str(r, o, "trigger", false, t, sizeof(t)))
				return false;
			e->value = !strcmp(t, "level");
		}
		return true;
	case AT_SRC_FIXED:
		if (!get_u64(r, o, "event_id", UINT32_MAX, &v))
			return false;
		e->number = v;
		return true;
	case AT_SRC_NOTIFY:
		if (!get_path(r, o, "path", &e->path) || !get_u64(r, o, "value", UINT32_MAX, &v))
			return false;
		e->number = v;
		return true;
	case AT_SRC_EC:
		return read_ec(r, o, e);
	case AT_SRC_EC_QUERY:
		if (!get_u64(r, o, "query", 255, &v) || !get_path(r, o, "method", &e->path) ||
		    !get_str(r, o, "handler", false, handler, sizeof(handler)))
			return false;
		e->number = v;
		e->ec.rdata[0] = v;
		if (!strcmp(handler, "driver"))
			e->flags |= AT_F_DRIVER_HANDLER;
		return true;
	case AT_SRC_WMI:
		return read_wmi(r, o, e);
	case AT_SRC_GED:
		if (!get_u64(r, o, "irq", UINT32_MAX, &v) || !get_u64(r, o, "gsi", UINT64_MAX, &e->value) ||
		    !get_path(r, o, "method", &e->path))
			return false;
		e->number = v;
		return true;
	case AT_SRC_METHOD:
		return read_method(r, o, e);
	}
	return bad(r, "unknown source");
}

/* ---- the header --------------------------------------------------------- */

static bool read_dmi(struct rd *r, const struct jv *h, struct rec_facts *f)
{
	const struct jv *d = jv_get(h, "dmi");

	if (!d || d->type != JV_OBJ)
		return bad(r, "member \"recording.dmi\" is not an object");
	for (const struct jv *c = d->child; c; c = c->next) {
		if (!dmi_field_known(c->key))
			return bad(r, "recording.dmi: unknown DMI field \"%s\"", c->key);
		if (f->ndmi == REC_DMI_MAX)
			return bad(r, "recording.dmi: more than %d fields", REC_DMI_MAX);
		if (!get_str(r, d, c->key, false, f->dmi[f->ndmi].value, sizeof(f->dmi[0].value)))
			return false;
		snprintf(f->dmi[f->ndmi].field, sizeof(f->dmi[0].field), "%s", c->key);
		f->ndmi++;
	}
	return true;
}

/*
 * A sysfs name of the facts: it becomes a file name in replay's tree.
 * Driver names may hold spaces (asus-laptop's ACPI driver is "Asus Laptop
 * Support" in /sys/bus/acpi/drivers); device names never do.
 */
static bool sysfs_name_ok(const char *s, bool spaces)
{
	if (!s[0] || !strcmp(s, ".") || !strcmp(s, ".."))
		return false;
	for (; *s; s++)
		if (*s == '/' || (unsigned char)*s < 0x20 || (unsigned char)*s > 0x7e ||
		    (*s == ' ' && !spaces))
			return false;
	return true;
}

static bool safe_name(const char *s)
{
	return sysfs_name_ok(s, false);
}

static bool safe_driver(const char *s)
{
	return sysfs_name_ok(s, true);
}

static size_t count(const struct jv *a)
{
	size_t n = 0;

	for (const struct jv *c = a->child; c; c = c->next)
		n++;
	return n;
}

static bool read_devs(struct rd *r, const struct jv *h, struct rec_facts *f)
{
	const struct jv *a = jv_get(h, "devices");
	char path[ACPI_PATH_MAX];

	if (!a || a->type != JV_ARR)
		return bad(r, "member \"recording.devices\" is not an array");
	f->devs = calloc(count(a) + 1, sizeof(*f->devs));
	if (!f->devs)
		return bad(r, "out of memory");
	for (const struct jv *c = a->child; c; c = c->next) {
		struct rec_dev *d = &f->devs[f->ndevs];

		if (!get_str(r, c, "name", false, d->name, sizeof(d->name)) ||
		    !get_str(r, c, "path", false, path, sizeof(path)) ||
		    !get_str(r, c, "hid", true, d->hid, sizeof(d->hid)) ||
		    !get_str(r, c, "uid", true, d->uid, sizeof(d->uid)) ||
		    !get_str(r, c, "driver", true, d->driver, sizeof(d->driver)))
			return false;
		if (!safe_name(d->name))
			return bad(r, "recording.devices[%zu]: \"%s\" cannot be a sysfs name", f->ndevs,
				   d->name);
		if (d->driver[0] && !safe_driver(d->driver))
			return bad(r, "recording.devices[%zu]: driver \"%s\" cannot be a sysfs name",
				   f->ndevs, d->driver);
		if (acpi_path_normalize(path, d->path, sizeof(d->path)))
			return bad(r, "recording.devices[%zu]: \"%s\" is not an ACPI path", f->ndevs, path);
		f->ndevs++;
	}
	return true;
}

static bool read_wmis(struct rd *r, const struct jv *h, struct rec_facts *f)
{
	const struct jv *a = jv_get(h, "wmi");
	uint8_t raw[16];
	__u64 id;

	if (!a || a->type != JV_ARR)
		return bad(r, "member \"recording.wmi\" is not an array");
	f->wmi = calloc(count(a) + 1, sizeof(*f->wmi));
	if (!f->wmi)
		return bad(r, "out of memory");
	for (const struct jv *c = a->child; c; c = c->next) {
		struct rec_wmi *w = &f->wmi[f->nwmi];
		const struct jv *nid = jv_get(c, "notify_id");

		if (!get_str(r, c, "guid", false, w->guid, sizeof(w->guid)) ||
		    !get_str(r, c, "device", true, w->device, sizeof(w->device)) ||
		    !get_str(r, c, "driver", true, w->driver, sizeof(w->driver)))
			return false;
		if (guid_parse(w->guid, raw) || strlen(w->guid) != GUID_STR_LEN - 1)
			return bad(r, "recording.wmi[%zu]: \"%s\" is not a GUID", f->nwmi, w->guid);
		if (w->driver[0] && !safe_driver(w->driver))
			return bad(r, "recording.wmi[%zu]: driver \"%s\" cannot be a sysfs name",
				   f->nwmi, w->driver);
		if (nid && nid->type == JV_NULL) {
			w->notify_id = -1;
		} else {
			if (!get_u64(r, c, "notify_id", 0xff, &id))
				return false;
			w->notify_id = id;
		}
		f->nwmi++;
	}
	return true;
}

static bool read_header(struct rd *r, const struct jv *h, struct rec_facts *f)
{
	__u64 fmt;

	rec_facts_free(f);
	memset(f, 0, sizeof(*f));
	if (h->type != JV_OBJ)
		return bad(r, "member \"recording\" is not an object");
	if (!get_u64(r, h, "format", UINT32_MAX, &fmt))
		return false;
	if (fmt != REC_FORMAT)
		return bad(r, "recording format %llu; this acpitrace reads format %d",
			   (unsigned long long)fmt, REC_FORMAT);
	f->format = fmt;
	if (!get_str(r, h, "kernel", false, f->kernel, sizeof(f->kernel)))
		return false;
	return read_dmi(r, h, f) && read_devs(r, h, f) && read_wmis(r, h, f);
}

enum rec_line rec_parse_line(const char *line, size_t len, struct rec_facts *f,
			     struct at_event *e, char *err, size_t errlen)
{
	struct rd r = { .err = err, .errlen = errlen };
	const struct jv *h, *src;
	enum rec_line ret = REC_ERROR;
	const char *why;
	struct jv *o;
	size_t col;
	int s;

	err[0] = '\0';
	while (len && (line[len - 1] == '\r' || line[len - 1] == ' ' || line[len - 1] == '\t'))
		len--;
	if (!len)
		return REC_SKIP;
	o = jv_parse(line, len, &why, &col);
	if (!o) {
		snprintf(err, errlen, "column %zu: %s", col, why);
		return REC_ERROR;
	}
	if (o->type != JV_OBJ) {
		bad(&r, "not a JSON object");
		goto out;
	}
	h = jv_get(o, "recording");
	if (h) {
		ret = read_header(&r, h, f) ? REC_HEADER : REC_ERROR;
		goto out;
	}
	/* trace's other lines: totals, stats records; learn's transcript steps */
	src = jv_get(o, "source");
	if (!src) {
		ret = jv_get(o, "totals") || jv_get(o, "stats") || jv_get(o, "learn") ?
		      REC_SKIP : REC_ERROR;
		if (ret == REC_ERROR)
			bad(&r, "neither a record (\"source\") nor a header, totals, stats or learn line");
		goto out;
	}
	if (src->type != JV_STR) {
		bad(&r, "member \"source\" is not a string");
		goto out;
	}
	s = source_from_name(src->s);
	if (s == AT_SRC_STORM || s == AT_SRC_SUSPEND || s == AT_SRC_IRQ) {
		/* a storm report, a suspend cycle, a hard IRQ: nothing a policy matches */
		ret = REC_SKIP;
		goto out;
	}
	if (s < 0 || s >= AT_SRC_STORM) {
		bad(&r, "member \"source\": unknown source \"%s\"", src->s);
		goto out;
	}
	memset(e, 0, sizeof(*e));
	e->source = s;
	if (read_head(&r, o, e) && read_source(&r, o, e))
		ret = REC_EVENT;
out:
	jv_free(o);
	return ret;
}
