// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "capture/filter.h"
#include "lib/parse.h"
#include "acpi/decode.h"
#include "acpi/acpi_path.h"

int filter_add_sources(struct at_filter *f, const char *list, const char **err)
{
	char buf[256], *save = NULL, *tok;

	if (strlen(list) >= sizeof(buf)) {
		*err = "list too long";
		return -1;
	}
	strcpy(buf, list);
	for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int s = source_from_name(tok);

		if (s < 0) {
			*err = "unknown source (sci, gpe, fixed, notify, ec, ec_query, wmi, ged, method, suspend, irq)";
			return -1;
		}
		f->source_mask |= 1U << s;
	}
	if (!f->source_mask) {
		*err = "empty source list";
		return -1;
	}
	return 0;
}

int filter_set_gpe(struct at_filter *f, const char *text, const char **err)
{
	uint64_t v;

	if (parse_u64(text, &v) || v > 0xffff) {
		*err = "expected a GPE number such as 0x6e or 110";
		return -1;
	}
	f->gpe_set = 1;
	f->gpe = v;
	return 0;
}

int filter_set_value(struct at_filter *f, const char *text, const char **err)
{
	uint64_t v;

	if (parse_u64(text, &v)) {
		*err = "expected a number such as 0x80 or 128";
		return -1;
	}
	f->value_set = 1;
	f->value = v;
	return 0;
}

int filter_set_path(struct at_filter *f, const char *text, const char **err)
{
	uint32_t segs[AT_PATH_SEGS];
	int prefix, n;

	n = acpi_path_parse(text, segs, AT_PATH_SEGS, &prefix, err);
	if (n < 0)
		return -1;
	if (!n) {
		*err = "'\\*' matches everything; leave --path out instead";
		return -1;
	}
	memcpy(f->path_seg, segs, n * sizeof(segs[0]));
	f->path_depth = n;
	f->path_flags = prefix ? AT_FILTER_PATH_PREFIX : 0;
	return 0;
}
