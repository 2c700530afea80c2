/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The IRQs that ACPI-enumerated devices own, for the irq source (-s irq):
 * the IRQs with a handler in /proc/interrupts that are the SCI ("acpi"), a
 * Generic Event Device's ("ACPI:Ged"), or listed in a PNP device's
 * resources (/sys/bus/pnp/devices/N/resources: "irq 8"), each with the
 * device's ACPI path (its firmware_node's path; for the GED, the path of
 * the one ACPI0013 device in /sys/bus/acpi/devices, none with several).
 */
#ifndef IRQ_OWNER_H
#define IRQ_OWNER_H

#include <stddef.h>
#include <stdint.h>
#include "acpitrace.h"

struct irq_owner {
	unsigned int irq;
	uint32_t flags;		/* AT_IRQ_SCI, AT_IRQ_GED */
	char path[160];		/* the device's ACPI path as sysfs spells it, "" = none */
	char handlers[96];	/* the handlers' names in /proc/interrupts */
};

struct irq_owners {
	struct irq_owner o[AT_IRQ_WATCH_MAX];
	unsigned int n;
};

/*
 * Resolve under @root ("" for the real system, a fake tree in tests:
 * ROOT/proc/interrupts, ROOT/sys/bus/pnp/devices, ROOT/sys/bus/acpi/devices).
 * 0, or -1 with a reason in @err when /proc/interrupts cannot be read.
 */
int irq_owners_resolve(const char *root, struct irq_owners *out, char *err, size_t len);
/* @o's path as a BPF path (leaf first); depth 0 when it has none or it does not parse. */
void irq_owner_bpf_path(const struct irq_owner *o, struct at_path *p);

/* The owner of IRQ @irq as /proc/interrupts names it ("" if not found). */
void suspend_irq_owner(const char *interrupts, unsigned int irq, char *buf, size_t len);

#endif
