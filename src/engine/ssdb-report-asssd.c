/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The AS SSD-style suite's test object in a report: its settings and its eight measurements
 * (Seq, 4K, 4K-64Thrd, Acc.time; each read and written); the loader checks every number against
 * the others and the settings (docs/report-format.md). The scores are not stored: they follow
 * from the rates (ssdb_asssd_result_score()). */
#include "config.h"

#include "ssdb-report-private.h"

void
build_asssd_test (JsonBuilder *b, const SsdbAsssdResult *r)
{
  const SsdbAsssdSpec *spec = &r->spec;

  json_builder_begin_object (b);
  add_string (b, "kind", "asssd");
  add_bool (b, "read", spec->do_read);
  add_bool (b, "write", spec->do_write);
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_u64 (b, "test_duration_ns", spec->test_duration_ns);
  add_bool (b, "fill", spec->fill);
  add_pattern (b, "data", &spec->data);
  add_seed (b, "seed", spec->seed);
  add_u64 (b, "prepare_ns", r->prepare_ns);
  add_bool (b, "filled", r->filled);
  build_unwritten_opt (b, r->unwritten_percent, r->unwritten_source);
  add_bool (b, "cancelled", r->cancelled);

  json_builder_set_member_name (b, "entries");
  json_builder_begin_array (b);
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      const SsdbAsssdEntry *e = &r->entries[i];

      json_builder_begin_object (b);
      add_string (b, "test", ssdb_asssd_test_name (e->test));
      add_string (b, "rw", rw_names[e->rw]);
      add_string (b, "state", state_names[e->state]);
      add_int (b, "block_size", e->block_size);
      add_int (b, "threads", e->threads);
      build_io_measure (b, &e->measure);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  build_drive_state_end (b, r->temperature, r->drive_counts);
}

/* An empty result for a test object to be read into; the loader sets its entries. */
gpointer
asssd_load_new (void)
{
  SsdbAsssdSpec spec;

  ssdb_asssd_spec_init (&spec);
  return ssdb_asssd_result_new (&spec);
}

static gboolean
load_entry (Loader *l, JsonObject *item, const SsdbAsssdSpec *spec, guint index, SsdbAsssdEntry *e,
            GError **error)
{
  static const char *const test_names[SSDB_ASSSD_N_TESTS]
      = { "Seq", "4K", "4K-64Thrd", "Acc.time" };
  SsdbAsssdTest test = (SsdbAsssdTest)(index / 2);
  SsdbRw rw_expected = index % 2 ? SSDB_RW_WRITE : SSDB_RW_READ;
  gboolean asked = rw_expected == SSDB_RW_READ ? spec->do_read : spec->do_write;
  guint t, rw, state;
  gboolean block_ok;

  if (!read_enum (l, item, "test", test_names, SSDB_ASSSD_N_TESTS, &t, error)
      || !read_enum (l, item, "rw", rw_names, 2, &rw, error)
      || !read_enum (l, item, "state", state_names, SSDB_ENTRY_FAILED + 1, &state, error))
    return FALSE;
  if (t != test || rw != rw_expected)
    return load_fail (l, error, "is not the entry the suite puts here (%s %s, found %s %s)",
                      test_names[test], rw_names[rw_expected], test_names[t], rw_names[rw]);
  e->state = (SsdbEntryState)state;
  if ((state == SSDB_ENTRY_SKIPPED) == asked)
    {
      path_push_member (l, "state");
      return load_fail (l, error, "“%s” for %s the settings %s", state_names[state], rw_names[rw],
                        asked ? "ask for" : "do not ask for");
    }
  if (!read_uint (l, item, "block_size", 0, SSDB_MAX_BLOCK_SIZE, &e->block_size, error)
      || !read_uint (l, item, "threads", 1, SSDB_MAX_THREADS, &e->threads, error))
    return FALSE;
  if (test == SSDB_ASSSD_SEQ)
    block_ok = e->block_size == SSDB_ASSSD_SEQ_BLOCK;
  else if (test == SSDB_ASSSD_ACCESS && rw == SSDB_RW_WRITE)
    block_ok = e->block_size == 0 || (e->block_size >= 512 && e->block_size % 512 == 0);
  else
    block_ok = e->block_size == 4096;
  if (!block_ok)
    {
      path_push_member (l, "block_size");
      return load_fail (l, error, "%u bytes is not the transfer size of %s", e->block_size,
                        test_names[test]);
    }
  if (e->threads != (test == SSDB_ASSSD_4K64 ? SSDB_ASSSD_THREADS : 1))
    {
      path_push_member (l, "threads");
      return load_fail (l, error, "%u is not the threads of %s", e->threads, test_names[test]);
    }
  if (!load_io_measure (l, item, &e->measure, error))
    return FALSE;
  if ((state == SSDB_ENTRY_PENDING || state == SSDB_ENTRY_SKIPPED || e->block_size == 0)
      && (e->ios != 0 || e->window_ns != 0))
    {
      path_push_member (l, "ios");
      return load_fail (l, error, "an entry that never ran has no requests");
    }
  if (e->ios > G_MAXUINT64 / MAX (e->block_size, 1u) || e->bytes != e->ios * e->block_size)
    {
      path_push_member (l, "bytes");
      return load_fail (l, error,
                        "%" G_GUINT64_FORMAT " is not %" G_GUINT64_FORMAT " requests of %u bytes",
                        e->bytes, e->ios, e->block_size);
    }
  return check_rate (l, "iops", e->iops, e->ios, e->window_ns, error)
         && check_rate (l, "bytes_per_second", e->bytes_per_second, e->bytes, e->window_ns, error);
}

