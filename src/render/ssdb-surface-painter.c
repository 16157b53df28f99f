/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-surface-painter.h"
#include "ssdb-decimate.h"
#include "ssdb-units.h"
#include "ssdb-verdict.h"

#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

void
ssdb_surface_view_init (SsdbSurfaceView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->hover_index = -1;
  view->hover_rw = SSDB_RW_READ;
}

static guint
n_samples (const GArray *a)
{
  return a != NULL ? a->len : 0;
}

static const SsdbSurfaceSample *
sample_at (const GArray *a, guint i)
{
  return &g_array_index (a, SsdbSurfaceSample, i);
}

static const GArray *
curve (const SsdbSurfaceResult *r, SsdbRw rw)
{
  if (r == NULL)
    return NULL;
  return rw == SSDB_RW_WRITE ? r->write : r->read;
}

double
ssdb_surface_sample_position (const SsdbSurfaceResult *result, const SsdbSurfaceSample *sample)
{
  double s, L, b, o;

  g_return_val_if_fail (result != NULL, 0);
  g_return_val_if_fail (sample != NULL, 0);

  s = (double)result->spec.span_offset;
  L = (double)result->spec.span_length;
  b = (double)(sample->bytes > 0 ? sample->bytes : result->spec.sample_bytes);
  o = (double)sample->offset_bytes;
  if (!(L > b))
    return o;
  return ssdb_chart_clamp (s + (o - s) * L / (L - b), s, s + L);
}

/* Layout ---------------------------------------------------------------------------------- */

typedef struct
{
  double u;
  double margin, gap, pad;
  double title_px, subtitle_px, label_px, panel_px, caption_px;
  cairo_rectangle_t title, subtitle, legend, footer, panel, plot, temperature;
  double pct_y, xlabel_y, xtitle_y;
  double left_w, right_w;
  SsdbAxis rate, lat, pos, pct;
  gboolean has_access, has_write;
  double span_lo, span_hi, device_bytes;
} Layout;

static double
max_rate (const SsdbSurfaceResult *r)
{
  double m = 0;

  for (int k = 0; k < 2; k++)
    {
      const GArray *a = curve (r, k == 0 ? SSDB_RW_READ : SSDB_RW_WRITE);

      for (guint i = 0; i < n_samples (a); i++)
        if (isfinite (sample_at (a, i)->bytes_per_second))
          m = MAX (m, sample_at (a, i)->bytes_per_second);
    }
  return m;
}

/* The top of the access-time axis, ns (ssdb_chart_robust_top()): outliers then sit on the top
 * edge, marked, instead of flattening every other dot onto zero. */
static double
latency_axis_top (const SsdbSurfaceResult *r)
{
  SsdbChartSeries access = { 0 };

  if (r == NULL || r->access == NULL || r->access->len == 0)
    return 0;
  access.base = r->access->data;
  access.n = r->access->len;
  access.stride = sizeof (SsdbAccessSample);
  access.offset = G_STRUCT_OFFSET (SsdbAccessSample, latency_ns);
  access.is_u64 = TRUE;
  return ssdb_chart_robust_top (&access, 1, NULL);
}

/* The smallest of 1, 2, 5 × 10^k at or above @v; 0 for no positive @v. */
static double
step_at_or_above (double v)
{
  static const double m[] = { 1, 2, 5, 10 };
  double e;

  if (!(v > 0) || !isfinite (v))
    return 0;
  e = pow (10, floor (log10 (v)));
  for (guint i = 0; i < G_N_ELEMENTS (m); i++)
    if (m[i] * e >= v)
      return m[i] * e;
  return 10 * e;
}

void
ssdb_surface_painter_get_headroom (const SsdbSurfaceResult *result, double *rate_floor,
                                   double *latency_floor)
{
  g_return_if_fail (rate_floor != NULL);
  g_return_if_fail (latency_floor != NULL);

  *rate_floor = result ? step_at_or_above (1.25 * max_rate (result)) : 0;
  *latency_floor = result ? step_at_or_above (1.25 * latency_axis_top (result)) : 0;
}

