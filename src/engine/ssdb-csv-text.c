/* SPDX-License-Identifier: GPL-3.0-or-later */
/* The text tables of a report's tests (ssdb_csv_format_text()): what `ssdbench-cli export
 * --text` writes and the CLI prints after a run. */
#include "ssdb-csv.h"

#include <math.h>

#include "ssdb-error.h"
#include "ssdb-files.h"
#include "ssdb-pattern.h"
#include "ssdb-text.h"
#include "ssdb-unwritten.h"
#include "ssdb-units.h"

/* Text ------------------------------------------------------------------------------------ */

/* @value with @decimals decimals in the C locale; "-" when not finite. */
static char *
num (double value, int decimals)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char fmt[16];

  if (!isfinite (value))
    return g_strdup ("-");
  g_snprintf (fmt, sizeof fmt, "%%.%df", decimals);
  return g_strdup (g_ascii_formatd (buf, sizeof buf, fmt, value));
}

/* "0.2", "1", "300": seconds from ns, as settings are written. */
static char *
seconds (guint64 ns)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%g", (double)ns / 1e9));
}

static char *
mbps (double bytes_per_second)
{
  return num (bytes_per_second / 1e6, 1);
}

/* The heading every text starts with: what, on which target. */
static void
text_heading (GString *out, const char *what, const SsdbReport *report)
{
  const SsdbTargetInfo *info = &report->target;
  g_autofree char *size = ssdb_format_capacity (info->size_bytes);
  const char *name = info->path ? info->path : info->name ? info->name : "?";

  g_string_append_printf (out, "%s\n", what);
  g_string_append_printf (out, "Target: %s (%s)%s%s\n", name, size,
                          info->model && *info->model ? ", " : "",
                          info->model && *info->model ? info->model : "");
  if (report->created != NULL)
    g_string_append_printf (out, "Run:    %s, SSD Bench %s\n", report->created,
                            report->tool_version ? report->tool_version : "?");
  g_string_append_c (out, '\n');
}

/* The copy test's target is a directory: its file system, device and free space (the target's
 * size is the small test file that found them). */
static void
text_copy_heading (GString *out, const char *what, const SsdbReport *report)
{
  const SsdbTargetInfo *info = &report->target;
  g_autofree char *free_space = ssdb_format_capacity (info->free_bytes);

  g_string_append_printf (out, "%s\n", what);
  g_string_append_printf (out, "Target: %s%s%s%s%s, %s free\n", info->path ? info->path : "?",
                          info->fs_type ? ", " : "", info->fs_type ? info->fs_type : "",
                          info->name ? " on " : "", info->name ? info->name : "", free_space);
  if (report->created != NULL)
    g_string_append_printf (out, "Run:    %s, SSD Bench %s\n", report->created,
                            report->tool_version ? report->tool_version : "?");
  g_string_append_c (out, '\n');
}

static void
text_words (GString *out, const char *words, gboolean cancelled)
{
  if (cancelled)
    g_string_append (out, "\nThe run was cancelled: the numbers above are partial.\n");
  if (words != NULL && *words)
    g_string_append_printf (out, "\n%s\n", words);
}

/* "Verdict: found (noise 4 %)" or "Verdict: inconclusive (noise not measured)"; @noise in
 * percent, negative when not measured. */
static void
text_verdict (GString *out, SsdbVerdict verdict, double noise, const char *noise_what)
{
  g_string_append_printf (out, "Verdict: %s", ssdb_verdict_name (verdict));
  if (noise >= 0)
    {
      g_autofree char *n = num (noise, 1);

      g_string_append_printf (out, " (%s %s %%)\n", noise_what, n);
    }
  else
    g_string_append_printf (out, " (%s not measured)\n", noise_what);
}

/* What a write pass's analysis found and what decided it: its phases, its verdict against the
 * noise measured in @what, what a change needs, and the change that did not last or the drift
 * that made it inconclusive. */
static void
text_fill_analysis (GString *out, const SsdbFillAnalysis *a, const char *what)
{
  g_autofree char *noise_what = g_strdup_printf ("noise in %s", what);
  g_autofree char *need = num (100 * a->step_threshold, 1);
  g_autofree char *last = num (SSDB_FILL_MIN_PHASE_NS / 1e9, 1);
  g_autofree char *span = num ((double)a->window_bytes / 1e6, 2);

  if (a->phases != NULL && a->phases->len > 0)
    {
      guint64 start = 0;

      g_string_append_printf (out, "\n%-8s %12s %12s %12s\n", "Phase", "From GB", "To GB", "MB/s");
      for (guint i = 0; i < a->phases->len; i++)
        {
          const SsdbFillPhase *p = &g_array_index (a->phases, SsdbFillPhase, i);
          g_autofree char *from = num ((double)start / 1e9, 3);
          g_autofree char *to = num ((double)p->end_bytes / 1e9, 3);
          g_autofree char *rate = mbps (p->bytes_per_second);

          g_string_append_printf (out, "%-8u %12s %12s %12s\n", i + 1, from, to, rate);
          start = p->end_bytes;
        }
    }
  if (a->cache_bytes > 0)
    {
      g_autofree char *cache = num ((double)a->cache_bytes / 1e6, 2);

      g_string_append_printf (out, "Cache: %s MB\n", cache);
    }
  /* An analysis stored by an earlier version and kept as stored may lack the flag. */
  text_verdict (
      out, a->verdict,
      a->noise_measured || (a->verdict != SSDB_VERDICT_NONE && a->noise > 0) ? 100 * a->noise : -1,
      noise_what);
  if (a->verdict == SSDB_VERDICT_NONE || !(a->step_threshold > 0))
    return;
  g_string_append_printf (out, "A change must exceed %s %% and last %s s and %s MB", need, last,
                          span);
  if (a->short_step > 0)
    {
      g_autofree char *step = num (100 * a->short_step, 1);
      g_autofree char *secs = num (a->short_seconds, 2);

      g_string_append_printf (out, "; the largest that did not last: %s %% over %s s", step, secs);
    }
  g_string_append_c (out, '\n');
  if (a->drift_from > 0)
    {
      g_autofree char *from = mbps (a->drift_from);
      g_autofree char *to = mbps (a->drift_to);

      g_string_append_printf (out, "Drift: %s MB/s in the first quarter, %s MB/s in the last\n",
                              from, to);
    }
  if (a->span_bytes > a->measured_bytes)
    {
      g_autofree char *done = num ((double)a->measured_bytes / 1e9, 3);
      g_autofree char *all = num ((double)a->span_bytes / 1e9, 3);

      g_string_append_printf (out, "Measured: %s GB of %s GB\n", done, all);
    }
}

