// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/utsname.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "capture/kernel.h"
#include "capture/hooks.h"
#include "lib/log.h"

/*
 * Load "r0 = 0; exit" as an fentry program on a function every ACPI
 * kernel has, and attach it: the only reliable answer to "may tracing
 * programs run here" (lockdown, missing ftrace direct calls, seccomp and
 * VM sandboxes all fail at different steps).
 */
static int probe_fentry(struct kernel_info *k)
{
	struct bpf_insn insns[] = {
		{ .code = 0xb7, .dst_reg = 0, .imm = 0 },	/* mov r0, 0 */
		{ .code = 0x95 },				/* exit */
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	int id, fd, link;

	if (!k->has_btf) {
		snprintf(k->fentry_why, sizeof(k->fentry_why),
			 "no kernel BTF (/sys/kernel/btf/vmlinux)");
		return -ENOENT;
	}
	id = kernel_btf_find(k, "acpi_os_execute", BTF_KIND_FUNC);
	if (id < 0) {
		snprintf(k->fentry_why, sizeof(k->fentry_why),
			 "acpi_os_execute not in BTF (kernel without ACPI?)");
		return -ENOENT;
	}
	opts.expected_attach_type = BPF_TRACE_FENTRY;
	opts.attach_btf_id = id;
	fd = bpf_prog_load(BPF_PROG_TYPE_TRACING, "at_probe", "GPL", insns, 2, &opts);
	if (fd < 0) {
		int err = -errno;

		snprintf(k->fentry_why, sizeof(k->fentry_why),
			 "loading a test fentry program failed: %s", strerror(-err));
		return err;
	}
	link = bpf_link_create(fd, 0, BPF_TRACE_FENTRY, NULL);
	if (link < 0) {
		int err = -errno;

		snprintf(k->fentry_why, sizeof(k->fentry_why),
			 "attaching a test fentry program failed: %s", strerror(-err));
		close(fd);
		return err;
	}
	close(link);
	close(fd);
	snprintf(k->fentry_why, sizeof(k->fentry_why), "fentry/fexit attach works");
	return 0;
}

static int probe_kprobe(struct kernel_info *k)
{
	if (access("/sys/bus/event_source/devices/kprobe/type", R_OK)) {
		snprintf(k->kprobe_why, sizeof(k->kprobe_why),
			 "no kprobe PMU (/sys/bus/event_source/devices/kprobe): kernel built without CONFIG_KPROBES");
		return -ENOENT;
	}
	snprintf(k->kprobe_why, sizeof(k->kprobe_why), "kprobe PMU present");
	return 0;
}

/* 0 when the kernel's BPF has fetch atomics; k->atomics_why says what loads */
int kernel_probe_atomics(struct kernel_info *k)
{
	/*
	 * *(u64 *)(fp - 8) = 0; r1 = 1; r1 = atomic_fetch_add(fp - 8, r1);
	 * r0 = 0; r0 = cmpxchg(fp - 8, r0, r1); r0 = 0; exit.  The kernels
	 * before 5.12 refuse both ("BPF_STX uses reserved fields").
	 */
	struct bpf_insn insns[] = {
		{ .code = 0x7a, .dst_reg = 10, .off = -8, .imm = 0 },	/* stdw [fp-8], 0 */
		{ .code = 0xb7, .dst_reg = 1, .imm = 1 },		/* mov r1, 1 */
		{ .code = 0xdb, .dst_reg = 10, .src_reg = 1, .off = -8, .imm = 0x01 }, /* fetch add */
		{ .code = 0xb7, .dst_reg = 0, .imm = 0 },		/* mov r0, 0 */
		{ .code = 0xdb, .dst_reg = 10, .src_reg = 1, .off = -8, .imm = 0xf1 }, /* cmpxchg */
		{ .code = 0xb7, .dst_reg = 0, .imm = 0 },		/* mov r0, 0 */
		{ .code = 0x95 },					/* exit */
	};
	LIBBPF_OPTS(bpf_prog_load_opts, opts);
	int fd, err;

	k->atomics_err = 0;
	snprintf(k->atomics_why, sizeof(k->atomics_why), "atomic fetch-add and compare-exchange load");
	fd = bpf_prog_load(BPF_PROG_TYPE_SOCKET_FILTER, "at_atomics", "GPL", insns,
			   sizeof(insns) / sizeof(insns[0]), &opts);
	if (fd >= 0) {
		close(fd);
		return 0;
	}
	err = -errno;
	if (err != -EINVAL) {
		snprintf(k->atomics_why, sizeof(k->atomics_why),
			 "not tested: loading a test program failed: %s", strerror(-err));
		return 0;
	}
	k->atomics_err = err;
	snprintf(k->atomics_why, sizeof(k->atomics_why),
		 "no: this kernel's BPF lacks the atomic instructions that return a value "
		 "(fetch-add, compare-exchange; Linux 5.12): acpitrace loads its programs "
		 "built without them (record ids counted per CPU, no per-slot key counts, "
		 "no SMI count per record; every event count stays exact; run matches "
		 "the policy in user space, so every event leaves the kernel)");
	return err;
}

static struct btf *load_vmlinux_btf(void)
{
	struct btf *btf = btf__load_vmlinux_btf();

	return libbpf_get_error(btf) ? NULL : btf;
}

static void want(struct kernel_info *k, const char *name, unsigned int kind)
{
	if (k->nbtf_names < KERNEL_BTF_NAMES)
		k->btf_names[k->nbtf_names++] = (struct btf_stream_name){ .name = name, .kind = kind };
}

/*
 * The names the attach plan asks about, in one streamed pass over the
 * file: parsing it (btf__load_vmlinux_btf) holds it twice in memory.
 */
static void scan_btf(struct kernel_info *k)
{
	char why[256];

	want(k, "acpi_os_execute", BTF_KIND_FUNC);
	for (unsigned int i = 0; i < nr_hooks && k->nbtf_names + 1 < KERNEL_BTF_NAMES; i++) {
		if (hooks[i].flags & HOOK_TRACEPOINT) {
			char *tp = k->btf_tp_names[k->nbtf_names];

			snprintf(tp, sizeof(k->btf_tp_names[0]), "btf_trace_%s", hooks[i].func);
			want(k, tp, BTF_KIND_TYPEDEF);
		} else {
			want(k, hooks[i].func, BTF_KIND_FUNC);
		}
	}
	if (!btf_stream_scan("/sys/kernel/btf/vmlinux", k->btf_names, k->nbtf_names,
			     &k->btf_id, why, sizeof(why))) {
		k->has_btf = true;
		return;
	}
	k->nbtf_names = 0;
	if (access("/sys/kernel/btf/vmlinux", F_OK))
		return;
	/* a layout this reader does not know: libbpf's parser decides */
	log_msg(LOG_DEBUG, "vmlinux BTF: %s; parsing it whole", why);
	k->vmlinux_btf = load_vmlinux_btf();
	k->has_btf = k->vmlinux_btf != NULL;
}

/* The parsed vmlinux BTF, loaded on first need (module BTF, other names). */
static struct btf *parsed_btf(struct kernel_info *k)
{
	if (!k->vmlinux_btf && k->has_btf)
		k->vmlinux_btf = load_vmlinux_btf();
	return k->vmlinux_btf;
}

const struct btf_stream_name *kernel_btf_streamed(const struct kernel_info *k,
						  const char *name, unsigned int kind)
{
	for (unsigned int i = 0; i < k->nbtf_names; i++)
		if (k->btf_names[i].kind == kind && !strcmp(k->btf_names[i].name, name))
			return &k->btf_names[i];
	return NULL;
}

int kernel_btf_find(struct kernel_info *k, const char *name, unsigned int kind)
{
	const struct btf_stream_name *s;

	if (!k->has_btf)
		return -ENOENT;
	s = kernel_btf_streamed(k, name, kind);
	if (s)
		return s->id ? s->id : -ENOENT;
	return parsed_btf(k) ? btf__find_by_name_kind(k->vmlinux_btf, name, kind) : -ENOENT;
}

int kernel_probe(struct kernel_info *k, bool test_fentry)
{
	struct utsname u;

	memset(k, 0, sizeof(*k));
	if (!uname(&u))
		snprintf(k->release, sizeof(k->release), "%s", u.release);
	scan_btf(k);
	if (test_fentry || !k->has_btf) {
		k->fentry_err = probe_fentry(k);	/* says why without BTF */
	} else {
		k->fentry_err = 0;
		snprintf(k->fentry_why, sizeof(k->fentry_why),
			 "not tested; the loader falls back to kprobes if it fails");
	}
	k->kprobe_err = probe_kprobe(k);
	return 0;
}

void kernel_release(struct kernel_info *k)
{
	btf__free(k->vmlinux_btf);
	k->vmlinux_btf = NULL;
}

static bool module_has_func(struct kernel_info *k, const char *module,
			    const char *func, bool *loaded)
{
	struct btf_stream_name w = { .name = func, .kind = BTF_KIND_FUNC };
	const struct btf_stream_name *s;
	struct btf_stream_info info;
	char path[256], why[256];
	struct btf *btf;
	bool found;

	snprintf(path, sizeof(path), "%s/sys/kernel/btf/%s", k->root ? k->root : "", module);
	*loaded = !access(path, R_OK);
	if (!*loaded || !k->has_btf)
		return false;
	/* streamed on the vmlinux scan (where the name may sit too) when there was one */
	s = kernel_btf_streamed(k, func, BTF_KIND_FUNC);
	if (s)
		w = *s;
	if (w.noffs || k->nbtf_names) {
		if (!btf_stream_scan_split(path, &k->btf_id, &w, 1, &info, why, sizeof(why)))
			return w.id > 0;
		log_msg(LOG_DEBUG, "%s BTF: %s; parsing it whole", module, why);
	}
	/* split BTF parsed needs its base parsed */
	if (!parsed_btf(k))
		return false;
	btf = btf__parse_split(path, k->vmlinux_btf);
	if (!btf)
		return false;
	found = btf__find_by_name_kind(btf, func, BTF_KIND_FUNC) >= 0;
	btf__free(btf);
	return found;
}

/* One pass over /proc/kallsyms for all wanted names. */
static void scan_kallsyms(const char *root, const char *const *funcs, unsigned int n,
			  struct func_place *out)
{
	char line[512], name[256], type;
	unsigned long long addr;
	FILE *f;

	snprintf(line, sizeof(line), "%s/proc/kallsyms", root ? root : "");
	f = fopen(line, "r");

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3)
			continue;
		if (type != 't' && type != 'T')
			continue;
		for (unsigned int i = 0; i < n; i++)
			if (funcs[i] && !out[i].in_kallsyms && !strcmp(name, funcs[i]))
				out[i].in_kallsyms = true;
	}
	fclose(f);
}

