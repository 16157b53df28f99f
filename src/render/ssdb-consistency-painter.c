/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-consistency-painter.h"
#include "ssdb-decimate.h"

#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

/* Lines for the words: translations run longer than English, which keeps its four. */
static int
words_lines (void)
{
  return ssdb_render_language_is_english (ssdb_render_get_language ()) ? 4 : 5;
}

/* ---- the frame both charts share: heading, legend, plot, axes, words ---------------------- */

typedef struct
{
  double u;
  double margin, gap;
  double title_px, subtitle_px, label_px, caption_px, words_px;
  cairo_rectangle_t title, subtitle, legend, footer, words, plot, temperature;
  double xlabel_y, xtitle_y, unit_y;
  SsdbAxis y, x;
} Frame;

/* @y must have its divisor and unit set by @set_y from the number of intervals. */
typedef void (*SetYAxis) (SsdbAxis *axis, double max, guint intervals);

static void
frame_compute (Frame *f, const SsdbStyle *style, PangoContext *pango, int width, int height,
               const char *title, const char *subtitle, const char *caption, const char *words,
               SetYAxis set_y, double y_max, double x_max, double x_divisor, const char *x_unit,
               const SsdbTemperatureLog *temperature)
{
  double w = MAX (width, 1), h = MAX (height, 1);
  double y, bottom, left_w = 0, unit_w;
  guint intervals;

  memset (f, 0, sizeof *f);
  f->u = ssdb_chart_clamp (MIN (w / 860.0, h / 560.0), 0.7, 2.4);
  f->margin = round (ssdb_chart_clamp (14 * f->u, 8, 36));
  f->gap = round (ssdb_chart_clamp (8 * f->u, 4, 20));
  f->title_px = ssdb_chart_clamp (17 * f->u, 12, 40);
  f->subtitle_px = ssdb_chart_clamp (12.5 * f->u, 10, 30);
  f->label_px = ssdb_chart_clamp (11.5 * f->u, 9.5, 28);
  f->caption_px = ssdb_chart_clamp (10.5 * f->u, 9, 24);
  f->words_px = ssdb_chart_clamp (13 * f->u, 10, 30);

  y = ssdb_chart_layout_heading (w, f->margin, f->gap, title, f->title_px, &f->title, subtitle,
                                 f->subtitle_px, &f->subtitle);
  f->legend = (cairo_rectangle_t){ f->margin, y, w - 2 * f->margin, round (f->label_px * 1.7) };
  y += f->legend.height;
  /* The y unit above the axis, clear of the top tick's label. */
  f->unit_y = y + round (f->label_px * 0.7);
  y += round (f->label_px * 2.0);

  bottom = h - f->margin;
  bottom = ssdb_chart_layout_caption (w, bottom, f->margin, f->gap * 0.5, caption, f->caption_px,
                                      &f->footer);
  bottom = ssdb_chart_layout_words (pango, style, w, bottom, f->margin, f->gap,
                                    words != NULL && *words ? words : NULL, f->words_px,
                                    words_lines (), &f->words);
  /* The drive's temperature under the chart, when it was recorded. */
  f->temperature.height = ssdb_chart_temperature_height (temperature, f->label_px);
  if (f->temperature.height > 0)
    {
      f->temperature.y = bottom - f->temperature.height;
      bottom -= f->temperature.height + f->gap;
    }
  f->xtitle_y = bottom - round (f->label_px * 0.8);
  bottom -= round (f->label_px * 1.6);
  f->xlabel_y = bottom - round (f->label_px * 0.8);
  bottom -= round (f->label_px * 1.6) + round (4 * f->u);

  intervals = (guint)ssdb_chart_clamp (floor (MAX (bottom - y, 10) / (45 * f->u)), 2, 10);
  set_y (&f->y, y_max, intervals);
  left_w = MAX (left_w, ssdb_chart_axis_labels_width (pango, style, &f->y, f->label_px));
  ssdb_chart_measure (pango, style, f->y.unit, f->label_px, PANGO_WEIGHT_BOLD, &unit_w, NULL);
  left_w = ceil (MAX (left_w, unit_w));
  {
    double x0 = round (f->margin + left_w + 6 * f->u);
    double x1 = round (w - f->margin - 12 * f->u);

    f->plot = (cairo_rectangle_t){ x0, round (y), MAX (x1 - x0, 10),
                                   MAX (round (bottom) - round (y), 10) };
  }
  f->temperature.x = f->plot.x;
  f->temperature.width = f->plot.width;
  ssdb_axis_nice (&f->x, 0, MAX (x_max, 1e-9) / x_divisor,
                  (guint)ssdb_chart_clamp (floor (f->plot.width / (80 * f->u)), 2, 12), FALSE);
  f->x.divisor = x_divisor;
  f->x.unit = x_unit;
}

