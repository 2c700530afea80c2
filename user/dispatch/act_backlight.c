// SPDX-License-Identifier: GPL-2.0
/* backlight up|down|set: /sys/class/backlight. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "dispatch/actions.h"
#include "dispatch/act_kinds.h"
#include "lib/log.h"
#include "lib/sysfs_file.h"

long backlight_next(long cur, long max, int op, int percent, bool allow_zero)
{
	long step = (max * percent + 50) / 100, v;

	if (op == OP_SET)
		return step;
	if (step < 1)
		step = 1;
	v = op == OP_UP ? cur + step : cur - step;
	if (v > max)
		v = max;
	/* a step never switches the panel off unless asked (or already off) */
	if (v < 1)
		v = allow_zero || cur <= 0 ? 0 : 1;
	if (v < 0)
		v = 0;
	return v;
}

static int type_rank(const char *type)
{
	/* video_detect's preference on ACPI machines: firmware, platform, raw */
	if (!strcmp(type, "firmware"))
		return 0;
	if (!strcmp(type, "platform"))
		return 1;
	if (!strcmp(type, "raw"))
		return 2;
	return 3;
}

int backlight_choose(const char *root, const char *name, char *out, size_t len)
{
	char file[PATH_MAX + 300], type[32];
	struct sysfs_dir dir;
	const char *ent;
	int best = 99;

	if (sysfs_dir_open(&dir, root, "/sys/class/backlight"))
		return -1;
	while ((ent = sysfs_dir_next(&dir))) {
		FILE *f;
		int rank;

		if (name) {
			if (!strcmp(ent, name)) {
				snprintf(out, len, "%s", ent);
				best = 0;
				break;
			}
			continue;
		}
		snprintf(file, sizeof(file), "%s/%s/type", dir.path, ent);
		f = fopen(file, "re");
		if (!f)
			continue;
		if (!fgets(type, sizeof(type), f))
			type[0] = '\0';
		fclose(f);
		type[strcspn(type, "\n")] = '\0';
		rank = type_rank(type);
		/* ties: the lowest name, so the choice is stable */
		if (rank < best || (rank == best && strcmp(ent, out) < 0)) {
			best = rank;
			snprintf(out, len, "%s", ent);
		}
	}
	sysfs_dir_close(&dir);
	return best == 99 ? -1 : 0;
}

int act_backlight(struct actions *a, const struct pol_action *act)
{
	char dev[256] = "", file[PATH_MAX + 300];
	long cur, max, v;

	if (backlight_choose(a->root, act->name, dev, sizeof(dev))) {
		log_msg(LOG_WARN, "backlight: no %s%s in /sys/class/backlight",
			act->name ? "device " : "device", act->name ? act->name : "");
		return -1;
	}
	snprintf(file, sizeof(file), "%s/sys/class/backlight/%s/max_brightness", a->root, dev);
	if (sysfs_read_long(file, &max) || max <= 0)
		return -1;
	snprintf(file, sizeof(file), "%s/sys/class/backlight/%s/brightness", a->root, dev);
	if (sysfs_read_long(file, &cur))
		return -1;
	v = backlight_next(cur, max, act->op, act->percent, act->allow_zero);
	log_msg(LOG_INFO, "backlight %s: %ld -> %ld (max %ld)", dev, cur, v, max);
	if (v == cur)
		return 0;
	if (sysfs_write_long(file, v)) {
		log_msg(LOG_WARN, "backlight %s: cannot write %s: %s", dev, file, strerror(errno));
		return -1;
	}
	return 0;
}
