/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-csv.h"
#include "ssdb-error.h"
#include "ssdb-report.h"
#include "ssdb-text.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* -------------------------------------------------------------------------------------------- */
/* A summary result built by hand                                                                */

static void
entry_free (gpointer data)
{
  SsdbSummaryEntry *entry = data;

  g_clear_pointer (&entry->passes, g_array_unref);
  g_free (entry->fio_command);
  g_free (entry->message);
  g_free (entry);
}

static void
result_free (SsdbSummaryResult *result)
{
  g_clear_pointer (&result->entries, g_ptr_array_unref);
  g_free (result->writes_skipped_reason);
  g_free (result);
}

/* Results built here are freed here, so the test does not depend on how the summary module
 * allocates its own. */
typedef SsdbSummaryResult TestResult;
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TestResult, result_free)

/* 100 ns x10, 1000 ns x80, 10000 ns x9, 1000000 ns x1: count 100, sum 1171000, mean 11710,
 * p50 = p90 = 1003 (midpoint of [1000, 1007]), p99 = 10047 (midpoint of [9984, 10111]),
 * p99.9 = max = 1000000. */
static void
fill_known_histogram (SsdbHistogram *h)
{
  ssdb_histogram_reset (h);
  for (guint i = 0; i < 10; i++)
    ssdb_histogram_record (h, 100);
  for (guint i = 0; i < 80; i++)
    ssdb_histogram_record (h, 1000);
  for (guint i = 0; i < 9; i++)
    ssdb_histogram_record (h, 10000);
  ssdb_histogram_record (h, 1000000);
}

static SsdbSummaryEntry *
add_entry (SsdbSummaryResult *result, const char *name, SsdbRw rw, SsdbAccess access,
           guint block_size, guint queue_depth, guint threads, SsdbEntryState state)
{
  SsdbSummaryEntry *entry = g_new0 (SsdbSummaryEntry, 1);

  entry->test.name = name;
  entry->test.access = access;
  entry->test.block_size = block_size;
  entry->test.queue_depth = queue_depth;
  entry->test.threads = threads;
  entry->rw = rw;
  entry->state = state;
  entry->job.rw = rw;
  entry->job.read_percent = rw == SSDB_RW_MIX ? 70 : rw == SSDB_RW_READ ? 100 : 0;
  entry->job.access = access;
  entry->job.block_size = block_size;
  entry->job.queue_depth = queue_depth;
  entry->job.threads = threads;
  entry->job.offset = 0;
  entry->job.length = G_GUINT64_CONSTANT (1) << 30;
  entry->job.duration_ns = 5 * G_GUINT64_CONSTANT (1000000000);
  entry->job.data = result->spec.data;
  entry->job.seed = result->spec.seed;
  entry->passes = g_array_new (FALSE, TRUE, sizeof (SsdbIoResult));
  ssdb_histogram_reset (&entry->aggregate.latency);
  ssdb_histogram_reset (&entry->aggregate.read_latency);
  ssdb_histogram_reset (&entry->aggregate.write_latency);
  g_ptr_array_add (result->entries, entry);
  return entry;
}

static SsdbSummaryResult *
build_result (void)
{
  SsdbSummaryResult *result = g_new0 (SsdbSummaryResult, 1);
  SsdbSummaryEntry *entry;

  result->spec.profile = SSDB_PROFILE_DEFAULT;
  result->spec.size = G_GUINT64_CONSTANT (1) << 30;
  result->spec.offset = 0;
  result->spec.count = 5;
  result->spec.duration_ns = 5 * G_GUINT64_CONSTANT (1000000000);
  result->spec.interval_ns = 0;
  result->spec.do_read = TRUE;
  result->spec.do_write = TRUE;
  result->spec.do_mix = TRUE;
  result->spec.mix_read_percent = 70;
  result->spec.data = (SsdbDataPattern){ SSDB_DATA_COMPRESSIBLE, 50 };
  result->spec.aggregate = SSDB_AGGREGATE_BEST;
  result->spec.warmup = TRUE;
  result->spec.seed = G_MAXUINT64;
  result->started_unix = 1714566896;
  result->prepare_ns = 1234567890;
  result->entries = g_ptr_array_new_with_free_func (entry_free);

  /* A sequential read: five passes, the third is the best and is the aggregate. */
  entry = add_entry (result, "SEQ1M Q8T1", SSDB_RW_READ, SSDB_ACCESS_SEQUENTIAL, 1 << 20, 8, 1,
                     SSDB_ENTRY_DONE);
  entry->fio_command = g_strdup ("fio --name=SEQ1M_Q8T1_read --rw=read --bs=1M --iodepth=8");
  g_array_set_size (entry->passes, 5);
  for (guint i = 0; i < 5; i++)
    {
      SsdbIoResult *pass = &g_array_index (entry->passes, SsdbIoResult, i);

      pass->ios = 5120 - i;
      pass->bytes = pass->ios << 20;
      pass->read_ios = pass->ios;
      pass->read_bytes = pass->bytes;
      pass->window_ns = 2000000000;
      pass->bytes_per_second = (double)pass->bytes / 2.0;
      pass->iops = pass->ios / 2.0;
      fill_known_histogram (&pass->latency);
      pass->read_latency = pass->latency;
      ssdb_histogram_reset (&pass->write_latency);
      pass->mean_inflight = 7.75;
      pass->cpu_user_ns = 1000 + i;
      pass->cpu_system_ns = 2000 + i;
      pass->device_read_bytes = pass->bytes;
      pass->counters_valid = TRUE;
      pass->reached_device = TRUE;
    }
  entry->aggregate = g_array_index (entry->passes, SsdbIoResult, 0);

  /* A random mix with numbers whose shortest spelling needs all 17 digits. */
  entry = add_entry (result, "RND4K Q32T1", SSDB_RW_MIX, SSDB_ACCESS_RANDOM, 4096, 32, 1,
                     SSDB_ENTRY_DONE);
  g_array_set_size (entry->passes, 1);
  {
    SsdbIoResult *pass = &g_array_index (entry->passes, SsdbIoResult, 0);

    ssdb_histogram_reset (&pass->read_latency);
    ssdb_histogram_reset (&pass->write_latency);
    for (guint i = 0; i < 700; i++)
      ssdb_histogram_record (&pass->read_latency, 20000 + i * 37);
    for (guint i = 0; i < 300; i++)
      ssdb_histogram_record (&pass->write_latency, 50000 + i * 1013);
    ssdb_histogram_reset (&pass->latency);
    ssdb_histogram_merge (&pass->latency, &pass->read_latency);
    ssdb_histogram_merge (&pass->latency, &pass->write_latency);
    pass->read_ios = 700;
    pass->write_ios = 300;
    pass->ios = 1000;
    pass->read_bytes = 700 * 4096;
    pass->write_bytes = 300 * 4096;
    pass->bytes = 1000 * 4096;
    pass->window_ns = 3000000001;
    pass->bytes_per_second = 1e8 / 3.0;
    pass->iops = 0.1;
    pass->mean_inflight = nextafter (1e-5, 1.0);
    pass->cpu_user_ns = 123;
    pass->cpu_system_ns = 456;
    pass->counters_valid = FALSE;
    pass->reached_device = FALSE;
    pass->cancelled = TRUE;
  }
  entry->aggregate = g_array_index (entry->passes, SsdbIoResult, 0);
  entry->state = SSDB_ENTRY_CANCELLED;

  /* Skipped and pending entries, without passes. */
  entry = add_entry (result, "SEQ1M Q1T1", SSDB_RW_WRITE, SSDB_ACCESS_SEQUENTIAL, 1 << 20, 1, 1,
                     SSDB_ENTRY_SKIPPED);
  entry->message = g_strdup ("/dev/zram0 is read-only");
  add_entry (result, "RND4K Q1T1", SSDB_RW_READ, SSDB_ACCESS_RANDOM, 4096, 1, 1,
             SSDB_ENTRY_PENDING);
  result->writes_skipped_reason = g_strdup ("/dev/zram0 is read-only");
  return result;
}

static void
fill_target (SsdbTargetInfo *t)
{
  memset (t, 0, sizeof *t);
  t->kind = SSDB_TARGET_DEVICE;
  t->path = (char *)"/dev/zram0";
  t->name = (char *)"zram0";
  t->disk_name = (char *)"zram0";
  t->major = 252;
  t->minor = 0;
  t->size_bytes = G_GUINT64_CONSTANT (2147483648);
  t->logical_block_size = 4096;
  t->physical_block_size = 4096;
  t->dio_mem_align = 512;
  t->dio_offset_align = 4096;
  t->rotational = FALSE;
  t->discard = TRUE;
  t->read_only = TRUE;
  t->removable = FALSE;
  t->model = NULL;
  t->vendor = (char *)"Vendor é \"quoted\"";
  t->fs_type = NULL;
  t->free_bytes = 0;
  t->direct_io = TRUE;
}

static void
set_fixed_stamp (SsdbReport *report)
{
  g_free (report->created);
  g_free (report->host);
  g_free (report->kernel_release);
  g_free (report->kernel_machine);
  report->created = g_strdup ("2024-05-01T12:34:56Z");
  report->created_unix = 1714566896;
  report->host = g_strdup ("bench-host");
  report->kernel_release = g_strdup ("6.1.0-18-amd64");
  report->kernel_machine = g_strdup ("x86_64");
}

static SsdbReport *
build_report (SsdbSummaryResult *result)
{
  SsdbTargetInfo target;
  SsdbReport *report;

  fill_target (&target);
  report = ssdb_report_new (&target, result);
  set_fixed_stamp (report);
  return report;
}

static char *
fixture_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "fixtures", "reports", name, NULL);
}