static double
frame_x (const Frame *f, double v)
{
  return f->plot.x + v / f->x.divisor / (f->x.hi - f->x.lo) * f->plot.width;
}

static double
frame_y (const Frame *f, double v)
{
  return ssdb_chart_axis_y (&f->y, &f->plot, v);
}

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  Frame f;
} Painter;

static void
painter_begin (Painter *p, cairo_t *cr, const SsdbStyle *style, int width, int height,
               const char *title, const char *subtitle, const char *caption)
{
  Frame *f = &p->f;

  {
    SsdbChartHeading heading = { title,          f->title, f->title_px, subtitle,     f->subtitle,
                                 f->subtitle_px, caption,  f->footer,   f->caption_px };

    ssdb_chart_draw_frame (cr, p->pango, style, width, height, &heading);
  }
}

static void
draw_axes (Painter *p, const char *x_title)
{
  Frame *f = &p->f;
  const SsdbStyle *style = p->style;
  cairo_t *cr = p->cr;
  const cairo_rectangle_t *pr = &f->plot;
  double tick_gap = 6 * f->u;
  gboolean loc = style->locale_numbers;

  ssdb_chart_draw_value_grid (cr, p->pango, style, pr, &f->y, NULL, f->label_px, tick_gap);
  for (guint i = 0; i < f->x.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&f->x, i);
      double x = frame_x (f, v * f->x.divisor);
      g_autofree char *text = ssdb_axis_format (&f->x, v, loc);

      if (x > pr->x + 1 && x < pr->x + pr->width - 1)
        {
          cairo_move_to (cr, floor (x) + 0.5, pr->y);
          cairo_line_to (cr, floor (x) + 0.5, pr->y + pr->height);
          ssdb_render_set_source (cr, &style->foreground, ssdb_chart_grid_alpha (style) * 0.75);
          cairo_stroke (cr);
        }
      ssdb_chart_draw_text (p->cr, p->pango, p->style, text, x, f->xlabel_y, f->label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, 0, &style->dim, 1.0);
    }
  ssdb_chart_draw_text (p->cr, p->pango, p->style, f->y.unit, pr->x - tick_gap, f->unit_y,
                        f->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_END, 0, &style->foreground,
                        1.0);
  ssdb_chart_draw_text (p->cr, p->pango, p->style, x_title, pr->x + pr->width / 2, f->xtitle_y,
                        f->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, pr->width,
                        &style->dim, 1.0);
}

static void
draw_frame_border (Painter *p)
{
  Frame *f = &p->f;

  ssdb_chart_stroke_plot_border (p->cr, p->style, &f->plot);
}

/* Legend entries right-aligned over the plot; item i gets a dot instead of a line when bit i of
 * @dots is set (a series drawn as dots). */
static void
draw_legend (Painter *p, GPtrArray *labels, GArray *colors, guint dots)
{
  Frame *f = &p->f;
  g_autofree SsdbChartLegendItem *items = g_new0 (SsdbChartLegendItem, MAX (labels->len, 1));
  SsdbChartLegend legend = {
    .align = SSDB_CHART_ALIGN_END,
    .x = f->plot.x + f->plot.width,
    .min_x = f->margin,
    .cy = f->legend.y + f->legend.height / 2,
    .label_px = f->label_px,
    .spacing = round (6 * f->u),
    .gap = round (16 * f->u),
  };

  for (guint i = 0; i < labels->len; i++)
    {
      gboolean dot = i < 32 && (dots & (1u << i)) != 0;

      items[i] = (SsdbChartLegendItem){ labels->pdata[i],
                                        dot ? SSDB_CHART_SWATCH_DOT : SSDB_CHART_SWATCH_LINE,
                                        &g_array_index (colors, SsdbRgba, i),
                                        1.0,
                                        round (dot ? 10 * f->u : 18 * f->u),
                                        dot ? MAX (2.5, 3.2 * f->u) : MAX (2, 3 * f->u),
                                        round (5 * f->u) };
    }
  ssdb_chart_draw_legend (p->cr, p->pango, p->style, &legend, items, labels->len);
}

