/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-fill-painter.h"

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

static double
clampd (double v, double lo, double hi)
{
  return v < lo ? lo : v > hi ? hi : v;
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
  cairo_rectangle_t title, subtitle, legend, footer, words, plot;
  double xlabel_y, xtitle_y, unit_y;
  SsdbAxis rate, pos;
  double span;
  gboolean phases;
} Layout;

static double
max_rate (const SsdbFillView *view)
{
  const SsdbFillResult *r = view->result;
  double m = 0;

  for (guint p = 0; p < n_passes (r); p++)
    {
      const SsdbFillPass *pass = pass_at (r, p);

      for (guint i = 0; i < n_points (pass->segments); i++)
        m = MAX (m, point_at (pass->segments, i)->bytes_per_second);
      if (view->show_intervals)
        for (guint i = 0; i < n_points (pass->intervals); i++)
          m = MAX (m, point_at (pass->intervals, i)->bytes_per_second);
    }
  return isfinite (m) ? m : 0;
}

static PangoLayout *
words_layout (PangoContext *pango, const SsdbStyle *style, const char *text, double px,
              double width)
{
  PangoLayout *layout = ssdb_render_layout_new (pango, style, text, px, PANGO_WEIGHT_NORMAL, FALSE);

  pango_layout_set_width (layout, (int)(MAX (width, 10) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (layout, -3);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

static const char *
analysis_words (const SsdbFillView *view)
{
  const SsdbFillResult *r = view->result;

  if (r == NULL || r->analysis.words == NULL || *r->analysis.words == '\0')
    return NULL;
  return r->analysis.words;
}

static void
layout_compute (Layout *l, const SsdbFillView *view, const SsdbStyle *style, PangoContext *pango,
                int width, int height)
{
  const SsdbFillResult *r = view->result;
  double w = MAX (width, 1), h = MAX (height, 1);
  double y, bottom, left_w = 0, unit_w;
  guint intervals;

  memset (l, 0, sizeof *l);
  l->u = clampd (MIN (w / 860.0, h / 560.0), 0.7, 2.4);
  l->margin = round (clampd (14 * l->u, 8, 36));
  l->gap = round (clampd (8 * l->u, 4, 20));
  l->title_px = clampd (17 * l->u, 12, 40);
  l->subtitle_px = clampd (12.5 * l->u, 10, 30);
  l->label_px = clampd (11.5 * l->u, 9.5, 28);
  l->caption_px = clampd (10.5 * l->u, 9, 24);
  l->words_px = clampd (13 * l->u, 10, 30);
  l->span = r != NULL && r->spec.span_length > 0 ? (double)r->spec.span_length : 1e9;
  l->phases
      = view->show_phases && r != NULL && r->analysis.phases != NULL && r->analysis.phases->len > 0;

  y = l->margin;
  if (view->target_title != NULL && *view->target_title)
    {
      l->title = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, round (l->title_px * 1.4) };
      y += l->title.height;
    }
  if (view->target_subtitle != NULL && *view->target_subtitle)
    {
      l->subtitle
          = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, round (l->subtitle_px * 1.45) };
      y += l->subtitle.height;
    }
  if (y > l->margin)
    y += l->gap;
  l->legend = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, round (l->label_px * 1.7) };
  y += l->legend.height;
  l->unit_y = y + round (l->label_px * 0.8);
  y += round (l->label_px * 1.6);

  bottom = h - l->margin;
  if (view->caption != NULL && *view->caption)
    {
      double fh = round (l->caption_px * 1.5);

      l->footer = (cairo_rectangle_t){ l->margin, bottom - fh, w - 2 * l->margin, fh };
      bottom -= fh + l->gap * 0.5;
    }
  if (analysis_words (view) != NULL)
    {
      g_autoptr (PangoLayout) layout
          = words_layout (pango, style, analysis_words (view), l->words_px, w - 2 * l->margin);
      PangoRectangle logical;

      pango_layout_get_extents (layout, NULL, &logical);
      l->words
          = (cairo_rectangle_t){ l->margin, bottom - ceil ((double)logical.height / PANGO_SCALE),
                                 w - 2 * l->margin, ceil ((double)logical.height / PANGO_SCALE) };
      bottom = l->words.y - l->gap;
    }
  l->xtitle_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.6);
  l->xlabel_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.6) + round (4 * l->u);

  intervals = (guint)clampd (floor (MAX (bottom - y, 10) / (45 * l->u)), 2, 10);
  ssdb_axis_rate (&l->rate, max_rate (view), intervals);
  for (guint i = 0; i < l->rate.n_ticks; i++)
    {
      g_autofree char *text
          = ssdb_axis_format (&l->rate, ssdb_axis_tick (&l->rate, i), style->locale_numbers);
      double tw;

      ssdb_chart_measure (pango, style, text, l->label_px, PANGO_WEIGHT_NORMAL, &tw, NULL);
      left_w = MAX (left_w, tw);
    }
  ssdb_chart_measure (pango, style, l->rate.unit, l->label_px, PANGO_WEIGHT_BOLD, &unit_w, NULL);
  left_w = ceil (MAX (left_w, unit_w));

  {
    double x0 = round (l->margin + left_w + 6 * l->u);
    double x1 = round (w - l->margin - 12 * l->u);

    l->plot = (cairo_rectangle_t){ x0, round (y), MAX (x1 - x0, 10),
                                   MAX (round (bottom) - round (y), 10) };
  }
  ssdb_axis_nice (&l->pos, 0, l->span / 1e9,
                  (guint)clampd (floor (l->plot.width / (80 * l->u)), 2, 12), FALSE);
  l->pos.divisor = 1e9;
  l->pos.unit = "GB";
}

