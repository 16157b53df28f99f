/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-fill-painter.h"
#include "ssdb-decimate.h"

#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

void
ssdb_fill_view_init (SsdbFillView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->show_phases = TRUE;
}

static guint
n_points (const GArray *a)
{
  return a != NULL ? a->len : 0;
}

static const SsdbFillPoint *
point_at (const GArray *a, guint i)
{
  return &g_array_index (a, SsdbFillPoint, i);
}

static guint
n_passes (const SsdbFillResult *r)
{
  return r != NULL && r->passes != NULL ? r->passes->len : 0;
}

static const SsdbFillPass *
pass_at (const SsdbFillResult *r, guint i)
{
  return g_ptr_array_index (r->passes, i);
}

SsdbRgba
ssdb_fill_pass_color (const SsdbStyle *style, SsdbRw rw, guint write_index)
{
  g_return_val_if_fail (style != NULL, (SsdbRgba){ 0 });

  if (rw == SSDB_RW_READ)
    return style->accent;
  switch (write_index)
    {
      case 0:
        return style->accent2;
      case 1:
        return style->accent3;
      case 2:
        return ssdb_chart_mix (&style->accent2, &style->foreground, 0.45);
      default:
        return ssdb_chart_mix (&style->accent3, &style->foreground, 0.45);
    }
}

/* Layout ---------------------------------------------------------------------------------- */

typedef struct
{
  double u;
  double margin, gap;
  double title_px, subtitle_px, label_px, caption_px, words_px;
  cairo_rectangle_t title, subtitle, legend, footer, words, plot, temperature;
  double xlabel_y, xtitle_y, unit_y;
  SsdbAxis rate, pos;
  /* The read-back's own axis, on the right, when it is so much faster than the writes that it
   * would squash them near zero on a shared one. */
  SsdbAxis read;
  gboolean read_axis;
  /* Rates above the top of their axis (drawn on its top edge, and counted in a note). */
  guint write_over, read_over;
  double span;
  gboolean phases;
} Layout;

/* A read-back faster than this many times the fastest write gets its own axis. */
#define READ_AXIS_RATIO 2.0

/* The top of the rate axis of the write passes (@read FALSE) or of the read-back (@read TRUE),
 * B/s (ssdb_chart_robust_top() over their segments and, when shown, intervals: a burst of a
 * page cache or a drive's buffer does not flatten the rest); @over gets how many rates lie
 * above it. */
static double
rate_top (const SsdbFillView *view, gboolean read, guint *over)
{
  const SsdbFillResult *r = view->result;
  g_autoptr (GArray) series = g_array_new (FALSE, TRUE, sizeof (SsdbChartSeries));

  for (guint p = 0; p < n_passes (r); p++)
    {
      const SsdbFillPass *pass = pass_at (r, p);
      const GArray *arrays[2] = { pass->segments, view->show_intervals ? pass->intervals : NULL };

      if ((pass->rw == SSDB_RW_READ) != read)
        continue;
      for (guint k = 0; k < 2; k++)
        if (n_points (arrays[k]) > 0)
          {
            SsdbChartSeries s = { arrays[k]->data, arrays[k]->len, sizeof (SsdbFillPoint),
                                  G_STRUCT_OFFSET (SsdbFillPoint, bytes_per_second), FALSE };

            g_array_append_val (series, s);
          }
    }
  return ssdb_chart_robust_top ((const SsdbChartSeries *)series->data, series->len, over);
}

