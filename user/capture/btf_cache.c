// SPDX-License-Identifier: GPL-2.0
/* Cache of minimised CO-RE BTF per kernel and object (btf_cache.h). */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <bpf/btf.h>
#include "capture/btf_cache.h"
#include "capture/btf_stream.h"
#include "lib/atomic_file.h"
#include "lib/path_trust.h"
#include "lib/log.h"

#define MAGIC		"ATCOREB1"
#define MAX_FILE	(4u << 20)	/* a min_core_btf is a few KiB */
#define VMLINUX		"/sys/kernel/btf/vmlinux"

extern char **environ;

struct file_head {
	char magic[8];
	uint64_t btf_size, btf_hash, obj_hash;
	uint32_t btf_len, reserved;
};

uint64_t btf_cache_obj_hash(const void *obj, size_t len)
{
	const uint8_t *p = obj;
	uint64_t h = 0xcbf29ce484222325ULL;	/* FNV-1a: the object is ~1 MiB, read once */

	for (size_t i = 0; i < len; i++)
		h = (h ^ p[i]) * 0x100000001b3ULL;
	return h ^ len;
}

static void file_name(char *out, size_t len, const char *dir, const struct btf_cache_key *key)
{
	snprintf(out, len, "%s/core-%016llx.btf", dir, (unsigned long long)key->obj_hash);
}

/* The directory and file may steer a root process: StrictModes-like checks. */
static int trusted(const char *path, char *why, size_t whylen)
{
	return path_trust_check(path, geteuid(), why, whylen);
}

int btf_cache_lookup(const char *dir, const struct btf_cache_key *key, int *fd,
		     char *path, size_t pathlen, char *why, size_t whylen)
{
	char name[4096], reason[512];
	struct file_head h;
	struct stat st;
	struct btf *btf;
	uint8_t *data = NULL;
	int in, mfd;
	ssize_t got;

	*fd = -1;
	file_name(name, sizeof(name), dir, key);
	in = open(name, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK);
	if (in < 0) {
		if (errno == ENOENT)
			return 1;
		snprintf(why, whylen, "%s: %s", name, strerror(errno));
		return -1;
	}
	/* the opened file itself: regular, small, and the path to it trusted */
	if (fstat(in, &st) || !S_ISREG(st.st_mode) || st.st_size < (off_t)sizeof(h) ||
	    st.st_size > MAX_FILE) {
		snprintf(why, whylen, "%s: not a regular file of %zu bytes to %u KiB", name,
			 sizeof(h), MAX_FILE >> 10);
		goto bad;
	}
	if ((st.st_uid != 0 && st.st_uid != geteuid()) || (st.st_mode & 022)) {
		snprintf(why, whylen, "%s: owned by uid %u with mode %04o (must be root's, "
			 "writable by nobody else)", name, st.st_uid, st.st_mode & 07777);
		goto bad;
	}
	if (trusted(name, reason, sizeof(reason))) {
		snprintf(why, whylen, "%s", reason);
		goto bad;
	}
	data = malloc(st.st_size);
	got = data ? pread(in, data, st.st_size, 0) : -1;
	if (got != st.st_size) {
		snprintf(why, whylen, "%s: cannot read it", name);
		goto bad;
	}
	memcpy(&h, data, sizeof(h));
	if (memcmp(h.magic, MAGIC, sizeof(h.magic)) || h.btf_len != st.st_size - sizeof(h)) {
		snprintf(why, whylen, "%s: not a cache file of this version", name);
		goto bad;
	}
	if (h.btf_size != key->btf_size || h.btf_hash != key->btf_hash) {
		snprintf(why, whylen, "%s: made for another kernel (BTF of %llu bytes, hash "
			 "%016llx; this kernel's: %llu, %016llx)", name,
			 (unsigned long long)h.btf_size, (unsigned long long)h.btf_hash,
			 (unsigned long long)key->btf_size, (unsigned long long)key->btf_hash);
		goto bad;
	}
	if (h.obj_hash != key->obj_hash) {
		snprintf(why, whylen, "%s: made for another BPF object", name);
		goto bad;
	}
	btf = btf__new(data + sizeof(h), h.btf_len);
	if (!btf || btf__type_cnt(btf) < 2) {
		snprintf(why, whylen, "%s: its BTF does not parse", name);
		btf__free(btf);
		goto bad;
	}
	btf__free(btf);
	mfd = memfd_create("acpitrace-core-btf", MFD_CLOEXEC);
	if (mfd < 0 || write(mfd, data + sizeof(h), h.btf_len) != (ssize_t)h.btf_len) {
		snprintf(why, whylen, "a memfd for the BTF: %s", strerror(errno));
		if (mfd >= 0)
			close(mfd);
		goto bad;
	}
	snprintf(path, pathlen, "/proc/self/fd/%d", mfd);
	*fd = mfd;
	free(data);
	close(in);
	return 0;
bad:
	free(data);
	close(in);
	return -1;
}

