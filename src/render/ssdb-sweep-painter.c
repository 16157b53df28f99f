/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-sweep-painter.h"

#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

#define DEFAULT_ROWS 18

void
ssdb_sweep_view_init (SsdbSweepView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
}

char *
ssdb_sweep_size_label (guint64 bytes)
{
  if (bytes >= (1u << 20) && bytes % (1u << 20) == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " MiB", bytes >> 20);
  if (bytes >= 1024 && bytes % 1024 == 0)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " KiB", bytes >> 10);
  return g_strdup_printf ("%" G_GUINT64_FORMAT " B", bytes);
}

guint
ssdb_sweep_painter_n_rows (const SsdbSweepView *view)
{
  g_return_val_if_fail (view != NULL, 0);
  if (view->result != NULL && view->result->n_sizes > 0)
    return MIN (view->result->n_sizes, SSDB_SWEEP_MAX_SIZES);
  return DEFAULT_ROWS;
}

static guint
row_size (const SsdbSweepView *view, guint row)
{
  if (view->result != NULL && view->result->n_sizes > 0)
    return view->result->sizes[MIN (row, SSDB_SWEEP_MAX_SIZES - 1)];
  return 512u << MIN (row, 22u);
}

static const SsdbSweepPoint *
find_point (const SsdbSweepView *view, guint row, SsdbRw rw)
{
  const GArray *a;
  guint size;

  if (view->result == NULL)
    return NULL;
  a = rw == SSDB_RW_WRITE ? view->result->write : view->result->read;
  if (a == NULL)
    return NULL;
  size = row_size (view, row);
  for (guint i = 0; i < a->len; i++)
    if (g_array_index (a, SsdbSweepPoint, i).size == size)
      return &g_array_index (a, SsdbSweepPoint, i);
  return NULL;
}

/* The point's rate when it is one that can be drawn, else -1. */
static double
point_rate (const SsdbSweepPoint *pt)
{
  if (pt == NULL || !isfinite (pt->bytes_per_second) || pt->bytes_per_second < 0)
    return -1;
  return pt->bytes_per_second;
}

static double
max_rate (const SsdbSweepView *view)
{
  double m = 0;
  guint n = ssdb_sweep_painter_n_rows (view);

  for (guint i = 0; i < n; i++)
    {
      m = MAX (m, point_rate (find_point (view, i, SSDB_RW_READ)));
      m = MAX (m, point_rate (find_point (view, i, SSDB_RW_WRITE)));
    }
  return m;
}

char *
ssdb_sweep_painter_dup_cell_text (const SsdbSweepView *view, guint row, SsdbRw rw, gboolean iops,
                                  gboolean locale_numbers)
{
  const SsdbSweepPoint *pt;
  double v;

  g_return_val_if_fail (view != NULL, NULL);
  pt = row < ssdb_sweep_painter_n_rows (view) ? find_point (view, row, rw) : NULL;
  if (pt == NULL)
    return g_strdup ("\u2014");
  if (iops)
    {
      v = pt->iops;
      if (!isfinite (v) || v < 0)
        return g_strdup ("\u2014");
      return ssdb_chart_format_double (v, 0, locale_numbers);
    }
  v = point_rate (pt);
  if (v < 0)
    return g_strdup ("\u2014");
  v /= 1e6;
  return ssdb_chart_format_double (v, v < 10 ? 2 : 1, locale_numbers);
}

/* Layout ---------------------------------------------------------------------------------- */

typedef struct
{
  double u;
  double margin, gap;
  double title_px, subtitle_px, label_px, caption_px, words_px, cell_px;
  cairo_rectangle_t title, subtitle, legend, footer, words, plot;
  double ticks_y, header_y;
  guint n;
  double row_h;
  /* table columns: right edges, and their widths */
  guint n_cols;
  double col_right[4];
  double col_w;
  SsdbAxis rate;
} Layout;

/* The engine's words again, in the chart's language (SsdbChartWordsFunc). */
static char *
sweep_words (gconstpointer result)
{
  return ssdb_sweep_result_dup_words (result);
}

/* The finding under the table, in the chart's language. */
static char *
summary_words (const SsdbSweepView *view)
{
  const SsdbSweepResult *r = view->result;

  if (r == NULL || r->words == NULL || *r->words == '\0')
    return NULL;
  return ssdb_chart_words_in_language (r->words, sweep_words, r);
}