/* The finding, then what the drive counted of the writes. */
static char *
analysis_words (const SsdbFillView *view)
{
  const SsdbFillResult *r = view->result;

  g_autofree char *english = NULL, *translated = NULL;
  const char *previous;

  if (r == NULL)
    return NULL;
  if (r->analysis.words == NULL || ssdb_render_language_is_english (ssdb_render_get_language ()))
    return ssdb_chart_words_with_drive (r->analysis.words, r->drive_counts);
  /* The finding written again in the chart's language, when the analysis still says what the
   * report's words say (an old report may hold words of another version). */
  previous = ssdb_render_language_push ("en");
  english = ssdb_fill_analysis_dup_words (&r->analysis);
  ssdb_render_language_pop (previous);
  if (g_strcmp0 (english, r->analysis.words) != 0)
    return ssdb_chart_words_with_drive (r->analysis.words, r->drive_counts);
  translated = ssdb_render_localize_number (ssdb_fill_analysis_dup_words (&r->analysis));
  return ssdb_chart_words_with_drive (translated, r->drive_counts);
}

/* Lines for the words: one more when the drive's count follows the finding. */
static guint
words_lines (const SsdbFillView *view)
{
  return view->result != NULL && view->result->drive_counts != NULL ? 4 : 3;
}

static void
layout_compute (Layout *l, const SsdbFillView *view, const SsdbStyle *style, PangoContext *pango,
                int width, int height)
{
  const SsdbFillResult *r = view->result;
  double w = MAX (width, 1), h = MAX (height, 1);
  double y, bottom, left_w = 0, right_w = 0, unit_w;
  g_autofree char *words = analysis_words (view);
  guint intervals;

  memset (l, 0, sizeof *l);
  l->u = ssdb_chart_scale (w, h, &l->margin, &l->gap, &l->title_px, &l->subtitle_px);
  l->label_px = ssdb_chart_clamp (11.5 * l->u, 9.5, 28);
  l->caption_px = ssdb_chart_clamp (10.5 * l->u, 9, 24);
  l->words_px = ssdb_chart_clamp (13 * l->u, 10, 30);
  l->span = r != NULL && r->spec.span_length > 0 ? (double)r->spec.span_length : 1e9;
  l->phases
      = view->show_phases && r != NULL && r->analysis.phases != NULL && r->analysis.phases->len > 0;

  y = ssdb_chart_layout_heading (w, l->margin, l->gap, view->target_title, l->title_px, &l->title,
                                 view->target_subtitle, l->subtitle_px, &l->subtitle);
  l->legend = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, round (l->label_px * 1.7) };
  y += l->legend.height;
  l->unit_y = y + round (l->label_px * 0.8);
  /* Clear of the unit above it: the top tick label is centred on the plot's top edge. */
  y += round (l->label_px * 2.1);

  bottom = h - l->margin;
  bottom = ssdb_chart_layout_caption (w, bottom, l->margin, l->gap * 0.5, view->caption,
                                      l->caption_px, &l->footer);
  bottom = ssdb_chart_layout_words (pango, style, w, bottom, l->margin, l->gap, words, l->words_px,
                                    words_lines (view), &l->words);
  /* The drive's temperature under the chart, when it was recorded. */
  l->temperature.height = ssdb_chart_temperature_height (r ? r->temperature : NULL, l->label_px);
  if (l->temperature.height > 0)
    {
      l->temperature.y = bottom - l->temperature.height;
      bottom -= l->temperature.height + l->gap;
    }
  l->xtitle_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.6);
  l->xlabel_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.6) + round (4 * l->u);

  intervals = (guint)ssdb_chart_clamp (floor (MAX (bottom - y, 10) / (45 * l->u)), 2, 10);
  {
    double wmax = rate_top (view, FALSE, &l->write_over),
           rmax = rate_top (view, TRUE, &l->read_over);

    l->read_axis = wmax > 0 && rmax > READ_AXIS_RATIO * wmax;
    ssdb_axis_rate (&l->rate, l->read_axis ? wmax : MAX (wmax, rmax), intervals);
    if (l->read_axis)
      {
        ssdb_axis_rate (&l->read, rmax, intervals);
        for (guint i = 0; i < l->read.n_ticks; i++)
          {
            g_autofree char *text
                = ssdb_axis_format (&l->read, ssdb_axis_tick (&l->read, i), style->locale_numbers);
            double tw;

            ssdb_chart_measure (pango, style, text, l->label_px, PANGO_WEIGHT_NORMAL, &tw, NULL);
            right_w = MAX (right_w, tw + 6 * l->u);
          }
        ssdb_chart_measure (pango, style, l->read.unit, l->label_px, PANGO_WEIGHT_BOLD, &unit_w,
                            NULL);
        right_w = ceil (MAX (right_w, unit_w));
      }
  }
  left_w = MAX (left_w, ssdb_chart_axis_labels_width (pango, style, &l->rate, l->label_px));
  ssdb_chart_measure (pango, style, l->rate.unit, l->label_px, PANGO_WEIGHT_BOLD, &unit_w, NULL);
  left_w = ceil (MAX (left_w, unit_w));

  {
    double x0 = round (l->margin + left_w + 6 * l->u);
    double x1 = round (w - l->margin - MAX (12 * l->u, right_w));

    l->plot = (cairo_rectangle_t){ x0, round (y), MAX (x1 - x0, 10),
                                   MAX (round (bottom) - round (y), 10) };
  }
  l->temperature.x = l->plot.x;
  l->temperature.width = l->plot.width;
  ssdb_axis_nice (&l->pos, 0, l->span / 1e9,
                  (guint)ssdb_chart_clamp (floor (l->plot.width / (80 * l->u)), 2, 12), FALSE);
  l->pos.divisor = 1e9;
  l->pos.unit = "GB";
}

