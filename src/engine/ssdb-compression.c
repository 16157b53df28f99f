/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-compression.h"
#include "ssdb-words.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-test-kind.h"

#include <math.h>
#include <string.h>

#define MiB (G_GUINT64_CONSTANT (1) << 20)

void
ssdb_compression_spec_init (SsdbCompressionSpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->block_size = 1u << 20;
  spec->queue_depth = 4;
  spec->span_length = 256 * MiB;
  spec->include_zero = TRUE;
  spec->step_percent = SSDB_COMPRESSION_DEFAULT_STEP;
  spec->passes = 3;
  spec->seed = 1;
}

gboolean
ssdb_compression_step_is_valid (guint step_percent)
{
  return step_percent >= 5 && step_percent <= 50 && 100 % step_percent == 0;
}

guint
ssdb_compression_levels (guint step_percent, gboolean include_zero,
                         SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS])
{
  guint n = 0;

  if (!ssdb_compression_step_is_valid (step_percent))
    step_percent = SSDB_COMPRESSION_DEFAULT_STEP;
  levels[n++] = (SsdbDataPattern){ SSDB_DATA_RANDOM, 0 };
  for (guint p = step_percent; p <= 100; p += step_percent)
    levels[n++] = (SsdbDataPattern){ SSDB_DATA_COMPRESSIBLE, p };
  if (include_zero)
    levels[n++] = (SsdbDataPattern){ SSDB_DATA_ZERO, 0 };
  return n;
}

SsdbCompressionResult *
ssdb_compression_result_new (const SsdbCompressionSpec *spec)
{
  SsdbCompressionResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbCompressionResult, 1);
  r->spec = *spec;
  r->points = g_array_new (FALSE, TRUE, sizeof (SsdbCompressionPoint));
  r->noise = -1; /* not measured (see SsdbCompressionResult.noise) */
  return r;
}

void
ssdb_compression_result_free (SsdbCompressionResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->points);
  g_free (result->words);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbCompressionResult *
ssdb_compression_result_dup (const SsdbCompressionResult *result)
{
  SsdbCompressionResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbCompressionResult, 1);
  *r = *result;
  r->points = g_array_copy (result->points);
  r->words = g_strdup (result->words);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

gboolean
ssdb_compression_estimate (const SsdbCompressionResult *result, guint64 target_bytes,
                           SsdbRunEstimate *out)
{
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  guint64 n;

  g_return_val_if_fail (result != NULL && out != NULL, FALSE);

  (void)target_bytes; /* the span is set, never "to the end" */
  n = (guint64)ssdb_compression_levels (result->spec.step_percent, result->spec.include_zero,
                                        levels)
      * MAX (1u, result->spec.passes);
  if (result->spec.span_length == 0)
    return FALSE;
  out->write_bytes += (n + 1) * result->spec.span_length;
  out->read_bytes += n * result->spec.span_length;
  return TRUE;
}

static gboolean
usable (double rate)
{
  return isfinite (rate) && rate > 0;
}

/* "3.1×" with a C-locale decimal point. */
static char *
format_ratio (double ratio)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup_printf ("%s×", g_ascii_formatd (buf, sizeof buf, "%.1f", ratio));
}

/* "zeros", "50 % compressible data", "random data". */
static char *
pattern_words (const SsdbDataPattern *data)
{
  switch (data->kind)
    {
      case SSDB_DATA_ZERO:
        return g_strdup (W_ ("zeros"));
      case SSDB_DATA_COMPRESSIBLE:
        return g_strdup_printf (W_ ("%u %% compressible data"), data->compressible_percent);
      case SSDB_DATA_RANDOM:
      default:
        return g_strdup (W_ ("random data"));
    }
}

static double
rate_of (const SsdbCompressionPoint *p, gboolean write)
{
  double v;

  if (p == NULL)
    return 0;
  v = write ? p->write_bytes_per_second : p->read_bytes_per_second;
  return usable (v) ? v : 0;
}