static const char *
column_header (const SsdbSweepView *view, guint col)
{
  /* Column order: write, read (as the bars), MB/s first, IOPS after. */
  static const char *const names[]
      = { N_ ("Write MB/s"), N_ ("Read MB/s"), N_ ("Write IOPS"), N_ ("Read IOPS") };

  (void)view;
  return _ (names[MIN (col, 3)]);
}

static void
layout_compute (Layout *l, const SsdbSweepView *view, const SsdbStyle *style, PangoContext *pango,
                int width, int height)
{
  double w = MAX (width, 1), h = MAX (height, 1);
  double y, bottom, left_w = 0, right;
  g_autofree char *words = NULL;
  guint intervals;

  memset (l, 0, sizeof *l);
  l->u = ssdb_chart_scale (w, h, &l->margin, &l->gap, &l->title_px, &l->subtitle_px);
  l->label_px = ssdb_chart_clamp (11.5 * l->u, 9.5, 28);
  l->caption_px = ssdb_chart_clamp (10.5 * l->u, 9, 24);
  l->words_px = ssdb_chart_clamp (13 * l->u, 10, 30);
  l->n = ssdb_sweep_painter_n_rows (view);

  y = ssdb_chart_layout_heading (w, l->margin, l->gap, view->target_title, l->title_px, &l->title,
                                 view->target_subtitle, l->subtitle_px, &l->subtitle);
  l->legend = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, round (l->label_px * 1.7) };
  y += l->legend.height + round (2 * l->u);
  l->ticks_y = y + round (l->label_px * 0.8);
  l->header_y = l->ticks_y;
  y += round (l->label_px * 1.6) + round (4 * l->u);

  bottom = h - l->margin;
  bottom = ssdb_chart_layout_caption (w, bottom, l->margin, l->gap * 0.5, view->caption,
                                      l->caption_px, &l->footer);
  words = summary_words (view);
  bottom = ssdb_chart_layout_words (pango, style, w, bottom, l->margin, l->gap, words, l->words_px,
                                    3, &l->words);

  /* Row height sets the table's font, so many rows on a small image stay legible. */
  l->row_h = MAX (bottom - y, 10) / MAX (l->n, 1);
  l->cell_px = ssdb_chart_clamp (MIN (l->label_px, l->row_h * 0.62), 7, l->label_px);

  for (guint i = 0; i < l->n; i++)
    {
      g_autofree char *text = ssdb_sweep_size_label (row_size (view, i));
      double tw;

      ssdb_chart_measure (pango, style, text, l->cell_px, PANGO_WEIGHT_BOLD, &tw, NULL);
      left_w = MAX (left_w, tw);
    }

  /* Table columns: as wide as the widest header or a typical wide number. */
  l->n_cols = view->show_iops ? 4 : 2;
  l->col_w = 0;
  for (guint c = 0; c < l->n_cols; c++)
    {
      double tw;

      ssdb_chart_measure (pango, style, column_header (view, c), l->label_px, PANGO_WEIGHT_BOLD,
                          &tw, NULL);
      l->col_w = MAX (l->col_w, tw);
    }
  {
    double tw;

    ssdb_chart_measure (pango, style, "00000.0", l->cell_px, PANGO_WEIGHT_NORMAL, &tw, NULL);
    l->col_w = ceil (MAX (l->col_w, tw) + 12 * l->u);
  }
  right = w - l->margin;
  for (guint c = l->n_cols; c > 0; c--)
    {
      l->col_right[c - 1] = right;
      right -= l->col_w;
    }

  {
    double x0 = round (l->margin + ceil (left_w) + 10 * l->u);
    double x1 = round (right - 22 * l->u);

    l->plot = (cairo_rectangle_t){ x0, round (y), MAX (x1 - x0, 10),
                                   MAX (round (bottom) - round (y), 10) };
  }
  l->row_h = l->plot.height / MAX (l->n, 1);
  intervals = (guint)ssdb_chart_clamp (floor (l->plot.width / (70 * l->u)), 2, 10);
  ssdb_axis_rate (&l->rate, max_rate (view), intervals);
}

static double
layout_x (const Layout *l, double bps)
{
  double v = bps / l->rate.divisor;

  return l->plot.x + (v - l->rate.lo) / (l->rate.hi - l->rate.lo) * l->plot.width;
}

