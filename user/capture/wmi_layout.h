/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where struct wmi_block keeps the fields wmi_notify_device's hook reads,
 * from the wmi module's split BTF (/sys/kernel/btf/wmi) on the vmlinux
 * BTF: the module's file is read whole (tens of KiB), the few vmlinux
 * strings it names are read one by one, so the 5-6 MiB vmlinux BTF is
 * never parsed.  The hook's program then needs no CO-RE relocation
 * against a module type, and the loader keeps to the minimised vmlinux
 * BTF with wmi loaded (docs/architecture.md, Kernel BTF).
 */
#ifndef WMI_LAYOUT_H
#define WMI_LAYOUT_H

#include <stddef.h>
#include "acpitrace.h"
#include "capture/btf_stream.h"

/*
 * Fill @l (ok = 1) from @module_path, split BTF on @vmlinux_path whose
 * scan gave @base (nr_types, str_len); 0, or -1 with @why (a field or
 * type missing, a file that is not BTF, a read error).
 */
int wmi_layout_read(const char *vmlinux_path, const struct btf_stream_info *base,
		    const char *module_path, struct at_wmi_layout *l, char *why, size_t len);

struct kernel_info;
/* The running kernel's: /sys/kernel/btf/wmi on the vmlinux BTF @k scanned. */
int wmi_layout_for(const struct kernel_info *k, struct at_wmi_layout *l, char *why, size_t len);

#endif
