// SPDX-License-Identifier: GPL-2.0
/* Suspend records: sysfs deltas, which event woke the machine, text, JSON, metrics. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "test.h"
#include "record/suspend_record.h"
#include "capture/suspend_sysfs.h"
#include "diag/wakeups.h"
#include "diag/health.h"
#include "lib/json.h"

struct tree {
	char dir[64];
	char power[96];
	char irqs[96];
	char acpi[96];	/* a /sys/firmware/acpi/interrupts */
	char pwrbtn[96];	/* a LNXPWRBN:00 device */
};

static void put(const char *dir, const char *name, const char *text)
{
	char p[256];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	f = fopen(p, "w");
	if (!f)
		return;
	fputs(text, f);
	fclose(f);
}

static void tree_make(struct tree *t, bool hw_sleep)
{
	char stats[160];

	snprintf(t->dir, sizeof(t->dir), "/tmp/at-susp-XXXXXX");
	CHECK(mkdtemp(t->dir) != NULL);
	snprintf(t->power, sizeof(t->power), "%s/power", t->dir);
	snprintf(t->irqs, sizeof(t->irqs), "%s/interrupts", t->dir);
	snprintf(t->acpi, sizeof(t->acpi), "%s/acpi-interrupts", t->dir);
	snprintf(t->pwrbtn, sizeof(t->pwrbtn), "%s/LNXPWRBN:00", t->dir);
	snprintf(stats, sizeof(stats), "%s/suspend_stats", t->power);
	mkdir(t->power, 0755);
	mkdir(t->acpi, 0755);
	mkdir(t->pwrbtn, 0755);
	snprintf(stats, sizeof(stats), "%s/power", t->pwrbtn);
	mkdir(stats, 0755);
	put(stats, "wakeup_last_time_ms", "0\n");	/* no wakeup event yet */
	snprintf(stats, sizeof(stats), "%s/suspend_stats", t->power);
	/* as a 6.12 guest shows them after an S3 cycle no event woke */
	put(t->acpi, "ff_rt_clk", "       0         disabled     unmasked\n");
	put(t->acpi, "ff_pwr_btn", "       0   EN    enabled     unmasked\n");
	put(t->acpi, "ff_slp_btn", "       0          invalid     unmasked\n");
	mkdir(stats, 0755);
	put(stats, "success", "4\n");
	put(stats, "fail", "1\n");
	if (hw_sleep)
		put(stats, "last_hw_sleep", "2500000\n");
	put(t->dir, "interrupts",
	    "           CPU0       \n"
	    "  1:         12   IO-APIC   1-edge      ACPI:Ged\n"
	    "  8:          1   IO-APIC   8-edge      rtc0\n"
	    "  9:          7   IO-APIC   9-fasteoi   acpi\n"
	    " 11:          3   IO-APIC  11-fasteoi   virtio0, uhci_hcd:usb1\n");
}

static void tree_free(struct tree *t)
{
	char cmd[160];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", t->dir);
	CHECK(system(cmd) == 0);
}

/* A cycle as the BPF side builds it: an SCI event and a GED event after resume. */
static void record(struct at_event *e, bool sci, bool ged)
{
	struct at_suspend su = { .wake_source = AT_SRC_MAX, .entries = 1 };

	memset(e, 0, sizeof(*e));
	e->source = AT_SRC_SUSPEND;
	e->number = AT_SUSP_S2IDLE;
	e->value = 3000000000ULL;
	e->duration_ns = 3400000000ULL;
	e->flags = AT_F_HAS_DURATION;
	if (sci) {
		su.wake_source = AT_SRC_FIXED;
		su.wake_number = 2;	/* power button */
		su.wake_chain = 41;
		su.wake_events++;
	}
	if (ged) {
		su.ged_chain = 45;
		su.ged_irq = 1;
		su.wake_events++;
		e->path2.seg[0] = 0x5456455f;	/* _EVT */
		e->path2.seg[1] = 0x30444547;	/* GED0 */
		e->path2.seg[2] = 0x5f42535f;	/* _SB_ */
		e->path2.depth = 3;
	}
	memcpy(e->data, &su, sizeof(su));
}

