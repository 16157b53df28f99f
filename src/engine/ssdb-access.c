/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "ssdb-access.h"
#include "ssdb-words.h"
#include "ssdb-error.h"
#include "ssdb-spec-check.h"
#include "ssdb-test-kind.h"
#include "ssdb-target-fill.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define NS_PER_S G_GUINT64_CONSTANT (1000000000)
/* Exponent of mean access time against depth at or above which the drive is serial, and at or
 * below which it is parallel. 0.85 over QD1..QD32 means IOPS grow less than 1.7x. */
#define SERIAL_EXPONENT 0.85
#define PARALLEL_EXPONENT 0.25

void
ssdb_access_spec_init (SsdbAccessSpec *spec)
{
  static const guint depths[] = { 1, 2, 4, 8, 16, 32 };

  g_return_if_fail (spec != NULL);

  memset (spec, 0, sizeof *spec);
  spec->block_size = 4096;
  memcpy (spec->depths, depths, sizeof depths);
  spec->n_depths = G_N_ELEMENTS (depths);
  spec->mode = SSDB_ACCESS_MODE_QUEUE;
  spec->step_duration_ns = 3 * NS_PER_S;
  spec->seed = 1;
}

guint64
ssdb_access_bin_edge_ns (guint index)
{
  g_return_val_if_fail (index <= SSDB_ACCESS_N_BINS, 0);

  /* Exact powers of ten at decade edges; rounded in between. */
  if (index % SSDB_ACCESS_BINS_PER_DECADE == 0)
    {
      guint64 e = SSDB_ACCESS_BIN_FIRST_NS;

      for (guint d = 0; d < index / SSDB_ACCESS_BINS_PER_DECADE; d++)
        e *= 10;
      return e;
    }
  return (guint64)llround ((double)SSDB_ACCESS_BIN_FIRST_NS
                           * pow (10.0, (double)index / SSDB_ACCESS_BINS_PER_DECADE));
}

static void
step_clear (gpointer data)
{
  SsdbAccessStep *s = data;

  g_clear_pointer (&s->fio_command, g_free);
}

SsdbAccessResult *
ssdb_access_result_new (const SsdbAccessSpec *spec)
{
  SsdbAccessResult *r;

  g_return_val_if_fail (spec != NULL, NULL);

  r = g_new0 (SsdbAccessResult, 1);
  r->spec = *spec;
  r->steps = g_array_new (FALSE, TRUE, sizeof (SsdbAccessStep));
  g_array_set_clear_func (r->steps, step_clear);
  g_array_set_size (r->steps, MIN (spec->n_depths, SSDB_ACCESS_MAX_STEPS));
  for (guint i = 0; i < r->steps->len; i++)
    {
      SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);

      s->depth = spec->depths[i];
      s->state = SSDB_ENTRY_PENDING;
    }
  return r;
}

void
ssdb_access_result_free (SsdbAccessResult *result)
{
  if (result == NULL)
    return;
  g_array_unref (result->steps);
  ssdb_access_analysis_clear (&result->analysis);
  ssdb_temperature_log_free (result->temperature);
  ssdb_drive_counts_free (result->drive_counts);
  g_free (result);
}

SsdbAccessResult *
ssdb_access_result_dup (const SsdbAccessResult *result)
{
  SsdbAccessResult *r;

  if (result == NULL)
    return NULL;

  r = g_new (SsdbAccessResult, 1);
  *r = *result;
  r->steps = g_array_copy (result->steps);
  g_array_set_clear_func (r->steps, step_clear);
  for (guint i = 0; i < r->steps->len; i++)
    {
      SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);

      s->fio_command = g_strdup (s->fio_command);
    }
  r->analysis.words = g_strdup (result->analysis.words);
  r->temperature = ssdb_temperature_log_dup (result->temperature);
  r->drive_counts = ssdb_drive_counts_dup (result->drive_counts);
  return r;
}

void
ssdb_access_analysis_clear (SsdbAccessAnalysis *analysis)
{
  g_return_if_fail (analysis != NULL);

  g_clear_pointer (&analysis->words, g_free);
}