/* What the levels of one direction say. */
typedef struct
{
  gboolean write;
  double random;                   /* random-data rate, 0 when not measured */
  const SsdbCompressionPoint *top; /* zeros, or 100 % compressible data without zeros */
  double top_rate;
  double lo, hi;    /* slowest and fastest rate of the other levels */
  gboolean ordered; /* zeros >= random, 100 % not below random beyond the threshold */
  gboolean flagged; /* ordered, and top >= (1 + threshold) × random */
  gboolean level;   /* every level within the threshold of random, none at the flag ratio */
} Direction;

static void
judge (const SsdbCompressionResult *result, gboolean write, double threshold, Direction *d)
{
  const SsdbCompressionPoint *random = NULL, *zero = NULL, *full = NULL;
  double zr, fr;

  memset (d, 0, sizeof *d);
  d->write = write;
  for (guint i = 0; i < result->points->len; i++)
    {
      const SsdbCompressionPoint *p = &g_array_index (result->points, SsdbCompressionPoint, i);
      double v = rate_of (p, write);

      if (p->data.kind == SSDB_DATA_RANDOM)
        {
          random = p;
          continue;
        }
      if (p->data.kind == SSDB_DATA_ZERO)
        zero = p;
      else if (p->data.compressible_percent >= 100)
        full = p;
      if (v > 0)
        {
          d->lo = d->lo > 0 ? MIN (d->lo, v) : v;
          d->hi = MAX (d->hi, v);
        }
    }
  d->random = rate_of (random, write);
  if (d->random <= 0 || d->hi <= 0)
    return;
  zr = rate_of (zero, write);
  fr = rate_of (full, write);
  /* Partly compressible data may cost a device more work than random data that it stores as
   * it comes (zram compresses both but keeps only the smaller result), so only the ends of the
   * scale must be ordered: zeros no slower than random data, and 100 % compressible data not
   * slower beyond the threshold. */
  d->ordered = (zero == NULL || zr >= d->random)
               && (full == NULL || fr >= (1 - threshold) * d->random) && (zr > 0 || fr > 0);
  d->top = zr > 0 ? zero : full;
  d->top_rate = zr > 0 ? zr : fr;
  /* Name 100 % compressible data when it is clearly faster than zeros. */
  if (zr > 0 && fr > zr / 0.95)
    {
      d->top = full;
      d->top_rate = fr;
    }
  d->flagged = d->ordered && d->top_rate >= (1 + threshold) * d->random;
  d->level
      = d->lo >= (1 - threshold) * d->random && d->hi < SSDB_COMPRESSION_FLAG_RATIO * d->random;
}

/* A level the default step runs too: random data, 25, 50, 75, 100 % compressible, zeros. */
static gboolean
default_level (const SsdbDataPattern *data)
{
  return data->kind != SSDB_DATA_COMPRESSIBLE
         || data->compressible_percent % SSDB_COMPRESSION_DEFAULT_STEP == 0;
}

/* See SsdbCompressionResult.noise. */
static double
pass_spread (const SsdbCompressionResult *result)
{
  double spread = -1;

  for (guint i = 0; i < result->points->len; i++)
    {
      const SsdbCompressionPoint *p = &g_array_index (result->points, SsdbCompressionPoint, i);

      /* The largest of more spreads is larger by chance alone: finer steps, which run more
       * levels, take the spread of the levels the default step runs, so that the threshold
       * of a gain does not rise with the number of levels. */
      if (p->n_passes < 2 || !default_level (&p->data))
        continue;
      for (int w = 0; w < 2; w++)
        {
          const double *v = w ? p->write_passes : p->read_passes;
          double lo = v[0], hi = v[0];

          for (guint k = 1; k < MIN (p->n_passes, SSDB_COMPRESSION_MAX_PASSES); k++)
            {
              lo = MIN (lo, v[k]);
              hi = MAX (hi, v[k]);
            }
          if (usable (hi) && lo >= 0)
            spread = MAX (spread, (hi - lo) / hi);
        }
    }
  return spread;
}

/* The levels pass_spread() measures the noise on, in words: "0, 50, 100 % compressible and
 * zeros" (a run in steps of 10 %). */
