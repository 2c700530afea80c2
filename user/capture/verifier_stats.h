/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel's verifier spent on each program of a BPF object:
 * processed instructions (against the 1 M limit), peak and total states,
 * verification time.  The figures come from the verifier's own statistics
 * log (BPF_LOG_STATS), which costs nothing measurable to produce, so they
 * can be taken on every load that asks for them (`acpitrace probe -v`,
 * `make verify-budget`).
 */
#ifndef VERIFIER_STATS_H
#define VERIFIER_STATS_H

#include <stdbool.h>
#include <stdio.h>

struct bpf_object;

/* The verifier's instruction limit (BPF_COMPLEXITY_LIMIT_INSNS). */
#define VSTATS_INSN_LIMIT	1000000UL
/*
 * The kernel refuses a load (ENOSPC) when the log ever held more than its
 * buffer, counting messages it later discarded on paths it backtracked:
 * bench_capture (bench/policy, verify-budget) needed more than 8 KiB on a
 * 6.18 host once the storm-shedding code was in it, though its final log
 * is under 200 bytes.
 */
#define VSTATS_LOG_SIZE		16384

struct vstats_prog {
	char name[64];
	char log[VSTATS_LOG_SIZE];
	bool parsed;		/* the log held the statistics line */
	unsigned long insns;	/* processed instructions */
	unsigned long peak_states;
	unsigned long total_states;
	unsigned long max_states_per_insn;
	unsigned long usec;	/* verification time */
};

struct vstats {
	struct vstats_prog *progs;
	unsigned int n;
};

/*
 * Before bpf_object__load(): ask the verifier for its statistics on every
 * program that will load.  Returns 0 or -ENOMEM.
 */
int vstats_prepare(struct vstats *vs, struct bpf_object *obj);

/* After the load (successful or not): parse each program's statistics. */
void vstats_collect(struct vstats *vs);

/* Share of the instruction limit, in percent. */
double vstats_pct(const struct vstats_prog *p);

/* The program that used the most of the limit, or NULL. */
const struct vstats_prog *vstats_worst(const struct vstats *vs);

/* One line per program, worst first. */
void vstats_print(const struct vstats *vs, FILE *f);

/* The same as a JSON array of objects named @key. */
struct json;
void vstats_json(const struct vstats *vs, struct json *j, const char *key);

void vstats_free(struct vstats *vs);

#endif