static double
layout_x (const Layout *l, double bytes)
{
  return l->plot.x + bytes / l->span * l->plot.width;
}

static double
layout_y (const Layout *l, double bps)
{
  double v = bps / l->rate.divisor;

  return l->plot.y + l->plot.height - (v - l->rate.lo) / (l->rate.hi - l->rate.lo) * l->plot.height;
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
  x0 = clampd (x0, l->plot.x, l->plot.x + l->plot.width);
  x1 = clampd (x1, l->plot.x, l->plot.x + l->plot.width);
  *rect = (cairo_rectangle_t){ x0, l->plot.y, MAX (x1 - x0, 0), l->plot.height };
  return TRUE;
}

static void
layout_for_query (Layout *l, const SsdbFillView *view, int width, int height)
{
  SsdbStyle style;
  PangoContext *pango = ssdb_chart_scratch_context ();

  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  layout_compute (l, view, &style, pango, width, height);
  g_object_unref (pango);
}

void
ssdb_fill_painter_get_plot_rect (const SsdbFillView *view, int width, int height,
                                 cairo_rectangle_t *rect)
{
  Layout l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (rect != NULL);
  layout_for_query (&l, view, width, height);
  *rect = l.plot;
}

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
} Painter;

static void
draw_text (Painter *p, const char *text, double x, double y, double px, PangoWeight weight,
           SsdbChartAlign align, double max_w, const SsdbRgba *color)
{
  ssdb_chart_draw_text (p->cr, p->pango, p->style, text, x, y, px, weight, align, max_w, color,
                        1.0);
}

