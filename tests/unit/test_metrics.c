// SPDX-License-Identifier: GPL-2.0
/* Prometheus rendering, histogram buckets, the textfile, storm records. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>
#include "test.h"
#include "diag/metrics.h"
#include "record/storm_record.h"
#include "diag/storm_mask.h"
#include "record/output.h"
#include "diag/health.h"

static char *render(const struct stats_snap *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	metrics_render(f, s, "1.2\"3");
	fclose(f);
	return buf;
}

static char *escaped(const char *in)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	metrics_escape_label(f, in);
	fclose(f);
	return buf;
}

/* A snapshot with one GPE key, one Notify key with a backslash path, hists. */
static void sample(struct stats_snap *s, struct stats_key *keys)
{
	memset(s, 0, sizeof(*s));
	memset(keys, 0, 2 * sizeof(*keys));
	s->elapsed_s = 2;
	s->storm_rate = 500;
	s->src[AT_SRC_GPE].seen = 7;
	s->src[AT_SRC_GPE].dropped = 2;
	keys[0].key.source = AT_SRC_GPE;
	keys[0].key.number = 0x6f;
	keys[0].count = 5;
	keys[0].time_ns = 1500000000;
	keys[0].smi = 3;
	keys[0].spurious = 4;
	s->smi_total = 11;
	keys[0].state.storms = 1;
	keys[0].state.storming = 1;
	strcpy(keys[0].label, "0x6f");
	keys[1].key.source = AT_SRC_NOTIFY;
	keys[1].count = 3;
	strcpy(keys[1].label, "\\_SB.PCI0.\"X\"\n:0x80");
	s->keys = keys;
	s->nkeys = 2;
	s->hist[AT_HIST_GPE].slot[0] = 1;	/* 0..1 ns */
	s->hist[AT_HIST_GPE].slot[9] = 2;	/* 512..1023 ns */
	s->hist[AT_HIST_GPE].count = 3;
	s->hist[AT_HIST_GPE].sum_ns = 2001;
	s->ec.timeout = 4;
	s->ec.timeout_cmd[0] = 4;
}

TEST(metrics_escape_label_value)
{
	char *e = escaped("a\\b\"c\nd");

	CHECK_STR(e, "a\\\\b\\\"c\\nd");
	free(e);
	/* firmware bytes: ESC, a bidi override, invalid UTF-8 become visible text */
	e = escaped("\x1b[2J\xe2\x80\xae\xff");
	CHECK_STR(e, "\\\\x1b[2J\\\\u{202e}\\\\xff");
	free(e);
	e = escaped("plain 0x6f");
	CHECK_STR(e, "plain 0x6f");
	free(e);
}

TEST(metrics_bucket_bounds)
{
	/* slot i holds [2^i, 2^(i+1)) ns: le = 2^(i+1) ns */
	CHECK(metrics_bucket_le(0) == 2e-9);
	CHECK(metrics_bucket_le(9) == 1024e-9);
	CHECK(metrics_bucket_le(AT_HIST_SLOTS - 1) == 4294967296e-9);
}