static void
layout_compute (Layout *l, const SsdbSurfaceView *view, const SsdbStyle *style, PangoContext *pango,
                int width, int height)
{
  const SsdbSurfaceResult *r = view->result;
  double w = MAX (width, 1), h = MAX (height, 1);
  double y, bottom, panel_w, unit_w, est_h;
  guint intervals;

  memset (l, 0, sizeof *l);
  l->u = ssdb_chart_scale (w, h, &l->margin, &l->gap, &l->title_px, &l->subtitle_px);
  l->pad = round (ssdb_chart_clamp (10 * l->u, 6, 24));
  l->label_px = ssdb_chart_clamp (11.5 * l->u, 9.5, 28);
  l->panel_px = ssdb_chart_clamp (12 * l->u, 9.5, 28);
  l->caption_px = ssdb_chart_clamp (10.5 * l->u, 9, 24);

  l->has_access = r != NULL && (r->spec.access_samples > 0 || n_samples (r->access) > 0);
  l->has_write
      = r != NULL && (r->spec.write == SSDB_SURFACE_WRITE_DESTROY || n_samples (r->write) > 0);
  if (r != NULL && r->spec.span_length > 0)
    {
      l->span_lo = (double)r->spec.span_offset;
      l->span_hi = (double)r->spec.span_offset + (double)r->spec.span_length;
    }
  else
    {
      l->span_lo = 0;
      l->span_hi = view->device_bytes > 0 ? (double)view->device_bytes : 1e9;
    }
  l->device_bytes = view->device_bytes > 0 ? (double)view->device_bytes : l->span_hi;

  y = ssdb_chart_layout_heading (w, l->margin, l->gap, view->target_title, l->title_px, &l->title,
                                 view->target_subtitle, l->subtitle_px, &l->subtitle);

  bottom = h - l->margin;
  bottom = ssdb_chart_layout_caption (w, bottom, l->margin, l->gap, view->caption, l->caption_px,
                                      &l->footer);

  /* Statistics panel on the right, as tall as the chart. */
  panel_w = round (ssdb_chart_clamp (w * 0.22, 150, 150 + 170 * (l->u - 0.7)));
  panel_w = MAX (panel_w, round (150 * l->u));
  l->panel = (cairo_rectangle_t){ w - l->margin - panel_w, y, panel_w, bottom - y };

  /* The drive's temperature under the chart, when it was recorded. */
  l->temperature.height = ssdb_chart_temperature_height (r ? r->temperature : NULL, l->label_px);
  if (l->temperature.height > 0)
    {
      l->temperature.y = bottom - l->temperature.height;
      bottom -= l->temperature.height + l->gap;
    }

  /* Rows around the plot: legend, % labels and axis units above; GB labels and title below. */
  l->legend = (cairo_rectangle_t){ l->margin, y, l->panel.x - l->gap * 2 - l->margin,
                                   round (l->label_px * 1.7) };
  y += l->legend.height;
  l->pct_y = y + round (l->label_px * 0.8);
  y += round (l->label_px * 1.6) + round (4 * l->u);
  l->xtitle_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.6);
  l->xlabel_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.6) + round (4 * l->u);

  /* The value axes: about one tick per 45 px of plot height. */
  est_h = MAX (bottom - y, 10);
  intervals = (guint)ssdb_chart_clamp (floor (est_h / (45 * l->u)), 2, 10);
  ssdb_axis_rate (&l->rate, r ? fmax (max_rate (r), view->rate_axis_floor) : 0, intervals);
  if (l->has_access)
    {
      guint n = MAX (l->rate.n_ticks, 2) - 1;
      double top = fmax (latency_axis_top (r), view->latency_axis_floor) / 1e6;
      /* Access times all below 1 ms read in µs, on the axis and in the panel alike. */
      gboolean us = top > 0 && top * 1.06 < 1;

      if (us)
        top *= 1000;
      ssdb_axis_nice (&l->lat, 0, top > 0 ? top * 1.06 : 1, n, TRUE);
      /* Share the rate axis' grid lines. */
      l->lat.hi = l->lat.step * n;
      l->lat.n_ticks = n + 1;
      l->lat.divisor = us ? 1e3 : 1e6;
      l->lat.unit = us ? "µs" : "ms";
    }

  l->left_w = ssdb_chart_axis_labels_width (pango, style, &l->rate, l->label_px);
  ssdb_chart_measure (pango, style, l->rate.unit, l->label_px, PANGO_WEIGHT_BOLD, &unit_w, NULL);
  l->left_w = ceil (MAX (l->left_w, unit_w));
  if (l->has_access)
    {
      l->right_w = ssdb_chart_axis_labels_width (pango, style, &l->lat, l->label_px);
      ssdb_chart_measure (pango, style, l->lat.unit, l->label_px, PANGO_WEIGHT_BOLD, &unit_w, NULL);
      l->right_w = ceil (MAX (l->right_w, unit_w));
    }

  {
    double x0 = round (l->margin + l->left_w + 6 * l->u);
    double x1 = round (l->panel.x - l->gap * 2 - (l->has_access ? l->right_w + 6 * l->u : 0));

    l->plot = (cairo_rectangle_t){ x0, round (y), MAX (x1 - x0, 10),
                                   MAX (round (bottom) - round (y), 10) };
  }
  l->legend.x = l->plot.x;
  l->legend.width = l->plot.width;
  l->temperature.x = l->plot.x;
  l->temperature.width = l->plot.width;

  {
    guint xi = (guint)ssdb_chart_clamp (floor (l->plot.width / (80 * l->u)), 2, 12);
    double lo_pct = l->span_lo / l->device_bytes * 100, hi_pct = l->span_hi / l->device_bytes * 100;

    ssdb_axis_nice (&l->pos, l->span_lo / 1e9, l->span_hi / 1e9, xi, FALSE);
    l->pos.divisor = 1e9;
    l->pos.unit = "GB";
    ssdb_axis_nice (&l->pct, lo_pct, hi_pct, MIN (xi, 4), FALSE);
    l->pct.unit = "%";
  }
}

static double
layout_x (const Layout *l, double position_bytes)
{
  double f = (position_bytes - l->span_lo) / (l->span_hi - l->span_lo);

  return l->plot.x + f * l->plot.width;
}

static double
layout_y_rate (const Layout *l, double bps)
{
  return ssdb_chart_axis_y (&l->rate, &l->plot, bps);
}

static double
layout_y_latency (const Layout *l, double ns)
{
  if (!l->has_access)
    return l->plot.y + l->plot.height;
  return ssdb_chart_axis_y (&l->lat, &l->plot, ns);
}

/* Geometry queries measure text the same way the painter does, on a scratch context. */
static void
layout_for_query (Layout *l, const SsdbSurfaceView *view, int width, int height,
                  gboolean locale_numbers)
{
  SsdbStyle style;
  PangoContext *pango = ssdb_chart_scratch_context ();

  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  style.locale_numbers = locale_numbers;
  layout_compute (l, view, &style, pango, width, height);
  g_object_unref (pango);
}

void
ssdb_surface_painter_get_plot_rect (const SsdbSurfaceView *view, int width, int height,
                                    cairo_rectangle_t *rect)
{
  Layout l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (rect != NULL);

  layout_for_query (&l, view, width, height, FALSE);
  *rect = l.plot;
}

double
ssdb_surface_painter_x_for_position (const SsdbSurfaceView *view, int width, int height,
                                     double position_bytes)
{
  Layout l;

  g_return_val_if_fail (view != NULL, 0);
  layout_for_query (&l, view, width, height, FALSE);
  return layout_x (&l, position_bytes);
}

double
ssdb_surface_painter_y_for_rate (const SsdbSurfaceView *view, int width, int height,
                                 double bytes_per_second)
{
  Layout l;

  g_return_val_if_fail (view != NULL, 0);
  layout_for_query (&l, view, width, height, FALSE);
  return layout_y_rate (&l, bytes_per_second);
}

double
ssdb_surface_painter_y_for_latency (const SsdbSurfaceView *view, int width, int height,
                                    double latency_ns)
{
  Layout l;

  g_return_val_if_fail (view != NULL, 0);
  layout_for_query (&l, view, width, height, FALSE);
  return layout_y_latency (&l, latency_ns);
}

