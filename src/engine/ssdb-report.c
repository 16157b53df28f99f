/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-report.h"
#include "ssdb-files.h"
#include "ssdb-error.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/utsname.h>
#include <unistd.h>

/* Most segments of a recovery write whose analysis a reader recomputes: a run cuts a write into
 * about 256 by default (ssdb-fill.c), more only with a small --segment. */
#define MAX_REANALYSED_SEGMENTS 8192

/* Plausibility limits for loaded numbers: far above any real device, far below overflow. */
#define MAX_BYTES_PER_SECOND 1e13 /* 10 TB/s */
#define MAX_IOPS 1e10
#define MAX_MEAN_INFLIGHT ((double)SSDB_MAX_QUEUE_DEPTH * SSDB_MAX_THREADS)
#define MAX_RUN_NS (G_GUINT64_CONSTANT (86400) * G_USEC_PER_SEC * 1000)          /* a day */
#define MAX_WINDOW_NS (G_GUINT64_CONSTANT (366 * 86400) * G_USEC_PER_SEC * 1000) /* a year */
#define MAX_PASSES 9
#define MAX_TEST_NAME 64
#define MAX_BLOCK_ALIGN (1024 * 1024)
#define MAX_NUMBER_TEXT 64
#define MAX_SURFACE_SAMPLES 100000u
#define MAX_ACCESS_SAMPLES 1000000u
#define MAX_FILL_PASSES 4u
#define MAX_FILL_PHASES 3u
#define MAX_WORDS 4096
/* Relative tolerance of a derived mean against the one recomputed from the samples. */
#define MEAN_TOLERANCE 1e-9

/* -------------------------------------------------------------------------------------------- */
/* Names of enumerations in the file: part of the format, independent of any UI text.           */

static const char *const rw_names[] = { "read", "write", "mix" };
static const char *const access_names[] = { "sequential", "random" };
static const char *const state_names[]
    = { "pending", "running", "done", "skipped", "cancelled", "failed" };
static const char *const profile_names[] = { "default", "peak", "realworld", "nvme" };
static const char *const aggregate_names[] = { "best", "mean" };
static const char *const target_kind_names[] = { "device", "file" };
static const char *const surface_write_names[] = { "none", "destroy", "rewrite" };
static const char *const fill_rw_names[] = { "read", "write" };
static const char *const test_kind_names[]
    = { "summary",  "surface",     "fill",        "access", "sweep",     "workload",
        "recovery", "consistency", "compression", "trim",   "freespace", "readback" };
static const char *const access_mode_names[] = { "queue", "threads" };
static const char *const verdict_names[] = { "unknown", "serial", "reorders", "parallel" };

G_STATIC_ASSERT (G_N_ELEMENTS (rw_names) == SSDB_RW_MIX + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (access_names) == SSDB_ACCESS_RANDOM + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (state_names) == SSDB_ENTRY_FAILED + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (profile_names) == SSDB_PROFILE_NVME + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (aggregate_names) == SSDB_AGGREGATE_MEAN + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (target_kind_names) == SSDB_TARGET_FILE + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (surface_write_names) == SSDB_SURFACE_WRITE_REWRITE + 1);
G_STATIC_ASSERT (SSDB_RW_READ == 0 && SSDB_RW_WRITE == 1);
G_STATIC_ASSERT (G_N_ELEMENTS (access_mode_names) == SSDB_ACCESS_MODE_THREADS + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (verdict_names) == SSDB_ACCESS_VERDICT_PARALLEL + 1);

enum
{
  TEST_KIND_SUMMARY,
  TEST_KIND_SURFACE,
  TEST_KIND_FILL,
  TEST_KIND_ACCESS,
  TEST_KIND_SWEEP,
  TEST_KIND_WORKLOAD,
  TEST_KIND_RECOVERY,
  TEST_KIND_CONSISTENCY,
  TEST_KIND_COMPRESSION,
  TEST_KIND_TRIM,
  TEST_KIND_FREESPACE,
  TEST_KIND_READBACK,
};

/* Members of "target" that come from SsdbTargetInfo, in the order they are written. */
static const char *const target_keys[] = {
  "kind",
  "path",
  "name",
  "disk_name",
  "major",
  "minor",
  "size_bytes",
  "logical_block_size",
  "physical_block_size",
  "dio_mem_align",
  "dio_offset_align",
  "rotational",
  "discard",
  "read_only",
  "removable",
  "model",
  "vendor",
  "fs_type",
  "free_bytes",
  "direct_io",
};

static const char *
enum_name (const char *const *names, guint n_names, guint value)
{
  g_return_val_if_fail (value < n_names, names[0]);
  return names[value];
}

static gboolean
is_target_key (const char *key)
{
  for (guint i = 0; i < G_N_ELEMENTS (target_keys); i++)
    if (g_str_equal (key, target_keys[i]))
      return TRUE;
  return FALSE;
}

/* "random", "zero" or "compressible-NN": the canonical spelling only, so that a loaded pattern
 * is written back the same way. */
static char *
pattern_to_string (const SsdbDataPattern *pattern)
{
  switch (pattern->kind)
    {
      case SSDB_DATA_ZERO:
        return g_strdup ("zero");
      case SSDB_DATA_COMPRESSIBLE:
        return g_strdup_printf ("compressible-%u", MIN (pattern->compressible_percent, 100));
      case SSDB_DATA_RANDOM:
      default:
        return g_strdup ("random");
    }
}

static gboolean
pattern_from_string (const char *text, SsdbDataPattern *out)
{
  const char *num;
  guint64 v;

  if (g_str_equal (text, "random"))
    {
      *out = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
      return TRUE;
    }
  if (g_str_equal (text, "zero"))
    {
      *out = (SsdbDataPattern){ SSDB_DATA_ZERO, 0 };
      return TRUE;
    }
  if (!g_str_has_prefix (text, "compressible-"))
    return FALSE;
  num = text + strlen ("compressible-");
  if (num[0] == '\0' || strlen (num) > 3 || (num[0] == '0' && num[1] != '\0'))
    return FALSE;
  if (!g_ascii_string_to_unsigned (num, 10, 0, 100, &v, NULL))
    return FALSE;
  *out = (SsdbDataPattern){ SSDB_DATA_COMPRESSIBLE, (guint)v };
  return TRUE;
}

/* -------------------------------------------------------------------------------------------- */
/* The report object                                                                             */

static void
target_info_copy (SsdbTargetInfo *dst, const SsdbTargetInfo *src)
{
  *dst = *src;
  dst->path = g_strdup (src->path);
  dst->name = g_strdup (src->name);
  dst->disk_name = g_strdup (src->disk_name);
  dst->model = g_strdup (src->model);
  dst->vendor = g_strdup (src->vendor);
  dst->fs_type = g_strdup (src->fs_type);
}

static void
target_info_clear (SsdbTargetInfo *info)
{
  g_clear_pointer (&info->path, g_free);
  g_clear_pointer (&info->name, g_free);
  g_clear_pointer (&info->disk_name, g_free);
  g_clear_pointer (&info->model, g_free);
  g_clear_pointer (&info->vendor, g_free);
  g_clear_pointer (&info->fs_type, g_free);
}

static SsdbReport *
report_alloc (void)
{
  SsdbReport *report = g_new0 (SsdbReport, 1);

  g_atomic_ref_count_init (&report->ref_count);
  report->format_version = SSDB_REPORT_FORMAT_VERSION;
  return report;
}

SsdbReport *
ssdb_report_new (const SsdbTargetInfo *target, const SsdbSummaryResult *summary)
{
  SsdbReport *report;
  g_autoptr (GDateTime) now = NULL;
  struct utsname uts;

  g_return_val_if_fail (target != NULL, NULL);

  report = report_alloc ();
  report->tool_version = g_strdup (PACKAGE_VERSION);
  report->created_unix = g_get_real_time () / G_USEC_PER_SEC;
  now = g_date_time_new_from_unix_utc (report->created_unix);
  report->created = g_date_time_format (now, "%Y-%m-%dT%H:%M:%SZ");
  report->host = g_strdup (g_get_host_name ());
  if (uname (&uts) == 0)
    {
      report->kernel_release = g_strdup (uts.release);
      report->kernel_machine = g_strdup (uts.machine);
    }
  else
    {
      report->kernel_release = g_strdup ("");
      report->kernel_machine = g_strdup ("");
    }
  target_info_copy (&report->target, target);
  report->summary = (SsdbSummaryResult *)summary; /* borrowed, never changed */
  return report;
}

SsdbReport *
ssdb_report_ref (SsdbReport *report)
{
  g_return_val_if_fail (report != NULL, NULL);

  g_atomic_ref_count_inc (&report->ref_count);
  return report;
}

void
ssdb_report_unref (SsdbReport *report)
{
  g_return_if_fail (report != NULL);

  if (!g_atomic_ref_count_dec (&report->ref_count))
    return;

  g_free (report->tool_version);
  g_free (report->created);
  g_free (report->host);
  g_free (report->kernel_release);
  g_free (report->kernel_machine);
  target_info_clear (&report->target);
  g_clear_pointer (&report->target_extra, json_object_unref);
  if (report->summary != NULL && report->summary_free != NULL)
    report->summary_free (report->summary);
  if (report->surface != NULL && report->surface_free != NULL)
    report->surface_free (report->surface);
  if (report->fill != NULL && report->fill_free != NULL)
    report->fill_free (report->fill);
  if (report->access != NULL && report->access_free != NULL)
    report->access_free (report->access);
  if (report->sweep != NULL && report->sweep_free != NULL)
    report->sweep_free (report->sweep);
  if (report->workload != NULL && report->workload_free != NULL)
    report->workload_free (report->workload);
  if (report->recovery != NULL && report->recovery_free != NULL)
    report->recovery_free (report->recovery);
  if (report->consistency != NULL && report->consistency_free != NULL)
    report->consistency_free (report->consistency);
  if (report->compression != NULL && report->compression_free != NULL)
    report->compression_free (report->compression);
  if (report->trim != NULL && report->trim_free != NULL)
    report->trim_free (report->trim);
  if (report->freespace != NULL && report->freespace_free != NULL)
    report->freespace_free (report->freespace);
  if (report->readback != NULL && report->readback_free != NULL)
    report->readback_free (report->readback);
  g_free (report);
}

/* Points @slot at a borrowed result, freeing what the report owned there before. */
static void
set_borrowed (gpointer *slot, GDestroyNotify *free_func, gconstpointer value)
{
  if (*slot == value)
    return;
  if (*slot != NULL && *free_func != NULL)
    (*free_func) (*slot);
  *slot = (gpointer)value; /* borrowed, never changed */
  *free_func = NULL;
}

void
ssdb_report_set_surface (SsdbReport *report, const SsdbSurfaceResult *surface)
{
  g_return_if_fail (report != NULL);

  set_borrowed ((gpointer *)&report->surface, &report->surface_free, surface);
}

void
ssdb_report_set_fill (SsdbReport *report, const SsdbFillResult *fill)
{
  g_return_if_fail (report != NULL);

  set_borrowed ((gpointer *)&report->fill, &report->fill_free, fill);
}

void
ssdb_report_set_access (SsdbReport *report, const SsdbAccessResult *access)
{
  g_return_if_fail (report != NULL);

  set_borrowed ((gpointer *)&report->access, &report->access_free, access);
}

void
ssdb_report_set_sweep (SsdbReport *report, const SsdbSweepResult *sweep)
{
  g_return_if_fail (report != NULL);

  set_borrowed ((gpointer *)&report->sweep, &report->sweep_free, sweep);
}

void
ssdb_report_set_workload (SsdbReport *report, const SsdbWorkloadResult *workload)
{
  g_return_if_fail (report != NULL);

  set_borrowed ((gpointer *)&report->workload, &report->workload_free, workload);
}

void
ssdb_report_set_recovery (SsdbReport *report, const SsdbRecoveryResult *recovery)
{
  g_return_if_fail (report != NULL);

  set_borrowed ((gpointer *)&report->recovery, &report->recovery_free, recovery);
}

void
ssdb_report_set_consistency (SsdbReport *report, const SsdbConsistencyResult *consistency)
{
  g_return_if_fail (report != NULL);

  set_borrowed ((gpointer *)&report->consistency, &report->consistency_free, consistency);
}

void
ssdb_report_set_compression (SsdbReport *report, const SsdbCompressionResult *compression)
{
  g_return_if_fail (report != NULL);

  set_borrowed ((gpointer *)&report->compression, &report->compression_free, compression);
}

void
ssdb_report_set_trim (SsdbReport *report, const SsdbTrimResult *trim)
{
  g_return_if_fail (report != NULL);

  set_borrowed ((gpointer *)&report->trim, &report->trim_free, trim);
}

void
ssdb_report_set_freespace (SsdbReport *report, const SsdbFreespaceResult *freespace)
{
  g_return_if_fail (report != NULL);

  set_borrowed ((gpointer *)&report->freespace, &report->freespace_free, freespace);
}

void
ssdb_report_set_readback (SsdbReport *report, const SsdbReadbackResult *readback)
{
  g_return_if_fail (report != NULL);

  set_borrowed ((gpointer *)&report->readback, &report->readback_free, readback);
}

G_DEFINE_BOXED_TYPE (SsdbReport, ssdb_report, ssdb_report_ref, ssdb_report_unref)

void
ssdb_report_add_target_fact (SsdbReport *report, const char *key, JsonNode *value)
{
  g_return_if_fail (report != NULL);
  g_return_if_fail (key != NULL && g_utf8_validate (key, -1, NULL));
  g_return_if_fail (value != NULL);
  g_return_if_fail (!is_target_key (key));

  if (report->target_extra == NULL)
    report->target_extra = json_object_new ();
  json_object_set_member (report->target_extra, key, value);
}

/* A summary read from a file: every part allocated here, freed here. */
static void
loaded_entry_free (gpointer data)
{
  SsdbSummaryEntry *entry = data;

  g_clear_pointer (&entry->passes, g_array_unref);
  g_free (entry->fio_command);
  g_free (entry->message);
  g_free (entry);
}

static void
loaded_summary_free (gpointer data)
{
  SsdbSummaryResult *result = data;

  g_clear_pointer (&result->entries, g_ptr_array_unref);
  g_free (result->writes_skipped_reason);
  g_free (result);
}

/* -------------------------------------------------------------------------------------------- */
/* Writing                                                                                      */

/* JSON has no NaN or infinity. json-glib 1.6 also appends ".0" to any number it prints without a
 * '.', which turns "1e+22" into the invalid "1e+22.0"; such a value is replaced by its
 * neighbour towards zero, which needs more digits (a change of one unit in the last place). */
static double
json_safe_double (double value)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (!isfinite (value) || value == 0.0)
    return 0.0;
  for (guint i = 0; i < 8; i++)
    {
      g_ascii_dtostr (buf, sizeof buf, value);
      if (strchr (buf, '.') != NULL || strpbrk (buf, "eE") == NULL)
        break;
      value = nextafter (value, 0.0);
    }
  return value;
}

/* A copy of @node whose numbers are all safe to print (see json_safe_double()). */
static JsonNode *
json_safe_copy (JsonNode *node)
{
  JsonNode *copy = json_node_copy (node);
  GQueue queue = G_QUEUE_INIT;

  g_queue_push_tail (&queue, copy);
  while (!g_queue_is_empty (&queue))
    {
      JsonNode *n = g_queue_pop_head (&queue);

      if (JSON_NODE_HOLDS_OBJECT (n))
        {
          JsonObject *object = json_node_get_object (n);
          g_autoptr (GList) names = json_object_get_members (object);

          for (GList *l = names; l != NULL; l = l->next)
            g_queue_push_tail (&queue, json_object_get_member (object, l->data));
        }
      else if (JSON_NODE_HOLDS_ARRAY (n))
        {
          JsonArray *array = json_node_get_array (n);

          for (guint i = 0; i < json_array_get_length (array); i++)
            g_queue_push_tail (&queue, json_array_get_element (array, i));
        }
      else if (JSON_NODE_HOLDS_VALUE (n) && json_node_get_value_type (n) == G_TYPE_DOUBLE)
        json_node_set_double (n, json_safe_double (json_node_get_double (n)));
    }
  return copy;
}

static void
add_int (JsonBuilder *b, const char *key, gint64 value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_int_value (b, value);
}

static void
add_u64 (JsonBuilder *b, const char *key, guint64 value)
{
  add_int (b, key, (gint64)MIN (value, (guint64)G_MAXINT64));
}

static void
add_double (JsonBuilder *b, const char *key, double value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_double_value (b, json_safe_double (value));
}

static void
add_bool (JsonBuilder *b, const char *key, gboolean value)
{
  json_builder_set_member_name (b, key);
  json_builder_add_boolean_value (b, value ? TRUE : FALSE);
}

/* A string, or null for %NULL. Invalid UTF-8 (a sysfs string, say) is repaired. */
static void
add_string (JsonBuilder *b, const char *key, const char *value)
{
  json_builder_set_member_name (b, key);
  if (value == NULL)
    json_builder_add_null_value (b);
  else if (g_utf8_validate (value, -1, NULL))
    json_builder_add_string_value (b, value);
  else
    {
      g_autofree char *valid = g_utf8_make_valid (value, -1);

      json_builder_add_string_value (b, valid);
    }
}

static void
add_seed (JsonBuilder *b, const char *key, guint64 seed)
{
  char buf[24];

  g_snprintf (buf, sizeof buf, "%" G_GUINT64_FORMAT, seed);
  add_string (b, key, buf);
}

static void
add_pattern (JsonBuilder *b, const char *key, const SsdbDataPattern *pattern)
{
  g_autofree char *text = pattern_to_string (pattern);

  add_string (b, key, text);
}

static void
build_latency_summary (JsonBuilder *b, const char *key, const SsdbHistogram *h)
{
  gboolean empty = h->count == 0;

  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  add_u64 (b, "count", h->count);
  add_u64 (b, "sum", h->sum_ns);
  add_double (b, "mean", ssdb_histogram_mean_ns (h));
  add_u64 (b, "min", empty ? 0 : h->min_ns);
  add_u64 (b, "p50", ssdb_histogram_percentile_ns (h, 50.0));
  add_u64 (b, "p90", ssdb_histogram_percentile_ns (h, 90.0));
  add_u64 (b, "p99", ssdb_histogram_percentile_ns (h, 99.0));
  add_u64 (b, "p99_9", ssdb_histogram_percentile_ns (h, 99.9));
  add_u64 (b, "max", empty ? 0 : h->max_ns);
  json_builder_end_object (b);
}

static void
build_buckets (JsonBuilder *b, const char *key, const SsdbHistogram *h)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; i < SSDB_HISTOGRAM_N_BUCKETS; i++)
    {
      if (h->buckets[i] == 0)
        continue;
      json_builder_begin_array (b);
      json_builder_add_int_value (b, (gint64)ssdb_histogram_bucket_lower (i));
      json_builder_add_int_value (b, (gint64)MIN (h->buckets[i], (guint64)G_MAXINT64));
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
}

/* The members of one SsdbIoResult (a pass, or a test's aggregate) into the open object. */
static void
build_io_result (JsonBuilder *b, const SsdbIoResult *io, SsdbRw rw)
{
  add_double (b, "bytes_per_second", io->bytes_per_second);
  add_double (b, "iops", io->iops);
  build_latency_summary (b, "latency_ns", &io->latency);
  add_double (b, "mean_inflight", io->mean_inflight);

  json_builder_set_member_name (b, "cpu_ns");
  json_builder_begin_object (b);
  add_u64 (b, "user", io->cpu_user_ns);
  add_u64 (b, "system", io->cpu_system_ns);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "device_bytes");
  json_builder_begin_object (b);
  add_u64 (b, "read", io->device_read_bytes);
  add_u64 (b, "write", io->device_write_bytes);
  add_bool (b, "counters_valid", io->counters_valid);
  add_bool (b, "reached_device", io->reached_device);
  json_builder_end_object (b);

  add_u64 (b, "bytes", io->bytes);
  add_u64 (b, "ios", io->ios);
  add_u64 (b, "read_bytes", io->read_bytes);
  add_u64 (b, "read_ios", io->read_ios);
  add_u64 (b, "write_bytes", io->write_bytes);
  add_u64 (b, "write_ios", io->write_ios);
  add_u64 (b, "window_ns", io->window_ns);
  add_bool (b, "cancelled", io->cancelled);
  build_buckets (b, "latency_buckets", &io->latency);
  if (rw == SSDB_RW_MIX)
    {
      build_latency_summary (b, "read_latency_ns", &io->read_latency);
      build_buckets (b, "read_latency_buckets", &io->read_latency);
      build_latency_summary (b, "write_latency_ns", &io->write_latency);
      build_buckets (b, "write_latency_buckets", &io->write_latency);
    }
}

static void
build_target (JsonBuilder *b, const SsdbReport *report)
{
  const SsdbTargetInfo *t = &report->target;

  json_builder_set_member_name (b, "target");
  json_builder_begin_object (b);
  add_string (b, "kind", enum_name (target_kind_names, G_N_ELEMENTS (target_kind_names), t->kind));
  add_string (b, "path", t->path);
  add_string (b, "name", t->name);
  add_string (b, "disk_name", t->disk_name);
  add_int (b, "major", t->major);
  add_int (b, "minor", t->minor);
  add_u64 (b, "size_bytes", t->size_bytes);
  add_int (b, "logical_block_size", t->logical_block_size);
  add_int (b, "physical_block_size", t->physical_block_size);
  add_int (b, "dio_mem_align", t->dio_mem_align);
  add_int (b, "dio_offset_align", t->dio_offset_align);
  add_bool (b, "rotational", t->rotational);
  add_bool (b, "discard", t->discard);
  add_bool (b, "read_only", t->read_only);
  add_bool (b, "removable", t->removable);
  add_string (b, "model", t->model);
  add_string (b, "vendor", t->vendor);
  add_string (b, "fs_type", t->fs_type);
  add_u64 (b, "free_bytes", t->free_bytes);
  add_bool (b, "direct_io", t->direct_io);
  if (report->target_extra != NULL)
    {
      g_autoptr (GList) names = json_object_get_members (report->target_extra);

      for (GList *l = names; l != NULL; l = l->next)
        {
          if (is_target_key (l->data))
            continue;
          json_builder_set_member_name (b, l->data);
          json_builder_add_value (
              b, json_safe_copy (json_object_get_member (report->target_extra, l->data)));
        }
    }
  json_builder_end_object (b);
}

static void
build_summary_settings (JsonBuilder *b, const SsdbSummaryResult *result)
{
  const SsdbSummarySpec *spec = &result->spec;

  json_builder_set_member_name (b, "summary");
  json_builder_begin_object (b);
  add_string (b, "profile", enum_name (profile_names, G_N_ELEMENTS (profile_names), spec->profile));
  add_u64 (b, "size", spec->size);
  add_u64 (b, "offset", spec->offset);
  add_int (b, "count", spec->count);
  add_u64 (b, "duration_ns", spec->duration_ns);
  add_u64 (b, "interval_ns", spec->interval_ns);
  add_bool (b, "do_read", spec->do_read);
  add_bool (b, "do_write", spec->do_write);
  add_bool (b, "do_mix", spec->do_mix);
  add_int (b, "mix_read_percent", spec->mix_read_percent);
  add_pattern (b, "data", &spec->data);
  add_string (b, "aggregate",
              enum_name (aggregate_names, G_N_ELEMENTS (aggregate_names), spec->aggregate));
  add_bool (b, "warmup", spec->warmup);
  add_seed (b, "seed", spec->seed);
  add_string (b, "writes_skipped_reason", result->writes_skipped_reason);
  add_int (b, "started_unix", result->started_unix);
  add_u64 (b, "prepare_ns", result->prepare_ns);
  json_builder_end_object (b);
}

