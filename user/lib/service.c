// SPDX-License-Identifier: GPL-2.0
/* sd_notify when a service manager listens (see the header). */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <systemd/sd-daemon.h>
#include "lib/log.h"
#include "lib/service.h"

#define SYSTEMD_SONAME "libsystemd.so.0"

typedef int (*sd_notify_fn)(int unset_environment, const char *state);
/* the prototype from sd-daemon.h, without linking libsystemd */
_Static_assert(__builtin_types_compatible_p(__typeof__(&sd_notify), sd_notify_fn),
	       "sd_notify's prototype changed");

static sd_notify_fn notify_fn(void)
{
	static sd_notify_fn fn;
	static int tried;
	void *lib;

	if (tried)
		return fn;
	tried = 1;
	lib = dlopen(SYSTEMD_SONAME, RTLD_NOW | RTLD_LOCAL);
	if (!lib) {
		log_msg(LOG_WARN, "NOTIFY_SOCKET is set but %s cannot be opened: %s; the "
			"service manager will not hear that acpitrace is ready", SYSTEMD_SONAME,
			dlerror());
		return NULL;
	}
	fn = (sd_notify_fn)dlsym(lib, "sd_notify");
	return fn;
}

void service_notify(const char *fmt, ...)
{
	sd_notify_fn fn;
	char buf[512];
	va_list ap;

	if (!getenv("NOTIFY_SOCKET") || !(fn = notify_fn()))
		return;
	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fn(0, buf);
}

void service_reloading(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	service_notify("RELOADING=1\nMONOTONIC_USEC=%llu",
		       (unsigned long long)ts.tv_sec * 1000000ULL + ts.tv_nsec / 1000);
}
