/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Records and configuration shared by the BPF programs and user space.
 * Everything here is plain fixed-size data: it crosses the ring buffer and
 * BPF maps as raw bytes, so field order and sizes are part of the ABI
 * between acpitrace.bpf.c and user/.
 */
#ifndef ACPITRACE_H
#define ACPITRACE_H

#ifndef __VMLINUX_H__
#include <linux/types.h>
#endif

/* Event sources; also indexes of the per-source counters. */
enum at_source {
	AT_SRC_SCI = 0,
	AT_SRC_GPE,
	AT_SRC_FIXED,
	AT_SRC_NOTIFY,
	AT_SRC_EC,
	AT_SRC_EC_QUERY,
	AT_SRC_WMI,
	AT_SRC_GED,
	AT_SRC_METHOD,
	AT_SRC_STORM,		/* storm begin/end records (bpf/stats.h) */
	AT_SRC_SUSPEND,		/* one record per suspend cycle (hooks/suspend.bpf.h) */
	AT_SRC_IRQ,		/* hard IRQs of ACPI/PNP devices, opt-in (hooks/irq.bpf.h) */
	AT_SRC_MAX,
};

/* Where a Notify() or a method evaluation came from. */
enum at_context {
	AT_CTX_NONE = 0,	/* a driver or user evaluated AML directly */
	AT_CTX_SCI,		/* inside the SCI handler */
	AT_CTX_GPE_METHOD,	/* _Lxx/_Exx run by kacpid */
	AT_CTX_EC_QUERY,	/* _Qxx run by kec_query */
	AT_CTX_GED,		/* GED _EVT / _Exx / _Lxx */
	AT_CTX_NOTIFY,		/* a Notify handler (kacpi_notify) */
	AT_CTX_EC_EVENT,	/* EC event work (QR_EC issued by kec) */
	AT_CTX_WORK,		/* a work item queued while handling an event */
	AT_CTX_IRQ,		/* a hard IRQ handler (the irq source) */
	AT_CTX_MAX,
};

/* ACPICA's GPE dispatch types (flags & ACPI_GPE_DISPATCH_MASK). */
enum at_gpe_dispatch {
	AT_GPE_NONE = 0,
	AT_GPE_METHOD = 1,
	AT_GPE_HANDLER = 2,
	AT_GPE_NOTIFY = 3,
	AT_GPE_RAW_HANDLER = 4,
	AT_GPE_UNKNOWN = 0xff,	/* dispatch info was not reachable */
};

/*
 * A method record (AT_SRC_METHOD) carries in subtype the dispatch type of
 * the GPE whose _Lxx/_Exx ran, or this: a method evaluation (--methods, a
 * watched name), no GPE.  Same value as AT_GPE_UNKNOWN, which a method
 * record never carries (the dispatch type is read before the method runs).
 */
#define AT_METHOD_EVAL		0xff

/* ACPI object types as returned by _WED (ACPI_TYPE_*). */
enum at_obj_type {
	AT_OBJ_NONE = 0,
	AT_OBJ_INTEGER = 1,
	AT_OBJ_STRING = 2,
	AT_OBJ_BUFFER = 3,
	AT_OBJ_PACKAGE = 4,
};

/* What at_emit() did with a record (the BPF test programs return it). */
enum at_emit_result {
	AT_EMIT_SENT = 0,	/* reached the ring buffer */
	AT_EMIT_FILTERED,	/* filter, policy, or a source mismatch */
	AT_EMIT_RATELIMITED,
	AT_EMIT_DROPPED,	/* the ring buffer was full */
};

