// SPDX-License-Identifier: GPL-2.0
/* user/lib/opt.c: getopt strings, --help lines and parsing from one option table. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "test.h"
#include "diag/diag.h"
#include "lib/errmsg.h"
#include "lib/opt.h"

struct u_opts {
	const char *source, *methods, *root, *hidden;
	unsigned int window;
};

#define U struct u_opts
static const struct opt inner[] = {
	OPT_UINT(0, "storm-window-ms", "MS", U, window, 10, 600000, "expected 10..600000", "sliding window"),
	OPT_STR(0, "hidden", "DIR", U, hidden, NULL),
	OPT_END,
};

static const struct opt table[] = {
	OPT_STR('s', "source", "LIST", U, source, "only these\nsources"),
	{ .letter = 'm', .name = "methods", .has_arg = optional_argument, .arg = "NAMES",
	  .help = "methods too", .kind = OPT_K_STR, OPT_FIELD(U, methods) },
	OPT_STR(0, "sysfs-root", "DIR", U, root, "under DIR"),
	OPT_TABLE(inner),
	OPT_HELP,
	OPT_END,
};
#undef U

TEST(opt_getopt_strings)
{
	struct opt_getopt g;

	CHECK_EQ_INT(opt_getopt_build(&g, table), 0);
	CHECK_STR(g.shortopts, ":s:mh");
	CHECK_STR(g.longopts[0].name, "source");
	CHECK_EQ_INT(g.longopts[0].val, 's');
	CHECK_EQ_INT(g.longopts[1].has_arg, optional_argument);
	CHECK_STR(g.longopts[3].name, "storm-window-ms");
	/* long only: a code no letter has, its own */
	CHECK(g.longopts[3].val > 0xff && g.longopts[3].val != g.longopts[2].val);
	CHECK(g.opt[3] == &inner[0]);
	CHECK_STR(g.longopts[4].name, "hidden");	/* accepted, not listed */
	CHECK_STR(g.longopts[5].name, "help");
	CHECK(g.longopts[6].name == NULL);
	CHECK_EQ_INT((int)g.n, 6);
}

TEST(opt_usage_lines)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK(f != NULL);
	opt_usage(f, table);
	fclose(f);
	CHECK_STR(buf,
		  "  -s, --source LIST       only these\n"
		  "                          sources\n"
		  "  -m, --methods[=NAMES]   methods too\n"
		  "      --sysfs-root DIR    under DIR\n"
		  "      --storm-window-ms MS  sliding window\n"
		  "  -h, --help\n");
	free(buf);
}

TEST(opt_offender_names_the_token)
{
	/* -jx: x is the unknown one, not the cluster */
	CHECK_STR(opt_offender('?', 'x', "-jx"), "-x");
	/* in the middle of a cluster argv[optind - 1] is the previous word */
	CHECK_STR(opt_offender('?', 'x', "--json"), "-x");
	CHECK_STR(opt_offender('?', 0, "--bogus=3"), "--bogus");
	CHECK_STR(opt_offender('?', 0, "--bogus"), "--bogus");
	CHECK_STR(opt_offender(':', 's', "-js"), "-s");
	CHECK_STR(opt_offender(':', 's', "--source"), "--source");
	CHECK_STR(opt_offender('?', 0, NULL), "?");
}

/* ---- opt_parse: a command's struct filled from the table ---------------- */

struct sub {
	uint64_t rate;
	bool off;
};

struct t_opts {
	bool json, quiet;
	const char *file, *sock;
	unsigned int count;
	uint8_t small;
	unsigned int mode;
	double secs;
	int attach;
	struct sub sub;
	int calls;
};

static int count_call(const char *arg, void *field, const char **why)
{
	*why = "not 'ok'";
	if (strcmp(arg, "ok"))
		return -1;
	(*(int *)field)++;
	return 0;
}

static const struct opt_word words[] = { { "auto", 0 }, { "fentry", 1 }, { "kprobe", 2 }, { NULL, 0 } };

#define S struct sub
static const struct opt sub_table[] = {
	OPT_UINT(0, "rate", "N", S, rate, 1, 100, "expected 1..100", "rate"),
	OPT_FLAG(0, "off", S, off, "off"),
	OPT_END,
};
#undef S

static bool t_json;

#define T struct t_opts
static const struct opt t_table[] = {
	OPT_JSON(&t_json, "json"),
	OPT_FLAG('q', "quiet", T, quiet, "quiet"),
	OPT_STR('f', "file", "FILE", T, file, "a file"),
	{ .name = "sock", .has_arg = optional_argument, .arg = "PATH", .help = "socket",
	  .kind = OPT_K_STR, OPT_FIELD(T, sock), .dflt = "/run/x.socket" },
	OPT_UINT('c', "count", "N", T, count, 1, 10, "expected 1..10", "count"),
	OPT_UINT(0, "small", "N", T, small, 0, 1000, "expected 0..1000", "a byte"),
	{ .name = "mode", .has_arg = required_argument, .arg = "MODE", .help = "octal",
	  .kind = OPT_K_OCTAL, OPT_FIELD(T, mode), .max = 0777, .why = "not an octal mode" },
	OPT_SECONDS('d', "duration", "SECONDS", T, secs, 0.1, 60, "expected 0.1..60 seconds", "secs"),
	OPT_WORDS('a', "attach", "MODE", T, attach, words, "expected auto, fentry or kprobe", "attach"),
	OPT_CALL(0, "call", required_argument, "X", T, calls, count_call, "a hook"),
	OPT_TABLE_AT(sub_table, offsetof(T, sub)),
	OPT_HELP,
	OPT_END,
};
#undef T

