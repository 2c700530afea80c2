// SPDX-License-Identifier: GPL-2.0
/*
 * acpi/acpi_tables.h: ACPI tables from an acpidump text file, a directory
 * of binary tables, or standard input.  The text format is acpidump's
 * (what acpixtract reads): a header line "DSDT @ 0x00000000BFFE0040",
 * then rows "    0000: 44 53 44 54 ...  DSDT...", each row's offset the
 * count of bytes before it; blank lines between tables.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include "acpi/acpi_tables.h"
#include "acpi/aml_scan.h"

static uint32_t le32(const uint8_t *b)
{
	return b[0] | b[1] << 8 | b[2] << 16 | (uint32_t)b[3] << 24;
}

static bool sig_char(int c)
{
	return isupper(c) || isdigit(c) || c == '_' || c == '!' || islower(c);
}

/* Append a table (the bytes are taken over); -1 when there are too many. */
static int add_table(struct acpi_tables *ts, const char *sig, const char *name, uint8_t *b,
		     size_t len)
{
	struct acpi_table *t;

	if (ts->n >= ACPI_TABLES_MAX || !(t = realloc(ts->t, (ts->n + 1) * sizeof(*t))))
		return -1;
	ts->t = t;
	t = &ts->t[ts->n++];
	memset(t, 0, sizeof(*t));
	snprintf(t->sig, sizeof(t->sig), "%.4s", sig);
	snprintf(t->name, sizeof(t->name), "%s", name);
	t->b = b;
	t->len = len;
	return 0;
}

/* How many tables of @sig are already kept. */
static size_t count_sig(const struct acpi_tables *ts, const char *sig)
{
	size_t n = 0;

	for (size_t i = 0; i < ts->n; i++)
		n += !strcmp(ts->t[i].sig, sig);
	return n;
}

/* A text table being read. */
struct cur {
	char sig[5];
	size_t line;		/* of its header */
	uint8_t *b;
	size_t len, cap;
};

/* The header says how long the table is: check the rows gave that much. */
static int finish(struct acpi_tables *ts, struct cur *c, const char *label, char *err, size_t errlen)
{
	char name[32];
	size_t n;
	uint32_t hl;

	if (!c->sig[0])
		return 0;
	/* RSDP ("RSD " in older acpidumps) has no common header: nothing to check */
	if (!strcmp(c->sig, "RSDP") || !strcmp(c->sig, "RSD ")) {
		free(c->b);
		memset(c, 0, sizeof(*c));
		return 0;
	}
	if (c->len < AML_HEADER_LEN) {
		snprintf(err, errlen, "%s:%zu: table %s has %zu bytes, shorter than a table header (36)",
			 label, c->line, c->sig, c->len);
		return -1;
	}
	hl = le32(c->b + 4);
	if (hl < AML_HEADER_LEN || hl > c->len) {
		snprintf(err, errlen, "%s:%zu: table %s: its header says %u bytes, the dump has %zu (truncated?)",
			 label, c->line, c->sig, hl, c->len);
		return -1;
	}
	n = count_sig(ts, c->sig);
	if (!strcmp(c->sig, "SSDT"))
		snprintf(name, sizeof(name), "SSDT%zu", n + 1);
	else if (n)
		snprintf(name, sizeof(name), "%s%zu", c->sig, n + 1);
	else
		snprintf(name, sizeof(name), "%s", c->sig);
	if (add_table(ts, c->sig, name, c->b, hl)) {
		snprintf(err, errlen, "%s:%zu: more than %d tables", label, c->line, ACPI_TABLES_MAX);
		return -1;
	}
	memset(c, 0, sizeof(*c));
	return 0;
}

/* "DSDT @ 0x00000000BFFE0040" (leading blanks allowed): the signature. */
static bool header_line(const char *l, char sig[5])
{
	while (*l == ' ' || *l == '\t')
		l++;
	for (int i = 0; i < 4; i++)
		if (!sig_char((unsigned char)l[i]) && !(i == 3 && !strncmp(l, "RSD ", 4)))
			return false;
	if (strncmp(l + 4, " @ 0x", 5) || !isxdigit((unsigned char)l[9]))
		return false;
	for (const char *p = l + 9; *p; p++)
		if (!isxdigit((unsigned char)*p))
			return false;
	memcpy(sig, l, 4);
	sig[4] = '\0';
	return true;
}

static int hexv(int c)
{
	return isdigit(c) ? c - '0' : tolower(c) - 'a' + 10;
}

/* Bytes of a row after "OFFSET:": up to 16 " XX", then the ASCII column. */
static int row_bytes(const char *p, uint8_t out[16])
{
	int n = 0;

	while (n < 16 && p[0] == ' ' && isxdigit((unsigned char)p[1]) && isxdigit((unsigned char)p[2]) &&
	       (p[3] == ' ' || !p[3])) {
		out[n++] = hexv((unsigned char)p[1]) << 4 | hexv((unsigned char)p[2]);
		p += 3;
	}
	return n;
}

