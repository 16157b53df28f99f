/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The copy test's object in a report (AS SSD's Copy-Benchmark): its settings and one row per file
 * set; the loader checks each row that ran against the set's exact shape and the rate against
 * the bytes over the time (docs/report-format.md). */
#include "config.h"

#include "ssdb-report-private.h"

static const char *const method_names[] = { "direct", "cached" };
static const char *const set_names[] = { "iso", "program", "game" };

void
build_copy_test (JsonBuilder *b, const SsdbCopyResult *r)
{
  json_builder_begin_object (b);
  add_string (b, "kind", "copy");
  add_int (b, "scale", r->spec.scale);
  add_string (b, "method", method_names[r->spec.method]);
  add_seed (b, "seed", r->spec.seed);
  add_u64 (b, "prepare_ns", r->prepare_ns);
  add_bool (b, "cancelled", r->cancelled);
  json_builder_set_member_name (b, "rows");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->n_rows; i++)
    {
      const SsdbCopyRow *row = &r->rows[i];

      json_builder_begin_object (b);
      add_string (b, "set", set_names[row->set]);
      add_string (b, "state", state_names[row->state]);
      add_int (b, "files", row->files);
      add_int (b, "dirs", row->dirs);
      add_u64 (b, "bytes", row->bytes);
      add_u64 (b, "elapsed_ns", row->elapsed_ns);
      add_double (b, "bytes_per_second", row->bytes_per_second);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  build_drive_state_end (b, r->temperature, r->drive_counts);
}

/* An empty result for a test object to be read into: no set. */
gpointer
copy_load_new (void)
{
  SsdbCopySpec spec;

  ssdb_copy_spec_init (&spec);
  for (guint i = 0; i < SSDB_COPY_N_SETS; i++)
    spec.sets[i] = FALSE;
  return ssdb_copy_result_new (&spec);
}

static gboolean
load_row (Loader *l, JsonObject *item, const SsdbCopySpec *spec, SsdbCopyRow *row, GError **error)
{
  SsdbCopySetShape shape;
  guint state;

  if (!read_enum (l, item, "state", state_names, SSDB_ENTRY_FAILED + 1, &state, error)
      || !read_uint (l, item, "files", 0, G_MAXINT, &row->files, error)
      || !read_uint (l, item, "dirs", 0, G_MAXINT, &row->dirs, error)
      || !read_u64 (l, item, "bytes", G_MAXINT64, &row->bytes, error)
      || !read_u64 (l, item, "elapsed_ns", MAX_WINDOW_NS, &row->elapsed_ns, error)
      || !read_number (l, item, "bytes_per_second", MAX_BYTES_PER_SECOND, &row->bytes_per_second,
                       error))
    return FALSE;
  row->state = (SsdbEntryState)state;
  if (state == SSDB_ENTRY_SKIPPED || state == SSDB_ENTRY_RUNNING)
    {
      path_push_member (l, "state");
      return load_fail (l, error, "a copy row is pending, done, cancelled or failed");
    }
  ssdb_copy_set_shape (row->set, spec->scale, &shape);
  if (state == SSDB_ENTRY_DONE
      && (row->files != shape.files || row->dirs != shape.dirs || row->bytes != shape.bytes))
    return load_fail (l, error,
                      "copied %u files, %u folders, %" G_GUINT64_FORMAT " bytes; the %s set at "
                      "scale %u holds %u files, %u folders, %" G_GUINT64_FORMAT " bytes",
                      row->files, row->dirs, row->bytes, set_names[row->set], spec->scale,
                      shape.files, shape.dirs, shape.bytes);
  if (row->files > shape.files || row->dirs > shape.dirs || row->bytes > shape.bytes)
    return load_fail (l, error, "copied more than the %s set holds", set_names[row->set]);
  if (state != SSDB_ENTRY_DONE && row->elapsed_ns != 0)
    {
      path_push_member (l, "elapsed_ns");
      return load_fail (l, error, "a row that did not finish has no time");
    }
  if (state == SSDB_ENTRY_DONE && row->elapsed_ns == 0)
    {
      path_push_member (l, "elapsed_ns");
      return load_fail (l, error, "a finished row took some time");
    }
  return check_rate (l, "bytes_per_second", row->bytes_per_second, row->bytes, row->elapsed_ns,
                     error);
}

gboolean
load_copy_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbCopyResult *r,
                GError **error)
{
  SsdbCopySpec *spec = &r->spec;
  JsonArray *array;
  guint method, n;
  gsize mark;
  int last = -1;

  (void)target_bytes;
  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_uint (l, object, "scale", SSDB_COPY_MIN_SCALE, SSDB_COPY_MAX_SCALE, &spec->scale,
                     error)
      || !read_enum (l, object, "method", method_names, G_N_ELEMENTS (method_names), &method, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_u64 (l, object, "prepare_ns", MAX_WINDOW_NS, &r->prepare_ns, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;
  spec->method = (SsdbCopyMethod)method;
  if ((array = enter_array (l, object, "rows", SSDB_COPY_N_SETS, &mark, error)) == NULL)
    return FALSE;
  n = array_length (l, array);
  if (n == 0)
    return load_fail (l, error, "holds no set (expected rows of “iso”, “program” or “game”)");
  for (guint i = 0; i < n; i++)
    {
      SsdbCopyRow *row = &r->rows[i];
      gsize item_mark;
      JsonObject *item = array_object (l, array, i, &item_mark, error);
      guint set;

      if (item == NULL || !read_enum (l, item, "set", set_names, SSDB_COPY_N_SETS, &set, error))
        return FALSE;
      if ((int)set <= last)
        {
          path_push_member (l, "set");
          return load_fail (l, error,
                            "“%s” comes after “%s”: the sets are iso, program, game, "
                            "each at most once",
                            set_names[set], set_names[last]);
        }
      last = (int)set;
      row->set = (SsdbCopySet)set;
      spec->sets[set] = TRUE;
      r->n_rows = i + 1;
      if (!load_row (l, item, spec, row, error))
        return FALSE;
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  return TRUE;
}
