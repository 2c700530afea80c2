// SPDX-License-Identifier: GPL-2.0
/* Suspend records (AT_SRC_SUSPEND): wake labels, text and JSON (the sysfs facts: capture/suspend_sysfs.c). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "record/suspend_record.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "acpi/key_label.h"

const char *suspend_state_name(unsigned int state)
{
	switch (state) {
	case AT_SUSP_S2IDLE: return "s2idle";
	case AT_SUSP_STANDBY: return "standby";
	case AT_SUSP_DEEP: return "deep";
	}
	return "unknown";
}

void suspend_of(const struct at_event *e, struct at_suspend *out)
{
	memcpy(out, e->data, sizeof(*out));
}

static bool acpi_source(unsigned int src)
{
	return src == AT_SRC_GPE || src == AT_SRC_FIXED || src == AT_SRC_GED;
}

static void event_labels(unsigned int src, uint32_t number, const struct at_path *path,
			 char *s, size_t slen, char *key, size_t klen)
{
	snprintf(s, slen, "%s", source_name(src));
	acpi_key_label(NULL, key, klen, src, number, path, NULL);
}

void suspend_wake_labels(const struct at_event *e, char *src, size_t slen,
			 char *key, size_t klen)
{
	struct at_suspend su;

	suspend_of(e, &su);
	switch (su.pick) {
	case AT_WAKE_SCI:
		event_labels(su.wake_source, su.wake_number, &e->path, src, slen, key, klen);
		break;
	case AT_WAKE_GED:
		event_labels(AT_SRC_GED, su.ged_irq, &e->path2, src, slen, key, klen);
		break;
	case AT_WAKE_STATUS:
		event_labels(AT_SRC_FIXED, su.status_event, NULL, src, slen, key, klen);
		break;
	case AT_WAKE_IRQ:
		snprintf(src, slen, "irq");
		snprintf(key, klen, "%u", su.wakeup_irq);
		break;
	default:
		snprintf(src, slen, "unknown");
		snprintf(key, klen, "unknown");
	}
}

bool suspend_spurious_labels(const struct at_event *e, char *src, size_t slen,
			     char *key, size_t klen)
{
	struct at_suspend su;

	suspend_of(e, &su);
	if (!su.spurious || !acpi_source(su.spurious_source))
		return false;
	event_labels(su.spurious_source, su.spurious_number, NULL, src, slen, key, klen);
	return true;
}

/* "fixed rtc", "GPE 0x6f \_GPE._L6F", "GED irq 1 -> \_SB.GED0._EVT" */
static void event_text(char *buf, size_t len, unsigned int src, uint32_t number,
		       const struct at_path *path)
{
	char p[ACPI_PATH_MAX] = "";

	if (path)
		acpi_path_format(path, p, sizeof(p));
	switch (src) {
	case AT_SRC_FIXED:
		snprintf(buf, len, "fixed event %s", fixed_event_name(number));
		break;
	case AT_SRC_GPE:
		snprintf(buf, len, "GPE 0x%02x%s%s", number, p[0] ? " " : "", p);
		break;
	default:
		snprintf(buf, len, "GED irq %u%s%s", number, p[0] ? " -> " : "", p);
		break;
	}
}

