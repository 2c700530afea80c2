/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Finding Method definitions in an AML table (DSDT, SSDT) without an
 * interpreter: which _Lxx/_Exx GPE methods and _Qxx EC query methods the
 * namespace has, for `acpitrace inventory`.  sysfs does not list methods.
 *
 * The scanner walks the table's bytes and recognises the objects that open
 * a scope (Scope, Device, Processor, PowerResource, ThermalZone: opcode,
 * PkgLength, NameString) and Method (MethodOp 0x14, PkgLength, NameString,
 * flags), keeping a stack of open scopes to give each method its full
 * path.  Buffers, packages, field lists, strings and integer constants
 * are stepped over so their bytes are not taken for opcodes.  It is a
 * scanner, not a parser: a definition inside a method body or under an
 * If is found relative to the scope around it, and every length is
 * checked against the object that contains it, so bad input ends the walk
 * early but never reads outside the table.
 */
#ifndef AML_SCAN_H
#define AML_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define AML_HEADER_LEN	36
#define AML_MAX_SEGS	16
#define AML_PATH_LEN	(AML_MAX_SEGS * 5 + 2)
#define AML_MAX_DEPTH	32
#define AML_TABLE_MAX	(16u << 20)	/* aml_read_table's limit */

struct aml_method {
	char path[AML_PATH_LEN];	/* \_GPE._E02, trailing '_' trimmed */
	char scope[AML_PATH_LEN];	/* \_GPE ("\" for the root) */
	char name[5];			/* _E02, as stored (padded) */
	unsigned int args;		/* 0..7 */
	size_t offset;			/* of the MethodOp in the table */
};

/* Called per method in table order; non-zero stops the scan. */
typedef int (*aml_method_fn)(const struct aml_method *m, void *ctx);

/*
 * Scan one table, header included.  The number of methods found, or -1
 * with @err ("offset 0: ...") when the header is not an AML table's.
 */
int aml_scan(const uint8_t *tbl, size_t len, aml_method_fn fn, void *ctx,
	     char *err, size_t errlen);

/*
 * OperationRegion (NAME, SPACE, OFFSET, LENGTH): @known when OFFSET and
 * LENGTH are integer constants (an expression is not evaluated).
 */
struct aml_region {
	char path[AML_PATH_LEN];
	unsigned int space;		/* 3: EmbeddedControl */
	bool known;
	uint64_t offset, length;
	size_t at;			/* of the ExtOpPrefix in the table */
};

/*
 * Field (REGION, FLAGS) { FieldList }: the list's bytes, to be read by
 * the caller (acpi/ec_fields.c).  The region is named relative to @scope:
 * @region is that name resolved as written; when it is one bare NameSeg
 * (@region_seg, trimmed like paths), ACPI's search rules look for it in
 * @scope and then each scope above.
 */
struct aml_field_list {
	char scope[AML_PATH_LEN];	/* the scope the field names are created in */
	char region[AML_PATH_LEN];
	char region_seg[5];		/* "" unless a bare NameSeg */
	uint8_t flags;			/* access type (bits 0-3), lock, update rule */
	const uint8_t *list;		/* inside the table */
	size_t len;
	size_t at;
};

/*
 * Name (SEG, DataObject) outside method bodies: @data is the object's
 * first byte, @len what is left of the scope (aml_data_* read it).
 */
struct aml_named {
	char path[AML_PATH_LEN];
	char scope[AML_PATH_LEN];
	char name[5];			/* as stored (padded) */
	const uint8_t *data;
	size_t len;
};

/*
 * Notify (TARGET, VALUE) inside a method body.  @target is the name
 * resolved as ACPICA does from inside the method (its node is the scope);
 * when it was one bare NameSeg (@bare), ACPI's search goes upwards from
 * there, so the caller may look for @seg in @scope and the scopes above.
 */
struct aml_notify {
	char method[AML_PATH_LEN];
	char scope[AML_PATH_LEN];	/* the method's scope */
	char target[AML_PATH_LEN];
	char seg[5];			/* the bare NameSeg, trimmed, or "" */
	bool bare;
	bool known;			/* VALUE is an integer constant */
	uint64_t value;
	size_t at;
};

/* Called in table order; non-zero stops the walk.  Any may be NULL. */
struct aml_visitor {
	aml_method_fn method;
	int (*region)(const struct aml_region *r, void *ctx);
	int (*field)(const struct aml_field_list *f, void *ctx);
	int (*name)(const struct aml_named *n, void *ctx);
	int (*device)(const char *path, void *ctx);	/* Device (PATH) opened */
	int (*notify)(const struct aml_notify *n, void *ctx);
};

/* An integer constant at @b (ZeroOp, OneOp, OnesOp, Byte..QWordConst): 0 or -1. */
int aml_data_int(const uint8_t *b, size_t len, uint64_t *v);
/* A String at @b into @out (at most @outlen - 1 characters): 0 or -1. */
int aml_data_string(const uint8_t *b, size_t len, char *out, size_t outlen);
/* A Buffer at @b: its initializer's bytes (*@blen of them), or NULL. */
const uint8_t *aml_data_buffer(const uint8_t *b, size_t len, size_t *blen);
/*
 * A Package at @b: the offsets (from @b) of its first elements, at most
 * @max, and *@end its length; how many, or -1 when it is no Package.
 */
int aml_data_package(const uint8_t *b, size_t len, size_t *offs, int max, size_t *end);

/*
 * aml_scan with regions and fields too (Field only: IndexField and
 * BankField are stepped over; so is everything inside a method body).
 * The number of objects reported, or -1 as aml_scan.
 */
int aml_walk(const uint8_t *tbl, size_t len, const struct aml_visitor *v, void *ctx,
	     char *err, size_t errlen);

/* Four bytes that make a NameSeg: [A-Z_] then [A-Z0-9_] three times. */
bool aml_seg_ok(const uint8_t *s);

/*
 * A table file read whole (sysfs gives its size as 0), at most 16 MiB:
 * the bytes (free() them) and *@len, or NULL with *@err an errno.
 */
uint8_t *aml_read_table(const char *path, size_t *len, int *err);

/*
 * The event number of a _Lxx/_Exx (GPE) or _Qxx (EC query) name: 0..255
 * with @kind set to 'L', 'E' or 'Q'; -1 for any other name.
 */
int aml_event_method(const char name[4], char *kind);

#endif
