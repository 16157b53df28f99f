/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-freespace.h"
#include "ssdb-words.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-test-kind.h"
#include "ssdb-target-fill.h"
#include "ssdb-units.h"

#include <math.h>
#include <string.h>

/* Every test at least this share of its empty-span speed when the span is full: a rise beyond
 * the 10 % that single measurements vary. */
#define SSDB_FREESPACE_RISE 1.1

void
ssdb_freespace_spec_init (SsdbFreespaceSpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->step_percent = 10;
  ssdb_behaviour_summary_spec_init (&spec->summary);
  spec->seed = 1;
}

static void
step_clear (gpointer data)
{
  SsdbFreespaceStep *s = data;

  g_clear_pointer (&s->rates, g_array_unref);
}

SsdbFreespaceResult *
ssdb_freespace_result_new (const SsdbFreespaceSpec *spec)
{
  SsdbFreespaceResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbFreespaceResult, 1);
  r->spec = *spec;
  r->steps = g_array_new (FALSE, TRUE, sizeof (SsdbFreespaceStep));
  g_array_set_clear_func (r->steps, step_clear);
  return r;
}

void
ssdb_freespace_result_free (SsdbFreespaceResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->steps);
  g_free (result->words);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbFreespaceResult *
ssdb_freespace_result_dup (const SsdbFreespaceResult *result)
{
  SsdbFreespaceResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbFreespaceResult, 1);
  *r = *result;
  r->steps = g_array_copy (result->steps);
  g_array_set_clear_func (r->steps, step_clear);
  for (guint i = 0; i < r->steps->len; i++)
    {
      SsdbFreespaceStep *s = &g_array_index (r->steps, SsdbFreespaceStep, i);

      s->rates = s->rates != NULL ? g_array_copy (s->rates) : NULL;
    }
  r->words = g_strdup (result->words);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

gboolean
ssdb_freespace_estimate (const SsdbFreespaceResult *result, guint64 target_bytes,
                         SsdbRunEstimate *out)
{
  guint64 span, n_steps;
  g_autoptr (SsdbSummaryResult) summary = NULL;

  g_return_val_if_fail (result != NULL && out != NULL, FALSE);

  span = ssdb_estimate_span (result->spec.span_offset, result->spec.span_length, target_bytes);
  if (span == 0 || result->spec.step_percent == 0)
    return FALSE;
  n_steps = 1 + (100 + result->spec.step_percent - 1) / result->spec.step_percent;
  summary = ssdb_behaviour_summary_new (&result->spec.summary, result->spec.test_mask, NULL);
  for (guint64 i = 0; i < n_steps; i++)
    ssdb_summary_estimate (summary, out);
  out->write_bytes += span * (result->spec.stress ? 2 : 1);
  return TRUE;
}

guint64
ssdb_freespace_step_bytes (guint64 span_length, guint used_percent, guint align)
{
  unsigned __int128 b;

  g_return_val_if_fail (align > 0, 0);

  if (used_percent >= 100)
    return span_length;
  b = (unsigned __int128)span_length * used_percent / 100;
  return (guint64)b / align * align;
}

double
ssdb_freespace_noise_multiple (guint n_steps)
{
  if (n_steps < 4)
    return SSDB_FREESPACE_NOISE_MULTIPLE;
  return ssdb_noise_multiple (n_steps - 2, SSDB_FREESPACE_NOISE_MULTIPLE);
}

/* One test's rates over the steps: the change from the first two steps to the last two, and
 * the noise between neighbouring steps. */
typedef struct
{
  const SsdbTestRate *first, *last;
  double share;     /* last step over the first */
  double change;    /* mean of the last two steps over the mean of the first two, minus 1 */
  double noise;     /* robust scale of relative neighbouring differences, over sqrt 2 */
  double multiple;  /* of the noise, for this many steps */
  double threshold; /* the drop that counts */
  gboolean measured;
} Trend;

