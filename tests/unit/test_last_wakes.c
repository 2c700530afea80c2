// SPDX-License-Identifier: GPL-2.0
/*
 * diag/last_wakes.c: run's last resumes in a file, read back by stats;
 * the oldest goes when full, untrusted bytes stay one escaped line, and a
 * file that is not a regular one is refused.
 */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "test.h"
#include "diag/last_wakes.h"

TEST(last_wakes_round_trip)
{
	char tmpl[] = "/tmp/acpitrace-wakes-XXXXXX", path[256], err[256] = "", line[64];
	struct last_wakes w = { 0 }, r = { 0 };
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	CHECK(mkdtemp(tmpl) != NULL);
	snprintf(path, sizeof(path), "%s/last-wakes", tmpl);
	CHECK_EQ_INT(last_wakes_load(&r, path), 0);	/* no file: none */
	CHECK_EQ_INT((int)r.n, 0);
	for (int i = 0; i < LAST_WAKES_MAX + 2; i++) {
		snprintf(line, sizeof(line), "suspend deep woken by fixed event rtc #%d", i);
		last_wakes_add(&w, "2026-12-07T15:20:00Z", line);
	}
	last_wakes_add(&w, "2026-12-07T15:21:00Z", "evil\n\x1b[31mline");
	CHECK_EQ_INT((int)w.n, LAST_WAKES_MAX);
	CHECK_STR(w.line[0], "2026-12-07T15:20:00Z suspend deep woken by fixed event rtc #3");
	CHECK_STR(w.line[LAST_WAKES_MAX - 1], "2026-12-07T15:21:00Z evil\\n\\x1b[31mline");
	CHECK_EQ_INT(last_wakes_save(&w, path, err, sizeof(err)), 0);
	CHECK_EQ_INT(last_wakes_load(&r, path), 0);
	CHECK_EQ_INT((int)r.n, LAST_WAKES_MAX);
	for (unsigned int i = 0; i < r.n && i < w.n; i++)
		CHECK_STR(r.line[i], w.line[i]);
	f = open_memstream(&text, &len);
	CHECK(f != NULL);
	if (f) {
		last_wakes_print_text(f, &r);
		fclose(f);
		CHECK_CONTAINS(text, "\nLast wakes (acpitrace run):\n  2026-12-07T15:20:00Z suspend deep");
		free(text);
		text = NULL;
	}
	f = open_memstream(&text, &len);
	if (f) {
		struct json j;

		json_init(&j, f);
		json_begin_object(&j, NULL);
		last_wakes_json(&j, &r);
		json_end_object(&j);
		fclose(f);
		CHECK_CONTAINS(text, "{\"time\":\"2026-12-07T15:21:00Z\",\"text\":\"evil\\\\n\\\\x1b[31mline\"}");
		free(text);
	}
	/* a directory (or a FIFO...) where the file should be: refused */
	unlink(path);
	CHECK_EQ_INT(mkdir(path, 0700), 0);
	CHECK_EQ_INT(last_wakes_load(&r, path), -1);
	rmdir(path);
	rmdir(tmpl);
}