/* Record flags. */
#define AT_F_HAS_DURATION	0x0001
#define AT_F_HAS_GUID		0x0002	/* wmi.guid came from the kernel */
#define AT_F_HAS_DATA		0x0004	/* payload valid */
#define AT_F_DRIVER_HANDLER	0x0008	/* EC query / GPE went to a C handler */
#define AT_F_PATH_TRUNC		0x0010	/* path deeper than AT_PATH_SEGS */
#define AT_F_DATA_TRUNC		0x0020	/* payload longer than AT_DATA_MAX */
#define AT_F_HAS_RETURN		0x0040	/* method returned an Integer: value */
#define AT_F_SUSP_SYSFS		0x0080	/* suspend: user space filled at_suspend's sysfs part */
#define AT_F_SUSP_HW_SLEEP	0x0100	/* suspend: last_hw_sleep exists on this kernel */
#define AT_F_HAS_SMI		0x0200	/* smi: SMIs while the work ran (same CPU) */
#define AT_F_SMI_START		0x0400	/* BPF only: smi holds the start count until emit */
#define AT_F_HAS_ARGS		0x0800	/* method: data[] holds struct at_method_io's arguments */
#define AT_F_RET_BUFFER		0x1000	/* method returned a Buffer: value = its length, bytes in ret_buf */

/* Method names watched without full method tracing (at_method_watch). */
#define AT_WATCH_MAX	64

#define AT_PATH_SEGS	12
#define AT_DATA_MAX	64
#define AT_COMM_LEN	16

/*
 * An ACPI namespace path, leaf first: seg[0] is the node's own 4-char
 * name, seg[depth-1] the child of the root.  Names keep ACPICA's '_'
 * padding; user space trims it when printing.
 */
struct at_path {
	__u32 seg[AT_PATH_SEGS];
	__u8 depth;
	__u8 pad[3];
};

struct at_ec {
	__u8 command;
	__u8 wlen;
	__u8 rlen;
	__u8 pad;
	__u8 wdata[4];
	__u8 rdata[4];
};

/*
 * Where wmi_notify_device's hook finds a struct wmi_block's fields (byte
 * offsets), read by user space from the wmi module's BTF (capture/
 * wmi_layout.c) and written into the map of section .data.wmi_layout.
 * Not CO-RE: libbpf 1.1 relocates against no module BTF when given the
 * minimised vmlinux BTF, and without it parses the whole vmlinux BTF.
 */
#define AT_WMI_LAYOUT_MAX	0xffff	/* the largest offset (user space checks) */

struct at_wmi_layout {
	__u32 ok;		/* 0: the hook does nothing */
	__u32 dev;		/* wmi_block.dev.dev (the struct device the hook gets) */
	__u32 guid;		/* wmi_block.gblock.guid */
	__u32 notify_id;	/* wmi_block.gblock.notify_id */
	__u32 flags;		/* wmi_block.gblock.flags */
	__u32 acpi_device;	/* wmi_block.acpi_device (a pointer) */
};

struct at_wmi {
	__u8 guid[16];		/* raw guid_t bytes, printed as %pUL */
	__u32 notify_id;
};

/*
 * A method evaluation record (AT_SRC_METHOD, subtype AT_METHOD_EVAL) keeps
 * this in data[] (data_len = its size) when it has AT_F_HAS_ARGS or
 * AT_F_RET_BUFFER.  The arguments are read when the method starts: argc
 * counts them all (up to 7), the first AT_ARGS_MAX have their ACPI type
 * (enum at_obj_type, or ACPICA's internal type number) and in arg[] an
 * Integer's value or a Buffer's or String's length.  The first Buffer
 * argument among those keeps its first AT_ARG_BUF bytes in arg_buf (hp-wmi's
 * WMAA Arg2, a 16-byte bios_args header).  A returned Buffer keeps its
 * first AT_RET_BUF bytes in ret_buf, its length in the record's value; an
 * Integer result stays in value with AT_F_HAS_RETURN, as before.
 */
#define AT_ARGS_MAX	3
#define AT_ARG_BUF	16
#define AT_RET_BUF	16
#define AT_ARG_NONE	0xff	/* buf_arg: no Buffer argument */

struct at_method_io {
	__u8 argc;			/* arguments given */
	__u8 arg_type[AT_ARGS_MAX];	/* ACPI object type of args 0..AT_ARGS_MAX-1 */
	__u8 buf_arg;			/* which argument arg_buf holds, AT_ARG_NONE */
	__u8 arg_buf_len;		/* bytes valid in arg_buf */
	__u8 ret_len;			/* bytes valid in ret_buf */
	__u8 pad;
	__u64 arg[AT_ARGS_MAX];		/* Integer: value; Buffer, String: length */
	__u8 arg_buf[AT_ARG_BUF];
	__u8 ret_buf[AT_RET_BUF];
};

