// SPDX-License-Identifier: GPL-2.0
/*
 * The policy parser.  One line is one statement:
 *
 *   include PATH                      a file, or a directory's *.policy
 *   match SOURCE [KEY=VALUE]...       starts a block
 *   dmi FIELD=GLOB...                 the block applies only on such machines
 *   CODE -> ACTION [ARGS]...          a rule of the current block
 *
 * Every error stops the load and names file:line:column; the caller keeps
 * whatever policy it had.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <fnmatch.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <libevdev/libevdev.h>
#include "policy.h"
#include "sysfs_file.h"
#include "acpi_path.h"
#include "acpi_sysfs.h"
#include "decode.h"

#define MAX_TOKENS	64
#define MAX_INCLUDE	8
#define MAX_FILE_BYTES	(1 << 20)

struct token {
	char *s;
	int col;
};

struct parser {
	struct policy *p;
	const struct policy_env *env;
	const char *file;	/* interned in p->files */
	int line;
	bool trusted;		/* file may hold exec actions */
	bool in_memory;
	int cur_block;		/* -1 before the first match */
	int depth;
};

static int perr(struct parser *ps, int col, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static int perr(struct parser *ps, int col, const char *fmt, ...)
{
	struct policy *p = ps->p;
	size_t n;
	va_list ap;

	n = ps->file ? snprintf(p->error, sizeof(p->error), "%s:%d:%d: ", ps->file, ps->line, col) : 0;
	if (n >= sizeof(p->error))
		return -1;
	va_start(ap, fmt);
	vsnprintf(p->error + n, sizeof(p->error) - n, fmt, ap);
	va_end(ap);
	return -1;
}

static void *grow_array(void *arr, int n, size_t size)
{
	if (n & (n - 1) && n)
		return arr;
	return realloc(arr, (size_t)(n ? n * 2 : 8) * size);
}

static const char *intern_file(struct policy *p, const char *name)
{
	void *n = grow_array(p->files, p->nfiles, sizeof(*p->files));
	char *copy = strdup(name);

	if (!n || !copy) {
		free(copy);
		if (n)
			p->files = n;
		return NULL;
	}
	p->files = n;
	p->files[p->nfiles++] = copy;
	return copy;
}

/* Strict unsigned number: decimal or 0x hex, nothing after it. */
static int parse_num(const char *s, uint64_t *out)
{
	char *end;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	*out = strtoull(s, &end, 0);
	return errno || *end ? -1 : 0;
}

/* Split @line in place; a token starting with '#' ends the line. */
static int tokenize(struct parser *ps, char *line, struct token *t)
{
	int n = 0;
	char *c = line;

	while (*c) {
		while (*c == ' ' || *c == '\t' || *c == '\r')
			c++;
		if (!*c || *c == '#')
			break;
		if (n == MAX_TOKENS)
			return perr(ps, (int)(c - line) + 1, "more than %d words on one line", MAX_TOKENS);
		t[n].s = c;
		t[n].col = (int)(c - line) + 1;
		n++;
		while (*c && *c != ' ' && *c != '\t' && *c != '\r')
			c++;
		if (*c)
			*c++ = '\0';
	}
	return n;
}

/* "9DBB5994-A997-11DA-B012-B622A1EF5492" -> guid_t bytes (as %pUL prints). */
static int parse_guid(const char *s, uint8_t out[16])
{
	static const int order[16] = { 3, 2, 1, 0, 5, 4, 7, 6, 8, 9, 10, 11, 12, 13, 14, 15 };
	int nib = 0;

	if (strlen(s) != 36)
		return -1;
	for (int i = 0; i < 36; i++) {
		int v;

		if (i == 8 || i == 13 || i == 18 || i == 23) {
			if (s[i] != '-')
				return -1;
			continue;
		}
		if (!isxdigit((unsigned char)s[i]))
			return -1;
		v = isdigit((unsigned char)s[i]) ? s[i] - '0' : (tolower((unsigned char)s[i]) - 'a' + 10);
		if (nib % 2 == 0)
			out[order[nib / 2]] = v << 4;
		else
			out[order[nib / 2]] |= v;
		nib++;
	}
	return 0;
}

static const char *const dmi_fields[] = {
	"sys_vendor", "product_name", "product_version", "product_family",
	"product_sku", "board_vendor", "board_name", "board_version",
	"bios_vendor", "bios_version", "chassis_type",
};

static bool known_dmi_field(const char *f)
{
	for (size_t i = 0; i < sizeof(dmi_fields) / sizeof(dmi_fields[0]); i++)
		if (!strcmp(f, dmi_fields[i]))
			return true;
	return false;
}

/* ---- match blocks --------------------------------------------------- */

static int block_key_path(struct parser *ps, struct pol_block *b, const struct token *t,
			  const char *v)
{
	char norm[ACPI_PATH_MAX];

	if (b->path || b->hid)
		return perr(ps, t->col, "a block matches one device: path= or hid= once");
	if (acpi_path_normalize(v, norm, sizeof(norm)) || norm[0] != '\\' || strchr(v, '*'))
		return perr(ps, t->col + 5, "'%s' is not an absolute ACPI path like \\_SB.PCI0.LPCB.EC0", v);
	b->path = strdup(norm);
	return b->path ? 0 : perr(ps, t->col, "out of memory");
}

static int block_key_hid(struct parser *ps, struct pol_block *b, const struct token *t,
			 char *v)
{
	char *colon = strchr(v, ':');
	size_t hl = colon ? (size_t)(colon - v) : strlen(v);

	if (b->path || b->hid)
		return perr(ps, t->col, "a block matches one device: path= or hid= once");
	if (hl < 3 || hl > 15)
		return perr(ps, t->col + 4, "'%s' is not an ACPI HID (ACPI0013, PNP0C0C, LEN0268...)", v);
	for (size_t i = 0; i < hl; i++)
		if (!isalnum((unsigned char)v[i]) && v[i] != '_')
			return perr(ps, t->col + 4 + (int)i, "'%c' cannot appear in a HID", v[i]);
	if (colon && (!colon[1] || strlen(colon + 1) > 15))
		return perr(ps, t->col + 5 + (int)hl, "expected a UID after ':'");
	b->hid = strndup(v, hl);
	b->uid = colon ? strdup(colon + 1) : NULL;
	return b->hid && (!colon || b->uid) ? 0 : perr(ps, t->col, "out of memory");
}

static int block_key_payload(struct parser *ps, struct pol_block *b, const struct token *t,
			     const char *v)
{
	int vcol = t->col + 8;

	if (b->source != AT_SRC_WMI)
		return perr(ps, t->col, "payload= only applies to 'match wmi'");
	if (!strcmp(v, "u16-record")) {
		b->payload = AT_PAYLOAD_U16REC;
	} else if (!strcmp(v, "notify-id")) {
		b->payload = AT_PAYLOAD_NONE;
	} else if (!strncmp(v, "int", 3) && (!v[3] || v[3] == '&')) {
		b->payload = AT_PAYLOAD_INT;
		b->int_mask = ~0ULL;
		if (v[3] && (parse_num(v + 4, &b->int_mask) || !b->int_mask))
			return perr(ps, vcol + 4, "expected a non-zero mask after 'int&' (int&0xFFFF)");
	} else {
		return perr(ps, vcol, "unknown payload '%s' (int, int&MASK, u16-record, notify-id)", v);
	}
	return 0;
}

static int block_key(struct parser *ps, struct pol_block *b, const struct token *t)
{
	char *eq = strchr(t->s, '='), *v;
	uint64_t n;

	if (!eq || eq == t->s)
		return perr(ps, t->col, "expected KEY=VALUE, got '%s'", t->s);
	*eq = '\0';
	v = eq + 1;
	if (!*v)
		return perr(ps, t->col + (int)(v - t->s), "'%s=' needs a value", t->s);
	if (!strcmp(t->s, "path"))
		return block_key_path(ps, b, t, v);
	if (!strcmp(t->s, "hid")) {
		if (b->source == AT_SRC_WMI)
			return perr(ps, t->col, "'match wmi' selects the device by guid=");
		return block_key_hid(ps, b, t, v);
	}
	if (!strcmp(t->s, "guid")) {
		if (b->source != AT_SRC_WMI)
			return perr(ps, t->col, "guid= only applies to 'match wmi'");
		if (parse_guid(v, b->guid))
			return perr(ps, t->col + 5, "'%s' is not a GUID like 9DBB5994-A997-11DA-B012-B622A1EF5492", v);
		b->has_guid = true;
		for (int i = 0; v[i] && i < 39; i++)
			b->guid_text[i] = toupper((unsigned char)v[i]);
		return 0;
	}
	if (!strcmp(t->s, "notify")) {
		if (b->source != AT_SRC_WMI)
			return perr(ps, t->col, "notify= (the WMI notify id) only applies to 'match wmi'");
		if (parse_num(v, &n) || n > 0xff)
			return perr(ps, t->col + 7, "'%s' is not a notify id (0..0xFF)", v);
		b->has_notify_id = true;
		b->notify_id = n;
		return 0;
	}
	if (!strcmp(t->s, "payload"))
		return block_key_payload(ps, b, t, v);
	if (!strcmp(t->s, "name")) {
		const char *err;

		if (b->source != AT_SRC_METHOD)
			return perr(ps, t->col, "name= (a method under the device) only applies to 'match method'");
		if (acpi_name_parse(v, &b->name_seg, &err))
			return perr(ps, t->col + 5, "'%s': %s", v, err);
		snprintf(b->name, sizeof(b->name), "%s", v);
		b->has_name = true;
		return 0;
	}
	if (!strcmp(t->s, "scope")) {
		if (b->source != AT_SRC_NOTIFY)
			return perr(ps, t->col, "scope= only applies to 'match notify'");
		if (strcmp(v, "device") && strcmp(v, "children"))
			return perr(ps, t->col + 6, "expected scope=device or scope=children, got '%s'", v);
		b->children = !strcmp(v, "children");
		return 0;
	}
	return perr(ps, t->col, "unknown match key '%s' (path, hid, guid, notify, payload, scope, name)", t->s);
}

static int stmt_match(struct parser *ps, struct token *t, int n)
{
	struct policy *p = ps->p;
	struct pol_block *b;
	void *nb;
	int src;

	if (n < 2)
		return perr(ps, t[0].col + 5, "expected a source after 'match' (notify, wmi, gpe, ec_query, fixed, method)");
	src = source_from_name(t[1].s);
	if (src != AT_SRC_NOTIFY && src != AT_SRC_WMI && src != AT_SRC_GPE &&
	    src != AT_SRC_EC_QUERY && src != AT_SRC_FIXED && src != AT_SRC_METHOD)
		return perr(ps, t[1].col, "cannot match on '%s' (notify, wmi, gpe, ec_query, fixed, method)", t[1].s);
	nb = grow_array(p->blocks, p->nblocks, sizeof(*p->blocks));
	if (!nb)
		return perr(ps, t[0].col, "out of memory");
	p->blocks = nb;
	b = &p->blocks[p->nblocks++];
	memset(b, 0, sizeof(*b));
	b->source = src;
	b->file = ps->file;
	b->line = ps->line;
	b->wmi_notify_id = -1;
	ps->cur_block = p->nblocks - 1;
	for (int i = 2; i < n; i++) {
		if (src != AT_SRC_NOTIFY && src != AT_SRC_WMI && src != AT_SRC_METHOD)
			return perr(ps, t[i].col, "'match %s' takes no keys; the rule codes are the %s numbers",
				    t[1].s, t[1].s);
		if (block_key(ps, b, &t[i]))
			return -1;
	}
	if (src == AT_SRC_WMI && !b->has_guid)
		return perr(ps, t[1].col, "'match wmi' needs guid=");
	if (b->children && !b->path && !b->hid)
		return perr(ps, t[1].col, "scope=children needs path= or hid=");
	if (src == AT_SRC_METHOD && !b->path && !b->hid)
		return perr(ps, t[1].col, "'match method' needs the method's path=, or the device's path= or hid= with name=");
	if (src == AT_SRC_METHOD && b->hid && !b->has_name)
		return perr(ps, t[1].col, "'match method hid=...' needs name= (the method under the device, e.g. name=MHKP)");
	return 0;
}

static int stmt_dmi(struct parser *ps, struct token *t, int n)
{
	struct pol_block *b;

	if (ps->cur_block < 0)
		return perr(ps, t[0].col, "'dmi' must follow a 'match' line");
	b = &ps->p->blocks[ps->cur_block];
	if (n < 2)
		return perr(ps, t[0].col + 4, "expected FIELD=GLOB after 'dmi'");
	for (int i = 1; i < n; i++) {
		char *eq = strchr(t[i].s, '=');

		if (!eq)
			return perr(ps, t[i].col, "expected FIELD=GLOB, got '%s'", t[i].s);
		*eq = '\0';
		if (!known_dmi_field(t[i].s))
			return perr(ps, t[i].col, "unknown DMI field '%s' (sys_vendor, product_name, board_name, ...)", t[i].s);
		if (b->ndmi == POL_DMI_MAX)
			return perr(ps, t[i].col, "at most %d DMI conditions per block", POL_DMI_MAX);
		snprintf(b->dmi[b->ndmi].field, sizeof(b->dmi[0].field), "%s", t[i].s);
		b->dmi[b->ndmi].glob = strdup(eq + 1);
		if (!b->dmi[b->ndmi].glob)
			return perr(ps, t[i].col, "out of memory");
		b->ndmi++;
	}
	return 0;
}

/* ---- rule lines ------------------------------------------------------ */

static int fixed_from_name(const char *s)
{
	for (unsigned int i = 0; i < 5; i++)
		if (!strcmp(s, fixed_event_name(i)))
			return i;
	return -1;
}

static int parse_code_num(struct parser *ps, int src, const char *s, int col, uint64_t *v)
{
	int f;

	if (src == AT_SRC_FIXED && (f = fixed_from_name(s)) >= 0) {
		*v = f;
		return 0;
	}
	if (parse_num(s, v))
		return perr(ps, col, "'%s' is not a number%s", s,
			    src == AT_SRC_FIXED ? " or fixed event name (power_button, sleep_button, rtc...)" : "");
	return 0;
}

/* CODE: N, LO..HI, VALUE/MASK or '*'. */
static int parse_code(struct parser *ps, struct pol_rule *r, int src, const struct token *t)
{
	char buf[64], *sep;

	snprintf(r->code_text, sizeof(r->code_text), "%s", t->s);
	r->mask = ~0ULL;
	if (!strcmp(t->s, "*")) {
		r->mask = 0;
		r->lo = r->hi = 0;
		return 0;
	}
	if (strlen(t->s) >= sizeof(buf))
		return perr(ps, t->col, "code too long");
	strcpy(buf, t->s);
	if ((sep = strstr(buf, ".."))) {
		*sep = '\0';
		if (parse_code_num(ps, src, buf, t->col, &r->lo) ||
		    parse_code_num(ps, src, sep + 2, t->col + (int)(sep - buf) + 2, &r->hi))
			return -1;
		if (r->lo > r->hi)
			return perr(ps, t->col, "range %s starts above its end", t->s);
		return 0;
	}
	if ((sep = strchr(buf, '/'))) {
		*sep = '\0';
		if (parse_code_num(ps, src, buf, t->col, &r->lo) ||
		    parse_code_num(ps, src, sep + 1, t->col + (int)(sep - buf) + 1, &r->mask))
			return -1;
		if (r->lo & ~r->mask)
			return perr(ps, t->col, "value %s has bits outside mask %s", buf, sep + 1);
		r->hi = r->lo;
		return 0;
	}
	if (parse_code_num(ps, src, buf, t->col, &r->lo))
		return -1;
	r->hi = r->lo;
	return 0;
}

static int parse_onoff(struct parser *ps, const struct token *t, bool rfkill)
{
	if (!strcmp(t->s, "toggle"))
		return OP_TOGGLE;
	if (!rfkill && !strcmp(t->s, "on"))
		return OP_ON;
	if (!rfkill && !strcmp(t->s, "off"))
		return OP_OFF;
	if (rfkill && !strcmp(t->s, "block"))
		return OP_BLOCK;
	if (rfkill && !strcmp(t->s, "unblock"))
		return OP_UNBLOCK;
	return perr(ps, t->col, "expected %s, got '%s'", rfkill ? "block, unblock or toggle" :
		    "on, off or toggle", t->s);
}

static int need_args(struct parser *ps, const struct token *t, int n, int min, int max,
		     const char *usage)
{
	if (n < min)
		return perr(ps, t[n - 1].col + (int)strlen(t[n - 1].s), "missing argument: %s", usage);
	if (max && n > max)
		return perr(ps, t[max].col, "unexpected '%s': %s", t[max].s, usage);
	return 0;
}

static int act_key(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	if (need_args(ps, t, n, 2, 2, "key KEY_NAME"))
		return -1;
	a->code = libevdev_event_code_from_name(EV_KEY, t[1].s);
	if (a->code < 0)
		return perr(ps, t[1].col, "unknown key '%s' (names as in linux/input-event-codes.h: KEY_VOLUMEUP, BTN_0...)", t[1].s);
	return 0;
}

static int act_switch(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	if (need_args(ps, t, n, 3, 3, "switch SW_NAME on|off|toggle"))
		return -1;
	a->code = libevdev_event_code_from_name(EV_SW, t[1].s);
	if (a->code < 0)
		return perr(ps, t[1].col, "unknown switch '%s' (SW_LID, SW_TABLET_MODE...)", t[1].s);
	if (a->code == SW_RFKILL_ALL)
		return perr(ps, t[1].col, "SW_RFKILL_ALL is refused: a device declaring it blocks every radio; use 'rfkill all block|unblock|toggle'");
	a->op = parse_onoff(ps, &t[2], false);
	return a->op < 0 ? -1 : 0;
}

static int parse_percent(struct parser *ps, const struct token *t, int *out)
{
	size_t l = strlen(t->s);
	uint64_t v;
	char buf[16];

	if (l < 2 || l > 4 || t->s[l - 1] != '%')
		return perr(ps, t->col, "expected a percentage like 10%%, got '%s'", t->s);
	memcpy(buf, t->s, l - 1);
	buf[l - 1] = '\0';
	if (parse_num(buf, &v) || v > 100)
		return perr(ps, t->col, "'%s' is not a percentage 0%%..100%%", t->s);
	*out = v;
	return 0;
}

static int act_backlight(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	const char *usage = "backlight up|down|set N% [device=NAME] [allow-zero]";

	if (need_args(ps, t, n, 3, 5, usage))
		return -1;
	if (!strcmp(t[1].s, "up"))
		a->op = OP_UP;
	else if (!strcmp(t[1].s, "down"))
		a->op = OP_DOWN;
	else if (!strcmp(t[1].s, "set"))
		a->op = OP_SET;
	else
		return perr(ps, t[1].col, "expected up, down or set, got '%s'", t[1].s);
	if (parse_percent(ps, &t[2], &a->percent))
		return -1;
	if (a->op != OP_SET && a->percent == 0)
		return perr(ps, t[2].col, "a step of 0%% does nothing");
	for (int i = 3; i < n; i++) {
		if (!strncmp(t[i].s, "device=", 7) && t[i].s[7] && !strchr(t[i].s + 7, '/')) {
			free(a->name);
			a->name = strdup(t[i].s + 7);
		} else if (!strcmp(t[i].s, "allow-zero") && a->op == OP_DOWN) {
			a->allow_zero = true;
		} else {
			return perr(ps, t[i].col, "unexpected '%s': %s", t[i].s, usage);
		}
	}
	return 0;
}

static int act_rfkill(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	static const struct { const char *name; int type; } types[] = {
		{ "all", 0 }, { "wlan", 1 }, { "bluetooth", 2 }, { "uwb", 3 },
		{ "wimax", 4 }, { "wwan", 5 }, { "gps", 6 }, { "fm", 7 }, { "nfc", 8 },
	};

	if (need_args(ps, t, n, 3, 3, "rfkill wlan|bluetooth|wwan|all block|unblock|toggle"))
		return -1;
	a->code = -1;
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (!strcmp(t[1].s, types[i].name))
			a->code = types[i].type;
	if (a->code < 0)
		return perr(ps, t[1].col, "unknown radio type '%s' (wlan, bluetooth, wwan, gps, nfc, all...)", t[1].s);
	a->op = parse_onoff(ps, &t[2], true);
	return a->op < 0 ? -1 : 0;
}

static int act_led(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	if (need_args(ps, t, n, 3, 3, "led NAME on|off|toggle"))
		return -1;
	if (strchr(t[1].s, '/') || !strcmp(t[1].s, ".") || !strcmp(t[1].s, ".."))
		return perr(ps, t[1].col, "'%s' is not a name in /sys/class/leds", t[1].s);
	a->name = strdup(t[1].s);
	a->op = parse_onoff(ps, &t[2], false);
	return a->op < 0 ? -1 : 0;
}

static int act_exec(struct parser *ps, struct pol_action *a, const struct token *t, int n)
{
	int first = 1;
	uint64_t v;

	a->timeout = POL_EXEC_TIMEOUT;
	if (n > 1 && !strncmp(t[1].s, "timeout=", 8)) {
		size_t l = strlen(t[1].s);

		if (l < 10 || t[1].s[l - 1] != 's')
			return perr(ps, t[1].col, "expected timeout=SECONDSs, like timeout=5s");
		t[1].s[l - 1] = '\0';
		if (parse_num(t[1].s + 8, &v) || !v || v > 3600)
			return perr(ps, t[1].col + 8, "timeout must be 1s..3600s");
		a->timeout = v;
		first = 2;
	}
	if (n <= first)
		return perr(ps, t[n - 1].col + (int)strlen(t[n - 1].s), "missing argument: exec [timeout=Ns] /PROGRAM [ARGS...]");
	if (t[first].s[0] != '/')
		return perr(ps, t[first].col, "'%s': exec needs an absolute program path (it runs without a shell or PATH search)", t[first].s);
	if (ps->env->as_root && !ps->trusted)
		return perr(ps, t[0].col, "exec refused: running as root and %s is not owned by root or is writable by others",
			    ps->in_memory ? "this policy text" : ps->file);
	a->argv = calloc(n - first + 1, sizeof(char *));
	if (!a->argv)
		return perr(ps, t[0].col, "out of memory");
	for (int i = first; i < n; i++)
		if (!(a->argv[i - first] = strdup(t[i].s)))
			return perr(ps, t[0].col, "out of memory");
	return 0;
}

static int parse_action(struct parser *ps, struct pol_action *a, struct token *t, int n)
{
	const char *w = t[0].s;

	if (!strcmp(w, "key"))
		return a->type = ACT_KEY, act_key(ps, a, t, n);
	if (!strcmp(w, "switch"))
		return a->type = ACT_SWITCH, act_switch(ps, a, t, n);
	if (!strcmp(w, "backlight"))
		return a->type = ACT_BACKLIGHT, act_backlight(ps, a, t, n);
	if (!strcmp(w, "rfkill"))
		return a->type = ACT_RFKILL, act_rfkill(ps, a, t, n);
	if (!strcmp(w, "led"))
		return a->type = ACT_LED, act_led(ps, a, t, n);
	if (!strcmp(w, "exec"))
		return a->type = ACT_EXEC, act_exec(ps, a, t, n);
	if (!strcmp(w, "ignore") || !strcmp(w, "log")) {
		a->type = w[0] == 'i' ? ACT_IGNORE : ACT_LOG;
		return need_args(ps, t, n, 1, 1, w);
	}
	return perr(ps, t[0].col, "unknown action '%s' (key, switch, backlight, rfkill, led, exec, ignore, log)", w);
}

static int stmt_rule(struct parser *ps, struct token *t, int n)
{
	struct policy *p = ps->p;
	struct pol_rule *r;
	void *nr;

	if (ps->cur_block < 0)
		return perr(ps, t[0].col, "rule before any 'match' line (or unknown statement '%s')", t[0].s);
	if (n < 2 || strcmp(t[1].s, "->"))
		return perr(ps, n < 2 ? t[0].col + (int)strlen(t[0].s) : t[1].col,
			    "expected '->' after the code (CODE -> ACTION)");
	if (n < 3)
		return perr(ps, t[1].col + 2, "expected an action after '->'");
	nr = grow_array(p->rules, p->nrules, sizeof(*p->rules));
	if (!nr)
		return perr(ps, t[0].col, "out of memory");
	p->rules = nr;
	r = &p->rules[p->nrules++];
	memset(r, 0, sizeof(*r));
	r->block = ps->cur_block;
	r->file = ps->file;
	r->line = ps->line;
	r->col = t[0].col;
	if (parse_code(ps, r, p->blocks[r->block].source, &t[0]))
		return -1;
	return parse_action(ps, &r->act, t + 2, n - 2);
}

static int load_path(struct parser *ps, const char *path, int col);

static int stmt_include(struct parser *ps, struct token *t, int n)
{
	char full[PATH_MAX];
	const char *slash;

	if (n != 2)
		return perr(ps, t[0].col, "expected: include FILE|DIRECTORY");
	if (ps->in_memory)
		return perr(ps, t[0].col, "include is not available here");
	if (t[1].s[0] == '/' || !ps->file || !(slash = strrchr(ps->file, '/')))
		snprintf(full, sizeof(full), "%s", t[1].s);
	else
		snprintf(full, sizeof(full), "%.*s/%s", (int)(slash - ps->file), ps->file, t[1].s);
	return load_path(ps, full, t[1].col);
}

static int parse_line(struct parser *ps, char *line)
{
	struct token t[MAX_TOKENS];
	int n = tokenize(ps, line, t);

	if (n <= 0)
		return n;
	if (!strcmp(t[0].s, "include"))
		return stmt_include(ps, t, n);
	if (!strcmp(t[0].s, "match"))
		return stmt_match(ps, t, n);
	if (!strcmp(t[0].s, "dmi"))
		return stmt_dmi(ps, t, n);
	return stmt_rule(ps, t, n);
}

static int parse_text(struct parser *ps, char *text, size_t len)
{
	char *line = text, *end = text + len;

	ps->line = 0;
	ps->cur_block = -1;	/* blocks never span files */
	while (line < end) {
		char *nl = memchr(line, '\n', end - line);

		if (!nl)
			nl = end;
		*nl = '\0';
		ps->line++;
		if (memchr(line, '\0', nl - line))
			return perr(ps, (int)strlen(line) + 1, "NUL byte in the policy text");
		if (parse_line(ps, line))
			return -1;
		line = nl + 1;
	}
	return 0;
}

static int read_file(struct parser *ps, const char *path, int col, char **buf, size_t *len,
		     struct stat *st)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t r;

	if (fd < 0 || fstat(fd, st)) {
		perr(ps, col, "cannot read %s: %s", path, strerror(errno));
		goto fail;
	}
	if (!S_ISREG(st->st_mode) || st->st_size > MAX_FILE_BYTES) {
		perr(ps, col, "%s is not a regular file of at most 1 MiB", path);
		goto fail;
	}
	*buf = malloc(st->st_size + 1);
	if (!*buf) {
		perr(ps, col, "out of memory");
		goto fail;
	}
	for (*len = 0; *len < (size_t)st->st_size; *len += r) {
		r = read(fd, *buf + *len, st->st_size - *len);
		if (r <= 0)
			break;
	}
	close(fd);
	return 0;
fail:
	if (fd >= 0)
		close(fd);
	return -1;
}