static gboolean
trend_of (const SsdbFreespaceResult *result, guint test, Trend *t)
{
  guint n = result->steps != NULL ? result->steps->len : 0;
  g_autofree double *rate = NULL;
  g_autofree double *d = NULL;

  memset (t, 0, sizeof *t);
  if (n == 0)
    return FALSE;
  rate = g_new0 (double, n);
  d = g_new0 (double, n);
  for (guint j = 0; j < n; j++)
    {
      const SsdbFreespaceStep *st = &g_array_index (result->steps, SsdbFreespaceStep, j);
      const SsdbTestRate *r;

      if (st->rates == NULL || test >= st->rates->len)
        return FALSE;
      r = &g_array_index (st->rates, SsdbTestRate, test);
      if (!isfinite (r->bytes_per_second) || r->bytes_per_second <= 0)
        return FALSE;
      rate[j] = r->bytes_per_second;
      if (j == 0)
        t->first = r;
      t->last = r;
    }
  t->share = rate[n - 1] / rate[0];
  if (n >= 4)
    {
      /* Second differences: a steady slope (a device slowing as it fills) is not noise. For
       * independent noise of scale s they scatter by s × sqrt 6. Their root mean square, not a
       * robust scale: the noise of single summary passes on a loaded machine has heavy tails,
       * and a level change that inflates it errs towards "inconclusive", never "found". */
      double ss = 0;

      for (guint j = 1; j + 1 < n; j++)
        {
          d[j - 1] = (rate[j + 1] - 2 * rate[j] + rate[j - 1]) / rate[j];
          ss += d[j - 1] * d[j - 1];
        }
      t->noise = sqrt (ss / (n - 2)) / sqrt (6);
      t->change = (rate[n - 1] + rate[n - 2]) / (rate[0] + rate[1]) - 1;
      t->measured = TRUE;
    }
  else
    t->change = t->share - 1;
  t->multiple = ssdb_freespace_noise_multiple (n);
  t->threshold = MAX (SSDB_FREESPACE_MIN_DROP, t->multiple * t->noise);
  return TRUE;
}

double
ssdb_freespace_test_noise (const SsdbFreespaceResult *result, guint test, double *threshold)
{
  Trend t;
  gboolean measured;

  if (threshold != NULL)
    *threshold = -1;
  g_return_val_if_fail (result != NULL, -1);

  measured = trend_of (result, test, &t) && t.measured;
  if (threshold != NULL && measured)
    *threshold = t.threshold;
  return measured ? t.noise : -1;
}

