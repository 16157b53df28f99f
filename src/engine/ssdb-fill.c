/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-fill.h"
#include "ssdb-error.h"
#include "ssdb-units.h"

#include <math.h>
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
ssdb_fill_result_free (SsdbFillResult *result)
{
  if (result == NULL)
    return;
  g_ptr_array_unref (result->passes);
  ssdb_fill_analysis_clear (&result->analysis);
  g_free (result);
}

/* ---- analysis ---------------------------------------------------------------------------- */

/* Sum of squared deviations of x[i..j) from its mean, from prefix sums. */
static double
sse (const double *s1, const double *s2, guint i, guint j)
{
  double n = j - i, sum = s1[j] - s1[i];

  return (s2[j] - s2[i]) - sum * sum / n;
}

/* Optimal split of x[0..n) into k contiguous pieces of at least @min_len each; fills
 * cuts[0..k-2] with the piece ends and returns the total SSE (INFINITY when impossible). */
static double
best_split (const double *s1, const double *s2, guint n, guint k, guint min_len, guint *cuts)
{
  if (k == 1)
    return n >= min_len ? sse (s1, s2, 0, n) : INFINITY;
  if (k == 2)
    {
      double best = INFINITY;

      for (guint c = min_len; c + min_len <= n; c++)
        {
          double v = sse (s1, s2, 0, c) + sse (s1, s2, c, n);

          if (v < best)
            {
              best = v;
              cuts[0] = c;
            }
        }
      return best;
    }
  else
    {
      double best = INFINITY;

      /* k == 3: for every first cut, the best second cut. O(n^2), n <= a few thousand. */
      for (guint a = min_len; a + 2 * min_len <= n; a++)
        {
          double left = sse (s1, s2, 0, a);

          for (guint b = a + min_len; b + min_len <= n; b++)
            {
              double v = left + sse (s1, s2, a, b) + sse (s1, s2, b, n);

              if (v < best)
                {
                  best = v;
                  cuts[0] = a;
                  cuts[1] = b;
                }
            }
        }
      return best;
    }
}

/* Rate of segments [i, j): their bytes over their summed times. */
static double
rate_of (const double *s1, const double *bytes, guint i, guint j)
{
  double t = s1[j] - s1[i];

  return t > 0 ? (bytes[j] - bytes[i]) / t : 0;
}

static gboolean
levels_differ (double a, double b)
{
  return fabs (a - b) >= 0.15 * MAX (a, b);
}

/* Whether segments [a, b) and [b, c) are two levels: rates 15 % apart and Welch's t of their
 * segment times above 5. */
static gboolean
distinct (const double *s1, const double *s2, const double *bytes, guint a, guint b, guint c)
{
  double n1 = b - a, n2 = c - b;
  double m1 = (s1[b] - s1[a]) / n1, m2 = (s1[c] - s1[b]) / n2;
  double v1 = n1 > 1 ? sse (s1, s2, a, b) / (n1 - 1) : 0;
  double v2 = n2 > 1 ? sse (s1, s2, b, c) / (n2 - 1) : 0;
  double se = sqrt (v1 / n1 + v2 / n2);

  if (!levels_differ (rate_of (s1, bytes, a, b), rate_of (s1, bytes, b, c)))
    return FALSE;
  return se == 0 || fabs (m1 - m2) / se > 5.0;
}

static char *
describe (const SsdbFillAnalysis *a)
{
  GString *s = g_string_new (NULL);

  for (guint i = 0; i < a->phases->len; i++)
    {
      const SsdbFillPhase *p = &g_array_index (a->phases, SsdbFillPhase, i);
      g_autofree char *end = ssdb_format_capacity (p->end_bytes);

      if (a->phases->len == 1)
        g_string_append_printf (s, "Writes run at a steady %.0f MB/s over the whole span; no "
                                   "cache cliff was found.",
                                p->bytes_per_second / 1e6);
      else if (i == 0)
        g_string_append_printf (s, "Writes run at %.0f MB/s for the first %s", p->bytes_per_second / 1e6,
                                end);
      else if (i + 1 < a->phases->len)
        g_string_append_printf (s, ", then %.0f MB/s up to %s", p->bytes_per_second / 1e6, end);
      else
        g_string_append_printf (s, ", then %.0f MB/s.", p->bytes_per_second / 1e6);
    }
  return g_string_free (s, FALSE);
}