static int load_file(struct parser *ps, const char *path, int col)
{
	struct parser sub = *ps;
	struct stat st;
	char *buf = NULL;
	size_t len = 0;
	int err;

	if (read_file(ps, path, col, &buf, &len, &st))
		return -1;
	sub.file = intern_file(ps->p, path);
	if (!sub.file) {
		free(buf);
		return perr(ps, col, "out of memory");
	}
	sub.trusted = st.st_uid == 0 && !(st.st_mode & 022);
	sub.depth = ps->depth + 1;
	err = parse_text(&sub, buf, len);
	free(buf);
	return err;
}

static int policy_file_filter(const struct dirent *d)
{
	size_t l = strlen(d->d_name);

	return d->d_name[0] != '.' && l > 7 && !strcmp(d->d_name + l - 7, ".policy");
}

static int load_dir(struct parser *ps, const char *path, int col)
{
	struct dirent **list;
	char full[PATH_MAX];
	int n, err = 0;

	n = scandir(path, &list, policy_file_filter, alphasort);
	if (n < 0)
		return perr(ps, col, "cannot read directory %s: %s", path, strerror(errno));
	for (int i = 0; i < n; i++) {
		if (!err) {
			snprintf(full, sizeof(full), "%s/%s", path, list[i]->d_name);
			err = load_file(ps, full, col);
		}
		free(list[i]);
	}
	free(list);
	return err;
}