gboolean
load_asssd_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbAsssdResult *r,
                 GError **error)
{
  SsdbAsssdSpec *spec = &r->spec;
  JsonArray *array;
  gsize mark;

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_bool (l, object, "read", &spec->do_read, error)
      || !read_bool (l, object, "write", &spec->do_write, error)
      || !read_span_or_rest (l, object, target_bytes ? target_bytes : G_MAXUINT64,
                             &spec->span_offset, &spec->span_length, error)
      || !read_u64 (l, object, "test_duration_ns", MAX_RUN_NS, &spec->test_duration_ns, error)
      || !read_bool (l, object, "fill", &spec->fill, error)
      || !read_pattern (l, object, "data", &spec->data, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_u64 (l, object, "prepare_ns", MAX_WINDOW_NS, &r->prepare_ns, error)
      || !read_bool (l, object, "filled", &r->filled, error))
    return FALSE;
  if (!spec->do_read && !spec->do_write)
    {
      path_push_member (l, "read");
      return load_fail (l, error, "the AS SSD suite reads, writes or both");
    }
  if (spec->test_duration_ns == 0)
    {
      path_push_member (l, "test_duration_ns");
      return load_fail (l, error, "must not be 0");
    }
  if (!load_unwritten_opt (l, object, r->filled, &r->unwritten_percent, &r->unwritten_source, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;
  if ((array = enter_array (l, object, "entries", SSDB_ASSSD_N_ENTRIES, &mark, error)) == NULL)
    return FALSE;
  if (json_array_get_length (array) != SSDB_ASSSD_N_ENTRIES)
    return load_fail (l, error, "holds %u entries; the suite has %u", json_array_get_length (array),
                      SSDB_ASSSD_N_ENTRIES);
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      gsize item_mark;
      JsonObject *item = array_object (l, array, i, &item_mark, error);

      if (item == NULL || !load_entry (l, item, spec, i, &r->entries[i], error))
        return FALSE;
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  if (spec->span_length == 0)
    for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
      if (r->entries[i].state != SSDB_ENTRY_PENDING && r->entries[i].state != SSDB_ENTRY_SKIPPED)
        {
          path_push_member (l, "span_length");
          return load_fail (l, error, "0 is allowed only in a test that never ran; entry %u is %s",
                            i, state_names[r->entries[i].state]);
        }
  return TRUE;
}
