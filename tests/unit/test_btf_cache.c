// SPDX-License-Identifier: GPL-2.0
/*
 * The streamed BTF lookups (capture/btf_stream.c) against libbpf's parser,
 * and the CO-RE BTF cache (capture/btf_cache.c): a file it cannot trust,
 * made for another kernel, or whose BTF does not parse is refused with a
 * reason, and the loader then keeps to the full vmlinux BTF.  A shell
 * script stands in for bpftool (it copies $FAKE_BTF to the output path).
 */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/btf.h>
#include <linux/btf.h>
#include "test.h"
#include "capture/btf_stream.h"
#include "capture/btf_cache.h"

struct fixture {
	char dir[64], cache[96], btf[128], bad[128], tool[128];
	struct btf *b;
	int func, tp;
};

static int write_file(const char *path, const void *data, size_t len, mode_t mode)
{
	int fd = open(path, O_CREAT | O_TRUNC | O_WRONLY, mode);
	ssize_t n;

	if (fd < 0)
		return -1;
	n = write(fd, data, len);
	close(fd);
	return n == (ssize_t)len ? chmod(path, mode) : -1;
}

/* A small BTF with an int, a FUNC and a btf_trace_ typedef, and a fake bpftool. */
static int setup(struct fixture *f)
{
	const char *script = "#!/bin/sh\ncp \"$FAKE_BTF\" \"$4\"\n";
	const void *raw;
	__u32 len;
	int i, proto;

	snprintf(f->dir, sizeof(f->dir), "/tmp/acpitrace-btfXXXXXX");
	if (!mkdtemp(f->dir) || chmod(f->dir, 0755))
		return -1;
	snprintf(f->cache, sizeof(f->cache), "%s/cache", f->dir);
	snprintf(f->btf, sizeof(f->btf), "%s/good.btf", f->dir);
	snprintf(f->bad, sizeof(f->bad), "%s/bad.btf", f->dir);
	snprintf(f->tool, sizeof(f->tool), "%s/bpftool", f->dir);
	f->b = btf__new_empty();
	i = btf__add_int(f->b, "int", 4, BTF_INT_SIGNED);
	proto = btf__add_func_proto(f->b, i);
	f->func = btf__add_func(f->b, "acpi_os_execute", BTF_FUNC_GLOBAL, proto);
	btf__add_struct(f->b, "task_struct", 4);
	btf__add_field(f->b, "pid", i, 0, 0);
	f->tp = btf__add_typedef(f->b, "btf_trace_irq_handler_entry", i);
	raw = btf__raw_data(f->b, &len);
	if (!raw || write_file(f->btf, raw, len, 0644) ||
	    write_file(f->bad, "not BTF at all, but long enough to pass", 40, 0644) ||
	    write_file(f->tool, script, strlen(script), 0755))
		return -1;
	return 0;
}

static void teardown(struct fixture *f)
{
	char cmd[96];

	btf__free(f->b);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", f->dir);
	if (system(cmd))
		return;
}

