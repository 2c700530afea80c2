// SPDX-License-Identifier: GPL-2.0
/* acpitrace probe: what this kernel lets acpitrace see, and how. */
#include <dirent.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "capture/attach.h"
#include "lib/json.h"
#include "capture/kernel.h"
#include "capture/tracer.h"
#include "capture/verifier_stats.h"
#include "lib/errmsg.h"
#include "lib/opt.h"

#define T struct attach_opts
static const struct opt probe_opts_table[] = {
	CLI_OPT_JSON("one JSON object"),
	OPT_FLAG('m', "methods", T, methods, "include the AML method hooks (as trace --methods)"),
	OPT_WORDS('a', "attach", "MODE", T, force, cli_attach_words, "expected auto, fentry or kprobe",
		  "auto (default), fentry or kprobe"),
	OPT_HELP,
	OPT_END,
};
#undef T

static void probe_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] [-v] probe [--methods] [--attach auto|fentry|kprobe]\n"
		"Report the kernel version, BTF, and for every attach point the mode\n"
		"acpitrace would use and why. Exits 1 only when nothing can attach.\n"
		"With -v, also load the programs as trace and as run load them (without\n"
		"attaching) and print the verifier's figures per program: processed\n"
		"instructions and their share of the 1M limit, states, time.\n\n");
	opt_usage(out, probe_opts_table);
}

const struct opt_cmd probe_cmd = {
	.name = "probe", .table = probe_opts_table, .usage = probe_usage, .no_operands = true,
};

/* Module BTF objects relevant to ACPI events that are present now. */
static const char *const acpi_modules[] = { "wmi", "video", "button", "thinkpad_acpi",
					    "asus_wmi", "dell_wmi", "sparse_keymap" };

/* The program sets the commands load: trace's and run's (policy matcher). */
struct verify_set {
	const char *name;
	struct tracer t;
	int err;
};

static void verify_sets(struct verify_set sets[2], const struct attach_opts *ao)
{
	struct tracer_opts o = { .attach = *ao };

	sets[0].name = "trace";
	sets[0].err = tracer_verify(&sets[0].t, &o);
	o.policy = true;
	o.attach.watch_methods = true;
	sets[1].name = "run";
	sets[1].err = tracer_verify(&sets[1].t, &o);
}

static void print_verifier_text(struct verify_set sets[2])
{
	for (int i = 0; i < 2; i++) {
		const struct vstats_prog *w = vstats_worst(&sets[i].t.vstats);

		printf("\nverifier, programs as %s loads them:", sets[i].name);
		if (sets[i].err) {
			printf(" %s\n", sets[i].t.error);
			continue;
		}
		printf(" %u programs, most %.1f%% of the 1M instruction limit (%s)\n",
		       sets[i].t.vstats.n, w ? vstats_pct(w) : 0.0, w ? w->name : "-");
		vstats_print(&sets[i].t.vstats, stdout);
	}
}

static void print_verifier_json(struct json *j, struct verify_set sets[2])
{
	json_begin_object(j, "verifier");
	for (int i = 0; i < 2; i++) {
		json_begin_object(j, sets[i].name);
		json_bool(j, "loaded", !sets[i].err);
		if (sets[i].err)
			json_str(j, "error", sets[i].t.error);
		else
			vstats_json(&sets[i].t.vstats, j, "programs");
		json_end_object(j);
	}
	json_end_object(j);
}

/* Whether the CPUs count SMIs for acpitrace (capture/smi.c), and how, in @buf. */
static bool smi_counter(char *buf, size_t len)
{
	uint32_t type;
	uint64_t config;

	if (smi_event("", &type, &config, buf, len))
		return false;
	snprintf(buf, len, "perf msr PMU event smi (type %u, event=0x%02llx), read by the "
		 "BPF programs", type, (unsigned long long)config);
	return true;
}

