// SPDX-License-Identifier: GPL-2.0
/* acpi/ec_ram.h: EC RAM through debugfs ec/ec0/io. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include "acpi/ec_ram.h"

#define DEBUGFS_MAGIC_NUMBER 0x64626720

/* Why @path cannot be opened (errno @err), naming the fix. */
static void explain(const char *path, int err, char *why, size_t len)
{
	struct statfs fs;

	if (err == EACCES || err == EPERM) {
		snprintf(why, len, "%s: permission denied (run as root)", path);
	} else if (err == ENOENT && !strcmp(path, EC_RAM_IO) &&
		   (statfs("/sys/kernel/debug", &fs) || fs.f_type != DEBUGFS_MAGIC_NUMBER)) {
		snprintf(why, len, "%s: missing: debugfs is not mounted "
			 "(mount -t debugfs none /sys/kernel/debug)", path);
	} else if (err == ENOENT) {
		snprintf(why, len, "%s: missing: the ec_sys module is not loaded (modprobe ec_sys; a "
			 "kernel built without CONFIG_ACPI_EC_DEBUGFS has none), or no EC driver "
			 "is bound", path);
	} else {
		snprintf(why, len, "%s: %s", path, strerror(err));
	}
}

int ec_ram_read(const char *path, uint8_t *buf, size_t len, char *why, size_t whylen)
{
	return ec_ram_read_at(path, 0, buf, len, why, whylen);
}

int ec_ram_read_at(const char *path, unsigned int offset, uint8_t *buf, size_t len, char *why,
		   size_t whylen)
{
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK);

	if (fd < 0) {
		int e = errno;

		explain(path, e, why, whylen);
		errno = e;
		return -1;
	}
	/* debugfs returns what it could read; a failed EC read is an error (ETIME) */
	while (got < len) {
		ssize_t n = pread(fd, buf + got, len - got, offset + got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;

			snprintf(why, whylen, "%s: reading offset 0x%02zx: %s (the EC did not answer)",
				 path, offset + got, strerror(e));
			close(fd);
			errno = e;
			return -1;
		}
		if (!n)
			break;
		got += n;
	}
	close(fd);
	if (!got) {
		if (offset)
			snprintf(why, whylen, "%s: nothing at offset 0x%02x", path, offset);
		else
			snprintf(why, whylen, "%s: empty", path);
		errno = ENODATA;
		return -1;
	}
	return (int)got;
}

int ec_ram_write(const char *path, unsigned int offset, uint8_t value, char *why, size_t whylen)
{
	struct stat st;
	int fd;

	if (offset >= EC_RAM_SIZE) {
		snprintf(why, whylen, "offset 0x%x: past the EC RAM (0x00-0xff)", offset);
		return -1;
	}
	if (stat(path, &st)) {
		explain(path, errno, why, whylen);
		return -1;
	}
	if (!(st.st_mode & S_IWUSR)) {
		snprintf(why, whylen, "%s: not writable (mode %04o): ec_sys was loaded without "
			 "write_support=1 (modprobe -r ec_sys; modprobe ec_sys write_support=1)",
			 path, (unsigned int)(st.st_mode & 07777));
		return -1;
	}
	fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW);
	if (fd < 0) {
		explain(path, errno, why, whylen);
		return -1;
	}
	if (pwrite(fd, &value, 1, offset) != 1) {
		snprintf(why, whylen, "%s: writing 0x%02x at 0x%02x: %s", path, value, offset,
			 strerror(errno));
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

size_t ec_ram_diff(const uint8_t *old, const uint8_t *new, size_t len,
		   struct ec_change *out, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < len && i < EC_RAM_SIZE && n < max; i++)
		if (old[i] != new[i])
			out[n++] = (struct ec_change){ .offset = i, .old = old[i], .new = new[i] };
	return n;
}

void ec_ram_hex(FILE *out, const uint8_t *b, size_t len)
{
	fprintf(out, "     0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f\n");
	for (size_t row = 0; row < len; row += 16) {
		fprintf(out, "%02zx:", row);
		for (size_t i = row; i < row + 16 && i < len; i++)
			fprintf(out, " %02x", b[i]);
		fputc('\n', out);
	}
}