/* One test's sysfs tree, its reader, and the last cycle with its labels. */
struct cycle {
	struct tree t;
	struct suspend_sysfs s;
	struct at_event e;
	__u64 ts_ns;	/* when the cycles are entered (record(): 0) */
	char src[16];
	char key[64];
};

/*
 * Every file the reader looks at is the tree's: suspend_sysfs_init() sets
 * the ACPI fixed events' and the power button's paths to the real sysfs,
 * which a test must never read (its outcome would be the build host's).
 */
static void cycle_init(struct cycle *c, bool hw_sleep)
{
	memset(c, 0, sizeof(*c));
	tree_make(&c->t, hw_sleep);
	suspend_sysfs_init(&c->s, c->t.power, c->t.irqs);
	snprintf(c->s.acpi_irqs, sizeof(c->s.acpi_irqs), "%s", c->t.acpi);
	snprintf(c->s.pwrbtn, sizeof(c->s.pwrbtn), "%s", c->t.pwrbtn);
}

/* record()'s cycle, into @state: as it arrives, before user space fills it. */
static void cycle_record(struct cycle *c, unsigned int state, bool sci, bool ged)
{
	record(&c->e, sci, ged);
	c->e.number = state;
	c->e.ts_ns = c->ts_ns;
}

/* User space fills in the tree's deltas and the pick; the pick's labels. */
static void cycle_fill(struct cycle *c)
{
	suspend_sysfs_fill(&c->s, &c->e);
	suspend_wake_labels(&c->e, c->src, sizeof(c->src), c->key, sizeof(c->key));
}

static void cycle_run(struct cycle *c, unsigned int state, bool sci, bool ged)
{
	cycle_record(c, state, sci, ged);
	cycle_fill(c);
}

/* A cycle in which the machine never slept (no platform sleep entry). */
static void cycle_aborted(struct cycle *c, unsigned int state)
{
	struct at_suspend su;

	cycle_record(c, state, false, false);
	memcpy(&su, c->e.data, sizeof(su));
	su.entries = 0;
	memcpy(c->e.data, &su, sizeof(su));
	cycle_fill(c);
}

/* A record the SCI event @source @number woke, as user space has picked it. */
static void record_sci_picked(struct at_event *e, unsigned int source, unsigned int number)
{
	struct at_suspend su;

	record(e, true, false);
	memcpy(&su, e->data, sizeof(su));
	su.wake_source = source;
	su.wake_number = number;
	su.pick = AT_WAKE_SCI;
	memcpy(e->data, &su, sizeof(su));
}

/* suspend_json() of @e in an object of its own; the caller frees it. */
static char *json_of(const struct at_event *e)
{
	char *buf = NULL;
	size_t len = 0;
	struct json j;
	FILE *f;

	f = open_memstream(&buf, &len);
	json_init(&j, f);
	json_begin_object(&j, NULL);
	suspend_json(&j, e);
	json_end_object(&j);
	fclose(f);
	return buf;
}

/* What @print writes of @s; the caller frees it. */
static char *stats_out(void (*print)(FILE *, const struct stats_snap *),
		       const struct stats_snap *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	f = open_memstream(&buf, &len);
	print(f, s);
	fclose(f);
	return buf;
}

TEST(suspend_irq_owner_from_proc_interrupts)
{
	struct tree t;
	char owner[64];

	tree_make(&t, false);
	suspend_irq_owner(t.irqs, 9, owner, sizeof(owner));
	CHECK_STR(owner, "acpi");
	suspend_irq_owner(t.irqs, 11, owner, sizeof(owner));
	CHECK_STR(owner, "virtio0, uhci_hcd:usb1");
	suspend_irq_owner(t.irqs, 5, owner, sizeof(owner));
	CHECK_STR(owner, "");
	tree_free(&t);
}