const char *
ssdb_access_verdict_to_string (SsdbAccessVerdict verdict)
{
  switch (verdict)
    {
      case SSDB_ACCESS_VERDICT_SERIAL:
        return "serial";
      case SSDB_ACCESS_VERDICT_REORDERS:
        return "reorders";
      case SSDB_ACCESS_VERDICT_PARALLEL:
        return "parallel";
      case SSDB_ACCESS_VERDICT_UNKNOWN:
      default:
        return "unknown";
    }
}

/* A ratio in the C locale: one decimal below 10 ("7.8", "1.0"), whole above ("32"). */
static char *
format_ratio (double x)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  if (x >= 9.95)
    return g_strdup_printf ("%.0f", x);
  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.1f", x));
}

static char *
depth_label (guint depth, SsdbAccessMode mode)
{
  if (mode == SSDB_ACCESS_MODE_THREADS)
    return g_strdup_printf (depth == 1 ? W_ ("%u thread") : W_ ("%u threads"), depth);
  return g_strdup_printf ("QD%u", depth);
}

static int
compare_points (gconstpointer a, gconstpointer b)
{
  const SsdbAccessPoint *pa = a, *pb = b;

  return (pa->depth > pb->depth) - (pa->depth < pb->depth);
}

void
ssdb_access_analyze (const SsdbAccessPoint *points, guint n_points, SsdbAccessMode mode,
                     SsdbAccessAnalysis *out)
{
  ssdb_access_analyze_device (points, n_points, mode, FALSE, out);
}

void
ssdb_access_analyze_device (const SsdbAccessPoint *points, guint n_points, SsdbAccessMode mode,
                            gboolean rotational, SsdbAccessAnalysis *out)
{
  g_autofree SsdbAccessPoint *p = NULL;
  guint n = 0;
  double sx = 0, sy = 0, sxx = 0, sxy = 0, lx = 0, ly = 0, lxx = 0, lxy = 0;
  g_autofree char *first = NULL, *last = NULL, *gain = NULL, *growth = NULL, *ratio = NULL;
  g_autofree char *finding = NULL, *at_once = NULL;
  GString *s;

  g_return_if_fail (out != NULL);
  g_return_if_fail (points != NULL || n_points == 0);

  memset (out, 0, sizeof *out);
  out->rotational = rotational;
  p = g_new0 (SsdbAccessPoint, MAX (n_points, 1));
  for (guint i = 0; i < n_points; i++)
    if (points[i].depth > 0 && points[i].iops > 0 && points[i].mean_ns > 0)
      p[n++] = points[i];
  qsort (p, n, sizeof *p, compare_points);

  if (n == 0)
    {
      out->words = g_strdup (W_ ("No step completed."));
      return;
    }
  out->first_depth = p[0].depth;
  out->last_depth = p[n - 1].depth;
  for (guint i = 0; i < n; i++)
    {
      double x = p[i].depth, y = p[i].mean_ns;

      sx += x;
      sy += y;
      sxx += x * x;
      sxy += x * y;
      lx += log (x);
      ly += log (y);
      lxx += log (x) * log (x);
      lxy += log (x) * log (y);
      if (p[i].achieved_depth > 0 && p[i].achieved_depth < 0.9 * p[i].depth)
        out->short_depth = TRUE;
    }
  out->iops_gain = p[n - 1].iops / p[0].iops;
  out->latency_growth = p[n - 1].mean_ns / p[0].mean_ns;

  if (n < 2 || out->last_depth < 4 * out->first_depth)
    {
      out->verdict = SSDB_ACCESS_VERDICT_UNKNOWN;
      out->words = g_strdup (W_ ("Too few queue depths to tell how many requests the device "
                                 "serves at once: measure from QD1 to at least QD4."));
      return;
    }

  {
    double d = n * sxx - sx * sx, ld = n * lxx - lx * lx;

    out->slope_ns = d > 0 ? (n * sxy - sx * sy) / d : 0;
    out->exponent = ld > 0 ? (n * lxy - lx * ly) / ld : 0;
  }
  /* By Little's law the IOPS gain is how many requests the device completes in the time it
   * takes for one: the requests it serves at once. Reordering (NCQ) is what a rotational
   * drive's gain shows (shorter seeks); on flash or RAM it is parallel service. */
  at_once = format_ratio (MIN (out->iops_gain, (double)out->last_depth / out->first_depth));
  if (out->exponent >= SERIAL_EXPONENT)
    {
      out->verdict = SSDB_ACCESS_VERDICT_SERIAL;
      finding = g_strdup_printf (W_ ("the device serves one request at a time (about %s at once)"),
                                 at_once);
    }
  else if (out->exponent <= PARALLEL_EXPONENT)
    {
      out->verdict = SSDB_ACCESS_VERDICT_PARALLEL;
      finding = g_strdup_printf (
          W_ ("access time grows far less than the queue: the device serves about %s "
              "requests at once, in parallel"),
          at_once);
    }
  else
    {
      out->verdict = SSDB_ACCESS_VERDICT_REORDERS;
      if (rotational)
        finding = g_strdup_printf (
            W_ ("the drive reorders queued requests (NCQ) and serves about %s at once"), at_once);
      else
        finding = g_strdup_printf (W_ ("the device serves about %s requests at once"), at_once);
    }

  first = depth_label (out->first_depth, mode);
  last = depth_label (out->last_depth, mode);
  gain = format_ratio (out->iops_gain);
  growth = format_ratio (out->latency_growth);
  ratio = format_ratio ((double)out->last_depth / out->first_depth);
  s = g_string_new (NULL);
  /* IOPS that fall with depth (a loaded host, a device that serves one request at a time) are
   * said so, not as a growth below 1. */
  g_string_append_printf (
      s,
      g_str_equal (gain, "1.0")
          ? W_ ("IOPS stay at %s× from %s to %s; mean access time grows %s× (a device that serves "
                "one request at a time would grow %s×): %s.")
      : out->iops_gain >= 1
          ? W_ ("IOPS grow %s× from %s to %s; mean access time grows %s× (a device that serves one "
                "request at a time would grow %s×): %s.")
          : W_ ("IOPS drop to %s× from %s to %s; mean access time grows %s× (a device that serves "
                "one request at a time would grow %s×): %s."),
      gain, first, last, growth, ratio, finding);
  if (out->short_depth)
    g_string_append (s, W_ (" Some steps kept fewer requests in flight than asked: the device "
                            "or its driver limits the queue."));
  out->words = g_string_free (s, FALSE);
}

