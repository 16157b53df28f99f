/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-recovery.h"
#include "ssdb-words.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-test-kind.h"
#include "ssdb-units.h"

#include <math.h>
#include <string.h>

#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

void
ssdb_recovery_spec_init (SsdbRecoverySpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->block_size = 1u << 20;
  spec->queue_depth = 4;
  spec->interval_ns = NS_PER_S / 2;
  spec->pauses_ns[0] = 60 * NS_PER_S;
  spec->pauses_ns[1] = 300 * NS_PER_S;
  spec->pauses_ns[2] = 600 * NS_PER_S;
  spec->n_pauses = 3;
  spec->seed = 1;
}

static void
write_clear (gpointer data)
{
  SsdbRecoveryWrite *w = data;

  g_clear_pointer (&w->segments, g_array_unref);
  g_clear_pointer (&w->intervals, g_array_unref);
}

SsdbRecoveryResult *
ssdb_recovery_result_new (const SsdbRecoverySpec *spec)
{
  SsdbRecoveryResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbRecoveryResult, 1);
  r->spec = *spec;
  r->writes = g_array_new (FALSE, TRUE, sizeof (SsdbRecoveryWrite));
  g_array_set_clear_func (r->writes, write_clear);
  r->first.phases = g_array_new (FALSE, TRUE, sizeof (SsdbFillPhase));
  return r;
}

void
ssdb_recovery_result_free (SsdbRecoveryResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->writes, g_array_unref);
  ssdb_fill_analysis_clear (&result->first);
  g_free (result->words);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbRecoveryResult *
ssdb_recovery_result_dup (const SsdbRecoveryResult *result)
{
  SsdbRecoveryResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbRecoveryResult, 1);
  *r = *result;
  r->writes = g_array_copy (result->writes);
  g_array_set_clear_func (r->writes, write_clear);
  for (guint i = 0; i < r->writes->len; i++)
    {
      SsdbRecoveryWrite *w = &g_array_index (r->writes, SsdbRecoveryWrite, i);

      w->segments = w->segments != NULL ? g_array_copy (w->segments) : NULL;
      w->intervals = w->intervals != NULL ? g_array_copy (w->intervals) : NULL;
    }
  ssdb_fill_analysis_copy (&r->first, &result->first);
  r->words = g_strdup (result->words);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

gboolean
ssdb_recovery_estimate (const SsdbRecoveryResult *result, guint64 target_bytes,
                        SsdbRunEstimate *out)
{
  guint64 bytes, room;

  g_return_val_if_fail (result != NULL && out != NULL, FALSE);

  bytes = result->spec.write_bytes;
  /* As the run resolves it: 0 or more than the target holds is all of it from the offset (for
   * writes on the next span each, a share of it). */
  room = ssdb_estimate_span (result->spec.span_offset, 0, target_bytes);
  if (result->spec.next_span)
    room /= result->spec.n_pauses + 1;
  if (bytes == 0 || (room > 0 && bytes > room))
    bytes = room;
  if (result->spec.block_size > 0)
    bytes = bytes / result->spec.block_size * result->spec.block_size;
  if (bytes == 0)
    return FALSE;
  for (guint i = 0; i < result->spec.n_pauses && i < SSDB_RECOVERY_MAX_PAUSES; i++)
    out->timed_ns += result->spec.pauses_ns[i];
  out->write_bytes += (guint64)(result->spec.n_pauses + 1) * bytes;
  return TRUE;
}

/* ---- analysis ----------------------------------------------------------------------------- */

