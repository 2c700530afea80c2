// SPDX-License-Identifier: GPL-2.0
/*
 * user/acpi/acpi_sysfs.c against a fake sysfs tree laid out like the real one:
 *
 *   sys/bus/acpi/devices/<name> -> sys/devices/LNXSYSTM:00/.../<name>
 *       path  ("\_SB_.PCI0.S30_": padded, as the kernel prints it)
 *       hid   (not every device has one)
 *   sys/bus/wmi/devices/<guid> -> sys/devices/platform/PNP0C14:00/
 *                                 wmi_bus/wmi_bus-PNP0C14:00/<guid>
 *       guid, notify_id (event blocks only, "%02X")
 *   sys/devices/platform/PNP0C14:00/firmware_node -> the ACPI device
 */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <ftw.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "test.h"
#include "acpi/acpi_sysfs.h"

static char root[PATH_MAX];
static int setup_errors;

static void mkdirs(const char *rel)
{
	char p[PATH_MAX * 2];

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	for (char *s = p + strlen(root) + 1; *s; s++) {
		if (*s != '/')
			continue;
		*s = '\0';
		if (mkdir(p, 0755) && errno != EEXIST)
			setup_errors++;
		*s = '/';
	}
	if (mkdir(p, 0755) && errno != EEXIST)
		setup_errors++;
}

static void put(const char *rel, const char *content)
{
	char p[PATH_MAX * 2];
	FILE *f;

	snprintf(p, sizeof(p), "%s/%s", root, rel);
	f = fopen(p, "w");
	if (!f) {
		setup_errors++;
		return;
	}
	fputs(content, f);
	fclose(f);
}

/* rel link -> absolute path of rel target inside the tree */
static void link_to(const char *rel_link, const char *rel_target)
{
	char l[PATH_MAX * 2], t[PATH_MAX * 2];

	snprintf(l, sizeof(l), "%s/%s", root, rel_link);
	snprintf(t, sizeof(t), "%s/%s", root, rel_target);
	if (symlink(t, l))
		setup_errors++;
}

#define ACPI_DEVS "sys/devices/LNXSYSTM:00/LNXSYBUS:00"
#define ACPI_BUS "sys/bus/acpi/devices"
#define WMI_BUS "sys/bus/wmi/devices"

static void acpi_dev(const char *name, const char *path, const char *hid)
{
	char dir[256], f[320], l[320];

	snprintf(dir, sizeof(dir), ACPI_DEVS "/%s", name);
	mkdirs(dir);
	if (path) {
		snprintf(f, sizeof(f), "%s/path", dir);
		put(f, path);
	}
	if (hid) {
		snprintf(f, sizeof(f), "%s/hid", dir);
		put(f, hid);
	}
	snprintf(l, sizeof(l), ACPI_BUS "/%s", name);
	link_to(l, dir);
}

/* A WMI block below @parent_dir (a platform device dir, or anything). */
static void wmi_block(const char *parent_dir, const char *name, const char *guid,
		      const char *notify_id)
{
	char dir[320], f[400], l[320];

	snprintf(dir, sizeof(dir), "%s/%s", parent_dir, name);
	mkdirs(dir);
	snprintf(f, sizeof(f), "%s/guid", dir);
	put(f, guid);
	if (notify_id) {
		snprintf(f, sizeof(f), "%s/notify_id", dir);
		put(f, notify_id);
	}
	snprintf(l, sizeof(l), WMI_BUS "/%s", name);
	link_to(l, dir);
}

#define GUID_METHOD	"05901221-D566-11D1-B2F0-00A0C9062910"
#define GUID_EVENT	"ABBC0F72-8EA1-11D1-00A0-C90629100000"
#define GUID_EVENT2	"ABBC0F6B-8EA1-11D1-00A0-C90629100000"
#define GUID_ORPHAN	"95F24279-4D7B-4334-9387-ACCDC67EF61C"

