// SPDX-License-Identifier: GPL-2.0
/* Command-line plumbing shared by every subcommand. */
#include <stdarg.h>
#include <stdio.h>
#include <bpf/libbpf.h>
#include "cli.h"

struct global_opts g_opts;

int usage_error(const char *cmd, const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "acpitrace%s%s: ", cmd ? " " : "", cmd ? cmd : "");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry 'acpitrace %s%s--help'.\n", cmd ? cmd : "", cmd ? " " : "");
	return 2;
}

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
