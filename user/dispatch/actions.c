// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <linux/rfkill.h>
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include "dispatch/actions.h"
#include "lib/rfkill_type.h"
#include "acpi/acpi_path.h"
#include "acpi/decode.h"
#include "acpi/guid.h"
#include "lib/log.h"
#include "lib/sysfs_file.h"
#include "lib/time.h"

#define BIT_SET(map, n)	((map)[(n) / 8] |= 1 << ((n) % 8))
#define BIT_GET(map, n)	(((map)[(n) / 8] >> ((n) % 8)) & 1)

void actions_init(struct actions *a, const char *root)
{
	memset(a, 0, sizeof(*a));
	a->root = root ? root : "";
	a->rfkill_fd = -1;
}

/* ---- the input device ------------------------------------------------ */

static void wanted_codes(const struct policy *p, unsigned char *keys, unsigned char *sws)
{
	for (int i = 0; i < p->nrules; i++) {
		const struct pol_rule *r = &p->rules[i];

		if (!p->blocks[r->block].dmi_ok)
			continue;
		if (r->act.type == ACT_KEY && r->act.code < 96 * 8)
			BIT_SET(keys, r->act.code);
		if (r->act.type == ACT_SWITCH && r->act.code < 4 * 8)
			BIT_SET(sws, r->act.code);
	}
}

static int create_input(struct actions *a, char *err, size_t len)
{
	struct libevdev *dev = libevdev_new();
	bool any = false;
	int rc;

	if (!dev) {
		snprintf(err, len, "out of memory");
		return -1;
	}
	libevdev_set_name(dev, "acpitrace");
	libevdev_set_id_bustype(dev, BUS_VIRTUAL);
	for (int c = 0; c < 96 * 8; c++)
		if (BIT_GET(a->keys, c)) {
			libevdev_enable_event_code(dev, EV_KEY, c, NULL);
			any = true;
		}
	/* SW_RFKILL_ALL never: the parser refuses it, and this skips it. */
	for (int c = 0; c < 4 * 8; c++)
		if (BIT_GET(a->sws, c) && c != SW_RFKILL_ALL) {
			libevdev_enable_event_code(dev, EV_SW, c, NULL);
			any = true;
		}
	if (!any) {
		libevdev_free(dev);
		return 0;
	}
	libevdev_enable_event_code(dev, EV_MSC, MSC_SCAN, NULL);
	rc = libevdev_uinput_create_from_device(dev, LIBEVDEV_UINPUT_OPEN_MANAGED, &a->ui);
	libevdev_free(dev);
	if (rc) {
		snprintf(err, len, "cannot create the uinput device: %s (is the uinput module loaded?)",
			 strerror(-rc));
		a->ui = NULL;
		return -1;
	}
	return 0;
}

static int prepare_rfkill(struct actions *a, const struct policy *p, char *err, size_t len)
{
	bool radio = false;

	for (int i = 0; i < p->nrules; i++)
		radio |= p->rules[i].act.type == ACT_RFKILL && p->blocks[p->rules[i].block].dmi_ok;
	if (!radio || a->rfkill_fd >= 0)
		return 0;
	a->rfkill_fd = open("/dev/rfkill", O_RDWR | O_NONBLOCK | O_CLOEXEC);
	if (a->rfkill_fd < 0) {
		snprintf(err, len, "cannot open /dev/rfkill: %s", strerror(errno));
		return -1;
	}
	/* We handle the radio keys: the kernel's rfkill-input must not too. */
	if (ioctl(a->rfkill_fd, RFKILL_IOCTL_NOINPUT) < 0)
		log_msg(LOG_WARN, "RFKILL_IOCTL_NOINPUT failed: %s", strerror(errno));
	return 0;
}

int actions_prepare(struct actions *a, const struct policy *p, char *err, size_t len)
{
	unsigned char keys[sizeof(a->keys)] = { 0 }, sws[sizeof(a->sws)] = { 0 };

	wanted_codes(p, keys, sws);
	if (memcmp(keys, a->keys, sizeof(keys)) || memcmp(sws, a->sws, sizeof(sws)) || !a->ui) {
		struct libevdev_uinput *old = a->ui;
		unsigned char okeys[sizeof(keys)], osws[sizeof(sws)];

		memcpy(okeys, a->keys, sizeof(keys));
		memcpy(osws, a->sws, sizeof(sws));
		memcpy(a->keys, keys, sizeof(keys));
		memcpy(a->sws, sws, sizeof(sws));
		a->ui = NULL;
		if (create_input(a, err, len)) {
			a->ui = old;	/* keep what worked */
			memcpy(a->keys, okeys, sizeof(keys));
			memcpy(a->sws, osws, sizeof(sws));
			return -1;
		}
		if (old)
			libevdev_uinput_destroy(old);
		memset(a->sw_state, 0, sizeof(a->sw_state));
	}
	return prepare_rfkill(a, p, err, len);
}

