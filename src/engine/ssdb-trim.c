/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-trim.h"
#include "ssdb-words.h"
#include "ssdb-units.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-test-kind.h"
#include "ssdb-target-fill.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/falloc.h>
#include <linux/fs.h>
#include <math.h>
#include <string.h>
#include <sys/ioctl.h>

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define GiB (G_GUINT64_CONSTANT (1) << 30)

/* Summary subsets ------------------------------------------------------------------------- */

void
ssdb_behaviour_summary_spec_init (SsdbSummarySpec *spec)
{
  g_return_if_fail (spec != NULL);

  ssdb_summary_spec_init (spec);
  spec->profile = SSDB_PROFILE_DEFAULT;
  spec->size = 64 * MiB;
  spec->count = 1;
  spec->duration_ns = G_GUINT64_CONSTANT (1000000000);
  spec->do_read = TRUE;
  spec->do_write = TRUE;
  spec->do_mix = FALSE;
  spec->data = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
}

/* "SEQ1M Q8T1" -> "seq1mq8t1". */
static char *
squeeze (const char *name)
{
  GString *s = g_string_new (NULL);

  for (const char *p = name; *p; p++)
    if (!g_ascii_isspace (*p) && *p != '_' && *p != '-')
      g_string_append_c (s, g_ascii_tolower (*p));
  return g_string_free (s, FALSE);
}

gboolean
ssdb_behaviour_tests_parse (SsdbProfile profile, const char *text, guint *mask, GError **error)
{
  const SsdbSummaryTest *tests;
  guint n_tests;
  g_auto (GStrv) parts = NULL;

  g_return_val_if_fail (text != NULL, FALSE);
  g_return_val_if_fail (mask != NULL, FALSE);

  tests = ssdb_profile_get_tests (profile, &n_tests);
  *mask = 0;
  parts = g_strsplit (text, ",", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *want = squeeze (parts[i]);
      gboolean found = FALSE;

      if (*want == '\0')
        continue;
      for (guint t = 0; t < n_tests && t < 32; t++)
        {
          g_autofree char *have = squeeze (tests[t].name);

          if (g_str_equal (want, have))
            {
              *mask |= 1u << t;
              found = TRUE;
            }
        }
      if (!found)
        {
          GString *names = g_string_new (NULL);

          for (guint t = 0; t < n_tests; t++)
            g_string_append_printf (names, "%s%s", t ? ", " : "", tests[t].name);
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "Unknown test “%s”: the %s profile has %s", g_strstrip (parts[i]),
                       ssdb_profile_to_string (profile), names->str);
          g_string_free (names, TRUE);
          return FALSE;
        }
    }
  if (*mask == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "No test named in “%s”", text);
      return FALSE;
    }
  return TRUE;
}

SsdbSummaryResult *
ssdb_behaviour_summary_new (const SsdbSummarySpec *spec, guint test_mask, SsdbTarget *target)
{
  SsdbSummaryResult *result;
  const SsdbSummaryTest *tests;
  guint n_tests;

  g_return_val_if_fail (spec != NULL, NULL);

  result = ssdb_summary_result_new (spec, target);
  if (test_mask == 0)
    return result;
  tests = ssdb_profile_get_tests (spec->profile, &n_tests);
  for (guint i = result->entries->len; i-- > 0;)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (result->entries, i);
      gboolean keep = FALSE;

      for (guint t = 0; t < n_tests && t < 32; t++)
        if ((test_mask & (1u << t)) && g_str_equal (tests[t].name, e->test.name))
          keep = TRUE;
      if (!keep)
        g_ptr_array_remove_index (result->entries, i);
    }
  return result;
}

GArray *
ssdb_behaviour_summary_rates (const SsdbSummaryResult *summary)
{
  GArray *rates = g_array_new (FALSE, TRUE, sizeof (SsdbTestRate));

  g_return_val_if_fail (summary != NULL, rates);

  for (guint i = 0; i < summary->entries->len; i++)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (summary->entries, i);
      SsdbTestRate r = { 0 };

      g_strlcpy (r.name, e->test.name, sizeof r.name);
      r.rw = e->rw;
      r.bytes_per_second = e->passes->len > 0 ? e->aggregate.bytes_per_second : 0;
      g_array_append_val (rates, r);
    }
  return rates;
}

