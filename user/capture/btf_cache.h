/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A minimised BTF for the CO-RE relocations of one BPF object, generated
 * for the running kernel and cached (docs/performance.md, benchmark 4, and
 * docs/security.md "Security model").  With it, libbpf 1.1 relocates against a few KiB
 * instead of parsing the whole vmlinux BTF (5-6 MiB, held twice while it
 * parses): only for objects whose loaded programs need no vmlinux BTF of
 * their own (no fentry/fexit), which the caller decides.
 *
 * A cache file is "<dir>/core-<object hash>.btf": a header naming the
 * kernel BTF it was made from (size and hash of every byte of
 * /sys/kernel/btf/vmlinux) and the object (hash of its ELF bytes), then
 * the raw BTF.  It is trusted only when the directory and the file belong
 * to root (or this uid) and nobody else may write them, the header matches
 * the running kernel and object, and libbpf parses the BTF; the validated
 * bytes go to a memfd, which is what libbpf reads (never the file again).
 * Any doubt: the full vmlinux BTF, as before, with one line saying why.
 * A missing or stale file is made again with `bpftool gen min_core_btf`
 * (Debian's bpftool; root-owned, from /usr/sbin or /usr/bin).
 */
#ifndef BTF_CACHE_H
#define BTF_CACHE_H

#include <stddef.h>
#include <stdint.h>

#define BTF_CACHE_DIR "/var/cache/acpitrace/btf"

struct btf_cache_key {
	uint64_t btf_size, btf_hash;	/* the kernel's BTF (btf_stream_info) */
	uint64_t obj_hash;		/* the BPF object's ELF bytes */
};

uint64_t btf_cache_obj_hash(const void *obj, size_t len);

/*
 * 0: @fd is a memfd holding the validated BTF and @path names it for
 * libbpf (btf_custom_path).  1: no file (nothing to say).  -1: a file
 * that cannot be trusted or does not match, @why says which.
 */
int btf_cache_lookup(const char *dir, const struct btf_cache_key *key, int *fd,
		     char *path, size_t pathlen, char *why, size_t whylen);

/* Generate and store the file with @bpftool (NULL: the system's): 0 or -1 with @why. */
int btf_cache_generate(const char *dir, const struct btf_cache_key *key, const void *obj,
		       size_t objlen, const char *bpftool, char *why, size_t whylen);

/*
 * For a loader: @path for btf_custom_path, or "" to use the full vmlinux
 * BTF.  Looks up, generates when missing or bad, logs what it did.  @dir
 * NULL: $ACPITRACE_BTF_CACHE (a directory, or "off") or BTF_CACHE_DIR.
 * @kern NULL: the kernel's BTF is read here for its identity.
 */
struct btf_stream_info;
struct btf_core {
	int fd;
	char path[64];
};
void btf_core_prepare(struct btf_core *c, const char *dir, const struct btf_stream_info *kern,
		      const void *obj, size_t objlen);
void btf_core_release(struct btf_core *c);

#endif
