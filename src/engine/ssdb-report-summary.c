/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-report-private.h"

#include <math.h>
#include <string.h>

/* Names of enumerations in the file: part of the format, independent of any UI text. */
static const char *const access_names[] = { "sequential", "random" };

G_STATIC_ASSERT (G_N_ELEMENTS (access_names) == SSDB_ACCESS_RANDOM + 1);

/* -------------------------------------------------------------------------------------------- */
/* Summary tests                                                                                */

/* A summary read from a file: every part allocated here, freed here. */
void
loaded_entry_free (gpointer data)
{
  SsdbSummaryEntry *entry = data;

  g_clear_pointer (&entry->passes, g_array_unref);
  g_free (entry->fio_command);
  g_free (entry->message);
  g_free (entry);
}

void
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
  if (result->unwritten_source != SSDB_UNWRITTEN_UNKNOWN)
    {
      json_builder_set_member_name (b, "unwritten");
      json_builder_begin_object (b);
      add_int (b, "percent", result->unwritten_percent);
      add_string (b, "source", ssdb_unwritten_source_to_string (result->unwritten_source));
      json_builder_end_object (b);
    }
  build_temperature (b, result->temperature);
  build_drive_counts (b, result->drive_counts);
  if (result->imported != NULL)
    {
      const SsdbSummaryImport *im = result->imported;

      json_builder_set_member_name (b, "imported");
      json_builder_begin_object (b);
      add_string (b, "tool", im->tool);
      add_string (b, "version", im->version);
      add_string (b, "file", im->file);
      add_string (b, "settings", im->settings);
      add_string (b, "date", im->date);
      add_string (b, "system", im->system);
      json_builder_end_object (b);
    }
  json_builder_end_object (b);
}

/* The tools an imported summary may name (ssdb-import.c makes them). */
static const char *const import_tools[] = { "fio", "CrystalDiskMark", "KDiskMark" };

static gboolean
load_summary_import (Loader *l, JsonObject *object, SsdbSummaryResult *result, GError **error)
{
  g_autoptr (SsdbSummaryImport) im = NULL;
  JsonObject *o;
  gsize mark;
  gboolean known = FALSE;

  if (!json_object_has_member (object, "imported"))
    return TRUE;
  im = g_new0 (SsdbSummaryImport, 1);
  if ((o = enter_object (l, object, "imported", &mark, error)) == NULL
      || !read_string (l, o, "tool", FALSE, &im->tool, error)
      || !read_string (l, o, "version", TRUE, &im->version, error)
      || !read_string (l, o, "file", FALSE, &im->file, error)
      || !read_string (l, o, "settings", TRUE, &im->settings, error)
      || !read_string (l, o, "date", TRUE, &im->date, error)
      || !read_string (l, o, "system", TRUE, &im->system, error))
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (import_tools); i++)
    known = known || g_str_equal (im->tool, import_tools[i]);
  if (!known)
    {
      path_push_member (l, "tool");
      return load_fail (l, error,
                        "unknown tool “%s” (expected “fio”, “CrystalDiskMark” or "
                        "“KDiskMark”)",
                        im->tool);
    }
  path_pop (l, mark);
  result->imported = g_steal_pointer (&im);
  return TRUE;
}

void
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
  if (entry->quoted.mean_ns > 0 || entry->quoted.p99_ns > 0 || entry->quoted.max_ns > 0)
    {
      json_builder_set_member_name (b, "quoted_latency_ns");
      json_builder_begin_object (b);
      add_double (b, "mean", entry->quoted.mean_ns);
      add_double (b, "p99", entry->quoted.p99_ns);
      add_double (b, "max", entry->quoted.max_ns);
      json_builder_end_object (b);
    }
  /* The spread across the passes (derived from "passes"; optional, earlier reports have none
   * and a reader recomputes it). */
  {
    double lo, hi;

    if (ssdb_summary_entry_spread (entry, &lo, &hi) > 0)
      {
        json_builder_set_member_name (b, "spread");
        json_builder_begin_object (b);
        add_double (b, "min_bytes_per_second", lo);
        add_double (b, "max_bytes_per_second", hi);
        json_builder_end_object (b);
      }
  }

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

gboolean
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
  /* The latency an imported file states; only in imported summaries. */
  if (json_object_has_member (object, "quoted_latency_ns"))
    {
      JsonObject *q;
      gsize q_mark;

      if ((q = enter_object (l, object, "quoted_latency_ns", &q_mark, error)) == NULL
          || !read_number (l, q, "mean", (double)MAX_RUN_NS, &entry->quoted.mean_ns, error)
          || !read_number (l, q, "p99", (double)MAX_RUN_NS, &entry->quoted.p99_ns, error)
          || !read_number (l, q, "max", (double)MAX_RUN_NS, &entry->quoted.max_ns, error))
        return FALSE;
      path_pop (l, q_mark);
    }

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

gboolean
load_summary_settings (Loader *l, JsonObject *object, SsdbSummaryResult *result, GError **error)
{
  SsdbSummarySpec *spec = &result->spec;
  guint profile, aggregate;
  gint64 started;

  if (!load_drive_state (l, object, &result->temperature, &result->drive_counts, error)
      || !load_summary_import (l, object, result, error)
      || !read_enum (l, object, "profile", profile_names, G_N_ELEMENTS (profile_names), &profile,
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
  /* Looked at only when the region could not be filled; absent in reports from before. */
  if (json_object_has_member (object, "unwritten"))
    {
      g_autofree char *source = NULL;
      JsonObject *unwritten;
      gsize mark;

      if ((unwritten = enter_object (l, object, "unwritten", &mark, error)) == NULL
          || !read_uint (l, unwritten, "percent", 0, 100, &result->unwritten_percent, error)
          || !read_string (l, unwritten, "source", FALSE, &source, error))
        return FALSE;
      if (!ssdb_unwritten_source_from_string (source, &result->unwritten_source)
          || result->unwritten_source == SSDB_UNWRITTEN_UNKNOWN)
        return load_fail (l, error,
                          "unknown source “%s” (expected “zram”, “allocation” or "
                          "“zero-sample”)",
                          source);
      path_pop (l, mark);
    }
  spec->profile = profile;
  spec->aggregate = aggregate;
  result->started_unix = started;
  return TRUE;
}

/* The summary's test objects, one per entry. */
void
build_summary_tests (JsonBuilder *b, const SsdbSummaryResult *summary)
{
  if (summary->entries != NULL)
    for (guint i = 0; i < summary->entries->len; i++)
      build_summary_test (b, g_ptr_array_index (summary->entries, i));
}

/* A summary test object: a new entry of @summary, the summary read from the top-level settings
 * (%NULL when the report has none). */
gboolean
load_summary_entry (Loader *l, JsonObject *object, guint64 target_bytes, SsdbSummaryResult *summary,
                    GError **error)
{
  SsdbSummaryEntry *entry;

  if (summary == NULL)
    return load_fail (l, error, "a summary test needs the top-level “summary” settings");

  entry = g_new0 (SsdbSummaryEntry, 1);
  entry->imported = summary->imported != NULL;
  entry->passes = g_array_new (FALSE, TRUE, sizeof (SsdbIoResult));
  g_ptr_array_add (summary->entries, entry);
  return load_summary_test (l, object, summary->spec.count, entry, error);
}
