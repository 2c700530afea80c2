// SPDX-License-Identifier: GPL-2.0
/* user/acpi/decode.c: names for sources, contexts, notify values, EC commands... */
#include <errno.h>
#include "test.h"
#include "acpi/decode.h"
#include "acpitrace.h"

TEST(decode_source_names)
{
	CHECK_STR(source_name(AT_SRC_SCI), "sci");
	CHECK_STR(source_name(AT_SRC_GPE), "gpe");
	CHECK_STR(source_name(AT_SRC_FIXED), "fixed");
	CHECK_STR(source_name(AT_SRC_NOTIFY), "notify");
	CHECK_STR(source_name(AT_SRC_EC), "ec");
	CHECK_STR(source_name(AT_SRC_EC_QUERY), "ec_query");
	CHECK_STR(source_name(AT_SRC_WMI), "wmi");
	CHECK_STR(source_name(AT_SRC_GED), "ged");
	CHECK_STR(source_name(AT_SRC_METHOD), "method");
	CHECK_STR(source_name(AT_SRC_MAX), "unknown");
	CHECK_STR(source_name(0xffffffffu), "unknown");
}

TEST(decode_source_from_name_round_trip)
{
	for (unsigned int i = 0; i < AT_SRC_MAX; i++) {
		const char *n = source_name(i);

		CHECK(n != NULL);
		CHECK(strcmp(n, "unknown") != 0);
		CHECK_EQ_INT(source_from_name(n), i);
		/* names are distinct */
		for (unsigned int j = 0; j < i; j++)
			CHECK(strcmp(n, source_name(j)) != 0);
	}
	CHECK_EQ_INT(source_from_name("unknown"), -1);
	CHECK_EQ_INT(source_from_name(""), -1);
	CHECK_EQ_INT(source_from_name("GPE"), -1);	/* case-sensitive */
	CHECK_EQ_INT(source_from_name("gpe "), -1);
	CHECK_EQ_INT(source_from_name("ec_"), -1);
	CHECK_EQ_INT(source_from_name("e"), -1);
}

TEST(decode_context_names)
{
	CHECK_STR(context_name(AT_CTX_NONE), "direct");
	CHECK_STR(context_name(AT_CTX_SCI), "sci");
	CHECK_STR(context_name(AT_CTX_GPE_METHOD), "gpe_method");
	CHECK_STR(context_name(AT_CTX_EC_QUERY), "ec_query");
	CHECK_STR(context_name(AT_CTX_GED), "ged");
	CHECK_STR(context_name(AT_CTX_NOTIFY), "notify_handler");
	CHECK_STR(context_name(AT_CTX_EC_EVENT), "ec_event");
	CHECK_STR(context_name(AT_CTX_MAX), "unknown");
	CHECK_STR(context_name(200), "unknown");
}

TEST(decode_gpe_dispatch_names)
{
	CHECK_STR(gpe_dispatch_name(AT_GPE_NONE), "none");
	CHECK_STR(gpe_dispatch_name(AT_GPE_METHOD), "method");
	CHECK_STR(gpe_dispatch_name(AT_GPE_HANDLER), "handler");
	CHECK_STR(gpe_dispatch_name(AT_GPE_NOTIFY), "notify");
	CHECK_STR(gpe_dispatch_name(AT_GPE_RAW_HANDLER), "raw_handler");
	CHECK_STR(gpe_dispatch_name(5), "unknown");
	CHECK_STR(gpe_dispatch_name(AT_GPE_UNKNOWN), "unknown");
}

/* ACPI_EVENT_PMTIMER..ACPI_EVENT_RTC in include/acpi/actypes.h */
TEST(decode_fixed_events)
{
	CHECK_STR(fixed_event_name(0), "pm_timer");
	CHECK_STR(fixed_event_name(1), "global_lock");
	CHECK_STR(fixed_event_name(2), "power_button");
	CHECK_STR(fixed_event_name(3), "sleep_button");
	CHECK_STR(fixed_event_name(4), "rtc");
	CHECK_STR(fixed_event_name(5), "unknown");
	CHECK_STR(fixed_event_name(0xffffffffu), "unknown");
	CHECK_EQ_INT(fixed_event_from_name("rtc"), 4);
	CHECK_EQ_INT(fixed_event_from_name("power_button"), 2);
	CHECK_EQ_INT(fixed_event_from_name("unknown"), -1);
}

/* ACPI_NOTIFY_* in include/acpi/actypes.h */
TEST(decode_notify_system_values)
{
	static const char *const want[] = {
		"bus_check", "device_check", "device_wake", "eject_request",
		"device_check_light", "frequency_mismatch", "bus_mode_mismatch",
		"power_fault", "capabilities_check", "device_pld_check",
		"reserved", "system_locality_update", "shutdown_request",
		"affinity_update", "memory_update", "discard_recovery",
	};

	for (unsigned int v = 0; v < ARRAY_LEN(want); v++) {
		CHECK_STR(notify_value_name(v, false), want[v]);
		/* system values mean the same on display devices */
		CHECK_STR(notify_value_name(v, true), want[v]);
	}
	CHECK_STR(notify_value_name(0x10, false), "reserved");
	CHECK_STR(notify_value_name(0x7f, false), "reserved");
	CHECK_STR(notify_value_name(0x7f, true), "reserved");
}

