// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <bpf/bpf.h>
#include <bpf/libbpf.h>
#include "lib/percpu.h"

int percpu_sum_u64(int fd, const void *key, uint64_t *out, size_t words)
{
	int ncpu = libbpf_num_possible_cpus();
	uint64_t *v;

	memset(out, 0, words * 8);
	if (ncpu <= 0)
		return -1;
	v = calloc(ncpu, words * 8);
	if (!v)
		return -1;
	if (bpf_map_lookup_elem(fd, key, v)) {
		free(v);
		return 1;
	}
	for (int c = 0; c < ncpu; c++)
		for (size_t w = 0; w < words; w++)
			out[w] += v[c * words + w];
	free(v);
	return 0;
}
