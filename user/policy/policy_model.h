/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A dispatch policy in memory: its blocks (match lines), rules and actions
 * as parsed and resolved, and what is compiled from them for the kernel
 * (struct at_rule, bpf/policy_rules.h).  Plus the few helpers every stage
 * of building one shares.
 */
#ifndef POLICY_MODEL_H
#define POLICY_MODEL_H

#include <stdbool.h>
#include <sys/types.h>
#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"
#include "policy_rules.h"
#include "acpi/driver_keymap.h"

enum pol_act {
	ACT_KEY = 1,
	ACT_SWITCH,
	ACT_BACKLIGHT,
	ACT_RFKILL,
	ACT_LED,
	ACT_EXEC,
	ACT_IGNORE,
	ACT_LOG,
};

enum pol_op {
	OP_ON = 1, OP_OFF, OP_TOGGLE,		/* switch, led */
	OP_BLOCK, OP_UNBLOCK,			/* rfkill (+ toggle) */
	OP_UP, OP_DOWN, OP_SET,			/* backlight */
};

#define POL_DMI_MAX		8
#define POL_EXEC_TIMEOUT	10	/* seconds, default */
#define POL_EXEC_INTERVAL	1	/* seconds between runs of one rule, default */

struct pol_action {
	int type;		/* enum pol_act */
	int op;			/* enum pol_op */
	int code;		/* key / switch code, rfkill type */
	int percent;		/* backlight */
	int timeout;		/* exec, seconds */
	int interval;		/* exec, least seconds between runs; 0 = none */
	bool allow_zero;	/* backlight down may reach 0 */
	char *name;		/* led, backlight device (NULL = choose) */
	char **argv;		/* exec, NULL terminated */
};

struct pol_dmi {
	char field[24];
	char *glob;
};

struct pol_block {
	int source;		/* enum at_source */
	char *path;		/* normalised, or NULL */
	char *hid;		/* or NULL */
	char *uid;		/* or NULL */
	bool has_guid;
	uint8_t guid[16];
	char guid_text[40];
	bool has_notify_id;
	uint32_t notify_id;
	bool has_ec_addr;	/* match ec address=: reads of this EC RAM byte */
	uint8_t ec_addr;
	bool children;		/* scope=children: the device's child objects */
	bool has_name;		/* method: name= under the device */
	uint32_t name_seg;	/* ACPICA 4-byte name */
	char name[5];		/* as written, for messages */
	int payload;		/* enum at_payload */
	uint64_t int_mask;
	struct at_field field;	/* payload=FIELD (AT_PAYLOAD_FIELD) */
	struct at_cond conds[AT_RULE_CONDS];	/* when=FIELD:VALUE, all must hold */
	int nconds;
	int nth;		/* method: nth=N, only the Nth evaluation of a chain; 0 = all */
	unsigned int keys;	/* parsing: the match keys seen (duplicates are errors) */
	struct pol_dmi dmi[POL_DMI_MAX];
	int ndmi;
	const char *file;
	int line;
	/* filled by resolving */
	bool dmi_ok;
	char devices[256];	/* what it matched on this machine, or "" */
	char *paths[16];	/* resolved device paths (notify hid) */
	int npaths;
	char wmi_path[96];	/* PNP0C14 device of the GUID, for 6.1 */
	int wmi_notify_id;	/* from sysfs, -1 unknown */
	int pathset;		/* compiling: its path set + 1 (AT_RULE_PATHSET), 0 = none */
	bool override;		/* 'override': act even where the bound driver reports the code */
	struct driver_owner owner;	/* the bound driver (owner.driver "": none found) */
};

struct pol_rule {
	int block;
	uint64_t lo, hi, mask;
	char code_text[48];
	struct pol_action act;
	const char *file;
	int line, col;
	uint64_t *skip;		/* codes the bound driver reports: dropped, not acted on */
	int nskip;
};

struct policy_env {
	const char *root;	/* sysfs prefix: "" for the real system */
	bool as_root;		/* enforce trust: refuse files others can change */
	uid_t owner;		/* besides root, the uid trusted files may have */
	bool coexist;		/* skip rules whose codes a bound driver reports (run, check) */
	/* the bound driver's keymap: driver_keymap_load, or a stand-in (tests) */
	int (*keymap_load)(const char *root, const struct driver_owner *o,
			   struct driver_keymap *km, char *err, size_t errlen);
};

/* One key of the index: what user space and the kernel look up. */
struct pol_index_ent {
	struct at_rule_key key;		/* set 0; the kernel copy sets it */
	struct at_index_val val;
};

struct pol_nth;

/* A member path of the path sets (AT_RULE_PATHSET) and the sets it is in. */
struct pol_path_ent {
	struct at_path path;	/* leaf first, unused segments 0, as records carry it */
	uint64_t bits;		/* bit i: in path set i */
};

struct pol_file_id {
	dev_t dev;
	ino_t ino;
};

struct policy {
	struct pol_block *blocks;
	int nblocks;
	struct pol_rule *rules;
	int nrules;
	struct at_rule *krules;		/* compiled, in precedence order */
	int nkrules;
	struct pol_index_ent *index;	/* indexed rules' keys, each once */
	int nindex;
	int *fallback;			/* krules no key finds, in order */
	int nfallback;
	struct pol_path_ent *pathmem;	/* the path sets' members */
	int npathmem;
	int npathsets;
	int *htab;			/* open addressing into index, -1 free */
	size_t hmask;			/* htab size - 1 */
	char **files;			/* every file read, for messages */
	int nfiles;
	struct pol_file_id *loaded;	/* (dev, inode) of every file read */
	int nloaded;
	char **warnings;
	int nwarnings;
	bool has_nth;			/* some block has nth=: AT_RULE_NTH_COUNT rules lead krules */
	struct pol_nth *nth;		/* their counts per chain (policy_index.c), NULL = none yet */
	char error[768];
};

/* Grow @arr (n entries of @size) when n is 0 or a power of two; NULL on ENOMEM. */
void *pol_grow(void *arr, int n, size_t size);
/* Keep a copy of @name in p->files (messages point into it); NULL on ENOMEM. */
const char *pol_intern_file(struct policy *p, const char *name);
void pol_add_warning(struct policy *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
