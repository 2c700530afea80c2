// SPDX-License-Identifier: GPL-2.0
#include <string.h>
#include "capture/hooks.h"

#define E HOOK_ENTRY
#define X HOOK_EXIT

const struct hook hooks[] = {
	{ "sci", "acpi_ev_sci_xrupt_handler", NULL, E | X, NULL,
	  "SCI interrupts and their duration" },
	{ "gev", "acpi_global_event_handler", NULL, E, NULL,
	  "every GPE (EC's raw-handler GPE included) and fixed event" },
	{ "gpe_detect", "acpi_ev_detect_gpe", NULL, X, NULL,
	  "GPE dispatch type, method and handling duration" },
	{ "gpe_method", "acpi_ev_asynch_execute_gpe_method", NULL, E | X, NULL,
	  "_Lxx/_Exx runs in kacpid (chain GPE -> method)" },
	{ "os_execute", "acpi_os_execute", NULL, E, NULL,
	  "causal links across deferred ACPI work" },
	{ "notify", "acpi_ev_queue_notify_request", NULL, E | X, NULL,
	  "every AML Notify()" },
	{ "notify_dispatch", "acpi_ev_notify_dispatch", NULL, E | X, NULL,
	  "links Notify handlers (WMI...) to their Notify" },
	{ "ec_txn", "acpi_ec_transaction_unlocked", NULL, E | X, NULL,
	  "every EC transaction, AML OpRegion accesses included" },
	{ "ec_txn_locked", "acpi_ec_transaction", NULL, E | X, "ec_txn",
	  "EC transactions (older kernels; no AML OpRegion reads on 6.1.158+)" },
	{ "ec_gpe", "acpi_ec_gpe_handler", NULL, E, NULL,
	  "links the EC's GPE to its query work" },
	{ "ec_event", "acpi_ec_event_handler", NULL, E | X, NULL,
	  "links QR_EC transactions to the EC GPE" },
	{ "ec_query", "acpi_ec_event_processor", NULL, E | X, NULL,
	  "EC query events (_Qxx or driver handler) and their duration" },
	{ "ged", "acpi_ged_irq_handler", NULL, E | X, NULL,
	  "Generic Event Device interrupts (_EVT) on hardware-reduced platforms" },
	{ "eval", "acpi_evaluate_object", NULL, X, NULL,
	  "WMI event data returned by _WED" },
	{ "wmi_notify", "acpi_wmi_notify_handler", "wmi", E | X, NULL,
	  "WMI events (notify id, device)" },
	{ "wmi_device", "wmi_notify_device", "wmi", E | X, NULL,
	  "WMI event GUIDs from the WMI core (6.12+)" },
	{ "method", "acpi_ps_execute_method", NULL, E | X | HOOK_METHODS, NULL,
	  "AML method evaluations (--methods)" },
	{ "work_queue", "workqueue_queue_work", NULL, HOOK_TRACEPOINT | HOOK_AUX, NULL,
	  "links work items queued inside a chain (drivers' deferred ACPI work)" },
	{ "work_start", "workqueue_execute_start", NULL, HOOK_TRACEPOINT | HOOK_AUX, NULL,
	  "continues the chain in the worker" },
	{ "work_end", "workqueue_execute_end", NULL, HOOK_TRACEPOINT | HOOK_AUX, NULL,
	  "ends it" },
};

#undef E
#undef X

const unsigned int nr_hooks = sizeof(hooks) / sizeof(hooks[0]);

const struct hook *hook_by_name(const char *name)
{
	for (unsigned int i = 0; i < nr_hooks; i++)
		if (!strcmp(hooks[i].name, name))
			return &hooks[i];
	return NULL;
}
