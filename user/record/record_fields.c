// SPDX-License-Identifier: GPL-2.0
/*
 * The field tables of records (record/record_fields.h) and the two
 * renderers that walk them: the JSON object and the text line's body.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "record/record_fields.h"
#include "record/storm_record.h"
#include "record/method_record.h"
#include "record/suspend_record.h"
#include "acpi/decode.h"
#include "lib/escape.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

bool rf_cond_holds(enum rf_cond cond, const struct rf_ctx *c)
{
	const struct at_event *e = c->e;
	bool eval = e->subtype == AT_METHOD_EVAL;

	switch (cond) {
	case RF_ALWAYS: return true;
	case RF_NEVER: return false;
	case RF_HAS_DEV: return c->v->dev != NULL;
	case RF_HAS_DURATION: return e->flags & AT_F_HAS_DURATION;
	case RF_HAS_SMI: return e->flags & AT_F_HAS_SMI;
	case RF_HAS_WALL: return c->wall != NULL;
	case RF_GPE_KNOWN: return e->subtype != AT_GPE_UNKNOWN;
	case RF_GPE_METHOD: return e->subtype == AT_GPE_METHOD;
	case RF_EC_RW: return e->ec.command == 0x80 || e->ec.command == 0x81;
	case RF_EC_QR: return e->ec.command == 0x84;
	case RF_DRIVER: return e->flags & AT_F_DRIVER_HANDLER;
	case RF_NOT_DRIVER: return !(e->flags & AT_F_DRIVER_HANDLER);
	case RF_EVAL: return eval;
	case RF_NOT_EVAL: return !eval;
	case RF_GPE_NOT_METHOD: return !eval && e->subtype != AT_GPE_METHOD;
	case RF_EVAL_RETURN: return eval && (e->flags & AT_F_HAS_RETURN);
	case RF_EVAL_NO_RETURN: return eval && !(e->flags & AT_F_HAS_RETURN);
	}
	return false;
}

/* ---- Readers: how each field comes out of the record --------------------- */

#define GETTER(fn) static void fn(const struct rf_ctx *c, struct rf_val *v)
#define E (c->e)
#define V (c->v)

/* An empty path is JSON null. */
static void str_or_null(struct rf_val *v, const char *s)
{
	v->s = s[0] ? s : NULL;
	v->null = !v->s;
}

GETTER(get_ts) { v->u = E->ts_ns > c->t0_ns ? E->ts_ns - c->t0_ns : 0; }
GETTER(get_ts_ns) { v->u = E->ts_ns; }
GETTER(get_time) { v->s = c->wall; v->null = !v->s; }
GETTER(get_source) { v->s = V->source; }
GETTER(get_id) { v->u = E->id; }
GETTER(get_parent) { v->u = E->parent; }
GETTER(get_chain) { v->u = E->chain; }
GETTER(get_depth) { v->u = E->depth; }
GETTER(get_context) { v->s = context_name(E->context); }
GETTER(get_cpu) { v->u = E->cpu; }
GETTER(get_pid) { v->u = E->pid; }
GETTER(get_comm) { v->s = E->comm; v->n = strnlen(E->comm, sizeof(E->comm)); }
GETTER(get_duration) { v->u = E->duration_ns; }
GETTER(get_smi) { v->u = E->smi; }

GETTER(get_number) { v->u = E->number; }
GETTER(get_value) { v->u = E->value; }
GETTER(get_path) { str_or_null(v, V->path); }
GETTER(get_path2) { str_or_null(v, V->path2); }
GETTER(get_dev_name) { v->s = V->dev->name; }
GETTER(get_dev_hid) { str_or_null(v, V->dev->hid); }

GETTER(get_handled) { v->b = E->result != 0; }
/* irq: irqaction.name as the kernel gave it (NUL-terminated within 32 bytes) */
GETTER(get_irq_handler)
{
	v->s = (const char *)E->data;
	v->n = strnlen((const char *)E->data, E->data_len > 32 ? 32 : E->data_len);
}

static void irq_handler_json(struct json *j, const struct rf_ctx *c)
{
	struct rf_val v = { 0 };

	get_irq_handler(c, &v);
	json_strn(j, "handler", v.s, v.n);
}

