/*
 * acpitrace-ec-ctl.c — the acpitrace EC's control channel (tools/vm/ec).
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
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
#include "qemu/cutils.h"
#include "acpitrace-ec.h"

static const char *const fault_names[] = {
	[EC_FAULT_NONE] = "none",
	[EC_FAULT_TIMEOUT] = "timeout",
	[EC_FAULT_STUCK] = "stuck",
	[EC_FAULT_OFF] = "off",
};

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

int ec_ctl_can_receive(void *opaque)
{
	return EC_LINE_MAX;
}

void ec_ctl_receive(void *opaque, const uint8_t *buf, int size)
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

void ec_ctl_event(void *opaque, QEMUChrEvent event)
{
	AcpitraceECState *s = opaque;

	/* A new client starts a new line. */
	if (event == CHR_EVENT_OPENED || event == CHR_EVENT_CLOSED) {
		s->line_len = 0;
		s->line_overflow = false;
	}
}
