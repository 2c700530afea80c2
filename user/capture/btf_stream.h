/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reading a raw BTF file (/sys/kernel/btf/vmlinux) as a stream: the ids
 * of a few named types and a hash of the whole file, in a 64 KiB buffer.
 *
 * Why not btf__load_vmlinux_btf(): libbpf 1.1 reads the 5-6 MiB file into
 * one buffer and copies it into a second one, so the loader's peak RSS
 * carries ~2x the file for a lookup of ~30 names (docs/performance.md).
 */
#ifndef BTF_STREAM_H
#define BTF_STREAM_H

#include <stddef.h>
#include <stdint.h>

#define BTF_STREAM_OFFS 4	/* string offsets kept per name (dedup leaves one) */

struct btf_stream_name {
	const char *name;
	unsigned int kind;	/* BTF_KIND_FUNC, BTF_KIND_TYPEDEF, ... */
	int id;			/* out: the first type of that kind and name, 0 if none */
	/* private: where the name sits in the string section */
	size_t len;
	unsigned int noffs;
	uint32_t offs[BTF_STREAM_OFFS];
};

struct btf_stream_info {
	uint64_t size;		/* bytes in the file */
	uint64_t hash;		/* of every byte (not cryptographic: a kernel's identity) */
	uint32_t nr_types;
	uint32_t str_len;	/* the string section's, for split BTF based on this one */
};

/*
 * Scan @path for @names (any @n, 0 for the identity alone): 0, or -1 with
 * @err when the file is not a BTF file this reader understands (a kind
 * newer than BTF_KIND_ENUM64, a section out of bounds, a short read).
 */
int btf_stream_scan(const char *path, struct btf_stream_name *names, unsigned int n,
		    struct btf_stream_info *info, char *err, size_t errlen);

/* The same on a file descriptor (read with pread, from offset 0). */
int btf_stream_scan_fd(int fd, struct btf_stream_name *names, unsigned int n,
		       struct btf_stream_info *info, char *err, size_t errlen);

/*
 * A module's split BTF (/sys/kernel/btf/<module>) on @base, the vmlinux
 * BTF @names were scanned in just before: a name may sit in either string
 * section, and ids continue after the base's types.  The ids found are
 * the module's (0: not in the module).
 */
int btf_stream_scan_split(const char *path, const struct btf_stream_info *base,
			  struct btf_stream_name *names, unsigned int n,
			  struct btf_stream_info *info, char *err, size_t errlen);

/* Bytes after a struct btf_type of @kind with @vlen members (the UAPI's layout). */
size_t btf_stream_kind_extra(unsigned int kind, unsigned int vlen);

#endif
