/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The two builds of bpf/, one skeleton: acpitrace.bpf.o, and
 * compat.bpf.o (bpf/nofetch.bpf.h) for kernels whose BPF lacks
 * the atomic instructions that return a value (Linux 5.12).  Both have the
 * same programs, the same maps (the compat build has two more) and the
 * same global data layout (tests/unit/test_skel.c checks it), so the
 * compat object opens into a struct acpitrace_bpf and every user of the
 * skeleton stays as it is.  The loader chooses by kernel_probe_atomics,
 * never by kernel version.  On a kernel that uses the default build, the
 * compat object is only bytes in the binary: it is never parsed.
 */
#ifndef CAPTURE_SKEL_H
#define CAPTURE_SKEL_H

#include <stdbool.h>
#include <stddef.h>

struct acpitrace_bpf;
struct bpf_object_open_opts;

/* The ELF bytes of the default (@compat false) or the compat build. */
const void *skel_elf_bytes(bool compat, size_t *len);

/* acpitrace_bpf__open_opts of that build; NULL and errno on failure. */
struct acpitrace_bpf *skel_open(bool compat, const struct bpf_object_open_opts *opts);

#endif /* CAPTURE_SKEL_H */