static double
layout_x (const Layout *l, double bytes)
{
  return l->plot.x + bytes / l->span * l->plot.width;
}

/* The y of @bps on @axis (the write axis or the read-back's). */
static double
axis_y (const Layout *l, const SsdbAxis *axis, double bps)
{
  return ssdb_chart_axis_y (axis, &l->plot, bps);
}

static double
layout_y (const Layout *l, double bps)
{
  return axis_y (l, &l->rate, bps);
}

/* The axis of passes of @rw. */
static const SsdbAxis *
pass_axis (const Layout *l, SsdbRw rw)
{
  return rw == SSDB_RW_READ && l->read_axis ? &l->read : &l->rate;
}

static gboolean
layout_phase (const Layout *l, const SsdbFillView *view, guint index, cairo_rectangle_t *rect)
{
  const SsdbFillPhase *ph;
  double x0, x1;

  if (!l->phases || index >= view->result->analysis.phases->len)
    return FALSE;
  ph = &g_array_index (view->result->analysis.phases, SsdbFillPhase, index);
  x0 = layout_x (l, (double)ph->start_bytes);
  x1 = layout_x (l, (double)ph->end_bytes);
  x0 = ssdb_chart_clamp (x0, l->plot.x, l->plot.x + l->plot.width);
  x1 = ssdb_chart_clamp (x1, l->plot.x, l->plot.x + l->plot.width);
  *rect = (cairo_rectangle_t){ x0, l->plot.y, MAX (x1 - x0, 0), l->plot.height };
  return TRUE;
}

SSDB_CHART_DEFINE_LAYOUT_QUERY (SsdbFillView)

SSDB_CHART_DEFINE_PLOT_RECT (ssdb_fill_painter_get_plot_rect, SsdbFillView)

double
ssdb_fill_painter_x_for_bytes (const SsdbFillView *view, int width, int height, double bytes)
{
  Layout l;

  g_return_val_if_fail (view != NULL, 0);
  layout_for_query (&l, view, width, height);
  return layout_x (&l, bytes);
}

double
ssdb_fill_painter_y_for_rate (const SsdbFillView *view, int width, int height,
                              double bytes_per_second)
{
  Layout l;

  g_return_val_if_fail (view != NULL, 0);
  layout_for_query (&l, view, width, height);
  return layout_y (&l, bytes_per_second);
}

double
ssdb_fill_painter_y_for_pass_rate (const SsdbFillView *view, int width, int height, SsdbRw rw,
                                   double bytes_per_second)
{
  Layout l;

  g_return_val_if_fail (view != NULL, 0);
  layout_for_query (&l, view, width, height);
  return axis_y (&l, pass_axis (&l, rw), bytes_per_second);
}

