/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-access-painter.h"

#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

/* Heatmap colour scale: 10^-5 .. 1 (0.001 % .. 100 %). */
#define SHARE_DECADES 5
/* The heatmap's latency axis shows the decades that hold reads, at least this many. */
#define MIN_DECADES 3

static const guint32 viridis[11] = { 0x440154, 0x482475, 0x414487, 0x355f8d, 0x2a788e, 0x21918c,
                                     0x22a884, 0x44bf70, 0x7ad151, 0xbddf26, 0xfde725 };

void
ssdb_access_view_init (SsdbAccessView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->hover_step = -1;
}

static SsdbRgba
hex_color (guint32 hex)
{
  return (SsdbRgba){ ((hex >> 16) & 0xff) / 255.0, ((hex >> 8) & 0xff) / 255.0,
                     (hex & 0xff) / 255.0, 1.0 };
}

SsdbRgba
ssdb_access_ramp (double t)
{
  SsdbRgba a, b;
  double f;
  guint i;

  if (!(t > 0))
    t = 0;
  if (t > 1)
    t = 1;
  f = t * 10;
  i = (guint)floor (f);
  if (i >= 10)
    return hex_color (viridis[10]);
  a = hex_color (viridis[i]);
  b = hex_color (viridis[i + 1]);
  return ssdb_chart_mix (&a, &b, f - i);
}

double
ssdb_access_ramp_position (double share)
{
  if (!isfinite (share) || share <= 0)
    return 0;
  return ssdb_chart_clamp ((log10 (share) + SHARE_DECADES) / SHARE_DECADES, 0, 1);
}

char *
ssdb_access_step_label (SsdbAccessMode mode, guint depth)
{
  if (mode == SSDB_ACCESS_MODE_THREADS)
    /* Translators: a thread count in the access-time chart, "T4" */
    return g_strdup_printf (_ ("T%u"), depth);
  /* Translators: a queue depth in the access-time chart, "QD32" */
  return g_strdup_printf (_ ("QD%u"), depth);
}

SsdbRgba
ssdb_access_painter_relief_color (guint step, guint n_steps)
{
  if (n_steps <= 1)
    return ssdb_access_ramp (0.35);
  return ssdb_access_ramp (0.12 + 0.8 * MIN (step, n_steps - 1) / (double)(n_steps - 1));
}

/* Data helpers ---------------------------------------------------------------------------- */

static guint
n_steps (const SsdbAccessView *view)
{
  const SsdbAccessResult *r = view->result;

  return r != NULL && r->steps != NULL ? MIN (r->steps->len, SSDB_ACCESS_MAX_STEPS) : 0;
}

static const SsdbAccessStep *
step_at (const SsdbAccessView *view, guint i)
{
  if (i >= n_steps (view))
    return NULL;
  return &g_array_index (view->result->steps, SsdbAccessStep, i);
}

static guint64
step_total (const SsdbAccessStep *s)
{
  guint64 t = s->below + s->above;

  for (guint k = 0; k < SSDB_ACCESS_N_BINS; k++)
    t += s->bins[k];
  return t;
}

/* Share of a step's requests in row @bin (-1 below, 0..59, 60 above); -1 when not measured. */
static double
step_share (const SsdbAccessStep *s, int bin)
{
  guint64 total, n;

  if (s == NULL || (total = step_total (s)) == 0)
    return -1;
  if (bin < 0)
    n = s->below;
  else if (bin >= SSDB_ACCESS_N_BINS)
    n = s->above;
  else
    n = s->bins[bin];
  return (double)n / (double)total;
}

guint
ssdb_access_painter_n_columns (const SsdbAccessView *view)
{
  SsdbAccessSpec spec;

  g_return_val_if_fail (view != NULL, 0);
  if (n_steps (view) > 0)
    return n_steps (view);
  ssdb_access_spec_init (&spec);
  return MIN (spec.n_depths, SSDB_ACCESS_MAX_STEPS);
}

static guint
column_depth (const SsdbAccessView *view, guint i)
{
  SsdbAccessSpec spec;

  if (n_steps (view) > 0)
    return step_at (view, i)->depth;
  ssdb_access_spec_init (&spec);
  return spec.depths[MIN (i, SSDB_ACCESS_MAX_STEPS - 1)];
}

static SsdbAccessMode
view_mode (const SsdbAccessView *view)
{
  return view->result != NULL ? view->result->spec.mode : SSDB_ACCESS_MODE_QUEUE;
}

/* "10 µs", "126 µs", "1 ms", "2.5 s": three significant figures, no trailing zeros. */
static char *
format_latency (double ns, gboolean locale_numbers)
{
  const char *unit;
  double v;
  int d;
  g_autofree char *num = NULL;

  if (!isfinite (ns) || ns < 0)
    return g_strdup ("\u2014");
  if (ns < 1e6)
    v = ns / 1e3, unit = "µs";
  else if (ns < 1e9)
    v = ns / 1e6, unit = "ms";
  else
    v = ns / 1e9, unit = "s";
  d = v > 0 ? CLAMP (2 - (int)floor (log10 (v)), 0, 3) : 0;
  num = ssdb_chart_format_trimmed (v, d, locale_numbers);
  return g_strdup_printf ("%s %s", num, unit);
}

/* "850", "1.23k", "12.3k", "123k", "1.23M" */
static char *
format_iops (double iops, gboolean locale_numbers)
{
  const char *suffix = "";
  double v = iops;
  int d;
  g_autofree char *num = NULL;

  if (!isfinite (iops) || iops < 0)
    return g_strdup ("\u2014");
  if (v >= 999.5e6)
    v /= 1e9, suffix = "G";
  else if (v >= 999.5e3)
    v /= 1e6, suffix = "M";
  else if (v >= 999.5)
    v /= 1e3, suffix = "k";
  d = *suffix && v > 0 ? CLAMP (2 - (int)floor (log10 (v)), 0, 2) : 0;
  num = ssdb_chart_format_double (v, d, locale_numbers);
  return g_strdup_printf ("%s%s", num, suffix);
}