static void
build_summary_test (JsonBuilder *b, const SsdbSummaryEntry *entry)
{
  json_builder_begin_object (b);
  add_string (b, "kind", "summary");
  add_string (b, "name", entry->test.name != NULL ? entry->test.name : "");
  add_string (b, "rw", enum_name (rw_names, G_N_ELEMENTS (rw_names), entry->rw));
  add_string (b, "state", enum_name (state_names, G_N_ELEMENTS (state_names), entry->state));
  if (entry->message != NULL)
    add_string (b, "message", entry->message);
  add_string (b, "access",
              enum_name (access_names, G_N_ELEMENTS (access_names), entry->test.access));
  add_int (b, "block_size", entry->test.block_size);
  add_int (b, "queue_depth", entry->test.queue_depth);
  add_int (b, "threads", entry->test.threads);
  add_u64 (b, "offset", entry->job.offset);
  add_u64 (b, "length", entry->job.length);
  add_u64 (b, "duration_ns", entry->job.duration_ns);
  add_u64 (b, "total_bytes", entry->job.total_bytes);
  add_int (b, "read_percent", entry->job.read_percent);
  add_pattern (b, "data", &entry->job.data);
  add_seed (b, "seed", entry->job.seed);
  add_string (b, "fio_command", entry->fio_command);
  build_io_result (b, &entry->aggregate, entry->rw);

  json_builder_set_member_name (b, "passes");
  json_builder_begin_array (b);
  for (guint i = 0; entry->passes != NULL && i < entry->passes->len; i++)
    {
      json_builder_begin_object (b);
      build_io_result (b, &g_array_index (entry->passes, SsdbIoResult, i), entry->rw);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
build_rate_stats (JsonBuilder *b, const char *key, const SsdbRateStats *stats)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  add_double (b, "min", stats->min);
  add_double (b, "max", stats->max);
  add_double (b, "mean", stats->mean);
  json_builder_end_object (b);
}

static void
build_surface_samples (JsonBuilder *b, const char *key, GArray *samples)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; samples != NULL && i < samples->len; i++)
    {
      const SsdbSurfaceSample *s = &g_array_index (samples, SsdbSurfaceSample, i);

      json_builder_begin_object (b);
      add_u64 (b, "offset_bytes", s->offset_bytes);
      add_u64 (b, "bytes", s->bytes);
      add_u64 (b, "window_ns", s->window_ns);
      add_double (b, "bytes_per_second", s->bytes_per_second);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
build_surface_test (JsonBuilder *b, const SsdbSurfaceResult *r)
{
  const SsdbSurfaceSpec *spec = &r->spec;

  json_builder_begin_object (b);
  add_string (b, "kind", "surface");
  add_int (b, "samples", spec->samples);
  add_int (b, "block_size", spec->block_size);
  add_u64 (b, "sample_bytes", spec->sample_bytes);
  add_int (b, "queue_depth", spec->queue_depth);
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_int (b, "access_samples", spec->access_samples);
  add_u64 (b, "access_first_bytes", spec->access_first_bytes);
  add_bool (b, "burst", spec->burst);
  add_string (b, "write_mode",
              enum_name (surface_write_names, G_N_ELEMENTS (surface_write_names), spec->write));
  add_seed (b, "seed", spec->seed);
  add_bool (b, "cancelled", r->cancelled);
  build_rate_stats (b, "read_stats", &r->read_stats);
  build_rate_stats (b, "write_stats", &r->write_stats);
  add_double (b, "access_mean_ns", r->access_mean_ns);
  add_double (b, "access_first_mean_ns", r->access_first_mean_ns);
  add_int (b, "access_first_count", r->access_first_count);
  add_double (b, "burst_bytes_per_second", r->burst_bytes_per_second);
  add_u64 (b, "cpu_ns", r->cpu_ns);
  build_surface_samples (b, "read", r->read);
  build_surface_samples (b, "write", r->write);

  json_builder_set_member_name (b, "access");
  json_builder_begin_array (b);
  for (guint i = 0; r->access != NULL && i < r->access->len; i++)
    {
      const SsdbAccessSample *a = &g_array_index (r->access, SsdbAccessSample, i);

      json_builder_begin_object (b);
      add_u64 (b, "offset_bytes", a->offset_bytes);
      add_u64 (b, "latency_ns", a->latency_ns);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
}

static void
build_fill_points (JsonBuilder *b, const char *key, GArray *points)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; points != NULL && i < points->len; i++)
    {
      const SsdbFillPoint *p = &g_array_index (points, SsdbFillPoint, i);

      json_builder_begin_object (b);
      add_u64 (b, "position_bytes", p->position_bytes);
      add_u64 (b, "elapsed_ns", p->elapsed_ns);
      add_double (b, "bytes_per_second", p->bytes_per_second);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
build_fill_test (JsonBuilder *b, const SsdbFillResult *r)
{
  const SsdbFillSpec *spec = &r->spec;
  const SsdbFillAnalysis *a = &r->analysis;

  json_builder_begin_object (b);
  add_string (b, "kind", "fill");
  add_int (b, "block_size", spec->block_size);
  add_int (b, "queue_depth", spec->queue_depth);
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_u64 (b, "segment_bytes", spec->segment_bytes);
  add_u64 (b, "interval_ns", spec->interval_ns);
  add_int (b, "passes_requested", spec->passes);
  add_bool (b, "read_back", spec->read_back);
  add_seed (b, "seed", spec->seed);
  add_bool (b, "cancelled", r->cancelled);

  json_builder_set_member_name (b, "passes");
  json_builder_begin_array (b);
  for (guint i = 0; r->passes != NULL && i < r->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (r->passes, i);

      json_builder_begin_object (b);
      add_string (b, "rw", p->rw == SSDB_RW_READ ? "read" : "write");
      add_u64 (b, "bytes", p->bytes);
      add_u64 (b, "window_ns", p->window_ns);
      add_double (b, "bytes_per_second", p->bytes_per_second);
      add_bool (b, "complete", p->complete);
      build_fill_points (b, "segments", p->segments);
      build_fill_points (b, "intervals", p->intervals);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "analysis");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "phases");
  json_builder_begin_array (b);
  for (guint i = 0; a->phases != NULL && i < a->phases->len; i++)
    {
      const SsdbFillPhase *ph = &g_array_index (a->phases, SsdbFillPhase, i);

      json_builder_begin_object (b);
      add_u64 (b, "start_bytes", ph->start_bytes);
      add_u64 (b, "end_bytes", ph->end_bytes);
      add_double (b, "bytes_per_second", ph->bytes_per_second);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_u64 (b, "cache_bytes", a->cache_bytes);
  add_double (b, "in_cache_bytes_per_second", a->in_cache_bytes_per_second);
  add_double (b, "post_cache_bytes_per_second", a->post_cache_bytes_per_second);
  add_string (b, "words", a->words);
  json_builder_end_object (b);
  json_builder_end_object (b);
}

static void
build_access_test (JsonBuilder *b, const SsdbAccessResult *r)
{
  const SsdbAccessSpec *spec = &r->spec;
  const SsdbAccessAnalysis *a = &r->analysis;

  json_builder_begin_object (b);
  add_string (b, "kind", "access");
  add_string (b, "mode",
              enum_name (access_mode_names, G_N_ELEMENTS (access_mode_names), spec->mode));
  add_int (b, "block_size", spec->block_size);
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  json_builder_set_member_name (b, "depths");
  json_builder_begin_array (b);
  for (guint i = 0; i < MIN (spec->n_depths, SSDB_ACCESS_MAX_STEPS); i++)
    json_builder_add_int_value (b, spec->depths[i]);
  json_builder_end_array (b);
  add_u64 (b, "step_duration_ns", spec->step_duration_ns);
  add_u64 (b, "step_ios", spec->step_ios);
  add_bool (b, "fill", spec->fill);
  add_seed (b, "seed", spec->seed);
  add_u64 (b, "prepare_ns", r->prepare_ns);
  add_bool (b, "cancelled", r->cancelled);

  json_builder_set_member_name (b, "steps");
  json_builder_begin_array (b);
  for (guint i = 0; r->steps != NULL && i < r->steps->len; i++)
    {
      const SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);
      gboolean threads = spec->mode == SSDB_ACCESS_MODE_THREADS;

      json_builder_begin_object (b);
      add_int (b, "queue_depth", threads ? 1 : s->depth);
      add_int (b, "threads", threads ? s->depth : 1);
      add_string (b, "state", enum_name (state_names, G_N_ELEMENTS (state_names), s->state));
      add_u64 (b, "ios", s->io.ios);
      add_u64 (b, "bytes", s->io.bytes);
      add_u64 (b, "window_ns", s->io.window_ns);
      add_double (b, "iops", s->iops);
      json_builder_set_member_name (b, "latency_ns");
      json_builder_begin_object (b);
      add_double (b, "mean", s->mean_ns);
      add_u64 (b, "min", s->min_ns);
      add_u64 (b, "median", s->median_ns);
      add_u64 (b, "p99", s->p99_ns);
      add_u64 (b, "max", s->max_ns);
      json_builder_end_object (b);
      add_double (b, "mean_inflight", s->achieved_depth);
      json_builder_set_member_name (b, "histogram");
      json_builder_begin_array (b);
      for (guint k = 0; k <= SSDB_ACCESS_N_BINS + 1; k++)
        {
          json_builder_begin_object (b);
          json_builder_set_member_name (b, "upper_ns");
          if (k <= SSDB_ACCESS_N_BINS)
            json_builder_add_int_value (b, (gint64)ssdb_access_bin_edge_ns (k));
          else
            json_builder_add_null_value (b);
          add_u64 (b, "count",
                   k == 0                    ? s->below
                   : k <= SSDB_ACCESS_N_BINS ? s->bins[k - 1]
                                             : s->above);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      add_string (b, "fio_command", s->fio_command);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "analysis");
  json_builder_begin_object (b);
  add_int (b, "first_depth", a->first_depth);
  add_int (b, "last_depth", a->last_depth);
  add_double (b, "iops_gain", a->iops_gain);
  add_double (b, "latency_growth", a->latency_growth);
  add_double (b, "exponent", a->exponent);
  add_double (b, "slope_ns", a->slope_ns);
  add_string (b, "verdict", ssdb_access_verdict_to_string (a->verdict));
  add_bool (b, "short_depth", a->short_depth);
  add_string (b, "words", a->words);
  json_builder_end_object (b);
  json_builder_end_object (b);
}

static void
build_sweep_points (JsonBuilder *b, const char *key, GArray *points)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_array (b);
  for (guint i = 0; points != NULL && i < points->len; i++)
    {
      const SsdbSweepPoint *p = &g_array_index (points, SsdbSweepPoint, i);

      json_builder_begin_object (b);
      add_int (b, "size_bytes", p->size);
      add_u64 (b, "ios", p->ios);
      add_u64 (b, "bytes", p->bytes);
      add_u64 (b, "window_ns", p->window_ns);
      add_double (b, "bytes_per_second", p->bytes_per_second);
      add_double (b, "iops", p->iops);
      json_builder_set_member_name (b, "latency_ns");
      json_builder_begin_object (b);
      add_double (b, "mean", p->mean_ns);
      add_u64 (b, "p99", p->p99_ns);
      add_u64 (b, "max", p->max_ns);
      json_builder_end_object (b);
      add_double (b, "mean_inflight", p->mean_inflight);
      add_u64 (b, "cpu_ns", p->cpu_ns);
      add_string (b, "fio_command", p->fio_command);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
}

static void
build_sweep_test (JsonBuilder *b, const SsdbSweepResult *r)
{
  const SsdbSweepSpec *spec = &r->spec;

  json_builder_begin_object (b);
  add_string (b, "kind", "sweep");
  add_int (b, "start_size", spec->start_size);
  add_int (b, "end_size", spec->end_size);
  add_int (b, "queue_depth", spec->queue_depth);
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_bool (b, "do_read", spec->do_read);
  add_bool (b, "do_write", spec->do_write);
  add_u64 (b, "duration_ns", spec->duration_ns);
  add_u64 (b, "step_bytes", spec->step_bytes);
  add_bool (b, "fill", spec->fill);
  add_pattern (b, "data", &spec->data);
  add_seed (b, "seed", spec->seed);
  json_builder_set_member_name (b, "sizes");
  json_builder_begin_array (b);
  for (guint i = 0; i < MIN (r->n_sizes, SSDB_SWEEP_MAX_SIZES); i++)
    json_builder_add_int_value (b, r->sizes[i]);
  json_builder_end_array (b);
  add_u64 (b, "prepare_ns", r->prepare_ns);
  add_bool (b, "cancelled", r->cancelled);
  build_sweep_points (b, "read", r->read);
  build_sweep_points (b, "write", r->write);
  add_double (b, "best_read_bytes_per_second", r->best_read);
  add_int (b, "best_read_size", r->best_read_size);
  add_int (b, "full_read_size", r->full_read_size);
  add_double (b, "best_write_bytes_per_second", r->best_write);
  add_int (b, "best_write_size", r->best_write_size);
  add_int (b, "full_write_size", r->full_write_size);
  add_string (b, "words", r->words);
  json_builder_end_object (b);
}

static void
build_workload_stats (JsonBuilder *b, const SsdbWorkloadStats *s, guint n_size_mix)
{
  add_u64 (b, "ios", s->ios);
  add_u64 (b, "bytes", s->bytes);
  add_u64 (b, "read_ios", s->read_ios);
  add_u64 (b, "write_ios", s->write_ios);
  add_u64 (b, "random_ios", s->random_ios);
  json_builder_set_member_name (b, "size_ios");
  json_builder_begin_array (b);
  for (guint i = 0; i < MIN (n_size_mix, SSDB_MAX_SIZE_MIX); i++)
    json_builder_add_int_value (b, (gint64)MIN (s->size_ios[i], (guint64)G_MAXINT64));
  json_builder_end_array (b);
  add_u64 (b, "window_ns", s->window_ns);
  add_double (b, "iops", s->iops);
  add_double (b, "bytes_per_second", s->bytes_per_second);
  json_builder_set_member_name (b, "latency_ns");
  json_builder_begin_object (b);
  add_double (b, "mean", s->mean_ns);
  add_u64 (b, "p99", s->p99_ns);
  add_u64 (b, "max", s->max_ns);
  json_builder_end_object (b);
  add_double (b, "mean_inflight", s->mean_inflight);
  add_u64 (b, "cpu_ns", s->cpu_ns);
}

static void
build_workload_test (JsonBuilder *b, const SsdbWorkloadResult *r)
{
  const SsdbWorkloadSpec *spec = &r->spec;

  json_builder_begin_object (b);
  add_string (b, "kind", "workload");
  json_builder_set_member_name (b, "spec");
  json_builder_begin_object (b);
  add_string (b, "name", spec->name);
  json_builder_set_member_name (b, "sizes");
  json_builder_begin_array (b);
  for (guint i = 0; i < MIN (spec->n_size_mix, SSDB_MAX_SIZE_MIX); i++)
    {
      json_builder_begin_object (b);
      add_int (b, "size_bytes", spec->size_mix[i].size);
      add_int (b, "weight", spec->size_mix[i].weight);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_int (b, "read_percent", spec->read_percent);
  add_int (b, "random_percent", spec->random_percent);
  add_int (b, "align_bytes", spec->align_bytes);
  add_int (b, "queue_depth", spec->queue_depth);
  add_int (b, "workers", spec->workers);
  add_u64 (b, "ramp_ns", spec->ramp_ns);
  add_u64 (b, "duration_ns", spec->duration_ns);
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_pattern (b, "data", &spec->data);
  add_seed (b, "seed", spec->seed);
  json_builder_end_object (b);
  add_bool (b, "cancelled", r->cancelled);

  json_builder_set_member_name (b, "workers");
  json_builder_begin_array (b);
  for (guint i = 0; r->workers != NULL && i < r->workers->len; i++)
    {
      json_builder_begin_object (b);
      build_workload_stats (b, &g_array_index (r->workers, SsdbWorkloadStats, i), spec->n_size_mix);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "total");
  json_builder_begin_object (b);
  build_workload_stats (b, &r->total, spec->n_size_mix);
  json_builder_end_object (b);
  build_latency_summary (b, "latency_histogram_ns", &r->latency);
  build_buckets (b, "latency_buckets", &r->latency);
  add_string (b, "fio_command", r->fio_command);
  json_builder_end_object (b);
}

static void
build_recovery_test (JsonBuilder *b, const SsdbRecoveryResult *r)
{
  const SsdbRecoverySpec *spec = &r->spec;
  const SsdbFillAnalysis *a = &r->first;

  json_builder_begin_object (b);
  add_string (b, "kind", "recovery");
  add_u64 (b, "write_bytes", spec->write_bytes);
  add_u64 (b, "span_offset", spec->span_offset);
  add_int (b, "block_size", spec->block_size);
  add_int (b, "queue_depth", spec->queue_depth);
  add_u64 (b, "segment_bytes", spec->segment_bytes);
  add_u64 (b, "interval_ns", spec->interval_ns);
  json_builder_set_member_name (b, "pauses_ns");
  json_builder_begin_array (b);
  for (guint i = 0; i < MIN (spec->n_pauses, SSDB_RECOVERY_MAX_PAUSES); i++)
    json_builder_add_int_value (b, (gint64)MIN (spec->pauses_ns[i], (guint64)G_MAXINT64));
  json_builder_end_array (b);
  add_seed (b, "seed", spec->seed);
  add_bool (b, "cancelled", r->cancelled);

  json_builder_set_member_name (b, "writes");
  json_builder_begin_array (b);
  for (guint i = 0; r->writes != NULL && i < r->writes->len; i++)
    {
      const SsdbRecoveryWrite *w = &g_array_index (r->writes, SsdbRecoveryWrite, i);

      json_builder_begin_object (b);
      add_u64 (b, "pause_ns", w->pause_ns);
      add_u64 (b, "bytes", w->bytes);
      add_u64 (b, "window_ns", w->window_ns);
      add_double (b, "bytes_per_second", w->bytes_per_second);
      add_bool (b, "complete", w->complete);
      add_u64 (b, "fast_bytes", w->fast_bytes);
      add_double (b, "restored_percent", w->restored_percent);
      build_fill_points (b, "segments", w->segments);
      build_fill_points (b, "intervals", w->intervals);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "analysis");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "phases");
  json_builder_begin_array (b);
  for (guint i = 0; a->phases != NULL && i < a->phases->len; i++)
    {
      const SsdbFillPhase *ph = &g_array_index (a->phases, SsdbFillPhase, i);

      json_builder_begin_object (b);
      add_u64 (b, "start_bytes", ph->start_bytes);
      add_u64 (b, "end_bytes", ph->end_bytes);
      add_double (b, "bytes_per_second", ph->bytes_per_second);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_u64 (b, "cache_bytes", a->cache_bytes);
  add_double (b, "in_cache_bytes_per_second", a->in_cache_bytes_per_second);
  add_double (b, "post_cache_bytes_per_second", a->post_cache_bytes_per_second);
  add_string (b, "words", a->words);
  json_builder_end_object (b);

  add_double (b, "fast_bytes_per_second", r->fast_bytes_per_second);
  add_double (b, "slow_bytes_per_second", r->slow_bytes_per_second);
  add_double (b, "threshold_bytes_per_second", r->threshold_bytes_per_second);
  add_string (b, "words", r->words);
  json_builder_end_object (b);
}

static void
build_consistency_test (JsonBuilder *b, const SsdbConsistencyResult *r)
{
  const SsdbConsistencySpec *spec = &r->spec;
  const SsdbSteadyState *st = &r->steady;

  json_builder_begin_object (b);
  add_string (b, "kind", "consistency");
  add_int (b, "block_size", spec->block_size);
  add_int (b, "queue_depth", spec->queue_depth);
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_u64 (b, "duration_ns", spec->duration_ns);
  add_u64 (b, "round_ns", spec->round_ns);
  add_int (b, "tail_percent", spec->tail_percent);
  add_pattern (b, "data", &spec->data);
  add_seed (b, "seed", spec->seed);
  add_int (b, "precondition_passes", spec->precondition_passes);
  add_bool (b, "cancelled", r->cancelled);
  add_u64 (b, "precondition_bytes", r->precondition_bytes);
  add_u64 (b, "precondition_ns", r->precondition_ns);
  add_u64 (b, "ios", r->ios);
  add_u64 (b, "bytes", r->bytes);
  add_u64 (b, "window_ns", r->window_ns);
  add_double (b, "iops", r->iops);

  json_builder_set_member_name (b, "rounds");
  json_builder_begin_array (b);
  for (guint i = 0; r->rounds != NULL && i < r->rounds->len; i++)
    {
      const SsdbConsistencyRound *rd = &g_array_index (r->rounds, SsdbConsistencyRound, i);

      json_builder_begin_object (b);
      add_u64 (b, "elapsed_ns", rd->elapsed_ns);
      add_u64 (b, "ios", rd->ios);
      add_double (b, "iops", rd->iops);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "steady_state");
  json_builder_begin_object (b);
  add_bool (b, "reached", st->reached);
  add_int (b, "round", st->round);
  add_int (b, "first_round", st->first_round);
  add_double (b, "mean_iops", st->mean);
  add_double (b, "range_iops", st->range);
  add_double (b, "slope_iops_per_round", st->slope);
  add_double (b, "fit_excursion_iops", st->fit_excursion);
  json_builder_end_object (b);

  json_builder_set_member_name (b, "tail");
  json_builder_begin_object (b);
  add_int (b, "rounds", r->tail_rounds);
  add_double (b, "mean_iops", r->tail_mean_iops);
  add_double (b, "sd_iops", r->tail_sd_iops);
  add_double (b, "mean_over_sd", r->tail_mean_over_sd);
  json_builder_end_object (b);
  add_string (b, "words", r->words);
  json_builder_end_object (b);
}

/* Compression, TRIM and free-space tests ------------------------------------------------------ */

static void
build_behaviour_summary (JsonBuilder *b, const SsdbSummarySpec *s, guint test_mask)
{
  json_builder_set_member_name (b, "summary");
  json_builder_begin_object (b);
  add_string (b, "profile", enum_name (profile_names, G_N_ELEMENTS (profile_names), s->profile));
  add_u64 (b, "size", s->size);
  add_int (b, "count", s->count);
  add_u64 (b, "duration_ns", s->duration_ns);
  add_u64 (b, "interval_ns", s->interval_ns);
  add_bool (b, "do_read", s->do_read);
  add_bool (b, "do_write", s->do_write);
  add_bool (b, "do_mix", s->do_mix);
  add_int (b, "mix_read_percent", s->mix_read_percent);
  add_pattern (b, "data", &s->data);
  add_string (b, "aggregate",
              enum_name (aggregate_names, G_N_ELEMENTS (aggregate_names), s->aggregate));
  add_bool (b, "warmup", s->warmup);
  add_seed (b, "seed", s->seed);
  add_int (b, "test_mask", test_mask);
  json_builder_end_object (b);
}

static void
build_compression_test (JsonBuilder *b, const SsdbCompressionResult *r)
{
  const SsdbCompressionSpec *spec = &r->spec;

  json_builder_begin_object (b);
  add_string (b, "kind", "compression");
  add_int (b, "block_size", spec->block_size);
  add_int (b, "queue_depth", spec->queue_depth);
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_bool (b, "include_zero", spec->include_zero);
  add_int (b, "passes", spec->passes);
  add_seed (b, "seed", spec->seed);
  add_bool (b, "cancelled", r->cancelled);
  json_builder_set_member_name (b, "levels");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->points->len; i++)
    {
      const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, i);

      json_builder_begin_object (b);
      add_pattern (b, "data", &p->data);
      add_u64 (b, "write_bytes", p->write_bytes);
      add_u64 (b, "write_window_ns", p->write_window_ns);
      add_double (b, "write_bytes_per_second", p->write_bytes_per_second);
      add_u64 (b, "read_bytes", p->read_bytes);
      add_u64 (b, "read_window_ns", p->read_window_ns);
      add_double (b, "read_bytes_per_second", p->read_bytes_per_second);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_double (b, "write_ratio", r->write_ratio);
  add_double (b, "zero_write_ratio", r->zero_write_ratio);
  add_double (b, "read_ratio", r->read_ratio);
  add_bool (b, "compresses", r->compresses);
  add_string (b, "words", r->words);
  json_builder_end_object (b);
}

static void
build_test_rate_fields (JsonBuilder *b, const char *name, SsdbRw rw)
{
  add_string (b, "name", name);
  add_string (b, "rw", enum_name (rw_names, G_N_ELEMENTS (rw_names), rw));
}

static void
build_trim_test (JsonBuilder *b, const SsdbTrimResult *r)
{
  const SsdbTrimSpec *spec = &r->spec;

  json_builder_begin_object (b);
  add_string (b, "kind", "trim");
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_int (b, "rounds", spec->rounds);
  add_bool (b, "discard", spec->discard);
  build_behaviour_summary (b, &spec->summary, spec->test_mask);
  add_seed (b, "seed", spec->seed);
  add_bool (b, "cancelled", r->cancelled);
  json_builder_set_member_name (b, "round_results");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->rounds->len; i++)
    {
      const SsdbTrimRound *rd = &g_array_index (r->rounds, SsdbTrimRound, i);

      json_builder_begin_object (b);
      add_u64 (b, "fill_bytes", rd->fill_bytes);
      add_u64 (b, "fill_ns", rd->fill_ns);
      add_double (b, "fill_bytes_per_second", rd->fill_bytes_per_second);
      add_u64 (b, "deleted_bytes", rd->deleted_bytes);
      add_u64 (b, "delete_ns", rd->delete_ns);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "results");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->tests->len; i++)
    {
      const SsdbTrimTest *t = &g_array_index (r->tests, SsdbTrimTest, i);

      json_builder_begin_object (b);
      build_test_rate_fields (b, t->name, t->rw);
      add_double (b, "before_bytes_per_second", t->before_bytes_per_second);
      add_double (b, "after_bytes_per_second", t->after_bytes_per_second);
      add_double (b, "retention_percent", t->retention_percent);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_double (b, "min_retention_percent", r->min_retention_percent);
  add_string (b, "words", r->words);
  json_builder_end_object (b);
}

static void
build_freespace_test (JsonBuilder *b, const SsdbFreespaceResult *r)
{
  const SsdbFreespaceSpec *spec = &r->spec;

  json_builder_begin_object (b);
  add_string (b, "kind", "freespace");
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_int (b, "step_percent", spec->step_percent);
  build_behaviour_summary (b, &spec->summary, spec->test_mask);
  add_seed (b, "seed", spec->seed);
  add_bool (b, "cancelled", r->cancelled);
  json_builder_set_member_name (b, "steps");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->steps->len; i++)
    {
      const SsdbFreespaceStep *s = &g_array_index (r->steps, SsdbFreespaceStep, i);

      json_builder_begin_object (b);
      add_int (b, "used_percent", s->used_percent);
      add_u64 (b, "used_bytes", s->used_bytes);
      add_u64 (b, "fill_bytes", s->fill_bytes);
      add_u64 (b, "fill_ns", s->fill_ns);
      add_u64 (b, "device_write_bytes", s->device_write_bytes);
      add_bool (b, "counters_valid", s->counters_valid);
      json_builder_set_member_name (b, "rates");
      json_builder_begin_array (b);
      for (guint j = 0; s->rates != NULL && j < s->rates->len; j++)
        {
          const SsdbTestRate *t = &g_array_index (s->rates, SsdbTestRate, j);

          json_builder_begin_object (b);
          build_test_rate_fields (b, t->name, t->rw);
          add_double (b, "bytes_per_second", t->bytes_per_second);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_string (b, "words", r->words);
  json_builder_end_object (b);
}

static void
build_readback_passes (JsonBuilder *b, guint pass, const SsdbFillResult *fill)
{
  for (guint i = 0; fill != NULL && i < fill->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (fill->passes, i);

      json_builder_begin_object (b);
      add_int (b, "pass", pass);
      add_string (b, "rw", enum_name (fill_rw_names, G_N_ELEMENTS (fill_rw_names), p->rw));
      add_u64 (b, "bytes", p->bytes);
      add_u64 (b, "window_ns", p->window_ns);
      add_double (b, "bytes_per_second", p->bytes_per_second);
      add_bool (b, "complete", p->complete);
      json_builder_end_object (b);
    }
}

static void
build_readback_test (JsonBuilder *b, const SsdbReadbackResult *r)
{
  const SsdbFillSpec *spec = &r->spec;

  json_builder_begin_object (b);
  add_string (b, "kind", "readback");
  add_int (b, "block_size", spec->block_size);
  add_int (b, "queue_depth", spec->queue_depth);
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_seed (b, "seed", spec->seed);
  add_bool (b, "cancelled", r->cancelled);
  json_builder_set_member_name (b, "passes");
  json_builder_begin_array (b);
  build_readback_passes (b, 1, r->first);
  build_readback_passes (b, 2, r->second);
  json_builder_end_array (b);
  add_double (b, "first_read_bytes_per_second", r->first_read_bytes_per_second);
  add_double (b, "second_read_bytes_per_second", r->second_read_bytes_per_second);
  add_double (b, "difference_percent", r->difference_percent);
  add_string (b, "words", r->words);
  json_builder_end_object (b);
}

JsonNode *
ssdb_report_to_json (const SsdbReport *report)
{
  g_autoptr (JsonBuilder) b = NULL;

  g_return_val_if_fail (report != NULL, NULL);

  b = json_builder_new ();
  json_builder_begin_object (b);
  add_string (b, "format", SSDB_REPORT_FORMAT_NAME);
  add_int (b, "format_version", SSDB_REPORT_FORMAT_VERSION);
  add_string (b, "tool_version", report->tool_version != NULL ? report->tool_version : "");
  add_string (b, "created", report->created != NULL ? report->created : "");
  add_int (b, "created_unix", report->created_unix);
  add_string (b, "host", report->host != NULL ? report->host : "");

  json_builder_set_member_name (b, "kernel");
  json_builder_begin_object (b);
  add_string (b, "release", report->kernel_release != NULL ? report->kernel_release : "");
  add_string (b, "machine", report->kernel_machine != NULL ? report->kernel_machine : "");
  json_builder_end_object (b);

  build_target (b, report);

  if (report->summary != NULL)
    build_summary_settings (b, report->summary);
  else
    {
      json_builder_set_member_name (b, "summary");
      json_builder_add_null_value (b);
    }

  json_builder_set_member_name (b, "tests");
  json_builder_begin_array (b);
  if (report->summary != NULL && report->summary->entries != NULL)
    for (guint i = 0; i < report->summary->entries->len; i++)
      build_summary_test (b, g_ptr_array_index (report->summary->entries, i));
  if (report->surface != NULL)
    build_surface_test (b, report->surface);
  if (report->fill != NULL)
    build_fill_test (b, report->fill);
  if (report->access != NULL)
    build_access_test (b, report->access);
  if (report->sweep != NULL)
    build_sweep_test (b, report->sweep);
  if (report->workload != NULL)
    build_workload_test (b, report->workload);
  if (report->recovery != NULL)
    build_recovery_test (b, report->recovery);
  if (report->consistency != NULL)
    build_consistency_test (b, report->consistency);
  if (report->compression != NULL)
    build_compression_test (b, report->compression);
  if (report->trim != NULL)
    build_trim_test (b, report->trim);
  if (report->freespace != NULL)
    build_freespace_test (b, report->freespace);
  if (report->readback != NULL)
    build_readback_test (b, report->readback);
  json_builder_end_array (b);

  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
ssdb_report_to_data (const SsdbReport *report, gsize *length)
{
  g_autoptr (JsonGenerator) generator = NULL;
  g_autoptr (JsonNode) root = NULL;
  GString *text;

  g_return_val_if_fail (report != NULL, NULL);

  root = ssdb_report_to_json (report);
  generator = json_generator_new ();
  json_generator_set_pretty (generator, TRUE);
  json_generator_set_indent (generator, 2);
  json_generator_set_indent_char (generator, ' ');
  json_generator_set_root (generator, root);

  text = g_string_new (NULL);
  json_generator_to_gstring (generator, text);
  g_string_append_c (text, '\n');
  if (length != NULL)
    *length = text->len;
  return g_string_free (text, FALSE);
}

static SsdbError
file_error_to_ssdb (GError *error)
{
  if (error->domain != G_FILE_ERROR)
    return SSDB_ERROR_FAILED;
  switch (error->code)
    {
      case G_FILE_ERROR_NOENT:
      case G_FILE_ERROR_NOTDIR:
        return SSDB_ERROR_NOT_FOUND;
      case G_FILE_ERROR_ACCES:
      case G_FILE_ERROR_PERM:
      case G_FILE_ERROR_ROFS:
        return SSDB_ERROR_PERMISSION;
      case G_FILE_ERROR_NOSPC:
        return SSDB_ERROR_NO_SPACE;
      default:
        return SSDB_ERROR_FAILED;
    }
}

gboolean
ssdb_report_save (const SsdbReport *report, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autoptr (GError) local_error = NULL;
  gsize length = 0;

  g_return_val_if_fail (report != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!ssdb_check_output_file (path, error))
    return FALSE;
  data = ssdb_report_to_data (report, &length);
  if (!g_file_set_contents_full (path, data, (gssize)length, G_FILE_SET_CONTENTS_CONSISTENT, 0644,
                                 &local_error))
    {
      g_set_error (error, SSDB_ERROR, file_error_to_ssdb (local_error),
                   "%s: cannot save the report: %s", path, local_error->message);
      return FALSE;
    }
  return TRUE;
}

JsonNode *
ssdb_report_summary_to_json (const SsdbTargetInfo *target, const SsdbSummaryResult *summary)
{
  g_autoptr (SsdbReport) report = NULL;

  g_return_val_if_fail (target != NULL, NULL);

  report = ssdb_report_new (target, summary);
  return ssdb_report_to_json (report);
}

char *
ssdb_report_summary_to_data (const SsdbTargetInfo *target, const SsdbSummaryResult *summary,
                             gsize *length)
{
  g_autoptr (SsdbReport) report = NULL;

  g_return_val_if_fail (target != NULL, NULL);

  report = ssdb_report_new (target, summary);
  return ssdb_report_to_data (report, length);
}

/* -------------------------------------------------------------------------------------------- */
/* Strict syntax check                                                                           */

/*
 * Before json-glib builds a tree, the text is checked against RFC 8259 by this scanner, which
 * also bounds what the tree may cost. json-glib 1.6 alone accepts comments, single quotes, hex
 * and out-of-range integers (silently wrapped), duplicate member names (the last one wins) and
 * text after the document; it turns a lone \uD800 into invalid UTF-8 and recurses once per
 * nesting level (a stack overflow on hostile input). The scanner refuses all of that, saying
 * where, and never reads past the end of the text.
 */

typedef struct
{
  const char *name;
  const char *start;
  const char *p;
  const char *end;
  guint depth;
  guint n_values;
  const char *open[SSDB_REPORT_MAX_DEPTH];
} Scan;

static gboolean
scan_fail (Scan *s, const char *pos, GError **error, const char *format, ...) G_GNUC_PRINTF (4, 5);

static void
text_position (const char *start, const char *pos, guint *line, guint *column)
{
  const char *line_start = start;

  *line = 1;
  for (const char *q = start; q < pos; q++)
    if (*q == '\n')
      {
        (*line)++;
        line_start = q + 1;
      }
  /* Everything before @pos is valid UTF-8 without NUL bytes. */
  *column = 1 + (guint)g_utf8_strlen (line_start, pos - line_start);
}

static gboolean
scan_fail (Scan *s, const char *pos, GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;
  guint line, column;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  text_position (s->start, pos, &line, &column);
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s:%u:%u: %s", s->name, line, column,
               message);
  return FALSE;
}

static gboolean
scan_truncated (Scan *s, GError **error)
{
  guint line, column;

  if (s->depth == 0)
    return scan_fail (s, s->end, error, "truncated JSON: the text ends before its value does");
  text_position (s->start, s->open[s->depth - 1], &line, &column);
  return scan_fail (s, s->end, error,
                    "truncated JSON: the text ends inside the %s that starts at line %u, "
                    "column %u",
                    *s->open[s->depth - 1] == '{' ? "object" : "array", line, column);
}

static gboolean
scan_unexpected (Scan *s, GError **error, const char *expected)
{
  gunichar c = g_utf8_get_char (s->p);

  if (c > 0x20 && c < 0x7f)
    return scan_fail (s, s->p, error, "malformed JSON: unexpected character ‘%c’, expected %s",
                      (char)c, expected);
  return scan_fail (s, s->p, error, "malformed JSON: unexpected character U+%04X, expected %s",
                    (guint)c, expected);
}

static void
scan_skip_space (Scan *s)
{
  while (s->p < s->end && (*s->p == ' ' || *s->p == '\n' || *s->p == '\r' || *s->p == '\t'))
    s->p++;
}

static int
hex_value (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

/* Reads "\uXXXX" at s->p (the backslash). Returns 1 with the code unit, 0 when the text ends,
 * -1 when malformed. */
static int
scan_u_escape (Scan *s, guint *unit)
{
  guint v = 0;

  if (s->end - s->p < 2)
    return 0;
  if (s->p[0] != '\\' || s->p[1] != 'u')
    return -1;
  for (guint i = 2; i < 6; i++)
    {
      int h;

      if (s->p + i >= s->end)
        return 0;
      h = hex_value (s->p[i]);
      if (h < 0)
        return -1;
      v = v * 16 + (guint)h;
    }
  s->p += 6;
  *unit = v;
  return 1;
}

static gboolean
scan_string (Scan *s, GError **error)
{
  const char *open = s->p;
  guint line, column;

  s->p++;
  for (;;)
    {
      guchar c;

      if (s->p >= s->end)
        goto truncated;
      c = (guchar)*s->p;
      if (c == '"')
        {
          s->p++;
          return TRUE;
        }
      if (c < 0x20)
        return scan_fail (s, s->p, error,
                          "malformed JSON: control character U+%04X in a string (it must be "
                          "written as an escape)",
                          c);
      if (c != '\\')
        {
          s->p++;
          continue;
        }

      if (s->p + 1 >= s->end)
        goto truncated;
      switch (s->p[1])
        {
          case '"':
          case '\\':
          case '/':
          case 'b':
          case 'f':
          case 'n':
          case 'r':
          case 't':
            s->p += 2;
            break;
          case 'u':
            {
              const char *escape = s->p;
              guint unit, low;
              int r = scan_u_escape (s, &unit);

              if (r == 0)
                goto truncated;
              if (r < 0)
                return scan_fail (s, escape, error,
                                  "malformed JSON: \\u must be followed by four hex digits");
              if (unit == 0)
                return scan_fail (s, escape, error, "malformed JSON: \\u0000 is not allowed");
              if (unit >= 0xdc00 && unit <= 0xdfff)
                return scan_fail (s, escape, error,
                                  "malformed JSON: \\u%04x is half of a surrogate pair", unit);
              if (unit >= 0xd800 && unit <= 0xdbff)
                {
                  r = scan_u_escape (s, &low);
                  if (r == 0)
                    goto truncated;
                  if (r < 0 || low < 0xdc00 || low > 0xdfff)
                    return scan_fail (s, escape, error,
                                      "malformed JSON: \\u%04x is half of a surrogate pair", unit);
                }
            }
            break;
          default:
            return scan_fail (s, s->p, error, "malformed JSON: invalid escape in a string");
        }
    }

truncated:
  text_position (s->start, open, &line, &column);
  return scan_fail (s, s->end, error,
                    "truncated JSON: the text ends inside the string that starts at line %u, "
                    "column %u",
                    line, column);
}

static gboolean
is_digit (Scan *s, const char *q)
{
  return q < s->end && *q >= '0' && *q <= '9';
}

static gboolean
scan_number (Scan *s, GError **error)
{
  const char *q = s->p;
  gboolean is_float = FALSE;
  char text[MAX_NUMBER_TEXT + 1];
  gsize length;

  if (*q == '-')
    q++;
  if (q >= s->end)
    return scan_truncated (s, error);
  if (*q == '0')
    q++;
  else if (is_digit (s, q))
    while (is_digit (s, q))
      q++;
  else
    return scan_fail (s, s->p, error, "malformed JSON: invalid number");

  if (q < s->end && *q == '.')
    {
      is_float = TRUE;
      q++;
      if (q >= s->end)
        return scan_truncated (s, error);
      if (!is_digit (s, q))
        return scan_fail (s, s->p, error, "malformed JSON: invalid number");
      while (is_digit (s, q))
        q++;
    }
  if (q < s->end && (*q == 'e' || *q == 'E'))
    {
      is_float = TRUE;
      q++;
      if (q < s->end && (*q == '+' || *q == '-'))
        q++;
      if (q >= s->end)
        return scan_truncated (s, error);
      if (!is_digit (s, q))
        return scan_fail (s, s->p, error, "malformed JSON: invalid number");
      while (is_digit (s, q))
        q++;
    }
  if (q < s->end)
    switch (*q)
      {
        case ' ':
        case '\t':
        case '\r':
        case '\n':
        case ',':
        case ']':
        case '}':
          break;
        default:
          return scan_fail (s, s->p, error, "malformed JSON: invalid number");
      }

  length = (gsize)(q - s->p);
  if (length > MAX_NUMBER_TEXT)
    return scan_fail (s, s->p, error, "malformed JSON: number longer than %u characters",
                      MAX_NUMBER_TEXT);
  memcpy (text, s->p, length);
  text[length] = '\0';

  errno = 0;
  if (!is_float)
    {
      g_ascii_strtoll (text, NULL, 10);
      if (errno == ERANGE)
        return scan_fail (s, s->p, error,
                          "integer %s is out of range (%" G_GINT64_FORMAT "..%" G_GINT64_FORMAT ")",
                          text, G_MININT64, G_MAXINT64);
    }
  else
    {
      if (!isfinite (g_ascii_strtod (text, NULL)))
        return scan_fail (s, s->p, error, "number %s is out of range", text);
    }
  s->p = q;
  return TRUE;
}

static gboolean
scan_literal (Scan *s, const char *word, GError **error)
{
  gsize n = strlen (word);
  gsize avail = (gsize)(s->end - s->p);

  if (avail < n && memcmp (s->p, word, avail) == 0)
    return scan_truncated (s, error);
  if (avail < n || memcmp (s->p, word, n) != 0)
    return scan_unexpected (s, error, "a value");
  if (avail > n && (g_ascii_isalnum (s->p[n]) || s->p[n] == '_'))
    return scan_fail (s, s->p, error, "malformed JSON: invalid literal");
  s->p += n;
  return TRUE;
}

static gboolean
scan_value (Scan *s, GError **error);

static gboolean
scan_open (Scan *s, GError **error)
{
  if (s->depth >= SSDB_REPORT_MAX_DEPTH)
    return scan_fail (s, s->p, error, "malformed JSON: nested deeper than %u levels",
                      SSDB_REPORT_MAX_DEPTH);
  s->open[s->depth++] = s->p;
  s->p++;
  return TRUE;
}

static gboolean
scan_object (Scan *s, GError **error)
{
  g_autoptr (GHashTable) keys = NULL;

  if (!scan_open (s, error))
    return FALSE;
  scan_skip_space (s);
  if (s->p >= s->end)
    return scan_truncated (s, error);
  if (*s->p == '}')
    {
      s->p++;
      s->depth--;
      return TRUE;
    }

  keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (;;)
    {
      const char *key_start;

      scan_skip_space (s);
      if (s->p >= s->end)
        return scan_truncated (s, error);
      if (*s->p != '"')
        return scan_unexpected (s, error, "a member name in double quotes");
      key_start = s->p;
      if (!scan_string (s, error))
        return FALSE;
      if (!g_hash_table_add (keys, g_strndup (key_start + 1, (gsize)(s->p - key_start - 2))))
        return scan_fail (s, key_start, error, "malformed JSON: duplicate member name");

      scan_skip_space (s);
      if (s->p >= s->end)
        return scan_truncated (s, error);
      if (*s->p != ':')
        return scan_unexpected (s, error, "‘:’ after the member name");
      s->p++;
      if (!scan_value (s, error))
        return FALSE;

      scan_skip_space (s);
      if (s->p >= s->end)
        return scan_truncated (s, error);
      if (*s->p == '}')
        break;
      if (*s->p != ',')
        return scan_unexpected (s, error, "‘,’ or ‘}’");
      s->p++;
    }
  s->p++;
  s->depth--;
  return TRUE;
}

static gboolean
scan_array (Scan *s, GError **error)
{
  if (!scan_open (s, error))
    return FALSE;
  scan_skip_space (s);
  if (s->p >= s->end)
    return scan_truncated (s, error);
  if (*s->p == ']')
    {
      s->p++;
      s->depth--;
      return TRUE;
    }

  for (;;)
    {
      if (!scan_value (s, error))
        return FALSE;
      scan_skip_space (s);
      if (s->p >= s->end)
        return scan_truncated (s, error);
      if (*s->p == ']')
        break;
      if (*s->p != ',')
        return scan_unexpected (s, error, "‘,’ or ‘]’");
      s->p++;
    }
  s->p++;
  s->depth--;
  return TRUE;
}

static gboolean
scan_value (Scan *s, GError **error)
{
  scan_skip_space (s);
  if (s->p >= s->end)
    return scan_truncated (s, error);
  if (++s->n_values > SSDB_REPORT_MAX_VALUES)
    return scan_fail (s, s->p, error, "more than %u JSON values; not a report",
                      SSDB_REPORT_MAX_VALUES);

  switch (*s->p)
    {
      case '{':
        return scan_object (s, error);
      case '[':
        return scan_array (s, error);
      case '"':
        return scan_string (s, error);
      case 't':
        return scan_literal (s, "true", error);
      case 'f':
        return scan_literal (s, "false", error);
      case 'n':
        return scan_literal (s, "null", error);
      case '-':
      case '0':
      case '1':
      case '2':
      case '3':
      case '4':
      case '5':
      case '6':
      case '7':
      case '8':
      case '9':
        return scan_number (s, error);
      default:
        return scan_unexpected (s, error, "a value");
    }
}

/* Checks @text (NUL-terminated at @length) and parses it into a tree. */
static JsonNode *
parse_text (const char *text, gsize length, const char *name, GError **error)
{
  g_autoptr (JsonParser) parser = NULL;
  g_autoptr (GError) local_error = NULL;
  const char *bad = NULL;
  JsonNode *root;
  Scan s = { 0 };

  /* An initial byte order mark is allowed (RFC 8259, section 8.1) and skipped. */
  if (length >= 3 && memcmp (text, "\xef\xbb\xbf", 3) == 0)
    {
      text += 3;
      length -= 3;
    }

  s.name = name;
  s.start = text;
  s.p = text;
  s.end = text + length;

  if (!g_utf8_validate_len (text, length, &bad))
    {
      scan_fail (&s, bad, error, "%s; a report is UTF-8 JSON text",
                 *bad == '\0' ? "a NUL byte" : "not UTF-8 text");
      return NULL;
    }

  scan_skip_space (&s);
  if (s.p >= s.end)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s: empty file; it is not a report",
                   name);
      return NULL;
    }
  if (!scan_value (&s, error))
    return NULL;
  scan_skip_space (&s);
  if (s.p < s.end)
    {
      scan_fail (&s, s.p, error, "malformed JSON: text after the end of the document");
      return NULL;
    }

  parser = json_parser_new ();
  if (!json_parser_load_from_data (parser, text, (gssize)length, &local_error))
    {
      const char *message = local_error->message;

      if (g_str_has_prefix (message, "<data>:"))
        message += strlen ("<data>:");
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s:%s", name, message);
      return NULL;
    }

  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s: empty file; it is not a report",
                   name);
      return NULL;
    }
  return json_node_ref (root);
}