static void
draw_empty (Painter *p, const char *text)
{
  Frame *f = &p->f;

  ssdb_chart_draw_empty_note (p->cr, p->pango, p->style, text, &f->plot, f->label_px);
}

static void
dashed_hline (Painter *p, double x0, double x1, double y, const SsdbRgba *color, double alpha)
{
  cairo_t *cr = p->cr;
  double dash[2] = { 5 * p->f.u, 4 * p->f.u };

  cairo_save (cr);
  cairo_set_dash (cr, dash, 2, 0);
  cairo_set_line_width (cr, MAX (1, 1.4 * p->f.u));
  cairo_move_to (cr, x0, y);
  cairo_line_to (cr, x1, y);
  ssdb_render_set_source (cr, color, alpha);
  cairo_stroke (cr);
  cairo_restore (cr);
}

/* A label on a translucent box, kept inside the plot. */
static void
boxed_label (Painter *p, const char *text, double x, double y, SsdbChartAlign align,
             PangoWeight weight, const SsdbRgba *color)
{
  Frame *f = &p->f;
  SsdbRgba bg = ssdb_chart_plot_background (p->style);
  double tw, th, bx;

  ssdb_chart_measure (p->pango, p->style, text, f->label_px, weight, &tw, &th);
  if (align == SSDB_CHART_ALIGN_START && x + tw + 4 * f->u > f->plot.x + f->plot.width)
    x -= 8 * f->u + tw; /* to the left of @x rather than past the right edge */
  bx = align == SSDB_CHART_ALIGN_START ? x : align == SSDB_CHART_ALIGN_END ? x - tw : x - tw / 2;
  /* The box stays inside the plot (when it fits at all), at either edge. */
  bx = MIN (bx, f->plot.x + f->plot.width - tw - 6 * f->u);
  bx = MAX (bx, f->plot.x + 6 * f->u);
  cairo_rectangle (p->cr, bx - 4 * f->u, y - th / 2 - 2 * f->u, tw + 8 * f->u, th + 4 * f->u);
  ssdb_render_set_source (p->cr, &bg, 0.85);
  cairo_fill (p->cr);
  ssdb_chart_draw_text (p->cr, p->pango, p->style, text, bx, y, f->label_px, weight,
                        SSDB_CHART_ALIGN_START, 0, color, 1.0);
}

/* ---- idle recovery ------------------------------------------------------------------------ */

void
ssdb_recovery_view_init (SsdbRecoveryView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->show_threshold = TRUE;
}

SsdbRgba
ssdb_recovery_write_color (const SsdbStyle *style, guint index)
{
  SsdbRgba black = { 0, 0, 0, 1 };

  g_return_val_if_fail (style != NULL, (SsdbRgba){ 0 });

  switch (index % 6)
    {
      case 0:
        return style->accent2;
      case 1:
        return style->accent;
      case 2:
        return style->accent3;
      case 3:
        return ssdb_chart_mix (&style->accent2, &style->foreground, 0.5);
      case 4:
        return ssdb_chart_mix (&style->accent, &black, 0.45);
      default:
        return ssdb_chart_mix (&style->accent3, &style->foreground, 0.5);
    }
}

static guint
n_writes (const SsdbRecoveryResult *r)
{
  return r != NULL && r->writes != NULL ? r->writes->len : 0;
}

static const SsdbRecoveryWrite *
write_at (const SsdbRecoveryResult *r, guint i)
{
  return &g_array_index (r->writes, SsdbRecoveryWrite, i);
}

static void
set_rate_axis (SsdbAxis *axis, double max, guint intervals)
{
  ssdb_axis_rate (axis, max, intervals);
}

/* Most points a write's curve is drawn with. */
#define MAX_CURVE_POINTS 48u

