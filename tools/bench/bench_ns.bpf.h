/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The bench's own ACPI namespace: one branch, \_SB_.PCI0.S10_.LCD_ (the
 * ACPI video LCD the guest fixtures press keys on), as kernel-shaped nodes
 * in the program's memory that at_read_path walks like the kernel's.  The
 * BPF tests have a larger namespace of their own (tests/bpf/progs); the
 * bench keeps this one so it depends on nothing under tests/.
 */
#ifndef BENCH_NS_BPF_H
#define BENCH_NS_BPF_H

#include "path.bpf.h"

/* root, then one node per segment of the path, each the parent of the next */
enum bench_ns_depth { BENCH_NS_ROOT, BENCH_NS_SB, BENCH_NS_PCI0, BENCH_NS_S10, BENCH_NS_LCD,
		      BENCH_NS_NODES };

/* ACPICA keeps a name segment as a little-endian __u32 (name.integer) */
#define BENCH_NS_SEG(s) \
	((__u32)(s)[0] | (__u32)(s)[1] << 8 | (__u32)(s)[2] << 16 | (__u32)(s)[3] << 24)

static struct acpi_namespace_node bench_nodes[BENCH_NS_NODES];

static __always_inline void bench_ns_link(enum bench_ns_depth d, __u32 name)
{
	bench_nodes[d].name.integer = name;
	bench_nodes[d].parent = &bench_nodes[d - 1];
}

/* Built once, on the first run of any program of the object. */
static __always_inline void bench_ns_build(void)
{
	if (bench_nodes[BENCH_NS_LCD].parent)
		return;
	bench_nodes[BENCH_NS_ROOT].name.integer = AT_ROOT_NAME;
	bench_ns_link(BENCH_NS_SB, BENCH_NS_SEG("_SB_"));
	bench_ns_link(BENCH_NS_PCI0, BENCH_NS_SEG("PCI0"));
	bench_ns_link(BENCH_NS_S10, BENCH_NS_SEG("S10_"));
	bench_ns_link(BENCH_NS_LCD, BENCH_NS_SEG("LCD_"));
}

/* The node every bench record names. */
#define bench_lcd() (&bench_nodes[BENCH_NS_LCD])

#endif
