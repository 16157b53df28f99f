/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-consistency.h"
#include "ssdb-words.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-verdict.h"

#include <math.h>
#include <string.h>

#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

/* ---- the SNIA PTS rule ---------------------------------------------------------------------- */

/* Mean, range and least-squares slope of v[0..w), x = 0..w-1. FALSE when a value is not finite. */
static gboolean
window_stats (const double *v, guint w, double *mean, double *range, double *slope)
{
  double sum = 0, lo = INFINITY, hi = -INFINITY, sxy = 0, sxx = 0, xm = (w - 1) / 2.0;

  for (guint i = 0; i < w; i++)
    {
      if (!isfinite (v[i]))
        return FALSE;
      sum += v[i];
      lo = MIN (lo, v[i]);
      hi = MAX (hi, v[i]);
    }
  *mean = sum / w;
  for (guint i = 0; i < w; i++)
    {
      sxy += (i - xm) * (v[i] - *mean);
      sxx += (i - xm) * (i - xm);
    }
  *range = hi - lo;
  *slope = sxx > 0 ? sxy / sxx : 0;
  return TRUE;
}

gboolean
ssdb_steady_state_find (const double *values, gsize n, guint window, double range_limit,
                        double slope_limit, SsdbSteadyState *out)
{
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (values != NULL || n == 0, FALSE);
  g_return_val_if_fail (window >= 2, FALSE);

  memset (out, 0, sizeof *out);
  if (n < window)
    return FALSE;

  for (gsize end = window; end <= n; end++)
    {
      double mean, range, slope, excursion;

      if (!window_stats (values + end - window, window, &mean, &range, &slope))
        continue;
      excursion = fabs (slope) * (window - 1);
      out->mean = mean;
      out->range = range;
      out->slope = slope;
      out->fit_excursion = excursion;
      if (mean > 0 && range <= range_limit * mean && excursion <= slope_limit * mean)
        {
          out->reached = TRUE;
          out->round = (guint)end;
          out->first_round = (guint)(end - window + 1);
          return TRUE;
        }
    }
  return FALSE;
}

/* ---- result ------------------------------------------------------------------------------- */

void
ssdb_consistency_spec_init (SsdbConsistencySpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->block_size = 4096;
  spec->queue_depth = 32;
  spec->duration_ns = 300 * NS_PER_S;
  spec->round_ns = NS_PER_S;
  spec->tail_percent = 20;
  spec->data = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
  spec->seed = 1;
}

SsdbConsistencyResult *
ssdb_consistency_result_new (const SsdbConsistencySpec *spec)
{
  SsdbConsistencyResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbConsistencyResult, 1);
  r->spec = *spec;
  r->rounds = g_array_new (FALSE, TRUE, sizeof (SsdbConsistencyRound));
  return r;
}

void
ssdb_consistency_result_free (SsdbConsistencyResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->rounds, g_array_unref);
  g_free (result->words);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbConsistencyResult *
ssdb_consistency_result_dup (const SsdbConsistencyResult *result)
{
  SsdbConsistencyResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbConsistencyResult, 1);
  *r = *result;
  r->rounds = g_array_new (FALSE, TRUE, sizeof (SsdbConsistencyRound));
  if (result->rounds != NULL && result->rounds->len > 0)
    g_array_append_vals (r->rounds, result->rounds->data, result->rounds->len);
  r->words = g_strdup (result->words);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

gboolean
ssdb_consistency_estimate (const SsdbConsistencyResult *result, guint64 target_bytes,
                           SsdbRunEstimate *out)
{
  guint64 span;

  g_return_val_if_fail (result != NULL && out != NULL, FALSE);

  span = ssdb_estimate_span (result->spec.span_offset, result->spec.span_length, target_bytes);
  if (span == 0)
    return FALSE;
  out->timed_ns += result->spec.duration_ns;
  out->write_bytes += (guint64)result->spec.precondition_passes * span;
  return TRUE;
}

guint
ssdb_consistency_rounds_analysed (const SsdbConsistencyResult *r)
{
  guint n;
  const SsdbConsistencyRound *last;
  guint64 start;

  g_return_val_if_fail (r != NULL, 0);

  n = r->rounds != NULL ? r->rounds->len : 0;
  if (n < 2 || r->spec.round_ns == 0)
    return n;
  last = &g_array_index (r->rounds, SsdbConsistencyRound, n - 1);
  start = g_array_index (r->rounds, SsdbConsistencyRound, n - 2).elapsed_ns;
  if (last->elapsed_ns > start
      && (double)(last->elapsed_ns - start)
             >= SSDB_CONSISTENCY_FULL_ROUND * (double)r->spec.round_ns)
    return n;
  return n - 1;
}

