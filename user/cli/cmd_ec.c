// SPDX-License-Identifier: GPL-2.0
/*
 * acpitrace ec dump | watch: the embedded controller's RAM through debugfs
 * ec/ec0/io (acpi/ec_ram.h).  `watch` reads it every interval and prints
 * the bytes that changed next to the EC transactions and queries the
 * tracer saw in the same interval (when this kernel lets it trace).
 * Writing is refused unless --write OFFSET=VALUE is given: the EC runs
 * the fans, the battery charger and the keyboard, and a wrong byte can
 * turn a fan off or stop charging until the next EC reset.
 */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "cli/cli.h"
#include "cli/listen.h"
#include "acpi/ec_ram.h"
#include "cli/ec_fields_cli.h"
#include "cli/ec_touch.h"
#include "record/output.h"
#include "lib/errmsg.h"
#include "lib/json.h"
#include "lib/opt.h"
#include "lib/parse.h"
#include "lib/time.h"

struct ec_opts {
	const char *io;
	const char *tables;	/* the AML tables whose Fields name EC RAM */
	bool no_fields;
	uint64_t interval_ms;
	uint64_t count;		/* watch: snapshots after the first; 0 = until stopped */
	bool write;
	unsigned int w_off, w_val;
	bool no_trace;
};

/* "0x10=0x2a" or "16=42" */
static int parse_write(const char *arg, void *field, const char **why)
{
	struct ec_opts *opts = field;
	char buf[64], *eq;
	uint64_t o, v;

	*why = "expected OFFSET=VALUE, offset 0-0xff, value 0-0xff";
	if (snprintf(buf, sizeof(buf), "%s", arg) >= (int)sizeof(buf) || !(eq = strchr(buf, '=')))
		return -1;
	*eq = '\0';
	if (parse_u64(buf, &o) || parse_u64(eq + 1, &v) || o >= EC_RAM_SIZE || v > 0xff)
		return -1;
	opts->w_off = o;
	opts->w_val = v;
	opts->write = true;
	return 0;
}

#define T struct ec_opts
static const struct opt ec_opts_table[] = {
	CLI_OPT_JSON("JSON"),
	OPT_UINT('i', "interval", "MS", T, interval_ms, 10, 3600000, "expected 10 to 3600000 ms",
		 "watch: read the RAM every MS ms (default 1000)"),
	OPT_UINT('c', "count", "N", T, count, 1, UINT64_MAX, "expected a number > 0",
		 "watch: stop after N intervals"),
	OPT_STR(0, "io", "PATH", T, io, "the EC RAM file (default " EC_RAM_IO ")"),
	OPT_STR(0, "tables", "PATH[,PATH...]", T, tables,
		"AML tables naming EC RAM: a directory like\n" EC_TABLES_DIR " (the default)\nor table files"),
	OPT_FLAG(0, "no-fields", T, no_fields, "dump, watch: do not name the bytes by field"),
	/* the field is the whole struct: offset, value and the flag */
	{ .name = "write", .has_arg = required_argument, .arg = "OFFSET=VALUE",
	  .help = "dump: write VALUE at OFFSET first (dangerous: see --help)",
	  .kind = OPT_K_CALL, .off = 0, .call = parse_write },
	OPT_FLAG(0, "no-trace", T, no_trace, "watch: do not attach the tracer"),
	OPT_HELP,
	OPT_END,
};
#undef T

static void ec_usage(FILE *out)
{
	fprintf(out,
		"Usage: acpitrace [-j] ec dump [--write OFFSET=VALUE] [--io PATH]\n"
		"       acpitrace [-j] ec watch [--interval MS] [--count N] [--io PATH]\n"
		"       acpitrace [-j] ec fields [--tables PATH[,PATH...]]\n"
		"       acpitrace [-j] ec read NAME|ADDR [--io PATH]\n"
		"Read the embedded controller's 256 bytes of RAM through debugfs\n"
		"(" EC_RAM_IO ": root, debugfs mounted, the ec_sys module).\n"
		"dump prints them as a hex table; watch prints the bytes that changed\n"
		"between reads, with the EC transactions and queries traced meanwhile.\n"
		"Each read is 256 EC transactions: a short interval keeps the EC busy.\n"
		"fields lists the firmware's names for EC RAM: the Fields over its\n"
		"EmbeddedControl region in the AML tables (root); dump and watch name\n"
		"the bytes with them. read reads one field (its bytes only), or one byte.\n\n"
		"--write changes EC RAM. The EC runs fans, charging, keyboard and power:\n"
		"a wrong byte can stop a fan or charging, or hang the EC until it resets.\n"
		"Only write what the firmware itself writes there. debugfs refuses writes\n"
		"unless ec_sys was loaded with write_support=1.\n\n");
	opt_usage(out, ec_opts_table);
}

const struct opt_cmd ec_cmd = { .name = "ec", .table = ec_opts_table, .usage = ec_usage };

