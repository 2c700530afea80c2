/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Telling the service manager about the daemon's state (systemd's
 * Type=notify): READY=1, RELOADING=1, STATUS=...  Through libsystemd's
 * sd_notify, opened only when the manager asked for it (NOTIFY_SOCKET is
 * set), so a run outside systemd neither loads nor needs libsystemd.
 */
#ifndef LIB_SERVICE_H
#define LIB_SERVICE_H

#include <stdint.h>

/* Send @fmt (newline-separated assignments); nothing outside a manager. */
void service_notify(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The reload protocol: RELOADING=1 with the time the reload started. */
void service_reloading(void);

#endif