guint64
ssdb_recovery_fast_bytes (GArray *segments, double threshold_bytes_per_second)
{
  guint n = segments != NULL ? segments->len : 0;
  double credit = 0, best = 0;
  guint64 prev = 0, fast = 0;

  if (!(threshold_bytes_per_second > 0))
    return 0;
  /* CUSUM: each segment adds the time it would take at the threshold minus the time it took.
   * The sum climbs while the writes are fast and falls once they are slow; where it peaks the
   * fast part ends. Times add up, so a burst of completions after a stall (a group of segments
   * sharing one low rate) costs only its real time. */
  for (guint i = 0; i < n; i++)
    {
      const SsdbFillPoint *p = &g_array_index (segments, SsdbFillPoint, i);
      double bytes = (double)(p->position_bytes - prev);

      prev = p->position_bytes;
      if (!(p->bytes_per_second > 0) || !isfinite (p->bytes_per_second))
        continue;
      credit += bytes / threshold_bytes_per_second - bytes / p->bytes_per_second;
      if (credit > best)
        {
          best = credit;
          fast = p->position_bytes;
        }
    }
  return fast;
}

double
ssdb_recovery_restored_percent (guint64 first_fast_bytes, guint64 fast_bytes)
{
  if (first_fast_bytes == 0)
    return 0;
  return MIN (100.0, 100.0 * (double)fast_bytes / (double)first_fast_bytes);
}

gboolean
ssdb_recovery_has_cliff (const SsdbRecoveryResult *r)
{
  const SsdbRecoveryWrite *first;
  double after = 0, fast = 0, window_bytes = 0, window_time = 0;
  guint64 prev = 0;

  g_return_val_if_fail (r != NULL, FALSE);

  if (r->first.cache_bytes == 0 || r->writes->len == 0 || !(r->threshold_bytes_per_second > 0))
    return FALSE;
  first = &g_array_index (r->writes, SsdbRecoveryWrite, 0);
  /* The bytes after the cliff in windows of the analysis' shortest phase, each window's rate
   * its bytes over the time they took: a device (or a throttle) that completes requests in
   * bursts has single segments far above and below its rate, and its windows at the rate. */
  for (guint i = 0; first->segments != NULL && i < first->segments->len; i++)
    {
      const SsdbFillPoint *p = &g_array_index (first->segments, SsdbFillPoint, i);
      double bytes = (double)(p->position_bytes - MIN (prev, p->position_bytes));
      gboolean last = i + 1 == first->segments->len;

      prev = p->position_bytes;
      if (p->position_bytes > r->first.cache_bytes && bytes > 0 && p->bytes_per_second > 0
          && isfinite (p->bytes_per_second))
        {
          window_bytes += bytes;
          window_time += bytes / p->bytes_per_second;
        }
      if (window_bytes > 0 && (window_bytes >= (double)r->first.window_bytes || last))
        {
          after += window_bytes;
          if (window_bytes / window_time >= r->threshold_bytes_per_second)
            fast += window_bytes;
          window_bytes = window_time = 0;
        }
    }
  return after > 0 && fast < SSDB_RECOVERY_LASTING_SHARE * after;
}

static int
compare_double (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? -1 : x > y ? 1 : 0;
}

/* The byte-weighted coefficient of variation of @segments' rates, and their 10th and 90th
 * percentiles (by segment). FALSE without a usable segment. */
static gboolean
spread (GArray *segments, double *cv, double *p10, double *p90)
{
  g_autoptr (GArray) rates = g_array_new (FALSE, FALSE, sizeof (double));
  double sum_b = 0, sum = 0, ss = 0, mean;
  guint64 prev = 0;

  for (guint i = 0; segments != NULL && i < segments->len; i++)
    {
      const SsdbFillPoint *p = &g_array_index (segments, SsdbFillPoint, i);
      double bytes = (double)(p->position_bytes - MIN (prev, p->position_bytes));

      prev = p->position_bytes;
      if (!(p->bytes_per_second > 0) || !isfinite (p->bytes_per_second) || bytes <= 0)
        continue;
      g_array_append_val (rates, p->bytes_per_second);
      sum_b += bytes;
      sum += bytes * p->bytes_per_second;
    }
  if (rates->len == 0 || sum_b <= 0)
    return FALSE;
  mean = sum / sum_b;
  prev = 0;
  for (guint i = 0; i < segments->len; i++)
    {
      const SsdbFillPoint *p = &g_array_index (segments, SsdbFillPoint, i);
      double bytes = (double)(p->position_bytes - MIN (prev, p->position_bytes));

      prev = p->position_bytes;
      if (!(p->bytes_per_second > 0) || !isfinite (p->bytes_per_second) || bytes <= 0)
        continue;
      ss += bytes * (p->bytes_per_second - mean) * (p->bytes_per_second - mean);
    }
  *cv = mean > 0 ? sqrt (ss / sum_b) / mean : 0;
  g_array_sort (rates, compare_double);
  *p10 = g_array_index (rates, double, (rates->len - 1) / 10);
  *p90 = g_array_index (rates, double, (rates->len - 1) - (rates->len - 1) / 10);
  return TRUE;
}

