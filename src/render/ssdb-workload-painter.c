/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-workload-painter.h"

#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

void
ssdb_workload_view_init (SsdbWorkloadView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
}

static gboolean
is_cycling (const SsdbWorkloadView *view)
{
  return view->result != NULL && view->result->cycle != NULL && view->result->cycle->len > 0;
}

/* A cycle's row @row: the total of its depth once run; while the depth runs, the live numbers
 * of its measured run (the total of the depth before is still there during the ramp). */
static const SsdbWorkloadStats *
cycle_row_stats (const SsdbWorkloadView *view, guint row)
{
  const SsdbWorkloadResult *r = view->result;
  const SsdbWorkloadCycleStep *st;

  if (row >= r->cycle->len)
    return NULL;
  st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, row);
  if (st->state != SSDB_WORKLOAD_STEP_PENDING)
    return st->total.ios > 0 ? &st->total : NULL;
  if (view->running && r->live && r->job.queue_depth == st->queue_depth && r->total.ios > 0)
    return &r->total;
  return NULL;
}

/* The row of a cycle in bold: the depth run to its end with the most IOPS. */
static guint
cycle_best_row (const SsdbWorkloadView *view)
{
  guint best = G_MAXUINT;
  double top = 0;

  for (guint i = 0; i < view->result->cycle->len; i++)
    {
      const SsdbWorkloadStats *s = cycle_row_stats (view, i);

      /* only a depth run to its end */
      if (g_array_index (view->result->cycle, SsdbWorkloadCycleStep, i).state
          != SSDB_WORKLOAD_STEP_DONE)
        continue;
      if (s != NULL && s->iops > top)
        {
          top = s->iops;
          best = i;
        }
    }
  return best;
}

static guint
n_workers (const SsdbWorkloadView *view)
{
  if (view->result == NULL || view->result->workers == NULL)
    return 0;
  return view->result->workers->len;
}

/* The rows of all workers together: their index (after the workers' rows), and whether the
 * reads and the writes follow it as rows of their own (a result that keeps them apart, of a
 * workload that both reads and writes). */
static guint
total_row (const SsdbWorkloadView *view)
{
  guint n = n_workers (view);

  return n > 1 ? n : 0;
}

static gboolean
split_rows (const SsdbWorkloadView *view)
{
  const SsdbWorkloadResult *r = view->result;

  return r != NULL && r->split && r->total.read_ios > 0 && r->total.write_ios > 0;
}

guint
ssdb_workload_painter_n_rows (const SsdbWorkloadView *view)
{
  g_return_val_if_fail (view != NULL, 0);
  if (is_cycling (view))
    return view->result->cycle->len;
  return total_row (view) + 1 + (split_rows (view) ? 2 : 0);
}

const SsdbWorkloadStats *
ssdb_workload_painter_row_stats (const SsdbWorkloadView *view, guint row,
                                 SsdbWorkloadStats *storage)
{
  guint total;

  g_return_val_if_fail (view != NULL, NULL);
  g_return_val_if_fail (storage != NULL, NULL);
  if (is_cycling (view))
    return cycle_row_stats (view, row);
  total = total_row (view);
  if (row >= ssdb_workload_painter_n_rows (view) || view->result == NULL || n_workers (view) == 0)
    return NULL;
  if (row < total)
    return &g_array_index (view->result->workers, SsdbWorkloadStats, row);
  if (view->result->total.ios == 0)
    return NULL;
  if (row == total)
    return &view->result->total;
  ssdb_workload_stats_direction (&view->result->total,
                                 row == total + 1 ? SSDB_RW_READ : SSDB_RW_WRITE, storage);
  return storage;
}

static double
stat_value (const SsdbWorkloadStats *s, SsdbWorkloadMetric metric)
{
  double v;

  if (s == NULL)
    return -1;
  v = metric == SSDB_WORKLOAD_METRIC_IOPS ? s->iops : s->bytes_per_second;
  return isfinite (v) && v >= 0 ? v : -1;
}

static char *
format_value (double v, SsdbWorkloadMetric metric, gboolean loc)
{
  if (v < 0)
    return g_strdup ("\u2014");
  if (metric == SSDB_WORKLOAD_METRIC_IOPS)
    return ssdb_chart_format_double (v, 0, loc);
  v /= 1e6;
  return ssdb_chart_format_double (v, v < 10 ? 2 : 1, loc);
}

static char *
row_label (const SsdbWorkloadView *view, guint row)
{
  guint total = total_row (view);

  if (is_cycling (view))
    {
      const SsdbWorkloadCycleStep *st = &g_array_index (view->result->cycle, SsdbWorkloadCycleStep,
                                                        MIN (row, view->result->cycle->len - 1));

      if (st->state == SSDB_WORKLOAD_STEP_CANCELLED)
        /* Translators: the row of a depth of a cycle stopped early */
        return g_strdup_printf (_ ("QD%u, stopped"), st->queue_depth);
      /* Translators: the row of one depth of a cycle, all workers together */
      return g_strdup_printf (_ ("QD%u"), st->queue_depth);
    }
  if (row == total)
    return g_strdup (_ ("All workers"));
  if (row == total + 1)
    /* Translators: the reads of all workers, a row under "All workers" */
    return g_strdup (_ ("Reads"));
  if (row == total + 2)
    return g_strdup (_ ("Writes"));
  /* Translators: a worker thread of the workload, "Worker 2" */
  return g_strdup_printf (_ ("Worker %u"), row + 1);
}

static char *
format_latency_tick (double ns)
{
  if (ns >= 1e9)
    return g_strdup_printf ("%g s", ns / 1e9);
  if (ns >= 1e6)
    return g_strdup_printf ("%g ms", ns / 1e6);
  return g_strdup_printf ("%g \u00b5s", ns / 1e3);
}

/* A cycle in words: each depth run with its IOPS and mean response time, and the depth of the
 * most IOPS. */
