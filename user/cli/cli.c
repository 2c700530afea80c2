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

/* libbpf's own lines, as it words them, only with --verbose: not our vocabulary */
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

#define STR_(x)	#x
#define STR(x)	STR_(x)

/* --methods=NAME[,NAME...]: record only these methods, with their result. */
int cli_opt_methods(const char *arg, void *field, const char **why)
{
	struct tracer_opts *t = field;
	char buf[256], *save = NULL;

	if (!arg) {
		t->attach.methods = true;
		return 0;
	}
	*why = "list too long";
	if (strlen(arg) >= sizeof(buf))
		return -1;
	strcpy(buf, arg);
	for (char *name = strtok_r(buf, ",", &save); name; name = strtok_r(NULL, ",", &save)) {
		uint32_t seg;

		if (acpi_name_parse(name, &seg, why))
			return -1;
		*why = "at most " STR(AT_WATCH_MAX) " names";
		if (t->nwatch == AT_WATCH_MAX)
			return -1;
		t->watch[t->nwatch++] = seg;
	}
	*why = "expected NAME[,NAME...]";
	if (!t->nwatch)
		return -1;
	t->attach.watch_methods = true;
	return 0;
}

int cli_opt_source(const char *arg, void *field, const char **why)
{
	struct tracer_opts *t = field;

	if (filter_add_sources(&t->filter, arg, why))
		return -1;
	/* opt-in: only a source list that names it attaches its hooks */
	t->attach.irq = t->filter.source_mask & (1U << AT_SRC_IRQ);
	return 0;
}

int cli_opt_gpe(const char *arg, void *field, const char **why)
{
	return filter_set_gpe(&((struct tracer_opts *)field)->filter, arg, why);
}

int cli_opt_path(const char *arg, void *field, const char **why)
{
	return filter_set_path(&((struct tracer_opts *)field)->filter, arg, why);
}

int cli_opt_value(const char *arg, void *field, const char **why)
{
	return filter_set_value(&((struct tracer_opts *)field)->filter, arg, why);
}

const struct opt_word cli_attach_words[] = {
	{ "auto", FORCE_AUTO },
	{ "fentry", FORCE_FENTRY },
	{ "kprobe", FORCE_KPROBE },
	{ NULL, 0 },
};