gboolean
ssdb_fill_painter_get_phase_rect (const SsdbFillView *view, int width, int height, guint index,
                                  cairo_rectangle_t *rect)
{
  Layout l;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);
  layout_for_query (&l, view, width, height);
  return layout_phase (&l, view, index, rect);
}

/* Drawing --------------------------------------------------------------------------------- */

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  const SsdbFillView *view;
  Layout l;
  const SsdbAxis *axis; /* the axis of the pass being drawn */
} Painter;

static char *
pass_label (const SsdbFillResult *r, guint index)
{
  const SsdbFillPass *pass = pass_at (r, index);
  guint k = 0;

  if (pass->rw == SSDB_RW_READ)
    return g_strdup (_ ("Read-back"));
  for (guint i = 0; i < index; i++)
    if (pass_at (r, i)->rw != SSDB_RW_READ)
      k++;
  /* Translators: a write pass of the whole-drive fill, "Write pass 1" */
  return g_strdup_printf (_ ("Write pass %u"), k + 1);
}

static guint
write_index (const SsdbFillResult *r, guint index)
{
  guint k = 0;

  for (guint i = 0; i < index; i++)
    if (pass_at (r, i)->rw != SSDB_RW_READ)
      k++;
  return k;
}

static void
draw_legend (Painter *p)
{
  const SsdbFillResult *r = p->view->result;
  const SsdbStyle *style = p->style;
  Layout *l = &p->l;
  guint n = n_passes (r);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) colors = g_array_new (FALSE, FALSE, sizeof (SsdbRgba));
  g_autofree SsdbChartLegendItem *items = NULL;
  SsdbChartLegend legend = {
    .align = SSDB_CHART_ALIGN_END,
    .x = l->plot.x + l->plot.width,
    .min_x = -G_MAXDOUBLE,
    .cy = l->legend.y + l->legend.height / 2,
    .label_px = l->label_px,
    .spacing = round (6 * l->u),
    .gap = round (16 * l->u),
  };

  for (guint i = 0; i < n; i++)
    {
      SsdbRgba c = ssdb_fill_pass_color (style, pass_at (r, i)->rw, write_index (r, i));

      g_ptr_array_add (labels, pass_label (r, i));
      g_array_append_val (colors, c);
    }
  if (p->view->show_intervals && n > 0)
    {
      SsdbRgba c = style->dim;

      g_ptr_array_add (labels, g_strdup (_ ("per 0.5 s")));
      g_array_append_val (colors, c);
    }
  items = g_new0 (SsdbChartLegendItem, MAX (labels->len, 1));
  for (guint i = 0; i < labels->len; i++)
    {
      gboolean faint = p->view->show_intervals && i == n;

      items[i] = (SsdbChartLegendItem){ labels->pdata[i],
                                        SSDB_CHART_SWATCH_LINE,
                                        &g_array_index (colors, SsdbRgba, i),
                                        faint ? 0.6 : 1.0,
                                        round (18 * l->u),
                                        faint ? MAX (1, 1.2 * l->u) : MAX (2, 3 * l->u),
                                        0 };
    }
  ssdb_chart_draw_legend (p->cr, p->pango, style, &legend, items, labels->len);
}

