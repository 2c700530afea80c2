// SPDX-License-Identifier: GPL-2.0
/*
 * Streaming reader of raw BTF (btf_stream.h).  The layout is the kernel's
 * UAPI (linux/btf.h): a header, then the type section, then the string
 * section.  Two passes: the strings first (where each wanted name sits),
 * then the types (which type has that name offset and the wanted kind).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <endian.h>
#include <sys/stat.h>
#include <linux/btf.h>
#include "capture/btf_stream.h"

#define CHUNK	65536
#define MAX_KIND 19	/* BTF_KIND_ENUM64: the newest kind this reader sizes */

/*
 * Word-wise mix of a byte stream, independent of how reads cut it: four
 * lanes (word i goes to lane i % 4) so that the multiplies overlap.
 */
struct hasher {
	uint64_t lane[4], word;
	unsigned int fill, next;
};

static inline void hash_word(struct hasher *hs, uint64_t w)
{
	uint64_t h = (hs->lane[hs->next] ^ w) * 0x9e3779b97f4a7c15ULL;

	hs->lane[hs->next] = h ^ (h >> 29);
	hs->next = (hs->next + 1) & 3;
}

static void hash_bytes(struct hasher *hs, const uint8_t *p, size_t n)
{
	size_t i = 0;

	while (i < n && hs->fill) {
		hs->word |= (uint64_t)p[i++] << (8 * hs->fill);
		if (++hs->fill == 8) {
			hash_word(hs, hs->word);
			hs->word = 0;
			hs->fill = 0;
		}
	}
	/* whole words, four at a time in their lanes (little-endian values) */
	for (; i + 8 <= n && hs->next; i += 8) {
		uint64_t w;

		memcpy(&w, p + i, 8);
		hash_word(hs, le64toh(w));
	}
	for (; i + 32 <= n; i += 32) {
		uint64_t w[4];

		memcpy(w, p + i, 32);
		for (unsigned int l = 0; l < 4; l++) {
			uint64_t h = (hs->lane[l] ^ le64toh(w[l])) * 0x9e3779b97f4a7c15ULL;

			hs->lane[l] = h ^ (h >> 29);
		}
	}
	for (; i + 8 <= n; i += 8) {
		uint64_t w;

		memcpy(&w, p + i, 8);
		hash_word(hs, le64toh(w));
	}
	for (; i < n; i++) {
		hs->word |= (uint64_t)p[i] << (8 * hs->fill);
		if (++hs->fill == 8) {
			hash_word(hs, hs->word);
			hs->word = 0;
			hs->fill = 0;
		}
	}
}

static uint64_t hash_end(struct hasher *hs)
{
	uint64_t h = 0;

	if (hs->fill)
		hash_word(hs, hs->word);
	for (unsigned int l = 0; l < 4; l++)
		h = (h ^ hs->lane[l]) * 0x9e3779b97f4a7c15ULL;
	return h;
}

struct reader {
	int fd;
	uint64_t off, end;	/* next file offset to read, end of the region */
	size_t have, at;	/* bytes in buf, bytes consumed */
	struct hasher *hs;
	uint8_t buf[CHUNK];
};

/* Refill: 1 when bytes are available, 0 at the region's end, -1 on error. */
static int rd_fill(struct reader *r)
{
	size_t want;
	ssize_t got;

	if (r->at < r->have)
		return 1;
	if (r->off >= r->end)
		return 0;
	want = r->end - r->off < CHUNK ? r->end - r->off : CHUNK;
	do
		got = pread(r->fd, r->buf, want, r->off);
	while (got < 0 && errno == EINTR);
	if (got <= 0)
		return -1;
	hash_bytes(r->hs, r->buf, got);
	r->off += got;
	r->have = got;
	r->at = 0;
	return 1;
}

/* Copy (@dst) or skip (@dst NULL) @n bytes: 0, or -1 when the region ends first. */
static int rd_take(struct reader *r, void *dst, size_t n)
{
	while (n) {
		size_t k;

		if (rd_fill(r) <= 0)
			return -1;
		k = r->have - r->at < n ? r->have - r->at : n;
		if (dst) {
			memcpy(dst, r->buf + r->at, k);
			dst = (uint8_t *)dst + k;
		}
		r->at += k;
		n -= k;
	}
	return 0;
}