static const char *system_bpftool(void)
{
	/* Debian's place first; /sbin and /bin for an initramfs without /usr */
	static const char *const where[] = { "/usr/sbin/bpftool", "/usr/bin/bpftool",
					     "/sbin/bpftool", "/bin/bpftool" };
	char why[512];
	struct stat st;

	for (unsigned int i = 0; i < sizeof(where) / sizeof(where[0]); i++)
		if (!stat(where[i], &st) && S_ISREG(st.st_mode) && st.st_uid == 0 &&
		    (st.st_mode & 0111) && !path_trust_check(where[i], 0, why, sizeof(why)))
			return where[i];
	return NULL;
}

static int run_bpftool(const char *bpftool, const char *out, const char *obj, char *why,
		       size_t whylen)
{
	char *argv[] = { (char *)bpftool, "gen", "min_core_btf", VMLINUX, (char *)out,
			 (char *)obj, NULL };
	posix_spawn_file_actions_t fa;
	int status, err;
	pid_t pid;

	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	err = posix_spawn(&pid, bpftool, &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (err) {
		snprintf(why, whylen, "cannot run %s: %s", bpftool, strerror(err));
		return -1;
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR) {
			snprintf(why, whylen, "waiting for %s: %s", bpftool, strerror(errno));
			return -1;
		}
	if (!WIFEXITED(status) || WEXITSTATUS(status)) {
		snprintf(why, whylen, "%s gen min_core_btf failed (status 0x%x)", bpftool, status);
		return -1;
	}
	return 0;
}

/* The directory (and any missing parent: /var/cache in an initramfs): 0755, trusted. */
static int cache_dir(const char *dir, char *why, size_t whylen)
{
	char part[4096];

	snprintf(part, sizeof(part), "%s", dir);
	for (char *slash = strchr(part + 1, '/');; slash = strchr(slash + 1, '/')) {
		if (slash)
			*slash = '\0';
		if (mkdir(part, 0755) && errno != EEXIST) {
			snprintf(why, whylen, "cannot create %s: %s", part, strerror(errno));
			return -1;
		}
		if (!slash)
			break;
		*slash = '/';
	}
	return trusted(dir, why, whylen);
}

int btf_cache_generate(const char *dir, const struct btf_cache_key *key, const void *obj,
		       size_t objlen, const char *bpftool, char *why, size_t whylen)
{
	char objp[4096], outp[4096], name[4096];
	struct file_head h = { .btf_size = key->btf_size, .btf_hash = key->btf_hash,
			       .obj_hash = key->obj_hash };
	uint8_t *buf = NULL;
	struct btf *btf;
	struct stat st;
	int fd = -1, ret = -1, ofd;

	if (!bpftool)
		bpftool = system_bpftool();
	if (!bpftool) {
		snprintf(why, whylen, "no bpftool (root-owned, in /usr/sbin, /usr/bin, /sbin or /bin) "
			 "to make one");
		return -1;
	}
	if (cache_dir(dir, why, whylen))
		return -1;
	/* bpftool reads the object from a file and writes the BTF to one */
	snprintf(objp, sizeof(objp), "%s/.obj-XXXXXX", dir);
	snprintf(outp, sizeof(outp), "%s/.btf-XXXXXX", dir);
	ofd = mkstemp(objp);
	if (ofd < 0) {
		snprintf(why, whylen, "%s: %s", objp, strerror(errno));
		return -1;
	}
	if (write(ofd, obj, objlen) != (ssize_t)objlen) {
		snprintf(why, whylen, "%s: %s", objp, strerror(errno));
		goto out;
	}
	fd = mkstemp(outp);
	if (fd < 0) {
		snprintf(why, whylen, "%s: %s", outp, strerror(errno));
		goto out;
	}
	if (run_bpftool(bpftool, outp, objp, why, whylen))
		goto out;
	/* what bpftool wrote, read back through our descriptor */
	if (fstat(fd, &st) || st.st_size <= 0 || st.st_size > MAX_FILE - (off_t)sizeof(h)) {
		snprintf(why, whylen, "%s gen min_core_btf wrote no BTF", bpftool);
		goto out;
	}
	buf = malloc(sizeof(h) + st.st_size);
	if (!buf || pread(fd, buf + sizeof(h), st.st_size, 0) != st.st_size) {
		snprintf(why, whylen, "reading %s: %s", outp, strerror(errno));
		goto out;
	}
	btf = btf__new(buf + sizeof(h), st.st_size);
	if (!btf) {
		snprintf(why, whylen, "%s gen min_core_btf wrote BTF libbpf cannot parse", bpftool);
		goto out;
	}
	btf__free(btf);
	memcpy(h.magic, MAGIC, sizeof(h.magic));
	h.btf_len = st.st_size;
	memcpy(buf, &h, sizeof(h));
	file_name(name, sizeof(name), dir, key);
	ret = atomic_file_write_buf(name, 0644, buf, sizeof(h) + st.st_size, why, whylen);
out:
	free(buf);
	if (fd >= 0) {
		close(fd);
		unlink(outp);
	}
	close(ofd);
	unlink(objp);
	return ret;
}

void btf_core_prepare(struct btf_core *c, const char *dir, const struct btf_stream_info *kern,
		      const void *obj, size_t objlen)
{
	const char *env = getenv("ACPITRACE_BTF_CACHE");
	struct btf_stream_info own;
	struct btf_cache_key key;
	char why[1024] = "";
	int ret;

	c->fd = -1;
	c->path[0] = '\0';
	if (!dir)
		dir = env && *env ? env : BTF_CACHE_DIR;
	if (!strcmp(dir, "off"))
		return;
	if (!kern) {
		if (btf_stream_scan(VMLINUX, NULL, 0, &own, why, sizeof(why))) {
			log_msg(LOG_DEBUG, "BTF cache: %s; using the full vmlinux BTF", why);
			return;
		}
		kern = &own;
	}
	key.btf_size = kern->size;
	key.btf_hash = kern->hash;
	key.obj_hash = btf_cache_obj_hash(obj, objlen);
	ret = btf_cache_lookup(dir, &key, &c->fd, c->path, sizeof(c->path), why, sizeof(why));
	if (!ret)
		return;
	if (ret < 0)
		log_msg(LOG_WARN, "BTF cache: %s; using the full vmlinux BTF and making it again",
			why);
	if (btf_cache_generate(dir, &key, obj, objlen, NULL, why, sizeof(why))) {
		/* not root, no bpftool, read-only /var: each start pays the full BTF */
		log_msg(ret < 0 ? LOG_WARN : LOG_DEBUG,
			"BTF cache: %s; using the full vmlinux BTF", why);
		return;
	}
	if (ret < 0)
		return;	/* this start keeps to the full BTF; the next one uses the new file */
	if (btf_cache_lookup(dir, &key, &c->fd, c->path, sizeof(c->path), why, sizeof(why)))
		log_msg(LOG_WARN, "BTF cache: %s; using the full vmlinux BTF", why);
}

void btf_core_release(struct btf_core *c)
{
	/* the path is set only with a descriptor: a zeroed struct holds none */
	if (c->path[0] && c->fd >= 0)
		close(c->fd);
	c->fd = -1;
	c->path[0] = '\0';
}