static void
draw_axes (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  cairo_t *cr = p->cr;
  const cairo_rectangle_t *pr = &l->plot;
  double tick_gap = 6 * l->u;
  gboolean loc = style->locale_numbers;

  ssdb_chart_draw_value_grid (cr, p->pango, style, pr, &l->rate, NULL, l->label_px, tick_gap);
  for (guint i = 0; i < l->pos.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->pos, i);
      double x = layout_x (l, v * 1e9);
      g_autofree char *text = ssdb_axis_format (&l->pos, v, loc);

      if (x > pr->x + 1 && x < pr->x + pr->width - 1)
        {
          cairo_move_to (cr, floor (x) + 0.5, pr->y);
          cairo_line_to (cr, floor (x) + 0.5, pr->y + pr->height);
          ssdb_render_set_source (cr, &style->foreground, ssdb_chart_grid_alpha (style) * 0.75);
          cairo_stroke (cr);
        }
      ssdb_chart_draw_text (p->cr, p->pango, p->style, text, x, l->xlabel_y, l->label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, 0, &style->dim, 1.0);
    }
  ssdb_chart_draw_text (p->cr, p->pango, p->style, l->rate.unit, pr->x - tick_gap, l->unit_y,
                        l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_END, 0, &style->foreground,
                        1.0);
  if (l->read_axis)
    {
      SsdbRgba c = ssdb_fill_pass_color (style, SSDB_RW_READ, 0);

      for (guint i = 0; i < l->read.n_ticks; i++)
        {
          double v = ssdb_axis_tick (&l->read, i);
          g_autofree char *text = ssdb_axis_format (&l->read, v, loc);

          ssdb_chart_draw_text (p->cr, p->pango, p->style, text, pr->x + pr->width + tick_gap,
                                axis_y (l, &l->read, v * l->read.divisor), l->label_px,
                                PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0, &c, 1.0);
        }
      ssdb_chart_draw_text (p->cr, p->pango, p->style, l->read.unit, pr->x + pr->width + tick_gap,
                            l->unit_y, l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, 0,
                            &c, 1.0);
    }
  ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("Data written (GB)"), pr->x + pr->width / 2,
                        l->xtitle_y, l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER,
                        pr->width, &style->dim, 1.0);
}

static void
draw_phase_bands (Painter *p)
{
  const SsdbFillAnalysis *an;
  Layout *l = &p->l;
  cairo_t *cr = p->cr;
  const SsdbStyle *style = p->style;

  if (!l->phases)
    return;
  an = &p->view->result->analysis;
  for (guint i = 0; i < an->phases->len; i++)
    {
      cairo_rectangle_t band;

      if (!layout_phase (l, p->view, i, &band))
        continue;
      cairo_rectangle (cr, band.x, band.y, band.width, band.height);
      ssdb_render_set_source (cr, &style->foreground,
                              (i % 2 == 0 ? 0.045 : 0.095)
                                  * (style->theme == SSDB_THEME_DARK ? 1.4 : 1.0));
      cairo_fill (cr);
    }

  /* Each phase's mean rate as a dashed level across its band, under the curves. */
  for (guint i = 0; i < an->phases->len; i++)
    {
      const SsdbFillPhase *ph = &g_array_index (an->phases, SsdbFillPhase, i);
      cairo_rectangle_t band;
      double dash[2] = { 5 * l->u, 4 * l->u };
      double y;

      if (!layout_phase (l, p->view, i, &band) || band.width < 2)
        continue;
      y = layout_y (l, ph->bytes_per_second);
      cairo_save (cr);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, MAX (1, 1.3 * l->u));
      cairo_move_to (cr, band.x, y);
      cairo_line_to (cr, band.x + band.width, y);
      ssdb_render_set_source (cr, &style->foreground, 0.6);
      cairo_stroke (cr);
      cairo_restore (cr);
    }
}