/* A write's segments merged into at most MAX_CURVE_POINTS runs of consecutive segments, each
 * with its bytes over its summed times: completions that arrive in bursts (a device that stalls
 * and then finishes several requests at once) would otherwise draw spikes far above the rate
 * the device sustained. */
static GArray *
curve_points (const GArray *segments)
{
  GArray *out = g_array_new (FALSE, TRUE, sizeof (SsdbFillPoint));
  guint n = segments != NULL ? segments->len : 0;
  guint per = MAX (1u, (n + MAX_CURVE_POINTS - 1) / MAX_CURVE_POINTS);
  guint64 prev = 0;

  for (guint i = 0; i < n; i += per)
    {
      double bytes = 0, secs = 0;
      SsdbFillPoint pt = { 0 };

      for (guint k = i; k < MIN (i + per, n); k++)
        {
          const SsdbFillPoint *s = &g_array_index (segments, SsdbFillPoint, k);
          double b = (double)(s->position_bytes - prev);

          prev = s->position_bytes;
          bytes += b;
          if (s->bytes_per_second > 0 && isfinite (s->bytes_per_second))
            secs += b / s->bytes_per_second;
          pt.position_bytes = s->position_bytes;
          pt.elapsed_ns = s->elapsed_ns;
        }
      pt.bytes_per_second = secs > 0 ? bytes / secs : 0;
      g_array_append_val (out, pt);
    }
  return out;
}

/* The engine's words again, in the chart's language (SsdbChartWordsFunc). */
static char *
recovery_dup_words (gconstpointer result)
{
  return ssdb_recovery_result_dup_words (result);
}

/* The finding under the recovery chart, in the chart's language. */
static char *
recovery_words (const SsdbRecoveryResult *r)
{
  return r != NULL ? ssdb_chart_words_in_language (r->words, recovery_dup_words, r) : NULL;
}

static void
recovery_frame (Frame *f, const SsdbRecoveryView *view, const SsdbStyle *style, PangoContext *pango,
                int width, int height)
{
  const SsdbRecoveryResult *r = view->result;
  g_autofree char *words = recovery_words (r);
  double m = 0, span = 0;

  for (guint i = 0; i < n_writes (r); i++)
    {
      g_autoptr (GArray) pts = curve_points (write_at (r, i)->segments);

      for (guint k = 0; k < pts->len; k++)
        {
          const SsdbFillPoint *pt = &g_array_index (pts, SsdbFillPoint, k);

          if (isfinite (pt->bytes_per_second))
            m = MAX (m, pt->bytes_per_second);
          span = MAX (span, (double)pt->position_bytes);
        }
    }
  /* The axis holds every point drawn (the curves are already averaged over segments). */
  if (r != NULL && r->spec.write_bytes > 0)
    span = (double)r->spec.write_bytes;
  if (span <= 0)
    span = 1e9;
  frame_compute (f, style, pango, width, height, view->target_title, view->target_subtitle,
                 view->caption, words, set_rate_axis, m, span, 1e9, "GB", NULL);
}

static char *
write_label (const SsdbRecoveryResult *r, guint i)
{
  const SsdbRecoveryWrite *w = write_at (r, i);
  double s = (double)w->pause_ns / 1e9;
  g_autofree char *pause = NULL;

  if (i == 0)
    return g_strdup (_ ("First write"));
  if (s >= 60 && fmod (s, 60) == 0)
    /* Translators: an idle pause in minutes, "5 min" */
    pause = g_strdup_printf (_ ("%g min"), s / 60);
  else
    /* Translators: an idle pause in seconds, "30 s" */
    pause = g_strdup_printf (_ ("%g s"), s);
  /* Translators: the write after an idle pause, with the share of the fast writes that came
   * back: "After 5 min: 87 %" */
  return g_strdup_printf (_ ("After %s: %.0f %%"), pause, w->restored_percent);
}

