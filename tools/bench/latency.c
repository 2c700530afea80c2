// SPDX-License-Identifier: GPL-2.0
/*
 * Benchmark 5 (docs/performance.md), event-to-key latency: the guest runs
 * `bench keys`, the host prints the figures with `bench latency`.
 *
 *   bench keys [-n COUNT] [-s SECONDS] [-f READY_FILE] [-o STAMPS] NAME...  (guest)
 *	open the input devices called NAME (evdev, clock set to
 *	CLOCK_MONOTONIC), create READY_FILE, then print "DEV TS_NS" for
 *	every key press (EV_KEY value 1) until each device saw COUNT,
 *	SECONDS passed or SIGTERM came.  DEV is the index of NAME on the
 *	command line.  With -o, latency.bpf.c stamps every Notify(0x86)
 *	meanwhile, and the steps of both keys' paths (latency.h), and the
 *	stamps are written to STAMPS at the end: "WHAT TS_NS CPU" lines,
 *	bpf_ktime_get_ns (CLOCK_MONOTONIC).
 *
 *   bench latency STAMPS KEYS.txt                                      (host)
 *	pair each press with the Notify that caused it (the last Notify
 *	at or before the press; STAMPS may also be `acpitrace trace
 *	--json` output, its ts_ns) and print p50 / p99 of device 0
 *	(acpitrace) against device 1 (the reference, acpi_video), with a
 *	bootstrap 95 % interval of each ratio, and the median time of each
 *	step of both paths.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/input.h>
#include <bpf/libbpf.h>
#include "lib/ready_file.h"
#include "bench.h"
#include "bench_common.h"
#include "bench_util.h"
#include "latency.h"
#include "latency.skel.h"

#define MAX_DEVS 4
/* issue #18 item 2: acpitrace's key within 1.0x of the kernel driver's, p50 and p99 */
#define LAT_TARGET 1.0
/* a press further than this from the last Notify is not that Notify's */
#define MATCH_WINDOW_NS 100000000ULL
/* resamples of the paired events for a ratio's 95 % interval */
#define BOOT_RESAMPLES 2000

static volatile sig_atomic_t keys_stop;

static void on_term(int sig)
{
	(void)sig;
	keys_stop = 1;
}

static int open_input(const char *name)
{
	struct dirent *d;
	DIR *dh = opendir("/dev/input");
	int clk = CLOCK_MONOTONIC;

	if (!dh)
		return -1;
	while ((d = readdir(dh))) {
		char path[300], buf[256] = "";
		int fd;

		if (strncmp(d->d_name, "event", 5))
			continue;
		snprintf(path, sizeof(path), "/dev/input/%s", d->d_name);
		fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (ioctl(fd, EVIOCGNAME(sizeof(buf) - 1), buf) >= 0 && !strcmp(buf, name)) {
			closedir(dh);
			if (ioctl(fd, EVIOCSCLOCKID, &clk)) {
				fprintf(stderr, "bench: EVIOCSCLOCKID on %s: %s\n", path,
					strerror(errno));
				close(fd);
				return -1;
			}
			return fd;
		}
		close(fd);
	}
	closedir(dh);
	return -1;
}

/* The Notify stamps program, loaded and attached; NULL with a message. */
static struct latency_bpf *stamps_start(void)
{
	struct latency_bpf *skel;

	libbpf_set_print(silent_print);
	skel = latency_bpf__open_and_load();
	if (!skel || latency_bpf__attach(skel)) {
		fprintf(stderr, "bench keys: loading the Notify stamps program: %s\n",
			strerror(errno));
		latency_bpf__destroy(skel);
		return NULL;
	}
	return skel;
}

static const char *const lat_names[LAT_KINDS] = {
	[LAT_NOTIFY] = "notify", [LAT_RING_WAKEUP] = "ring_wakeup",
	[LAT_RUN_WOKEN] = "run_woken", [LAT_RUN_ON_CPU] = "run_on_cpu",
	[LAT_UINPUT] = "uinput", [LAT_WORKER] = "worker",
};