static int load_path(struct parser *ps, const char *path, int col)
{
	struct stat st;

	if (ps->depth >= MAX_INCLUDE)
		return perr(ps, col, "includes nested deeper than %d (a loop?)", MAX_INCLUDE);
	if (stat(path, &st))
		return perr(ps, col, "cannot read %s: %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		return load_dir(ps, path, col);
	return load_file(ps, path, col);
}

/* ---- resolving against this machine --------------------------------- */

static int read_sys(const char *root, const char *path, char *buf, size_t len)
{
	char full[PATH_MAX];

	snprintf(full, sizeof(full), "%s%s", root, path);
	return sysfs_read_line(full, buf, len);
}


bool policy_dmi_match(const struct pol_block *b, const char *root)
{
	char path[64], value[256];

	for (int i = 0; i < b->ndmi; i++) {
		snprintf(path, sizeof(path), "/sys/class/dmi/id/%s", b->dmi[i].field);
		if (read_sys(root, path, value, sizeof(value)))
			return false;
		if (fnmatch(b->dmi[i].glob, value, 0))
			return false;
	}
	return true;
}

/* The driver bound to an ACPI device (sysfs name), or "" */
static void acpi_driver_of(const char *root, const char *name, char *out, size_t len)
{
	char link[PATH_MAX], target[PATH_MAX], *base;
	ssize_t n;

	out[0] = '\0';
	snprintf(link, sizeof(link), "%s/sys/bus/acpi/devices/%s/driver", root, name);
	n = readlink(link, target, sizeof(target) - 1);
	if (n <= 0)
		return;
	target[n] = '\0';
	base = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
	if (strlen(base) < len)
		memcpy(out, base, strlen(base) + 1);
}

static void add_warning(struct policy *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void add_warning(struct policy *p, const char *fmt, ...)
{
	void *n = grow_array(p->warnings, p->nwarnings, sizeof(char *));
	va_list ap;
	char *s;

	if (!n)
		return;
	p->warnings = n;
	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) >= 0)
		p->warnings[p->nwarnings++] = s;
	va_end(ap);
}