void
ssdb_recovery_analyze (SsdbRecoveryResult *r)
{
  SsdbRecoveryWrite *first = NULL;
  locale_t previous;
  GString *s;

  g_return_if_fail (r != NULL);

  ssdb_fill_analysis_clear (&r->first);
  r->fast_bytes_per_second = r->slow_bytes_per_second = r->threshold_bytes_per_second = 0;
  if (r->writes->len > 0)
    first = &g_array_index (r->writes, SsdbRecoveryWrite, 0);
  ssdb_fill_analyze (first != NULL ? first->segments : NULL, &r->first);

  r->fast_bytes_per_second = r->first.in_cache_bytes_per_second;
  if (r->first.cache_bytes > 0)
    {
      r->slow_bytes_per_second = r->first.post_cache_bytes_per_second;
      r->threshold_bytes_per_second = sqrt (r->fast_bytes_per_second * r->slow_bytes_per_second);
    }
  else
    r->threshold_bytes_per_second = 0.8 * r->fast_bytes_per_second;

  for (guint i = 0; i < r->writes->len; i++)
    {
      SsdbRecoveryWrite *w = &g_array_index (r->writes, SsdbRecoveryWrite, i);

      w->fast_bytes = ssdb_recovery_fast_bytes (w->segments, r->threshold_bytes_per_second);
      if (i == 0)
        w->restored_percent = w->fast_bytes > 0 ? 100 : 0;
      else
        w->restored_percent = ssdb_recovery_restored_percent (first->fast_bytes, w->fast_bytes);
    }

  previous = ssdb_words_locale_begin ();
  s = g_string_new (NULL);
  if (first == NULL || first->segments->len == 0)
    g_string_append (s, W_ ("No data to analyse."));
  else if (ssdb_recovery_has_cliff (r))
    {
      g_autofree char *fast = ssdb_format_capacity (first->fast_bytes);

      g_string_append_printf (s,
                              W_ ("Found a cache cliff: the first write ran at %.0f MB/s for %s, "
                                  "then at %.0f MB/s."),
                              r->fast_bytes_per_second / 1e6, fast, r->slow_bytes_per_second / 1e6);
      for (guint i = 1; i < r->writes->len; i++)
        {
          const SsdbRecoveryWrite *w = &g_array_index (r->writes, SsdbRecoveryWrite, i);
          g_autofree char *got = ssdb_format_capacity (w->fast_bytes);

          g_string_append_printf (s, W_ (" After %g s idle: %s fast (%.0f %%)."),
                                  (double)w->pause_ns / 1e9, got, w->restored_percent);
        }
      g_string_append_printf (
          s, W_ (" Fast means above %.0f MB/s, the geometric mean of the two rates."),
          r->threshold_bytes_per_second / 1e6);
    }
  else
    {
      double cv = 0, p10 = 0, p90 = 0, mean = first->bytes_per_second;
      gboolean scattered;

      if (!(mean > 0) || !isfinite (mean))
        mean = r->fast_bytes_per_second;
      scattered = spread (first->segments, &cv, &p10, &p90) && cv >= SSDB_RECOVERY_STEADY_CV;
      if (r->first.verdict == SSDB_VERDICT_NO_EFFECT)
        g_string_append_printf (
            s,
            W_ ("No effect: the first write ran at a steady %.0f MB/s (no change "
                "of %.0f %% or more lasted: the larger of %.0f %% and %g × the "
                "noise of %.1f %% measured in it), so there is no cache cliff to "
                "recover; write more than the cache."),
            mean / 1e6, 100 * r->first.step_threshold, 100 * SSDB_FILL_MIN_STEP,
            SSDB_FILL_NOISE_MULTIPLE, 100 * r->first.noise);
      else if (r->first.verdict == SSDB_VERDICT_INCONCLUSIVE && r->first.short_step > 0)
        g_string_append_printf (s,
                                W_ ("Inconclusive: the first write ran at %.0f MB/s on average; a "
                                    "change of %.0f %% lasted only %.2f s, less than the %.1f s a "
                                    "phase must last to be told from the load on the machine."),
                                mean / 1e6, 100 * r->first.short_step, r->first.short_seconds,
                                SSDB_FILL_MIN_PHASE_NS / 1e9);
      else if (r->first.verdict == SSDB_VERDICT_INCONCLUSIVE
               && r->first.step_threshold <= SSDB_FILL_DECIDABLE_STEP)
        g_string_append_printf (
            s,
            W_ ("Inconclusive: the first write ran at %.0f MB/s on average, but "
                "lasted less than twice the %.1f s a phase must last to be told "
                "from the load on the machine; write more."),
            mean / 1e6, SSDB_FILL_MIN_PHASE_NS / 1e9);
      else if (r->first.verdict == SSDB_VERDICT_INCONCLUSIVE && !r->first.noise_measured)
        g_string_append_printf (
            s,
            W_ ("Inconclusive: the first write ran at %.0f MB/s on average, but "
                "it has too few segments to measure its noise; write more."),
            mean / 1e6);
      else if (r->first.verdict == SSDB_VERDICT_INCONCLUSIVE && r->first.step_threshold >= 1)
        g_string_append_printf (
            s,
            W_ ("Inconclusive: the first write ran at %.0f MB/s on average, but "
                "the noise measured in it (%.1f %%) is so large that no change of "
                "rate, however large, can be told apart."),
            mean / 1e6, 100 * r->first.noise);
      else if (r->first.verdict == SSDB_VERDICT_INCONCLUSIVE)
        g_string_append_printf (
            s,
            W_ ("Inconclusive: the first write ran at %.0f MB/s on average, but "
                "the noise measured in it (%.1f %%) hides any change below "
                "%.0f %%, so a cache cliff cannot be told apart."),
            mean / 1e6, 100 * r->first.noise, 100 * r->first.step_threshold);
      else if (scattered)
        g_string_append_printf (
            s,
            W_ ("Inconclusive: the first write ran at %.0f MB/s on average, most "
                "of it between %.0f and %.0f MB/s, and no drop lasted (a third "
                "or more of what followed ran fast again)."),
            mean / 1e6, p10 / 1e6, p90 / 1e6);
      else
        g_string_append_printf (s,
                                W_ ("No effect: the first write ran at %.0f MB/s with no lasting "
                                    "drop, so there is no cache cliff to recover."),
                                mean / 1e6);
      if (r->writes->len > 1)
        {
          g_string_append_printf (s,
                                  W_ (" The shares in the table count the bytes written above "
                                      "%.0f MB/s (%s):"),
                                  r->threshold_bytes_per_second / 1e6,
                                  r->first.cache_bytes > 0
                                      ? W_ ("between the first write's fast and slow rates")
                                      /* xgettext:no-c-format */
                                      : W_ ("80 % of the first write's rate"));
          for (guint i = 1; i < r->writes->len; i++)
            {
              const SsdbRecoveryWrite *w = &g_array_index (r->writes, SsdbRecoveryWrite, i);

              g_string_append_printf (
                  s, i > 1 ? W_ (", %.0f %% after %g s") : W_ (" %.0f %% after %g s"),
                  w->restored_percent, (double)w->pause_ns / 1e9);
            }
          g_string_append (s, W_ ("."));
        }
    }
  ssdb_words_locale_end (previous);
  g_free (r->words);
  r->words = g_string_free (s, FALSE);
}