/* ---- dump --------------------------------------------------------------- */

static void json_ram(struct json *j, const uint8_t *b, size_t len)
{
	char hex[EC_RAM_SIZE * 2 + 1];

	for (size_t i = 0; i < len; i++)
		snprintf(hex + 2 * i, 3, "%02x", b[i]);
	hex[2 * len] = '\0';
	json_u64(j, "length", len);
	json_str(j, "hex", hex);
}

static int ec_dump(const struct ec_opts *o)
{
	uint8_t ram[EC_RAM_SIZE];
	struct ec_map m;
	bool named;
	char why[256];
	int n;

	if (o->write) {
		if (ec_ram_write(o->io, o->w_off, o->w_val, why, sizeof(why)))
			return err_print("ec", "%s", why), 1;
		notice_print("ec", "wrote 0x%02x at 0x%02x", o->w_val, o->w_off);
	}
	n = ec_ram_read(o->io, ram, sizeof(ram), why, sizeof(why));
	if (n < 0)
		return err_print("ec", "%s", why), 1;
	named = !o->no_fields && ec_fields_load_quiet(&m, o->tables);
	if (g_opts.json) {
		struct json j;

		json_init(&j, stdout);
		json_begin_object(&j, NULL);
		json_str(&j, "source", o->io);
		json_ram(&j, ram, n);
		if (named)
			ec_fields_dump_json(&j, &m, ram, n);
		json_end_object(&j);
	} else {
		printf("EC RAM (%s, %d bytes):\n", o->io, n);
		ec_ram_hex(stdout, ram, n);
		if (named && m.n)
			ec_fields_dump_text(stdout, &m, ram, n);
	}
	if (named)
		ec_map_free(&m);
	return 0;
}

/* ---- watch -------------------------------------------------------------- */

static volatile sig_atomic_t stop;

static void on_stop(int sig)
{
	(void)sig;
	stop = 1;
}

struct watch {
	struct output out;
	struct ec_map map;	/* .n == 0: no names */
	unsigned int records;	/* EC records this interval */
	uint32_t self;		/* our thread id, as records carry it */
	struct ec_touches *touch;	/* which transactions touched which byte */
	bool tracing;		/* records come: who touched a byte is known */
};

static void on_record(const struct at_event *e, void *ctx)
{
	struct watch *w = ctx;

	/* our own snapshot is 256 EC reads in this thread: not news */
	if (e->pid == w->self)
		return;
	ec_touches_record(w->touch, e);
	if (e->source != AT_SRC_EC && e->source != AT_SRC_EC_QUERY)
		return;
	output_event(&w->out, e);
	w->records++;
}

static const char *ec_cmd_name(uint8_t command)
{
	return command == 0x81 ? "WR_EC" : "RD_EC";
}

/* Who touched a changed byte: the transactions, and whether the EC changed it. */
static void touches_json(struct json *j, const struct ec_touches *t, uint8_t addr)
{
	const struct ec_touch *tt[16];
	size_t n = ec_touches_at(t, addr, tt, 16);

	json_bool(j, "changed_in_ec", !ec_touches_written(t, addr));
	json_begin_array(j, "touched_by");
	for (size_t i = 0; i < n; i++) {
		json_begin_object(j, NULL);
		json_str(j, "command", ec_cmd_name(tt[i]->command));
		if (tt[i]->query >= 0)
			json_u64(j, "query", (uint64_t)tt[i]->query);
		else
			json_null(j, "query");
		if (tt[i]->method[0])
			json_str(j, "method", tt[i]->method);
		else
			json_null(j, "method");
		json_end_object(j);
	}
	json_end_array(j);
}

static void touches_text(const struct ec_touches *t, uint8_t addr)
{
	const struct ec_touch *tt[16];
	size_t n = ec_touches_at(t, addr, tt, 16);

	printf(" [%s", ec_touches_written(t, addr) ? "written" : "changed in the EC");
	for (size_t i = 0; i < n; i++) {
		printf("%s%s", i ? ", " : "; ", ec_cmd_name(tt[i]->command));
		if (tt[i]->query >= 0)
			printf(" by query 0x%02X%s%s", tt[i]->query, tt[i]->method[0] ? " " : "",
			       tt[i]->method);
	}
	printf("]");
}