/*
 * A suspend record (AT_SRC_SUSPEND) keeps this in data[].  number is the
 * state (1 s2idle, 2 standby, 3 deep), ts_ns the monotonic entry time,
 * duration_ns the whole cycle on the boot clock (sleep included), value
 * the time asleep (the boot clock's gain over the monotonic one, which
 * stops while the machine sleeps).  The wake candidates are the first
 * events after the last resume: path is the SCI event's (GPE method),
 * path2 the GED's (_EVT).
 */
struct at_suspend {
	__u64 wake_chain;	/* first SCI event (GPE, fixed event) after the last resume */
	__u64 ged_chain;	/* first GED event after the last resume, 0 = none */
	__u32 wake_number;	/* its GPE or fixed event id */
	__u32 ged_irq;
	__u32 spurious_number;
	__u16 wake_events;	/* ACPI events after the last resume, before thaw */
	__u16 spurious;		/* ACPI events of wakeups that went back to sleep */
	__u16 entries;		/* platform sleep entries (s2idle: 1 + spurious wakeups) */
	__u8 wake_source;	/* AT_SRC_GPE, AT_SRC_FIXED; AT_SRC_MAX: none */
	__u8 spurious_source;	/* the first spurious event's source */
	/* user space, when the record arrives (AT_F_SUSP_SYSFS for the deltas) */
	__u8 pick;		/* enum at_wake_pick */
	__u8 status_event;	/* AT_WAKE_STATUS: the fixed event whose status is set */
	__u8 pad[2];
	__u32 wakeup_irq;	/* /sys/power/pm_wakeup_irq, 0 = none */
	__u32 d_success;	/* /sys/power/suspend_stats deltas since the previous record */
	__u32 d_fail;
	__u64 last_hw_sleep_us;	/* with AT_F_SUSP_HW_SLEEP */
};

/* What woke the machine, decided in user space (user/capture/suspend_sysfs.c). */
enum at_wake_pick {
	AT_WAKE_UNKNOWN = 0,
	AT_WAKE_SCI,		/* the GPE or fixed event (wake_*) */
	AT_WAKE_GED,		/* the GED event (ged_*) */
	AT_WAKE_IRQ,		/* pm_wakeup_irq, no ACPI event of that IRQ */
	AT_WAKE_STATUS,		/* S3/S1: a fixed event's status bit, no event ran */
};

/*
 * The irq source (opt-in): user space puts the IRQs that ACPI/PNP devices
 * own into the irq_watch map (user/acpi/irq_owner.c), each with its device's
 * path; an IRQ record (AT_SRC_IRQ) has number = IRQ, result = the
 * handler's irqreturn_t, path = the device, data = the handler's name
 * (irqaction.name, NUL-terminated), duration = the hard IRQ handler's.
 */
#define AT_IRQ_WATCH_MAX	64
#define AT_IRQ_SCI		0x1	/* the SCI: its SCI record continues the chain */
#define AT_IRQ_GED		0x2	/* a GED's: its GED record continues the chain */

struct at_irq_watch {
	struct at_path path;	/* the device that owns the IRQ, depth 0 = none */
	__u32 flags;		/* AT_IRQ_* */
	__u32 pad;
};

#define AT_SUSP_S2IDLE	1
#define AT_SUSP_STANDBY	2
#define AT_SUSP_DEEP	3

struct at_event {
	__u64 ts_ns;		/* bpf_ktime_get_ns() when the work started */
	__u64 id;		/* unique record id, never 0 */
	__u64 parent;		/* id of the record that caused this one, 0 = none */
	__u64 chain;		/* id of the chain's root record */
	__u64 duration_ns;	/* valid with AT_F_HAS_DURATION */
	__u64 value;		/* integer payload (notify value, _WED integer...) */
	__u32 cpu;
	__u32 pid;
	char comm[AT_COMM_LEN];
	__u8 source;		/* enum at_source */
	__u8 context;		/* enum at_context */
	__u8 subtype;		/* GPE dispatch, fixed event, payload type */
	__u8 depth;		/* position in the chain, 0 = root */
	__u16 flags;		/* AT_F_* */
	__u16 data_len;		/* bytes valid in data[] */
	__s32 result;		/* errno (EC) or acpi_status (methods) */
	__u32 number;		/* GPE, query, fixed event, IRQ, notify value */
	__u32 smi;		/* with AT_F_HAS_SMI: SMIs on this CPU while the work ran */
	__u32 pad2;
	struct at_path path;	/* primary path: target, method, device */
	struct at_path path2;	/* secondary: GPE block device, GED _EVT... */
	struct at_ec ec;
	struct at_wmi wmi;
	union {
		__u8 data[AT_DATA_MAX];
		struct at_method_io io;	/* method records with AT_F_HAS_ARGS / AT_F_RET_BUFFER */
	};
};