typedef struct
{
  SsdbAccessResult *result;
  int step;
  SsdbAccessProgressFunc func;
  gpointer data;
  double base;
  double share;
  guint64 step_duration_ns;
  guint64 step_ios;
} Progress;

static void
on_sample (guint64 elapsed_ns, guint64 bytes, guint64 ios, gpointer user_data)
{
  Progress *pr = user_data;
  double f = 0, g = 0;

  (void)bytes;
  if (pr->step_duration_ns)
    f = (double)elapsed_ns / (double)pr->step_duration_ns;
  if (pr->step_ios)
    g = (double)ios / (double)pr->step_ios;
  f = CLAMP (MAX (f, g), 0.0, 1.0);
  pr->func (pr->result, pr->step, pr->base + pr->share * f, pr->data);
}

static void
step_finish (SsdbAccessStep *s)
{
  const SsdbHistogram *h = &s->io.latency;

  for (guint k = 0; k < SSDB_ACCESS_N_BINS; k++)
    {
      s->bins[k] = ssdb_histogram_count_between (h, ssdb_access_bin_edge_ns (k),
                                                 ssdb_access_bin_edge_ns (k + 1));
    }
  s->below = ssdb_histogram_count_between (h, 0, ssdb_access_bin_edge_ns (0));
  s->above
      = ssdb_histogram_count_between (h, ssdb_access_bin_edge_ns (SSDB_ACCESS_N_BINS), G_MAXUINT64);
  s->iops = s->io.iops;
  s->mean_ns = ssdb_histogram_mean_ns (h);
  s->median_ns = ssdb_histogram_percentile_ns (h, 50);
  s->p99_ns = ssdb_histogram_percentile_ns (h, 99);
  s->min_ns = h->count ? h->min_ns : 0;
  s->max_ns = h->max_ns;
  s->achieved_depth = s->io.mean_inflight * s->job.threads;
}