static void note_string(struct btf_stream_name *names, unsigned int n,
			const char *s, size_t len, uint32_t off)
{
	for (unsigned int i = 0; i < n; i++) {
		struct btf_stream_name *w = &names[i];

		if (w->len == len && w->noffs < BTF_STREAM_OFFS && w->name[0] == s[0] &&
		    !memcmp(w->name, s, len))
			w->offs[w->noffs++] = off;
	}
}

/* Pass 1: strings from @start to the end of the file, offsets relative to @start. */
static int scan_strings(struct reader *r, uint64_t start, uint64_t str_len,
			uint32_t off_base, struct btf_stream_name *names, unsigned int n)
{
	char cur[256];
	size_t curlen = 0;
	bool too_long = false;
	uint32_t cur_off = 0;
	uint64_t pos = 0;	/* offset in the string section of buf[at] */
	uint8_t lens[sizeof(cur) / 8] = { 0 };	/* bit per wanted name length */
	int got;

	for (unsigned int i = 0; i < n; i++) {
		names[i].len = strlen(names[i].name);
		if (names[i].len < sizeof(cur))
			lens[names[i].len / 8] |= 1 << (names[i].len % 8);
	}
	r->off = start;
	r->have = r->at = 0;
	while ((got = rd_fill(r)) > 0) {
		while (r->at < r->have) {
			const uint8_t *p = r->buf + r->at;
			size_t left = r->have - r->at;
			const uint8_t *nul = memchr(p, 0, left);
			size_t k = nul ? (size_t)(nul - p) : left;

			/* bytes past the string section are hashed, not parsed */
			if (pos >= str_len) {
				r->at = r->have;
				break;
			}
			/* a whole string in the buffer: matched in place */
			if (nul && !curlen && !too_long) {
				if (k < sizeof(cur) && (lens[k / 8] & (1 << (k % 8))))
					note_string(names, n, (const char *)p, k, off_base + cur_off);
				r->at += k + 1;
				pos += k + 1;
				cur_off = pos;
				continue;
			}
			if (curlen + k < sizeof(cur) && !too_long) {
				memcpy(cur + curlen, p, k);
				curlen += k;
			} else {
				too_long = true;
			}
			r->at += k;
			pos += k;
			if (!nul)
				continue;
			if (!too_long && (lens[curlen / 8] & (1 << (curlen % 8))))
				note_string(names, n, cur, curlen, off_base + cur_off);
			r->at++;
			pos++;
			curlen = 0;
			too_long = false;
			cur_off = pos;
		}
	}
	return got;
}

size_t btf_stream_kind_extra(unsigned int kind, unsigned int vlen)
{
	switch (kind) {
	case BTF_KIND_INT:
	case BTF_KIND_VAR:
	case 17:	/* BTF_KIND_DECL_TAG */
		return 4;
	case BTF_KIND_ARRAY:
		return 12;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_DATASEC:
	case 19:	/* BTF_KIND_ENUM64 */
		return 12 * (size_t)vlen;
	case BTF_KIND_ENUM:
	case BTF_KIND_FUNC_PROTO:
		return 8 * (size_t)vlen;
	default:	/* PTR, FWD, TYPEDEF, VOLATILE, CONST, RESTRICT, FUNC, FLOAT, TYPE_TAG */
		return 0;
	}
}