gboolean
ssdb_behaviour_summary_check (const SsdbSummarySpec *spec, guint test_mask,
                              const SsdbTargetInfo *target, GError **error)
{
  const SsdbSummaryTest *tests;
  guint n_tests;

  g_return_val_if_fail (spec != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  if (spec->count < 1 || spec->count > 9)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The summary's pass count %u is out of range (1 to 9)", spec->count);
      return FALSE;
    }
  if (spec->duration_ns == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The summary's test duration must be longer than 0 s");
      return FALSE;
    }
  tests = ssdb_profile_get_tests (spec->profile, &n_tests);
  for (guint t = 0; t < n_tests && t < 32; t++)
    {
      const SsdbSummaryTest *test = &tests[t];
      g_autofree char *what = NULL;

      if (test_mask != 0 && (test_mask & (1u << t)) == 0)
        continue;
      what = g_strdup_printf ("The %s test's transfer size", test->name);
      if (!ssdb_spec_check_block (test->block_size, target, what, error))
        return FALSE;
      if (spec->size / MAX (test->threads, 1u) < test->block_size)
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "The summary's test size (%" G_GUINT64_FORMAT " bytes) is too small for "
                       "the %s test: %u threads of %u-byte transfers",
                       spec->size, test->name, test->threads, test->block_size);
          return FALSE;
        }
    }
  return TRUE;
}

guint
ssdb_behaviour_span_align (const SsdbTargetInfo *target)
{
  g_return_val_if_fail (target != NULL, 4096);

  return MAX (4096u, MAX (target->logical_block_size, target->dio_offset_align));
}

gboolean
ssdb_behaviour_span_check (guint64 span_offset, guint64 span_length, const SsdbTargetInfo *target,
                           guint64 *resolved, GError **error)
{
  guint align;
  guint64 size;

  g_return_val_if_fail (target != NULL, FALSE);

  if (resolved != NULL)
    *resolved = 0;
  align = ssdb_behaviour_span_align (target);
  size = target->size_bytes;
  if (!ssdb_spec_check_span (span_offset, span_length, target, error))
    return FALSE;
  if (span_offset % align != 0 || span_length % align != 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The span (%" G_GUINT64_FORMAT " bytes at %" G_GUINT64_FORMAT
                   ") must start and end on a multiple of %u bytes",
                   span_length, span_offset, align);
      return FALSE;
    }
  /* As the run resolves it: 0 is what follows the offset, in whole units. */
  if (span_length == 0 && size > 0)
    {
      span_length = (size - span_offset) / align * align;
      if (span_length == 0)
        {
          g_autofree char *name = ssdb_target_info_dup_display_name (target);

          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "The span from byte %" G_GUINT64_FORMAT
                       " to the end of %s (%" G_GUINT64_FORMAT " bytes) holds less than %u bytes",
                       span_offset, name, size - span_offset, align);
          return FALSE;
        }
    }
  if (resolved != NULL)
    *resolved = span_length;
  return TRUE;
}

void
ssdb_behaviour_running_clear (SsdbBehaviourRunning *running)
{
  g_return_if_fail (running != NULL);

  memset (running, 0, sizeof *running);
}

void
ssdb_behaviour_running_update (SsdbBehaviourRunning *running, const SsdbSummaryResult *summary,
                               const SsdbSummaryProgress *progress)
{
  const SsdbSummaryEntry *e = NULL;

  g_return_if_fail (running != NULL);
  g_return_if_fail (summary != NULL);
  g_return_if_fail (progress != NULL);

  if (progress->entry_index >= 0 && (guint)progress->entry_index < summary->entries->len)
    e = g_ptr_array_index (summary->entries, progress->entry_index);
  if (e != NULL)
    {
      g_strlcpy (running->name, e->test.name, sizeof running->name);
      running->rw = e->rw;
      running->fraction = CLAMP (progress->entry_fraction, 0.0, 1.0);
      running->bytes_per_second
          = isfinite (progress->bytes_per_second) ? MAX (0, progress->bytes_per_second) : 0;
    }
  else
    {
      running->name[0] = '\0';
      running->rw = SSDB_RW_READ;
      running->fraction = 0;
      running->bytes_per_second = 0;
    }
  running->phase = progress->phase;
}