static void irq_handler_text(char *buf, size_t len, const struct rf_ctx *c)
{
	struct rf_val v = { 0 };

	get_irq_handler(c, &v);
	snprintf(buf, len, "%.*s", (int)v.n, v.n ? v.s : "?");
}
GETTER(get_irq_result)
{
	static const char *const r[] = { "none", "handled", "wake_thread", "handled,wake_thread" };

	v->s = E->result >= 0 && E->result < 4 ? r[E->result] : "unknown";
}
GETTER(get_dispatch) { v->s = gpe_dispatch_name(E->subtype); }
GETTER(get_trigger) { v->s = E->value ? "level" : "edge"; }
GETTER(get_fixed_event) { v->s = fixed_event_name(E->number); }
GETTER(get_meaning) { v->s = notify_value_name(E->number, V->video); }

GETTER(get_ec_command) { v->s = ec_command_name(E->ec.command); }
GETTER(get_ec_command_code) { v->u = E->ec.command; }
GETTER(get_ec_address)
{
	v->null = !rf_cond_holds(RF_EC_RW, c);
	v->u = E->ec.wdata[0];
}
/* text only: the byte read (RD_EC) or written (WR_EC) */
GETTER(get_ec_data) { v->u = E->ec.command == 0x80 ? E->ec.rdata[0] : E->ec.wdata[1]; }
GETTER(get_ec_query) { v->u = E->ec.rdata[0]; }
GETTER(get_ec_wdata) { v->bytes = E->ec.wdata; v->n = E->ec.wlen > 4 ? 4 : E->ec.wlen; }
/* nothing was read from a failed transaction */
GETTER(get_ec_rdata)
{
	v->bytes = E->ec.rdata;
	v->n = E->result ? 0 : (E->ec.rlen > 4 ? 4 : E->ec.rlen);
}
GETTER(get_result) { v->i = E->result; }
GETTER(get_errno_name) { v->s = errno_short_name(E->result); }

GETTER(get_handler) { v->s = E->flags & AT_F_DRIVER_HANDLER ? "driver" : "method"; }
GETTER(get_guid) { str_or_null(v, V->guid); }
GETTER(get_guid_kernel) { v->b = E->flags & AT_F_HAS_GUID; }
GETTER(get_notify_id) { v->u = E->wmi.notify_id; }

GETTER(get_status) { v->u = (uint32_t)E->result; }
GETTER(get_status_name) { v->s = acpi_status_name(E->result); }
GETTER(get_status_ok) { v->b = acpi_status_ok(E->result); }
GETTER(get_return)
{
	v->null = !(E->flags & AT_F_HAS_RETURN);
	v->u = E->value;
}

/* ---- Hooks: what a table row cannot say -------------------------------- */

/* Bytes valid in e->data: the record's own count is not trusted past the array. */
static size_t data_len(const struct at_event *e)
{
	return e->data_len < AT_DATA_MAX ? e->data_len : AT_DATA_MAX;
}

static void hex_bytes(char *out, size_t len, const uint8_t *b, size_t n)
{
	size_t pos = 0;

	out[0] = '\0';
	for (size_t i = 0; i < n && pos + 3 <= len; i++)
		pos += snprintf(out + pos, len - pos, "%02x", b[i]);
}

static void json_bytes(struct json *j, const char *key, const uint8_t *b, size_t n)
{
	json_begin_array(j, key);
	for (size_t i = 0; i < n; i++)
		json_u64(j, NULL, b[i]);
	json_end_array(j);
}

/* The _WED payload: {"type", "value" | "length"+"value" | "length"+"hex"+"bytes", "truncated"} */
static void wmi_data_json(struct json *j, const struct rf_ctx *c)
{
	const struct at_event *e = c->e;
	char hex[AT_DATA_MAX * 2 + 1];

	if (!(e->flags & AT_F_HAS_DATA)) {
		json_null(j, "data");
		return;
	}
	json_begin_object(j, "data");
	json_str(j, "type", obj_type_name(e->subtype));
	if (e->subtype == AT_OBJ_INTEGER) {
		json_u64(j, "value", e->value);
	} else if (e->subtype == AT_OBJ_STRING) {
		json_u64(j, "length", e->value);
		json_strn(j, "value", (const char *)e->data, data_len(e));
	} else {
		json_u64(j, "length", e->value);
		hex_bytes(hex, sizeof(hex), e->data, data_len(e));
		json_str(j, "hex", hex);
		json_bytes(j, "bytes", e->data, data_len(e));
	}
	json_bool(j, "truncated", e->flags & AT_F_DATA_TRUNC);
	json_end_object(j);
}