/* Pass 2: the header and the types (from offset 0 to the string section). */
static int scan_types(struct reader *r, const struct btf_header *h, uint64_t str_start,
		      uint32_t id_base, struct btf_stream_name *names, unsigned int n,
		      uint32_t *nr_types, char *err, size_t errlen)
{
	uint64_t type_start = h->hdr_len + (uint64_t)h->type_off;
	uint32_t id = id_base;

	r->off = 0;
	r->end = str_start;
	r->have = r->at = 0;
	if (rd_take(r, NULL, type_start))
		goto short_read;
	while ((r->off - r->have + r->at) < type_start + h->type_len) {
		struct btf_type t;
		unsigned int kind;
		size_t extra;

		if (r->have - r->at >= sizeof(t)) {
			memcpy(&t, r->buf + r->at, sizeof(t));
			r->at += sizeof(t);
		} else if (rd_take(r, &t, sizeof(t))) {
			goto short_read;
		}
		id++;
		kind = BTF_INFO_KIND(t.info);
		if (kind == 0 || kind > MAX_KIND) {
			snprintf(err, errlen, "BTF type %u has kind %u, unknown to this reader",
				 id, kind);
			return -1;
		}
		for (unsigned int i = 0; i < n; i++) {
			if (names[i].id || names[i].kind != kind)
				continue;
			for (unsigned int j = 0; j < names[i].noffs; j++)
				if (names[i].offs[j] == t.name_off)
					names[i].id = id;
		}
		extra = btf_stream_kind_extra(kind, BTF_INFO_VLEN(t.info));
		if (r->have - r->at >= extra)
			r->at += extra;
		else if (rd_take(r, NULL, extra))
			goto short_read;
	}
	/* anything between the types and the strings: hashed */
	if (rd_take(r, NULL, str_start - (r->off - r->have + r->at)))
		goto short_read;
	*nr_types = id - id_base;
	return 0;
short_read:
	snprintf(err, errlen, "BTF type section cut short after type %u", id);
	return -1;
}

static int scan_fd(int fd, const struct btf_stream_info *base, struct btf_stream_name *names,
		   unsigned int n, struct btf_stream_info *info, char *err, size_t errlen)
{
	static struct reader r;	/* 64 KiB: not on the stack */
	struct hasher strings = { .fill = 0 }, head = { .fill = 0 };
	struct btf_header h;
	uint64_t str_start, size;
	struct stat st;

	memset(info, 0, sizeof(*info));
	/* split BTF: the offsets found in the base stay valid */
	for (unsigned int i = 0; i < n; i++) {
		names[i].id = 0;
		if (!base)
			names[i].noffs = 0;
	}
	if (fstat(fd, &st) || pread(fd, &h, sizeof(h), 0) != (ssize_t)sizeof(h)) {
		snprintf(err, errlen, "cannot read a BTF header: %s",
			 errno ? strerror(errno) : "file too short");
		return -1;
	}
	size = st.st_size;
	str_start = h.hdr_len + (uint64_t)h.str_off;
	if (h.magic != BTF_MAGIC || h.version != BTF_VERSION || h.hdr_len < sizeof(h) ||
	    h.type_off + (uint64_t)h.type_len > h.str_off || str_start + h.str_len > size) {
		snprintf(err, errlen, "not a BTF file this reader understands "
			 "(magic 0x%x, version %u, %llu bytes)", h.magic, h.version,
			 (unsigned long long)size);
		return -1;
	}
	r.fd = fd;
	r.hs = &strings;
	r.end = size;
	if (scan_strings(&r, str_start, h.str_len, base ? base->str_len : 0, names, n) < 0 ||
	    r.off != size) {
		snprintf(err, errlen, "BTF string section cut short");
		return -1;
	}
	r.hs = &head;
	if (scan_types(&r, &h, str_start, base ? base->nr_types : 0, names, n, &info->nr_types,
		       err, errlen))
		return -1;
	info->str_len = h.str_len;
	info->size = size;
	info->hash = (hash_end(&head) * 0x9e3779b97f4a7c15ULL) ^ hash_end(&strings) ^ size;
	return 0;
}

int btf_stream_scan_fd(int fd, struct btf_stream_name *names, unsigned int n,
		       struct btf_stream_info *info, char *err, size_t errlen)
{
	return scan_fd(fd, NULL, names, n, info, err, errlen);
}

static int scan_path(const char *path, const struct btf_stream_info *base,
		     struct btf_stream_name *names, unsigned int n,
		     struct btf_stream_info *info, char *err, size_t errlen)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		memset(info, 0, sizeof(*info));
		return -1;
	}
	ret = scan_fd(fd, base, names, n, info, err, errlen);
	close(fd);
	return ret;
}

int btf_stream_scan(const char *path, struct btf_stream_name *names, unsigned int n,
		    struct btf_stream_info *info, char *err, size_t errlen)
{
	return scan_path(path, NULL, names, n, info, err, errlen);
}

int btf_stream_scan_split(const char *path, const struct btf_stream_info *base,
			  struct btf_stream_name *names, unsigned int n,
			  struct btf_stream_info *info, char *err, size_t errlen)
{
	return scan_path(path, base, names, n, info, err, errlen);
}