static char *
cycle_words (const SsdbWorkloadResult *r, gboolean loc)
{
  g_autoptr (GString) s = g_string_new (NULL);
  const SsdbWorkloadCycleStep *best = NULL;
  guint shown = 0;

  for (guint i = 0; i < r->cycle->len; i++)
    {
      const SsdbWorkloadCycleStep *st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, i);
      g_autofree char *iops = NULL, *mean = NULL;

      if (st->state == SSDB_WORKLOAD_STEP_PENDING || st->total.ios == 0)
        continue;
      iops = ssdb_chart_format_double (st->total.iops, 0, loc);
      mean = ssdb_chart_format_ms (st->total.mean_ns, loc);
      if (shown++ > 0)
        g_string_append (s, ", ");
      /* Translators: one depth of a cycle in the words under the chart: "QD4 48395 IOPS
       * (0.083 ms)" */
      g_string_append_printf (s, _ ("QD%u %s IOPS (%s)"), st->queue_depth, iops, mean);
      /* (a depth stopped early is no candidate for the best) */
      if (st->state == SSDB_WORKLOAD_STEP_DONE
          && (best == NULL || st->total.iops > best->total.iops))
        best = st;
    }
  if (shown == 0)
    return NULL;
  if (best == NULL)
    /* Translators: a cycle of queue depths stopped during its first depth */
    return g_strdup_printf (_ ("%s by queue depth: %s (stopped early)"),
                            r->spec.name[0] ? r->spec.name : _ ("All workers"), s->str);
  /* Translators: a cycle of queue depths under its chart: the workload, then each depth's
   * IOPS and mean response time, then the depth of the most IOPS */
  return g_strdup_printf (_ ("%s by queue depth: %s; the most IOPS at QD%u%s"),
                          r->spec.name[0] ? r->spec.name : _ ("All workers"), s->str,
                          best->queue_depth, r->cancelled ? _ (" (stopped early)") : "");
}

char *
ssdb_workload_painter_dup_words (const SsdbWorkloadView *view, gboolean locale_numbers)
{
  const SsdbWorkloadResult *r;
  const SsdbWorkloadStats *t;
  g_autofree char *iops = NULL, *rate = NULL, *mean = NULL, *p99 = NULL, *max = NULL;
  g_autofree char *split = NULL;
  guint reads;

  g_return_val_if_fail (view != NULL, NULL);
  r = view->result;
  /* no totals in words before the run has them all */
  if (r == NULL || r->total.ios == 0 || view->running)
    return NULL;
  if (is_cycling (view))
    return cycle_words (r, locale_numbers);
  t = &r->total;
  iops = ssdb_chart_format_double (t->iops, 0, locale_numbers);
  rate = ssdb_chart_format_rate (t->bytes_per_second, locale_numbers);
  mean = ssdb_chart_format_ms (t->mean_ns, locale_numbers);
  p99 = ssdb_chart_format_ms ((double)t->p99_ns, locale_numbers);
  max = ssdb_chart_format_ms ((double)t->max_ns, locale_numbers);
  reads = (guint)((t->read_ios * 100 + t->ios / 2) / t->ios);
  /* The reads' and the writes' own mean response times, when the run kept them apart. */
  if (r->split && t->read_ios > 0 && t->write_ios > 0)
    {
      g_autofree char *read_mean = ssdb_chart_format_ms (t->read.mean_ns, locale_numbers);
      g_autofree char *write_mean = ssdb_chart_format_ms (t->write.mean_ns, locale_numbers);

      split = g_strdup_printf (_ (" (reads %s, writes %s)"), read_mean, write_mean);
    }
  /* Translators: the workload's totals under its chart */
  return g_strdup_printf (_ ("%s: %s IOPS, %s; latency mean %s%s, p99 %s, max %s; %u %% reads%s"),
                          r->spec.name[0] ? r->spec.name : _ ("All workers"), iops, rate, mean,
                          split ? split : "", p99, max, reads,
                          r->cancelled ? _ (" (stopped early)") : "");
}

/* Layout ---------------------------------------------------------------------------------- */

typedef struct
{
  double u;
  double margin, gap;
  double title_px, subtitle_px, label_px, caption_px, words_px, cell_px;
  cairo_rectangle_t title, subtitle, legend, footer, words;
  double header_y;
  cairo_rectangle_t plot;   /* all rows, from the labels' right edge to the right margin */
  cairo_rectangle_t col[3]; /* IOPS, MB/s, latency */
  double value_w[2];        /* room for the values after the bars */
  double bar_max[2];        /* the largest value of each bar column */
  double lat_lo, lat_hi;    /* log10 of the latency axis' ends, ns */
  double lat_text_w;        /* room for the latency values at the right */
  guint n;
  double row_h;
  char *words_text;
  /* The response-time distribution of all workers, under the rows where there is room. */
  gboolean has_dist;
  double dist_title_y;
  cairo_rectangle_t dist;  /* its plot */
  SsdbAxis share;          /* % of the requests */
  double dist_lo, dist_hi; /* log10 of its time axis' ends, ns: whole decades */
  double *dist_share;      /* % of the requests per bin, DIST_BINS_PER_DECADE a decade */
  guint n_dist;
  /* In its place for a cycle of queue depths: IOPS and mean response time by depth. */
  gboolean cycling;
  SsdbAxis cyc_iops; /* IOPS */
  SsdbAxis cyc_lat;  /* mean response time, ms */
} Layout;

/* Bins of the distribution per decade of time (see
 * ssdb_workload_painter_get_distribution_rect()). */
#define DIST_BINS_PER_DECADE 12
/* The least room the distribution takes with its heading and labels, in units of the chart's
 * scale. */
#define DIST_MIN_HEIGHT 200

static void
layout_clear (Layout *l)
{
  g_clear_pointer (&l->words_text, g_free);
  g_clear_pointer (&l->dist_share, g_free);
}

/* The distribution's bins: whole decades around the fastest and slowest request, each decade
 * cut in DIST_BINS_PER_DECADE bins of equal width in log time; a bucket of the latency
 * histogram counts in the bin its lower end falls in. Sets the share axis. */
static void
layout_distribution (Layout *l, const SsdbHistogram *h, guint intervals)
{
  double top = 0;

  l->dist_lo = floor (log10 ((double)MAX (h->min_ns, 1)));
  l->dist_hi = ceil (log10 ((double)MAX (h->max_ns, 1)) + 1e-9);
  if (l->dist_hi - l->dist_lo < 2)
    l->dist_hi = l->dist_lo + 2;
  l->n_dist = (guint)(l->dist_hi - l->dist_lo) * DIST_BINS_PER_DECADE;
  l->dist_share = g_new0 (double, l->n_dist);
  for (guint i = 0; i < l->n_dist; i++)
    {
      double a = l->dist_lo + (double)i / DIST_BINS_PER_DECADE;
      /* the first and last bins take what the histogram's buckets round past the decades */
      guint64 lower = i == 0 ? 0 : (guint64)ceil (pow (10, a));
      guint64 upper = i + 1 == l->n_dist ? G_MAXUINT64
                                         : (guint64)ceil (pow (10, a + 1.0 / DIST_BINS_PER_DECADE));

      l->dist_share[i]
          = 100.0 * (double)ssdb_histogram_count_between (h, lower, upper) / (double)h->count;
      top = MAX (top, l->dist_share[i]);
    }
  ssdb_axis_nice (&l->share, 0, MAX (top, 1), intervals, TRUE);
}