/* "0.001 %" .. "100 %" */
static char *
format_share (double share, gboolean locale_numbers)
{
  double pct = share * 100;
  int d = pct >= 10 ? 0 : pct >= 1 ? 1 : pct > 0 ? CLAMP (1 - (int)floor (log10 (pct)), 1, 4) : 0;
  g_autofree char *num = ssdb_chart_format_trimmed (pct, d, locale_numbers);

  return g_strdup_printf ("%s %%", num);
}

/* Layout ---------------------------------------------------------------------------------- */

typedef struct
{
  double u;
  double margin, gap;
  double title_px, subtitle_px, label_px, caption_px, words_px;
  cairo_rectangle_t title, subtitle, legend, footer, words;
  double unit_y, xlabel_y, iops_y, xtitle_y;
  guint n;
  /* heatmap */
  cairo_rectangle_t plot;         /* all rows, outer rows included */
  cairo_rectangle_t bins;         /* bins bin_lo .. bin_hi - 1 */
  int bin_lo, bin_hi;             /* the decades that hold reads, at least MIN_DECADES */
  cairo_rectangle_t below, above; /* outer rows (height 0 when not drawn) */
  cairo_rectangle_t bar;
  cairo_rectangle_t none; /* the swatch of bins without reads, under the bar */
  double col_w, col_gap;
  /* relief */
  cairo_rectangle_t front;
  double dx, dy;
  double dec_lo, dec_hi; /* log10 (ns): the decades with data */
  double dom_lo, dom_hi; /* log10 (ns) at the ends of the x axis (room for outer buckets) */
  gboolean has_below, has_above;
  SsdbAxis share;
  double label_w;
  double w;
} Layout;

/* The finding under the chart, in the chart's language (its decimal separator too). */
static char *
analysis_words (const SsdbAccessView *view)
{
  const SsdbAccessResult *r = view->result;

  if (r == NULL || r->analysis.words == NULL || *r->analysis.words == '\0')
    return NULL;
  if (ssdb_render_language_is_english (ssdb_render_get_language ()))
    return g_strdup (r->analysis.words);
  return ssdb_render_localize_number (ssdb_access_result_dup_words (r));
}

static double
max_share (const SsdbAccessView *view)
{
  double m = 0;

  for (guint i = 0; i < n_steps (view); i++)
    for (int k = 0; k < SSDB_ACCESS_N_BINS; k++)
      m = MAX (m, step_share (step_at (view, i), k));
  return m;
}

static void
layout_common (Layout *l, const SsdbAccessView *view, const SsdbStyle *style, PangoContext *pango,
               int width, int height, double *top, double *bottom)
{
  double w = MAX (width, 1), h = MAX (height, 1);
  double y, b;

  l->u = ssdb_chart_scale (w, h, &l->margin, &l->gap, &l->title_px, &l->subtitle_px);
  /* Tick labels stay readable in a small window (11 px, about GNOME's small text). */
  l->label_px = ssdb_chart_clamp (11.5 * l->u, 11, 28);
  l->caption_px = ssdb_chart_clamp (10.5 * l->u, 9.5, 24);
  l->words_px = ssdb_chart_clamp (13 * l->u, 10, 30);
  l->n = ssdb_access_painter_n_columns (view);
  l->w = w;

  y = ssdb_chart_layout_heading (w, l->margin, l->gap, view->target_title, l->title_px, &l->title,
                                 view->target_subtitle, l->subtitle_px, &l->subtitle);
  l->legend = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, round (l->label_px * 1.7) };
  y += l->legend.height;
  l->unit_y = y + round (l->label_px * 0.8);
  y += round (l->label_px * 1.6);

  b = h - l->margin;
  b = ssdb_chart_layout_caption (w, b, l->margin, l->gap * 0.5, view->caption, l->caption_px,
                                 &l->footer);
  {
    g_autofree char *words = analysis_words (view);

    b = ssdb_chart_layout_words (pango, style, w, b, l->margin, l->gap, words, l->words_px, 3,
                                 &l->words);
  }
  *top = y;
  *bottom = b;
}

/* The bins the heatmap's axis shows, [*lo, *hi): whole decades from the fastest to the slowest
 * read, at least MIN_DECADES of them (grown towards slower times first); 10 µs .. 10 s when
 * nothing was measured. */
static void
heatmap_bin_range (const SsdbAccessView *view, int *lo, int *hi)
{
  const int per = SSDB_ACCESS_BINS_PER_DECADE, decades = SSDB_ACCESS_N_BINS / per;
  int a = G_MAXINT, b = -1, d0, d1;

  for (guint i = 0; i < n_steps (view); i++)
    for (int k = 0; k < SSDB_ACCESS_N_BINS; k++)
      if (step_at (view, i)->bins[k] > 0)
        {
          a = MIN (a, k);
          b = MAX (b, k);
        }
  if (b < 0)
    {
      *lo = 0;
      *hi = SSDB_ACCESS_N_BINS;
      return;
    }
  d0 = a / per;
  d1 = b / per + 1;
  while (d1 - d0 < MIN (MIN_DECADES, decades))
    {
      if (d1 < decades)
        d1++;
      else
        d0--;
    }
  *lo = d0 * per;
  *hi = d1 * per;
}