static int build_tree(void)
{
	char tmpl[] = "/tmp/acpitrace-sysfs-XXXXXX";
	const char *wmibus0 = "sys/devices/platform/PNP0C14:00/wmi_bus/wmi_bus-PNP0C14:00";
	const char *wmibus1 = "sys/devices/platform/PNP0C14:01/wmi_bus/wmi_bus-PNP0C14:01";

	setup_errors = 0;
	if (!mkdtemp(tmpl))
		return -1;
	snprintf(root, sizeof(root), "%s", tmpl);
	mkdirs(ACPI_BUS);
	mkdirs(WMI_BUS);

	acpi_dev("LNXCPU:01", "\\_SB_.CP01\n", "ACPI0007\n");
	acpi_dev("PNP0A08:00", "\\_SB_.PCI0\n", "PNP0A08\n");
	acpi_dev("device:05", "\\_SB_.PCI0.S30_\n", NULL);	/* no hid file */
	acpi_dev("LNXVIDEO:00", "\\_SB_.PCI0.GFX0\n", "LNXVIDEO\n");
	acpi_dev("PNP0C14:00", "\\_SB_.WMI1\n", "PNP0C14\n");
	acpi_dev("PNP0C14:01", "\\_SB_.AMW0\n", "PNP0C14\n");
	acpi_dev("nopath:00", NULL, "FOO0000\n");		/* skipped */
	acpi_dev("badpath:00", "garbage\n", "FOO0001\n");	/* skipped */
	/* more than the first allocation holds */
	for (int i = 0; i < 20; i++) {
		char name[32], path[64];

		snprintf(name, sizeof(name), "PNP0C0A:%02d", i);
		snprintf(path, sizeof(path), "\\_SB_.PCI0.LPCB.BT%02d\n", i);
		acpi_dev(name, path, "PNP0C0A\n");
	}

	/* two PNP0C14 platform devices, their firmware nodes, their blocks */
	mkdirs(wmibus0);
	mkdirs(wmibus1);
	link_to("sys/devices/platform/PNP0C14:00/firmware_node", ACPI_DEVS "/PNP0C14:00");
	link_to("sys/devices/platform/PNP0C14:01/firmware_node", ACPI_DEVS "/PNP0C14:01");
	wmi_block(wmibus0, GUID_METHOD, GUID_METHOD "\n", NULL);
	wmi_block(wmibus0, GUID_EVENT, GUID_EVENT "\n", "D0\n");
	/* 7.x names every block GUID-N (6.12 a duplicated GUID's second one) */
	wmi_block(wmibus1, GUID_EVENT2 "-2", GUID_EVENT2 "\n", "D0\n");
	/* a block with no PNP0C14 parent to be found */
	wmi_block("sys/devices/virtual/wmi_orphan", GUID_ORPHAN, GUID_ORPHAN "\n", "80\n");
	/* not a WMI block: no guid file */
	mkdirs("sys/devices/virtual/junk/notablock");
	link_to(WMI_BUS "/notablock", "sys/devices/virtual/junk/notablock");
	return setup_errors ? -1 : 0;
}

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st; (void)flag; (void)ftw;
	return remove(path);
}

static void remove_tree(void)
{
	if (root[0] && !strncmp(root, "/tmp/acpitrace-sysfs-", 21))
		nftw(root, rm_one, 16, FTW_DEPTH | FTW_PHYS);
	root[0] = '\0';
}

TEST(sysfs_devices)
{
	struct acpi_sysfs s;
	const struct acpi_dev_entry *d;

	if (build_tree()) {
		test_fail(__FILE__, __LINE__, "building the fake sysfs tree failed");
		remove_tree();
		return;
	}
	CHECK_EQ_INT(acpi_sysfs_load(&s, root), 0);
	CHECK_EQ_INT(s.ndevs, 6 + 20);

	d = acpi_sysfs_dev(&s, "\\_SB.CP01");
	CHECK(d != NULL);
	if (d) {
		CHECK_STR(d->path, "\\_SB.CP01");
		CHECK_STR(d->name, "LNXCPU:01");
		CHECK_STR(d->hid, "ACPI0007");
	}
	d = acpi_sysfs_dev(&s, "\\_SB.PCI0.S30");
	CHECK(d != NULL);
	if (d) {
		CHECK_STR(d->name, "device:05");
		CHECK_STR(d->hid, "");
	}
	d = acpi_sysfs_dev(&s, "\\_SB.PCI0.GFX0");
	CHECK(d != NULL && !strcmp(d->name, "LNXVIDEO:00") && !strcmp(d->hid, "LNXVIDEO"));
	for (int i = 0; i < 20; i++) {
		char path[64], name[32];

		snprintf(path, sizeof(path), "\\_SB.PCI0.LPCB.BT%02d", i);
		snprintf(name, sizeof(name), "PNP0C0A:%02d", i);
		d = acpi_sysfs_dev(&s, path);
		CHECK(d != NULL && !strcmp(d->name, name));
	}
	/* lookups take the trimmed spelling only */
	CHECK(acpi_sysfs_dev(&s, "\\_SB_.CP01") == NULL);
	CHECK(acpi_sysfs_dev(&s, "\\_SB") == NULL);
	CHECK(acpi_sysfs_dev(&s, "") == NULL);
	for (size_t i = 0; i < s.ndevs; i++) {
		CHECK(strcmp(s.devs[i].name, "nopath:00") != 0);
		CHECK(strcmp(s.devs[i].name, "badpath:00") != 0);
	}
	acpi_sysfs_free(&s);
	CHECK(s.devs == NULL && s.ndevs == 0);
	remove_tree();
}

