/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-report-private.h"

#include <math.h>
#include <string.h>

/* Names of enumerations in the file: part of the format, independent of any UI text. */
static const char *const access_mode_names[] = { "queue", "threads" };
static const char *const verdict_names[] = { "unknown", "serial", "reorders", "parallel" };

G_STATIC_ASSERT (G_N_ELEMENTS (access_mode_names) == SSDB_ACCESS_MODE_THREADS + 1);
G_STATIC_ASSERT (G_N_ELEMENTS (verdict_names) == SSDB_ACCESS_VERDICT_PARALLEL + 1);

/* -------------------------------------------------------------------------------------------- */
/* Access, sweep and workload tests                                                             */

void
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
  build_drive_state_end (b, r->temperature, r->drive_counts);
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

void
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
  build_drive_state_end (b, r->temperature, r->drive_counts);
}

/* "latency_ns": {"mean", "p99", "max"} of a workload's requests. */
static void
build_workload_latency (JsonBuilder *b, double mean_ns, guint64 p99_ns, guint64 max_ns)
{
  json_builder_set_member_name (b, "latency_ns");
  json_builder_begin_object (b);
  add_double (b, "mean", mean_ns);
  add_u64 (b, "p99", p99_ns);
  add_u64 (b, "max", max_ns);
  json_builder_end_object (b);
}

/* The reads or the writes of a worker or of the total: {"bytes", "iops", "bytes_per_second",
 * "latency_ns"}. */
static void
build_workload_direction (JsonBuilder *b, const char *key, const SsdbWorkloadDirection *d)
{
  json_builder_set_member_name (b, key);
  json_builder_begin_object (b);
  add_u64 (b, "bytes", d->bytes);
  add_double (b, "iops", d->iops);
  add_double (b, "bytes_per_second", d->bytes_per_second);
  build_workload_latency (b, d->mean_ns, d->p99_ns, d->max_ns);
  json_builder_end_object (b);
}

static void
build_workload_stats (JsonBuilder *b, const SsdbWorkloadStats *s, guint n_size_mix, gboolean split)
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
  build_workload_latency (b, s->mean_ns, s->p99_ns, s->max_ns);
  add_double (b, "mean_inflight", s->mean_inflight);
  add_u64 (b, "cpu_ns", s->cpu_ns);
  if (split)
    {
      build_workload_direction (b, "read", &s->read);
      build_workload_direction (b, "write", &s->write);
    }
}

void
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
      /* The lines' own shares: only when they differ, so that a report of shares common to
       * all lines reads as before. */
      if (spec->per_line)
        {
          add_int (b, "read_percent", spec->size_mix[i].read_percent);
          add_int (b, "random_percent", spec->size_mix[i].random_percent);
          add_int (b, "align_bytes", spec->size_mix[i].align_bytes);
        }
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  add_int (b, "read_percent", spec->read_percent);
  add_int (b, "random_percent", spec->random_percent);
  add_int (b, "align_bytes", spec->align_bytes);
  add_int (b, "queue_depth", spec->queue_depth);
  /* Only when cycling, so that a report of one run reads as before. */
  if (spec->n_cycle_depths > 0)
    {
      json_builder_set_member_name (b, "cycle_queue_depths");
      json_builder_begin_array (b);
      for (guint i = 0; i < MIN (spec->n_cycle_depths, SSDB_WORKLOAD_MAX_CYCLE); i++)
        json_builder_add_int_value (b, spec->cycle_depths[i]);
      json_builder_end_array (b);
    }
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
      build_workload_stats (b, &g_array_index (r->workers, SsdbWorkloadStats, i), spec->n_size_mix,
                            r->split);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "total");
  json_builder_begin_object (b);
  build_workload_stats (b, &r->total, spec->n_size_mix, r->split);
  json_builder_end_object (b);
  build_latency_summary (b, "latency_histogram_ns", &r->latency);
  build_buckets (b, "latency_buckets", &r->latency);
  add_string (b, "fio_command", r->fio_command);
  if (spec->n_cycle_depths > 0 && r->cycle != NULL)
    {
      json_builder_set_member_name (b, "cycle");
      json_builder_begin_array (b);
      for (guint i = 0; i < r->cycle->len; i++)
        {
          const SsdbWorkloadCycleStep *st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, i);

          json_builder_begin_object (b);
          add_int (b, "queue_depth", st->queue_depth);
          add_string (b, "state", ssdb_workload_step_state_to_string (st->state));
          json_builder_set_member_name (b, "total");
          json_builder_begin_object (b);
          build_workload_stats (b, &st->total, spec->n_size_mix, r->split);
          json_builder_end_object (b);
          add_string (b, "fio_command", st->fio_command);
          json_builder_end_object (b);
        }
      json_builder_end_array (b);
    }
  build_drive_state_end (b, r->temperature, r->drive_counts);
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