static void
text_fill (GString *out, const SsdbFillResult *r)
{
  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);

  g_string_append_printf (out, "%u write pass%s, %s blocks, QD%u%s\n\n", r->spec.passes,
                          r->spec.passes == 1 ? "" : "es", block, r->spec.queue_depth,
                          r->spec.read_back ? ", then a read back" : "");
  g_string_append_printf (out, "%-8s %-6s %12s %10s %9s\n", "Pass", "", "Mean MB/s", "GB",
                          "Time s");
  for (guint i = 0; r->passes != NULL && i < r->passes->len; i++)
    {
      const SsdbFillPass *p = g_ptr_array_index (r->passes, i);
      g_autofree char *rate = mbps (p->bytes_per_second);
      g_autofree char *gb = num ((double)p->bytes / 1e9, 3);
      g_autofree char *secs = num ((double)p->window_ns / 1e9, 2);

      g_string_append_printf (out, "%-8u %-6s %12s %10s %9s%s\n", i + 1, ssdb_rw_to_string (p->rw),
                              rate, gb, secs, p->complete ? "" : " (incomplete)");
    }
  text_fill_analysis (out, &r->analysis, "the first write pass");
  text_words (out, r->analysis.words, r->cancelled);
}

static void
text_access (GString *out, const SsdbAccessResult *r)
{
  const SsdbAccessAnalysis *a = &r->analysis;
  gboolean threads = r->spec.mode == SSDB_ACCESS_MODE_THREADS;
  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
  g_autofree char *span = num ((double)r->spec.span_length / 1e9, 3);

  g_string_append_printf (out, "Random %s reads over %s GB, by %s\n\n", block, span,
                          threads ? "thread count" : "queue depth");
  g_string_append_printf (out, "%-8s %12s %12s %12s %12s %12s\n", threads ? "Threads" : "QD",
                          "IOPS", "Mean ms", "Median ms", "99 % ms", "In flight");
  for (guint i = 0; r->steps != NULL && i < r->steps->len; i++)
    {
      const SsdbAccessStep *st = &g_array_index (r->steps, SsdbAccessStep, i);
      g_autofree char *iops = NULL, *mean = NULL, *median = NULL, *p99 = NULL, *inflight = NULL;

      /* A stopped or failed step keeps what it measured; the analysis counts finished ones. */
      if (st->state == SSDB_ENTRY_PENDING || st->state == SSDB_ENTRY_RUNNING
          || st->state == SSDB_ENTRY_SKIPPED || st->io.ios == 0)
        continue;
      iops = num (st->iops, 0);
      mean = num (st->mean_ns / 1e6, 4);
      median = num ((double)st->median_ns / 1e6, 4);
      p99 = num ((double)st->p99_ns / 1e6, 4);
      inflight = num (st->achieved_depth, 2);
      g_string_append_printf (out, "%-8u %12s %12s %12s %12s %12s%s\n", st->depth, iops, mean,
                              median, p99, inflight,
                              st->state == SSDB_ENTRY_CANCELLED ? " (stopped, left out)"
                              : st->state == SSDB_ENTRY_FAILED  ? " (failed, left out)"
                                                                : "");
    }
  /* The gains only where the analysis compared the steps. */
  if (a->verdict != SSDB_ACCESS_VERDICT_UNKNOWN && a->last_depth > a->first_depth
      && a->first_depth > 0)
    {
      g_autofree char *gain = num (a->iops_gain, 2);
      g_autofree char *growth = num (a->latency_growth, 2);
      g_autofree char *exponent = num (a->exponent, 2);
      g_autofree char *ratio = num ((double)a->last_depth / a->first_depth, 2);

      g_string_append_printf (out,
                              "\nFrom %s%u to %s%u (%s×): IOPS %s×, mean access time %s×, "
                              "growth exponent %s\n",
                              threads ? "T" : "QD", a->first_depth, threads ? "T" : "QD",
                              a->last_depth, ratio, gain, growth, exponent);
    }
  text_words (out, a->words, r->cancelled);
}

/* The sweep's point of @size in @points, or NULL. */
static const SsdbSweepPoint *
sweep_point (GArray *points, guint size)
{
  for (guint k = 0; points != NULL && k < points->len; k++)
    if (g_array_index (points, SsdbSweepPoint, k).size == size)
      return &g_array_index (points, SsdbSweepPoint, k);
  return NULL;
}

static void
text_sweep (GString *out, const SsdbSweepResult *r)
{
  g_autofree char *span = num ((double)r->spec.span_length / 1e9, 3);

  g_string_append_printf (out, "Sequential transfers at QD%u over %s GB\n\n", r->spec.queue_depth,
                          span);
  g_string_append_printf (out, "%-10s %12s %12s %12s %12s\n", "Size", "Read MB/s", "Read IOPS",
                          "Write MB/s", "Write IOPS");
  for (guint i = 0; i < r->n_sizes && i < SSDB_SWEEP_MAX_SIZES; i++)
    {
      const SsdbSweepPoint *rd = sweep_point (r->read, r->sizes[i]);
      const SsdbSweepPoint *wr = sweep_point (r->write, r->sizes[i]);
      g_autofree char *size = ssdb_format_transfer_size (r->sizes[i]);
      g_autofree char *rr = rd ? mbps (rd->bytes_per_second) : g_strdup ("-");
      g_autofree char *ri = rd ? num (rd->iops, 0) : g_strdup ("-");
      g_autofree char *wrr = wr ? mbps (wr->bytes_per_second) : g_strdup ("-");
      g_autofree char *wi = wr ? num (wr->iops, 0) : g_strdup ("-");

      g_string_append_printf (out, "%-10s %12s %12s %12s %12s\n", size, rr, ri, wrr, wi);
    }
  text_words (out, r->words, r->cancelled);
}

static void
text_recovery (GString *out, const SsdbRecoveryResult *r)
{
  g_autofree char *write = num ((double)r->spec.write_bytes / 1e9, 3);
  g_autofree char *fast = mbps (r->fast_bytes_per_second);
  g_autofree char *slow = mbps (r->slow_bytes_per_second);
  g_autofree char *threshold = mbps (r->threshold_bytes_per_second);

  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);

  g_string_append_printf (out, "%s GB per write%s, %s blocks, QD%u\n\n", write,
                          r->spec.next_span ? ", each on the next span" : "", block,
                          r->spec.queue_depth);
  g_string_append_printf (out, "%-14s %12s %10s %12s %9s\n", "Write", "Mean MB/s", "Fast GB",
                          "Restored %", "Time s");
  for (guint i = 0; r->writes != NULL && i < r->writes->len; i++)
    {
      const SsdbRecoveryWrite *w = &g_array_index (r->writes, SsdbRecoveryWrite, i);
      g_autofree char *pause = seconds (w->pause_ns);
      g_autofree char *label = i == 0 ? g_strdup ("first") : g_strdup_printf ("after %s s", pause);
      g_autofree char *mean = mbps (w->bytes_per_second);
      g_autofree char *gb = num ((double)w->fast_bytes / 1e9, 3);
      g_autofree char *pct = num (w->restored_percent, 1);
      g_autofree char *secs = num ((double)w->window_ns / 1e9, 2);

      g_string_append_printf (out, "%-14s %12s %10s %12s %9s%s\n", label, mean, gb, pct, secs,
                              w->complete ? "" : " (incomplete)");
    }
  g_string_append_printf (out, "\nFast %s MB/s, slow %s MB/s, threshold %s MB/s\n", fast, slow,
                          threshold);
  text_fill_analysis (out, &r->first, "the first write");
  text_words (out, r->words, r->cancelled);
}

