/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-fill.h"
#include "ssdb-words.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-units.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define GiB (G_GUINT64_CONSTANT (1) << 30)
#define NS_PER_S G_GUINT64_CONSTANT (1000000000)

void
ssdb_fill_spec_init (SsdbFillSpec *spec)
{
  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->block_size = 1u << 20;
  spec->queue_depth = 4;
  spec->interval_ns = NS_PER_S / 2;
  spec->passes = 2;
  spec->read_back = TRUE;
  spec->seed = 1;
}

static void
pass_free (gpointer data)
{
  SsdbFillPass *p = data;

  g_array_unref (p->segments);
  g_array_unref (p->intervals);
  g_free (p);
}

SsdbFillResult *
ssdb_fill_result_new (const SsdbFillSpec *spec)
{
  SsdbFillResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbFillResult, 1);
  r->spec = *spec;
  r->passes = g_ptr_array_new_with_free_func (pass_free);
  r->analysis.phases = g_array_new (FALSE, TRUE, sizeof (SsdbFillPhase));
  return r;
}

void
ssdb_fill_analysis_clear (SsdbFillAnalysis *analysis)
{
  g_clear_pointer (&analysis->phases, g_array_unref);
  g_clear_pointer (&analysis->words, g_free);
}

void
ssdb_fill_analysis_copy (SsdbFillAnalysis *to, const SsdbFillAnalysis *from)
{
  *to = *from;
  to->phases = from->phases != NULL ? g_array_copy (from->phases) : NULL;
  to->words = g_strdup (from->words);
}