/* TRIM and recycling ---------------------------------------------------------------------- */

void
ssdb_trim_spec_init (SsdbTrimSpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->rounds = 5;
  spec->discard = TRUE;
  ssdb_behaviour_summary_spec_init (&spec->summary);
  spec->summary.count = SSDB_TRIM_DEFAULT_PASSES;
  spec->seed = 1;
}

SsdbTrimResult *
ssdb_trim_result_new (const SsdbTrimSpec *spec)
{
  SsdbTrimResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbTrimResult, 1);
  r->noise_percent = -1; /* not measured */
  r->spec = *spec;
  r->tests = g_array_new (FALSE, TRUE, sizeof (SsdbTrimTest));
  r->rounds = g_array_new (FALSE, TRUE, sizeof (SsdbTrimRound));
  return r;
}

void
ssdb_trim_result_free (SsdbTrimResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->tests);
  g_array_unref (result->rounds);
  g_clear_pointer (&result->before, ssdb_summary_result_free);
  g_clear_pointer (&result->after, ssdb_summary_result_free);
  g_free (result->words);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbTrimResult *
ssdb_trim_result_dup (const SsdbTrimResult *result)
{
  SsdbTrimResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbTrimResult, 1);
  *r = *result;
  r->tests = g_array_copy (result->tests);
  r->rounds = g_array_copy (result->rounds);
  r->before = ssdb_summary_result_dup (result->before);
  r->after = ssdb_summary_result_dup (result->after);
  r->words = g_strdup (result->words);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

gboolean
ssdb_trim_estimate (const SsdbTrimResult *result, guint64 target_bytes, SsdbRunEstimate *out)
{
  guint64 span;
  g_autoptr (SsdbSummaryResult) summary = NULL;

  g_return_val_if_fail (result != NULL && out != NULL, FALSE);

  span = ssdb_estimate_span (result->spec.span_offset, result->spec.span_length, target_bytes);
  if (span == 0)
    return FALSE;
  summary = ssdb_behaviour_summary_new (&result->spec.summary, result->spec.test_mask, NULL);
  /* the summary before and the one after */
  ssdb_summary_estimate (summary, out);
  ssdb_summary_estimate (summary, out);
  out->write_bytes += (guint64)(result->spec.rounds + (result->spec.stress ? 1 : 0)) * span;
  return TRUE;
}

static gboolean
usable (double rate)
{
  return isfinite (rate) && rate > 0;
}

/* "After 5 rounds of filling and deleting with discard (TRIM), " */
static void
append_rounds (GString *s, guint rounds, gboolean discard)
{
  if (discard)
    g_string_append_printf (s,
                            rounds == 1 ? W_ ("After %u round of filling and deleting with discard "
                                              "(TRIM), ")
                                        : W_ ("After %u rounds of filling and deleting with "
                                              "discard (TRIM), "),
                            rounds);
  else
    g_string_append_printf (s,
                            rounds == 1
                                ? W_ ("After %u round of filling and deleting without discard, ")
                                : W_ ("After %u rounds of filling and deleting without discard, "),
                            rounds);
}