static void wmi_data_text(char *buf, size_t len, const struct rf_ctx *c)
{
	const struct at_event *e = c->e;
	char hex[AT_DATA_MAX * 2 + 1], str[AT_DATA_MAX * 8 + 1];

	if (!(e->flags & AT_F_HAS_DATA)) {
		snprintf(buf, len, "no data");
	} else if (e->subtype == AT_OBJ_INTEGER) {
		snprintf(buf, len, "data=0x%" PRIx64, (uint64_t)e->value);
	} else if (e->subtype == AT_OBJ_STRING) {
		/* up to its NUL, quotes and backslashes escaped too */
		esc_buf(str, sizeof(str), (const char *)e->data,
			strnlen((const char *)e->data, data_len(e)), ESC_QUOTE);
		snprintf(buf, len, "string[%" PRIu64 "]=\"%s\"", (uint64_t)e->value, str);
	} else {
		hex_bytes(hex, sizeof(hex), e->data, data_len(e));
		snprintf(buf, len, "buffer[%" PRIu64 "]=%s%s", (uint64_t)e->value, hex,
			 e->flags & AT_F_DATA_TRUNC ? "..." : "");
	}
}

static void method_args_json_hook(struct json *j, const struct rf_ctx *c)
{
	method_args_json(j, c->e);
}

static void method_args_text_hook(char *buf, size_t len, const struct rf_ctx *c)
{
	method_args_text(buf, len, c->e);
}

static void method_ret_json_hook(struct json *j, const struct rf_ctx *c)
{
	method_ret_json(j, c->e);
}

static void method_ret_text_hook(char *buf, size_t len, const struct rf_ctx *c)
{
	method_ret_text(buf, len, c->e);
}

static void storm_json_hook(struct json *j, const struct rf_ctx *c)
{
	storm_json(j, c->e);
}

static void storm_text_hook(char *buf, size_t len, const struct rf_ctx *c)
{
	storm_text(buf, len, c->e);
}

static void suspend_json_hook(struct json *j, const struct rf_ctx *c)
{
	suspend_json(j, c->e);
}

static void suspend_text_hook(char *buf, size_t len, const struct rf_ctx *c)
{
	suspend_text(buf, len, c->e, NULL);
}

/* ---- The tables ---------------------------------------------------------- */

#define X02 "0x%02" PRIx64	/* a number in text, as 0x1f */
#define LIT(s) { .kind = RF_LIT, .json = RF_NEVER, .text = (s) }
/* text-only twin of JSON member @n (shown where JSON has no place for it) */
#define TWIN(n, k, g, t, when, ...) \
	{ .name = n, .kind = k, .get = g, .json = RF_NEVER, .text = (t), .show = (when), __VA_ARGS__ }

static const struct rec_field head[] = {
	{ .name = "ts", .kind = RF_SECONDS, .get = get_ts },
	{ .name = "ts_ns", .kind = RF_U64, .get = get_ts_ns },
	{ .name = "time", .kind = RF_STR, .get = get_time, .json = RF_HAS_WALL },
	{ .name = "source", .kind = RF_STR, .get = get_source },
	{ .name = "id", .kind = RF_U64, .get = get_id },
	{ .name = "parent", .kind = RF_U64, .get = get_parent },
	{ .name = "chain", .kind = RF_U64, .get = get_chain },
	{ .name = "depth", .kind = RF_U64, .get = get_depth },
	{ .name = "context", .kind = RF_STR, .get = get_context },
	{ .name = "cpu", .kind = RF_U64, .get = get_cpu },
	{ .name = "pid", .kind = RF_U64, .get = get_pid },
	{ .name = "comm", .kind = RF_STRN, .get = get_comm },
};