static char *
make_tmpdir (void)
{
  g_autoptr (GError) error = NULL;
  char *dir = g_dir_make_tmp ("ssdb-report-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_tmpdir (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (g_remove (path), ==, 0);
    }
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* -------------------------------------------------------------------------------------------- */
/* Reading the generated JSON with json-glib                                                    */

static JsonObject *
obj (JsonObject *o, const char *key)
{
  g_assert_true (json_object_has_member (o, key));
  return json_object_get_object_member (o, key);
}

static void
assert_int (JsonObject *o, const char *key, gint64 expected)
{
  JsonNode *node = json_object_get_member (o, key);

  g_assert_nonnull (node);
  g_assert_true (JSON_NODE_HOLDS_VALUE (node));
  g_assert_cmpstr (g_type_name (json_node_get_value_type (node)), ==, "gint64");
  g_assert_cmpint (json_node_get_int (node), ==, expected);
}

static void
assert_double (JsonObject *o, const char *key, double expected)
{
  JsonNode *node = json_object_get_member (o, key);

  g_assert_nonnull (node);
  g_assert_cmpstr (g_type_name (json_node_get_value_type (node)), ==, "gdouble");
  g_assert_cmpfloat_with_epsilon (json_node_get_double (node), expected,
                                  MAX (fabs (expected) * 1e-15, 1e-300));
}

static void
assert_str (JsonObject *o, const char *key, const char *expected)
{
  JsonNode *node = json_object_get_member (o, key);

  g_assert_nonnull (node);
  if (expected == NULL)
    g_assert_true (JSON_NODE_HOLDS_NULL (node));
  else
    g_assert_cmpstr (json_node_get_string (node), ==, expected);
}

static void
assert_bool (JsonObject *o, const char *key, gboolean expected)
{
  JsonNode *node = json_object_get_member (o, key);

  g_assert_nonnull (node);
  g_assert_cmpstr (g_type_name (json_node_get_value_type (node)), ==, "gboolean");
  g_assert_cmpint (json_node_get_boolean (node), ==, expected);
}

static void
assert_members (JsonObject *o, const char *const *expected)
{
  g_autoptr (GList) names = json_object_get_members (o);
  GList *l = names;
  guint i = 0;

  for (; l != NULL && expected[i] != NULL; l = l->next, i++)
    g_assert_cmpstr (l->data, ==, expected[i]);
  g_assert_null (l);
  g_assert_null (expected[i]);
}

static void
assert_known_latency (JsonObject *latency)
{
  assert_int (latency, "count", 100);
  assert_int (latency, "sum", 1171000);
  assert_double (latency, "mean", 11710.0);
  assert_int (latency, "min", 100);
  assert_int (latency, "p50", 1003);
  assert_int (latency, "p90", 1003);
  assert_int (latency, "p99", 10047);
  assert_int (latency, "p99_9", 1000000);
  assert_int (latency, "max", 1000000);
}

static void
assert_known_buckets (JsonArray *buckets)
{
  static const gint64 expected[][2] = {
    { 100, 10 },
    { 1000, 80 },
    { 9984, 9 },
    { 999424, 1 },
  };

  g_assert_cmpuint (json_array_get_length (buckets), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      JsonArray *pair = json_array_get_array_element (buckets, i);

      g_assert_cmpuint (json_array_get_length (pair), ==, 2);
      g_assert_cmpint (json_array_get_int_element (pair, 0), ==, expected[i][0]);
      g_assert_cmpint (json_array_get_int_element (pair, 1), ==, expected[i][1]);
    }
}

/* -------------------------------------------------------------------------------------------- */
/* The written report                                                                            */

static void
test_fields (void)
{
  g_autoptr (TestResult) result = build_result ();
  g_autoptr (SsdbReport) report = build_report (result);
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL;
  JsonObject *root, *target, *summary, *test, *pass, *o;
  JsonArray *tests, *passes;
  gsize length = 0;
  static const char *const root_keys[] = {
    "format", "format_version", "tool_version", "created", "created_unix", "host",
    "kernel", "target",         "summary",      "tests",   NULL,
  };
  static const char *const test_keys[] = {
    "kind",
    "name",
    "rw",
    "state",
    "access",
    "block_size",
    "queue_depth",
    "threads",
    "offset",
    "length",
    "duration_ns",
    "total_bytes",
    "read_percent",
    "data",
    "seed",
    "fio_command",
    "bytes_per_second",
    "iops",
    "latency_ns",
    "mean_inflight",
    "cpu_ns",
    "device_bytes",
    "bytes",
    "ios",
    "read_bytes",
    "read_ios",
    "write_bytes",
    "write_ios",
    "window_ns",
    "cancelled",
    "latency_buckets",
    "spread",
    "passes",
    NULL,
  };
  static const char *const latency_keys[] = {
    "count", "sum", "mean", "min", "p50", "p90", "p99", "p99_9", "max", NULL,
  };

  data = ssdb_report_to_data (report, &length);
  g_assert_cmpuint (strlen (data), ==, length);
  g_assert_true (g_str_has_prefix (data, "{\n  \"format\" : \"ssdbench-report\",\n"));
  g_assert_true (g_str_has_suffix (data, "\n}\n"));
  g_assert_nonnull (strstr (data, "\n    \"kind\" : \"device\",\n"));

  json_parser_load_from_data (parser, data, (gssize)length, &error);
  g_assert_no_error (error);
  root = json_node_get_object (json_parser_get_root (parser));
  assert_members (root, root_keys);

  assert_str (root, "format", "ssdbench-report");
  assert_int (root, "format_version", 1);
  assert_str (root, "tool_version", PACKAGE_VERSION);
  assert_str (root, "created", "2024-05-01T12:34:56Z");
  assert_int (root, "created_unix", 1714566896);
  assert_str (root, "host", "bench-host");
  assert_str (obj (root, "kernel"), "release", "6.1.0-18-amd64");
  assert_str (obj (root, "kernel"), "machine", "x86_64");

  target = obj (root, "target");
  assert_str (target, "kind", "device");
  assert_str (target, "path", "/dev/zram0");
  assert_str (target, "name", "zram0");
  assert_int (target, "major", 252);
  assert_int (target, "minor", 0);
  assert_int (target, "size_bytes", 2147483648);
  assert_int (target, "logical_block_size", 4096);
  assert_int (target, "dio_mem_align", 512);
  assert_bool (target, "discard", TRUE);
  assert_bool (target, "read_only", TRUE);
  assert_bool (target, "rotational", FALSE);
  assert_str (target, "model", NULL);
  assert_str (target, "vendor", "Vendor é \"quoted\"");
  assert_str (target, "fs_type", NULL);
  assert_bool (target, "direct_io", TRUE);

  summary = obj (root, "summary");
  assert_str (summary, "profile", "default");
  assert_int (summary, "size", 1073741824);
  assert_int (summary, "count", 5);
  assert_int (summary, "duration_ns", 5000000000);
  assert_int (summary, "interval_ns", 0);
  assert_bool (summary, "do_mix", TRUE);
  assert_int (summary, "mix_read_percent", 70);
  assert_str (summary, "data", "compressible-50");
  assert_str (summary, "aggregate", "best");
  assert_bool (summary, "warmup", TRUE);
  assert_str (summary, "seed", "18446744073709551615");
  assert_str (summary, "writes_skipped_reason", "/dev/zram0 is read-only");
  assert_int (summary, "started_unix", 1714566896);
  assert_int (summary, "prepare_ns", 1234567890);

  tests = json_object_get_array_member (root, "tests");
  g_assert_cmpuint (json_array_get_length (tests), ==, 4);

  /* tests[0]: the sequential read. */
  test = json_array_get_object_element (tests, 0);
  assert_members (test, test_keys);
  assert_str (test, "kind", "summary");
  assert_str (test, "name", "SEQ1M Q8T1");
  assert_str (test, "rw", "read");
  assert_str (test, "state", "done");
  g_assert_false (json_object_has_member (test, "message"));
  assert_str (test, "access", "sequential");
  assert_int (test, "block_size", 1048576);
  assert_int (test, "queue_depth", 8);
  assert_int (test, "threads", 1);
  assert_int (test, "length", 1073741824);
  assert_int (test, "duration_ns", 5000000000);
  assert_int (test, "read_percent", 100);
  assert_str (test, "seed", "18446744073709551615");
  assert_str (test, "fio_command", "fio --name=SEQ1M_Q8T1_read --rw=read --bs=1M --iodepth=8");
  assert_double (test, "bytes_per_second", 2684354560.0);
  assert_double (test, "iops", 2560.0);
  assert_double (test, "mean_inflight", 7.75);
  assert_int (test, "bytes", G_GINT64_CONSTANT (5120) << 20);
  assert_int (test, "ios", 5120);
  assert_int (test, "window_ns", 2000000000);
  assert_bool (test, "cancelled", FALSE);
  assert_int (obj (test, "cpu_ns"), "user", 1000);
  assert_int (obj (test, "cpu_ns"), "system", 2000);
  assert_int (obj (test, "device_bytes"), "read", G_GINT64_CONSTANT (5120) << 20);
  assert_int (obj (test, "device_bytes"), "write", 0);
  assert_bool (obj (test, "device_bytes"), "reached_device", TRUE);
  assert_members (obj (test, "latency_ns"), latency_keys);
  assert_known_latency (obj (test, "latency_ns"));
  assert_known_buckets (json_object_get_array_member (test, "latency_buckets"));
  g_assert_false (json_object_has_member (test, "read_latency_ns"));

  passes = json_object_get_array_member (test, "passes");
  g_assert_cmpuint (json_array_get_length (passes), ==, 5);
  pass = json_array_get_object_element (passes, 4);
  assert_int (pass, "ios", 5116);
  assert_int (pass, "bytes", G_GINT64_CONSTANT (5116) << 20);
  assert_int (pass, "window_ns", 2000000000);
  assert_double (pass, "iops", 2558.0);
  assert_int (obj (pass, "cpu_ns"), "user", 1004);
  assert_known_latency (obj (pass, "latency_ns"));
  assert_known_buckets (json_object_get_array_member (pass, "latency_buckets"));
  g_assert_false (json_object_has_member (pass, "name"));

  /* tests[1]: the mix carries the read and write histograms too. */
  test = json_array_get_object_element (tests, 1);
  assert_str (test, "rw", "mix");
  assert_str (test, "state", "cancelled");
  assert_str (test, "access", "random");
  assert_int (test, "read_percent", 70);
  assert_str (test, "fio_command", NULL);
  assert_bool (test, "cancelled", TRUE);
  assert_bool (obj (test, "device_bytes"), "counters_valid", FALSE);
  assert_double (test, "iops", 0.1);
  o = obj (test, "latency_ns");
  assert_int (o, "count", 1000);
  assert_int (o, "min", 20000);
  assert_int (o, "max", 50000 + 299 * 1013);
  o = obj (test, "read_latency_ns");
  assert_int (o, "count", 700);
  assert_int (o, "sum", 700 * 20000 + 37 * (699 * 700 / 2));
  assert_int (o, "max", 20000 + 699 * 37);
  o = obj (test, "write_latency_ns");
  assert_int (o, "count", 300);
  assert_int (o, "min", 50000);
  g_assert_true (json_object_has_member (test, "read_latency_buckets"));
  g_assert_true (json_object_has_member (test, "write_latency_buckets"));

  /* tests[2]: skipped, with its reason and no passes. */
  test = json_array_get_object_element (tests, 2);
  assert_str (test, "rw", "write");
  assert_str (test, "state", "skipped");
  assert_str (test, "message", "/dev/zram0 is read-only");
  assert_int (test, "read_percent", 0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (test, "passes")), ==, 0);
  o = obj (test, "latency_ns");
  assert_int (o, "count", 0);
  assert_int (o, "min", 0);
  assert_int (o, "max", 0);
  assert_double (o, "mean", 0.0);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (test, "latency_buckets")),
                    ==, 0);

  test = json_array_get_object_element (tests, 3);
  assert_str (test, "state", "pending");
  assert_str (test, "name", "RND4K Q1T1");
}

/* The same report always gives the same bytes, and the shortcut gives the same layout. */
static void
test_stable (void)
{
  g_autoptr (TestResult) result = build_result ();
  g_autoptr (SsdbReport) report = build_report (result);
  g_autofree char *a = ssdb_report_to_data (report, NULL);
  g_autofree char *b = ssdb_report_to_data (report, NULL);
  g_autoptr (SsdbReport) now = NULL;
  SsdbTargetInfo target;
  g_autoptr (JsonNode) node = NULL;
  g_autoptr (GDateTime) created = NULL;
  gint64 before = g_get_real_time () / G_USEC_PER_SEC;

  g_assert_cmpstr (a, ==, b);

  /* A fresh report is stamped with this machine and the current time. */
  fill_target (&target);
  now = ssdb_report_new (&target, result);
  g_assert_cmpstr (now->host, ==, g_get_host_name ());
  g_assert_cmpint (now->created_unix, >=, before);
  g_assert_cmpint (now->created_unix, <=, before + 5);
  created = g_date_time_new_from_iso8601 (now->created, NULL);
  g_assert_nonnull (created);
  g_assert_cmpint (g_date_time_to_unix (created), ==, now->created_unix);
  g_assert_true (g_str_has_suffix (now->created, "Z"));
  g_assert_cmpuint (strlen (now->created), ==, strlen ("2024-05-01T12:34:56Z"));
  g_assert_cmpstr (now->kernel_release, !=, "");
  g_assert_true (g_type_name (SSDB_TYPE_REPORT) != NULL);

  node = ssdb_report_summary_to_json (&target, result);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
  g_assert_cmpuint (
      json_array_get_length (json_object_get_array_member (json_node_get_object (node), "tests")),
      ==, 4);
}

/* '.' decimals whatever the locale, for writing and for reading. */
static void
test_locale (void)
{
  g_autoptr (TestResult) result = build_result ();
  g_autoptr (SsdbReport) report = build_report (result);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *c_data = NULL, *fr_data = NULL, *again = NULL;
  char localized[32];
  gsize length;

  c_data = ssdb_report_to_data (report, NULL);
  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed");
      return;
    }
  g_snprintf (localized, sizeof localized, "%.2f", 7.75);
  g_assert_cmpstr (localized, ==, "7,75");

  fr_data = ssdb_report_to_data (report, &length);
  g_assert_cmpstr (fr_data, ==, c_data);
  g_assert_nonnull (strstr (fr_data, "\"mean_inflight\" : 7.75,"));
  g_assert_nonnull (strstr (fr_data, "\"iops\" : 0.10000000000000001,"));
  g_assert_null (strstr (fr_data, "7,75"));

  loaded = ssdb_report_load_from_data (fr_data, length, "fr.json", &error);
  g_assert_no_error (error);
  g_assert_cmpfloat (((SsdbSummaryEntry *)g_ptr_array_index (loaded->summary->entries, 0))
                         ->aggregate.mean_inflight,
                     ==, 7.75);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, c_data);

  setlocale (LC_ALL, "C.UTF-8");
}

/* -------------------------------------------------------------------------------------------- */
/* Reading back                                                                                  */

static void
assert_histogram_equal (const SsdbHistogram *a, const SsdbHistogram *b)
{
  g_assert_cmpuint (a->count, ==, b->count);
  g_assert_cmpuint (a->sum_ns, ==, b->sum_ns);
  g_assert_cmpuint (a->min_ns, ==, b->min_ns);
  g_assert_cmpuint (a->max_ns, ==, b->max_ns);
  g_assert_cmpmem (a->buckets, sizeof a->buckets, b->buckets, sizeof b->buckets);
}

static void
assert_io_equal (const SsdbIoResult *a, const SsdbIoResult *b)
{
  g_assert_cmpuint (a->ios, ==, b->ios);
  g_assert_cmpuint (a->bytes, ==, b->bytes);
  g_assert_cmpuint (a->read_ios, ==, b->read_ios);
  g_assert_cmpuint (a->read_bytes, ==, b->read_bytes);
  g_assert_cmpuint (a->write_ios, ==, b->write_ios);
  g_assert_cmpuint (a->write_bytes, ==, b->write_bytes);
  g_assert_cmpuint (a->window_ns, ==, b->window_ns);
  /* Exactly equal: every double survives the trip bit for bit. */
  g_assert_true (a->bytes_per_second == b->bytes_per_second);
  g_assert_true (a->iops == b->iops);
  g_assert_true (a->mean_inflight == b->mean_inflight);
  g_assert_cmpuint (a->cpu_user_ns, ==, b->cpu_user_ns);
  g_assert_cmpuint (a->cpu_system_ns, ==, b->cpu_system_ns);
  g_assert_cmpuint (a->device_read_bytes, ==, b->device_read_bytes);
  g_assert_cmpuint (a->device_write_bytes, ==, b->device_write_bytes);
  g_assert_cmpint (a->counters_valid, ==, b->counters_valid);
  g_assert_cmpint (a->reached_device, ==, b->reached_device);
  g_assert_cmpint (a->cancelled, ==, b->cancelled);
  g_assert_cmpint (a->engine, ==, b->engine);
  g_assert_cmpint (a->polled, ==, b->polled);
  assert_histogram_equal (&a->latency, &b->latency);
  assert_histogram_equal (&a->read_latency, &b->read_latency);
  assert_histogram_equal (&a->write_latency, &b->write_latency);
}