static void
text_compression (GString *out, const SsdbCompressionResult *r)
{
  g_autofree char *span = num ((double)r->spec.span_length / 1e9, 3);
  g_autofree char *wr = num (r->write_ratio, 2);
  g_autofree char *zr = num (r->zero_write_ratio, 2);
  g_autofree char *rr = num (r->read_ratio, 2);

  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);

  g_string_append_printf (out, "Sequential %s QD%u over %s GB\n", block, r->spec.queue_depth, span);
  if (r->spec.step_percent != SSDB_COMPRESSION_DEFAULT_STEP)
    g_string_append_printf (out, "Levels from 0 to 100 %% compressible in steps of %u %%\n",
                            r->spec.step_percent);
  g_string_append_printf (out, "\n%-18s %12s %12s\n", "Data", "Write MB/s", "Read MB/s");
  for (guint i = 0; r->points != NULL && i < r->points->len; i++)
    {
      const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, i);
      g_autofree char *data = ssdb_data_pattern_to_string (&p->data);
      g_autofree char *w = mbps (p->write_bytes_per_second);
      g_autofree char *rd = mbps (p->read_bytes_per_second);

      g_string_append_printf (out, "%-18s %12s %12s\n", data, w, rd);
    }
  g_string_append_printf (out,
                          "\nFastest over random data: write %s×, read %s×; zeros over random "
                          "data: write %s×\n",
                          wr, rr, zr);
  g_string_append_printf (out, "Compresses: %s\n", r->compresses ? "yes" : "no");
  text_verdict (out, r->verdict, r->noise >= 0 ? r->noise * 100 : -1, "spread between passes");
  text_words (out, r->words, r->cancelled);
}

/* The random-write stress before a test, when there was one: one line. */
static void
text_stress (GString *out, const SsdbStressResult *stress)
{
  g_autofree char *bytes = NULL, *bs = NULL, *secs = NULL, *iops = NULL;

  if (stress->block_size == 0)
    return;
  bytes = ssdb_format_capacity (stress->bytes);
  bs = ssdb_format_transfer_size (stress->block_size);
  secs = num (stress->window_ns / 1e9, 2);
  iops = num (stress->iops, 0);
  g_string_append_printf (out,
                          "First a random-write stress: %s in %s writes at random positions of the "
                          "span, QD%u, in %s s (%s IOPS)",
                          bytes, bs, stress->queue_depth, secs, iops);
  if (stress->counters_valid)
    {
      g_autofree char *device = ssdb_format_capacity (stress->device_write_bytes);

      g_string_append_printf (out, "; the device counted %s written", device);
    }
  g_string_append (out, "\n\n");
}

static void
text_trim (GString *out, const SsdbTrimResult *r)
{
  g_autofree char *span = num ((double)r->spec.span_length / 1e9, 3);
  g_autofree char *min = num (r->min_retention_percent, 1);

  g_string_append_printf (out, "%u round%s of filling %s GB and deleting it %s\n\n", r->spec.rounds,
                          r->spec.rounds == 1 ? "" : "s", span,
                          r->spec.discard ? "with discard (TRIM)" : "without discard");
  text_stress (out, &r->stress);
  g_string_append_printf (out, "%-14s %-6s %12s %12s %12s\n", "Test", "", "Before MB/s",
                          "After MB/s", "Retention %");
  for (guint i = 0; r->tests != NULL && i < r->tests->len; i++)
    {
      const SsdbTrimTest *t = &g_array_index (r->tests, SsdbTrimTest, i);
      g_autofree char *before = mbps (t->before_bytes_per_second);
      g_autofree char *after = mbps (t->after_bytes_per_second);
      g_autofree char *ret = num (t->retention_percent, 1);

      g_string_append_printf (out, "%-14s %-6s %12s %12s %12s\n", t->name,
                              ssdb_rw_to_string (t->rw), before, after, ret);
    }
  g_string_append_c (out, '\n');
  for (guint i = 0; r->rounds != NULL && i < r->rounds->len; i++)
    {
      const SsdbTrimRound *rd = &g_array_index (r->rounds, SsdbTrimRound, i);
      g_autofree char *fill = mbps (rd->fill_bytes_per_second);

      g_string_append_printf (out, "Round %u fill: %s MB/s\n", i + 1, fill);
    }
  g_string_append_printf (out, "Lowest retention: %s %%\n", min);
  text_verdict (out, r->verdict, r->noise_percent, "spread between passes");
  text_words (out, r->words, r->cancelled);
}

/* " 12.3 %" right-aligned in a column of 16: @fraction as a percentage, "-" when it is
 * negative (not measured), "> 100 %" from 1 on. */
static void
percent_cell (GString *out, double fraction)
{
  g_autofree char *pct = fraction >= 0 && fraction < 1 ? num (fraction * 100, 1) : NULL;
  g_autofree char *v = pct != NULL     ? g_strconcat (pct, " %", NULL)
                       : fraction >= 1 ? g_strdup ("> 100 %")
                                       : g_strdup ("-");

  g_string_append_printf (out, " %15s", v);
}