static gboolean
layout_bar (const Layout *l, const SsdbSweepView *view, guint row, SsdbRw rw,
            cairo_rectangle_t *rect)
{
  double pair, bh, gap, top, rate, x1;

  if (row >= l->n)
    return FALSE;
  pair = l->row_h * 0.76;
  gap = l->row_h > 12 ? MAX (1, round (l->row_h * 0.04)) : 0;
  bh = (pair - gap) / 2;
  top = l->plot.y + row * l->row_h + (l->row_h - pair) / 2;
  if (rw == SSDB_RW_READ)
    top += bh + gap;
  rate = point_rate (find_point (view, row, rw));
  x1 = rate > 0 ? ssdb_chart_clamp (layout_x (l, rate), l->plot.x, l->plot.x + l->plot.width)
                : l->plot.x;
  *rect = (cairo_rectangle_t){ l->plot.x, top, x1 - l->plot.x, bh };
  return TRUE;
}

SSDB_CHART_DEFINE_LAYOUT_QUERY (SsdbSweepView)

SSDB_CHART_DEFINE_PLOT_RECT (ssdb_sweep_painter_get_plot_rect, SsdbSweepView)

double
ssdb_sweep_painter_x_for_rate (const SsdbSweepView *view, int width, int height,
                               double bytes_per_second)
{
  Layout l;

  g_return_val_if_fail (view != NULL, 0);
  layout_for_query (&l, view, width, height);
  return layout_x (&l, bytes_per_second);
}

gboolean
ssdb_sweep_painter_get_bar_rect (const SsdbSweepView *view, int width, int height, guint row,
                                 SsdbRw rw, cairo_rectangle_t *rect)
{
  Layout l;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);
  layout_for_query (&l, view, width, height);
  return layout_bar (&l, view, row, rw, rect);
}

void
ssdb_sweep_painter_get_rate_axis (const SsdbSweepView *view, int width, int height, SsdbAxis *axis)
{
  Layout l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (axis != NULL);
  layout_for_query (&l, view, width, height);
  *axis = l.rate;
}

/* Drawing --------------------------------------------------------------------------------- */

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  const SsdbSweepView *view;
  Layout l;
} Painter;

static void
draw_legend (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  double sw = round (14 * l->u), x;
  SsdbChartLegendItem items[2] = {
    { _ ("Write"), SSDB_CHART_SWATCH_BAR, &style->accent2, 1.0, sw, 0, 0 },
    { _ ("Read"), SSDB_CHART_SWATCH_BAR, &style->accent, 1.0, sw, 0, 0 },
  };
  SsdbChartLegend legend = {
    .align = SSDB_CHART_ALIGN_START,
    .x = l->plot.x,
    .cy = l->legend.y + l->legend.height / 2,
    .label_px = l->label_px,
    .spacing = round (6 * l->u),
    .gap = round (18 * l->u),
  };

  x = ssdb_chart_draw_legend (p->cr, p->pango, style, &legend, items, G_N_ELEMENTS (items));
  if (p->view->result != NULL)
    {
      /* Translators: the sweep's queue depth in the legend, "QD4" */
      g_autofree char *qd = g_strdup_printf (_ ("QD%u"), p->view->result->spec.queue_depth);

      ssdb_chart_draw_text (p->cr, p->pango, p->style, qd, x, legend.cy, l->label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0, &style->dim, 1.0);
    }
}

static void
draw_grid_and_axis (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  cairo_t *cr = p->cr;
  const cairo_rectangle_t *pr = &l->plot;
  gboolean loc = style->locale_numbers;

  ssdb_chart_fill_plot (cr, style, pr);

  /* Alternate rows lightly shaded across bars and table, for reading a row to its numbers. */
  for (guint i = 1; i < l->n; i += 2)
    {
      cairo_rectangle (cr, l->margin, pr->y + i * l->row_h, l->col_right[l->n_cols - 1] - l->margin,
                       l->row_h);
      ssdb_render_set_source (cr, &style->foreground,
                              style->theme == SSDB_THEME_DARK ? 0.05 : 0.035);
      cairo_fill (cr);
    }

  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < l->rate.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->rate, i);
      double x = layout_x (l, v * l->rate.divisor);
      g_autofree char *text = ssdb_axis_format (&l->rate, v, loc);

      if (i > 0 && i + 1 < l->rate.n_ticks)
        {
          cairo_move_to (cr, floor (x) + 0.5, pr->y);
          cairo_line_to (cr, floor (x) + 0.5, pr->y + pr->height);
          ssdb_render_set_source (cr, &style->foreground, ssdb_chart_grid_alpha (style));
          cairo_stroke (cr);
        }
      cairo_move_to (cr, floor (x) + 0.5, pr->y - 4 * l->u);
      cairo_line_to (cr, floor (x) + 0.5, pr->y);
      ssdb_render_set_source (cr, &style->foreground, 0.5);
      cairo_stroke (cr);
      /* The last label makes room for the unit after it. */
      if (i + 1 == l->rate.n_ticks)
        {
          g_autofree char *full = g_strdup_printf ("%s %s", text, l->rate.unit);

          ssdb_chart_draw_text (p->cr, p->pango, p->style, full, x + 4 * l->u, l->ticks_y,
                                l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_END, 0,
                                &style->foreground, 1.0);
        }
      else
        ssdb_chart_draw_text (
            p->cr, p->pango, p->style, text, x, l->ticks_y, l->label_px, PANGO_WEIGHT_NORMAL,
            i == 0 ? SSDB_CHART_ALIGN_START : SSDB_CHART_ALIGN_CENTER, 0, &style->dim, 1.0);
    }
}

