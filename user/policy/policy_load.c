// SPDX-License-Identifier: GPL-2.0
/*
 * Loading a policy: files, directories and includes, one statement per
 * line, then resolving and compiling (acpitrace.policy(5)):
 *
 *   include PATH                      a file, or a directory's *.policy
 *   match SOURCE [KEY=VALUE]...       starts a block     (policy_block.c)
 *   dmi FIELD=GLOB...                 conditions on it   (policy_block.c)
 *   CODE -> ACTION [ARGS]...          a rule of the block (policy_rule.c)
 *
 * Every error stops the load and names file:line:column; the caller keeps
 * whatever policy it had.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "policy/policy.h"
#include "policy/policy_lex.h"
#include "policy/policy_block.h"
#include "policy/policy_rule.h"
#include "policy/policy_resolve.h"
#include "policy/policy_coexist.h"
#include "policy/policy_compile.h"
#include "lib/path_trust.h"

#define MAX_INCLUDE	8
#define MAX_FILE_BYTES	(1 << 20)
/*
 * Includes may fan out (7 levels of 10 includes each was 10^6 loads):
 * every file is read once at most, and a policy has at most this many.
 */
#define MAX_FILES	256
#define MAX_RULES	(4 * AT_POLICY_MAX)

static int load_path(struct parser *ps, const char *path, int col);
static int finish(struct policy *p, const struct policy_env *env);

static int stmt_include(struct parser *ps, struct token *t, int n)
{
	char full[PATH_MAX];
	const char *slash;

	if (n != 2)
		return pol_err(ps, t[0].col, "expected: include FILE|DIRECTORY");
	if (ps->in_memory)
		return pol_err(ps, t[0].col, "include is not available here");
	if (t[1].s[0] == '/' || !ps->file || !(slash = strrchr(ps->file, '/')))
		snprintf(full, sizeof(full), "%s", t[1].s);
	else
		snprintf(full, sizeof(full), "%.*s/%s", (int)(slash - ps->file), ps->file, t[1].s);
	return load_path(ps, full, t[1].col);
}

static int parse_line(struct parser *ps, char *line)
{
	struct token t[MAX_TOKENS];
	int n = pol_tokenize(ps, line, t);

	if (n <= 0)
		return n;
	if (!strcmp(t[0].s, "include"))
		return stmt_include(ps, t, n);
	if (!strcmp(t[0].s, "match"))
		return pol_stmt_match(ps, t, n);
	if (!strcmp(t[0].s, "dmi"))
		return pol_stmt_dmi(ps, t, n);
	if (!strcmp(t[0].s, "override"))
		return pol_err(ps, t[0].col, "'override' goes on the match line: match SOURCE ... override");
	return pol_stmt_rule(ps, t, n);
}

static int parse_text(struct parser *ps, char *text, size_t len)
{
	char *line = text, *end = text + len;

	ps->line = 0;
	ps->cur_block = -1;	/* blocks never span files */
	while (line < end) {
		char *nl = memchr(line, '\n', end - line);

		if (!nl)
			nl = end;
		*nl = '\0';
		ps->line++;
		if (memchr(line, '\0', nl - line))
			return pol_err(ps, (int)strlen(line) + 1, "NUL byte in the policy text");
		if (parse_line(ps, line))
			return -1;
		line = nl + 1;
	}
	return 0;
}

/*
 * As root (or with the capabilities to load BPF), a policy steers a
 * privileged daemon: refuse it whole when anyone but root (or the daemon's
 * own uid) could change one of its files, directories or the links on the
 * way.  Any rule is as dangerous as exec ("ignore" silences the power
 * button).  The object checked is the one opened: its type is checked
 * before the open (a FIFO would block the daemon, a device such as
 * /dev/watchdog would act on open), the open cannot block, follow a link
 * swapped in afterwards or take a terminal (lib/path_trust.h).
 */
static int open_checked(struct parser *ps, const char *path, int col, unsigned int type,
			struct stat *st)
{
	unsigned int how = type | (ps->env->as_root ? PT_CHECK : 0);
	char why[PATH_MAX + 128];
	int fd = path_trust_open(path, ps->env->owner, how, st, why, sizeof(why));

	if (fd == PATH_TRUST_UNTRUSTED)
		pol_err(ps, col, "untrusted policy: %s; a policy that anyone but root can "
			"change is refused as a whole", why);
	else if (fd < 0)
		pol_err(ps, col, "%s", why);
	return fd;
}

/* The file checked, read whole through the descriptor that checked it. */
static int read_file(struct parser *ps, const char *path, int col, char **buf, size_t *len,
		     struct stat *st)
{
	ssize_t r = 0;
	int fd = open_checked(ps, path, col, PT_FILE, st);

