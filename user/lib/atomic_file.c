// SPDX-License-Identifier: GPL-2.0
/* Safe replacement of a file in a directory others may write (see the header). */
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/random.h>
#include <sys/stat.h>
#include "lib/atomic_file.h"
#include "lib/path_trust.h"

/* "dir" and "base" of @path, in @buf. */
static int split_path(const char *path, char *buf, size_t len, const char **dir,
		      const char **base)
{
	char *slash;

	if (snprintf(buf, len, "%s", path) >= (int)len || !*buf)
		return -1;
	slash = strrchr(buf, '/');
	if (!slash) {
		*dir = ".";
		*base = buf;
	} else {
		*slash = '\0';
		*dir = slash == buf ? "/" : buf;
		*base = slash + 1;
	}
	return **base && strcmp(*base, ".") && strcmp(*base, "..") ? 0 : -1;
}

/* ".BASE.XXXXXXXXXXXXXXXX": 64 random bits nobody can guess ahead. */
static int temp_name(char *out, size_t len, const char *base)
{
	unsigned long long r;

	if (getrandom(&r, sizeof(r), 0) != sizeof(r))
		return -1;
	return snprintf(out, len, ".%s.%016llx", base, r) >= (int)len ? -1 : 0;
}

static int fail(char *err, size_t errlen, const char *what, const char *path)
{
	int e = errno;

	snprintf(err, errlen, "%s %s: %s", what, path, strerror(e));
	errno = e;
	return -1;
}

int atomic_file_write(const char *path, mode_t mode, atomic_file_fill fill, void *ctx,
		      char *err, size_t errlen)
{
	char buf[4096], tmp[512], why[4096 + 128];
	const char *dir, *base;
	struct stat st;
	int dfd, fd = -1, ret = -1;
	FILE *f;

	if (split_path(path, buf, sizeof(buf), &dir, &base)) {
		snprintf(err, errlen, "%s: not a file path", path);
		errno = EINVAL;
		return -1;
	}
	/*
	 * The directory may be anyone's (node_exporter's), and so may those
	 * above it (/var/lib/prometheus is prometheus's), but a link is followed
	 * only when root (or we) made it: the owner of a parent cannot swap a
	 * name on the way for a link to /etc.
	 */
	dfd = path_trust_open(dir, geteuid(), PT_CHECK | PT_LINKS | PT_DIR, &st, why,
			      sizeof(why));
	if (dfd < 0) {
		snprintf(err, errlen, "cannot open the directory of %s: %s", path, why);
		if (dfd == PATH_TRUST_UNTRUSTED)
			errno = EPERM;
		return -1;
	}
	if (temp_name(tmp, sizeof(tmp), base)) {
		fail(err, errlen, "cannot name a temporary file for", path);
		goto out;
	}
	fd = openat(dfd, tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
	if (fd < 0) {
		fail(err, errlen, "cannot create a temporary file for", path);
		goto out;
	}
	f = fdopen(fd, "w");
	if (!f) {
		fail(err, errlen, "cannot write", path);
		close(fd);
		goto unlink;
	}
	/* the mode is the one asked for, whatever the umask */
	if (fill(f, ctx) || fflush(f) || ferror(f) || fchmod(fd, mode) || fsync(fd)) {
		fail(err, errlen, "cannot write", path);
		fclose(f);
		goto unlink;
	}
	if (fclose(f)) {
		fail(err, errlen, "cannot write", path);
		goto unlink;
	}
	if (renameat(dfd, tmp, dfd, base)) {
		fail(err, errlen, "cannot rename a temporary file to", path);
		goto unlink;
	}
	fsync(dfd);	/* the rename itself survives a crash */
	ret = 0;
	goto out;
unlink:
	unlinkat(dfd, tmp, 0);
out:
	close(dfd);
	return ret;
}

struct buf_ctx {
	const void *data;
	size_t len;
};

static int fill_buf(FILE *f, void *ctx)
{
	struct buf_ctx *b = ctx;

	return fwrite(b->data, 1, b->len, f) == b->len ? 0 : -1;
}

int atomic_file_write_buf(const char *path, mode_t mode, const void *data, size_t len,
			  char *err, size_t errlen)
{
	struct buf_ctx b = { data, len };

	return atomic_file_write(path, mode, fill_buf, &b, err, errlen);
}