static void print_text(const struct kernel_info *k, const struct plan *p)
{
	char smi[200];
	bool smi_ok = smi_counter(smi, sizeof(smi));

	printf("kernel:       %s\n", k->release);
	printf("vmlinux BTF:  %s\n", k->has_btf ? "yes" : "no");
	printf("module BTF:  ");
	for (size_t i = 0; i < sizeof(acpi_modules) / sizeof(acpi_modules[0]); i++) {
		char path[128];

		snprintf(path, sizeof(path), "/sys/kernel/btf/%s", acpi_modules[i]);
		if (!access(path, R_OK))
			printf(" %s", acpi_modules[i]);
	}
	printf("\nfentry/fexit: %s\n", k->fentry_err ? k->fentry_why : "yes");
	printf("kprobe:       %s\n", k->kprobe_err ? k->kprobe_why : "yes");
	printf("BPF atomics:  %s\n", k->atomics_why);
	printf("SMI counter:  %s%s\n\n", smi_ok ? "" : "none: ", smi);
	printf("%-16s %-36s %-7s %s\n", "hook", "function", "mode", "why");
	for (unsigned int i = 0; i < nr_hooks; i++)
		printf("%-16s %-36s %-7s %s\n", hooks[i].name, hooks[i].func,
		       attach_mode_name(p->h[i].mode), p->h[i].why);
}

static void print_json(const struct kernel_info *k, const struct plan *p,
		       struct verify_set *sets)
{
	char smi[200];
	struct json j;

	json_init(&j, stdout);
	json_begin_object(&j, NULL);
	json_str(&j, "kernel", k->release);
	json_bool(&j, "vmlinux_btf", k->has_btf);
	json_begin_array(&j, "module_btf");
	for (size_t i = 0; i < sizeof(acpi_modules) / sizeof(acpi_modules[0]); i++) {
		char path[128];

		snprintf(path, sizeof(path), "/sys/kernel/btf/%s", acpi_modules[i]);
		if (!access(path, R_OK))
			json_str(&j, NULL, acpi_modules[i]);
	}
	json_end_array(&j);
	json_begin_object(&j, "fentry");
	json_bool(&j, "ok", !k->fentry_err);
	json_str(&j, "detail", k->fentry_why);
	json_end_object(&j);
	json_begin_object(&j, "kprobe");
	json_bool(&j, "ok", !k->kprobe_err);
	json_str(&j, "detail", k->kprobe_why);
	json_end_object(&j);
	json_begin_object(&j, "atomics");
	json_bool(&j, "ok", !k->atomics_err);
	json_str(&j, "detail", k->atomics_why);
	json_end_object(&j);
	json_begin_object(&j, "smi");
	json_bool(&j, "ok", smi_counter(smi, sizeof(smi)));
	json_str(&j, "detail", smi);
	json_end_object(&j);
	json_begin_array(&j, "hooks");
	for (unsigned int i = 0; i < nr_hooks; i++) {
		json_begin_object(&j, NULL);
		json_str(&j, "hook", hooks[i].name);
		json_str(&j, "function", hooks[i].func);
		json_str(&j, "module", hook_func_module(&hooks[i]) ?: "vmlinux");
		/* attached while this module is loaded (NULL: always) */
		if (hooks[i].module)
			json_str(&j, "with_module", hooks[i].module);
		json_str(&j, "mode", attach_mode_name(p->h[i].mode));
		json_str(&j, "why", p->h[i].why);
		json_str(&j, "gives", hooks[i].what);
		json_end_object(&j);
	}
	json_end_array(&j);
	if (sets)
		print_verifier_json(&j, sets);
	json_end_object(&j);
}

int cmd_probe(int argc, char **argv)
{
	struct attach_opts ao = { 0 };
	struct kernel_info k;
	struct verify_set sets[2];
	struct plan p;
	int c, usable = 0;

	c = opt_parse(&probe_cmd, argc, argv, &ao);
	if (c)
		return c;
	kernel_probe(&k, true);
	attach_plan(&k, &ao, &p);
	/* without fetch atomics the other build loads (capture/skel.h): it only says so */
	kernel_probe_atomics(&k);
	for (unsigned int i = 0; i < nr_hooks; i++)
		usable += p.h[i].mode != MODE_SKIP;
	if (g_opts.verbose)
		verify_sets(sets, &ao);
	if (g_opts.json) {
		print_json(&k, &p, g_opts.verbose ? sets : NULL);
	} else {
		print_text(&k, &p);
		if (g_opts.verbose)
			print_verifier_text(sets);
	}
	if (g_opts.verbose)
		for (int i = 0; i < 2; i++)
			tracer_close(&sets[i].t);
	if (!usable) {
		fflush(stdout);
		if (!g_opts.json)	/* apart from the report above */
			fputc('\n', stderr);
		tracer_explain_refusal(&k, "probe");
	}
	kernel_release(&k);
	return usable ? 0 : 1;
}