TEST(metrics_render_series)
{
	struct stats_key keys[2];
	struct stats_snap s;
	char *out;

	sample(&s, keys);
	out = render(&s);
	CHECK_CONTAINS(out, "acpitrace_build_info{version=\"1.2\\\"3\"} 1\n");
	CHECK_CONTAINS(out, "# TYPE acpitrace_events_total counter\n");
	CHECK_CONTAINS(out, "acpitrace_events_total{source=\"gpe\",key=\"0x6f\"} 5\n");
	CHECK_CONTAINS(out, "acpitrace_events_total{source=\"notify\",key=\"\\\\_SB.PCI0.\\\"X\\\"\\n:0x80\"} 3\n");
	CHECK_CONTAINS(out, "acpitrace_event_seconds_total{source=\"gpe\",key=\"0x6f\"} 1.500000000\n");
	CHECK_CONTAINS(out, "acpitrace_ringbuf_dropped_total{source=\"gpe\"} 2\n");
	CHECK_CONTAINS(out, "acpitrace_source_events_total{source=\"gpe\"} 7\n");
	CHECK_CONTAINS(out, "acpitrace_storm_active{source=\"gpe\",key=\"0x6f\"} 1\n");
	CHECK_CONTAINS(out, "# TYPE acpitrace_gpe_handling_seconds histogram\n");
	/* cumulative: 1 below 2 ns, still 1 below 512 ns, 3 below 1024 ns */
	CHECK_CONTAINS(out, "acpitrace_gpe_handling_seconds_bucket{le=\"2e-09\"} 1\n");
	CHECK_CONTAINS(out, "acpitrace_gpe_handling_seconds_bucket{le=\"5.12e-07\"} 1\n");
	CHECK_CONTAINS(out, "acpitrace_gpe_handling_seconds_bucket{le=\"1.024e-06\"} 3\n");
	CHECK_CONTAINS(out, "acpitrace_gpe_handling_seconds_bucket{le=\"+Inf\"} 3\n");
	CHECK_CONTAINS(out, "acpitrace_gpe_handling_seconds_sum 0.000002001\n");
	CHECK_CONTAINS(out, "acpitrace_gpe_handling_seconds_count 3\n");
	CHECK_CONTAINS(out, "acpitrace_ec_transactions_total{result=\"timeout\"} 4\n");
	CHECK_CONTAINS(out, "acpitrace_ec_timeouts_total{command=\"RD_EC\"} 4\n");
	CHECK_CONTAINS(out, "acpitrace_storm_threshold_per_second 500\n");
	/* SMI counters: the machine's total and the SMIs inside each key's work */
	CHECK_CONTAINS(out, "# TYPE acpitrace_smi_total counter\nacpitrace_smi_total 11\n");
	CHECK_CONTAINS(out, "acpitrace_event_smis_total{source=\"gpe\",key=\"0x6f\"} 3\n");
	CHECK_CONTAINS(out, "acpitrace_event_smis_total{source=\"notify\",key=\"\\\\_SB.PCI0.\\\"X\\\"\\n:0x80\"} 0\n");
	free(out);
	/* no counters on this machine: no SMI series at all */
	s.smi_total = -1;
	out = render(&s);
	CHECK(!strstr(out, "smi"));
	free(out);
}

/* promtool (Debian package prometheus) is the reference parser. */
TEST(metrics_promtool_check)
{
	char path[] = "/tmp/acpitrace-metrics.XXXXXX", cmd[256];
	struct stats_key keys[2];
	struct stats_snap s;
	FILE *f;
	int fd, rc;

	if (system("command -v promtool >/dev/null 2>&1")) {
		printf("SKIP metrics_promtool_check: promtool not installed (tools/deps.sh installs prometheus)\n");
		return;
	}
	sample(&s, keys);
	fd = mkstemp(path);
	CHECK(fd >= 0);
	if (fd < 0)
		return;
	f = fdopen(fd, "w");
	metrics_render(f, &s, "0.1.0");
	fclose(f);
	snprintf(cmd, sizeof(cmd), "promtool check metrics < %s", path);
	rc = system(cmd);
	CHECK_EQ_INT(rc, 0);
	unlink(path);
}