/*
 * The kernel may already turn this device's events into keys: a driver
 * bound to it or to one of its parents (acpi_video binds the display
 * adapter, whose child outputs receive the brightness Notifies).
 */
/* Whether block @b has a rule that acts (anything but ignore). */
static bool block_acts(const struct policy *p, const struct pol_block *b)
{
	for (int i = 0; i < p->nrules; i++)
		if (&p->blocks[p->rules[i].block] == b && p->rules[i].act.type != ACT_IGNORE)
			return true;
	return false;
}

static void warn_bound_driver(struct policy *p, const struct pol_block *b,
			      const struct acpi_sysfs *sys, const char *root, const char *path)
{
	char walk[ACPI_PATH_MAX], drv[64];

	/* a block that only drops events cannot double what a driver does */
	if (!block_acts(p, b))
		return;

	snprintf(walk, sizeof(walk), "%s", path);
	while (strlen(walk) > 1) {
		const struct acpi_dev_entry *d = acpi_sysfs_dev(sys, walk);
		char *dot;

		if (d) {
			acpi_driver_of(root, d->name, drv, sizeof(drv));
			if (drv[0] && b->source == AT_SRC_METHOD) {
				add_warning(p, "%s:%d: kernel driver '%s' is bound to %s (%s); it is what evaluates the method, and it may turn the codes it knows into keys itself: map only codes it does not handle",
					    b->file, b->line, drv, d->name, walk);
				return;
			}
			if (drv[0]) {
				add_warning(p, "%s:%d: kernel driver '%s' is bound to %s (%s)%s; it may turn the same events into keys itself (double steps)",
					    b->file, b->line, drv, d->name, walk,
					    !strcmp(drv, "video") ? ", reporting brightness Notifies 0x86/0x87 as KEY_BRIGHTNESSUP/DOWN and stepping the brightness (video.brightness_switch_enabled=0 stops that)" : "");
				return;
			}
		}
		dot = strrchr(walk, '.');
		if (!dot)
			break;
		*dot = '\0';
	}
	if (b->source == AT_SRC_METHOD)
		add_warning(p, "%s:%d: no kernel driver is bound to %s or a parent device: nothing evaluates the method, so these rules cannot fire until one is (e.g. thinkpad_acpi for MHKP)",
			    b->file, b->line, path);
}