/* ---- run ---------------------------------------------------------------------------------- */

typedef struct
{
  SsdbRecoveryResult *result;
  SsdbRecoveryProgressFunc progress;
  gpointer user_data;
  guint write_index;
  guint n_steps;
} RecoveryRun;

static void
on_fill_progress (SsdbFillResult *fill, guint pass_index, guint64 position_bytes,
                  double bytes_per_second, double fraction, gpointer user_data)
{
  RecoveryRun *rr = user_data;
  guint step = rr->write_index * 2;

  (void)fill;
  (void)pass_index;
  (void)position_bytes;
  if (rr->progress)
    rr->progress (rr->result, rr->write_index, FALSE, bytes_per_second,
                  MIN ((step + fraction) / rr->n_steps, 1.0), rr->user_data);
}

/* Leaves the device idle for @ns, waking every 100 ms to check @cancellable. */
static gboolean
pause_idle (RecoveryRun *rr, guint64 ns, GCancellable *cancellable, GError **error)
{
  gint64 start = g_get_monotonic_time (), last_report = 0;
  guint step = rr->write_index * 2 - 1;

  for (;;)
    {
      guint64 elapsed = (guint64)(g_get_monotonic_time () - start) * 1000;

      if (g_cancellable_is_cancelled (cancellable))
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED, "Cancelled during an idle pause");
          return FALSE;
        }
      if (elapsed >= ns)
        return TRUE;
      if (rr->progress && (last_report == 0 || g_get_monotonic_time () - last_report >= 500000))
        {
          last_report = g_get_monotonic_time ();
          rr->progress (rr->result, rr->write_index, TRUE, 0,
                        (step + (double)elapsed / (double)ns) / rr->n_steps, rr->user_data);
        }
      g_usleep (MIN ((ns - elapsed) / 1000, (guint64)100000));
    }
}

