// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include <errno.h>
#include "acpi/decode.h"
#include "acpitrace.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static const char *const sources[AT_SRC_MAX] = {
	[AT_SRC_SCI] = "sci",
	[AT_SRC_GPE] = "gpe",
	[AT_SRC_FIXED] = "fixed",
	[AT_SRC_NOTIFY] = "notify",
	[AT_SRC_EC] = "ec",
	[AT_SRC_EC_QUERY] = "ec_query",
	[AT_SRC_WMI] = "wmi",
	[AT_SRC_GED] = "ged",
	[AT_SRC_METHOD] = "method",
	[AT_SRC_STORM] = "storm",
	[AT_SRC_SUSPEND] = "suspend",
	[AT_SRC_IRQ] = "irq",
};

const char *source_name(unsigned int source)
{
	return source < AT_SRC_MAX ? sources[source] : "unknown";
}

int source_from_name(const char *name)
{
	for (unsigned int i = 0; i < AT_SRC_MAX; i++)
		if (!strcmp(name, sources[i]))
			return i;
	return -1;
}

static const char *const contexts[AT_CTX_MAX] = {
	[AT_CTX_NONE] = "direct",
	[AT_CTX_SCI] = "sci",
	[AT_CTX_GPE_METHOD] = "gpe_method",
	[AT_CTX_EC_QUERY] = "ec_query",
	[AT_CTX_GED] = "ged",
	[AT_CTX_NOTIFY] = "notify_handler",
	[AT_CTX_EC_EVENT] = "ec_event",
	[AT_CTX_WORK] = "work",
	[AT_CTX_IRQ] = "irq",
};

const char *context_name(unsigned int context)
{
	return context < AT_CTX_MAX ? contexts[context] : "unknown";
}

const char *gpe_dispatch_name(unsigned int dispatch)
{
	switch (dispatch) {
	case AT_GPE_NONE: return "none";
	case AT_GPE_METHOD: return "method";
	case AT_GPE_HANDLER: return "handler";
	case AT_GPE_NOTIFY: return "notify";
	case AT_GPE_RAW_HANDLER: return "raw_handler";
	default: return "unknown";
	}
}

/* ACPI_EVENT_* in include/acpi/actypes.h */
static const char *const fixed_names[] = {
	"pm_timer", "global_lock", "power_button", "sleep_button", "rtc",
};

const char *fixed_event_name(unsigned int event)
{
	return event < ARRAY_SIZE(fixed_names) ? fixed_names[event] : "unknown";
}

int fixed_event_from_name(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(fixed_names); i++)
		if (!strcmp(name, fixed_names[i]))
			return (int)i;
	return -1;
}

/* ACPI spec table "Device Object Notification Values" */
static const char *const sys_notify[] = {
	"bus_check", "device_check", "device_wake", "eject_request",
	"device_check_light", "frequency_mismatch", "bus_mode_mismatch",
	"power_fault", "capabilities_check", "device_pld_check", "reserved",
	"system_locality_update", "shutdown_request", "affinity_update",
	"memory_update", "discard_recovery",
};

/* ACPI spec appendix B (video extensions), as acpi_video decodes them */
static const char *video_notify(uint32_t value)
{
	switch (value) {
	case 0x80: return "video_switch";
	case 0x81: return "video_probe";
	case 0x82: return "video_cycle";
	case 0x83: return "video_next_output";
	case 0x84: return "video_prev_output";
	case 0x85: return "brightness_cycle";
	case 0x86: return "brightness_up";
	case 0x87: return "brightness_down";
	case 0x88: return "brightness_zero";
	case 0x89: return "display_off";
	default: return NULL;
	}
}

const char *notify_value_name(uint32_t value, bool video)
{
	const char *v;

	if (value < ARRAY_SIZE(sys_notify))
		return sys_notify[value];
	if (value < 0x80)
		return "reserved";
	if (video && (v = video_notify(value)))
		return v;
	switch (value) {
	case 0x80: return "status_change";
	case 0x81: return "information_change";
	case 0x82: return "device_specific_0x82";
	default: return "device_specific";
	}
}

/* enum ec_command in drivers/acpi/ec.c */
const char *ec_command_name(unsigned int command)
{
	switch (command) {
	case 0x80: return "RD_EC";
	case 0x81: return "WR_EC";
	case 0x82: return "BE_EC";
	case 0x83: return "BD_EC";
	case 0x84: return "QR_EC";
	default: return "unknown";
	}
}

const char *errno_short_name(int err)
{
	switch (err) {
	case 0: return "ok";
	case -ETIME: return "ETIME";
	case -ETIMEDOUT: return "ETIMEDOUT";
	case -EINVAL: return "EINVAL";
	case -ENODEV: return "ENODEV";
	case -EBUSY: return "EBUSY";
	case -EIO: return "EIO";
	case -ENODATA: return "ENODATA";
	default: return err < 0 ? "error" : "unknown";
	}
}

/* Environmental exception codes, include/acpi/acexcep.h */
const char *acpi_status_name(uint32_t status)
{
	static const char *const names[] = {
		"AE_OK", "AE_ERROR", "AE_NO_ACPI_TABLES", "AE_NO_NAMESPACE",
		"AE_NO_MEMORY", "AE_NOT_FOUND", "AE_NOT_EXIST", "AE_ALREADY_EXISTS",
		"AE_TYPE", "AE_NULL_OBJECT", "AE_NULL_ENTRY", "AE_BUFFER_OVERFLOW",
		"AE_STACK_OVERFLOW", "AE_STACK_UNDERFLOW", "AE_NOT_IMPLEMENTED",
		"AE_SUPPORT", "AE_LIMIT", "AE_TIME",
	};

	/* control codes: how a method run ended, not errors */
	static const char *const ctrl[] = {
		"AE_CTRL_RETURN_VALUE", "AE_CTRL_PENDING", "AE_CTRL_TERMINATE",
		"AE_CTRL_TRUE", "AE_CTRL_FALSE", "AE_CTRL_DEPTH", "AE_CTRL_END",
		"AE_CTRL_TRANSFER", "AE_CTRL_BREAK", "AE_CTRL_CONTINUE",
	};

	if (status < ARRAY_SIZE(names))
		return names[status];
	if (status >= 0x4001 && status < 0x4001 + ARRAY_SIZE(ctrl))
		return ctrl[status - 0x4001];
	if ((status & 0xf000) == 0x3000)
		return "AE_AML_ERROR";
	return "AE_OTHER";
}

bool acpi_status_ok(uint32_t status)
{
	/* acpi_ps_execute_method says "returned a value" with a control code */
	return status == 0 || status == 0x4001;
}

const char *obj_type_name(unsigned int type)
{
	switch (type) {
	case AT_OBJ_INTEGER: return "integer";
	case AT_OBJ_STRING: return "string";
	case AT_OBJ_BUFFER: return "buffer";
	case AT_OBJ_PACKAGE: return "package";
	default: return "none";
	}
}
