/* SPDX-License-Identifier: GPL-2.0 */
/* Command-line filters compiled into the in-kernel struct at_filter. */
#ifndef FILTER_H
#define FILTER_H

#include <stdint.h>
#include "acpitrace.h"

/* Each returns 0, or -1 with a reason in @err (for "--opt VALUE: reason"). */
int filter_add_sources(struct at_filter *f, const char *list, const char **err);
int filter_set_gpe(struct at_filter *f, const char *text, const char **err);
int filter_set_value(struct at_filter *f, const char *text, const char **err);
int filter_set_path(struct at_filter *f, const char *text, const char **err);

#endif
