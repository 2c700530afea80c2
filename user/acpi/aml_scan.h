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

#include <stddef.h>
#include <stdint.h>

#define AML_HEADER_LEN	36
#define AML_MAX_SEGS	16
#define AML_PATH_LEN	(AML_MAX_SEGS * 5 + 2)
#define AML_MAX_DEPTH	32

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
 * The event number of a _Lxx/_Exx (GPE) or _Qxx (EC query) name: 0..255
 * with @kind set to 'L', 'E' or 'Q'; -1 for any other name.
 */
int aml_event_method(const char name[4], char *kind);

#endif
