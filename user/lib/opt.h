/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Command-line options, written once: a table per command gives each
 * option's letter, long name, argument, help, and what its value is (a
 * kind: flag, string, unsigned number in a range, seconds, one of some
 * words, or a hook) and where it goes (a field of the command's options
 * struct, by offsetof, or a global).  opt_parse() fills the struct from
 * argv and prints the one form of error, "--NAME 'VALUE': REASON" (JSON
 * under -j, lib/errmsg.h); the --help lines, `acpitrace help` and the
 * option lists tests/host/options.sh checks the man page and the bash
 * completion against come from the same tables.  Tables nest (OPT_TABLE,
 * OPT_TABLE_AT for a table whose fields are those of a member struct):
 * the filter, storm and metrics options are shared that way.
 */
#ifndef OPT_H
#define OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <getopt.h>

enum opt_kind {
	OPT_K_FLAG = 1,	/* bool field = true */
	OPT_K_STR,	/* const char * field = the value (.dflt when an optional one is absent) */
	OPT_K_UINT,	/* unsigned field (1, 2, 4 or 8 bytes) = the value, in [.min, .max] */
	OPT_K_OCTAL,	/* the same, the value in octal (a file mode) */
	OPT_K_SECONDS,	/* double field = seconds: > 0 (.min 0) or >= .min, and <= .max */
	OPT_K_WORD,	/* unsigned field = the .value of the word in .words */
	OPT_K_CALL,	/* .call(value, field, &why): anything else */
	OPT_K_HELP,	/* print the command's help, exit 0 */
	OPT_K_JSON,	/* the global -j: bool field and err_json (errors as JSON too) */
};

struct opt_word {
	const char *word;
	unsigned long long value;
};

/* 0, or -1 with *why (the REASON of the error) */
typedef int (*opt_call_fn)(const char *arg, void *field, const char **why);

struct opt {
	char letter;		/* the short option, 0 for long only */
	const char *name;	/* the long option */
	int has_arg;		/* no_argument, required_argument, optional_argument
				 * (optional: long form only, -m takes none) */
	const char *arg;	/* shown after it: "LIST" as " LIST", "NAMES" as "[=NAMES]" */
	const char *help;	/* lines split by '\n'; NULL: accepted but not listed */
	const struct opt *more;	/* instead of an option: this table, spliced in */
	enum opt_kind kind;
	size_t off;		/* the field: offset in the command's struct (or in .more's) */
	void *ptr;		/* or this global instead */
	unsigned char size;	/* the field's size (UINT, OCTAL, WORD) */
	double min, max;	/* UINT, OCTAL, SECONDS: the range */
	const struct opt_word *words;	/* WORD: ends with { NULL } */
	opt_call_fn call;	/* CALL */
	const char *dflt;	/* STR, optional_argument: the value without one */
	const char *why;	/* the REASON for a value out of range or not a word */
};

#define OPT_TABLE(t)		{ .more = (t) }
/* A table whose offsets are in member @off of the command's struct. */
#define OPT_TABLE_AT(t, off_)	{ .more = (t), .off = (off_) }
#define OPT_END		{ 0 }

/* The field @f of struct @T: its offset and size. */
#define OPT_FIELD(T, f)	.off = offsetof(T, f), .size = sizeof(((T *)0)->f)
/* The same, and a compile error unless the field is @n bytes (a bool, a pointer, a double). */
#define OPT_FIELD_OF(T, f, n)	\
	.off = offsetof(T, f) + 0 * sizeof(char[sizeof(((T *)0)->f) == (n) ? 1 : -1]), \
	.size = sizeof(((T *)0)->f)

#define OPT_FLAG(l, n, T, f, h)	\
	{ .letter = (l), .name = (n), .has_arg = no_argument, .help = (h), \
	  .kind = OPT_K_FLAG, OPT_FIELD_OF(T, f, sizeof(bool)) }