/* The analysis of @r's completed steps into @out (cleared first). */
static void
analyze_result (const SsdbAccessResult *r, gboolean rotational, SsdbAccessAnalysis *out)
{
  g_autofree SsdbAccessPoint *pts = g_new0 (SsdbAccessPoint, MAX (r->steps->len, 1));
  guint n = 0;

  for (guint i = 0; i < r->steps->len; i++)
    {
      const SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);

      if (s->state != SSDB_ENTRY_DONE)
        continue;
      pts[n].depth = s->depth;
      pts[n].iops = s->iops;
      pts[n].mean_ns = s->mean_ns;
      pts[n].achieved_depth = s->achieved_depth;
      n++;
    }
  ssdb_access_analysis_clear (out);
  ssdb_access_analyze_device (pts, n, r->spec.mode, rotational, out);
  /* A stopped run: the words cover the depths measured. */
  if (n > 0 && n < r->steps->len && out->words != NULL)
    {
      g_autofree char *upto = depth_label (out->last_depth, r->spec.mode);
      char *w = g_strdup_printf (
          W_ ("%s The run stopped after %s: this covers the depths measured."), out->words, upto);

      g_free (out->words);
      out->words = w;
    }
}

void
ssdb_access_result_analyze (SsdbAccessResult *r, gboolean rotational)
{
  analyze_result (r, rotational, &r->analysis);
}

char *
ssdb_access_result_dup_words (const SsdbAccessResult *r)
{
  SsdbAccessAnalysis analysis = { 0 };

  g_return_val_if_fail (r != NULL, NULL);
  analyze_result (r, r->analysis.rotational, &analysis);
  return analysis.words;
}

/* The run itself, without what is recorded of the drive meanwhile. */
static gboolean
run_access (SsdbTarget *target, SsdbAccessResult *result, SsdbAccessProgressFunc progress,
            gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbAccessSpec *spec;
  const SsdbTargetInfo *info;
  Progress pr = { 0 };
  double fill_share = 0;
  gboolean do_fill;

  g_return_val_if_fail (SSDB_IS_TARGET (target), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  spec = &result->spec;
  info = ssdb_target_get_info (target);
  if (!ssdb_access_result_check (result, info, error))
    return FALSE;
  if (spec->span_length == 0)
    spec->span_length = info->size_bytes - spec->span_offset;
  if (result->steps->len != spec->n_depths)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "The result was made for %u steps, the settings ask for %u", result->steps->len,
                   spec->n_depths);
      return FALSE;
    }

  /* Validate every step's job before any I/O, so bad settings change nothing. */
  for (guint i = 0; i < spec->n_depths; i++)
    {
      SsdbAccessStep *s = &g_array_index (result->steps, SsdbAccessStep, i);
      SsdbJobSpec *job = &s->job;
      g_autofree char *name = NULL;

      ssdb_job_spec_init (job);
      job->rw = SSDB_RW_READ;
      job->access = SSDB_ACCESS_RANDOM;
      job->block_size = spec->block_size;
      job->queue_depth = spec->mode == SSDB_ACCESS_MODE_QUEUE ? spec->depths[i] : 1;
      job->threads = spec->mode == SSDB_ACCESS_MODE_QUEUE ? 1 : spec->depths[i];
      job->offset = spec->span_offset;
      job->length = spec->span_length;
      job->duration_ns = spec->step_duration_ns;
      job->total_bytes = spec->step_ios * spec->block_size;
      job->seed = spec->seed + i;
      job->sample_interval_ns = progress ? 100 * G_GUINT64_CONSTANT (1000000) : 0;
      if (!ssdb_job_spec_validate (job, target, error))
        return FALSE;
      name = g_strdup_printf ("access_Q%uT%u", job->queue_depth, job->threads);
      g_free (s->fio_command);
      s->fio_command = ssdb_job_spec_to_fio (job, target, name);
    }

  do_fill = ssdb_target_is_writable (target) && (spec->fill || info->kind == SSDB_TARGET_FILE);
  if (do_fill)
    {
      gint64 t0 = g_get_monotonic_time ();

      fill_share = 0.1;
      if (progress)
        progress (result, -1, 0, user_data);
      if (!ssdb_target_fill (target, spec->span_offset, spec->span_length, spec->seed, NULL, NULL,
                             cancellable, error))
        {
          if (g_error_matches (*error, SSDB_ERROR, SSDB_ERROR_CANCELLED))
            result->cancelled = TRUE;
          return FALSE;
        }
      result->prepare_ns = (guint64)(g_get_monotonic_time () - t0) * 1000;
    }

  pr.result = result;
  pr.func = progress;
  pr.data = user_data;
  pr.step_duration_ns = spec->step_duration_ns;
  pr.step_ios = spec->step_ios;
  pr.share = (1.0 - fill_share) / spec->n_depths;
  for (guint i = 0; i < spec->n_depths; i++)
    {
      SsdbAccessStep *s = &g_array_index (result->steps, SsdbAccessStep, i);
      gboolean ok;

      pr.step = (int)i;
      pr.base = fill_share + pr.share * i;
      s->state = SSDB_ENTRY_RUNNING;
      ok = ssdb_io_run (target, &s->job, progress ? on_sample : NULL, &pr, cancellable, &s->io,
                        error);
      step_finish (s);
      if (!ok)
        {
          s->state = s->io.cancelled ? SSDB_ENTRY_CANCELLED : SSDB_ENTRY_FAILED;
          result->cancelled = s->io.cancelled;
          ssdb_access_result_analyze (result, ssdb_target_get_info (target)->rotational);
          return FALSE;
        }
      s->state = SSDB_ENTRY_DONE;
      /* No verdict while the run goes on: the words come with the last step. */
      if (i + 1 == spec->n_depths)
        ssdb_access_result_analyze (result, ssdb_target_get_info (target)->rotational);
      if (progress)
        progress (result, (int)i, i + 1 == spec->n_depths ? 1.0 : pr.base + pr.share, user_data);
    }
  return TRUE;
}

