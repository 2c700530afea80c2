/* SPDX-License-Identifier: GPL-2.0 */
/*
 * fentry/fexit programs loaded with attach BTF ids the loader looked up
 * itself (capture/kernel.c streams /sys/kernel/btf/vmlinux for them),
 * so that libbpf 1.1 never parses the whole vmlinux BTF.
 *
 * Why this is needed: libbpf 1.1 loads the vmlinux BTF (read into one
 * buffer, copied into a second: ~2x its 5-6 MiB) for any object with an
 * autoloaded BPF_PROG_TYPE_TRACING program (obj_needs_vmlinux_btf() ->
 * prog_needs_vmlinux_btf()), only to find each program's attach id.  Its
 * public API has no way to give that id beforehand without the same parse
 * (bpf_program__set_attach_target() looks it up in the parsed BTF).
 *
 * How: SEC("fentry/...") and SEC("fexit/...") get handlers of our own
 * (libbpf_register_prog_handler(), which libbpf consults before its own
 * section table) that open the programs as another type, so that nothing
 * asks for the vmlinux BTF, and at load time (prog_prepare_load_fn) make
 * them BPF_PROG_TYPE_TRACING with the attach id and, for a module's
 * function, the module's BTF object.  Attaching is libbpf's own
 * bpf_program__attach_trace().  CO-RE relocations still need a BTF: the
 * cached minimised one (capture/btf_cache.h).
 */
#ifndef FENTRY_IDS_H
#define FENTRY_IDS_H

#include <stdbool.h>

struct kernel_info;

/*
 * Install the handlers (before the object is opened) with attach ids
 * from @k.  0, or -1 when libbpf refused them (then libbpf's own way).
 * Only with a CO-RE BTF other than the vmlinux one (btf_custom_path):
 * otherwise libbpf parses the vmlinux BTF anyway.
 */
int fentry_ids_use(struct kernel_info *k);
/* Whether programs opened now go through the handlers. */
bool fentry_ids_active(void);
/*
 * Remove the handlers: libbpf's own section handling again.  Only while
 * no object opened with them exists (libbpf's programs point at them).
 */
void fentry_ids_off(void);
/* Close the module BTF descriptors kept for loading (after each load). */
void fentry_ids_loaded(void);

#endif
