/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The error scan's test object in a report: its settings, its grid, its bad and slow ranges and
 * its totals; the loader checks every number against the others (docs/report-format.md). */
#include "config.h"

#include "ssdb-report-private.h"

#include <errno.h>

static const char *const scan_op_names[] = { "read", "write", "verify" };

void
build_scan_test (JsonBuilder *b, const SsdbScanResult *r)
{
  const SsdbScanSpec *spec = &r->spec;

  json_builder_begin_object (b);
  add_string (b, "kind", "scan");
  add_u64 (b, "span_offset", spec->span_offset);
  add_u64 (b, "span_length", spec->span_length);
  add_int (b, "block_size", spec->block_size);
  add_u64 (b, "slow_ns", spec->slow_ns);
  add_int (b, "cells", spec->cells);
  add_int (b, "logical_block_size", r->logical_block_size);
  /* only for a verifying scan: the reports of read scans stay as they were */
  if (spec->verify)
    {
      add_bool (b, "verify", TRUE);
      add_seed (b, "seed", spec->seed);
    }
  add_bool (b, "cancelled", r->cancelled);
  add_u64 (b, "scanned_bytes", r->scanned_bytes);
  add_u64 (b, "read_ns", r->read_ns);
  add_u64 (b, "bad_bytes", r->bad_bytes);
  add_u64 (b, "slow_blocks", r->slow_blocks);
  add_u64 (b, "worst_ns", r->worst_ns);
  add_bool (b, "ranges_truncated", r->ranges_truncated);

  json_builder_set_member_name (b, "grid");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->cells->len; i++)
    {
      const SsdbScanCell *c = &g_array_index (r->cells, SsdbScanCell, i);

      json_builder_begin_object (b);
      add_int (b, "blocks", c->blocks);
      add_u64 (b, "worst_ns", c->worst_ns);
      add_int (b, "slow", c->slow_blocks);
      add_int (b, "bad", c->bad_blocks);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "bad_ranges");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->bad->len; i++)
    {
      const SsdbScanRange *s = &g_array_index (r->bad, SsdbScanRange, i);

      json_builder_begin_object (b);
      add_u64 (b, "offset", s->offset);
      add_u64 (b, "length", s->length);
      add_string (b, "op", scan_op_names[s->op]);
      add_int (b, "errno", s->errsv);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "slow_ranges");
  json_builder_begin_array (b);
  for (guint i = 0; i < r->slow->len; i++)
    {
      const SsdbScanRange *s = &g_array_index (r->slow, SsdbScanRange, i);

      json_builder_begin_object (b);
      add_u64 (b, "offset", s->offset);
      add_u64 (b, "length", s->length);
      add_u64 (b, "worst_ns", s->worst_ns);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  add_string (b, "verdict", ssdb_verdict_name (r->verdict));
  add_string (b, "words", r->words);
  build_drive_state_end (b, r->temperature, r->drive_counts);
}

/* An empty scan for a test object to be read into. */
gpointer
scan_load_new (void)
{
  SsdbScanSpec spec;

  ssdb_scan_spec_init (&spec);
  return ssdb_scan_result_new (&spec);
}