static void
draw_phase_marks (Painter *p)
{
  const SsdbFillAnalysis *an;
  Layout *l = &p->l;
  cairo_t *cr = p->cr;
  const SsdbStyle *style = p->style;
  double dash[2];
  double lh;

  if (!l->phases)
    return;
  an = &p->view->result->analysis;
  ssdb_chart_measure (p->pango, style, "0", l->label_px, PANGO_WEIGHT_NORMAL, NULL, &lh);

  for (guint i = 0; i < an->phases->len; i++)
    {
      const SsdbFillPhase *ph = &g_array_index (an->phases, SsdbFillPhase, i);
      cairo_rectangle_t band;
      g_autofree char *name = NULL;
      g_autofree char *rate = NULL;
      double cx, label_w;
      SsdbRgba bg = ssdb_chart_plot_background (style);

      if (!layout_phase (l, p->view, i, &band) || band.width < 2)
        continue;

      /* Translators: a phase of the fill, numbered from 1 */
      name = g_strdup_printf (_ ("Phase %u"), i + 1);
      rate = ssdb_chart_format_rate (ph->bytes_per_second, style->locale_numbers);
      cx = band.x + band.width / 2;
      label_w = band.width - 8 * l->u;
      if (label_w < 24)
        continue;
      {
        double ty = band.y + 6 * l->u + lh / 2;
        double w1, w2, bw;
        cairo_rectangle_t box;

        ssdb_chart_measure (p->pango, style, name, l->label_px, PANGO_WEIGHT_BOLD, &w1, NULL);
        ssdb_chart_measure (p->pango, style, rate, l->label_px, PANGO_WEIGHT_NORMAL, &w2, NULL);
        bw = MIN (MAX (w1, w2) + 10 * l->u, label_w);
        box = (cairo_rectangle_t){ cx - bw / 2, band.y + 3 * l->u, bw, 2 * lh + 6 * l->u };
        cairo_rectangle (cr, box.x, box.y, box.width, box.height);
        ssdb_render_set_source (cr, &bg, 0.8);
        cairo_fill (cr);
        ssdb_chart_draw_text (p->cr, p->pango, p->style, name, cx, ty, l->label_px,
                              PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER, label_w,
                              &style->foreground, 1.0);
        ssdb_chart_draw_text (p->cr, p->pango, p->style, rate, cx, ty + lh, l->label_px,
                              PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, label_w,
                              &style->foreground, 1.0);
      }
    }

  /* The cache size: a dashed line where the first sustained drop begins. */
  if (an->cache_bytes > 0)
    {
      double x = layout_x (l, (double)an->cache_bytes);
      g_autofree char *size
          = ssdb_chart_format_position ((double)an->cache_bytes, style->locale_numbers);
      /* Translators: the size of the drive's write cache found by the fill, "Cache 12.3 GB" */
      g_autofree char *text = g_strdup_printf (_ ("Cache %s"), size);
      double tw, th, ty;
      gboolean left;

      dash[0] = 2 * l->u;
      dash[1] = 3 * l->u;
      cairo_save (cr);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_set_line_width (cr, MAX (1.5, 2 * l->u));
      cairo_move_to (cr, x, l->plot.y);
      cairo_line_to (cr, x, l->plot.y + l->plot.height);
      ssdb_render_set_source (cr, &style->error, 0.9);
      cairo_stroke (cr);
      cairo_restore (cr);

      ssdb_chart_measure (p->pango, style, text, l->label_px, PANGO_WEIGHT_BOLD, &tw, &th);
      ty = l->plot.y + l->plot.height - th * 0.8 - 4 * l->u;
      left = x + 6 * l->u + tw > l->plot.x + l->plot.width;
      {
        SsdbRgba bg = ssdb_chart_plot_background (style);
        double bx = left ? x - 6 * l->u - tw - 4 * l->u : x + 6 * l->u - 4 * l->u;

        cairo_rectangle (cr, bx, ty - th / 2 - 2 * l->u, tw + 8 * l->u, th + 4 * l->u);
        ssdb_render_set_source (cr, &bg, 0.85);
        cairo_fill (cr);
      }
      ssdb_chart_draw_text (p->cr, p->pango, p->style, text, left ? x - 6 * l->u : x + 6 * l->u, ty,
                            l->label_px, PANGO_WEIGHT_BOLD,
                            left ? SSDB_CHART_ALIGN_END : SSDB_CHART_ALIGN_START, 0, &style->error,
                            1.0);
    }
}

/* A curve with more points than device-pixel columns: its min-max band and mean line per column
 * (see ssdb-decimate.h), kept in the view's cache in @slot until the data changes. */