static char *
spread_levels (const SsdbCompressionResult *result)
{
  GString *list = g_string_new (NULL);
  gboolean zeros = FALSE;

  for (guint i = 0; i < result->points->len; i++)
    {
      const SsdbCompressionPoint *p = &g_array_index (result->points, SsdbCompressionPoint, i);

      if (p->n_passes < 2 || !default_level (&p->data))
        continue;
      if (p->data.kind == SSDB_DATA_ZERO)
        zeros = TRUE;
      else
        g_string_append_printf (list, "%s%u", list->len > 0 ? ", " : "",
                                p->data.kind == SSDB_DATA_RANDOM ? 0
                                                                 : p->data.compressible_percent);
    }
  g_autofree char *items = g_string_free (list, FALSE);

  if (*items == '\0')
    return g_strdup (W_ ("zeros"));
  return g_strdup_printf (zeros ? W_ ("%s %% compressible and zeros") : W_ ("%s %% compressible"),
                          items);
}

/* "4 %" */
static char *
format_percent (double fraction)
{
  return g_strdup_printf ("%.0f %%", fraction * 100);
}

void
ssdb_compression_summarize (SsdbCompressionResult *result)
{
  const SsdbCompressionPoint *random = NULL, *best_w = NULL, *best_r = NULL, *zero = NULL;
  Direction w, rd;
  double threshold;
  g_autofree char *noise = NULL, *limit = NULL, *flag = NULL;
  GString *s;

  g_return_if_fail (result != NULL);

  result->write_ratio = result->zero_write_ratio = result->read_ratio = 0;
  result->compresses = FALSE;
  result->verdict = SSDB_VERDICT_NONE;
  result->noise = -1;
  g_clear_pointer (&result->words, g_free);

  for (guint i = 0; i < result->points->len; i++)
    {
      const SsdbCompressionPoint *p = &g_array_index (result->points, SsdbCompressionPoint, i);

      if (p->data.kind == SSDB_DATA_RANDOM)
        random = p;
      else
        {
          if (p->data.kind == SSDB_DATA_ZERO)
            zero = p;
          if (usable (p->write_bytes_per_second)
              && (best_w == NULL || p->write_bytes_per_second > best_w->write_bytes_per_second))
            best_w = p;
          if (usable (p->read_bytes_per_second)
              && (best_r == NULL || p->read_bytes_per_second > best_r->read_bytes_per_second))
            best_r = p;
        }
    }
  if (random == NULL || !usable (random->write_bytes_per_second) || best_w == NULL)
    return;

  result->write_ratio = best_w->write_bytes_per_second / random->write_bytes_per_second;
  if (zero != NULL && usable (zero->write_bytes_per_second))
    result->zero_write_ratio = zero->write_bytes_per_second / random->write_bytes_per_second;
  if (best_r != NULL && usable (random->read_bytes_per_second))
    result->read_ratio = best_r->read_bytes_per_second / random->read_bytes_per_second;

  /* The gain that counts: the flag ratio, or three times the spread between passes when that
   * is larger; with one pass the spread is not measured, and only a doubling counts. */
  result->noise = pass_spread (result);
  if (result->noise >= 0)
    threshold
        = MAX (SSDB_COMPRESSION_FLAG_RATIO - 1, SSDB_COMPRESSION_NOISE_MULTIPLE * result->noise);
  else
    threshold = SSDB_COMPRESSION_ONE_PASS_RATIO - 1;
  judge (result, TRUE, threshold, &w);
  judge (result, FALSE, threshold, &rd);
  if (w.flagged || rd.flagged)
    result->verdict = SSDB_VERDICT_FOUND;
  else if (result->noise >= 0 && threshold <= SSDB_COMPRESSION_FLAG_RATIO - 1 + 1e-9 && w.level
           && (rd.random <= 0 || rd.hi <= 0 || rd.level))
    result->verdict = SSDB_VERDICT_NO_EFFECT;
  else
    result->verdict = SSDB_VERDICT_INCONCLUSIVE;
  result->compresses = result->verdict == SSDB_VERDICT_FOUND;

  noise = result->noise >= 0 ? format_percent (result->noise) : NULL;
  if (noise != NULL && result->spec.step_percent != SSDB_COMPRESSION_DEFAULT_STEP)
    {
      g_autofree char *levels = spread_levels (result);
      /* Translators: the spread between passes and the levels it was measured on: "4 % at 0,
       * 50, 100 % compressible and zeros" */
      char *where = g_strdup_printf (W_ ("%s at %s"), noise, levels);

      g_free (noise);
      noise = where;
    }
  limit = format_ratio (1 + threshold);
  flag = format_ratio (SSDB_COMPRESSION_FLAG_RATIO);
  s = g_string_new (NULL);
  if (result->verdict == SSDB_VERDICT_FOUND)
    {
      const Direction *d = w.flagged ? &w : &rd;
      g_autofree char *r = format_ratio (d->top_rate / d->random);
      g_autofree char *what = pattern_words (&d->top->data);

      g_string_append_printf (
          s,
          d->write ? W_ ("Writes of %s run %s faster than random data (%.0f against %.0f MB/s)")
                   : W_ ("Reads of %s run %s faster than random data (%.0f against %.0f MB/s)"),
          what, r, d->top_rate / 1e6, d->random / 1e6);
      if (noise == NULL)
        g_string_append_printf (s,
                                result->spec.passes >= 2
                                    ? W_ (", beyond the %s that can be told from noise without "
                                          "the spread between passes (not recorded)")
                                    : W_ (", beyond the %s that one pass can tell from noise"),
                                limit);
      else if (threshold > SSDB_COMPRESSION_FLAG_RATIO - 1 + 1e-9)
        g_string_append_printf (s, W_ (", beyond %s, three times the spread between passes (%s)"),
                                limit, noise);
      else
        g_string_append_printf (s,
                                W_ (", beyond the %s that marks a compressing device (passes "
                                    "differed by up to %s)"),
                                limit, noise);
      g_string_append (s, W_ (": results with compressible data overstate this device."));
    }
  else if (result->verdict == SSDB_VERDICT_NO_EFFECT)
    g_string_append_printf (
        s,
        W_ ("Compressible data and zeros write at %.0f to %.0f MB/s against %.0f "
            "MB/s for random data, below the %s that marks a compressing device, "
            "and passes differed by up to %s: no effect; the data pattern does "
            "not change this device's results."),
        w.lo / 1e6, w.hi / 1e6, w.random / 1e6, flag, noise);
  else if (!w.ordered)
    {
      /* Zeros, when measured, are the plainest evidence either way. */
      const SsdbCompressionPoint *end = rate_of (zero, TRUE) > 0 ? zero : w.top;
      g_autofree char *top = end != NULL ? pattern_words (&end->data) : NULL;

      g_string_append_printf (s,
                              W_ ("Write rates varied from %.0f to %.0f MB/s without following the "
                                  "compressibility (random data %.0f MB/s"),
                              MIN (w.lo, w.random) / 1e6, MAX (w.hi, w.random) / 1e6,
                              w.random / 1e6);
      if (top != NULL)
        g_string_append_printf (s, W_ (", %s %.0f MB/s"), top, rate_of (end, TRUE) / 1e6);
      g_string_append (s, W_ ("): the result is inconclusive; run with more passes."));
    }
  else if (noise == NULL && result->spec.passes >= 2)
    /* A report of an earlier version: it kept only each level's best pass. */
    g_string_append_printf (
        s,
        W_ ("Compressible data and zeros write at %.0f to %.0f MB/s against %.0f "
            "MB/s for random data; the spread between the passes was not "
            "recorded, and without it a gain below %s cannot be told from noise: "
            "inconclusive."),
        w.lo / 1e6, w.hi / 1e6, w.random / 1e6, limit);
  else if (noise == NULL)
    g_string_append_printf (
        s,
        W_ ("Compressible data and zeros write at %.0f to %.0f MB/s against %.0f "
            "MB/s for random data, in one pass: without the spread between "
            "passes, a gain below %s cannot be told from noise: inconclusive; "
            "run with 3 passes or more."),
        w.lo / 1e6, w.hi / 1e6, w.random / 1e6, limit);
  else
    g_string_append_printf (
        s,
        W_ ("Passes differed by up to %s, so a gain below %s cannot be told from "
            "noise (compressible data and zeros write at %.0f to %.0f MB/s, "
            "random data %.0f MB/s): inconclusive; run with more passes on a "
            "quieter machine."),
        noise, limit, w.lo / 1e6, w.hi / 1e6, w.random / 1e6);
  result->words = g_string_free (s, FALSE);
}

