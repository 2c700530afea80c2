/*
 * acpitrace-ec.c — an ACPI embedded controller for the acpitrace test guests.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The interface of ACPI 6.5 section 12 ("ACPI Embedded Controller Interface
 * Specification") on two I/O ports, as a laptop's firmware names them in its
 * EC device's _CRS: a data port and a command/status port; status bits OBF,
 * IBF, CMD, BURST and SCI_EVT; the commands RD_EC, WR_EC, BE_EC, BD_EC and
 * QR_EC; 256 bytes of RAM; a queue of query numbers; and the SCI raised by
 * setting the status bit of the GPE the firmware's _GPE names in the
 * chipset's GPE0 block (PIIX4: GPEs 0x00-0x0F, ICH9: 0x00-0x3F).  A GPE
 * beyond that block (Intel laptops use 0x6E) is raised in a GPE1 block of
 * the device's own, 128 GPEs from the first number after GPE0, at I/O port
 * "gpe1-port" (32 bytes: status, then enable), which gpe-block.patch writes
 * into the FADT.  The guest's own ec driver talks to it; nothing in the guest
 * is replaced.
 *
 * The EC answers at once: every command and byte is taken in the same port
 * write (IBF never stays set) and a GPE is raised after each step, as a real
 * EC raises it when IBF clears or OBF sets, so the guest's transactions run
 * in interrupt mode without waiting.
 *
 * Control: a line protocol on the chardev "chardev" (acpitrace-ec-ctl.c).
 */
#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/module.h"
#include "hw/qdev-properties.h"
#include "hw/qdev-properties-system.h"
#include "hw/acpi/acpi.h"
#include "hw/acpi/piix4.h"
#include "hw/i386/ich9.h"
#include "acpitrace-ec.h"

/*
 * Set our bit in the GPE status register (the chipset's, or our GPE1 block's)
 * and update the chipset's SCI, which looks at both.
 */
void ec_raise_gpe(AcpitraceECState *s)
{
	unsigned int n = s->gpe;

	if (s->use_gpe1) {
		n -= acpi_gpe1.base;
		s->gpe1_sts[n / 8] |= 1u << (n % 8);
	} else {
		s->acpi->gpe.sts[n / 8] |= 1u << (n % 8);
	}
	acpi_update_sci(s->acpi, s->sci);
	s->n.gpe++;
}

static void ec_output(AcpitraceECState *s, uint8_t val)
{
	s->out = val;
	s->status |= EC_OBF;
}

static void ec_command(AcpitraceECState *s, uint8_t cmd)
{
	bool answers = s->fault == EC_FAULT_NONE;

	s->status |= EC_CMD;
	s->phase = EC_IDLE;
	switch (cmd) {
	case EC_RD:
		s->phase = EC_RD_ADDR;
		break;
	case EC_WR:
		s->phase = EC_WR_ADDR;
		break;
	case EC_BE:
		if (!answers)
			break;
		s->status |= EC_BURST;
		ec_output(s, EC_BURST_ACK);
		s->n.be++;
		break;
	case EC_BD:
		s->status &= ~EC_BURST;
		s->n.bd++;
		break;
	case EC_QR:
		if (!answers)
			break;
		if (s->qlen) {
			ec_output(s, s->queue[s->qhead]);
			s->qhead = (s->qhead + 1) % EC_QUEUE_LEN;
			s->qlen--;
		} else {
			ec_output(s, 0);
		}
		if (!s->qlen)
			s->status &= ~EC_SCI_EVT;
		s->n.qr++;
		break;
	default:
		s->n.stray++;
		break;
	}
	ec_raise_gpe(s);
}

static void ec_data(AcpitraceECState *s, uint8_t val)
{
	s->status &= ~EC_CMD;
	switch (s->phase) {
	case EC_RD_ADDR:
		s->phase = EC_IDLE;
		if (s->fault != EC_FAULT_NONE)
			break;
		ec_output(s, s->ram[val]);
		s->n.rd++;
		break;
	case EC_WR_ADDR:
		s->addr = val;
		s->phase = EC_WR_DATA;
		break;
	case EC_WR_DATA:
		s->ram[s->addr] = val;
		s->phase = EC_IDLE;
		s->n.wr++;
		break;
	default:
		s->n.stray++;
		break;
	}
	ec_raise_gpe(s);
}