static void
draw_dense (Painter *p, const GArray *points, gboolean steps, guint slot, const SsdbRgba *color,
            double width, double alpha)
{
  Layout *l = &p->l;
  double key[9];
  guint n_key = ssdb_plot_key (p->cr, &l->plot, l->span, p->axis->lo * p->axis->divisor,
                               p->axis->hi * p->axis->divisor, steps, key);
  const SsdbColumns *cols
      = ssdb_plot_cache_lookup (p->view->cache, slot, points, points->len, key, n_key);
  SsdbColumns *own = NULL;

  if (cols == NULL)
    {
      SsdbColumns *c = ssdb_columns_new (p->cr, l->plot.x, l->plot.width);
      double start = 0;

      for (guint i = 0; i < points->len; i++)
        {
          const SsdbFillPoint *pt = point_at (points, i);
          double y
              = axis_y (l, p->axis, isfinite (pt->bytes_per_second) ? pt->bytes_per_second : 0);
          double x = layout_x (l, (double)pt->position_bytes);

          if (steps)
            ssdb_columns_add_span (c, layout_x (l, start), x, y);
          else
            ssdb_columns_add_point (c, x, y);
          start = (double)pt->position_bytes;
        }
      ssdb_columns_finish (c);
      if (p->view->cache != NULL)
        cols = ssdb_plot_cache_store (p->view->cache, slot, points, points->len, key, n_key, c);
      else
        cols = own = c;
    }
  ssdb_columns_draw (cols, p->cr, color, width, alpha);
  ssdb_columns_free (own);
}