static void resolve_hid(struct policy *p, struct pol_block *b, const struct acpi_sysfs *sys,
			const char *root)
{
	char uidpath[128], uid[32];
	size_t used = 0;

	for (size_t i = 0; i < sys->ndevs && b->npaths < 16; i++) {
		const struct acpi_dev_entry *d = &sys->devs[i];

		if (strcmp(d->hid, b->hid))
			continue;
		if (b->uid) {
			snprintf(uidpath, sizeof(uidpath), "/sys/bus/acpi/devices/%s/uid", d->name);
			if (read_sys(root, uidpath, uid, sizeof(uid)) || strcmp(uid, b->uid))
				continue;
		}
		b->paths[b->npaths] = strdup(d->path);
		if (!b->paths[b->npaths])
			return;
		b->npaths++;
		used += snprintf(b->devices + used, used < sizeof(b->devices) ? sizeof(b->devices) - used : 0,
				 "%s%s %s", used ? ", " : "", d->name, d->path);
		if (used >= sizeof(b->devices))
			used = sizeof(b->devices) - 1;
		warn_bound_driver(p, b, sys, root, d->path);
	}
}

static void resolve_wmi(struct policy *p, struct pol_block *b, const struct acpi_sysfs *sys,
			const char *root)
{
	char link[PATH_MAX], target[PATH_MAX];
	ssize_t n;

	for (size_t i = 0; i < sys->nwmi; i++) {
		const struct wmi_entry *w = &sys->wmi[i];

		if (strcasecmp(w->guid, b->guid_text) || w->notify_id < 0)
			continue;
		snprintf(b->wmi_path, sizeof(b->wmi_path), "%s", w->device);
		b->wmi_notify_id = w->notify_id;
		snprintf(b->devices, sizeof(b->devices), "WMI %s (notify id 0x%02X) on %s",
			 w->guid, w->notify_id, w->device[0] ? w->device : "?");
		snprintf(link, sizeof(link), "%s/sys/bus/wmi/devices/%s/driver", root, w->guid);
		n = readlink(link, target, sizeof(target) - 1);
		if (n > 0) {
			target[n] = '\0';
			add_warning(p, "%s:%d: vendor driver '%s' owns WMI GUID %s; it may report these events as keys too",
				    b->file, b->line, strrchr(target, '/') ? strrchr(target, '/') + 1 : target,
				    w->guid);
		}
		return;
	}
}