static void
layout_heatmap (Layout *l, const SsdbAccessView *view, const SsdbStyle *style, PangoContext *pango,
                int width, double top, double bottom)
{
  static const char *const ylabels[] = { "100 ms", "100 µs", "< 10 µs", "≥ 10 s", "IOPS" };
  double w = MAX (width, 1), left_w = 0, right_w = 0, bar_w, bar_gap;
  gboolean below = FALSE, above = FALSE;

  l->xtitle_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.7);
  l->iops_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.5);
  l->xlabel_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.6) + round (3 * l->u);

  for (guint i = 0; i < G_N_ELEMENTS (ylabels); i++)
    {
      double tw;

      ssdb_chart_measure (pango, style, _ (ylabels[i]), l->label_px, PANGO_WEIGHT_NORMAL, &tw,
                          NULL);
      left_w = MAX (left_w, tw);
    }
  for (int d = 0; d <= SHARE_DECADES; d++)
    {
      g_autofree char *text = format_share (pow (10, d - SHARE_DECADES), style->locale_numbers);
      double tw;

      ssdb_chart_measure (pango, style, text, l->label_px, PANGO_WEIGHT_NORMAL, &tw, NULL);
      right_w = MAX (right_w, tw);
    }
  {
    double tw;

    ssdb_chart_measure (pango, style, _ ("none"), l->label_px, PANGO_WEIGHT_NORMAL, &tw, NULL);
    right_w = MAX (right_w, tw);
  }
  bar_w = round (14 * l->u);
  bar_gap = round (14 * l->u);
  l->plot.x = round (l->margin + ceil (left_w) + 8 * l->u);
  /* Room above the plot for half of the top tick label. */
  l->plot.y = round (top + l->label_px * 0.6);
  l->plot.width
      = MAX (round (w - l->margin - ceil (right_w) - 6 * l->u - bar_w - bar_gap) - l->plot.x, 10);
  l->plot.height = MAX (round (bottom) - l->plot.y, 10);
  l->none = (cairo_rectangle_t){ l->plot.x + l->plot.width + bar_gap,
                                 l->plot.y + l->plot.height - bar_w, bar_w, bar_w };
  l->bar = (cairo_rectangle_t){ l->none.x, l->plot.y, bar_w,
                                MAX (l->plot.height - bar_w - round (1.5 * l->label_px), 10) };

  for (guint i = 0; i < n_steps (view); i++)
    {
      below |= step_at (view, i)->below > 0;
      above |= step_at (view, i)->above > 0;
    }
  l->bins = l->plot;
  heatmap_bin_range (view, &l->bin_lo, &l->bin_hi);
  {
    double sh = round (MAX (l->label_px * 1.25, l->plot.height / 30));
    double sg = round (5 * l->u);

    if (above && l->bins.height > 4 * (sh + sg))
      {
        l->above = (cairo_rectangle_t){ l->plot.x, l->plot.y, l->plot.width, sh };
        l->bins.y += sh + sg;
        l->bins.height -= sh + sg;
      }
    if (below && l->bins.height > 4 * (sh + sg))
      {
        l->below
            = (cairo_rectangle_t){ l->plot.x, l->plot.y + l->plot.height - sh, l->plot.width, sh };
        l->bins.height -= sh + sg;
      }
  }
  l->col_w = l->plot.width / MAX (l->n, 1);
  l->col_gap = l->n > 1 ? MIN (round (3 * l->u), floor (l->col_w * 0.1)) : 0;
}

static void
layout_relief (Layout *l, const SsdbAccessView *view, const SsdbStyle *style, PangoContext *pango,
               int width, double top, double bottom)
{
  double w = MAX (width, 1), left_w = 0, avail_w, avail_h, m;
  int lo = G_MAXINT, hi = -1;
  guint intervals;

  l->xtitle_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.7);
  l->xlabel_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.6) + round (3 * l->u);

  /* x range: the decades that hold requests, at least two. */
  for (guint i = 0; i < n_steps (view); i++)
    for (int k = 0; k < SSDB_ACCESS_N_BINS; k++)
      if (step_at (view, i)->bins[k] > 0)
        {
          lo = MIN (lo, k);
          hi = MAX (hi, k);
        }
  if (hi < 0)
    {
      l->dec_lo = 4;
      l->dec_hi = 10;
    }
  else
    {
      l->dec_lo = 4 + floor ((double)lo / SSDB_ACCESS_BINS_PER_DECADE);
      l->dec_hi = 4 + floor ((double)hi / SSDB_ACCESS_BINS_PER_DECADE) + 1;
      if (l->dec_hi - l->dec_lo < 2)
        {
          if (l->dec_hi < 10)
            l->dec_hi++;
          else
            l->dec_lo--;
        }
    }

  /* Requests faster than 10 µs or of 10 s or more get a bucket of their own at that end. */
  for (guint i = 0; i < n_steps (view); i++)
    {
      l->has_below |= step_at (view, i)->below > 0;
      l->has_above |= step_at (view, i)->above > 0;
    }
  if (l->has_below)
    l->dec_lo = 4;
  if (l->has_above)
    l->dec_hi = 10;
  if (l->dec_hi - l->dec_lo < 2)
    l->dec_hi = l->dec_lo + 2;
  l->dom_lo = l->dec_lo - (l->has_below ? 0.35 : 0);
  l->dom_hi = l->dec_hi + (l->has_above ? 0.35 : 0);

  m = max_share (view);
  for (guint i = 0; i < n_steps (view); i++)
    {
      m = MAX (m, step_share (step_at (view, i), SSDB_ACCESS_BIN_BELOW));
      m = MAX (m, step_share (step_at (view, i), SSDB_ACCESS_BIN_ABOVE));
    }
  avail_h = MAX (bottom - top, 10);
  intervals = (guint)ssdb_chart_clamp (floor (avail_h * 0.5 / (40 * l->u)), 2, 6);
  /* A share is at most 100 %: the axis stops there. */
  ssdb_axis_nice (&l->share, 0, m > 0 ? MIN (m * 100 * 1.05, 100) : 100, intervals, TRUE);
  left_w = MAX (left_w, ssdb_chart_axis_labels_width (pango, style, &l->share, l->label_px));
  l->label_w = 0;
  for (guint i = 0; i < l->n; i++)
    {
      g_autofree char *text = ssdb_access_step_label (view_mode (view), column_depth (view, i));
      double tw;

      ssdb_chart_measure (pango, style, text, l->label_px, PANGO_WEIGHT_BOLD, &tw, NULL);
      l->label_w = MAX (l->label_w, tw);
    }

  {
    double x0 = round (l->margin + ceil (left_w) + 8 * l->u);
    double x1 = round (w - l->margin - ceil (l->label_w) - 8 * l->u);

    avail_w = MAX (x1 - x0, 10);
    if (l->n > 1)
      {
        l->dx = avail_w * 0.2 / (l->n - 1);
        l->dy = avail_h * 0.48 / (l->n - 1);
      }
    else
      l->dx = l->dy = 0;
    l->front.x = x0;
    l->front.width = MAX (avail_w - l->dx * (l->n - 1), 10);
    l->front.y = round (top) + l->dy * (l->n > 1 ? l->n - 1 : 0);
    l->front.height = MAX (round (bottom) - l->front.y, 10);
    l->plot = l->front;
  }
}

