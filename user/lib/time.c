// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <time.h>
#include "lib/time.h"

uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

double mono_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int64_t wall_offset_ns(void)
{
	struct timespec rt, mt;

	clock_gettime(CLOCK_REALTIME, &rt);
	clock_gettime(CLOCK_MONOTONIC, &mt);
	return ((int64_t)rt.tv_sec - mt.tv_sec) * 1000000000LL + (rt.tv_nsec - mt.tv_nsec);
}

int rfc3339_format(uint64_t unix_ns, char *buf, size_t len)
{
	time_t sec = (time_t)(unix_ns / 1000000000ULL);
	struct tm tm;
	int n;

	if (!gmtime_r(&sec, &tm))
		return -1;
	n = snprintf(buf, len, "%04d-%02d-%02dT%02d:%02d:%02d.%06uZ", tm.tm_year + 1900,
		     tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec,
		     (unsigned)(unix_ns % 1000000000ULL / 1000));
	return n < 0 || (size_t)n >= len ? -1 : 0;
}
