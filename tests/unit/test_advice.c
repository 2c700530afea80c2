// SPDX-License-Identifier: GPL-2.0
/* Advice on spurious s2idle wakeups (diag/advice.c, diag/wakeups.c, stats). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "test.h"
#include "diag/advice.h"
#include "diag/wakeups.h"
#include "diag/health.h"

TEST(advice_ec_gpe)
{
	char b[320];

	CHECK(wake_advice(AT_SRC_GPE, 0x6e, 7, 8, ADVICE_EC_YES, b, sizeof(b)));
	CHECK_STR(b, "advice: GPE 0x6E caused 7 of 8 spurious s2idle wakeups; it is the "
		  "embedded controller's: boot with acpi.ec_no_wakeup=1 to keep EC events "
		  "from waking s2idle");
}

TEST(advice_other_gpe)
{
	char b[320];

	CHECK(wake_advice(AT_SRC_GPE, 0x17, 2, 3, ADVICE_EC_NO, b, sizeof(b)));
	CHECK_STR(b, "advice: GPE 0x17 caused 2 of 3 spurious s2idle wakeups; mask it with "
		  "'echo disable > /sys/firmware/acpi/interrupts/gpe17' (until reboot) or boot "
		  "with acpi_mask_gpe=0x17");
	CHECK(wake_advice(AT_SRC_GPE, 0x17, 3, 3, ADVICE_EC_UNKNOWN, b, sizeof(b)));
	CHECK_CONTAINS(b, "acpi_mask_gpe=0x17; if it is the embedded controller's, "
		       "acpi.ec_no_wakeup=1 instead");
}

TEST(advice_only_when_dominant)
{
	char b[64] = "untouched";

	/* too few in all, half is not more than half, not a GPE */
	CHECK(!wake_advice(AT_SRC_GPE, 0x6e, 2, 2, ADVICE_EC_YES, b, sizeof(b)));
	CHECK(!wake_advice(AT_SRC_GPE, 0x6e, 4, 8, ADVICE_EC_YES, b, sizeof(b)));
	CHECK(!wake_advice(AT_SRC_FIXED, 1, 8, 8, ADVICE_EC_NO, b, sizeof(b)));
	CHECK_STR(b, "untouched");
	/* a short buffer: truncated, still terminated */
	CHECK(wake_advice(AT_SRC_GPE, 0x6e, 5, 8, ADVICE_EC_YES, b, sizeof(b)));
	CHECK(strlen(b) == sizeof(b) - 1);
}

TEST(advice_ec_by_debugfs_or_method)
{
	char path[] = "/tmp/acpitrace-ecgpe.XXXXXX";
	int fd = mkstemp(path);

	CHECK(fd >= 0);
	/* ec0/gpe as ec_sys prints it (debugfs_create_x32) */
	CHECK(write(fd, "0x0000006e\n", 11) == 11);
	close(fd);
	CHECK(advice_gpe_is_ec(path, 0x6e, 1) == ADVICE_EC_YES);
	CHECK(advice_gpe_is_ec(path, 0x17, 0) == ADVICE_EC_NO);
	CHECK(advice_gpe_is_ec(path, 0, 0) == ADVICE_EC_NO);
	unlink(path);
	/* no debugfs: an _Lxx/_Exx method says not the EC's, none says it is */
	CHECK(advice_gpe_is_ec(path, 0x17, 1) == ADVICE_EC_NO);
	CHECK(advice_gpe_is_ec(path, 0x6e, 0) == ADVICE_EC_YES);
	CHECK(advice_gpe_is_ec(path, 0x6e, -1) == ADVICE_EC_UNKNOWN);
}

/* A suspend record with @n spurious wakeups, the first GPE @gpe. */
static void cycle(struct at_event *e, unsigned int gpe, unsigned int n)
{
	struct at_suspend su = { .wake_source = AT_SRC_MAX, .entries = 1 + n };

	memset(e, 0, sizeof(*e));
	e->source = AT_SRC_SUSPEND;
	e->number = AT_SUSP_S2IDLE;
	su.spurious = n;
	su.spurious_source = AT_SRC_GPE;
	su.spurious_number = gpe;
	memcpy(e->data, &su, sizeof(su));
}