void
ssdb_fill_result_free (SsdbFillResult *result)
{
  if (result == NULL)
    return;
  g_ptr_array_unref (result->passes);
  ssdb_fill_analysis_clear (&result->analysis);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbFillResult *
ssdb_fill_result_dup (const SsdbFillResult *result)
{
  SsdbFillResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbFillResult, 1);
  *r = *result;
  r->passes = g_ptr_array_new_full (result->passes->len, pass_free);
  for (guint i = 0; i < result->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (result->passes, i);
      SsdbFillPass *q = g_new (SsdbFillPass, 1);

      *q = *p;
      q->segments = g_array_copy (p->segments);
      q->intervals = g_array_copy (p->intervals);
      g_ptr_array_add (r->passes, q);
    }
  ssdb_fill_analysis_copy (&r->analysis, &result->analysis);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

/* ---- analysis ---------------------------------------------------------------------------- */

/* The work of one analysis: per segment its bytes and the time it took, as prefix sums. */
typedef struct
{
  guint n;
  double *x;     /* seconds per byte of each segment */
  double *time;  /* prefix sums of the segments' times */
  double *bytes; /* prefix sums of their bytes */
  double *s1;    /* prefix sums of x */
  double *s2;    /* prefix sums of x^2 */
  guint min_len; /* shortest phase, in segments */
  double threshold;
  double short_step; /* the largest step rejected only for lasting too short a time */
  double short_seconds;
} Fit;

/* Sum of squared deviations of x[i..j) from its mean. Times add up: the segments of a device
 * that completes writes in bursts scatter, but their sums do not. */
static double
sse (const Fit *f, guint i, guint j)
{
  double n = j - i, sum = f->s1[j] - f->s1[i];

  return (f->s2[j] - f->s2[i]) - sum * sum / n;
}

/* Rate of segments [i, j): their bytes over their summed times. */
static double
rate_of (const Fit *f, guint i, guint j)
{
  double t = f->time[j] - f->time[i];

  return t > 0 ? (f->bytes[j] - f->bytes[i]) / t : 0;
}

static double
step_of (double a, double b)
{
  double hi = MAX (a, b);

  return hi > 0 ? fabs (a - b) / hi : 0;
}

static int
compare_desc (gconstpointer a, gconstpointer b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return x < y ? 1 : x > y ? -1 : 0;
}

/* The rate of segments [i, j) without their slowest tenth (at least one segment): a stall of a
 * few segments does not make a level. */
static double
trimmed_rate (const Fit *f, guint i, guint j)
{
  guint n = j - i, drop = (n + 9) / 10;
  g_autofree double *slow = g_memdup2 (f->x + i, n * sizeof (double));
  double t = f->time[j] - f->time[i], b = f->bytes[j] - f->bytes[i];

  if (n < 2)
    return rate_of (f, i, j);
  qsort (slow, n, sizeof (double), compare_desc);
  /* Drop the segments whose time per byte is among the largest; equal ones, in order. */
  for (guint k = i; k < j && drop > 0; k++)
    if (f->x[k] >= slow[drop - 1])
      {
        t -= f->time[k + 1] - f->time[k];
        b -= f->bytes[k + 1] - f->bytes[k];
        drop--;
      }
  return t > 0 ? b / t : rate_of (f, i, j);
}

/* Whether [a, b) and [b, c) are two levels: both long enough, and their rates a threshold
 * apart, also without the slowest tenth of either. */
static gboolean
distinct (Fit *f, guint a, guint b, guint c)
{
  double step, seconds;

  if (b - a < f->min_len || c - b < f->min_len)
    return FALSE;
  step = step_of (rate_of (f, a, b), rate_of (f, b, c));
  if (step < f->threshold
      || step_of (trimmed_rate (f, a, b), trimmed_rate (f, b, c)) < f->threshold)
    return FALSE;
  /* A level lasts long enough in time that the load on the machine cannot make it. */
  seconds = MIN (f->time[b] - f->time[a], f->time[c] - f->time[b]);
  if (seconds * 1e9 < SSDB_FILL_MIN_PHASE_NS)
    {
      if (step > f->short_step)
        {
          f->short_step = step;
          f->short_seconds = seconds;
        }
      return FALSE;
    }
  return TRUE;
}

/* Splits [a, b) at its least-squares optimum while the two sides are distinct; appends the
 * inner boundaries to @cuts in order. */
static void
segment (Fit *f, guint a, guint b, GArray *cuts, guint depth)
{
  double best = INFINITY;
  guint cut = 0;

  if (b - a < 2 * f->min_len || depth > 8)
    return;
  for (guint c = a + f->min_len; c + f->min_len <= b; c++)
    {
      double v = sse (f, a, c) + sse (f, c, b);

      if (v < best)
        {
          best = v;
          cut = c;
        }
    }
  if (cut == 0 || !distinct (f, a, cut, b))
    return;
  segment (f, a, cut, cuts, depth + 1);
  g_array_append_val (cuts, cut);
  segment (f, cut, b, cuts, depth + 1);
}

/* The noise of the pass at stretches of @w segments: the robust scale of the relative
 * differences between the rates of neighbouring stretches, over sqrt 2 (one stretch's share). */
static double
noise_at (const Fit *f, guint w)
{
  guint k = f->n / w;
  g_autofree double *d = NULL;
  double prev = 0;
  guint m = 0, ties = 0;

  g_assert (k >= 2);
  d = g_new (double, k - 1);
  for (guint j = 0; j < k; j++)
    {
      double level = rate_of (f, j * w, (j + 1) * w);

      /* Segments completed in one batch share one rate: equal neighbours are one measurement,
       * not two that agree, and are left out, unless nearly all are equal (a perfectly regular
       * pass, whose few differences are its level changes). */
      if (j > 0 && fabs (level - prev) > 1e-9 * MAX (level, prev))
        d[m++] = (level - prev) / MAX (MAX (level, prev), 1e-9);
      else if (j > 0)
        ties++;
      prev = level;
    }
  if (m < 3)
    {
      memset (d + m, 0, ties * sizeof (double));
      m += ties;
    }
  /* The MAD ignores up to half of the differences; noise with heavy tails (a device whose rate
   * wanders with the load on the machine, a throttle's time slices) shows in the larger ones.
   * With ten or more differences (so that a few level changes stay above it), the 80th
   * percentile of the deviations counts too, scaled to a standard deviation as the MAD is. */
  if (m >= 9)
    {
      double mad = ssdb_robust_scale (d, m); /* leaves the deviations sorted in d */
      double q80 = d[(guint)(0.8 * m)] / 1.2816;

      return MAX (mad, q80) / G_SQRT2;
    }
  return ssdb_robust_scale (d, m) / G_SQRT2;
}

/* Chooses the shortest stretch, from 2 % of the pass doubling up to a sixth of it, over which
 * the pass's own noise lets a change of SSDB_FILL_DECIDABLE_STEP count; without one, the
 * quietest. Devices that complete writes in bursts (a throttle, a cache flushing) scatter over
 * short stretches and average out over longer ones. A pass of fewer segments compares single
 * segments (at least 4). Sets f->min_len (a phase lasts at least one stretch) and returns the
 * noise, or -1 when the pass has too few segments to measure it. */
static double
measure_noise (Fit *f)
{
  guint best_w = f->min_len;
  double best = -1;

  if (f->n / f->min_len < 6)
    return f->n >= 4 ? noise_at (f, 1) : -1;
  for (guint w = f->min_len; f->n / w >= 6; w *= 2)
    {
      double noise = noise_at (f, w);

      if (best < 0 || noise < best)
        {
          best = noise;
          best_w = w;
        }
      if (SSDB_FILL_NOISE_MULTIPLE * noise <= SSDB_FILL_DECIDABLE_STEP)
        {
          best = noise;
          best_w = w;
          break;
        }
    }
  f->min_len = best_w;
  return best;
}

static char *
rate_words (double bytes_per_second)
{
  return g_strdup_printf ("%.0f MB/s", bytes_per_second / 1e6);
}

static char *
describe (const SsdbFillAnalysis *a)
{
  GString *s = g_string_new (NULL);
  g_autofree char *window = ssdb_format_capacity (a->window_bytes);
  double noise = 100 * a->noise, thr = 100 * a->step_threshold;

  if (a->verdict == SSDB_VERDICT_FOUND)
    {
      g_string_append_printf (s, W_ ("Found %u write-speed phases: "), a->phases->len);
      for (guint i = 0; i < a->phases->len; i++)
        {
          const SsdbFillPhase *p = &g_array_index (a->phases, SsdbFillPhase, i);
          g_autofree char *end = ssdb_format_capacity (p->end_bytes);
          g_autofree char *rate = rate_words (p->bytes_per_second);

          if (i == 0)
            g_string_append_printf (s, W_ ("%s for the first %s"), rate, end);
          else if (i + 1 < a->phases->len)
            g_string_append_printf (s, W_ (", then %s up to %s"), rate, end);
          else
            g_string_append_printf (s, W_ (", then %s."), rate);
        }
      if (a->cache_bytes > 0)
        {
          g_autofree char *cache = ssdb_format_capacity (a->cache_bytes);

          g_string_append_printf (s, W_ (" Cache: %s."), cache);
        }
      g_string_append_printf (
          s,
          W_ (" A phase counts when its rate differs from its neighbour's by at "
              "least %.0f %% (the larger of %.0f %% and %g × the noise of %.1f %% "
              "measured in this pass) over at least %s."),
          thr, 100 * SSDB_FILL_MIN_STEP, SSDB_FILL_NOISE_MULTIPLE, noise, window);
    }
  else if (a->verdict == SSDB_VERDICT_NO_EFFECT)
    {
      const SsdbFillPhase *p = &g_array_index (a->phases, SsdbFillPhase, 0);
      g_autofree char *rate = rate_words (p->bytes_per_second);

      g_string_append_printf (s,
                              W_ ("No effect: writes run at a steady %s, no cache cliff. No change "
                                  "of %.0f %% or more (the larger of %.0f %% and %g × the noise of "
                                  "%.1f %% measured in this pass) lasts %s."),
                              rate, thr, 100 * SSDB_FILL_MIN_STEP, SSDB_FILL_NOISE_MULTIPLE, noise,
                              window);
    }
  else if (a->verdict == SSDB_VERDICT_INCONCLUSIVE)
    {
      const SsdbFillPhase *p = &g_array_index (a->phases, SsdbFillPhase, 0);
      g_autofree char *rate = rate_words (p->bytes_per_second);

      if (a->drift_from > 0)
        g_string_append_printf (
            s,
            W_ ("Inconclusive: writes average %s and drift from %.0f MB/s in the "
                "first quarter to %.0f MB/s in the last, a gradual change larger "
                "than the %.0f %% a step needs, but no single step."),
            rate, a->drift_from / 1e6, a->drift_to / 1e6, thr);
      else if (a->short_step > 0)
        g_string_append_printf (
            s,
            W_ ("Inconclusive: writes average %s; a change of %.0f %% (more than "
                "the %.0f %% a change needs) lasted only %.2f s, less than the "
                "%.1f s a phase must last to be told from the load on the "
                "machine. Write a longer span."),
            rate, 100 * a->short_step, thr, a->short_seconds, SSDB_FILL_MIN_PHASE_NS / 1e9);
      else if (a->noise_measured && a->step_threshold <= SSDB_FILL_DECIDABLE_STEP)
        g_string_append_printf (
            s,
            W_ ("Inconclusive: writes average %s, but the pass lasted less than "
                "twice the %.1f s a phase must last to be told from the load on "
                "the machine. Write a longer span."),
            rate, SSDB_FILL_MIN_PHASE_NS / 1e9);
      else if (a->noise_measured && thr < 100)
        g_string_append_printf (
            s,
            W_ ("Inconclusive: writes average %s, but the noise measured in "
                "this pass (%.1f %% between neighbouring stretches of %s) hides "
                "any change below %.0f %% (%g × the noise): a cache cliff that "
                "small cannot be told apart."),
            rate, noise, window, thr, SSDB_FILL_NOISE_MULTIPLE);
      else if (a->noise_measured)
        g_string_append_printf (
            s,
            W_ ("Inconclusive: writes average %s, but the noise measured in "
                "this pass (%.1f %% between neighbouring stretches of %s) is so "
                "large that no change of rate, however large, can be told apart "
                "(a change must exceed %g × the noise)."),
            rate, noise, window, SSDB_FILL_NOISE_MULTIPLE);
      else
        g_string_append_printf (s,
                                W_ ("Inconclusive: writes average %s, but the pass has too few "
                                    "segments to measure its noise."),
                                rate);
    }
  else
    g_string_append (s, W_ ("No data to analyse."));

  if (a->span_bytes > a->measured_bytes && a->measured_bytes > 0)
    {
      g_autofree char *done = ssdb_format_capacity (a->measured_bytes);
      g_autofree char *span = ssdb_format_capacity (a->span_bytes);

      g_string_append_printf (s,
                              W_ (" The pass was stopped after %s of %s: this covers the part "
                                  "measured."),
                              done, span);
    }
  return g_string_free (s, FALSE);
}

char *
ssdb_fill_analysis_dup_words (const SsdbFillAnalysis *analysis)
{
  locale_t previous;
  char *words;

  g_return_val_if_fail (analysis != NULL, NULL);
  previous = ssdb_words_locale_begin ();
  words = describe (analysis);
  ssdb_words_locale_end (previous);
  return words;
}

void
ssdb_fill_analyze (GArray *segments, SsdbFillAnalysis *out)
{
  ssdb_fill_analyze_span (segments, 0, out);
}

void
ssdb_fill_analyze_span (GArray *segments, guint64 span_bytes, SsdbFillAnalysis *out)
{
  guint n_in = segments ? segments->len : 0;
  g_autofree double *x = NULL, *time = NULL, *bytes = NULL, *s1 = NULL, *s2 = NULL;
  g_autoptr (GArray) cuts = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint *index = NULL;
  Fit f = { 0 };
  guint n = 0;
  double noise;

  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  out->phases = g_array_new (FALSE, TRUE, sizeof (SsdbFillPhase));
  out->verdict = SSDB_VERDICT_NONE;
  if (n_in > 0)
    out->measured_bytes = g_array_index (segments, SsdbFillPoint, n_in - 1).position_bytes;
  out->span_bytes = MAX (span_bytes, out->measured_bytes);

  /* Work on the time each segment took, not on its rate: times add up (a phase's rate is its
   * bytes over the sum of its times), so the bursts in which a throttled or caching device
   * completes requests average out instead of dominating a mean of rates. Segments without a
   * rate (none measured) are left out. */
  x = g_new0 (double, n_in + 1);
  time = g_new0 (double, n_in + 1);
  bytes = g_new0 (double, n_in + 1);
  s1 = g_new0 (double, n_in + 1);
  s2 = g_new0 (double, n_in + 1);
  index = g_new0 (guint, n_in + 1);
  for (guint i = 0; i < n_in; i++)
    {
      const SsdbFillPoint *p = &g_array_index (segments, SsdbFillPoint, i);
      guint64 start = i ? g_array_index (segments, SsdbFillPoint, i - 1).position_bytes : 0;
      double b = (double)(p->position_bytes - MIN (start, p->position_bytes));
      double t;

      if (!(p->bytes_per_second > 0) || !isfinite (p->bytes_per_second) || b <= 0)
        continue;
      t = b / p->bytes_per_second;
      x[n] = t / b;
      time[n + 1] = time[n] + t;
      bytes[n + 1] = bytes[n] + b;
      s1[n + 1] = s1[n] + x[n];
      s2[n + 1] = s2[n] + x[n] * x[n];
      index[n] = i;
      n++;
    }
  if (n == 0)
    {
      {
        locale_t previous = ssdb_words_locale_begin ();

        out->words = describe (out);
        ssdb_words_locale_end (previous);
      }
      return;
    }

  f.n = n;
  f.x = x;
  f.time = time;
  f.bytes = bytes;
  f.s1 = s1;
  f.s2 = s2;
  /* A phase lasts at least 2 % of the pass and 2 segments, or longer when the noise needs it. */
  f.min_len = MAX (2u, n / 50);
  noise = measure_noise (&f);
  out->noise_measured = noise >= 0;
  out->noise = MAX (noise, 0);
  out->step_threshold = MAX (SSDB_FILL_MIN_STEP, SSDB_FILL_NOISE_MULTIPLE * out->noise);
  f.threshold = out->step_threshold;
  out->window_bytes = (guint64)(bytes[n] / n * f.min_len + 0.5);

  if (out->noise_measured)
    segment (&f, 0, n, cuts, 0);

  /* Merge neighbours that the later splits left too close, then keep at most the most phases
   * (merging the closest pair first). */
  for (gboolean merged = TRUE; merged && cuts->len > 0;)
    {
      guint worst = 0;
      double worst_step = INFINITY;

      merged = FALSE;
      for (guint i = 0; i < cuts->len; i++)
        {
          guint a = i ? g_array_index (cuts, guint, i - 1) : 0;
          guint b = g_array_index (cuts, guint, i);
          guint c = i + 1 < cuts->len ? g_array_index (cuts, guint, i + 1) : n;
          double st = step_of (rate_of (&f, a, b), rate_of (&f, b, c));

          if (!distinct (&f, a, b, c) && st < worst_step)
            {
              worst_step = st;
              worst = i;
              merged = TRUE;
            }
        }
      if (!merged && cuts->len + 1 > SSDB_FILL_MAX_PHASES)
        {
          for (guint i = 0; i < cuts->len; i++)
            {
              guint a = i ? g_array_index (cuts, guint, i - 1) : 0;
              guint b = g_array_index (cuts, guint, i);
              guint c = i + 1 < cuts->len ? g_array_index (cuts, guint, i + 1) : n;
              double st = step_of (rate_of (&f, a, b), rate_of (&f, b, c));

              if (st < worst_step)
                {
                  worst_step = st;
                  worst = i;
                }
            }
          merged = TRUE;
        }
      if (merged)
        g_array_remove_index (cuts, worst);
    }

  for (guint i = 0; i <= cuts->len; i++)
    {
      SsdbFillPhase p;
      guint a = i ? g_array_index (cuts, guint, i - 1) : 0;
      guint b = i < cuts->len ? g_array_index (cuts, guint, i) : n;

      p.start_bytes = a ? g_array_index (segments, SsdbFillPoint, index[a - 1]).position_bytes : 0;
      p.end_bytes
          = g_array_index (segments, SsdbFillPoint, b < n ? index[b - 1] : n_in - 1).position_bytes;
      p.bytes_per_second = rate_of (&f, a, b);
      g_array_append_val (out->phases, p);
    }

  {
    const SsdbFillPhase *first = &g_array_index (out->phases, SsdbFillPhase, 0);

    out->in_cache_bytes_per_second = first->bytes_per_second;
    if (cuts->len > 0)
      {
        guint c = g_array_index (cuts, guint, 0);
        double next = g_array_index (out->phases, SsdbFillPhase, 1).bytes_per_second;

        if (next < first->bytes_per_second)
          {
            out->cache_bytes = first->end_bytes;
            out->post_cache_bytes_per_second = rate_of (&f, c, n);
          }
      }
    if (out->cache_bytes == 0)
      out->in_cache_bytes_per_second = rate_of (&f, 0, n);
  }
  out->short_step = cuts->len == 0 ? f.short_step : 0;
  out->short_seconds = cuts->len == 0 ? f.short_seconds : 0;
  /* A gradual change (no step, but the first and last quarters a threshold apart) is not "no
   * effect". */
  if (cuts->len == 0 && n >= 8)
    {
      double q1 = rate_of (&f, 0, n / 4), q4 = rate_of (&f, n - n / 4, n);

      if (step_of (q1, q4) >= out->step_threshold)
        {
          out->drift_from = q1;
          out->drift_to = q4;
        }
    }
  if (cuts->len > 0)
    out->verdict = SSDB_VERDICT_FOUND;
  else if (out->noise_measured && out->step_threshold <= SSDB_FILL_DECIDABLE_STEP
           && out->short_step == 0 && out->drift_from == 0
           && time[n] * 1e9 >= 2 * SSDB_FILL_MIN_PHASE_NS)
    out->verdict = SSDB_VERDICT_NO_EFFECT;
  else
    out->verdict = SSDB_VERDICT_INCONCLUSIVE;
  {
    locale_t previous = ssdb_words_locale_begin ();

    out->words = describe (out);
    ssdb_words_locale_end (previous);
  }
}

/* ---- run --------------------------------------------------------------------------------- */

typedef struct
{
  SsdbFillResult *result;
  SsdbFillPass *pass;
  guint pass_index;
  guint n_passes;
  SsdbFillProgressFunc progress;
  gpointer user_data;
  guint64 last_mark_ns;
  guint group_start;
  guint64 group_since_ns;
  guint64 last_sample_ns;
  guint64 last_sample_bytes;
  GMutex lock;
} FillRun;

static void
on_mark (guint index, guint64 elapsed_ns, gpointer user_data)
{
  FillRun *fr = user_data;
  SsdbFillPoint pt;
  guint64 seg = fr->result->spec.segment_bytes;

  GArray *segs = fr->pass->segments;
  guint n;
  double rate;

  /* Completions are reaped in batches: several marks may be crossed at the same instant. Such a
   * group shares the rate of the bytes it covers since the previous distinct instant. */
  if (segs->len == 0 || elapsed_ns != fr->last_mark_ns)
    {
      fr->group_start = segs->len;
      fr->group_since_ns = fr->last_mark_ns;
    }
  fr->last_mark_ns = elapsed_ns;
  pt.position_bytes = (guint64) index * seg;
  pt.elapsed_ns = elapsed_ns;
  pt.bytes_per_second = 0;

  g_mutex_lock (&fr->lock);
  g_array_append_val (segs, pt);
  n = segs->len - fr->group_start;
  rate = elapsed_ns > fr->group_since_ns
             ? (double) n * (double) seg * 1e9 / (double) (elapsed_ns - fr->group_since_ns)
             : 0;
  for (guint i = fr->group_start; i < segs->len; i++)
    g_array_index (segs, SsdbFillPoint, i).bytes_per_second = rate;
  g_mutex_unlock (&fr->lock);
}

static void
on_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  FillRun *fr = user_data;
  SsdbFillPoint pt;
  double rate;

  if (elapsed_ns <= fr->last_sample_ns)
    return;
  rate = (double) (bytes - fr->last_sample_bytes) * 1e9 / (double) (elapsed_ns - fr->last_sample_ns);
  pt.position_bytes = bytes;
  pt.elapsed_ns = elapsed_ns;
  pt.bytes_per_second = rate;
  fr->last_sample_ns = elapsed_ns;
  fr->last_sample_bytes = bytes;
  g_mutex_lock (&fr->lock);
  g_array_append_val (fr->pass->intervals, pt);
  g_mutex_unlock (&fr->lock);
  if (fr->progress)
    {
      double f = ((double) fr->pass_index
                  + (double) bytes / (double) fr->result->spec.span_length)
                 / fr->n_passes;

      fr->progress (fr->result, fr->pass_index, bytes, rate, MIN (f, 1.0), fr->user_data);
    }
}