/* The cycle's axes: IOPS from 0 at the left, mean response time (ms) from 0 at the right. */
static void
layout_cycle (Layout *l, const SsdbWorkloadResult *r, guint intervals)
{
  double top_iops = 0, top_ms = 0;

  for (guint i = 0; i < r->cycle->len; i++)
    {
      const SsdbWorkloadCycleStep *st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, i);

      top_iops = MAX (top_iops, st->total.iops);
      top_ms = MAX (top_ms, st->total.mean_ns / 1e6);
    }
  ssdb_axis_nice (&l->cyc_iops, 0, top_iops > 0 ? top_iops : 100, intervals, TRUE);
  ssdb_axis_nice (&l->cyc_lat, 0, top_ms > 0 ? top_ms : 1, intervals, TRUE);
}

/* x of @ns on the distribution's time axis. */
static double
layout_dist_x (const Layout *l, double ns)
{
  return l->dist.x + (log10 (MAX (ns, 1)) - l->dist_lo) / (l->dist_hi - l->dist_lo) * l->dist.width;
}

static char *
latency_text (const SsdbWorkloadStats *s, gboolean loc)
{
  g_autofree char *mean = ssdb_chart_format_ms (s->mean_ns, loc);
  g_autofree char *p99 = ssdb_chart_format_ms ((double)s->p99_ns, loc);
  g_autofree char *max = ssdb_chart_format_ms ((double)s->max_ns, loc);

  return g_strdup_printf ("%s / %s / %s", mean, p99, max);
}

static void
layout_compute (Layout *l, const SsdbWorkloadView *view, const SsdbStyle *style,
                PangoContext *pango, int width, int height)
{
  double w = MAX (width, 1), h = MAX (height, 1);
  double y, bottom, label_w = 0, x0, avail;
  double lat_min = G_MAXDOUBLE, lat_max = 0;
  gboolean loc = style->locale_numbers;

  memset (l, 0, sizeof *l);
  l->u = ssdb_chart_scale (w, h, &l->margin, &l->gap, &l->title_px, &l->subtitle_px);
  l->label_px = ssdb_chart_clamp (11.5 * l->u, 9.5, 28);
  l->caption_px = ssdb_chart_clamp (10.5 * l->u, 9, 24);
  l->words_px = ssdb_chart_clamp (13 * l->u, 10, 30);
  l->n = ssdb_workload_painter_n_rows (view);

  y = ssdb_chart_layout_heading (w, l->margin, l->gap, view->target_title, l->title_px, &l->title,
                                 view->target_subtitle, l->subtitle_px, &l->subtitle);
  l->legend = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, round (l->label_px * 1.7) };
  y += l->legend.height + round (2 * l->u);
  l->header_y = y + round (l->label_px * 0.8);
  y += round (l->label_px * 1.6) + round (4 * l->u);

  bottom = h - l->margin;
  bottom = ssdb_chart_layout_caption (w, bottom, l->margin, l->gap * 0.5, view->caption,
                                      l->caption_px, &l->footer);
  l->words_text = ssdb_workload_painter_dup_words (view, loc);
  bottom = ssdb_chart_layout_words (pango, style, w, bottom, l->margin, l->gap, l->words_text,
                                    l->words_px, 3, &l->words);

  /* Rows no taller than a comfortable bar; a few workers do not stretch over the page. Under
   * them the labels of their latency axis, then the response-time distribution when the rows
   * leave it room (they keep at least 40 units each). */
  {
    double rows = MAX (bottom - y - round (l->label_px * 2.6 + l->gap), 10);
    double dist = DIST_MIN_HEIGHT * l->u;

    l->cycling = is_cycling (view);
    /* The chart of a cycle is always drawn: it takes at least half the room, the rows of
     * the depths what they need of the rest (40 units each). */
    l->has_dist
        = view->result != NULL
          && (l->cycling || (view->result->latency.count > 0 && rows - dist >= l->n * 40 * l->u));
    if (l->cycling)
      dist = MAX (rows * 0.5, rows - l->n * 40 * l->u);
    if (l->has_dist)
      rows -= dist;
    l->row_h = MIN (rows / MAX (l->n, 1), round (84 * l->u));
  }
  l->cell_px = ssdb_chart_clamp (MIN (l->label_px, l->row_h * 0.5), 7, l->label_px);

  for (guint i = 0; i < l->n; i++)
    {
      g_autofree char *text = row_label (view, i);
      double tw;

      ssdb_chart_measure (pango, style, text, l->cell_px, PANGO_WEIGHT_BOLD, &tw, NULL);
      label_w = MAX (label_w, tw);
    }

  x0 = round (l->margin + ceil (label_w) + 12 * l->u);
  l->plot = (cairo_rectangle_t){ x0, round (y), MAX (w - l->margin - x0, 30),
                                 MAX (l->row_h * l->n, 10) };
  avail = l->plot.width;
  /* Under the rows (and their latency axis' labels), the distribution of the response times
   * takes the room that is left; without room for it, the words follow the rows instead of
   * sitting at the bottom of the page. */
  {
    double top = round (l->plot.y + l->plot.height + l->label_px * 2.6 + l->gap);

    if (l->has_dist)
      {
        double left = round (l->margin + 48 * l->u);

        l->dist_title_y = top + round (l->label_px * 0.8);
        /* a cycle's chart has its response-time axis at the right */
        double right = l->cycling ? round (64 * l->u) : 0;

        l->dist = (cairo_rectangle_t){ left, top + round (l->label_px * 2.2),
                                       w - l->margin - left - right, 0 };
        /* the time labels and their title under the plot */
        l->dist.height = MAX (bottom - l->label_px * 3.6 - l->dist.y, 10);
      }
    else if (l->words_text != NULL)
      l->words.y
          = MIN (l->words.y, round (l->plot.y + l->plot.height + l->label_px * 2.2 + l->gap));
  }

  for (guint m = 0; m < 2; m++)
    {
      double tw;

      l->bar_max[m] = 0;
      for (guint i = 0; i < l->n; i++)
        {
          SsdbWorkloadStats storage;

          l->bar_max[m]
              = MAX (l->bar_max[m], stat_value (ssdb_workload_painter_row_stats (view, i, &storage),
                                                (SsdbWorkloadMetric)m));
        }
      {
        g_autofree char *text = format_value (MAX (l->bar_max[m], 0), (SsdbWorkloadMetric)m, loc);
        g_autofree char *wide = g_strdup_printf ("%s0", text);

        ssdb_chart_measure (pango, style, wide, l->cell_px, PANGO_WEIGHT_BOLD, &tw, NULL);
      }
      l->value_w[m] = ceil (tw + 6 * l->u);
    }

  for (guint i = 0; i < l->n; i++)
    {
      SsdbWorkloadStats storage;
      const SsdbWorkloadStats *s = ssdb_workload_painter_row_stats (view, i, &storage);
      g_autofree char *text = NULL;
      double tw;

      if (s == NULL || s->ios == 0 || s->max_ns == 0)
        continue;
      lat_min = MIN (lat_min, MAX (s->mean_ns, 1));
      lat_max = MAX (lat_max, (double)MAX (s->max_ns, 1));
      text = latency_text (s, loc);
      ssdb_chart_measure (pango, style, text, l->cell_px * 0.92, PANGO_WEIGHT_NORMAL, &tw, NULL);
      l->lat_text_w = MAX (l->lat_text_w, ceil (tw));
    }
  if (lat_max <= 0)
    {
      lat_min = 1e4;
      lat_max = 1e7;
    }
  /* Whole decades, with some room so no mark sits on the frame. */
  l->lat_lo = floor (log10 (lat_min) - 0.15);
  l->lat_hi = ceil (log10 (lat_max) + 0.05);
  if (l->lat_hi - l->lat_lo < 2)
    l->lat_hi = l->lat_lo + 2;

  if (l->has_dist && l->cycling)
    layout_cycle (l, view->result,
                  (guint)ssdb_chart_clamp (floor (l->dist.height / (40 * l->u)), 2, 5));
  else if (l->has_dist)
    layout_distribution (l, &view->result->latency,
                         (guint)ssdb_chart_clamp (floor (l->dist.height / (40 * l->u)), 2, 5));

  /* Columns: IOPS 28 %, MB/s 28 %, latency the rest, a gap between them. */
  {
    double gap = round (22 * l->u);
    double cw = floor ((avail - 2 * gap) * 0.28);
    double x = l->plot.x;

    for (guint c = 0; c < 3; c++)
      {
        double cwidth = c < 2 ? cw : l->plot.x + avail - x;

        l->col[c] = (cairo_rectangle_t){ x, l->plot.y, MAX (cwidth, 10), l->plot.height };
        x += cwidth + gap;
      }
  }
}

