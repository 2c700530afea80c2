// SPDX-License-Identifier: GPL-2.0
/* The IRQs ACPI devices own, from a fake /proc/interrupts and sysfs (acpi/irq_owner.c). */
#include <stdio.h>
#include <stdlib.h>
#include "test.h"
#include "acpi/irq_owner.h"
#include "acpi/acpi_path.h"

static char root[64];

static void sh(const char *fmt, const char *arg)
{
	char cmd[2048];

	snprintf(cmd, sizeof(cmd), fmt, root, arg);
	CHECK(system(cmd) == 0);
}

/* A QEMU pc guest with the GED fixture on IRQ 1 (i8042 blacklisted). */
static void tree(void)
{
	snprintf(root, sizeof(root), "/tmp/acpitrace-irq.XXXXXX");
	CHECK(mkdtemp(root) != NULL);
	sh("cd %s && mkdir -p proc sys/bus/pnp/devices sys/bus/acpi/devices && %s", "true");
	sh("cat >%s/proc/interrupts <<'EOF'\n%s\nEOF",
	   "           CPU0       \n"
	   "  0:         41   IO-APIC   2-edge      timer\n"
	   "  1:         10   IO-APIC   1-edge      ACPI:Ged\n"
	   "  4:          3   IO-APIC   4-edge      ttyS0\n"
	   "  8:          0   IO-APIC   8-edge      rtc0\n"
	   "  9:          2   IO-APIC   9-fasteoi   acpi, other\n"
	   " 11:         70   IO-APIC  11-fasteoi   virtio0\n"
	   " 14:          0   IO-APIC  14-edge      ata_piix\n"
	   "NMI:          0   Non-maskable interrupts\n"
	   "ERR:          0");
	/* PNP devices: keyboard (IRQ 1, the GED has it), RTC, COM1, a disabled IRQ, a non-ACPI one */
	sh("cd %s/sys/bus/pnp/devices && %s",
	   "mkdir -p 00:01/firmware_node 00:02/firmware_node 00:03/firmware_node"
	   " 00:04/firmware_node 00:05"
	   " && printf '\\\\_SB_.PCI0.S08_.KBD_\\n' >00:01/firmware_node/path"
	   " && printf 'state = active\\nio 0x60-0x60\\nio 0x64-0x64\\nirq 1\\n' >00:01/resources"
	   " && printf '\\\\_SB_.PCI0.S08_.RTC_\\n' >00:02/firmware_node/path"
	   " && printf 'state = active\\nio 0x70-0x71\\nirq 8\\n' >00:02/resources"
	   " && printf '\\\\_SB_.PCI0.S08_.COM1\\n' >00:03/firmware_node/path"
	   " && printf 'state = active\\nio 0x3f8-0x3ff\\nirq 4\\n' >00:03/resources"
	   " && printf '\\\\_SB_.PCI0.S08_.FDC0\\n' >00:04/firmware_node/path"
	   " && printf 'state = active\\nirq 6 disabled\\nirq 14\\n' >00:04/resources"
	   " && printf 'state = active\\nirq 11\\n' >00:05/resources");
	sh("cd %s/sys/bus/acpi/devices && %s",
	   "mkdir -p ACPI0013:00 PNP0303:00 && printf '\\\\_SB_.GED0\\n' >ACPI0013:00/path");
}

static const struct irq_owner *find(const struct irq_owners *w, unsigned int irq)
{
	for (unsigned int i = 0; i < w->n; i++)
		if (w->o[i].irq == irq)
			return &w->o[i];
	return NULL;
}

TEST(irq_owner_resolve)
{
	struct irq_owners *w = calloc(1, sizeof(*w));
	const struct irq_owner *o;
	char err[256] = "", p[ACPI_PATH_MAX];
	struct at_path bp;

	tree();
	CHECK(irq_owners_resolve(root, w, err, sizeof(err)) == 0);
	/* 1 (GED), 4 (COM1), 8 (RTC), 9 (SCI), 14 (FDC0's second IRQ); not 0, 11, 6 */
	CHECK_EQ_INT(w->n, 5);
	o = find(w, 1);
	CHECK(o && o->flags == AT_IRQ_GED);
	CHECK_STR(o ? o->path : "", "\\_SB_.GED0");	/* the GED, not the keyboard */
	CHECK_STR(o ? o->handlers : "", "ACPI:Ged");
	o = find(w, 8);
	CHECK(o && o->flags == 0);
	CHECK_STR(o ? o->path : "", "\\_SB_.PCI0.S08_.RTC_");
	CHECK_STR(o ? o->handlers : "", "rtc0");
	if (o) {
		irq_owner_bpf_path(o, &bp);
		acpi_path_format(&bp, p, sizeof(p));
		CHECK_STR(p, "\\_SB.PCI0.S08.RTC");
		CHECK_EQ_INT(bp.depth, 4);
		CHECK(bp.seg[0] == SEG("RTC_"));
	}
	o = find(w, 9);
	CHECK(o && o->flags == AT_IRQ_SCI && !o->path[0]);
	CHECK_STR(o ? o->handlers : "", "acpi, other");
	if (o) {
		irq_owner_bpf_path(o, &bp);
		CHECK_EQ_INT(bp.depth, 0);
	}
	CHECK(find(w, 4) != NULL);
	CHECK(find(w, 14) != NULL);
	CHECK(!find(w, 0) && !find(w, 11) && !find(w, 6));
	sh("rm -rf %s%s", "");
	free(w);
}

TEST(irq_owner_two_geds_no_path)
{
	struct irq_owners *w = calloc(1, sizeof(*w));
	char err[256] = "";

	tree();
	sh("cd %s/sys/bus/acpi/devices && %s",
	   "mkdir ACPI0013:01 && printf '\\\\_SB_.GED1\\n' >ACPI0013:01/path");
	CHECK(irq_owners_resolve(root, w, err, sizeof(err)) == 0);
	/* which GED has IRQ 1 is not in sysfs: flagged, no path rather than a guess */
	CHECK(find(w, 1) && find(w, 1)->flags == AT_IRQ_GED && !find(w, 1)->path[0]);
	sh("rm -rf %s%s", "");
	free(w);
}

TEST(irq_owner_no_proc)
{
	struct irq_owners *w = calloc(1, sizeof(*w));
	char err[256] = "";

	CHECK(irq_owners_resolve("/nonexistent", w, err, sizeof(err)) == -1);
	CHECK_CONTAINS(err, "/nonexistent/proc/interrupts: No such file or directory");
	free(w);
}
