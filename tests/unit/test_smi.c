// SPDX-License-Identifier: GPL-2.0
/* The perf msr PMU's smi event, found in a fake sysfs tree (capture/smi.c). */
#include <stdio.h>
#include <stdlib.h>
#include "test.h"
#include "capture/smi.h"

static char root[64];

static int fake_pmu(const char *type, const char *smi)
{
	char cmd[512];

	snprintf(root, sizeof(root), "/tmp/acpitrace-smi.XXXXXX");
	if (!mkdtemp(root))
		return -1;
	snprintf(cmd, sizeof(cmd), "d=%s/sys/bus/event_source/devices/msr; mkdir -p $d/events"
		 " && printf '%s' >$d/type%s%s%s", root, type, smi ? " && printf '" : "",
		 smi ? smi : "", smi ? "' >$d/events/smi" : "");
	return system(cmd);
}

static void cleanup(void)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf %s", root);
	CHECK(system(cmd) == 0);
}

TEST(smi_event_found)
{
	uint32_t type = 0;
	uint64_t config = 0;
	char why[160] = "";

	CHECK(fake_pmu("10\\n", "event=0x04\\n") == 0);
	CHECK(smi_event(root, &type, &config, why, sizeof(why)) == 0);
	CHECK_EQ_INT(type, 10);
	CHECK_EQ_INT(config, 4);
	cleanup();
}

TEST(smi_event_missing)
{
	uint32_t type = 0;
	uint64_t config = 0;
	char why[256] = "";

	/* an AMD guest: the msr PMU has tsc, no smi */
	CHECK(fake_pmu("10\\n", NULL) == 0);
	CHECK(smi_event(root, &type, &config, why, sizeof(why)) == -1);
	CHECK_CONTAINS(why, "the msr PMU has no smi event");
	cleanup();
	/* a malformed event: refused, named */
	CHECK(fake_pmu("10\\n", "umask=0x04\\n") == 0);
	CHECK(smi_event(root, &type, &config, why, sizeof(why)) == -1);
	CHECK_CONTAINS(why, "expected event=N, got 'umask=0x04'");
	cleanup();
	CHECK(fake_pmu("10\\n", "event=0x4zz\\n") == 0);
	CHECK(smi_event(root, &type, &config, why, sizeof(why)) == -1);
	cleanup();
	/* no PMU at all */
	CHECK(smi_event("/nonexistent", &type, &config, why, sizeof(why)) == -1);
	CHECK_CONTAINS(why, "no perf msr PMU");
}

TEST(smi_closed_counters)
{
	struct smi_counters s = { 0 };

	/* never opened: no total, and closing touches no descriptor */
	CHECK(smi_total(&s) == -1);
	smi_close(&s);
}
