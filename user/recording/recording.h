/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Recordings: the output of trace -j read back (docs/recordings.md "Record and
 * replay").  trace -j writes a header record first,
 *   {"recording":{"format":1,"kernel":...,"dmi":{...},"devices":[...],"wmi":[...]}}
 * with the machine facts a policy is resolved against (the DMI fields,
 * the ACPI devices with their HID, _UID and bound driver, the WMI GUIDs
 * with their notify id, device and driver), then one record per line.
 * The reader turns those lines back into struct at_event, field by field
 * as record/record_fields.c wrote them; recording_tree.c writes the facts
 * out as a sysfs tree the policy code resolves against unchanged.
 */
#ifndef RECORDING_H
#define RECORDING_H

#include <stdbool.h>
#include <stdio.h>
#include "acpitrace.h"

#define REC_FORMAT	1
#define REC_DMI_MAX	16
/* one line of a recording (the header of a large server's ~1000 devices
 * is ~100 KiB); longer ones are refused */
#define REC_LINE_MAX	(1 << 20)

struct rec_dev {
	char name[32];		/* sysfs name, ACPT0001:00 */
	char path[80];		/* normalised namespace path */
	char hid[16];
	char uid[32];		/* "" when the device has none */
	char driver[64];	/* "" when none is bound */
};

struct rec_wmi {
	char guid[40];
	char device[80];	/* PNP0C14 device path, or "" */
	int notify_id;		/* -1 for method and data blocks */
	char driver[64];
};

struct rec_facts {
	unsigned int format;
	char kernel[128];
	struct { char field[24]; char value[256]; } dmi[REC_DMI_MAX];
	int ndmi;
	struct rec_dev *devs;
	size_t ndevs;
	struct rec_wmi *wmi;
	size_t nwmi;
};

/* Gather the facts of this machine (sysfs under @root, "" for real). */
int rec_facts_gather(struct rec_facts *f, const char *root, const char *kernel);
/* The header record, one line. */
void rec_facts_write(FILE *out, const struct rec_facts *f);
void rec_facts_free(struct rec_facts *f);

/*
 * Write @f as a sysfs tree under a new private directory (in $TMPDIR or
 * /tmp), its path into @dir: what policy resolution reads, so replay
 * resolves against the recorded machine with the code run uses.  0, or
 * -1 with @err set; rec_facts_tree_remove() deletes it.
 */
int rec_facts_tree(const struct rec_facts *f, char *dir, size_t len, char *err, size_t errlen);
void rec_facts_tree_remove(const char *dir);

enum rec_line {
	REC_ERROR = -1,
	REC_SKIP,		/* blank, totals, stats, storm: not an event */
	REC_HEADER,
	REC_EVENT,
};

/*
 * One line (without its newline) of a recording: the header into @f, or
 * an event into @e.  On REC_ERROR, @err holds the reason (the caller adds
 * file:line).
 */
enum rec_line rec_parse_line(const char *line, size_t len, struct rec_facts *f,
			     struct at_event *e, char *err, size_t errlen);

/* A whole recording: its header's facts and its events in file order. */
struct recording {
	struct rec_facts facts;
	struct at_event *ev;
	size_t nev;
};

/*
 * Read @file (recording_file.c), every line checked before anything is
 * used: 0, or -1 after printing "acpitrace @cmd: FILE:LINE: reason".
 * @r starts zeroed; rec_free() releases it either way.
 */
int rec_read_file(const char *file, struct recording *r, const char *cmd);
void rec_free(struct recording *r);

#endif
