/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether a binary runs from acpitrace's source tree (build/acpitrace next
 * to the Makefile and tools/vm), where `make demo` exists, or is installed.
 */
#ifndef SOURCE_TREE_H
#define SOURCE_TREE_H

#include <stddef.h>

/*
 * The source tree above the binary @exe (its directory's parent holding
 * Makefile and tools/vm/run) in @out: 0, or -1 for an installed binary.
 */
int source_tree_of(const char *exe, char *out, size_t len);
/* The same for this process (/proc/self/exe). */
int source_tree_self(char *out, size_t len);

#endif