static void
layout_compute (Layout *l, const SsdbAccessView *view, const SsdbStyle *style, PangoContext *pango,
                int width, int height)
{
  double top, bottom;

  memset (l, 0, sizeof *l);
  layout_common (l, view, style, pango, width, height, &top, &bottom);
  if (view->chart == SSDB_ACCESS_CHART_RELIEF)
    layout_relief (l, view, style, pango, width, top, bottom);
  else
    layout_heatmap (l, view, style, pango, width, top, bottom);
}

static double
layout_y_latency (const Layout *l, double ns)
{
  double k;

  if (!(ns > 0))
    ns = 1;
  k = log10 (ns / (double)SSDB_ACCESS_BIN_FIRST_NS) * SSDB_ACCESS_BINS_PER_DECADE;
  return l->bins.y + l->bins.height - (k - l->bin_lo) / (l->bin_hi - l->bin_lo) * l->bins.height;
}

static gboolean
layout_cell (const Layout *l, guint step, int bin, cairo_rectangle_t *rect)
{
  double x0, y0, y1;

  if (step >= l->n || bin < SSDB_ACCESS_BIN_BELOW || bin > SSDB_ACCESS_BIN_ABOVE)
    return FALSE;
  x0 = l->plot.x + step * l->col_w + l->col_gap / 2;
  if (bin == SSDB_ACCESS_BIN_BELOW)
    {
      if (l->below.height <= 0)
        return FALSE;
      y0 = l->below.y;
      y1 = l->below.y + l->below.height;
    }
  else if (bin == SSDB_ACCESS_BIN_ABOVE)
    {
      if (l->above.height <= 0)
        return FALSE;
      y0 = l->above.y;
      y1 = l->above.y + l->above.height;
    }
  else
    {
      double n = l->bin_hi - l->bin_lo;

      if (bin < l->bin_lo || bin >= l->bin_hi)
        return FALSE;
      y1 = l->bins.y + l->bins.height - (bin - l->bin_lo) / n * l->bins.height;
      y0 = l->bins.y + l->bins.height - (bin + 1 - l->bin_lo) / n * l->bins.height;
    }
  *rect = (cairo_rectangle_t){ x0, y0, l->col_w - l->col_gap, y1 - y0 };
  return TRUE;
}

static double
relief_x (const Layout *l, guint step, double ns)
{
  double d = log10 (ns > 0 ? ns : 1);

  return l->front.x + step * l->dx + (d - l->dom_lo) / (l->dom_hi - l->dom_lo) * l->front.width;
}

static double
relief_y (const Layout *l, guint step, double share)
{
  double v = isfinite (share) ? share * 100 : 0;

  return l->front.y + l->front.height - step * l->dy
         - (v - l->share.lo) / (l->share.hi - l->share.lo) * l->front.height;
}

SSDB_CHART_DEFINE_LAYOUT_QUERY (SsdbAccessView)

void
ssdb_access_painter_get_plot_rect (const SsdbAccessView *view, int width, int height,
                                   cairo_rectangle_t *rect)
{
  Layout l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (rect != NULL);
  layout_for_query (&l, view, width, height);
  *rect = view->chart == SSDB_ACCESS_CHART_RELIEF ? l.front : l.bins;
}

double
ssdb_access_painter_x_for_step (const SsdbAccessView *view, int width, int height, guint step)
{
  Layout l;

  g_return_val_if_fail (view != NULL, 0);
  layout_for_query (&l, view, width, height);
  return l.plot.x + (step + 0.5) * l.col_w;
}

double
ssdb_access_painter_y_for_latency (const SsdbAccessView *view, int width, int height,
                                   double latency_ns)
{
  Layout l;

  g_return_val_if_fail (view != NULL, 0);
  layout_for_query (&l, view, width, height);
  return layout_y_latency (&l, latency_ns);
}

gboolean
ssdb_access_painter_get_cell_rect (const SsdbAccessView *view, int width, int height, guint step,
                                   int bin, cairo_rectangle_t *rect)
{
  Layout l;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);
  layout_for_query (&l, view, width, height);
  return layout_cell (&l, step, bin, rect);
}

void
ssdb_access_painter_get_legend_rect (const SsdbAccessView *view, int width, int height,
                                     cairo_rectangle_t *rect)
{
  Layout l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (rect != NULL);
  layout_for_query (&l, view, width, height);
  *rect = l.bar;
}

gboolean
ssdb_access_painter_relief_point (const SsdbAccessView *view, int width, int height, guint step,
                                  double latency_ns, double share, double *x, double *y)
{
  Layout l;
  SsdbAccessView v;

  g_return_val_if_fail (view != NULL, FALSE);
  v = *view;
  v.chart = SSDB_ACCESS_CHART_RELIEF;
  layout_for_query (&l, &v, width, height);
  if (step >= l.n)
    return FALSE;
  if (x)
    *x = relief_x (&l, step, latency_ns);
  if (y)
    *y = relief_y (&l, step, share);
  return TRUE;
}

gboolean
ssdb_access_painter_cell_at (const SsdbAccessView *view, int width, int height, double x, double y,
                             guint *step, int *bin)
{
  Layout l;

  g_return_val_if_fail (view != NULL, FALSE);
  if (view->chart != SSDB_ACCESS_CHART_HEATMAP)
    return FALSE;
  layout_for_query (&l, view, width, height);
  for (guint i = 0; i < l.n; i++)
    for (int k = SSDB_ACCESS_BIN_BELOW; k <= SSDB_ACCESS_BIN_ABOVE; k++)
      {
        cairo_rectangle_t r;

        if (layout_cell (&l, i, k, &r) && x >= r.x && x < r.x + r.width && y >= r.y
            && y < r.y + r.height)
          {
            if (step)
              *step = i;
            if (bin)
              *bin = k;
            return TRUE;
          }
      }
  return FALSE;
}