/* -------------------------------------------------------------------------------------------- */
/* Loading                                                                                       */

typedef struct
{
  const char *name; /* what errors call the file */
  GString *path;    /* the member being read: "tests[2].latency_ns.p99" */
} Loader;

static gboolean
load_fail (Loader *l, GError **error, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
load_fail (Loader *l, GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);

  if (l->path->len > 0)
    g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s: %s: %s", l->name, l->path->str,
                 message);
  else
    g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s: %s", l->name, message);
  return FALSE;
}

static gsize
path_push_member (Loader *l, const char *key)
{
  gsize mark = l->path->len;

  if (mark > 0)
    g_string_append_c (l->path, '.');
  g_string_append (l->path, key);
  return mark;
}

static gsize
path_push_index (Loader *l, guint index)
{
  gsize mark = l->path->len;

  g_string_append_printf (l->path, "[%u]", index);
  return mark;
}

static void
path_pop (Loader *l, gsize mark)
{
  g_string_truncate (l->path, mark);
}

static const char *
describe_node (JsonNode *node)
{
  switch (JSON_NODE_TYPE (node))
    {
      case JSON_NODE_OBJECT:
        return "an object";
      case JSON_NODE_ARRAY:
        return "an array";
      case JSON_NODE_NULL:
        return "null";
      case JSON_NODE_VALUE:
        switch (json_node_get_value_type (node))
          {
            case G_TYPE_INT64:
              return "an integer";
            case G_TYPE_DOUBLE:
              return "a number with a fraction or an exponent";
            case G_TYPE_BOOLEAN:
              return json_node_get_boolean (node) ? "true" : "false";
            case G_TYPE_STRING:
              return "a string";
            default:
              break;
          }
        break;
      default:
        break;
    }
  return "an unknown value";
}

static gboolean
node_has_type (JsonNode *node, GType type)
{
  return JSON_NODE_HOLDS_VALUE (node) && json_node_get_value_type (node) == type;
}