static void
test_round_trip (void)
{
  g_autoptr (TestResult) result = build_result ();
  g_autoptr (SsdbReport) report = build_report (result);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *first = g_build_filename (dir, "first.json", NULL);
  g_autofree char *second = g_build_filename (dir, "second.json", NULL);
  g_autofree char *a = NULL, *b = NULL;
  gsize a_len, b_len;
  struct stat st;

  g_assert_true (ssdb_report_save (report, first, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_stat (first, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 0777, ==, 0644);

  loaded = ssdb_report_load (first, &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded);

  /* Everything came back. */
  g_assert_cmpuint (loaded->format_version, ==, 1);
  g_assert_cmpstr (loaded->tool_version, ==, PACKAGE_VERSION);
  g_assert_cmpstr (loaded->created, ==, "2024-05-01T12:34:56Z");
  g_assert_cmpint (loaded->created_unix, ==, 1714566896);
  g_assert_cmpstr (loaded->host, ==, "bench-host");
  g_assert_cmpstr (loaded->kernel_release, ==, "6.1.0-18-amd64");
  g_assert_cmpstr (loaded->kernel_machine, ==, "x86_64");
  g_assert_cmpint (loaded->target.kind, ==, SSDB_TARGET_DEVICE);
  g_assert_cmpstr (loaded->target.path, ==, "/dev/zram0");
  g_assert_cmpstr (loaded->target.disk_name, ==, "zram0");
  g_assert_cmpuint (loaded->target.major, ==, 252);
  g_assert_cmpuint (loaded->target.size_bytes, ==, G_GUINT64_CONSTANT (2147483648));
  g_assert_cmpuint (loaded->target.dio_mem_align, ==, 512);
  g_assert_true (loaded->target.read_only);
  g_assert_null (loaded->target.model);
  g_assert_cmpstr (loaded->target.vendor, ==, "Vendor é \"quoted\"");
  g_assert_null (loaded->target_extra);

  g_assert_nonnull (loaded->summary);
  g_assert_cmpmem (&loaded->summary->spec, sizeof (SsdbSummarySpec), &result->spec,
                   sizeof (SsdbSummarySpec));
  g_assert_cmpstr (loaded->summary->writes_skipped_reason, ==, result->writes_skipped_reason);
  g_assert_cmpint (loaded->summary->started_unix, ==, result->started_unix);
  g_assert_cmpuint (loaded->summary->prepare_ns, ==, result->prepare_ns);
  g_assert_cmpuint (loaded->summary->entries->len, ==, result->entries->len);
  for (guint i = 0; i < result->entries->len; i++)
    {
      SsdbSummaryEntry *x = g_ptr_array_index (result->entries, i);
      SsdbSummaryEntry *y = g_ptr_array_index (loaded->summary->entries, i);

      g_assert_cmpstr (x->test.name, ==, y->test.name);
      g_assert_cmpint (x->test.access, ==, y->test.access);
      g_assert_cmpuint (x->test.block_size, ==, y->test.block_size);
      g_assert_cmpuint (x->test.queue_depth, ==, y->test.queue_depth);
      g_assert_cmpuint (x->test.threads, ==, y->test.threads);
      g_assert_cmpint (x->rw, ==, y->rw);
      g_assert_cmpint (x->state, ==, y->state);
      g_assert_cmpstr (x->message, ==, y->message);
      g_assert_cmpstr (x->fio_command, ==, y->fio_command);
      g_assert_cmpmem (&x->job, sizeof x->job, &y->job, sizeof y->job);
      assert_io_equal (&x->aggregate, &y->aggregate);
      g_assert_cmpuint (x->passes->len, ==, y->passes->len);
      for (guint p = 0; p < x->passes->len; p++)
        assert_io_equal (&g_array_index (x->passes, SsdbIoResult, p),
                         &g_array_index (y->passes, SsdbIoResult, p));
    }

  /* save -> load -> save is byte-identical. */
  g_assert_true (ssdb_report_save (loaded, second, &error));
  g_assert_no_error (error);
  g_file_get_contents (first, &a, &a_len, &error);
  g_assert_no_error (error);
  g_file_get_contents (second, &b, &b_len, &error);
  g_assert_no_error (error);
  g_assert_cmpmem (a, a_len, b, b_len);

  /* Saving over an existing file replaces it. */
  g_assert_true (ssdb_report_save (report, second, &error));
  g_assert_no_error (error);

  remove_tmpdir (dir);
}

/* Facts the caller adds to the target survive a round trip, in order, and numbers that
 * json-glib 1.6 would print as invalid JSON ("1e+22.0") are still written as valid JSON. */
static void
test_target_facts (void)
{
  g_autoptr (TestResult) result = build_result ();
  g_autoptr (SsdbReport) report = build_report (result);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL, *again = NULL;
  g_autoptr (GList) names = NULL;
  JsonObject *smart = json_object_new ();
  JsonNode *node;
  gsize length;

  json_object_set_int_member (smart, "temperature_c", 41);
  json_object_set_boolean_member (smart, "passed", TRUE);
  ssdb_report_add_target_fact (report, "serial", json_node_init_string (json_node_alloc (), "S1"));
  ssdb_report_add_target_fact (report, "firmware",
                               json_node_init_string (json_node_alloc (), "1.0"));
  ssdb_report_add_target_fact (report, "smart", json_node_init_object (json_node_alloc (), smart));
  ssdb_report_add_target_fact (report, "huge", json_node_init_double (json_node_alloc (), 1e22));
  ssdb_report_add_target_fact (report, "tiny",
                               json_node_init_double (json_node_alloc (), 1.5e-300));
  json_object_unref (smart);

  data = ssdb_report_to_data (report, &length);
  g_assert_null (strstr (data, "e+22.0"));
  g_assert_nonnull (strstr (data, "\"direct_io\" : true,\n    \"serial\" : \"S1\",\n"));

  loaded = ssdb_report_load_from_data (data, length, "facts.json", &error);
  g_assert_no_error (error);
  g_assert_nonnull (loaded->target_extra);
  names = json_object_get_members (loaded->target_extra);
  g_assert_cmpuint (g_list_length (names), ==, 5);
  g_assert_cmpstr (g_list_nth_data (names, 0), ==, "serial");
  g_assert_cmpstr (g_list_nth_data (names, 1), ==, "firmware");
  g_assert_cmpstr (g_list_nth_data (names, 2), ==, "smart");
  g_assert_cmpstr (g_list_nth_data (names, 3), ==, "huge");
  g_assert_cmpstr (g_list_nth_data (names, 4), ==, "tiny");
  g_assert_cmpstr (json_object_get_string_member (loaded->target_extra, "serial"), ==, "S1");
  g_assert_cmpint (
      json_object_get_int_member (json_object_get_object_member (loaded->target_extra, "smart"),
                                  "temperature_c"),
      ==, 41);
  node = json_object_get_member (loaded->target_extra, "huge");
  g_assert_cmpfloat_with_epsilon (json_node_get_double (node), 1e22, 1e7);
  node = json_object_get_member (loaded->target_extra, "tiny");
  g_assert_true (json_node_get_double (node) == 1.5e-300);

  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, data);
}

/* The disk's queue state (scheduler, nr_requests, write cache, NCQ depth) is written when it
 * was recorded, read back, kept out of the application's facts, and refused out of range. */
static void
test_target_queue (void)
{
  g_autoptr (TestResult) result = build_result ();
  g_autoptr (SsdbReport) report = build_report (result);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL, *again = NULL, *bad = NULL;
  gsize length;

  report->target.has_queue = TRUE;
  report->target.scheduler = g_strdup ("mq-deadline");
  report->target.nr_requests = 64;
  report->target.write_cache = g_strdup ("write back");
  report->target.device_queue_depth = 32;
  data = ssdb_report_to_data (report, &length);
  g_assert_nonnull (strstr (data, "\"queue\" : {\n      \"scheduler\" : \"mq-deadline\",\n"
                                  "      \"nr_requests\" : 64,\n"
                                  "      \"write_cache\" : \"write back\",\n"
                                  "      \"device_queue_depth\" : 32\n    }"));
  loaded = ssdb_report_load_from_data (data, length, "queue.json", &error);
  g_assert_no_error (error);
  g_assert_true (loaded->target.has_queue);
  g_assert_cmpstr (loaded->target.scheduler, ==, "mq-deadline");
  g_assert_cmpuint (loaded->target.nr_requests, ==, 64);
  g_assert_cmpstr (loaded->target.write_cache, ==, "write back");
  g_assert_cmpuint (loaded->target.device_queue_depth, ==, 32);
  g_assert_true (loaded->target_extra == NULL
                 || !json_object_has_member (loaded->target_extra, "queue"));
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, data);

  bad = g_strdup (data);
  memcpy (strstr (bad, "\"device_queue_depth\" : 32"), "\"device_queue_depth\" : -1", 25);
  g_clear_pointer (&loaded, ssdb_report_unref);
  loaded = ssdb_report_load_from_data (bad, strlen (bad), "bad-queue.json", &error);
  g_assert_null (loaded);
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
  g_assert_nonnull (strstr (error->message, "target.queue.device_queue_depth"));
  g_clear_error (&error);

  /* NCQ off for the run: the depth before is written after the depth of the run (1), read
   * back, and refused beside any other depth than 1. */
  report->target.device_queue_depth = 1;
  report->target.ncq_depth_before = 32;
  g_free (data);
  data = ssdb_report_to_data (report, &length);
  g_assert_nonnull (strstr (data, "      \"device_queue_depth\" : 1,\n"
                                  "      \"ncq_off_from\" : 32\n    }"));
  loaded = ssdb_report_load_from_data (data, length, "ncq.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->target.ncq_depth_before, ==, 32);
  g_assert_cmpuint (loaded->target.device_queue_depth, ==, 1);
  g_free (again);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, data);
  g_clear_pointer (&loaded, ssdb_report_unref);
  g_free (bad);
  bad = g_strdup (data);
  memcpy (strstr (bad, "\"device_queue_depth\" : 1,"), "\"device_queue_depth\" : 4,", 25);
  loaded = ssdb_report_load_from_data (bad, strlen (bad), "bad-ncq.json", &error);
  g_assert_null (loaded);
  g_assert_nonnull (strstr (error->message, "target.queue.device_queue_depth: 4, but"));
  g_clear_error (&error);
  memcpy (strstr (bad, "\"device_queue_depth\" : 4,"), "\"device_queue_depth\" : 1,", 25);
  memcpy (strstr (bad, "\"ncq_off_from\" : 32"), "\"ncq_off_from\" : 1 ", 19);
  loaded = ssdb_report_load_from_data (bad, strlen (bad), "bad-ncq.json", &error);
  g_assert_null (loaded);
  g_assert_nonnull (strstr (error->message, "target.queue.ncq_off_from"));
  g_clear_error (&error);

  /* An ATA drive's features: true, false or null each, read back byte for byte. */
  report->target.has_ata_features = TRUE;
  for (guint i = 0; i < SSDB_ATA_N_FEATURES; i++)
    report->target.ata_features[i] = (int)i % 3 - 1;
  g_free (data);
  data = ssdb_report_to_data (report, &length);
  g_assert_nonnull (strstr (data, "\"ata_features\" : {\n      \"write_cache\" : null,\n"
                                  "      \"read_lookahead\" : false,\n"
                                  "      \"power_management\" : true,\n"
                                  "      \"apm\" : null,\n      \"aam\" : false\n    }"));
  loaded = ssdb_report_load_from_data (data, length, "ata.json", &error);
  g_assert_no_error (error);
  g_assert_true (loaded->target.has_ata_features);
  g_assert_cmpint (loaded->target.ata_features[SSDB_ATA_PM], ==, 1);
  g_assert_cmpint (loaded->target.ata_features[SSDB_ATA_AAM], ==, 0);
  g_assert_cmpint (loaded->target.ata_features[SSDB_ATA_APM], ==, -1);
  g_assert_true (loaded->target_extra == NULL
                 || !json_object_has_member (loaded->target_extra, "ata_features"));
  g_free (again);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, data);
}

/* A report of format version 1 kept in the source tree must keep loading, and saving it must
 * reproduce the file byte for byte: any change to the format shows up here. */
