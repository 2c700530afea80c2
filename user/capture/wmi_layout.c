// SPDX-License-Identifier: GPL-2.0
/* struct wmi_block's field offsets from the wmi module's BTF (wmi_layout.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <linux/btf.h>
#include "capture/wmi_layout.h"
#include "capture/kernel.h"

#define MODULE_MAX	(16u << 20)	/* a module's BTF is tens of KiB */
#define NAME_MAX_LEN	64		/* longer names are not ones we look for */

/* The module's BTF in memory and where the vmlinux strings are. */
struct split {
	uint8_t *buf;
	size_t size;
	struct btf_header h;
	const uint8_t **type;	/* each module type's struct btf_type */
	uint32_t ntypes;
	uint32_t base_types;	/* module ids start after these */
	int base_fd;
	uint64_t base_str_start;
	uint32_t base_str_len;
};

static int read_all(const char *path, uint8_t **buf, size_t *size)
{
	size_t cap = 65536, n = 0;
	uint8_t *b = NULL;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return -errno;
	for (;;) {
		ssize_t r;

		if (n == cap || !b) {
			uint8_t *nb = cap > MODULE_MAX ? NULL : realloc(b, cap *= 2);

			if (!nb) {
				free(b);
				close(fd);
				return -EFBIG;
			}
			b = nb;
		}
		r = read(fd, b + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			r = -errno;
			free(b);
			close(fd);
			return (int)r;
		}
		if (!r)
			break;
		n += r;
	}
	close(fd);
	*buf = b;
	*size = n;
	return 0;
}

static bool header_ok(const struct btf_header *h, uint64_t size)
{
	return h->magic == BTF_MAGIC && h->version == BTF_VERSION &&
	       h->hdr_len >= sizeof(*h) && h->hdr_len <= size &&
	       (uint64_t)h->hdr_len + h->type_off + h->type_len <= size &&
	       (uint64_t)h->hdr_len + h->str_off + h->str_len <= size;
}

/* Index the module's types: each one's start, checked against the section. */
static int index_types(struct split *s, char *why, size_t len)
{
	const uint8_t *p = s->buf + s->h.hdr_len + s->h.type_off;
	const uint8_t *end = p + s->h.type_len;
	uint32_t cap = 0;

	while (p < end) {
		struct btf_type t;
		size_t extra;

		if ((size_t)(end - p) < sizeof(t))
			goto cut;
		memcpy(&t, p, sizeof(t));
		if (BTF_INFO_KIND(t.info) == 0 || BTF_INFO_KIND(t.info) > 19) {
			snprintf(why, len, "type %u has kind %u, unknown to this reader",
				 s->base_types + s->ntypes + 1, BTF_INFO_KIND(t.info));
			return -1;
		}
		extra = btf_stream_kind_extra(BTF_INFO_KIND(t.info), BTF_INFO_VLEN(t.info));
		if ((size_t)(end - p) < sizeof(t) + extra)
			goto cut;
		if (s->ntypes == cap) {
			const uint8_t **nt = realloc(s->type, (cap = cap ? 2 * cap : 256) * sizeof(*nt));

			if (!nt) {
				snprintf(why, len, "out of memory");
				return -1;
			}
			s->type = nt;
		}
		s->type[s->ntypes++] = p;
		p += sizeof(t) + extra;
	}
	return 0;
cut:
	snprintf(why, len, "the type section ends inside type %u", s->base_types + s->ntypes + 1);
	return -1;
}

/* The name at @off (either string section) into @out; false if unreadable. */
static bool name_at(const struct split *s, uint32_t off, char *out)
{
	ssize_t n;

	if (off >= s->base_str_len) {
		uint64_t o = off - (uint64_t)s->base_str_len;
		const char *str = (const char *)s->buf + s->h.hdr_len + s->h.str_off;

		if (o >= s->h.str_len || !memchr(str + o, '\0', s->h.str_len - o))
			return false;
		snprintf(out, NAME_MAX_LEN, "%s", str + o);
		return true;
	}
	n = pread(s->base_fd, out, NAME_MAX_LEN - 1, s->base_str_start + off);
	if (n <= 0)
		return false;
	out[n] = '\0';
	return true;
}

static const struct btf_type *module_type(const struct split *s, uint32_t id)
{
	if (id <= s->base_types || id - s->base_types > s->ntypes)
		return NULL;
	return (const struct btf_type *)s->type[id - s->base_types - 1];
}

/* The module's struct called @name, or NULL. */
static const struct btf_type *find_struct(const struct split *s, const char *name)
{
	char n[NAME_MAX_LEN];

	for (uint32_t i = 0; i < s->ntypes; i++) {
		struct btf_type t;

		memcpy(&t, s->type[i], sizeof(t));
		if (BTF_INFO_KIND(t.info) == BTF_KIND_STRUCT && name_at(s, t.name_off, n) &&
		    !strcmp(n, name))
			return (const struct btf_type *)s->type[i];
	}
	return NULL;
}

/* Through typedefs and qualifiers to a module struct or union, or NULL. */
static const struct btf_type *module_aggregate(const struct split *s, uint32_t id)
{
	for (int hops = 0; hops < 8; hops++) {
		const struct btf_type *p = module_type(s, id);
		struct btf_type t;

		if (!p)
			return NULL;
		memcpy(&t, p, sizeof(t));
		switch (BTF_INFO_KIND(t.info)) {
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
			return p;
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_CONST:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_RESTRICT:
			id = t.type;
			continue;
		default:
			return NULL;
		}
	}
	return NULL;
}

/*
 * @name's bit offset in @agg, also inside its anonymous members (the
 * notify_id of a union in guid_block); its type id in @type.  -1: none.
 */
