/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A recording's chains laid out for drawing (acpitrace timeline): which
 * lane each record ran in, the chains in start order, the links from a
 * record to its parent, and, per chain, the boxes' positions.  The two
 * renderers (timeline_svg.c, timeline_chrome.c) only draw what this says.
 *
 * A lane is where work ran: the SCI's hard-IRQ context of one CPU (its
 * records carry the interrupted task, so they get the CPU's lane), or one
 * task (comm and pid: the GED's IRQ thread, kacpid, kacpi_notify and
 * kec workers...).  With a policy, the actions it takes go in one more
 * lane, the daemon's, at the end of the record that acted.
 */
#ifndef TIMELINE_H
#define TIMELINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"
#include "acpi/acpi_sysfs.h"

#define TL_NONE		((size_t)-1)
#define TL_LABEL_FULL	400	/* characters of a label (a record's whole line: a 64-byte payload is 128 of them) */
#define TL_ROWS_MAX	32	/* rows of a lane in one chain; more overlap in the last */

struct tl_lane {
	char label[96];
	uint32_t cpu, pid;
	bool irq;		/* the SCI context of CPU cpu */
	bool policy;		/* the daemon's lane: the policy's actions */
};

struct tl_chain {
	uint64_t id;
	size_t first, n;	/* its records: order[first .. first + n) */
	uint64_t t0, t1;	/* first start, last end (ns) */
};

struct timeline {
	const struct at_event *ev;	/* the records (not owned) */
	size_t nev;
	const struct acpi_sysfs *sys;	/* names devices in descriptions (the recording's facts), or NULL */
	char **action;		/* per record: the policy's action, or NULL */
	struct tl_lane *lanes;
	int nlanes;
	int policy_lane;	/* -1 until an action is set */
	int *lane;		/* per record: its lane */
	size_t *parent;		/* per record: its parent's index, or TL_NONE */
	size_t *order;		/* record indices by chain, then start */
	struct tl_chain *chains;	/* in order of their first start */
	size_t nchains;
};

/* 0, or -1 when out of memory. */
int tl_build(struct timeline *t, const struct at_event *ev, size_t nev);
/* Record @i's action (copied); 0 or -1. */
int tl_set_action(struct timeline *t, size_t i, const char *text);
void tl_free(struct timeline *t);

/* Where a record's work ends (its start without a duration). */
uint64_t tl_end(const struct at_event *e);
/* Record @i's description, as trace's text line has it ("Notify(\_SB.WMI0 (PNP0C14:00), 0xd0) ..."). */
void tl_describe(const struct timeline *t, size_t i, char *buf, size_t len);
/*
 * @in with each GUID (8-4-4-4-12 hex digits) cut to its first 8 digits and
 * "..." (a box's label: the payload after it then fits; the hover text
 * keeps the GUID whole).
 */
void tl_short_guids(const char *in, char *out, size_t len);

/* ---- one chain in pixels (the SVG) ---- */

struct tl_geom {
	double plot_w;		/* px for the chain's whole span (or for span_ns) */
	uint64_t span_ns;	/* one time axis for every chain: the ns plot_w stands for; 0: each chain its own */
	double char_w;		/* px per label character (monospace) */
	double min_w;		/* narrowest box: a record without a duration */
};

struct tl_box {
	size_t ev;		/* record index; an action box has act set */
	bool act;
	int lane;		/* panel lane (index into tl_panel.lanes) */
	int row;		/* row within that lane, 0 on top */
	double x, w;		/* from the plot's left edge */
	bool text_inside;	/* else the label follows the box */
	char label[TL_LABEL_FULL * 4 + 32];	/* UTF-8 may take 4 bytes a character */
	size_t parent;		/* box index of the parent (or the record, for an action), or TL_NONE */
};

struct tl_panel {
	int *lanes;		/* timeline lanes used, in timeline order */
	int *rows;		/* rows each one needs (at most TL_ROWS_MAX) */
	int nlanes;
	struct tl_box *box;
	size_t nbox;
	double right;		/* rightmost pixel any box or label reaches */
	uint64_t span_ns;	/* the plot's width in time (at least 1 us) */
};

/* Lay out chain @c; 0, or -1 when out of memory.  tl_panel_free() after. */
int tl_layout(const struct timeline *t, size_t c, const struct tl_geom *g, struct tl_panel *p);
void tl_panel_free(struct tl_panel *p);

#endif