static void
test_fixture_valid (void)
{
  g_autofree char *path = fixture_path ("valid.json");
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *contents = NULL, *data = NULL;
  SsdbSummaryEntry *entry;
  SsdbIoResult *pass;
  gsize length;

  report = ssdb_report_load (path, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (report->format_version, ==, 1);
  g_assert_cmpstr (report->tool_version, ==, "0.1.0");
  g_assert_cmpstr (report->target.path, ==, "/dev/zram1");
  g_assert_cmpuint (report->target.size_bytes, ==, G_GUINT64_CONSTANT (1073741824));
  g_assert_cmpuint (report->summary->spec.count, ==, 2);
  g_assert_cmpint (report->summary->spec.data.kind, ==, SSDB_DATA_RANDOM);
  g_assert_cmpuint (report->summary->spec.seed, ==, 42);
  g_assert_cmpuint (report->summary->entries->len, ==, 2);

  entry = g_ptr_array_index (report->summary->entries, 0);
  g_assert_cmpstr (entry->test.name, ==, "SEQ1M Q1T1");
  g_assert_cmpint (entry->rw, ==, SSDB_RW_READ);
  g_assert_cmpuint (entry->passes->len, ==, 2);
  pass = &g_array_index (entry->passes, SsdbIoResult, 1);
  g_assert_cmpuint (pass->latency.count, ==, 4);
  g_assert_cmpuint (pass->latency.min_ns, ==, 150000);
  g_assert_cmpuint (pass->latency.max_ns, ==, 410000);
  g_assert_cmpuint (ssdb_histogram_percentile_ns (&pass->latency, 50.0), ==, 199679);
  g_assert_cmpuint (pass->read_latency.count, ==, 4);
  g_assert_cmpuint (pass->write_latency.count, ==, 0);

  entry = g_ptr_array_index (report->summary->entries, 1);
  g_assert_cmpstr (entry->test.name, ==, "RND4K Q32T1");
  g_assert_cmpint (entry->rw, ==, SSDB_RW_MIX);
  g_assert_cmpuint (entry->aggregate.read_latency.count, ==, 7);
  g_assert_cmpuint (entry->aggregate.write_latency.count, ==, 3);

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  data = ssdb_report_to_data (report, NULL);
  g_assert_cmpstr (data, ==, contents);

  /* Written before jobs of queue depth 1 ran synchronously: every result was libaio's. */
  entry = g_ptr_array_index (report->summary->entries, 0);
  g_assert_cmpuint (entry->test.queue_depth, ==, 1);
  g_assert_cmpint (entry->aggregate.engine, ==, SSDB_IO_ENGINE_LIBAIO);
  g_assert_false (g_array_index (entry->passes, SsdbIoResult, 0).polled);
}

/* -------------------------------------------------------------------------------------------- */
/* Bad input                                                                                     */

static void
assert_report_error (const GError *error, const char *name, const char *expected)
{
  g_assert_nonnull (error);
  if (!g_error_matches (error, SSDB_ERROR, SSDB_ERROR_REPORT)
      || !g_str_has_prefix (error->message, name) || strstr (error->message, expected) == NULL)
    g_error ("expected an SSDB_ERROR_REPORT error “%s: …%s…”, got (%s, %d) “%s”", name, expected,
             g_quark_to_string (error->domain), error->code, error->message);
}

static guint
count_occurrences (const char *haystack, const char *needle)
{
  guint n = 0;

  for (const char *p = strstr (haystack, needle); p != NULL; p = strstr (p + 1, needle))
    n++;
  return n;
}

/* The I/O engine of a result is written only when it is not libaio, and comes back. */
static void
test_io_engine (void)
{
  g_autofree char *path = fixture_path ("valid.json");
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *first = g_build_filename (dir, "first.json", NULL);
  g_autofree char *second = g_build_filename (dir, "second.json", NULL);
  g_autofree char *a = NULL, *b = NULL, *bad = NULL;
  SsdbSummaryEntry *entry;
  GRegex *re;
  gsize a_len, b_len;

  report = ssdb_report_load (path, &error);
  g_assert_no_error (error);
  entry = g_ptr_array_index (report->summary->entries, 0);
  entry->aggregate.engine = SSDB_IO_ENGINE_PVSYNC2;
  g_array_index (entry->passes, SsdbIoResult, 0).engine = SSDB_IO_ENGINE_PVSYNC2;
  g_array_index (entry->passes, SsdbIoResult, 1).engine = SSDB_IO_ENGINE_PVSYNC2;
  g_array_index (entry->passes, SsdbIoResult, 1).polled = TRUE;
  g_assert_true (ssdb_report_save (report, first, &error));
  g_assert_no_error (error);
  g_file_get_contents (first, &a, &a_len, &error);
  g_assert_no_error (error);
  /* Three results of the first test, none of the second (libaio). */
  g_assert_cmpuint (count_occurrences (a, "\"io_engine\" : \"pvsync2\""), ==, 3);
  g_assert_cmpuint (count_occurrences (a, "\"io_poll\" : true"), ==, 1);
  g_assert_nonnull (strstr (a, "\"cancelled\" : false,\n      \"io_engine\" : \"pvsync2\""));

  loaded = ssdb_report_load (first, &error);
  g_assert_no_error (error);
  entry = g_ptr_array_index (loaded->summary->entries, 0);
  g_assert_cmpint (entry->aggregate.engine, ==, SSDB_IO_ENGINE_PVSYNC2);
  g_assert_false (entry->aggregate.polled);
  g_assert_true (g_array_index (entry->passes, SsdbIoResult, 1).polled);
  entry = g_ptr_array_index (loaded->summary->entries, 1);
  g_assert_cmpint (entry->aggregate.engine, ==, SSDB_IO_ENGINE_LIBAIO);
  g_assert_true (ssdb_report_save (loaded, second, &error));
  g_file_get_contents (second, &b, &b_len, &error);
  g_assert_cmpmem (a, a_len, b, b_len);

  /* An engine this version does not know is refused, naming the member. */
  re = g_regex_new ("\"io_engine\" : \"pvsync2\"", 0, 0, NULL);
  bad = g_regex_replace_literal (re, a, -1, 0, "\"io_engine\" : \"io_uring\"", 0, NULL);
  g_regex_unref (re);
  g_assert_true (g_file_set_contents (second, bad, -1, &error));
  g_clear_pointer (&loaded, ssdb_report_unref);
  loaded = ssdb_report_load (second, &error);
  g_assert_null (loaded);
  assert_report_error (error, second, "tests[0].io_engine: unknown value");
  g_assert_nonnull (strstr (error->message, "io_uring"));

  remove_tmpdir (dir);
}

static void
test_fixtures_invalid (void)
{
  static const struct
  {
    const char *file;
    const char *expected;
  } cases[] = {
    { "malformed.json", ":18:5: malformed JSON: unexpected character ‘\"’, expected ‘,’ or ‘}’" },
    { "truncated.json", "truncated JSON: the text ends inside the array that starts at line" },
    { "wrong-version.json", ": format_version: version 2 is newer than this SSD Bench reads (1)" },
    { "old-version.json", ": format_version: version 0 is not a known report version" },
    { "missing-version.json", ": format_version: missing" },
    { "string-version.json", ": format_version: expected an integer, found a string" },
    { "wrong-type.json", ": tests[1].latency_ns.p99: expected an integer, found a string" },
    { "negative.json", ": tests[0].passes[1].bytes: must not be negative (-5)" },
    { "negative-rate.json", ": tests[0].bytes_per_second: must not be negative (-1)" },
    { "absurd-queue-depth.json", ": tests[1].queue_depth: 1000 is out of range (1..256)" },
    { "absurd-threads.json", ": tests[0].threads: 0 is out of range (1..64)" },
    { "absurd-rate.json", ": tests[0].passes[0].bytes_per_second: 1e+15 is out of range" },
    { "bad-rw.json", ": tests[0].rw: unknown value “readwrite”" },
    { "bad-kind.json",
      ": tests[0].kind: unknown value “ipeak” (expected “summary”, “surface”, “fill”, “access”, "
      "“sweep”, “workload”, “recovery”, “consistency”, “compression”, “trim”, “freespace”, "
      "“readback”, “scan”, “randomaccess”, “asssd”, “copy”)" },
    { "bad-histogram.json",
      ": tests[0].passes[0].latency_buckets: the bucket counts add up to 5, but "
      "latency_ns.count is 4" },
    { "bad-bucket.json",
      ": tests[0].latency_buckets[0]: 150001 ns is not the lower bound of a bucket" },
    { "unordered-buckets.json",
      ": tests[0].latency_buckets[1]: buckets must be in increasing order, each once" },
    { "bad-min.json",
      ": tests[0].latency_buckets: latency_ns.min and latency_ns.max do not fall in the first "
      "and last buckets" },
    { "bad-sum.json", ": tests[0].latency_ns: sum is outside count × min .. count × max" },
    { "no-summary.json", ": tests[0]: a summary test needs the top-level “summary” settings" },
    { "too-many-passes.json", ": tests[0].passes: 3 elements, more than the 2 allowed" },
    { "missing-field.json", ": target.size_bytes: missing" },
    { "not-a-report.json", ": not an SSD Bench report" },
    { "bad-seed.json", ": summary.seed: expected a string of decimal digits, found an integer" },
    { "hex-number.json", ":18:15: malformed JSON: invalid number" },
    { "comment.json", ":1:1: malformed JSON: unexpected character ‘/’, expected a value" },
    { "trailing-garbage.json", "malformed JSON: text after the end of the document" },
    { "big-integer.json", ":6:20: integer 18446744073709551616 is out of range" },
    { "lone-surrogate.json", ":7:18: malformed JSON: \\ud800 is half of a surrogate pair" },
    { "empty.json", ": empty file; it is not a report" },
    { "latin1.json", ":7:20: not UTF-8 text; a report is UTF-8 JSON text" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = fixture_path (cases[i].file);
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) report = NULL;

      g_test_message ("%s", cases[i].file);
      report = ssdb_report_load (path, &error);
      g_assert_null (report);
      assert_report_error (error, path, cases[i].expected);
    }
}

static void
expect_data_error (const char *text, gssize length, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = NULL;

  report = ssdb_report_load_from_data (text, length < 0 ? strlen (text) : (gsize)length,
                                       "input.json", &error);
  g_assert_null (report);
  assert_report_error (error, "input.json", expected);
}

static void
test_syntax (void)
{
  GString *deep = g_string_new (NULL);
  GString *many = g_string_new ("[");

  expect_data_error ("", -1, "input.json: empty file");
  expect_data_error (" \n\t ", -1, "input.json: empty file");
  expect_data_error ("{}", -1, "input.json: not an SSD Bench report");
  expect_data_error ("[1, 2]", -1, "input.json: not an SSD Bench report (the document is an array");
  expect_data_error ("{\n  \"a\": [1,\n 2,,3]}", -1, "input.json:3:4: malformed JSON");
  expect_data_error ("[1,]", -1, "input.json:1:4: malformed JSON: unexpected character ‘]’");
  expect_data_error ("{\"a\":1,}", -1, "input.json:1:8: malformed JSON");
  expect_data_error ("{\"a\": 1, \"a\": 2}", -1, "input.json:1:10: malformed JSON: duplicate");
  expect_data_error ("{'a': 1}", -1, "input.json:1:2: malformed JSON");
  expect_data_error ("[01]", -1, "input.json:1:2: malformed JSON: invalid number");
  expect_data_error ("[-]", -1, "input.json:1:2: malformed JSON: invalid number");
  expect_data_error ("[1.]", -1, "input.json:1:2: malformed JSON: invalid number");
  expect_data_error ("[1e400]", -1, "input.json:1:2: number 1e400 is out of range");
  expect_data_error ("[9223372036854775808]", -1, "integer 9223372036854775808 is out of range");
  expect_data_error ("[-9223372036854775809]", -1, "is out of range");
  expect_data_error ("[nan]", -1, "input.json:1:2: malformed JSON: unexpected character ‘n’");
  expect_data_error ("[truex]", -1, "input.json:1:2: malformed JSON: invalid literal");
  expect_data_error ("[\"a\\u0000\"]", -1, "\\u0000 is not allowed");
  expect_data_error ("[\"\\ude00\"]", -1, "half of a surrogate pair");
  expect_data_error ("[\"\\ud83dx\"]", -1, "half of a surrogate pair");
  expect_data_error ("[\"\\x\"]", -1, "invalid escape");
  expect_data_error ("[\"\\u12g4\"]", -1, "four hex digits");
  expect_data_error ("[\"a\tb\"]", -1, "control character U+0009");
  expect_data_error ("{} {}", -1, "input.json:1:4: malformed JSON: text after the end");
  expect_data_error ("[\"é\xff\"]", -1, "input.json:1:4: not UTF-8 text");
  expect_data_error ("[1]\0[2]", 7, "input.json:1:4: a NUL byte");

  /* Truncation, with where the open value started. */
  expect_data_error ("{\n  \"a\": [1, 2", -1,
                     "input.json:2:13: truncated JSON: the text ends inside the array that starts "
                     "at line 2, column 8");
  expect_data_error ("{\"a\": \"abc", -1, "ends inside the string that starts at line 1, column 7");
  expect_data_error ("[tru", -1, "truncated JSON");
  expect_data_error ("[\"\\u12", -1, "truncated JSON");
  expect_data_error ("-", -1,
                     "input.json:1:2: truncated JSON: the text ends before its value does");

  /* Hostile nesting is refused without recursion (json-glib alone would overflow the stack). */
  for (guint i = 0; i < 1000000; i++)
    g_string_append_c (deep, '[');
  expect_data_error (deep->str, deep->len,
                     "input.json:1:65: malformed JSON: nested deeper than 64");
  g_string_free (deep, TRUE);

  /* A document with too many values is refused before a tree is built. */
  for (guint i = 0; i <= SSDB_REPORT_MAX_VALUES; i++)
    g_string_append (many, "0,");
  g_string_append (many, "0]");
  expect_data_error (many->str, many->len, "more than 2000000 JSON values");
  g_string_free (many, TRUE);
}

/* Every prefix of a valid report is refused as truncated (or empty), never crashes. */
static void
test_truncations (void)
{
  g_autofree char *path = fixture_path ("valid.json");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  gsize length, end;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  end = length;
  while (end > 0 && g_ascii_isspace (contents[end - 1]))
    end--;

  for (gsize cut = 0; cut < end; cut++)
    {
      g_autoptr (GError) cut_error = NULL;
      g_autoptr (SsdbReport) report = NULL;

      report = ssdb_report_load_from_data (contents, cut, "cut.json", &cut_error);
      g_assert_null (report);
      g_assert_true (g_error_matches (cut_error, SSDB_ERROR, SSDB_ERROR_REPORT));
      g_assert_true (g_str_has_prefix (cut_error->message, "cut.json"));
      if (strstr (cut_error->message, "truncated JSON") == NULL
          && strstr (cut_error->message, "empty file") == NULL)
        g_error ("prefix of %" G_GSIZE_FORMAT " bytes: %s", cut, cut_error->message);
    }
  for (gsize cut = end; cut <= length; cut++)
    {
      g_autoptr (GError) cut_error = NULL;
      g_autoptr (SsdbReport) report = NULL;

      report = ssdb_report_load_from_data (contents, cut, "cut.json", &cut_error);
      g_assert_no_error (cut_error);
      g_assert_nonnull (report);
    }
}

/* Random damage never crashes; whatever still loads saves and reloads cleanly. */
static void
test_mutations (void)
{
  g_autofree char *path = fixture_path ("valid.json");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240501);
  static const char replacements[] = "{}[],:\"\\0123456789-+.eE truefalsnul\xc3\xa9\xff\n";
  guint loaded = 0;
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);

  for (guint iteration = 0; iteration < 3000; iteration++)
    {
      g_autofree char *copy = g_memdup2 (contents, length);
      g_autoptr (GError) mutation_error = NULL;
      g_autoptr (SsdbReport) report = NULL;
      guint n = g_rand_int_range (rand, 1, 4);

      for (guint k = 0; k < n; k++)
        copy[g_rand_int_range (rand, 0, (gint32)length)]
            = replacements[g_rand_int_range (rand, 0, sizeof replacements - 1)];

      report = ssdb_report_load_from_data (copy, length, "mutated.json", &mutation_error);
      if (report == NULL)
        {
          g_assert_true (g_error_matches (mutation_error, SSDB_ERROR, SSDB_ERROR_REPORT));
          g_assert_true (g_str_has_prefix (mutation_error->message, "mutated.json"));
        }
      else
        {
          g_autofree char *saved = NULL, *again = NULL;
          g_autoptr (SsdbReport) reloaded = NULL;
          gsize saved_len;

          g_assert_no_error (mutation_error);
          loaded++;
          saved = ssdb_report_to_data (report, &saved_len);
          reloaded = ssdb_report_load_from_data (saved, saved_len, "saved.json", &mutation_error);
          g_assert_no_error (mutation_error);
          again = ssdb_report_to_data (reloaded, NULL);
          g_assert_cmpstr (saved, ==, again);
        }
    }
  g_test_message ("%u of 3000 damaged copies still loaded", loaded);
}

static void
test_files (void)
{
  g_autofree char *dir = make_tmpdir ();
  g_autofree char *big = g_build_filename (dir, "big.json", NULL);
  g_autofree char *limit = g_build_filename (dir, "limit.json", NULL);
  g_autofree char *fifo = g_build_filename (dir, "fifo.json", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.json", NULL);
  g_autofree char *unwritable = g_build_filename (dir, "no-such-dir", "x.json", NULL);
  g_autofree char *valid = fixture_path ("valid.json");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) report = NULL;
  gsize length;
  int fd;

  /* Larger than 64 MiB: refused from its size, before reading (a sparse file reads fast, but
   * the message must come from the size check). */
  fd = g_open (big, O_CREAT | O_WRONLY | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (ftruncate (fd, (off_t)SSDB_REPORT_MAX_BYTES + 1), ==, 0);
  close (fd);
  report = ssdb_report_load (big, &error);
  g_assert_null (report);
  assert_report_error (error, big, ": 67108865 bytes, larger than a report may be (67108864 bytes");
  g_clear_error (&error);

  /* Exactly 64 MiB (a valid report padded with spaces) still loads. */
  g_file_get_contents (valid, &contents, &length, &error);
  g_assert_no_error (error);
  fd = g_open (limit, O_CREAT | O_WRONLY | O_TRUNC, 0644);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, contents, length), ==, (gssize)length);
  {
    g_autofree char *spaces = g_malloc (1 << 20);
    gsize left = SSDB_REPORT_MAX_BYTES - length;

    memset (spaces, ' ', 1 << 20);
    while (left > 0)
      {
        gsize n = MIN (left, (gsize)1 << 20);

        g_assert_cmpint (write (fd, spaces, n), ==, (gssize)n);
        left -= n;
      }
  }
  close (fd);
  report = ssdb_report_load (limit, &error);
  g_assert_no_error (error);
  g_assert_nonnull (report);
  g_clear_pointer (&report, ssdb_report_unref);

  /* Not regular files: refused without blocking or reading forever. */
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  report = ssdb_report_load (fifo, &error);
  g_assert_null (report);
  assert_report_error (error, fifo, "not a regular file");
  g_clear_error (&error);

  report = ssdb_report_load ("/dev/zero", &error);
  g_assert_null (report);
  assert_report_error (error, "/dev/zero", "not a regular file");
  g_clear_error (&error);

  report = ssdb_report_load (dir, &error);
  g_assert_null (report);
  assert_report_error (error, dir, "not a regular file");
  g_clear_error (&error);

  /* Missing file: not found, naming it. */
  report = ssdb_report_load (missing, &error);
  g_assert_null (report);
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, missing));
  g_clear_error (&error);

  /* Saving where the directory does not exist. */
  report = ssdb_report_load (valid, &error);
  g_assert_no_error (error);
  g_assert_false (ssdb_report_save (report, unwritable, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, unwritable));
  g_assert_false (g_file_test (unwritable, G_FILE_TEST_EXISTS));

  remove_tmpdir (dir);
}

/* -------------------------------------------------------------------------------------------- */
/* Surface and fill tests                                                                        */

#define MiB (G_GUINT64_CONSTANT (1) << 20)