static double
layout_lat_x (const Layout *l, double ns)
{
  const cairo_rectangle_t *c = &l->col[2];
  double text_room = MIN (l->lat_text_w + 20 * l->u, c->width * 0.55);
  double span = MAX (c->width - text_room, 10);

  return c->x + (log10 (MAX (ns, 1)) - l->lat_lo) / (l->lat_hi - l->lat_lo) * span;
}

static gboolean
layout_bar (const Layout *l, const SsdbWorkloadView *view, guint row, SsdbWorkloadMetric metric,
            cairo_rectangle_t *rect)
{
  const cairo_rectangle_t *c;
  double v, room, bh;

  if (row >= l->n || (guint)metric > 1)
    return FALSE;
  c = &l->col[metric];
  {
    SsdbWorkloadStats storage;

    v = stat_value (ssdb_workload_painter_row_stats (view, row, &storage), metric);
  }
  room = MAX (c->width - l->value_w[metric], 4);
  bh = round (l->row_h * 0.56);
  *rect = (cairo_rectangle_t){ c->x, c->y + row * l->row_h + (l->row_h - bh) / 2,
                               v > 0 && l->bar_max[metric] > 0 ? room * v / l->bar_max[metric] : 0,
                               bh };
  return TRUE;
}

SSDB_CHART_DEFINE_LAYOUT_QUERY (SsdbWorkloadView)

gboolean
ssdb_workload_painter_get_bar_rect (const SsdbWorkloadView *view, int width, int height, guint row,
                                    SsdbWorkloadMetric metric, cairo_rectangle_t *rect)
{
  Layout l;
  gboolean ok;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);
  layout_for_query (&l, view, width, height);
  ok = layout_bar (&l, view, row, metric, rect);
  layout_clear (&l);
  return ok;
}

gboolean
ssdb_workload_painter_get_distribution_rect (const SsdbWorkloadView *view, int width, int height,
                                             cairo_rectangle_t *rect)
{
  Layout l;
  gboolean ok;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);
  layout_for_query (&l, view, width, height);
  ok = l.has_dist;
  if (ok)
    *rect = l.dist;
  layout_clear (&l);
  return ok;
}

gboolean
ssdb_workload_painter_distribution_point (const SsdbWorkloadView *view, int width, int height,
                                          double latency_ns, double share_percent, double *x,
                                          double *y)
{
  Layout l;
  gboolean ok;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (x != NULL && y != NULL, FALSE);
  layout_for_query (&l, view, width, height);
  ok = l.has_dist && !l.cycling;
  if (ok)
    {
      *x = layout_dist_x (&l, latency_ns);
      *y = l.dist.y + l.dist.height - share_percent / l.share.hi * l.dist.height;
    }
  layout_clear (&l);
  return ok;
}

gboolean
ssdb_workload_painter_cycle_point (const SsdbWorkloadView *view, int width, int height, guint step,
                                   double *x, double *y_iops, double *y_mean)
{
  Layout l;
  gboolean ok;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (x != NULL && y_iops != NULL && y_mean != NULL, FALSE);
  layout_for_query (&l, view, width, height);
  ok = l.has_dist && l.cycling && step < view->result->cycle->len;
  if (ok)
    {
      const SsdbWorkloadCycleStep *st
          = &g_array_index (view->result->cycle, SsdbWorkloadCycleStep, step);
      double bottom = l.dist.y + l.dist.height;

      *x = l.dist.x + (step + 0.5) * l.dist.width / view->result->cycle->len;
      *y_iops = bottom - st->total.iops / l.cyc_iops.hi * l.dist.height;
      *y_mean = bottom - st->total.mean_ns / 1e6 / l.cyc_lat.hi * l.dist.height;
    }
  layout_clear (&l);
  return ok;
}