void kernel_find_funcs(struct kernel_info *k, const char *const *funcs,
		       const char *const *modules, unsigned int n,
		       struct func_place *out, bool want_kprobe)
{
	/* kallsyms only matters for the kprobe route: 165k lines, ~1.2 s under TCG */
	bool need_kallsyms = k->fentry_err != 0 || want_kprobe;
	char path[256];

	memset(out, 0, n * sizeof(*out));
	for (unsigned int i = 0; i < n; i++) {
		if (!funcs[i])
			continue;
		if (modules[i]) {
			out[i].in_btf = module_has_func(k, modules[i], funcs[i],
							&out[i].module_loaded);
			if (!out[i].module_loaded) {
				snprintf(path, sizeof(path), "%s/sys/module/%s/initstate",
					 k->root ? k->root : "", modules[i]);
				if (kernel_btf_find(k, funcs[i], BTF_KIND_FUNC) > 0)
					out[i].in_btf = out[i].module_loaded = true;	/* built in */
				else if (!access(path, F_OK))
					need_kallsyms = true;	/* loaded, without BTF */
			}
		} else {
			out[i].module_loaded = true;
			out[i].in_btf = kernel_btf_find(k, funcs[i], BTF_KIND_FUNC) > 0;
		}
		if (!out[i].in_btf && out[i].module_loaded)
			need_kallsyms = true;
	}
	if (need_kallsyms)
		scan_kallsyms(k->root, funcs, n, out);
}

#define CAP_SYS_ADMIN_BIT	21
#define CAP_PERFMON_BIT		38
#define CAP_BPF_BIT		39

bool kernel_caps_allow_bpf(unsigned long long capeff)
{
	const unsigned long long bpf = 1ULL << CAP_BPF_BIT, perfmon = 1ULL << CAP_PERFMON_BIT;

	if (capeff & (1ULL << CAP_SYS_ADMIN_BIT))
		return true;
	return (capeff & bpf) && (capeff & perfmon);
}

unsigned long long kernel_capeff(const char *status)
{
	unsigned long long capeff = ~0ULL;
	FILE *f = fopen(status ? status : "/proc/self/status", "re");
	char line[256];

	if (!f)
		return capeff;
	while (fgets(line, sizeof(line), f))
		if (!strncmp(line, "CapEff:", 7)) {
			capeff = strtoull(line + 7, NULL, 16);
			break;
		}
	fclose(f);
	return capeff;
}