void
ssdb_surface_painter_get_rate_axis (const SsdbSurfaceView *view, int width, int height,
                                    SsdbAxis *axis)
{
  Layout l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (axis != NULL);
  layout_for_query (&l, view, width, height, FALSE);
  *axis = l.rate;
}

void
ssdb_surface_painter_get_geometry (const SsdbSurfaceView *view, int width, int height,
                                   SsdbSurfaceGeometry *geometry)
{
  Layout l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (geometry != NULL);
  layout_for_query (&l, view, width, height, FALSE);
  memset (geometry, 0, sizeof *geometry);
  geometry->plot = l.plot;
  geometry->rate = l.rate;
  geometry->x_span_start = layout_x (&l, l.span_lo);
  geometry->x_span_end = layout_x (&l, l.span_hi);
  geometry->y_rate_0 = layout_y_rate (&l, 0);
  geometry->y_rate_1g = layout_y_rate (&l, 1e9);
  geometry->y_latency_0 = layout_y_latency (&l, 0);
  geometry->y_latency_1ms = layout_y_latency (&l, 1e6);
}

static char *
panel_rate (const Layout *l, double bytes_per_second, gboolean loc);

char *
ssdb_surface_painter_dup_rate_text (const SsdbSurfaceView *view, int width, int height,
                                    double bytes_per_second, gboolean locale_numbers)
{
  Layout l;

  g_return_val_if_fail (view != NULL, NULL);
  layout_for_query (&l, view, width, height, FALSE);
  return panel_rate (&l, bytes_per_second, locale_numbers);
}

GStrv
ssdb_surface_painter_dup_rate_labels (const SsdbSurfaceView *view, int width, int height,
                                      gboolean locale_numbers)
{
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();
  Layout l;

  g_return_val_if_fail (view != NULL, NULL);

  layout_for_query (&l, view, width, height, locale_numbers);
  for (guint i = 0; i < l.rate.n_ticks; i++)
    {
      g_autofree char *num
          = ssdb_axis_format (&l.rate, ssdb_axis_tick (&l.rate, i), locale_numbers);
      g_autofree char *text = g_strdup_printf ("%s %s", num, l.rate.unit);

      g_strv_builder_add (builder, text);
    }
  return g_strv_builder_end (builder);
}

static int
nearest_sample (const Layout *l, const SsdbSurfaceResult *r, const GArray *a, double x)
{
  int best = -1;
  double best_d = G_MAXDOUBLE;

  for (guint i = 0; i < n_samples (a); i++)
    {
      double d = fabs (layout_x (l, ssdb_surface_sample_position (r, sample_at (a, i))) - x);

      if (d < best_d)
        {
          best_d = d;
          best = (int)i;
        }
    }
  return best;
}

int
ssdb_surface_painter_sample_at (const SsdbSurfaceView *view, int width, int height, double x,
                                double y, SsdbRw *rw)
{
  const SsdbSurfaceResult *r;
  Layout l;
  int ri, wi;
  double dr = G_MAXDOUBLE, dw = G_MAXDOUBLE;
  double slack;

  g_return_val_if_fail (view != NULL, -1);

  r = view->result;
  if (r == NULL)
    return -1;
  layout_for_query (&l, view, width, height, FALSE);
  slack = 6 * l.u;
  if (x < l.plot.x - slack || x > l.plot.x + l.plot.width + slack || y < l.plot.y - slack
      || y > l.plot.y + l.plot.height + slack)
    return -1;

  ri = nearest_sample (&l, r, r->read, x);
  wi = nearest_sample (&l, r, r->write, x);
  if (ri >= 0)
    dr = fabs (layout_y_rate (&l, sample_at (r->read, ri)->bytes_per_second) - y);
  if (wi >= 0)
    dw = fabs (layout_y_rate (&l, sample_at (r->write, wi)->bytes_per_second) - y);
  if (ri < 0 && wi < 0)
    return -1;
  if (wi >= 0 && dw < dr)
    {
      if (rw)
        *rw = SSDB_RW_WRITE;
      return wi;
    }
  if (rw)
    *rw = SSDB_RW_READ;
  return ri;
}

char *
ssdb_surface_painter_dup_hover_text (const SsdbSurfaceView *view, int index, SsdbRw rw,
                                     gboolean locale_numbers)
{
  const SsdbSurfaceResult *r;
  const GArray *a;
  const SsdbSurfaceSample *s;
  double pos, device;
  g_autofree char *where = NULL;
  g_autofree char *pct = NULL;
  g_autofree char *rate = NULL;

  g_return_val_if_fail (view != NULL, NULL);

  r = view->result;
  a = curve (r, rw);
  if (index < 0 || (guint)index >= n_samples (a))
    return NULL;
  s = sample_at (a, (guint)index);
  pos = ssdb_surface_sample_position (r, s);
  device = view->device_bytes > 0 ? (double)view->device_bytes
                                  : (double)r->spec.span_offset + (double)r->spec.span_length;
  where = ssdb_chart_format_position (pos, locale_numbers);
  pct = ssdb_chart_format_double (device > 0 ? pos / device * 100 : 0, 1, locale_numbers);
  rate = ssdb_chart_format_rate (s->bytes_per_second, locale_numbers);
  return g_strdup_printf ("%s · %s %%\n%s %s", where, pct,
                          rw == SSDB_RW_WRITE ? _ ("Write") : _ ("Read"), rate);
}

/* Drawing --------------------------------------------------------------------------------- */

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  const SsdbSurfaceView *view;
  Layout l;
  /* The caller's clip as rectangles, when it is a set of whole-pixel rectangles (a window
   * repainting parts of its image); %NULL for none or any other shape. */
  cairo_rectangle_list_t *clip;
} Painter;