typedef struct
{
  SsdbCompressionResult *result;
  SsdbCompressionProgressFunc func;
  gpointer data;
  guint level;
  guint pass;
  SsdbRw rw;
  double base;
  double share;
} Progress;

static void
on_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  Progress *pr = user_data;
  guint64 total = pr->result->spec.span_length;
  double f = total ? CLAMP ((double)bytes / (double)total, 0.0, 1.0) : 0;

  (void)ios;
  pr->func (pr->result, pr->level, pr->pass, pr->rw, pr->base + pr->share * f,
            elapsed_ns ? (double)bytes * 1e9 / (double)elapsed_ns : 0, pr->data);
}

static void
job_for (const SsdbCompressionSpec *spec, SsdbRw rw, const SsdbDataPattern *data, guint index,
         SsdbJobSpec *job)
{
  ssdb_job_spec_init (job);
  job->rw = rw;
  job->access = SSDB_ACCESS_SEQUENTIAL;
  job->block_size = spec->block_size;
  job->queue_depth = spec->queue_depth;
  job->threads = 1;
  job->offset = spec->span_offset;
  job->length = spec->span_length;
  job->duration_ns = 0;
  job->total_bytes = spec->span_length;
  job->data = *data;
  job->seed = spec->seed + index;
  job->sample_interval_ns = 100 * G_GUINT64_CONSTANT (1000000);
}