void
ssdb_fill_analyze (GArray *segments, SsdbFillAnalysis *out)
{
  guint n = segments ? segments->len : 0;
  g_autofree double *s1 = NULL, *s2 = NULL, *bytes = NULL;
  guint cuts2[1] = { 0 }, cuts3[2] = { 0, 0 };
  guint bounds[4];
  guint k = 1, min_len;
  double e1, e2, e3;

  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);
  out->phases = g_array_new (FALSE, TRUE, sizeof (SsdbFillPhase));
  if (n == 0)
    {
      out->words = g_strdup ("No data to analyse.");
      return;
    }

  /* Work on the time each segment took, not on its rate: times add up (a phase's rate is its
   * bytes over the sum of its times), so the bursts in which a throttled or caching device
   * completes requests average out instead of dominating a mean of rates. */
  s1 = g_new0 (double, n + 1);
  s2 = g_new0 (double, n + 1);
  bytes = g_new0 (double, n + 1);
  for (guint i = 0; i < n; i++)
    {
      const SsdbFillPoint *p = &g_array_index (segments, SsdbFillPoint, i);
      guint64 start = i ? g_array_index (segments, SsdbFillPoint, i - 1).position_bytes : 0;
      double b = (double) (p->position_bytes - start);
      double x = p->bytes_per_second > 0 ? b / p->bytes_per_second : 0;

      s1[i + 1] = s1[i] + x;
      s2[i + 1] = s2[i] + x * x;
      bytes[i + 1] = bytes[i] + b;
    }

  min_len = MAX (2u, n / 50);
  e1 = best_split (s1, s2, n, 1, 1, NULL);
  e2 = best_split (s1, s2, n, 2, min_len, cuts2);
  e3 = best_split (s1, s2, n, 3, min_len, cuts3);

  /* A level change must reduce the squared error, separate rates that differ by 15 % or more,
   * and stand out of the noise on both sides (Welch's t over the segment times above 5: a
   * throttled or caching device completes requests in bursts, so single segments scatter). */
  if (isfinite (e2) && e2 < e1 && distinct (s1, s2, bytes, 0, cuts2[0], n))
    k = 2;
  if (k == 2 && isfinite (e3) && e3 < 0.8 * e2 && distinct (s1, s2, bytes, 0, cuts3[0], cuts3[1])
      && distinct (s1, s2, bytes, cuts3[0], cuts3[1], n))
    k = 3;

  bounds[0] = 0;
  if (k == 2)
    bounds[1] = cuts2[0];
  else if (k == 3)
    {
      bounds[1] = cuts3[0];
      bounds[2] = cuts3[1];
    }
  bounds[k] = n;

  for (guint i = 0; i < k; i++)
    {
      SsdbFillPhase p;
      guint a = bounds[i], b = bounds[i + 1];

      p.start_bytes = a ? g_array_index (segments, SsdbFillPoint, a - 1).position_bytes : 0;
      p.end_bytes = g_array_index (segments, SsdbFillPoint, b - 1).position_bytes;
      p.bytes_per_second = rate_of (s1, bytes, a, b);
      g_array_append_val (out->phases, p);
    }

  {
    const SsdbFillPhase *first = &g_array_index (out->phases, SsdbFillPhase, 0);

    out->in_cache_bytes_per_second = first->bytes_per_second;
    if (k > 1)
      {
        double rest = rate_of (s1, bytes, bounds[1], n);

        if (rest <= 0.8 * first->bytes_per_second)
          {
            out->cache_bytes = first->end_bytes;
            out->post_cache_bytes_per_second = rest;
          }
      }
    if (out->cache_bytes == 0)
      out->in_cache_bytes_per_second = rate_of (s1, bytes, 0, n);
  }
  out->words = describe (out);
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
  gboolean ok = TRUE;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);

  spec = &result->spec;
  info = ssdb_target_get_info (target);
  if (spec->passes < 1 || spec->passes > 4)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Pass count %u is out of range (1 to 4)", spec->passes);
      return FALSE;
    }
  if (spec->span_offset >= info->size_bytes)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The span starts beyond the end of %s", ssdb_target_get_display_name (target));
      return FALSE;
    }
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
  fr.n_passes = spec->passes + (spec->read_back ? 1 : 0);
  g_mutex_init (&fr.lock);
  io = g_new0 (SsdbIoResult, 1);

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

  if (result->passes->len > 0)
    {
      SsdbFillPass *first = g_ptr_array_index (result->passes, 0);

      ssdb_fill_analysis_clear (&result->analysis);
      ssdb_fill_analyze (first->segments, &result->analysis);
    }
  return ok;
}
