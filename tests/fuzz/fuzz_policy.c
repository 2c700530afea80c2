// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the policy parser: any text either loads or fails
 * with a file:line:column message, never crashes, leaks or overruns.
 * Resolution runs against an empty sysfs root so the machine is irrelevant.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "policy/policy.h"
#include "policy/policy_print.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct policy_env env = { .root = "/nonexistent-fuzz-root", .as_root = false };
	struct policy p;
	struct at_event e = { 0 };
	uint64_t code;

	if (policy_load_text(&p, "fuzz.policy", (const char *)data, size, &env) == 0) {
		/* a loaded policy must also match without trouble */
		for (int s = 0; s < AT_SRC_MAX; s++) {
			e.source = s;
			e.number = size;
			e.data_len = size < AT_DATA_MAX ? size : AT_DATA_MAX;
			memcpy(e.data, data, e.data_len);
			policy_match(&p, &e, &code);
		}
	} else if (!strchr(p.error, ':')) {
		abort();	/* every error names where it is */
	}
	policy_free(&p);
	return 0;
}