static const struct rec_field tail[] = {
	{ .name = "duration_ns", .kind = RF_U64, .get = get_duration, .json = RF_HAS_DURATION },
	{ .name = "smi", .kind = RF_U64, .get = get_smi, .json = RF_HAS_SMI },
};

static const struct rec_field sci[] = {
	LIT("SCI"),
	{ .name = "handled", .kind = RF_BOOL, .get = get_handled, .text = " %s",
	  .tbool = { "not handled", "handled" } },
};

static const struct rec_field gpe[] = {
	LIT("GPE"),
	{ .name = "gpe", .kind = RF_U64, .get = get_number, .text = " " X02 },
	{ .name = "block", .kind = RF_STR, .get = get_path2, .text = " on %s", .tnull = "?" },
	{ .name = "dispatch", .kind = RF_STR, .get = get_dispatch, .text = " dispatch=%s" },
	{ .name = "method", .kind = RF_STR, .get = get_path, .text = " %s", .show = RF_GPE_METHOD },
	{ .name = "trigger", .kind = RF_STR, .get = get_trigger, .json = RF_GPE_KNOWN },
};

static const struct rec_field fixed[] = {
	LIT("fixed event"),
	{ .name = "event", .kind = RF_STR, .get = get_fixed_event, .text = " %s" },
	{ .name = "event_id", .kind = RF_U64, .get = get_number },
};

static const struct rec_field notify[] = {
	LIT("Notify("),
	{ .name = "path", .kind = RF_STR, .get = get_path, .text = "%s", .tnull = "?" },
	{ .name = "device", .kind = RF_STR, .get = get_dev_name, .json = RF_HAS_DEV, .text = " (%s)", .show = RF_HAS_DEV },
	{ .name = "hid", .kind = RF_STR, .get = get_dev_hid, .json = RF_HAS_DEV },
	{ .name = "value", .kind = RF_U64, .get = get_number, .text = ", " X02 },
	{ .name = "meaning", .kind = RF_STR, .get = get_meaning, .text = ") %s" },
	TWIN("context", RF_STR, get_context, " [from %s]", RF_ALWAYS),
};

static const struct rec_field ec[] = {
	LIT("EC"),
	{ .name = "command", .kind = RF_STR, .get = get_ec_command, .text = " %s " },
	{ .name = "command_code", .kind = RF_U64, .get = get_ec_command_code },
	{ .name = "address", .kind = RF_U64, .get = get_ec_address, .text = "addr=" X02, .show = RF_EC_RW },
	TWIN(NULL, RF_U64, get_ec_data, " data=" X02, RF_EC_RW),
	TWIN(NULL, RF_U64, get_ec_query, "query=" X02, RF_EC_QR),
	{ .name = "wdata", .kind = RF_BYTES, .get = get_ec_wdata },
	{ .name = "rdata", .kind = RF_BYTES, .get = get_ec_rdata },
	{ .name = "result", .kind = RF_I64, .get = get_result },
	{ .name = "result_name", .kind = RF_STR, .get = get_errno_name, .text = " result=%s" },
	{ .name = "irq_count", .kind = RF_U64, .get = get_number },
};

static const struct rec_field ec_query[] = {
	LIT("EC query"),
	{ .name = "query", .kind = RF_U64, .get = get_number, .text = " " X02 },
	{ .name = "method", .kind = RF_STR, .get = get_path, .text = " -> %s", .show = RF_NOT_DRIVER },
	{ .name = "handler", .kind = RF_STR, .get = get_handler, .text = " -> %s handler", .show = RF_DRIVER },
};

static const struct rec_field wmi[] = {
	LIT("WMI"),
	{ .name = "guid", .kind = RF_STR, .get = get_guid, .text = " %s", .tnull = "?" },
	/* false: looked up in sysfs by device and notify id (6.1); replay needs it */
	{ .name = "guid_kernel", .kind = RF_BOOL, .get = get_guid_kernel },
	{ .name = "notify_id", .kind = RF_U64, .get = get_notify_id, .text = " notify=" X02 },
	{ .name = "path", .kind = RF_STR, .get = get_path, .text = " on %s", .tnull = "?" },
	{ .name = "device", .kind = RF_STR, .get = get_dev_name, .json = RF_HAS_DEV, .text = " (%s)", .show = RF_HAS_DEV },
	{ .name = "hid", .kind = RF_STR, .get = get_dev_hid, .json = RF_HAS_DEV },
	{ .name = "data", .kind = RF_HOOK, .get = NULL, .text = " %s",
	  .json_hook = wmi_data_json, .text_hook = wmi_data_text },
};