char *
ssdb_access_painter_dup_hover_text (const SsdbAccessView *view, guint step, int bin,
                                    gboolean locale_numbers)
{
  const SsdbAccessStep *s;
  g_autofree char *label = NULL, *range = NULL, *pct = NULL, *mean = NULL, *p99 = NULL;
  double share;
  guint64 count;

  g_return_val_if_fail (view != NULL, NULL);
  s = step_at (view, step);
  if (s == NULL || bin < SSDB_ACCESS_BIN_BELOW || bin > SSDB_ACCESS_BIN_ABOVE)
    return NULL;
  share = step_share (s, bin);
  if (share < 0)
    return NULL;
  count = bin < 0 ? s->below : bin >= SSDB_ACCESS_N_BINS ? s->above : s->bins[bin];
  label = ssdb_access_step_label (view_mode (view), s->depth);
  if (bin < 0)
    range = g_strdup (_ ("faster than 10 µs"));
  else if (bin >= SSDB_ACCESS_N_BINS)
    range = g_strdup (_ ("10 s or more"));
  else
    {
      g_autofree char *a
          = format_latency ((double)ssdb_access_bin_edge_ns ((guint)bin), locale_numbers);
      g_autofree char *b
          = format_latency ((double)ssdb_access_bin_edge_ns ((guint)bin + 1), locale_numbers);

      range = g_strdup_printf ("%s – %s", a, b);
    }
  pct = format_share (share, locale_numbers);
  mean = format_latency (s->mean_ns, locale_numbers);
  p99 = format_latency ((double)s->p99_ns, locale_numbers);
  /* Translators: hover text of a heatmap cell: "QD4 · 100 µs – 126 µs", "12.3 % of reads
   * (4567)", "mean 0.123 ms · p99 0.456 ms" */
  return g_strdup_printf (_ ("%s · %s\n%s of reads (%" G_GUINT64_FORMAT ")\nmean %s · p99 %s"),
                          label, range, pct, count, mean, p99);
}

/* Drawing --------------------------------------------------------------------------------- */

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  const SsdbAccessView *view;
  Layout l;
} Painter;

static const SsdbRgba line_color = { 1, 1, 1, 1 };
static const SsdbRgba halo_color = { 0, 0, 0, 1 };

typedef enum
{
  MARK_CIRCLE,
  MARK_SQUARE,
} Mark;

static void
path_mark (cairo_t *cr, Mark mark, double x, double y, double r)
{
  cairo_new_sub_path (cr);
  if (mark == MARK_CIRCLE)
    cairo_arc (cr, x, y, r, 0, 2 * G_PI);
  else
    cairo_rectangle (cr, x - r * 0.9, y - r * 0.9, r * 1.8, r * 1.8);
}

/* A statistic as a white line with a dark halo over the heatmap: solid or dashed, with marks. */
static void
stroke_stat (Painter *p, const double *xs, const double *ys, guint n, gboolean dashed,
             gboolean marks, Mark mark)
{
  cairo_t *cr = p->cr;
  double u = p->l.u;
  double dash[2] = { 6 * u, 4 * u };
  double r = 3.6 * u;

  if (n == 0)
    return;
  cairo_save (cr);
  if (marks)
    goto draw_marks;
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_BUTT);
  for (int pass = 0; pass < 2; pass++)
    {
      cairo_new_path (cr);
      for (guint i = 0; i < n; i++)
        {
          if (i == 0)
            cairo_move_to (cr, xs[i], ys[i]);
          else
            cairo_line_to (cr, xs[i], ys[i]);
        }
      if (pass == 0)
        {
          cairo_set_dash (cr, NULL, 0, 0);
          cairo_set_line_width (cr, MAX (3, 4.4 * u));
          ssdb_render_set_source (cr, &halo_color, 0.8);
        }
      else
        {
          cairo_set_dash (cr, dashed ? dash : NULL, dashed ? 2 : 0, 0);
          cairo_set_line_width (cr, MAX (1.4, 2 * u));
          ssdb_render_set_source (cr, &line_color, 1.0);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);
  return;

draw_marks:
  cairo_set_dash (cr, NULL, 0, 0);
  for (guint i = 0; i < n; i++)
    path_mark (cr, mark, xs[i], ys[i], r);
  ssdb_render_set_source (cr, &line_color, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (1, 1.3 * u));
  ssdb_render_set_source (cr, &halo_color, 0.85);
  cairo_stroke (cr);
  cairo_restore (cr);
}

static void
stat_swatch (cairo_t *cr, guint index, double x, double cy, double width, gpointer user_data)
{
  Painter *p = user_data;
  double xs[2] = { x + 2, x + width - 2 }, ys[2] = { cy, cy };

  stroke_stat (p, xs, ys, 2, index == 1, FALSE, index == 0 ? MARK_CIRCLE : MARK_SQUARE);
  stroke_stat (p, (double[]){ x + width / 2 }, ys, 1, FALSE, TRUE,
               index == 0 ? MARK_CIRCLE : MARK_SQUARE);
}

static void
draw_stat_legend (Painter *p)
{
  Layout *l = &p->l;
  double sw = round (30 * l->u);
  SsdbChartLegendItem items[2] = {
    { _ ("Mean"), SSDB_CHART_SWATCH_CUSTOM, NULL, 1.0, sw, 0, 0 },
    { _ ("99th percentile"), SSDB_CHART_SWATCH_CUSTOM, NULL, 1.0, sw, 0, 0 },
  };
  SsdbChartLegend legend = {
    .align = SSDB_CHART_ALIGN_END,
    .x = l->plot.x + l->plot.width,
    .min_x = -G_MAXDOUBLE,
    .cy = l->legend.y + l->legend.height / 2,
    .label_px = l->label_px,
    .spacing = round (6 * l->u),
    .gap = round (18 * l->u),
    .draw_swatch = stat_swatch,
    .user_data = p,
  };

  ssdb_chart_draw_legend (p->cr, p->pango, p->style, &legend, items, G_N_ELEMENTS (items));
}