static int64_t member_bits(const struct split *s, const struct btf_type *agg, const char *name,
			   uint32_t *type, int depth)
{
	struct btf_type t;
	const uint8_t *m;
	char n[NAME_MAX_LEN];

	memcpy(&t, agg, sizeof(t));
	m = (const uint8_t *)agg + sizeof(t);
	for (unsigned int i = 0; i < BTF_INFO_VLEN(t.info); i++, m += sizeof(struct btf_member)) {
		struct btf_member bm;
		uint32_t bits;

		memcpy(&bm, m, sizeof(bm));
		bits = BTF_INFO_KFLAG(t.info) ? BTF_MEMBER_BIT_OFFSET(bm.offset) : bm.offset;
		if (bm.name_off) {
			if (name_at(s, bm.name_off, n) && !strcmp(n, name)) {
				*type = bm.type;
				return bits;
			}
			continue;
		}
		if (depth < 4) {
			const struct btf_type *inner = module_aggregate(s, bm.type);
			int64_t r = inner ? member_bits(s, inner, name, type, depth + 1) : -1;

			if (r >= 0)
				return bits + r;
		}
	}
	return -1;
}

/* The byte offset of the path @a.@b... in struct @agg, or -1 with @why. */
static int64_t path_offset(const struct split *s, const struct btf_type *agg, const char *sname,
			   const char *const *path, char *why, size_t len)
{
	int64_t bits = 0;
	char full[128];
	int at = snprintf(full, sizeof(full), "%s", sname);

	for (int i = 0; path[i] && at < (int)sizeof(full); i++)
		at += snprintf(full + at, sizeof(full) - at, ".%s", path[i]);
	for (int i = 0; path[i]; i++) {
		uint32_t type = 0;
		int64_t r = agg ? member_bits(s, agg, path[i], &type, 0) : -1;

		if (r < 0) {
			snprintf(why, len, "the wmi module's BTF has no %s", full);
			return -1;
		}
		bits += r;
		if (path[i + 1])
			agg = module_aggregate(s, type);
	}
	if (bits % 8) {
		snprintf(why, len, "%s is a bit field", full);
		return -1;
	}
	return bits / 8;
}

static int fill(const struct split *s, struct at_wmi_layout *l, char *why, size_t len)
{
	static const char *const dev[] = { "dev", "dev", NULL };
	static const char *const guid[] = { "gblock", "guid", NULL };
	static const char *const nid[] = { "gblock", "notify_id", NULL };
	static const char *const flags[] = { "gblock", "flags", NULL };
	static const char *const adev[] = { "acpi_device", NULL };
	const struct btf_type *wb = find_struct(s, "wmi_block");
	int64_t o[5];

	if (!wb) {
		snprintf(why, len, "the wmi module's BTF has no struct wmi_block");
		return -1;
	}
	if ((o[0] = path_offset(s, wb, "wmi_block", dev, why, len)) < 0 ||
	    (o[1] = path_offset(s, wb, "wmi_block", guid, why, len)) < 0 ||
	    (o[2] = path_offset(s, wb, "wmi_block", nid, why, len)) < 0 ||
	    (o[3] = path_offset(s, wb, "wmi_block", flags, why, len)) < 0 ||
	    (o[4] = path_offset(s, wb, "wmi_block", adev, why, len)) < 0)
		return -1;
	for (int i = 0; i < 5; i++)
		if (o[i] + 16 > AT_WMI_LAYOUT_MAX) {
			snprintf(why, len, "struct wmi_block is larger than %u bytes",
				 AT_WMI_LAYOUT_MAX);
			return -1;
		}
	l->dev = o[0];
	l->guid = o[1];
	l->notify_id = o[2];
	l->flags = o[3];
	l->acpi_device = o[4];
	l->ok = 1;
	return 0;
}

int wmi_layout_read(const char *vmlinux_path, const struct btf_stream_info *base,
		    const char *module_path, struct at_wmi_layout *l, char *why, size_t len)
{
	struct split s = { .base_fd = -1, .base_types = base->nr_types };
	struct btf_header bh;
	int ret = -1, err;

	memset(l, 0, sizeof(*l));
	err = read_all(module_path, &s.buf, &s.size);
	if (err) {
		snprintf(why, len, "%s: %s", module_path, strerror(-err));
		return -1;
	}
	if (s.size < sizeof(s.h) || (memcpy(&s.h, s.buf, sizeof(s.h)), !header_ok(&s.h, s.size))) {
		snprintf(why, len, "%s is not a BTF file this reader understands", module_path);
		goto out;
	}
	s.base_fd = open(vmlinux_path, O_RDONLY | O_CLOEXEC);
	if (s.base_fd < 0 || pread(s.base_fd, &bh, sizeof(bh), 0) != (ssize_t)sizeof(bh) ||
	    bh.magic != BTF_MAGIC || bh.str_len != base->str_len) {
		snprintf(why, len, "%s is not the BTF the module's is split on", vmlinux_path);
		goto out;
	}
	s.base_str_start = (uint64_t)bh.hdr_len + bh.str_off;
	s.base_str_len = bh.str_len;
	if (index_types(&s, why, len))
		goto out;
	ret = fill(&s, l, why, len);
out:
	if (s.base_fd >= 0)
		close(s.base_fd);
	free(s.type);
	free(s.buf);
	return ret;
}

int wmi_layout_for(const struct kernel_info *k, struct at_wmi_layout *l, char *why, size_t len)
{
	if (!k->has_btf || !k->btf_id.size) {
		memset(l, 0, sizeof(*l));
		snprintf(why, len, "the vmlinux BTF was not read");
		return -1;
	}
	return wmi_layout_read("/sys/kernel/btf/vmlinux", &k->btf_id, "/sys/kernel/btf/wmi",
			       l, why, len);
}