static void
summarize (SsdbFreespaceResult *result)
{
  const SsdbFreespaceStep *first, *last;
  Trend worst = { 0 }, found = { 0 }, noisiest = { 0 }, unproven = { 0 };
  gboolean any = FALSE, all_measured = TRUE;

  g_return_if_fail (result != NULL);

  g_clear_pointer (&result->words, g_free);
  result->verdict = SSDB_VERDICT_NONE;
  if (result->steps->len < 2)
    return;
  first = &g_array_index (result->steps, SsdbFreespaceStep, 0);
  last = &g_array_index (result->steps, SsdbFreespaceStep, result->steps->len - 1);
  for (guint i = 0; i < first->rates->len; i++)
    {
      Trend t;

      if (!trend_of (result, i, &t))
        continue;
      if (!any || t.share < worst.share)
        worst = t;
      if (t.measured && -t.change >= t.threshold
          && (found.first == NULL || -t.change / t.threshold > -found.change / found.threshold))
        found = t;
      /* a drop beyond the minimum that the noise could still explain */
      if (t.measured && -t.change >= SSDB_FREESPACE_MIN_DROP && -t.change < t.threshold
          && t.threshold < 1 && (unproven.first == NULL || t.change < unproven.change))
        unproven = t;
      if (!any || t.threshold > noisiest.threshold)
        noisiest = t;
      all_measured = all_measured && t.measured;
      any = TRUE;
    }
  if (!any)
    return;
  if (found.first != NULL)
    {
      result->verdict = SSDB_VERDICT_FOUND;
      result->words = g_strdup_printf (
          W_ ("With the span %u %% full, %s %s runs at %.0f %% of its speed on the empty span "
              "(%.0f against %.0f MB/s): this device slows down as it fills. Its last two steps "
              "average %.0f %% below its first two, more than the %.0f %% a drop needs (the larger "
              "of %.0f %% and %.3g × the noise of %.1f %% between the %u steps)."),
          last->used_percent, found.first->name, ssdb_rw_to_words (found.first->rw),
          found.share * 100, found.last->bytes_per_second / 1e6,
          found.first->bytes_per_second / 1e6, -found.change * 100, found.threshold * 100,
          SSDB_FREESPACE_MIN_DROP * 100, found.multiple, found.noise * 100, result->steps->len);
    }
  else if (worst.share >= SSDB_FREESPACE_RISE)
    {
      /* Faster when full is not what a drive does: most likely the first measurement was
       * disturbed, so the words say so rather than read a property into it. */
      result->verdict = SSDB_VERDICT_INCONCLUSIVE;
      result->words = g_strdup_printf (
          W_ ("Inconclusive: with the span %u %% full every test runs faster than on the empty "
              "span "
              "(%.0f %% or more of its speed): free space does not slow this device down, but a "
              "rise this large is more likely noise in the first step than the device; run with "
              "more passes."),
          last->used_percent, worst.share * 100);
    }
  else if (!all_measured)
    {
      result->verdict = SSDB_VERDICT_INCONCLUSIVE;
      result->words = g_strdup_printf (
          W_ ("Inconclusive: with the span %u %% full, %s %s runs at %.0f %% of its speed on the "
              "empty span (%.0f against %.0f MB/s), but %u steps are too few to measure the noise "
              "between them (4 or more); use smaller steps."),
          last->used_percent, worst.first->name, ssdb_rw_to_words (worst.first->rw),
          worst.share * 100, worst.last->bytes_per_second / 1e6,
          worst.first->bytes_per_second / 1e6, result->steps->len);
    }
  else if (unproven.first != NULL)
    {
      result->verdict = SSDB_VERDICT_INCONCLUSIVE;
      result->words = g_strdup_printf (
          W_ ("Inconclusive: with the span %u %% full, %s %s runs at %.0f %% of its speed on the "
              "empty span (%.0f against %.0f MB/s); its last two steps average %.0f %% below its "
              "first two, but it scatters by %.1f %% between neighbouring steps, and with %u steps "
              "a drop must exceed %.0f %% (%.3g × that) to be told from noise; run more summary "
              "passes per step, or smaller steps."),
          last->used_percent, unproven.first->name, ssdb_rw_to_words (unproven.first->rw),
          unproven.share * 100, unproven.last->bytes_per_second / 1e6,
          unproven.first->bytes_per_second / 1e6, -unproven.change * 100, unproven.noise * 100,
          result->steps->len, unproven.threshold * 100, unproven.multiple);
    }
  else if (noisiest.threshold <= SSDB_FREESPACE_DECIDABLE_DROP)
    {
      result->verdict = SSDB_VERDICT_NO_EFFECT;
      result->words = g_strdup_printf (
          W_ ("No effect: with the span %u %% full every test runs at %.0f %% or more of its speed "
              "on the empty span, and no test's last two steps average a drop of %.0f %% or more "
              "below its first two (the larger of %.0f %% and %.3g × the noise between the %u "
              "steps, "
              "at most %.1f %%): free space does not change this device's speed."),
          last->used_percent, MIN (worst.share, 1.0) * 100, noisiest.threshold * 100,
          SSDB_FREESPACE_MIN_DROP * 100, noisiest.multiple, result->steps->len,
          noisiest.noise * 100);
    }
  else if (noisiest.threshold >= 1)
    {
      result->verdict = SSDB_VERDICT_INCONCLUSIVE;
      result->words = g_strdup_printf (
          W_ ("Inconclusive: with the span %u %% full, %s %s runs at %.0f %% of its speed on the "
              "empty span (%.0f against %.0f MB/s), but %s %s scatters by %.1f %% between "
              "neighbouring steps, so no drop, however large, could be told apart (a drop must "
              "exceed %.3g × that with %u steps); run more summary passes per step, or smaller "
              "steps."),
          last->used_percent, worst.first->name, ssdb_rw_to_words (worst.first->rw),
          worst.share * 100, worst.last->bytes_per_second / 1e6,
          worst.first->bytes_per_second / 1e6, noisiest.first->name,
          ssdb_rw_to_words (noisiest.first->rw), noisiest.noise * 100, noisiest.multiple,
          result->steps->len);
    }
  else
    {
      result->verdict = SSDB_VERDICT_INCONCLUSIVE;
      result->words = g_strdup_printf (
          W_ ("Inconclusive: with the span %u %% full, %s %s runs at %.0f %% of its speed on the "
              "empty span (%.0f against %.0f MB/s), but %s %s scatters by %.1f %% between "
              "neighbouring steps, so only a drop of %.0f %% (%.3g × that, with %u steps) could be "
              "told apart; run more summary passes per step, or smaller steps."),
          last->used_percent, worst.first->name, ssdb_rw_to_words (worst.first->rw),
          worst.share * 100, worst.last->bytes_per_second / 1e6,
          worst.first->bytes_per_second / 1e6, noisiest.first->name,
          ssdb_rw_to_words (noisiest.first->rw), noisiest.noise * 100, noisiest.threshold * 100,
          noisiest.multiple, result->steps->len);
    }
}

