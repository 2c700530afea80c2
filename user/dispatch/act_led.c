// SPDX-License-Identifier: GPL-2.0
/* led NAME on|off|toggle: /sys/class/leds. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include "dispatch/actions.h"
#include "dispatch/act_kinds.h"
#include "lib/log.h"
#include "lib/sysfs_file.h"

int act_led(struct actions *a, const struct pol_action *act)
{
	char file[PATH_MAX];
	long cur, max, v;

	snprintf(file, sizeof(file), "%s/sys/class/leds/%s/max_brightness", a->root, act->name);
	if (sysfs_read_long(file, &max)) {
		log_msg(LOG_WARN, "led: no LED %s in /sys/class/leds", act->name);
		return -1;
	}
	snprintf(file, sizeof(file), "%s/sys/class/leds/%s/brightness", a->root, act->name);
	if (sysfs_read_long(file, &cur))
		return -1;
	v = act->op == OP_ON ? max : act->op == OP_OFF ? 0 : (cur ? 0 : max);
	log_msg(LOG_INFO, "led %s: %ld -> %ld (max %ld)", act->name, cur, v, max);
	if (sysfs_write_long(file, v)) {
		log_msg(LOG_WARN, "led %s: cannot write %s: %s", act->name, file, strerror(errno));
		return -1;
	}
	return 0;
}