gboolean
ssdb_fill_run (SsdbTarget *target, SsdbFillResult *result, SsdbFillProgressFunc progress,
               gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbFillSpec *spec;
  const SsdbTargetInfo *info;
  FillRun fr = { 0 };
  SsdbIoResult *io;
  SsdbRunRecording *recording;
  gboolean ok = TRUE;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  spec = &result->spec;
  info = ssdb_target_get_info (target);
  if (!ssdb_fill_result_check (result, info, error))
    return FALSE;
  if (spec->span_length == 0)
    spec->span_length = info->size_bytes - spec->span_offset;
  spec->span_length = spec->span_length / spec->block_size * spec->block_size;
  if (spec->segment_bytes == 0)
    spec->segment_bytes = spec->span_length >= 256 * GiB ? GiB : spec->span_length / 256;
  spec->segment_bytes = MAX (spec->segment_bytes / spec->block_size, 1) * spec->block_size;
  if (spec->interval_ns == 0)
    spec->interval_ns = NS_PER_S / 2;

  fr.result = result;
  fr.progress = progress;
  fr.user_data = user_data;
  fr.n_passes = spec->passes + (spec->read_back ? 1 + spec->read_back_repeats : 0);
  g_mutex_init (&fr.lock);
  io = g_new0 (SsdbIoResult, 1);
  recording = ssdb_target_recording_begin (target, spec->passes > 0);

  for (guint i = 0; i < fr.n_passes && ok; i++)
    {
      SsdbFillPass *pass = g_new0 (SsdbFillPass, 1);
      SsdbJobSpec job;

      pass->rw = i < spec->passes ? SSDB_RW_WRITE : SSDB_RW_READ;
      pass->segments = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
      pass->intervals = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
      g_mutex_lock (&fr.lock);
      g_ptr_array_add (result->passes, pass);
      g_mutex_unlock (&fr.lock);
      fr.pass = pass;
      fr.pass_index = i;
      fr.last_mark_ns = fr.last_sample_ns = fr.last_sample_bytes = 0;
      fr.group_start = 0;
      fr.group_since_ns = 0;

      ssdb_job_spec_init (&job);
      job.rw = pass->rw;
      job.access = SSDB_ACCESS_SEQUENTIAL;
      job.block_size = spec->block_size;
      job.queue_depth = spec->queue_depth;
      job.threads = 1;
      job.offset = spec->span_offset;
      job.length = spec->span_length;
      job.total_bytes = spec->span_length;
      job.duration_ns = 0;
      job.seed = spec->seed + i;
      job.sample_interval_ns = spec->interval_ns;
      job.mark_bytes = spec->segment_bytes;
      job.mark_func = on_mark;
      job.mark_data = &fr;

      ok = ssdb_io_run (target, &job, on_sample, &fr, cancellable, io, error);
      pass->bytes = io->bytes;
      pass->window_ns = io->window_ns;
      pass->bytes_per_second = io->bytes_per_second;
      pass->complete = ok && io->bytes == spec->span_length;
      /* The last, partial segment. */
      {
        guint64 done = pass->segments->len * spec->segment_bytes;

        if (io->bytes > done && io->window_ns > fr.last_mark_ns)
          {
            SsdbFillPoint pt = { io->bytes, io->window_ns,
                                 (double) (io->bytes - done) * 1e9
                                     / (double) (io->window_ns - fr.last_mark_ns) };

            g_array_append_val (pass->segments, pt);
          }
      }
      if (!ok)
        result->cancelled = io->cancelled;
    }
  g_free (io);
  g_mutex_clear (&fr.lock);
  ssdb_target_recording_end (target, recording, &result->temperature, &result->drive_counts);

  if (result->passes->len > 0)
    {
      SsdbFillPass *first = g_ptr_array_index (result->passes, 0);

      ssdb_fill_analysis_clear (&result->analysis);
      ssdb_fill_analyze_span (first->segments, spec->span_length, &result->analysis);
    }
  return ok;
}

gboolean
ssdb_fill_result_check (const SsdbFillResult *result, const SsdbTargetInfo *target, GError **error)
{
  const SsdbFillSpec *spec;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  if (spec->passes < 1 || spec->passes > 4)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Pass count %u is out of range (1 to 4)", spec->passes);
      return FALSE;
    }
  return ssdb_spec_check_block (spec->block_size, target, NULL, error)
         && ssdb_spec_check_span (spec->span_offset, spec->span_length, target, error);
}