static void
draw_rows (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbSweepView *view = p->view;
  cairo_t *cr = p->cr;
  gboolean loc = style->locale_numbers;

  for (guint c = 0; c < l->n_cols; c++)
    ssdb_chart_draw_text (p->cr, p->pango, p->style, column_header (view, c), l->col_right[c],
                          l->header_y, l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_END,
                          l->col_w - 4 * l->u, c % 2 == 0 ? &style->accent2 : &style->accent, 1.0);

  for (guint i = 0; i < l->n; i++)
    {
      double cy = l->plot.y + (i + 0.5) * l->row_h;
      g_autofree char *label = ssdb_sweep_size_label (row_size (view, i));

      ssdb_chart_draw_text (p->cr, p->pango, p->style, label, l->plot.x - 8 * l->u, cy, l->cell_px,
                            PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_END, 0, &style->foreground, 1.0);
      for (guint k = 0; k < 2; k++)
        {
          SsdbRw rw = k == 0 ? SSDB_RW_WRITE : SSDB_RW_READ;
          cairo_rectangle_t r;

          if (!layout_bar (l, view, i, rw, &r) || r.width <= 0)
            continue;
          cairo_rectangle (cr, r.x, r.y, r.width, r.height);
          ssdb_render_set_source (cr, rw == SSDB_RW_WRITE ? &style->accent2 : &style->accent, 1.0);
          cairo_fill (cr);
        }
      for (guint c = 0; c < l->n_cols; c++)
        {
          SsdbRw rw = c % 2 == 0 ? SSDB_RW_WRITE : SSDB_RW_READ;
          g_autofree char *text = ssdb_sweep_painter_dup_cell_text (view, i, rw, c >= 2, loc);

          ssdb_chart_draw_text (p->cr, p->pango, p->style, text, l->col_right[c], cy, l->cell_px,
                                PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, l->col_w - 4 * l->u,
                                find_point (view, i, rw) != NULL ? &style->foreground : &style->dim,
                                1.0);
        }
    }

  /* Axis line at 0 over the bars' roots. */
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, l->plot.x + 0.5, l->plot.y);
  cairo_line_to (cr, l->plot.x + 0.5, l->plot.y + l->plot.height);
  ssdb_render_set_source (cr, &style->foreground,
                          style->theme == SSDB_THEME_HIGH_CONTRAST ? 1 : 0.5);
  cairo_stroke (cr);
}

void
ssdb_sweep_painter_draw (const SsdbSweepView *view, const SsdbStyle *style, cairo_t *cr, int width,
                         int height)
{
  SSDB_RENDER_LANGUAGE_SCOPE (style);

  Painter p = { 0 };
  Layout *l;
  g_autofree char *words = NULL;

  g_return_if_fail (view != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0)
    return;

  SSDB_CHART_PAINTER_BEGIN (p, l, view, style, cr, width, height);

  draw_legend (&p);
  draw_grid_and_axis (&p);
  draw_rows (&p);

  ssdb_chart_stroke_plot_border (cr, style, &l->plot);

  if (max_rate (view) <= 0)
    ssdb_chart_draw_empty_note (p.cr, p.pango, p.style,
                                view->running ? _ ("Waiting for the first transfer size…")
                                              : _ ("No transfer sizes measured yet"),
                                &l->plot, l->label_px);
  words = summary_words (view);
  ssdb_chart_draw_words (cr, p.pango, style, words, l->words_px, &l->words, 3);

  g_object_unref (p.pango);
  cairo_restore (cr);
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_sweep_png, SsdbSweepView, ssdb_sweep_painter_draw)