static void
analyze (SsdbConsistencyResult *r);

void
ssdb_consistency_analyze (SsdbConsistencyResult *r)
{
  locale_t previous;

  g_return_if_fail (r != NULL);

  /* The words are data: "43.4" in every locale. */
  previous = ssdb_words_locale_begin ();
  analyze (r);
  ssdb_words_locale_end (previous);
}

static void
analyze (SsdbConsistencyResult *r)
{
  guint n, used, passes;
  g_autofree double *v = NULL;
  GString *s;

  g_return_if_fail (r != NULL);

  n = r->rounds != NULL ? r->rounds->len : 0;
  used = ssdb_consistency_rounds_analysed (r);
  v = g_new0 (double, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    v[i] = g_array_index (r->rounds, SsdbConsistencyRound, i).iops;

  ssdb_steady_state_find (v, used, SSDB_STEADY_STATE_WINDOW, SSDB_STEADY_STATE_RANGE,
                          SSDB_STEADY_STATE_SLOPE, &r->steady);

  r->tail_rounds = 0;
  r->tail_mean_iops = r->tail_sd_iops = r->tail_mean_over_sd = 0;
  if (used > 0)
    {
      guint k = (guint)MIN ((guint64)used,
                            MAX ((guint64)1, ((guint64)used * r->spec.tail_percent + 50) / 100));
      double sum = 0, ss = 0, mean;

      for (guint i = used - k; i < used; i++)
        sum += v[i];
      mean = sum / k;
      for (guint i = used - k; i < used; i++)
        ss += (v[i] - mean) * (v[i] - mean);
      r->tail_rounds = k;
      r->tail_mean_iops = mean;
      r->tail_sd_iops = sqrt (ss / k);
      r->tail_mean_over_sd = r->tail_sd_iops > 0 ? mean / r->tail_sd_iops : 0;
    }

  s = g_string_new (NULL);
  passes = r->spec.precondition_passes;
  if (n == 0 && passes > 0 && r->precondition_bytes < passes * r->spec.span_length)
    g_string_append_printf (s,
                            passes == 1 ? W_ ("The preconditioning stopped after %.0f MB of its %u "
                                              "pass (%.0f MB); no rounds were measured.")
                                        : W_ ("The preconditioning stopped after %.0f MB of its %u "
                                              "passes (%.0f MB); no rounds were measured."),
                            (double)r->precondition_bytes / 1e6, passes,
                            (double)(passes * r->spec.span_length) / 1e6);
  else if (n == 0)
    g_string_append (s, W_ ("No rounds were measured."));
  else
    {
      double round_s = (double)r->spec.round_ns / 1e9;

      gboolean after = passes > 0;

      if (after)
        g_string_append_printf (s,
                                passes == 1
                                    ? W_ ("After %u preconditioning pass (%.0f MB written), ")
                                    : W_ ("After %u preconditioning passes (%.0f MB written), "),
                                passes, (double)r->precondition_bytes / 1e6);
      if (r->steady.reached)
        g_string_append_printf (
            s,
            after ? W_ ("steady state (SNIA PTS: %u rounds within 20 %% of their mean, fitted line "
                        "within 10 %%) was reached at round %u (%.0f s), at %.0f IOPS.")
                  : W_ ("Steady state (SNIA PTS: %u rounds within 20 %% of their mean, fitted line "
                        "within 10 %%) was reached at round %u (%.0f s), at %.0f IOPS."),
            SSDB_STEADY_STATE_WINDOW, r->steady.round, r->steady.round * round_s, r->steady.mean);
      else if (used == 1)
        g_string_append_printf (
            s,
            after ? W_ ("steady state (SNIA PTS) was not reached in %u round of %g s.")
                  : W_ ("Steady state (SNIA PTS) was not reached in %u round of %g s."),
            used, round_s);
      else
        g_string_append_printf (
            s,
            after ? W_ ("steady state (SNIA PTS) was not reached in %u rounds of %g s.")
                  : W_ ("Steady state (SNIA PTS) was not reached in %u rounds of %g s."),
            used, round_s);
      if (r->tail_rounds == 1)
        g_string_append_printf (s, W_ (" Over the last round: %.0f IOPS"), r->tail_mean_iops);
      else
        g_string_append_printf (s,
                                W_ (" Over the last %u rounds: %.0f IOPS mean, standard deviation "
                                    "%.0f IOPS"),
                                r->tail_rounds, r->tail_mean_iops, r->tail_sd_iops);
      if (r->tail_mean_over_sd > 0)
        g_string_append_printf (s, W_ (", mean / deviation %.1f."), r->tail_mean_over_sd);
      else
        g_string_append (s, W_ ("."));
      /* A window that meets the criteria early can be followed by a level its own range does
       * not cover (a drive that speeds up once its cache is reorganised): say so rather than
       * leave the steady state unqualified. The rounds after the window count, not the tail,
       * which may overlap it. */
      if (r->steady.reached && r->steady.mean > 0 && r->steady.round < used)
        {
          double later = 0;

          for (guint i = r->steady.round; i < used; i++)
            later += v[i];
          later /= used - r->steady.round;
          if (fabs (later - r->steady.mean) > SSDB_STEADY_STATE_RANGE * r->steady.mean)
            g_string_append_printf (
                s,
                later > r->steady.mean
                    ? W_ (" The later rounds left that window's range: their mean is %.0f %% above "
                          "its mean, so the device had not settled at round %u.")
                    : W_ (" The later rounds left that window's range: their mean is %.0f %% below "
                          "its mean, so the device had not settled at round %u."),
                fabs (later - r->steady.mean) / r->steady.mean * 100, r->steady.round);
        }
      if (used < n)
        {
          const SsdbConsistencyRound *last
              = &g_array_index (r->rounds, SsdbConsistencyRound, n - 1);
          guint64 start = g_array_index (r->rounds, SsdbConsistencyRound, n - 2).elapsed_ns;

          g_string_append_printf (s,
                                  W_ (" The final round (%.2f s, cut short by the end of the run, "
                                      "%.0f IOPS) is left out of the steady state and the mean."),
                                  (double)(last->elapsed_ns - MIN (start, last->elapsed_ns)) / 1e9,
                                  last->iops);
        }
    }
  g_free (r->words);
  r->words = g_string_free (s, FALSE);
}

/* ---- run ---------------------------------------------------------------------------------- */

typedef struct
{
  SsdbConsistencyResult *result;
  SsdbConsistencyProgressFunc progress;
  gpointer user_data;
  guint64 last_ns;
  guint64 last_ios;
  double last_fraction;
  /* preconditioning: bytes of all passes, and what the jobs before the current one did */
  guint64 pc_total_bytes;
  guint64 pc_done_bytes;
  guint64 pc_done_ns;
} ConsistencyRun;

/* Reports @fraction, never less than what was reported before (the preconditioning's share
 * of the run is an estimate until it ends). */
static void
report_progress (ConsistencyRun *cr, guint64 elapsed_ns, double iops, double fraction)
{
  fraction = CLAMP (fraction, cr->last_fraction, 1.0);
  cr->last_fraction = fraction;
  if (cr->progress)
    cr->progress (cr->result, elapsed_ns, iops, fraction, cr->user_data);
}

/* A sample of a preconditioning job: the job's own time, bytes and requests. */
static void
on_precondition_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  ConsistencyRun *cr = user_data;
  SsdbConsistencyResult *r = cr->result;
  guint64 done = cr->pc_done_bytes + bytes, ns = cr->pc_done_ns + elapsed_ns;
  double iops, estimate_ns;

  if (elapsed_ns <= cr->last_ns)
    return;
  iops = (double)(ios - cr->last_ios) * 1e9 / (double)(elapsed_ns - cr->last_ns);
  cr->last_ns = elapsed_ns;
  cr->last_ios = ios;
  r->precondition_bytes = done;
  r->precondition_ns = ns;
  /* The preconditioning's length, estimated from its rate so far. */
  estimate_ns = done > 0 ? (double)ns * (double)cr->pc_total_bytes / (double)done : 0;
  report_progress (cr, ns, iops, (double)ns / (estimate_ns + (double)r->spec.duration_ns));
}