TEST(btf_stream_matches_libbpf)
{
	struct btf_stream_name w[] = {
		{ .name = "acpi_os_execute", .kind = BTF_KIND_FUNC },
		{ .name = "btf_trace_irq_handler_entry", .kind = BTF_KIND_TYPEDEF },
		{ .name = "task_struct", .kind = BTF_KIND_STRUCT },
		{ .name = "acpi_os_execute", .kind = BTF_KIND_TYPEDEF },	/* wrong kind */
		{ .name = "absent", .kind = BTF_KIND_FUNC },
	};
	struct btf_stream_info a, b;
	struct fixture f;
	char err[256];

	if (setup(&f)) {
		test_fail(__FILE__, __LINE__, "cannot make the fixture");
		return;
	}
	CHECK_EQ_INT(btf_stream_scan(f.btf, w, 5, &a, err, sizeof(err)), 0);
	CHECK_EQ_INT(w[0].id, f.func);
	CHECK_EQ_INT(w[1].id, f.tp);
	CHECK_EQ_INT(w[2].id, btf__find_by_name_kind(f.b, "task_struct", BTF_KIND_STRUCT));
	CHECK_EQ_INT(w[3].id, 0);
	CHECK_EQ_INT(w[4].id, 0);
	CHECK_EQ_INT(a.nr_types, btf__type_cnt(f.b) - 1);
	/* the identity: the same file, the same hash; another file, another */
	CHECK_EQ_INT(btf_stream_scan(f.btf, NULL, 0, &b, err, sizeof(err)), 0);
	CHECK(a.hash == b.hash && a.size == b.size);
	CHECK_EQ_INT(btf_stream_scan(f.bad, NULL, 0, &b, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "not a BTF file");
	teardown(&f);
}

TEST(btf_stream_refuses_unknown_kind)
{
	struct btf_stream_info info;
	struct fixture f;
	const uint8_t *raw;
	uint8_t *copy;
	__u32 len;
	char err[256];
	struct btf_header h;

	if (setup(&f)) {
		test_fail(__FILE__, __LINE__, "cannot make the fixture");
		return;
	}
	raw = btf__raw_data(f.b, &len);
	copy = malloc(len);
	memcpy(copy, raw, len);
	memcpy(&h, copy, sizeof(h));
	/* the first type's info: kind 31 */
	copy[h.hdr_len + h.type_off + 7] = 31;
	CHECK_EQ_INT(write_file(f.bad, copy, len, 0644), 0);
	CHECK_EQ_INT(btf_stream_scan(f.bad, NULL, 0, &info, err, sizeof(err)), -1);
	CHECK_CONTAINS(err, "kind 31, unknown to this reader");
	/* cut short */
	CHECK_EQ_INT(write_file(f.bad, raw, len - 3, 0644), 0);
	CHECK_EQ_INT(btf_stream_scan(f.bad, NULL, 0, &info, err, sizeof(err)), -1);
	free(copy);
	teardown(&f);
}

static struct btf_cache_key key_of(const char *btf)
{
	struct btf_stream_info info;
	struct btf_cache_key k = { .obj_hash = btf_cache_obj_hash("object", 6) };
	char err[256];

	if (!btf_stream_scan(btf, NULL, 0, &info, err, sizeof(err))) {
		k.btf_size = info.size;
		k.btf_hash = info.hash;
	}
	return k;
}

static char cache_file[256];

static const char *cached_name(struct fixture *f, const struct btf_cache_key *k)
{
	snprintf(cache_file, sizeof(cache_file), "%s/core-%016llx.btf", f->cache,
		 (unsigned long long)k->obj_hash);
	return cache_file;
}

TEST(btf_cache_round_trip)
{
	struct fixture f;
	struct btf_cache_key k;
	char why[1024], path[64], cmd[160];
	struct btf *b;
	int fd;

	if (setup(&f)) {
		test_fail(__FILE__, __LINE__, "cannot make the fixture");
		return;
	}
	k = key_of(f.btf);
	CHECK_EQ_INT(btf_cache_lookup(f.cache, &k, &fd, path, sizeof(path), why, sizeof(why)), 1);
	setenv("FAKE_BTF", f.btf, 1);
	CHECK_EQ_INT(btf_cache_generate(f.cache, &k, "object", 6, f.tool, why, sizeof(why)), 0);
	CHECK_EQ_INT(btf_cache_lookup(f.cache, &k, &fd, path, sizeof(path), why, sizeof(why)), 0);
	CHECK(fd >= 0);
	CHECK_CONTAINS(path, "/proc/self/fd/");
	/*
	 * what libbpf reads through the path is the BTF that was validated;
	 * the path is the memfd's in /proc, which a bare build chroot lacks
	 */
	if (!access("/proc/self/fd", R_OK)) {
		b = btf__parse(path, NULL);
		CHECK(b != NULL);
		CHECK_EQ_INT(btf__find_by_name_kind(b, "acpi_os_execute", BTF_KIND_FUNC), f.func);
		btf__free(b);
	} else {
		printf("  SKIP btf_cache_round_trip, the parse through the path: no /proc/self/fd "
		       "on this machine\n");
	}
	close(fd);
	/* no temporary left beside it (in this fixture's cache, not another run's) */
	snprintf(cmd, sizeof(cmd), "test $(ls -A '%s' | wc -l) -eq 1", f.cache);
	CHECK_EQ_INT(system(cmd), 0);
	unsetenv("FAKE_BTF");
	teardown(&f);
}

TEST(btf_cache_refuses_wrong_kernel_and_corrupt_btf)
{
	struct fixture f;
	struct btf_cache_key k, other;
	char why[1024], path[64];
	int fd, in;

	if (setup(&f)) {
		test_fail(__FILE__, __LINE__, "cannot make the fixture");
		return;
	}
	k = key_of(f.btf);
	setenv("FAKE_BTF", f.btf, 1);
	CHECK_EQ_INT(btf_cache_generate(f.cache, &k, "object", 6, f.tool, why, sizeof(why)), 0);
	/* another kernel: same object, other BTF identity */
	other = k;
	other.btf_hash ^= 1;
	CHECK_EQ_INT(btf_cache_lookup(f.cache, &other, &fd, path, sizeof(path), why,
				      sizeof(why)), -1);
	CHECK_CONTAINS(why, "made for another kernel");
	CHECK_EQ_INT(fd, -1);
	/* the header right, the BTF after it overwritten */
	in = open(cached_name(&f, &k), O_WRONLY);
	CHECK(in >= 0);
	CHECK_EQ_INT(pwrite(in, "\xff\xff\xff\xff\xff\xff\xff\xff", 8, 40), 8);
	close(in);
	CHECK_EQ_INT(btf_cache_lookup(f.cache, &k, &fd, path, sizeof(path), why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "its BTF does not parse");
	/* bpftool writing something that is not BTF: nothing is stored */
	setenv("FAKE_BTF", f.bad, 1);
	unlink(cached_name(&f, &k));
	CHECK_EQ_INT(btf_cache_generate(f.cache, &k, "object", 6, f.tool, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "BTF libbpf cannot parse");
	CHECK(access(cached_name(&f, &k), F_OK) != 0);
	/* a file cut short */
	CHECK_EQ_INT(write_file(cached_name(&f, &k), "ATCOREB1", 8, 0644), 0);
	CHECK_EQ_INT(btf_cache_lookup(f.cache, &k, &fd, path, sizeof(path), why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "not a regular file of");
	unsetenv("FAKE_BTF");
	teardown(&f);
}

TEST(btf_cache_refuses_hostile_files)
{
	struct fixture f;
	struct btf_cache_key k;
	char why[1024], path[64], target[300];
	int fd;

	if (setup(&f)) {
		test_fail(__FILE__, __LINE__, "cannot make the fixture");
		return;
	}
	k = key_of(f.btf);
	setenv("FAKE_BTF", f.btf, 1);
	CHECK_EQ_INT(btf_cache_generate(f.cache, &k, "object", 6, f.tool, why, sizeof(why)), 0);
	/* writable by others */
	chmod(cached_name(&f, &k), 0666);
	CHECK_EQ_INT(btf_cache_lookup(f.cache, &k, &fd, path, sizeof(path), why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "mode 0666");
	chmod(cached_name(&f, &k), 0644);
	/* owned by someone else (needs root to chown) */
	if (geteuid() == 0 && !chown(cached_name(&f, &k), 65534, 65534)) {
		CHECK_EQ_INT(btf_cache_lookup(f.cache, &k, &fd, path, sizeof(path), why,
					      sizeof(why)), -1);
		CHECK_CONTAINS(why, "owned by uid 65534");
		CHECK_EQ_INT(chown(cached_name(&f, &k), 0, 0), 0);
	}
	/* a directory others may write */
	chmod(f.cache, 0777);
	CHECK_EQ_INT(btf_cache_lookup(f.cache, &k, &fd, path, sizeof(path), why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "writable by others");
	CHECK_EQ_INT(btf_cache_generate(f.cache, &k, "object", 6, f.tool, why, sizeof(why)), -1);
	chmod(f.cache, 0755);
	/* a symlink in its place is not followed */
	snprintf(target, sizeof(target), "%s.real", cached_name(&f, &k));
	CHECK_EQ_INT(rename(cached_name(&f, &k), target), 0);
	CHECK_EQ_INT(symlink(target, cached_name(&f, &k)), 0);
	CHECK_EQ_INT(btf_cache_lookup(f.cache, &k, &fd, path, sizeof(path), why, sizeof(why)), -1);
	CHECK_EQ_INT(fd, -1);
	/* the loader's entry point: any of these means the full vmlinux BTF */
	{
		struct btf_core c;
		struct btf_stream_info info = { .size = k.btf_size, .hash = k.btf_hash };

		chmod(f.cache, 0777);
		btf_core_prepare(&c, f.cache, &info, "object", 6);
		CHECK_STR(c.path, "");
		btf_core_release(&c);
		chmod(f.cache, 0755);
		btf_core_prepare(&c, "off", &info, "object", 6);
		CHECK_STR(c.path, "");
	}
	unsetenv("FAKE_BTF");
	teardown(&f);
}