static const struct rec_field ged[] = {
	LIT("GED"),
	{ .name = "irq", .kind = RF_U64, .get = get_number, .text = " irq %" PRIu64 },
	{ .name = "gsi", .kind = RF_U64, .get = get_value },
	{ .name = "method", .kind = RF_STR, .get = get_path, .text = " -> %s" },
};

/* "IRQ 8 rtc0 \_SB.PCI0.S08.RTC handled" */
static const struct rec_field irq[] = {
	LIT("IRQ"),
	{ .name = "irq", .kind = RF_U64, .get = get_number, .text = " %" PRIu64 },
	{ .kind = RF_HOOK, .text = " %s", .json_hook = irq_handler_json,
	  .text_hook = irq_handler_text },
	{ .name = "device", .kind = RF_STR, .get = get_path, .text = " %s", .tnull = "(no ACPI device)" },
	{ .name = "result", .kind = RF_STR, .get = get_irq_result, .text = " %s" },
};

/* A method evaluation reads "method PATH STATUS|returned 0xN", a GPE
 * method record "GPE 0xNN method PATH|dispatch NAME". */
static const struct rec_field method[] = {
	{ .kind = RF_LIT, .json = RF_NEVER, .text = "method", .show = RF_EVAL },
	{ .name = "path", .kind = RF_STR, .get = get_path, .text = " %s", .show = RF_EVAL },
	{ .name = "args", .kind = RF_HOOK, .json = RF_EVAL, .text = "%s", .show = RF_EVAL,
	  .json_hook = method_args_json_hook, .text_hook = method_args_text_hook },
	{ .kind = RF_LIT, .json = RF_NEVER, .text = "GPE", .show = RF_NOT_EVAL },
	{ .name = "gpe", .kind = RF_U64, .get = get_number, .json = RF_NOT_EVAL, .text = " " X02, .show = RF_NOT_EVAL },
	TWIN("path", RF_STR, get_path, " method %s", RF_GPE_METHOD),
	{ .name = "dispatch", .kind = RF_STR, .get = get_dispatch, .json = RF_NOT_EVAL,
	  .text = " dispatch %s", .show = RF_GPE_NOT_METHOD },
	{ .name = "status", .kind = RF_U64, .get = get_status, .json = RF_EVAL },
	{ .name = "status_name", .kind = RF_STR, .get = get_status_name, .json = RF_EVAL,
	  .text = " %s", .show = RF_EVAL_NO_RETURN },
	{ .name = "ok", .kind = RF_BOOL, .get = get_status_ok, .json = RF_EVAL },
	{ .name = "return", .kind = RF_U64, .get = get_return, .json = RF_EVAL,
	  .text = " returned 0x%" PRIx64, .show = RF_EVAL_RETURN },
	{ .name = "return_buffer", .kind = RF_HOOK, .json = RF_EVAL, .text = "%s", .show = RF_EVAL,
	  .json_hook = method_ret_json_hook, .text_hook = method_ret_text_hook },
};

/* Storm records keep their own renderers (record/storm_record.c). */
static const struct rec_field storm[] = {
	{ .kind = RF_HOOK, .text = "%s",
	  .json_hook = storm_json_hook, .text_hook = storm_text_hook },
};

/* Suspend records too (record/suspend_record.c). */
static const struct rec_field suspend[] = {
	{ .kind = RF_HOOK, .text = "%s",
	  .json_hook = suspend_json_hook, .text_hook = suspend_text_hook },
};