/* One row into @c; the reason in @why when it is not one. */
static int row_line(struct cur *c, const char *l, const char **why)
{
	unsigned long long off = 0;
	uint8_t b[16];
	const char *p = l;
	int n, digits = 0;

	while (*p == ' ' || *p == '\t')
		p++;
	for (; isxdigit((unsigned char)*p) && digits < 16; p++, digits++)
		off = off << 4 | hexv((unsigned char)*p);
	if (!digits || *p != ':') {
		*why = "neither a 'SIG @ 0xADDRESS' table header nor an 'OFFSET: XX XX ...' row: "
		       "not acpidump's text output";
		return -1;
	}
	if (!c->sig[0]) {
		*why = "a hex row before any 'SIG @ 0xADDRESS' table header";
		return -1;
	}
	if (off != c->len) {
		*why = "the row's offset is not the number of bytes before it (a row missing or repeated)";
		return -1;
	}
	n = row_bytes(p + 1, b);
	if (!n) {
		*why = "a row without hex bytes";
		return -1;
	}
	if (c->len + n > c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 4096;
		uint8_t *nb;

		if (cap > AML_TABLE_MAX || !(nb = realloc(c->b, cap))) {
			*why = "a table over 16 MiB";
			return -1;
		}
		c->b = nb;
		c->cap = cap;
	}
	memcpy(c->b + c->len, b, n);
	c->len += n;
	return 0;
}

int acpi_tables_parse_text(struct acpi_tables *ts, const char *text, size_t len,
			   const char *label, char *err, size_t errlen)
{
	struct cur c = { 0 };
	char line[256];
	size_t lineno = 0, pos = 0;

	if (memchr(text, '\0', len)) {
		snprintf(err, errlen, "%s:1: binary data, not acpidump's text output "
			 "(binary tables are read from a directory)", label);
		return -1;
	}
	while (pos < len) {
		size_t n = 0, start = pos;
		const char *why = NULL;
		char sig[5];

		while (pos < len && text[pos] != '\n')
			pos++;
		n = pos - start;
		pos++;
		lineno++;
		while (n && (text[start + n - 1] == '\r' || text[start + n - 1] == ' ' ||
			     text[start + n - 1] == '\t'))
			n--;
		if (!n)
			continue;
		if (n >= sizeof(line)) {
			why = "a line over 255 characters: not acpidump's text output";
		} else {
			memcpy(line, text + start, n);
			line[n] = '\0';
			if (header_line(line, sig)) {
				if (finish(ts, &c, label, err, errlen))
					goto fail;
				memcpy(c.sig, sig, 5);
				c.line = lineno;
				continue;
			}
			if (!row_line(&c, line, &why))
				continue;
		}
		snprintf(err, errlen, "%s:%zu: %s", label, lineno, why);
		goto fail;
	}
	if (finish(ts, &c, label, err, errlen))
		goto fail;
	if (!ts->n) {
		snprintf(err, errlen, "%s:%zu: no table in it (acpidump's text has a 'SIG @ 0xADDRESS' "
			 "line per table)", label, lineno);
		return -1;
	}
	return 0;
fail:
	free(c.b);
	return -1;
}

/* All of @f, at most ACPI_TEXT_MAX bytes; NULL with errno. */
static char *read_all(FILE *f, size_t *len)
{
	size_t cap = 1 << 16, got = 0, n;
	char *b = malloc(cap), *nb;

	if (!b)
		return NULL;
	while ((n = fread(b + got, 1, cap - got, f)) > 0) {
		got += n;
		if (got < cap)
			continue;
		if (cap >= ACPI_TEXT_MAX) {
			free(b);
			errno = EFBIG;
			return NULL;
		}
		if (!(nb = realloc(b, cap * 2))) {
			free(b);
			return NULL;
		}
		b = nb;
		cap *= 2;
	}
	if (ferror(f)) {
		free(b);
		errno = EIO;
		return NULL;
	}
	*len = got;
	return b;
}

/* A file that is one binary table (dsdt.dat): its length field is its size. */
static bool binary_table(const char *b, size_t len)
{
	for (int i = 0; i < 4 && len >= AML_HEADER_LEN; i++)
		if (!sig_char((unsigned char)b[i]))
			return false;
	return len >= AML_HEADER_LEN && le32((const uint8_t *)b + 4) == len && memchr(b, '\0', len);
}

static int read_text(struct acpi_tables *ts, const char *path, char *err, size_t errlen)
{
	const char *label = strcmp(path, "-") ? path : "(stdin)";
	FILE *f = strcmp(path, "-") ? fopen(path, "re") : stdin;
	size_t len = 0;
	char *b;
	int rc;

	if (!f) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	b = read_all(f, &len);
	if (f != stdin)
		fclose(f);
	if (!b) {
		snprintf(err, errlen, "%s: %s", label, errno == EFBIG ? "over 64 MiB: not an acpidump" :
			 strerror(errno));
		return -1;
	}
	if (binary_table(b, len)) {
		char sig[5];

		snprintf(sig, sizeof(sig), "%.4s", b);
		if (add_table(ts, sig, sig, (uint8_t *)b, len)) {
			free(b);
			snprintf(err, errlen, "%s: out of memory", label);
			return -1;
		}
		return 0;
	}
	rc = acpi_tables_parse_text(ts, b, len, label, err, errlen);
	free(b);
	return rc;
}

