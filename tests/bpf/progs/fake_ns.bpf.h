/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The synthetic namespace of fake_ns.h as kernel-shaped nodes in the
 * program's memory: at_read_path walks them like the kernel's own.
 * Built on a program's first run; tests may edit it afterwards (a freed
 * and reused node) and it stays as they left it.
 */
#ifndef FAKE_NS_BPF_H
#define FAKE_NS_BPF_H

#include "path.bpf.h"
#include "fake_ns.h"

static struct acpi_namespace_node fake_nodes[FAKE_NODES];

static __always_inline void fake_node(__u32 i, __u32 name, __u32 parent)
{
	fake_nodes[i].name.integer = name;
	fake_nodes[i].parent = &fake_nodes[parent];
}

static __always_inline void fake_ns_build(void)
{
	if (fake_nodes[FAKE_SB].parent)
		return;
	fake_nodes[FAKE_ROOT].name.integer = AT_ROOT_NAME;
	fake_node(FAKE_SB, FAKE_SEG('_', 'S', 'B', '_'), FAKE_ROOT);
	fake_node(FAKE_PCI0, FAKE_SEG('P', 'C', 'I', '0'), FAKE_SB);
	fake_node(FAKE_S30, FAKE_SEG('S', '3', '0', '_'), FAKE_PCI0);
	fake_node(FAKE_S10, FAKE_SEG('S', '1', '0', '_'), FAKE_PCI0);
	fake_node(FAKE_LCD, FAKE_SEG('L', 'C', 'D', '_'), FAKE_S10);
	fake_node(FAKE_LID0, FAKE_SEG('L', 'I', 'D', '0'), FAKE_SB);
	fake_node(FAKE_GPE, FAKE_SEG('_', 'G', 'P', 'E'), FAKE_ROOT);
	fake_node(FAKE_E01, FAKE_SEG('_', 'E', '0', '1'), FAKE_GPE);
	fake_node(FAKE_L05, FAKE_SEG('_', 'L', '0', '5'), FAKE_ROOT);
}

/*
 * Node @i, or NULL for an index out of the namespace (no path).  The index
 * is masked as well: clang may compute the address before the test, and
 * the verifier only accepts a bounded offset into the array.
 */
_Static_assert(FAKE_NODES <= 16, "fake_node_at masks indexes with 0xf");
static __always_inline struct acpi_namespace_node *fake_node_at(__u64 i)
{
	if (i >= FAKE_NODES)
		return NULL;
	return &fake_nodes[i & 0xf];
}

#endif