#define TABLE(t) { t, ARRAY_SIZE(t) }
static const struct {
	const struct rec_field *f;
	size_t n;
} tables[AT_SRC_MAX] = {
	[AT_SRC_SCI] = TABLE(sci),
	[AT_SRC_GPE] = TABLE(gpe),
	[AT_SRC_FIXED] = TABLE(fixed),
	[AT_SRC_NOTIFY] = TABLE(notify),
	[AT_SRC_EC] = TABLE(ec),
	[AT_SRC_EC_QUERY] = TABLE(ec_query),
	[AT_SRC_WMI] = TABLE(wmi),
	[AT_SRC_GED] = TABLE(ged),
	[AT_SRC_METHOD] = TABLE(method),
	[AT_SRC_STORM] = TABLE(storm),
	[AT_SRC_SUSPEND] = TABLE(suspend),
	[AT_SRC_IRQ] = TABLE(irq),
};

const struct rec_field *rec_fields(unsigned int source, size_t *n)
{
	*n = source < AT_SRC_MAX ? tables[source].n : 0;
	return *n ? tables[source].f : NULL;
}

const struct rec_field *rec_fields_head(size_t *n)
{
	*n = ARRAY_SIZE(head);
	return head;
}

const struct rec_field *rec_fields_tail(size_t *n)
{
	*n = ARRAY_SIZE(tail);
	return tail;
}

/* ---- Renderers ------------------------------------------------------------ */

static void json_field(struct json *j, const struct rec_field *f, const struct rf_ctx *c)
{
	struct rf_val v = { 0 };

	if (f->kind == RF_HOOK) {
		f->json_hook(j, c);
		return;
	}
	f->get(c, &v);
	switch (f->kind) {
	case RF_U64:
		if (v.null)
			json_null(j, f->name);
		else
			json_u64(j, f->name, v.u);
		break;
	case RF_I64: json_i64(j, f->name, v.i); break;
	case RF_BOOL: json_bool(j, f->name, v.b); break;
	case RF_STR: json_str(j, f->name, v.null ? NULL : v.s); break;
	case RF_STRN: json_strn(j, f->name, v.s, v.n); break;
	case RF_BYTES: json_bytes(j, f->name, v.bytes, v.n); break;
	case RF_SECONDS: json_double(j, f->name, v.u / 1e9, 6); break;
	case RF_LIT:
	case RF_HOOK:
		break;
	}
}

static void json_fields(struct json *j, const struct rec_field *f, size_t n,
			const struct rf_ctx *c)
{
	for (size_t i = 0; i < n; i++)
		if (rf_cond_holds(f[i].json, c))
			json_field(j, &f[i], c);
}

void rec_json(struct json *j, const struct rf_ctx *c)
{
	const struct rec_field *f;
	size_t n;

	json_begin_object(j, NULL);
	f = rec_fields_head(&n);
	json_fields(j, f, n, c);
	f = rec_fields(c->e->source, &n);
	json_fields(j, f, n, c);
	f = rec_fields_tail(&n);
	json_fields(j, f, n, c);
	json_end_object(j);
}

void rf_text(char *buf, size_t len, const struct rec_field *f, const struct rf_val *v)
{
	switch (f->kind) {
	case RF_LIT: snprintf(buf, len, "%s", f->text); break;
	case RF_U64: snprintf(buf, len, f->text, v->u); break;
	case RF_I64: snprintf(buf, len, f->text, v->i); break;
	case RF_BOOL: snprintf(buf, len, f->text, f->tbool[v->b]); break;
	case RF_STR:
	case RF_HOOK:
		snprintf(buf, len, f->text, v->null || !v->s ? (f->tnull ? f->tnull : "") : v->s);
		break;
	default:
		buf[0] = '\0';	/* no text form */
	}
}

void rec_text_body(char *buf, size_t len, const struct rf_ctx *c)
{
	char frag[768], hook[640];
	size_t n, pos = 0;
	const struct rec_field *f = rec_fields(c->e->source, &n);

	if (!f) {
		snprintf(buf, len, "?");
		return;
	}
	buf[0] = '\0';
	for (size_t i = 0; i < n && pos < len; i++) {
		struct rf_val v = { 0 };

		if (!f[i].text || !rf_cond_holds(f[i].show, c))
			continue;
		if (f[i].kind == RF_HOOK) {
			f[i].text_hook(hook, sizeof(hook), c);
			v.s = hook;
		} else if (f[i].get) {
			f[i].get(c, &v);
		}
		rf_text(frag, sizeof(frag), &f[i], &v);
		pos += snprintf(buf + pos, len - pos, "%s", frag);
	}
}