static void
text_freespace (GString *out, const SsdbFreespaceResult *r)
{
  const SsdbFreespaceStep *first = NULL;
  g_autofree char *span = num ((double)r->spec.span_length / 1e9, 3);

  g_string_append_printf (out, "%s GB filled in steps of %u %%, summary tests after each step\n\n",
                          span, r->spec.step_percent);
  text_stress (out, &r->stress);
  if (r->steps != NULL && r->steps->len > 0)
    first = &g_array_index (r->steps, SsdbFreespaceStep, 0);
  g_string_append_printf (out, "%-8s", "Used %");
  for (guint k = 0; first != NULL && first->rates != NULL && k < first->rates->len; k++)
    {
      const SsdbTestRate *t = &g_array_index (first->rates, SsdbTestRate, k);
      g_autofree char *name = g_strdup_printf ("%s %s", t->name,
                                               t->rw == SSDB_RW_READ    ? "R"
                                               : t->rw == SSDB_RW_WRITE ? "W"
                                                                        : "M");

      g_string_append_printf (out, " %15s", name);
    }
  g_string_append (out, "   (MB/s)\n");
  for (guint i = 0; r->steps != NULL && i < r->steps->len; i++)
    {
      const SsdbFreespaceStep *st = &g_array_index (r->steps, SsdbFreespaceStep, i);

      g_string_append_printf (out, "%-8u", st->used_percent);
      for (guint k = 0; st->rates != NULL && k < st->rates->len; k++)
        {
          g_autofree char *rate
              = mbps (g_array_index (st->rates, SsdbTestRate, k).bytes_per_second);

          g_string_append_printf (out, " %15s", rate);
        }
      g_string_append_c (out, '\n');
    }
  /* The noise each test's verdict is decided against, and the drop that counts: at least
   * the minimum, and the multiple of the noise it is for this many steps. */
  if (r->steps != NULL && r->steps->len >= 4 && first != NULL && first->rates != NULL)
    {
      g_autoptr (GString) scatter = g_string_new (NULL);
      g_autoptr (GString) needs = g_string_new (NULL);
      g_autofree char *least = num (SSDB_FREESPACE_MIN_DROP * 100, 0);
      char multiple[G_ASCII_DTOSTR_BUF_SIZE];

      g_ascii_formatd (multiple, sizeof multiple, "%.3g",
                       ssdb_freespace_noise_multiple (r->steps->len));
      for (guint k = 0; k < first->rates->len; k++)
        {
          double threshold;
          double noise = ssdb_freespace_test_noise (r, k, &threshold);

          percent_cell (scatter, noise);
          percent_cell (needs, threshold);
        }
      g_string_append_printf (out, "%-8s%s   (between neighbouring steps)\n", "Scatter",
                              scatter->str);
      g_string_append_printf (out, "%-8s%s   (a drop: %s %% or more, and %s × the scatter)\n",
                              "Needs", needs->str, least, multiple);
    }
  text_words (out, r->words, r->cancelled);
}

static void
text_consistency (GString *out, const SsdbConsistencyResult *r)
{
  g_autofree char *round = seconds (r->spec.round_ns);
  g_autofree char *duration = num ((double)r->spec.duration_ns / 1e9, 0);
  g_autofree char *mean = num (r->iops, 0);
  g_autofree char *tail = num (r->tail_mean_iops, 0);
  g_autofree char *sd = num (r->tail_sd_iops, 0);
  g_autofree char *ratio = num (r->tail_mean_over_sd, 1);
  guint n = r->rounds != NULL ? r->rounds->len : 0;

  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);

  g_string_append_printf (out, "%s random writes, QD%u, %s s in rounds of %s s\n", block,
                          r->spec.queue_depth, duration, round);
  if (r->spec.precondition_passes > 0)
    {
      g_autofree char *gb = num ((double)r->precondition_bytes / 1e9, 3);
      g_autofree char *secs = num ((double)r->precondition_ns / 1e9, 1);

      g_string_append_printf (out, "Preconditioned with %u sequential pass%s: %s GB in %s s\n",
                              r->spec.precondition_passes,
                              r->spec.precondition_passes == 1 ? "" : "es", gb, secs);
    }
  g_string_append_printf (out, "\nRounds: %u\nMean of the run: %s IOPS\n", n, mean);
  if (r->steady.reached)
    {
      g_autofree char *smean = num (r->steady.mean, 0);

      g_string_append_printf (out,
                              "Steady state: reached at round %u (window of rounds %u-%u, mean "
                              "%s IOPS)\n",
                              r->steady.round, r->steady.first_round, r->steady.round, smean);
    }
  else
    g_string_append (out, "Steady state: not reached\n");
  g_string_append_printf (out,
                          "Last %u rounds: mean %s IOPS, standard deviation %s IOPS, mean / "
                          "deviation %s\n",
                          r->tail_rounds, tail, sd, ratio);
  if (n >= 2 && ssdb_consistency_rounds_analysed (r) < n)
    {
      const SsdbConsistencyRound *last = &g_array_index (r->rounds, SsdbConsistencyRound, n - 1);
      guint64 start = g_array_index (r->rounds, SsdbConsistencyRound, n - 2).elapsed_ns;
      g_autofree char *len
          = num ((double)(last->elapsed_ns - MIN (start, last->elapsed_ns)) / 1e9, 2);
      g_autofree char *iops = num (last->iops, 0);

      g_string_append_printf (out, "Final round: %s s, %s IOPS, cut short (left out)\n", len, iops);
    }
  text_words (out, r->words, r->cancelled);
}

static void
text_readback (GString *out, const SsdbReadbackResult *r)
{
  g_autofree char *span = num ((double)r->spec.span_length / 1e9, 3);
  g_autofree char *first = mbps (r->first_read_bytes_per_second);
  g_autofree char *second = mbps (r->second_read_bytes_per_second);
  g_autofree char *diff = num (r->difference_percent, 1);
  const SsdbFillResult *passes[2] = { r->first, r->second };

  g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);

  g_string_append_printf (out, "%s GB written twice, each pass read back%s, %s blocks, QD%u\n\n",
                          span, r->spec.read_back_repeats > 0 ? " twice" : "", block,
                          r->spec.queue_depth);
  g_string_append_printf (out, "%-6s %12s %12s %12s\n", "Pass", "Write MB/s", "Read MB/s",
                          "Reread MB/s");
  for (guint i = 0; i < 2; i++)
    {
      /* The write, the read and the read again, in run order. */
      double rate[3] = { NAN, NAN, NAN };
      guint reads = 0;

      for (guint k = 0; passes[i] != NULL && k < passes[i]->passes->len; k++)
        {
          const SsdbFillPass *p = g_ptr_array_index (passes[i]->passes, k);

          if (p->rw == SSDB_RW_WRITE)
            rate[0] = p->bytes_per_second;
          else if (p->rw == SSDB_RW_READ && reads < 2)
            rate[1 + reads++] = p->bytes_per_second;
        }
      {
        g_autofree char *ws = mbps (rate[0]);
        g_autofree char *rs = mbps (rate[1]);
        g_autofree char *again = mbps (rate[2]);

        g_string_append_printf (out, "%-6u %12s %12s %12s\n", i + 1, ws, rs, again);
      }
    }
  g_string_append_printf (
      out, "\nRead of pass 1: %s MB/s, read of pass 2: %s MB/s%s, difference %s %%\n", first,
      second, r->repeat_percent >= 0 ? " (each the two reads together)" : "", diff);
  if (r->repeat_percent >= 0)
    {
      g_autofree char *repeat = num (r->repeat_percent, 1);

      g_string_append_printf (out, "Two reads of the same data differ by up to %s %%\n", repeat);
    }
  text_verdict (out, r->verdict, r->noise_percent, "scatter between the reads");
  text_words (out, r->words, r->cancelled);
}