static void
stroke_steps (Painter *p, const GArray *points, const SsdbRgba *color, double width)
{
  Frame *f = &p->f;
  cairo_t *cr = p->cr;
  double start = 0;

  if (points == NULL || points->len == 0)
    return;
  if (ssdb_columns_wanted (cr, f->plot.width, points->len))
    {
      /* Denser than the pixel columns: the per-column min-max band and mean line. */
      SsdbColumns *c = ssdb_columns_new (cr, f->plot.x, f->plot.width);

      for (guint i = 0; i < points->len; i++)
        {
          const SsdbFillPoint *pt = &g_array_index (points, SsdbFillPoint, i);
          double y = frame_y (f, isfinite (pt->bytes_per_second) ? pt->bytes_per_second : 0);

          ssdb_columns_add_span (c, frame_x (f, start), frame_x (f, (double)pt->position_bytes), y);
          start = (double)pt->position_bytes;
        }
      ssdb_columns_finish (c);
      ssdb_columns_draw (c, cr, color, width, 1.0);
      ssdb_columns_free (c);
      return;
    }
  for (guint i = 0; i < points->len; i++)
    {
      const SsdbFillPoint *pt = &g_array_index (points, SsdbFillPoint, i);
      double y = frame_y (f, isfinite (pt->bytes_per_second) ? pt->bytes_per_second : 0);

      if (i == 0)
        cairo_move_to (cr, frame_x (f, start), y);
      else
        cairo_line_to (cr, frame_x (f, start), y);
      cairo_line_to (cr, frame_x (f, (double)pt->position_bytes), y);
      start = (double)pt->position_bytes;
    }
  cairo_set_line_width (cr, width);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  ssdb_render_set_source (cr, color, 1.0);
  cairo_stroke (cr);
}

void
ssdb_recovery_painter_draw (const SsdbRecoveryView *view, const SsdbStyle *style, cairo_t *cr,
                            int width, int height)
{
  SSDB_RENDER_LANGUAGE_SCOPE (style);

  const SsdbRecoveryResult *r;
  Painter p = { 0 };
  Frame *f = &p.f;
  g_autofree char *words = NULL;
  guint n;

  g_return_if_fail (view != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0)
    return;
  r = view->result;
  n = n_writes (r);

  cairo_save (cr);
  p.cr = cr;
  p.style = style;
  p.pango = ssdb_render_create_pango_context (cr);
  recovery_frame (f, view, style, p.pango, width, height);
  painter_begin (&p, cr, style, width, height, view->target_title, view->target_subtitle,
                 view->caption);
  {
    gboolean ticks = FALSE;

    for (guint i = 0; i < n; i++)
      if (write_at (r, i)->fast_bytes > 0 && write_at (r, i)->fast_bytes < write_at (r, i)->bytes)
        ticks = TRUE;
    /* The ticks drawn on the x axis are named with it. */
    draw_axes (&p, ticks ? _ ("Data written in each write (GB) · tick in a write's colour: "
                              "where its fast part ends")
                         : _ ("Data written in each write (GB)"));
  }

  {
    g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GArray) colors = g_array_new (FALSE, FALSE, sizeof (SsdbRgba));

    for (guint i = 0; i < n; i++)
      {
        SsdbRgba c = ssdb_recovery_write_color (style, i);

        g_ptr_array_add (labels, write_label (r, i));
        g_array_append_val (colors, c);
      }
    draw_legend (&p, labels, colors, 0);
  }

  cairo_save (cr);
  cairo_rectangle (cr, f->plot.x, f->plot.y, f->plot.width, f->plot.height);
  cairo_clip (cr);
  /* Later writes under earlier ones; the first write on top. */
  for (guint k = n; k > 0; k--)
    {
      SsdbRgba c = ssdb_recovery_write_color (style, k - 1);

      g_autoptr (GArray) pts = curve_points (write_at (r, k - 1)->segments);

      stroke_steps (&p, pts, &c, MAX (1.6, 2.2 * f->u));
    }
  /* Where each write's fast part ends: a short tick on the x axis in the write's colour. */
  for (guint i = 0; i < n; i++)
    {
      const SsdbRecoveryWrite *w = write_at (r, i);
      SsdbRgba c = ssdb_recovery_write_color (style, i);
      double x = frame_x (f, (double)w->fast_bytes);

      if (w->fast_bytes == 0 || w->fast_bytes >= w->bytes)
        continue;
      cairo_set_line_width (cr, MAX (2, 2.5 * f->u));
      cairo_move_to (cr, x, f->plot.y + f->plot.height);
      cairo_line_to (cr, x, f->plot.y + f->plot.height - 14 * f->u);
      ssdb_render_set_source (cr, &c, 1.0);
      cairo_stroke (cr);
    }
  if (view->show_threshold && r != NULL && r->threshold_bytes_per_second > 0 && n > 0)
    {
      double y = frame_y (f, r->threshold_bytes_per_second);
      g_autofree char *rate
          = ssdb_chart_format_rate (r->threshold_bytes_per_second, style->locale_numbers);
      /* Translators: the rate that separates fast (cached) from slow writes */
      g_autofree char *text = g_strdup_printf (_ ("Threshold %s"), rate);

      dashed_hline (&p, f->plot.x, f->plot.x + f->plot.width, y, &style->error, 0.8);
      boxed_label (&p, text, f->plot.x + f->plot.width - 6 * f->u, y - p.f.label_px,
                   SSDB_CHART_ALIGN_END, PANGO_WEIGHT_BOLD, &style->error);
    }
  cairo_restore (cr);
  draw_frame_border (&p);

  if (n == 0)
    draw_empty (&p, view->running ? _ ("Waiting for the first segment…")
                                  : _ ("No idle recovery measured yet"));
  words = recovery_words (r);
  ssdb_chart_draw_words (cr, p.pango, style, words, f->words_px, &f->words, words_lines ());

  g_object_unref (p.pango);
  cairo_restore (cr);
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_recovery_png, SsdbRecoveryView, ssdb_recovery_painter_draw)

