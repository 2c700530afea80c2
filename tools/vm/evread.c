// SPDX-License-Identifier: GPL-2.0
/*
 * evread NAME COUNT SECONDS — a guest helper for the dispatch tests: find
 * the input device called NAME, print its events as JSON lines
 * {"dev":"/dev/input/eventN","type":"EV_KEY","code":"KEY_X","value":1,"t":NS}
 * until COUNT EV_KEY/EV_SW events arrived or SECONDS passed.  "t" is the
 * event's time in CLOCK_MONOTONIC nanoseconds (EVIOCSCLOCKID; the input core
 * keeps microseconds), the clock of the trace records' ts_ns (BPF's
 * ktime), so the parity harness can tell which code an event came after.
 * Writes "ready" to stderr once the device is open.  Exit 0 when COUNT were
 * seen.
 *
 * evread -k NAME SCANCODE KEY — try a hwdb-style remap (EVIOCSKEYCODE_V2).
 *
 * evread -c NAME SECONDS — print what the device declares (EVIOCGBIT) as
 * one JSON line {"dev":...,"keys":["KEY_X",...],"switches":["SW_LID",...]}.
 *
 * evread -m NAME SECONDS — print the device's keymap, entry by entry
 * (EVIOCGKEYCODE_V2 by index, as sparse-keymap answers it), one JSON line
 * {"scancode":N,"key":"KEY_X"} each: the running driver's own code table.
 *
 * evread -r SECONDS — hold the kernel's rfkill-input off (RFKILL_IOCTL_NOINPUT
 * on /dev/rfkill) for SECONDS or until killed; "ready" to stderr once held.
 * The parity harness presses KEY_WLAN on two devices at once, and
 * rfkill-input would toggle the radios for both, the second time up to
 * 200 ms later (its rate limit): a state change no code of its own caused.
 */
#include <dirent.h>
#include <stdbool.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/rfkill.h>
#include <libevdev/libevdev.h>

static int open_named(const char *name, char *path, size_t len)
{
	struct dirent *d;
	DIR *dh = opendir("/dev/input");

	if (!dh)
		return -1;
	while ((d = readdir(dh))) {
		char buf[256] = "";
		int fd;

		if (strncmp(d->d_name, "event", 5))
			continue;
		snprintf(path, len, "/dev/input/%s", d->d_name);
		fd = open(path, O_RDONLY | O_NONBLOCK);
		if (fd < 0)
			continue;
		if (ioctl(fd, EVIOCGNAME(sizeof(buf) - 1), buf) >= 0 && !strcmp(buf, name)) {
			closedir(dh);
			return fd;
		}
		close(fd);
	}
	closedir(dh);
	return -1;
}

static void print_bits(int fd, int type, int max, const char *label)
{
	unsigned char bits[KEY_MAX / 8 + 1] = { 0 };
	bool first = true;

	if (ioctl(fd, EVIOCGBIT(type, sizeof(bits)), bits) < 0) {
		fprintf(stderr, "evread: EVIOCGBIT(%d): %m\n", type);
		exit(1);
	}
	printf(",\"%s\":[", label);
	for (int c = 0; c <= max; c++) {
		const char *name;

		if (!((bits[c / 8] >> (c % 8)) & 1))
			continue;
		name = libevdev_event_code_get_name(type, c);
		if (name)
			printf("%s\"%s\"", first ? "" : ",", name);
		else
			printf("%s\"%d\"", first ? "" : ",", c);
		first = false;
	}
	printf("]");
}

/* The device named @name, waiting up to @seconds for it to appear; -1 after saying so. */
static int open_waiting(const char *name, int seconds, char *path, size_t len)
{
	time_t end = time(NULL) + seconds;
	int fd = -1;

	while (fd < 0 && time(NULL) < end) {
		fd = open_named(name, path, len);
		if (fd < 0)
			usleep(50000);
	}
	if (fd < 0)
		fprintf(stderr, "evread: no input device named %s\n", name);
	return fd;
}

static int caps(const char *name, int seconds)
{
	char path[300];
	int fd = open_waiting(name, seconds, path, sizeof(path));

	if (fd < 0)
		return 1;
	printf("{\"dev\":\"%s\"", path);
	print_bits(fd, EV_KEY, KEY_MAX, "keys");
	print_bits(fd, EV_SW, SW_MAX, "switches");
	printf("}\n");
	close(fd);
	return 0;
}

/*
 * evread -k NAME SCANCODE KEY: try to remap SCANCODE to KEY on the device
 * as udev's hwdb would (EVIOCSKEYCODE_V2); print {"remap":"ok"} or the
 * error.  A uinput device has no keymap, so this shows whether hwdb can.
 */