void suspend_text(char *buf, size_t len, const struct at_event *e, const char *interrupts)
{
	char wake[ACPI_PATH_MAX + 256], spur[ACPI_PATH_MAX + 128] = "", stats[96] = "";
	char owner[160] = "", ev[ACPI_PATH_MAX + 64];
	struct at_suspend su;

	suspend_of(e, &su);
	switch (su.pick) {
	case AT_WAKE_SCI:
		event_text(ev, sizeof(ev), su.wake_source, su.wake_number, &e->path);
		snprintf(wake, sizeof(wake), "%s (chain %" PRIu64 ")", ev, (uint64_t)su.wake_chain);
		break;
	case AT_WAKE_GED:
		event_text(ev, sizeof(ev), AT_SRC_GED, su.ged_irq, &e->path2);
		snprintf(wake, sizeof(wake), "%s (chain %" PRIu64 ")", ev, (uint64_t)su.ged_chain);
		break;
	case AT_WAKE_STATUS:
		event_text(ev, sizeof(ev), AT_SRC_FIXED, su.status_event, NULL);
		snprintf(wake, sizeof(wake), "%s (status bit set, no event ran)", ev);
		break;
	case AT_WAKE_IRQ:
		suspend_irq_owner(interrupts ? interrupts : "/proc/interrupts", su.wakeup_irq,
				  owner, sizeof(owner));
		snprintf(wake, sizeof(wake), "irq %u%s%s%s (no ACPI event)", su.wakeup_irq,
			 owner[0] ? " (" : "", owner, owner[0] ? ")" : "");
		break;
	default:
		snprintf(wake, sizeof(wake), "unknown (no ACPI event, no wake irq)");
	}
	if (su.spurious && acpi_source(su.spurious_source)) {
		event_text(ev, sizeof(ev), su.spurious_source, su.spurious_number, NULL);
		snprintf(spur, sizeof(spur), ", %u spurious (first %s)", su.spurious, ev);
	}
	if (e->flags & AT_F_SUSP_SYSFS)
		snprintf(stats, sizeof(stats), "; suspend_stats success +%u fail +%u",
			 su.d_success, su.d_fail);
	if (!su.entries) {
		/* thawed without a platform sleep: freezing or a device failed */
		snprintf(buf, len, "suspend %s aborted before the machine slept%s",
			 suspend_state_name(e->number), stats);
		return;
	}
	snprintf(buf, len, "suspend %s asleep %.3f s, woken by %s; %u entr%s%s%s",
		 suspend_state_name(e->number), e->value / 1e9, wake, su.entries,
		 su.entries == 1 ? "y" : "ies", spur, stats);
}

static void candidate_json(struct json *j, const char *name, bool there, unsigned int src,
			   uint32_t number, const struct at_path *path, uint64_t chain)
{
	char s[32], key[ACPI_PATH_MAX + 32], p[ACPI_PATH_MAX];

	if (!there) {
		json_null(j, name);
		return;
	}
	event_labels(src, number, path, s, sizeof(s), key, sizeof(key));
	acpi_path_format(path, p, sizeof(p));
	json_begin_object(j, name);
	json_str(j, "source", s);
	json_str(j, "key", key);
	json_str(j, "path", p[0] ? p : NULL);
	json_u64(j, "chain", chain);
	json_end_object(j);
}

void suspend_json(struct json *j, const struct at_event *e)
{
	static const char *const picks[] = { "unknown", "sci", "ged", "irq", "status" };
	char src[32], key[ACPI_PATH_MAX + 32];
	struct at_suspend su;

	suspend_of(e, &su);
	json_str(j, "state", suspend_state_name(e->number));
	json_u64(j, "state_id", e->number);
	json_u64(j, "asleep_ns", e->value);
	json_u64(j, "entries", su.entries);
	suspend_wake_labels(e, src, sizeof(src), key, sizeof(key));
	json_begin_object(j, "wake");
	json_str(j, "source", src);
	json_str(j, "key", key);
	json_str(j, "by", picks[su.pick < sizeof(picks) / sizeof(picks[0]) ? su.pick : 0]);
	if (su.pick == AT_WAKE_SCI)
		json_u64(j, "chain", su.wake_chain);
	else if (su.pick == AT_WAKE_GED)
		json_u64(j, "chain", su.ged_chain);
	else
		json_null(j, "chain");
	json_end_object(j);
	if (su.wakeup_irq)
		json_u64(j, "wakeup_irq", su.wakeup_irq);
	else
		json_null(j, "wakeup_irq");
	json_u64(j, "events_after_resume", su.wake_events);
	candidate_json(j, "sci_event", su.wake_source != AT_SRC_MAX, su.wake_source,
		       su.wake_number, &e->path, su.wake_chain);
	candidate_json(j, "ged_event", su.ged_chain != 0, AT_SRC_GED, su.ged_irq, &e->path2,
		       su.ged_chain);
	json_u64(j, "spurious", su.spurious);
	if (suspend_spurious_labels(e, src, sizeof(src), key, sizeof(key))) {
		json_begin_object(j, "spurious_first");
		json_str(j, "source", src);
		json_str(j, "key", key);
		json_end_object(j);
	} else {
		json_null(j, "spurious_first");
	}
	if (e->flags & AT_F_SUSP_SYSFS) {
		json_begin_object(j, "suspend_stats");
		json_u64(j, "success", su.d_success);
		json_u64(j, "fail", su.d_fail);
		json_end_object(j);
	} else {
		json_null(j, "suspend_stats");
	}
	if (e->flags & AT_F_SUSP_HW_SLEEP)
		json_u64(j, "last_hw_sleep_us", su.last_hw_sleep_us);
	else
		json_null(j, "last_hw_sleep_us");
}
