// SPDX-License-Identifier: GPL-2.0
/*
 * acpid compatibility: user/acpi/acpid_event.c (the line per device class)
 * and user/lib/line_server.c (the socket acpi_listen connects to).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include "test.h"
#include "acpi/acpi_path.h"
#include "acpi/acpid_event.h"
#include "lib/line_server.h"

static struct acpi_dev_entry devs[] = {
	{ "\\_SB.PWRB", "PNP0C0C:00", "PNP0C0C" },
	{ "\\_SB.SLPB", "PNP0C0E:00", "PNP0C0E" },
	{ "\\_SB.LID0", "PNP0C0D:00", "PNP0C0D" },
	{ "\\_SB.AC", "ACPI0003:00", "ACPI0003" },
	{ "\\_SB.BAT0", "PNP0C0A:00", "PNP0C0A" },
	{ "\\_TZ.TZ00", "LNXTHERM:00", "LNXTHERM" },
	{ "\\_SB.CP00", "ACPI0007:00", "ACPI0007" },
	{ "\\_PR.CPU0", "LNXCPU:00", "LNXCPU" },
	{ "\\_SB.WMI0", "PNP0C14:00", "PNP0C14" },
	{ "\\_SB.PCI0.GFX0", "LNXVIDEO:00", "LNXVIDEO" },
	{ "\\_SB.SNK0", "ACPT0001:00", "ACPT0001" },
	{ "\\_SB.PCI0.LPCB.EC0", "PNP0C09:00", "PNP0C09" },
	{ "\\_SB.GED0", "ACPI0013:00", "ACPI0013" },
};

static struct acpi_sysfs sys = { .devs = devs, .ndevs = sizeof(devs) / sizeof(devs[0]) };

static struct at_event ev(int source, const char *path, uint32_t number)
{
	struct at_event e;
	uint32_t segs[AT_PATH_SEGS];
	const char *err;
	int prefix, n = path ? acpi_path_parse(path, segs, AT_PATH_SEGS, &prefix, &err) : 0;

	memset(&e, 0, sizeof(e));
	e.source = (uint8_t)source;
	e.number = number;
	for (int i = 0; i < n; i++)
		e.path.seg[n - 1 - i] = segs[i];
	e.path.depth = (uint8_t)(n > 0 ? n : 0);
	return e;
}

static const char *line(struct acpid_fmt *f, struct at_event e)
{
	static char buf[ACPID_LINE_MAX];

	if (acpid_event_format(f, &e, buf, sizeof(buf)))
		return "(none)";
	return buf;
}

TEST(acpid_buttons)
{
	struct acpid_fmt f = { .sys = &sys, .root = "/nonexistent" };

	CHECK_STR(line(&f, ev(AT_SRC_FIXED, NULL, 2)), "button/power PBTN 00000080 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_FIXED, NULL, 3)), "button/sleep SBTN 00000080 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.PWRB", 0x80)), "button/power PBTN 00000080 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.PWRB", 0x02)), "button/power PNP0C0C:00 00000002 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.SLPB", 0x80)), "button/sleep SBTN 00000080 00000000");
	/* the lid: the kernel's per-device count of events as data */
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.LID0", 0x80)), "button/lid PNP0C0D:00 00000080 00000001");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.LID0", 0x80)), "button/lid PNP0C0D:00 00000080 00000002");
}

TEST(acpid_power_supply_and_others)
{
	char tmpl[] = "/tmp/acpitrace-acpid-XXXXXX", p[PATH_MAX];
	struct acpid_fmt f = { .sys = &sys };
	FILE *fp;

	CHECK(mkdtemp(tmpl) != NULL);
	f.root = tmpl;
	snprintf(p, sizeof(p), "mkdir -p %s/sys/bus/acpi/devices/ACPI0003:00/power_supply/AC", tmpl);
	CHECK_EQ_INT(system(p), 0);
	/* no state file yet: offline */
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.AC", 0x80)), "ac_adapter ACPI0003:00 00000080 00000000");
	snprintf(p, sizeof(p), "%s/sys/bus/acpi/devices/ACPI0003:00/power_supply/AC/online", tmpl);
	fp = fopen(p, "w");
	CHECK(fp != NULL);
	if (fp) {
		fputs("1\n", fp);
		fclose(fp);
	}
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.AC", 0x80)), "ac_adapter ACPI0003:00 00000080 00000001");
	/* battery present unless sysfs says otherwise */
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.BAT0", 0x81)), "battery PNP0C0A:00 00000081 00000001");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_TZ.TZ00", 0x81)), "thermal_zone LNXTHERM:00 00000081 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.CP00", 0x80)), "processor ACPI0007:00 00000080 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_PR.CPU0", 0x81)), "processor LNXCPU:00 00000081 00000000");
	snprintf(p, sizeof(p), "rm -rf %s", tmpl);
	CHECK_EQ_INT(system(p), 0);
}

