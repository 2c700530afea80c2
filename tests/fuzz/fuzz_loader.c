// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the policy file loader: the input describes a small
 * directory tree, written to a private temporary directory, then loaded as
 * `--policy DIR` would be (files in name order, includes, the fan-out and
 * loop limits, the trust rule).
 *
 * Input: lines.  "@@ NAME" starts a file (NAME: up to 8 of [a-z0-9._/-],
 * one optional sub-directory, no ".."), "@@ NAME -> TARGET" makes a symlink,
 * "@@ NAME fifo" a FIFO; every other line belongs to the current file.
 * Lines before the first "@@" go to "a.policy".  At most 8 entries.
 * A load either succeeds or fails with a "file:line:column:" or path
 * message; it never crashes, leaks, hangs or reads outside the tree.
 */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "policy/policy.h"

#define MAX_ENTRIES 8

static char root[64];

static void rm_tree(const char *dir, int depth)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char p[512];

	if (!d)
		return;
	while ((de = readdir(d))) {
		struct stat st;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		snprintf(p, sizeof(p), "%s/%s", dir, de->d_name);
		if (!lstat(p, &st) && S_ISDIR(st.st_mode) && depth < 4) {
			rm_tree(p, depth + 1);
			rmdir(p);
		} else {
			unlink(p);
		}
	}
	closedir(d);
}

/* Keep a name inside the tree: [a-z0-9._-], one '/', no "..", 1..24 bytes. */
static int clean_name(const char *in, size_t n, char *out, size_t len)
{
	size_t o = 0;
	int slashes = 0;

	for (size_t i = 0; i < n && o + 1 < len && o < 24; i++) {
		char c = in[i];

		if (c == '/' && o && !slashes && out[o - 1] != '/')
			slashes++;
		else if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '.' ||
			   c == '_' || c == '-'))
			continue;
		out[o++] = c;
	}
	out[o] = '\0';
	if (!o || out[o - 1] == '/' || strstr(out, "..") || out[0] == '.')
		return -1;
	return 0;
}

static void make_parent(const char *rel)
{
	char p[256];
	const char *slash = strchr(rel, '/');

	if (!slash)
		return;
	snprintf(p, sizeof(p), "%s/%.*s", root, (int)(slash - rel), rel);
	mkdir(p, 0755);
}

/* One "@@" header: create what it names, return a FILE for text or NULL. */
static FILE *entry(const char *hdr, size_t n)
{
	char name[32], target[32], path[256];
	const char *arrow = memmem(hdr, n, " -> ", 4);
	const char *fifo = n >= 5 && !memcmp(hdr + n - 5, " fifo", 5) ? hdr + n - 5 : NULL;

	if (clean_name(hdr, arrow ? (size_t)(arrow - hdr) : fifo ? (size_t)(fifo - hdr) : n,
		       name, sizeof(name)))
		return NULL;
	make_parent(name);
	snprintf(path, sizeof(path), "%s/%s", root, name);
	if (arrow) {
		/* targets stay inside the tree too (relative, cleaned) */
		if (!clean_name(arrow + 4, n - (arrow + 4 - hdr), target, sizeof(target)))
			(void)!symlink(target, path);
		return NULL;
	}
	if (fifo) {
		mkfifo(path, 0644);
		return NULL;
	}
	return fopen(path, "wx");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct policy_env env = {
		.root = "/nonexistent-fuzz-root", .as_root = geteuid() == 0, .owner = geteuid(),
	};
	const char *s = (const char *)data, *end = s + size;
	FILE *f = NULL;
	int entries = 0;
	struct policy p;

	if (!root[0]) {
		snprintf(root, sizeof(root), "/tmp/acpitrace-fuzz-XXXXXX");
		if (!mkdtemp(root))
			abort();
		chmod(root, 0755);
	}
	rm_tree(root, 0);
	while (s < end) {
		const char *nl = memchr(s, '\n', end - s);
		size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);

		if (n >= 3 && !memcmp(s, "@@ ", 3)) {
			if (f)
				fclose(f);
			f = ++entries <= MAX_ENTRIES ? entry(s + 3, n - 3) : NULL;
		} else {
			if (!f && !entries) {
				entries++;
				f = entry("a.policy", 8);
			}
			if (f) {
				fwrite(s, 1, n, f);
				fputc('\n', f);
			}
		}
		s += n + (nl != NULL);
	}
	if (f)
		fclose(f);

	if (policy_load(&p, root, &env) == 0) {
		struct at_event e = { 0 };
		uint64_t code;

		for (int src = 0; src < AT_SRC_MAX; src++) {
			e.source = src;
			e.number = size;
			policy_match(&p, &e, &code);
		}
	} else if (!p.error[0]) {
		abort();	/* every failure says why */
	}
	policy_free(&p);
	return 0;
}