/* Runs one sequential preconditioning job of @length bytes at @offset with @block_size writes;
 * adds what it wrote to the result. */
static gboolean
precondition_job (SsdbTarget *target, ConsistencyRun *cr, guint64 offset, guint64 length,
                  guint block_size, guint queue_depth, guint64 seed, GCancellable *cancellable,
                  GError **error)
{
  SsdbConsistencyResult *r = cr->result;
  SsdbJobSpec job;
  g_autofree SsdbIoResult *io = g_new0 (SsdbIoResult, 1);
  gboolean ok;

  ssdb_job_spec_init (&job);
  job.rw = SSDB_RW_WRITE;
  job.access = SSDB_ACCESS_SEQUENTIAL;
  job.block_size = block_size;
  job.queue_depth = queue_depth;
  job.threads = 1;
  job.offset = offset;
  job.length = length;
  job.duration_ns = 0;
  job.total_bytes = length;
  job.data = r->spec.data;
  job.seed = seed;
  job.sample_interval_ns = NS_PER_S / 4;
  if (!ssdb_job_spec_validate (&job, target, error))
    return FALSE;

  cr->last_ns = cr->last_ios = 0;
  ok = ssdb_io_run (target, &job, on_precondition_sample, cr, cancellable, io, error);
  cr->pc_done_bytes += io->write_bytes;
  cr->pc_done_ns += io->window_ns;
  r->precondition_bytes = cr->pc_done_bytes;
  return ok;
}