static void
rounded_rect (cairo_t *cr, const cairo_rectangle_t *r, double radius)
{
  double x = r->x, y = r->y, w = r->width, h = r->height;

  radius = MIN (radius, MIN (w, h) / 2);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static const SsdbRgba *
rw_color (const SsdbStyle *style, SsdbRw rw)
{
  return rw == SSDB_RW_WRITE ? &style->accent2 : &style->accent;
}

static void
draw_header (Painter *p)
{
  Layout *l = &p->l;
  const SsdbSurfaceView *view = p->view;

  {
    SsdbChartHeading heading
        = { view->target_title, l->title,      l->title_px, view->target_subtitle, l->subtitle,
            l->subtitle_px,     view->caption, l->footer,   l->caption_px };

    ssdb_chart_draw_heading (p->cr, p->pango, p->style, &heading);
  }
}

/* Legend: right-aligned over the plot: a line swatch per curve, a dot for the access times. */
static void
draw_legend (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  double sw = round (18 * l->u), line_w = MAX (2, 3 * l->u);
  SsdbChartLegendItem items[3];
  guint n = 0;
  SsdbChartLegend legend = {
    .align = SSDB_CHART_ALIGN_END,
    .x = l->legend.x + l->legend.width,
    .min_x = -G_MAXDOUBLE,
    .cy = l->legend.y + l->legend.height / 2,
    .label_px = l->label_px,
    .spacing = round (6 * l->u),
    .gap = round (16 * l->u),
  };

  items[n++]
      = (SsdbChartLegendItem){ _ ("Read"), SSDB_CHART_SWATCH_LINE, &style->accent, 1.0, sw, line_w,
                               0 };
  if (l->has_write)
    items[n++] = (SsdbChartLegendItem){
      _ ("Write"), SSDB_CHART_SWATCH_LINE, &style->accent2, 1.0, sw, line_w, 0
    };
  if (l->has_access)
    items[n++]
        = (SsdbChartLegendItem){ _ ("Access time"), SSDB_CHART_SWATCH_DOT, &style->accent3, 1.0,
                                 round (8 * l->u),  MAX (2.5, 3 * l->u),   round (4 * l->u) };
  ssdb_chart_draw_legend (p->cr, p->pango, style, &legend, items, n);
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

  /* Horizontal grid and the value labels, left (rate) and right (access time). */
  ssdb_chart_draw_value_grid (cr, p->pango, style, pr, &l->rate, l->has_access ? &l->lat : NULL,
                              l->label_px, tick_gap);

  /* Vertical grid at the GB ticks, with their labels below. */
  for (guint i = 0; i < l->pos.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->pos, i);
      double x = layout_x (l, v * 1e9);
      double xl = floor (x) + 0.5;
      g_autofree char *text = ssdb_axis_format (&l->pos, v, loc);

      if (x > pr->x + 1 && x < pr->x + pr->width - 1)
        {
          cairo_move_to (cr, xl, pr->y);
          cairo_line_to (cr, xl, pr->y + pr->height);
          ssdb_render_set_source (cr, &style->foreground, ssdb_chart_grid_alpha (style) * 0.75);
          cairo_stroke (cr);
        }
      ssdb_chart_draw_text (p->cr, p->pango, p->style, text, x, l->xlabel_y, l->label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, 0, &style->dim, 1.0);
    }

  /* % of the device along the top edge, with short ticks. */
  for (guint i = 0; i < l->pct.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->pct, i);
      double x = layout_x (l, v / 100 * l->device_bytes);
      g_autofree char *num = ssdb_axis_format (&l->pct, v, loc);
      g_autofree char *text = g_strdup_printf ("%s %%", num);

      cairo_move_to (cr, floor (x) + 0.5, pr->y);
      cairo_line_to (cr, floor (x) + 0.5, pr->y - round (3 * l->u));
      ssdb_render_set_source (cr, &style->dim, 0.8);
      cairo_stroke (cr);
      ssdb_chart_draw_text (p->cr, p->pango, p->style, text, x, l->pct_y, l->label_px * 0.92,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, 0, &style->dim, 1.0);
    }

  /* Units: above each value axis, and the position axis' title. */
  ssdb_chart_draw_text (p->cr, p->pango, p->style, l->rate.unit, pr->x - tick_gap,
                        l->legend.y + l->legend.height / 2, l->label_px, PANGO_WEIGHT_BOLD,
                        SSDB_CHART_ALIGN_END, 0, &style->foreground, 1.0);
  if (l->has_access)
    ssdb_chart_draw_text (p->cr, p->pango, p->style, l->lat.unit, pr->x + pr->width + tick_gap,
                          l->legend.y + l->legend.height / 2, l->label_px, PANGO_WEIGHT_BOLD,
                          SSDB_CHART_ALIGN_START, 0, &style->foreground, 1.0);
  ssdb_chart_draw_text (p->cr, p->pango, p->style, _ ("Position on the device (GB)"),
                        pr->x + pr->width / 2, l->xtitle_y, l->label_px, PANGO_WEIGHT_NORMAL,
                        SSDB_CHART_ALIGN_CENTER, pr->width, &style->dim, 1.0);
}

static void
draw_frame (Painter *p)
{
  const cairo_rectangle_t *pr = &p->l.plot;
  cairo_t *cr = p->cr;

  ssdb_chart_stroke_plot_border (cr, p->style, pr);
}

/* Above about two dots per device-pixel column, one dot per occupied cell of a grid a dot
 * wide: every dot's place stays marked, in time proportional to the plot's area. */
static gboolean
access_dense (const Painter *p, guint n)
{
  double dx = 1, dy = 0;

  cairo_user_to_device_distance (p->cr, &dx, &dy);
  return n > 2 * ceil (p->l.plot.width * MAX (hypot (dx, dy), 1e-9));
}