/* The room for one write on a target of @size bytes (known): all of it from the offset, or a share
 * for each write on the next span. */
static guint64
recovery_room (const SsdbRecoverySpec *spec, guint64 size)
{
  if (spec->span_offset >= size)
    return 0;
  return (size - spec->span_offset) / (spec->next_span ? spec->n_pauses + 1 : 1);
}

/* The run itself, without what is recorded of the drive meanwhile. */
static gboolean
run_recovery (SsdbTarget *target, SsdbRecoveryResult *result, SsdbRecoveryProgressFunc progress,
              gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbRecoverySpec *spec;
  const SsdbTargetInfo *info;
  RecoveryRun rr = { 0 };
  gboolean ok = TRUE;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  spec = &result->spec;
  info = ssdb_target_get_info (target);
  if (!ssdb_recovery_result_check (result, info, error))
    return FALSE;
  /* As the check resolved it: 0 is all of the room for one write (a share of what follows the
   * offset for writes on the next span each), in whole transfers. */
  if (spec->write_bytes == 0)
    spec->write_bytes = recovery_room (spec, info->size_bytes);
  spec->write_bytes = spec->write_bytes / spec->block_size * spec->block_size;

  rr.result = result;
  rr.progress = progress;
  rr.user_data = user_data;
  rr.n_steps = 2 * spec->n_pauses + 1;

  for (guint i = 0; i <= spec->n_pauses && ok; i++)
    {
      g_autoptr (SsdbFillResult) fill = NULL;
      SsdbFillSpec fs;
      SsdbRecoveryWrite w = { 0 };

      rr.write_index = i;
      if (i > 0 && !pause_idle (&rr, spec->pauses_ns[i - 1], cancellable, error))
        {
          ok = FALSE;
          result->cancelled = TRUE;
          break;
        }

      ssdb_fill_spec_init (&fs);
      fs.block_size = spec->block_size;
      fs.queue_depth = spec->queue_depth;
      fs.span_offset = spec->span_offset + (spec->next_span ? i * spec->write_bytes : 0);
      fs.span_length = spec->write_bytes;
      fs.segment_bytes = spec->segment_bytes;
      fs.interval_ns = spec->interval_ns;
      fs.passes = 1;
      fs.read_back = FALSE;
      fs.seed = spec->seed + i;
      fill = ssdb_fill_result_new (&fs);
      ok = ssdb_fill_run (target, fill, on_fill_progress, &rr, cancellable, error);
      if (i == 0)
        {
          /* The sizes the fill resolved. */
          spec->segment_bytes = fill->spec.segment_bytes;
          spec->interval_ns = fill->spec.interval_ns;
        }
      if (fill->passes->len > 0)
        {
          SsdbFillPass *p = g_ptr_array_index (fill->passes, 0);

          w.pause_ns = i > 0 ? spec->pauses_ns[i - 1] : 0;
          w.segments = g_array_ref (p->segments);
          w.intervals = g_array_ref (p->intervals);
          w.bytes = p->bytes;
          w.window_ns = p->window_ns;
          w.bytes_per_second = p->bytes_per_second;
          w.complete = p->complete;
          g_array_append_val (result->writes, w);
        }
      if (!ok)
        result->cancelled = fill->cancelled;
    }

  ssdb_recovery_analyze (result);
  return ok;
}