TEST(acpid_video)
{
	struct acpid_fmt f = { .sys = &sys };

	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.PCI0.GFX0.LCD", 0x86)), "video/brightnessup BRTUP 00000086 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.PCI0.GFX0.LCD", 0x87)), "video/brightnessdown BRTDN 00000087 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.PCI0.GFX0.LCD", 0x85)), "video/brightnesscycle BCYC 00000085 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.PCI0.GFX0.LCD", 0x88)), "video/brightnesszero BZRO 00000088 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.PCI0.GFX0.LCD", 0x89)), "video/displayoff DOFF 00000089 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.PCI0.GFX0", 0x80)), "video/switchmode VMOD 00000080 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.PCI0.GFX0", 0x83)), "video/next NEXT 00000083 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.PCI0.GFX0", 0x84)), "video/prev PREV 00000084 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.PCI0.GFX0", 0x81)), "video GFX0 00000081 00000000");
}

TEST(acpid_wmi_and_extensions)
{
	struct acpid_fmt f = { .sys = &sys };
	struct at_event e = ev(AT_SRC_WMI, "\\_SB.WMI0", 0);

	e.wmi.notify_id = 0xd0;
	CHECK_STR(line(&f, e), "wmi PNP0C14:00 000000d0 00000000");
	/* a Notify on the PNP0C14 device itself gives the same line */
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.WMI0", 0xd0)), "wmi PNP0C14:00 000000d0 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.SNK0", 0x80)), "acpitrace/notify ACPT0001:00 00000080 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.NONE", 0x80)), "acpitrace/notify \\_SB.NONE 00000080 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_GPE, NULL, 0x6e)), "acpitrace/gpe GPE 0000006e 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_EC_QUERY, "\\_SB.PCI0.LPCB.EC0._Q50", 0x50)), "acpitrace/ec_query PNP0C09:00 00000050 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_EC_QUERY, NULL, 0x51)), "acpitrace/ec_query EC 00000051 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_GED, "\\_SB.GED0._EVT", 9)), "acpitrace/ged ACPI0013:00 00000009 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_FIXED, NULL, 4)), "acpitrace/fixed RTC 00000004 00000000");
	CHECK_STR(line(&f, ev(AT_SRC_SCI, NULL, 0)), "(none)");
	/* a name that would forge a field or an event line: its bytes become '_' */
	{
		struct acpi_dev_entry bad[] = { { "\\_SB.BAD0", "PNP 0C14\n wmi X 1 2\x7f\xff", "PNP0C14" } };
		struct acpi_sysfs badsys = { .devs = bad, .ndevs = 1 };
		struct acpid_fmt g = { .sys = &badsys };

		e = ev(AT_SRC_WMI, "\\_SB.BAD0", 0);
		e.wmi.notify_id = 0xd0;
		CHECK_STR(line(&g, e), "wmi PNP_0C14__wmi_X_1_2__ 000000d0 00000000");
	}
	/* no sysfs at all: paths stand in for device names */
	f.sys = NULL;
	CHECK_STR(line(&f, ev(AT_SRC_NOTIFY, "\\_SB.SNK0", 0x81)), "acpitrace/notify \\_SB.SNK0 00000081 00000000");
}

/* ---- the socket ---- */

static int client(const char *path)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);

	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
	if (fd >= 0 && connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
		close(fd);
		return -1;
	}
	return fd;
}

static void sock_path(char *out, size_t len, const char *name)
{
	snprintf(out, len, "/tmp/acpitrace-ut-%d-%s.sock", (int)getpid(), name);
	unlink(out);
}