/* Reads one list of ranges: in order, apart, aligned to @align, inside the scanned part. */
static gboolean
load_ranges (Loader *l, JsonObject *object, const char *key, const SsdbScanResult *r, gboolean bad,
             guint64 align, GArray *out, guint64 *total, GError **error)
{
  guint64 start = r->spec.span_offset, end = start + r->scanned_bytes, next = start;
  JsonArray *array;
  gsize mark;
  guint n;

  if ((array = enter_array (l, object, key, SSDB_SCAN_MAX_RANGES, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  *total = 0;
  for (guint i = 0; i < n; i++)
    {
      gsize item_mark;
      JsonObject *item = array_object (l, array, i, &item_mark, error);
      SsdbScanRange s = { 0 };
      guint op = 0;
      gint64 errsv = 0;

      if (item == NULL || !read_u64 (l, item, "offset", G_MAXUINT64, &s.offset, error)
          || !read_u64 (l, item, "length", G_MAXUINT64, &s.length, error))
        return FALSE;
      if (bad
          && (!read_enum (l, item, "op", scan_op_names, G_N_ELEMENTS (scan_op_names), &op, error)
              || !read_int (l, item, "errno", 0, 4095, &errsv, error)))
        return FALSE;
      /* data read back wrong has no errno; a failed read or write has one */
      if (bad && (op == SSDB_SCAN_OP_VERIFY) != (errsv == 0))
        {
          path_push_member (l, "errno");
          return load_fail (l, error,
                            "must be 0 for data read back wrong (op “verify”) and "
                            "an errno from 1 to 4095 otherwise");
        }
      if (bad && op != SSDB_SCAN_OP_READ && !r->spec.verify)
        {
          path_push_member (l, "op");
          return load_fail (l, error, "a scan that only reads has no “%s” range",
                            scan_op_names[op]);
        }
      if (!bad && !read_u64 (l, item, "worst_ns", MAX_WINDOW_NS, &s.worst_ns, error))
        return FALSE;
      if (s.length == 0 || s.offset % align != 0 || s.length % align != 0)
        return load_fail (l, error,
                          "is not a non-empty range of whole %s of %" G_GUINT64_FORMAT " bytes",
                          bad ? "sectors" : "blocks", align);
      if (s.offset < next || s.offset > end || s.length > end - s.offset)
        return load_fail (l, error,
                          "overlaps the range before it or lies outside the scanned bytes "
                          "[%" G_GUINT64_FORMAT ", %" G_GUINT64_FORMAT ")",
                          start, end);
      if (!bad && s.worst_ns <= r->spec.slow_ns)
        return load_fail (l, error, "is not slower than slow_ns");
      s.op = (SsdbScanOp)op;
      s.errsv = (int)errsv;
      next = s.offset + s.length;
      *total += s.length;
      g_array_append_val (out, s);
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  return TRUE;
}

gboolean
load_scan_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbScanResult *r,
                GError **error)
{
  SsdbScanSpec *spec = &r->spec;
  g_autofree char *words = NULL, *verdict_name = NULL;
  g_autoptr (GError) invalid = NULL;
  guint64 scanned, read_ns, bad_bytes, slow_blocks, worst_ns, listed_bad = 0, listed_slow = 0;
  guint64 per, blocks_scanned, cell_slow = 0, cell_worst = 0;
  gboolean truncated;
  SsdbVerdict verdict;
  JsonArray *array;
  gsize mark;
  guint n;

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_block_size (l, object, "block_size", &spec->block_size, error)
      || !read_u64 (l, object, "slow_ns", 60 * G_GUINT64_CONSTANT (1000000000), &spec->slow_ns,
                    error)
      || !read_uint (l, object, "cells", 1, SSDB_SCAN_MAX_CELLS, &spec->cells, error)
      || !read_uint (l, object, "logical_block_size", 512, MAX_BLOCK_ALIGN, &r->logical_block_size,
                     error))
    return FALSE;
  /* Optional: absent in read scans and in reports of earlier versions. */
  if (json_object_has_member (object, "verify")
      && (!read_bool (l, object, "verify", &spec->verify, error)
          || !read_seed (l, object, "seed", &spec->seed, error)))
    return FALSE;
  if (!read_bool (l, object, "cancelled", &r->cancelled, error)
      || !read_u64 (l, object, "scanned_bytes", spec->span_length, &scanned, error)
      || !read_u64 (l, object, "read_ns", MAX_WINDOW_NS, &read_ns, error)
      || !read_u64 (l, object, "bad_bytes", scanned, &bad_bytes, error)
      || !read_u64 (l, object, "slow_blocks", G_MAXUINT64, &slow_blocks, error)
      || !read_u64 (l, object, "worst_ns", MAX_WINDOW_NS, &worst_ns, error)
      || !read_bool (l, object, "ranges_truncated", &truncated, error))
    return FALSE;
  if (!ssdb_scan_spec_validate (spec, target_bytes ? target_bytes : G_MAXUINT64,
                                r->logical_block_size, &invalid))
    return load_fail (l, error, "%s", invalid->message);
  if (r->cancelled != (scanned < spec->span_length))
    {
      path_push_member (l, "cancelled");
      return load_fail (l, error,
                        "contradicts scanned_bytes (the span is %" G_GUINT64_FORMAT " bytes)",
                        spec->span_length);
    }
  r->scanned_bytes = scanned;
  r->read_ns = read_ns;
  r->bad_bytes = bad_bytes;
  r->slow_blocks = slow_blocks;
  r->worst_ns = worst_ns;
  r->ranges_truncated = truncated;

  /* the grid: one cell per ssdb_scan_cell_blocks() blocks of the scanned part */
  per = ssdb_scan_cell_blocks (spec);
  blocks_scanned = scanned / spec->block_size + (scanned % spec->block_size != 0);
  if (scanned < spec->span_length && scanned % spec->block_size != 0)
    {
      path_push_member (l, "scanned_bytes");
      return load_fail (l, error, "is not a whole number of blocks");
    }
  if ((array = enter_array (l, object, "grid", SSDB_SCAN_MAX_CELLS, &mark, error)) == NULL)
    return FALSE;
  n = json_array_get_length (array);
  if (n != blocks_scanned / per + (blocks_scanned % per != 0))
    return load_fail (
        l, error, "holds %u cells; %" G_GUINT64_FORMAT " blocks scanned make %" G_GUINT64_FORMAT, n,
        blocks_scanned, blocks_scanned / per + (blocks_scanned % per != 0));
  for (guint i = 0; i < n; i++)
    {
      gsize item_mark;
      JsonObject *item = array_object (l, array, i, &item_mark, error);
      guint64 expected = MIN (per, blocks_scanned - (guint64)i * per);
      SsdbScanCell c = { 0 };
      guint blocks, slow, bad;

      if (item == NULL || !read_uint (l, item, "blocks", 1, (guint)per, &blocks, error)
          || !read_u64 (l, item, "worst_ns", MAX_WINDOW_NS, &c.worst_ns, error)
          || !read_uint (l, item, "slow", 0, blocks, &slow, error)
          || !read_uint (l, item, "bad", 0, blocks, &bad, error))
        return FALSE;
      if (blocks != expected)
        return load_fail (l, error, "covers %u blocks, not %" G_GUINT64_FORMAT, blocks, expected);
      if (slow + bad > blocks)
        return load_fail (l, error, "has more slow and bad blocks than blocks");
      c.blocks = blocks;
      c.slow_blocks = slow;
      c.bad_blocks = bad;
      cell_slow += slow;
      cell_worst = MAX (cell_worst, c.worst_ns);
      g_array_append_val (r->cells, c);
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  if (cell_slow != slow_blocks)
    {
      path_push_member (l, "slow_blocks");
      return load_fail (l, error, "contradicts the grid (%" G_GUINT64_FORMAT ")", cell_slow);
    }
  if (cell_worst != worst_ns)
    {
      path_push_member (l, "worst_ns");
      return load_fail (l, error, "contradicts the grid (%" G_GUINT64_FORMAT ")", cell_worst);
    }

  if (!load_ranges (l, object, "bad_ranges", r, TRUE, r->logical_block_size, r->bad, &listed_bad,
                    error)
      || !load_ranges (l, object, "slow_ranges", r, FALSE, 1, r->slow, &listed_slow, error))
    return FALSE;
  /* a list is cut only once it is full; then more bad bytes than listed are possible */
  if (truncated && r->bad->len < SSDB_SCAN_MAX_RANGES && r->slow->len < SSDB_SCAN_MAX_RANGES)
    {
      path_push_member (l, "ranges_truncated");
      return load_fail (l, error, "neither list holds the %u ranges at which lists are cut",
                        SSDB_SCAN_MAX_RANGES);
    }
  if ((truncated && r->bad->len == SSDB_SCAN_MAX_RANGES) ? listed_bad > bad_bytes
                                                         : listed_bad != bad_bytes)
    {
      path_push_member (l, "bad_bytes");
      return load_fail (l, error, "contradicts bad_ranges (%" G_GUINT64_FORMAT " bytes)",
                        listed_bad);
    }
  if (!read_string (l, object, "verdict", FALSE, &verdict_name, error)
      || !read_words (l, object, "words", &words, error)
      || !parse_verdict (l, verdict_name, &verdict, error))
    return FALSE;
  ssdb_scan_summarize (r);
  if (verdict != r->verdict)
    {
      path_push_member (l, "verdict");
      return load_fail (l, error, "\"%s\" contradicts the ranges (\"%s\")", verdict_name,
                        ssdb_verdict_name (r->verdict));
    }
  return check_words (l, words, r->words, error);
}