/* The settings, the verdict, the unreadable and slow ranges (offset in bytes and as an LBA of
 * the logical block size), the words. */
static void
text_scan (GString *out, const SsdbScanResult *r)
{
  const SsdbScanSpec *spec = &r->spec;
  g_autofree char *span = num ((double)spec->span_length / 1e9, 3);
  g_autofree char *block = ssdb_format_transfer_size (spec->block_size);
  g_autofree char *slow = num (spec->slow_ns / 1e6, 0);
  g_autofree char *scanned = num ((double)r->scanned_bytes / 1e9, 3);
  g_autofree char *bad = num ((double)r->bad_bytes, 0);
  g_autofree char *worst = num (r->worst_ns / 1e6, 1);
  guint64 lbs = MAX (r->logical_block_size, 1u);

  g_string_append_printf (out,
                          "%s GB from byte %" G_GUINT64_FORMAT " %s in %s blocks at QD1, "
                          "sectors of %u bytes; slow above %s ms\n\n",
                          span, spec->span_offset,
                          spec->verify ? "written with random data, read back and compared"
                                       : "read",
                          block, r->logical_block_size, slow);
  g_string_append_printf (out, "Verdict: %s (%s)\n", ssdb_verdict_name (r->verdict),
                          r->verdict == SSDB_VERDICT_FOUND
                              ? (spec->verify ? "bad sectors found" : "unreadable sectors found")
                          : r->verdict == SSDB_VERDICT_NO_EFFECT ? "the whole span read"
                          : r->verdict == SSDB_VERDICT_INCONCLUSIVE
                              ? "stopped before the end: the rest was not read"
                              : "nothing read");
  g_string_append_printf (
      out, "Scanned %s GB; %s %s bytes; slow blocks %" G_GUINT64_FORMAT "; slowest block %s ms\n",
      scanned, spec->verify ? "bad" : "unreadable", bad, r->slow_blocks, worst);
  if (r->bad->len > 0)
    {
      g_string_append_printf (out, "\n%-20s %-16s %14s  %s\n",
                              spec->verify ? "Bad at byte" : "Unreadable at byte", "LBA", "Bytes",
                              "Error");
      for (guint i = 0; i < r->bad->len; i++)
        {
          const SsdbScanRange *s = &g_array_index (r->bad, SsdbScanRange, i);

          g_string_append_printf (
              out, "%-20" G_GUINT64_FORMAT " %-16" G_GUINT64_FORMAT " %14" G_GUINT64_FORMAT "  ",
              s->offset, s->offset / lbs, s->length);
          if (s->op == SSDB_SCAN_OP_VERIFY)
            g_string_append (out, "read back other than written\n");
          else
            g_string_append_printf (out, "%serrno %d (%s)\n",
                                    !spec->verify                 ? ""
                                    : s->op == SSDB_SCAN_OP_WRITE ? "write: "
                                                                  : "read: ",
                                    s->errsv, g_strerror (s->errsv));
        }
    }
  if (r->slow->len > 0)
    {
      g_string_append_printf (out, "\n%-20s %-16s %14s  %s\n", "Slow at byte", "LBA", "Bytes",
                              "Slowest ms");
      for (guint i = 0; i < r->slow->len; i++)
        {
          const SsdbScanRange *s = &g_array_index (r->slow, SsdbScanRange, i);
          g_autofree char *ms = num (s->worst_ns / 1e6, 1);

          g_string_append_printf (out,
                                  "%-20" G_GUINT64_FORMAT " %-16" G_GUINT64_FORMAT
                                  " %14" G_GUINT64_FORMAT "  %s\n",
                                  s->offset, s->offset / lbs, s->length, ms);
        }
    }
  if (r->ranges_truncated)
    g_string_append_printf (out, "\nOnly the first %u ranges of each kind are listed.\n",
                            SSDB_SCAN_MAX_RANGES);
  text_words (out, r->words, r->cancelled);
}

/* The drive's own state during the run, in words, after the finding: its temperature and its
 * count of the host's writes. */
/* An access time in ms with the digits it needs: "0.0024", "0.046", "1.23", "12.3", "123". */
static char *
access_ms (double ns)
{
  double ms = ns / 1e6;

  return num (ms, ms < 1 ? 4 : ms < 10 ? 3 : ms < 100 ? 2 : 1);
}

/* @text padded with spaces to @width characters (not bytes: the label's dash is one). */
static void
append_padded (GString *out, const char *text, guint width)
{
  glong n = g_utf8_strlen (text, -1);

  g_string_append (out, text);
  for (glong i = n; i < (glong)width; i++)
    g_string_append_c (out, ' ');
}

/* Whether a span read was filled first, or how much of it held no data. */
static void
text_span_state (GString *out, gboolean reads, gboolean filled, guint64 prepare_ns,
                 guint unwritten_percent, SsdbUnwrittenSource unwritten_source)
{
  if (filled)
    {
      double s = (double)prepare_ns / 1e9;
      g_autofree char *took = num (s, s < 1 ? 3 : 1);

      g_string_append_printf (out, "The span was filled with random data first (%s s).\n", took);
    }
  else if (reads)
    {
      g_autofree char *note = ssdb_unwritten_dup_note (unwritten_percent, unwritten_source);

      g_string_append (out, "The span was not filled first.\n");
      if (note != NULL)
        {
          /* a sentence of its own: "At least 75 % of the test region ..." */
          note[0] = g_ascii_toupper (note[0]);
          g_string_append_printf (out, "%s.\n", note);
        }
    }
}