static void
draw_access (Painter *p)
{
  const SsdbSurfaceResult *r = p->view->result;
  Layout *l = &p->l;
  cairo_t *cr = p->cr;
  double radius = MAX (1.4, 1.8 * l->u);
  SsdbDotGrid *grid = NULL;
  SsdbDotStamp *stamp = NULL;
  guint n_over = 0;

  if (!l->has_access || r->access == NULL)
    return;
  if (access_dense (p, r->access->len))
    grid = ssdb_dot_grid_new (&l->plot, radius);
  else
    stamp = ssdb_dot_stamp_new (cr, &l->plot, radius);
  for (guint i = 0; i < r->access->len; i++)
    {
      const SsdbAccessSample *a = &g_array_index (r->access, SsdbAccessSample, i);
      double x = layout_x (l, (double)a->offset_bytes);
      double y = layout_y_latency (l, (double)a->latency_ns);

      /* Beyond the axis (see latency_axis_top()): on the top edge, where the marks below say
       * that they are off the scale. */
      if (y < l->plot.y + radius)
        {
          y = l->plot.y + radius;
          n_over++;
        }
      if (grid != NULL)
        ssdb_dot_grid_add (grid, x, y);
      else if (stamp != NULL)
        ssdb_dot_stamp_add (stamp, x, y);
      else
        {
          cairo_new_sub_path (cr);
          cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
        }
    }
  if (stamp != NULL)
    {
      ssdb_dot_stamp_draw (stamp, cr, &p->style->accent3, 0.85);
      ssdb_dot_stamp_free (stamp);
    }
  else
    {
      if (grid != NULL)
        ssdb_dot_grid_path (grid, cr);
      ssdb_render_set_source (cr, &p->style->accent3, 0.85);
      cairo_fill (cr);
      ssdb_dot_grid_free (grid);
    }
  if (n_over > 0)
    {
      g_autofree char *top = ssdb_axis_format (&l->lat, l->lat.hi, p->style->locale_numbers);
      /* Translators: on the surface chart, access times beyond the top of their axis: "2 reads
       * above 45 µs" */
      g_autofree char *text = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%u read above %s %s", "%u reads above %s %s", n_over),
          n_over, top, l->lat.unit);

      ssdb_chart_draw_text (cr, p->pango, p->style, text, l->plot.x + l->plot.width - 4 * l->u,
                            l->plot.y + l->label_px * 1.1, l->label_px * 0.9, PANGO_WEIGHT_NORMAL,
                            SSDB_CHART_ALIGN_END, 0, &p->style->accent3, 1.0);
    }
}

/* A curve with more samples than device-pixel columns: its min-max band and mean line per
 * column, made once per data change when the view has a cache. */
static void
draw_dense_curve (Painter *p, SsdbRw rw, const GArray *a)
{
  const SsdbSurfaceResult *r = p->view->result;
  Layout *l = &p->l;
  double key[9];
  guint n_key = ssdb_plot_key (p->cr, &l->plot, l->span_lo, l->span_hi,
                               l->rate.lo * l->rate.divisor, l->rate.hi * l->rate.divisor, key);
  guint slot = rw == SSDB_RW_WRITE ? 1 : 0;
  const SsdbColumns *cols = ssdb_plot_cache_lookup (p->view->cache, slot, a, a->len, key, n_key);
  SsdbColumns *own = NULL;

  if (cols == NULL)
    {
      SsdbColumns *c = ssdb_columns_new (p->cr, l->plot.x, l->plot.width);

      for (guint i = 0; i < a->len; i++)
        {
          const SsdbSurfaceSample *s = sample_at (a, i);

          ssdb_columns_add_point (
              c, layout_x (l, ssdb_surface_sample_position (r, s)),
              layout_y_rate (l, isfinite (s->bytes_per_second) ? s->bytes_per_second : 0));
        }
      ssdb_columns_finish (c);
      if (p->view->cache != NULL)
        cols = ssdb_plot_cache_store (p->view->cache, slot, a, a->len, key, n_key, c);
      else
        cols = own = c;
    }
  ssdb_columns_draw (cols, p->cr, rw_color (p->style, rw), MAX (1.6, 2.2 * l->u), 1.0);
  ssdb_columns_free (own);
}

/* Whether the segment (x0, y0)–(x1, y1), widened by @pad on every side, meets one of the
 * rectangles of @clip (all of them when @clip is %NULL). */
static gboolean
segment_in_clip (const cairo_rectangle_list_t *clip, double x0, double y0, double x1, double y1,
                 double pad)
{
  double lx = MIN (x0, x1) - pad, hx = MAX (x0, x1) + pad;
  double ly = MIN (y0, y1) - pad, hy = MAX (y0, y1) + pad;

  if (clip == NULL)
    return TRUE;
  for (int i = 0; i < clip->num_rectangles; i++)
    {
      const cairo_rectangle_t *c = &clip->rectangles[i];

      if (lx < c->x + c->width && hx > c->x && ly < c->y + c->height && hy > c->y)
        return TRUE;
    }
  return FALSE;
}