static void t_usage(FILE *out)
{
	fputs("usage\n", out);
}

static const struct opt_cmd t_cmd = { .name = "t", .table = t_table, .usage = t_usage,
				      .no_operands = true };
static const struct opt_cmd t_cmd_operands = { .name = "t", .table = t_table, .usage = t_usage };

/* opt_parse on a NULL-terminated list; its stderr in *err (caller frees). */
static int parse(const struct opt_cmd *c, struct t_opts *o, char **err, const char **args)
{
	char *argv[32];
	int argc = 0, r;
	FILE *saved = stderr, *f;
	size_t len = 0;

	argv[argc++] = "t";
	while (*args && argc < 31)
		argv[argc++] = (char *)*args++;
	argv[argc] = NULL;
	memset(o, 0, sizeof(*o));
	t_json = false;
	*err = NULL;
	f = open_memstream(err, &len);
	stderr = f;
	r = opt_parse(c, argc, argv, o);
	stderr = saved;
	fclose(f);
	return r;
}

#define ARGS(...)	((const char *[]){ __VA_ARGS__, NULL })

TEST(opt_parse_fills_the_struct)
{
	struct t_opts o;
	char *err;

	CHECK_EQ_INT(parse(&t_cmd, &o, &err, ARGS("-q", "-f", "a.txt", "--count=3", "--small", "200",
						   "--mode", "0640", "-d", "1.5", "--attach", "kprobe",
						   "--call", "ok", "--call=ok", "--rate", "100", "--off")), 0);
	CHECK_STR(err, "");
	free(err);
	CHECK(o.quiet);
	CHECK_STR(o.file, "a.txt");
	CHECK_EQ_INT(o.count, 3);
	CHECK_EQ_INT(o.small, 200);
	CHECK_EQ_INT(o.mode, 0640);
	CHECK(o.secs == 1.5);
	CHECK_EQ_INT(o.attach, 2);
	CHECK_EQ_INT(o.calls, 2);
	CHECK_EQ_INT((int)o.sub.rate, 100);
	CHECK(o.sub.off);
	CHECK(!t_json);
	CHECK(o.sock == NULL);
}

/* --sock PATH and --sock=PATH both work when the command takes no operand. */
TEST(opt_parse_optional_value_after_a_space)
{
	struct t_opts o;
	char *err;

	CHECK_EQ_INT(parse(&t_cmd, &o, &err, ARGS("--sock", "/tmp/s", "-q")), 0);
	CHECK_STR(o.sock, "/tmp/s");
	CHECK(o.quiet);
	free(err);
	CHECK_EQ_INT(parse(&t_cmd, &o, &err, ARGS("--sock=/tmp/t")), 0);
	CHECK_STR(o.sock, "/tmp/t");
	free(err);
	/* no value: the default; a following option is not taken for one */
	CHECK_EQ_INT(parse(&t_cmd, &o, &err, ARGS("--sock", "-q")), 0);
	CHECK_STR(o.sock, "/run/x.socket");
	CHECK(o.quiet);
	free(err);
	/* a command with operands: the next word stays an operand */
	CHECK_EQ_INT(parse(&t_cmd_operands, &o, &err, ARGS("--sock", "FILE")), 0);
	CHECK_STR(o.sock, "/run/x.socket");
	CHECK_EQ_INT(optind, 2);
	free(err);
}