static double
grid_alpha (const SsdbStyle *style)
{
  switch (style->theme)
    {
      case SSDB_THEME_DARK:
        return 0.16;
      case SSDB_THEME_HIGH_CONTRAST:
        return 0.35;
      case SSDB_THEME_LIGHT:
      case SSDB_THEME_REVIEW:
      default:
        return 0.13;
    }
}

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
  cairo_t *cr = p->cr;
  double cy = l->legend.y + l->legend.height / 2, sw = round (18 * l->u), sp = round (6 * l->u);
  double gap = round (16 * l->u), total = 0, x;
  guint n = n_passes (r);
  g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) colors = g_array_new (FALSE, FALSE, sizeof (SsdbRgba));
  g_autoptr (GArray) widths = g_array_new (FALSE, FALSE, sizeof (double));

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
  for (guint i = 0; i < labels->len; i++)
    {
      double tw;

      ssdb_chart_measure (p->pango, style, labels->pdata[i], l->label_px, PANGO_WEIGHT_NORMAL, &tw,
                          NULL);
      g_array_append_val (widths, tw);
      total += sw + sp + tw + (i ? gap : 0);
    }
  x = l->plot.x + l->plot.width - total;
  for (guint i = 0; i < labels->len; i++)
    {
      gboolean faint = p->view->show_intervals && i == n;

      if (i)
        x += gap;
      cairo_set_line_width (cr, faint ? MAX (1, 1.2 * l->u) : MAX (2, 3 * l->u));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      cairo_move_to (cr, x + 1, cy);
      cairo_line_to (cr, x + sw - 1, cy);
      ssdb_render_set_source (cr, &g_array_index (colors, SsdbRgba, i), faint ? 0.6 : 1.0);
      cairo_stroke (cr);
      x += sw + sp;
      draw_text (p, labels->pdata[i], x, cy, l->label_px, PANGO_WEIGHT_NORMAL,
                 SSDB_CHART_ALIGN_START, 0, &style->foreground);
      x += g_array_index (widths, double, i);
    }
}

static void
draw_axes (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  cairo_t *cr = p->cr;
  const cairo_rectangle_t *pr = &l->plot;
  SsdbRgba bg = ssdb_chart_plot_background (style);
  double tick_gap = 6 * l->u;
  gboolean loc = style->locale_numbers;

  cairo_rectangle (cr, pr->x, pr->y, pr->width, pr->height);
  ssdb_render_set_source (cr, &bg, 1.0);
  cairo_fill (cr);

  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < l->rate.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->rate, i);
      double y = layout_y (l, v * l->rate.divisor);
      g_autofree char *text = ssdb_axis_format (&l->rate, v, loc);

      if (i > 0 && i + 1 < l->rate.n_ticks)
        {
          cairo_move_to (cr, pr->x, floor (y) + 0.5);
          cairo_line_to (cr, pr->x + pr->width, floor (y) + 0.5);
          ssdb_render_set_source (cr, &style->foreground, grid_alpha (style));
          cairo_stroke (cr);
        }
      draw_text (p, text, pr->x - tick_gap, y, l->label_px, PANGO_WEIGHT_NORMAL,
                 SSDB_CHART_ALIGN_END, 0, &style->dim);
    }
  for (guint i = 0; i < l->pos.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->pos, i);
      double x = layout_x (l, v * 1e9);
      g_autofree char *text = ssdb_axis_format (&l->pos, v, loc);

      if (x > pr->x + 1 && x < pr->x + pr->width - 1)
        {
          cairo_move_to (cr, floor (x) + 0.5, pr->y);
          cairo_line_to (cr, floor (x) + 0.5, pr->y + pr->height);
          ssdb_render_set_source (cr, &style->foreground, grid_alpha (style) * 0.75);
          cairo_stroke (cr);
        }
      draw_text (p, text, x, l->xlabel_y, l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER,
                 0, &style->dim);
    }
  draw_text (p, l->rate.unit, pr->x - tick_gap, l->unit_y, l->label_px, PANGO_WEIGHT_BOLD,
             SSDB_CHART_ALIGN_END, 0, &style->foreground);
  draw_text (p, _ ("Data written (GB)"), pr->x + pr->width / 2, l->xtitle_y, l->label_px,
             PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, pr->width, &style->dim);
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
        draw_text (p, name, cx, ty, l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER,
                   label_w, &style->foreground);
        draw_text (p, rate, cx, ty + lh, l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER,
                   label_w, &style->foreground);
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
      draw_text (p, text, left ? x - 6 * l->u : x + 6 * l->u, ty, l->label_px, PANGO_WEIGHT_BOLD,
                 left ? SSDB_CHART_ALIGN_END : SSDB_CHART_ALIGN_START, 0, &style->error);
    }
}

