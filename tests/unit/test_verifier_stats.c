// SPDX-License-Identifier: GPL-2.0
/* The verifier's statistics log, as 6.1 and 6.18 print it, parsed. */
#include <stdlib.h>
#include "test.h"
#include "capture/verifier_stats.h"

static void fill(struct vstats_prog *p, const char *name, const char *log)
{
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "%s", name);
	snprintf(p->log, sizeof(p->log), "%s", log);
}

TEST(vstats_parse_and_worst)
{
	struct vstats_prog progs[3];
	struct vstats vs = { .progs = progs, .n = 3 };

	fill(&progs[0], "fe_gev", "verification time 163285 usec\n"
	     "stack depth 96+0+0\n"
	     "processed 18538 insns (limit 1000000) max_states_per_insn 4 "
	     "total_states 507 peak_states 446 mark_read 93\n");
	fill(&progs[1], "bench_capture", "BPF program is too large. Processed 1000001 insn\n"
	     "verification time 5382900 usec\nstack depth 0+344\n"
	     "processed 1000001 insns (limit 1000000) max_states_per_insn 281 "
	     "total_states 48565 peak_states 136755 mark_read 12\n");
	fill(&progs[2], "not_loaded", "");
	vstats_collect(&vs);
	CHECK(progs[0].parsed);
	CHECK_EQ_INT(progs[0].insns, 18538);
	CHECK_EQ_INT(progs[0].peak_states, 446);
	CHECK_EQ_INT(progs[0].total_states, 507);
	CHECK_EQ_INT(progs[0].max_states_per_insn, 4);
	CHECK_EQ_INT(progs[0].usec, 163285);
	CHECK_EQ_INT(progs[1].insns, 1000001);
	CHECK_EQ_INT(progs[1].peak_states, 136755);
	CHECK(vstats_pct(&progs[1]) > 100.0);
	CHECK(!progs[2].parsed);
	CHECK_STR(vstats_worst(&vs)->name, "bench_capture");
}
