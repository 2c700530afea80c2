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
 * chipset's GPE0 block (PIIX4 or ICH9).  The guest's own ec driver talks to
 * it; nothing in the guest is replaced.
 *
 * The EC answers at once: every command and byte is taken in the same port
 * write (IBF never stays set) and a GPE is raised after each step, as a real
 * EC raises it when IBF clears or OBF sets, so the guest's transactions run
 * in interrupt mode without waiting.
 *
 * Control (tools/vm/ec) is a line protocol on the chardev "chardev":
 *   query N            queue query number N (1..255), set SCI_EVT, raise the GPE
 *   write ADDR VALUE   set a byte of RAM (no GPE: as the EC's own firmware would)
 *   read ADDR          "ok 0xVV"
 *   dump               "ok" and the 256 bytes as 512 hex digits
 *   fault none|timeout|stuck|off
 *                      timeout: bytes are taken but no data ever comes back
 *                      (RD_EC, QR_EC and BE_EC time out; WR_EC completes);
 *                      stuck: IBF stays set, nothing is taken; off: both
 *                      ports read 0xff and writes are dropped; none: healthy
 *   stats              "ok" and counters: completed transactions by command,
 *                      GPEs raised, stray bytes, queries still queued, status
 * Every answer is one line starting "ok" or "err".
 */
#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/cutils.h"
#include "qemu/module.h"
#include "chardev/char-fe.h"
#include "hw/isa/isa.h"
#include "hw/qdev-properties.h"
#include "hw/qdev-properties-system.h"
#include "hw/acpi/acpi.h"
#include "hw/acpi/piix4.h"
#include "hw/i386/ich9.h"
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
#define EC_QUEUE_LEN	64
#define EC_LINE_MAX	128

enum ec_phase { EC_IDLE, EC_RD_ADDR, EC_WR_ADDR, EC_WR_DATA };
enum ec_fault { EC_FAULT_NONE, EC_FAULT_TIMEOUT, EC_FAULT_STUCK, EC_FAULT_OFF };

static const char *const fault_names[] = {
	[EC_FAULT_NONE] = "none",
	[EC_FAULT_TIMEOUT] = "timeout",
	[EC_FAULT_STUCK] = "stuck",
	[EC_FAULT_OFF] = "off",
};

struct ec_counts {
	uint64_t rd, wr, be, bd, qr, gpe, stray;
};

struct AcpitraceECState {
	ISADevice parent_obj;

	uint32_t data_port;
	uint32_t cmd_port;
	uint32_t gpe;
	CharBackend chr;

	MemoryRegion data_io;
	MemoryRegion cmd_io;
	ACPIREGS *acpi;		/* the chipset's, for its GPE0 block */
	qemu_irq sci;

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

/* Set our bit in the chipset's GPE status register and update its SCI. */
static void ec_raise_gpe(AcpitraceECState *s)
{
	s->acpi->gpe.sts[s->gpe / 8] |= 1u << (s->gpe % 8);
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

/* ---- control channel ---- */

static void ec_reply(AcpitraceECState *s, const char *fmt, ...)
	G_GNUC_PRINTF(2, 3);

static void ec_reply(AcpitraceECState *s, const char *fmt, ...)
{
	va_list ap;
	g_autofree char *msg = NULL;
	g_autofree char *line = NULL;

	va_start(ap, fmt);
	msg = g_strdup_vprintf(fmt, ap);
	va_end(ap);
	line = g_strconcat(msg, "\n", NULL);
	qemu_chr_fe_write_all(&s->chr, (const uint8_t *)line, strlen(line));
}

/* A whole-string number in C syntax (0x.. or decimal) not above @max. */
static bool ec_number(const char *word, unsigned int max, unsigned int *val)
{
	const char *end;

	if (!word || qemu_strtoui(word, &end, 0, val) < 0 || *end || *val > max)
		return false;
	return true;
}

static void ctl_query(AcpitraceECState *s, char **arg)
{
	unsigned int q;

	if (!ec_number(arg[0], 255, &q) || q == 0 || arg[1]) {
		ec_reply(s, "err usage: query N (1..255)");
		return;
	}
	if (s->qlen == EC_QUEUE_LEN) {
		ec_reply(s, "err query queue full (%d queued)", EC_QUEUE_LEN);
		return;
	}
	s->queue[(s->qhead + s->qlen) % EC_QUEUE_LEN] = q;
	s->qlen++;
	s->status |= EC_SCI_EVT;
	if (s->fault != EC_FAULT_OFF)
		ec_raise_gpe(s);
	ec_reply(s, "ok");
}

static void ctl_write(AcpitraceECState *s, char **arg)
{
	unsigned int a, v;

	if (!ec_number(arg[0], 255, &a) || !ec_number(arg[1], 255, &v) ||
	    arg[2]) {
		ec_reply(s, "err usage: write ADDR VALUE (0..255 each)");
		return;
	}
	s->ram[a] = v;
	ec_reply(s, "ok");
}

static void ctl_read(AcpitraceECState *s, char **arg)
{
	unsigned int a;

	if (!ec_number(arg[0], 255, &a) || arg[1]) {
		ec_reply(s, "err usage: read ADDR (0..255)");
		return;
	}
	ec_reply(s, "ok 0x%02x", s->ram[a]);
}

static void ctl_dump(AcpitraceECState *s, char **arg)
{
	char hex[sizeof(s->ram) * 2 + 1];
	size_t i;

	if (arg[0]) {
		ec_reply(s, "err usage: dump");
		return;
	}
	for (i = 0; i < sizeof(s->ram); i++)
		snprintf(hex + 2 * i, 3, "%02x", s->ram[i]);
	ec_reply(s, "ok %s", hex);
}

static void ctl_fault(AcpitraceECState *s, char **arg)
{
	size_t i;

	for (i = 0; arg[0] && !arg[1] && i < ARRAY_SIZE(fault_names); i++) {
		if (!strcmp(arg[0], fault_names[i])) {
			s->fault = i;
			ec_reply(s, "ok");
			return;
		}
	}
	ec_reply(s, "err usage: fault none|timeout|stuck|off");
}

static void ctl_stats(AcpitraceECState *s, char **arg)
{
	ec_reply(s, "ok rd=%" PRIu64 " wr=%" PRIu64 " be=%" PRIu64
		 " bd=%" PRIu64 " qr=%" PRIu64 " gpe=%" PRIu64
		 " stray=%" PRIu64 " queued=%u status=0x%02x fault=%s",
		 s->n.rd, s->n.wr, s->n.be, s->n.bd, s->n.qr, s->n.gpe,
		 s->n.stray, s->qlen, s->status, fault_names[s->fault]);
}

static const struct {
	const char *name;
	void (*run)(AcpitraceECState *s, char **arg);
} ctl_cmds[] = {
	{ "query", ctl_query },
	{ "write", ctl_write },
	{ "read", ctl_read },
	{ "dump", ctl_dump },
	{ "fault", ctl_fault },
	{ "stats", ctl_stats },
};

static void ec_control(AcpitraceECState *s, char *line)
{
	g_auto(GStrv) words = g_strsplit_set(g_strstrip(line), " \t", -1);
	char **w = words;
	size_t i;

	/* Runs of blanks give empty words: drop them. */
	for (i = 0; words[i]; i++) {
		if (*words[i])
			*w++ = words[i];
		else
			g_free(words[i]);
	}
	*w = NULL;
	if (!words[0])
		return;
	for (i = 0; i < ARRAY_SIZE(ctl_cmds); i++) {
		if (!strcmp(words[0], ctl_cmds[i].name)) {
			ctl_cmds[i].run(s, words + 1);
			return;
		}
	}
	ec_reply(s, "err unknown command '%.32s' (query write read dump fault stats)",
		 words[0]);
}

static int ec_can_receive(void *opaque)
{
	return EC_LINE_MAX;
}

static void ec_receive(void *opaque, const uint8_t *buf, int size)
{
	AcpitraceECState *s = opaque;
	int i;

	for (i = 0; i < size; i++) {
		if (buf[i] != '\n') {
			if (s->line_len < sizeof(s->line) - 1)
				s->line[s->line_len++] = buf[i];
			else
				s->line_overflow = true;
			continue;
		}
		s->line[s->line_len] = '\0';
		if (s->line_overflow)
			ec_reply(s, "err line longer than %d bytes", EC_LINE_MAX - 1);
		else
			ec_control(s, s->line);
		s->line_len = 0;
		s->line_overflow = false;
	}
}

static void ec_chr_event(void *opaque, QEMUChrEvent event)
{
	AcpitraceECState *s = opaque;

	/* A new client starts a new line. */
	if (event == CHR_EVENT_OPENED || event == CHR_EVENT_CLOSED) {
		s->line_len = 0;
		s->line_overflow = false;
	}
}

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
	if (s->gpe >= s->acpi->gpe.len / 2 * 8u) {
		error_setg(errp, "acpitrace-ec: gpe 0x%x is beyond this chipset's "
			   "%u GPEs", s->gpe, s->acpi->gpe.len / 2 * 8u);
		return false;
	}
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
	if (!ec_find_acpi(s, errp))
		return;
	if (qemu_chr_fe_backend_connected(&s->chr))
		qemu_chr_fe_set_handlers(&s->chr, ec_can_receive, ec_receive,
					 ec_chr_event, NULL, s, NULL, true);
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
}

static Property ec_properties[] = {
	DEFINE_PROP_UINT32("data", AcpitraceECState, data_port, 0x62),
	DEFINE_PROP_UINT32("cmd", AcpitraceECState, cmd_port, 0x66),
	DEFINE_PROP_UINT32("gpe", AcpitraceECState, gpe, 0x0c),
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