/* ---- consistency -------------------------------------------------------------------------- */

void
ssdb_consistency_view_init (SsdbConsistencyView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
  view->show_steady_window = TRUE;
  view->show_tail = TRUE;
}

static guint
n_rounds (const SsdbConsistencyResult *r)
{
  return r != NULL && r->rounds != NULL ? r->rounds->len : 0;
}

static const SsdbConsistencyRound *
round_at (const SsdbConsistencyResult *r, guint i)
{
  return &g_array_index (r->rounds, SsdbConsistencyRound, i);
}

/* IOPS from 0; in thousands ("k IOPS") once the top reaches 10 000. */
static void
set_iops_axis (SsdbAxis *axis, double max, guint intervals)
{
  double divisor = max >= 10000 ? 1e3 : 1;

  ssdb_axis_nice (axis, 0, max > 0 ? max * 1.05 / divisor : 100, intervals, TRUE);
  axis->divisor = divisor;
  axis->unit = divisor > 1 ? "k IOPS" : "IOPS";
}

/* The engine's words again, in the chart's language (SsdbChartWordsFunc). */
static char *
consistency_dup_words (gconstpointer result)
{
  return ssdb_consistency_result_dup_words (result);
}

/* The finding in the chart's language, then what the drive counted of the writes. */
static char *
r_words (const SsdbConsistencyResult *r)
{
  g_autofree char *words = NULL;

  if (r == NULL)
    return NULL;
  words = ssdb_chart_words_in_language (r->words, consistency_dup_words, r);
  return ssdb_chart_words_with_drive (words, r->drive_counts);
}

static void
consistency_frame (Frame *f, const SsdbConsistencyView *view, const SsdbStyle *style,
                   PangoContext *pango, int width, int height)
{
  g_autofree char *words = r_words (view->result);
  const SsdbConsistencyResult *r = view->result;
  double m = 0, t = 0;

  for (guint i = 0; i < n_rounds (r); i++)
    if (isfinite (round_at (r, i)->iops))
      m = MAX (m, round_at (r, i)->iops);
  /* The planned length, but only what was measured of a run that stopped early. */
  if (r != NULL && !(r->cancelled && !view->running && n_rounds (r) > 0))
    t = (double)MAX (r->spec.duration_ns, r->window_ns);
  if (n_rounds (r) > 0)
    t = MAX (t, (double)round_at (r, n_rounds (r) - 1)->elapsed_ns);
  if (t <= 0)
    t = 60e9;
  t *= 1.02; /* room for the last dot */
  frame_compute (f, style, pango, width, height, view->target_title, view->target_subtitle,
                 view->caption, words, set_iops_axis, m, t, 1e9, "s",
                 r != NULL ? r->temperature : NULL);
}

