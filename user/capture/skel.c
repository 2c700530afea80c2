// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <bpf/libbpf.h>
#include "capture/skel.h"
#include "acpitrace.h"
#include "acpitrace.skel.h"
#include "compat.skel.h"

const void *skel_elf_bytes(bool compat, size_t *len)
{
	return compat ? compat_bpf__elf_bytes(len) : acpitrace_bpf__elf_bytes(len);
}

struct acpitrace_bpf *skel_open(bool compat, const struct bpf_object_open_opts *opts)
{
	struct acpitrace_bpf *obj;
	int err;

	if (!compat)
		return acpitrace_bpf__open_opts(opts);
	obj = calloc(1, sizeof(*obj));
	if (!obj) {
		errno = ENOMEM;
		return NULL;
	}
	/* the default skeleton's names and layout, the compat build's bytes */
	err = acpitrace_bpf__create_skeleton(obj);
	if (!err) {
		obj->skeleton->data = (void *)compat_bpf__elf_bytes(&obj->skeleton->data_sz);
		err = bpf_object__open_skeleton(obj->skeleton, opts);
	}
	if (err) {
		acpitrace_bpf__destroy(obj);
		errno = -err;
		return NULL;
	}
	return obj;
}