void
ssdb_trim_summarize (SsdbTrimResult *result)
{
  const SsdbTrimTest *low = NULL, *high = NULL;
  double threshold, noise = -1;
  gboolean unmeasured = FALSE;
  GString *s;

  g_return_if_fail (result != NULL);

  result->min_retention_percent = 0;
  result->verdict = SSDB_VERDICT_NONE;
  result->noise_percent = -1;
  g_clear_pointer (&result->words, g_free);
  for (guint i = 0; i < result->tests->len; i++)
    {
      SsdbTrimTest *t = &g_array_index (result->tests, SsdbTrimTest, i);

      t->retention_percent = 0;
      if (!usable (t->before_bytes_per_second) || !usable (t->after_bytes_per_second))
        continue;
      /* The noise counts as measured only when every test's is: a test without it could hide
       * any loss. */
      if (t->before_spread_percent < 0 || t->after_spread_percent < 0)
        unmeasured = TRUE;
      noise = MAX (noise, MAX (t->before_spread_percent, t->after_spread_percent));
      t->retention_percent = t->after_bytes_per_second / t->before_bytes_per_second * 100;
      if (low == NULL || t->retention_percent < low->retention_percent)
        low = t;
      if (high == NULL || t->retention_percent > high->retention_percent)
        high = t;
    }
  if (low == NULL)
    return;
  if (unmeasured)
    noise = -1;
  result->min_retention_percent = low->retention_percent;
  result->noise_percent = noise;

  /* The margin a change must exceed: the loss bound, or three times the spread between passes
   * when that is larger; twice the loss bound when one pass leaves the spread unmeasured. */
  if (noise >= 0)
    threshold = MAX (100 - SSDB_TRIM_LOSS_PERCENT, SSDB_TRIM_NOISE_MULTIPLE * noise);
  else
    threshold = 2 * (100 - SSDB_TRIM_LOSS_PERCENT);
  /* Decided on the whole percents the words print ("keeps only 85 %" is no loss beyond a 15 %
   * threshold). */
  if (round (high->retention_percent) - 100 > round (threshold))
    result->verdict = SSDB_VERDICT_INCONCLUSIVE;
  else if (100 - round (low->retention_percent) > round (threshold))
    result->verdict = SSDB_VERDICT_FOUND;
  else if (noise >= 0 && threshold <= 100 - SSDB_TRIM_LOSS_PERCENT + 1e-9)
    result->verdict = SSDB_VERDICT_NO_EFFECT;
  else
    result->verdict = SSDB_VERDICT_INCONCLUSIVE;

  s = g_string_new (NULL);
  if (result->stress.block_size > 0)
    {
      g_autofree char *stressed = ssdb_format_capacity (result->stress.bytes);
      g_autofree char *bs = ssdb_format_transfer_size (result->stress.block_size);

      guint n = result->rounds->len;

      if (result->spec.discard)
        g_string_append_printf (
            s,
            n == 1 ? W_ ("After a random-write stress (%s in %s writes) and %u round of filling "
                         "and deleting with discard (TRIM), ")
                   : W_ ("After a random-write stress (%s in %s writes) and %u rounds of filling "
                         "and deleting with discard (TRIM), "),
            stressed, bs, n);
      else
        g_string_append_printf (
            s,
            n == 1 ? W_ ("After a random-write stress (%s in %s writes) and %u round of filling "
                         "and deleting without discard, ")
                   : W_ ("After a random-write stress (%s in %s writes) and %u rounds of filling "
                         "and deleting without discard, "),
            stressed, bs, n);
    }
  else
    append_rounds (s, result->rounds->len, result->spec.discard);
  if (result->verdict == SSDB_VERDICT_FOUND)
    {
      g_string_append_printf (
          s,
          W_ ("%s %s keeps only %.0f %% of its speed (%.0f against %.0f MB/s), a loss beyond the "
              "%.0f %% threshold"),
          low->name, ssdb_rw_to_words (low->rw), low->retention_percent,
          low->after_bytes_per_second / 1e6, low->before_bytes_per_second / 1e6, threshold);
      if (noise >= 0)
        g_string_append_printf (s, W_ (" (passes differed by up to %.0f %%)"), noise);
      else if (result->spec.summary.count >= 2)
        g_string_append (s,
                         W_ (" that can be told without the spread between passes (not recorded)"));
      else
        g_string_append (s, W_ (" that one pass can tell from noise"));
      g_string_append (s, result->spec.discard
                              ? W_ (": the device does not recover fully even with TRIM.")
                              : W_ (": without TRIM the device has to reclaim space while it "
                                    "writes."));
    }
  else if (result->verdict == SSDB_VERDICT_NO_EFFECT)
    g_string_append_printf (
        s,
        W_ ("the tests keep %.0f %% to %.0f %% of their speed, within the %.0f %% "
            "a loss must exceed, and passes differed by up to %.0f %%: no "
            "effect; the device recovers its performance."),
        low->retention_percent, high->retention_percent, threshold, noise);
  else if (round (high->retention_percent) - 100 > round (threshold))
    g_string_append_printf (s,
                            W_ ("rates varied from %.0f %% to %.0f %% of their speed before (%s %s "
                                "%.0f against %.0f MB/s), more than the device can gain by it: "
                                "inconclusive; run with more passes or longer tests."),
                            low->retention_percent, high->retention_percent, high->name,
                            ssdb_rw_to_words (high->rw), high->after_bytes_per_second / 1e6,
                            high->before_bytes_per_second / 1e6);
  else if (noise >= 0 && threshold >= 100)
    g_string_append_printf (s,
                            W_ ("the tests keep %.0f %% to %.0f %% of their speed, but passes "
                                "differed by up to %.0f %%, so no loss can be told from noise: "
                                "inconclusive; run with more passes on a quieter machine."),
                            low->retention_percent, high->retention_percent, noise);
  else if (noise >= 0)
    g_string_append_printf (s,
                            W_ ("the tests keep %.0f %% to %.0f %% of their speed, but passes "
                                "differed by up to %.0f %%, so a loss below %.0f %% cannot be told "
                                "from noise: inconclusive; run with more passes on a quieter "
                                "machine."),
                            low->retention_percent, high->retention_percent, noise, threshold);
  else if (result->spec.summary.count >= 2)
    /* A report of an earlier version, or a test whose spread was not measured. */
    g_string_append_printf (
        s,
        W_ ("the tests keep %.0f %% to %.0f %% of their speed; the spread between "
            "the passes was not recorded for every test, and without it a loss "
            "below %.0f %% cannot be told from noise: inconclusive."),
        low->retention_percent, high->retention_percent, threshold);
  else
    g_string_append_printf (s,
                            W_ ("the tests keep %.0f %% to %.0f %% of their speed, in one pass: "
                                "without the spread between passes, a loss below %.0f %% cannot be "
                                "told from noise: inconclusive; run with 3 passes or more."),
                            low->retention_percent, high->retention_percent, threshold);
  result->words = g_string_free (s, FALSE);
}