static void resolve_block(struct policy *p, struct pol_block *b, const struct acpi_sysfs *sys,
			  const char *root)
{
	const struct acpi_dev_entry *d;

	b->dmi_ok = policy_dmi_match(b, root);
	if (!b->dmi_ok)
		return;
	if (b->hid) {
		resolve_hid(p, b, sys, root);
	} else if (b->path) {
		d = acpi_sysfs_dev(sys, b->path);
		snprintf(b->devices, sizeof(b->devices), "%s%s%s", b->path, d ? " " : "", d ? d->name : "");
		warn_bound_driver(p, b, sys, root, b->path);
	} else if (b->source == AT_SRC_WMI) {
		resolve_wmi(p, b, sys, root);
	}
}

/* ---- compiling ------------------------------------------------------- */

static int path_to_rule(const char *path, struct at_rule *k)
{
	uint32_t segs[AT_PATH_SEGS];
	const char *err;
	int prefix, n = acpi_path_parse(path, segs, AT_PATH_SEGS, &prefix, &err);

	if (n <= 0)
		return -1;
	k->path_depth = n;
	for (int i = 0; i < n; i++)	/* root first -> leaf first */
		k->path_seg[i] = segs[n - 1 - i];
	k->flags |= AT_RULE_HAS_PATH;
	return 0;
}

