/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The random-access table's test object in a report (HD Tune Pro's "Random Access" tab): its
 * settings, its rows with their numbers, fio commands and access-time dots; the loader checks
 * every number against the others (docs/report-format.md). */
#include "config.h"

#include "ssdb-report-private.h"

/* The optional "unwritten" object: the share of a span read without being filled first. */
void
build_unwritten_opt (JsonBuilder *b, guint percent, SsdbUnwrittenSource source)
{
  if (source == SSDB_UNWRITTEN_UNKNOWN)
    return;
  json_builder_set_member_name (b, "unwritten");
  json_builder_begin_object (b);
  add_int (b, "percent", percent);
  add_string (b, "source", ssdb_unwritten_source_to_string (source));
  json_builder_end_object (b);
}

/* Reads the optional "unwritten" object; a span @filled first has none. */
gboolean
load_unwritten_opt (Loader *l, JsonObject *object, gboolean filled, guint *percent,
                    SsdbUnwrittenSource *source, GError **error)
{
  g_autofree char *name = NULL;
  JsonObject *unwritten;
  gsize umark;

  if (!json_object_has_member (object, "unwritten"))
    return TRUE;
  if ((unwritten = enter_object (l, object, "unwritten", &umark, error)) == NULL
      || !read_uint (l, unwritten, "percent", 0, 100, percent, error)
      || !read_string (l, unwritten, "source", FALSE, &name, error))
    return FALSE;
  if (!ssdb_unwritten_source_from_string (name, source) || *source == SSDB_UNWRITTEN_UNKNOWN)
    {
      path_push_member (l, "source");
      return load_fail (
          l, error, "unknown source “%s” (expected “zram”, “allocation” or “zero-sample”)", name);
    }
  if (filled)
    return load_fail (l, error, "a span filled before the reads has no unwritten part");
  path_pop (l, umark);
  return TRUE;
}

void
build_randomaccess_test (JsonBuilder *b, const SsdbRandomAccessResult *r)
{
  const SsdbRandomAccessSpec *spec = &r->spec;

  json_builder_begin_object (b);
  add_string (b, "kind", "randomaccess");
  json_builder_set_member_name (b, "sizes");
  json_builder_begin_array (b);
  for (guint i = 0; i < spec->n_sizes && i < SSDB_RANDOM_ACCESS_MAX_SIZES; i++)
    json_builder_add_int_value (b, spec->sizes[i]);
  json_builder_end_array (b);
  add_bool (b, "mixed", spec->mixed);
  add_bool (b, "read", spec->do_read);
  add_bool (b, "write", spec->do_write);
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_u64 (b, "row_duration_ns", spec->row_duration_ns);
  add_u64 (b, "row_ios", spec->row_ios);
  add_int (b, "max_dots", spec->max_dots);
  add_bool (b, "fill", spec->fill);
  add_pattern (b, "data", &spec->data);
  add_seed (b, "seed", spec->seed);
  add_u64 (b, "prepare_ns", r->prepare_ns);
  add_bool (b, "filled", r->filled);
  build_unwritten_opt (b, r->unwritten_percent, r->unwritten_source);
  add_bool (b, "cancelled", r->cancelled);

  json_builder_set_member_name (b, "rows");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->rows->len; i++)
    {
      const SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);

      json_builder_begin_object (b);
      add_int (b, "size", row->size);
      add_bool (b, "mixed", row->mixed);
      add_string (b, "rw", rw_names[row->rw]);
      add_string (b, "state", state_names[row->state]);
      build_io_measure (b, &row->measure);
      json_builder_set_member_name (b, "dots");
      json_builder_begin_array (b);
      for (guint k = 0; row->dots != NULL && k < row->dots->len; k++)
        {
          const SsdbRandomAccessDot *d = &g_array_index (row->dots, SsdbRandomAccessDot, k);

          json_builder_begin_object (b);
          add_u64 (b, "offset", d->offset);
          add_u64 (b, "latency_ns", d->latency_ns);
          add_int (b, "size", d->size);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  build_drive_state_end (b, r->temperature, r->drive_counts);
}

/* An empty result for a test object to be read into: no sizes, no rows. */
gpointer
randomaccess_load_new (void)
{
  SsdbRandomAccessSpec spec;

  ssdb_random_access_spec_init (&spec);
  spec.n_sizes = 0;
  spec.do_read = FALSE;
  spec.do_write = FALSE;
  return ssdb_random_access_result_new (&spec);
}

/* Reads "sizes": 1 to SSDB_RANDOM_ACCESS_MAX_SIZES rising sizes; only the first may be 0 (the
 * logical block size of a run that never resolved it). */
