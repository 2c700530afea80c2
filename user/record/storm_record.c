// SPDX-License-Identifier: GPL-2.0
/* Storm records (AT_SRC_STORM): their text line, JSON members and remedy. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include "record/storm_record.h"
#include "stats.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "acpi/key_label.h"

/* The kernel names them gpe%02X (drivers/acpi/sysfs.c). */
void storm_remedy_now(char *buf, size_t len, unsigned int gpe)
{
	snprintf(buf, len, "echo disable > " SYSFS_INTERRUPTS "/gpe%02X", gpe);
}

void storm_remedy_boot(char *buf, size_t len, unsigned int gpe)
{
	snprintf(buf, len, "acpi_mask_gpe=0x%02X", gpe);
}

static uint64_t u64_at(const uint8_t *p)
{
	uint64_t v;

	memcpy(&v, p, sizeof(v));
	return v;
}

static void key_of(const struct at_event *e, char *label, size_t len, char *path, size_t plen)
{
	acpi_key_label(NULL, label, len, e->result, e->number, &e->path, e->wmi.guid);
	acpi_path_format(&e->path, path, plen);
}

void storm_text(char *buf, size_t len, const struct at_event *e)
{
	char label[160], path[ACPI_PATH_MAX], now[96], boot[32];
	const char *src = source_name(e->result);

	key_of(e, label, sizeof(label), path, sizeof(path));
	if (e->subtype == AT_STORM_END) {
		snprintf(buf, len, "END of %s %s storm after %.2f s (peak %" PRIu64
			 "/s, %" PRIu64 " events)", src, label, e->duration_ns / 1e9,
			 (uint64_t)e->value, u64_at(e->data + 8));
		return;
	}
	if (e->result != AT_SRC_GPE) {
		snprintf(buf, len, "STORM %s %s%s%s: %" PRIu64 "/s, %.1f%% of a CPU",
			 src, label, path[0] && e->result != AT_SRC_NOTIFY ? " method " : "",
			 e->result != AT_SRC_NOTIFY ? path : "", (uint64_t)e->value,
			 e->duration_ns / 1e7);
		return;
	}
	storm_remedy_now(now, sizeof(now), e->number);
	storm_remedy_boot(boot, sizeof(boot), e->number);
	snprintf(buf, len, "STORM GPE 0x%02X method %s: %" PRIu64 "/s, %.1f%% of a CPU; "
		 "remedy: %s (now), %s (boot)", e->number, path[0] ? path : "?",
		 (uint64_t)e->value, e->duration_ns / 1e7, now, boot);
}

void storm_json(struct json *j, const struct at_event *e)
{
	char label[160], path[ACPI_PATH_MAX], buf[96];

	key_of(e, label, sizeof(label), path, sizeof(path));
	json_str(j, "state", e->subtype == AT_STORM_END ? "end" : "begin");
	json_str(j, "key_source", source_name(e->result));
	json_str(j, "key", label);
	json_u64(j, "number", e->number);
	if (e->result == AT_SRC_GPE)
		json_u64(j, "gpe", e->number);
	json_str(j, e->result == AT_SRC_NOTIFY ? "path" : "method", path[0] ? path : NULL);
	if (e->subtype == AT_STORM_END) {
		json_u64(j, "peak_rate", e->value);
		json_u64(j, "events", u64_at(e->data + 8));
		json_u64(j, "storm_ns", e->duration_ns);
		return;
	}
	json_u64(j, "rate", e->value);
	json_u64(j, "cpu_ns_per_s", e->duration_ns);
	json_double(j, "cpu_percent", e->duration_ns / 1e7, 2);
	if (e->result != AT_SRC_GPE) {
		json_null(j, "remedy");
		return;
	}
	json_begin_object(j, "remedy");
	storm_remedy_now(buf, sizeof(buf), e->number);
	json_str(j, "now", buf);
	storm_remedy_boot(buf, sizeof(buf), e->number);
	json_str(j, "boot", buf);
	json_end_object(j);
}
