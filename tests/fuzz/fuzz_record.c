// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the record decoder and both renderers: any bytes
 * taken as a struct at_event (what the ring buffer hands over), rendered
 * as text and as JSON, without and with sysfs names for its device.
 *
 * Input: sizeof(struct at_event) bytes of record (zero-padded when
 * shorter), then optionally up to 128 bytes for the fake sysfs entry of
 * the record's path (device name, HID, WMI GUID; arbitrary bytes too).
 *
 * Checks: JSON output is one valid JSON value and one line; text output
 * is one line without a control byte, DEL, or bidi override; neither
 * reads outside the record (ASan).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "record/output.h"
#include "acpi/acpi_path.h"
#include "json_check.h"

static void render(const struct at_event *e, bool json, const struct acpi_sysfs *sys)
{
	struct output o = { .json = json, .t0_ns = 1000, .sys = sys };
	char *buf = NULL;
	size_t len = 0;

	o.out = open_memstream(&buf, &len);
	if (!o.out)
		return;
	output_event(&o, e);
	fclose(o.out);
	if (!len || buf[len - 1] != '\n' || memchr(buf, '\n', len - 1))
		abort();	/* one record, one line */
	if (json) {
		if (json_check(buf, len))
			abort();
	} else {
		for (size_t i = 0; i + 1 < len; i++) {
			unsigned char c = buf[i];

			if (c < 0x20 || c == 0x7f)
				abort();
			/* U+202A..U+202E, U+2066..U+2069 */
			if (c == 0xe2 && i + 2 < len &&
			    ((buf[i + 1] == (char)0x80 && (unsigned char)buf[i + 2] >= 0xaa &&
			      (unsigned char)buf[i + 2] <= 0xae) ||
			     (buf[i + 1] == (char)0x81 && (unsigned char)buf[i + 2] >= 0xa6 &&
			      (unsigned char)buf[i + 2] <= 0xa9)))
				abort();
		}
	}
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* heap, exactly its size: ASan sees any read past the record */
	struct at_event *e = malloc(sizeof(*e));
	struct acpi_dev_entry dev = { 0 };
	struct wmi_entry wmi = { 0 };
	struct acpi_sysfs sys = { .devs = &dev, .ndevs = 1, .wmi = &wmi, .nwmi = 1 };
	size_t n = size < sizeof(*e) ? size : sizeof(*e);
	const uint8_t *extra = data + n;
	size_t nextra = size - n;

	if (!e)
		return 0;
	memset(e, 0, sizeof(*e));
	memcpy(e, data, n);
	render(e, false, NULL);
	render(e, true, NULL);

	/* the same record with sysfs knowing its device (names from the input) */
	acpi_path_format(&e->path, dev.path, sizeof(dev.path));
	if (nextra) {
		size_t a = nextra < sizeof(dev.name) - 1 ? nextra : sizeof(dev.name) - 1;

		memcpy(dev.name, extra, a);
		extra += a, nextra -= a;
		a = nextra < sizeof(dev.hid) - 1 ? nextra : sizeof(dev.hid) - 1;
		memcpy(dev.hid, extra, a);
		extra += a, nextra -= a;
		a = nextra < sizeof(wmi.guid) - 1 ? nextra : sizeof(wmi.guid) - 1;
		memcpy(wmi.guid, extra, a);
	}
	snprintf(wmi.device, sizeof(wmi.device), "%s", dev.path);
	wmi.notify_id = e->wmi.notify_id;
	render(e, false, &sys);
	render(e, true, &sys);
	free(e);
	return 0;
}