TEST(decode_notify_device_specific_values)
{
	CHECK_STR(notify_value_name(0x80, false), "status_change");
	CHECK_STR(notify_value_name(0x81, false), "information_change");
	CHECK_STR(notify_value_name(0x82, false), "device_specific_0x82");
	CHECK_STR(notify_value_name(0x86, false), "device_specific");
	CHECK_STR(notify_value_name(0x87, false), "device_specific");
	CHECK_STR(notify_value_name(0xff, false), "device_specific");
	CHECK_STR(notify_value_name(0x100, false), "device_specific");
	CHECK_STR(notify_value_name(0xffffffffu, false), "device_specific");
}

/* ACPI_VIDEO_NOTIFY_* in drivers/acpi/acpi_video.c */
TEST(decode_notify_video_values)
{
	CHECK_STR(notify_value_name(0x80, true), "video_switch");
	CHECK_STR(notify_value_name(0x81, true), "video_probe");
	CHECK_STR(notify_value_name(0x82, true), "video_cycle");
	CHECK_STR(notify_value_name(0x83, true), "video_next_output");
	CHECK_STR(notify_value_name(0x84, true), "video_prev_output");
	CHECK_STR(notify_value_name(0x85, true), "brightness_cycle");
	CHECK_STR(notify_value_name(0x86, true), "brightness_up");
	CHECK_STR(notify_value_name(0x87, true), "brightness_down");
	CHECK_STR(notify_value_name(0x88, true), "brightness_zero");
	CHECK_STR(notify_value_name(0x89, true), "display_off");
	/* beyond the video range: the generic names again */
	CHECK_STR(notify_value_name(0x8a, true), "device_specific");
	CHECK_STR(notify_value_name(0x90, true), "device_specific");
}

/* enum ec_command in drivers/acpi/ec.c */
TEST(decode_ec_commands)
{
	CHECK_STR(ec_command_name(0x80), "RD_EC");
	CHECK_STR(ec_command_name(0x81), "WR_EC");
	CHECK_STR(ec_command_name(0x82), "BE_EC");
	CHECK_STR(ec_command_name(0x83), "BD_EC");
	CHECK_STR(ec_command_name(0x84), "QR_EC");
	CHECK_STR(ec_command_name(0x00), "unknown");
	CHECK_STR(ec_command_name(0x7f), "unknown");
	CHECK_STR(ec_command_name(0x85), "unknown");
	CHECK_STR(ec_command_name(0x180), "unknown");
}

TEST(decode_errno_names)
{
	CHECK_STR(errno_short_name(0), "ok");
	CHECK_STR(errno_short_name(-ETIME), "ETIME");
	CHECK_STR(errno_short_name(-ETIMEDOUT), "ETIMEDOUT");
	CHECK_STR(errno_short_name(-EINVAL), "EINVAL");
	CHECK_STR(errno_short_name(-ENODEV), "ENODEV");
	CHECK_STR(errno_short_name(-EBUSY), "EBUSY");
	CHECK_STR(errno_short_name(-EIO), "EIO");
	CHECK_STR(errno_short_name(-ENODATA), "ENODATA");
	CHECK_STR(errno_short_name(-EPERM), "error");
	CHECK_STR(errno_short_name(-ENOMEM), "error");
	/* errno values are negative: a positive one is not an errno */
	CHECK_STR(errno_short_name(ETIME), "unknown");
	CHECK_STR(errno_short_name(1), "unknown");
}

/* Environmental exceptions, include/acpi/acexcep.h */
TEST(decode_acpi_status_names)
{
	CHECK_STR(acpi_status_name(0x0000), "AE_OK");
	CHECK_STR(acpi_status_name(0x0001), "AE_ERROR");
	CHECK_STR(acpi_status_name(0x0005), "AE_NOT_FOUND");
	CHECK_STR(acpi_status_name(0x0008), "AE_TYPE");
	CHECK_STR(acpi_status_name(0x000b), "AE_BUFFER_OVERFLOW");
	CHECK_STR(acpi_status_name(0x000e), "AE_NOT_IMPLEMENTED");
	CHECK_STR(acpi_status_name(0x0010), "AE_LIMIT");
	CHECK_STR(acpi_status_name(0x0011), "AE_TIME");
	CHECK_STR(acpi_status_name(0x0012), "AE_OTHER");
	CHECK_STR(acpi_status_name(0x3000), "AE_AML_ERROR");
	CHECK_STR(acpi_status_name(0x4001), "AE_CTRL_RETURN_VALUE");
	CHECK_STR(acpi_status_name(0x2000), "AE_OTHER");
	CHECK(acpi_status_ok(0) && acpi_status_ok(0x4001) && !acpi_status_ok(5));	/* AML codes */
	CHECK_STR(acpi_status_name(0xffffffffu), "AE_OTHER");
}

TEST(decode_obj_types)
{
	CHECK_STR(obj_type_name(AT_OBJ_NONE), "none");
	CHECK_STR(obj_type_name(AT_OBJ_INTEGER), "integer");
	CHECK_STR(obj_type_name(AT_OBJ_STRING), "string");
	CHECK_STR(obj_type_name(AT_OBJ_BUFFER), "buffer");
	CHECK_STR(obj_type_name(AT_OBJ_PACKAGE), "package");
	CHECK_STR(obj_type_name(5), "none");
}