static gboolean
load_sizes (Loader *l, JsonObject *object, SsdbRandomAccessSpec *spec, GError **error)
{
  JsonArray *array;
  gsize mark;
  guint n;

  if ((array = enter_array (l, object, "sizes", SSDB_RANDOM_ACCESS_MAX_SIZES, &mark, error))
      == NULL)
    return FALSE;
  n = json_array_get_length (array);
  if (n == 0)
    return load_fail (l, error, "holds no transfer size");
  for (guint i = 0; i < n; i++)
    {
      JsonNode *node = json_array_get_element (array, i);
      gsize item_mark = path_push_index (l, i);
      gint64 v;

      if (!check_int (l, node, i == 0 ? 0 : 1, SSDB_MAX_BLOCK_SIZE, &v, error))
        return FALSE;
      if (i > 0 && (guint)v <= spec->sizes[i - 1])
        return load_fail (l, error, "%" G_GINT64_FORMAT " does not rise above %u", v,
                          spec->sizes[i - 1]);
      spec->sizes[i] = (guint)v;
      path_pop (l, item_mark);
    }
  spec->n_sizes = n;
  path_pop (l, mark);
  return TRUE;
}

/* Reads the dots of @row and checks them against it and the span. */
static gboolean
load_dots (Loader *l, JsonObject *object, const SsdbRandomAccessSpec *spec,
           SsdbRandomAccessRow *row, GError **error)
{
  guint64 span_end = spec->span_offset + spec->span_length;
  guint expected = (guint)MIN ((guint64)spec->max_dots, row->ios);
  JsonArray *array;
  gsize mark;
  guint n;

  if ((array = enter_array (l, object, "dots", spec->max_dots, &mark, error)) == NULL)
    return FALSE;
  n = array_length (l, array);
  if (n != expected)
    return load_fail (l, error, "holds %u dots; %" G_GUINT64_FORMAT " requests keep %u", n,
                      row->ios, expected);
  g_array_set_size (row->dots, n);
  for (guint i = 0; i < n; i++)
    {
      SsdbRandomAccessDot *d = &g_array_index (row->dots, SsdbRandomAccessDot, i);
      JsonObject *item;
      gsize item_mark;
      gboolean size_ok;
      guint align;

      if ((item = array_object (l, array, i, &item_mark, error)) == NULL
          || !read_u64 (l, item, "offset", G_MAXUINT64, &d->offset, error)
          || !read_u64 (l, item, "latency_ns", row->max_ns, &d->latency_ns, error)
          || !read_uint (l, item, "size", 1, SSDB_MAX_BLOCK_SIZE, &d->size, error))
        return FALSE;
      size_ok = row->mixed ? FALSE : d->size == row->size;
      for (guint k = 0; row->mixed && k < spec->n_sizes; k++)
        size_ok = size_ok || d->size == spec->sizes[k];
      if (!size_ok)
        {
          path_push_member (l, "size");
          return load_fail (l, error, "%u is not a size of the row", d->size);
        }
      align = row->mixed ? spec->sizes[0] : row->size;
      if (d->offset < spec->span_offset || d->offset > span_end || d->size > span_end - d->offset
          || (d->offset - spec->span_offset) % align != 0)
        {
          path_push_member (l, "offset");
          return load_fail (l, error,
                            "%" G_GUINT64_FORMAT " is not a %u-byte step from the span's start "
                            "with the request inside the span [%" G_GUINT64_FORMAT
                            ", %" G_GUINT64_FORMAT ")",
                            d->offset, align, spec->span_offset, span_end);
        }
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  return TRUE;
}

static gboolean
load_row (Loader *l, JsonObject *item, const SsdbRandomAccessSpec *spec, SsdbRw rw_expected,
          gboolean mixed_expected, guint size_expected, SsdbRandomAccessRow *row, GError **error)
{
  guint rw, state;
  gboolean mixed;
  guint64 lo, hi;

  if (!read_uint (l, item, "size", 0, SSDB_MAX_BLOCK_SIZE, &row->size, error)
      || !read_bool (l, item, "mixed", &mixed, error)
      || !read_enum (l, item, "rw", rw_names, 2, &rw, error)
      || !read_enum (l, item, "state", state_names, SSDB_ENTRY_FAILED + 1, &state, error))
    return FALSE;
  if (row->size != size_expected || mixed != mixed_expected || rw != rw_expected)
    return load_fail (l, error,
                      "is not the row the settings put here (%s %s of %u bytes, found %s%s of "
                      "%u bytes)",
                      mixed_expected ? "mixed" : "fixed-size", rw_names[rw_expected], size_expected,
                      mixed ? "mixed " : "", rw_names[rw], row->size);
  row->mixed = mixed;
  row->rw = (SsdbRw)rw;
  row->state = (SsdbEntryState)state;
  if (state == SSDB_ENTRY_SKIPPED)
    {
      path_push_member (l, "state");
      return load_fail (l, error, "a random-access row is never skipped");
    }
  if (!load_io_measure (l, item, &row->measure, error))
    return FALSE;
  if ((state == SSDB_ENTRY_PENDING || spec->sizes[0] == 0)
      && (row->ios != 0 || row->window_ns != 0))
    {
      path_push_member (l, "ios");
      return load_fail (l, error, "a row that never ran has no requests");
    }
  /* bytes: whole requests of the row's size, or of the mix's sizes */
  lo = row->mixed ? spec->sizes[0] : row->size;
  hi = row->size;
  if (row->ios > G_MAXUINT64 / MAX (hi, 1) || row->bytes < row->ios * lo
      || row->bytes > row->ios * hi)
    {
      path_push_member (l, "bytes");
      return load_fail (l, error,
                        "%" G_GUINT64_FORMAT " is not %" G_GUINT64_FORMAT " requests of the row's "
                        "size%s",
                        row->bytes, row->ios, row->mixed ? "s" : "");
    }
  if (!check_rate (l, "iops", row->iops, row->ios, row->window_ns, error)
      || !check_rate (l, "bytes_per_second", row->bytes_per_second, row->bytes, row->window_ns,
                      error))
    return FALSE;
  return load_dots (l, item, spec, row, error);
}

gboolean
load_randomaccess_test (Loader *l, JsonObject *object, guint64 target_bytes,
                        SsdbRandomAccessResult *r, GError **error)
{
  SsdbRandomAccessSpec *spec = &r->spec;
  guint per, want;
  JsonArray *array;
  gsize mark;

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !load_sizes (l, object, spec, error)
      || !read_bool (l, object, "mixed", &spec->mixed, error)
      || !read_bool (l, object, "read", &spec->do_read, error)
      || !read_bool (l, object, "write", &spec->do_write, error)
      || !read_span_or_rest (l, object, target_bytes ? target_bytes : G_MAXUINT64,
                             &spec->span_offset, &spec->span_length, error)
      || !read_u64 (l, object, "row_duration_ns", MAX_RUN_NS, &spec->row_duration_ns, error)
      || !read_u64 (l, object, "row_ios", G_MAXUINT64 / SSDB_MAX_BLOCK_SIZE, &spec->row_ios, error)
      || !read_uint (l, object, "max_dots", 0, SSDB_RANDOM_ACCESS_MAX_DOTS, &spec->max_dots, error)
      || !read_bool (l, object, "fill", &spec->fill, error)
      || !read_pattern (l, object, "data", &spec->data, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_u64 (l, object, "prepare_ns", MAX_WINDOW_NS, &r->prepare_ns, error)
      || !read_bool (l, object, "filled", &r->filled, error))
    return FALSE;
  if (!spec->do_read && !spec->do_write)
    {
      path_push_member (l, "read");
      return load_fail (l, error, "a random-access test reads, writes or both");
    }
  if (spec->row_duration_ns == 0 && spec->row_ios == 0)
    {
      path_push_member (l, "row_duration_ns");
      return load_fail (l, error, "must not be 0 when row_ios is 0");
    }
  if (!load_unwritten_opt (l, object, r->filled, &r->unwritten_percent, &r->unwritten_source, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;

  per = spec->n_sizes + (spec->mixed && spec->n_sizes > 1 ? 1 : 0);
  want = per * ((spec->do_read ? 1 : 0) + (spec->do_write ? 1 : 0));
  if ((guint64)spec->max_dots * want > SSDB_RANDOM_ACCESS_MAX_TOTAL_DOTS)
    {
      path_push_member (l, "max_dots");
      return load_fail (l, error, "%u dots for each of %u rows is more than the %u a report holds",
                        spec->max_dots, want, SSDB_RANDOM_ACCESS_MAX_TOTAL_DOTS);
    }
  if ((array
       = enter_array (l, object, "rows", 2 * (SSDB_RANDOM_ACCESS_MAX_SIZES + 1), &mark, error))
      == NULL)
    return FALSE;
  if (json_array_get_length (array) != want)
    return load_fail (l, error, "holds %u rows; the settings make %u",
                      json_array_get_length (array), want);
  for (guint i = 0; i < want; i++)
    {
      SsdbRandomAccessRow row = { 0 };
      gsize item_mark;
      JsonObject *item = array_object (l, array, i, &item_mark, error);
      guint k = i % per;
      SsdbRw rw = (i < per && spec->do_read) ? SSDB_RW_READ : SSDB_RW_WRITE;
      gboolean mixed = k == spec->n_sizes;
      guint size = mixed ? spec->sizes[spec->n_sizes - 1] : spec->sizes[k];

      if (item == NULL)
        return FALSE;
      row.dots = g_array_new (FALSE, FALSE, sizeof (SsdbRandomAccessDot));
      /* appended first: the array's clear function frees what a failed row read */
      g_array_append_val (r->rows, row);
      if (!load_row (l, item, spec, rw, mixed, size,
                     &g_array_index (r->rows, SsdbRandomAccessRow, i), error))
        return FALSE;
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  return TRUE;
}