TEST(opt_parse_errors_name_option_and_reason)
{
	static const struct {
		const char *args[3];
		const char *err;
	} cases[] = {
		{ { "--count", "0" }, "acpitrace t: --count '0': expected 1..10\n" },
		{ { "-c", "11" }, "acpitrace t: --count '11': expected 1..10\n" },
		{ { "--count", "x" }, "acpitrace t: --count 'x': expected 1..10\n" },
		{ { "--small", "300" }, "acpitrace t: --small '300': expected 0..1000\n" },	/* over the field */
		{ { "--mode", "0800" }, "acpitrace t: --mode '0800': not an octal mode\n" },
		{ { "--mode", "1777" }, "acpitrace t: --mode '1777': not an octal mode\n" },
		{ { "-d", "0.05" }, "acpitrace t: --duration '0.05': expected 0.1..60 seconds\n" },
		{ { "-d", "61" }, "acpitrace t: --duration '61': expected 0.1..60 seconds\n" },
		{ { "-a", "bpf" }, "acpitrace t: --attach 'bpf': expected auto, fentry or kprobe\n" },
		{ { "--call", "no" }, "acpitrace t: --call 'no': not 'ok'\n" },
		{ { "--rate=0" }, "acpitrace t: --rate '0': expected 1..100\n" },
		{ { "--bogus" }, "acpitrace t: unknown option '--bogus'\n" },
		{ { "-qx" }, "acpitrace t: unknown option '-x'\n" },
		{ { "-f" }, "acpitrace t: option '-f' needs a value\n" },
		{ { "--file" }, "acpitrace t: option '--file' needs a value\n" },
		{ { "extra" }, "acpitrace t: unexpected argument 'extra'\n" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct t_opts o;
		char *err, want[256];

		CHECK_EQ_INT(parse(&t_cmd, &o, &err, cases[i].args[1] ?
				   ARGS(cases[i].args[0], cases[i].args[1]) : ARGS(cases[i].args[0])), 2);
		snprintf(want, sizeof(want), "%sTry 'acpitrace t --help'.\n", cases[i].err);
		CHECK_STR(err, want);
		free(err);
	}
}

/* -j after the command: the flag, and the errors that follow it are JSON. */
TEST(opt_parse_json_errors)
{
	struct t_opts o;
	char *err;

	CHECK_EQ_INT(parse(&t_cmd, &o, &err, ARGS("-j", "--count", "0")), 2);
	err_json = false;
	CHECK(t_json);
	CHECK_STR(err, "{\"error\":\"--count '0': expected 1..10\",\"command\":\"t\",\"usage\":true}\n");
	free(err);
}

TEST(opt_list_every_long_option)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	CHECK(f != NULL);
	opt_list(f, table);
	fclose(f);
	CHECK_STR(buf, "--source\n--methods\n--sysfs-root\n--storm-window-ms\n--hidden (hidden)\n--help\n");
	free(buf);
}

static const struct opt_cmd t_cmd_global = { .name = "g", .table = t_table, .usage = t_usage,
					     .stop_at_operand = true };

/* Global options stop at the command; the command's own parse then permutes again. */
TEST(opt_parse_global_then_command)
{
	struct t_opts o;
	char *err;

	CHECK_EQ_INT(parse(&t_cmd_global, &o, &err, ARGS("-q", "cmd", "-c", "2")), 0);
	CHECK_EQ_INT(optind, 2);
	CHECK(o.quiet);
	CHECK_EQ_INT(o.count, 0);
	free(err);
	/* as ec parses "dump --io PATH": the operand first, options after it */
	CHECK_EQ_INT(parse(&t_cmd_operands, &o, &err, ARGS("dump", "-c", "2", "-f", "x")), 0);
	CHECK_EQ_INT(o.count, 2);
	CHECK_STR(o.file, "x");
	CHECK_EQ_INT(optind, 5);
	free(err);
}

/* The shared tables land in the member structs OPT_TABLE_AT names. */
struct d_opts {
	int first;
	struct tracer_opts t;
	struct diag_opts diag;
};

#define D struct d_opts
static const struct opt d_table[] = {
	OPT_TABLE_AT(diag_storm_opts, offsetof(D, t)),
	OPT_TABLE_AT(diag_session_opts, offsetof(D, diag)),
	OPT_END,
};
#undef D

static const struct opt_cmd d_cmd = { .name = "d", .table = d_table, .usage = t_usage,
				      .no_operands = true };

TEST(opt_parse_shared_diag_tables)
{
	char *argv[] = { "d", "--metrics-listen", "127.0.0.1:9100", "--metrics-textfile", "m.prom",
			 "--storm-sources", "notify,gpe", "--storm-rate", "5", "--storm-window-ms",
			 "20", "--storm-end-pct", "30", "--no-storms", "--no-storm-shed",
			 "--mask-storms", "--mask-ec-gpe", "--gpe-sysfs-dir", "g", "--ec-gpe-file",
			 "e", NULL };
	struct d_opts o = {};

	CHECK_EQ_INT(opt_parse(&d_cmd, 21, argv, &o), 0);
	CHECK_STR(o.diag.listen, "127.0.0.1:9100");
	CHECK_STR(o.diag.textfile, "m.prom");
	CHECK_STR(o.diag.gpe_dir, "g");
	CHECK_STR(o.diag.ec_gpe_file, "e");
	CHECK(o.diag.mask_storms && o.diag.mask_ec);
	CHECK_EQ_INT(o.t.storm.sources, (1U << AT_SRC_NOTIFY) | (1U << AT_SRC_GPE));
	CHECK_EQ_INT((int)o.t.storm.rate, 5);
	CHECK_EQ_INT((int)o.t.storm.window_ms, 20);
	CHECK_EQ_INT((int)o.t.storm.end_pct, 30);
	CHECK(o.t.storm.off && o.t.storm.no_shed);
	CHECK_EQ_INT(o.first, 0);
}