/* (fastest - slowest) / fastest of entry @i's passes in percent, -1 with fewer than two. */
static double
entry_spread (const SsdbSummaryResult *summary, guint i)
{
  const SsdbSummaryEntry *e;
  double lo, hi;

  if (summary == NULL || i >= summary->entries->len)
    return -1;
  e = g_ptr_array_index (summary->entries, i);
  if (ssdb_summary_entry_spread (e, &lo, &hi) < 2 || !usable (hi))
    return -1;
  return (hi - lo) / hi * 100;
}

gboolean
ssdb_trim_delete (SsdbTarget *target, guint64 offset, guint64 length, GCancellable *cancellable,
                  GError **error)
{
  const SsdbTargetInfo *info;
  int fd;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);

  info = ssdb_target_get_info (target);
  if (!ssdb_target_is_writable (target))
    {
      const char *why = ssdb_target_get_write_refusal (target);

      g_set_error (error, SSDB_ERROR, SSDB_ERROR_UNSAFE, "Cannot discard on %s: %s",
                   ssdb_target_get_display_name (target), why ? why : "writes are not allowed");
      return FALSE;
    }
  if (offset + length > info->size_bytes || offset + length < offset)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The range to discard (%" G_GUINT64_FORMAT " bytes at %" G_GUINT64_FORMAT
                   ") goes past the end of %s (%" G_GUINT64_FORMAT " bytes)",
                   length, offset, ssdb_target_get_display_name (target), info->size_bytes);
      return FALSE;
    }
  fd = ssdb_target_get_fd (target);
  while (length > 0)
    {
      guint64 piece = MIN (length, GiB);
      int rc;

      if (g_cancellable_is_cancelled (cancellable))
        {
          g_set_error (error, SSDB_ERROR, SSDB_ERROR_CANCELLED, "The run was cancelled");
          return FALSE;
        }
      if (info->kind == SSDB_TARGET_DEVICE)
        {
          guint64 range[2] = { offset, piece };

          rc = ioctl (fd, BLKDISCARD, range);
        }
      else
        rc = fallocate (fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, (off_t)offset,
                        (off_t)piece);
      if (rc != 0)
        {
          int errsv = errno;

          if (errsv == EOPNOTSUPP || errsv == ENOTTY)
            g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                         "%s does not support discard (%s); run the test without discard",
                         ssdb_target_get_display_name (target), g_strerror (errsv));
          else
            g_set_error (error, SSDB_ERROR, SSDB_ERROR_IO,
                         "%s: discard of %" G_GUINT64_FORMAT " bytes at offset %" G_GUINT64_FORMAT
                         " failed: %s (errno %d)",
                         ssdb_target_get_display_name (target), piece, offset, g_strerror (errsv),
                         errsv);
          return FALSE;
        }
      offset += piece;
      length -= piece;
    }
  return TRUE;
}