/* The window's band: from the start of its first round to the end of its last. */
static gboolean
window_rect (const Frame *f, const SsdbConsistencyView *view, cairo_rectangle_t *rect)
{
  const SsdbConsistencyResult *r = view->result;
  guint a, b;
  double x0, x1;

  if (!view->show_steady_window || r == NULL || !r->steady.reached || r->steady.first_round == 0
      || r->steady.round > n_rounds (r))
    return FALSE;
  a = r->steady.first_round - 1;
  b = r->steady.round - 1;
  x0 = frame_x (f, a > 0 ? (double)round_at (r, a - 1)->elapsed_ns : 0);
  x1 = frame_x (f, (double)round_at (r, b)->elapsed_ns);
  x0 = ssdb_chart_clamp (x0, f->plot.x, f->plot.x + f->plot.width);
  x1 = ssdb_chart_clamp (x1, f->plot.x, f->plot.x + f->plot.width);
  *rect = (cairo_rectangle_t){ x0, f->plot.y, MAX (x1 - x0, 1), f->plot.height };
  return TRUE;
}

void
ssdb_consistency_painter_get_plot_rect (const SsdbConsistencyView *view, int width, int height,
                                        cairo_rectangle_t *rect)
{
  Frame f;

  g_return_if_fail (view != NULL);
  g_return_if_fail (rect != NULL);

  SSDB_CHART_LAYOUT_FOR_QUERY (consistency_frame, &f, view, width, height);
  *rect = f.plot;
}

gboolean
ssdb_consistency_painter_get_window_rect (const SsdbConsistencyView *view, int width, int height,
                                          cairo_rectangle_t *rect)
{
  Frame f;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  SSDB_CHART_LAYOUT_FOR_QUERY (consistency_frame, &f, view, width, height);
  return window_rect (&f, view, rect);
}