static void
text_copy (GString *out, const SsdbReport *report)
{
  const SsdbCopyResult *r = report->copy;

  g_string_append_printf (out,
                          "Copy of each file set to a second folder on %s, timed from the first "
                          "folder made to the last fsync; method: %s (%s); scale %u %%\n\n",
                          report->target.fs_type ? report->target.fs_type : "the file system",
                          ssdb_copy_method_to_string (r->spec.method),
                          r->spec.method == SSDB_COPY_DIRECT
                              ? "O_DIRECT reads and writes, fsync of every file and folder"
                              : "through the page cache, fsync of every file and folder",
                          r->spec.scale);
  g_string_append (out, "  Set          Files  Folders         Bytes       MB/s    Seconds\n");
  for (guint i = 0; i < r->n_rows; i++)
    {
      const SsdbCopyRow *x = &r->rows[i];

      if (x->state == SSDB_ENTRY_DONE)
        g_string_append_printf (out, "  %-9s %8u %8u %13" G_GUINT64_FORMAT " %10.1f %10.2f\n",
                                ssdb_copy_set_label (x->set), x->files, x->dirs, x->bytes,
                                x->bytes_per_second / 1e6, x->elapsed_ns / 1e9);
      else
        g_string_append_printf (out, "  %-9s %8u %8u %13" G_GUINT64_FORMAT "  %s\n",
                                ssdb_copy_set_label (x->set), x->files, x->dirs, x->bytes,
                                ssdb_entry_state_to_string (x->state));
    }
  if (r->cancelled)
    g_string_append (out, "\nStopped before the end.\n");
}

static void
text_randomaccess (GString *out, const SsdbRandomAccessResult *r)
{
  const SsdbRandomAccessSpec *spec = &r->spec;
  g_autofree char *span = ssdb_format_capacity (spec->span_length);
  g_autofree char *from = ssdb_format_capacity (spec->span_offset);
  g_autofree char *secs = seconds (spec->row_duration_ns);
  const SsdbRandomAccessRow *ran = NULL;
  guint label_width = 14;

  for (guint i = 0; i < r->rows->len; i++)
    {
      const SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);
      g_autofree char *label = ssdb_random_access_row_label (r, row);

      label_width = MAX (label_width, (guint)g_utf8_strlen (label, -1) + 2);
      if (ran == NULL && row->ios > 0)
        ran = row;
    }
  g_string_append_printf (out, "One request at a time (QD1) at random places over %s", span);
  if (spec->span_offset > 0)
    g_string_append_printf (out, " from %s", from);
  if (spec->row_duration_ns > 0 && spec->row_ios > 0)
    g_string_append_printf (out, " · %s s or %" G_GUINT64_FORMAT " requests per row", secs,
                            spec->row_ios);
  else if (spec->row_duration_ns > 0)
    g_string_append_printf (out, " · %s s per row", secs);
  else
    g_string_append_printf (out, " · %" G_GUINT64_FORMAT " requests per row", spec->row_ios);
  if (ran != NULL)
    g_string_append_printf (out, " · %s", ssdb_io_engine_to_string (ran->engine));
  g_string_append_c (out, '\n');
  text_span_state (out, spec->do_read, r->filled, r->prepare_ns, r->unwritten_percent,
                   r->unwritten_source);

  for (guint pass = 0; pass < 2; pass++)
    {
      SsdbRw rw = pass == 0 ? SSDB_RW_READ : SSDB_RW_WRITE;

      if ((rw == SSDB_RW_READ && !spec->do_read) || (rw == SSDB_RW_WRITE && !spec->do_write))
        continue;
      g_string_append_printf (out, "\n%s\n", rw == SSDB_RW_READ ? "Read" : "Write");
      append_padded (out, "Transfer size", label_width);
      g_string_append_printf (out, "%10s %12s %12s %10s\n", "IOPS", "Avg access", "Max access",
                              "MB/s");
      for (guint i = 0; i < r->rows->len; i++)
        {
          const SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);
          g_autofree char *label = NULL, *iops = NULL, *mean = NULL, *max = NULL, *rate = NULL;

          if (row->rw != rw)
            continue;
          label = ssdb_random_access_row_label (r, row);
          append_padded (out, label, label_width);
          if (row->state == SSDB_ENTRY_PENDING || row->state == SSDB_ENTRY_RUNNING || row->ios == 0)
            {
              g_string_append_printf (out, "%10s%s\n", "-",
                                      row->state == SSDB_ENTRY_FAILED      ? " (failed)"
                                      : row->state == SSDB_ENTRY_CANCELLED ? " (stopped)"
                                                                           : " (not run)");
              continue;
            }
          iops = num (row->iops, 0);
          mean = access_ms (row->mean_ns);
          max = access_ms ((double)row->max_ns);
          rate = mbps (row->bytes_per_second);
          g_string_append_printf (out, "%10s %9s ms %9s ms %10s%s\n", iops, mean, max, rate,
                                  row->state == SSDB_ENTRY_CANCELLED ? " (stopped)"
                                  : row->state == SSDB_ENTRY_FAILED  ? " (failed)"
                                                                     : "");
        }
    }
  text_words (out, NULL, r->cancelled);
}

/* One cell of the AS SSD table: MB/s (or the access time) and IOPS, or why there is none. */
static char *
asssd_cell (const SsdbAsssdEntry *e)
{
  g_autofree char *value = NULL, *iops = NULL, *ms = NULL, *rate = NULL;

  if (e->state == SSDB_ENTRY_SKIPPED)
    return g_strdup ("not run");
  if (e->ios == 0 || e->state == SSDB_ENTRY_PENDING || e->state == SSDB_ENTRY_RUNNING)
    return g_strdup (e->state == SSDB_ENTRY_FAILED      ? "failed"
                     : e->state == SSDB_ENTRY_CANCELLED ? "stopped"
                                                        : "-");
  /* the chart's precision, AS SSD's: MB/s with two decimals, ms with three (four below
   * 0.01 ms) */
  ms = num (e->mean_ns / 1e6, e->mean_ns < 1e4 ? 4 : 3);
  rate = num (e->bytes_per_second / 1e6, 2);
  value = e->test == SSDB_ASSSD_ACCESS ? g_strdup_printf ("%s ms", ms)
                                       : g_strdup_printf ("%s MB/s", rate);
  iops = num (e->iops, 0);
  return g_strdup_printf ("%s  %s IOPS%s", value, iops,
                          e->state == SSDB_ENTRY_CANCELLED ? " (stopped)"
                          : e->state == SSDB_ENTRY_FAILED  ? " (failed)"
                                                           : "");
}