/* The preconditioning passes: sequential SSDB_PRECONDITION_BLOCK_SIZE writes over the span,
 * and one shorter write for a span that does not end on a whole one. */
static gboolean
precondition (SsdbTarget *target, ConsistencyRun *cr, GCancellable *cancellable, GError **error)
{
  SsdbConsistencySpec *spec = &cr->result->spec;
  guint64 body = spec->span_length / SSDB_PRECONDITION_BLOCK_SIZE * SSDB_PRECONDITION_BLOCK_SIZE;
  guint64 tail = spec->span_length - body;
  gint64 start = g_get_monotonic_time ();
  gboolean ok = TRUE;

  cr->pc_total_bytes = spec->precondition_passes * spec->span_length;
  for (guint pass = 0; ok && pass < spec->precondition_passes; pass++)
    {
      if (body > 0)
        ok = precondition_job (target, cr, spec->span_offset, body, SSDB_PRECONDITION_BLOCK_SIZE,
                               SSDB_PRECONDITION_QUEUE_DEPTH, spec->seed + pass, cancellable,
                               error);
      if (ok && tail > 0)
        ok = precondition_job (target, cr, spec->span_offset + body, tail, (guint)tail, 1,
                               spec->seed + pass, cancellable, error);
    }
  cr->result->precondition_ns = (guint64)(g_get_monotonic_time () - start) * 1000;
  return ok;
}

static void
on_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  ConsistencyRun *cr = user_data;
  SsdbConsistencyResult *r = cr->result;
  SsdbConsistencyRound round;

  (void)bytes;
  /* A round ends at each sample; the last sample (the end of the run) may close a short one. */
  if (elapsed_ns <= cr->last_ns || r->rounds->len >= SSDB_CONSISTENCY_MAX_ROUNDS)
    return;
  if (elapsed_ns - cr->last_ns < r->spec.round_ns / 2)
    return;
  round.elapsed_ns = elapsed_ns;
  round.ios = ios - cr->last_ios;
  round.iops = (double)round.ios * 1e9 / (double)(elapsed_ns - cr->last_ns);
  g_array_append_val (r->rounds, round);
  cr->last_ns = elapsed_ns;
  cr->last_ios = ios;
  report_progress (cr, elapsed_ns, round.iops,
                   (double)(r->precondition_ns + elapsed_ns)
                       / (double)(r->precondition_ns + r->spec.duration_ns));
}