TEST(suspend_wake_pick)
{
	char p[160], text[512];
	struct cycle c;

	cycle_init(&c, true);

	/* the SCI woke it (s2idle): its fixed event, not the GED key replayed after */
	snprintf(p, sizeof(p), "%s/pm_wakeup_irq", c.t.power);
	put(c.t.power, "pm_wakeup_irq", "9\n");
	put(c.t.power, "suspend_stats/success", "5\n");
	cycle_run(&c, AT_SUSP_S2IDLE, true, true);
	CHECK_STR(c.src, "fixed");
	CHECK_STR(c.key, "power_button");
	CHECK(c.e.flags & AT_F_SUSP_SYSFS);
	CHECK(c.e.flags & AT_F_SUSP_HW_SLEEP);

	/* the GED's IRQ woke it */
	put(c.t.power, "pm_wakeup_irq", "1\n");
	put(c.t.power, "suspend_stats/success", "6\n");
	cycle_run(&c, AT_SUSP_S2IDLE, true, true);
	CHECK_STR(c.src, "ged");
	CHECK_STR(c.key, "1");

	/* a wake IRQ with no ACPI event of its own: the IRQ, not a guess */
	put(c.t.power, "pm_wakeup_irq", "11\n");
	put(c.t.power, "suspend_stats/success", "7\n");
	cycle_run(&c, AT_SUSP_S2IDLE, true, false);
	CHECK_STR(c.src, "irq");
	CHECK_STR(c.key, "11");
	/* its owner as the tree's interrupts file names it */
	suspend_text(text, sizeof(text), &c.e, c.t.irqs);
	CHECK_CONTAINS(text, "woken by irq 11 (virtio0, uhci_hcd:usb1) (no ACPI event); 1 entry");

	/* no wake IRQ (S3: the firmware woke the CPU): the ACPI status after resume */
	unlink(p);
	put(c.t.power, "suspend_stats/success", "8\n");
	cycle_run(&c, AT_SUSP_S2IDLE, true, false);
	CHECK_STR(c.src, "fixed");

	/* nothing at all (QMP system_wakeup): unknown */
	put(c.t.power, "suspend_stats/fail", "2\n");
	cycle_run(&c, AT_SUSP_S2IDLE, false, false);
	CHECK_STR(c.src, "unknown");
	CHECK_STR(c.key, "unknown");
	tree_free(&c.t);
}

/*
 * S3: no wake IRQ, no SCI event after resume, but the RTC's status bit is
 * set with its event disabled (QEMU's RTC alarm, 6.1 and 6.12 guests):
 * "fixed" "rtc" by status.  Not after s2idle (the bits are not cleared
 * before it: a stale one), not without a platform sleep, and an SCI event
 * or the wake IRQ still come first.
 */
