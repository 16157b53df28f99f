/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-report-private.h"

#include <math.h>
#include <string.h>

/* -------------------------------------------------------------------------------------------- */
/* Recovery, consistency, compression, TRIM and free-space tests                                */

void
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
  /* only when set: the reports of the default method stay as they were */
  if (spec->next_span)
    add_bool (b, "next_span", TRUE);
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

  build_fill_analysis (b, a);

  add_double (b, "fast_bytes_per_second", r->fast_bytes_per_second);
  add_double (b, "slow_bytes_per_second", r->slow_bytes_per_second);
  add_double (b, "threshold_bytes_per_second", r->threshold_bytes_per_second);
  add_string (b, "words", r->words);
  build_drive_state_end (b, r->temperature, r->drive_counts);
}

void
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
  build_drive_state_end (b, r->temperature, r->drive_counts);
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

void
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
  /* Only a step other than the default, so that reports of the default levels keep their
   * bytes. */
  if (spec->step_percent != SSDB_COMPRESSION_DEFAULT_STEP)
    add_int (b, "step_percent", spec->step_percent);
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
      /* Each pass's rates: the spread between them is the noise the verdict weighs (none for a
       * level loaded from a report of an earlier version, which kept only the best). */
      for (int w = 1; w >= 0 && p->n_passes > 0; w--)
        {
          json_builder_set_member_name (b, w ? "write_passes" : "read_passes");
          json_builder_begin_array (b);
          for (guint k = 0; k < MIN (p->n_passes, SSDB_COMPRESSION_MAX_PASSES); k++)
            json_builder_add_double_value (
                b, json_safe_double (w ? p->write_passes[k] : p->read_passes[k]));
          json_builder_end_array (b);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_double (b, "write_ratio", r->write_ratio);
  add_double (b, "zero_write_ratio", r->zero_write_ratio);
  add_double (b, "read_ratio", r->read_ratio);
  add_bool (b, "compresses", r->compresses);
  add_verdict (b, r->verdict, "noise", r->noise);
  add_string (b, "words", r->words);
  build_drive_state_end (b, r->temperature, r->drive_counts);
}

static void
build_test_rate_fields (JsonBuilder *b, const char *name, SsdbRw rw)
{
  add_string (b, "name", name);
  add_string (b, "rw", enum_name (rw_names, G_N_ELEMENTS (rw_names), rw));
}

/* The random-write stress before a TRIM or free-space test, only when one ran: reports without
 * it stay as they were. */
static void
build_stress (JsonBuilder *b, const SsdbStressResult *stress)
{
  if (stress->block_size == 0)
    return;
  json_builder_set_member_name (b, "stress");
  json_builder_begin_object (b);
  add_int (b, "block_size", stress->block_size);
  add_int (b, "queue_depth", stress->queue_depth);
  add_u64 (b, "ios", stress->ios);
  add_u64 (b, "bytes", stress->bytes);
  add_u64 (b, "window_ns", stress->window_ns);
  add_double (b, "iops", stress->iops);
  add_bool (b, "counters_valid", stress->counters_valid);
  add_u64 (b, "device_write_bytes", stress->device_write_bytes);
  json_builder_end_object (b);
}

void
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
  build_stress (b, &r->stress);
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
      add_double (b, "before_spread_percent", t->before_spread_percent);
      add_double (b, "after_spread_percent", t->after_spread_percent);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_double (b, "min_retention_percent", r->min_retention_percent);
  add_verdict (b, r->verdict, "noise_percent", r->noise_percent);
  add_string (b, "words", r->words);
  build_drive_state_end (b, r->temperature, r->drive_counts);
}

void
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
  build_stress (b, &r->stress);
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
  /* Optional (earlier reports have none): recomputed on load like the words. */
  add_string (b, "verdict", ssdb_verdict_name (r->verdict));
  add_string (b, "words", r->words);
  build_drive_state_end (b, r->temperature, r->drive_counts);
}

/* -------------------------------------------------------------------------------------------- */
/* Recovery and consistency tests                                                                */

/* An empty recovery result for a test object to be read into. */
gpointer
recovery_load_new (void)
{
  SsdbRecoverySpec spec;

  ssdb_recovery_spec_init (&spec);
  return ssdb_recovery_result_new (&spec);
}

/* An empty consistency result for a test object to be read into. */
gpointer
consistency_load_new (void)
{
  SsdbConsistencySpec spec;

  ssdb_consistency_spec_init (&spec);
  return ssdb_consistency_result_new (&spec);
}