/* Write the stamps taken to @file, "WHAT TS_NS CPU" lines; 0 on success. */
static int stamps_write(struct latency_bpf *skel, const char *file)
{
	unsigned long long n = skel->bss->lat_count;
	FILE *f = fopen(file, "w");
	int ret;

	if (!f) {
		fprintf(stderr, "bench keys: %s: %s\n", file, strerror(errno));
		return 1;
	}
	if (n > LAT_MAX_STAMPS) {
		fprintf(stderr, "bench keys: %llu stamps, only the first %d kept\n",
			n, LAT_MAX_STAMPS);
		n = LAT_MAX_STAMPS;
	}
	for (unsigned long long i = 0; i < n; i++) {
		unsigned int what = skel->bss->lat_what[i] >> 8;

		if (what && what < LAT_KINDS)
			fprintf(f, "%s %llu %u\n", lat_names[what],
				(unsigned long long)skel->bss->lat_ts[i],
				skel->bss->lat_what[i] & 0xff);
	}
	ret = fclose(f) ? 1 : 0;
	if (ret)
		fprintf(stderr, "bench keys: %s: %s\n", file, strerror(errno));
	return ret;
}

static int open_devices(struct pollfd *p, int ndev, char **names, time_t end)
{
	for (int i = 0; i < ndev; i++) {
		p[i].fd = -1;
		p[i].events = POLLIN;
		while (p[i].fd < 0 && time(NULL) < end) {
			p[i].fd = open_input(names[i]);
			if (p[i].fd < 0)
				usleep(50000);
		}
		if (p[i].fd < 0) {
			fprintf(stderr, "bench keys: no input device named \"%s\"\n", names[i]);
			return 1;
		}
	}
	return 0;
}

/* Print every press until each device saw @count, @end or SIGTERM; done devices. */
static int read_presses(struct pollfd *p, int ndev, int count, time_t end)
{
	int seen[MAX_DEVS] = {}, done = 0;

	while (done < ndev && !keys_stop && time(NULL) < end) {
		if (poll(p, ndev, 200) <= 0)
			continue;
		for (int i = 0; i < ndev; i++) {
			struct input_event ev;

			while (read(p[i].fd, &ev, sizeof(ev)) == sizeof(ev)) {
				if (ev.type != EV_KEY || ev.value != 1)
					continue;
				printf("%d %llu\n", i,
				       (unsigned long long)ev.input_event_sec * 1000000000ULL +
				       (unsigned long long)ev.input_event_usec * 1000ULL);
				if (++seen[i] == count)
					done++;
			}
		}
	}
	fflush(stdout);
	return done;
}

int cmd_keys(int count, int seconds, const char *ready_file, const char *stamps_file,
	     int ndev, char **names)
{
	struct sigaction sa = { .sa_handler = on_term };
	struct latency_bpf *skel = NULL;
	struct pollfd p[MAX_DEVS];
	time_t end = time(NULL) + seconds;
	int done, ret = 1;

	if (ndev < 1 || ndev > MAX_DEVS) {
		fprintf(stderr, "bench keys: 1 to %d device names\n", MAX_DEVS);
		return 2;
	}
	/* no SA_RESTART: SIGTERM ends the poll, and the stamps are still written */
	sigaction(SIGTERM, &sa, NULL);
	if (open_devices(p, ndev, names, end))
		return 1;
	if (stamps_file && !(skel = stamps_start()))
		goto out;
	if (ready_file && ready_file_write(ready_file)) {
		fprintf(stderr, "bench keys: %s: %s\n", ready_file, strerror(errno));
		goto out;
	}
	done = read_presses(p, ndev, count, end);
	ret = done == ndev || keys_stop ? 0 : 1;
	if (skel && stamps_write(skel, stamps_file))
		ret = 1;
out:
	latency_bpf__destroy(skel);
	for (int i = 0; i < ndev; i++)
		close(p[i].fd);
	return ret;
}

struct series {
	unsigned long long *v;
	int n, cap;
};

