// SPDX-License-Identifier: GPL-2.0
/*
 * sockflood — a guest helper for the acpid socket's tests (issue 32 row 1):
 * what a local user can do to a one-way unix socket.
 *
 * sockflood flood PATH UID CLIENTS WRITERS SECONDS
 *   CLIENTS processes of UID, each connected to PATH with WRITERS threads
 *   doing blocking 64 KiB writes on the one connection; when the server
 *   drops it (or refuses it) the process connects again at once.  After
 *   SECONDS prints one JSON line: {"connects":N,"refused":N,"bytes":N}
 *   (refused: connect() failed).
 *
 * sockflood as UID CMD [ARG...]
 *   run CMD as UID (gid UID, no supplementary groups): a second user's
 *   acpi_listen beside the flood, without su and a passwd entry.
 *
 * sockflood probe CPU SECONDS
 *   SCHED_FIFO 99 on CPU: sleep 2 ms, again and again, and print each wake
 *   that came more than 5 ms late as {"cpu":N,"from":NS,"to":NS} (the
 *   CLOCK_MONOTONIC span in which this vCPU ran nothing of the guest's:
 *   no guest task can hold off a FIFO 99 one, the host can hold off the
 *   vCPU), then {"cpu":N,"max_late_ns":NS}.
 */
#include <errno.h>
#include <grp.h>
#include <sched.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>

#define CHUNK	65536

struct totals {
	unsigned long long connects, refused, bytes;
};

static struct totals *shared;	/* one per client process, in shared memory */
static char chunk[CHUNK];

static int become(uid_t uid)
{
	if (setgroups(0, NULL) || setgid(uid) || setuid(uid)) {
		perror("sockflood: setuid");
		return -1;
	}
	return 0;
}

struct conn {
	int fd;
	struct totals *t;
};

static void *writer(void *arg)
{
	struct conn *c = arg;
	ssize_t w;

	while ((w = send(c->fd, chunk, sizeof(chunk), MSG_NOSIGNAL)) > 0)
		__atomic_fetch_add(&c->t->bytes, (unsigned long long)w, __ATOMIC_RELAXED);
	return NULL;
}

static void client(const char *path, int writers, time_t end, struct totals *t)
{
	struct sockaddr_un sa = { .sun_family = AF_UNIX };
	pthread_t th[16];

	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", path);
	memset(chunk, 'x', sizeof(chunk));
	while (time(NULL) < end) {
		int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
		struct conn c = { .fd = fd, .t = t };
		int nth = 0;

		if (fd < 0 || connect(fd, (struct sockaddr *)&sa, sizeof(sa))) {
			t->refused++;
			if (fd >= 0)
				close(fd);
			continue;
		}
		t->connects++;
		for (int i = 0; i < writers && i < 16; i++)
			nth += !pthread_create(&th[nth], NULL, writer, &c);
		for (int i = 0; i < nth; i++)
			pthread_join(th[i], NULL);
		close(fd);
	}
}

static int flood(char **argv)
{
	const char *path = argv[0];
	uid_t uid = (uid_t)atoi(argv[1]);
	int clients = atoi(argv[2]), writers = atoi(argv[3]);
	time_t end = time(NULL) + atoi(argv[4]);
	struct totals sum = { 0 };
	pid_t pid[64];

	if (clients < 1 || clients > 64 || writers < 1 || writers > 16)
		return 2;
	shared = mmap(NULL, sizeof(*shared) * clients, PROT_READ | PROT_WRITE,
		      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED)
		return 1;
	for (int c = 0; c < clients; c++) {
		pid_t p = fork();

		if (p < 0)
			return 1;
		pid[c] = p;
		if (!p) {
			signal(SIGTERM, SIG_DFL);
			if (become(uid))
				_exit(1);
			client(path, writers, end, &shared[c]);
			_exit(0);
		}
	}
	/* writers blocked in send at the end: the time is up, end them */
	sleep((unsigned)(end - time(NULL)) + 1);
	for (int c = 0; c < clients; c++)
		kill(pid[c], SIGTERM);
	while (wait(NULL) > 0)
		;
	for (int c = 0; c < clients; c++) {
		sum.connects += shared[c].connects;
		sum.refused += shared[c].refused;
		sum.bytes += shared[c].bytes;
	}
	printf("{\"connects\":%llu,\"refused\":%llu,\"bytes\":%llu}\n", sum.connects, sum.refused,
	       sum.bytes);
	return 0;
}

static long long mono(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

static int probe(int cpu, int seconds)
{
	struct sched_param sp = { .sched_priority = 99 };
	const struct timespec nap = { .tv_nsec = 2000000 };
	long long end = mono() + seconds * 1000000000LL, max = 0;
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set) || sched_setscheduler(0, SCHED_FIFO, &sp)) {
		perror("sockflood: probe");
		return 1;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	for (long long t0 = mono(); t0 < end; t0 = mono()) {
		long long late;

		nanosleep(&nap, NULL);
		late = mono() - t0 - 2000000;
		if (late > max)
			max = late;
		if (late > 5000000)
			printf("{\"cpu\":%d,\"from\":%lld,\"to\":%lld}\n", cpu, t0 + 2000000,
			       t0 + 2000000 + late);
	}
	printf("{\"cpu\":%d,\"max_late_ns\":%lld}\n", cpu, max);
	return 0;
}

int main(int argc, char **argv)
{
	if (argc == 4 && !strcmp(argv[1], "probe"))
		return probe(atoi(argv[2]), atoi(argv[3]));
	if (argc == 7 && !strcmp(argv[1], "flood")) {
		return flood(argv + 2);
	}
	if (argc >= 4 && !strcmp(argv[1], "as")) {
		if (become((uid_t)atoi(argv[2])))
			return 1;
		execvp(argv[3], argv + 3);
		perror(argv[3]);
		return 127;
	}
	fprintf(stderr, "usage: sockflood flood PATH UID CLIENTS WRITERS SECONDS\n"
			"       sockflood as UID CMD [ARG...]\n"
			"       sockflood probe CPU SECONDS\n");
	return 2;
}
