// SPDX-License-Identifier: GPL-2.0
/* Command-line plumbing shared by every subcommand. */
#include <stdarg.h>
#include <stdio.h>
#include <bpf/libbpf.h>
#include <string.h>
#include "cli/cli.h"
#include "capture/tracer.h"
#include "capture/filter.h"
#include "lib/parse.h"
#include "acpi/acpi_path.h"
#include "lib/errmsg.h"
#include "lib/opt.h"

struct global_opts g_opts;

static int libbpf_print(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	if (!g_opts.verbose || level == LIBBPF_DEBUG)
		return 0;
	return vfprintf(stderr, fmt, ap);
}

void setup_libbpf_logging(void)
{
	libbpf_set_print(libbpf_print);
}

/* --methods=NAME[,NAME...]: record only these methods, with their result. */
static int watch_names(const char *cmd, const char *arg, struct tracer_opts *t)
{
	char buf[256], *save = NULL;
	const char *err;

	if (strlen(arg) >= sizeof(buf))
		return err_usage(cmd, "--methods: list too long");
	strcpy(buf, arg);
	for (char *name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		uint32_t seg;

		if (acpi_name_parse(name, &seg, &err))
			return err_usage(cmd, "--methods '%s': %s", name, err);
		if (t->nwatch == AT_WATCH_MAX)
			return err_usage(cmd, "--methods: at most %d names", AT_WATCH_MAX);
		t->watch[t->nwatch++] = seg;
	}
	if (!t->nwatch)
		return err_usage(cmd, "--methods '%s': expected NAME[,NAME...]", arg);
	t->attach.watch_methods = true;
	return OPT_HANDLED;
}

/* The options every capturing command shares: filters and attach mode. */
int cli_tracer_option(const char *cmd, int c, const char *arg, struct tracer_opts *t)
{
	const char *err;
	uint64_t n;

	switch (c) {
	case 's':
		if (filter_add_sources(&t->filter, arg, &err))
			return err_usage(cmd, "--source '%s': %s", arg, err);
		/* opt-in: only a source list that names it attaches its hooks */
		t->attach.irq = t->filter.source_mask & (1U << AT_SRC_IRQ);
		return OPT_HANDLED;
	case 'g':
		if (filter_set_gpe(&t->filter, arg, &err))
			return err_usage(cmd, "--gpe '%s': %s", arg, err);
		return OPT_HANDLED;
	case 'p':
		if (filter_set_path(&t->filter, arg, &err))
			return err_usage(cmd, "--path '%s': %s", arg, err);
		return OPT_HANDLED;
	case 'V':
		if (filter_set_value(&t->filter, arg, &err))
			return err_usage(cmd, "--value '%s': %s", arg, err);
		return OPT_HANDLED;
	case 'm':
		if (!arg) {
			t->attach.methods = true;
			return OPT_HANDLED;
		}
		return watch_names(cmd, arg, t);
	case 'r':
		if (parse_u64(arg, &n) || !n || n > 1000000000)
			return err_usage(cmd, "--rate-limit '%s': expected events/s > 0", arg);
		t->rate_limit = n;
		return OPT_HANDLED;
	case 'a':
		if (!strcmp(arg, "auto"))
			t->attach.force = FORCE_AUTO;
		else if (!strcmp(arg, "fentry"))
			t->attach.force = FORCE_FENTRY;
		else if (!strcmp(arg, "kprobe"))
			t->attach.force = FORCE_KPROBE;
		else
			return err_usage(cmd, "--attach '%s': expected auto, fentry or kprobe", arg);
		return OPT_HANDLED;
	default:
		return OPT_NOT_MINE;
	}
}