/* A destructive surface of 4 samples x 8 MiB over the first GiB, with 6 access dots. */
static SsdbSurfaceResult *
build_surface (void)
{
  static const double read_rates[] = { 540e6, 530.25e6, 1e8 / 3.0, 480e6 };
  static const double write_rates[] = { 500e6, 250.5e6, 490e6, 470e6 };
  static const guint64 dots[][2] = {
    { 0, 90000 },          { 4096, 110000 },      { 536866816, 150000 },
    { 536870912, 300000 }, { 800000000, 250000 }, { 1073737728, 400001 },
  };
  SsdbSurfaceSpec spec;
  SsdbSurfaceResult *r;
  guint64 sum = 0, first_sum = 0;

  ssdb_surface_spec_init (&spec);
  spec.samples = 4;
  spec.sample_bytes = 8 * MiB;
  spec.span_length = G_GUINT64_CONSTANT (1) << 30;
  spec.access_samples = 6;
  spec.access_first_bytes = 512 * MiB;
  spec.write = SSDB_SURFACE_WRITE_DESTROY;
  spec.seed = 7;
  r = ssdb_surface_result_new (&spec);

  for (guint k = 0; k < 2; k++)
    {
      GArray *curve = k == 0 ? r->read : r->write;
      SsdbRateStats *stats = k == 0 ? &r->read_stats : &r->write_stats;
      const double *rates = k == 0 ? read_rates : write_rates;
      double total = 0;

      for (guint i = 0; i < 4; i++)
        {
          SsdbSurfaceSample s;

          s.offset_bytes = ssdb_surface_position (0, spec.span_length, spec.sample_bytes, 4, i,
                                                  spec.block_size);
          s.bytes = spec.sample_bytes;
          s.bytes_per_second = rates[i];
          s.window_ns = (guint64)((double)s.bytes * 1e9 / rates[i]);
          g_array_append_val (curve, s);
          if (i == 0 || rates[i] < stats->min)
            stats->min = rates[i];
          stats->max = MAX (stats->max, rates[i]);
          total += rates[i];
        }
      stats->mean = total / 4;
    }
  for (guint i = 0; i < G_N_ELEMENTS (dots); i++)
    {
      SsdbAccessSample a = { dots[i][0], dots[i][1] };

      g_array_append_val (r->access, a);
      sum += a.latency_ns;
      if (a.offset_bytes < spec.access_first_bytes)
        {
          first_sum += a.latency_ns;
          r->access_first_count++;
        }
    }
  r->access_mean_ns = (double)sum / r->access->len;
  r->access_first_mean_ns = (double)first_sum / r->access_first_count;
  r->burst_bytes_per_second = 2.5e9;
  r->cpu_ns = 123456789;
  return r;
}

/* A 64 MiB fill in 16 MiB segments, two write passes and a read-back; the first pass drops from
 * 50 to 12.5 MB/s halfway, which the engine's analysis reports as a 32 MiB cache. */
static SsdbFillResult *
build_fill (void)
{
  static const double rates[] = { 50e6, 50e6, 12.5e6, 12.5e6 };
  SsdbFillSpec spec;
  SsdbFillResult *r;

  ssdb_fill_spec_init (&spec);
  spec.span_length = 64 * MiB;
  spec.segment_bytes = 16 * MiB;
  spec.seed = 3;
  r = ssdb_fill_result_new (&spec);

  for (guint p = 0; p < 3; p++)
    {
      SsdbFillPass *pass = g_new0 (SsdbFillPass, 1);
      guint64 elapsed = 0;

      pass->rw = p < 2 ? SSDB_RW_WRITE : SSDB_RW_READ;
      pass->segments = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
      pass->intervals = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
      for (guint i = 0; i < 4; i++)
        {
          double rate = p == 0 ? rates[i] : p == 1 ? 300e6 + i : 2e9;
          SsdbFillPoint pt;

          elapsed += (guint64)((double)(16 * MiB) * 1e9 / rate);
          pt.position_bytes = (i + 1) * 16 * MiB;
          pt.elapsed_ns = elapsed;
          pt.bytes_per_second = rate;
          g_array_append_val (pass->segments, pt);
          /* Two intervals per segment, the second at the same position as the first. */
          pt.elapsed_ns = elapsed - 1000;
          pt.position_bytes -= 8 * MiB;
          g_array_append_val (pass->intervals, pt);
          pt.elapsed_ns = elapsed;
          pt.position_bytes += 8 * MiB;
          g_array_append_val (pass->intervals, pt);
        }
      pass->bytes = 64 * MiB;
      pass->window_ns = elapsed;
      pass->bytes_per_second = (double)pass->bytes * 1e9 / (double)elapsed;
      pass->complete = TRUE;
      g_ptr_array_add (r->passes, pass);
    }
  ssdb_fill_analysis_clear (&r->analysis);
  ssdb_fill_analyze (((SsdbFillPass *)g_ptr_array_index (r->passes, 0))->segments, &r->analysis);
  return r;
}

static SsdbReport *
build_surface_fill_report (SsdbSurfaceResult *surface, SsdbFillResult *fill)
{
  SsdbReport *report = build_report (NULL);

  ssdb_report_set_surface (report, surface);
  ssdb_report_set_fill (report, fill);
  return report;
}

static void
test_surface_fill_fields (void)
{
  g_autoptr (SsdbSurfaceResult) surface = build_surface ();
  g_autoptr (SsdbFillResult) fill = build_fill ();
  g_autoptr (SsdbReport) report = build_surface_fill_report (surface, fill);
  g_autoptr (JsonNode) root = ssdb_report_to_json (report);
  JsonObject *top = json_node_get_object (root);
  JsonArray *tests = json_object_get_array_member (top, "tests");
  JsonObject *s, *f, *sample, *analysis, *pass, *phase;
  static const char *const surface_members[] = {
    "kind",
    "samples",
    "block_size",
    "sample_bytes",
    "queue_depth",
    "span_offset",
    "span_length",
    "access_samples",
    "access_first_bytes",
    "burst",
    "write_mode",
    "seed",
    "cancelled",
    "read_stats",
    "write_stats",
    "access_mean_ns",
    "access_first_mean_ns",
    "access_first_count",
    "burst_bytes_per_second",
    "cpu_ns",
    "read",
    "write",
    "access",
    NULL,
  };
  static const char *const fill_members[] = {
    "kind",          "block_size",  "queue_depth",      "span_offset", "span_length",
    "segment_bytes", "interval_ns", "passes_requested", "read_back",   "seed",
    "cancelled",     "passes",      "analysis",         NULL,
  };

  g_assert_true (json_node_is_null (json_object_get_member (top, "summary")));
  g_assert_cmpuint (json_array_get_length (tests), ==, 2);
  s = json_array_get_object_element (tests, 0);
  f = json_array_get_object_element (tests, 1);
  assert_members (s, surface_members);
  assert_members (f, fill_members);

  assert_str (s, "kind", "surface");
  assert_int (s, "samples", 4);
  assert_int (s, "sample_bytes", 8 * MiB);
  assert_int (s, "span_length", G_GINT64_CONSTANT (1) << 30);
  assert_str (s, "write_mode", "destroy");
  assert_str (s, "seed", "7");
  assert_int (s, "access_first_count", 3);
  assert_double (s, "access_mean_ns", 1300001.0 / 6);
  assert_double (s, "access_first_mean_ns", 350000.0 / 3);
  assert_double (s, "burst_bytes_per_second", 2.5e9);
  assert_int (s, "cpu_ns", 123456789);
  assert_double (obj (s, "read_stats"), "min", 1e8 / 3.0);
  assert_double (obj (s, "read_stats"), "max", 540e6);
  assert_double (obj (s, "write_stats"), "min", 250.5e6);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (s, "read")), ==, 4);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (s, "access")), ==, 6);
  /* The first sample at the span's start, the last ending exactly at its end. */
  sample = json_array_get_object_element (json_object_get_array_member (s, "read"), 0);
  assert_int (sample, "offset_bytes", 0);
  assert_int (sample, "bytes", 8 * MiB);
  sample = json_array_get_object_element (json_object_get_array_member (s, "write"), 3);
  assert_int (sample, "offset_bytes", (G_GINT64_CONSTANT (1) << 30) - 8 * MiB);
  assert_double (sample, "bytes_per_second", 470e6);
  sample = json_array_get_object_element (json_object_get_array_member (s, "access"), 5);
  assert_int (sample, "offset_bytes", 1073737728);
  assert_int (sample, "latency_ns", 400001);

  assert_str (f, "kind", "fill");
  assert_int (f, "passes_requested", 2);
  assert_bool (f, "read_back", TRUE);
  assert_int (f, "segment_bytes", 16 * MiB);
  assert_int (f, "interval_ns", 500000000);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (f, "passes")), ==, 3);
  pass = json_array_get_object_element (json_object_get_array_member (f, "passes"), 2);
  assert_str (pass, "rw", "read");
  assert_bool (pass, "complete", TRUE);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (pass, "segments")), ==, 4);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (pass, "intervals")), ==,
                    8);
  sample = json_array_get_object_element (json_object_get_array_member (pass, "segments"), 3);
  assert_int (sample, "position_bytes", 64 * MiB);
  analysis = obj (f, "analysis");
  assert_int (analysis, "cache_bytes", 32 * MiB);
  assert_double (analysis, "in_cache_bytes_per_second", 50e6);
  assert_double (analysis, "post_cache_bytes_per_second", 12.5e6);
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (analysis, "phases")), ==,
                    2);
  phase = json_array_get_object_element (json_object_get_array_member (analysis, "phases"), 1);
  assert_int (phase, "start_bytes", 32 * MiB);
  assert_int (phase, "end_bytes", 64 * MiB);
  assert_double (phase, "bytes_per_second", 12.5e6);
  g_assert_nonnull (strstr (json_object_get_string_member (analysis, "words"), "50 MB/s"));
}

static void
test_surface_fill_round_trip (void)
{
  g_autoptr (SsdbSurfaceResult) surface = build_surface ();
  g_autoptr (SsdbFillResult) fill = build_fill ();
  g_autoptr (TestResult) summary = build_result ();
  g_autoptr (SsdbReport) report = build_report (summary);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL, *again = NULL;
  gsize length;

  /* All three kinds in one report. */
  ssdb_report_set_surface (report, surface);
  ssdb_report_set_fill (report, fill);
  data = ssdb_report_to_data (report, &length);
  loaded = ssdb_report_load_from_data (data, length, "all.json", &error);
  g_assert_no_error (error);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (data, ==, again);

  g_assert_nonnull (loaded->summary);
  g_assert_nonnull (loaded->surface);
  g_assert_nonnull (loaded->fill);
  g_assert_cmpuint (loaded->surface->spec.samples, ==, 4);
  g_assert_cmpint (loaded->surface->spec.write, ==, SSDB_SURFACE_WRITE_DESTROY);
  g_assert_cmpuint (loaded->surface->read->len, ==, 4);
  g_assert_cmpuint (loaded->surface->write->len, ==, 4);
  g_assert_cmpuint (loaded->surface->access->len, ==, 6);
  for (guint i = 0; i < 4; i++)
    {
      const SsdbSurfaceSample *a = &g_array_index (surface->read, SsdbSurfaceSample, i);
      const SsdbSurfaceSample *b = &g_array_index (loaded->surface->read, SsdbSurfaceSample, i);

      g_assert_cmpuint (a->offset_bytes, ==, b->offset_bytes);
      g_assert_cmpuint (a->window_ns, ==, b->window_ns);
      g_assert_true (a->bytes_per_second == b->bytes_per_second);
    }
  g_assert_true (loaded->surface->read_stats.mean == surface->read_stats.mean);
  g_assert_true (loaded->surface->access_mean_ns == surface->access_mean_ns);
  g_assert_cmpuint (loaded->surface->access_first_count, ==, 3);
  g_assert_cmpuint (loaded->surface->cpu_ns, ==, 123456789);

  g_assert_cmpuint (loaded->fill->spec.passes, ==, 2);
  g_assert_cmpuint (loaded->fill->passes->len, ==, 3);
  g_assert_cmpint (((SsdbFillPass *)g_ptr_array_index (loaded->fill->passes, 2))->rw, ==,
                   SSDB_RW_READ);
  g_assert_cmpuint (loaded->fill->analysis.cache_bytes, ==, 32 * MiB);
  g_assert_cmpuint (loaded->fill->analysis.phases->len, ==, 2);
  g_assert_cmpstr (loaded->fill->analysis.words, ==, fill->analysis.words);

  /* Replacing and removing. */
  ssdb_report_set_surface (loaded, NULL);
  ssdb_report_set_fill (loaded, fill);
  g_assert_null (loaded->surface);
  g_assert_true (loaded->fill == fill);
}

/* A report of an earlier version, without a verdict in its fill analysis, loads and gets the
 * current analysis: its drop from 1000 to 250 MB/s lasts 34 ms on either side, too short to be
 * told from the load on the machine, so where that version reported a 32 MiB cache the verdict
 * is now inconclusive, with the words that say why. */
static void
test_fill_old_analysis (void)
{
  g_autofree char *path = fixture_path ("valid-old-fill-analysis.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) loaded = ssdb_report_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (loaded->fill);
  g_assert_cmpint (loaded->fill->analysis.verdict, ==, SSDB_VERDICT_INCONCLUSIVE);
  g_assert_cmpuint (loaded->fill->analysis.cache_bytes, ==, 0);
  g_assert_cmpuint (loaded->fill->analysis.phases->len, ==, 1);
  g_assert_true (loaded->fill->analysis.noise_measured);
  g_assert_cmpstr (loaded->fill->analysis.words, ==,
                   "Inconclusive: writes average 400 MB/s; a change of 75 % (more than the 25 % a "
                   "change needs) lasted only 0.03 s, less than the 0.5 s a phase must last to be "
                   "told from the load on the machine. Write a longer span.");
}

/* The builder's report is the fixture, byte for byte, and the fixture reloads to itself. */
static void
test_surface_fill_fixture (void)
{
  g_autoptr (SsdbSurfaceResult) surface = build_surface ();
  g_autoptr (SsdbFillResult) fill = build_fill ();
  g_autoptr (SsdbReport) report = build_surface_fill_report (surface, fill);
  g_autofree char *path = fixture_path ("valid-surface-fill.json");
  g_autofree char *contents = NULL, *data = NULL, *again = NULL;
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;

  data = ssdb_report_to_data (report, NULL);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (data, ==, contents);

  loaded = ssdb_report_load (path, &error);
  g_assert_no_error (error);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, contents);
  g_assert_null (loaded->summary);
}