void
ssdb_freespace_summarize (SsdbFreespaceResult *result)
{
  locale_t previous;

  g_return_if_fail (result != NULL);

  previous = ssdb_words_locale_begin ();
  summarize (result);
  if (result->words != NULL && result->stress.block_size > 0)
    {
      g_autofree char *stressed = ssdb_format_capacity (result->stress.bytes);
      g_autofree char *bs = ssdb_format_transfer_size (result->stress.block_size);
      char *words = g_strdup_printf (W_ ("%s The span was first stressed with %s of random %s "
                                         "writes."),
                                     result->words, stressed, bs);

      g_free (result->words);
      result->words = words;
    }
  ssdb_words_locale_end (previous);
}

typedef struct
{
  SsdbFreespaceResult *result;
  SsdbFreespaceProgressFunc func;
  gpointer data;
  guint step;
  const char *phase;
  double base;
  double share;
} Progress;

static void
on_summary_progress (SsdbSummaryResult *summary, const SsdbSummaryProgress *progress,
                     gpointer user_data)
{
  Progress *pr = user_data;

  ssdb_behaviour_running_update (&pr->result->running, summary, progress);
  pr->func (pr->result, pr->step, "summary", pr->base + pr->share * progress->fraction, pr->data);
}

static void
on_fill_progress (guint64 done, guint64 total, gpointer user_data)
{
  Progress *pr = user_data;

  pr->func (pr->result, pr->step, "fill",
            pr->base + pr->share * (total ? (double)done / (double)total : 1.0), pr->data);
}

