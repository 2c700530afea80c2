// SPDX-License-Identifier: GPL-2.0
/*
 * user/capture/skel.c: the build without fetch atomics
 * (compat.bpf.o, bpf/nofetch.bpf.h) opens into the default
 * skeleton, with the same global data layout, and holds no instruction or
 * helper a kernel before 5.13 lacks; the default build does use them (so
 * the scan below can fail).
 */
#include <stdarg.h>
#include <string.h>
#include <linux/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "test.h"
#include "capture/skel.h"
#include "acpitrace.h"
#include "acpitrace.skel.h"

static int silent(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	(void)level; (void)fmt; (void)ap;
	return 0;
}

static struct acpitrace_bpf *open_quiet(bool compat)
{
	libbpf_print_fn_t old = libbpf_set_print(silent);
	struct acpitrace_bpf *s = skel_open(compat, NULL);

	libbpf_set_print(old);
	return s;
}

TEST(skel_compat_opens_into_the_default_skeleton)
{
	struct acpitrace_bpf *d = open_quiet(false), *c = open_quiet(true);

	CHECK(d != NULL);
	CHECK(c != NULL);
	if (d && c) {
		/* every map and program of the skeleton found by name */
		CHECK(c->progs.at_stats_sweep != NULL && c->maps.key_state != NULL);
		CHECK(c->rodata != NULL && c->bss != NULL);
		/* the compat build's own maps, and only there */
		CHECK(bpf_object__find_map_by_name(c->obj, "id_percpu") != NULL);
		CHECK(bpf_object__find_map_by_name(c->obj, "claims") != NULL);
		CHECK(bpf_object__find_map_by_name(d->obj, "claims") == NULL);
	}
	acpitrace_bpf__destroy(d);
	acpitrace_bpf__destroy(c);
}

/* Every variable of every data section at the same offset with the same size. */
static void same_datasecs(const struct btf *a, const struct btf *b)
{
	unsigned int n = btf__type_cnt(a), secs = 0;

	for (unsigned int id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(a, id), *u;
		const char *name = btf__name_by_offset(a, t->name_off);
		const struct btf_var_secinfo *va, *vb;
		int bid;

		if (!btf_is_datasec(t) || strncmp(name, ".", 1) || !strcmp(name, ".maps"))
			continue;
		secs++;
		bid = btf__find_by_name_kind(b, name, BTF_KIND_DATASEC);
		if (bid < 0) {
			test_fail(__FILE__, __LINE__, "section %s only in the default build", name);
			continue;
		}
		u = btf__type_by_id(b, bid);
		CHECK_EQ_INT(btf_vlen(u), btf_vlen(t));
		CHECK_EQ_INT(u->size, t->size);
		va = btf_var_secinfos(t);
		vb = btf_var_secinfos(u);
		for (unsigned int i = 0; i < btf_vlen(t) && i < btf_vlen(u); i++) {
			const char *na = btf__name_by_offset(a, btf__type_by_id(a, va[i].type)->name_off);
			const char *nb = btf__name_by_offset(b, btf__type_by_id(b, vb[i].type)->name_off);

			CHECK_STR(nb, na);
			CHECK_EQ_INT(vb[i].offset, va[i].offset);
			CHECK_EQ_INT(vb[i].size, va[i].size);
		}
	}
	CHECK(secs >= 2);	/* .rodata and .bss at least */
}

TEST(skel_compat_same_global_layout)
{
	struct acpitrace_bpf *d = open_quiet(false), *c = open_quiet(true);

	CHECK(d && c);
	if (d && c)
		same_datasecs(bpf_object__btf(d->obj), bpf_object__btf(c->obj));
	acpitrace_bpf__destroy(d);
	acpitrace_bpf__destroy(c);
}

struct scan {
	unsigned int fetch;	/* atomics with BPF_FETCH, or xchg/cmpxchg */
	unsigned int xadd;	/* plain adds, which 5.10 has */
	unsigned int late;	/* calls of helpers 5.10 lacks */
};

static void scan(struct acpitrace_bpf *s, struct scan *out)
{
	struct bpf_program *p;

	memset(out, 0, sizeof(*out));
	bpf_object__for_each_program(p, s->obj) {
		const struct bpf_insn *in = bpf_program__insns(p);

		for (size_t i = 0; i < bpf_program__insn_cnt(p); i++) {
			if (BPF_CLASS(in[i].code) == BPF_STX && BPF_MODE(in[i].code) == BPF_ATOMIC) {
				if (in[i].imm)
					out->fetch++;
				else
					out->xadd++;
			}
			if (in[i].code == (BPF_JMP | BPF_CALL) && in[i].src_reg == 0 &&
			    (in[i].imm == BPF_FUNC_get_current_task_btf ||
			     in[i].imm == BPF_FUNC_for_each_map_elem))
				out->late++;
		}
	}
}

TEST(skel_compat_has_no_fetch_atomics)
{
	struct acpitrace_bpf *d = open_quiet(false), *c = open_quiet(true);
	struct scan sd, sc;

	CHECK(d && c);
	if (d && c) {
		scan(d, &sd);
		scan(c, &sc);
		CHECK(sd.fetch > 0);
		CHECK(sd.late > 0);
		CHECK_EQ_INT(sc.fetch, 0);
		CHECK_EQ_INT(sc.late, 0);
		CHECK(sc.xadd > 0);
	}
	acpitrace_bpf__destroy(d);
	acpitrace_bpf__destroy(c);
}