#define OPT_STR(l, n, an, T, f, h)	\
	{ .letter = (l), .name = (n), .has_arg = required_argument, .arg = (an), .help = (h), \
	  .kind = OPT_K_STR, OPT_FIELD_OF(T, f, sizeof(char *)) }
#define OPT_UINT(l, n, an, T, f, lo, hi, w, h)	\
	{ .letter = (l), .name = (n), .has_arg = required_argument, .arg = (an), .help = (h), \
	  .kind = OPT_K_UINT, OPT_FIELD(T, f), .min = (lo), .max = (hi), .why = (w) }
#define OPT_SECONDS(l, n, an, T, f, lo, hi, w, h)	\
	{ .letter = (l), .name = (n), .has_arg = required_argument, .arg = (an), .help = (h), \
	  .kind = OPT_K_SECONDS, OPT_FIELD_OF(T, f, sizeof(double)), .min = (lo), .max = (hi), .why = (w) }
#define OPT_WORDS(l, n, an, T, f, wl, w, h)	\
	{ .letter = (l), .name = (n), .has_arg = required_argument, .arg = (an), .help = (h), \
	  .kind = OPT_K_WORD, OPT_FIELD(T, f), .words = (wl), .why = (w) }
#define OPT_CALL(l, n, a, an, T, f, fn, h)	\
	{ .letter = (l), .name = (n), .has_arg = (a), .arg = (an), .help = (h), \
	  .kind = OPT_K_CALL, .off = offsetof(T, f), .call = (fn) }
#define OPT_HELP	\
	{ .letter = 'h', .name = "help", .has_arg = no_argument, .help = "", .kind = OPT_K_HELP }
/* -j, --json into the bool @g (the global option, also after the command). */
#define OPT_JSON(g, h)	\
	{ .letter = 'j', .name = "json", .has_arg = no_argument, .help = (h), \
	  .kind = OPT_K_JSON, .ptr = (g), .size = sizeof(*(g)) }

#define OPT_MAX		64

/* What getopt_long() takes, built from a table, and which option each code is. */
struct opt_getopt {
	char shortopts[2 * OPT_MAX + 2];	/* ":" first: missing values return ':' */
	struct option longopts[OPT_MAX + 1];
	const struct opt *opt[OPT_MAX];		/* by index, as longopts */
	size_t base[OPT_MAX];			/* the offset of its table */
	size_t n;
};

/* A command's options: what opt_parse() needs besides argv. */
struct opt_cmd {
	const char *name;		/* "trace": errors read "acpitrace trace: ..." */
	const struct opt *table;
	void (*usage)(FILE *out);	/* --help */
	/*
	 * Takes no operand: "unexpected argument" for one, and an optional
	 * value may follow after a space (--acpid-socket PATH), as no
	 * operand can be meant.
	 */
	bool no_operands;
	/* options end at the first operand (the global options, before the command) */
	bool stop_at_operand;
};

/* 0, or -1 when the table has more than OPT_MAX options. */
int opt_getopt_build(struct opt_getopt *g, const struct opt *table);
/* The "  -s, --source LIST       help" lines of --help. */
void opt_usage(FILE *out, const struct opt *table);
/*
 * Every long option of @table, one "--name" per line; hidden ones (no
 * help) end with " (hidden)".  `acpitrace help --options` prints these.
 */
void opt_list(FILE *out, const struct opt *table);

/*
 * Fill @base (the command's options struct) from argv[1..]; the operands
 * start at optind after it.  0, or 2 (the usage exit status) once the
 * error is printed.  --help prints the usage and exits 0.
 */
int opt_parse(const struct opt_cmd *c, int argc, char **argv, void *base);

/*
 * The token to blame after getopt_long() returned @c ('?' or ':'), given
 * optopt and argv[optind - 1]: "-x" for a short option even inside a
 * cluster ("-jx"), "--name" without its "=value" for a long one.  A static
 * buffer.
 */
const char *opt_offender(int c, int optopt_val, const char *arg);

#endif
