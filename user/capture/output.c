// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <string.h>
#include "capture/output.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "acpi/guid.h"
#include "lib/escape.h"
#include "lib/json.h"
#include "lib/time.h"
#include "capture/storm_record.h"

/* Everything derived from a record that both formats print. */
struct view {
	char path[ACPI_PATH_MAX];
	char path2[ACPI_PATH_MAX];
	const struct acpi_dev_entry *dev;
	char guid[GUID_STR_LEN];
	bool video;
};

static bool is_video_target(const struct view *v)
{
	/* acpi_video's devices: the Video Bus (LNXVIDEO) and its outputs */
	return v->dev && (!strncmp(v->dev->name, "LNXVIDEO", 8) ||
			  !strcmp(v->dev->hid, "LNXVIDEO"));
}

static void make_view(const struct output *o, const struct at_event *e,
		      struct view *v)
{
	memset(v, 0, sizeof(*v));
	acpi_path_format(&e->path, v->path, sizeof(v->path));
	acpi_path_format(&e->path2, v->path2, sizeof(v->path2));
	if (o->sys && v->path[0])
		v->dev = acpi_sysfs_dev(o->sys, v->path);
	if (e->source == AT_SRC_WMI) {
		if (e->flags & AT_F_HAS_GUID) {
			guid_format(e->wmi.guid, v->guid);
		} else if (o->sys) {
			const char *g = acpi_sysfs_wmi_guid(o->sys, v->path,
							    e->wmi.notify_id);
			if (g)
				snprintf(v->guid, sizeof(v->guid), "%s", g);
		}
	}
	/* outputs of a video bus have no HID: look at the parent too */
	v->video = is_video_target(v);
	if (!v->video && o->sys && e->source == AT_SRC_NOTIFY &&
	    (e->number >= 0x85 && e->number <= 0x89)) {
		char parent[ACPI_PATH_MAX];
		char *dot;

		snprintf(parent, sizeof(parent), "%s", v->path);
		dot = strrchr(parent, '.');
		if (dot) {
			*dot = '\0';
			const struct acpi_dev_entry *pd = acpi_sysfs_dev(o->sys, parent);

			v->video = pd && !strncmp(pd->name, "LNXVIDEO", 8);
		}
	}
}

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

/* ---- JSON -------------------------------------------------------------- */

static void json_bytes(struct json *j, const char *key, const uint8_t *b, size_t n)
{
	json_begin_array(j, key);
	for (size_t i = 0; i < n; i++)
		json_u64(j, NULL, b[i]);
	json_end_array(j);
}

