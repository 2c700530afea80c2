// SPDX-License-Identifier: GPL-2.0
/*
 * The sysfs facts a suspend record gets when it arrives (the reader,
 * capture/reader.c, adds them): suspend_stats deltas, pm_wakeup_irq,
 * last_hw_sleep and the wake pick.  Moved from record/suspend_record.c:
 * reading the kernel's files is live capture.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "capture/suspend_sysfs.h"
#include "acpi/decode.h"
#include "acpi/irq_owner.h"
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
	char p[340];
	long ms;

	snprintf(p, sizeof(p), "%s/power/wakeup_last_time_ms", dev);
	/* 7.x binds the button to its platform device, which holds the source */
	if (sysfs_read_long(p, &ms))
		snprintf(p, sizeof(p), "%s/physical_node/power/wakeup_last_time_ms", dev);
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

	memcpy(&su, e->data, sizeof(su));	/* data[] need not be aligned */
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