/* Looks up @key in @object and pushes it on the path (pop with path_pop (l, *mark)). */
static JsonNode *
member (Loader *l, JsonObject *object, const char *key, gsize *mark, GError **error)
{
  JsonNode *node;

  *mark = path_push_member (l, key);
  node = json_object_get_member (object, key);
  if (node == NULL)
    load_fail (l, error, "missing");
  return node;
}

static gboolean
check_int (Loader *l, JsonNode *node, gint64 min, gint64 max, gint64 *out, GError **error)
{
  gint64 v;

  if (!node_has_type (node, G_TYPE_INT64))
    return load_fail (l, error, "expected an integer, found %s", describe_node (node));
  v = json_node_get_int (node);
  if (v < 0 && min >= 0)
    return load_fail (l, error, "must not be negative (%" G_GINT64_FORMAT ")", v);
  if (v < min || v > max)
    return load_fail (l, error,
                      "%" G_GINT64_FORMAT " is out of range (%" G_GINT64_FORMAT
                      "..%" G_GINT64_FORMAT ")",
                      v, min, max);
  *out = v;
  return TRUE;
}

static gboolean
read_int (Loader *l, JsonObject *object, const char *key, gint64 min, gint64 max, gint64 *out,
          GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);

  if (node == NULL || !check_int (l, node, min, max, out, error))
    return FALSE;
  path_pop (l, mark);
  return TRUE;
}

static gboolean
read_u64 (Loader *l, JsonObject *object, const char *key, guint64 max, guint64 *out, GError **error)
{
  gint64 v;

  if (!read_int (l, object, key, 0, (gint64)MIN (max, (guint64)G_MAXINT64), &v, error))
    return FALSE;
  *out = (guint64)v;
  return TRUE;
}

static gboolean
read_uint (Loader *l, JsonObject *object, const char *key, guint min, guint max, guint *out,
           GError **error)
{
  gint64 v;

  if (!read_int (l, object, key, min, max, &v, error))
    return FALSE;
  *out = (guint)v;
  return TRUE;
}

/* 0, or a power of two up to 1 MiB: block sizes and alignments. */
static gboolean
read_alignment (Loader *l, JsonObject *object, const char *key, guint *out, GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);
  gint64 v;

  if (node == NULL || !check_int (l, node, 0, MAX_BLOCK_ALIGN, &v, error))
    return FALSE;
  if ((v & (v - 1)) != 0)
    return load_fail (l, error, "%" G_GINT64_FORMAT " is not 0 or a power of two", v);
  *out = (guint)v;
  path_pop (l, mark);
  return TRUE;
}

static gboolean
read_number (Loader *l, JsonObject *object, const char *key, double max, double *out,
             GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);
  double v;

  if (node == NULL)
    return FALSE;
  if (node_has_type (node, G_TYPE_INT64))
    v = (double)json_node_get_int (node);
  else if (node_has_type (node, G_TYPE_DOUBLE))
    v = json_node_get_double (node);
  else
    return load_fail (l, error, "expected a number, found %s", describe_node (node));

  if (!isfinite (v) || v < 0.0 || v > max)
    {
      char value[G_ASCII_DTOSTR_BUF_SIZE], limit[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (value, sizeof value, "%.6g", v);
      if (v < 0.0)
        return load_fail (l, error, "must not be negative (%s)", value);
      g_ascii_formatd (limit, sizeof limit, "%.6g", max);
      return load_fail (l, error, "%s is out of range (0..%s)", value, limit);
    }
  *out = v;
  path_pop (l, mark);
  return TRUE;
}

static gboolean
read_bool (Loader *l, JsonObject *object, const char *key, gboolean *out, GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);

  if (node == NULL)
    return FALSE;
  if (!node_has_type (node, G_TYPE_BOOLEAN))
    return load_fail (l, error, "expected true or false, found %s", describe_node (node));
  *out = json_node_get_boolean (node);
  path_pop (l, mark);
  return TRUE;
}

/* A string (a copy in *out), or null when @nullable. */
static gboolean
read_string (Loader *l, JsonObject *object, const char *key, gboolean nullable, char **out,
             GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);

  if (node == NULL)
    return FALSE;
  if (nullable && JSON_NODE_HOLDS_NULL (node))
    *out = NULL;
  else if (node_has_type (node, G_TYPE_STRING))
    *out = g_strdup (json_node_get_string (node));
  else
    return load_fail (l, error, "expected %s, found %s", nullable ? "a string or null" : "a string",
                      describe_node (node));
  path_pop (l, mark);
  return TRUE;
}

static gboolean
read_enum (Loader *l, JsonObject *object, const char *key, const char *const *names, guint n_names,
           guint *out, GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);
  g_autoptr (GString) expected = NULL;
  const char *text;

  if (node == NULL)
    return FALSE;
  if (!node_has_type (node, G_TYPE_STRING))
    return load_fail (l, error, "expected a string, found %s", describe_node (node));
  text = json_node_get_string (node);
  for (guint i = 0; i < n_names; i++)
    if (g_str_equal (text, names[i]))
      {
        *out = i;
        path_pop (l, mark);
        return TRUE;
      }

  expected = g_string_new (NULL);
  for (guint i = 0; i < n_names; i++)
    g_string_append_printf (expected, "%s“%s”", i == 0 ? "" : ", ", names[i]);
  return load_fail (l, error, "unknown value “%s” (expected %s)", text, expected->str);
}

static gboolean
read_seed (Loader *l, JsonObject *object, const char *key, guint64 *out, GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);
  const char *text;

  if (node == NULL)
    return FALSE;
  if (!node_has_type (node, G_TYPE_STRING))
    return load_fail (l, error, "expected a string of decimal digits, found %s",
                      describe_node (node));
  text = json_node_get_string (node);
  if (text[0] == '\0' || strspn (text, "0123456789") != strlen (text) || strlen (text) > 20
      || !g_ascii_string_to_unsigned (text, 10, 0, G_MAXUINT64, out, NULL))
    return load_fail (l, error, "“%s” is not a decimal number from 0 to %" G_GUINT64_FORMAT, text,
                      G_MAXUINT64);
  path_pop (l, mark);
  return TRUE;
}

static gboolean
read_pattern (Loader *l, JsonObject *object, const char *key, SsdbDataPattern *out, GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);

  if (node == NULL)
    return FALSE;
  if (!node_has_type (node, G_TYPE_STRING))
    return load_fail (l, error, "expected a string, found %s", describe_node (node));
  if (!pattern_from_string (json_node_get_string (node), out))
    return load_fail (l, error,
                      "unknown data pattern “%s” (expected “random”, “zero” or "
                      "“compressible-N” with N from 0 to 100)",
                      json_node_get_string (node));
  path_pop (l, mark);
  return TRUE;
}

/* The object at @key; the path keeps @key until path_pop (l, *mark). */
static JsonObject *
enter_object (Loader *l, JsonObject *object, const char *key, gsize *mark, GError **error)
{
  JsonNode *node = member (l, object, key, mark, error);

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      load_fail (l, error, "expected an object, found %s", describe_node (node));
      return NULL;
    }
  return json_node_get_object (node);
}

static JsonArray *
enter_array (Loader *l, JsonObject *object, const char *key, guint max_length, gsize *mark,
             GError **error)
{
  JsonNode *node = member (l, object, key, mark, error);
  JsonArray *array;

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_ARRAY (node))
    {
      load_fail (l, error, "expected an array, found %s", describe_node (node));
      return NULL;
    }
  array = json_node_get_array (node);
  if (json_array_get_length (array) > max_length)
    {
      load_fail (l, error, "%u elements, more than the %u allowed", json_array_get_length (array),
                 max_length);
      return NULL;
    }
  return array;
}

/* A histogram from its summary object (count, sum, min, max; the derived mean and percentiles
 * are checked for type only) and its non-zero buckets. */
static gboolean
load_histogram (Loader *l, JsonObject *object, const char *summary_key, const char *buckets_key,
                SsdbHistogram *h, GError **error)
{
  JsonObject *summary;
  JsonArray *buckets;
  gsize mark;
  guint64 count, sum, min, max, ignored_int, total = 0;
  double ignored_double;
  guint n, first = 0, last = 0;
  int previous = -1;

  ssdb_histogram_reset (h);

  if ((summary = enter_object (l, object, summary_key, &mark, error)) == NULL
      || !read_u64 (l, summary, "count", G_MAXINT64, &count, error)
      || !read_u64 (l, summary, "sum", G_MAXINT64, &sum, error)
      || !read_number (l, summary, "mean", G_MAXDOUBLE, &ignored_double, error)
      || !read_u64 (l, summary, "min", G_MAXINT64, &min, error)
      || !read_u64 (l, summary, "p50", G_MAXINT64, &ignored_int, error)
      || !read_u64 (l, summary, "p90", G_MAXINT64, &ignored_int, error)
      || !read_u64 (l, summary, "p99", G_MAXINT64, &ignored_int, error)
      || !read_u64 (l, summary, "p99_9", G_MAXINT64, &ignored_int, error)
      || !read_u64 (l, summary, "max", G_MAXINT64, &max, error))
    return FALSE;
  if (count == 0 && (sum != 0 || min != 0 || max != 0))
    return load_fail (l, error, "count is 0 but sum, min or max is not");
  if (min > max)
    return load_fail (l, error, "min %" G_GUINT64_FORMAT " is above max %" G_GUINT64_FORMAT, min,
                      max);
  if (count > 0
      && ((unsigned __int128)sum < (unsigned __int128)min * count
          || (unsigned __int128)sum > (unsigned __int128)max * count))
    return load_fail (l, error, "sum is outside count × min .. count × max");
  path_pop (l, mark);

  if ((buckets = enter_array (l, object, buckets_key, SSDB_HISTOGRAM_N_BUCKETS, &mark, error))
      == NULL)
    return FALSE;
  n = json_array_get_length (buckets);
  for (guint i = 0; i < n; i++)
    {
      JsonNode *pair = json_array_get_element (buckets, i);
      gsize item_mark = path_push_index (l, i);
      JsonArray *values;
      gint64 lower, bucket_count;
      guint index;

      if (!JSON_NODE_HOLDS_ARRAY (pair))
        return load_fail (l, error, "expected an array [lower_ns, count], found %s",
                          describe_node (pair));
      values = json_node_get_array (pair);
      if (json_array_get_length (values) != 2)
        return load_fail (l, error, "expected an array [lower_ns, count], found %u elements",
                          json_array_get_length (values));
      if (!check_int (l, json_array_get_element (values, 0), 0, G_MAXINT64, &lower, error)
          || !check_int (l, json_array_get_element (values, 1), 1, G_MAXINT64, &bucket_count,
                         error))
        return FALSE;
      index = ssdb_histogram_index ((guint64)lower);
      if (ssdb_histogram_bucket_lower (index) != (guint64)lower)
        return load_fail (l, error, "%" G_GINT64_FORMAT " ns is not the lower bound of a bucket",
                          lower);
      if ((int)index <= previous)
        return load_fail (l, error, "buckets must be in increasing order, each once");
      if (!g_uint64_checked_add (&total, total, (guint64)bucket_count))
        return load_fail (l, error, "the bucket counts overflow");
      if (previous < 0)
        first = index;
      last = index;
      previous = (int)index;
      h->buckets[index] = (guint64)bucket_count;
      path_pop (l, item_mark);
    }
  if (total != count)
    return load_fail (l, error,
                      "the bucket counts add up to %" G_GUINT64_FORMAT
                      ", but %s.count is %" G_GUINT64_FORMAT,
                      total, summary_key, count);
  if (count > 0 && (ssdb_histogram_index (min) != first || ssdb_histogram_index (max) != last))
    return load_fail (l, error, "%s.min and %s.max do not fall in the first and last buckets",
                      summary_key, summary_key);
  path_pop (l, mark);

  h->count = count;
  h->sum_ns = sum;
  if (count > 0)
    {
      h->min_ns = min;
      h->max_ns = max;
    }
  return TRUE;
}

static gboolean
load_io_result (Loader *l, JsonObject *object, SsdbRw rw, SsdbIoResult *io, GError **error)
{
  JsonObject *sub;
  gsize mark;

  memset (io, 0, sizeof *io);

  if (!read_number (l, object, "bytes_per_second", MAX_BYTES_PER_SECOND, &io->bytes_per_second,
                    error)
      || !read_number (l, object, "iops", MAX_IOPS, &io->iops, error)
      || !read_number (l, object, "mean_inflight", MAX_MEAN_INFLIGHT, &io->mean_inflight, error))
    return FALSE;

  if ((sub = enter_object (l, object, "cpu_ns", &mark, error)) == NULL
      || !read_u64 (l, sub, "user", G_MAXINT64, &io->cpu_user_ns, error)
      || !read_u64 (l, sub, "system", G_MAXINT64, &io->cpu_system_ns, error))
    return FALSE;
  path_pop (l, mark);

  if ((sub = enter_object (l, object, "device_bytes", &mark, error)) == NULL
      || !read_u64 (l, sub, "read", G_MAXINT64, &io->device_read_bytes, error)
      || !read_u64 (l, sub, "write", G_MAXINT64, &io->device_write_bytes, error)
      || !read_bool (l, sub, "counters_valid", &io->counters_valid, error)
      || !read_bool (l, sub, "reached_device", &io->reached_device, error))
    return FALSE;
  path_pop (l, mark);

  if (!read_u64 (l, object, "bytes", G_MAXINT64, &io->bytes, error)
      || !read_u64 (l, object, "ios", G_MAXINT64, &io->ios, error)
      || !read_u64 (l, object, "read_bytes", G_MAXINT64, &io->read_bytes, error)
      || !read_u64 (l, object, "read_ios", G_MAXINT64, &io->read_ios, error)
      || !read_u64 (l, object, "write_bytes", G_MAXINT64, &io->write_bytes, error)
      || !read_u64 (l, object, "write_ios", G_MAXINT64, &io->write_ios, error)
      || !read_u64 (l, object, "window_ns", MAX_WINDOW_NS, &io->window_ns, error)
      || !read_bool (l, object, "cancelled", &io->cancelled, error))
    return FALSE;

  if (!load_histogram (l, object, "latency_ns", "latency_buckets", &io->latency, error))
    return FALSE;
  switch (rw)
    {
      case SSDB_RW_MIX:
        if (!load_histogram (l, object, "read_latency_ns", "read_latency_buckets",
                             &io->read_latency, error)
            || !load_histogram (l, object, "write_latency_ns", "write_latency_buckets",
                                &io->write_latency, error))
          return FALSE;
        break;
      case SSDB_RW_READ:
        io->read_latency = io->latency;
        ssdb_histogram_reset (&io->write_latency);
        break;
      case SSDB_RW_WRITE:
      default:
        io->write_latency = io->latency;
        ssdb_histogram_reset (&io->read_latency);
        break;
    }
  return TRUE;
}

static gboolean
load_summary_test (Loader *l, JsonObject *object, guint max_passes, SsdbSummaryEntry *entry,
                   GError **error)
{
  g_autofree char *name = NULL;
  guint rw, state, access, n_passes;
  gsize mark;
  JsonArray *passes;
  JsonNode *node;

  if (!read_string (l, object, "name", FALSE, &name, error))
    return FALSE;
  if (name[0] == '\0' || strlen (name) > MAX_TEST_NAME)
    {
      path_push_member (l, "name");
      return load_fail (l, error, "must have 1 to %u bytes", MAX_TEST_NAME);
    }
  if (!read_enum (l, object, "rw", rw_names, G_N_ELEMENTS (rw_names), &rw, error)
      || !read_enum (l, object, "state", state_names, G_N_ELEMENTS (state_names), &state, error))
    return FALSE;
  entry->rw = rw;
  entry->state = state;

  node = json_object_get_member (object, "message");
  if (node != NULL && !read_string (l, object, "message", TRUE, &entry->message, error))
    return FALSE;

  if (!read_enum (l, object, "access", access_names, G_N_ELEMENTS (access_names), &access, error)
      || !read_uint (l, object, "block_size", 512, SSDB_MAX_BLOCK_SIZE, &entry->job.block_size,
                     error))
    return FALSE;
  if (entry->job.block_size % 512 != 0)
    {
      path_push_member (l, "block_size");
      return load_fail (l, error, "%u is not a multiple of 512", entry->job.block_size);
    }
  if (!read_uint (l, object, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &entry->job.queue_depth, error)
      || !read_uint (l, object, "threads", 1, SSDB_MAX_THREADS, &entry->job.threads, error)
      || !read_u64 (l, object, "offset", G_MAXINT64, &entry->job.offset, error)
      || !read_u64 (l, object, "length", G_MAXINT64 - entry->job.offset, &entry->job.length, error)
      || !read_u64 (l, object, "duration_ns", MAX_RUN_NS, &entry->job.duration_ns, error)
      || !read_u64 (l, object, "total_bytes", G_MAXINT64, &entry->job.total_bytes, error)
      || !read_uint (l, object, "read_percent", 0, 100, &entry->job.read_percent, error)
      || !read_pattern (l, object, "data", &entry->job.data, error)
      || !read_seed (l, object, "seed", &entry->job.seed, error)
      || !read_string (l, object, "fio_command", TRUE, &entry->fio_command, error))
    return FALSE;

  entry->job.rw = rw;
  entry->job.access = access;
  entry->job.sample_interval_ns = 0;
  entry->test.name = g_intern_string (name);
  entry->test.access = access;
  entry->test.block_size = entry->job.block_size;
  entry->test.queue_depth = entry->job.queue_depth;
  entry->test.threads = entry->job.threads;

  if (!load_io_result (l, object, rw, &entry->aggregate, error))
    return FALSE;

  if ((passes = enter_array (l, object, "passes", max_passes, &mark, error)) == NULL)
    return FALSE;
  n_passes = json_array_get_length (passes);
  g_array_set_size (entry->passes, n_passes);
  for (guint i = 0; i < n_passes; i++)
    {
      JsonNode *pass = json_array_get_element (passes, i);
      gsize pass_mark = path_push_index (l, i);

      if (!JSON_NODE_HOLDS_OBJECT (pass))
        return load_fail (l, error, "expected an object, found %s", describe_node (pass));
      if (!load_io_result (l, json_node_get_object (pass), rw,
                           &g_array_index (entry->passes, SsdbIoResult, i), error))
        return FALSE;
      path_pop (l, pass_mark);
    }
  path_pop (l, mark);
  return TRUE;
}

/* -------------------------------------------------------------------------------------------- */
/* Surface and fill tests                                                                        */

/* A stored mean against the one recomputed from the samples. */
static gboolean
mean_matches (double stored, double computed)
{
  return fabs (stored - computed) <= MEAN_TOLERANCE * MAX (fabs (computed), 1.0);
}

static gboolean
fail_mean (Loader *l, const char *key, double stored, double computed, const char *of,
           GError **error)
{
  char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];
  gsize mark = path_push_member (l, key);

  g_ascii_formatd (a, sizeof a, "%.17g", stored);
  g_ascii_formatd (b, sizeof b, "%.17g", computed);
  load_fail (l, error, "%s is not the mean of %s (%s)", a, of, b);
  path_pop (l, mark);
  return FALSE;
}

/* A transfer size: a multiple of 512 from 512 bytes to SSDB_MAX_BLOCK_SIZE. */
static gboolean
read_block_size (Loader *l, JsonObject *object, const char *key, guint *out, GError **error)
{
  if (!read_uint (l, object, key, 512, SSDB_MAX_BLOCK_SIZE, out, error))
    return FALSE;
  if (*out % 512 != 0)
    {
      gsize mark = path_push_member (l, key);

      load_fail (l, error, "%u is not a multiple of 512", *out);
      path_pop (l, mark);
      return FALSE;
    }
  return TRUE;
}

/* Reads "span_offset" and "span_length" of a test: a non-empty range within the target. */
static gboolean
read_span (Loader *l, JsonObject *object, guint64 target_bytes, guint64 *offset, guint64 *length,
           GError **error)
{
  if (!read_u64 (l, object, "span_offset", target_bytes, offset, error)
      || !read_u64 (l, object, "span_length", target_bytes - *offset, length, error))
    return FALSE;
  if (*length == 0)
    {
      gsize mark = path_push_member (l, "span_length");

      load_fail (l, error, "must not be 0");
      path_pop (l, mark);
      return FALSE;
    }
  return TRUE;
}

/* Reads "span_offset" and "span_length" of a test whose length may be 0 ("to the end of the
 * target", for a run that stopped before it resolved its span). */
static gboolean
read_span_or_rest (Loader *l, JsonObject *object, guint64 target_bytes, guint64 *offset,
                   guint64 *length, GError **error)
{
  return read_u64 (l, object, "span_offset", target_bytes, offset, error)
         && read_u64 (l, object, "span_length", target_bytes - *offset, length, error);
}

/* The element @i of @array as an object, pushed on the path (pop with path_pop (l, *mark)). */
static JsonObject *
array_object (Loader *l, JsonArray *array, guint i, gsize *mark, GError **error)
{
  JsonNode *node = json_array_get_element (array, i);

  *mark = path_push_index (l, i);
  if (!JSON_NODE_HOLDS_OBJECT (node))
    {
      load_fail (l, error, "expected an object, found %s", describe_node (node));
      return NULL;
    }
  return json_node_get_object (node);
}