double
ssdb_workload_painter_x_for_latency (const SsdbWorkloadView *view, int width, int height,
                                     double latency_ns)
{
  Layout l;
  double x;

  g_return_val_if_fail (view != NULL, 0);
  layout_for_query (&l, view, width, height);
  x = layout_lat_x (&l, latency_ns);
  layout_clear (&l);
  return x;
}

/* Drawing --------------------------------------------------------------------------------- */

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  const SsdbWorkloadView *view;
  Layout l;
} Painter;

static void
mark (cairo_t *cr, guint kind, double x, double y, double r)
{
  switch (kind)
    {
      case 0: /* mean: round */
        cairo_arc (cr, x, y, r, 0, 2 * G_PI);
        cairo_fill (cr);
        break;
      case 1: /* p99: square */
        cairo_rectangle (cr, x - r, y - r, 2 * r, 2 * r);
        cairo_fill (cr);
        break;
      default: /* max: cross */
        cairo_move_to (cr, x - r, y - r);
        cairo_line_to (cr, x + r, y + r);
        cairo_move_to (cr, x - r, y + r);
        cairo_line_to (cr, x + r, y - r);
        cairo_stroke (cr);
        break;
    }
}

static void
mark_swatch (cairo_t *cr, guint index, double x, double cy, double width, gpointer user_data)
{
  const SsdbStyle *style = user_data;

  ssdb_render_set_source (cr, &style->foreground, 1.0);
  mark (cr, index, x + width / 2, cy, width / 2);
}

static void
draw_legend (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  cairo_t *cr = p->cr;
  double cy = l->legend.y + l->legend.height / 2, r = round (4 * l->u), sp = round (6 * l->u);
  double x = l->col[2].x + r;
  SsdbChartLegendItem items[3] = {
    { _ ("mean"), SSDB_CHART_SWATCH_CUSTOM, NULL, 1.0, 2 * r, 0, 0 },
    { _ ("99th percentile"), SSDB_CHART_SWATCH_CUSTOM, NULL, 1.0, 2 * r, 0, 0 },
    { _ ("slowest"), SSDB_CHART_SWATCH_CUSTOM, NULL, 1.0, 2 * r, 0, 0 },
  };
  SsdbChartLegend legend = {
    .align = SSDB_CHART_ALIGN_START,
    .x = l->col[2].x,
    .cy = cy,
    .label_px = l->label_px,
    .spacing = sp,
    .gap = round (18 * l->u),
    .draw_swatch = mark_swatch,
    .user_data = (gpointer)style,
  };

  ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("Latency:"), x - r - sp, cy, l->label_px,
                        PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0, &style->dim, 1.0);
  cairo_set_line_width (cr, MAX (1.5, 1.6 * l->u));
  ssdb_chart_draw_legend (cr, p->pango, style, &legend, items, G_N_ELEMENTS (items));
}

static void
draw_headers (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const char *names[3] = { _ ("IOPS"), _ ("MB/s"), _ ("Latency (mean / p99 / max)") };

  for (guint c = 0; c < 3; c++)
    ssdb_chart_draw_text (p->cr, p->pango, p->style, names[c], l->col[c].x, l->header_y,
                          l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, l->col[c].width,
                          c == 2 ? &style->foreground : &style->accent3, 1.0);
}

static void
draw_latency_axis (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  cairo_t *cr = p->cr;
  const cairo_rectangle_t *c = &l->col[2];
  double bottom = c->y + c->height;

  cairo_set_line_width (cr, 1);
  for (double d = l->lat_lo; d <= l->lat_hi + 1e-9; d += 1)
    {
      double x = floor (layout_lat_x (l, pow (10, d))) + 0.5;
      g_autofree char *text = format_latency_tick (pow (10, d));

      cairo_move_to (cr, x, c->y);
      cairo_line_to (cr, x, bottom + 3 * l->u);
      ssdb_render_set_source (cr, &style->foreground,
                              style->theme == SSDB_THEME_HIGH_CONTRAST ? 0.4 : 0.14);
      cairo_stroke (cr);
      ssdb_chart_draw_text (p->cr, p->pango, p->style, text, x, bottom + l->label_px * 0.9,
                            l->cell_px * 0.92, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, 0,
                            &style->dim, 1.0);
    }
}

/* The response-time distribution: the share of the requests per bin of time as bars, the
 * mean and the 99th percentile as marks over them. */