static int emit_krule(struct policy *p, const struct pol_rule *r, int id, const char *path)
{
	const struct pol_block *b = &p->blocks[r->block];
	struct at_rule *k;
	void *n;

	if (p->nkrules == AT_POLICY_MAX) {
		snprintf(p->error, sizeof(p->error),
			 "%s:%d:%d: the policy needs more than %d kernel rules (one per rule and resolved device); split it",
			 r->file, r->line, r->col, AT_POLICY_MAX);
		return -1;
	}
	n = grow_array(p->krules, p->nkrules, sizeof(*p->krules));
	if (!n)
		return -1;
	p->krules = n;
	k = &p->krules[p->nkrules];
	memset(k, 0, sizeof(*k));
	k->index = p->nkrules++;
	k->rule_id = id;
	k->source = b->source;
	k->payload = b->payload;
	k->int_mask = b->int_mask;
	k->verdict = r->act.type == ACT_IGNORE ? AT_RULE_IGNORE : AT_RULE_PASS;
	k->mask = r->mask;
	k->lo = r->lo;
	k->hi = r->hi;
	if (path && path[0] && path_to_rule(path, k))
		return -1;
	if (b->children)
		k->flags |= AT_RULE_CHILDREN;
	if (b->has_guid) {
		memcpy(k->guid, b->guid, 16);
		k->flags |= AT_RULE_HAS_GUID;
	}
	if (b->has_notify_id || b->wmi_notify_id >= 0) {
		k->notify_id = b->has_notify_id ? b->notify_id : (uint32_t)b->wmi_notify_id;
		k->flags |= AT_RULE_HAS_NOTIFY_ID;
	}
	return 0;
}