TEST(line_server_delivers_lines)
{
	struct line_server s;
	char path[108], buf[256], err[256];
	struct stat st;
	ssize_t n;
	int c;

	sock_path(path, sizeof(path), "deliver");
	CHECK_EQ_INT(line_server_open(&s, path, 0666, err, sizeof(err)), 0);
	CHECK(!stat(path, &st) && S_ISSOCK(st.st_mode) && (st.st_mode & 0777) == 0666);
	c = client(path);
	CHECK(c >= 0);
	/* accepted by the event loop, never on the send path */
	CHECK_EQ_INT(line_server_send(&s, "button/power PBTN 00000080 00000000", false), 0);
	line_server_poll(&s);
	CHECK_EQ_INT(line_server_send(&s, "button/power PBTN 00000080 00000000", false), 1);
	CHECK_EQ_INT(line_server_send(&s, "wmi PNP0C14:00 000000d0 00000000", false), 1);
	n = recv(c, buf, sizeof(buf) - 1, 0);
	CHECK(n > 0);
	buf[n > 0 ? n : 0] = '\0';
	CHECK_STR(buf, "button/power PBTN 00000080 00000000\nwmi PNP0C14:00 000000d0 00000000\n");
	/* a client that hangs up is forgotten */
	close(c);
	line_server_poll(&s);
	CHECK_EQ_INT(line_server_clients(&s), 0);
	line_server_close(&s);
	CHECK(lstat(path, &st) && errno == ENOENT);
}

TEST(line_server_drops_stuck_client)
{
	struct line_server s;
	char path[108], err[256], buf[64];
	struct timespec t0, t1;
	int stuck, good, i;

	sock_path(path, sizeof(path), "stuck");
	CHECK_EQ_INT(line_server_open(&s, path, 0600, err, sizeof(err)), 0);
	stuck = client(path);
	good = client(path);
	line_server_poll(&s);
	CHECK_EQ_INT(line_server_clients(&s), 2);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	/* far more than a socket buffer: the one that never reads goes */
	for (i = 0; i < 200000 && line_server_clients(&s) == 2; i++) {
		line_server_send(&s, "acpitrace/gpe GPE 0000006e 00000000", false);
		/* the good client keeps up */
		while (recv(good, buf, sizeof(buf), MSG_DONTWAIT) > 0)
			;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	CHECK_EQ_INT(line_server_clients(&s), 1);
	CHECK_EQ_INT(s.dropped, 1);
	CHECK(t1.tv_sec - t0.tv_sec < 10);
	CHECK_EQ_INT(line_server_send(&s, "x", false), 1);
	close(stuck);
	close(good);
	line_server_close(&s);
}

/* open starts from a clean state whatever the struct held (a stack one). */
TEST(line_server_open_zeroes_counters)
{
	struct line_server s;
	char path[108], err[256];

	memset(&s, 0xa5, sizeof(s));
	sock_path(path, sizeof(path), "zero");
	CHECK_EQ_INT(line_server_open(&s, path, 0600, err, sizeof(err)), 0);
	CHECK_EQ_INT(s.dropped, 0);
	CHECK_EQ_INT(s.refused, 0);
	CHECK_EQ_INT(line_server_clients(&s), 0);
	line_server_close(&s);
}

/* A client connected as @uid (the credentials SO_PEERCRED reports). */
static int client_as(const char *path, uid_t uid)
{
	int fd;

	if (seteuid(uid))
		return -1;
	fd = client(path);
	if (seteuid(0))
		abort();	/* the rest of the tests would run as someone else */
	return fd;
}

/* 1 when @fd was closed by the server (EOF or reset after its lines), 0 when open. */
static int closed_by_server(int fd)
{
	char buf[256];
	ssize_t n;

	while ((n = recv(fd, buf, sizeof(buf), MSG_DONTWAIT)) > 0)
		;
	return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK);
}

/* Bytes clients wrote that wait unread in the server's sockets. */
static int unread(const struct line_server *s)
{
	int total = 0, n;

	for (int i = 0; i < LINE_SERVER_SLOTS; i++)
		if (s->client[i].fd >= 0 && !ioctl(s->client[i].fd, FIONREAD, &n))
			total += n;
	return total;
}

