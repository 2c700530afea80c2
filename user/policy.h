/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Dispatch policies: parsing (README "Dispatch"), resolving HIDs, WMI
 * GUIDs and DMI against this machine's sysfs, and compiling to the
 * kernel's rule list (bpf/policy.h).  A policy is built completely or not
 * at all: any error leaves a message "file:line:column: reason".
 */
#ifndef POLICY_H
#define POLICY_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include "acpitrace.h"
#include "policy_rules.h"

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

struct pol_action {
	int type;		/* enum pol_act */
	int op;			/* enum pol_op */
	int code;		/* key / switch code, rfkill type */
	int percent;		/* backlight */
	int timeout;		/* exec, seconds */
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
	bool children;		/* scope=children: the device's child objects */
	bool has_name;		/* method: name= under the device */
	uint32_t name_seg;	/* ACPICA 4-byte name */
	char name[5];		/* as written, for messages */
	int payload;		/* enum at_payload */
	uint64_t int_mask;
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
};

struct pol_rule {
	int block;
	uint64_t lo, hi, mask;
	char code_text[48];
	struct pol_action act;
	const char *file;
	int line, col;
};

struct policy_env {
	const char *root;	/* sysfs prefix: "" for the real system */
	bool as_root;		/* enforce root-owned files for exec */
};

/* One key of the index: what user space and the kernel look up. */
struct pol_index_ent {
	struct at_rule_key key;		/* set 0; the kernel copy sets it */
	struct at_index_val val;
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
	int *htab;			/* open addressing into index, -1 free */
	size_t hmask;			/* htab size - 1 */
	char **files;			/* every file read, for messages */
	int nfiles;
	char **warnings;
	int nwarnings;
	char error[768];
};

/* Parse, resolve and compile FILE or DIR (its *.policy in name order). */
int policy_load(struct policy *p, const char *path, const struct policy_env *env);
/* The same for text in memory (tests, fuzzing); includes are refused. */
int policy_load_text(struct policy *p, const char *name, const char *text,
		     size_t len, const struct policy_env *env);
void policy_free(struct policy *p);

/*
 * The method names the active blocks watch (their results are the codes),
 * each once, for the kernel's at_method_watch map.  Returns how many.
 */
int policy_method_names(const struct policy *p, uint32_t *out, int max);

/* The rule a record selects (first match), or -1; @code gets its code. */
int policy_match(const struct policy *p, const struct at_event *e, uint64_t *code);
/* Split p->krules into the key index and the fallback list (compile). */
int policy_index_build(struct policy *p);
void policy_index_free(struct policy *p);

/* Pieces exposed for unit tests. */
bool policy_dmi_match(const struct pol_block *b, const char *root);
const char *pol_act_name(int type);
void policy_print(const struct policy *p, FILE *out, bool json);
void policy_describe_action(const struct pol_action *a, char *buf, size_t len);

#endif
