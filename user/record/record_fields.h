/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What a record (struct at_event) says, field by field: one table per
 * source naming each field as the JSON object spells it, its kind, how it
 * is read from the record, when the JSON object has it, and how and when
 * the text line shows it.  The JSON writer and the text renderer
 * (record/output.c) both walk these tables, so adding a field is one
 * line, and tests/unit/test_output.c checks that text and JSON agree on
 * every field both show.
 *
 * The text line of a source is its fields' text fragments, in table
 * order, for the fields whose text condition holds.  A field the text
 * shows at another place than JSON has a text-only twin of the same name
 * (json = RF_NEVER).  What a table cannot say (the WMI payload object,
 * storm records) is a hook field: one function per renderer.
 */
#ifndef RECORD_FIELDS_H
#define RECORD_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"
#include "acpi/acpi_path.h"
#include "acpi/acpi_sysfs.h"
#include "acpi/guid.h"
#include "lib/json.h"
#include "record/record_view.h"

/* A record on its way to a renderer. */
struct rf_ctx {
	const struct at_event *e;
	const struct rec_view *v;
	uint64_t t0_ns;		/* timestamps print relative to it */
	const char *wall;	/* RFC 3339 wall clock of the record, or NULL */
};

enum rf_kind {
	RF_LIT,		/* text only: the fragment itself, no value */
	RF_U64,
	RF_I64,
	RF_BOOL,	/* text: the words tbool[false], tbool[true] */
	RF_STR,		/* NUL-terminated; NULL is JSON null, text tnull */
	RF_STRN,	/* s and n: up to n bytes */
	RF_BYTES,	/* b and n: JSON array of numbers */
	RF_SECONDS,	/* u in ns: JSON seconds with 6 decimals */
	RF_HOOK,	/* json_hook / text_hook write it */
};

/* When a field is there (JSON) or shown (text). */
enum rf_cond {
	RF_ALWAYS = 0,
	RF_NEVER,
	RF_HAS_DEV,		/* sysfs knows the path's device */
	RF_HAS_DURATION,	/* AT_F_HAS_DURATION */
	RF_HAS_SMI,		/* AT_F_HAS_SMI */
	RF_HAS_WALL,		/* the wall clock is known (ctx->wall) */
	RF_GPE_KNOWN,		/* gpe: dispatch type was read */
	RF_GPE_METHOD,		/* gpe, method: dispatch = method */
	RF_EC_RW,		/* ec: RD_EC or WR_EC */
	RF_EC_QR,
	RF_DRIVER,		/* AT_F_DRIVER_HANDLER */
	RF_NOT_DRIVER,
	RF_EVAL,		/* method: an evaluation, not a GPE method */
	RF_NOT_EVAL,
	RF_GPE_NOT_METHOD,	/* method: GPE record, dispatch is not a method */
	RF_EVAL_RETURN,		/* method: evaluation that returned an Integer */
	RF_EVAL_NO_RETURN,
};

struct rf_val {
	bool null;
	uint64_t u;
	int64_t i;
	bool b;
	const char *s;
	const uint8_t *bytes;
	size_t n;
};

struct rec_field {
	const char *name;	/* JSON member name (also names a text-only twin) */
	enum rf_kind kind;
	void (*get)(const struct rf_ctx *c, struct rf_val *v);
	enum rf_cond json;	/* when the JSON object has it */
	const char *text;	/* text fragment with one conversion; NULL: JSON only */
	enum rf_cond show;	/* when the text line shows it */
	const char *tnull;	/* text for a null string ("" if NULL) */
	const char *tbool[2];	/* RF_BOOL: text for false, true */
	void (*json_hook)(struct json *j, const struct rf_ctx *c);
	void (*text_hook)(char *buf, size_t len, const struct rf_ctx *c);
};

/* The fields of @source's records (NULL, *n = 0 for an unknown source). */
const struct rec_field *rec_fields(unsigned int source, size_t *n);
/* The fields every record has, before and after its source's. */
const struct rec_field *rec_fields_head(size_t *n);
const struct rec_field *rec_fields_tail(size_t *n);

bool rf_cond_holds(enum rf_cond cond, const struct rf_ctx *c);
/* One field's text fragment for value @v (RF_LIT: the fragment). */
void rf_text(char *buf, size_t len, const struct rec_field *f, const struct rf_val *v);

/* The whole JSON object of a record, and its newline. */
void rec_json(struct json *j, const struct rf_ctx *c);
/* The source-specific part of a record's text line, unescaped. */
void rec_text_body(char *buf, size_t len, const struct rf_ctx *c);

#endif