gboolean
load_access_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbAccessResult *r,
                  GError **error)
{
  SsdbAccessSpec *spec = &r->spec;
  SsdbAccessAnalysis *a = &r->analysis;
  JsonArray *array;
  JsonObject *sub;
  gsize mark;
  guint mode, verdict, max_depth, n;

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_enum (l, object, "mode", access_mode_names, G_N_ELEMENTS (access_mode_names), &mode,
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

gboolean
load_sweep_test (Loader *l, JsonObject *object, guint64 target_bytes, SsdbSweepResult *r,
                 GError **error)
{
  SsdbSweepSpec *spec = &r->spec;
  JsonArray *array;
  gsize mark;
  guint n;

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || !read_block_size (l, object, "start_size", &spec->start_size, error)
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

/* The reads or the writes of @key in @object: @ios requests of them; their bytes within the
 * stats' @bytes. */
static gboolean
load_workload_direction (Loader *l, JsonObject *object, const char *key, guint64 ios, guint64 bytes,
                         SsdbWorkloadDirection *d, GError **error)
{
  JsonObject *sub;
  gsize mark;

  if ((sub = enter_object (l, object, key, &mark, error)) == NULL
      || !read_u64 (l, sub, "bytes", bytes, &d->bytes, error)
      || !read_number (l, sub, "iops", MAX_IOPS, &d->iops, error)
      || !read_number (l, sub, "bytes_per_second", MAX_BYTES_PER_SECOND, &d->bytes_per_second,
                       error)
      || !load_latency (l, sub, ios, &d->mean_ns, NULL, NULL, &d->p99_ns, &d->max_ns, error))
    return FALSE;
  if (ios == 0 && (d->bytes != 0 || d->iops != 0 || d->bytes_per_second != 0))
    return load_fail (l, error, "bytes or rates without any request");
  path_pop (l, mark);
  return TRUE;
}

/* @split: the stats hold "read" and "write" (reports of earlier versions have neither). */
static gboolean
load_workload_stats (Loader *l, JsonObject *object, guint n_size_mix, gboolean split,
                     SsdbWorkloadStats *s, GError **error)
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
  if (!split)
    return TRUE;
  if (!load_workload_direction (l, object, "read", s->read_ios, s->bytes, &s->read, error)
      || !load_workload_direction (l, object, "write", s->write_ios, s->bytes, &s->write, error))
    return FALSE;
  if (s->read.bytes + s->write.bytes != s->bytes)
    {
      path_push_member (l, "write");
      return load_fail (l, error,
                        "read and write bytes (%" G_GUINT64_FORMAT " + %" G_GUINT64_FORMAT
                        ") are not bytes (%" G_GUINT64_FORMAT ")",
                        s->read.bytes, s->write.bytes, s->bytes);
    }
  return TRUE;
}

/* The spec's optional "cycle_queue_depths" (absent: no cycling); its order and ranges are
 * checked with the rest of the spec. */
static gboolean
load_cycle_depths (Loader *l, JsonObject *sub, SsdbWorkloadSpec *spec, GError **error)
{
  JsonArray *array;
  gsize mark;
  guint n;

  spec->n_cycle_depths = 0;
  if (!json_object_has_member (sub, "cycle_queue_depths"))
    return TRUE;
  if ((array = enter_array (l, sub, "cycle_queue_depths", SSDB_WORKLOAD_MAX_CYCLE, &mark, error))
      == NULL)
    return FALSE;
  n = json_array_get_length (array);
  if (n == 0)
    return load_fail (l, error, "empty (a workload that does not cycle has no such member)");
  for (guint i = 0; i < n; i++)
    {
      gsize item_mark = path_push_index (l, i);
      gint64 v;

      if (!check_int (l, json_array_get_element (array, i), 1, SSDB_MAX_QUEUE_DEPTH, &v, error))
        return FALSE;
      spec->cycle_depths[i] = (guint)v;
      path_pop (l, item_mark);
    }
  spec->n_cycle_depths = n;
  path_pop (l, mark);
  return TRUE;
}

static const char *const step_state_names[] = { "pending", "done", "cancelled" };

/* The test object's "cycle": present exactly when the spec cycles, one step per depth in the
 * spec's order; done steps, then at most one cancelled, then pending ones (empty); the result's
 * total is that of the last step that ran. */
static gboolean
load_workload_cycle (Loader *l, JsonObject *object, SsdbWorkloadResult *r, GError **error)
{
  const SsdbWorkloadSpec *spec = &r->spec;
  const SsdbWorkloadCycleStep *last;
  JsonArray *array;
  gsize mark;
  guint n;
  SsdbWorkloadStepState before = SSDB_WORKLOAD_STEP_DONE;

  ssdb_workload_result_reset_cycle (r);
  if (spec->n_cycle_depths == 0)
    {
      if (!json_object_has_member (object, "cycle"))
        return TRUE;
      path_push_member (l, "cycle");
      return load_fail (l, error, "steps of a cycle, but spec.cycle_queue_depths is absent");
    }
  if ((array = enter_array (l, object, "cycle", SSDB_WORKLOAD_MAX_CYCLE, &mark, error)) == NULL)
    return FALSE;
  n = array_length (l, array);
  if (n != spec->n_cycle_depths)
    return load_fail (l, error, "%u steps for %u queue depths in spec.cycle_queue_depths", n,
                      spec->n_cycle_depths);
  for (guint i = 0; i < n; i++)
    {
      SsdbWorkloadCycleStep *st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, i);
      JsonObject *item, *tot;
      gsize item_mark, tot_mark;
      guint qd, state;

      if ((item = array_object (l, array, i, &item_mark, error)) == NULL
          || !read_uint (l, item, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &qd, error)
          || !read_enum (l, item, "state", step_state_names, G_N_ELEMENTS (step_state_names),
                         &state, error))
        return FALSE;
      if (qd != spec->cycle_depths[i])
        {
          path_push_member (l, "queue_depth");
          return load_fail (l, error, "%u is not %u, the depth of spec.cycle_queue_depths[%u]", qd,
                            spec->cycle_depths[i], i);
        }
      if (state == SSDB_WORKLOAD_STEP_DONE && before != SSDB_WORKLOAD_STEP_DONE)
        {
          path_push_member (l, "state");
          return load_fail (l, error, "“done” after a depth that did not finish");
        }
      if (state == SSDB_WORKLOAD_STEP_CANCELLED && before != SSDB_WORKLOAD_STEP_DONE)
        {
          path_push_member (l, "state");
          return load_fail (l, error, "“cancelled” after a depth that did not finish");
        }
      if (state != SSDB_WORKLOAD_STEP_DONE && !r->cancelled)
        {
          path_push_member (l, "state");
          return load_fail (l, error, "“%s” in a run that was not cancelled",
                            step_state_names[state]);
        }
      st->state = state;
      before = state;
      if ((tot = enter_object (l, item, "total", &tot_mark, error)) == NULL
          || !load_workload_stats (l, tot, spec->n_size_mix, r->split, &st->total, error))
        return FALSE;
      if (state == SSDB_WORKLOAD_STEP_PENDING && st->total.ios != 0)
        return load_fail (l, error, "%" G_GUINT64_FORMAT " requests in a depth not run",
                          st->total.ios);
      path_pop (l, tot_mark);
      if (!read_string (l, item, "fio_command", TRUE, &st->fio_command, error))
        return FALSE;
      path_pop (l, item_mark);
    }
  last = ssdb_workload_result_last_step (r);
  if (last != NULL && (last->total.ios != r->total.ios || last->total.bytes != r->total.bytes))
    return load_fail (l, error,
                      "the total of the last depth run (QD%u: %" G_GUINT64_FORMAT
                      " I/Os) is not the test's total (%" G_GUINT64_FORMAT " I/Os)",
                      last->queue_depth, last->total.ios, r->total.ios);
  path_pop (l, mark);
  return TRUE;
}

gboolean
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

  if (!load_drive_state (l, object, &r->temperature, &r->drive_counts, error)
      || (sub = enter_object (l, object, "spec", &mark, error)) == NULL
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
      /* Each line's own shares (IOMeter's lines), in every line or in none. */
      if (i == 0)
        spec->per_line = json_object_has_member (item, "read_percent");
      if (spec->per_line
          && (!read_uint (l, item, "read_percent", 0, 100, &spec->size_mix[i].read_percent, error)
              || !read_uint (l, item, "random_percent", 0, 100, &spec->size_mix[i].random_percent,
                             error)
              || !read_alignment (l, item, "align_bytes", &spec->size_mix[i].align_bytes, error)))
        return FALSE;
      if (!spec->per_line && json_object_has_member (item, "read_percent"))
        {
          path_push_member (l, "read_percent");
          return load_fail (l, error, "a line's own shares, but the first line has none");
        }
      path_pop (l, item_mark);
    }
  spec->n_size_mix = n;
  path_pop (l, array_mark);
  if (!read_uint (l, sub, "read_percent", 0, 100, &spec->read_percent, error)
      || !read_uint (l, sub, "random_percent", 0, 100, &spec->random_percent, error)
      || !read_alignment (l, sub, "align_bytes", &spec->align_bytes, error)
      || !read_uint (l, sub, "queue_depth", 1, SSDB_MAX_QUEUE_DEPTH, &spec->queue_depth, error)
      || !load_cycle_depths (l, sub, spec, error)
      || !read_uint (l, sub, "workers", 1, SSDB_MAX_THREADS, &spec->workers, error)
      || !read_u64 (l, sub, "ramp_ns", MAX_RUN_NS, &spec->ramp_ns, error)
      || !read_u64 (l, sub, "duration_ns", MAX_RUN_NS, &spec->duration_ns, error)
      || !read_span_or_rest (l, sub, target_bytes, &spec->span_offset, &spec->span_length, error)
      || !read_pattern (l, sub, "data", &spec->data, error)
      || !read_seed (l, sub, "seed", &spec->seed, error))
    return FALSE;
  for (guint i = 0; !spec->per_line && i < spec->n_size_mix; i++)
    {
      spec->size_mix[i].read_percent = spec->read_percent;
      spec->size_mix[i].random_percent = spec->random_percent;
    }
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
  /* The reads and the writes apart: in every stats object or in none, as the total says. */
  {
    JsonNode *total = json_object_get_member (object, "total");

    r->split = total != NULL && JSON_NODE_HOLDS_OBJECT (total)
               && json_object_has_member (json_node_get_object (total), "read");
  }
  for (guint i = 0; i < n; i++)
    {
      SsdbWorkloadStats *s = &g_array_index (r->workers, SsdbWorkloadStats, i);
      JsonObject *item;
      gsize item_mark;

      if ((item = array_object (l, array, i, &item_mark, error)) == NULL
          || !load_workload_stats (l, item, spec->n_size_mix, r->split, s, error))
        return FALSE;
      ios += s->ios;
      bytes += s->bytes;
      path_pop (l, item_mark);
    }
  path_pop (l, mark);

  if ((sub = enter_object (l, object, "total", &mark, error)) == NULL
      || !load_workload_stats (l, sub, spec->n_size_mix, r->split, &r->total, error))
    return FALSE;
  if (r->total.ios != ios || r->total.bytes != bytes)
    return load_fail (l, error,
                      "ios and bytes are not the sums over the workers (%" G_GUINT64_FORMAT
                      " I/Os, %" G_GUINT64_FORMAT " bytes)",
                      ios, bytes);
  if (r->split)
    {
      guint64 read = 0;

      for (guint i = 0; i < r->workers->len; i++)
        read += g_array_index (r->workers, SsdbWorkloadStats, i).read.bytes;
      /* (the writes follow: both add up to bytes, here and in every worker) */
      if (r->total.read.bytes != read)
        {
          path_push_member (l, "read");
          path_push_member (l, "bytes");
          return load_fail (l, error, "is not the sum over the workers (%" G_GUINT64_FORMAT ")",
                            read);
        }
    }
  path_pop (l, mark);
  if (!load_histogram (l, object, "latency_histogram_ns", "latency_buckets", &r->latency, error)
      || !read_string (l, object, "fio_command", TRUE, &r->fio_command, error)
      || !load_workload_cycle (l, object, r, error))
    return FALSE;
  return TRUE;
}

/* An empty access result for a test object to be read into (with no steps: the object has
 * them). */
gpointer
access_load_new (void)
{
  SsdbAccessSpec spec;

  ssdb_access_spec_init (&spec);
  spec.n_depths = 0;
  return ssdb_access_result_new (&spec);
}

/* The words follow the current analysis (neutral terms; reordering only for a rotational
 * drive), whatever an earlier version stored. */
void
access_reanalyse (gpointer result, const SsdbReport *report)
{
  ssdb_access_result_analyze (result, report->target.rotational);
}

/* An empty sweep result for a test object to be read into. */
gpointer
sweep_load_new (void)
{
  SsdbSweepSpec spec;

  ssdb_sweep_spec_init (&spec);
  return ssdb_sweep_result_new (&spec);
}

/* An empty workload result for a test object to be read into. */
gpointer
workload_load_new (void)
{
  SsdbWorkloadSpec spec;

  ssdb_workload_spec_init_preset (&spec, SSDB_WORKLOAD_DATABASE);
  return ssdb_workload_result_new (&spec);
}
