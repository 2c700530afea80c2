// SPDX-License-Identifier: GPL-2.0
/*
 * capture/reader.c through its fake ring (reader_sample(), what libbpf
 * calls for each sample): every consumer gets whole records, a head-only
 * Notify completed, a suspend record fixed up once.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "test.h"
#include "capture/reader.h"

struct seen {
	int n;
	struct at_event last;
	size_t size;	/* the size the consumer could rely on: always the whole struct */
};

static void on_record(void *ctx, const struct at_event *e)
{
	struct seen *s = ctx;

	s->n++;
	s->last = *e;
	s->size = sizeof(*e);
}

TEST(reader_whole_record_delivered_as_sent)
{
	struct reader r;
	struct seen s = { 0 };
	struct at_event e;

	memset(&e, 0, sizeof(e));
	e.source = AT_SRC_GPE;
	e.number = 0x6f;
	e.path2.depth = 2;	/* a tail field: the sample is whole */
	e.path2.seg[0] = 0x5f4c3646;
	reader_init(&r, on_record, &s);
	reader_sample(&r, &e, sizeof(e));
	CHECK_EQ_INT(s.n, 1);
	CHECK(!memcmp(&s.last, &e, sizeof(e)));
	CHECK_EQ_INT(r.records, 1);
	CHECK_EQ_INT(r.completed, 0);
	CHECK_EQ_INT(r.fixed_up, 0);
}

/* A Notify as the BPF side sends it: its head alone; the tail arrives as zeros. */
TEST(reader_head_only_notify_completed)
{
	struct reader r;
	struct seen s = { 0 };
	unsigned char sample[AT_EV_HEAD_SIZE];
	struct at_event e;

	memset(&e, 0, sizeof(e));
	e.source = AT_SRC_NOTIFY;
	e.number = 0x80;
	e.id = 42;
	e.path.depth = 2;
	e.path.seg[0] = 0x30444950;	/* PID0 */
	e.path.seg[1] = 0x5f42535f;	/* _SB_ */
	memcpy(sample, &e, sizeof(sample));
	/* what lies past the head in the ring is not the record's */
	memset(&s.last, 0xa5, sizeof(s.last));
	reader_init(&r, on_record, &s);
	reader_sample(&r, sample, sizeof(sample));
	CHECK_EQ_INT(s.n, 1);
	CHECK_EQ_INT(s.last.source, AT_SRC_NOTIFY);
	CHECK_EQ_INT(s.last.number, 0x80);
	CHECK_EQ_INT(s.last.id, 42);
	CHECK_EQ_INT(s.last.path.depth, 2);
	CHECK(!memcmp(&s.last, &e, sizeof(e)));	/* the tail is zero, as e's */
	CHECK_EQ_INT(r.completed, 1);
}

TEST(reader_refuses_unknown_sizes)
{
	struct reader r;
	struct seen s = { 0 };
	unsigned char sample[sizeof(struct at_event) + 8] = { 0 };

	reader_init(&r, on_record, &s);
	reader_sample(&r, sample, AT_EV_HEAD_SIZE - 8);
	reader_sample(&r, sample, sizeof(sample));
	reader_sample(&r, sample, 0);
	CHECK_EQ_INT(s.n, 0);
	CHECK_EQ_INT(r.refused, 3);
	CHECK_EQ_INT(r.records, 0);
}

static void put(const char *dir, const char *name, const char *text)
{
	char p[256];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	f = fopen(p, "w");
	CHECK(f != NULL);
	if (!f)
		return;
	fputs(text, f);
	fclose(f);
}

/*
 * The reader adds the cycle's suspend_stats delta once: success went
 * from 4 to 5.  A consumer that filled it again would find no delta (and
 * wait for one), and the ring's own copy is left as the kernel wrote it.
 */
TEST(reader_suspend_fixed_up_once)
{
	char dir[64] = "/tmp/at-reader-XXXXXX", power[96], stats[128], irqs[96], cmd[128];
	struct at_suspend su = { .wake_source = AT_SRC_MAX, .entries = 1 };
	struct reader r;
	struct seen s = { 0 };
	struct at_event e, kernel;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(power, sizeof(power), "%s/power", dir);
	snprintf(stats, sizeof(stats), "%s/suspend_stats", power);
	snprintf(irqs, sizeof(irqs), "%s/interrupts", dir);
	mkdir(power, 0755);
	mkdir(stats, 0755);
	put(stats, "success", "4\n");
	put(stats, "fail", "1\n");
	put(dir, "interrupts", "           CPU0\n  9:          7   IO-APIC   9-fasteoi   acpi\n");

	reader_init(&r, on_record, &s);
	/* the tests' tree instead of the host's /sys (as test_suspend_record.c) */
	suspend_sysfs_init(&r.susp, power, irqs);
	snprintf(r.susp.acpi_irqs, sizeof(r.susp.acpi_irqs), "%s/none", dir);
	snprintf(r.susp.pwrbtn, sizeof(r.susp.pwrbtn), "%s/none", dir);
	put(stats, "success", "5\n");	/* the cycle pm_suspend() counted */

	memset(&e, 0, sizeof(e));
	e.source = AT_SRC_SUSPEND;
	e.number = AT_SUSP_S2IDLE;
	e.path2.depth = 1;	/* whole */
	memcpy(e.data, &su, sizeof(su));
	kernel = e;
	reader_sample(&r, &e, sizeof(e));

	CHECK_EQ_INT(s.n, 1);
	CHECK_EQ_INT(r.fixed_up, 1);
	CHECK(s.last.flags & AT_F_SUSP_SYSFS);
	memcpy(&su, s.last.data, sizeof(su));
	CHECK_EQ_INT(su.d_success, 1);
	CHECK_EQ_INT(su.d_fail, 0);
	CHECK(!memcmp(&e, &kernel, sizeof(e)));	/* the sample itself untouched */

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	CHECK(system(cmd) == 0);
}