TEST(suspend_wake_fixed_status)
{
	struct at_suspend su;
	char text[512], *buf;
	struct cycle c;

	cycle_init(&c, false);

	/* no status bit set (QMP system_wakeup, a key press): unknown */
	cycle_run(&c, AT_SUSP_DEEP, false, false);
	CHECK_STR(c.src, "unknown");
	CHECK_STR(c.key, "unknown");

	put(c.t.acpi, "ff_rt_clk", "       0     STS disabled     unmasked\n");
	put(c.t.power, "suspend_stats/success", "5\n");
	cycle_run(&c, AT_SUSP_DEEP, false, false);
	CHECK_STR(c.src, "fixed");
	CHECK_STR(c.key, "rtc");
	suspend_text(text, sizeof(text), &c.e, c.t.irqs);
	CHECK_STR(text, "suspend deep asleep 3.000 s, woken by fixed event rtc (status bit set, "
		  "no event ran); 1 entry; suspend_stats success +1 fail +0");
	buf = json_of(&c.e);
	CHECK_CONTAINS(buf, "\"wake\":{\"source\":\"fixed\",\"key\":\"rtc\",\"by\":\"status\",\"chain\":null}");
	CHECK_CONTAINS(buf, "\"sci_event\":null");
	free(buf);

	/* before a GED event replayed after the resume */
	cycle_run(&c, AT_SUSP_DEEP, false, true);
	CHECK_STR(c.key, "rtc");

	/* an SCI event after the resume says more: it wins */
	cycle_run(&c, AT_SUSP_DEEP, true, true);
	CHECK_STR(c.key, "power_button");

	/* s2idle: the bit may be stale */
	cycle_run(&c, AT_SUSP_S2IDLE, false, false);
	CHECK_STR(c.src, "unknown");

	/* deep, but aborted before the machine slept: no wakeup at all */
	cycle_aborted(&c, AT_SUSP_DEEP);
	memcpy(&su, c.e.data, sizeof(su));
	CHECK(su.pick == AT_WAKE_UNKNOWN);

	/* the power button's bit (the kernel clears it itself on S3; a test of the parse) */
	put(c.t.acpi, "ff_rt_clk", "       0         disabled     unmasked\n");
	put(c.t.acpi, "ff_pwr_btn", "       3   EN STS enabled     unmasked\n");
	cycle_run(&c, AT_SUSP_STANDBY, false, false);
	CHECK_STR(c.key, "power_button");

	/*
	 * The power button after S3: the kernel cleared its bit and reported a
	 * wakeup event of the device (6.12 guest, QEMU key press with the button
	 * module): its last event after the cycle's entry (5 s) names it.
	 */
	c.ts_ns = 5000000000ULL;
	put(c.t.acpi, "ff_pwr_btn", "       0   EN    enabled     unmasked\n");
	put(c.t.pwrbtn, "power/wakeup_last_time_ms", "4999\n");	/* before the entry */
	cycle_run(&c, AT_SUSP_DEEP, false, false);
	CHECK_STR(c.src, "unknown");
	put(c.t.pwrbtn, "power/wakeup_last_time_ms", "5200\n");
	cycle_run(&c, AT_SUSP_DEEP, false, false);
	CHECK_STR(c.src, "fixed");
	CHECK_STR(c.key, "power_button");
	suspend_text(text, sizeof(text), &c.e, c.t.irqs);
	CHECK_CONTAINS(text, "woken by fixed event power_button (status bit set, no event ran)");
	{
		/* 7.x: the wakeup source is the button's platform device's */
		char dir[160], file[200];

		snprintf(file, sizeof(file), "%s/power/wakeup_last_time_ms", c.t.pwrbtn);
		CHECK(unlink(file) == 0);
		cycle_run(&c, AT_SUSP_DEEP, false, false);
		CHECK_STR(c.src, "unknown");
		snprintf(dir, sizeof(dir), "%s/physical_node", c.t.pwrbtn);
		CHECK(mkdir(dir, 0755) == 0);
		snprintf(dir, sizeof(dir), "%s/physical_node/power", c.t.pwrbtn);
		CHECK(mkdir(dir, 0755) == 0);
		put(c.t.pwrbtn, "physical_node/power/wakeup_last_time_ms", "5300\n");
		cycle_run(&c, AT_SUSP_DEEP, false, false);
		CHECK_STR(c.key, "power_button");
	}
	/* the RTC's bit, set by the wakeup itself, comes first */
	put(c.t.acpi, "ff_rt_clk", "       0     STS disabled     unmasked\n");
	cycle_run(&c, AT_SUSP_DEEP, false, false);
	CHECK_STR(c.key, "rtc");
	/* not after s2idle */
	put(c.t.acpi, "ff_rt_clk", "       0         disabled     unmasked\n");
	cycle_run(&c, AT_SUSP_S2IDLE, false, false);
	CHECK_STR(c.src, "unknown");
	tree_free(&c.t);
}

TEST(suspend_text_and_json)
{
	char text[512], *buf;
	struct cycle c;

	cycle_init(&c, false);
	put(c.t.power, "pm_wakeup_irq", "9\n");
	put(c.t.power, "suspend_stats/success", "5\n");
	cycle_run(&c, AT_SUSP_S2IDLE, true, true);
	suspend_text(text, sizeof(text), &c.e, c.t.irqs);
	CHECK_STR(text, "suspend s2idle asleep 3.000 s, woken by fixed event power_button "
		  "(chain 41); 1 entry; suspend_stats success +1 fail +0");
	buf = json_of(&c.e);
	CHECK(strstr(buf, "\"state\":\"s2idle\"") != NULL);
	CHECK(strstr(buf, "\"wake\":{\"source\":\"fixed\",\"key\":\"power_button\",\"by\":\"sci\",\"chain\":41}") != NULL);
	CHECK(strstr(buf, "\"ged_event\":{\"source\":\"ged\",\"key\":\"1\",\"path\":\"\\\\_SB.GED0._EVT\",\"chain\":45}") != NULL);
	CHECK(strstr(buf, "\"suspend_stats\":{\"success\":1,\"fail\":0}") != NULL);
	CHECK(strstr(buf, "\"last_hw_sleep_us\":null") != NULL);
	free(buf);

	/* no platform sleep in the cycle: a failed suspend, not a wakeup */
	put(c.t.power, "suspend_stats/fail", "2\n");
	cycle_aborted(&c, AT_SUSP_S2IDLE);
	suspend_text(text, sizeof(text), &c.e, c.t.irqs);
	CHECK_STR(text, "suspend s2idle aborted before the machine slept; "
		  "suspend_stats success +0 fail +1");
	tree_free(&c.t);
}