typedef struct
{
  SsdbTrimResult *result;
  SsdbTrimProgressFunc func;
  gpointer data;
  const char *phase;
  guint round;
  double base;
  double share;
} Progress;

static void
on_summary_progress (SsdbSummaryResult *summary, const SsdbSummaryProgress *progress,
                     gpointer user_data)
{
  Progress *pr = user_data;

  ssdb_behaviour_running_update (&pr->result->running, summary, progress);
  pr->func (pr->result, pr->phase, pr->round, pr->base + pr->share * progress->fraction, pr->data);
}

static void
on_fill_progress (guint64 done, guint64 total, gpointer user_data)
{
  Progress *pr = user_data;

  pr->func (pr->result, pr->phase, pr->round,
            pr->base + pr->share * (total ? (double)done / (double)total : 1.0), pr->data);
}

static gboolean
run_summary (SsdbTarget *target, SsdbTrimResult *result, SsdbSummaryResult *summary, Progress *pr,
             GCancellable *cancellable, GError **error)
{
  gboolean ok;

  ok = ssdb_summary_run (target, summary, pr->func ? on_summary_progress : NULL, pr, cancellable,
                         error);
  ssdb_behaviour_running_clear (&result->running);
  return ok;
}

/* The run itself, without what is recorded of the drive meanwhile. */
static gboolean
run_trim (SsdbTarget *target, SsdbTrimResult *result, SsdbTrimProgressFunc progress,
          gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbTrimSpec *spec;
  const SsdbTargetInfo *info;
  Progress pr = { 0 };
  g_autoptr (GArray) before = NULL;
  g_autoptr (GArray) after = NULL;
  GError *local_error = NULL;
  gboolean ok;
  double lead, rest;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  spec = &result->spec;
  info = ssdb_target_get_info (target);
  if (!ssdb_trim_result_check (result, info, error))
    return FALSE;
  if (!ssdb_target_check_writes (target, "The TRIM test", error))
    return FALSE;
  /* The span as the check resolved it: 0 is what follows the offset, in whole units. */
  if (spec->span_length == 0)
    {
      guint align = ssdb_behaviour_span_align (info);

      spec->span_length = (info->size_bytes - spec->span_offset) / align * align;
    }
  if (spec->discard && info->kind == SSDB_TARGET_DEVICE && !info->discard)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "%s does not support discard; run the test without discard",
                   ssdb_target_get_display_name (target));
      return FALSE;
    }
  spec->summary.offset = spec->span_offset;

  g_clear_pointer (&result->before, ssdb_summary_result_free);
  g_clear_pointer (&result->after, ssdb_summary_result_free);
  g_array_set_size (result->tests, 0);
  g_array_set_size (result->rounds, 0);
  result->before = ssdb_behaviour_summary_new (&spec->summary, spec->test_mask, target);
  result->after = ssdb_behaviour_summary_new (&spec->summary, spec->test_mask, target);
  ssdb_behaviour_running_clear (&result->running);

  pr.result = result;
  pr.func = progress;
  pr.data = user_data;
  memset (&result->stress, 0, sizeof result->stress);
  /* Shares of the whole: the stress a fifth when there is one; of the rest, each summary a
   * quarter, the rounds half. */
  lead = spec->stress ? 0.2 : 0.0;
  rest = 1.0 - lead;
  ok = TRUE;
  if (spec->stress)
    {
      pr.phase = "stress";
      pr.share = lead;
      ok = ssdb_target_stress_random (target, spec->span_offset, spec->span_length, spec->seed,
                                      progress ? on_fill_progress : NULL, &pr, cancellable,
                                      &result->stress, &local_error);
    }
  pr.phase = "before";
  pr.base = lead;
  pr.share = 0.25 * rest;
  if (ok)
    ok = run_summary (target, result, result->before, &pr, cancellable, &local_error);
  before = ssdb_behaviour_summary_rates (result->before);
  for (guint i = 0; i < before->len; i++)
    {
      const SsdbTestRate *r = &g_array_index (before, SsdbTestRate, i);
      SsdbTrimTest t = { 0 };

      memcpy (t.name, r->name, sizeof t.name);
      t.rw = r->rw;
      t.before_bytes_per_second = r->bytes_per_second;
      t.before_spread_percent = entry_spread (result->before, i);
      t.after_spread_percent = -1;
      g_array_append_val (result->tests, t);
    }

  for (guint round = 0; ok && round < spec->rounds; round++)
    {
      SsdbTrimRound rd = { 0 };
      gint64 t0 = g_get_monotonic_time ();

      pr.round = round;
      pr.phase = "fill";
      pr.share = rest * 0.5 / spec->rounds * (spec->discard ? 0.9 : 1.0);
      pr.base = lead + rest * (0.25 + 0.5 / spec->rounds * round);
      ok = ssdb_target_fill (target, spec->span_offset, spec->span_length,
                             spec->seed + 1000 * (round + 1), progress ? on_fill_progress : NULL,
                             &pr, cancellable, &local_error);
      if (!ok)
        break;
      rd.fill_bytes = spec->span_length;
      rd.fill_ns = (guint64)MAX (1, g_get_monotonic_time () - t0) * 1000;
      rd.fill_bytes_per_second = (double)rd.fill_bytes * 1e9 / (double)rd.fill_ns;
      if (spec->discard)
        {
          t0 = g_get_monotonic_time ();
          pr.phase = "delete";
          if (progress)
            progress (result, pr.phase, round, pr.base + pr.share, user_data);
          ok = ssdb_trim_delete (target, spec->span_offset, spec->span_length, cancellable,
                                 &local_error);
          if (!ok)
            break;
          rd.deleted_bytes = spec->span_length;
          rd.delete_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
        }
      g_array_append_val (result->rounds, rd);
    }

  if (ok)
    {
      pr.phase = "after";
      pr.round = 0;
      pr.base = lead + rest * 0.75;
      pr.share = rest * 0.25;
      ok = run_summary (target, result, result->after, &pr, cancellable, &local_error);
      after = ssdb_behaviour_summary_rates (result->after);
      for (guint i = 0; i < after->len && i < result->tests->len; i++)
        {
          SsdbTrimTest *t = &g_array_index (result->tests, SsdbTrimTest, i);

          t->after_bytes_per_second = g_array_index (after, SsdbTestRate, i).bytes_per_second;
          t->after_spread_percent = entry_spread (result->after, i);
        }
    }
  ssdb_trim_summarize (result);
  if (!ok)
    {
      result->cancelled = g_error_matches (local_error, SSDB_ERROR, SSDB_ERROR_CANCELLED);
      g_propagate_error (error, local_error);
    }
  if (ok && progress)
    progress (result, "done", 0, 1.0, user_data);
  return ok;
}