void
ssdb_consistency_painter_draw (const SsdbConsistencyView *view, const SsdbStyle *style, cairo_t *cr,
                               int width, int height)
{
  SSDB_RENDER_LANGUAGE_SCOPE (style);

  const SsdbConsistencyResult *r;
  Painter p = { 0 };
  Frame *f = &p.f;
  cairo_rectangle_t band;
  gboolean have_band;
  SsdbRgba dot_color, tail_color;
  guint n;

  g_return_if_fail (view != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0)
    return;
  r = view->result;
  n = n_rounds (r);
  dot_color = style->accent2;
  tail_color = style->accent;

  cairo_save (cr);
  p.cr = cr;
  p.style = style;
  p.pango = ssdb_render_create_pango_context (cr);
  consistency_frame (f, view, style, p.pango, width, height);
  painter_begin (&p, cr, style, width, height, view->target_title, view->target_subtitle,
                 view->caption);
  draw_axes (&p, _ ("Time (s)"));

  {
    g_autoptr (GPtrArray) labels = g_ptr_array_new_with_free_func (g_free);
    g_autoptr (GArray) colors = g_array_new (FALSE, FALSE, sizeof (SsdbRgba));
    double round_s = r != NULL ? (double)r->spec.round_ns / 1e9 : 1;

    /* Translators: the dots of the consistency chart, one per round of N seconds */
    g_ptr_array_add (labels, g_strdup_printf (_ ("IOPS per %g s"), round_s));
    g_array_append_val (colors, dot_color);
    if (view->show_tail && r != NULL && r->tail_rounds > 0)
      {
        /* Translators: the mean over the last part of the consistency run */
        g_ptr_array_add (labels, g_strdup (_ ("Mean of the last part")));
        g_array_append_val (colors, tail_color);
      }
    /* The rounds are dots, the mean a line. */
    draw_legend (&p, labels, colors, 1u << 0);
  }

  cairo_save (cr);
  cairo_rectangle (cr, f->plot.x, f->plot.y, f->plot.width, f->plot.height);
  cairo_clip (cr);

  have_band = window_rect (f, view, &band);
  if (have_band)
    {
      cairo_rectangle (cr, band.x, band.y, band.width, band.height);
      ssdb_render_set_source (cr, &style->accent3, style->theme == SSDB_THEME_DARK ? 0.28 : 0.18);
      cairo_fill (cr);
    }

  {
    double radius = ssdb_chart_clamp (n > 0 ? f->plot.width / n * 0.35 : 3, 1.2, 3.2 * f->u);
    /* More rounds than pixel columns: one dot per occupied dot-sized cell (ssdb-decimate.h). */
    SsdbDotGrid *grid
        = ssdb_columns_wanted (cr, f->plot.width, n) ? ssdb_dot_grid_new (&f->plot, radius) : NULL;

    for (guint i = 0; i < n; i++)
      {
        const SsdbConsistencyRound *rd = round_at (r, i);
        double x = frame_x (f, (double)rd->elapsed_ns);
        double y = frame_y (f, isfinite (rd->iops) ? rd->iops : 0);

        if (grid != NULL)
          {
            ssdb_dot_grid_add (grid, x, y);
            continue;
          }
        cairo_new_sub_path (cr);
        cairo_arc (cr, x, y, radius, 0, 2 * G_PI);
      }
    if (grid != NULL)
      ssdb_dot_grid_path (grid, cr);
    ssdb_dot_grid_free (grid);
    ssdb_render_set_source (cr, &dot_color, 0.85);
    cairo_fill (cr);
  }

  if (view->show_tail && r != NULL && r->tail_rounds > 0 && r->tail_rounds <= n)
    {
      guint a = n - r->tail_rounds;
      double x0 = frame_x (f, a > 0 ? (double)round_at (r, a - 1)->elapsed_ns : 0);
      double x1 = frame_x (f, (double)round_at (r, n - 1)->elapsed_ns);
      double y = frame_y (f, r->tail_mean_iops);
      /* In the IOPS axis' unit: "Mean 255.1k IOPS" under k IOPS, "Mean 4821 IOPS" under IOPS. */
      gboolean thousands = f->y.divisor > 1;
      g_autofree char *mean = ssdb_chart_format_double (r->tail_mean_iops / (thousands ? 1e3 : 1),
                                                        thousands ? 1 : 0, style->locale_numbers);
      g_autofree char *text = thousands
                                  /* Translators: the mean IOPS of the last part of the run in
                                     thousands, "Mean 255.1k IOPS" */
                                  ? g_strdup_printf (_ ("Mean %sk IOPS"), mean)
                                  /* Translators: the mean IOPS of the last part of the run,
                                     "Mean 4821 IOPS" */
                                  : g_strdup_printf (_ ("Mean %s IOPS"), mean);

      double radius = ssdb_chart_clamp (f->plot.width / n * 0.35, 1.2, 3.2 * f->u);
      double top = y, label_y;

      /* Above the line and above the dots of the last part, so none is hidden. */
      for (guint i = a; i < n; i++)
        if (isfinite (round_at (r, i)->iops))
          top = MIN (top, frame_y (f, round_at (r, i)->iops) - radius);
      label_y = MIN (y - f->label_px * 1.2, top - f->label_px * 0.9);
      label_y = MAX (label_y, f->plot.y + f->label_px * 0.9);
      dashed_hline (&p, x0, x1, y, &tail_color, 1.0);
      boxed_label (&p, text, x1, label_y, SSDB_CHART_ALIGN_END, PANGO_WEIGHT_BOLD, &tail_color);
    }

  if (have_band)
    {
      /* Translators: where SNIA PTS steady state was reached, "Steady state at round 12" */
      g_autofree char *text = g_strdup_printf (_ ("Steady state at round %u"), r->steady.round);

      boxed_label (&p, text, band.x + 6 * f->u, f->plot.y + f->label_px, SSDB_CHART_ALIGN_START,
                   PANGO_WEIGHT_BOLD, &style->foreground);
    }
  cairo_restore (cr);
  draw_frame_border (&p);

  if (n == 0)
    draw_empty (&p, view->running ? _ ("Waiting for the first round…")
                                  : _ ("No consistency run measured yet"));
  {
    g_autofree char *words = r_words (r);

    ssdb_chart_draw_words (cr, p.pango, style, words, f->words_px, &f->words, words_lines ());
  }
  if (r != NULL)
    ssdb_chart_draw_temperature (cr, p.pango, style, &f->temperature, f->label_px, r->temperature);

  g_object_unref (p.pango);
  cairo_restore (cr);
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_consistency_png, SsdbConsistencyView,
                             ssdb_consistency_painter_draw)