static gboolean
fail_member (Loader *l, const char *key, GError **error, const char *message)
{
  path_push_member (l, key);
  return load_fail (l, error, "%s", message);
}

gboolean
load_recovery_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbRecoveryResult *r,
                    GError **error)
{
  SsdbRecoverySpec *spec = &r->spec;
  SsdbFillSpec fs;
  JsonArray *array;
  gsize mark;
  guint n, max_segments;
  double threshold;

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_u64 (l, object, "write_bytes", target_bytes, &spec->write_bytes, error)
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
  if (!read_seed (l, object, "seed", &spec->seed, error))
    return FALSE;
  /* Optional: absent in reports of the default method and of earlier versions. */
  if (json_object_has_member (object, "next_span"))
    {
      if (!read_bool (l, object, "next_span", &spec->next_span, error))
        return FALSE;
      if (spec->next_span
          && (target_bytes - spec->span_offset) / (spec->n_pauses + 1) < spec->write_bytes)
        return fail_member (l, "next_span", error,
                            "the writes, each on the next span, do not fit in the target");
    }
  if (!read_bool (l, object, "cancelled", &r->cancelled, error))
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

gboolean
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

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_block_size (l, object, "block_size", &spec->block_size, error)
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
  n = array_length (l, array);
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

/* Compression, TRIM and free-space tests ------------------------------------------------------ */

#define MAX_BEHAVIOUR_RATES 64u
#define MAX_FREESPACE_STEPS 101u

/* An empty compression result for a test object to be read into. */
gpointer
compression_load_new (void)
{
  SsdbCompressionSpec spec;

  ssdb_compression_spec_init (&spec);
  return ssdb_compression_result_new (&spec);
}

/* An empty trim result for a test object to be read into. */
gpointer
trim_load_new (void)
{
  SsdbTrimSpec spec;

  ssdb_trim_spec_init (&spec);
  return ssdb_trim_result_new (&spec);
}

/* An empty freespace result for a test object to be read into. */
gpointer
freespace_load_new (void)
{
  SsdbFreespaceSpec spec;

  ssdb_freespace_spec_init (&spec);
  return ssdb_freespace_result_new (&spec);
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

/* The optional "write_passes" and "read_passes" of a level (reports of earlier versions kept only
 * the best): both or neither; each as many rates as the test's @passes, none above the best, and
 * the best among them (a run keeps every pass and takes the fastest). */
static gboolean
load_compression_passes (Loader *l, JsonObject *item, guint passes, SsdbCompressionPoint *p,
                         GError **error)
{
  gboolean has_w = json_object_has_member (item, "write_passes");
  gboolean has_r = json_object_has_member (item, "read_passes");

  p->n_passes = 0;
  if (!has_w && !has_r)
    return TRUE;
  if (has_w != has_r)
    {
      path_push_member (l, has_w ? "write_passes" : "read_passes");
      return load_fail (l, error, "comes without %s", has_w ? "read_passes" : "write_passes");
    }
  for (int w = 1; w >= 0; w--)
    {
      const char *key = w ? "write_passes" : "read_passes";
      double best = w ? p->write_bytes_per_second : p->read_bytes_per_second;
      double *out = w ? p->write_passes : p->read_passes;
      double fastest = 0;
      JsonArray *array;
      gsize mark;
      guint n;

      if ((array
           = enter_array (l, item, key, MIN (passes, SSDB_COMPRESSION_MAX_PASSES), &mark, error))
          == NULL)
        return FALSE;
      n = json_array_get_length (array);
      if (n != MIN (passes, SSDB_COMPRESSION_MAX_PASSES))
        return load_fail (l, error, "has %u rates, but the test ran %u passes", n, passes);
      for (guint k = 0; k < n; k++)
        {
          JsonNode *node = json_array_get_element (array, k);
          double v = -1;
          gsize item_mark = path_push_index (l, k);

          node_get_number (node, &v);
          if (!isfinite (v) || v < 0 || v > best * (1 + 1e-9))
            return load_fail (l, error, "a pass's rate from 0 to the best, %.0f B/s, is expected",
                              best);
          out[k] = v;
          fastest = MAX (fastest, v);
          path_pop (l, item_mark);
        }
      if (fabs (fastest - best) > 1e-9 * MAX (best, 1))
        return load_fail (l, error, "the fastest pass, %.0f B/s, is not the best, %.0f B/s",
                          fastest, best);
      p->n_passes = n;
      path_pop (l, mark);
    }
  return TRUE;
}

/* The optional step between levels: absent in reports of the default step (and of versions
 * before the step could be set), otherwise a step the test can take. */
static gboolean
load_compression_step (Loader *l, JsonObject *object, guint *out, GError **error)
{
  guint step;

  *out = SSDB_COMPRESSION_DEFAULT_STEP;
  if (!json_object_has_member (object, "step_percent"))
    return TRUE;
  if (!read_uint (l, object, "step_percent", 1, 100, &step, error))
    return FALSE;
  if (!ssdb_compression_step_is_valid (step))
    {
      path_push_member (l, "step_percent");
      return load_fail (l, error, "%u is not a step of the compression test (5, 10, 20, 25 or 50)",
                        step);
    }
  *out = step;
  return TRUE;
}

gboolean
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

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_block_size (l, object, "block_size", &spec->block_size, error)
      || !read_uint (l, object, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &spec->queue_depth, error)
      || !read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_bool (l, object, "include_zero", &spec->include_zero, error)
      || !load_compression_step (l, object, &spec->step_percent, error)
      || !read_uint (l, object, "passes", 1, 9, &spec->passes, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;
  n_levels = ssdb_compression_levels (spec->step_percent, spec->include_zero, levels);
  /* More levels than the step makes: name the step, which is what decides the count. */
  if (json_object_has_member (object, "levels")
      && JSON_NODE_HOLDS_ARRAY (json_object_get_member (object, "levels"))
      && json_array_get_length (json_object_get_array_member (object, "levels")) > n_levels)
    {
      path_push_member (l, "levels");
      return load_fail (l, error,
                        "%u levels, more than the %u of a test in steps of %u %% (step_percent)%s",
                        json_array_get_length (json_object_get_array_member (object, "levels")),
                        n_levels, spec->step_percent, spec->include_zero ? " with zeros" : "");
    }
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
                           &p.read_bytes_per_second, error)
          || !load_compression_passes (l, item, spec->passes, &p, error))
        return FALSE;
      if (p.data.kind != levels[i].kind
          || p.data.compressible_percent != levels[i].compressible_percent)
        {
          g_autofree char *want = pattern_to_string (&levels[i]);

          path_push_member (l, "data");
          return load_fail (l, error, "level %u of a test in steps of %u %% (step_percent) is “%s”",
                            i + 1, spec->step_percent, want);
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
      || !read_verdict_opt (l, object, "noise", 1, NULL, error)
      || !read_words (l, object, "words", &words, error))
    return FALSE;
  ssdb_compression_summarize (r);
  if (!check_derived (l, "write_ratio", write_ratio, r->write_ratio, error)
      || !check_derived (l, "zero_write_ratio", zero_ratio, r->zero_write_ratio, error)
      || !check_derived (l, "read_ratio", read_ratio, r->read_ratio, error))
    return FALSE;
  /* Earlier versions (without a verdict) flagged a device on the ratios alone, or a 1.3× gain
   * in one pass: their reports load, with the current verdict. */
  if (!compresses != !r->compresses
      && (json_object_has_member (object, "verdict")
          || !compresses
                 != !(write_ratio >= SSDB_COMPRESSION_FLAG_RATIO
                      || read_ratio >= SSDB_COMPRESSION_FLAG_RATIO)))
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

/* An optional spread between a summary's passes (-1 when absent): -1 (not measured) or 0 .. 100,
 * measured only when the summary ran two passes or more. */
static gboolean
load_trim_spread (Loader *l, JsonObject *item, const char *key, guint count, double *out,
                  GError **error)
{
  double v;

  *out = -1;
  if (!json_object_has_member (item, key))
    return TRUE;
  if (!read_signed_number (l, item, key, 100, &v, error))
    return FALSE;
  if (v != -1 && (v < 0 || count < 2))
    {
      path_push_member (l, key);
      return load_fail (l, error,
                        v < 0 ? "must be -1 (not measured) or 0 to 100"
                              : "the summary ran one pass: no spread can be measured");
    }
  *out = v;
  return TRUE;
}

/* The optional "stress" member: present only when a random-write stress ran over the span of
 * @span_length bytes (then *@on is TRUE): whole writes of its transfer size, at most the span's
 * bytes, at the rate its time gives. */
static gboolean
load_stress (Loader *l, JsonObject *object, guint64 span_length, gboolean *on,
             SsdbStressResult *stress, GError **error)
{
  JsonObject *o;
  gsize mark;
  double expected;

  memset (stress, 0, sizeof *stress);
  *on = FALSE;
  if (!json_object_has_member (object, "stress"))
    return TRUE;
  if ((o = enter_object (l, object, "stress", &mark, error)) == NULL
      || !read_uint (l, o, "block_size", 512, SSDB_MAX_BLOCK_SIZE, &stress->block_size, error)
      || !read_uint (l, o, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &stress->queue_depth, error)
      || !read_u64 (l, o, "ios", span_length, &stress->ios, error)
      || !read_u64 (l, o, "bytes", span_length, &stress->bytes, error)
      || !read_u64 (l, o, "window_ns", MAX_WINDOW_NS, &stress->window_ns, error)
      || !read_number (l, o, "iops", MAX_IOPS, &stress->iops, error)
      || !read_bool (l, o, "counters_valid", &stress->counters_valid, error)
      || !read_u64 (l, o, "device_write_bytes", G_MAXINT64, &stress->device_write_bytes, error))
    return FALSE;
  if (!stress->counters_valid && stress->device_write_bytes != 0)
    return fail_member (l, "device_write_bytes", error, "must be 0 without valid counters");
  if (stress->block_size % 512 != 0)
    return fail_member (l, "block_size", error, "must be a multiple of 512");
  if (stress->bytes != stress->ios * stress->block_size)
    return fail_member (l, "bytes", error, "must be ios × block_size");
  expected = stress->window_ns ? (double)stress->ios * 1e9 / (double)stress->window_ns : 0;
  if (stress->window_ns == 0 ? stress->iops != 0 : fabs (stress->iops - expected) > 1e-6 * expected)
    return fail_member (l, "iops", error, "must be the writes over the window");
  path_pop (l, mark);
  *on = TRUE;
  return TRUE;
}

gboolean
load_trim_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbTrimResult *r,
                GError **error)
{
  SsdbTrimSpec *spec = &r->spec;
  g_autofree char *words = NULL;
  JsonArray *array;
  gsize mark;
  guint n;
  double min_retention;

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_uint (l, object, "rounds", 1, SSDB_TRIM_MAX_ROUNDS, &spec->rounds, error)
      || !read_bool (l, object, "discard", &spec->discard, error)
      || !load_behaviour_summary (l, object, spec->span_length, &spec->summary, &spec->test_mask,
                                  error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !load_stress (l, object, spec->span_length, &spec->stress, &r->stress, error)
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

      /* The spreads between passes are optional (-1: not measured, as in reports of earlier
       * versions); see load_trim_spread(). */
      if (item == NULL || !load_test_name (l, item, spec->summary.profile, t.name, &t.rw, error)
          || !read_number (l, item, "before_bytes_per_second", MAX_BYTES_PER_SECOND,
                           &t.before_bytes_per_second, error)
          || !read_number (l, item, "after_bytes_per_second", MAX_BYTES_PER_SECOND,
                           &t.after_bytes_per_second, error)
          || !read_number (l, item, "retention_percent", 1e9, &t.retention_percent, error)
          || !load_trim_spread (l, item, "before_spread_percent", spec->summary.count,
                                &t.before_spread_percent, error)
          || !load_trim_spread (l, item, "after_spread_percent", spec->summary.count,
                                &t.after_spread_percent, error))
        return FALSE;
      g_array_append_val (r->tests, t);
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  if (!read_number (l, object, "min_retention_percent", 1e9, &min_retention, error)
      || !read_verdict_opt (l, object, "noise_percent", 100, NULL, error)
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

gboolean
load_freespace_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbFreespaceResult *r,
                     GError **error)
{
  SsdbFreespaceSpec *spec = &r->spec;
  g_autofree char *words = NULL;
  JsonArray *array;
  gsize mark;
  guint n;
  guint64 used = 0;

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_uint (l, object, "step_percent", 1, 100, &spec->step_percent, error)
      || !load_behaviour_summary (l, object, spec->span_length, &spec->summary, &spec->test_mask,
                                  error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !load_stress (l, object, spec->span_length, &spec->stress, &r->stress, error)
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
  if (!read_words (l, object, "words", &words, error)
      || !read_verdict_opt (l, object, NULL, 0, NULL, error))
    return FALSE;
  ssdb_freespace_summarize (r);
  return check_words (l, words, r->words, error);
}
