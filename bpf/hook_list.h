/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Every kernel function acpitrace hooks, declared once.  The BPF side
 * (bpf/hook.bpf.h) makes the hook ids of its per-task frames from it,
 * user space (user/capture/hooks.c) the table the loader, `probe` and `trace -v`
 * work from.  The programs of a hook live in bpf/hooks/<family>.bpf.h,
 * named <flavour>_<name> (fe_/fx_ fentry/fexit, kp_/kr_ kprobe/kretprobe,
 * tp_ raw tracepoint); tests/unit/test_hooks.c checks that the object has
 * the programs each entry promises, on the function it names.
 *
 * Adding a hook: one X() line here, its logic and wrappers in its family.
 *
 * X(name, kernel function, module (NULL: vmlinux; with HOOK_FOR_MODULE the
 *   module it serves), HOOK_* flags, fallback_for (NULL, or the hook this
 *   one stands in for), what it gives)
 */
#ifndef AT_HOOK_LIST_H
#define AT_HOOK_LIST_H

#define HOOK_ENTRY	0x1	/* has an entry half (fe_/kp_) */
#define HOOK_EXIT	0x2	/* has an exit half (fx_/kr_) */
#define HOOK_METHODS	0x4	/* only with --methods */
#define HOOK_TRACEPOINT	0x8	/* a raw tracepoint (tp_ program), not a function */
#define HOOK_AUX	0x10	/* attached only beside an event hook (links chains, suspend) */
#define HOOK_IRQ	0x20	/* only with the irq source (-s irq) */
/*
 * The function is vmlinux's, but only the module named serves events
 * through it: the hook is attached while that module is loaded, like the
 * module's own hooks (acpi_evaluate_object is called for every GED and
 * GPE method; its _WED results come only from the wmi module).
 */
#define HOOK_FOR_MODULE	0x40

#define AT_HOOKS(X)								\
	X(sci, acpi_ev_sci_xrupt_handler, NULL, HOOK_ENTRY | HOOK_EXIT, NULL,	\
	  "SCI interrupts and their duration")					\
	X(gev, acpi_global_event_handler, NULL, HOOK_ENTRY, NULL,		\
	  "every GPE (EC's raw-handler GPE included) and fixed event")		\
	X(gpe_detect, acpi_ev_detect_gpe, NULL, HOOK_EXIT, NULL,		\
	  "GPE dispatch type, method and handling duration")			\
	X(gpe_method, acpi_ev_asynch_execute_gpe_method, NULL, HOOK_ENTRY | HOOK_EXIT, NULL, \
	  "_Lxx/_Exx runs in kacpid (chain GPE -> method)")			\
	X(os_execute, acpi_os_execute, NULL, HOOK_ENTRY, NULL,			\
	  "causal links across deferred ACPI work")				\
	X(notify, acpi_ev_queue_notify_request, NULL, HOOK_ENTRY, NULL,		\
	  "every AML Notify()")							\
	X(notify_dispatch, acpi_ev_notify_dispatch, NULL, HOOK_ENTRY | HOOK_EXIT, NULL, \
	  "links Notify handlers (WMI...) to their Notify")			\
	X(ec_txn, acpi_ec_transaction_unlocked, NULL, HOOK_ENTRY | HOOK_EXIT, NULL, \
	  "every EC transaction, AML OpRegion accesses included")		\
	X(ec_txn_locked, acpi_ec_transaction, NULL, HOOK_ENTRY | HOOK_EXIT, "ec_txn", \
	  "EC transactions (older kernels; no AML OpRegion reads on 6.1.158+)")	\
	X(ec_gpe, acpi_ec_gpe_handler, NULL, HOOK_ENTRY, NULL,			\
	  "links the EC's GPE to its query work")				\
	X(ec_event, acpi_ec_event_handler, NULL, HOOK_ENTRY | HOOK_EXIT, NULL,	\
	  "links QR_EC transactions to the EC GPE")				\
	X(ec_query, acpi_ec_event_processor, NULL, HOOK_ENTRY | HOOK_EXIT, NULL, \
	  "EC query events (_Qxx or driver handler) and their duration")	\
	X(ged, acpi_ged_irq_handler, NULL, HOOK_ENTRY | HOOK_EXIT, NULL,	\
	  "Generic Event Device interrupts (_EVT) on hardware-reduced platforms") \
	X(eval, acpi_evaluate_object, "wmi", HOOK_EXIT | HOOK_FOR_MODULE, NULL,	\
	  "WMI event data returned by _WED")					\
	X(wmi_notify, acpi_wmi_notify_handler, "wmi", HOOK_ENTRY | HOOK_EXIT, NULL, \
	  "WMI events (notify id, device)")					\
	X(wmi_device, wmi_notify_device, "wmi", HOOK_ENTRY | HOOK_EXIT, NULL,	\
	  "WMI event GUIDs from the WMI core (6.12+)")				\
	X(method, acpi_ps_execute_method, NULL, HOOK_ENTRY | HOOK_EXIT | HOOK_METHODS, NULL, \
	  "AML method evaluations (--methods)")					\
	X(work_queue, workqueue_queue_work, NULL, HOOK_TRACEPOINT | HOOK_AUX, NULL, \
	  "links work items queued inside a chain (drivers' deferred ACPI work)") \
	X(work_start, workqueue_execute_start, NULL, HOOK_TRACEPOINT | HOOK_AUX, NULL, \
	  "continues the chain in the worker")					\
	X(work_end, workqueue_execute_end, NULL, HOOK_TRACEPOINT | HOOK_AUX, NULL, \
	  "ends it")								\
	X(suspend, suspend_resume, NULL, HOOK_TRACEPOINT | HOOK_AUX, NULL,	\
	  "suspend cycles and what woke them (beside the ACPI event hooks)")	\
	X(irq_entry, irq_handler_entry, NULL, HOOK_TRACEPOINT | HOOK_IRQ, NULL,	\
	  "hard IRQs of ACPI/PNP devices (-s irq)")				\
	X(irq_exit, irq_handler_exit, NULL, HOOK_TRACEPOINT | HOOK_IRQ, NULL,	\
	  "their handlers' duration and result")

#endif /* AT_HOOK_LIST_H */