	if (fd < 0)
		return -1;
	if (st->st_size > MAX_FILE_BYTES) {
		pol_err(ps, col, "%s is not a regular file of at most 1 MiB", path);
		goto fail;
	}
	*buf = malloc(st->st_size + 1);
	if (!*buf) {
		pol_err(ps, col, "out of memory");
		goto fail;
	}
	for (*len = 0; *len < (size_t)st->st_size; *len += r) {
		r = read(fd, *buf + *len, st->st_size - *len);
		if (r <= 0)
			break;
	}
	if (*len != (size_t)st->st_size) {
		pol_err(ps, col, "%s: short read (%zu of %lld bytes)%s%s", path, *len,
			(long long)st->st_size, r < 0 ? ": " : "", r < 0 ? strerror(errno) : "");
		free(*buf);
		*buf = NULL;
		goto fail;
	}
	close(fd);
	return 0;
fail:
	close(fd);
	return -1;
}

/* Each file once, and not too many of them. */
static int note_loaded(struct parser *ps, const char *path, int col, const struct stat *st)
{
	struct policy *p = ps->p;
	void *n;

	for (int i = 0; i < p->nloaded; i++)
		if (p->loaded[i].dev == st->st_dev && p->loaded[i].ino == st->st_ino)
			return pol_err(ps, col, "%s is loaded twice (included again, or a loop)",
				       path);
	if (p->nloaded == MAX_FILES)
		return pol_err(ps, col, "more than %d policy files", MAX_FILES);
	n = pol_grow(p->loaded, p->nloaded, sizeof(*p->loaded));
	if (!n)
		return pol_err(ps, col, "out of memory");
	p->loaded = n;
	p->loaded[p->nloaded++] = (struct pol_file_id){ st->st_dev, st->st_ino };
	return 0;
}