gboolean
ssdb_trim_run (SsdbTarget *target, SsdbTrimResult *result, SsdbTrimProgressFunc progress,
               gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbRunRecording *recording
      = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_TRIM, target, result, error);
  gboolean ok
      = recording != NULL && run_trim (target, result, progress, user_data, cancellable, error);

  ssdb_test_kind_recording_end (SSDB_TEST_KIND_TRIM, target, result, recording);
  return ok;
}

gboolean
ssdb_trim_result_check (const SsdbTrimResult *result, const SsdbTargetInfo *target, GError **error)
{
  const SsdbTrimSpec *spec;
  guint64 span;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  if (spec->rounds < 1 || spec->rounds > SSDB_TRIM_MAX_ROUNDS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Round count %u is out of range (1 to %u)", spec->rounds, SSDB_TRIM_MAX_ROUNDS);
      return FALSE;
    }
  if (!ssdb_behaviour_span_check (spec->span_offset, spec->span_length, target, &span, error))
    return FALSE;
  if (spec->summary.size == 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The summary's test size must be larger than 0");
      return FALSE;
    }
  /* The summaries measure the span's first bytes. */
  return ssdb_spec_check_summary_fits (spec->summary.size, span, error)
         && ssdb_behaviour_summary_check (&spec->summary, spec->test_mask, target, error);
}

SSDB_WORDS_DEFINE_DUP (ssdb_trim_result_dup_words, SsdbTrimResult, ssdb_trim_result_dup,
                       ssdb_trim_summarize, ssdb_trim_result_free)