TEST(metrics_textfile_atomic)
{
	char dir[] = "/tmp/acpitrace-textfile.XXXXXX", path[128], tmp[160], err[256];
	struct stats_key keys[2];
	struct stats_snap s;
	struct stat st;
	char line[128] = "";
	FILE *f;

	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof(path), "%s/acpitrace.prom", dir);
	sample(&s, keys);
	CHECK_EQ_INT(metrics_write_textfile(path, &s, "0.1.0", err, sizeof(err)), 0);
	/* nothing left behind, the file complete */
	snprintf(tmp, sizeof(tmp), "%s.tmp.%d", path, (int)getpid());
	CHECK(stat(tmp, &st) != 0);
	f = fopen(path, "r");
	CHECK(f != NULL);
	if (f) {
		CHECK(fgets(line, sizeof(line), f) != NULL);
		fclose(f);
	}
	CHECK_CONTAINS(line, "# HELP acpitrace_build_info");
	/* a second write replaces it in one rename */
	CHECK(stat(path, &st) == 0);
	CHECK_EQ_INT(metrics_write_textfile(path, &s, "0.1.0", err, sizeof(err)), 0);
	unlink(path);
	CHECK_EQ_INT(rmdir(dir), 0);	/* no temporary file left behind */
	/* an unwritable place: a clear error naming the file */
	CHECK_EQ_INT(metrics_write_textfile("/nonexistent/dir/x.prom", &s, "0.1.0", err,
					    sizeof(err)), -1);
	CHECK_CONTAINS(err, "/nonexistent/dir/x.prom");
}

static struct at_event storm_event(int kind)
{
	struct at_event e;

	memset(&e, 0, sizeof(e));
	e.source = AT_SRC_STORM;
	e.subtype = kind;
	e.result = AT_SRC_GPE;
	e.number = 0x6f;
	e.value = 5234;
	e.duration_ns = 431000000;	/* 43.1% of a CPU */
	e.path.depth = 2;
	e.path.seg[0] = SEG("_L6F");
	e.path.seg[1] = SEG("_GPE");
	return e;
}

TEST(storm_text_and_remedy)
{
	struct at_event e = storm_event(AT_STORM_BEGIN);
	char buf[512];

	storm_text(buf, sizeof(buf), &e);
	CHECK_STR(buf, "STORM GPE 0x6F method \\_GPE._L6F: 5234/s, 43.1% of a CPU; remedy: "
		  "echo disable > /sys/firmware/acpi/interrupts/gpe6F (now), acpi_mask_gpe=0x6F (boot)");
	e = storm_event(AT_STORM_END);
	e.duration_ns = 2500000000ULL;
	storm_text(buf, sizeof(buf), &e);
	CHECK_CONTAINS(buf, "END of gpe 0x6f storm after 2.50 s (peak 5234/s");
}

TEST(storm_json_record)
{
	struct at_event e = storm_event(AT_STORM_BEGIN);
	struct output o = { 0 };
	char *buf = NULL;
	size_t len = 0;

	o.out = open_memstream(&buf, &len);
	o.json = true;
	output_event(&o, &e);
	fclose(o.out);
	CHECK_CONTAINS(buf, "\"source\":\"storm\"");
	CHECK_CONTAINS(buf, "\"state\":\"begin\",\"key_source\":\"gpe\",\"key\":\"0x6f\"");
	CHECK_CONTAINS(buf, "\"gpe\":111,\"method\":\"\\\\_GPE._L6F\",\"rate\":5234");
	CHECK_CONTAINS(buf, "\"remedy\":{\"now\":\"echo disable > /sys/firmware/acpi/interrupts/gpe6F\",\"boot\":\"acpi_mask_gpe=0x6F\"}");
	free(buf);
}

TEST(storm_mask_and_restore)
{
	char dir[] = "/tmp/acpitrace-gpe.XXXXXX", path[128], err[600], line[32] = "";
	struct storm_mask m = { 0 };
	char *log = NULL;
	size_t len = 0;
	FILE *f, *lf;

	CHECK(mkdtemp(dir) != NULL);
	m.dir = dir;
	snprintf(path, sizeof(path), "%s/gpe6F", dir);
	f = fopen(path, "w");
	fclose(f);
	CHECK_EQ_INT(storm_mask_gpe(&m, 0x6f, err, sizeof(err)), 0);
	CHECK_EQ_INT(storm_mask_gpe(&m, 0x6f, err, sizeof(err)), 0);	/* once */
	CHECK_EQ_INT(m.n, 1);
	f = fopen(path, "r");
	CHECK(f && fgets(line, sizeof(line), f));
	if (f)
		fclose(f);
	CHECK_STR(line, "disable\n");
	lf = open_memstream(&log, &len);
	CHECK_EQ_INT(storm_mask_restore(&m, lf), 0);
	fclose(lf);
	f = fopen(path, "r");
	CHECK(f && fgets(line, sizeof(line), f));
	if (f)
		fclose(f);
	CHECK_STR(line, "enable\n");
	CHECK_CONTAINS(log, "GPE 0x6F re-enabled");
	free(log);
	/* a GPE that does not exist: the error names the file */
	CHECK_EQ_INT(storm_mask_gpe(&m, 0x02, err, sizeof(err)), -1);
	unlink(path);
	rmdir(dir);
	CHECK_CONTAINS(err, "/gpe02");
}