static void
draw_heatmap (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbAccessView *view = p->view;
  cairo_t *cr = p->cr;
  SsdbRgba bg = ssdb_chart_plot_background (style);
  gboolean loc = style->locale_numbers;
  double tick_gap = 6 * l->u;
  double xs_mean[SSDB_ACCESS_MAX_STEPS], ys_mean[SSDB_ACCESS_MAX_STEPS];
  double xs_p99[SSDB_ACCESS_MAX_STEPS], ys_p99[SSDB_ACCESS_MAX_STEPS];
  guint n_mean = 0, n_p99 = 0;

  /* Columns: cells in the ramp; the plot background for bins without reads and for steps not
   * measured yet (the ramp's darkest colour is a share, not nothing). */
  cairo_save (cr);
  cairo_set_antialias (cr, CAIRO_ANTIALIAS_NONE);
  for (guint i = 0; i < l->n; i++)
    {
      const SsdbAccessStep *s = step_at (view, i);

      for (int k = SSDB_ACCESS_BIN_BELOW; k <= SSDB_ACCESS_BIN_ABOVE; k++)
        {
          cairo_rectangle_t r;
          double share = step_share (s, k);
          SsdbRgba c;

          if (!layout_cell (l, i, k, &r))
            continue;
          c = share <= 0 ? bg : ssdb_access_ramp (ssdb_access_ramp_position (share));
          cairo_rectangle (cr, r.x, r.y, r.width, r.height);
          ssdb_render_set_source (cr, &c, 1.0);
          cairo_fill (cr);
        }
    }
  cairo_restore (cr);

  /* Outline of columns not measured, so the empty plot still shows its columns. */
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < l->n; i++)
    {
      cairo_rectangle_t r;

      if (step_share (step_at (view, i), 0) >= 0)
        continue;
      r = (cairo_rectangle_t){ l->plot.x + i * l->col_w + l->col_gap / 2, l->plot.y,
                               l->col_w - l->col_gap, l->plot.height };
      cairo_rectangle (cr, round (r.x) + 0.5, round (r.y) + 0.5, round (r.width) - 1,
                       round (r.height) - 1);
      ssdb_render_set_source (cr, &style->foreground, ssdb_chart_grid_alpha (style) * 1.5);
      cairo_stroke (cr);
    }

  /* Decade grid lines and labels. */
  for (int d = l->bin_lo / SSDB_ACCESS_BINS_PER_DECADE,
           d1 = l->bin_hi / SSDB_ACCESS_BINS_PER_DECADE;
       d <= d1; d++)
    {
      double ns = 1e4 * pow (10, d);
      double y = layout_y_latency (l, ns);
      g_autofree char *text = format_latency (ns, loc);

      cairo_move_to (cr, l->plot.x - 4 * l->u, round (y) + 0.5);
      cairo_line_to (cr, l->plot.x, round (y) + 0.5);
      ssdb_render_set_source (cr, &style->foreground, 0.5);
      cairo_stroke (cr);
      if (d > l->bin_lo / SSDB_ACCESS_BINS_PER_DECADE && d < d1)
        {
          cairo_move_to (cr, l->plot.x, round (y) + 0.5);
          cairo_line_to (cr, l->plot.x + l->plot.width, round (y) + 0.5);
          ssdb_render_set_source (cr, &line_color, 0.18);
          cairo_stroke (cr);
        }
      ssdb_chart_draw_text (p->cr, p->pango, p->style, text, l->plot.x - tick_gap, y, l->label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0, &style->dim, 1.0);
    }
  if (l->below.height > 0)
    ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("< 10 µs"), l->plot.x - tick_gap,
                          l->below.y + l->below.height / 2, l->label_px, PANGO_WEIGHT_NORMAL,
                          SSDB_CHART_ALIGN_END, 0, &style->dim, 1.0);
  if (l->above.height > 0)
    ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("≥ 10 s"), l->plot.x - tick_gap,
                          l->above.y + l->above.height / 2, l->label_px, PANGO_WEIGHT_NORMAL,
                          SSDB_CHART_ALIGN_END, 0, &style->dim, 1.0);
  ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("Access time"), l->margin, l->unit_y,
                        l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, 0,
                        &style->foreground, 1.0);

  /* Column labels, IOPS under them. */
  ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("IOPS"), l->plot.x - tick_gap, l->iops_y,
                        l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0, &style->dim,
                        1.0);
  for (guint i = 0; i < l->n; i++)
    {
      const SsdbAccessStep *s = step_at (view, i);
      double cx = l->plot.x + (i + 0.5) * l->col_w;
      g_autofree char *label = ssdb_access_step_label (view_mode (view), column_depth (view, i));

      ssdb_chart_draw_text (p->cr, p->pango, p->style, label, cx, l->xlabel_y, l->label_px,
                            PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER, l->col_w - 2,
                            &style->foreground, 1.0);
      if (s != NULL && step_total (s) > 0)
        {
          g_autofree char *iops = format_iops (s->iops, loc);

          ssdb_chart_draw_text (p->cr, p->pango, p->style, iops, cx, l->iops_y, l->label_px,
                                PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, l->col_w - 2,
                                &style->dim, 1.0);
          if (isfinite (s->mean_ns) && s->mean_ns > 0)
            {
              xs_mean[n_mean] = cx;
              ys_mean[n_mean++] = ssdb_chart_clamp (layout_y_latency (l, s->mean_ns), l->plot.y,
                                                    l->plot.y + l->plot.height);
            }
          if (s->p99_ns > 0)
            {
              xs_p99[n_p99] = cx;
              ys_p99[n_p99++] = ssdb_chart_clamp (layout_y_latency (l, (double)s->p99_ns),
                                                  l->plot.y, l->plot.y + l->plot.height);
            }
        }
    }
  ssdb_chart_draw_text (
      p->cr, p->pango, p->style,
      view_mode (view) == SSDB_ACCESS_MODE_THREADS ? _ ("Threads (one request each)")
                                                   : _ ("Queue depth"),
      l->plot.x + l->plot.width / 2, l->xtitle_y, l->label_px, PANGO_WEIGHT_NORMAL,
      SSDB_CHART_ALIGN_CENTER, l->plot.width, &style->dim, 1.0);

  /* Hover: outline the cell. */
  if (view->hover_step >= 0)
    {
      cairo_rectangle_t r;

      if (layout_cell (l, (guint)view->hover_step, view->hover_bin, &r))
        {
          cairo_rectangle (cr, r.x - 1, r.y - 1, r.width + 2, r.height + 2);
          cairo_set_line_width (cr, MAX (1.5, 2 * l->u));
          ssdb_render_set_source (cr, &style->foreground, 1.0);
          cairo_stroke (cr);
        }
    }

  /* Mean and p99 lines. */
  cairo_save (cr);
  cairo_rectangle (cr, l->plot.x - 6 * l->u, l->plot.y - 6 * l->u, l->plot.width + 12 * l->u,
                   l->plot.height + 12 * l->u);
  cairo_clip (cr);
  stroke_stat (p, xs_p99, ys_p99, n_p99, TRUE, FALSE, MARK_SQUARE);
  stroke_stat (p, xs_mean, ys_mean, n_mean, FALSE, FALSE, MARK_CIRCLE);
  stroke_stat (p, xs_p99, ys_p99, n_p99, FALSE, TRUE, MARK_SQUARE);
  stroke_stat (p, xs_mean, ys_mean, n_mean, FALSE, TRUE, MARK_CIRCLE);
  cairo_restore (cr);

  /* Colour bar. */
  {
    cairo_pattern_t *grad = cairo_pattern_create_linear (0, l->bar.y + l->bar.height, 0, l->bar.y);

    for (guint i = 0; i < G_N_ELEMENTS (viridis); i++)
      {
        SsdbRgba c = hex_color (viridis[i]);

        cairo_pattern_add_color_stop_rgb (grad, i / 10.0, c.r, c.g, c.b);
      }
    cairo_rectangle (cr, l->bar.x, l->bar.y, l->bar.width, l->bar.height);
    cairo_set_source (cr, grad);
    cairo_fill (cr);
    cairo_pattern_destroy (grad);
    cairo_rectangle (cr, l->bar.x + 0.5, l->bar.y + 0.5, l->bar.width - 1, l->bar.height - 1);
    ssdb_render_set_source (cr, &style->foreground, 0.35);
    cairo_stroke (cr);
    for (int d = 0; d <= SHARE_DECADES; d++)
      {
        double y = l->bar.y + l->bar.height - (double)d / SHARE_DECADES * l->bar.height;
        g_autofree char *text = format_share (pow (10, d - SHARE_DECADES), loc);

        cairo_move_to (cr, l->bar.x + l->bar.width, round (y) + 0.5);
        cairo_line_to (cr, l->bar.x + l->bar.width + 4 * l->u, round (y) + 0.5);
        ssdb_render_set_source (cr, &style->foreground, 0.5);
        cairo_stroke (cr);
        ssdb_chart_draw_text (
            p->cr, p->pango, p->style, text, l->bar.x + l->bar.width + 6 * l->u,
            ssdb_chart_clamp (y, l->bar.y + 5 * l->u, l->bar.y + l->bar.height - 5 * l->u),
            l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0, &style->dim, 1.0);
      }
    /* Bins without reads. */
    cairo_rectangle (cr, l->none.x, l->none.y, l->none.width, l->none.height);
    ssdb_render_set_source (cr, &bg, 1.0);
    cairo_fill (cr);
    cairo_rectangle (cr, l->none.x + 0.5, l->none.y + 0.5, l->none.width - 1, l->none.height - 1);
    ssdb_render_set_source (cr, &style->foreground, 0.35);
    cairo_stroke (cr);
    /* Translators: legend of the access-time heatmap: the colour of bins that hold no reads */
    ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("none"),
                          l->none.x + l->none.width + 6 * l->u, l->none.y + l->none.height / 2,
                          l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0, &style->dim,
                          1.0);
    ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("Share of reads"), l->w - l->margin,
                          l->unit_y, l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_END, 0,
                          &style->foreground, 1.0);
  }
}

