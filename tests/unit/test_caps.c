// SPDX-License-Identifier: GPL-2.0
/* Which effective capabilities let acpitrace load BPF (user/capture/kernel.c). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "test.h"
#include "capture/kernel.h"

TEST(caps_allow_bpf)
{
	CHECK(!kernel_caps_allow_bpf(0));
	CHECK(!kernel_caps_allow_bpf(1ULL << 39));		/* CAP_BPF alone */
	CHECK(!kernel_caps_allow_bpf(1ULL << 38));		/* CAP_PERFMON alone */
	CHECK(kernel_caps_allow_bpf(3ULL << 38));		/* both */
	CHECK(kernel_caps_allow_bpf(1ULL << 21));		/* CAP_SYS_ADMIN */
	CHECK(kernel_caps_allow_bpf(0x000001ffffffffffULL));	/* root */
}

TEST(caps_from_status_file)
{
	char path[] = "/tmp/acpitrace-capsXXXXXX";
	int fd = mkstemp(path);
	FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;

	if (!f) {
		test_fail(__FILE__, __LINE__, "mkstemp failed");
		return;
	}
	fprintf(f, "Name:\tacpitrace\nCapInh:\t0000000000000000\nCapPrm:\t0000000000000000\n"
		"CapEff:\t000000c000000000\nCapBnd:\t000001ffffffffff\n");
	fclose(f);
	CHECK_EQ_INT(kernel_capeff(path), 0xc000000000ULL);
	CHECK(kernel_caps_allow_bpf(kernel_capeff(path)));
	unlink(path);
	CHECK_EQ_INT(kernel_capeff("/nonexistent/status"), (long long)~0ULL);
}