/* The run itself, without what is recorded of the drive meanwhile. */
static gboolean
run_freespace (SsdbTarget *target, SsdbFreespaceResult *result, SsdbFreespaceProgressFunc progress,
               gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbFreespaceSpec *spec;
  const SsdbTargetInfo *info;
  GError *local_error = NULL;
  Progress pr = { 0 };
  guint align, n_steps;
  guint64 used = 0;
  gboolean ok = TRUE;
  double lead;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  spec = &result->spec;
  info = ssdb_target_get_info (target);
  if (!ssdb_freespace_result_check (result, info, error))
    return FALSE;
  if (!ssdb_target_check_writes (target, "The free-space test", error))
    return FALSE;
  align = ssdb_behaviour_span_align (info);
  /* The span as the check resolved it: 0 is what follows the offset, in whole units. */
  if (spec->span_length == 0)
    spec->span_length = (info->size_bytes - spec->span_offset) / align * align;
  /* The summary runs in the free space at the end of the span. */
  spec->summary.offset = spec->span_offset + spec->span_length - spec->summary.size;

  n_steps = 1 + (100 + spec->step_percent - 1) / spec->step_percent;
  pr.result = result;
  pr.func = progress;
  pr.data = user_data;
  g_array_set_size (result->steps, 0);
  ssdb_behaviour_running_clear (&result->running);
  memset (&result->stress, 0, sizeof result->stress);
  /* The stress, when there is one, takes the first fifth of the progress. */
  lead = spec->stress ? 0.2 : 0.0;
  if (spec->stress)
    {
      pr.phase = "stress";
      pr.base = 0;
      pr.share = lead;
      ok = ssdb_target_stress_random (target, spec->span_offset, spec->span_length, spec->seed,
                                      progress ? on_fill_progress : NULL, &pr, cancellable,
                                      &result->stress, &local_error);
    }
  for (guint i = 0; i < n_steps && ok; i++)
    {
      SsdbFreespaceStep step = { 0 };
      g_autoptr (SsdbSummaryResult) summary = NULL;
      double unit = (1.0 - lead) / n_steps;

      step.used_percent = MIN (100, i * spec->step_percent);
      step.used_bytes = ssdb_freespace_step_bytes (spec->span_length, step.used_percent, align);
      step.fill_bytes = step.used_bytes - used;
      pr.step = i;
      pr.base = lead + unit * i;
      if (step.fill_bytes > 0)
        {
          SsdbDeviceCounters c0, c1;
          gint64 t0;

          pr.phase = "fill";
          pr.share = unit * 0.5;
          ssdb_target_read_counters (target, &c0);
          t0 = g_get_monotonic_time ();
          ok = ssdb_target_fill (target, spec->span_offset + used, step.fill_bytes, spec->seed + i,
                                 progress ? on_fill_progress : NULL, &pr, cancellable,
                                 &local_error);
          step.fill_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
          ssdb_target_read_counters (target, &c1);
          step.counters_valid = c0.valid && c1.valid;
          if (step.counters_valid)
            step.device_write_bytes = c1.write_bytes - c0.write_bytes;
          if (!ok)
            break;
          pr.base += pr.share;
          pr.share = unit * 0.5;
        }
      else
        pr.share = unit;
      used = step.used_bytes;

      summary = ssdb_behaviour_summary_new (&spec->summary, spec->test_mask, target);
      ok = ssdb_summary_run (target, summary, progress ? on_summary_progress : NULL, &pr,
                             cancellable, &local_error);
      ssdb_behaviour_running_clear (&result->running);
      if (!ok)
        break;
      step.rates = ssdb_behaviour_summary_rates (summary);
      g_array_append_val (result->steps, step);
      ssdb_freespace_summarize (result);
      if (progress)
        progress (result, i, "summary", lead + unit * (i + 1), user_data);
    }
  if (!ok)
    {
      result->cancelled = g_error_matches (local_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
      g_propagate_error (error, local_error);
    }
  return ok;
}

gboolean
ssdb_freespace_run (SsdbTarget *target, SsdbFreespaceResult *result,
                    SsdbFreespaceProgressFunc progress, gpointer user_data,
                    GCancellable *cancellable, GError **error)
{
  SsdbRunRecording *recording
      = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_FREESPACE, target, result, error);
  gboolean ok = recording != NULL
                && run_freespace (target, result, progress, user_data, cancellable, error);

  ssdb_test_kind_recording_end (SSDB_TEST_KIND_FREESPACE, target, result, recording);
  return ok;
}

gboolean
ssdb_freespace_result_check (const SsdbFreespaceResult *result, const SsdbTargetInfo *target,
                             GError **error)
{
  const SsdbFreespaceSpec *spec;
  guint align;
  guint64 span;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  align = ssdb_behaviour_span_align (target);
  if (spec->step_percent < 1 || spec->step_percent > 100)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Step %u %% is out of range (1 to 100 %%)", spec->step_percent);
      return FALSE;
    }
  if (!ssdb_behaviour_span_check (spec->span_offset, spec->span_length, target, &span, error))
    return FALSE;
  if (spec->summary.size == 0 || spec->summary.size % align != 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The summary's test size (%" G_GUINT64_FORMAT " bytes) must be a multiple of "
                   "%u bytes larger than 0",
                   spec->summary.size, align);
      return FALSE;
    }
  /* The summaries measure the free space at the end of the span. */
  return ssdb_spec_check_summary_fits (spec->summary.size, span, error)
         && ssdb_behaviour_summary_check (&spec->summary, spec->test_mask, target, error);
}

SSDB_WORDS_DEFINE_DUP (ssdb_freespace_result_dup_words, SsdbFreespaceResult,
                       ssdb_freespace_result_dup, ssdb_freespace_summarize,
                       ssdb_freespace_result_free)