static gboolean
load_surface_curve (Loader *l, JsonObject *object, const char *key, const SsdbSurfaceSpec *spec,
                    GArray *out, GError **error)
{
  guint64 span_end = spec->span_offset + spec->span_length;
  JsonArray *array;
  gsize mark;
  guint n;

  if ((array = enter_array (l, object, key, spec->samples, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  g_array_set_size (out, n);
  for (guint i = 0; i < n; i++)
    {
      SsdbSurfaceSample *s = &g_array_index (out, SsdbSurfaceSample, i);
      JsonObject *item;
      gsize item_mark, field_mark;

      if ((item = array_object (l, array, i, &item_mark, error)) == NULL
          || !read_u64 (l, item, "offset_bytes", span_end, &s->offset_bytes, error)
          || !read_u64 (l, item, "bytes", spec->sample_bytes, &s->bytes, error)
          || !read_u64 (l, item, "window_ns", MAX_WINDOW_NS, &s->window_ns, error)
          || !read_number (l, item, "bytes_per_second", MAX_BYTES_PER_SECOND, &s->bytes_per_second,
                           error))
        return FALSE;
      field_mark = path_push_member (l, "offset_bytes");
      if (s->offset_bytes < spec->span_offset)
        return load_fail (l, error,
                          "%" G_GUINT64_FORMAT
                          " is before the span, which starts at %" G_GUINT64_FORMAT,
                          s->offset_bytes, spec->span_offset);
      if (s->offset_bytes > span_end - s->bytes)
        return load_fail (l, error,
                          "the sample (%" G_GUINT64_FORMAT " bytes from %" G_GUINT64_FORMAT
                          ") ends beyond the span, which ends at %" G_GUINT64_FORMAT,
                          s->bytes, s->offset_bytes, span_end);
      if (i > 0 && s->offset_bytes < g_array_index (out, SsdbSurfaceSample, i - 1).offset_bytes)
        return load_fail (
            l, error,
            "%" G_GUINT64_FORMAT " is before the previous sample's offset (%" G_GUINT64_FORMAT
            "); samples must be in increasing order",
            s->offset_bytes, g_array_index (out, SsdbSurfaceSample, i - 1).offset_bytes);
      path_pop (l, field_mark);
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  return TRUE;
}

/* min / max / mean of a curve: they must be those of its samples (all 0 without samples). */
static gboolean
load_rate_stats (Loader *l, JsonObject *object, const char *key, GArray *samples,
                 SsdbRateStats *out, GError **error)
{
  JsonObject *stats;
  SsdbRateStats want = { 0 };
  double sum = 0;
  gsize mark;

  if ((stats = enter_object (l, object, key, &mark, error)) == NULL
      || !read_number (l, stats, "min", MAX_BYTES_PER_SECOND, &out->min, error)
      || !read_number (l, stats, "max", MAX_BYTES_PER_SECOND, &out->max, error)
      || !read_number (l, stats, "mean", MAX_BYTES_PER_SECOND, &out->mean, error))
    return FALSE;

  for (guint i = 0; i < samples->len; i++)
    {
      double r = g_array_index (samples, SsdbSurfaceSample, i).bytes_per_second;

      if (i == 0 || r < want.min)
        want.min = r;
      if (r > want.max)
        want.max = r;
      sum += r;
    }
  if (samples->len > 0)
    want.mean = sum / samples->len;

  if (out->min != want.min || out->max != want.max)
    {
      char a[G_ASCII_DTOSTR_BUF_SIZE], b[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (a, sizeof a, "%.17g", want.min);
      g_ascii_formatd (b, sizeof b, "%.17g", want.max);
      return load_fail (l, error,
                        "min and max must be the lowest and highest sample rates (%s, %s)", a, b);
    }
  if (!mean_matches (out->mean, want.mean))
    return fail_mean (l, "mean", out->mean, want.mean, "the sample rates", error);
  path_pop (l, mark);
  return TRUE;
}

static gboolean
load_surface_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbSurfaceResult *r,
                   GError **error)
{
  SsdbSurfaceSpec *spec = &r->spec;
  guint write_mode;
  guint64 span_end, first_count = 0;
  unsigned __int128 sum = 0, first_sum = 0;
  double access_mean = 0, first_mean = 0;
  JsonArray *access;
  gsize mark;
  guint n;

  if (!read_uint (l, object, "samples", 2, MAX_SURFACE_SAMPLES, &spec->samples, error)
      || !read_block_size (l, object, "block_size", &spec->block_size, error)
      || !read_u64 (l, object, "sample_bytes", G_MAXINT64, &spec->sample_bytes, error)
      || !read_uint (l, object, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &spec->queue_depth, error)
      || !read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error))
    return FALSE;
  mark = path_push_member (l, "sample_bytes");
  if (spec->sample_bytes < spec->block_size || spec->sample_bytes % spec->block_size != 0
      || spec->sample_bytes > spec->span_length)
    return load_fail (l, error,
                      "%" G_GUINT64_FORMAT " is not a whole number of %u-byte blocks within the "
                      "span (%" G_GUINT64_FORMAT " bytes)",
                      spec->sample_bytes, spec->block_size, spec->span_length);
  path_pop (l, mark);
  span_end = spec->span_offset + spec->span_length;

  if (!read_uint (l, object, "access_samples", 0, MAX_ACCESS_SAMPLES, &spec->access_samples, error)
      || !read_u64 (l, object, "access_first_bytes", G_MAXINT64, &spec->access_first_bytes, error)
      || !read_bool (l, object, "burst", &spec->burst, error)
      || !read_enum (l, object, "write_mode", surface_write_names,
                     G_N_ELEMENTS (surface_write_names), &write_mode, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;
  spec->write = write_mode;

  if (!load_surface_curve (l, object, "read", spec, r->read, error)
      || !load_surface_curve (l, object, "write", spec, r->write, error)
      || !load_rate_stats (l, object, "read_stats", r->read, &r->read_stats, error)
      || !load_rate_stats (l, object, "write_stats", r->write, &r->write_stats, error))
    return FALSE;
  if (spec->write == SSDB_SURFACE_WRITE_NONE && r->write->len > 0)
    {
      mark = path_push_member (l, "write");
      return load_fail (l, error,
                        "a surface without writes (“write_mode”: “none”) has no write samples");
    }

  if ((access = enter_array (l, object, "access", spec->access_samples, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (access);
  g_array_set_size (r->access, n);
  for (guint i = 0; i < n; i++)
    {
      SsdbAccessSample *a = &g_array_index (r->access, SsdbAccessSample, i);
      JsonObject *item;
      gsize item_mark;

      if ((item = array_object (l, access, i, &item_mark, error)) == NULL
          || !read_u64 (l, item, "offset_bytes", span_end - 1, &a->offset_bytes, error)
          || !read_u64 (l, item, "latency_ns", MAX_WINDOW_NS, &a->latency_ns, error))
        return FALSE;
      if (a->offset_bytes < spec->span_offset)
        {
          path_push_member (l, "offset_bytes");
          return load_fail (l, error,
                            "%" G_GUINT64_FORMAT
                            " is before the span, which starts at %" G_GUINT64_FORMAT,
                            a->offset_bytes, spec->span_offset);
        }
      sum += a->latency_ns;
      if (a->offset_bytes - spec->span_offset < spec->access_first_bytes)
        {
          first_sum += a->latency_ns;
          first_count++;
        }
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  if (n > 0)
    access_mean = (double)sum / n;
  if (first_count > 0)
    first_mean = (double)first_sum / (double)first_count;

  if (!read_number (l, object, "access_mean_ns", (double)MAX_WINDOW_NS, &r->access_mean_ns, error)
      || !read_number (l, object, "access_first_mean_ns", (double)MAX_WINDOW_NS,
                       &r->access_first_mean_ns, error)
      || !read_uint (l, object, "access_first_count", 0, MAX_ACCESS_SAMPLES, &r->access_first_count,
                     error)
      || !read_number (l, object, "burst_bytes_per_second", MAX_BYTES_PER_SECOND,
                       &r->burst_bytes_per_second, error)
      || !read_u64 (l, object, "cpu_ns", G_MAXINT64, &r->cpu_ns, error))
    return FALSE;
  if (r->access_first_count != first_count)
    {
      path_push_member (l, "access_first_count");
      return load_fail (l, error,
                        "%u, but %" G_GUINT64_FORMAT
                        " access samples lie within the first %" G_GUINT64_FORMAT
                        " bytes of the span",
                        r->access_first_count, first_count, spec->access_first_bytes);
    }
  if (!mean_matches (r->access_mean_ns, access_mean))
    return fail_mean (l, "access_mean_ns", r->access_mean_ns, access_mean,
                      "the access samples' latencies", error);
  if (!mean_matches (r->access_first_mean_ns, first_mean))
    return fail_mean (l, "access_first_mean_ns", r->access_first_mean_ns, first_mean,
                      "the latencies within access_first_bytes", error);
  return TRUE;
}

/* A series of fill points: positions within the span, in order; with @strict_time the times
 * increase strictly (intervals), otherwise the positions do (segments). */
static gboolean
load_fill_points (Loader *l, JsonObject *object, const char *key, const SsdbFillSpec *spec,
                  guint max_points, gboolean strict_time, GArray *out, GError **error)
{
  JsonArray *array;
  gsize mark;
  guint n;

  if ((array = enter_array (l, object, key, max_points, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  g_array_set_size (out, n);
  for (guint i = 0; i < n; i++)
    {
      SsdbFillPoint *p = &g_array_index (out, SsdbFillPoint, i);
      const SsdbFillPoint *prev = i > 0 ? &g_array_index (out, SsdbFillPoint, i - 1) : NULL;
      JsonObject *item;
      gsize item_mark;

      if ((item = array_object (l, array, i, &item_mark, error)) == NULL
          || !read_u64 (l, item, "position_bytes", spec->span_length, &p->position_bytes, error)
          || !read_u64 (l, item, "elapsed_ns", MAX_WINDOW_NS, &p->elapsed_ns, error)
          || !read_number (l, item, "bytes_per_second", MAX_BYTES_PER_SECOND, &p->bytes_per_second,
                           error))
        return FALSE;
      if (prev != NULL && !strict_time && p->position_bytes <= prev->position_bytes)
        {
          path_push_member (l, "position_bytes");
          return load_fail (l, error,
                            "%" G_GUINT64_FORMAT
                            " is not after the previous segment's end (%" G_GUINT64_FORMAT ")",
                            p->position_bytes, prev->position_bytes);
        }
      if (prev != NULL && strict_time && p->position_bytes < prev->position_bytes)
        {
          path_push_member (l, "position_bytes");
          return load_fail (l, error,
                            "%" G_GUINT64_FORMAT
                            " is before the previous interval's position (%" G_GUINT64_FORMAT ")",
                            p->position_bytes, prev->position_bytes);
        }
      if (prev != NULL
          && (strict_time ? p->elapsed_ns <= prev->elapsed_ns : p->elapsed_ns < prev->elapsed_ns))
        {
          path_push_member (l, "elapsed_ns");
          return load_fail (l, error,
                            "%" G_GUINT64_FORMAT
                            " is %s the previous point's time (%" G_GUINT64_FORMAT ")",
                            p->elapsed_ns, strict_time ? "not after" : "before", prev->elapsed_ns);
        }
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  return TRUE;
}

static gboolean
load_fill_analysis (Loader *l, JsonObject *object, const SsdbFillSpec *spec, SsdbFillAnalysis *a,
                    GError **error)
{
  JsonObject *analysis;
  JsonArray *phases;
  gsize mark, phases_mark;
  guint n;

  if ((analysis = enter_object (l, object, "analysis", &mark, error)) == NULL
      || (phases = enter_array (l, analysis, "phases", MAX_FILL_PHASES, &phases_mark, error))
             == NULL)
    return FALSE;
  n = json_array_get_length (phases);
  g_array_set_size (a->phases, n);
  for (guint i = 0; i < n; i++)
    {
      SsdbFillPhase *p = &g_array_index (a->phases, SsdbFillPhase, i);
      guint64 expected_start
          = i > 0 ? g_array_index (a->phases, SsdbFillPhase, i - 1).end_bytes : 0;
      JsonObject *item;
      gsize item_mark;

      if ((item = array_object (l, phases, i, &item_mark, error)) == NULL
          || !read_u64 (l, item, "start_bytes", spec->span_length, &p->start_bytes, error)
          || !read_u64 (l, item, "end_bytes", spec->span_length, &p->end_bytes, error)
          || !read_number (l, item, "bytes_per_second", MAX_BYTES_PER_SECOND, &p->bytes_per_second,
                           error))
        return FALSE;
      if (p->start_bytes != expected_start)
        {
          path_push_member (l, "start_bytes");
          return load_fail (l, error,
                            "%" G_GUINT64_FORMAT " must be %" G_GUINT64_FORMAT
                            ": phases start at 0 and each begins where the previous one ends",
                            p->start_bytes, expected_start);
        }
      if (p->end_bytes <= p->start_bytes)
        {
          path_push_member (l, "end_bytes");
          return load_fail (
              l, error, "%" G_GUINT64_FORMAT " is not after start_bytes (%" G_GUINT64_FORMAT ")",
              p->end_bytes, p->start_bytes);
        }
      path_pop (l, item_mark);
    }
  path_pop (l, phases_mark);

  if (!read_u64 (l, analysis, "cache_bytes", spec->span_length, &a->cache_bytes, error)
      || !read_number (l, analysis, "in_cache_bytes_per_second", MAX_BYTES_PER_SECOND,
                       &a->in_cache_bytes_per_second, error)
      || !read_number (l, analysis, "post_cache_bytes_per_second", MAX_BYTES_PER_SECOND,
                       &a->post_cache_bytes_per_second, error)
      || !read_string (l, analysis, "words", TRUE, &a->words, error))
    return FALSE;
  if (a->cache_bytes != 0
      && (n < 2 || a->cache_bytes != g_array_index (a->phases, SsdbFillPhase, 0).end_bytes))
    {
      path_push_member (l, "cache_bytes");
      return load_fail (l, error, "must be 0 or the end of the first of several phases");
    }
  if (a->cache_bytes == 0 && a->post_cache_bytes_per_second != 0)
    {
      path_push_member (l, "post_cache_bytes_per_second");
      return load_fail (l, error, "must be 0 when no cache was found (cache_bytes is 0)");
    }
  if (a->words != NULL && strlen (a->words) > MAX_WORDS)
    {
      path_push_member (l, "words");
      return load_fail (l, error, "longer than %u bytes", MAX_WORDS);
    }
  path_pop (l, mark);
  return TRUE;
}

static gboolean
load_fill_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbFillResult *r,
                GError **error)
{
  SsdbFillSpec *spec = &r->spec;
  JsonArray *passes;
  gsize mark;
  guint n, max_segments;

  if (!read_block_size (l, object, "block_size", &spec->block_size, error)
      || !read_uint (l, object, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &spec->queue_depth, error)
      || !read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error))
    return FALSE;
  if (spec->span_length % spec->block_size != 0)
    {
      path_push_member (l, "span_length");
      return load_fail (l, error, "%" G_GUINT64_FORMAT " is not a multiple of block_size (%u)",
                        spec->span_length, spec->block_size);
    }
  if (!read_u64 (l, object, "segment_bytes", G_MAXINT64, &spec->segment_bytes, error))
    return FALSE;
  if (spec->segment_bytes < spec->block_size || spec->segment_bytes % spec->block_size != 0)
    {
      path_push_member (l, "segment_bytes");
      return load_fail (l, error, "%" G_GUINT64_FORMAT " is not a whole number of %u-byte blocks",
                        spec->segment_bytes, spec->block_size);
    }
  if (!read_u64 (l, object, "interval_ns", MAX_RUN_NS, &spec->interval_ns, error)
      || !read_uint (l, object, "passes_requested", 1, MAX_FILL_PASSES, &spec->passes, error)
      || !read_bool (l, object, "read_back", &spec->read_back, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;
  if (spec->interval_ns == 0)
    {
      path_push_member (l, "interval_ns");
      return load_fail (l, error, "must not be 0");
    }

  /* One segment per segment_bytes, the last one partial. */
  max_segments = (guint)MIN ((spec->span_length - 1) / spec->segment_bytes + 1, (guint64)G_MAXUINT);

  if ((passes
       = enter_array (l, object, "passes", spec->passes + (spec->read_back ? 1 : 0), &mark, error))
      == NULL)
    return FALSE;
  n = json_array_get_length (passes);
  for (guint i = 0; i < n; i++)
    {
      SsdbFillPass *p = g_new0 (SsdbFillPass, 1);
      SsdbRw expected = i < spec->passes ? SSDB_RW_WRITE : SSDB_RW_READ;
      JsonObject *item;
      gsize item_mark;
      guint rw;

      p->segments = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
      p->intervals = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
      g_ptr_array_add (r->passes, p);

      if ((item = array_object (l, passes, i, &item_mark, error)) == NULL
          || !read_enum (l, item, "rw", fill_rw_names, G_N_ELEMENTS (fill_rw_names), &rw, error))
        return FALSE;
      if (rw != (guint)expected)
        {
          path_push_member (l, "rw");
          return load_fail (l, error,
                            "pass %u must be a %s: %u write passes come first, then the "
                            "read-back",
                            i + 1, expected == SSDB_RW_WRITE ? "write" : "read", spec->passes);
        }
      p->rw = rw;
      if (!read_u64 (l, item, "bytes", spec->span_length, &p->bytes, error)
          || !read_u64 (l, item, "window_ns", MAX_WINDOW_NS, &p->window_ns, error)
          || !read_number (l, item, "bytes_per_second", MAX_BYTES_PER_SECOND, &p->bytes_per_second,
                           error)
          || !read_bool (l, item, "complete", &p->complete, error))
        return FALSE;
      if (p->complete && p->bytes != spec->span_length)
        {
          path_push_member (l, "complete");
          return load_fail (l, error,
                            "a complete pass transfers the whole span (%" G_GUINT64_FORMAT
                            " bytes), not %" G_GUINT64_FORMAT,
                            spec->span_length, p->bytes);
        }
      if (!load_fill_points (l, item, "segments", spec, max_segments, FALSE, p->segments, error)
          || !load_fill_points (l, item, "intervals", spec, G_MAXUINT, TRUE, p->intervals, error))
        return FALSE;
      path_pop (l, item_mark);
    }
  path_pop (l, mark);

  return load_fill_analysis (l, object, spec, &r->analysis, error);
}

static void
loaded_surface_free (gpointer data)
{
  ssdb_surface_result_free (data);
}

static void
loaded_fill_free (gpointer data)
{
  ssdb_fill_result_free (data);
}

/* -------------------------------------------------------------------------------------------- */
/* Access, sweep and workload tests                                                              */

/* A finite number, negative allowed, with |value| <= @max. */
static gboolean
read_signed_number (Loader *l, JsonObject *object, const char *key, double max, double *out,
                    GError **error)
{
  gsize mark;
  JsonNode *node = member (l, object, key, &mark, error);
  double v;

  if (node == NULL)
    return FALSE;
  if (node_has_type (node, G_TYPE_INT64))
    v = (double)json_node_get_int (node);
  else if (node_has_type (node, G_TYPE_DOUBLE))
    v = json_node_get_double (node);
  else
    return load_fail (l, error, "expected a number, found %s", describe_node (node));
  if (!isfinite (v) || fabs (v) > max)
    {
      char value[G_ASCII_DTOSTR_BUF_SIZE], limit[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (value, sizeof value, "%.6g", v);
      g_ascii_formatd (limit, sizeof limit, "%.6g", max);
      return load_fail (l, error, "%s is out of range (-%s..%s)", value, limit, limit);
    }
  *out = v;
  path_pop (l, mark);
  return TRUE;
}

static gboolean
read_words (Loader *l, JsonObject *object, const char *key, char **out, GError **error)
{
  if (!read_string (l, object, key, TRUE, out, error))
    return FALSE;
  if (*out != NULL && strlen (*out) > MAX_WORDS)
    {
      path_push_member (l, key);
      return load_fail (l, error, "longer than %u bytes", MAX_WORDS);
    }
  return TRUE;
}

/* The latency object {"mean", ["min",] ["median",] "p99", "max"}: ordered, the mean between the
 * fastest and the slowest. With @ios == 0 every value must be 0. */
static gboolean
load_latency (Loader *l, JsonObject *object, guint64 ios, double *mean, guint64 *min,
              guint64 *median, guint64 *p99, guint64 *max, GError **error)
{
  JsonObject *lat;
  gsize mark;
  guint64 lo = 0, mid = 0;

  if ((lat = enter_object (l, object, "latency_ns", &mark, error)) == NULL
      || !read_number (l, lat, "mean", (double)MAX_RUN_NS, mean, error)
      || (min != NULL && !read_u64 (l, lat, "min", MAX_RUN_NS, &lo, error))
      || (median != NULL && !read_u64 (l, lat, "median", MAX_RUN_NS, &mid, error))
      || !read_u64 (l, lat, "p99", MAX_RUN_NS, p99, error)
      || !read_u64 (l, lat, "max", MAX_RUN_NS, max, error))
    return FALSE;
  if (ios == 0 && (*mean != 0 || lo != 0 || mid != 0 || *p99 != 0 || *max != 0))
    return load_fail (l, error, "latencies without any I/O");
  if (ios > 0 && (lo > mid || (median != NULL && mid > *p99) || *p99 > *max))
    return load_fail (l, error, "the latencies are out of order (min <= median <= p99 <= max)");
  if (ios > 0 && (*mean > (double)*max || (min != NULL && *mean < (double)lo)))
    return load_fail (l, error, "the mean is outside the range of the latencies");
  if (min != NULL)
    *min = lo;
  if (median != NULL)
    *median = mid;
  path_pop (l, mark);
  return TRUE;
}

static gboolean
load_access_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbAccessResult *r,
                  GError **error)
{
  SsdbAccessSpec *spec = &r->spec;
  SsdbAccessAnalysis *a = &r->analysis;
  JsonArray *array;
  JsonObject *sub;
  gsize mark;
  guint mode, verdict, max_depth, n;

  if (!read_enum (l, object, "mode", access_mode_names, G_N_ELEMENTS (access_mode_names), &mode,
                  error)
      || !read_block_size (l, object, "block_size", &spec->block_size, error)
      || !read_span_or_rest (l, object, target_bytes, &spec->span_offset, &spec->span_length,
                             error))
    return FALSE;
  spec->mode = mode;
  max_depth = mode == SSDB_ACCESS_MODE_THREADS ? SSDB_MAX_THREADS : SSDB_MAX_QUEUE_DEPTH;

  if ((array = enter_array (l, object, "depths", SSDB_ACCESS_MAX_STEPS, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  if (n == 0)
    return load_fail (l, error, "must hold at least one depth");
  for (guint i = 0; i < n; i++)
    {
      gsize item_mark = path_push_index (l, i);
      gint64 v;

      if (!check_int (l, json_array_get_element (array, i), 1, max_depth, &v, error))
        return FALSE;
      if (i > 0 && (guint)v <= spec->depths[i - 1])
        return load_fail (l, error, "depths must rise (%" G_GINT64_FORMAT " after %u)", v,
                          spec->depths[i - 1]);
      spec->depths[i] = (guint)v;
      path_pop (l, item_mark);
    }
  spec->n_depths = n;
  path_pop (l, mark);

  if (!read_u64 (l, object, "step_duration_ns", MAX_RUN_NS, &spec->step_duration_ns, error)
      || !read_u64 (l, object, "step_ios", G_MAXINT64, &spec->step_ios, error)
      || !read_bool (l, object, "fill", &spec->fill, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_u64 (l, object, "prepare_ns", MAX_WINDOW_NS, &r->prepare_ns, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;

  if ((array = enter_array (l, object, "steps", spec->n_depths, &mark, error)) == NULL)
    return FALSE;
  if (json_array_get_length (array) != spec->n_depths)
    return load_fail (l, error, "%u steps for %u depths", json_array_get_length (array),
                      spec->n_depths);
  g_array_set_size (r->steps, spec->n_depths);
  for (guint i = 0; i < spec->n_depths; i++)
    {
      SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);
      gboolean threads = mode == SSDB_ACCESS_MODE_THREADS;
      guint qd, nt, state;
      JsonObject *item;
      JsonArray *hist;
      gsize item_mark, hist_mark;
      guint64 total = 0;

      memset (s, 0, sizeof *s);
      s->depth = spec->depths[i];
      if ((item = array_object (l, array, i, &item_mark, error)) == NULL
          || !read_uint (l, item, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &qd, error)
          || !read_uint (l, item, "threads", 1, SSDB_MAX_THREADS, &nt, error))
        return FALSE;
      if ((threads ? nt : qd) != s->depth || (threads ? qd : nt) != 1)
        return load_fail (l, error,
                          "queue_depth %u and threads %u do not match depth %u in %s mode", qd, nt,
                          s->depth, access_mode_names[mode]);
      if (!read_enum (l, item, "state", state_names, G_N_ELEMENTS (state_names), &state, error)
          || !read_u64 (l, item, "ios", G_MAXINT64, &s->io.ios, error)
          || !read_u64 (l, item, "bytes", G_MAXINT64, &s->io.bytes, error)
          || !read_u64 (l, item, "window_ns", MAX_WINDOW_NS, &s->io.window_ns, error)
          || !read_number (l, item, "iops", MAX_IOPS, &s->iops, error)
          || !load_latency (l, item, s->io.ios, &s->mean_ns, &s->min_ns, &s->median_ns, &s->p99_ns,
                            &s->max_ns, error)
          || !read_number (l, item, "mean_inflight", MAX_MEAN_INFLIGHT, &s->achieved_depth, error))
        return FALSE;
      s->state = state;
      if (s->io.bytes != s->io.ios * (guint64)spec->block_size)
        {
          path_push_member (l, "bytes");
          return load_fail (l, error,
                            "%" G_GUINT64_FORMAT " is not ios × block_size (%" G_GUINT64_FORMAT
                            " × %u)",
                            s->io.bytes, s->io.ios, spec->block_size);
        }
      if ((hist = enter_array (l, item, "histogram", SSDB_ACCESS_N_BINS + 2, &hist_mark, error))
          == NULL)
        return FALSE;
      if (json_array_get_length (hist) != SSDB_ACCESS_N_BINS + 2)
        return load_fail (l, error, "%u bins, expected %u", json_array_get_length (hist),
                          SSDB_ACCESS_N_BINS + 2);
      for (guint k = 0; k < SSDB_ACCESS_N_BINS + 2; k++)
        {
          JsonObject *bin;
          JsonNode *upper;
          gsize bin_mark, upper_mark;
          guint64 count;

          if ((bin = array_object (l, hist, k, &bin_mark, error)) == NULL
              || (upper = member (l, bin, "upper_ns", &upper_mark, error)) == NULL)
            return FALSE;
          if (k <= SSDB_ACCESS_N_BINS)
            {
              gint64 v;

              if (!check_int (l, upper, 0, G_MAXINT64, &v, error))
                return FALSE;
              if ((guint64)v != ssdb_access_bin_edge_ns (k))
                return load_fail (l, error,
                                  "%" G_GINT64_FORMAT " is not the bin edge %" G_GUINT64_FORMAT, v,
                                  ssdb_access_bin_edge_ns (k));
            }
          else if (!JSON_NODE_HOLDS_NULL (upper))
            return load_fail (l, error, "the last bin has no upper edge: expected null, found %s",
                              describe_node (upper));
          path_pop (l, upper_mark);
          if (!read_u64 (l, bin, "count", G_MAXINT64, &count, error))
            return FALSE;
          if (!g_uint64_checked_add (&total, total, count))
            return load_fail (l, error, "the counts overflow");
          if (k == 0)
            s->below = count;
          else if (k <= SSDB_ACCESS_N_BINS)
            s->bins[k - 1] = count;
          else
            s->above = count;
          path_pop (l, bin_mark);
        }
      if (total != s->io.ios)
        return load_fail (l, error,
                          "the bin counts add up to %" G_GUINT64_FORMAT
                          ", but ios is %" G_GUINT64_FORMAT,
                          total, s->io.ios);
      path_pop (l, hist_mark);
      if (!read_string (l, item, "fio_command", TRUE, &s->fio_command, error))
        return FALSE;
      s->io.iops = s->iops;
      s->io.mean_inflight = s->achieved_depth;
      s->job.block_size = spec->block_size;
      s->job.queue_depth = qd;
      s->job.threads = nt;
      path_pop (l, item_mark);
    }
  path_pop (l, mark);

  if ((sub = enter_object (l, object, "analysis", &mark, error)) == NULL
      || !read_uint (l, sub, "first_depth", 0, max_depth, &a->first_depth, error)
      || !read_uint (l, sub, "last_depth", 0, max_depth, &a->last_depth, error)
      || !read_number (l, sub, "iops_gain", 1e9, &a->iops_gain, error)
      || !read_number (l, sub, "latency_growth", 1e9, &a->latency_growth, error)
      || !read_signed_number (l, sub, "exponent", 1e6, &a->exponent, error)
      || !read_signed_number (l, sub, "slope_ns", 1e15, &a->slope_ns, error)
      || !read_enum (l, sub, "verdict", verdict_names, G_N_ELEMENTS (verdict_names), &verdict,
                     error)
      || !read_bool (l, sub, "short_depth", &a->short_depth, error)
      || !read_words (l, sub, "words", &a->words, error))
    return FALSE;
  a->verdict = verdict;
  if (a->first_depth > a->last_depth)
    return load_fail (l, error, "first_depth %u is larger than last_depth %u", a->first_depth,
                      a->last_depth);
  path_pop (l, mark);
  return TRUE;
}

static gboolean
load_sweep_points (Loader *l, JsonObject *object, const char *key, const SsdbSweepResult *r,
                   GArray *out, GError **error)
{
  JsonArray *array;
  gsize mark;
  guint n;

  if ((array = enter_array (l, object, key, r->n_sizes, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  g_array_set_size (out, n);
  for (guint i = 0; i < n; i++)
    {
      SsdbSweepPoint *p = &g_array_index (out, SsdbSweepPoint, i);
      JsonObject *item;
      gsize item_mark;

      if ((item = array_object (l, array, i, &item_mark, error)) == NULL
          || !read_uint (l, item, "size_bytes", 1, SSDB_MAX_BLOCK_SIZE, &p->size, error))
        return FALSE;
      if (p->size != r->sizes[i])
        {
          path_push_member (l, "size_bytes");
          return load_fail (l, error, "%u is not the sweep's size number %u (%u)", p->size, i + 1,
                            r->sizes[i]);
        }
      if (!read_u64 (l, item, "ios", G_MAXINT64, &p->ios, error)
          || !read_u64 (l, item, "bytes", G_MAXINT64, &p->bytes, error)
          || !read_u64 (l, item, "window_ns", MAX_WINDOW_NS, &p->window_ns, error)
          || !read_number (l, item, "bytes_per_second", MAX_BYTES_PER_SECOND, &p->bytes_per_second,
                           error)
          || !read_number (l, item, "iops", MAX_IOPS, &p->iops, error))
        return FALSE;
      if (p->bytes != p->ios * (guint64)p->size)
        {
          path_push_member (l, "bytes");
          return load_fail (l, error,
                            "%" G_GUINT64_FORMAT " is not ios × size_bytes (%" G_GUINT64_FORMAT
                            " × %u)",
                            p->bytes, p->ios, p->size);
        }
      if (!load_latency (l, item, p->ios, &p->mean_ns, NULL, NULL, &p->p99_ns, &p->max_ns, error)
          || !read_number (l, item, "mean_inflight", MAX_MEAN_INFLIGHT, &p->mean_inflight, error)
          || !read_u64 (l, item, "cpu_ns", G_MAXINT64, &p->cpu_ns, error)
          || !read_string (l, item, "fio_command", TRUE, &p->fio_command, error))
        return FALSE;
      p->rw = out == r->read ? SSDB_RW_READ : SSDB_RW_WRITE;
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  return TRUE;
}

/* A size of the sweep (0 = none) that must be one of its sizes. */
static gboolean
read_sweep_size (Loader *l, JsonObject *object, const char *key, const SsdbSweepResult *r,
                 guint *out, GError **error)
{
  if (!read_uint (l, object, key, 0, SSDB_MAX_BLOCK_SIZE, out, error))
    return FALSE;
  if (*out == 0)
    return TRUE;
  for (guint i = 0; i < r->n_sizes; i++)
    if (r->sizes[i] == *out)
      return TRUE;
  path_push_member (l, key);
  return load_fail (l, error, "%u is not one of the sweep's sizes", *out);
}

static gboolean
load_sweep_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbSweepResult *r,
                 GError **error)
{
  SsdbSweepSpec *spec = &r->spec;
  JsonArray *array;
  gsize mark;
  guint n;

  if (!read_block_size (l, object, "start_size", &spec->start_size, error)
      || !read_block_size (l, object, "end_size", &spec->end_size, error)
      || !read_uint (l, object, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &spec->queue_depth, error)
      || !read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_bool (l, object, "do_read", &spec->do_read, error)
      || !read_bool (l, object, "do_write", &spec->do_write, error)
      || !read_u64 (l, object, "duration_ns", MAX_RUN_NS, &spec->duration_ns, error)
      || !read_u64 (l, object, "step_bytes", G_MAXINT64, &spec->step_bytes, error)
      || !read_bool (l, object, "fill", &spec->fill, error)
      || !read_pattern (l, object, "data", &spec->data, error)
      || !read_seed (l, object, "seed", &spec->seed, error))
    return FALSE;
  if (spec->start_size > spec->end_size)
    {
      path_push_member (l, "start_size");
      return load_fail (l, error, "%u is larger than end_size (%u)", spec->start_size,
                        spec->end_size);
    }

  if ((array = enter_array (l, object, "sizes", SSDB_SWEEP_MAX_SIZES, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  for (guint i = 0; i < n; i++)
    {
      gsize item_mark = path_push_index (l, i);
      guint64 expected = (guint64)spec->start_size << i;
      gint64 v;

      if (!check_int (l, json_array_get_element (array, i), 1, SSDB_MAX_BLOCK_SIZE, &v, error))
        return FALSE;
      if ((guint64)v != expected || expected > spec->end_size)
        return load_fail (l, error,
                          "%" G_GINT64_FORMAT " is not the next size of a sweep doubling from "
                          "start_size (%u) to end_size (%u)",
                          v, spec->start_size, spec->end_size);
      r->sizes[i] = (guint)v;
      path_pop (l, item_mark);
    }
  if (n == 0 || ((guint64)r->sizes[n - 1] * 2 <= spec->end_size))
    return load_fail (l, error, "must hold every size from start_size (%u) to end_size (%u)",
                      spec->start_size, spec->end_size);
  r->n_sizes = n;
  path_pop (l, mark);

  if (!read_u64 (l, object, "prepare_ns", MAX_WINDOW_NS, &r->prepare_ns, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error)
      || !load_sweep_points (l, object, "read", r, r->read, error)
      || !load_sweep_points (l, object, "write", r, r->write, error))
    return FALSE;
  if ((!spec->do_read && r->read->len > 0) || (!spec->do_write && r->write->len > 0))
    {
      path_push_member (l, spec->do_read ? "write" : "read");
      return load_fail (l, error, "results of a direction the sweep did not measure");
    }
  if (!read_number (l, object, "best_read_bytes_per_second", MAX_BYTES_PER_SECOND, &r->best_read,
                    error)
      || !read_sweep_size (l, object, "best_read_size", r, &r->best_read_size, error)
      || !read_sweep_size (l, object, "full_read_size", r, &r->full_read_size, error)
      || !read_number (l, object, "best_write_bytes_per_second", MAX_BYTES_PER_SECOND,
                       &r->best_write, error)
      || !read_sweep_size (l, object, "best_write_size", r, &r->best_write_size, error)
      || !read_sweep_size (l, object, "full_write_size", r, &r->full_write_size, error)
      || !read_words (l, object, "words", &r->words, error))
    return FALSE;
  return TRUE;
}

static gboolean
load_workload_stats (Loader *l, JsonObject *object, guint n_size_mix, SsdbWorkloadStats *s,
                     GError **error)
{
  JsonArray *array;
  gsize mark;
  guint64 sum = 0;

  if (!read_u64 (l, object, "ios", G_MAXINT64, &s->ios, error)
      || !read_u64 (l, object, "bytes", G_MAXINT64, &s->bytes, error)
      || !read_u64 (l, object, "read_ios", s->ios, &s->read_ios, error)
      || !read_u64 (l, object, "write_ios", s->ios, &s->write_ios, error)
      || !read_u64 (l, object, "random_ios", s->ios, &s->random_ios, error))
    return FALSE;
  if (s->read_ios + s->write_ios != s->ios)
    {
      path_push_member (l, "write_ios");
      return load_fail (l, error,
                        "read_ios + write_ios (%" G_GUINT64_FORMAT " + %" G_GUINT64_FORMAT
                        ") is not ios (%" G_GUINT64_FORMAT ")",
                        s->read_ios, s->write_ios, s->ios);
    }
  if ((array = enter_array (l, object, "size_ios", n_size_mix, &mark, error)) == NULL)
    return FALSE;
  if (json_array_get_length (array) != n_size_mix)
    return load_fail (l, error, "%u counts for %u sizes", json_array_get_length (array),
                      n_size_mix);
  for (guint i = 0; i < n_size_mix; i++)
    {
      gsize item_mark = path_push_index (l, i);
      gint64 v;

      if (!check_int (l, json_array_get_element (array, i), 0, (gint64)s->ios, &v, error))
        return FALSE;
      s->size_ios[i] = (guint64)v;
      sum += (guint64)v;
      path_pop (l, item_mark);
    }
  if (sum != s->ios)
    return load_fail (l, error,
                      "the counts add up to %" G_GUINT64_FORMAT ", but ios is %" G_GUINT64_FORMAT,
                      sum, s->ios);
  path_pop (l, mark);
  if (!read_u64 (l, object, "window_ns", MAX_WINDOW_NS, &s->window_ns, error)
      || !read_number (l, object, "iops", MAX_IOPS, &s->iops, error)
      || !read_number (l, object, "bytes_per_second", MAX_BYTES_PER_SECOND, &s->bytes_per_second,
                       error)
      || !load_latency (l, object, s->ios, &s->mean_ns, NULL, NULL, &s->p99_ns, &s->max_ns, error)
      || !read_number (l, object, "mean_inflight", MAX_MEAN_INFLIGHT, &s->mean_inflight, error)
      || !read_u64 (l, object, "cpu_ns", G_MAXINT64, &s->cpu_ns, error))
    return FALSE;
  return TRUE;
}

static gboolean
load_workload_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbWorkloadResult *r,
                    GError **error)
{
  SsdbWorkloadSpec *spec = &r->spec;
  g_autofree char *name = NULL;
  g_autoptr (GError) local = NULL;
  JsonObject *sub;
  JsonArray *array;
  gsize mark, array_mark;
  guint n;
  guint64 ios = 0, bytes = 0;

  if ((sub = enter_object (l, object, "spec", &mark, error)) == NULL
      || !read_string (l, sub, "name", FALSE, &name, error))
    return FALSE;
  if (strlen (name) >= SSDB_WORKLOAD_NAME_MAX)
    {
      path_push_member (l, "name");
      return load_fail (l, error, "longer than %u bytes", SSDB_WORKLOAD_NAME_MAX - 1);
    }
  g_strlcpy (spec->name, name, sizeof spec->name);
  if ((array = enter_array (l, sub, "sizes", SSDB_MAX_SIZE_MIX, &array_mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  for (guint i = 0; i < n; i++)
    {
      JsonObject *item;
      gsize item_mark;

      if ((item = array_object (l, array, i, &item_mark, error)) == NULL
          || !read_block_size (l, item, "size_bytes", &spec->size_mix[i].size, error)
          || !read_uint (l, item, "weight", 1, 1000000, &spec->size_mix[i].weight, error))
        return FALSE;
      path_pop (l, item_mark);
    }
  spec->n_size_mix = n;
  path_pop (l, array_mark);
  if (!read_uint (l, sub, "read_percent", 0, 100, &spec->read_percent, error)
      || !read_uint (l, sub, "random_percent", 0, 100, &spec->random_percent, error)
      || !read_alignment (l, sub, "align_bytes", &spec->align_bytes, error)
      || !read_uint (l, sub, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &spec->queue_depth, error)
      || !read_uint (l, sub, "workers", 1, SSDB_MAX_THREADS, &spec->workers, error)
      || !read_u64 (l, sub, "ramp_ns", MAX_RUN_NS, &spec->ramp_ns, error)
      || !read_u64 (l, sub, "duration_ns", MAX_RUN_NS, &spec->duration_ns, error)
      || !read_span_or_rest (l, sub, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_pattern (l, sub, "data", &spec->data, error)
      || !read_seed (l, sub, "seed", &spec->seed, error))
    return FALSE;
  if (!ssdb_workload_spec_validate (spec, &local))
    return load_fail (l, error, "%s", local->message);
  path_pop (l, mark);

  if (!read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;
  if ((array = enter_array (l, object, "workers", spec->workers, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  if (n != spec->workers)
    return load_fail (l, error, "%u entries for %u workers", n, spec->workers);
  g_array_set_size (r->workers, n);
  for (guint i = 0; i < n; i++)
    {
      SsdbWorkloadStats *s = &g_array_index (r->workers, SsdbWorkloadStats, i);
      JsonObject *item;
      gsize item_mark;

      if ((item = array_object (l, array, i, &item_mark, error)) == NULL
          || !load_workload_stats (l, item, spec->n_size_mix, s, error))
        return FALSE;
      ios += s->ios;
      bytes += s->bytes;
      path_pop (l, item_mark);
    }
  path_pop (l, mark);

  if ((sub = enter_object (l, object, "total", &mark, error)) == NULL
      || !load_workload_stats (l, sub, spec->n_size_mix, &r->total, error))
    return FALSE;
  if (r->total.ios != ios || r->total.bytes != bytes)
    return load_fail (l, error,
                      "ios and bytes are not the sums over the workers (%" G_GUINT64_FORMAT
                      " I/Os, %" G_GUINT64_FORMAT " bytes)",
                      ios, bytes);
  path_pop (l, mark);
  if (!load_histogram (l, object, "latency_histogram_ns", "latency_buckets", &r->latency, error)
      || !read_string (l, object, "fio_command", TRUE, &r->fio_command, error))
    return FALSE;
  return TRUE;
}

static void
loaded_access_free (gpointer data)
{
  ssdb_access_result_free (data);
}

static void
loaded_sweep_free (gpointer data)
{
  ssdb_sweep_result_free (data);
}

static void
loaded_workload_free (gpointer data)
{
  ssdb_workload_result_free (data);
}

/* -------------------------------------------------------------------------------------------- */
/* Recovery and consistency tests                                                                */

static void
loaded_recovery_free (gpointer data)
{
  ssdb_recovery_result_free (data);
}

static void
loaded_consistency_free (gpointer data)
{
  ssdb_consistency_result_free (data);
}

static gboolean
fail_member (Loader *l, const char *key, GError **error, const char *message)
{
  path_push_member (l, key);
  return load_fail (l, error, "%s", message);
}

static gboolean
load_recovery_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbRecoveryResult *r,
                    GError **error)
{
  SsdbRecoverySpec *spec = &r->spec;
  SsdbFillSpec fs;
  JsonArray *array;
  gsize mark;
  guint n, max_segments;
  double threshold;

  if (!read_u64 (l, object, "write_bytes", target_bytes, &spec->write_bytes, error)
      || !read_u64 (l, object, "span_offset", target_bytes - spec->write_bytes, &spec->span_offset,
                    error)
      || !read_block_size (l, object, "block_size", &spec->block_size, error)
      || !read_uint (l, object, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &spec->queue_depth, error))
    return FALSE;
  if (spec->write_bytes == 0 || spec->write_bytes % spec->block_size != 0)
    return fail_member (l, "write_bytes", error,
                        "must be a whole number of block_size transfers, more than 0");
  if (!read_u64 (l, object, "segment_bytes", G_MAXINT64, &spec->segment_bytes, error))
    return FALSE;
  if (spec->segment_bytes < spec->block_size || spec->segment_bytes % spec->block_size != 0)
    return fail_member (l, "segment_bytes", error,
                        "must be a whole number of block_size transfers");
  if (!read_u64 (l, object, "interval_ns", MAX_RUN_NS, &spec->interval_ns, error))
    return FALSE;
  if (spec->interval_ns == 0)
    return fail_member (l, "interval_ns", error, "must not be 0");

  if ((array = enter_array (l, object, "pauses_ns", SSDB_RECOVERY_MAX_PAUSES, &mark, error))
      == NULL)
    return FALSE;
  spec->n_pauses = json_array_get_length (array);
  if (spec->n_pauses == 0)
    return load_fail (l, error, "must hold at least one pause");
  for (guint i = 0; i < spec->n_pauses; i++)
    {
      gsize item_mark = path_push_index (l, i);
      gint64 v;

      if (!check_int (l, json_array_get_element (array, i), 0, (gint64)MAX_RUN_NS, &v, error))
        return FALSE;
      spec->pauses_ns[i] = (guint64)v;
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  if (!read_seed (l, object, "seed", &spec->seed, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;

  /* The writes' series are fill passes over write_bytes. */
  ssdb_fill_spec_init (&fs);
  fs.block_size = spec->block_size;
  fs.span_offset = spec->span_offset;
  fs.span_length = spec->write_bytes;
  fs.segment_bytes = spec->segment_bytes;
  fs.interval_ns = spec->interval_ns;
  max_segments = (guint)MIN ((spec->write_bytes - 1) / spec->segment_bytes + 1, (guint64)G_MAXUINT);

  if ((array = enter_array (l, object, "writes", spec->n_pauses + 1, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  for (guint i = 0; i < n; i++)
    {
      SsdbRecoveryWrite w = { 0 };
      SsdbRecoveryWrite *wp;
      guint64 expected_pause = i > 0 ? spec->pauses_ns[i - 1] : 0;
      JsonObject *item;
      gsize item_mark;

      w.segments = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
      w.intervals = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
      g_array_append_val (r->writes, w);
      wp = &g_array_index (r->writes, SsdbRecoveryWrite, i);

      if ((item = array_object (l, array, i, &item_mark, error)) == NULL
          || !read_u64 (l, item, "pause_ns", MAX_RUN_NS, &wp->pause_ns, error))
        return FALSE;
      if (wp->pause_ns != expected_pause)
        {
          path_push_member (l, "pause_ns");
          return load_fail (l, error,
                            "%" G_GUINT64_FORMAT " must be %" G_GUINT64_FORMAT
                            ": the first write has no pause, write N follows pauses_ns[N-1]",
                            wp->pause_ns, expected_pause);
        }
      if (!read_u64 (l, item, "bytes", spec->write_bytes, &wp->bytes, error)
          || !read_u64 (l, item, "window_ns", MAX_WINDOW_NS, &wp->window_ns, error)
          || !read_number (l, item, "bytes_per_second", MAX_BYTES_PER_SECOND, &wp->bytes_per_second,
                           error)
          || !read_bool (l, item, "complete", &wp->complete, error)
          || !read_u64 (l, item, "fast_bytes", wp->bytes, &wp->fast_bytes, error)
          || !read_number (l, item, "restored_percent", 1e9, &wp->restored_percent, error))
        return FALSE;
      if (wp->complete && wp->bytes != spec->write_bytes)
        return fail_member (l, "complete", error, "a complete write covers write_bytes");
      if (!load_fill_points (l, item, "segments", &fs, max_segments, FALSE, wp->segments, error)
          || !load_fill_points (l, item, "intervals", &fs, G_MAXUINT, TRUE, wp->intervals, error))
        return FALSE;
      path_pop (l, item_mark);
    }
  path_pop (l, mark);

  if (!load_fill_analysis (l, object, &fs, &r->first, error)
      || !read_number (l, object, "fast_bytes_per_second", MAX_BYTES_PER_SECOND,
                       &r->fast_bytes_per_second, error)
      || !read_number (l, object, "slow_bytes_per_second", MAX_BYTES_PER_SECOND,
                       &r->slow_bytes_per_second, error)
      || !read_number (l, object, "threshold_bytes_per_second", MAX_BYTES_PER_SECOND,
                       &r->threshold_bytes_per_second, error)
      || !read_words (l, object, "words", &r->words, error))
    return FALSE;

  /* Derived numbers: the rates come from the first write's analysis, the threshold between
   * them, each write's fast part and its share from its segments. */
  if (!mean_matches (r->fast_bytes_per_second, r->first.in_cache_bytes_per_second))
    return fail_mean (l, "fast_bytes_per_second", r->fast_bytes_per_second,
                      r->first.in_cache_bytes_per_second, "analysis.in_cache_bytes_per_second",
                      error);
  if (!mean_matches (r->slow_bytes_per_second, r->first.post_cache_bytes_per_second))
    return fail_mean (l, "slow_bytes_per_second", r->slow_bytes_per_second,
                      r->first.post_cache_bytes_per_second, "analysis.post_cache_bytes_per_second",
                      error);
  threshold = r->first.cache_bytes > 0 ? sqrt (r->fast_bytes_per_second * r->slow_bytes_per_second)
                                       : 0.8 * r->fast_bytes_per_second;
  if (!mean_matches (r->threshold_bytes_per_second, threshold))
    return fail_mean (l, "threshold_bytes_per_second", r->threshold_bytes_per_second, threshold,
                      "the fast and slow rates (geometric)", error);
  for (guint i = 0; i < r->writes->len; i++)
    {
      const SsdbRecoveryWrite *w = &g_array_index (r->writes, SsdbRecoveryWrite, i);
      const SsdbRecoveryWrite *first = &g_array_index (r->writes, SsdbRecoveryWrite, 0);
      guint64 fast = ssdb_recovery_fast_bytes (w->segments, r->threshold_bytes_per_second);
      double percent = i == 0 ? (w->fast_bytes > 0 ? 100 : 0)
                              : ssdb_recovery_restored_percent (first->fast_bytes, w->fast_bytes);
      /* Earlier versions did not cap the share at 100 %. */
      double uncapped = i > 0 && first->fast_bytes > 0
                            ? 100.0 * (double)w->fast_bytes / (double)first->fast_bytes
                            : percent;
      gsize m1 = path_push_member (l, "writes");
      gsize m2 = path_push_index (l, i);

      if (w->fast_bytes != fast)
        {
          path_push_member (l, "fast_bytes");
          return load_fail (l, error,
                            "%" G_GUINT64_FORMAT " is not where the segments fall below the "
                            "threshold (%" G_GUINT64_FORMAT ")",
                            w->fast_bytes, fast);
        }
      if (!mean_matches (w->restored_percent, percent)
          && !mean_matches (w->restored_percent, uncapped))
        return fail_mean (l, "restored_percent", w->restored_percent, percent,
                          "fast_bytes against the first write's", error);
      path_pop (l, m2);
      path_pop (l, m1);
    }
  /* The file is consistent: it gets the current analysis (the same numbers for a file of this
   * version; the current words and shares for one of an earlier version). The cliff search
   * takes time quadratic in the segments: a file with more segments than any run writes keeps
   * its stored analysis, checked above, rather than stall the reader. */
  if (r->writes->len > 0
      && g_array_index (r->writes, SsdbRecoveryWrite, 0).segments->len <= MAX_REANALYSED_SEGMENTS)
    ssdb_recovery_analyze (r);
  return TRUE;
}

/* A new result with @r's settings and measurements (what the analysis reads), not analysed. */
static SsdbConsistencyResult *
consistency_measured_copy (const SsdbConsistencyResult *r)
{
  SsdbConsistencyResult *copy = ssdb_consistency_result_new (&r->spec);

  g_array_append_vals (copy->rounds, r->rounds->data, r->rounds->len);
  copy->ios = r->ios;
  copy->bytes = r->bytes;
  copy->window_ns = r->window_ns;
  copy->iops = r->iops;
  copy->cancelled = r->cancelled;
  copy->precondition_bytes = r->precondition_bytes;
  copy->precondition_ns = r->precondition_ns;
  return copy;
}

/* The analysis earlier versions stored: every round counted, also a last one cut short by the
 * end of the run (the copy's last round is made a full one for ssdb_consistency_analyze(), which
 * reads the rounds' IOPS, not their lengths). */
static SsdbConsistencyResult *
consistency_analyse_all_rounds (const SsdbConsistencyResult *r)
{
  SsdbConsistencyResult *all = consistency_measured_copy (r);

  if (all->rounds->len >= 2)
    {
      SsdbConsistencyRound *last
          = &g_array_index (all->rounds, SsdbConsistencyRound, all->rounds->len - 1);
      const SsdbConsistencyRound *prev
          = &g_array_index (all->rounds, SsdbConsistencyRound, all->rounds->len - 2);

      last->elapsed_ns = prev->elapsed_ns + r->spec.round_ns;
    }
  ssdb_consistency_analyze (all);
  return all;
}

/* Gives @r the steady state, tail and words of @check (the current analysis of its rounds). */
static void
consistency_take_analysis (SsdbConsistencyResult *r, SsdbConsistencyResult *check)
{
  r->steady = check->steady;
  r->tail_rounds = check->tail_rounds;
  r->tail_mean_iops = check->tail_mean_iops;
  r->tail_sd_iops = check->tail_sd_iops;
  r->tail_mean_over_sd = check->tail_mean_over_sd;
  g_free (r->words);
  r->words = g_steal_pointer (&check->words);
}

static gboolean
load_consistency_test (Loader *l, JsonObject *object, guint64 target_bytes,
                       SsdbConsistencyResult *r, GError **error)
{
  SsdbConsistencySpec *spec = &r->spec;
  g_autoptr (SsdbConsistencyResult) check = NULL;
  JsonObject *sub;
  JsonArray *array;
  gsize mark;
  guint n, v;
  guint64 prev_ns = 0;

  if (!read_block_size (l, object, "block_size", &spec->block_size, error)
      || !read_uint (l, object, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &spec->queue_depth, error)
      || !read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_u64 (l, object, "duration_ns", MAX_RUN_NS, &spec->duration_ns, error)
      || !read_u64 (l, object, "round_ns", MAX_RUN_NS, &spec->round_ns, error)
      || !read_uint (l, object, "tail_percent", 1, 100, &spec->tail_percent, error)
      || !read_pattern (l, object, "data", &spec->data, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error)
      || !read_u64 (l, object, "ios", G_MAXINT64, &r->ios, error)
      || !read_u64 (l, object, "bytes", G_MAXINT64, &r->bytes, error)
      || !read_u64 (l, object, "window_ns", MAX_WINDOW_NS, &r->window_ns, error)
      || !read_number (l, object, "iops", MAX_IOPS, &r->iops, error))
    return FALSE;
  /* The preconditioning members came later: a report without them had none. */
  spec->precondition_passes = 0;
  r->precondition_bytes = r->precondition_ns = 0;
  if ((json_object_has_member (object, "precondition_passes")
       && !read_uint (l, object, "precondition_passes", 0, SSDB_PRECONDITION_MAX_PASSES,
                      &spec->precondition_passes, error))
      || (json_object_has_member (object, "precondition_bytes")
          && !read_u64 (l, object, "precondition_bytes", G_MAXINT64, &r->precondition_bytes, error))
      || (json_object_has_member (object, "precondition_ns")
          && !read_u64 (l, object, "precondition_ns", MAX_WINDOW_NS, &r->precondition_ns, error)))
    return FALSE;
  if (spec->round_ns == 0)
    return fail_member (l, "round_ns", error, "must not be 0");
  if (r->bytes != r->ios * spec->block_size)
    return fail_member (l, "bytes", error, "must be ios x block_size");

  if ((array = enter_array (l, object, "rounds", SSDB_CONSISTENCY_MAX_ROUNDS, &mark, error))
      == NULL)
    return FALSE;
  n = json_array_get_length (array);
  g_array_set_size (r->rounds, n);
  for (guint i = 0; i < n; i++)
    {
      SsdbConsistencyRound *rd = &g_array_index (r->rounds, SsdbConsistencyRound, i);
      JsonObject *item;
      gsize item_mark;
      double iops;

      if ((item = array_object (l, array, i, &item_mark, error)) == NULL
          || !read_u64 (l, item, "elapsed_ns", MAX_WINDOW_NS, &rd->elapsed_ns, error)
          || !read_u64 (l, item, "ios", G_MAXINT64, &rd->ios, error)
          || !read_number (l, item, "iops", MAX_IOPS, &rd->iops, error))
        return FALSE;
      if (rd->elapsed_ns <= prev_ns)
        {
          path_push_member (l, "elapsed_ns");
          return load_fail (l, error,
                            "%" G_GUINT64_FORMAT
                            " is not after the previous round's end (%" G_GUINT64_FORMAT ")",
                            rd->elapsed_ns, prev_ns);
        }
      iops = (double)rd->ios * 1e9 / (double)(rd->elapsed_ns - prev_ns);
      if (!mean_matches (rd->iops, iops))
        return fail_mean (l, "iops", rd->iops, iops, "ios over the round's length", error);
      prev_ns = rd->elapsed_ns;
      path_pop (l, item_mark);
    }
  path_pop (l, mark);

  if ((sub = enter_object (l, object, "steady_state", &mark, error)) == NULL
      || !read_bool (l, sub, "reached", &r->steady.reached, error)
      || !read_uint (l, sub, "round", 0, n, &r->steady.round, error)
      || !read_uint (l, sub, "first_round", 0, n, &r->steady.first_round, error)
      || !read_number (l, sub, "mean_iops", MAX_IOPS, &r->steady.mean, error)
      || !read_number (l, sub, "range_iops", MAX_IOPS, &r->steady.range, error)
      || !read_signed_number (l, sub, "slope_iops_per_round", MAX_IOPS, &r->steady.slope, error)
      || !read_number (l, sub, "fit_excursion_iops", MAX_IOPS, &r->steady.fit_excursion, error))
    return FALSE;
  path_pop (l, mark);
  if ((sub = enter_object (l, object, "tail", &mark, error)) == NULL
      || !read_uint (l, sub, "rounds", 0, n, &v, error)
      || !read_number (l, sub, "mean_iops", MAX_IOPS, &r->tail_mean_iops, error)
      || !read_number (l, sub, "sd_iops", MAX_IOPS, &r->tail_sd_iops, error)
      || !read_number (l, sub, "mean_over_sd", 1e15, &r->tail_mean_over_sd, error))
    return FALSE;
  r->tail_rounds = v;
  path_pop (l, mark);
  if (!read_words (l, object, "words", &r->words, error))
    return FALSE;

  /* The steady state and the tail follow from the rounds: the SNIA PTS rule, recomputed.
   * Earlier versions analysed every round, also a last one cut short by the end of the run;
   * their reports are checked against that rule and then get the current analysis. */
  check = consistency_measured_copy (r);
  ssdb_consistency_analyze (check);
  if (ssdb_consistency_rounds_analysed (check) < check->rounds->len)
    {
      g_autoptr (SsdbConsistencyResult) all = consistency_analyse_all_rounds (r);

      if (all != NULL && all->tail_rounds == r->tail_rounds
          && mean_matches (r->tail_mean_iops, all->tail_mean_iops)
          && all->steady.reached == r->steady.reached && all->steady.round == r->steady.round
          && all->steady.first_round == r->steady.first_round
          && mean_matches (r->steady.mean, all->steady.mean))
        {
          consistency_take_analysis (r, check);
          return TRUE;
        }
    }
  if (check->steady.reached != r->steady.reached || check->steady.round != r->steady.round
      || check->steady.first_round != r->steady.first_round)
    {
      path_push_member (l, "steady_state");
      if (check->steady.reached)
        return load_fail (l, error, "the rounds reach steady state at round %u, not as stored",
                          check->steady.round);
      return load_fail (l, error, "the rounds do not reach steady state");
    }
  if (!mean_matches (r->steady.mean, check->steady.mean))
    return fail_mean (l, "steady_state.mean_iops", r->steady.mean, check->steady.mean,
                      "the window's rounds", error);
  if (check->tail_rounds != r->tail_rounds)
    return fail_member (l, "tail.rounds", error, "is not tail_percent of the rounds");
  if (!mean_matches (r->tail_mean_iops, check->tail_mean_iops))
    return fail_mean (l, "tail.mean_iops", r->tail_mean_iops, check->tail_mean_iops,
                      "the last rounds", error);
  /* The words follow the current analysis (see check_words()). */
  g_free (r->words);
  r->words = g_steal_pointer (&check->words);
  return TRUE;
}

static gboolean
load_summary_settings (Loader *l, JsonObject *object, SsdbSummaryResult *result, GError **error)
{
  SsdbSummarySpec *spec = &result->spec;
  guint profile, aggregate;
  gint64 started;

  if (!read_enum (l, object, "profile", profile_names, G_N_ELEMENTS (profile_names), &profile,
                  error)
      || !read_u64 (l, object, "size", G_MAXINT64, &spec->size, error)
      || !read_u64 (l, object, "offset", G_MAXINT64, &spec->offset, error)
      || !read_uint (l, object, "count", 1, MAX_PASSES, &spec->count, error)
      || !read_u64 (l, object, "duration_ns", MAX_RUN_NS, &spec->duration_ns, error)
      || !read_u64 (l, object, "interval_ns", MAX_RUN_NS, &spec->interval_ns, error)
      || !read_bool (l, object, "do_read", &spec->do_read, error)
      || !read_bool (l, object, "do_write", &spec->do_write, error)
      || !read_bool (l, object, "do_mix", &spec->do_mix, error)
      || !read_uint (l, object, "mix_read_percent", 0, 100, &spec->mix_read_percent, error)
      || !read_pattern (l, object, "data", &spec->data, error)
      || !read_enum (l, object, "aggregate", aggregate_names, G_N_ELEMENTS (aggregate_names),
                     &aggregate, error)
      || !read_bool (l, object, "warmup", &spec->warmup, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_string (l, object, "writes_skipped_reason", TRUE, &result->writes_skipped_reason,
                       error)
      || !read_int (l, object, "started_unix", 0, G_MAXINT64, &started, error)
      || !read_u64 (l, object, "prepare_ns", MAX_WINDOW_NS, &result->prepare_ns, error))
    return FALSE;
  spec->profile = profile;
  spec->aggregate = aggregate;
  result->started_unix = started;
  return TRUE;
}

static gboolean
load_target (Loader *l, JsonObject *root, SsdbReport *report, GError **error)
{
  SsdbTargetInfo *t = &report->target;
  JsonObject *object;
  g_autoptr (GList) names = NULL;
  gsize mark;
  guint kind;

  if ((object = enter_object (l, root, "target", &mark, error)) == NULL)
    return FALSE;
  if (!read_enum (l, object, "kind", target_kind_names, G_N_ELEMENTS (target_kind_names), &kind,
                  error)
      || !read_string (l, object, "path", TRUE, &t->path, error)
      || !read_string (l, object, "name", TRUE, &t->name, error)
      || !read_string (l, object, "disk_name", TRUE, &t->disk_name, error)
      || !read_uint (l, object, "major", 0, 4095, &t->major, error)
      || !read_uint (l, object, "minor", 0, (1u << 20) - 1, &t->minor, error)
      || !read_u64 (l, object, "size_bytes", G_MAXINT64, &t->size_bytes, error)
      || !read_alignment (l, object, "logical_block_size", &t->logical_block_size, error)
      || !read_alignment (l, object, "physical_block_size", &t->physical_block_size, error)
      || !read_alignment (l, object, "dio_mem_align", &t->dio_mem_align, error)
      || !read_alignment (l, object, "dio_offset_align", &t->dio_offset_align, error)
      || !read_bool (l, object, "rotational", &t->rotational, error)
      || !read_bool (l, object, "discard", &t->discard, error)
      || !read_bool (l, object, "read_only", &t->read_only, error)
      || !read_bool (l, object, "removable", &t->removable, error)
      || !read_string (l, object, "model", TRUE, &t->model, error)
      || !read_string (l, object, "vendor", TRUE, &t->vendor, error)
      || !read_string (l, object, "fs_type", TRUE, &t->fs_type, error)
      || !read_u64 (l, object, "free_bytes", G_MAXINT64, &t->free_bytes, error)
      || !read_bool (l, object, "direct_io", &t->direct_io, error))
    return FALSE;
  t->kind = kind;

  names = json_object_get_members (object);
  for (GList *n = names; n != NULL; n = n->next)
    {
      if (is_target_key (n->data))
        continue;
      if (report->target_extra == NULL)
        report->target_extra = json_object_new ();
      json_object_set_member (report->target_extra, n->data,
                              json_node_copy (json_object_get_member (object, n->data)));
    }
  path_pop (l, mark);
  return TRUE;
}

/*
 * Migrations from older format versions. Each entry turns a tree of version @from_version into
 * one of version @from_version + 1 (renaming members, filling new ones with what the old data
 * implies) before it is read as the current version. Version 1 is the first format, so the table
 * holds only its end marker for now.
 */
typedef gboolean (*MigrateFunc) (Loader *l, JsonObject *root, GError **error);

typedef struct
{
  guint from_version;
  MigrateFunc migrate;
} Migration;

static const Migration migrations[] = {
  { 0, NULL },
};

static gboolean
load_version (Loader *l, JsonObject *root, guint *out, GError **error)
{
  gsize mark;
  JsonNode *node;
  gint64 version;

  node = json_object_get_member (root, "format");
  if (node == NULL || !node_has_type (node, G_TYPE_STRING)
      || !g_str_equal (json_node_get_string (node), SSDB_REPORT_FORMAT_NAME))
    return load_fail (l, error, "not an SSD Bench report (no “format”: “%s” member)",
                      SSDB_REPORT_FORMAT_NAME);

  if ((node = member (l, root, "format_version", &mark, error)) == NULL
      || !check_int (l, node, 0, G_MAXINT64, &version, error))
    return FALSE;
  if (version > SSDB_REPORT_FORMAT_VERSION)
    return load_fail (l, error,
                      "version %" G_GINT64_FORMAT " is newer than this SSD Bench reads (%u); "
                      "open the report with a newer SSD Bench",
                      version, SSDB_REPORT_FORMAT_VERSION);

  while (version < SSDB_REPORT_FORMAT_VERSION)
    {
      const Migration *migration = NULL;

      for (guint i = 0; migrations[i].migrate != NULL; i++)
        if (migrations[i].from_version == version)
          migration = &migrations[i];
      if (migration == NULL)
        return load_fail (l, error, "version %" G_GINT64_FORMAT " is not a known report version",
                          version);
      if (!migration->migrate (l, root, error))
        return FALSE;
      version++;
    }
  path_pop (l, mark);
  *out = (guint)json_node_get_int (node);
  return TRUE;
}

/* Compression, TRIM and free-space tests ------------------------------------------------------ */

#define MAX_BEHAVIOUR_RATES 64u
#define MAX_FREESPACE_STEPS 101u

static void
loaded_compression_free (gpointer data)
{
  ssdb_compression_result_free (data);
}

static void
loaded_trim_free (gpointer data)
{
  ssdb_trim_result_free (data);
}

static void
loaded_freespace_free (gpointer data)
{
  ssdb_freespace_result_free (data);
}

/* Two doubles the same to 1 part in 10^9 (a derived number written with it). */
static gboolean
same_number (double a, double b)
{
  return fabs (a - b) <= 1e-9 * MAX (fabs (a), fabs (b));
}

/* @key holds @expected within 1 part in 10^9. */
static gboolean
check_derived (Loader *l, const char *key, double value, double expected, GError **error)
{
  if (!same_number (value, expected))
    {
      char v[G_ASCII_DTOSTR_BUF_SIZE], e[G_ASCII_DTOSTR_BUF_SIZE];
      gsize mark = path_push_member (l, key);

      g_ascii_formatd (v, sizeof v, "%.9g", value);
      g_ascii_formatd (e, sizeof e, "%.9g", expected);
      load_fail (l, error, "%s contradicts the measurements (%s)", v, e);
      path_pop (l, mark);
      return FALSE;
    }
  return TRUE;
}

/* The "words" member equals what the measurements say. */
static gboolean
check_words (Loader *l, const char *words, const char *expected, GError **error)
{
  /* The words are the analysis of the numbers, not a measurement: a loaded report gets the
   * words the current analysis gives (@expected, already in the result), whatever an earlier
   * version, or an edit, stored. Only their type was checked (read_words()). */
  (void)l;
  (void)words;
  (void)expected;
  (void)error;
  return TRUE;
}

/* A rate of @bytes over @window_ns: 0 for an empty window, else bytes / window. */
static gboolean
check_rate (Loader *l, const char *key, double rate, guint64 bytes, guint64 window_ns,
            GError **error)
{
  double expected = window_ns ? (double)bytes * 1e9 / (double)window_ns : 0;

  if (window_ns == 0 ? rate != 0 : fabs (rate - expected) > 1e-6 * expected)
    {
      gsize mark = path_push_member (l, key);
      char v[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (v, sizeof v, "%.9g", rate);
      load_fail (l, error, "%s is not the bytes over the window", v);
      path_pop (l, mark);
      return FALSE;
    }
  return TRUE;
}

static gboolean
load_behaviour_summary (Loader *l, JsonObject *object, guint64 span_length, SsdbSummarySpec *s,
                        guint *test_mask, GError **error)
{
  JsonObject *o;
  gsize mark;
  guint profile, aggregate, n_tests;

  if ((o = enter_object (l, object, "summary", &mark, error)) == NULL)
    return FALSE;
  if (!read_enum (l, o, "profile", profile_names, G_N_ELEMENTS (profile_names), &profile, error)
      || !read_u64 (l, o, "size", span_length, &s->size, error)
      || !read_uint (l, o, "count", 1, 9, &s->count, error)
      || !read_u64 (l, o, "duration_ns", MAX_RUN_NS, &s->duration_ns, error)
      || !read_u64 (l, o, "interval_ns", MAX_RUN_NS, &s->interval_ns, error)
      || !read_bool (l, o, "do_read", &s->do_read, error)
      || !read_bool (l, o, "do_write", &s->do_write, error)
      || !read_bool (l, o, "do_mix", &s->do_mix, error)
      || !read_uint (l, o, "mix_read_percent", 0, 100, &s->mix_read_percent, error)
      || !read_pattern (l, o, "data", &s->data, error)
      || !read_enum (l, o, "aggregate", aggregate_names, G_N_ELEMENTS (aggregate_names), &aggregate,
                     error)
      || !read_bool (l, o, "warmup", &s->warmup, error)
      || !read_seed (l, o, "seed", &s->seed, error))
    return FALSE;
  s->profile = profile;
  s->aggregate = aggregate;
  ssdb_profile_get_tests (s->profile, &n_tests);
  if (!read_uint (l, o, "test_mask", 0, (1u << MIN (n_tests, 31u)) - 1, test_mask, error))
    return FALSE;
  if (s->size == 0 || s->duration_ns == 0)
    {
      path_push_member (l, s->size == 0 ? "size" : "duration_ns");
      return load_fail (l, error, "must not be 0");
    }
  path_pop (l, mark);
  return TRUE;
}

/* A {"name", "rw"} pair naming a test of @profile. */
static gboolean
load_test_name (Loader *l, JsonObject *item, SsdbProfile profile, char name[SSDB_TEST_NAME_MAX],
                SsdbRw *rw, GError **error)
{
  g_autofree char *text = NULL;
  const SsdbSummaryTest *tests;
  guint n_tests, v;
  gboolean found = FALSE;

  if (!read_string (l, item, "name", FALSE, &text, error)
      || !read_enum (l, item, "rw", rw_names, G_N_ELEMENTS (rw_names), &v, error))
    return FALSE;
  tests = ssdb_profile_get_tests (profile, &n_tests);
  for (guint t = 0; t < n_tests; t++)
    found = found || g_str_equal (tests[t].name, text);
  if (!found)
    {
      gsize mark = path_push_member (l, "name");

      load_fail (l, error, "“%s” is not a test of the %s profile", text,
                 ssdb_profile_to_string (profile));
      path_pop (l, mark);
      return FALSE;
    }
  g_strlcpy (name, text, SSDB_TEST_NAME_MAX);
  *rw = v;
  return TRUE;
}

static gboolean
load_compression_test (Loader *l, JsonObject *object, guint64 target_bytes,
                       SsdbCompressionResult *r, GError **error)
{
  SsdbCompressionSpec *spec = &r->spec;
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  g_autofree char *words = NULL;
  JsonArray *array;
  gsize mark;
  guint n_levels, n;
  double write_ratio, zero_ratio, read_ratio;
  gboolean compresses;

  if (!read_block_size (l, object, "block_size", &spec->block_size, error)
      || !read_uint (l, object, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &spec->queue_depth, error)
      || !read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_bool (l, object, "include_zero", &spec->include_zero, error)
      || !read_uint (l, object, "passes", 1, 9, &spec->passes, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;
  n_levels = ssdb_compression_levels (spec->include_zero, levels);
  if ((array = enter_array (l, object, "levels", n_levels, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  for (guint i = 0; i < n; i++)
    {
      SsdbCompressionPoint p = { 0 };
      gsize item_mark;
      JsonObject *item = array_object (l, array, i, &item_mark, error);

      if (item == NULL || !read_pattern (l, item, "data", &p.data, error)
          || !read_u64 (l, item, "write_bytes", spec->span_length, &p.write_bytes, error)
          || !read_u64 (l, item, "write_window_ns", MAX_WINDOW_NS, &p.write_window_ns, error)
          || !read_number (l, item, "write_bytes_per_second", MAX_BYTES_PER_SECOND,
                           &p.write_bytes_per_second, error)
          || !read_u64 (l, item, "read_bytes", spec->span_length, &p.read_bytes, error)
          || !read_u64 (l, item, "read_window_ns", MAX_WINDOW_NS, &p.read_window_ns, error)
          || !read_number (l, item, "read_bytes_per_second", MAX_BYTES_PER_SECOND,
                           &p.read_bytes_per_second, error))
        return FALSE;
      if (p.data.kind != levels[i].kind
          || p.data.compressible_percent != levels[i].compressible_percent)
        {
          g_autofree char *want = pattern_to_string (&levels[i]);

          path_push_member (l, "data");
          return load_fail (l, error, "level %u of the test is “%s”", i + 1, want);
        }
      if (p.write_bytes != spec->span_length || p.read_bytes != spec->span_length)
        {
          path_push_member (l, p.write_bytes != spec->span_length ? "write_bytes" : "read_bytes");
          return load_fail (l, error,
                            "a level writes and reads the whole span (%" G_GUINT64_FORMAT " bytes)",
                            spec->span_length);
        }
      if (!check_rate (l, "write_bytes_per_second", p.write_bytes_per_second, p.write_bytes,
                       p.write_window_ns, error)
          || !check_rate (l, "read_bytes_per_second", p.read_bytes_per_second, p.read_bytes,
                          p.read_window_ns, error))
        return FALSE;
      g_array_append_val (r->points, p);
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  if (!read_number (l, object, "write_ratio", 1e9, &write_ratio, error)
      || !read_number (l, object, "zero_write_ratio", 1e9, &zero_ratio, error)
      || !read_number (l, object, "read_ratio", 1e9, &read_ratio, error)
      || !read_bool (l, object, "compresses", &compresses, error)
      || !read_words (l, object, "words", &words, error))
    return FALSE;
  ssdb_compression_summarize (r);
  if (!check_derived (l, "write_ratio", write_ratio, r->write_ratio, error)
      || !check_derived (l, "zero_write_ratio", zero_ratio, r->zero_write_ratio, error)
      || !check_derived (l, "read_ratio", read_ratio, r->read_ratio, error))
    return FALSE;
  /* Earlier versions flagged a device on the ratios alone: their reports load, with the
   * current verdict. */
  if (!compresses != !r->compresses
      && !compresses
             != !(write_ratio >= SSDB_COMPRESSION_FLAG_RATIO
                  || read_ratio >= SSDB_COMPRESSION_FLAG_RATIO))
    {
      path_push_member (l, "compresses");
      return load_fail (l, error, "contradicts the ratios");
    }
  /* The stored numbers, which may differ from the recomputed ones in the last bits. */
  r->write_ratio = write_ratio;
  r->zero_write_ratio = zero_ratio;
  r->read_ratio = read_ratio;
  return check_words (l, words, r->words, error);
}

static gboolean
load_trim_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbTrimResult *r,
                GError **error)
{
  SsdbTrimSpec *spec = &r->spec;
  g_autofree char *words = NULL;
  JsonArray *array;
  gsize mark;
  guint n;
  double min_retention;

  if (!read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_uint (l, object, "rounds", 1, SSDB_TRIM_MAX_ROUNDS, &spec->rounds, error)
      || !read_bool (l, object, "discard", &spec->discard, error)
      || !load_behaviour_summary (l, object, spec->span_length, &spec->summary, &spec->test_mask,
                                  error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;
  spec->summary.offset = spec->span_offset;

  if ((array = enter_array (l, object, "round_results", spec->rounds, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  for (guint i = 0; i < n; i++)
    {
      SsdbTrimRound rd = { 0 };
      gsize item_mark;
      JsonObject *item = array_object (l, array, i, &item_mark, error);

      if (item == NULL
          || !read_u64 (l, item, "fill_bytes", spec->span_length, &rd.fill_bytes, error)
          || !read_u64 (l, item, "fill_ns", MAX_WINDOW_NS, &rd.fill_ns, error)
          || !read_number (l, item, "fill_bytes_per_second", MAX_BYTES_PER_SECOND,
                           &rd.fill_bytes_per_second, error)
          || !read_u64 (l, item, "deleted_bytes", spec->span_length, &rd.deleted_bytes, error)
          || !read_u64 (l, item, "delete_ns", MAX_WINDOW_NS, &rd.delete_ns, error))
        return FALSE;
      if (rd.fill_bytes != spec->span_length)
        {
          path_push_member (l, "fill_bytes");
          return load_fail (l, error, "a round fills the whole span (%" G_GUINT64_FORMAT " bytes)",
                            spec->span_length);
        }
      if (rd.deleted_bytes != (spec->discard ? spec->span_length : 0))
        {
          path_push_member (l, "deleted_bytes");
          return load_fail (l, error, "a round %s",
                            spec->discard ? "discards the whole span"
                                          : "without discard deletes "
                                            "nothing");
        }
      if (!check_rate (l, "fill_bytes_per_second", rd.fill_bytes_per_second, rd.fill_bytes,
                       rd.fill_ns, error))
        return FALSE;
      g_array_append_val (r->rounds, rd);
      path_pop (l, item_mark);
    }
  path_pop (l, mark);

  if ((array = enter_array (l, object, "results", MAX_BEHAVIOUR_RATES, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  for (guint i = 0; i < n; i++)
    {
      SsdbTrimTest t = { 0 };
      gsize item_mark;
      JsonObject *item = array_object (l, array, i, &item_mark, error);

      if (item == NULL || !load_test_name (l, item, spec->summary.profile, t.name, &t.rw, error)
          || !read_number (l, item, "before_bytes_per_second", MAX_BYTES_PER_SECOND,
                           &t.before_bytes_per_second, error)
          || !read_number (l, item, "after_bytes_per_second", MAX_BYTES_PER_SECOND,
                           &t.after_bytes_per_second, error)
          || !read_number (l, item, "retention_percent", 1e9, &t.retention_percent, error))
        return FALSE;
      g_array_append_val (r->tests, t);
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  if (!read_number (l, object, "min_retention_percent", 1e9, &min_retention, error)
      || !read_words (l, object, "words", &words, error))
    return FALSE;
  /* Recompute the retentions; each must match what the file says. */
  {
    g_autoptr (GArray) stored = g_array_copy (r->tests);

    ssdb_trim_summarize (r);
    for (guint i = 0; i < stored->len; i++)
      {
        gsize item_mark = path_push_member (l, "results");
        double want = g_array_index (r->tests, SsdbTrimTest, i).retention_percent;

        path_push_index (l, i);

        if (!check_derived (l, "retention_percent",
                            g_array_index (stored, SsdbTrimTest, i).retention_percent, want, error))
          return FALSE;
        path_pop (l, item_mark);
      }
    if (!check_derived (l, "min_retention_percent", min_retention, r->min_retention_percent, error))
      return FALSE;
    g_array_set_size (r->tests, 0);
    g_array_append_vals (r->tests, stored->data, stored->len);
    r->min_retention_percent = min_retention;
  }
  return check_words (l, words, r->words, error);
}

static gboolean
load_freespace_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbFreespaceResult *r,
                     GError **error)
{
  SsdbFreespaceSpec *spec = &r->spec;
  g_autofree char *words = NULL;
  JsonArray *array;
  gsize mark;
  guint n;
  guint64 used = 0;

  if (!read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_uint (l, object, "step_percent", 1, 100, &spec->step_percent, error)
      || !load_behaviour_summary (l, object, spec->span_length, &spec->summary, &spec->test_mask,
                                  error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;
  spec->summary.offset = spec->span_offset + spec->span_length - spec->summary.size;

  if ((array = enter_array (l, object, "steps",
                            1 + (100 + spec->step_percent - 1) / spec->step_percent, &mark, error))
      == NULL)
    return FALSE;
  n = json_array_get_length (array);
  for (guint i = 0; i < n; i++)
    {
      SsdbFreespaceStep s = { 0 };
      gsize item_mark, rates_mark;
      JsonObject *item = array_object (l, array, i, &item_mark, error);
      JsonArray *rates;
      guint n_rates;

      if (item == NULL || !read_uint (l, item, "used_percent", 0, 100, &s.used_percent, error)
          || !read_u64 (l, item, "used_bytes", spec->span_length, &s.used_bytes, error)
          || !read_u64 (l, item, "fill_bytes", spec->span_length, &s.fill_bytes, error)
          || !read_u64 (l, item, "fill_ns", MAX_WINDOW_NS, &s.fill_ns, error)
          || !read_u64 (l, item, "device_write_bytes", G_MAXINT64, &s.device_write_bytes, error)
          || !read_bool (l, item, "counters_valid", &s.counters_valid, error))
        return FALSE;
      if (s.used_percent != MIN (100, i * spec->step_percent))
        {
          path_push_member (l, "used_percent");
          return load_fail (l, error, "step %u of %u %% steps is at %u %%", i + 1,
                            spec->step_percent, MIN (100, i * spec->step_percent));
        }
      if (s.used_bytes < used || s.fill_bytes != s.used_bytes - used
          || (s.used_percent == 100 && s.used_bytes != spec->span_length)
          || s.used_bytes > ssdb_freespace_step_bytes (spec->span_length, s.used_percent, 1))
        {
          path_push_member (l, "used_bytes");
          return load_fail (l, error,
                            "contradicts the step (%u %% of %" G_GUINT64_FORMAT
                            " bytes, %" G_GUINT64_FORMAT " bytes used before it)",
                            s.used_percent, spec->span_length, used);
        }
      used = s.used_bytes;
      if ((rates = enter_array (l, item, "rates", MAX_BEHAVIOUR_RATES, &rates_mark, error)) == NULL)
        return FALSE;
      n_rates = json_array_get_length (rates);
      s.rates = g_array_new (FALSE, TRUE, sizeof (SsdbTestRate));
      g_array_append_val (r->steps, s);
      for (guint j = 0; j < n_rates; j++)
        {
          SsdbTestRate t = { 0 };
          gsize rate_mark;
          JsonObject *ro = array_object (l, rates, j, &rate_mark, error);
          const SsdbFreespaceStep *first = &g_array_index (r->steps, SsdbFreespaceStep, 0);

          if (ro == NULL || !load_test_name (l, ro, spec->summary.profile, t.name, &t.rw, error)
              || !read_number (l, ro, "bytes_per_second", MAX_BYTES_PER_SECOND, &t.bytes_per_second,
                               error))
            return FALSE;
          if (i > 0
              && (j >= first->rates->len
                  || !g_str_equal (g_array_index (first->rates, SsdbTestRate, j).name, t.name)
                  || g_array_index (first->rates, SsdbTestRate, j).rw != t.rw))
            return load_fail (l, error, "every step runs the tests of the first step, in order");
          g_array_append_val (g_array_index (r->steps, SsdbFreespaceStep, i).rates, t);
          path_pop (l, rate_mark);
        }
      if (i > 0 && n_rates != g_array_index (r->steps, SsdbFreespaceStep, 0).rates->len)
        return load_fail (l, error, "every step runs the tests of the first step, in order");
      path_pop (l, rates_mark);
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  if (!read_words (l, object, "words", &words, error))
    return FALSE;
  ssdb_freespace_summarize (r);
  return check_words (l, words, r->words, error);
}

static void
loaded_readback_free (gpointer data)
{
  ssdb_readback_result_free (data);
}

/* A read-after-write test: the passes in run order; the read rates, the difference (a signed
 * number) and the words must agree with them. */
static gboolean
load_readback_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbReadbackResult *r,
                    GError **error)
{
  SsdbFillSpec *spec = &r->spec;
  g_autofree char *words = NULL;
  JsonArray *array;
  gsize mark;
  guint n;
  double first, second, difference;
  /* The order a run makes: write 1, read 1, write 2, read 2. */
  static const guint order_pass[] = { 1, 1, 2, 2 };
  static const SsdbRw order_rw[] = { SSDB_RW_WRITE, SSDB_RW_READ, SSDB_RW_WRITE, SSDB_RW_READ };

  if (!read_block_size (l, object, "block_size", &spec->block_size, error)
      || !read_uint (l, object, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &spec->queue_depth, error)
      || !read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;
  if ((array = enter_array (l, object, "passes", G_N_ELEMENTS (order_pass), &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  for (guint i = 0; i < n; i++)
    {
      gsize item_mark;
      JsonObject *item = array_object (l, array, i, &item_mark, error);
      guint pass, rw;
      guint64 bytes, window_ns;
      double rate;
      gboolean complete;

      if (item == NULL || !read_uint (l, item, "pass", 1, 2, &pass, error)
          || !read_enum (l, item, "rw", fill_rw_names, G_N_ELEMENTS (fill_rw_names), &rw, error)
          || !read_u64 (l, item, "bytes", spec->span_length, &bytes, error)
          || !read_u64 (l, item, "window_ns", MAX_WINDOW_NS, &window_ns, error)
          || !read_number (l, item, "bytes_per_second", MAX_BYTES_PER_SECOND, &rate, error)
          || !read_bool (l, item, "complete", &complete, error))
        return FALSE;
      if (pass != order_pass[i] || rw != order_rw[i])
        return load_fail (l, error, "element %u is the %s of pass %u", i + 1,
                          order_rw[i] == SSDB_RW_WRITE ? "write" : "read", order_pass[i]);
      if (complete != (bytes == spec->span_length))
        {
          path_push_member (l, "complete");
          return load_fail (l, error, "contradicts bytes (the span is %" G_GUINT64_FORMAT " bytes)",
                            spec->span_length);
        }
      if (!check_rate (l, "bytes_per_second", rate, bytes, window_ns, error))
        return FALSE;
      ssdb_readback_add_pass (r, pass, rw, bytes, window_ns, rate, complete);
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  if (!read_number (l, object, "first_read_bytes_per_second", MAX_BYTES_PER_SECOND, &first, error)
      || !read_number (l, object, "second_read_bytes_per_second", MAX_BYTES_PER_SECOND, &second,
                       error)
      || !read_signed_number (l, object, "difference_percent", 1e9, &difference, error)
      || !read_words (l, object, "words", &words, error))
    return FALSE;
  if (!check_derived (l, "first_read_bytes_per_second", first, r->first_read_bytes_per_second,
                      error)
      || !check_derived (l, "second_read_bytes_per_second", second, r->second_read_bytes_per_second,
                         error))
    return FALSE;
  ssdb_readback_summarize (r);
  if (!check_derived (l, "difference_percent", difference, r->difference_percent, error))
    return FALSE;
  r->difference_percent = difference;
  return check_words (l, words, r->words, error);
}

static SsdbReport *
load_root (Loader *l, JsonNode *root_node, GError **error)
{
  g_autoptr (SsdbReport) report = report_alloc ();
  SsdbSummaryResult *summary = NULL;
  JsonObject *root, *kernel;
  JsonArray *tests;
  JsonNode *node;
  gsize mark;
  g_autoptr (GDateTime) created = NULL;
  guint n_tests;

  if (!JSON_NODE_HOLDS_OBJECT (root_node))
    {
      load_fail (l, error, "not an SSD Bench report (the document is %s, not an object)",
                 describe_node (root_node));
      return NULL;
    }
  root = json_node_get_object (root_node);

  if (!load_version (l, root, &report->format_version, error)
      || !read_string (l, root, "tool_version", FALSE, &report->tool_version, error)
      || !read_string (l, root, "created", FALSE, &report->created, error))
    return NULL;
  created = g_date_time_new_from_iso8601 (report->created, NULL);
  if (created == NULL)
    {
      path_push_member (l, "created");
      load_fail (l, error, "“%s” is not an ISO 8601 date and time", report->created);
      return NULL;
    }
  if (!read_int (l, root, "created_unix", 0, G_MAXINT64, &report->created_unix, error)
      || !read_string (l, root, "host", FALSE, &report->host, error))
    return NULL;

  if ((kernel = enter_object (l, root, "kernel", &mark, error)) == NULL
      || !read_string (l, kernel, "release", FALSE, &report->kernel_release, error)
      || !read_string (l, kernel, "machine", FALSE, &report->kernel_machine, error))
    return NULL;
  path_pop (l, mark);

  if (!load_target (l, root, report, error))
    return NULL;

  if ((node = member (l, root, "summary", &mark, error)) == NULL)
    return NULL;
  if (JSON_NODE_HOLDS_OBJECT (node))
    {
      summary = g_new0 (SsdbSummaryResult, 1);
      summary->entries = g_ptr_array_new_with_free_func (loaded_entry_free);
      report->summary = summary;
      report->summary_free = loaded_summary_free;
      if (!load_summary_settings (l, json_node_get_object (node), summary, error))
        return NULL;
    }
  else if (!JSON_NODE_HOLDS_NULL (node))
    {
      load_fail (l, error, "expected an object or null, found %s", describe_node (node));
      return NULL;
    }
  path_pop (l, mark);

  if ((tests = enter_array (l, root, "tests", SSDB_REPORT_MAX_TESTS, &mark, error)) == NULL)
    return NULL;
  n_tests = json_array_get_length (tests);
  for (guint i = 0; i < n_tests; i++)
    {
      JsonNode *test = json_array_get_element (tests, i);
      gsize test_mark = path_push_index (l, i);
      JsonObject *object;
      guint kind;
      SsdbSummaryEntry *entry;

      if (!JSON_NODE_HOLDS_OBJECT (test))
        {
          load_fail (l, error, "expected an object, found %s", describe_node (test));
          return NULL;
        }
      object = json_node_get_object (test);
      if (!read_enum (l, object, "kind", test_kind_names, G_N_ELEMENTS (test_kind_names), &kind,
                      error))
        return NULL;
      if (kind == TEST_KIND_SURFACE)
        {
          SsdbSurfaceSpec spec;

          if (report->surface != NULL)
            {
              load_fail (l, error, "a report holds at most one surface test");
              return NULL;
            }
          ssdb_surface_spec_init (&spec);
          report->surface = ssdb_surface_result_new (&spec);
          report->surface_free = loaded_surface_free;
          if (!load_surface_test (l, object, report->target.size_bytes, report->surface, error))
            return NULL;
          path_pop (l, test_mark);
          continue;
        }
      if (kind == TEST_KIND_FILL)
        {
          SsdbFillSpec spec;

          if (report->fill != NULL)
            {
              load_fail (l, error, "a report holds at most one fill test");
              return NULL;
            }
          ssdb_fill_spec_init (&spec);
          report->fill = ssdb_fill_result_new (&spec);
          report->fill_free = loaded_fill_free;
          if (!load_fill_test (l, object, report->target.size_bytes, report->fill, error))
            return NULL;
          path_pop (l, test_mark);
          continue;
        }
      if (kind == TEST_KIND_ACCESS)
        {
          SsdbAccessSpec spec;

          if (report->access != NULL)
            {
              load_fail (l, error, "a report holds at most one access test");
              return NULL;
            }
          ssdb_access_spec_init (&spec);
          spec.n_depths = 0;
          report->access = ssdb_access_result_new (&spec);
          report->access_free = loaded_access_free;
          if (!load_access_test (l, object, report->target.size_bytes, report->access, error))
            return NULL;
          path_pop (l, test_mark);
          continue;
        }
      if (kind == TEST_KIND_SWEEP)
        {
          SsdbSweepSpec spec;

          if (report->sweep != NULL)
            {
              load_fail (l, error, "a report holds at most one sweep test");
              return NULL;
            }
          ssdb_sweep_spec_init (&spec);
          report->sweep = ssdb_sweep_result_new (&spec);
          report->sweep_free = loaded_sweep_free;
          if (!load_sweep_test (l, object, report->target.size_bytes, report->sweep, error))
            return NULL;
          path_pop (l, test_mark);
          continue;
        }
      if (kind == TEST_KIND_WORKLOAD)
        {
          SsdbWorkloadSpec spec;

          if (report->workload != NULL)
            {
              load_fail (l, error, "a report holds at most one workload test");
              return NULL;
            }
          ssdb_workload_spec_init_preset (&spec, SSDB_WORKLOAD_DATABASE);
          report->workload = ssdb_workload_result_new (&spec);
          report->workload_free = loaded_workload_free;
          if (!load_workload_test (l, object, report->target.size_bytes, report->workload, error))
            return NULL;
          path_pop (l, test_mark);
          continue;
        }
      if (kind == TEST_KIND_RECOVERY)
        {
          SsdbRecoverySpec spec;

          if (report->recovery != NULL)
            {
              load_fail (l, error, "a report holds at most one recovery test");
              return NULL;
            }
          ssdb_recovery_spec_init (&spec);
          report->recovery = ssdb_recovery_result_new (&spec);
          report->recovery_free = loaded_recovery_free;
          if (!load_recovery_test (l, object, report->target.size_bytes, report->recovery, error))
            return NULL;
          path_pop (l, test_mark);
          continue;
        }
      if (kind == TEST_KIND_CONSISTENCY)
        {
          SsdbConsistencySpec spec;

          if (report->consistency != NULL)
            {
              load_fail (l, error, "a report holds at most one consistency test");
              return NULL;
            }
          ssdb_consistency_spec_init (&spec);
          report->consistency = ssdb_consistency_result_new (&spec);
          report->consistency_free = loaded_consistency_free;
          if (!load_consistency_test (l, object, report->target.size_bytes, report->consistency,
                                      error))
            return NULL;
          path_pop (l, test_mark);
          continue;
        }
      if (kind == TEST_KIND_COMPRESSION)
        {
          SsdbCompressionSpec spec;

          if (report->compression != NULL)
            {
              load_fail (l, error, "a report holds at most one compression test");
              return NULL;
            }
          ssdb_compression_spec_init (&spec);
          report->compression = ssdb_compression_result_new (&spec);
          report->compression_free = loaded_compression_free;
          if (!load_compression_test (l, object, report->target.size_bytes, report->compression,
                                      error))
            return NULL;
          path_pop (l, test_mark);
          continue;
        }
      if (kind == TEST_KIND_TRIM)
        {
          SsdbTrimSpec spec;

          if (report->trim != NULL)
            {
              load_fail (l, error, "a report holds at most one trim test");
              return NULL;
            }
          ssdb_trim_spec_init (&spec);
          report->trim = ssdb_trim_result_new (&spec);
          report->trim_free = loaded_trim_free;
          if (!load_trim_test (l, object, report->target.size_bytes, report->trim, error))
            return NULL;
          path_pop (l, test_mark);
          continue;
        }
      if (kind == TEST_KIND_READBACK)
        {
          SsdbFillSpec spec;

          if (report->readback != NULL)
            {
              load_fail (l, error, "a report holds at most one readback test");
              return NULL;
            }
          ssdb_fill_spec_init (&spec);
          report->readback = ssdb_readback_result_new (&spec);
          report->readback_free = loaded_readback_free;
          if (!load_readback_test (l, object, report->target.size_bytes, report->readback, error))
            return NULL;
          path_pop (l, test_mark);
          continue;
        }
      if (kind == TEST_KIND_FREESPACE)
        {
          SsdbFreespaceSpec spec;

          if (report->freespace != NULL)
            {
              load_fail (l, error, "a report holds at most one freespace test");
              return NULL;
            }
          ssdb_freespace_spec_init (&spec);
          report->freespace = ssdb_freespace_result_new (&spec);
          report->freespace_free = loaded_freespace_free;
          if (!load_freespace_test (l, object, report->target.size_bytes, report->freespace, error))
            return NULL;
          path_pop (l, test_mark);
          continue;
        }
      if (summary == NULL)
        {
          load_fail (l, error, "a summary test needs the top-level “summary” settings");
          return NULL;
        }

      entry = g_new0 (SsdbSummaryEntry, 1);
      entry->passes = g_array_new (FALSE, TRUE, sizeof (SsdbIoResult));
      g_ptr_array_add (summary->entries, entry);
      if (!load_summary_test (l, object, summary->spec.count, entry, error))
        return NULL;
      path_pop (l, test_mark);
    }
  path_pop (l, mark);

  return g_steal_pointer (&report);
}

static void
set_too_large (GError **error, const char *name, guint64 length)
{
  g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT,
               "%s: %" G_GUINT64_FORMAT " bytes, larger than a report may be (%u bytes, 64 MiB)",
               name, length, SSDB_REPORT_MAX_BYTES);
}

/* @text must be NUL-terminated at @length. */
static SsdbReport *
load_text (const char *text, gsize length, const char *name, GError **error)
{
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GString) path = g_string_new (NULL);
  Loader l = { name, path };

  if (length > SSDB_REPORT_MAX_BYTES)
    {
      set_too_large (error, name, length);
      return NULL;
    }
  if ((root = parse_text (text, length, name, error)) == NULL)
    return NULL;
  return load_root (&l, root, error);
}

SsdbReport *
ssdb_report_load_from_data (const char *data, gsize length, const char *display_name,
                            GError **error)
{
  g_autofree char *copy = NULL;
  const char *name = display_name != NULL ? display_name : "report";

  g_return_val_if_fail (data != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length > SSDB_REPORT_MAX_BYTES)
    {
      set_too_large (error, name, length);
      return NULL;
    }
  copy = g_malloc (length + 1);
  if (length > 0)
    memcpy (copy, data, length);
  copy[length] = '\0';
  return load_text (copy, length, name, error);
}

/* Reads a regular file of at most SSDB_REPORT_MAX_BYTES, refusing anything larger before
 * reading it (and anything that grows past the limit while being read). */
static char *
read_report_file (const char *path, gsize *length, GError **error)
{
  g_autofree char *data = NULL;
  gsize size, capacity;
  struct stat st;
  int fd, errsv;

  fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK, 0);
  if (fd < 0)
    {
      errsv = errno;
      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "%s: cannot open: %s", path,
                   g_strerror (errsv));
      return NULL;
    }
  if (fstat (fd, &st) < 0)
    {
      errsv = errno;
      close (fd);
      g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "%s: cannot read: %s", path,
                   g_strerror (errsv));
      return NULL;
    }
  if (!S_ISREG (st.st_mode))
    {
      close (fd);
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_REPORT, "%s: not a regular file; not a report",
                   path);
      return NULL;
    }
  if (st.st_size > (off_t)SSDB_REPORT_MAX_BYTES)
    {
      close (fd);
      set_too_large (error, path, (guint64)st.st_size);
      return NULL;
    }

  capacity = (gsize)st.st_size + 1;
  data = g_malloc (capacity + 1);
  size = 0;
  for (;;)
    {
      ssize_t n;

      if (size == capacity)
        {
          if (capacity > SSDB_REPORT_MAX_BYTES)
            {
              close (fd);
              set_too_large (error, path, size);
              return NULL;
            }
          capacity = MIN (capacity * 2, (gsize)SSDB_REPORT_MAX_BYTES + 1);
          data = g_realloc (data, capacity + 1);
        }
      n = read (fd, data + size, capacity - size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        {
          errsv = errno;
          close (fd);
          g_set_error (error, SSDB_ERROR, ssdb_error_from_errno (errsv), "%s: cannot read: %s",
                       path, g_strerror (errsv));
          return NULL;
        }
      if (n == 0)
        break;
      size += (gsize)n;
    }
  close (fd);

  data[size] = '\0';
  *length = size;
  return g_steal_pointer (&data);
}

SsdbReport *
ssdb_report_load (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((data = read_report_file (path, &length, error)) == NULL)
    return NULL;
  return load_text (data, length, path, error);
}