static void
test_surface_fill_invalid (void)
{
  static const struct
  {
    const char *file;
    const char *expected;
  } cases[] = {
    { "surface-order.json",
      ": tests[0].read[2].offset_bytes: 100663296 is before the previous sample's offset "
      "(354418688); samples must be in increasing order" },
    { "surface-beyond-span.json",
      ": tests[0].write[3].offset_bytes: the sample (8388608 bytes from 1069547520) ends beyond "
      "the span, which ends at 1073741824" },
    { "surface-beyond-target.json",
      ": tests[0].span_length: 2147483649 is out of range (0..2147483648)" },
    { "surface-stats.json",
      ": tests[0].read_stats: min and max must be the lowest and highest sample rates" },
    { "surface-mean.json", ": tests[0].write_stats.mean: 500000000 is not the mean of the sample" },
    { "surface-access-count.json",
      ": tests[0].access_first_count: 4, but 3 access samples lie within the first 536870912 "
      "bytes of the span" },
    { "surface-access-mean.json", ": tests[0].access_mean_ns: 216667 is not the mean of" },
    { "surface-access-beyond.json",
      ": tests[0].access[5].offset_bytes: 1073741824 is out of range (0..1073741823)" },
    { "surface-too-many-samples.json", ": tests[0].read: 4 elements, more than the 3 allowed" },
    { "surface-sample-size.json",
      ": tests[0].sample_bytes: 8389120 is not a whole number of 1048576-byte blocks" },
    { "surface-bad-write.json", ": tests[0].write_mode: unknown value “maybe” (expected “none”, "
                                "“destroy”, “rewrite”)" },
    { "surface-no-write.json",
      ": tests[0].write: a surface without writes (“write_mode”: “none”) has no write samples" },
    { "surface-string-latency.json",
      ": tests[0].access[0].latency_ns: expected an integer, found a string" },
    { "surface-negative.json", ": tests[0].read[1].window_ns: must not be negative (-1)" },
    { "surface-twice.json", ": tests[1]: a report holds at most one surface test" },
    { "fill-rw.json",
      ": tests[1].passes[1].rw: pass 2 must be a write: 2 write passes come first, then the "
      "read-back" },
    { "fill-too-many-passes.json", ": tests[1].passes: 3 elements, more than the 2 allowed" },
    { "fill-segment-order.json",
      ": tests[1].passes[0].segments[2].position_bytes: 33554432 is not after the previous "
      "segment's end (33554432)" },
    { "fill-interval-time.json",
      ": tests[1].passes[2].intervals[1].elapsed_ns: 8387608 is not after the previous point's "
      "time (8387608)" },
    { "fill-beyond-span.json",
      ": tests[1].passes[0].segments[3].position_bytes: 67108865 is out of range (0..67108864)" },
    { "fill-complete.json",
      ": tests[1].passes[1].complete: a complete pass transfers the whole span (67108864 bytes), "
      "not 50331648" },
    { "fill-phase-gap.json",
      ": tests[1].analysis.phases[1].start_bytes: 16777216 must be 33554432: phases start at 0 "
      "and each begins where the previous one ends" },
    { "fill-cache.json",
      ": tests[1].analysis.cache_bytes: must be 0 or the end of the first of several phases" },
    { "fill-post-cache.json",
      ": tests[1].analysis.post_cache_bytes_per_second: must be 0 when no cache was found" },
    { "fill-passes-requested.json", ": tests[1].passes_requested: 5 is out of range (1..4)" },
    { "fill-words.json", ": tests[1].analysis.words: expected a string or null, found an integer" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = fixture_path (cases[i].file);
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) report = NULL;

      g_test_message ("%s", cases[i].file);
      report = ssdb_report_load (path, &error);
      g_assert_null (report);
      assert_report_error (error, path, cases[i].expected);
    }
}

/* Every prefix of the surface and fill fixture is refused; random damage never crashes. */
static void
test_surface_fill_damage (void)
{
  g_autofree char *path = fixture_path ("valid-surface-fill.json");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240502);
  static const char replacements[] = "{}[],:\"0123456789-.e truefalsnul";
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  for (gsize cut = 0; cut + 1 < length; cut += 7)
    {
      g_autoptr (GError) cut_error = NULL;
      g_autoptr (SsdbReport) report
          = ssdb_report_load_from_data (contents, cut, "cut.json", &cut_error);

      g_assert_null (report);
      g_assert_true (g_error_matches (cut_error, SSDB_ERROR, SSDB_ERROR_REPORT));
    }
  for (guint iteration = 0; iteration < 2000; iteration++)
    {
      g_autofree char *copy = g_memdup2 (contents, length);
      g_autoptr (GError) mutation_error = NULL;
      g_autoptr (SsdbReport) report = NULL;

      for (guint k = 0; k < 2; k++)
        copy[g_rand_int_range (rand, 0, (gint32)length)]
            = replacements[g_rand_int_range (rand, 0, sizeof replacements - 1)];
      report = ssdb_report_load_from_data (copy, length, "mutated.json", &mutation_error);
      if (report != NULL)
        {
          g_autofree char *saved = NULL, *again = NULL;
          g_autoptr (SsdbReport) reloaded = NULL;
          gsize saved_len;

          saved = ssdb_report_to_data (report, &saved_len);
          reloaded = ssdb_report_load_from_data (saved, saved_len, "saved.json", &mutation_error);
          g_assert_no_error (mutation_error);
          again = ssdb_report_to_data (reloaded, NULL);
          g_assert_cmpstr (saved, ==, again);
        }
      else
        g_assert_true (g_error_matches (mutation_error, SSDB_ERROR, SSDB_ERROR_REPORT));
    }
}

/* -------------------------------------------------------------------------------------------- */
/* Access, sweep and workload tests                                                              */

/* Three steps at QD 1, 4 and 32 of 4 KiB reads over the first GiB; step k has 100 × (k + 1)
 * reads spread over a few display bins, one below 10 µs and (at QD32) one of 10 s or more. */
static SsdbAccessResult *
build_access (void)
{
  static const guint depths[] = { 1, 4, 32 };
  SsdbAccessPoint points[G_N_ELEMENTS (depths)];
  SsdbAccessSpec spec;
  SsdbAccessResult *r;

  ssdb_access_spec_init (&spec);
  spec.n_depths = G_N_ELEMENTS (depths);
  memcpy (spec.depths, depths, sizeof depths);
  spec.span_length = G_GUINT64_CONSTANT (1) << 30;
  spec.step_duration_ns = 2000000000;
  spec.seed = 99;
  r = ssdb_access_result_new (&spec);
  r->prepare_ns = 1234567;
  for (guint i = 0; i < r->steps->len; i++)
    {
      SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);
      guint64 n = 100 * (i + 1);

      s->state = SSDB_ENTRY_DONE;
      s->job.queue_depth = s->depth;
      s->job.threads = 1;
      s->io.ios = n;
      s->io.bytes = n * 4096;
      s->io.window_ns = 2000000000;
      s->below = 1;
      s->bins[10 + i] = n - 1 - (i == 2 ? 1 : 0) - 10;
      s->bins[30] = 10;
      s->above = i == 2 ? 1 : 0;
      s->iops = (double)n / 2.0;
      s->mean_ns = 25000.5 * (i + 1);
      s->min_ns = 9000;
      s->median_ns = 21000 * (i + 1);
      s->p99_ns = 1000000;
      s->max_ns = i == 2 ? 10000000000 : 1500000;
      s->achieved_depth = s->depth * 0.97;
      s->fio_command = g_strdup_printf ("fio --name=qd%u --rw=randread --bs=4k --iodepth=%u",
                                        s->depth, s->depth);
      points[i] = (SsdbAccessPoint){ s->depth, s->iops, s->mean_ns, s->achieved_depth };
    }
  ssdb_access_analyze (points, G_N_ELEMENTS (points), spec.mode, &r->analysis);
  return r;
}

/* Reads and writes from 4 KiB to 64 KiB at QD4 over 256 MiB, 1 GB/s per doubling up to 3 GB/s. */
static SsdbSweepResult *
build_sweep (void)
{
  SsdbSweepSpec spec;
  SsdbSweepResult *r;
  g_autoptr (GError) error = NULL;

  ssdb_sweep_spec_init (&spec);
  spec.start_size = 4096;
  spec.end_size = 65536;
  spec.do_write = TRUE;
  r = ssdb_sweep_result_new (&spec);
  g_assert_true (ssdb_sweep_sizes (&spec, 4096, r->sizes, &r->n_sizes, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (r->n_sizes, ==, 5);
  for (guint rw = 0; rw < 2; rw++)
    for (guint i = 0; i < r->n_sizes; i++)
      {
        SsdbSweepPoint p = { 0 };

        p.size = r->sizes[i];
        p.rw = rw;
        p.ios = 1000 + i;
        p.bytes = p.ios * p.size;
        p.window_ns = 1000000000;
        p.bytes_per_second = MIN (1e9 * (i + 1), 3e9) * (rw == 0 ? 1.0 : 0.5);
        p.iops = p.bytes_per_second / p.size;
        p.mean_ns = 12345.25;
        p.p99_ns = 50000;
        p.max_ns = 90000;
        p.mean_inflight = 3.9;
        p.cpu_ns = 4000000;
        p.fio_command = g_strdup_printf ("fio --name=s%u --bs=%u", i, p.size);
        g_array_append_val (rw == 0 ? r->read : r->write, p);
      }
  ssdb_sweep_summarize (r);
  return r;
}

/* The database preset with two workers; worker k did 1000 × (k + 1) requests. */
static SsdbWorkloadResult *
build_workload (void)
{
  SsdbWorkloadSpec spec;
  SsdbWorkloadResult *r;

  ssdb_workload_spec_init_preset (&spec, SSDB_WORKLOAD_DATABASE);
  spec.workers = 2;
  spec.span_length = G_GUINT64_CONSTANT (1) << 30;
  r = ssdb_workload_result_new (&spec);
  memset (&r->total, 0, sizeof r->total);
  for (guint k = 0; k < 2; k++)
    {
      SsdbWorkloadStats s = { 0 };

      s.ios = 1000 * (k + 1);
      s.read_ios = s.ios * spec.read_percent / 100;
      s.write_ios = s.ios - s.read_ios;
      s.random_ios = s.ios;
      s.size_ios[0] = s.ios;
      for (guint i = 1; i < spec.n_size_mix; i++)
        s.size_ios[i] = 0;
      s.bytes = s.ios * spec.size_mix[0].size;
      s.window_ns = 1000000000;
      s.iops = (double)s.ios;
      s.bytes_per_second = (double)s.bytes;
      s.mean_ns = 40000.125;
      s.p99_ns = 120000;
      s.max_ns = 400000;
      s.mean_inflight = 3.5;
      s.cpu_ns = 777;
      g_array_append_val (r->workers, s);
      r->total.ios += s.ios;
      r->total.bytes += s.bytes;
      r->total.read_ios += s.read_ios;
      r->total.write_ios += s.write_ios;
      r->total.random_ios += s.random_ios;
      r->total.size_ios[0] += s.size_ios[0];
      r->total.cpu_ns += s.cpu_ns;
      for (guint j = 0; j < s.ios; j++)
        ssdb_histogram_record (&r->latency, j % 10 == 0 ? 400000 : 30000 + j);
    }
  r->total.window_ns = 1000000000;
  r->total.iops = (double)r->total.ios;
  r->total.bytes_per_second = (double)r->total.bytes;
  r->total.mean_ns = 40000.125;
  r->total.p99_ns = 120000;
  r->total.max_ns = 400000;
  r->total.mean_inflight = 7.0;
  r->fio_command = g_strdup ("fio --name=database --numjobs=2 --ramp_time=5");
  return r;
}

static SsdbReport *
build_access_sweep_workload_report (SsdbAccessResult *access, SsdbSweepResult *sweep,
                                    SsdbWorkloadResult *workload)
{
  SsdbReport *report = build_report (NULL);

  ssdb_report_set_access (report, access);
  ssdb_report_set_sweep (report, sweep);
  ssdb_report_set_workload (report, workload);
  return report;
}

static JsonObject *
test_object (JsonObject *root, guint index)
{
  return json_array_get_object_element (json_object_get_array_member (root, "tests"), index);
}

static void
test_access_sweep_workload_fields (void)
{
  g_autoptr (SsdbAccessResult) access = build_access ();
  g_autoptr (SsdbSweepResult) sweep = build_sweep ();
  g_autoptr (SsdbWorkloadResult) workload = build_workload ();
  g_autoptr (SsdbReport) report = build_access_sweep_workload_report (access, sweep, workload);
  g_autoptr (JsonNode) root = ssdb_report_to_json (report);
  JsonObject *a, *s, *w, *step, *lat, *total;
  JsonArray *hist, *workers;
  guint64 sum = 0;

  g_assert_cmpuint (
      json_array_get_length (json_object_get_array_member (json_node_get_object (root), "tests")),
      ==, 3);
  a = test_object (json_node_get_object (root), 0);
  s = test_object (json_node_get_object (root), 1);
  w = test_object (json_node_get_object (root), 2);
  g_assert_cmpstr (json_object_get_string_member (a, "kind"), ==, "access");
  g_assert_cmpstr (json_object_get_string_member (s, "kind"), ==, "sweep");
  g_assert_cmpstr (json_object_get_string_member (w, "kind"), ==, "workload");

  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (a, "steps")), ==, 3);
  step = json_array_get_object_element (json_object_get_array_member (a, "steps"), 2);
  g_assert_cmpint (json_object_get_int_member (step, "queue_depth"), ==, 32);
  g_assert_cmpint (json_object_get_int_member (step, "threads"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (step, "ios"), ==, 300);
  lat = json_object_get_object_member (step, "latency_ns");
  g_assert_cmpfloat (json_object_get_double_member (lat, "mean"), ==, 75001.5);
  g_assert_cmpint (json_object_get_int_member (lat, "median"), ==, 63000);
  g_assert_cmpint (json_object_get_int_member (lat, "max"), ==, 10000000000);
  hist = json_object_get_array_member (step, "histogram");
  g_assert_cmpuint (json_array_get_length (hist), ==, SSDB_ACCESS_N_BINS + 2);
  g_assert_cmpint (json_object_get_int_member (json_array_get_object_element (hist, 0), "upper_ns"),
                   ==, 10000);
  g_assert_cmpint (
      json_object_get_int_member (json_array_get_object_element (hist, 60), "upper_ns"), ==,
      10000000000);
  g_assert_true (
      json_object_get_null_member (json_array_get_object_element (hist, 61), "upper_ns"));
  for (guint k = 0; k < json_array_get_length (hist); k++)
    sum += json_object_get_int_member (json_array_get_object_element (hist, k), "count");
  g_assert_cmpuint (sum, ==, 300);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (step, "mean_inflight"), 31.04,
                                  1e-9);
  g_assert_nonnull (
      json_object_get_string_member (json_object_get_object_member (a, "analysis"), "words"));

  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (s, "read")), ==, 5);
  step = json_array_get_object_element (json_object_get_array_member (s, "write"), 4);
  g_assert_cmpint (json_object_get_int_member (step, "size_bytes"), ==, 65536);
  g_assert_cmpfloat (json_object_get_double_member (step, "bytes_per_second"), ==, 1.5e9);
  g_assert_cmpint (json_object_get_int_member (step, "bytes"), ==, 1004 * 65536);
  g_assert_cmpfloat (json_object_get_double_member (s, "best_read_bytes_per_second"), ==, 3e9);

  workers = json_object_get_array_member (w, "workers");
  g_assert_cmpuint (json_array_get_length (workers), ==, 2);
  total = json_object_get_object_member (w, "total");
  g_assert_cmpint (json_object_get_int_member (total, "ios"), ==, 3000);
  g_assert_cmpint (
      json_object_get_int_member (json_object_get_object_member (total, "latency_ns"), "p99"), ==,
      120000);
  g_assert_cmpint (
      json_object_get_int_member (json_object_get_object_member (w, "spec"), "workers"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (w, "fio_command"), ==,
                   "fio --name=database --numjobs=2 --ramp_time=5");
}

