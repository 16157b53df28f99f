/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-readback.h"
#include "ssdb-words.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-test-kind.h"

#include <math.h>
#include <string.h>

SsdbReadbackResult *
ssdb_readback_result_new (const SsdbFillSpec *spec)
{
  SsdbReadbackResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbReadbackResult, 1);
  r->noise_percent = -1; /* not measured */
  r->repeat_percent = -1;
  r->spec = *spec;
  r->spec.passes = 1;
  r->spec.read_back = TRUE;
  r->spec.read_back_repeats = 1;
  return r;
}

void
ssdb_readback_result_free (SsdbReadbackResult *result)
{
  if (result == NULL)
    return;
  g_clear_pointer (&result->first, ssdb_fill_result_free);
  g_clear_pointer (&result->second, ssdb_fill_result_free);
  g_free (result->words);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbReadbackResult *
ssdb_readback_result_dup (const SsdbReadbackResult *result)
{
  SsdbReadbackResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbReadbackResult, 1);
  *r = *result;
  r->first = ssdb_fill_result_dup (result->first);
  r->second = ssdb_fill_result_dup (result->second);
  r->words = g_strdup (result->words);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

gboolean
ssdb_readback_estimate (const SsdbReadbackResult *result, guint64 target_bytes,
                        SsdbRunEstimate *out)
{
  guint64 span;

  g_return_val_if_fail (result != NULL && out != NULL, FALSE);

  span = ssdb_estimate_span (result->spec.span_offset, result->spec.span_length, target_bytes);
  if (span == 0)
    return FALSE;
  out->write_bytes += 2 * span;
  out->read_bytes += 2 * span * (1 + (guint64)result->spec.read_back_repeats);
  return TRUE;
}

void
ssdb_readback_pass_rates (const SsdbReadbackResult *result, guint pass,
                          double *write_bytes_per_second, double *read_bytes_per_second)
{
  const SsdbFillResult *fill;
  double write = -1, read = -1, bytes = 0, seconds = 0;
  guint n = 0;

  g_return_if_fail (result != NULL);
  g_return_if_fail (pass == 1 || pass == 2);

  fill = pass == 1 ? result->first : result->second;
  for (guint i = 0; fill != NULL && i < fill->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (fill->passes, i);

      if (!p->complete || !isfinite (p->bytes_per_second) || !(p->bytes_per_second > 0))
        continue;
      if (p->rw == SSDB_RW_WRITE)
        write = p->bytes_per_second;
      else
        {
          bytes += (double)p->bytes;
          seconds += (double)p->bytes / p->bytes_per_second;
          /* One read: its own rate, to the bit, as reports before the second read hold it. */
          read = n++ == 0 ? p->bytes_per_second : bytes / seconds;
        }
    }
  if (write_bytes_per_second != NULL)
    *write_bytes_per_second = write;
  if (read_bytes_per_second != NULL)
    *read_bytes_per_second = read;
}

/* See SsdbReadbackResult.repeat_percent. */
static double
repeat_difference (const SsdbReadbackResult *result)
{
  double most = 0;

  for (guint pass = 1; pass <= 2; pass++)
    {
      const SsdbFillResult *fill = pass == 1 ? result->first : result->second;
      double rate[2];
      guint n = 0;

      for (guint i = 0; fill != NULL && i < fill->passes->len && n < 2; i++)
        {
          const SsdbFillPass *p = g_ptr_array_index (fill->passes, i);

          if (p->rw == SSDB_RW_READ && p->complete && isfinite (p->bytes_per_second)
              && p->bytes_per_second > 0)
            rate[n++] = p->bytes_per_second;
        }
      if (n < 2)
        return -1;
      most = MAX (most, fabs (rate[1] - rate[0]) / ((rate[0] + rate[1]) / 2) * 100);
    }
  return most;
}

/* The read-back pass of @fill, or NULL. */
static const SsdbFillPass *
read_pass (const SsdbFillResult *fill)
{
  for (guint i = 0; fill != NULL && i < fill->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (fill->passes, i);

      if (p->rw == SSDB_RW_READ)
        return p;
    }
  return NULL;
}

/* See SsdbReadbackResult.noise_percent. */
static double
segment_scatter (const SsdbReadbackResult *result)
{
  const SsdbFillPass *a = read_pass (result->first), *b = read_pass (result->second);
  g_autofree double *bytes = NULL, *time_a = NULL, *time_b = NULL;
  double ratios[SSDB_READBACK_GROUPS], total = 0, scale, ta = 0, tb = 0;
  guint n = 0, i = 0, j = 0, groups, most;
  guint64 prev = 0, prev_a = 0, prev_b = 0;
  gboolean valid = TRUE;

  if (a == NULL || b == NULL || a->segments == NULL || b->segments == NULL)
    return -1;
  most = MAX (MIN (a->segments->len, b->segments->len), 1);
  bytes = g_new (double, most);
  time_a = g_new (double, most);
  time_b = g_new (double, most);
  /* Stretches between the positions where a segment of each read ends, with the time each read
   * took over it: the sum of its own segments' times (bytes over rate) since the previous such
   * position. */
  while (i < a->segments->len && j < b->segments->len)
    {
      const SsdbFillPoint *pa = &g_array_index (a->segments, SsdbFillPoint, i);
      const SsdbFillPoint *pb = &g_array_index (b->segments, SsdbFillPoint, j);
      gboolean take_a = pa->position_bytes <= pb->position_bytes;
      gboolean take_b = pb->position_bytes <= pa->position_bytes;

      if (take_a)
        {
          double len = (double)(pa->position_bytes - MIN (prev_a, pa->position_bytes));

          if (isfinite (pa->bytes_per_second) && pa->bytes_per_second > 0)
            ta += len / pa->bytes_per_second;
          else if (len > 0)
            valid = FALSE;
          prev_a = pa->position_bytes;
          i++;
        }
      if (take_b)
        {
          double len = (double)(pb->position_bytes - MIN (prev_b, pb->position_bytes));

          if (isfinite (pb->bytes_per_second) && pb->bytes_per_second > 0)
            tb += len / pb->bytes_per_second;
          else if (len > 0)
            valid = FALSE;
          prev_b = pb->position_bytes;
          j++;
        }
      if (take_a && take_b)
        {
          double len = (double)(pa->position_bytes - MIN (prev, pa->position_bytes));

          if (valid && len > 0 && ta > 0 && tb > 0 && n < most)
            {
              bytes[n] = len;
              time_a[n] = ta;
              time_b[n] = tb;
              total += len;
              n++;
            }
          prev = pa->position_bytes;
          ta = tb = 0;
          valid = TRUE;
        }
    }
  if (n < SSDB_READBACK_MIN_SEGMENTS || !(total > 0))
    return -1;
  /* Consecutive stretches joined into groups of about equal bytes: each group closes once it
   * holds its share of the bytes not yet grouped, or when every stretch left must start a group
   * of its own; a stretch longer than a group's share thus takes one group, and the groups
   * after it share the rest. */
  groups = MIN (n, SSDB_READBACK_GROUPS);
  {
    double ga = 0, gb = 0, gbytes = 0, grouped = 0;
    guint g = 0;

    for (guint k = 0; k < n && g < groups; k++)
      {
        double share = (total - grouped) / (groups - g);

        ga += time_a[k];
        gb += time_b[k];
        gbytes += bytes[k];
        if (gbytes >= share * (1 - 1e-9) || n - k - 1 <= groups - g - 1 || k == n - 1)
          {
            ratios[g++] = ga / gb;
            grouped += gbytes;
            ga = gb = gbytes = 0;
          }
      }
    groups = g;
  }
  if (groups < SSDB_READBACK_MIN_SEGMENTS)
    return -1;
  scale = ssdb_robust_scale (ratios, groups) * 100;
  /* A report's own segments cannot scatter beyond what its loader accepts. */
  return isfinite (scale) ? MIN (scale, 1e9) : -1;
}

static void
summarize (SsdbReadbackResult *result);

void
ssdb_readback_summarize (SsdbReadbackResult *result)
{
  locale_t previous;

  g_return_if_fail (result != NULL);

  /* The words are data: "4.4 %" in every locale. */
  previous = ssdb_words_locale_begin ();
  summarize (result);
  ssdb_words_locale_end (previous);
}

static void
summarize (SsdbReadbackResult *result)
{
  double a, b, d, threshold;

  g_clear_pointer (&result->words, g_free);
  result->difference_percent = 0;
  result->verdict = SSDB_VERDICT_NONE;
  result->noise_percent = -1;
  result->repeat_percent = -1;
  /* Results built by hand may hold the rates without their passes. */
  ssdb_readback_pass_rates (result, 1, NULL, &a);
  if (a > 0)
    result->first_read_bytes_per_second = a;
  ssdb_readback_pass_rates (result, 2, NULL, &b);
  if (b > 0)
    result->second_read_bytes_per_second = b;
  a = result->first_read_bytes_per_second;
  b = result->second_read_bytes_per_second;
  if (!isfinite (a) || !isfinite (b) || a <= 0 || b <= 0)
    return;
  result->difference_percent = (b - a) / a * 100;
  d = fabs (result->difference_percent);
  result->noise_percent = segment_scatter (result);
  result->repeat_percent = repeat_difference (result);
  threshold = MAX (SSDB_READBACK_NOISE_PERCENT,
                   SSDB_READBACK_NOISE_MULTIPLE * MAX (result->noise_percent, 0));
  threshold = MAX (threshold, SSDB_READBACK_REPEAT_MULTIPLE * MAX (result->repeat_percent, 0));
  /* Decided on the whole percents the words print, so that they never read "10 %, below the
   * 10 % threshold" or "10 %, beyond the 10 % threshold". */
  if (round (d) > round (threshold))
    result->verdict = SSDB_VERDICT_FOUND;
  else if (result->noise_percent >= 0 && threshold <= SSDB_READBACK_NOISE_PERCENT)
    result->verdict = SSDB_VERDICT_NO_EFFECT;
  else
    result->verdict = SSDB_VERDICT_INCONCLUSIVE;

  if (result->repeat_percent >= 0)
    {
      /* Each pass's data read twice: the noise is both how the passes' reads differ from place
       * to place and how two reads of the same data differ. */
      g_autofree char *noise
          = result->noise_percent >= 0
                ? g_strdup_printf (
                    W_ ("the two passes' reads differ from place to place by %.1f %% "
                        "and two reads of the same data by %.1f %%"),
                    result->noise_percent, result->repeat_percent)
                : g_strdup_printf (
                    W_ ("two reads of the same data differ by %.1f %% (the reads have "
                        "too few segments to measure how they differ from place to "
                        "place)"),
                    result->repeat_percent);

      if (result->verdict == SSDB_VERDICT_FOUND)
        result->words = g_strdup_printf (
            result->difference_percent < 0
                ? W_ ("Data written by pass 2 reads at %.0f MB/s, %.0f %% slower than data written "
                      "by pass 1 "
                      "(%.0f MB/s), beyond the %.0f %% threshold (the largest of %.0f %%, three "
                      "times the "
                      "scatter from place to place and twice the difference between reads of the "
                      "same "
                      "data; %s): how the data was written changes how it reads.")
                : W_ ("Data written by pass 2 reads at %.0f MB/s, %.0f %% faster than data written "
                      "by pass 1 "
                      "(%.0f MB/s), beyond the %.0f %% threshold (the largest of %.0f %%, three "
                      "times the "
                      "scatter from place to place and twice the difference between reads of the "
                      "same "
                      "data; %s): how the data was written changes how it reads."),
            b / 1e6, d, a / 1e6, threshold, SSDB_READBACK_NOISE_PERCENT, noise);
      else if (result->verdict == SSDB_VERDICT_NO_EFFECT)
        result->words = g_strdup_printf (
            W_ ("Data written by pass 2 reads at %.0f MB/s and data written by pass 1 at %.0f "
                "MB/s: "
                "a difference of %.0f %%, within the %.0f %% threshold, and %s: no effect; how the "
                "data was written does not change how it reads."),
            b / 1e6, a / 1e6, d, SSDB_READBACK_NOISE_PERCENT, noise);
      else
        result->words = g_strdup_printf (W_ ("Data written by pass 2 reads at %.0f MB/s and data "
                                             "written by pass 1 at %.0f MB/s: "
                                             "a difference of %.0f %%, but %s, so a difference "
                                             "below %.0f %% cannot be told from "
                                             "noise: inconclusive; run on a quieter machine."),
                                         b / 1e6, a / 1e6, d, noise, threshold);
      return;
    }

  /* Reports made before the second read: the scatter alone. */
  if (result->verdict == SSDB_VERDICT_FOUND)
    {
      if (result->noise_percent >= 0)
        result->words = g_strdup_printf (
            result->difference_percent < 0 ? W_ (
                "Data written by pass 2 reads at %.0f MB/s, %.0f %% slower than data written by "
                "pass 1 "
                "(%.0f MB/s), beyond the %.0f %% threshold (the larger of %.0f %% and three times "
                "the %.1f %% the two reads differ from place to place): how the data was written "
                "changes how it reads.")
                                           : W_ ("Data written by pass 2 reads at %.0f MB/s, %.0f "
                                                 "%% faster than data written by pass 1 "
                                                 "(%.0f MB/s), beyond the %.0f %% threshold (the "
                                                 "larger of %.0f %% and three times "
                                                 "the %.1f %% the two reads differ from place to "
                                                 "place): how the data was written "
                                                 "changes how it reads."),
            b / 1e6, d, a / 1e6, threshold, SSDB_READBACK_NOISE_PERCENT, result->noise_percent);
      else
        result->words = g_strdup_printf (
            result->difference_percent < 0 ? W_ (
                "Data written by pass 2 reads at %.0f MB/s, %.0f %% slower than data written by "
                "pass 1 "
                "(%.0f MB/s), beyond the %.0f %% that single passes vary: how the data was written "
                "changes how it reads.")
                                           : W_ ("Data written by pass 2 reads at %.0f MB/s, %.0f "
                                                 "%% faster than data written by pass 1 "
                                                 "(%.0f MB/s), beyond the %.0f %% that single "
                                                 "passes vary: how the data was written "
                                                 "changes how it reads."),
            b / 1e6, d, a / 1e6, SSDB_READBACK_NOISE_PERCENT);
    }
  else if (result->verdict == SSDB_VERDICT_NO_EFFECT)
    result->words = g_strdup_printf (
        W_ ("Data written by pass 2 reads at %.0f MB/s and data written by pass 1 at %.0f MB/s: a "
            "difference of %.0f %%, within the %.0f %% threshold, and the two reads differ from "
            "place "
            "to place by %.1f %%: no effect; how the data was written does not change how it "
            "reads."),
        b / 1e6, a / 1e6, d, SSDB_READBACK_NOISE_PERCENT, result->noise_percent);
  else if (result->noise_percent >= 0)
    result->words = g_strdup_printf (
        W_ ("Data written by pass 2 reads at %.0f MB/s and data written by pass 1 at %.0f MB/s: a "
            "difference of %.0f %%, but the two reads differ from place to place by %.1f %%, so a "
            "difference below %.0f %% cannot be told from noise: inconclusive; run on a quieter "
            "machine."),
        b / 1e6, a / 1e6, d, result->noise_percent, threshold);
  else
    result->words = g_strdup_printf (
        W_ ("Data written by pass 2 reads at %.0f MB/s and data written by pass 1 at %.0f MB/s: a "
            "difference of %.0f %%, below the %.0f %% that single passes vary, and the reads have "
            "too few segments to measure their noise: inconclusive."),
        b / 1e6, a / 1e6, d, SSDB_READBACK_NOISE_PERCENT);
}

void
ssdb_readback_add_pass (SsdbReadbackResult *result, guint pass, SsdbRw rw, guint64 bytes,
                        guint64 window_ns, double bytes_per_second, gboolean complete)
{
  SsdbFillResult **fill;
  SsdbFillPass *p;

  g_return_if_fail (result != NULL);
  g_return_if_fail (pass == 1 || pass == 2);

  fill = pass == 1 ? &result->first : &result->second;
  if (*fill == NULL)
    *fill = ssdb_fill_result_new (&result->spec);
  p = g_new0 (SsdbFillPass, 1);
  p->rw = rw;
  p->segments = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  p->intervals = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  p->bytes = bytes;
  p->window_ns = window_ns;
  p->bytes_per_second = bytes_per_second;
  p->complete = complete;
  g_ptr_array_add ((*fill)->passes, p);
  if (rw == SSDB_RW_READ && complete)
    {
      double rate;

      ssdb_readback_pass_rates (result, pass, NULL, &rate);
      if (pass == 1)
        result->first_read_bytes_per_second = rate;
      else
        result->second_read_bytes_per_second = rate;
    }
}

typedef struct
{
  SsdbReadbackResult *result;
  SsdbReadbackProgressFunc func;
  gpointer data;
  guint pass;
} Progress;

static void
on_fill_progress (SsdbFillResult *fill, guint pass_index, guint64 position_bytes,
                  double bytes_per_second, double fraction, gpointer user_data)
{
  Progress *pr = user_data;
  SsdbFillPass *pass;

  (void)position_bytes;
  pass = pass_index < fill->passes->len ? g_ptr_array_index (fill->passes, pass_index) : NULL;
  pr->func (pr->result, pr->pass, pass ? pass->rw : SSDB_RW_WRITE,
            0.5 * (pr->pass - 1) + 0.5 * fraction, bytes_per_second, pr->data);
}

/* The read rate of pass @pass (ssdb_readback_pass_rates()), or 0. */
static double
read_rate (const SsdbReadbackResult *result, guint pass)
{
  double rate;

  ssdb_readback_pass_rates (result, pass, NULL, &rate);
  return MAX (rate, 0);
}

/* The run itself, without what is recorded of the drive meanwhile. */
static gboolean
run_readback (SsdbTarget *target, SsdbReadbackResult *result, SsdbReadbackProgressFunc progress,
              gpointer user_data, GCancellable *cancellable, GError **error)
{
  GError *local_error = NULL;
  Progress pr = { 0 };
  gboolean ok = TRUE;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  result->spec.passes = 1;
  result->spec.read_back = TRUE;
  if (!ssdb_readback_result_check (result, ssdb_target_get_info (target), error))
    return FALSE;
  g_clear_pointer (&result->first, ssdb_fill_result_free);
  g_clear_pointer (&result->second, ssdb_fill_result_free);
  result->first_read_bytes_per_second = result->second_read_bytes_per_second = 0;
  pr.result = result;
  pr.func = progress;
  pr.data = user_data;

  for (guint pass = 1; pass <= 2 && ok; pass++)
    {
      SsdbFillSpec spec = result->spec;
      SsdbFillResult *fill;

      /* Pass 2 writes other data, so nothing can be skipped as unchanged. */
      spec.seed = result->spec.seed + pass - 1;
      fill = ssdb_fill_result_new (&spec);
      if (pass == 1)
        result->first = fill;
      else
        result->second = fill;
      pr.pass = pass;
      ok = ssdb_fill_run (target, fill, progress ? on_fill_progress : NULL, &pr, cancellable,
                          &local_error);
      if (pass == 1)
        {
          result->first_read_bytes_per_second = read_rate (result, 1);
          /* The span as resolved by the first run. */
          result->spec.span_length = fill->spec.span_length;
          result->spec.segment_bytes = fill->spec.segment_bytes;
        }
      else
        result->second_read_bytes_per_second = read_rate (result, 2);
    }
  ssdb_readback_summarize (result);
  if (!ok)
    {
      result->cancelled = g_error_matches (local_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
      g_propagate_error (error, local_error);
    }
  return ok;
}

gboolean
ssdb_readback_run (SsdbTarget *target, SsdbReadbackResult *result,
                   SsdbReadbackProgressFunc progress, gpointer user_data, GCancellable *cancellable,
                   GError **error)
{
  SsdbRunRecording *recording
      = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_READBACK, target, result, error);
  gboolean ok
      = recording != NULL && run_readback (target, result, progress, user_data, cancellable, error);

  ssdb_test_kind_recording_end (SSDB_TEST_KIND_READBACK, target, result, recording);
  return ok;
}

gboolean
ssdb_readback_result_check (const SsdbReadbackResult *result, const SsdbTargetInfo *target,
                            GError **error)
{
  const SsdbFillSpec *spec;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  if (!ssdb_spec_check_queue_depth (spec->queue_depth, error))
    return FALSE;
  if (!ssdb_spec_check_block (spec->block_size, target, NULL, error))
    return FALSE;
  /* Each pass reads its data back: its requests' buffers are held. */
  if (!ssdb_spec_check_read_back_buffers (spec->queue_depth, spec->block_size, error)
      || !ssdb_spec_check_span (spec->span_offset, spec->span_length, target, error))
    return FALSE;
  return ssdb_spec_check_span_holds (spec->span_offset, spec->span_length, spec->block_size, target,
                                     error);
}

SSDB_WORDS_DEFINE_DUP (ssdb_readback_result_dup_words, SsdbReadbackResult, ssdb_readback_result_dup,
                       ssdb_readback_summarize, ssdb_readback_result_free)