/* dsdt.dat -> DSDT, ssdt12.dat -> SSDT12; other names as they are. */
static void table_name(const char *file, const char *prefix, char *out, size_t len)
{
	size_t n = strlen(file);
	size_t used = snprintf(out, len, "%s", prefix);

	if (n > 4 && !strcmp(file + n - 4, ".dat")) {
		for (size_t i = 0; i + 4 < n && used + 1 < len; i++)
			out[used++] = toupper((unsigned char)file[i]);
		out[used] = '\0';
	} else {
		snprintf(out + used, len - used, "%s", file);
	}
	for (char *p = out; *p; p++)	/* a file name is printed: nothing unprintable */
		if (*p < 0x21 || *p > 0x7e)
			*p = '?';
}

static int read_one(struct acpi_tables *ts, const char *dir, const char *file, const char *prefix,
		    char *err, size_t errlen)
{
	char path[4096], name[32];
	size_t len = 0;
	int e = 0;
	uint8_t *b;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	b = aml_read_table(path, &len, &e);
	if (!b || e) {
		free(b);
		snprintf(err, errlen, "%s: %s", path, strerror(e ? e : ENOMEM));
		return -1;
	}
	if (len >= 8 && !memcmp(b, "RSD PTR ", 8)) {	/* rsdp.dat: not a table */
		free(b);
		return 0;
	}
	if (len < AML_HEADER_LEN || le32(b + 4) != len) {
		snprintf(err, errlen, "%s: offset 4: %s", path, len < AML_HEADER_LEN ?
			 "shorter than a table header (36 bytes)" :
			 "the table's length field is not the file's size (truncated, or not a table)");
		free(b);
		return -1;
	}
	table_name(file, prefix, name, sizeof(name));
	if (add_table(ts, (const char *)b, name, b, len)) {
		free(b);
		snprintf(err, errlen, "%s: more than %d tables", path, ACPI_TABLES_MAX);
		return -1;
	}
	return 0;
}

/* DSDT, then SSDTs by number (SSDT2 before SSDT10: the kernel's load order), the rest, dynamic/. */
static int table_rank(const char *n, unsigned long *num)
{
	*num = strtoul(n + strcspn(n, "0123456789"), NULL, 10);
	if (!strcmp(n, "dynamic/"))
		return 3;
	if (!strcasecmp(n, "DSDT") || !strcasecmp(n, "dsdt.dat"))
		return 0;
	return strncasecmp(n, "SSDT", 4) ? 2 : 1;
}

static int name_cmp(const void *a, const void *b)
{
	const char *x = *(char *const *)a, *y = *(char *const *)b;
	unsigned long nx, ny;
	int rx = table_rank(x, &nx), ry = table_rank(y, &ny);

	if (rx != ry)
		return rx - ry;
	if (rx == 1 && nx != ny)
		return nx < ny ? -1 : 1;
	return strcmp(x, y);
}

/* The regular files of @dir (dynamic/ too when @sub), sorted. */
static int read_dir(struct acpi_tables *ts, const char *dir, const char *prefix, char *err, size_t errlen)
{
	char *names[ACPI_TABLES_MAX], path[4096];
	size_t n = 0;
	struct dirent *e;
	struct stat st;
	int rc = 0;
	DIR *d = opendir(dir);

	if (!d) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		return -1;
	}
	while ((e = readdir(d)) && n < ACPI_TABLES_MAX) {
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (e->d_name[0] == '.' || stat(path, &st))
			continue;
		if (S_ISDIR(st.st_mode) && !prefix[0] && !strcmp(e->d_name, "dynamic"))
			names[n++] = strdup("dynamic/");
		else if (S_ISREG(st.st_mode))
			names[n++] = strdup(e->d_name);
		if (!names[n - 1])
			n--;
	}
	closedir(d);
	qsort(names, n, sizeof(names[0]), name_cmp);
	for (size_t i = 0; i < n; i++) {
		if (!rc && !strcmp(names[i], "dynamic/")) {
			snprintf(path, sizeof(path), "%s/dynamic", dir);
			rc = read_dir(ts, path, "dynamic/", err, errlen);
		} else if (!rc) {
			rc = read_one(ts, dir, names[i], prefix, err, errlen);
		}
		free(names[i]);
	}
	if (!rc && !ts->n && !prefix[0]) {
		snprintf(err, errlen, "%s: no table files in this directory", dir);
		rc = -1;
	}
	return rc;
}

int acpi_tables_read(struct acpi_tables *ts, const char *path, char *err, size_t errlen)
{
	struct stat st;

	memset(ts, 0, sizeof(*ts));
	if (strcmp(path, "-") && !stat(path, &st) && S_ISDIR(st.st_mode))
		return read_dir(ts, path, "", err, errlen);
	return read_text(ts, path, err, errlen);
}

void acpi_tables_free(struct acpi_tables *ts)
{
	for (size_t i = 0; i < ts->n; i++)
		free(ts->t[i].b);
	free(ts->t);
	memset(ts, 0, sizeof(*ts));
}
