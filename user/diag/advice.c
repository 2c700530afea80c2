// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdio.h>
#include "diag/advice.h"
#include "diag/storm_mask.h"
#include "acpitrace.h"

enum advice_ec advice_gpe_is_ec(const char *ec_gpe_file, unsigned int gpe, int has_method)
{
	unsigned int ec;

	if (!storm_ec_gpe_read(ec_gpe_file, &ec))
		return ec == gpe ? ADVICE_EC_YES : ADVICE_EC_NO;
	if (has_method < 0)
		return ADVICE_EC_UNKNOWN;
	/* the EC's GPE is handled by the EC driver, never by an _Lxx/_Exx */
	return has_method ? ADVICE_EC_NO : ADVICE_EC_YES;
}

bool wake_advice(unsigned int source, unsigned int number, uint64_t n, uint64_t total,
		 enum advice_ec ec, char *buf, size_t len)
{
	int w;

	if (source != AT_SRC_GPE || total < ADVICE_MIN_SPURIOUS || n * 2 <= total)
		return false;
	w = snprintf(buf, len, "advice: GPE 0x%02X caused %" PRIu64 " of %" PRIu64
		     " spurious s2idle wakeups; ", number, n, total);
	if (w < 0 || (size_t)w >= len)
		return true;
	if (ec == ADVICE_EC_YES)
		snprintf(buf + w, len - w, "it is the embedded controller's: boot with "
			 "acpi.ec_no_wakeup=1 to keep EC events from waking s2idle");
	else
		snprintf(buf + w, len - w, "mask it with 'echo disable > "
			 "/sys/firmware/acpi/interrupts/gpe%02X' (until reboot) or boot with "
			 "acpi_mask_gpe=0x%02X%s", number, number,
			 ec == ADVICE_EC_UNKNOWN ? "; if it is the embedded controller's, "
			 "acpi.ec_no_wakeup=1 instead" : "");
	return true;
}