static int push(struct series *s, unsigned long long v)
{
	if (s->n == s->cap) {
		unsigned long long *nv;

		s->cap = s->cap ? 2 * s->cap : 256;
		nv = realloc(s->v, s->cap * sizeof(*nv));
		if (!nv)
			return -1;
		s->v = nv;
	}
	s->v[s->n++] = v;
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

/* Latency (ns) of each press of @keys to its Notify in @t; -1 where none. */
static void pair(const struct series *t, const struct series *keys, double *lat)
{
	int i = 0;

	for (int k = 0; k < t->n; k++)
		lat[k] = -1;
	for (int k = 0; k < keys->n; k++) {
		unsigned long long ts = keys->v[k];

		while (i + 1 < t->n && t->v[i + 1] <= ts)
			i++;
		if (!t->n || t->v[i] > ts || ts - t->v[i] > MATCH_WINDOW_NS || lat[i] >= 0)
			continue;
		lat[i] = (double)(ts - t->v[i]);
	}
}

/* @iv: the ratio's 95 % bootstrap interval (lo, hi), or NULL */
static void print_pct(const char *name, const char *ref, double v, double spread,
		      bool has_ratio, double ratio, double ratio_spread, double target,
		      const double *iv)
{
	struct figure f = {
		.name = name, .unit = "us", .ref = ref, .value = v, .spread = spread,
		.has_ratio = has_ratio, .ratio = ratio, .ratio_spread = ratio_spread,
		.target = target, .has_interval = iv != NULL,
		.lo = iv ? iv[0] : 0, .hi = iv ? iv[1] : 0, .cover = 0.95,
	};

	figure_print(&f);
}

/*
 * The stamps, to @steps[WHAT] as TS_NS << 8 | CPU: `bench keys -o` lines
 * ("WHAT TS_NS CPU"), or `trace --json` lines' ts_ns, or bare numbers
 * (Notifies, CPU 0).
 */
static int read_stamps(const char *file, struct series *steps)
{
	char line[4096], what[32];
	unsigned long long v;
	unsigned int cpu;
	FILE *f = fopen(file, "r");

	if (!f) {
		fprintf(stderr, "bench latency: %s: %s\n", file, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "\"ts_ns\":");
		int k = LAT_NOTIFY;

		cpu = 0;
		if (p)
			v = strtoull(p + 8, NULL, 10);
		else if (sscanf(line, "%31s %llu %u", what, &v, &cpu) == 3)
			for (k = LAT_NOTIFY; k < LAT_KINDS && strcmp(what, lat_names[k]); k++)
				;
		else if (sscanf(line, "%llu", &v) != 1)
			continue;
		if (k == LAT_KINDS)
			continue;
		if (push(&steps[k], v << 8 | (cpu & 0xff))) {
			fclose(f);
			return -1;
		}
	}
	fclose(f);
	return 0;
}

static int read_keys(const char *file, struct series *keys)
{
	unsigned long long ts;
	char line[256];
	int dev;
	FILE *f = fopen(file, "r");

	if (!f) {
		fprintf(stderr, "bench latency: %s: %s\n", file, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "%d %llu", &dev, &ts) == 2 && dev >= 0 && dev < 2 &&
		    push(&keys[dev], ts)) {
			fclose(f);
			return -1;
		}
	fclose(f);
	return 0;
}

/* A fixed-seed generator: the same interval for the same data, every run. */
static uint64_t boot_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/*
 * The 95 % interval of a ratio figure, resampling the paired events (a
 * press keeps both of its latencies, so what slowed both is not counted
 * against either): with @ratio, the quantile @q of the per-event ratios
 * (the p50 figure); without, acpitrace's quantile @q over video's (p99).
 */
static void boot_interval(const double *a, const double *v, const double *ratio, int n,
			  double q, double *lo, double *hi)
{
	double *ra = malloc(n * sizeof(*ra)), *rv = malloc(n * sizeof(*rv));
	double *r = malloc(BOOT_RESAMPLES * sizeof(*r));
	uint64_t seed = 0x9e3779b97f4a7c15ULL;

	*lo = *hi = 0;
	if (!ra || !rv || !r)
		goto out;
	for (int b = 0; b < BOOT_RESAMPLES; b++) {
		for (int k = 0; k < n; k++) {
			int j = boot_next(&seed) % n;

			ra[k] = ratio ? ratio[j] : a[j];
			rv[k] = v[j];
		}
		r[b] = ratio ? quantile(ra, n, q) : quantile(ra, n, q) / quantile(rv, n, q);
	}
	*lo = quantile(r, BOOT_RESAMPLES, 0.025);
	*hi = quantile(r, BOOT_RESAMPLES, 0.975);
out:
	free(ra);
	free(rv);
	free(r);
}

static void print_interval(const char *name, const double *iv, int n)
{
	printf("%-24s %.2fx .. %.2fx (95 %% bootstrap interval of the ratio, %d resamples "
	       "of the %d paired events)\n", name, iv[0], iv[1], BOOT_RESAMPLES, n);
}

/* The figures of @n paired latencies (us): acpitrace @a, video @v. */
static void latency_figures(const double *a, const double *v, const double *ratio, int n)
{
	enum { BLOCKS = 4 };
	double blk[BLOCKS], iv50[2], iv99[2];

	/* p99's spread: the ratio of p99s over 4 consecutive blocks of events */
	for (int b = 0; b < BLOCKS; b++) {
		int lo = b * n / BLOCKS, len = (b + 1) * n / BLOCKS - lo;

		blk[b] = quantile(a + lo, len, 0.99) / quantile(v + lo, len, 0.99);
	}
	boot_interval(a, v, ratio, n, 0.5, &iv50[0], &iv50[1]);
	boot_interval(a, v, NULL, n, 0.99, &iv99[0], &iv99[1]);
	print_pct("latency.video.p50", "-", median(v, n),
		  quantile(v, n, 0.75) - quantile(v, n, 0.25), false, 0, 0, 0, NULL);
	print_pct("latency.acpitrace.p50", "video p50 (paired)", median(a, n),
		  quantile(a, n, 0.75) - quantile(a, n, 0.25), true, median(ratio, n),
		  quantile(ratio, n, 0.75) - quantile(ratio, n, 0.25), LAT_TARGET, iv50);
	print_interval("latency.p50.interval", iv50, n);
	print_pct("latency.video.p99", "-", quantile(v, n, 0.99), 0, false, 0, 0, 0, NULL);
	print_pct("latency.acpitrace.p99", "video p99", quantile(a, n, 0.99), 0, true,
		  quantile(a, n, 0.99) / quantile(v, n, 0.99),
		  quantile(blk, BLOCKS, 0.75) - quantile(blk, BLOCKS, 0.25), LAT_TARGET, iv99);
	print_interval("latency.p99.interval", iv99, n);
}

/* The first stamp of @s (sorted, TS << 8 | CPU) in [@from, @to), or 0. */
static unsigned long long first_in(const struct series *s, unsigned long long from,
				   unsigned long long to)
{
	int lo = 0, hi = s->n;

	while (lo < hi) {
		int mid = (lo + hi) / 2;

		if (s->v[mid] >> 8 < from)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < s->n && s->v[lo] >> 8 < to ? s->v[lo] : 0;
}

enum { ST_RING, ST_WOKEN, ST_ON_CPU, ST_UINPUT, ST_KEY, ST_WORKER, ST_VKEY, ST_N };

/*
 * One press's steps (us), from its Notify at @t0 to the next one at @end:
 * acpitrace's ring wakeup, the daemon woken, switched in, writing uinput,
 * its key (@la ns after t0); acpi_video's worker, its key (@lv).  False
 * when a step was not stamped.  *@local: the daemon woken on the Notify's
 * CPU.
 */
static bool press_steps(const struct series *steps, unsigned long long t0,
			unsigned long long end, int ncpu, double la, double lv,
			double *st, bool *local)
{
	unsigned long long ring = first_in(&steps[LAT_RING_WAKEUP], t0, end);
	unsigned long long woken = ring ? first_in(&steps[LAT_RUN_WOKEN], ring >> 8, end) : 0;
	unsigned long long on = woken ? first_in(&steps[LAT_RUN_ON_CPU], woken >> 8, end) : 0;
	unsigned long long ui = on ? first_in(&steps[LAT_UINPUT], on >> 8, end) : 0;
	unsigned long long wk = first_in(&steps[LAT_WORKER], t0, end);

	if (!ui || !wk || (ui >> 8) - t0 > la || (wk >> 8) - t0 > lv)
		return false;
	st[ST_RING] = ((ring >> 8) - t0) / 1e3;
	st[ST_WOKEN] = ((woken >> 8) - (ring >> 8)) / 1e3;
	st[ST_ON_CPU] = ((on >> 8) - (woken >> 8)) / 1e3;
	st[ST_UINPUT] = ((ui >> 8) - (on >> 8)) / 1e3;
	st[ST_KEY] = (la - ((ui >> 8) - t0)) / 1e3;
	st[ST_WORKER] = ((wk >> 8) - t0) / 1e3;
	st[ST_VKEY] = (lv - ((wk >> 8) - t0)) / 1e3;
	*local = (woken & 0xff) == (unsigned int)ncpu;
	return true;
}

/*
 * Where the time goes: the median of each step over the presses whose
 * steps were all stamped (the medians need not add up to the p50).
 */
static void latency_steps(const struct series *t, const struct series *steps,
			  const double *la, const double *lv)
{
	double *st[ST_N], m[ST_N];
	int n = 0, local = 0;

	if (!steps[LAT_RING_WAKEUP].n || !steps[LAT_WORKER].n)
		return;		/* stamps without steps (`trace --json`) */
	for (int j = 0; j < ST_N; j++)
		st[j] = calloc(t->n, sizeof(double));
	for (int j = 0; j < ST_N; j++)
		if (!st[j])
			goto out;
	for (int i = 0; i < t->n; i++) {
		unsigned long long end = i + 1 < t->n ? t->v[i + 1] : t->v[i] + MATCH_WINDOW_NS;
		/* the same Notify, with its CPU (@t is made from it, cmd_latency) */
		int cpu = steps[LAT_NOTIFY].v[i] & 0xff;
		double one[ST_N];
		bool loc;

		if (la[i] < 0 || lv[i] < 0 ||
		    !press_steps(steps, t->v[i], end, cpu, la[i], lv[i], one, &loc))
			continue;
		for (int j = 0; j < ST_N; j++)
			st[j][n] = one[j];
		local += loc;
		n++;
	}
	for (int j = 0; j < ST_N; j++)
		m[j] = n ? median(st[j], n) : 0;
	if (n) {
		printf("%-24s Notify -> ring wakeup %.0f -> woken %.0f (on the Notify's CPU "
		       "%d of %d) -> switched in %.0f -> uinput write %.0f -> key %.0f us "
		       "(medians of %d presses)\n", "latency.acpitrace.steps", m[ST_RING],
		       m[ST_WOKEN], local, n, m[ST_ON_CPU], m[ST_UINPUT], m[ST_KEY], n);
		printf("%-24s Notify -> worker %.0f -> key %.0f us (medians of the same "
		       "presses)\n", "latency.video.steps", m[ST_WORKER], m[ST_VKEY]);
	}
out:
	for (int j = 0; j < ST_N; j++)
		free(st[j]);
}

int cmd_latency(const char *stamps_file, const char *keys_file)
{
	struct series t = {}, keys[2] = {}, steps[LAT_KINDS] = {};
	double *la = NULL, *lv = NULL, *a = NULL, *v = NULL, *ratio = NULL;
	int n = 0, ret = 1;

	if (read_stamps(stamps_file, steps) || read_keys(keys_file, keys))
		goto out;
	for (int k = 0; k < LAT_KINDS; k++)
		qsort(steps[k].v, steps[k].n, sizeof(*t.v), cmp_u64);
	/* the Notifies' times alone, in the same order */
	for (int i = 0; i < steps[LAT_NOTIFY].n; i++)
		if (push(&t, steps[LAT_NOTIFY].v[i] >> 8))
			goto out;
	if (t.n < 2 || !keys[0].n || !keys[1].n) {
		fprintf(stderr, "bench latency: %d Notifies, %d acpitrace keys, %d video keys\n",
			t.n, keys[0].n, keys[1].n);
		goto out;
	}
	qsort(keys[0].v, keys[0].n, sizeof(*t.v), cmp_u64);
	qsort(keys[1].v, keys[1].n, sizeof(*t.v), cmp_u64);
	la = calloc(t.n, sizeof(double));
	lv = calloc(t.n, sizeof(double));
	a = calloc(t.n, sizeof(double));
	v = calloc(t.n, sizeof(double));
	ratio = calloc(t.n, sizeof(double));
	if (!la || !lv || !a || !v || !ratio)
		goto out;
	pair(&t, &keys[0], la);
	pair(&t, &keys[1], lv);
	/* only Notifies both devices reported: the same events on both sides */
	for (int k = 0; k < t.n; k++) {
		if (la[k] < 0 || lv[k] < 0)
			continue;
		a[n] = la[k] / 1e3;
		v[n] = lv[k] / 1e3;
		ratio[n] = lv[k] > 0 ? la[k] / lv[k] : la[k] / 1e3;
		n++;
	}
	printf("%-24s %d of %d Notify(LCD, 0x86) seen on both devices (acpitrace %d keys, "
	       "Video Bus %d)\n", "latency.events", n, t.n, keys[0].n, keys[1].n);
	if (n < 8) {
		fprintf(stderr, "bench latency: too few paired events (%d)\n", n);
		goto out;
	}
	latency_figures(a, v, ratio, n);
	latency_steps(&t, steps, la, lv);
	ret = n >= 200 ? 0 : 1;
	if (ret)
		fprintf(stderr, "bench latency: only %d paired events (want >= 200)\n", n);
out:
	free(la);
	free(lv);
	free(a);
	free(v);
	free(ratio);
	free(t.v);
	free(keys[0].v);
	free(keys[1].v);
	for (int k = 0; k < LAT_KINDS; k++)
		free(steps[k].v);
	return ret;
}
