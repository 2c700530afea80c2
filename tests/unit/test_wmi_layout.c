// SPDX-License-Identifier: GPL-2.0
/*
 * struct wmi_block's offsets from a made-up split BTF (libbpf writes it):
 * the module's structs with their names in both string sections, the
 * notify_id inside an anonymous union, and files that must be refused.
 */
#include <stdlib.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/btf.h>
#include "test.h"
#include "capture/wmi_layout.h"

struct wfix {
	char dir[64], base[96], mod[96];
	struct btf_stream_info info;
};

static int write_raw(const char *path, const struct btf *b)
{
	__u32 len;
	const void *raw = btf__raw_data(b, &len);
	FILE *f = raw ? fopen(path, "w") : NULL;
	int ok = f && fwrite(raw, 1, len, f) == len;

	if (f && fclose(f))
		ok = 0;
	return ok ? 0 : -1;
}

/*
 * base: int, u8, struct device, struct acpi_device and a struct whose
 * member names ("dev", "flags", "guid") the module's members then share
 * from the base string section.  Module: wmi_device { int; device dev @8 },
 * an anonymous union { u8 object_id; struct { u8 notify_id; u8 reserved; } },
 * guid_block { u8 guid[16]; union @16; u8 instance_count @18; u8 flags @19 },
 * wmi_block { wmi_device dev; int list @24; guid_block gblock @32;
 * acpi_device *acpi_device @56 }.  @gblock_ok 0 leaves out notify_id.
 */
static int make(struct wfix *w, bool gblock_ok)
{
	struct btf *b = btf__new_empty(), *m = NULL;
	int i, u8, dev, adev, arr, ptr, wd, anon_s, anon_u, gb, ret = -1;
	char err[128];

	snprintf(w->dir, sizeof(w->dir), "/tmp/acpitrace-wmilXXXXXX");
	if (!b || !mkdtemp(w->dir))
		goto out;
	snprintf(w->base, sizeof(w->base), "%s/vmlinux", w->dir);
	snprintf(w->mod, sizeof(w->mod), "%s/wmi", w->dir);
	i = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	u8 = btf__add_int(b, "u8", 1, 0);
	dev = btf__add_struct(b, "device", 16);
	btf__add_field(b, "parent", i, 0, 0);
	adev = btf__add_struct(b, "acpi_device", 8);
	btf__add_field(b, "handle", i, 0, 0);
	btf__add_struct(b, "names", 12);
	btf__add_field(b, "dev", i, 0, 0);
	btf__add_field(b, "flags", i, 32, 0);
	btf__add_field(b, "guid", i, 64, 0);
	if (write_raw(w->base, b) || btf_stream_scan(w->base, NULL, 0, &w->info, err, sizeof(err)))
		goto out;
	m = btf__new_empty_split(b);
	if (!m)
		goto out;
	arr = btf__add_array(m, i, u8, 16);
	ptr = btf__add_ptr(m, adev);
	wd = btf__add_struct(m, "wmi_device", 24);
	btf__add_field(m, "setable", i, 0, 0);
	btf__add_field(m, "dev", dev, 64, 0);
	anon_s = btf__add_struct(m, NULL, 2);
	btf__add_field(m, gblock_ok ? "notify_id" : "notify", u8, 0, 0);
	btf__add_field(m, "reserved", u8, 8, 0);
	anon_u = btf__add_union(m, NULL, 2);
	btf__add_field(m, "object_id", u8, 0, 0);
	btf__add_field(m, NULL, anon_s, 0, 0);
	gb = btf__add_struct(m, "guid_block", 20);
	btf__add_field(m, "guid", arr, 0, 0);
	btf__add_field(m, NULL, anon_u, 128, 0);
	btf__add_field(m, "instance_count", u8, 144, 0);
	btf__add_field(m, "flags", u8, 152, 0);
	btf__add_struct(m, "wmi_block", 64);
	btf__add_field(m, "dev", wd, 0, 0);
	btf__add_field(m, "list", i, 192, 0);
	btf__add_field(m, "gblock", gb, 256, 0);
	btf__add_field(m, "acpi_device", ptr, 448, 0);
	ret = write_raw(w->mod, m);
out:
	btf__free(m);
	btf__free(b);
	return ret;
}

static void clean(struct wfix *w)
{
	unlink(w->base);
	unlink(w->mod);
	rmdir(w->dir);
}

TEST(wmi_layout_from_split_btf)
{
	struct at_wmi_layout l;
	struct wfix w;
	char why[256] = "";

	if (make(&w, true)) {
		test_fail(__FILE__, __LINE__, "cannot make the BTF files");
		return;
	}
	CHECK_EQ_INT(wmi_layout_read(w.base, &w.info, w.mod, &l, why, sizeof(why)), 0);
	CHECK_STR(why, "");
	CHECK_EQ_INT(l.ok, 1);
	CHECK_EQ_INT(l.dev, 8);
	CHECK_EQ_INT(l.guid, 32);
	CHECK_EQ_INT(l.notify_id, 48);
	CHECK_EQ_INT(l.flags, 51);
	CHECK_EQ_INT(l.acpi_device, 56);
	/* the module on another vmlinux BTF: its base strings would be wrong */
	w.info.str_len++;
	CHECK_EQ_INT(wmi_layout_read(w.base, &w.info, w.mod, &l, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "is not the BTF the module's is split on");
	CHECK_EQ_INT(l.ok, 0);
	w.info.str_len--;
	/* the vmlinux file as the module's: not split, no wmi_block */
	CHECK_EQ_INT(wmi_layout_read(w.base, &w.info, w.base, &l, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "no struct wmi_block");
	/* a module file cut short, and one that is missing */
	CHECK_EQ_INT(truncate(w.mod, 30), 0);
	CHECK_EQ_INT(wmi_layout_read(w.base, &w.info, w.mod, &l, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "is not a BTF file this reader understands");
	unlink(w.mod);
	CHECK_EQ_INT(wmi_layout_read(w.base, &w.info, w.mod, &l, why, sizeof(why)), -1);
	CHECK_CONTAINS(why, "No such file");
	clean(&w);
}

TEST(wmi_layout_names_the_missing_field)
{
	struct at_wmi_layout l;
	struct wfix w;
	char why[256] = "";

	if (make(&w, false)) {
		test_fail(__FILE__, __LINE__, "cannot make the BTF files");
		return;
	}
	CHECK_EQ_INT(wmi_layout_read(w.base, &w.info, w.mod, &l, why, sizeof(why)), -1);
	CHECK_STR(why, "the wmi module's BTF has no wmi_block.gblock.notify_id");
	CHECK_EQ_INT(l.ok, 0);
	clean(&w);
}
