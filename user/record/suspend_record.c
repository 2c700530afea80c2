// SPDX-License-Identifier: GPL-2.0
/* Suspend records (AT_SRC_SUSPEND): sysfs facts, wake labels, text and JSON. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "record/suspend_record.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "acpi/key_label.h"
#include "lib/sysfs_file.h"

static void stat_path(const struct suspend_sysfs *s, const char *name, char *buf, size_t len)
{
	snprintf(buf, len, "%s/suspend_stats/%s", s->power, name);
}

static int read_stat(const struct suspend_sysfs *s, const char *name, long *v)
{
	char p[320];

	stat_path(s, name, p, sizeof(p));
	return sysfs_read_long(p, v);
}

static void snapshot(struct suspend_sysfs *s, long *ok, long *fail)
{
	s->have_stats = !read_stat(s, "success", ok) && !read_stat(s, "fail", fail);
}

void suspend_sysfs_init(struct suspend_sysfs *s, const char *power_dir,
			const char *interrupts)
{
	memset(s, 0, sizeof(*s));
	snprintf(s->power, sizeof(s->power), "%s", power_dir ? power_dir : "/sys/power");
	snprintf(s->interrupts, sizeof(s->interrupts), "%s",
		 interrupts ? interrupts : "/proc/interrupts");
	snprintf(s->acpi_irqs, sizeof(s->acpi_irqs), "/sys/firmware/acpi/interrupts");
	snprintf(s->pwrbtn, sizeof(s->pwrbtn), "/sys/bus/acpi/devices/LNXPWRBN:00");
	snapshot(s, &s->success, &s->fail);
}

/* A counter that went backwards (another tree, a reset) gives no delta. */
static uint32_t delta(long now, long before)
{
	return now >= before && now - before <= UINT32_MAX ? now - before : 0;
}

/* The IRQ's handler list names the SCI "acpi" (drivers/acpi/osl.c). */
static bool irq_is_sci(const char *owner)
{
	char buf[256], *save = NULL;

	snprintf(buf, sizeof(buf), "%s", owner);
	for (char *t = strtok_r(buf, ", ", &save); t; t = strtok_r(NULL, ", ", &save))
		if (!strcmp(t, "acpi"))
			return true;
	return false;
}

/*
 * After S3 (or S1) the fixed event whose status bit is set, -1 if none.
 * ACPICA clears every PM1 status bit just before the machine sleeps
 * (acpi_hw_clear_acpi_status in acpi_enter_sleep_state), so a bit set now
 * was set by the wakeup or since: the firmware's word on what woke it, even
 * when the event is disabled and never reaches the SCI (QEMU's RTC wakeup
 * from S3: ff_rt_clk reads "STS disabled" afterwards).
 * The kernel shows the bit as the word "STS" in
 * /sys/firmware/acpi/interrupts/ff_* (drivers/acpi/sysfs.c). Not after
 * s2idle, which does not clear the bits: a stale one would be a guess.
 */
static int fixed_status(const char *dir)
{
	static const struct {
		const char *file;
		const char *event;	/* fixed_event_name() */
	} ev[] = { { "ff_rt_clk", "rtc" }, { "ff_pwr_btn", "power_button" },
		   { "ff_slp_btn", "sleep_button" } };

	for (size_t i = 0; i < sizeof(ev) / sizeof(ev[0]); i++) {
		char p[320], line[256], *save = NULL;
		FILE *f;

		snprintf(p, sizeof(p), "%s/%s", dir, ev[i].file);
		f = fopen(p, "re");
		if (!f)
			continue;
		if (!fgets(line, sizeof(line), f))
			line[0] = '\0';
		fclose(f);
		for (char *t = strtok_r(line, " \t\n", &save); t; t = strtok_r(NULL, " \t\n", &save))
			if (!strcmp(t, "STS"))
				return fixed_event_from_name(ev[i].event);
	}
	return -1;
}

/*
 * After S3 the kernel clears the fixed power button's status bit itself
 * (acpi_suspend_enter) and reports a wakeup event of the power button
 * device instead (acpi_pm_finish; only with the button driver bound, which
 * gives the device its wakeup source).  That event's time, in the
 * monotonic clock like the cycle's entry, is in the device's
 * power/wakeup_last_time_ms: after the entry, the power button woke it.
 */