TEST(advice_from_suspend_records)
{
	struct wakeups *w = calloc(1, sizeof(*w));
	struct at_event e;
	char b[320] = "";

	cycle(&e, 0x6e, 2);
	wakeups_add_record(w, &e);
	/* 2 in all: not yet */
	CHECK(!wakeups_advice(w, "/nonexistent", b, sizeof(b)));
	cycle(&e, 0x17, 1);
	wakeups_add_record(w, &e);
	/* 2 of 3 */
	CHECK(wakeups_advice(w, "/nonexistent", b, sizeof(b)));
	CHECK_CONTAINS(b, "GPE 0x6E caused 2 of 3 spurious s2idle wakeups");
	cycle(&e, 0x17, 2);
	wakeups_add_record(w, &e);
	/* 2 and 3 of 5: GPE 0x17 now */
	CHECK(wakeups_advice(w, "/nonexistent", b, sizeof(b)));
	CHECK_CONTAINS(b, "GPE 0x17 caused 3 of 5");
	cycle(&e, 0x6e, 1);
	wakeups_add_record(w, &e);
	/* 3 and 3 of 6: no key dominates */
	CHECK(!wakeups_advice(w, "/nonexistent", b, sizeof(b)));
	free(w);
}

/* @path (a temp file) now says the EC's GPE is @gpe, as debugfs' ec0/gpe would. */
static void ec_gpe_is(const char *path, unsigned int gpe)
{
	FILE *f = fopen(path, "w");

	CHECK(f != NULL);
	if (!f)
		return;
	fprintf(f, "%u\n", gpe);	/* decimal, as the kernel writes it */
	fclose(f);
}

TEST(advice_in_stats_text)
{
	char ec_gpe[] = "/tmp/acpitrace-ecgpe.XXXXXX";
	struct stats_key k[2] = { 0 };
	struct stats_snap s = { 0 };
	char *buf = NULL;
	size_t len = 0;
	int fd = mkstemp(ec_gpe);
	FILE *f;

	CHECK(fd >= 0);
	if (fd < 0)
		return;
	close(fd);
	/* the EC's GPE is another one (never the build host's debugfs) */
	ec_gpe_is(ec_gpe, 0x6e);
	s.ec_gpe_file = ec_gpe;

	k[0].key.source = AT_SRC_GPE;
	k[0].key.number = 0x17;
	k[0].spurious = 5;
	k[0].state.path.depth = 1;	/* an _L17: not the EC's */
	strcpy(k[0].label, "0x17");
	k[1].key.source = AT_SRC_FIXED;
	k[1].key.number = 1;
	k[1].spurious = 1;
	strcpy(k[1].label, "sleep_button");
	s.keys = k;
	s.nkeys = 2;
	s.smi_total = -1;
	f = open_memstream(&buf, &len);
	stats_print_text(f, &s);
	fclose(f);
	CHECK_CONTAINS(buf, "\nSpurious s2idle wakeups: gpe 0x17 5, fixed sleep_button 1\n");
	CHECK_CONTAINS(buf, "advice: GPE 0x17 caused 5 of 6 spurious s2idle wakeups; mask it");
	CHECK_CONTAINS(buf, "\nSMIs: not counted (no msr PMU smi event on this machine)\n");
	/* no counters: no smi column */
	CHECK_CONTAINS(buf, "     time_us  method/storm\n");
	free(buf);
	/* counters: the column, and the machine's total */
	s.smi_total = 7;
	k[0].smi = 2;
	buf = NULL;
	f = open_memstream(&buf, &len);
	stats_print_text(f, &s);
	fclose(f);
	CHECK_CONTAINS(buf, "     time_us    smi  method/storm\n");
	CHECK_CONTAINS(buf, "         0.0      2  ");
	CHECK_CONTAINS(buf, "\nSMIs: 7 on this machine\n");
	free(buf);
	/* the file names GPE 0x17 as the EC's: the advice follows it, not the _L17 */
	ec_gpe_is(ec_gpe, 0x17);
	buf = NULL;
	f = open_memstream(&buf, &len);
	stats_print_text(f, &s);
	fclose(f);
	CHECK_CONTAINS(buf, "advice: GPE 0x17 caused 5 of 6 spurious s2idle wakeups; it is the "
		       "embedded controller's");
	free(buf);
	unlink(ec_gpe);
}