static void
draw_distribution (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbHistogram *h = &p->view->result->latency;
  cairo_t *cr = p->cr;
  const cairo_rectangle_t *d = &l->dist;
  double bottom = d->y + d->height;
  SsdbRgba bg = ssdb_chart_plot_background (style);
  double grid = style->theme == SSDB_THEME_HIGH_CONTRAST ? 0.4 : 0.14;
  struct
  {
    double ns;
    const char *label;
  } marks[2] = { { ssdb_histogram_mean_ns (h), _ ("mean") },
                 { (double)ssdb_histogram_percentile_ns (h, 99), _ ("p99") } };

  /* Translators: the heading of the workload chart's lower panel */
  ssdb_chart_draw_text (cr, p->pango, style, _ ("Response time distribution, all workers"),
                        l->margin, l->dist_title_y, l->label_px, PANGO_WEIGHT_BOLD,
                        SSDB_CHART_ALIGN_START, 0, &style->foreground, 1.0);
  cairo_rectangle (cr, d->x, d->y, d->width, d->height);
  ssdb_render_set_source (cr, &bg, 1.0);
  cairo_fill (cr);

  /* The share axis: its grid and labels. */
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < l->share.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->share, i);
      double y = floor (bottom - v / l->share.hi * d->height) + 0.5;
      g_autofree char *number = ssdb_axis_format (&l->share, v, style->locale_numbers);
      g_autofree char *text = g_strdup_printf ("%s %%", number);

      cairo_move_to (cr, d->x, y);
      cairo_line_to (cr, d->x + d->width, y);
      ssdb_render_set_source (cr, &style->foreground, grid);
      cairo_stroke (cr);
      ssdb_chart_draw_text (cr, p->pango, style, text, d->x - 6 * l->u, y, l->cell_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0, &style->dim, 1.0);
    }

  /* The time axis: a tick and a label per decade, its title under them. */
  for (double dec = l->dist_lo; dec <= l->dist_hi + 1e-9; dec += 1)
    {
      double x = floor (layout_dist_x (l, pow (10, dec))) + 0.5;
      g_autofree char *text = format_latency_tick (pow (10, dec));

      cairo_move_to (cr, x, d->y);
      cairo_line_to (cr, x, bottom + 3 * l->u);
      ssdb_render_set_source (cr, &style->foreground, grid);
      cairo_stroke (cr);
      /* the end labels inside the plot's width */
      ssdb_chart_draw_text (cr, p->pango, style, text, x, bottom + l->label_px * 0.9, l->cell_px,
                            PANGO_WEIGHT_NORMAL,
                            dec == l->dist_lo          ? SSDB_CHART_ALIGN_START
                            : dec >= l->dist_hi - 1e-9 ? SSDB_CHART_ALIGN_END
                                                       : SSDB_CHART_ALIGN_CENTER,
                            0, &style->dim, 1.0);
    }
  ssdb_chart_draw_text (cr, p->pango, style, _ ("Response time (log scale)"), d->x + d->width / 2,
                        bottom + l->label_px * 2.3, l->cell_px, PANGO_WEIGHT_NORMAL,
                        SSDB_CHART_ALIGN_CENTER, 0, &style->dim, 1.0);

  /* The bars, a hairline apart. */
  for (guint i = 0; i < l->n_dist; i++)
    {
      double a = l->dist_lo + (double)i / DIST_BINS_PER_DECADE;
      double x0 = layout_dist_x (l, pow (10, a));
      double x1 = layout_dist_x (l, pow (10, a + 1.0 / DIST_BINS_PER_DECADE));
      double bh = l->dist_share[i] / l->share.hi * d->height;

      if (l->dist_share[i] <= 0)
        continue;
      cairo_rectangle (cr, x0 + 0.5, bottom - MAX (bh, 1), MAX (x1 - x0 - 1, 1), MAX (bh, 1));
    }
  ssdb_render_set_source (cr, &style->accent, 0.85);
  cairo_fill (cr);

  /* The mean and the 99th percentile, each a dashed line named at its top. */
  for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
    {
      double x = round (layout_dist_x (l, marks[m].ns)) + 0.5;
      g_autofree char *value = ssdb_chart_format_ms (marks[m].ns, style->locale_numbers);
      g_autofree char *text = g_strdup_printf ("%s %s", marks[m].label, value);
      double dash = 4 * l->u;

      if (!(marks[m].ns > 0) || x < d->x || x > d->x + d->width)
        continue;
      cairo_set_dash (cr, &dash, 1, 0);
      cairo_move_to (cr, x, d->y + l->label_px * (m == 0 ? 1.2 : 2.4));
      cairo_line_to (cr, x, bottom);
      ssdb_render_set_source (cr, &style->foreground, 0.7);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
      ssdb_chart_draw_text (cr, p->pango, style, text, x, d->y + l->label_px * (m == 0 ? 0.6 : 1.8),
                            l->cell_px, PANGO_WEIGHT_NORMAL,
                            x > d->x + d->width * 0.8 ? SSDB_CHART_ALIGN_END
                                                      : SSDB_CHART_ALIGN_START,
                            0, &style->foreground, 1.0);
    }
  cairo_rectangle (cr, d->x + 0.5, d->y + 0.5, d->width - 1, d->height - 1);
  ssdb_render_set_source (cr, &style->foreground,
                          style->theme == SSDB_THEME_HIGH_CONTRAST ? 1.0 : 0.35);
  cairo_stroke (cr);
}

/* A cycle of queue depths, the Ipeak / IOMeter way: a bar of IOPS per depth on the left axis,
 * the mean response time as a line of dots on the right axis; a depth stopped early is drawn
 * lighter, one not run is only named. */