static void
test_access_sweep_workload_round_trip (void)
{
  g_autoptr (SsdbAccessResult) access = build_access ();
  g_autoptr (SsdbSweepResult) sweep = build_sweep ();
  g_autoptr (SsdbWorkloadResult) workload = build_workload ();
  g_autoptr (SsdbReport) report = build_access_sweep_workload_report (access, sweep, workload);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL, *again = NULL;
  gsize length;

  data = ssdb_report_to_data (report, &length);
  loaded = ssdb_report_load_from_data (data, length, "asw.json", &error);
  g_assert_no_error (error);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, data);

  g_assert_nonnull (loaded->access);
  g_assert_cmpuint (loaded->access->steps->len, ==, 3);
  g_assert_cmpuint (g_array_index (loaded->access->steps, SsdbAccessStep, 2).depth, ==, 32);
  g_assert_cmpuint (g_array_index (loaded->access->steps, SsdbAccessStep, 2).above, ==, 1);
  g_assert_cmpint (loaded->access->analysis.verdict, ==, access->analysis.verdict);
  g_assert_cmpstr (loaded->access->analysis.words, ==, access->analysis.words);
  g_assert_cmpuint (loaded->sweep->n_sizes, ==, 5);
  g_assert_cmpuint (loaded->sweep->write->len, ==, 5);
  g_assert_cmpstr (loaded->sweep->words, ==, sweep->words);
  g_assert_cmpuint (loaded->sweep->best_read_size, ==, sweep->best_read_size);
  g_assert_cmpuint (loaded->workload->workers->len, ==, 2);
  g_assert_cmpuint (loaded->workload->latency.count, ==, 3000);
  g_assert_cmpstr (loaded->workload->spec.name, ==, workload->spec.name);

  ssdb_report_set_access (loaded, NULL);
  ssdb_report_set_sweep (loaded, sweep);
  ssdb_report_set_workload (loaded, NULL);
  g_assert_null (loaded->access);
  g_assert_true (loaded->sweep == sweep);
  g_assert_null (loaded->workload);
}

/* A workload whose lines carry their own read and random shares (IOMeter's access
 * specification lines): written per line, read back to the same specification and the same
 * bytes; a line's share beside a first line without one is refused. */
static void
test_workload_lines_round_trip (void)
{
  g_autoptr (SsdbWorkloadResult) workload = build_workload ();
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL, *again = NULL, *bad = NULL;
  SsdbWorkloadSpec *spec = &workload->spec;
  char *second;

  spec->n_size_mix = 2;
  spec->size_mix[0] = (SsdbSizeWeight){ 4096, 70, 100, 100, 0 };
  spec->size_mix[1] = (SsdbSizeWeight){ 65536, 30, 0, 0, 65536 };
  ssdb_workload_spec_resolve_lines (spec);
  g_assert_true (spec->per_line);
  g_assert_cmpuint (spec->read_percent, ==, 70);
  report = build_report (NULL);
  ssdb_report_set_workload (report, workload);
  data = ssdb_report_to_data (report, NULL);
  loaded = ssdb_report_load_from_data (data, strlen (data), "lines.json", &error);
  g_assert_no_error (error);
  g_assert_true (loaded->workload->spec.per_line);
  g_assert_cmpmem (loaded->workload->spec.size_mix, sizeof spec->size_mix, spec->size_mix,
                   sizeof spec->size_mix);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, data);

  /* The first line without its shares, the second with them. */
  bad = g_strdup (data);
  memcpy (strstr (bad, "\"read_percent\" : 100"), "\"xead_percent\" : 100", 20);
  g_clear_pointer (&loaded, ssdb_report_unref);
  loaded = ssdb_report_load_from_data (bad, strlen (bad), "bad-lines.json", &error);
  g_assert_null (loaded);
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "first line has none"));
  g_clear_error (&error);
  /* Each line's share as written: 9 % reads in the second line. */
  memcpy (strstr (bad, "\"xead_percent\" : 100"), "\"read_percent\" : 100", 20);
  second = strstr (bad, "\"read_percent\" : 0");
  g_assert_nonnull (second);
  memcpy (second, "\"read_percent\" : 9", 18);
  loaded = ssdb_report_load_from_data (bad, strlen (bad), "bad-lines.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->workload->spec.size_mix[1].read_percent, ==, 9);
}

/* build_workload() cycling its queue depth through 1 and 4: the QD1 step did worker 1's
 * numbers, the QD4 step the result's total; @states of the two steps (cancelled when one is not
 * done). */
static SsdbWorkloadResult *
build_workload_cycle (SsdbWorkloadStepState s0, SsdbWorkloadStepState s1)
{
  SsdbWorkloadResult *r = build_workload ();
  SsdbWorkloadCycleStep *st;

  r->spec.n_cycle_depths = 2;
  r->spec.cycle_depths[0] = 1;
  r->spec.cycle_depths[1] = 4;
  ssdb_workload_result_reset_cycle (r);
  st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, 0);
  st->state = s0;
  if (s0 != SSDB_WORKLOAD_STEP_PENDING)
    {
      st->total = g_array_index (r->workers, SsdbWorkloadStats, 0);
      st->fio_command = g_strdup ("fio --name=database --iodepth=1");
    }
  st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, 1);
  st->state = s1;
  if (s1 != SSDB_WORKLOAD_STEP_PENDING)
    {
      st->total = r->total;
      st->fio_command = g_strdup ("fio --name=database --iodepth=4");
    }
  r->cancelled = s0 != SSDB_WORKLOAD_STEP_DONE || s1 != SSDB_WORKLOAD_STEP_DONE;
  return r;
}

static char *
workload_report_data (SsdbWorkloadResult *workload)
{
  g_autoptr (SsdbReport) report = build_report (NULL);

  ssdb_report_set_workload (report, workload);
  return ssdb_report_to_data (report, NULL);
}

/* @data with the first @from replaced by @to: the loader's message ends in @expected. */
static void
assert_cycle_refused (const char *data, const char *from, const char *to, const char *expected)
{
  g_autoptr (GString) bad = g_string_new (data);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) loaded = NULL;

  g_assert_cmpuint (g_string_replace (bad, from, to, 1), ==, 1);
  loaded = ssdb_report_load_from_data (bad->str, bad->len, "cycle.json", &error);
  g_assert_null (loaded);
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_REPORT);
  g_test_message ("%s", error->message);
  if (!g_str_has_suffix (error->message, expected))
    g_error ("“%s” does not end in “%s”", error->message, expected);
}

/* A workload that cycles its queue depth: the depths in the spec and one step per depth, read
 * back to the same bytes, a cancelled cycle too; every inconsistency refused with its message;
 * a workload that does not cycle writes neither member. */
static void
test_workload_cycle_round_trip (void)
{
  g_autoptr (SsdbWorkloadResult) workload
      = build_workload_cycle (SSDB_WORKLOAD_STEP_DONE, SSDB_WORKLOAD_STEP_DONE);
  g_autoptr (SsdbWorkloadResult) plain = build_workload ();
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = workload_report_data (workload);
  g_autofree char *plain_data = workload_report_data (plain);
  g_autofree char *again = NULL, *csv = NULL;
  const SsdbWorkloadCycleStep *st;

  g_assert_null (strstr (plain_data, "cycle"));
  g_assert_nonnull (strstr (data, "\"cycle_queue_depths\" : [\n"));
  loaded = ssdb_report_load_from_data (data, strlen (data), "cycle.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->workload->spec.n_cycle_depths, ==, 2);
  g_assert_cmpuint (loaded->workload->cycle->len, ==, 2);
  st = &g_array_index (loaded->workload->cycle, SsdbWorkloadCycleStep, 0);
  g_assert_cmpuint (st->queue_depth, ==, 1);
  g_assert_cmpint (st->state, ==, SSDB_WORKLOAD_STEP_DONE);
  g_assert_cmpuint (st->total.ios, ==, 1000);
  g_assert_cmpstr (st->fio_command, ==, "fio --name=database --iodepth=1");
  st = &g_array_index (loaded->workload->cycle, SsdbWorkloadCycleStep, 1);
  g_assert_cmpuint (st->total.ios, ==, 3000);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, data);
  /* the CSV: one row per depth */
  csv = ssdb_csv_format (loaded, SSDB_TEST_KIND_WORKLOAD, NULL);
  g_test_message ("%s", csv);
  g_assert_true (g_str_has_prefix (csv, "queue_depth,ios,bytes,"));
  g_assert_nonnull (strstr (csv, "\n1,1000,8192000,"));
  g_assert_nonnull (strstr (csv, "\n4,3000,24576000,"));
  g_assert_nonnull (strstr (csv, ",7.000,1554,,,,,,,,,,,done"));

  /* refusals */
  assert_cycle_refused (data, "\"queue_depth\" : 4,", "\"queue_depth\" : 8,",
                        ": tests[0].cycle[1].queue_depth: 8 is not 4, the depth of "
                        "spec.cycle_queue_depths[1]");
  assert_cycle_refused (data, "\"state\" : \"done\"", "\"state\" : \"pending\"",
                        ": tests[0].cycle[0].state: “pending” in a run that was not cancelled");
  assert_cycle_refused (data, "\"state\" : \"done\"", "\"state\" : \"finished\"",
                        ": tests[0].cycle[0].state: unknown value “finished” (expected “pending”, "
                        "“done”, “cancelled”)");
  assert_cycle_refused (
      data, "\"cycle_queue_depths\"", "\"xcycle_queue_depths\"",
      ": tests[0].cycle: steps of a cycle, but spec.cycle_queue_depths is absent");
  assert_cycle_refused (data, "\"cycle\" :", "\"xcycle\" :", ": tests[0].cycle: missing");
  {
    /* the depths of the spec out of order: refused as the spec's own check says */
    g_autoptr (GRegex) re = g_regex_new ("(\"cycle_queue_depths\" : \\[\\s*)1,(\\s*)4", 0, 0, NULL);
    g_autofree char *falling = g_regex_replace (re, data, -1, 0, "\\g<1>4,\\g<2>1", 0, NULL);

    g_assert_cmpstr (falling, !=, data);
    assert_cycle_refused (falling, "\"kind\"", "\"kind\"",
                          ": tests[0].spec: Workload “Database”: cycle_queue_depths: the depths "
                          "must rise (1 after 4)");
  }
  {
    g_autoptr (SsdbWorkloadResult) three
        = build_workload_cycle (SSDB_WORKLOAD_STEP_DONE, SSDB_WORKLOAD_STEP_DONE);
    g_autofree char *three_data = NULL;

    /* the spec names a third depth that the cycle does not hold */
    three->spec.n_cycle_depths = 3;
    three->spec.cycle_depths[2] = 16;
    three_data = workload_report_data (three);
    assert_cycle_refused (
        three_data, "\"fio_command\" : \"fio --name=database --numjobs",
        "\"fio_command\" : \"fio --name=database --numjobs",
        ": tests[0].cycle: 2 steps for 3 queue depths in spec.cycle_queue_depths");
  }
  {
    /* the test's total is not the last depth's */
    g_autoptr (SsdbWorkloadResult) other
        = build_workload_cycle (SSDB_WORKLOAD_STEP_DONE, SSDB_WORKLOAD_STEP_DONE);
    g_autofree char *other_data = NULL;

    g_array_index (other->cycle, SsdbWorkloadCycleStep, 1).total
        = g_array_index (other->workers, SsdbWorkloadStats, 1);
    other_data = workload_report_data (other);
    assert_cycle_refused (other_data, "\"kind\"", "\"kind\"",
                          ": tests[0].cycle: the total of the last depth run (QD4: 2000 I/Os) is "
                          "not the test's total (3000 I/Os)");
  }
  {
    /* a depth done after one that was cancelled */
    g_autoptr (SsdbWorkloadResult) order
        = build_workload_cycle (SSDB_WORKLOAD_STEP_CANCELLED, SSDB_WORKLOAD_STEP_DONE);
    g_autofree char *order_data = workload_report_data (order);

    assert_cycle_refused (order_data, "\"kind\"", "\"kind\"",
                          ": tests[0].cycle[1].state: “done” after a depth that did not finish");
  }
  {
    /* a cancelled cycle: the first depth done, the second cancelled, reads back the same */
    g_autoptr (SsdbWorkloadResult) cut
        = build_workload_cycle (SSDB_WORKLOAD_STEP_DONE, SSDB_WORKLOAD_STEP_CANCELLED);
    g_autofree char *cut_data = workload_report_data (cut);
    g_autofree char *cut_again = NULL;
    g_autoptr (SsdbReport) cut_loaded
        = ssdb_report_load_from_data (cut_data, strlen (cut_data), "cut.json", &error);

    g_assert_no_error (error);
    g_assert_true (cut_loaded->workload->cancelled);
    g_assert_cmpint (g_array_index (cut_loaded->workload->cycle, SsdbWorkloadCycleStep, 1).state,
                     ==, SSDB_WORKLOAD_STEP_CANCELLED);
    cut_again = ssdb_report_to_data (cut_loaded, NULL);
    g_assert_cmpstr (cut_again, ==, cut_data);
  }
  {
    /* cancelled before the first depth ended: the second pending, with requests refused */
    g_autoptr (SsdbWorkloadResult) early
        = build_workload_cycle (SSDB_WORKLOAD_STEP_CANCELLED, SSDB_WORKLOAD_STEP_PENDING);
    g_autofree char *early_data = NULL;

    g_array_index (early->cycle, SsdbWorkloadCycleStep, 0).total = early->total;
    g_array_index (early->cycle, SsdbWorkloadCycleStep, 1).total = early->total;
    early_data = workload_report_data (early);
    assert_cycle_refused (early_data, "\"kind\"", "\"kind\"",
                          ": tests[0].cycle[1].total: 3000 requests in a depth not run");
  }
}

/* The builder's report is the fixture, byte for byte, and the fixture reloads to itself. */
/* A report of an earlier version has no "spread" in its summary entries: it loads, and the
 * spread comes from its passes, in the text export beside the figure. */