static void
draw_curve (Painter *p, SsdbRw rw)
{
  const SsdbSurfaceResult *r = p->view->result;
  const GArray *a = curve (r, rw);
  Layout *l = &p->l;
  cairo_t *cr = p->cr;
  const cairo_rectangle_list_t *clip = p->clip;
  double width = MAX (1.6, 2.2 * l->u), px = 0, py = 0;
  gboolean open = FALSE;

  if (n_samples (a) == 0)
    return;
  if (ssdb_columns_wanted (cr, l->plot.width, a->len))
    {
      draw_dense_curve (p, rw, a);
      return;
    }
  cairo_save (cr);
  cairo_set_line_width (cr, width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  /* A window repainting only strips of its image: the segments that cannot reach them are left
   * out of the path (stroking a long round-joined line costs most of such a frame). The kept
   * runs start and end in round caps at least a pixel outside the clip, where the whole line's
   * joins were: every pixel inside is the same. A whole painting keeps every segment. */
  for (guint i = 0; i < a->len; i++)
    {
      const SsdbSurfaceSample *s = sample_at (a, i);
      double x = layout_x (l, ssdb_surface_sample_position (r, s));
      double y = layout_y_rate (l, isfinite (s->bytes_per_second) ? s->bytes_per_second : 0);

      if (i == 0)
        cairo_move_to (cr, x, y);
      else if (segment_in_clip (clip, px, py, x, y, width / 2 + 2))
        {
          if (!open)
            cairo_move_to (cr, px, py);
          cairo_line_to (cr, x, y);
          open = TRUE;
        }
      else
        open = FALSE;
      if (i == 0)
        open = TRUE;
      px = x;
      py = y;
    }
  if (a->len == 1)
    {
      double x, y;

      cairo_get_current_point (cr, &x, &y);
      cairo_arc (cr, x, y, MAX (1.6, 2.2 * l->u), 0, 2 * G_PI);
      ssdb_render_set_source (cr, rw_color (p->style, rw), 1.0);
      cairo_fill (cr);
    }
  else
    {
      ssdb_render_set_source (cr, rw_color (p->style, rw), 1.0);
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
draw_empty_note (Painter *p)
{
  const SsdbSurfaceResult *r = p->view->result;
  const cairo_rectangle_t *pr = &p->l.plot;

  if (r != NULL && (n_samples (r->read) > 0 || n_samples (r->write) > 0))
    return;
  ssdb_chart_draw_empty_note (p->cr, p->pango, p->style,
                              p->view->running ? _ ("Waiting for the first sample…")
                                               : _ ("No surface measured yet"),
                              pr, p->l.label_px);
}

static void
draw_hover (Painter *p)
{
  const SsdbSurfaceView *view = p->view;
  const SsdbSurfaceResult *r = view->result;
  const GArray *a = curve (r, view->hover_rw);
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  cairo_t *cr = p->cr;
  const SsdbSurfaceSample *s;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  double x, y, bw = 0, lh, bh, bx, by, pad = round (6 * l->u), px = l->label_px;

  if (view->hover_index < 0 || (guint)view->hover_index >= n_samples (a))
    return;
  s = sample_at (a, (guint)view->hover_index);
  x = layout_x (l, ssdb_surface_sample_position (r, s));
  y = layout_y_rate (l, s->bytes_per_second);

  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, floor (x) + 0.5, l->plot.y);
  cairo_line_to (cr, floor (x) + 0.5, l->plot.y + l->plot.height);
  ssdb_render_set_source (cr, &style->foreground, 0.45);
  cairo_stroke (cr);
  cairo_arc (cr, x, y, MAX (3.5, 4.5 * l->u), 0, 2 * G_PI);
  ssdb_render_set_source (cr, &style->background, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, MAX (2, 2.5 * l->u));
  ssdb_render_set_source (cr, rw_color (style, view->hover_rw), 1.0);
  cairo_stroke (cr);

  text = ssdb_surface_painter_dup_hover_text (view, view->hover_index, view->hover_rw,
                                              style->locale_numbers);
  lines = g_strsplit (text, "\n", 2);
  for (guint i = 0; lines[i]; i++)
    {
      double tw;

      ssdb_chart_measure (p->pango, style, lines[i], px,
                          i ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL, &tw, &lh);
      bw = MAX (bw, tw);
    }
  ssdb_chart_measure (p->pango, style, "0", px, PANGO_WEIGHT_NORMAL, NULL, &lh);
  bw += 2 * pad;
  bh = 2 * lh + 2 * pad;
  bx = x + 12 * l->u;
  if (bx + bw > l->plot.x + l->plot.width)
    bx = x - 12 * l->u - bw;
  by = ssdb_chart_clamp (y - bh - 10 * l->u, l->plot.y + 2, l->plot.y + l->plot.height - bh - 2);
  {
    cairo_rectangle_t box = { round (bx), round (by), ceil (bw), ceil (bh) };

    rounded_rect (cr, &box, 5 * l->u);
    ssdb_render_set_source (cr, &style->background, 0.95);
    cairo_fill_preserve (cr);
    cairo_set_line_width (cr, 1);
    ssdb_render_set_source (cr, &style->foreground, 0.3);
    cairo_stroke (cr);
    for (guint i = 0; lines[i]; i++)
      ssdb_chart_draw_text (p->cr, p->pango, p->style, lines[i], box.x + pad,
                            box.y + pad + lh * (i + 0.5), px,
                            i ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0,
                            i ? rw_color (style, view->hover_rw) : &style->foreground, 1.0);
  }
  cairo_restore (cr);
}

/* Statistics panel ------------------------------------------------------------------------ */

static guint64
io_time_ns (const SsdbSurfaceResult *r)
{
  guint64 ns = 0;

  for (int k = 0; k < 2; k++)
    {
      const GArray *a = curve (r, k == 0 ? SSDB_RW_READ : SSDB_RW_WRITE);

      for (guint i = 0; i < n_samples (a); i++)
        ns += sample_at (a, i)->window_ns;
    }
  for (guint i = 0; r->access != NULL && i < r->access->len; i++)
    ns += g_array_index (r->access, SsdbAccessSample, i).latency_ns;
  if (r->burst_bytes_per_second > 0)
    ns += G_GUINT64_CONSTANT (500000000);
  return ns;
}

static const char *
phase_label (const char *phase)
{
  if (g_strcmp0 (phase, "write") == 0)
    return _ ("Writing");
  if (g_strcmp0 (phase, "access") == 0)
    return _ ("Access times");
  if (g_strcmp0 (phase, "burst") == 0)
    return _ ("Burst rate");
  if (g_strcmp0 (phase, "read") == 0)
    return _ ("Reading");
  return _ ("Starting");
}

static void
panel_row (Painter *p, double *y, double x0, double x1, const char *label, const char *value,
           const SsdbRgba *value_color, double row_h)
{
  double px = p->l.panel_px;
  double cy = *y + row_h / 2;
  double vw = 0;

  if (value != NULL)
    ssdb_chart_measure (p->pango, p->style, value, px, PANGO_WEIGHT_BOLD, &vw, NULL);
  vw = MIN (vw, (x1 - x0) * 0.62);
  ssdb_chart_draw_text (p->cr, p->pango, p->style, label, x0, cy, px, PANGO_WEIGHT_NORMAL,
                        SSDB_CHART_ALIGN_START, MAX (x1 - x0 - vw - 6, 10), &p->style->dim, 1.0);
  if (value != NULL)
    ssdb_chart_draw_text (p->cr, p->pango, p->style, value, x1, cy, px, PANGO_WEIGHT_BOLD,
                          SSDB_CHART_ALIGN_END, (x1 - x0) * 0.62,
                          value_color ? value_color : &p->style->foreground, 1.0);
  *y += row_h;
}

static void
panel_heading (Painter *p, double *y, double x0, double x1, const char *text, const SsdbRgba *mark,
               double row_h)
{
  Layout *l = &p->l;
  double cy = *y + row_h * 0.55;
  double x = x0;

  if (mark != NULL)
    {
      cairo_rectangle_t sw = { x0, round (cy - 4 * l->u), round (8 * l->u), round (8 * l->u) };

      rounded_rect (p->cr, &sw, 2 * l->u);
      ssdb_render_set_source (p->cr, mark, 1.0);
      cairo_fill (p->cr);
      x += round (13 * l->u);
    }
  ssdb_chart_draw_text (p->cr, p->pango, p->style, text, x, cy, l->panel_px * 1.05,
                        PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, x1 - x, &p->style->foreground,
                        1.0);
  *y += row_h;
}

/* An access time in the unit of the chart's access-time axis (µs when all are below 1 ms). */
static char *
panel_latency (const Layout *l, double ns, gboolean loc)
{
  g_autofree char *num = NULL;

  if (l->lat.divisor != 1e3)
    return ssdb_chart_format_ms (ns, loc);
  num = ssdb_chart_format_double (ns / 1e3, ns < 1e4 ? 2 : ns < 1e5 ? 1 : 0, loc);
  return g_strdup_printf ("%s µs", num);
}

/* A rate in the unit of the chart's rate axis (GB/s with two decimals when the axis is in
 * GB/s), so the panel and the axis read alike. */
static char *
panel_rate (const Layout *l, double bytes_per_second, gboolean loc)
{
  g_autofree char *num = NULL;

  if (l->rate.divisor != 1e9)
    return ssdb_chart_format_rate (bytes_per_second, loc);
  num = ssdb_chart_format_double (bytes_per_second / 1e9, 2, loc);
  return g_strdup_printf ("%s GB/s", num);
}

static void
draw_panel (Painter *p)
{
  const SsdbSurfaceView *view = p->view;
  const SsdbSurfaceResult *r = view->result;
  const SsdbStyle *style = p->style;
  Layout *l = &p->l;
  cairo_t *cr = p->cr;
  gboolean loc = style->locale_numbers;
  double x0 = l->panel.x + l->pad, x1 = l->panel.x + l->panel.width - l->pad;
  double y = l->panel.y + l->pad * 0.7, row_h, line_h, sep;

  rounded_rect (cr, &l->panel, round (6 * l->u));
  ssdb_render_set_source (cr, &style->cell, 1.0);
  cairo_fill (cr);
  if (style->theme == SSDB_THEME_HIGH_CONTRAST || style->theme == SSDB_THEME_LIGHT)
    {
      cairo_rectangle_t in
          = { l->panel.x + 0.5, l->panel.y + 0.5, l->panel.width - 1, l->panel.height - 1 };

      rounded_rect (cr, &in, round (6 * l->u));
      cairo_set_line_width (cr, 1);
      ssdb_render_set_source (cr, &style->foreground,
                              style->theme == SSDB_THEME_HIGH_CONTRAST ? 1.0 : 0.12);
      cairo_stroke (cr);
    }

  ssdb_chart_measure (p->pango, style, "0", l->panel_px, PANGO_WEIGHT_NORMAL, NULL, &line_h);
  row_h = round (line_h * 1.45);
  sep = round (row_h * 0.45);

  for (int k = 0; k < 2; k++)
    {
      SsdbRw rw = k == 0 ? SSDB_RW_READ : SSDB_RW_WRITE;
      const GArray *a = curve (r, rw);
      const SsdbRateStats *st;
      g_autofree char *mn = NULL, *mx = NULL, *av = NULL;

      if (rw == SSDB_RW_WRITE && !l->has_write)
        continue;
      panel_heading (p, &y, x0, x1, rw == SSDB_RW_WRITE ? _ ("Write") : _ ("Read"),
                     rw_color (style, rw), row_h);
      if (n_samples (a) > 0)
        {
          st = rw == SSDB_RW_WRITE ? &r->write_stats : &r->read_stats;
          mn = panel_rate (l, st->min, loc);
          mx = panel_rate (l, st->max, loc);
          av = panel_rate (l, st->mean, loc);
        }
      panel_row (p, &y, x0, x1, _ ("Minimum"), mn ? mn : "\u2014", NULL, row_h);
      panel_row (p, &y, x0, x1, _ ("Maximum"), mx ? mx : "\u2014", NULL, row_h);
      panel_row (p, &y, x0, x1, _ ("Average"), av ? av : "\u2014", NULL, row_h);
      y += sep;
    }

  if (l->has_access)
    {
      g_autofree char *mean = NULL, *first = NULL, *first_label = NULL, *gb = NULL;

      panel_heading (p, &y, x0, x1, _ ("Access time"), &style->accent3, row_h);
      if (n_samples (r->access) > 0)
        mean = panel_latency (l, r->access_mean_ns, loc);
      panel_row (p, &y, x0, x1, _ ("Average"), mean ? mean : "\u2014", NULL, row_h);
      if (r->spec.access_first_bytes < r->spec.span_length)
        {
          gb = ssdb_chart_format_position ((double)r->spec.access_first_bytes, loc);
          /* Translators: the access time within the first %s of the device ("First 50 GB") */
          first_label = g_strdup_printf (_ ("First %s"), gb);
        }
      else
        /* Translators: the "first N GB" row on a device no larger than N GB: it covers the
         * whole span */
        first_label = g_strdup (_ ("First 100 %"));
      if (r->access_first_count > 0)
        first = panel_latency (l, r->access_first_mean_ns, loc);
      panel_row (p, &y, x0, x1, first_label, first ? first : "\u2014", NULL, row_h);
      y += sep;
    }

  {
    g_autofree char *burst = NULL, *cpu = NULL;
    guint64 wall = view->wall_ns > 0 ? view->wall_ns : (r ? io_time_ns (r) : 0);

    panel_heading (p, &y, x0, x1, _ ("Drive"), NULL, row_h);
    if (r != NULL && r->burst_bytes_per_second > 0)
      burst = panel_rate (l, r->burst_bytes_per_second, loc);
    /* The burst is read in 64 KiB requests at QD32: on a device that is faster with large
     * requests it sits below the sustained average, and the label says how it was measured. */
    panel_row (p, &y, x0, x1,
               r != NULL && r->burst_bytes_per_second > 0 && n_samples (r->read) > 0
                       && r->burst_bytes_per_second < r->read_stats.mean
                   ? _ ("Burst (64 KiB QD32)")
                   : _ ("Burst rate"),
               burst ? burst : "\u2014", NULL, row_h);
    if (r != NULL && wall > 0 && (r->cpu_ns > 0 || !view->running))
      {
        g_autofree char *num
            = ssdb_chart_format_double ((double)r->cpu_ns / (double)wall * 100, 1, loc);

        cpu = g_strdup_printf ("%s %%", num);
      }
    panel_row (p, &y, x0, x1, _ ("CPU usage"), cpu ? cpu : "\u2014", NULL, row_h);
    /* What the drive itself counted of the write surface's writes. */
    if (r != NULL && r->drive_counts != NULL && r->drive_counts->after >= r->drive_counts->before)
      {
        guint64 rise = r->drive_counts->after - r->drive_counts->before;
        g_autofree char *counted = r->drive_counts->unit == SSDB_DRIVE_COUNTER_BYTES
                                       ? ssdb_chart_format_position ((double)rise, loc)
                                       : g_strdup_printf ("+%" G_GUINT64_FORMAT, rise);

        /* Translators: the drive's own count of the bytes the run wrote */
        panel_row (p, &y, x0, x1, _ ("Drive counted"), counted, NULL, row_h);
      }
  }

  /* The settings, when there is room for them above the run's state. */
  if (r != NULL && y + sep + 4 * row_h < l->panel.y + l->panel.height - 2.5 * row_h)
    {
      g_autofree char *per = ssdb_format_transfer_size (r->spec.sample_bytes);
      g_autofree char *block = ssdb_format_transfer_size (r->spec.block_size);
      g_autofree char *samples = g_strdup_printf ("%u × %s", r->spec.samples, per);
      g_autofree char *qd = g_strdup_printf ("%u", r->spec.queue_depth);
      g_autofree char *span = ssdb_chart_format_position ((double)r->spec.span_length, loc);

      y += sep;
      panel_heading (p, &y, x0, x1, _ ("Settings"), NULL, row_h);
      panel_row (p, &y, x0, x1, _ ("Samples"), samples, NULL, row_h);
      panel_row (p, &y, x0, x1, _ ("Block size"), block, NULL, row_h);
      panel_row (p, &y, x0, x1, _ ("Queue depth"), qd, NULL, row_h);
      if (y + row_h < l->panel.y + l->panel.height - 2.5 * row_h)
        panel_row (p, &y, x0, x1, _ ("Span"), span, NULL, row_h);
    }

  /* The run's state at the bottom of the panel. */
  if (view->running || (r != NULL && r->cancelled))
    {
      double bar_h = MAX (3, round (4 * l->u));
      double by = l->panel.y + l->panel.height - l->pad * 0.8 - bar_h;
      g_autofree char *text = NULL;

      if (view->running)
        {
          g_autofree char *pct = ssdb_chart_format_double (
              floor (ssdb_chart_clamp (view->running_fraction, 0, 1) * 100), 0, loc);

          text = g_strdup_printf ("%s · %s %%", phase_label (view->running_phase), pct);
        }
      else
        text = g_strdup (_ ("Cancelled: partial result"));
      if (by - row_h > y)
        {
          ssdb_chart_draw_text (p->cr, p->pango, p->style, text, x0, by - row_h * 0.6, l->panel_px,
                                PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, x1 - x0,
                                view->running ? &style->foreground : &style->error, 1.0);
          if (view->running)
            {
              cairo_rectangle_t bar = { x0, by, x1 - x0, bar_h };
              cairo_rectangle_t done = bar;

              rounded_rect (cr, &bar, bar_h / 2);
              ssdb_render_set_source (cr, &style->dim, 0.25);
              cairo_fill (cr);
              done.width = round (bar.width * ssdb_chart_clamp (view->running_fraction, 0, 1));
              if (done.width >= bar_h)
                {
                  rounded_rect (cr, &done, bar_h / 2);
                  ssdb_render_set_source (cr, &style->accent, 1.0);
                  cairo_fill (cr);
                }
            }
        }
    }
}

void
ssdb_surface_painter_draw (const SsdbSurfaceView *view, const SsdbStyle *style, cairo_t *cr,
                           int width, int height)
{
  SSDB_RENDER_LANGUAGE_SCOPE (style);

  Painter p = { 0 };

  g_return_if_fail (view != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0)
    return;

  cairo_save (cr);
  p.cr = cr;
  p.style = style;
  p.view = view;
  p.clip = cairo_copy_clip_rectangle_list (cr);
  if (p.clip->status != CAIRO_STATUS_SUCCESS)
    g_clear_pointer (&p.clip, cairo_rectangle_list_destroy);
  p.pango = ssdb_render_create_pango_context (cr);
  layout_compute (&p.l, view, style, p.pango, width, height);

  ssdb_chart_draw_frame (cr, p.pango, style, width, height, NULL);
  draw_header (&p);
  draw_legend (&p);
  draw_axes (&p);

  /* Data, clipped to the plot plus half a line so the end points are whole. */
  cairo_save (cr);
  cairo_rectangle (cr, p.l.plot.x - 3 * p.l.u, p.l.plot.y - 3 * p.l.u, p.l.plot.width + 6 * p.l.u,
                   p.l.plot.height + 6 * p.l.u);
  cairo_clip (cr);
  if (view->result != NULL)
    {
      draw_access (&p);
      draw_curve (&p, SSDB_RW_WRITE);
      draw_curve (&p, SSDB_RW_READ);
    }
  cairo_restore (cr);
  draw_frame (&p);
  draw_empty_note (&p);
  if (view->result != NULL)
    draw_hover (&p);
  draw_panel (&p);
  if (view->result != NULL)
    ssdb_chart_draw_temperature (cr, p.pango, style, &p.l.temperature, p.l.label_px,
                                 view->result->temperature);

  g_object_unref (p.pango);
  g_clear_pointer (&p.clip, cairo_rectangle_list_destroy);
  cairo_restore (cr);
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_surface_png, SsdbSurfaceView, ssdb_surface_painter_draw)