static void
draw_cycle (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbWorkloadResult *r = p->view->result;
  cairo_t *cr = p->cr;
  const cairo_rectangle_t *d = &l->dist;
  double bottom = d->y + d->height;
  SsdbRgba bg = ssdb_chart_plot_background (style);
  double grid = style->theme == SSDB_THEME_HIGH_CONTRAST ? 0.4 : 0.14;
  guint n = r->cycle->len;
  double slot = d->width / MAX (n, 1);
  double dot = round (ssdb_chart_clamp (4 * l->u, 3, 8));
  gboolean loc = style->locale_numbers;
  gboolean started = FALSE;
  double bw = MIN (slot * 0.44, 80 * l->u);
  double prev_y = bottom;
  /* Translators: the heading of the workload chart's lower panel when it cycles its depth */
  const char *heading = _ ("IOPS and mean response time by queue depth, all workers");

  ssdb_chart_draw_text (cr, p->pango, style, heading, l->margin, l->dist_title_y, l->label_px,
                        PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, 0, &style->foreground, 1.0);
  cairo_rectangle (cr, d->x, d->y, d->width, d->height);
  ssdb_render_set_source (cr, &bg, 1.0);
  cairo_fill (cr);

  /* The axes: the IOPS' grid and labels at the left, the response times' labels at the right,
   * each axis named above its labels in the colour of what it measures. */
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < l->cyc_iops.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->cyc_iops, i);
      double y = floor (bottom - v / l->cyc_iops.hi * d->height) + 0.5;
      g_autofree char *text = ssdb_axis_format (&l->cyc_iops, v, loc);

      cairo_move_to (cr, d->x, y);
      cairo_line_to (cr, d->x + d->width, y);
      ssdb_render_set_source (cr, &style->foreground, grid);
      cairo_stroke (cr);
      ssdb_chart_draw_text (cr, p->pango, style, text, d->x - 6 * l->u, y, l->cell_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0, &style->accent3, 1.0);
    }
  for (guint i = 0; i < l->cyc_lat.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->cyc_lat, i);
      double y = floor (bottom - v / l->cyc_lat.hi * d->height) + 0.5;
      g_autofree char *number = ssdb_axis_format (&l->cyc_lat, v, loc);
      g_autofree char *text = g_strdup_printf ("%s ms", number);

      cairo_move_to (cr, d->x + d->width, y);
      cairo_line_to (cr, d->x + d->width + 4 * l->u, y);
      ssdb_render_set_source (cr, &style->foreground, 0.5);
      cairo_stroke (cr);
      ssdb_chart_draw_text (cr, p->pango, style, text, d->x + d->width + 6 * l->u, y, l->cell_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0, &style->foreground,
                            1.0);
    }
  /* What each axis measures, at the right of the heading in the colour of its marks. */
  {
    /* Translators: the cycle chart's key: its dots are the mean response times (right axis) */
    const char *lat_key = _ ("mean response time (right)");
    /* Translators: the cycle chart's key: its bars are IOPS (left axis) */
    const char *iops_key = _ ("IOPS (left)");
    double kx = d->x + d->width + round (64 * l->u), tw = 0, sq = round (l->cell_px * 0.8);
    double cy = l->dist_title_y;

    ssdb_chart_draw_text (cr, p->pango, style, lat_key, kx, cy, l->cell_px, PANGO_WEIGHT_NORMAL,
                          SSDB_CHART_ALIGN_END, 0, &style->foreground, 1.0);
    ssdb_chart_measure (p->pango, style, lat_key, l->cell_px, PANGO_WEIGHT_NORMAL, &tw, NULL);
    kx -= tw + dot + 6 * l->u;
    ssdb_render_set_source (cr, &style->foreground, 1.0);
    mark (cr, 0, kx, cy, dot);
    kx -= dot + 18 * l->u;
    ssdb_chart_draw_text (cr, p->pango, style, iops_key, kx, cy, l->cell_px, PANGO_WEIGHT_NORMAL,
                          SSDB_CHART_ALIGN_END, 0, &style->foreground, 1.0);
    ssdb_chart_measure (p->pango, style, iops_key, l->cell_px, PANGO_WEIGHT_NORMAL, &tw, NULL);
    kx -= tw + sq + 6 * l->u;
    cairo_rectangle (cr, kx, cy - sq / 2, sq, sq);
    ssdb_render_set_source (cr, &style->accent3, 0.85);
    cairo_fill (cr);
  }

  /* A bar per depth; under it its name and its IOPS (clear of the line of response times). */
  for (guint i = 0; i < n; i++)
    {
      const SsdbWorkloadCycleStep *st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, i);
      double cx = d->x + (i + 0.5) * slot;
      double bh = st->total.iops / l->cyc_iops.hi * d->height;
      gboolean ran = st->state != SSDB_WORKLOAD_STEP_PENDING && st->total.ios > 0;
      g_autofree char *name = g_strdup_printf (_ ("QD%u"), st->queue_depth);
      g_autofree char *value = NULL;

      if (ran)
        {
          g_autofree char *number = ssdb_chart_format_double (st->total.iops, 0, loc);

          cairo_rectangle (cr, round (cx - bw / 2), bottom - MAX (bh, 1), round (bw), MAX (bh, 1));
          ssdb_render_set_source (cr, &style->accent3,
                                  st->state == SSDB_WORKLOAD_STEP_DONE ? 0.85 : 0.4);
          cairo_fill (cr);
          value = st->state == SSDB_WORKLOAD_STEP_DONE
                      /* Translators: a depth's IOPS under its bar */
                      ? g_strdup_printf (_ ("%s IOPS"), number)
                      /* Translators: the IOPS of a depth stopped early, under its bar */
                      : g_strdup_printf (_ ("%s IOPS, stopped"), number);
        }
      else
        value
            = g_strdup (st->state == SSDB_WORKLOAD_STEP_CANCELLED ? _ ("stopped") : _ ("not run"));
      ssdb_chart_draw_text (cr, p->pango, style, name, cx, bottom + l->label_px * 0.9, l->cell_px,
                            PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER, slot,
                            ran ? &style->foreground : &style->dim, 1.0);
      ssdb_chart_draw_text (cr, p->pango, style, value, cx, bottom + l->label_px * 2.1,
                            l->cell_px * 0.92, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, slot,
                            ran ? &style->accent3 : &style->dim, 1.0);
    }

  /* The mean response time: dots joined by a line, each labelled with its value. */
  cairo_set_line_width (cr, MAX (1.5, 2 * l->u));
  ssdb_render_set_source (cr, &style->foreground, 0.75);
  for (guint i = 0; i < n; i++)
    {
      const SsdbWorkloadCycleStep *st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, i);
      double x = d->x + (i + 0.5) * slot;
      double y = bottom - st->total.mean_ns / 1e6 / l->cyc_lat.hi * d->height;

      if (st->state == SSDB_WORKLOAD_STEP_PENDING || st->total.mean_ns <= 0)
        continue;
      if (started)
        cairo_line_to (cr, x, y);
      else
        cairo_move_to (cr, x, y);
      started = TRUE;
    }
  cairo_stroke (cr);
  for (guint i = 0; i < n; i++)
    {
      const SsdbWorkloadCycleStep *st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, i);
      double x = d->x + (i + 0.5) * slot;
      double y = bottom - st->total.mean_ns / 1e6 / l->cyc_lat.hi * d->height;
      g_autofree char *text = NULL;

      if (st->state == SSDB_WORKLOAD_STEP_PENDING || st->total.mean_ns <= 0)
        continue;
      ssdb_render_set_source (cr, &style->background, 1.0);
      mark (cr, 0, x, y, dot + 1.5);
      ssdb_render_set_source (cr, &style->foreground, 1.0);
      mark (cr, 0, x, y, dot);
      /* its value beside the bar, where no IOPS value is: right of it, under the line when it
       * rises to the next depth and over it when it falls; the last one left of its bar, on
       * the far side of the line from the depth before */
      {
        double other_y = y;
        gboolean last = TRUE;

        for (guint j = i + 1; j < n; j++)
          {
            const SsdbWorkloadCycleStep *nx = &g_array_index (r->cycle, SsdbWorkloadCycleStep, j);

            if (nx->state != SSDB_WORKLOAD_STEP_PENDING && nx->total.mean_ns > 0)
              {
                other_y = bottom - nx->total.mean_ns / 1e6 / l->cyc_lat.hi * d->height;
                last = FALSE;
                break;
              }
          }
        if (last)
          other_y = prev_y;
        if (last)
          y += (other_y > y ? -1 : 1) * l->cell_px * 0.75;
        else
          y += (other_y < y ? 1 : -1) * l->cell_px * 0.75;
        y = CLAMP (y, d->y + l->cell_px * 0.6, bottom - l->cell_px * 0.6);
        text = ssdb_chart_format_ms (st->total.mean_ns, loc);
        ssdb_chart_draw_text (cr, p->pango, style, text,
                              last ? x - bw / 2 - 5 * l->u : x + bw / 2 + 5 * l->u, y,
                              l->cell_px * 0.92, PANGO_WEIGHT_NORMAL,
                              last ? SSDB_CHART_ALIGN_END : SSDB_CHART_ALIGN_START,
                              slot - bw - 5 * l->u, &style->foreground, 1.0);
        prev_y = bottom - st->total.mean_ns / 1e6 / l->cyc_lat.hi * d->height;
      }
    }

  ssdb_chart_stroke_plot_border (cr, style, d);
}