/* A directory of policies (or one on the way to them) others cannot change. */
static int check_trust(struct parser *ps, const char *path, int col)
{
	struct stat st;
	int fd = open_checked(ps, path, col, PT_DIR, &st);

	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int load_file(struct parser *ps, const char *path, int col)
{
	struct parser sub = *ps;
	struct stat st;
	char *buf = NULL;
	size_t len = 0;
	int err;

	if (read_file(ps, path, col, &buf, &len, &st))
		return -1;
	if (note_loaded(ps, path, col, &st)) {
		free(buf);
		return -1;
	}
	sub.file = pol_intern_file(ps->p, path);
	if (!sub.file) {
		free(buf);
		return pol_err(ps, col, "out of memory");
	}
	sub.trusted = st.st_uid == 0 && !(st.st_mode & 022);
	sub.depth = ps->depth + 1;
	err = parse_text(&sub, buf, len);
	free(buf);
	if (!err && ps->p->nrules > MAX_RULES)
		return pol_err(ps, col, "more than %d rules", MAX_RULES);
	return err;
}

static int policy_file_filter(const struct dirent *d)
{
	size_t l = strlen(d->d_name);

	return d->d_name[0] != '.' && l > 7 && !strcmp(d->d_name + l - 7, ".policy");
}

static int load_dir(struct parser *ps, const char *path, int col)
{
	struct dirent **list;
	char full[PATH_MAX];
	int n, err = 0;

	n = scandir(path, &list, policy_file_filter, alphasort);
	if (n < 0)
		return pol_err(ps, col, "cannot read directory %s: %s", path, strerror(errno));
	for (int i = 0; i < n; i++) {
		if (!err) {
			path_join(full, sizeof(full), path, list[i]->d_name);
			err = load_file(ps, full, col);
		}
		free(list[i]);
	}
	free(list);
	return err;
}

static int load_path(struct parser *ps, const char *path, int col)
{
	struct stat st;

	if (ps->depth >= MAX_INCLUDE)
		return pol_err(ps, col, "includes nested deeper than %d (a loop?)", MAX_INCLUDE);
	if (stat(path, &st))
		return pol_err(ps, col, "cannot read %s: %s", path, strerror(errno));
	if (S_ISDIR(st.st_mode))
		return check_trust(ps, path, col) ? -1 : load_dir(ps, path, col);
	return load_file(ps, path, col);
}

/* ---- the merged policy directories (no --policy) --------------------- */

const char *const policy_default_dirs[] = {
	POLICY_DIR_LOCAL,	/* the administrator's */
	POLICY_DIR_SHIPPED,	/* the install's (make install or the package) */
	NULL,
};

/* Whether @path is a symlink to /dev/null: the file of that name is masked. */
static bool masked(const char *path)
{
	char target[32];
	ssize_t n = readlink(path, target, sizeof(target) - 1);

	if (n < 0)
		return false;
	target[n] = '\0';
	return !strcmp(target, "/dev/null");
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.policy name of every directory, sorted, each once. */
static int merged_names(const char *const *dirs, char ***out)
{
	char **names = NULL;
	int n = 0;

	for (int d = 0; dirs[d]; d++) {
		struct dirent **list;
		int k = scandir(dirs[d], &list, policy_file_filter, NULL);

		for (int i = 0; i < k; i++) {
			bool seen = false;
			void *grown;

			for (int j = 0; j < n && !seen; j++)
				seen = !strcmp(names[j], list[i]->d_name);
			grown = seen ? names : realloc(names, (n + 1) * sizeof(*names));
			if (grown) {
				names = grown;
				if (!seen && (names[n] = strdup(list[i]->d_name)))
					n++;
			}
			free(list[i]);
		}
		if (k > 0)
			free(list);
	}
	if (n)
		qsort(names, n, sizeof(*names), by_name);
	*out = names;
	return n;
}

/*
 * As systemd and udev treat their rule directories: files are taken in
 * name order across @dirs; of files with the same name, the one in the
 * earliest directory wins, and a symlink to /dev/null there masks it.
 */
int policy_load_dirs(struct policy *p, const char *const *dirs, const struct policy_env *env)
{
	struct parser ps = { .p = p, .env = env, .cur_block = -1 };
	char **names, full[PATH_MAX];
	int n, err = 0, loaded = 0;

	memset(p, 0, sizeof(*p));
	n = merged_names(dirs, &names);
	for (int i = 0; i < n; i++) {
		for (int d = 0; !err && dirs[d]; d++) {
			struct stat st;

			path_join(full, sizeof(full), dirs[d], names[i]);
			if (lstat(full, &st))
				continue;
			if (!masked(full) && !(err = check_trust(&ps, dirs[d], 1)))
				err = load_file(&ps, full, 1);
			loaded += !err && !masked(full);
			break;
		}
		free(names[i]);
	}
	free(names);
	if (err)
		return -1;
	if (!loaded) {
		snprintf(p->error, sizeof(p->error), "no policy: no *.policy file in %s%s%s (or "
			 "all masked); put one there or pass --policy", dirs[0],
			 dirs[1] ? " or " : "", dirs[1] ? dirs[1] : "");
		return -1;
	}
	return finish(p, env);
}

/* ---- resolving against this machine --------------------------------- */

static int finish(struct policy *p, const struct policy_env *env)
{
	pol_resolve(p, env);
	if (env->coexist)
		pol_coexist(p, env);
	return pol_compile(p);
}

int policy_load(struct policy *p, const char *path, const struct policy_env *env)
{
	struct parser ps = { .p = p, .env = env, .cur_block = -1 };	/* no file yet */

	memset(p, 0, sizeof(*p));
	if (load_path(&ps, path, 1))
		return -1;
	return finish(p, env);
}

int policy_load_text(struct policy *p, const char *name, const char *text, size_t len,
		     const struct policy_env *env)
{
	struct parser ps = { .p = p, .env = env, .in_memory = true, .cur_block = -1 };
	char *buf;
	int err;

	memset(p, 0, sizeof(*p));
	ps.file = pol_intern_file(p, name);
	buf = malloc(len + 1);
	if (!ps.file || !buf) {
		free(buf);
		snprintf(p->error, sizeof(p->error), "%s: out of memory", name);
		return -1;
	}
	memcpy(buf, text, len);
	buf[len] = '\0';
	err = parse_text(&ps, buf, len);
	free(buf);
	return err ? err : finish(p, env);
}

static void free_action(struct pol_action *a)
{
	free(a->name);
	for (char **v = a->argv; v && *v; v++)
		free(*v);
	free(a->argv);
}

void policy_free(struct policy *p)
{
	for (int i = 0; i < p->nblocks; i++) {
		struct pol_block *b = &p->blocks[i];

		free(b->path);
		free(b->hid);
		free(b->uid);
		for (int j = 0; j < b->ndmi; j++)
			free(b->dmi[j].glob);
		for (int j = 0; j < b->npaths; j++)
			free(b->paths[j]);
	}
	for (int i = 0; i < p->nrules; i++) {
		free_action(&p->rules[i].act);
		free(p->rules[i].skip);
	}
	for (int i = 0; i < p->nfiles; i++)
		free(p->files[i]);
	for (int i = 0; i < p->nwarnings; i++)
		free(p->warnings[i]);
	free(p->blocks);
	free(p->rules);
	free(p->krules);
	free(p->pathmem);
	free(p->nth);
	policy_index_free(p);
	free(p->files);
	free(p->loaded);
	free(p->warnings);
	memset(p, 0, sizeof(*p));
}