static void
text_asssd (GString *out, const SsdbAsssdResult *r)
{
  const SsdbAsssdSpec *spec = &r->spec;
  g_autofree char *span = ssdb_format_capacity (spec->span_length);
  g_autofree char *from = ssdb_format_capacity (spec->span_offset);
  g_autofree char *secs = seconds (spec->test_duration_ns);
  double score[2], total;
  gboolean has[2];
  char *reads[SSDB_ASSSD_N_TESTS];
  guint width = 28;

  g_string_append_printf (out, "AS SSD Benchmark's tests over a span of %s", span);
  if (spec->span_offset > 0)
    g_string_append_printf (out, " from %s", from);
  g_string_append_printf (out,
                          " · %s s per test · Seq 16 MiB QD1, 4K QD1, 4K-64Thrd 64 threads "
                          "at QD1, Acc.time QD1\n",
                          secs);
  text_span_state (out, spec->do_read, r->filled, r->prepare_ns, r->unwritten_percent,
                   r->unwritten_source);
  /* the Read column as wide as its widest cell (a stopped one is longer), so Write lines up */
  for (guint t = 0; t < SSDB_ASSSD_N_TESTS; t++)
    {
      reads[t] = asssd_cell (&r->entries[ssdb_asssd_index (t, SSDB_RW_READ)]);
      width = MAX (width, (guint)g_utf8_strlen (reads[t], -1) + 1);
    }
  g_string_append_c (out, '\n');
  append_padded (out, "", 13);
  append_padded (out, "Read", width);
  g_string_append (out, " Write\n");
  for (guint t = 0; t < SSDB_ASSSD_N_TESTS; t++)
    {
      g_autofree char *write = asssd_cell (&r->entries[ssdb_asssd_index (t, SSDB_RW_WRITE)]);

      g_string_append_printf (out, "%-12s ", ssdb_asssd_test_name (t));
      append_padded (out, reads[t], width);
      g_string_append_printf (out, " %s\n", write);
      g_free (reads[t]);
    }
  for (guint d = 0; d < 2; d++)
    has[d] = ssdb_asssd_result_score (r, d == 0 ? SSDB_RW_READ : SSDB_RW_WRITE, &score[d]);
  {
    g_autofree char *read = has[0] ? num (score[0], 0) : g_strdup ("-");
    g_autofree char *write = has[1] ? num (score[1], 0) : g_strdup ("-");

    g_string_append_printf (out, "%-12s ", "Score");
    append_padded (out, read, width);
    g_string_append_printf (out, " %s\n", write);
  }
  if (ssdb_asssd_result_total (r, &total))
    {
      g_autofree char *t = num (total, 0);

      g_string_append_printf (out, "Total score %s\n", t);
    }
  else
    g_string_append (out, "No total score: AS SSD's total weighs the reads and the writes of "
                          "Seq, 4K and 4K-64Thrd, and not all six ran.\n");
  if (!spec->do_write)
    g_string_append (out, "The write column was not run (a read-only run).\n");
  g_string_append (out, "Scores: read and write 0.1 × Seq + 4K + 4K-64Thrd; total 0.1 × Seq read "
                        "+ 0.15 × Seq write + 2 × 4K read + 4K write + 1.5 × 4K-64Thrd read + "
                        "4K-64Thrd write, MB/s (AS SSD Benchmark's weights, as published by "
                        "Tom's Hardware).\n");
  text_words (out, NULL, r->cancelled);
}

/* One row of a workload's table: IOPS, MB/s, mean / p99 / max response time (ms) and requests
 * in flight; dashes for a direction without requests. */
static void
workload_text_row (GString *out, const char *name, const SsdbWorkloadStats *s)
{
  g_autofree char *iops = s->ios ? num (s->iops, 0) : g_strdup ("-");
  g_autofree char *rate = s->ios ? mbps (s->bytes_per_second) : g_strdup ("-");
  g_autofree char *mean = s->ios ? num (s->mean_ns / 1e6, 3) : g_strdup ("-");
  g_autofree char *p99 = s->ios ? num ((double)s->p99_ns / 1e6, 3) : g_strdup ("-");
  g_autofree char *max = s->ios ? num ((double)s->max_ns / 1e6, 3) : g_strdup ("-");
  g_autofree char *inflight = s->ios ? num (s->mean_inflight, 2) : g_strdup ("-");

  g_string_append_printf (out, "%-12s %11s %10s %10s %10s %10s %10s\n", name, iops, rate, mean, p99,
                          max, inflight);
}

/* @s's row, then, when @split, its reads' and its writes' rows
 * (ssdb_workload_stats_direction()). */
static void
workload_text_rows (GString *out, const char *name, const SsdbWorkloadStats *s, gboolean split)
{
  workload_text_row (out, name, s);
  if (!split)
    return;
  for (SsdbRw rw = SSDB_RW_READ; rw <= SSDB_RW_WRITE; rw++)
    {
      SsdbWorkloadStats d;

      ssdb_workload_stats_direction (s, rw, &d);
      workload_text_row (out, rw == SSDB_RW_READ ? "  Reads" : "  Writes", &d);
    }
}