/*
 * #32 row 3: a non-root user gets LINE_SERVER_USER_MAX connections, all
 * of them together LINE_SERVER_MAX_CLIENTS; root's are accepted even then.
 */
TEST(line_server_client_limit)
{
	enum { USERS = LINE_SERVER_MAX_CLIENTS / LINE_SERVER_USER_MAX };
	int fds[LINE_SERVER_SLOTS], nfd = 0, extra, late, root[LINE_SERVER_MAX_CLIENTS];
	char path[108], err[256];
	struct line_server s;

	if (geteuid() != 0) {
		printf("  (skipped: needs root to connect as other users)\n");
		return;
	}
	sock_path(path, sizeof(path), "limit");
	CHECK_EQ_INT(line_server_open(&s, path, 0666, err, sizeof(err)), 0);
	/* nobody: its 4, then refused (accepted as they come: a full backlog blocks) */
	for (int i = 0; i < LINE_SERVER_USER_MAX; i++) {
		fds[nfd++] = client_as(path, 65534);
		line_server_poll(&s);
	}
	extra = client_as(path, 65534);
	line_server_poll(&s);
	CHECK_EQ_INT(line_server_clients(&s), LINE_SERVER_USER_MAX);
	CHECK_EQ_INT(s.refused, 1);
	CHECK(closed_by_server(extra));
	CHECK(!closed_by_server(fds[0]));
	/* other users fill the non-root share; one more user is refused */
	for (int u = 1; u < USERS; u++)
		for (int i = 0; i < LINE_SERVER_USER_MAX; i++) {
			fds[nfd++] = client_as(path, 65534 - u);
			line_server_poll(&s);
		}
	late = client_as(path, 60000);
	line_server_poll(&s);
	CHECK_EQ_INT(line_server_clients(&s), LINE_SERVER_MAX_CLIENTS);
	CHECK_EQ_INT(s.refused, 2);
	CHECK(closed_by_server(late));
	/* root: always in, and gets every line */
	for (int i = 0; i < LINE_SERVER_MAX_CLIENTS; i++) {
		root[i] = client(path);
		line_server_poll(&s);
	}
	CHECK_EQ_INT(line_server_clients(&s), 2 * LINE_SERVER_MAX_CLIENTS);
	CHECK_EQ_INT(s.refused, 2);
	CHECK_EQ_INT(line_server_send(&s, "x", false), 2 * LINE_SERVER_MAX_CLIENTS);
	for (int i = 0; i < nfd; i++)
		close(fds[i]);
	for (int i = 0; i < LINE_SERVER_MAX_CLIENTS; i++)
		close(root[i]);
	close(extra);
	close(late);
	line_server_close(&s);
}

/*
 * #32 row 1: the protocol is one-way.  A client that writes is dropped by
 * the event loop's poll without its bytes being read, and sending a line
 * reads nothing: a writer's queue stays full across line_server_send (the
 * old server drained every client on each send, 256 bytes at a time, so
 * writers that kept writing stalled dispatch).
 */
TEST(line_server_drops_writer_unread)
{
	char path[108], err[256], buf[4096], got[64];
	struct line_server s;
	int reader, writer;
	ssize_t n;

	sock_path(path, sizeof(path), "writer");
	CHECK_EQ_INT(line_server_open(&s, path, 0666, err, sizeof(err)), 0);
	reader = client(path);
	writer = client(path);
	line_server_poll(&s);
	CHECK_EQ_INT(line_server_clients(&s), 2);
	/* the writer fills its way to the server until it would block */
	memset(buf, 'w', sizeof(buf));
	fcntl(writer, F_SETFL, O_NONBLOCK);
	while (send(writer, buf, sizeof(buf), MSG_NOSIGNAL) > 0)
		;
	CHECK(errno == EAGAIN || errno == EWOULDBLOCK);
	CHECK(unread(&s) > 0);
	CHECK_EQ_INT(line_server_send(&s, "button/power PBTN 00000080 00000000", false), 2);
	/* nothing was read on the way: all still queued at the server */
	CHECK(unread(&s) > 0);
	/* the loop's poll: the writer goes, unread; the reader stays */
	line_server_poll(&s);
	CHECK_EQ_INT(line_server_clients(&s), 1);
	CHECK_EQ_INT(s.talked, 1);
	CHECK(closed_by_server(writer));
	n = recv(reader, got, sizeof(got) - 1, 0);
	CHECK(n > 0);
	got[n > 0 ? n : 0] = '\0';
	CHECK_STR(got, "button/power PBTN 00000080 00000000\n");
	CHECK_EQ_INT(line_server_send(&s, "x", false), 1);
	/* one byte is enough */
	writer = client(path);
	line_server_poll(&s);
	CHECK_EQ_INT(line_server_clients(&s), 2);
	CHECK_EQ_INT(send(writer, "?", 1, MSG_NOSIGNAL), 1);
	line_server_poll(&s);
	CHECK_EQ_INT(line_server_clients(&s), 1);
	CHECK(closed_by_server(writer));
	close(writer);
	close(reader);
	line_server_close(&s);
}