static uint64_t ec_data_read(void *opaque, hwaddr addr, unsigned width)
{
	AcpitraceECState *s = opaque;

	if (s->fault == EC_FAULT_OFF)
		return 0xff;
	s->status &= ~EC_OBF;
	return s->out;
}

static void ec_data_write(void *opaque, hwaddr addr, uint64_t val,
			  unsigned width)
{
	AcpitraceECState *s = opaque;

	if (s->fault == EC_FAULT_OFF || s->fault == EC_FAULT_STUCK)
		return;
	ec_data(s, val);
}

static uint64_t ec_cmd_read(void *opaque, hwaddr addr, unsigned width)
{
	AcpitraceECState *s = opaque;

	if (s->fault == EC_FAULT_OFF)
		return 0xff;
	if (s->fault == EC_FAULT_STUCK)
		return s->status | EC_IBF;
	return s->status;
}

static void ec_cmd_write(void *opaque, hwaddr addr, uint64_t val,
			 unsigned width)
{
	AcpitraceECState *s = opaque;

	if (s->fault == EC_FAULT_OFF || s->fault == EC_FAULT_STUCK)
		return;
	ec_command(s, val);
}

static const MemoryRegionOps ec_data_ops = {
	.read = ec_data_read,
	.write = ec_data_write,
	.valid.min_access_size = 1,
	.valid.max_access_size = 1,
	.endianness = DEVICE_LITTLE_ENDIAN,
};

static const MemoryRegionOps ec_cmd_ops = {
	.read = ec_cmd_read,
	.write = ec_cmd_write,
	.valid.min_access_size = 1,
	.valid.max_access_size = 1,
	.endianness = DEVICE_LITTLE_ENDIAN,
};

/* ---- GPE1 block: status bytes (write 1 to clear), then enable bytes ---- */

static bool gpe1_pending(void *opaque)
{
	AcpitraceECState *s = opaque;
	int i;

	for (i = 0; i < EC_GPE1_BYTES; i++)
		if (s->gpe1_sts[i] & s->gpe1_en[i])
			return true;
	return false;
}

static uint64_t gpe1_read(void *opaque, hwaddr addr, unsigned width)
{
	AcpitraceECState *s = opaque;

	if (addr < EC_GPE1_BYTES)
		return s->gpe1_sts[addr];
	return s->gpe1_en[addr - EC_GPE1_BYTES];
}

static void gpe1_write(void *opaque, hwaddr addr, uint64_t val, unsigned width)
{
	AcpitraceECState *s = opaque;

	if (addr < EC_GPE1_BYTES)
		s->gpe1_sts[addr] &= ~val;
	else
		s->gpe1_en[addr - EC_GPE1_BYTES] = val;
	acpi_update_sci(s->acpi, s->sci);
}

static const MemoryRegionOps gpe1_ops = {
	.read = gpe1_read,
	.write = gpe1_write,
	.valid.min_access_size = 1,
	.valid.max_access_size = 4,
	.impl.min_access_size = 1,
	.impl.max_access_size = 1,
	.endianness = DEVICE_LITTLE_ENDIAN,
};

/* ---- device ---- */

/* The chipset's ACPI registers: ICH9's LPC (q35) or PIIX4's PM (pc). */
static bool ec_find_acpi(AcpitraceECState *s, Error **errp)
{
	Object *o = object_resolve_path_type("", TYPE_ICH9_LPC_DEVICE, NULL);

	if (o) {
		s->acpi = &ICH9_LPC_DEVICE(o)->pm.acpi_regs;
		s->sci = ICH9_LPC_DEVICE(o)->pm.irq;
	} else if ((o = object_resolve_path_type("", TYPE_PIIX4_PM, NULL))) {
		s->acpi = &PIIX4_PM(o)->ar;
		s->sci = PIIX4_PM(o)->irq;
	} else {
		error_setg(errp, "acpitrace-ec: no ICH9 or PIIX4 ACPI device");
		return false;
	}
	return true;
}

/*
 * A GPE beyond the chipset's block: our own GPE1 block starts right after
 * it. The FADT is built after the devices are realized, so it names it.
 */