gboolean
ssdb_recovery_run (SsdbTarget *target, SsdbRecoveryResult *result,
                   SsdbRecoveryProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                   GError **error)
{
  SsdbRunRecording *recording
      = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_RECOVERY, target, result, error);
  gboolean ok
      = recording != NULL && run_recovery (target, result, progress, user_data, cancellable, error);

  ssdb_test_kind_recording_end (SSDB_TEST_KIND_RECOVERY, target, result, recording);
  return ok;
}

gboolean
ssdb_recovery_result_check (const SsdbRecoveryResult *result, const SsdbTargetInfo *target,
                            GError **error)
{
  const SsdbRecoverySpec *spec;
  g_autofree char *name = NULL;
  guint64 size, write;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  size = target->size_bytes;
  if (spec->n_pauses < 1 || spec->n_pauses > SSDB_RECOVERY_MAX_PAUSES)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Pause count %u is out of range (1 to %u)", spec->n_pauses,
                   SSDB_RECOVERY_MAX_PAUSES);
      return FALSE;
    }
  if (!ssdb_spec_check_queue_depth (spec->queue_depth, error))
    return FALSE;
  if (!ssdb_spec_check_block (spec->block_size, target, NULL, error))
    return FALSE;
  if (!ssdb_spec_check_span (spec->span_offset, 0, target, error))
    return FALSE;
  name = ssdb_target_info_dup_display_name (target);
  if (size > 0 && spec->write_bytes > recovery_room (spec, size))
    {
      if (spec->next_span)
        g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                     "%u writes of %" G_GUINT64_FORMAT " bytes, each on the next span, do not "
                     "fit in the %" G_GUINT64_FORMAT " bytes of %s from byte %" G_GUINT64_FORMAT,
                     spec->n_pauses + 1, spec->write_bytes, size - spec->span_offset, name,
                     spec->span_offset);
      else
        g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                     "Write size %" G_GUINT64_FORMAT " bytes is more than the %" G_GUINT64_FORMAT
                     " bytes of %s from byte %" G_GUINT64_FORMAT,
                     spec->write_bytes, size - spec->span_offset, name, spec->span_offset);
      return FALSE;
    }
  /* As the run resolves it: 0 is all the room, in whole transfers. */
  write = spec->write_bytes;
  if (write == 0 && size > 0)
    write = recovery_room (spec, size);
  if ((size > 0 || spec->write_bytes > 0) && write < spec->block_size)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Write size %" G_GUINT64_FORMAT " bytes is less than one %u-byte transfer",
                   write, spec->block_size);
      return FALSE;
    }
  return TRUE;
}

SSDB_WORDS_DEFINE_DUP (ssdb_recovery_result_dup_words, SsdbRecoveryResult, ssdb_recovery_result_dup,
                       ssdb_recovery_analyze, ssdb_recovery_result_free)
