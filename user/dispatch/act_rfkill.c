// SPDX-License-Identifier: GPL-2.0
/* rfkill TYPE block|unblock|toggle: /dev/rfkill, /sys/class/rfkill. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <linux/rfkill.h>
#include "dispatch/actions.h"
#include "dispatch/act_kinds.h"
#include "lib/log.h"
#include "lib/rfkill_type.h"
#include "lib/sysfs_file.h"

int act_rfkill_stage(const struct actions *a, const struct policy *p,
		     struct actions_staged *s, char *err, size_t len)
{
	for (int i = 0; i < p->nrules; i++)
		s->rfkill_needed |= p->rules[i].act.type == ACT_RFKILL &&
				    p->blocks[p->rules[i].block].dmi_ok;
	if (!s->rfkill_needed || a->rfkill_fd >= 0)
		return 0;
	s->rfkill_fd = open("/dev/rfkill", O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (s->rfkill_fd < 0) {
		snprintf(err, len, "cannot open /dev/rfkill: %s", strerror(errno));
		return -1;
	}
	/* We handle the radio keys: the kernel's rfkill-input must not too. */
	if (ioctl(s->rfkill_fd, RFKILL_IOCTL_NOINPUT) < 0)
		log_msg(LOG_WARN, "RFKILL_IOCTL_NOINPUT failed: %s", strerror(errno));
	return 0;
}

/*
 * Without radio rules /dev/rfkill is closed: that gives the radio keys
 * back to the kernel's rfkill-input (NOINPUT lasts while the fd is open).
 */
void act_rfkill_commit(struct actions *a, struct actions_staged *s)
{
	if (!s->rfkill_needed) {
		act_rfkill_close(a);
		return;
	}
	if (s->rfkill_fd >= 0) {
		act_rfkill_close(a);
		a->rfkill_fd = s->rfkill_fd;
		s->rfkill_fd = -1;
	}
}

void act_rfkill_abort(struct actions_staged *s)
{
	if (s->rfkill_fd >= 0)
		close(s->rfkill_fd);
	s->rfkill_fd = -1;
}

void act_rfkill_close(struct actions *a)
{
	if (a->rfkill_fd >= 0)
		close(a->rfkill_fd);
	a->rfkill_fd = -1;
}

/* Any radio of @type (0 = all) currently soft-unblocked? */
static int rfkill_any_unblocked(int type, const char *root)
{
	char file[PATH_MAX + 300], buf[32];
	struct sysfs_dir dir;
	const char *name;
	int any = 0;

	if (sysfs_dir_open(&dir, root, "/sys/class/rfkill"))
		return 0;
	while ((name = sysfs_dir_next(&dir))) {
		FILE *f;

		snprintf(file, sizeof(file), "%s/%s/type", dir.path, name);
		f = fopen(file, "re");
		if (!f)
			continue;
		buf[0] = '\0';
		if (!fgets(buf, sizeof(buf), f))
			buf[0] = '\0';
		fclose(f);
		buf[strcspn(buf, "\n")] = '\0';
		if (type && strcmp(buf, rfkill_type_name(type)))
			continue;
		snprintf(file, sizeof(file), "%s/%s/soft", dir.path, name);
		long soft;

		if (!sysfs_read_long(file, &soft) && !soft)
			any = 1;
	}
	sysfs_dir_close(&dir);
	return any;
}

int act_rfkill(struct actions *a, const struct pol_action *act)
{
	struct rfkill_event ev = { .op = RFKILL_OP_CHANGE_ALL, .type = act->code };
	char drain[64];

	if (a->rfkill_fd < 0)
		return -1;
	while (read(a->rfkill_fd, drain, sizeof(drain)) > 0)
		;	/* the kernel queues every change for us; not needed */
	if (act->op == OP_TOGGLE)
		ev.soft = rfkill_any_unblocked(act->code, a->root);
	else
		ev.soft = act->op == OP_BLOCK;
	log_msg(LOG_INFO, "rfkill: %s type %d", ev.soft ? "block" : "unblock", act->code);
	if (write(a->rfkill_fd, &ev, RFKILL_EVENT_SIZE_V1) != RFKILL_EVENT_SIZE_V1) {
		log_msg(LOG_WARN, "rfkill: write to /dev/rfkill failed: %s", strerror(errno));
		return -1;
	}
	return 0;
}