/*
 * #32 row 11: lines acpid never sent (acpitrace/: method values such as
 * hotkey codes, EC queries, GPEs) reach root's clients only, unless the
 * daemon says every client may see them.
 */
TEST(line_server_restricted_lines)
{
	char path[108], err[256], got[128];
	struct line_server s;
	int root, user;
	ssize_t n;

	if (geteuid() != 0) {
		printf("  (skipped: needs root to connect as another user)\n");
		return;
	}
	sock_path(path, sizeof(path), "restricted");
	CHECK_EQ_INT(line_server_open(&s, path, 0666, err, sizeof(err)), 0);
	root = client(path);
	user = client_as(path, 65534);
	line_server_poll(&s);
	CHECK_EQ_INT(line_server_clients(&s), 2);
	CHECK_EQ_INT(line_server_send(&s, "acpitrace/method \\_SB.HKEY.MHKP 00001005 00000000", true), 1);
	CHECK_EQ_INT(line_server_send(&s, "button/lid PNP0C0D:00 00000080 00000001", false), 2);
	s.restricted_to_all = true;
	CHECK_EQ_INT(line_server_send(&s, "acpitrace/gpe GPE 0000006e 00000000", true), 2);
	n = recv(user, got, sizeof(got) - 1, 0);
	CHECK(n > 0);
	got[n > 0 ? n : 0] = '\0';
	CHECK_STR(got, "button/lid PNP0C0D:00 00000080 00000001\nacpitrace/gpe GPE 0000006e 00000000\n");
	n = recv(root, got, sizeof(got) - 1, 0);
	CHECK(n > 0);
	got[n > 0 ? n : 0] = '\0';
	CHECK_CONTAINS(got, "acpitrace/method \\_SB.HKEY.MHKP 00001005 00000000\nbutton/lid");
	close(root);
	close(user);
	line_server_close(&s);
}

TEST(line_server_safe_create)
{
	struct line_server s, s2;
	char path[108], target[128], err[256];
	struct stat st;
	int fd;

	/* a regular file is left alone */
	sock_path(path, sizeof(path), "file");
	fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0644);
	CHECK(fd >= 0);
	close(fd);
	CHECK_EQ_INT(line_server_open(&s, path, 0666, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "not a socket");
	unlink(path);
	/* a symlink is not followed, not removed */
	snprintf(target, sizeof(target), "%s.target", path);
	CHECK_EQ_INT(symlink(target, path), 0);
	CHECK_EQ_INT(line_server_open(&s, path, 0666, err, sizeof(err)), -1);
	CHECK(!lstat(path, &st) && S_ISLNK(st.st_mode));
	CHECK(lstat(target, &st) && errno == ENOENT);
	unlink(path);
	/* a live socket (acpid's) is in use; a stale one of ours is replaced */
	CHECK_EQ_INT(line_server_open(&s, path, 0666, err, sizeof(err)), 0);
	CHECK_EQ_INT(line_server_open(&s2, path, 0666, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "in use");
	close(s.fd);	/* a crash: the file stays */
	close(s.epfd);
	s.fd = -1;
	CHECK(!lstat(path, &st) && S_ISSOCK(st.st_mode));
	CHECK_EQ_INT(line_server_open(&s2, path, 0666, err, sizeof(err)), 0);
	line_server_close(&s2);
	CHECK(lstat(path, &st) && errno == ENOENT);
}