static void
stroke_steps (Painter *p, const GArray *points, guint slot, const SsdbRgba *color, double width,
              double alpha)
{
  Layout *l = &p->l;
  cairo_t *cr = p->cr;
  double start = 0;

  if (n_points (points) == 0)
    return;
  if (ssdb_columns_wanted (cr, l->plot.width, points->len))
    {
      draw_dense (p, points, TRUE, slot, color, width, alpha);
      return;
    }
  for (guint i = 0; i < points->len; i++)
    {
      const SsdbFillPoint *pt = point_at (points, i);
      double y = axis_y (l, p->axis, isfinite (pt->bytes_per_second) ? pt->bytes_per_second : 0);

      if (i == 0)
        cairo_move_to (cr, layout_x (l, start), y);
      else
        cairo_line_to (cr, layout_x (l, start), y);
      cairo_line_to (cr, layout_x (l, (double)pt->position_bytes), y);
      start = (double)pt->position_bytes;
    }
  cairo_set_line_width (cr, width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  ssdb_render_set_source (cr, color, alpha);
  cairo_stroke (cr);
}

static void
stroke_line (Painter *p, const GArray *points, guint slot, const SsdbRgba *color, double width,
             double alpha)
{
  Layout *l = &p->l;
  cairo_t *cr = p->cr;

  if (n_points (points) == 0)
    return;
  if (ssdb_columns_wanted (cr, l->plot.width, points->len))
    {
      draw_dense (p, points, FALSE, slot, color, width, alpha);
      return;
    }
  for (guint i = 0; i < points->len; i++)
    {
      const SsdbFillPoint *pt = point_at (points, i);
      double x = layout_x (l, (double)pt->position_bytes);
      double y = axis_y (l, p->axis, isfinite (pt->bytes_per_second) ? pt->bytes_per_second : 0);

      if (i == 0)
        cairo_move_to (cr, x, y);
      else
        cairo_line_to (cr, x, y);
    }
  cairo_set_line_width (cr, width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  ssdb_render_set_source (cr, color, alpha);
  cairo_stroke (cr);
}

static void
draw_curves (Painter *p)
{
  const SsdbFillResult *r = p->view->result;
  Layout *l = &p->l;
  guint n = n_passes (r);

  if (p->view->show_intervals)
    for (guint i = 0; i < n; i++)
      {
        SsdbRgba c = ssdb_fill_pass_color (p->style, pass_at (r, i)->rw, write_index (r, i));

        p->axis = pass_axis (l, pass_at (r, i)->rw);
        stroke_line (p, pass_at (r, i)->intervals, 8 + MIN (i, 7), &c, MAX (1, 1.1 * l->u), 0.35);
      }
  /* Later passes under earlier ones; the first write pass (the one analysed) on top. */
  for (guint k = n; k > 0; k--)
    {
      guint i = k - 1;
      SsdbRgba c = ssdb_fill_pass_color (p->style, pass_at (r, i)->rw, write_index (r, i));

      p->axis = pass_axis (l, pass_at (r, i)->rw);
      stroke_steps (p, pass_at (r, i)->segments, MIN (i, 7), &c, MAX (1.6, 2.2 * l->u), 1.0);
    }
}

/* Rates beyond the top of their axis: their lines run into the plot's top edge, and a note
 * there says how many and from where ("3 rates above 2.5 GB/s"). */
static void
draw_over_note (Painter *p)
{
  const SsdbFillResult *r = p->view->result;
  Layout *l = &p->l;
  /* per axis: the shared (or the writes') one, then the read-back's own */
  guint n_over[2] = { 0, 0 };
  double y = l->plot.y + l->label_px * 1.1;

  if (l->write_over == 0 && l->read_over == 0)
    return;
  for (guint i = 0; i < n_passes (r); i++)
    {
      const SsdbFillPass *pass = pass_at (r, i);
      const SsdbAxis *axis = pass_axis (l, pass->rw);
      const GArray *arrays[2]
          = { pass->segments, p->view->show_intervals ? pass->intervals : NULL };

      for (guint k = 0; k < 2; k++)
        for (guint j = 0; j < n_points (arrays[k]); j++)
          if (point_at (arrays[k], j)->bytes_per_second > axis->hi * axis->divisor)
            n_over[axis == &l->read]++;
    }
  for (guint a = 0; a < 2; a++)
    {
      const SsdbAxis *axis = a == 0 ? &l->rate : &l->read;
      g_autofree char *top = NULL, *text = NULL;

      if (n_over[a] == 0)
        continue;
      top = ssdb_axis_format (axis, axis->hi, p->style->locale_numbers);
      /* Translators: on the fill chart, rates beyond the top of their axis (bursts of a cache
       * flattening the rest): "3 rates above 2.5 GB/s" */
      text = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%u rate above %s %s", "%u rates above %s %s", n_over[a]),
          n_over[a], top, axis->unit);
      ssdb_chart_draw_text (p->cr, p->pango, p->style, text, l->plot.x + l->plot.width - 4 * l->u,
                            y, l->label_px * 0.9, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0,
                            &p->style->foreground, 0.8);
      y += l->label_px * 1.2;
    }
}

void
ssdb_fill_painter_draw (const SsdbFillView *view, const SsdbStyle *style, cairo_t *cr, int width,
                        int height)
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

  draw_axes (&p);
  draw_legend (&p);

  cairo_save (cr);
  cairo_rectangle (cr, l->plot.x, l->plot.y, l->plot.width, l->plot.height);
  cairo_clip (cr);
  draw_phase_bands (&p);
  if (view->result != NULL)
    draw_curves (&p);
  draw_phase_marks (&p);
  cairo_restore (cr);
  if (view->result != NULL)
    draw_over_note (&p);

  ssdb_chart_stroke_plot_border (cr, style, &l->plot);

  if (n_passes (view->result) == 0)
    ssdb_chart_draw_empty_note (p.cr, p.pango, p.style,
                                view->running ? _ ("Waiting for the first segment…")
                                              : _ ("No fill measured yet"),
                                &l->plot, l->label_px);
  {
    g_autofree char *words = analysis_words (view);

    ssdb_chart_draw_words (cr, p.pango, style, words, l->words_px, &l->words, words_lines (view));
  }
  if (view->result != NULL)
    ssdb_chart_draw_temperature (cr, p.pango, style, &l->temperature, l->label_px,
                                 view->result->temperature);

  g_object_unref (p.pango);
  cairo_restore (cr);
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_fill_png, SsdbFillView, ssdb_fill_painter_draw)
