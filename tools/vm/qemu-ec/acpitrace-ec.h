/*
 * acpitrace-ec.h — the state of the acpitrace EC device, shared by the
 * device (acpitrace-ec.c) and its control channel (acpitrace-ec-ctl.c).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef ACPITRACE_EC_H
#define ACPITRACE_EC_H

#include "chardev/char-fe.h"
#include "hw/isa/isa.h"
#include "hw/acpi/acpi.h"
#include "qom/object.h"

#define TYPE_ACPITRACE_EC "acpitrace-ec"
OBJECT_DECLARE_SIMPLE_TYPE(AcpitraceECState, ACPITRACE_EC)

/* Status register bits (ACPI 6.5, 12.2.1). */
#define EC_OBF		0x01
#define EC_IBF		0x02
#define EC_CMD		0x08
#define EC_BURST	0x10
#define EC_SCI_EVT	0x20

/* Commands (12.3). */
#define EC_RD		0x80
#define EC_WR		0x81
#define EC_BE		0x82
#define EC_BD		0x83
#define EC_QR		0x84

#define EC_BURST_ACK	0x90
#define EC_GPE1_BYTES	16	/* status bytes: 128 GPEs */
#define EC_QUEUE_LEN	64
#define EC_LINE_MAX	128

enum ec_phase { EC_IDLE, EC_RD_ADDR, EC_WR_ADDR, EC_WR_DATA };
enum ec_fault { EC_FAULT_NONE, EC_FAULT_TIMEOUT, EC_FAULT_STUCK, EC_FAULT_OFF };

struct ec_counts {
	uint64_t rd, wr, be, bd, qr, gpe, stray;
};

struct AcpitraceECState {
	ISADevice parent_obj;

	uint32_t data_port;
	uint32_t cmd_port;
	uint32_t gpe;
	uint32_t gpe1_port;
	CharBackend chr;

	MemoryRegion data_io;
	MemoryRegion cmd_io;
	ACPIREGS *acpi;		/* the chipset's, for its GPE0 block */
	qemu_irq sci;

	bool use_gpe1;		/* our GPE is in our own GPE1 block */
	MemoryRegion gpe1_io;
	uint8_t gpe1_sts[EC_GPE1_BYTES];
	uint8_t gpe1_en[EC_GPE1_BYTES];

	uint8_t ram[256];
	uint8_t status;
	uint8_t out;		/* what the data port reads while OBF is set */
	uint8_t addr;
	enum ec_phase phase;
	enum ec_fault fault;
	uint8_t queue[EC_QUEUE_LEN];
	unsigned int qhead, qlen;
	struct ec_counts n;

	char line[EC_LINE_MAX];
	size_t line_len;
	bool line_overflow;
};

/* Set the EC's GPE status bit and update the chipset's SCI. */
void ec_raise_gpe(AcpitraceECState *s);

/* The control channel's chardev handlers. */
int ec_ctl_can_receive(void *opaque);
void ec_ctl_receive(void *opaque, const uint8_t *buf, int size);
void ec_ctl_event(void *opaque, QEMUChrEvent event);

#endif