static void
draw_rows (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbWorkloadView *view = p->view;
  cairo_t *cr = p->cr;
  gboolean loc = style->locale_numbers;

  for (guint i = 0; i < l->n; i++)
    {
      SsdbWorkloadStats storage;
      const SsdbWorkloadStats *s = ssdb_workload_painter_row_stats (view, i, &storage);
      gboolean total = is_cycling (view) ? i == cycle_best_row (view) : i == total_row (view);
      double cy = l->plot.y + (i + 0.5) * l->row_h;
      g_autofree char *label = row_label (view, i);
      PangoWeight weight = total ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL;

      if (i % 2 == 1)
        {
          cairo_rectangle (cr, l->margin, l->plot.y + i * l->row_h,
                           l->plot.x + l->plot.width - l->margin, l->row_h);
          ssdb_render_set_source (cr, &style->foreground,
                                  style->theme == SSDB_THEME_DARK ? 0.05 : 0.035);
          cairo_fill (cr);
        }
      ssdb_chart_draw_text (p->cr, p->pango, p->style, label, l->plot.x - 10 * l->u, cy, l->cell_px,
                            PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_END, 0,
                            total ? &style->foreground : &style->dim, 1.0);

      for (guint m = 0; m < 2; m++)
        {
          cairo_rectangle_t r;
          g_autofree char *text
              = format_value (stat_value (s, (SsdbWorkloadMetric)m), (SsdbWorkloadMetric)m, loc);

          layout_bar (l, view, i, (SsdbWorkloadMetric)m, &r);
          if (r.width > 0)
            {
              cairo_rectangle (cr, r.x, r.y, MAX (r.width, 1), r.height);
              ssdb_render_set_source (cr, &style->accent3, total ? 1.0 : 0.6);
              cairo_fill (cr);
            }
          ssdb_chart_draw_text (p->cr, p->pango, p->style, text, r.x + r.width + 5 * l->u, cy,
                                l->cell_px, weight, SSDB_CHART_ALIGN_START, l->value_w[m],
                                s != NULL ? &style->foreground : &style->dim, 1.0);
        }

      if (s != NULL && s->ios > 0 && s->max_ns > 0)
        {
          double xm = layout_lat_x (l, s->mean_ns);
          double xp = layout_lat_x (l, (double)s->p99_ns);
          double xx = layout_lat_x (l, (double)s->max_ns);
          double r = round (ssdb_chart_clamp (4.5 * l->u, 3, 9));
          g_autofree char *text = latency_text (s, loc);

          cairo_set_line_width (cr, MAX (1.5, 2 * l->u));
          ssdb_render_set_source (cr, &style->foreground, 0.45);
          cairo_move_to (cr, xm, cy);
          cairo_line_to (cr, xx, cy);
          cairo_stroke (cr);
          ssdb_render_set_source (cr, &style->accent3, 1.0);
          mark (cr, 0, xm, cy, r);
          ssdb_render_set_source (cr, &style->foreground, 1.0);
          mark (cr, 1, xp, cy, r * 0.85);
          mark (cr, 2, xx, cy, r);
          ssdb_chart_draw_text (p->cr, p->pango, p->style, text,
                                l->col[2].x + l->col[2].width - 8 * l->u, cy, l->cell_px * 0.92,
                                weight, SSDB_CHART_ALIGN_END, l->col[2].width * 0.55 - 8 * l->u,
                                &style->foreground, 1.0);
        }
    }
}

void
ssdb_workload_painter_draw (const SsdbWorkloadView *view, const SsdbStyle *style, cairo_t *cr,
                            int width, int height)
{
  SSDB_RENDER_LANGUAGE_SCOPE (style);

  Painter p = { 0 };
  Layout *l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0)
    return;

  SSDB_CHART_PAINTER_BEGIN (p, l, view, style, cr, width, height);

  {
    SsdbRgba bg = ssdb_chart_plot_background (style);

    for (guint c = 0; c < 3; c++)
      {
        cairo_rectangle (cr, l->col[c].x, l->col[c].y, l->col[c].width, l->col[c].height);
        ssdb_render_set_source (cr, &bg, 1.0);
        cairo_fill (cr);
      }
  }
  draw_legend (&p);
  draw_headers (&p);
  draw_latency_axis (&p);
  draw_rows (&p);

  cairo_set_line_width (cr, 1);
  for (guint c = 0; c < 3; c++)
    {
      cairo_rectangle (cr, l->col[c].x + 0.5, l->col[c].y + 0.5, l->col[c].width - 1,
                       l->col[c].height - 1);
      ssdb_render_set_source (cr, &style->foreground,
                              style->theme == SSDB_THEME_HIGH_CONTRAST ? 1.0 : 0.35);
      cairo_stroke (cr);
    }

  if (l->has_dist && l->cycling)
    draw_cycle (&p);
  else if (l->has_dist)
    draw_distribution (&p);
  if ((view->result == NULL || view->result->total.ios == 0)
      && !(l->cycling && ssdb_workload_result_last_step (view->result) != NULL))
    {
      /* Under the rows, clear of their boxes. */
      cairo_rectangle_t note = { l->plot.x, l->plot.y + l->plot.height + l->label_px * 2.6,
                                 l->plot.width, l->label_px * 3 };

      const char *text = _ ("No workload measured yet");

      if (view->running)
        text = view->running_fraction > 0 ? _ ("Ramp-up: the measured run follows")
                                          : _ ("Starting the workers…");
      ssdb_chart_draw_empty_note (p.cr, p.pango, p.style, text, &note, l->label_px);
    }
  ssdb_chart_draw_words (cr, p.pango, style, l->words_text, l->words_px, &l->words, 3);

  layout_clear (l);
  g_object_unref (p.pango);
  cairo_restore (cr);
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_workload_png, SsdbWorkloadView, ssdb_workload_painter_draw)