static void json_wmi_data(struct json *j, const struct at_event *e)
{
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

static void json_path(struct json *j, const char *key, const char *path,
		      const struct acpi_dev_entry *dev)
{
	json_str(j, key, path[0] ? path : NULL);
	if (dev && key && !strcmp(key, "path")) {
		json_str(j, "device", dev->name);
		json_str(j, "hid", dev->hid[0] ? dev->hid : NULL);
	}
}

static void json_source_fields(struct json *j, const struct at_event *e,
			       const struct view *v)
{
	switch (e->source) {
	case AT_SRC_SCI:
		json_bool(j, "handled", e->result != 0);
		break;
	case AT_SRC_GPE:
		json_u64(j, "gpe", e->number);
		json_str(j, "block", v->path2[0] ? v->path2 : NULL);
		json_str(j, "dispatch", gpe_dispatch_name(e->subtype));
		json_str(j, "method", v->path[0] ? v->path : NULL);
		if (e->subtype != AT_GPE_UNKNOWN)
			json_str(j, "trigger", e->value ? "level" : "edge");
		break;
	case AT_SRC_FIXED:
		json_str(j, "event", fixed_event_name(e->number));
		json_u64(j, "event_id", e->number);
		break;
	case AT_SRC_NOTIFY:
		json_path(j, "path", v->path, v->dev);
		json_u64(j, "value", e->number);
		json_str(j, "meaning", notify_value_name(e->number, v->video));
		break;
	case AT_SRC_EC:
		json_str(j, "command", ec_command_name(e->ec.command));
		json_u64(j, "command_code", e->ec.command);
		if (e->ec.command == 0x80 || e->ec.command == 0x81)
			json_u64(j, "address", e->ec.wdata[0]);
		else
			json_null(j, "address");
		json_bytes(j, "wdata", e->ec.wdata, e->ec.wlen > 4 ? 4 : e->ec.wlen);
		json_bytes(j, "rdata", e->result ? e->ec.rdata : e->ec.rdata,
			   e->result ? 0 : (e->ec.rlen > 4 ? 4 : e->ec.rlen));
		json_i64(j, "result", e->result);
		json_str(j, "result_name", errno_short_name(e->result));
		json_u64(j, "irq_count", e->number);
		break;
	case AT_SRC_EC_QUERY:
		json_u64(j, "query", e->number);
		json_str(j, "method", v->path[0] ? v->path : NULL);
		json_str(j, "handler", e->flags & AT_F_DRIVER_HANDLER ? "driver" : "method");
		break;
	case AT_SRC_WMI:
		json_str(j, "guid", v->guid[0] ? v->guid : NULL);
		json_u64(j, "notify_id", e->wmi.notify_id);
		json_path(j, "path", v->path, v->dev);
		json_wmi_data(j, e);
		break;
	case AT_SRC_GED:
		json_u64(j, "irq", e->number);
		json_u64(j, "gsi", e->value);
		json_str(j, "method", v->path[0] ? v->path : NULL);
		break;
	case AT_SRC_METHOD:
		json_path(j, "path", v->path, NULL);
		if (e->subtype != AT_METHOD_EVAL) {
			json_u64(j, "gpe", e->number);
			json_str(j, "dispatch", gpe_dispatch_name(e->subtype));
		} else {
			json_u64(j, "status", (uint32_t)e->result);
			json_str(j, "status_name", acpi_status_name(e->result));
			json_bool(j, "ok", acpi_status_ok(e->result));
			if (e->flags & AT_F_HAS_RETURN)
				json_u64(j, "return", e->value);
			else
				json_null(j, "return");
		}
		break;
	case AT_SRC_STORM:
		storm_json(j, e);
		break;
	}
}

static void output_json(struct output *o, const struct at_event *e,
			const struct view *v)
{
	struct json j;
	uint64_t rel = e->ts_ns > o->t0_ns ? e->ts_ns - o->t0_ns : 0;
	char wall[40];

	json_init(&j, o->out);
	json_begin_object(&j, NULL);
	json_double(&j, "ts", rel / 1e9, 6);
	json_u64(&j, "ts_ns", e->ts_ns);
	if (o->wall_off_ns && !rfc3339_format(e->ts_ns + o->wall_off_ns, wall, sizeof(wall)))
		json_str(&j, "time", wall);
	json_str(&j, "source", source_name(e->source));
	json_u64(&j, "id", e->id);
	json_u64(&j, "parent", e->parent);
	json_u64(&j, "chain", e->chain);
	json_u64(&j, "depth", e->depth);
	json_str(&j, "context", context_name(e->context));
	json_u64(&j, "cpu", e->cpu);
	json_u64(&j, "pid", e->pid);
	json_strn(&j, "comm", e->comm, strnlen(e->comm, sizeof(e->comm)));
	json_source_fields(&j, e, v);
	if (e->flags & AT_F_HAS_DURATION)
		json_u64(&j, "duration_ns", e->duration_ns);
	json_end_object(&j);
}

/* ---- Text -------------------------------------------------------------- */

static const char *with_dev(const char *path, const struct acpi_dev_entry *dev,
			    char *buf, size_t len)
{
	if (!path[0])
		return "?";
	if (!dev)
		return path;
	snprintf(buf, len, "%s (%s)", path, dev->name);
	return buf;
}

static void fmt_duration(char *buf, size_t len, const struct at_event *e)
{
	double ns = e->duration_ns;

	if (!(e->flags & AT_F_HAS_DURATION))
		buf[0] = '\0';
	else if (ns < 1e3)
		snprintf(buf, len, " %.0fns", ns);
	else if (ns < 1e6)
		snprintf(buf, len, " %.1fus", ns / 1e3);
	else
		snprintf(buf, len, " %.2fms", ns / 1e6);
}

static void text_wmi_data(char *buf, size_t len, const struct at_event *e)
{
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

static void text_body(char *buf, size_t len, const struct at_event *e,
		      const struct view *v)
{
	char a[ACPI_PATH_MAX + 48], d[AT_DATA_MAX * 8 + 48];

	switch (e->source) {
	case AT_SRC_SCI:
		snprintf(buf, len, "SCI %s", e->result ? "handled" : "not handled");
		break;
	case AT_SRC_GPE:
		if (e->subtype == AT_GPE_METHOD)
			snprintf(buf, len, "GPE 0x%02x on %s dispatch=method %s", e->number,
				 v->path2[0] ? v->path2 : "?", v->path);
		else
			snprintf(buf, len, "GPE 0x%02x on %s dispatch=%s", e->number,
				 v->path2[0] ? v->path2 : "?", gpe_dispatch_name(e->subtype));
		break;
	case AT_SRC_FIXED:
		snprintf(buf, len, "fixed event %s", fixed_event_name(e->number));
		break;
	case AT_SRC_NOTIFY:
		snprintf(buf, len, "Notify(%s, 0x%02x) %s [from %s]",
			 with_dev(v->path, v->dev, a, sizeof(a)), e->number,
			 notify_value_name(e->number, v->video), context_name(e->context));
		break;
	case AT_SRC_EC:
		if (e->ec.command == 0x80)
			snprintf(d, sizeof(d), "addr=0x%02x data=0x%02x", e->ec.wdata[0],
				 e->ec.rdata[0]);
		else if (e->ec.command == 0x81)
			snprintf(d, sizeof(d), "addr=0x%02x data=0x%02x", e->ec.wdata[0],
				 e->ec.wdata[1]);
		else if (e->ec.command == 0x84)
			snprintf(d, sizeof(d), "query=0x%02x", e->ec.rdata[0]);
		else
			d[0] = '\0';
		snprintf(buf, len, "EC %s %s result=%s", ec_command_name(e->ec.command), d,
			 errno_short_name(e->result));
		break;
	case AT_SRC_EC_QUERY:
		snprintf(buf, len, "EC query 0x%02x -> %s", e->number,
			 e->flags & AT_F_DRIVER_HANDLER ? "driver handler" : v->path);
		break;
	case AT_SRC_WMI:
		text_wmi_data(d, sizeof(d), e);
		snprintf(buf, len, "WMI %s notify=0x%02x on %s %s", v->guid[0] ? v->guid : "?",
			 e->wmi.notify_id, with_dev(v->path, v->dev, a, sizeof(a)), d);
		break;
	case AT_SRC_GED:
		snprintf(buf, len, "GED irq %u -> %s", e->number, v->path);
		break;
	case AT_SRC_METHOD:
		if (e->subtype != AT_METHOD_EVAL)
			snprintf(buf, len, "GPE 0x%02x %s %s", e->number,
				 e->subtype == AT_GPE_METHOD ? "method" : "dispatch",
				 e->subtype == AT_GPE_METHOD ? v->path :
				 gpe_dispatch_name(e->subtype));
		else if (e->flags & AT_F_HAS_RETURN)
			snprintf(buf, len, "method %s returned 0x%" PRIx64, v->path, (uint64_t)e->value);
		else
			snprintf(buf, len, "method %s %s", v->path, acpi_status_name(e->result));
		break;
	case AT_SRC_STORM:
		storm_text(buf, len, e);
		break;
	default:
		snprintf(buf, len, "?");
	}
}

static void output_text(struct output *o, const struct at_event *e,
			const struct view *v)
{
	char body[768], safe[1024], dur[32], wall[40];
	uint64_t rel = e->ts_ns > o->t0_ns ? e->ts_ns - o->t0_ns : 0;
	int indent = e->depth > 8 ? 16 : e->depth * 2;

	text_body(body, sizeof(body), e, v);
	/* AML names and device names come from the record and sysfs */
	esc_str(safe, sizeof(safe), body, 0);
	fmt_duration(dur, sizeof(dur), e);
	if (o->wall_text && o->wall_off_ns &&
	    !rfc3339_format(e->ts_ns + o->wall_off_ns, wall, sizeof(wall)))
		fprintf(o->out, "%s ", wall);
	fprintf(o->out, "%12.6f cpu%-2u %*s%-8s %s%s\n", rel / 1e9, e->cpu, indent, "",
		source_name(e->source), safe, dur);
}

void output_event(struct output *o, const struct at_event *e)
{
	struct view v;

	make_view(o, e, &v);
	if (o->json)
		output_json(o, e, &v);
	else
		output_text(o, e, &v);
	fflush(o->out);
}