TEST(suspend_wakeups_metric)
{
	struct wakeups *w = calloc(1, sizeof(*w));
	struct at_event e;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	record(&e, false, false);
	wakeups_add_record(w, &e);
	wakeups_add_record(w, &e);
	f = open_memstream(&buf, &len);
	wakeups_render(f, w);
	fclose(f);
	CHECK(strstr(buf, "acpitrace_wakeups_total{source=\"unknown\",key=\"unknown\"} 2\n") != NULL);
	CHECK(strstr(buf, "# TYPE acpitrace_spurious_wakeups_total counter\n") != NULL);
	free(buf);
	/* keys past the table's size land in one "other" series */
	for (int i = 0; i < WAKEUPS_MAX + 10; i++) {
		record_sci_picked(&e, AT_SRC_GPE, i);
		wakeups_add_record(w, &e);
	}
	CHECK_EQ_INT(w->n, WAKEUPS_MAX);
	CHECK_STR(w->c[WAKEUPS_MAX - 1].source, "other");
	free(w);
}

/*
 * stats and top: the wakeups counted from suspend records reach the key
 * that woke the machine (same source and label), and every wake source,
 * keys or not, is listed in the text and JSON.
 */
TEST(suspend_wakeups_in_stats)
{
	struct wakeups *w = calloc(1, sizeof(*w));
	struct stats_snap *s = calloc(1, sizeof(*s));
	struct stats_key k[2] = { 0 };
	struct at_event e;
	char *buf;

	record_sci_picked(&e, AT_SRC_FIXED, 2);	/* the power button woke it */
	wakeups_add_record(w, &e);
	record(&e, false, false);	/* nothing named a source */
	wakeups_add_record(w, &e);
	k[0].key.source = AT_SRC_FIXED;
	k[0].key.number = 2;
	k[0].count = 3;
	strcpy(k[0].label, "power_button");
	k[1].key.source = AT_SRC_GED;
	k[1].key.number = 1;
	k[1].count = 2;
	strcpy(k[1].label, "1");
	s->keys = k;
	s->nkeys = 2;
	s->smi_total = -1;
	stats_add_wakeups(s, w);
	CHECK_EQ_INT(k[0].wakeups, 1);
	CHECK_EQ_INT(k[1].wakeups, 0);
	buf = stats_out(stats_print_text, s);
	CHECK_CONTAINS(buf, "\nWakeups from suspend: fixed power_button 1, unknown unknown 1\n");
	free(buf);
	buf = stats_out(stats_print_json, s);
	CHECK_CONTAINS(buf, "\"key\":\"power_button\",\"number\":2,\"path\":null,\"count\":3,");
	CHECK_CONTAINS(buf, "\"spurious\":0,\"wakeups\":1,");
	CHECK_CONTAINS(buf, "\"wakeups\":[{\"source\":\"fixed\",\"key\":\"power_button\",\"wakeups\":1},"
		       "{\"source\":\"unknown\",\"key\":\"unknown\",\"wakeups\":1}]");
	free(buf);
	/* a snapshot without suspend records: no wakeups anywhere */
	memset(w, 0, sizeof(*w));
	stats_add_wakeups(s, w);
	CHECK_EQ_INT(k[0].wakeups, 0);
	buf = stats_out(stats_print_text, s);
	CHECK(!strstr(buf, "Wakeups from suspend"));
	free(buf);
	free(s);
	free(w);
}