const char *actions_input_devnode(const struct actions *a)
{
	return a->ui ? libevdev_uinput_get_devnode(a->ui) : NULL;
}

void actions_close(struct actions *a)
{
	if (a->ui)
		libevdev_uinput_destroy(a->ui);
	a->ui = NULL;
	if (a->rfkill_fd >= 0)
		close(a->rfkill_fd);
	a->rfkill_fd = -1;
	for (int i = 0; i < ACT_MAX_CHILDREN; i++)
		if (a->child[i].pid > 0) {
			kill(-a->child[i].pid, SIGKILL);	/* its process group */
			waitpid(a->child[i].pid, NULL, 0);
			a->child[i].pid = 0;
		}
}

/* As sparse-keymap does: MSC_SCAN with the code, press, sync, release, sync. */
static int do_key(struct actions *a, int key, uint64_t code)
{
	struct libevdev_uinput *ui = a->ui;

	if (!ui)
		return -1;
	if (libevdev_uinput_write_event(ui, EV_MSC, MSC_SCAN, (int)code) ||
	    libevdev_uinput_write_event(ui, EV_KEY, key, 1) ||
	    libevdev_uinput_write_event(ui, EV_SYN, SYN_REPORT, 0) ||
	    libevdev_uinput_write_event(ui, EV_MSC, MSC_SCAN, (int)code) ||
	    libevdev_uinput_write_event(ui, EV_KEY, key, 0) ||
	    libevdev_uinput_write_event(ui, EV_SYN, SYN_REPORT, 0))
		return -1;
	return 0;
}

static int do_switch(struct actions *a, int sw, int op)
{
	int v = op == OP_ON ? 1 : op == OP_OFF ? 0 : !BIT_GET(a->sw_state, sw);

	if (!a->ui)
		return -1;
	if (v)
		BIT_SET(a->sw_state, sw);
	else
		a->sw_state[sw / 8] &= ~(1 << (sw % 8));
	if (libevdev_uinput_write_event(a->ui, EV_SW, sw, v) ||
	    libevdev_uinput_write_event(a->ui, EV_SYN, SYN_REPORT, 0))
		return -1;
	return 0;
}

/* ---- backlight ------------------------------------------------------- */

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
	char dir[PATH_MAX], file[PATH_MAX + 300], type[32];
	int best = 99;
	struct dirent *d;
	DIR *dh;

	snprintf(dir, sizeof(dir), "%s/sys/class/backlight", root);
	dh = opendir(dir);
	if (!dh)
		return -1;
	while ((d = readdir(dh))) {
		FILE *f;
		int rank;

		if (d->d_name[0] == '.')
			continue;
		if (name) {
			if (!strcmp(d->d_name, name)) {
				snprintf(out, len, "%s", d->d_name);
				best = 0;
				break;
			}
			continue;
		}
		snprintf(file, sizeof(file), "%s/%s/type", dir, d->d_name);
		f = fopen(file, "re");
		if (!f)
			continue;
		if (!fgets(type, sizeof(type), f))
			type[0] = '\0';
		fclose(f);
		type[strcspn(type, "\n")] = '\0';
		rank = type_rank(type);
		/* ties: the lowest name, so the choice is stable */
		if (rank < best || (rank == best && strcmp(d->d_name, out) < 0)) {
			best = rank;
			snprintf(out, len, "%s", d->d_name);
		}
	}
	closedir(dh);
	return best == 99 ? -1 : 0;
}

static int do_backlight(struct actions *a, const struct pol_action *act)
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

/* ---- rfkill ---------------------------------------------------------- */

/* Any radio of @type (0 = all) currently soft-unblocked? */
static int rfkill_any_unblocked(int type, const char *root)
{
	char dir[PATH_MAX], file[PATH_MAX + 300], buf[32];
	struct dirent *d;
	int any = 0;
	DIR *dh;

	snprintf(dir, sizeof(dir), "%s/sys/class/rfkill", root);
	dh = opendir(dir);
	if (!dh)
		return 0;
	while ((d = readdir(dh))) {
		FILE *f;

		if (d->d_name[0] == '.')
			continue;
		snprintf(file, sizeof(file), "%s/%s/type", dir, d->d_name);
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
		snprintf(file, sizeof(file), "%s/%s/soft", dir, d->d_name);
		long soft;

		if (!sysfs_read_long(file, &soft) && !soft)
			any = 1;
	}
	closedir(dh);
	return any;
}

static int do_rfkill(struct actions *a, const struct pol_action *act)
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

/* ---- LEDs ------------------------------------------------------------ */

static int do_led(struct actions *a, const struct pol_action *act)
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

/* ---- exec ------------------------------------------------------------ */