/* The run itself, without what is recorded of the drive meanwhile. */
static gboolean
run_compression (SsdbTarget *target, SsdbCompressionResult *result,
                 SsdbCompressionProgressFunc progress, gpointer user_data,
                 GCancellable *cancellable, GError **error)
{
  const SsdbCompressionSpec *spec;
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  SsdbIoResult *io;
  Progress pr = { 0 };
  guint n_levels;
  gboolean ok = TRUE;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  spec = &result->spec;
  if (!ssdb_compression_result_check (result, ssdb_target_get_info (target), error))
    return FALSE;
  if (!ssdb_target_check_writes (target, "The compression test", error))
    return FALSE;
  n_levels = ssdb_compression_levels (spec->step_percent, spec->include_zero, levels);
  /* Every job is checked before any I/O, so bad settings change nothing. */
  for (guint i = 0; i < n_levels; i++)
    {
      SsdbJobSpec job;

      job_for (spec, SSDB_RW_WRITE, &levels[i], i, &job);
      if (!ssdb_job_spec_validate (&job, target, error))
        return FALSE;
    }

  pr.result = result;
  pr.func = progress;
  pr.data = user_data;
  /* The preparing write and the 2 × passes jobs of each level share the bar equally. */
  pr.share = 1.0 / (1 + 2 * n_levels * spec->passes);
  io = g_new0 (SsdbIoResult, 1);
  g_array_set_size (result->points, 0);

  /* Every level overwrites blocks that hold data: the first level to run would otherwise be
   * the only one to write blocks never written (which a thin or compressing device, a sparse
   * file or zram allocates on the way) and be measured slower for it. */
  {
    SsdbJobSpec job;

    job_for (spec, SSDB_RW_WRITE, &levels[0], 0, &job);
    pr.level = 0;
    pr.pass = 0;
    pr.rw = SSDB_RW_WRITE;
    pr.base = 0;
    ok = ssdb_io_run (target, &job, progress ? on_sample : NULL, &pr, cancellable, io, error);
    if (!ok)
      result->cancelled = io->cancelled;
  }

  /* The levels take turns, pass by pass, forwards then backwards: a device or machine that
   * speeds up or slows down during the run (caches warming, another program's load) moves
   * every level alike instead of the levels that happen to run first or last. */
  for (guint pass = 0; pass < spec->passes && ok; pass++)
    for (guint j = 0; j < n_levels && ok; j++)
      {
        guint i = pass % 2 == 0 ? j : n_levels - 1 - j;
        SsdbCompressionPoint p = { 0 };

        if (pass > 0)
          p = g_array_index (result->points, SsdbCompressionPoint, i);
        p.data = levels[i];
        for (guint k = 0; k < 2 && ok; k++)
          {
            SsdbRw rw = k == 0 ? SSDB_RW_WRITE : SSDB_RW_READ;
            SsdbJobSpec job;

            job_for (spec, rw, &levels[i], i, &job);
            pr.level = i;
            pr.pass = pass + 1;
            pr.rw = rw;
            pr.base = pr.share * (1 + 2 * (n_levels * pass + j) + k);
            ok = ssdb_io_run (target, &job, progress ? on_sample : NULL, &pr, cancellable, io,
                              error);
            if (!ok)
              {
                result->cancelled = io->cancelled;
                break;
              }
            if (pass < SSDB_COMPRESSION_MAX_PASSES)
              (rw == SSDB_RW_WRITE ? p.write_passes : p.read_passes)[pass] = io->bytes_per_second;
            if (rw == SSDB_RW_WRITE && io->bytes_per_second > p.write_bytes_per_second)
              {
                p.write_bytes = io->bytes;
                p.write_window_ns = io->window_ns;
                p.write_bytes_per_second = io->bytes_per_second;
              }
            else if (rw == SSDB_RW_READ && io->bytes_per_second > p.read_bytes_per_second)
              {
                p.read_bytes = io->bytes;
                p.read_window_ns = io->window_ns;
                p.read_bytes_per_second = io->bytes_per_second;
              }
          }
        if (!ok)
          break;
        /* A level's point holds the passes it finished, written and read. */
        p.n_passes = MIN (pass + 1, SSDB_COMPRESSION_MAX_PASSES);
        if (pass == 0)
          g_array_append_val (result->points, p);
        else
          g_array_index (result->points, SsdbCompressionPoint, i) = p;
        ssdb_compression_summarize (result);
        if (progress)
          progress (result, i, pass + 1, SSDB_RW_READ,
                    pr.share * (1 + 2 * (n_levels * pass + j + 1)), p.read_bytes_per_second,
                    user_data);
      }
  g_free (io);
  return ok;
}