TEST(sysfs_wmi_guids)
{
	struct acpi_sysfs s;
	int found = 0;

	if (build_tree()) {
		test_fail(__FILE__, __LINE__, "building the fake sysfs tree failed");
		remove_tree();
		return;
	}
	CHECK_EQ_INT(acpi_sysfs_load(&s, root), 0);
	CHECK_EQ_INT(s.nwmi, 4);
	for (size_t i = 0; i < s.nwmi; i++) {
		const struct wmi_entry *w = &s.wmi[i];

		if (!strcmp(w->guid, GUID_METHOD)) {
			found |= 1;
			CHECK_EQ_INT(w->notify_id, -1);
			CHECK_STR(w->device, "\\_SB.WMI1");
		} else if (!strcmp(w->guid, GUID_EVENT)) {
			found |= 2;
			CHECK_EQ_INT(w->notify_id, 0xd0);	/* sysfs prints hex */
			CHECK_STR(w->device, "\\_SB.WMI1");
			CHECK_STR(w->name, GUID_EVENT);
		} else if (!strcmp(w->guid, GUID_EVENT2)) {
			found |= 4;
			CHECK_EQ_INT(w->notify_id, 0xd0);
			CHECK_STR(w->device, "\\_SB.AMW0");
			CHECK_STR(w->name, GUID_EVENT2 "-2");	/* its driver link is there */
		} else if (!strcmp(w->guid, GUID_ORPHAN)) {
			found |= 8;
			CHECK_EQ_INT(w->notify_id, 0x80);
			CHECK_STR(w->device, "");
		} else {
			test_fail(__FILE__, __LINE__, "unexpected WMI entry %s",
				  test_quote(w->guid));
		}
	}
	CHECK_EQ_INT(found, 15);

	/* the same notify id on two WMI devices: the device decides */
	CHECK_STR(acpi_sysfs_wmi_guid(&s, "\\_SB.WMI1", 0xd0), GUID_EVENT);
	CHECK_STR(acpi_sysfs_wmi_guid(&s, "\\_SB.AMW0", 0xd0), GUID_EVENT2);
	/* a block whose device is unknown matches any device */
	CHECK_STR(acpi_sysfs_wmi_guid(&s, "\\_SB.WMI1", 0x80), GUID_ORPHAN);
	CHECK_STR(acpi_sysfs_wmi_guid(&s, "", 0x80), GUID_ORPHAN);
	/* no such event */
	CHECK_STR(acpi_sysfs_wmi_guid(&s, "\\_SB.WMI1", 0x81), NULL);
	CHECK_STR(acpi_sysfs_wmi_guid(&s, "\\_SB.NONE", 0xd0), NULL);
	acpi_sysfs_free(&s);
	CHECK(s.wmi == NULL && s.nwmi == 0);
	remove_tree();
}

TEST(sysfs_missing_tree_is_empty)
{
	struct acpi_sysfs s;

	CHECK_EQ_INT(acpi_sysfs_load(&s, "/nonexistent/acpitrace-test-root"), 0);
	CHECK_EQ_INT(s.ndevs, 0);
	CHECK_EQ_INT(s.nwmi, 0);
	CHECK(acpi_sysfs_dev(&s, "\\_SB.PCI0") == NULL);
	CHECK(acpi_sysfs_wmi_guid(&s, "\\_SB.WMI1", 0xd0) == NULL);
	acpi_sysfs_free(&s);
}
