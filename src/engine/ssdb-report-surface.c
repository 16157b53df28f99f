/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-report-private.h"

#include <math.h>
#include <string.h>

/* Names of enumerations in the file: part of the format, independent of any UI text. */
static const char *const surface_write_names[] = { "none", "destroy", "rewrite" };
static const char *const fill_rw_names[] = { "read", "write" };

G_STATIC_ASSERT (G_N_ELEMENTS (surface_write_names) == SSDB_SURFACE_WRITE_REWRITE + 1);

/* -------------------------------------------------------------------------------------------- */
/* Surface, fill and read-after-write tests                                                     */

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

void
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
  build_drive_state_end (b, r->temperature, r->drive_counts);
}

void
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

void
build_fill_analysis (JsonBuilder *b, const SsdbFillAnalysis *a)
{
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
  /* The verdict and the noise that decided it (optional members: earlier reports have none,
   * and get them when their analysis is recomputed on load). */
  add_string (b, "verdict", ssdb_verdict_name (a->verdict));
  add_double (b, "noise", a->noise);
  add_double (b, "step_threshold", a->step_threshold);
  add_u64 (b, "window_bytes", a->window_bytes);
  add_string (b, "words", a->words);
  json_builder_end_object (b);
}

void
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

  build_fill_analysis (b, a);
  build_drive_state_end (b, r->temperature, r->drive_counts);
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
      /* The reads' segments: the scatter between the two reads at the same positions is the
       * noise the verdict weighs. */
      if (p->rw == SSDB_RW_READ)
        build_fill_points (b, "segments", p->segments);
      json_builder_end_object (b);
    }
}

void
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
  add_verdict (b, r->verdict, "noise_percent", r->noise_percent);
  /* Reports of runs that read each pass once have none. */
  if (r->repeat_percent >= 0)
    add_double (b, "repeat_percent", r->repeat_percent);
  add_string (b, "words", r->words);
  build_drive_state_end (b, r->temperature, r->drive_counts);
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
  n = array_length (l, array);
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

gboolean
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

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_uint (l, object, "samples", 2, MAX_SURFACE_SAMPLES, &spec->samples, error)
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
  n = array_length (l, access);
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
gboolean
load_fill_points (Loader *l, JsonObject *object, const char *key, const SsdbFillSpec *spec,
                  guint max_points, gboolean strict_time, GArray *out, GError **error)
{
  JsonArray *array;
  gsize mark;
  guint n;

  if ((array = enter_array (l, object, key, max_points, &mark, error)) == NULL)
    return FALSE;
  n = array_length (l, array);
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

gboolean
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
  /* Optional: the verdict and the noise behind it (reports of earlier versions have none). */
  if (!read_verdict_opt (l, analysis, NULL, 0, &a->verdict, error))
    return FALSE;
  if ((json_object_has_member (analysis, "noise")
       && !read_number (l, analysis, "noise", 100, &a->noise, error))
      || (json_object_has_member (analysis, "step_threshold")
          && !read_number (l, analysis, "step_threshold", 400, &a->step_threshold, error))
      || (json_object_has_member (analysis, "window_bytes")
          && !read_u64 (l, analysis, "window_bytes", spec->span_length, &a->window_bytes, error)))
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

gboolean
load_fill_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbFillResult *r,
                GError **error)
{
  SsdbFillSpec *spec = &r->spec;
  JsonArray *passes;
  gsize mark;
  guint n, max_segments;

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_block_size (l, object, "block_size", &spec->block_size, error)
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

  if (!load_fill_analysis (l, object, spec, &r->analysis, error))
    return FALSE;
  /* The file is consistent: it gets the current analysis of its first write pass (the same for
   * a file of this version, the current phases, verdict and words for an earlier one). */
  if (r->passes->len > 0)
    {
      SsdbFillPass *first = g_ptr_array_index (r->passes, 0);

      if (first->rw == SSDB_RW_WRITE && first->segments->len > 0
          && first->segments->len <= MAX_REANALYSED_SEGMENTS)
        {
          ssdb_fill_analysis_clear (&r->analysis);
          ssdb_fill_analyze_span (first->segments, spec->span_length, &r->analysis);
        }
    }
  return TRUE;
}

/* An empty surface result for a test object to be read into. */
gpointer
surface_load_new (void)
{
  SsdbSurfaceSpec spec;

  ssdb_surface_spec_init (&spec);
  return ssdb_surface_result_new (&spec);
}

/* An empty fill result for a test object to be read into. */
gpointer
fill_load_new (void)
{
  SsdbFillSpec spec;

  ssdb_fill_spec_init (&spec);
  return ssdb_fill_result_new (&spec);
}

/* An empty readback result for a test object to be read into. */
gpointer
readback_load_new (void)
{
  SsdbFillSpec spec;

  ssdb_fill_spec_init (&spec);
  return ssdb_readback_result_new (&spec);
}

/* A read-after-write test: the passes in run order; the read rates, the difference (a signed
 * number) and the words must agree with them. */