char *
ssdb_csv_format_workload_tables (const SsdbWorkloadResult *r)
{
  static const char *const columns[]
      = { "IOPS", "MB/s", "Mean (ms)", "p99 (ms)", "Max (ms)", "In flight" };
  g_autoptr (GString) out = g_string_new (NULL);
  /* the reads and the writes apart only when the run did both */
  gboolean split;
  gboolean cycling;
  const SsdbWorkloadCycleStep *last;

  g_return_val_if_fail (r != NULL, NULL);

  split = r->split && r->total.read_ios > 0 && r->total.write_ios > 0;
  cycling = r->spec.n_cycle_depths > 0 && r->cycle != NULL;
  last = ssdb_workload_result_last_step (r);
  if (cycling)
    {
      g_string_append_printf (out, "%-12s %11s %10s %10s %10s %10s %10s\n", "Queue depth",
                              columns[0], columns[1], columns[2], columns[3], columns[4],
                              columns[5]);
      for (guint i = 0; i < r->cycle->len; i++)
        {
          const SsdbWorkloadCycleStep *st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, i);
          g_autofree char *name = g_strdup_printf (
              st->state == SSDB_WORKLOAD_STEP_CANCELLED ? "QD%u (stop)" : "QD%u", st->queue_depth);

          if (st->state == SSDB_WORKLOAD_STEP_PENDING)
            g_string_append_printf (out, "%-12s %11s\n", name, "not run");
          else
            workload_text_rows (out, name, &st->total,
                                r->split && st->total.read_ios > 0 && st->total.write_ios > 0);
        }
      /* The workers apart: of the last depth run, the one the result's workers hold. */
      if (last == NULL || r->spec.workers == 1)
        return g_string_free (g_steal_pointer (&out), FALSE);
      g_string_append_printf (out, "\nThe last depth run, QD%u, per worker:\n", last->queue_depth);
    }
  g_string_append_printf (out, "%-12s %11s %10s %10s %10s %10s %10s\n", "Worker", columns[0],
                          columns[1], columns[2], columns[3], columns[4], columns[5]);
  /* IOMeter's read and write columns, as rows: each worker's and all workers' reads and writes
   * with their own rates and response times. */
  for (guint i = 0; r->workers != NULL && i < r->workers->len; i++)
    {
      char name[16];

      g_snprintf (name, sizeof name, "%u", i + 1);
      workload_text_rows (out, name, &g_array_index (r->workers, SsdbWorkloadStats, i), split);
    }
  workload_text_rows (out, "All workers", &r->total, split);
  if (r->total.ios > 0)
    {
      g_autofree char *reads = num (100.0 * (double)r->total.read_ios / (double)r->total.ios, 1);
      g_autofree char *random = num (100.0 * (double)r->total.random_ios / (double)r->total.ios, 1);

      g_string_append_printf (out, "\n%" G_GUINT64_FORMAT " requests: %s %% reads, %s %% random\n",
                              r->total.ios, reads, random);
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The workload: its specification, then ssdb_csv_format_workload_tables(). */
static void
text_workload (GString *out, const SsdbWorkloadResult *r)
{
  const SsdbWorkloadSpec *spec = &r->spec;
  g_autofree char *lines = ssdb_workload_spec_describe (spec);
  g_autofree char *ramp = seconds (spec->ramp_ns);
  g_autofree char *run = seconds (spec->duration_ns);
  g_autofree char *tables = ssdb_csv_format_workload_tables (r);

  if (spec->n_cycle_depths > 0)
    {
      g_autofree char *cycle = ssdb_workload_cycle_to_string (spec);

      g_string_append_printf (
          out, "“%s”: %s · QD %s in turn × %u worker%s · each ramp %s s, run %s s\n\n", spec->name,
          lines, cycle, spec->workers, spec->workers == 1 ? "" : "s", ramp, run);
    }
  else
    g_string_append_printf (out, "“%s”: %s · QD%u × %u worker%s · ramp %s s, run %s s\n\n",
                            spec->name, lines, spec->queue_depth, spec->workers,
                            spec->workers == 1 ? "" : "s", ramp, run);
  g_string_append (out, tables);
  text_words (out, NULL, r->cancelled);
}

static void
text_drive_state (GString *out, const SsdbTemperatureLog *log, const SsdbDriveCounts *writes)
{
  g_autofree char *temperature = ssdb_temperature_log_words (log);
  g_autofree char *written = ssdb_drive_counts_words (writes);

  if (temperature != NULL || written != NULL)
    g_string_append_c (out, '\n');
  if (temperature != NULL)
    g_string_append_printf (out, "%s\n", temperature);
  if (written != NULL)
    g_string_append_printf (out, "%s\n", written);
}

gboolean
ssdb_csv_table_has_text (SsdbTestKind table)
{
  return table != SSDB_TEST_KIND_SURFACE && (guint)table < SSDB_TEST_KIND_N;
}

char *
ssdb_csv_format_text (const SsdbReport *report, SsdbTestKind table, GError **error)
{
  static const char *const headings[SSDB_TEST_KIND_N] = {
    [SSDB_TEST_KIND_FILL] = "Whole-drive fill",
    [SSDB_TEST_KIND_ACCESS] = "Access time distribution",
    [SSDB_TEST_KIND_SWEEP] = "Transfer sizes",
    [SSDB_TEST_KIND_RECOVERY] = "Idle recovery",
    [SSDB_TEST_KIND_COMPRESSION] = "Compression: rate against data compressibility",
    [SSDB_TEST_KIND_TRIM] = "TRIM / recycling",
    [SSDB_TEST_KIND_FREESPACE] = "Speed against free space",
    [SSDB_TEST_KIND_CONSISTENCY] = "Performance consistency (SNIA PTS steady state)",
    [SSDB_TEST_KIND_READBACK] = "Read-after-write",
    [SSDB_TEST_KIND_SCAN] = "Error scan",
    [SSDB_TEST_KIND_RANDOMACCESS] = "Random access (HD Tune Pro's Random Access test)",
    [SSDB_TEST_KIND_ASSSD] = "AS SSD Benchmark-style suite",
    [SSDB_TEST_KIND_COPY] = "Copy (AS SSD's Copy-Benchmark)",
    [SSDB_TEST_KIND_WORKLOAD] = "Workload (IOMeter-style)",
  };
  g_autoptr (GString) out = NULL;
  gconstpointer result;

  g_return_val_if_fail (report != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!ssdb_report_require_test (report, table, error))
    return NULL;
  if (!ssdb_csv_table_has_text (table))
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "There is no text for the %s test (text is written for summary, fill, access, "
                   "sweep, recovery, compression, trim, freespace, consistency, readback, scan, "
                   "randomaccess, asssd, copy and workload); "
                   "export its numbers as CSV",
                   ssdb_test_kind_to_string (table));
      return NULL;
    }
  if (table == SSDB_TEST_KIND_SUMMARY)
    {
      g_autofree char *text = ssdb_summary_format_text (&report->target, report->summary);

      out = g_string_new (text);
    }
  else
    {
      out = g_string_new (NULL);
      if (table == SSDB_TEST_KIND_COPY)
        text_copy_heading (out, headings[table], report);
      else
        text_heading (out, headings[table], report);
    }
  switch (table)
    {
      case SSDB_TEST_KIND_SUMMARY:
        break;
      case SSDB_TEST_KIND_FILL:
        text_fill (out, report->fill);
        break;
      case SSDB_TEST_KIND_ACCESS:
        text_access (out, report->access);
        break;
      case SSDB_TEST_KIND_SWEEP:
        text_sweep (out, report->sweep);
        break;
      case SSDB_TEST_KIND_RECOVERY:
        text_recovery (out, report->recovery);
        break;
      case SSDB_TEST_KIND_COMPRESSION:
        text_compression (out, report->compression);
        break;
      case SSDB_TEST_KIND_TRIM:
        text_trim (out, report->trim);
        break;
      case SSDB_TEST_KIND_FREESPACE:
        text_freespace (out, report->freespace);
        break;
      case SSDB_TEST_KIND_CONSISTENCY:
        text_consistency (out, report->consistency);
        break;
      case SSDB_TEST_KIND_READBACK:
        text_readback (out, report->readback);
        break;
      case SSDB_TEST_KIND_SCAN:
        text_scan (out, report->scan);
        break;
      case SSDB_TEST_KIND_RANDOMACCESS:
        text_randomaccess (out, report->randomaccess);
        break;
      case SSDB_TEST_KIND_ASSSD:
        text_asssd (out, report->asssd);
        break;
      case SSDB_TEST_KIND_COPY:
        text_copy (out, report);
        break;
      case SSDB_TEST_KIND_WORKLOAD:
        text_workload (out, report->workload);
        break;
      default:
        g_assert_not_reached ();
    }
  result = ssdb_report_get_result (report, table);
  text_drive_state (out, ssdb_test_kind_get_temperature (table, result),
                    ssdb_test_kind_get_drive_counts (table, result));
  return g_string_free (g_steal_pointer (&out), FALSE);
}
