// SPDX-License-Identifier: GPL-2.0
/* fentry/fexit attach ids without libbpf parsing the vmlinux BTF (fentry_ids.h). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include "capture/fentry_ids.h"
#include "capture/kernel.h"
#include "capture/hooks.h"
#include "lib/log.h"

#define MAX_MOD_FDS 8

static int handler_fe = -1, handler_fx = -1;
static struct kernel_info *ids;
static int mod_fd[MAX_MOD_FDS], nmod_fd;

/* The kernel's BTF object of @module (an fd the load names), or -1. */
static int module_btf_fd(const char *module)
{
	__u32 id = 0;

	while (!bpf_btf_get_next_id(id, &id)) {
		struct bpf_btf_info info;
		__u32 len = sizeof(info);
		char name[64] = "";
		int fd = bpf_btf_get_fd_by_id(id);

		if (fd < 0)
			continue;
		memset(&info, 0, sizeof(info));
		info.name = (uintptr_t)name;
		info.name_len = sizeof(name);
		if (!bpf_obj_get_info_by_fd(fd, &info, &len) && info.kernel_btf &&
		    !strcmp(name, module) && nmod_fd < MAX_MOD_FDS) {
			mod_fd[nmod_fd++] = fd;
			return fd;
		}
		close(fd);
	}
	return -1;
}

static const char *module_of(const char *func)
{
	for (unsigned int i = 0; i < nr_hooks; i++)
		if (hook_func_module(&hooks[i]) && !strcmp(hooks[i].func, func))
			return hooks[i].module;
	return NULL;
}

/* A function of a module: its split BTF streamed on the vmlinux scan's results. */
static int module_func(const char *func, int *obj_fd)
{
	const char *module = module_of(func);
	struct btf_stream_name w = { .name = func, .kind = BTF_KIND_FUNC };
	const struct btf_stream_name *s;
	struct btf_stream_info info;
	char path[128], why[256];

	if (!module || !ids->has_btf || !ids->btf_id.size)
		return -ESRCH;
	/* the name's offsets in the base strings, from the vmlinux scan */
	s = kernel_btf_streamed(ids, func, BTF_KIND_FUNC);
	if (s)
		w = *s;
	snprintf(path, sizeof(path), "/sys/kernel/btf/%s", module);
	if (btf_stream_scan_split(path, &ids->btf_id, &w, 1, &info, why, sizeof(why))) {
		log_msg(LOG_DEBUG, "fentry %s: %s", func, why);
		return -ESRCH;
	}
	if (!w.id)
		return -ESRCH;
	*obj_fd = module_btf_fd(module);
	return *obj_fd < 0 ? -ESRCH : w.id;
}

/* @func's attach id (and BTF object for a module's): > 0, or -errno. */
static int attach_id(const char *func, int *obj_fd)
{
	int id;

	*obj_fd = 0;
	if (!ids)
		return -ESRCH;
	id = kernel_btf_find(ids, func, BTF_KIND_FUNC);
	return id > 0 ? id : module_func(func, obj_fd);
}

static int prepare_load(struct bpf_program *prog, struct bpf_prog_load_opts *opts, long cookie)
{
	const char *func = strchr(bpf_program__section_name(prog), '/');
	int id, obj_fd;

	if (!func)
		return -EINVAL;
	id = attach_id(func + 1, &obj_fd);
	if (id < 0) {
		log_msg(LOG_DEBUG, "%s: %s not in the kernel's BTF", bpf_program__name(prog),
			func + 1);
		return id;
	}
	/* opened as another type so that libbpf did not parse the vmlinux BTF */
	bpf_program__set_type(prog, BPF_PROG_TYPE_TRACING);
	bpf_program__set_expected_attach_type(prog, cookie);
	opts->expected_attach_type = cookie;
	opts->attach_btf_id = id;
	opts->attach_btf_obj_fd = obj_fd;
	return 0;
}

static int attach(const struct bpf_program *prog, long cookie, struct bpf_link **link)
{
	(void)cookie;
	*link = bpf_program__attach_trace(prog);
	return libbpf_get_error(*link);
}

int fentry_ids_use(struct kernel_info *k)
{
	if (handler_fe < 0) {
		LIBBPF_OPTS(libbpf_prog_handler_opts, fe, .prog_prepare_load_fn = prepare_load,
			    .prog_attach_fn = attach, .cookie = BPF_TRACE_FENTRY);
		LIBBPF_OPTS(libbpf_prog_handler_opts, fx, .prog_prepare_load_fn = prepare_load,
			    .prog_attach_fn = attach, .cookie = BPF_TRACE_FEXIT);

		/* the type at open: any that does not make libbpf parse the vmlinux BTF */
		handler_fe = libbpf_register_prog_handler("fentry/", BPF_PROG_TYPE_KPROBE,
							  BPF_TRACE_FENTRY, &fe);
		handler_fx = handler_fe < 0 ? -1 :
			libbpf_register_prog_handler("fexit/", BPF_PROG_TYPE_KPROBE,
						     BPF_TRACE_FEXIT, &fx);
		if (handler_fx < 0) {
			log_msg(LOG_DEBUG, "libbpf refused fentry handlers: the vmlinux BTF is parsed");
			fentry_ids_off();
			return -1;
		}
	}
	ids = k;
	return 0;
}

bool fentry_ids_active(void)
{
	return handler_fe >= 0;
}

void fentry_ids_off(void)
{
	if (handler_fe >= 0)
		libbpf_unregister_prog_handler(handler_fe);
	if (handler_fx >= 0)
		libbpf_unregister_prog_handler(handler_fx);
	handler_fe = handler_fx = -1;
	ids = NULL;
}

void fentry_ids_loaded(void)
{
	for (int i = 0; i < nmod_fd; i++)
		close(mod_fd[i]);
	nmod_fd = 0;
}