static int remap(const char *name, unsigned int scancode, const char *key)
{
	struct input_keymap_entry ke = { .flags = 0, .len = sizeof(scancode) };
	char path[300];
	int fd = open_named(name, path, sizeof(path));

	if (fd < 0) {
		fprintf(stderr, "evread: no input device named %s\n", name);
		return 1;
	}
	memcpy(ke.scancode, &scancode, sizeof(scancode));
	ke.keycode = libevdev_event_code_from_name(EV_KEY, key);
	if (ioctl(fd, EVIOCSKEYCODE_V2, &ke) == 0)
		printf("{\"dev\":\"%s\",\"remap\":\"ok\"}\n", path);
	else
		printf("{\"dev\":\"%s\",\"remap\":\"%m\"}\n", path);
	close(fd);
	return 0;
}

/*
 * evread -m NAME SECONDS: walk the keymap by index until the driver says
 * there is no such entry; the scancode is a u32 in host order.
 */
static int keymap(const char *name, int seconds)
{
	char path[300];
	int fd = open_waiting(name, seconds, path, sizeof(path));

	if (fd < 0)
		return 1;
	for (unsigned int i = 0; i < 65536; i++) {
		struct input_keymap_entry ke = { .flags = INPUT_KEYMAP_BY_INDEX, .index = i };
		unsigned int sc = 0;
		const char *key;

		if (ioctl(fd, EVIOCGKEYCODE_V2, &ke) < 0)
			break;
		memcpy(&sc, ke.scancode, ke.len < sizeof(sc) ? ke.len : sizeof(sc));
		key = libevdev_event_code_get_name(EV_KEY, ke.keycode);
		if (key)
			printf("{\"scancode\":%u,\"key\":\"%s\"}\n", sc, key);
		else
			printf("{\"scancode\":%u,\"key\":\"%u\"}\n", sc, ke.keycode);
	}
	close(fd);
	return 0;
}

/* The hold ends when the descriptor closes (the kernel counts holders). */
static int rfkill_noinput(int seconds)
{
	int fd = open("/dev/rfkill", O_RDWR | O_CLOEXEC);

	if (fd < 0 || ioctl(fd, RFKILL_IOCTL_NOINPUT) < 0) {
		perror("evread: /dev/rfkill");
		return 1;
	}
	fprintf(stderr, "ready\n");
	sleep(seconds);
	close(fd);
	return 0;
}

int main(int argc, char **argv)
{
	char path[300];
	int fd = -1, want, seen = 0;
	time_t end;

	if (argc == 4 && !strcmp(argv[1], "-c"))
		return caps(argv[2], atoi(argv[3]));
	if (argc == 4 && !strcmp(argv[1], "-m"))
		return keymap(argv[2], atoi(argv[3]));
	if (argc == 3 && !strcmp(argv[1], "-r"))
		return rfkill_noinput(atoi(argv[2]));
	if (argc == 5 && !strcmp(argv[1], "-k"))
		return remap(argv[2], strtoul(argv[3], NULL, 0), argv[4]);
	if (argc != 4) {
		fprintf(stderr, "usage: evread NAME COUNT SECONDS | evread -c|-m NAME SECONDS | evread -r SECONDS\n");
		return 2;
	}
	want = atoi(argv[2]);
	end = time(NULL) + atoi(argv[3]);
	fd = open_waiting(argv[1], atoi(argv[3]), path, sizeof(path));	/* within end */
	if (fd < 0)
		return 1;
	if (ioctl(fd, EVIOCSCLOCKID, &(int){ CLOCK_MONOTONIC }) < 0) {
		fprintf(stderr, "evread: EVIOCSCLOCKID: %m\n");
		return 1;
	}
	fprintf(stderr, "ready %s\n", path);
	while (seen < want && time(NULL) < end) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		struct input_event ev;

		if (poll(&p, 1, 200) <= 0)
			continue;
		while (read(fd, &ev, sizeof(ev)) == sizeof(ev)) {
			if (ev.type == EV_SYN)
				continue;
			printf("{\"dev\":\"%s\",\"type\":\"%s\",\"code\":\"%s\",\"value\":%d,\"t\":%lld}\n",
			       path, libevdev_event_type_get_name(ev.type),
			       libevdev_event_code_get_name(ev.type, ev.code), ev.value,
			       (long long)ev.input_event_sec * 1000000000LL +
			       (long long)ev.input_event_usec * 1000LL);
			fflush(stdout);
			seen += ev.type == EV_KEY || ev.type == EV_SW;
		}
	}
	return seen >= want ? 0 : 1;
}