gboolean
ssdb_access_run (SsdbTarget *target, SsdbAccessResult *result, SsdbAccessProgressFunc progress,
                 gpointer user_data, GCancellable *cancellable, GError **error)
{
  SsdbRunRecording *recording
      = ssdb_test_kind_recording_begin (SSDB_TEST_KIND_ACCESS, target, result, error);
  gboolean ok
      = recording != NULL && run_access (target, result, progress, user_data, cancellable, error);

  ssdb_test_kind_recording_end (SSDB_TEST_KIND_ACCESS, target, result, recording);
  return ok;
}

gboolean
ssdb_access_result_check (const SsdbAccessResult *result, const SsdbTargetInfo *target,
                          GError **error)
{
  const SsdbAccessSpec *spec;
  guint max_depth;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (target != NULL, FALSE);

  spec = &result->spec;
  if (!ssdb_spec_check_block (spec->block_size, target, NULL, error)
      || !ssdb_spec_check_span (spec->span_offset, spec->span_length, target, error))
    return FALSE;
  if (spec->n_depths < 1 || spec->n_depths > SSDB_ACCESS_MAX_STEPS)
    SSDB_SPEC_INVALID ("The number of queue depths %u is out of range (1 to %u)", spec->n_depths,
                       SSDB_ACCESS_MAX_STEPS);
  if (spec->mode != SSDB_ACCESS_MODE_QUEUE && spec->mode != SSDB_ACCESS_MODE_THREADS)
    SSDB_SPEC_INVALID ("Unknown access-time mode");
  max_depth = spec->mode == SSDB_ACCESS_MODE_THREADS ? SSDB_MAX_THREADS : SSDB_MAX_QUEUE_DEPTH;
  for (guint i = 0; i < spec->n_depths; i++)
    {
      if (spec->depths[i] < 1 || spec->depths[i] > max_depth)
        SSDB_SPEC_INVALID ("%s %u is out of range (1 to %u)",
                           spec->mode == SSDB_ACCESS_MODE_THREADS ? "Thread count" : "Queue depth",
                           spec->depths[i], max_depth);
      if (i > 0 && spec->depths[i] <= spec->depths[i - 1])
        SSDB_SPEC_INVALID ("Queue depths must rise: %u follows %u", spec->depths[i],
                           spec->depths[i - 1]);
    }
  if (spec->step_duration_ns == 0 && spec->step_ios == 0)
    SSDB_SPEC_INVALID ("Each step needs a duration or a number of reads");
  if (spec->step_ios > G_MAXUINT64 / MAX (spec->block_size, 1u))
    SSDB_SPEC_INVALID ("Reads per step %" G_GUINT64_FORMAT " is too large", spec->step_ios);
  return TRUE;
}