gboolean
ssdb_compression_run (SsdbTarget *target, SsdbCompressionResult *result,
                      SsdbCompressionProgressFunc progress, gpointer user_data,
                      GCancellable *cancellable, GError **error)
{
  SsdbRunRecording *recording
      = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_COMPRESSION, target, result, error);
  gboolean ok = recording != NULL
                && run_compression (target, result, progress, user_data, cancellable, error);

  ssdb_test_kind_recording_end (SSDB_TEST_KIND_COMPRESSION, target, result, recording);
  return ok;
}

gboolean
ssdb_compression_result_check (const SsdbCompressionResult *result, const SsdbTargetInfo *target,
                               GError **error)
{
  const SsdbCompressionSpec *spec;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  if (spec->passes < 1 || spec->passes > SSDB_COMPRESSION_MAX_PASSES)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Pass count %u is out of range (1 to %u)", spec->passes,
                   SSDB_COMPRESSION_MAX_PASSES);
      return FALSE;
    }
  if (!ssdb_compression_step_is_valid (spec->step_percent))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Step %u %% between compression levels is not allowed (5, 10, 20, 25 or 50 %%)",
                   spec->step_percent);
      return FALSE;
    }
  if (!ssdb_spec_check_queue_depth (spec->queue_depth, error))
    return FALSE;
  if (!ssdb_spec_check_block (spec->block_size, target, NULL, error))
    return FALSE;
  if (spec->span_length < spec->block_size || spec->span_length % spec->block_size != 0)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The region (%" G_GUINT64_FORMAT " bytes) must be a whole number of %u-byte "
                   "transfers",
                   spec->span_length, spec->block_size);
      return FALSE;
    }
  if (!ssdb_spec_check_span (spec->span_offset, spec->span_length, target, error))
    return FALSE;
  /* Each level's read back holds its requests' buffers. */
  return ssdb_spec_check_read_back_buffers (spec->queue_depth, spec->block_size, error);
}

SSDB_WORDS_DEFINE_DUP (ssdb_compression_result_dup_words, SsdbCompressionResult,
                       ssdb_compression_result_dup, ssdb_compression_summarize,
                       ssdb_compression_result_free)