gboolean
load_readback_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbReadbackResult *r,
                    GError **error)
{
  SsdbFillSpec *spec = &r->spec;
  g_autofree char *words = NULL;
  JsonArray *array;
  gsize mark;
  guint n;
  double first, second, difference, repeat = -1;
  /* The order a run makes: write 1, its reads, write 2, as many reads (one read each in
   * reports made before the second read). */
  guint reads_of_first = 0, at_pass = 0, reads = 0;
  SsdbRw last_rw = SSDB_RW_READ;

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_block_size (l, object, "block_size", &spec->block_size, error)
      || !read_uint (l, object, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &spec->queue_depth, error)
      || !read_span (l, object, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_seed (l, object, "seed", &spec->seed, error)
      || !read_bool (l, object, "cancelled", &r->cancelled, error))
    return FALSE;
  if ((array = enter_array (l, object, "passes", 2 * (2 + SSDB_READBACK_MAX_REPEATS), &mark, error))
      == NULL)
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
      if (i == 0 || last_rw == SSDB_RW_WRITE)
        {
          /* The write of pass 1, or the first read of a pass. */
          guint want_pass = i == 0 ? 1 : at_pass;
          SsdbRw want_rw = i == 0 ? SSDB_RW_WRITE : SSDB_RW_READ;

          if (pass != want_pass || rw != want_rw)
            return load_fail (l, error, "element %u is the %s of pass %u", i + 1,
                              want_rw == SSDB_RW_WRITE ? "write" : "read", want_pass);
        }
      else
        {
          /* After a read: another read of its pass, or the write of pass 2. */
          gboolean more
              = at_pass == 1 ? reads <= SSDB_READBACK_MAX_REPEATS : reads < reads_of_first;
          gboolean next = at_pass == 1;

          if (!((more && pass == at_pass && rw == SSDB_RW_READ)
                || (next && pass == 2 && rw == SSDB_RW_WRITE)))
            {
              if (more && next)
                return load_fail (l, error, "element %u is a read of pass 1 or the write of pass 2",
                                  i + 1);
              if (next)
                return load_fail (l, error, "element %u is the write of pass 2", i + 1);
              return load_fail (l, error,
                                more ? "element %u is a read of pass 2"
                                     : "element %u is one read too many: pass 1 has %u",
                                i + 1, reads_of_first);
            }
        }
      if (rw == SSDB_RW_WRITE)
        {
          if (at_pass == 1)
            reads_of_first = reads;
          at_pass = pass;
          reads = 0;
        }
      else
        reads++;
      last_rw = rw;
      if (complete != (bytes == spec->span_length))
        {
          path_push_member (l, "complete");
          return load_fail (l, error, "contradicts bytes (the span is %" G_GUINT64_FORMAT " bytes)",
                            spec->span_length);
        }
      if (!check_rate (l, "bytes_per_second", rate, bytes, window_ns, error))
        return FALSE;
      ssdb_readback_add_pass (r, pass, rw, bytes, window_ns, rate, complete);
      /* Optional: reports of earlier versions kept no segments. */
      if (rw == SSDB_RW_READ && json_object_has_member (item, "segments"))
        {
          SsdbFillResult *fill = pass == 1 ? r->first : r->second;
          SsdbFillPass *p = g_ptr_array_index (fill->passes, fill->passes->len - 1);

          if (!load_fill_points (l, item, "segments", spec,
                                 (guint)MIN (spec->span_length / 512 + 1, (guint64)G_MAXUINT),
                                 FALSE, p->segments, error))
            return FALSE;
        }
      path_pop (l, item_mark);
    }
  path_pop (l, mark);
  /* The settings say what the run did: reports made before the second read hold one read of
   * each pass. */
  if ((at_pass == 1 ? reads : reads_of_first) > 0)
    spec->read_back_repeats = (at_pass == 1 ? reads : reads_of_first) - 1;
  if (!read_number (l, object, "first_read_bytes_per_second", MAX_BYTES_PER_SECOND, &first, error)
      || !read_number (l, object, "second_read_bytes_per_second", MAX_BYTES_PER_SECOND, &second,
                       error)
      || !read_signed_number (l, object, "difference_percent", 1e9, &difference, error)
      || !read_verdict_opt (l, object, "noise_percent", 1e9, NULL, error)
      || (json_object_has_member (object, "repeat_percent")
          && !read_number (l, object, "repeat_percent", 200, &repeat, error))
      || !read_words (l, object, "words", &words, error))
    return FALSE;
  if (!check_derived (l, "first_read_bytes_per_second", first, r->first_read_bytes_per_second,
                      error)
      || !check_derived (l, "second_read_bytes_per_second", second, r->second_read_bytes_per_second,
                         error))
    return FALSE;
  ssdb_readback_summarize (r);
  if (!check_derived (l, "difference_percent", difference, r->difference_percent, error)
      || (json_object_has_member (object, "repeat_percent")
          && !check_derived (l, "repeat_percent", repeat, r->repeat_percent, error)))
    return FALSE;
  r->difference_percent = difference;
  return check_words (l, words, r->words, error);
}
