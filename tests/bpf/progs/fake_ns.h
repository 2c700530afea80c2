/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The synthetic ACPI namespace the BPF test programs walk
 * (fake_ns.bpf.h builds it), by node; shared with their runners, which
 * name the node a record's path comes from.
 *
 *   \___ root
 *     _SB_
 *       PCI0
 *         S30_		a hot-plug slot (capture tests)
 *         S10_
 *           LCD_	the ACPI video LCD of the guest fixtures
 *       LID0		the lid (stats tests)
 *     _GPE
 *       _E01		a GPE method (capture tests)
 *     _L05		a GPE method at the root (stats tests)
 */
#ifndef FAKE_NS_H
#define FAKE_NS_H

enum fake_node {
	FAKE_ROOT = 0,
	FAKE_SB,
	FAKE_PCI0,
	FAKE_S30,
	FAKE_S10,
	FAKE_LCD,
	FAKE_LID0,
	FAKE_GPE,
	FAKE_E01,
	FAKE_L05,
	FAKE_NODES,
};

/* A 4-character ACPI name segment as ACPICA stores it (name.integer). */
#define FAKE_SEG(a, b, c, d) \
	((__u32)(a) | (__u32)(b) << 8 | (__u32)(c) << 16 | (__u32)(d) << 24)

#endif