/* A method block's rule path: the device's path and name=, or path= itself. */
static const char *method_path(const struct pol_block *b, const char *dev, char *buf, size_t len)
{
	if (!b->has_name || !dev || !dev[0])
		return dev;
	snprintf(buf, len, "%s%s%s", dev, strcmp(dev, "\\") ? "." : "", b->name);
	return buf;
}

int policy_method_names(const struct policy *p, uint32_t *out, int max)
{
	int n = 0;

	for (int i = 0; i < p->nkrules; i++) {
		const struct at_rule *k = &p->krules[i];
		bool seen = false;

		if (k->source != AT_SRC_METHOD || !k->path_depth)
			continue;
		for (int j = 0; j < n; j++)
			seen |= out[j] == k->path_seg[0];
		if (!seen && n < max)
			out[n++] = k->path_seg[0];
	}
	return n;
}

static int compile(struct policy *p)
{
	for (int i = 0; i < p->nrules; i++) {
		const struct pol_rule *r = &p->rules[i];
		const struct pol_block *b = &p->blocks[r->block];
		char mpath[ACPI_PATH_MAX + 8];
		int err = 0;

		if (!b->dmi_ok)
			continue;
		if (b->hid)
			for (int j = 0; j < b->npaths && !err; j++)
				err = emit_krule(p, r, i, method_path(b, b->paths[j], mpath, sizeof(mpath)));
		else if (b->source == AT_SRC_WMI)
			err = emit_krule(p, r, i, b->wmi_path);
		else
			err = emit_krule(p, r, i, method_path(b, b->path, mpath, sizeof(mpath)));
		if (err) {
			if (!p->error[0])
				snprintf(p->error, sizeof(p->error), "%s:%d:%d: cannot compile this rule",
					 r->file, r->line, r->col);
			return -1;
		}
	}
	return policy_index_build(p);
}

static int finish(struct policy *p, const struct policy_env *env)
{
	struct acpi_sysfs sys;
	int err;

	acpi_sysfs_load(&sys, env->root);
	for (int i = 0; i < p->nblocks; i++)
		resolve_block(p, &p->blocks[i], &sys, env->root ? env->root : "");
	acpi_sysfs_free(&sys);
	err = compile(p);
	return err;
}

int policy_load(struct policy *p, const char *path, const struct policy_env *env)
{
	struct parser ps = { .p = p, .env = env, .cur_block = -1 };	/* no file yet */

	memset(p, 0, sizeof(*p));
	if (load_path(&ps, path, 1))
		return -1;
	return finish(p, env);
}

int policy_load_text(struct policy *p, const char *name, const char *text, size_t len,
		     const struct policy_env *env)
{
	struct parser ps = { .p = p, .env = env, .in_memory = true, .cur_block = -1 };
	char *buf;
	int err;

	memset(p, 0, sizeof(*p));
	ps.file = intern_file(p, name);
	buf = malloc(len + 1);
	if (!ps.file || !buf) {
		free(buf);
		snprintf(p->error, sizeof(p->error), "%s: out of memory", name);
		return -1;
	}
	memcpy(buf, text, len);
	buf[len] = '\0';
	err = parse_text(&ps, buf, len);
	free(buf);
	return err ? err : finish(p, env);
}

static void free_action(struct pol_action *a)
{
	free(a->name);
	for (char **v = a->argv; v && *v; v++)
		free(*v);
	free(a->argv);
}

void policy_free(struct policy *p)
{
	for (int i = 0; i < p->nblocks; i++) {
		struct pol_block *b = &p->blocks[i];

		free(b->path);
		free(b->hid);
		free(b->uid);
		for (int j = 0; j < b->ndmi; j++)
			free(b->dmi[j].glob);
		for (int j = 0; j < b->npaths; j++)
			free(b->paths[j]);
	}
	for (int i = 0; i < p->nrules; i++)
		free_action(&p->rules[i].act);
	for (int i = 0; i < p->nfiles; i++)
		free(p->files[i]);
	for (int i = 0; i < p->nwarnings; i++)
		free(p->warnings[i]);
	free(p->blocks);
	free(p->rules);
	free(p->krules);
	policy_index_free(p);
	free(p->files);
	free(p->warnings);
	memset(p, 0, sizeof(*p));
}