static bool ec_setup_gpe1(AcpitraceECState *s, Error **errp)
{
	unsigned int gpe0 = s->acpi->gpe.len / 2 * 8u;

	if (s->gpe < gpe0)
		return true;
	if (s->gpe >= gpe0 + EC_GPE1_BYTES * 8 || s->gpe > 0xff) {
		error_setg(errp, "acpitrace-ec: gpe 0x%x is beyond GPE0 (0x00-0x%x) "
			   "and the GPE1 block (0x%x-0x%x)", s->gpe, gpe0 - 1,
			   gpe0, MIN(gpe0 + EC_GPE1_BYTES * 8 - 1, 0xff));
		return false;
	}
	if (acpi_gpe1.port) {
		error_setg(errp, "acpitrace-ec: only one EC can have a GPE1 block");
		return false;
	}
	if (!s->gpe1_port || s->gpe1_port > 0xffff - 2 * EC_GPE1_BYTES) {
		error_setg(errp, "acpitrace-ec: gpe1-port 0x%x is not an I/O port",
			   s->gpe1_port);
		return false;
	}
	s->use_gpe1 = true;
	acpi_gpe1 = (AcpiGpe1){
		.port = s->gpe1_port,
		.len = 2 * EC_GPE1_BYTES,
		.base = gpe0,
		.pending = gpe1_pending,
		.opaque = s,
	};
	memory_region_init_io(&s->gpe1_io, OBJECT(s), &gpe1_ops, s,
			      "acpitrace-ec-gpe1", 2 * EC_GPE1_BYTES);
	memory_region_add_subregion(isa_address_space_io(ISA_DEVICE(s)),
				    s->gpe1_port, &s->gpe1_io);
	return true;
}

static void ec_realize(DeviceState *dev, Error **errp)
{
	AcpitraceECState *s = ACPITRACE_EC(dev);
	ISADevice *isa = ISA_DEVICE(dev);

	if (s->data_port > 0xffff || s->cmd_port > 0xffff ||
	    s->data_port == s->cmd_port) {
		error_setg(errp, "acpitrace-ec: data and cmd must be two I/O ports");
		return;
	}
	if (!ec_find_acpi(s, errp) || !ec_setup_gpe1(s, errp))
		return;
	if (qemu_chr_fe_backend_connected(&s->chr))
		qemu_chr_fe_set_handlers(&s->chr, ec_ctl_can_receive,
					 ec_ctl_receive, ec_ctl_event, NULL, s,
					 NULL, true);
	memory_region_init_io(&s->data_io, OBJECT(dev), &ec_data_ops, s,
			      "acpitrace-ec-data", 1);
	memory_region_add_subregion(isa_address_space_io(isa), s->data_port,
				    &s->data_io);
	memory_region_init_io(&s->cmd_io, OBJECT(dev), &ec_cmd_ops, s,
			      "acpitrace-ec-cmd", 1);
	memory_region_add_subregion(isa_address_space_io(isa), s->cmd_port,
				    &s->cmd_io);
}

/* A reset stops transactions and queries; RAM keeps what the host wrote. */
static void ec_reset(DeviceState *dev)
{
	AcpitraceECState *s = ACPITRACE_EC(dev);

	s->status = 0;
	s->phase = EC_IDLE;
	s->qhead = 0;
	s->qlen = 0;
	memset(s->gpe1_sts, 0, sizeof(s->gpe1_sts));
	memset(s->gpe1_en, 0, sizeof(s->gpe1_en));
}

static Property ec_properties[] = {
	DEFINE_PROP_UINT32("data", AcpitraceECState, data_port, 0x62),
	DEFINE_PROP_UINT32("cmd", AcpitraceECState, cmd_port, 0x66),
	DEFINE_PROP_UINT32("gpe", AcpitraceECState, gpe, 0x0c),
	/* free on pc and q35: hotplug blocks sit at 0xaf00 and 0xae00 */
	DEFINE_PROP_UINT32("gpe1-port", AcpitraceECState, gpe1_port, 0xaf80),
	DEFINE_PROP_CHR("chardev", AcpitraceECState, chr),
	DEFINE_PROP_END_OF_LIST(),
};

static void ec_class_init(ObjectClass *klass, void *data)
{
	DeviceClass *dc = DEVICE_CLASS(klass);

	dc->realize = ec_realize;
	dc->reset = ec_reset;
	dc->desc = "ACPI embedded controller (acpitrace test guests)";
	device_class_set_props(dc, ec_properties);
	set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo ec_info = {
	.name = TYPE_ACPITRACE_EC,
	.parent = TYPE_ISA_DEVICE,
	.instance_size = sizeof(AcpitraceECState),
	.class_init = ec_class_init,
};

static void ec_register_types(void)
{
	type_register_static(&ec_info);
}

type_init(ec_register_types)