static void
stroke_steps (Painter *p, const GArray *points, const SsdbRgba *color, double width, double alpha)
{
  Layout *l = &p->l;
  cairo_t *cr = p->cr;
  double start = 0;

  if (n_points (points) == 0)
    return;
  for (guint i = 0; i < points->len; i++)
    {
      const SsdbFillPoint *pt = point_at (points, i);
      double y = layout_y (l, isfinite (pt->bytes_per_second) ? pt->bytes_per_second : 0);

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
stroke_line (Painter *p, const GArray *points, const SsdbRgba *color, double width, double alpha)
{
  Layout *l = &p->l;
  cairo_t *cr = p->cr;

  if (n_points (points) == 0)
    return;
  for (guint i = 0; i < points->len; i++)
    {
      const SsdbFillPoint *pt = point_at (points, i);
      double x = layout_x (l, (double)pt->position_bytes);
      double y = layout_y (l, isfinite (pt->bytes_per_second) ? pt->bytes_per_second : 0);

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

        stroke_line (p, pass_at (r, i)->intervals, &c, MAX (1, 1.1 * l->u), 0.35);
      }
  /* Later passes under earlier ones; the first write pass (the one analysed) on top. */
  for (guint k = n; k > 0; k--)
    {
      guint i = k - 1;
      SsdbRgba c = ssdb_fill_pass_color (p->style, pass_at (r, i)->rw, write_index (r, i));

      stroke_steps (p, pass_at (r, i)->segments, &c, MAX (1.6, 2.2 * l->u), 1.0);
    }
}

static void
draw_words (Painter *p)
{
  Layout *l = &p->l;
  const char *words = analysis_words (p->view);
  g_autoptr (PangoLayout) layout = NULL;
  PangoRectangle logical;

  if (words == NULL || l->words.height <= 0)
    return;
  layout = words_layout (p->pango, p->style, words, l->words_px, l->words.width);
  pango_layout_get_extents (layout, NULL, &logical);
  ssdb_render_set_source (p->cr, &p->style->foreground, 1.0);
  cairo_move_to (p->cr, l->words.x, l->words.y - (double)logical.y / PANGO_SCALE);
  pango_cairo_show_layout (p->cr, layout);
}

void
ssdb_fill_painter_draw (const SsdbFillView *view, const SsdbStyle *style, cairo_t *cr, int width,
                        int height)
{
  Painter p = { 0 };
  Layout *l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0)
    return;

  cairo_save (cr);
  p.cr = cr;
  p.style = style;
  p.view = view;
  p.pango = ssdb_render_create_pango_context (cr);
  layout_compute (&p.l, view, style, p.pango, width, height);
  l = &p.l;

  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  ssdb_render_set_source (cr, &style->background, 1.0);
  cairo_paint (cr);

  {
    SsdbChartHeading heading
        = { view->target_title, l->title,      l->title_px, view->target_subtitle, l->subtitle,
            l->subtitle_px,     view->caption, l->footer,   l->caption_px };

    ssdb_chart_draw_heading (cr, p.pango, style, &heading);
  }

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

  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, l->plot.x + 0.5, l->plot.y + 0.5, l->plot.width - 1, l->plot.height - 1);
  ssdb_render_set_source (cr, &style->foreground,
                          style->theme == SSDB_THEME_HIGH_CONTRAST ? 1.0 : 0.35);
  cairo_stroke (cr);

  if (n_passes (view->result) == 0)
    draw_text (&p,
               view->running ? _ ("Waiting for the first segment…") : _ ("No fill measured yet"),
               l->plot.x + l->plot.width / 2, l->plot.y + l->plot.height / 2, l->label_px * 1.2,
               PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, l->plot.width - 20, &style->dim);
  draw_words (&p);

  g_object_unref (p.pango);
  cairo_restore (cr);
}

static void
draw_thunk (gconstpointer view, const SsdbStyle *style, cairo_t *cr, int width, int height)
{
  ssdb_fill_painter_draw (view, style, cr, width, height);
}

gboolean
ssdb_render_fill_png (const SsdbFillView *view, const SsdbStyle *style, const char *path, int width,
                      int height, double scale, GError **error)
{
  g_return_val_if_fail (view != NULL, FALSE);
  return ssdb_chart_write_png (draw_thunk, view, style, path, width, height, scale, error);
}