/*
 * A record whose fields past the primary path are all zero (a Notify's)
 * goes on the ring as its head alone: AT_EV_HEAD bytes, rounded up to the
 * ring buffer's 8 bytes (so the first word of path2, written as zero, is
 * part of it).  Readers zero the rest (user/capture/ring_record.h).
 */
#define AT_EV_HEAD	__builtin_offsetof(struct at_event, path2)
_Static_assert(sizeof(struct at_method_io) == AT_DATA_MAX, "at_method_io fills data[]");
#define AT_EV_HEAD_SIZE	((AT_EV_HEAD + 7) & ~7UL)

/*
 * In-kernel filter.  A record that fails it is counted as filtered and
 * never reserved in the ring buffer.  Zero means "no constraint".
 */
#define AT_FILTER_PATH_PREFIX	0x1

struct at_filter {
	__u32 source_mask;	/* bit per enum at_source; 0 = all */
	__u32 gpe_set;		/* 1 = match only gpe */
	__u32 gpe;
	__u32 value_set;
	__u64 value;		/* notify value / query number / _WED int */
	__u32 path_flags;	/* AT_FILTER_PATH_* */
	__u32 path_depth;	/* 0 = no path filter */
	__u32 path_seg[AT_PATH_SEGS];	/* root first */
};

/* Per-source counters, one slot per CPU, summed by user space. */
struct at_counters {
	__u64 seen;		/* events the hooks observed */
	__u64 emitted;		/* records submitted to the ring buffer */
	__u64 filtered;		/* dropped by the filter */
	__u64 dropped;		/* ring buffer was full */
	__u64 ratelimited;	/* over the per-source rate limit */
	__u64 shed;		/* seen inside a storm, counted but no record (bpf/shed.bpf.h) */
};

/*
 * Ring-buffer wakeups (at_ring_submit, bpf/core.bpf.h).  The first
 * AT_RB_BURST records a CPU submits within one window of
 * 2^AT_RB_WINDOW_SHIFT ns wake the consumer (the first forced, the next
 * ones as a plain submit does, if it caught up): a lone event (a key)
 * reaches user space at once.  Past
 * that, records go without a wakeup (each one costs an irq_work, ~2 us in
 * a VM), except a forced one each time the buffer passes 1/AT_RB_FILL_DIV
 * full (seen from that CPU).  So a consumer that found records must look
 * again every AT_RB_DRAIN_NS until it has found none for AT_RB_QUIET_NS
 * (more than a window): only then can the next record be one that wakes
 * it.  user/capture/ring_drain.c does that, and tells the kernel until
 * when it will keep looking (at_rb_polled_until): records before then go
 * without a wakeup even at the start of a window, so a storm or a tight
 * loop does not pay one per window.
 */
#define AT_RB_WINDOW_SHIFT	20	/* ~1.05 ms */
#define AT_RB_BURST		8
#define AT_RB_FILL_DIV		4
#define AT_RB_DRAIN_NS		1000000ULL
#define AT_RB_QUIET_NS		(2ULL << AT_RB_WINDOW_SHIFT)
/*
 * A reader that finds records again within AT_RB_BUSY_GAP_NS of the last
 * ones (50 per second or more) looks for AT_RB_BUSY_QUIET_NS instead,
 * and says so (at_rb_polled_until): a storm's records then go without a
 * wakeup each, for a look every AT_RB_DRAIN_NS.
 */
#define AT_RB_BUSY_GAP_NS	20000000ULL
#define AT_RB_BUSY_QUIET_NS	20000000ULL

#endif /* ACPITRACE_H */