/* trace --stats-interval: {"stats":{"seq":N, <the stats --json members>}} on one line. */
TEST(stats_json_record)
{
	char no_ec_gpe[] = "/tmp/acpitrace-noec.XXXXXX";
	struct stats_key keys[2];
	struct stats_snap s;
	int fd;
	char *buf = NULL, *plain = NULL;
	size_t len = 0, plen = 0;
	FILE *f;

	sample(&s, keys);
	/* no ec0/gpe (a temp name, removed): never the build host's debugfs */
	fd = mkstemp(no_ec_gpe);
	CHECK(fd >= 0 && !close(fd) && !unlink(no_ec_gpe));
	s.ec_gpe_file = no_ec_gpe;
	f = open_memstream(&buf, &len);
	stats_print_json_record(f, &s, 7);
	fclose(f);
	f = open_memstream(&plain, &plen);
	stats_print_json(f, &s);
	fclose(f);
	CHECK(len > 2 && buf[len - 1] == '\n' && !memchr(buf, '\n', len - 1));
	CHECK_CONTAINS(buf, "{\"stats\":{\"seq\":7,\"interval_s\":2.000,\"storm_threshold\":500,");
	CHECK(!strncmp(buf, "{\"stats\":{\"seq\":7,", 18));
	CHECK(!strncmp(buf + len - 3, "}}\n", 3));
	CHECK_CONTAINS(buf, "\"gpe\":{\"events\":");
	CHECK_CONTAINS(buf, "{\"source\":\"gpe\",\"key\":\"0x6f\",\"number\":111,\"path\":null,"
		       "\"count\":5,\"rate\":2.500,\"time_ns\":1500000000,\"smi\":3,\"spurious\":4,\"wakeups\":0,\"storming\":true,\"storms\":1}");
	/* GPE 0x6f: 4 of the 4 spurious wakeups, no _Lxx (no path), no ec0/gpe: the EC's */
	CHECK_CONTAINS(buf, "\"advice\":\"advice: GPE 0x6F caused 4 of 4 spurious s2idle wakeups; "
		       "it is the embedded controller's: boot with acpi.ec_no_wakeup=1 to keep EC "
		       "events from waking s2idle\",");
	CHECK_CONTAINS(buf, "\"ec\":{\"ok\":0,\"timeout\":4,\"error\":0,");
	/* the same members as stats --json, which adds only "type" */
	CHECK(!strncmp(plain, "{\"type\":\"stats\",", 16));
	CHECK_EQ_INT(len - 18 - 3, plen - 16 - 2);
	CHECK(plen > 18 && !strncmp(plain + 16, buf + 18, plen - 16 - 2));
	free(buf);
	free(plain);
	/* an ec0/gpe naming another GPE (0x6e): the file is what decides */
	f = fopen(no_ec_gpe, "w");
	CHECK(f != NULL);
	if (!f)
		return;
	fputs("110\n", f);
	fclose(f);
	buf = NULL;
	f = open_memstream(&buf, &len);
	stats_print_json_record(f, &s, 8);
	fclose(f);
	CHECK_CONTAINS(buf, "\"advice\":\"advice: GPE 0x6F caused 4 of 4 spurious s2idle wakeups; "
		       "mask it with ");
	free(buf);
	unlink(no_ec_gpe);
}