static void build_env(char env[][160], char **envp, const struct pol_rule *r,
		      const struct at_event *e, uint64_t code, const struct acpi_sysfs *sys)
{
	char path[ACPI_PATH_MAX], guid[GUID_STR_LEN] = "";
	const struct acpi_dev_entry *d;
	int n = 0;

	acpi_path_format(&e->path, path, sizeof(path));
	d = sys ? acpi_sysfs_dev(sys, path) : NULL;
	if (e->flags & AT_F_HAS_GUID)
		guid_format(e->wmi.guid, guid);
	snprintf(env[n++], 160, "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin");
	snprintf(env[n++], 160, "ACPITRACE_SOURCE=%s", source_name(e->source));
	snprintf(env[n++], 160, "ACPITRACE_CODE=0x%llx", (unsigned long long)code);
	snprintf(env[n++], 160, "ACPITRACE_NUMBER=0x%x", e->number);
	snprintf(env[n++], 160, "ACPITRACE_VALUE=0x%llx", (unsigned long long)e->value);
	snprintf(env[n++], 160, "ACPITRACE_PATH=%s", path);
	snprintf(env[n++], 160, "ACPITRACE_DEVICE=%s", d ? d->name : "");
	snprintf(env[n++], 160, "ACPITRACE_GUID=%s", guid);
	snprintf(env[n++], 160, "ACPITRACE_NOTIFY_ID=0x%x", e->wmi.notify_id);
	snprintf(env[n++], 160, "ACPITRACE_EVENT_ID=%llu", (unsigned long long)e->id);
	snprintf(env[n++], 160, "ACPITRACE_RULE=%s:%d", r->file, r->line);
	for (int i = 0; i < n; i++)
		envp[i] = env[i];
	envp[n] = NULL;
}

static int do_exec(struct actions *a, const struct policy *p, int rule,
		   const struct at_event *e, uint64_t code)
{
	const struct pol_rule *r = &p->rules[rule];
	char env[12][160], *envp[13];
	int slot = -1;
	pid_t pid;

	for (int i = 0; i < ACT_MAX_CHILDREN; i++)
		if (a->child[i].pid <= 0)
			slot = i;
	if (slot < 0) {
		log_msg(LOG_WARN, "exec %s refused: %d commands still running (at most %d at a time)",
			r->act.argv[0], ACT_MAX_CHILDREN, ACT_MAX_CHILDREN);
		return -1;
	}
	build_env(env, envp, r, e, code, a->sys);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		log_msg(LOG_WARN, "exec %s: fork failed: %s", r->act.argv[0], strerror(errno));
		return -1;
	}
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		/* output goes to the log (our stderr); no terminal input */
		/* its own process group: a timeout kills what it started too */
		setpgid(0, 0);
		if (null >= 0)
			dup2(null, 0);
		dup2(2, 1);
		signal(SIGPIPE, SIG_DFL);
		execve(r->act.argv[0], r->act.argv, envp);
		fprintf(stderr, "acpitrace: error: exec %s: %s\n", r->act.argv[0], strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid);	/* also here: no window before the child's own call */
	a->child[slot].pid = pid;
	a->child[slot].rule = rule;
	a->child[slot].deadline_ns = mono_ns() + (uint64_t)r->act.timeout * 1000000000ULL;
	log_msg(LOG_INFO, "exec %s: pid %d", r->act.argv[0], pid);
	return 0;
}

void actions_reap(struct actions *a, uint64_t now_ns)
{
	for (int i = 0; i < ACT_MAX_CHILDREN; i++) {
		struct act_child *c = &a->child[i];
		int status;
		pid_t r;

		if (c->pid <= 0)
			continue;
		r = waitpid(c->pid, &status, WNOHANG);
		if (r == c->pid) {
			if (!WIFEXITED(status) || WEXITSTATUS(status))
				log_msg(LOG_WARN, "command of rule #%d (pid %d) %s %d", c->rule, c->pid,
					WIFEXITED(status) ? "exited with" : "killed by signal",
					WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
			c->pid = 0;
		} else if (now_ns && now_ns > c->deadline_ns) {
			log_msg(LOG_WARN, "command of rule #%d (pid %d) timed out: killed", c->rule, c->pid);
			kill(-c->pid, SIGKILL);	/* and whatever it started */
			c->deadline_ns = UINT64_MAX;
		}
	}
}

int actions_run(struct actions *a, const struct policy *p, int rule,
		const struct at_event *e, uint64_t code)
{
	const struct pol_action *act = &p->rules[rule].act;

	switch (act->type) {
	case ACT_KEY: return do_key(a, act->code, code);
	case ACT_SWITCH: return do_switch(a, act->code, act->op);
	case ACT_BACKLIGHT: return do_backlight(a, act);
	case ACT_RFKILL: return do_rfkill(a, act);
	case ACT_LED: return do_led(a, act);
	case ACT_EXEC: return do_exec(a, p, rule, e, code);
	default: return 0;	/* log, ignore: the caller logs */
	}
}