static void print_changes(const struct watch *w, const struct ec_change *c, size_t n,
			  const uint8_t *old, const uint8_t *cur, size_t len)
{
	double ts = (mono_ns() - w->out.t0_ns) / 1e9;

	if (g_opts.json) {
		struct json j;

		json_init(&j, stdout);
		json_begin_object(&j, NULL);
		json_double(&j, "ts", ts, 6);
		json_str(&j, "source", "ec_ram");
		json_begin_array(&j, "changes");
		for (size_t i = 0; i < n; i++) {
			json_begin_object(&j, NULL);
			json_u64(&j, "offset", c[i].offset);
			json_u64(&j, "old", c[i].old);
			json_u64(&j, "new", c[i].new);
			ec_fields_change_json(&j, &w->map, &c[i], old, cur, len);
			if (w->tracing)
				touches_json(&j, w->touch, c[i].offset);
			json_end_object(&j);
		}
		json_end_array(&j);
		json_u64(&j, "ec_records", w->records);
		json_end_object(&j);
	} else {
		printf("%12.6f      ec_ram   %zu changed:", ts, n);
		for (size_t i = 0; i < n; i++) {
			ec_fields_change_text(stdout, &w->map, &c[i], old, cur, len);
			if (w->tracing)
				touches_text(w->touch, c[i].offset);
		}
		printf("\n");
	}
	fflush(stdout);
}

static int ec_watch(const struct ec_opts *o)
{
	uint8_t prev[EC_RAM_SIZE], cur[EC_RAM_SIZE];
	struct ec_change ch[EC_RAM_SIZE];
	struct watch w = { .out = { .out = stdout, .json = g_opts.json }, .self = (uint32_t)gettid() };
	struct listener *l = NULL;
	char why[256];
	int n, m;

	n = ec_ram_read(o->io, prev, sizeof(prev), why, sizeof(why));
	if (n < 0)
		return err_print("ec", "%s", why), 1;
	w.touch = calloc(1, sizeof(*w.touch));
	if (!w.touch)
		return err_print("ec", "out of memory"), 1;
	ec_map_init(&w.map);
	if (!o->no_fields)
		ec_fields_load_quiet(&w.map, o->tables);
	if (!o->no_trace && !(l = listen_open(on_record, &w, why, sizeof(why))))
		warn_print("ec", "EC transactions not shown: %s", why);
	/* without records nothing can be said of who changed a byte */
	w.tracing = l != NULL;
	w.out.t0_ns = mono_ns();
	signal(SIGINT, on_stop);
	signal(SIGTERM, on_stop);
	notice_print("ec", "watching %s (%d bytes) every %llu ms", o->io, n,
		   (unsigned long long)o->interval_ms);
	for (uint64_t i = 0; !stop && (!o->count || i < o->count); i++) {
		uint64_t end = mono_ns() + o->interval_ms * 1000000ULL;
		size_t nc;

		w.records = 0;
		ec_touches_reset(w.touch);
		while (!stop && mono_ns() < end) {
			uint64_t left = (end - mono_ns()) / 1000000;

			if (l)
				listen_poll(l, left > 100 ? 100 : (int)left);
			else
				poll(NULL, 0, left > 100 ? 100 : (int)left);
		}
		m = ec_ram_read(o->io, cur, sizeof(cur), why, sizeof(why));
		if (m < 0) {
			listen_close(l);
			ec_map_free(&w.map);
			free(w.touch);
			return err_print("ec", "%s", why), 1;
		}
		nc = ec_ram_diff(prev, cur, m < n ? m : n, ch, EC_RAM_SIZE);
		/* records already on the ring: a query's comes after its work */
		if (l)
			listen_poll(l, 0);
		ec_touches_resolve(w.touch);
		if (nc)
			print_changes(&w, ch, nc, prev, cur, m < n ? m : n);
		memcpy(prev, cur, sizeof(prev));
		n = m;
	}
	listen_close(l);
	ec_map_free(&w.map);
	free(w.touch);
	return 0;
}

int cmd_ec(int argc, char **argv)
{
	struct ec_opts o = { .io = EC_RAM_IO, .tables = EC_TABLES_DIR, .interval_ms = 1000 };
	const char *sub, *what = NULL;
	int c;

	c = opt_parse(&ec_cmd, argc, argv, &o);
	if (c)
		return c;
	if (optind >= argc)
		return err_usage("ec", "expected 'dump', 'watch', 'fields' or 'read'");
	sub = argv[optind++];
	if (!strcmp(sub, "read")) {
		if (optind >= argc)
			return err_usage("ec", "read: expected a field name or an address");
		what = argv[optind++];
	}
	if (optind < argc)
		return err_usage("ec", "unexpected argument '%s'", argv[optind]);
	if (o.write && strcmp(sub, "dump"))
		return err_usage("ec", "--write goes with 'dump' only");
	if (!strcmp(sub, "dump"))
		return ec_dump(&o);
	if (!strcmp(sub, "fields"))
		return ec_fields_list(o.tables, g_opts.json);
	if (what)
		return ec_fields_read(o.tables, o.io, what, g_opts.json);
	if (strcmp(sub, "watch"))
		return err_usage("ec", "unknown subcommand '%s': expected 'dump', 'watch', 'fields' "
				 "or 'read'", sub);
	if (o.write)
		return err_usage("ec", "--write goes with 'dump' only");
	return ec_watch(&o);
}
