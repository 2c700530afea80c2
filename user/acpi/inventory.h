/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the firmware has, read from sysfs (and debugfs where it must):
 * ACPI devices, WMI blocks, GPEs with their interrupt counts, the EC,
 * thermal zones.  Each section records whether it could be read at all,
 * and why not (no permission, or the kernel lacks the interface), so the
 * caller says so instead of printing an empty list.
 */
#ifndef INVENTORY_H
#define INVENTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "acpi/aml_scan.h"

enum inv_status {
	INV_OK = 0,
	INV_NO_PERMISSION,
	INV_MISSING,		/* the kernel has no such interface */
	INV_ERROR,		/* there, but reading it failed (why says how) */
};

struct inv_section {
	enum inv_status status;
	char where[96];		/* the directory or file it comes from */
	char why[160];		/* for a status other than INV_OK */
};

struct inv_dev {
	char name[32];		/* sysfs name, PNP0C09:00 */
	char path[80];
	char hid[16];
	char cids[96];		/* from modalias, comma separated, or "" */
	char uid[32];
	long status;		/* _STA, -1 when sysfs has no status file */
	char driver[64];
	char pnp[16];		/* its PNP device (/sys/bus/pnp/devices), or "" */
	char pnp_ids[96];	/* that device's ids, comma separated */
	/* from tables (inventory --tables) */
	bool hid_computed;	/* _HID is a method: not known offline */
	char alias[96];		/* modules whose acpi*: alias matches, comma separated */
};

struct inv_wmi {
	char name[48];		/* sysfs name: GUID, or GUID-N for a repeat */
	char guid[40];
	int notify_id;		/* event blocks; -1 otherwise */
	char object_id[4];	/* method and data blocks; "" otherwise */
	bool event, method, data, expensive, setable;
	long instances;		/* -1 unknown */
	char driver[64];
	char alias[96];		/* modules declaring wmi:GUID in modules.alias */
	unsigned int fired;	/* events seen during inventory --events */
	bool string;		/* from tables: the _WDG string flag (0x4) */
	char dev[AML_PATH_LEN];	/* from tables: the device whose _WDG has it */
};

struct inv_gpe {
	char name[24];		/* gpe1F, sci, ff_pwr_btn... */
	unsigned long long count;
	char state[48];		/* the rest of the line: "EN enabled unmasked" */
	bool enabled;
	bool gpe;		/* a GPE (gpeXX), not a fixed event or total */
	int number;		/* GPE number, -1 otherwise */
	char method[AML_PATH_LEN];	/* \\_GPE._Lxx or _Exx from the tables, or "" */
	unsigned int fired;	/* dispatches seen during inventory --events */
};

/* A _Lxx, _Exx or _Qxx method found in the AML tables. */
struct inv_method {
	char path[AML_PATH_LEN];
	char scope[AML_PATH_LEN];
	char kind;		/* 'L', 'E', 'Q' */
	int number;		/* GPE or query number */
	char table[24];		/* DSDT, SSDT3, dynamic/SSDT1 */
	unsigned int fired;	/* queries seen during inventory --events */
};

/* Notify (TARGET, VALUE) in an event method (from tables). */
struct inv_notify {
	char method[AML_PATH_LEN];
	char kind;		/* 'L', 'E', 'Q', 'W' (_WED) */
	int number;		/* GPE or query number; -1 for _WED */
	char target[AML_PATH_LEN];
	bool known;		/* the value is a constant */
	uint64_t value;
};

struct inv_thermal {
	char name[24];		/* thermal_zone0 */
	char type[32];
	long temp;		/* millidegrees C; LONG_MIN unreadable */
};

struct inventory {
	struct inv_section devs_s, wmi_s, gpe_s, ec_s, thermal_s;
	struct inv_section pnp_s;	/* /sys/bus/pnp/devices */
	struct inv_section aml_s;	/* /sys/firmware/acpi/tables */
	struct inv_section ecio_s;	/* /sys/kernel/debug/ec/ec0/io */
	struct inv_method *methods;
	size_t nmethods;
	size_t ntables;		/* AML tables scanned */
	uint8_t ec_io[256];
	size_t ec_io_len;
	struct inv_dev *devs;
	size_t ndevs;
	struct inv_wmi *wmi;
	size_t nwmi;
	struct inv_gpe *gpes;
	size_t ngpes;
	struct inv_thermal *tz;
	size_t ntz;
	/* the EC: its device is among devs (PNP0C09); debugfs adds these */
	long ec_gpe;		/* -1 unknown */
	char ec_debugfs[64];	/* "ec0" when /sys/kernel/debug/ec/ec0 was read */
	/* from tables (acpi/inventory_tables.h) */
	bool offline;
	struct inv_notify *notifies;
	size_t nnotifies;
	char ec_gpe_from[48];	/* "_GPE", "ECDT", "_GPE is a method: not known offline" */
	char ecdt_id[AML_PATH_LEN];	/* the ECDT's EC_ID, or "" without one */
};

/*
 * @root: "" for this machine, or a test tree.  @ec_io: also read the EC's
 * RAM from debugfs (each byte is an EC transaction).
 */
void inventory_load(struct inventory *inv, const char *root, bool ec_io);
/*
 * Keep @m in inv->methods when it is an event method (a _Qxx anywhere, a
 * _Lxx/_Exx of \_GPE) of @table; the live and the offline inventory
 * (inventory_tables.c) both collect them so.  1 when out of memory.
 */
int inventory_keep_event_method(struct inventory *inv, const struct aml_method *m,
				const char *table);
void inventory_free(struct inventory *inv);
const char *inv_status_name(enum inv_status s);
/* What kind of platform device @hid is (power button, lid...), or NULL. */
const char *inv_platform_kind(const char *hid);

#endif