static void
test_summary_old_spread (void)
{
  g_autofree char *path = fixture_path ("valid-old-summary-no-spread.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) loaded = ssdb_report_load (path, &error);
  g_autofree char *text = NULL;
  const SsdbSummaryEntry *e;
  double lo = 0, hi = 0;

  g_assert_no_error (error);
  e = g_ptr_array_index (loaded->summary->entries, 0);
  g_assert_cmpuint (ssdb_summary_entry_spread (e, &lo, &hi), ==, 2);
  g_assert_cmpfloat (lo, ==, 4194304000.0);
  g_assert_cmpfloat (fabs (hi - 4198502502.5025024), <, 1e-3);
  text = ssdb_summary_format_text (&loaded->target, loaded->summary);
  g_test_message ("%s", text);
  g_assert_nonnull (strstr (text, " (passes 4194.304–4198.503 MB/s)"));
}

/* A report of an earlier version whose access words spoke of reordering on zram loads with
 * the current words: the requests served at once (reordering is for rotational drives). */
static void
test_access_old_words (void)
{
  g_autofree char *path = fixture_path ("valid-old-access-words.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) loaded = ssdb_report_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (loaded->access);
  g_assert_false (loaded->target.rotational);
  g_assert_null (strstr (loaded->access->analysis.words, "reorder"));
  g_assert_nonnull (strstr (loaded->access->analysis.words, "requests at once"));
}

static void
test_access_sweep_workload_fixture (void)
{
  g_autoptr (SsdbAccessResult) access = build_access ();
  g_autoptr (SsdbSweepResult) sweep = build_sweep ();
  g_autoptr (SsdbWorkloadResult) workload = build_workload ();
  g_autoptr (SsdbReport) report = build_access_sweep_workload_report (access, sweep, workload);
  g_autofree char *path = fixture_path ("valid-access-sweep-workload.json");
  g_autofree char *contents = NULL, *data = NULL, *again = NULL;
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;

  data = ssdb_report_to_data (report, NULL);
  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (data, ==, contents);

  loaded = ssdb_report_load (path, &error);
  g_assert_no_error (error);
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (again, ==, contents);
}

static void
test_access_sweep_workload_invalid (void)
{
  static const struct
  {
    const char *file;
    const char *expected;
  } cases[] = {
    { "access-histogram-sum.json",
      ": tests[0].steps[1].histogram: the bin counts add up to 201, but ios is 200" },
    { "access-bin-edge.json",
      ": tests[0].steps[0].histogram[3].upper_ns: 12000 is not the bin edge 19953" },
    { "access-depth-order.json", ": tests[0].depths[2]: depths must rise (2 after 4)" },
    { "access-depth-range.json", ": tests[0].depths[0]: 0 is out of range (1..256)" },
    { "access-step-depth.json",
      ": tests[0].steps[1]: queue_depth 8 and threads 1 do not match depth 4 in queue mode" },
    { "access-steps-count.json", ": tests[0].steps: 2 steps for 3 depths" },
    { "access-latency-order.json",
      ": tests[0].steps[0].latency_ns: the latencies are out of order" },
    { "access-last-bin.json",
      ": tests[0].steps[0].histogram[61].upper_ns: the last bin has no upper edge: expected "
      "null, found an integer" },
    { "access-verdict.json", ": tests[0].analysis.verdict: unknown value “fast”" },
    { "sweep-sizes.json",
      ": tests[1].sizes[2]: 12288 is not the next size of a sweep doubling from start_size "
      "(4096) to end_size (65536)" },
    { "sweep-missing-size.json",
      ": tests[1].sizes: must hold every size from start_size (4096) to end_size (65536)" },
    { "sweep-point-size.json",
      ": tests[1].read[1].size_bytes: 16384 is not the sweep's size number 2 (8192)" },
    { "sweep-bytes.json", ": tests[1].write[0].bytes: 4096 is not ios × size_bytes (1000 × 4096)" },
    { "sweep-best-size.json", ": tests[1].best_read_size: 3000 is not one of the sweep's sizes" },
    { "workload-workers.json", ": tests[2].workers: 1 entries for 2 workers" },
    { "workload-total.json",
      ": tests[2].total: ios and bytes are not the sums over the workers (3000 I/Os" },
    { "workload-size-ios.json",
      ": tests[2].workers[0].size_ios: the counts add up to 999, but ios is 1000" },
    { "workload-read-percent.json", ": tests[2].spec.read_percent: 101 is out of range (0..100)" },
    { "workload-rw-ios.json",
      ": tests[2].workers[1].write_ios: read_ios + write_ios (1341 + 660) is not ios (2000)" },
    { "workload-twice.json", ": tests[3]: a report holds at most one workload test" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = fixture_path (cases[i].file);
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) report = NULL;

      g_test_message ("%s", cases[i].file);
      report = ssdb_report_load (path, &error);
      g_assert_null (report);
      assert_report_error (error, path, cases[i].expected);
    }
}

/* Every prefix of the fixture is refused; random damage never crashes, and whatever loads saves
 * and reloads to the same bytes. */
static void
test_access_sweep_workload_damage (void)
{
  g_autofree char *path = fixture_path ("valid-access-sweep-workload.json");
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240503);
  static const char replacements[] = "{}[],:\"0123456789-.e truefalsnul";
  gsize length;

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  for (gsize cut = 0; cut + 1 < length; cut += 13)
    {
      g_autoptr (GError) cut_error = NULL;
      g_autoptr (SsdbReport) report
          = ssdb_report_load_from_data (contents, cut, "cut.json", &cut_error);

      g_assert_null (report);
      g_assert_true (g_error_matches (cut_error, SSDB_ERROR, SSDB_ERROR_REPORT));
    }
  for (guint iteration = 0; iteration < 2000; iteration++)
    {
      g_autofree char *copy = g_memdup2 (contents, length);
      g_autoptr (GError) mutation_error = NULL;
      g_autoptr (SsdbReport) report = NULL;

      for (guint k = 0; k < 2; k++)
        copy[g_rand_int_range (rand, 0, (gint32)length)]
            = replacements[g_rand_int_range (rand, 0, sizeof replacements - 1)];
      report = ssdb_report_load_from_data (copy, length, "mutated.json", &mutation_error);
      if (report != NULL)
        {
          g_autofree char *saved = NULL, *again = NULL;
          g_autoptr (SsdbReport) reloaded = NULL;
          gsize saved_len;

          saved = ssdb_report_to_data (report, &saved_len);
          reloaded = ssdb_report_load_from_data (saved, saved_len, "saved.json", &mutation_error);
          g_assert_no_error (mutation_error);
          again = ssdb_report_to_data (reloaded, NULL);
          g_assert_cmpstr (saved, ==, again);
        }
      else
        g_assert_true (g_error_matches (mutation_error, SSDB_ERROR, SSDB_ERROR_REPORT));
    }
}

/* A surface of @n samples with noisy rates and @n access dots. */
static SsdbSurfaceResult *
build_big_surface (guint n)
{
  SsdbSurfaceSpec spec;
  SsdbSurfaceResult *r;
  GRand *rand = g_rand_new_with_seed (5);
  double total = 0;
  guint64 lat = 0;

  ssdb_surface_spec_init (&spec);
  spec.samples = n;
  spec.block_size = 4096;
  spec.sample_bytes = 4096;
  spec.span_length = G_GUINT64_CONSTANT (1) << 30;
  spec.access_samples = n;
  spec.access_first_bytes = G_GUINT64_CONSTANT (1) << 40;
  spec.burst = FALSE;
  r = ssdb_surface_result_new (&spec);
  for (guint i = 0; i < n; i++)
    {
      SsdbSurfaceSample s;
      SsdbAccessSample a;

      s.offset_bytes
          = ssdb_surface_position (0, spec.span_length, spec.sample_bytes, n, i, spec.block_size);
      s.bytes = spec.sample_bytes;
      s.window_ns = 5000 + g_rand_int_range (rand, 0, 5000);
      s.bytes_per_second = (double)s.bytes * 1e9 / (double)s.window_ns;
      g_array_append_val (r->read, s);
      if (i == 0 || s.bytes_per_second < r->read_stats.min)
        r->read_stats.min = s.bytes_per_second;
      r->read_stats.max = MAX (r->read_stats.max, s.bytes_per_second);
      total += s.bytes_per_second;
      a.offset_bytes = (guint64)g_rand_int_range (rand, 0, 262143) * 4096;
      a.latency_ns = 3000 + g_rand_int_range (rand, 0, 100000);
      g_array_append_val (r->access, a);
      lat += a.latency_ns;
    }
  r->read_stats.mean = total / n;
  r->access_mean_ns = (double)lat / n;
  r->access_first_mean_ns = r->access_mean_ns;
  r->access_first_count = n;
  r->cpu_ns = 1;
  g_rand_free (rand);
  return r;
}

/* Large sample arrays are read without a tree node per number: the same report comes back, and
 * a bad element gets the message it always got. */
static void
test_large_arrays (void)
{
  g_autoptr (SsdbSurfaceResult) surface = build_big_surface (2000);
  g_autoptr (SsdbReport) report = build_report (NULL);
  g_autoptr (SsdbReport) loaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *data = NULL, *again = NULL;
  gsize length;
  const char *needle;
  GString *bad;
  char *at;
  gssize pos;

  ssdb_report_set_surface (report, surface);
  data = ssdb_report_to_data (report, &length);
  loaded = ssdb_report_load_from_data (data, length, "big.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->surface->read->len, ==, 2000);
  g_assert_cmpuint (loaded->surface->access->len, ==, 2000);
  for (guint i = 0; i < 2000; i += 97)
    {
      const SsdbSurfaceSample *a = &g_array_index (surface->read, SsdbSurfaceSample, i);
      const SsdbSurfaceSample *b = &g_array_index (loaded->surface->read, SsdbSurfaceSample, i);

      g_assert_cmpuint (a->offset_bytes, ==, b->offset_bytes);
      g_assert_cmpuint (a->window_ns, ==, b->window_ns);
      g_assert_true (a->bytes_per_second == b->bytes_per_second);
    }
  again = ssdb_report_to_data (loaded, NULL);
  g_assert_cmpstr (data, ==, again);
  g_clear_pointer (&loaded, ssdb_report_unref);

  /* Element 1234 of the read curve with a negative window. */
  bad = g_string_new (data);
  needle = "\"window_ns\" : ";
  /* Found by hand: strstr() over megabytes, 1235 times, is slow under sanitizers. */
  at = bad->str;
  for (guint i = 0, len = strlen (needle); i <= 1234; at++)
    if (*at == *needle && strncmp (at, needle, len) == 0 && ++i > 1234)
      at += len - 1;
  pos = at - bad->str;
  g_string_insert_c (bad, pos, '-');
  loaded = ssdb_report_load_from_data (bad->str, bad->len, "big.json", &error);
  g_assert_null (loaded);
  assert_report_error (error, "big.json", "read[1234].window_ns: must not be negative");
  g_clear_error (&error);

  /* A string among the numbers: that array goes through the tree, with the same message. */
  g_string_overwrite (bad, pos, "\"");
  at = strchr (bad->str + pos + 1, ',');
  g_string_insert_c (bad, at - bad->str, '"');
  loaded = ssdb_report_load_from_data (bad->str, bad->len, "big.json", &error);
  g_assert_null (loaded);
  assert_report_error (error, "big.json", "read[1234].window_ns: expected an integer");
  g_string_free (bad, TRUE);
}

/* -------------------------------------------------------------------------------------------- */
/* The table of test kinds                                                                       */

/* Every kind has a name that reads back to it; a report writes every kind once. */
static void
test_kind_names (void)
{
  static const char *const names[]
      = { "summary",  "surface",      "fill",  "access",    "sweep",       "workload",
          "recovery", "compression",  "trim",  "freespace", "consistency", "readback",
          "scan",     "randomaccess", "asssd", "copy" };
  SsdbTestKind kind;

  G_STATIC_ASSERT (G_N_ELEMENTS (names) == SSDB_TEST_KIND_N);
  for (guint k = 0; k < SSDB_TEST_KIND_N; k++)
    {
      g_assert_cmpstr (ssdb_test_kind_to_string (k), ==, names[k]);
      g_assert_true (ssdb_test_kind_from_string (names[k], &kind));
      g_assert_cmpint (kind, ==, k);
    }
  kind = SSDB_TEST_KIND_TRIM;
  g_assert_false (ssdb_test_kind_from_string ("ipeak", &kind));
  g_assert_false (ssdb_test_kind_from_string ("Summary", &kind));
  g_assert_cmpint (kind, ==, SSDB_TEST_KIND_TRIM);
}

/* A report whose results are replaced by deep copies of another's (through the generic setter,
 * which frees the loaded ones) writes the same bytes, also once the other report is gone. */
static void
test_kind_dup (void)
{
  static const char *const files[]
      = { "valid-all-views.json",    "valid-behaviour.json", "valid-scan.json",
          "valid-randomaccess.json", "valid-asssd.json",     "valid-copy.json" };
  gboolean seen[SSDB_TEST_KIND_N] = { FALSE };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = fixture_path (files[f]);
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);
      g_autoptr (SsdbReport) copy = ssdb_report_load (path, &error);
      g_autofree char *expected = NULL;
      g_autofree char *written = NULL;
      gpointer dups[SSDB_TEST_KIND_N] = { NULL };

      g_assert_no_error (error);
      for (guint k = 0; k < SSDB_TEST_KIND_N; k++)
        {
          gconstpointer result = ssdb_report_get_result (report, k);

          if (result == NULL)
            continue;
          seen[k] = TRUE;
          dups[k] = ssdb_test_kind_result_dup (k, result);
          g_assert_nonnull (dups[k]);
          g_assert_true (dups[k] != result);
          ssdb_report_set_result (copy, k, dups[k]);
          g_assert_true (ssdb_report_get_result (copy, k) == dups[k]);
        }
      expected = ssdb_report_to_data (report, NULL);
      g_clear_pointer (&report, ssdb_report_unref);
      written = ssdb_report_to_data (copy, NULL);
      g_assert_cmpstr (written, ==, expected);

      g_clear_pointer (&copy, ssdb_report_unref);
      for (guint k = 0; k < SSDB_TEST_KIND_N; k++)
        ssdb_test_kind_result_free (k, dups[k]);
    }
  for (guint k = 0; k < SSDB_TEST_KIND_N; k++)
    g_assert_true (seen[k]);
  g_assert_null (ssdb_test_kind_result_dup (SSDB_TEST_KIND_SURFACE, NULL));
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/report/fields", test_fields);
  g_test_add_func ("/report/stable", test_stable);
  g_test_add_func ("/report/locale", test_locale);
  g_test_add_func ("/report/round-trip", test_round_trip);
  g_test_add_func ("/report/target-facts", test_target_facts);
  g_test_add_func ("/report/target-queue", test_target_queue);
  g_test_add_func ("/report/fixture-valid", test_fixture_valid);
  g_test_add_func ("/report/io-engine", test_io_engine);
  g_test_add_func ("/report/large-arrays", test_large_arrays);
  g_test_add_func ("/report/fixtures-invalid", test_fixtures_invalid);
  g_test_add_func ("/report/syntax", test_syntax);
  g_test_add_func ("/report/truncations", test_truncations);
  g_test_add_func ("/report/mutations", test_mutations);
  g_test_add_func ("/report/files", test_files);
  g_test_add_func ("/report/surface-fill/fields", test_surface_fill_fields);
  g_test_add_func ("/report/surface-fill/round-trip", test_surface_fill_round_trip);
  g_test_add_func ("/report/surface-fill/fixture", test_surface_fill_fixture);
  g_test_add_func ("/report/surface-fill/old-analysis", test_fill_old_analysis);
  g_test_add_func ("/report/surface-fill/invalid", test_surface_fill_invalid);
  g_test_add_func ("/report/surface-fill/damage", test_surface_fill_damage);
  g_test_add_func ("/report/access-sweep-workload/fields", test_access_sweep_workload_fields);
  g_test_add_func ("/report/access-sweep-workload/round-trip",
                   test_access_sweep_workload_round_trip);
  g_test_add_func ("/report/workload-lines-round-trip", test_workload_lines_round_trip);
  g_test_add_func ("/report/workload-cycle-round-trip", test_workload_cycle_round_trip);
  g_test_add_func ("/report/access-sweep-workload/old-words", test_access_old_words);
  g_test_add_func ("/report/summary-old-spread", test_summary_old_spread);
  g_test_add_func ("/report/access-sweep-workload/fixture", test_access_sweep_workload_fixture);
  g_test_add_func ("/report/access-sweep-workload/invalid", test_access_sweep_workload_invalid);
  g_test_add_func ("/report/access-sweep-workload/damage", test_access_sweep_workload_damage);
  g_test_add_func ("/report/kinds/names", test_kind_names);
  g_test_add_func ("/report/kinds/dup", test_kind_dup);

  return g_test_run ();
}