static bool pwrbtn_woke(const char *dev, uint64_t enter_mono_ns)
{
	char p[320];
	long ms;

	snprintf(p, sizeof(p), "%s/power/wakeup_last_time_ms", dev);
	return !sysfs_read_long(p, &ms) && ms > 0 && (uint64_t)ms * 1000000 >= enter_mono_ns;
}

/*
 * Which candidate woke the machine.  An IRQ the kernel caught during the
 * sleep (s2idle, or a wake IRQ in suspend_noirq) decides: the GED event
 * of that IRQ, the SCI event if it is the SCI, else the IRQ itself.
 * Without one (S3: the firmware woke the CPU), the first SCI event after
 * resume is the ACPI status that says why; then, after S3/S1, a fixed
 * event's status bit that no event reported (its event disabled), or the
 * power button's bit the kernel cleared; then a GED event (an interrupt
 * after resume, not a status); else nothing.
 */
static uint8_t pick(struct at_suspend *su, const struct at_event *e,
		    const struct suspend_sysfs *s)
{
	unsigned int state = e->number;
	bool sci = su->wake_source != AT_SRC_MAX, ged = su->ged_chain != 0;
	char owner[256];
	int st;

	if (su->wakeup_irq) {
		if (ged && su->ged_irq == su->wakeup_irq)
			return AT_WAKE_GED;
		suspend_irq_owner(s->interrupts, su->wakeup_irq, owner, sizeof(owner));
		if (sci && irq_is_sci(owner))
			return AT_WAKE_SCI;
		return AT_WAKE_IRQ;
	}
	if (sci)
		return AT_WAKE_SCI;
	if ((state == AT_SUSP_DEEP || state == AT_SUSP_STANDBY) && su->entries) {
		st = fixed_status(s->acpi_irqs);
		if (st < 0 && pwrbtn_woke(s->pwrbtn, e->ts_ns))
			st = fixed_event_from_name("power_button");
		if (st >= 0) {
			su->status_event = st;
			return AT_WAKE_STATUS;
		}
	}
	return ged ? AT_WAKE_GED : AT_WAKE_UNKNOWN;
}

void suspend_sysfs_fill(struct suspend_sysfs *s, struct at_event *e)
{
	struct at_suspend su;
	bool had = s->have_stats;
	long ok, fail, v;
	char p[320];

	suspend_of(e, &su);
	snapshot(s, &ok, &fail);
	/*
	 * pm_suspend() counts every cycle in success or fail just after the
	 * thaw that emitted the record: give it up to 0.5 s to get there.
	 */
	for (int i = 0; had && s->have_stats && ok + fail == s->success + s->fail && i < 10; i++) {
		usleep(50000);
		snapshot(s, &ok, &fail);
	}
	if (s->have_stats && had) {
		su.d_success = delta(ok, s->success);
		su.d_fail = delta(fail, s->fail);
		e->flags |= AT_F_SUSP_SYSFS;
	}
	if (s->have_stats) {
		s->success = ok;
		s->fail = fail;
	}
	/* unreadable (ENODATA) when no IRQ woke the last cycle */
	snprintf(p, sizeof(p), "%s/pm_wakeup_irq", s->power);
	su.wakeup_irq = !sysfs_read_long(p, &v) && v > 0 && v <= UINT32_MAX ? v : 0;
	/* 6.4+; drivers that know the hardware's residency set it (AMD, Intel PMC) */
	if (!read_stat(s, "last_hw_sleep", &v) && v >= 0) {
		su.last_hw_sleep_us = v;
		e->flags |= AT_F_SUSP_HW_SLEEP;
	}
	su.status_event = 0;
	su.pick = pick(&su, e, s);
	memcpy(e->data, &su, sizeof(su));
	e->data_len = sizeof(su);
}

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

void suspend_irq_owner(const char *interrupts, unsigned int irq, char *buf, size_t len)
{
	FILE *f = fopen(interrupts, "re");
	char line[1024];

	buf[0] = '\0';
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *end, *p = line + strspn(line, " ");
		unsigned long n = strtoul(p, &end, 10);
		char *last;

		if (end == p || *end != ':' || n != irq)
			continue;
		/* the handlers' names follow the last counter and chip columns */
		line[strcspn(line, "\n")] = '\0';
		last = strstr(end, "  ");
		while (last && strstr(last + 2, "  "))
			last = strstr(last + 2, "  ");
		if (last)
			snprintf(buf, len, "%s", last + strspn(last, " "));
		break;
	}
	fclose(f);
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