gboolean
ssdb_consistency_run (SsdbTarget *target, SsdbConsistencyResult *result,
                      SsdbConsistencyProgressFunc progress, gpointer user_data,
                      GCancellable *cancellable, GError **error)
{
  SsdbConsistencySpec *spec;
  const SsdbTargetInfo *info;
  ConsistencyRun cr = { 0 };
  SsdbJobSpec job;
  g_autofree SsdbIoResult *io = NULL;
  SsdbRunRecording *recording;
  gboolean ok;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  spec = &result->spec;
  info = ssdb_target_get_info (target);
  if (!ssdb_consistency_result_check (result, info, error))
    return FALSE;
  if (spec->span_length == 0)
    spec->span_length = info->size_bytes - spec->span_offset;
  spec->span_length = spec->span_length / spec->block_size * spec->block_size;

  ssdb_job_spec_init (&job);
  job.rw = SSDB_RW_WRITE;
  job.access = SSDB_ACCESS_RANDOM;
  job.block_size = spec->block_size;
  job.queue_depth = spec->queue_depth;
  job.threads = 1;
  job.offset = spec->span_offset;
  job.length = spec->span_length;
  job.duration_ns = spec->duration_ns;
  job.total_bytes = 0;
  job.data = spec->data;
  job.seed = spec->seed;
  job.sample_interval_ns = spec->round_ns;
  if (!ssdb_job_spec_validate (&job, target, error))
    return FALSE;

  cr.result = result;
  cr.progress = progress;
  cr.user_data = user_data;
  result->precondition_bytes = result->precondition_ns = 0;
  recording = ssdb_target_recording_begin (target, TRUE);
  if (spec->precondition_passes > 0 && !precondition (target, &cr, cancellable, error))
    {
      result->cancelled = TRUE;
      ok = FALSE;
    }
  else
    {
      cr.last_ns = cr.last_ios = 0;
      io = g_new0 (SsdbIoResult, 1);
      ok = ssdb_io_run (target, &job, on_sample, &cr, cancellable, io, error);
      result->ios = io->ios;
      result->bytes = io->bytes;
      result->window_ns = io->window_ns;
      result->iops = io->iops;
      result->cancelled = !ok && io->cancelled;
    }
  ssdb_target_recording_end (target, recording, &result->temperature, &result->drive_counts);
  ssdb_consistency_analyze (result);
  return ok;
}

/* @ns in seconds, as messages write them ("0.5"), whatever the locale. */
static void
seconds_text (guint64 ns, char buf[G_ASCII_DTOSTR_BUF_SIZE])
{
  g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%g", (double)ns / 1e9);
}

gboolean
ssdb_consistency_result_check (const SsdbConsistencyResult *result, const SsdbTargetInfo *target,
                               GError **error)
{
  const SsdbConsistencySpec *spec;
  char duration_s[G_ASCII_DTOSTR_BUF_SIZE], round_s[G_ASCII_DTOSTR_BUF_SIZE];

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  seconds_text (spec->duration_ns, duration_s);
  seconds_text (spec->round_ns, round_s);
  if (spec->round_ns < NS_PER_S / 10)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Round length %s s is shorter than 0.1 s", round_s);
      return FALSE;
    }
  if (spec->duration_ns < spec->round_ns)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Duration %s s is shorter than one round (%s s)", duration_s, round_s);
      return FALSE;
    }
  if (spec->duration_ns / spec->round_ns > SSDB_CONSISTENCY_MAX_ROUNDS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Duration %s s gives %" G_GUINT64_FORMAT " rounds of %s s, more than %u; "
                   "make the rounds longer",
                   duration_s, spec->duration_ns / spec->round_ns, round_s,
                   SSDB_CONSISTENCY_MAX_ROUNDS);
      return FALSE;
    }
  if (spec->tail_percent < 1 || spec->tail_percent > 100)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The last part of the run must be 1 to 100 %% of it, not %u %%",
                   spec->tail_percent);
      return FALSE;
    }
  if (spec->precondition_passes > SSDB_PRECONDITION_MAX_PASSES)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The preconditioning is 0 to %u passes, not %u", SSDB_PRECONDITION_MAX_PASSES,
                   spec->precondition_passes);
      return FALSE;
    }
  if (!ssdb_spec_check_queue_depth (spec->queue_depth, error))
    return FALSE;
  if (spec->data.kind > SSDB_DATA_COMPRESSIBLE || spec->data.compressible_percent > 100)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "Unknown data pattern");
      return FALSE;
    }
  if (!ssdb_spec_check_block (spec->block_size, target, NULL, error))
    return FALSE;
  if (spec->precondition_passes > 0
      && !ssdb_spec_check_block (SSDB_PRECONDITION_BLOCK_SIZE, target,
                                 "The preconditioning transfer size", error))
    return FALSE;
  if (!ssdb_spec_check_span (spec->span_offset, spec->span_length, target, error))
    return FALSE;
  return ssdb_spec_check_span_holds (spec->span_offset, spec->span_length, spec->block_size, target,
                                     error);
}

SSDB_WORDS_DEFINE_DUP (ssdb_consistency_result_dup_words, SsdbConsistencyResult,
                       ssdb_consistency_result_dup, ssdb_consistency_analyze,
                       ssdb_consistency_result_free)