static void
draw_relief (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbAccessView *view = p->view;
  cairo_t *cr = p->cr;
  gboolean loc = style->locale_numbers;
  double tick_gap = 6 * l->u;
  guint last = l->n > 0 ? l->n - 1 : 0;
  int k_lo = (int)round ((l->dec_lo - 4) * SSDB_ACCESS_BINS_PER_DECADE);
  int k_hi = (int)round ((l->dec_hi - 4) * SSDB_ACCESS_BINS_PER_DECADE);

  /* Floor: decade lines from the front baseline to the back one, and the share grid on the
   * front plane. */
  cairo_set_line_width (cr, 1);
  for (double d = l->dec_lo; d <= l->dec_hi + 1e-9; d++)
    {
      double ns = pow (10, d);
      g_autofree char *text = format_latency (ns, loc);

      cairo_move_to (cr, relief_x (l, 0, ns), relief_y (l, 0, 0) + 4 * l->u);
      cairo_line_to (cr, relief_x (l, 0, ns), relief_y (l, 0, 0));
      cairo_line_to (cr, relief_x (l, last, ns), relief_y (l, last, 0));
      ssdb_render_set_source (cr, &style->foreground, ssdb_chart_grid_alpha (style) * 1.6);
      cairo_stroke (cr);
      ssdb_chart_draw_text (p->cr, p->pango, p->style, text, relief_x (l, 0, ns), l->xlabel_y,
                            l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, 0,
                            &style->dim, 1.0);
    }
  if (l->has_below)
    ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("< 10 µs"),
                          relief_x (l, 0, pow (10, l->dom_lo)), l->xlabel_y + l->label_px * 1.2,
                          l->label_px * 0.9, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0,
                          &style->dim, 1.0);
  if (l->has_above)
    ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("≥ 10 s"),
                          relief_x (l, 0, pow (10, l->dom_hi)), l->xlabel_y + l->label_px * 1.2,
                          l->label_px * 0.9, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0,
                          &style->dim, 1.0);
  for (guint i = 0; i < l->share.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->share, i);
      double y = relief_y (l, 0, v / 100);
      g_autofree char *text = ssdb_axis_format (&l->share, v, loc);

      /* The baseline across the front row; the other shares as a wall: up the left side,
       * from the front row's axis to the back row's, then along the back row. A row's height
       * is read on the wall at its own depth, so no row rises above the 100 % line. */
      if (i == 0)
        {
          cairo_move_to (cr, l->front.x, round (y) + 0.5);
          cairo_line_to (cr, l->front.x + l->front.width, round (y) + 0.5);
        }
      else
        {
          double xb = l->front.x + last * l->dx, yb = relief_y (l, last, v / 100);

          cairo_move_to (cr, l->front.x, y);
          cairo_line_to (cr, xb, yb);
          cairo_line_to (cr, xb + l->front.width, yb);
        }
      ssdb_render_set_source (cr, &style->foreground,
                              ssdb_chart_grid_alpha (style) * (i == 0 ? 3 : 1));
      cairo_stroke (cr);
      ssdb_chart_draw_text (p->cr, p->pango, p->style, text, l->front.x - tick_gap, y, l->label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0, &style->dim, 1.0);
    }
  /* Above the chart, clear of the rows behind (they rise over the front row's axis). */
  /* xgettext:no-c-format */
  ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("% of reads"), l->margin, l->unit_y,
                        l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, 0,
                        &style->foreground, 1.0);
  ssdb_chart_draw_text (
      p->cr, p->pango, p->style, _ ("Access time"), l->front.x + l->front.width / 2, l->xtitle_y,
      l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, l->front.width, &style->dim, 1.0);

  /* Back to front, so the front steps hide what is behind them. */
  for (guint j = l->n; j > 0; j--)
    {
      guint i = j - 1;
      const SsdbAccessStep *s = step_at (view, i);
      double x0 = relief_x (l, i, pow (10, l->dom_lo)), x1 = relief_x (l, i, pow (10, l->dom_hi));
      double c0 = relief_x (l, i, pow (10, l->dec_lo)), c1 = relief_x (l, i, pow (10, l->dec_hi));
      double y0 = relief_y (l, i, 0);
      SsdbRgba fill = ssdb_access_painter_relief_color (i, l->n);
      SsdbRgba edge = ssdb_chart_mix (
          &fill, style->theme == SSDB_THEME_DARK ? &line_color : &halo_color, 0.45);
      g_autofree char *label = ssdb_access_step_label (view_mode (view), column_depth (view, i));
      gboolean measured = s != NULL && step_total (s) > 0;

      if (measured)
        {
          /* Outer buckets as bars beside the curve. */
          for (int side = 0; side < 2; side++)
            {
              gboolean on = side == 0 ? l->has_below : l->has_above;
              double share
                  = step_share (s, side == 0 ? SSDB_ACCESS_BIN_BELOW : SSDB_ACCESS_BIN_ABOVE);
              double a = side == 0 ? l->dom_lo + 0.06 : l->dec_hi + 0.08;
              double b = side == 0 ? l->dec_lo - 0.08 : l->dom_hi - 0.06;
              double bx0 = relief_x (l, i, pow (10, a)), bx1 = relief_x (l, i, pow (10, b));
              double top = relief_y (l, i, share);

              if (!on || share <= 0)
                continue;
              cairo_rectangle (cr, bx0, top, bx1 - bx0, y0 - top);
              ssdb_render_set_source (cr, &fill, 1.0);
              cairo_fill_preserve (cr);
              cairo_set_line_width (cr, MAX (1, 1.4 * l->u));
              ssdb_render_set_source (cr, &edge, 1.0);
              cairo_stroke (cr);
            }
          cairo_move_to (cr, c0, y0);
          for (int k = MAX (k_lo, 0); k < MIN (k_hi, SSDB_ACCESS_N_BINS); k++)
            {
              double mid = (double)SSDB_ACCESS_BIN_FIRST_NS
                           * pow (10, (k + 0.5) / SSDB_ACCESS_BINS_PER_DECADE);

              cairo_line_to (cr, relief_x (l, i, mid), relief_y (l, i, step_share (s, k)));
            }
          cairo_line_to (cr, c1, y0);
          cairo_close_path (cr);
          ssdb_render_set_source (cr, &fill, 1.0);
          cairo_fill_preserve (cr);
          cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
          cairo_set_line_width (cr, MAX (1, 1.4 * l->u));
          ssdb_render_set_source (cr, &edge, 1.0);
          cairo_stroke (cr);
        }
      cairo_move_to (cr, x0, round (y0) + 0.5);
      cairo_line_to (cr, x1, round (y0) + 0.5);
      cairo_set_line_width (cr, MAX (1, 1.2 * l->u));
      ssdb_render_set_source (cr, &style->foreground, measured ? 0.6 : 0.25);
      cairo_stroke (cr);
      ssdb_chart_draw_text (p->cr, p->pango, p->style, label, x1 + 6 * l->u, y0, l->label_px,
                            PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, 0,
                            measured ? &style->foreground : &style->dim, 1.0);
    }
}

static guint
n_measured (const SsdbAccessView *view)
{
  guint n = 0;

  for (guint i = 0; i < n_steps (view); i++)
    if (step_total (step_at (view, i)) > 0)
      n++;
  return n;
}

void
ssdb_access_painter_draw (const SsdbAccessView *view, const SsdbStyle *style, cairo_t *cr,
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

  if (view->chart == SSDB_ACCESS_CHART_RELIEF)
    draw_relief (&p);
  else
    {
      draw_heatmap (&p);
      draw_stat_legend (&p);
    }

  if (n_measured (view) == 0)
    {
      const cairo_rectangle_t *r = view->chart == SSDB_ACCESS_CHART_RELIEF ? &l->front : &l->plot;

      ssdb_chart_draw_empty_note (p.cr, p.pango, p.style,
                                  view->running ? _ ("Waiting for the first step…")
                                                : _ ("No access times measured yet"),
                                  r, l->label_px);
    }
  {
    g_autofree char *words = analysis_words (view);

    ssdb_chart_draw_words (cr, p.pango, style, words, l->words_px, &l->words, 3);
  }

  g_object_unref (p.pango);
  cairo_restore (cr);
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_access_png, SsdbAccessView, ssdb_access_painter_draw)
