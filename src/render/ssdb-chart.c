/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-chart.h"
#include "ssdb-render-lang.h"
#include "ssdb-error.h"

#include <math.h>
#include <string.h>

void
ssdb_axis_nice (SsdbAxis *axis, double lo, double hi, guint intervals, gboolean extend)
{
  static const double mantissas[] = { 1, 2, 2.5, 5, 10 };
  double range, raw, mag, step = 1;

  g_return_if_fail (axis != NULL);

  if (!isfinite (lo))
    lo = 0;
  if (!isfinite (hi) || hi <= lo)
    hi = lo + 1;
  intervals = MAX (intervals, 1);
  range = hi - lo;
  raw = range / (intervals + 1);
  mag = pow (10, floor (log10 (raw)));
  for (guint i = 0; i < G_N_ELEMENTS (mantissas); i++)
    {
      step = mantissas[i] * mag;
      /* The finest step that gives at most one interval more than asked for (a hair of
       * tolerance, so 6 / 3 chooses 2, not 2.5). */
      if (ceil (range / step - 1e-9) <= intervals + 1)
        break;
    }

  axis->step = step;
  axis->divisor = 1;
  axis->unit = NULL;
  if (extend)
    {
      axis->lo = floor (lo / step + 1e-9) * step;
      axis->hi = ceil (hi / step - 1e-9) * step;
      if (axis->hi <= axis->lo)
        axis->hi = axis->lo + step;
    }
  else
    {
      axis->lo = lo;
      axis->hi = hi;
    }
  axis->first = ceil (axis->lo / step - 1e-9) * step;
  axis->n_ticks = (guint)floor ((axis->hi - axis->first) / step + 1e-9) + 1;

  /* Decimals: the fewest that print the step exactly (2.5 needs one, 0.05 two). */
  axis->decimals = 0;
  for (int d = 0; d <= 6; d++)
    {
      double scaled = step * pow (10, d);

      axis->decimals = d;
      if (fabs (scaled - round (scaled)) < 1e-6 * MAX (1, scaled))
        break;
    }
}

void
ssdb_axis_rate (SsdbAxis *axis, double max_bytes_per_second, guint intervals)
{
  double top;

  g_return_if_fail (axis != NULL);

  if (!isfinite (max_bytes_per_second) || max_bytes_per_second <= 0)
    {
      ssdb_axis_nice (axis, 0, 100, intervals, TRUE);
      axis->divisor = 1e6;
      axis->unit = "MB/s";
      return;
    }
  /* Headroom above the highest sample, so the curve does not run along the top edge. */
  top = max_bytes_per_second * 1.06;
  if (top >= 2e9)
    {
      ssdb_axis_nice (axis, 0, top / 1e9, intervals, TRUE);
      axis->divisor = 1e9;
      axis->unit = "GB/s";
    }
  else
    {
      ssdb_axis_nice (axis, 0, top / 1e6, intervals, TRUE);
      axis->divisor = 1e6;
      axis->unit = "MB/s";
    }
}

double
ssdb_axis_tick (const SsdbAxis *axis, guint i)
{
  double v = axis->first + axis->step * i;

  /* Snap away the binary noise of 0.1 + 0.2. */
  return round (v / axis->step) * axis->step;
}

char *
ssdb_chart_format_double (double value, int decimals, gboolean locale_numbers)
{
  char format[16];
  char buf[G_ASCII_DTOSTR_BUF_SIZE + 32];

  decimals = CLAMP (decimals, 0, 6);
  if (!isfinite (value))
    return g_strdup ("\u2014");
  /* No "-0" or "-0.0" */
  if (fabs (value) < 0.5 * pow (10, -decimals))
    value = 0.0;
  g_snprintf (format, sizeof format, "%%.%df", decimals);
  g_ascii_formatd (buf, sizeof buf, format, value);
  if (locale_numbers)
    return ssdb_render_localize_number (g_strdup (buf));
  return g_strdup (buf);
}

char *
ssdb_axis_format (const SsdbAxis *axis, double value, gboolean locale_numbers)
{
  g_return_val_if_fail (axis != NULL, NULL);
  return ssdb_chart_format_double (value, axis->decimals, locale_numbers);
}

char *
ssdb_chart_format_rate (double bytes_per_second, gboolean locale_numbers)
{
  double mbps = bytes_per_second / 1e6;
  g_autofree char *num = ssdb_chart_format_double (mbps, fabs (mbps) < 10 ? 2 : 1, locale_numbers);

  return g_strdup_printf ("%s MB/s", num);
}

/* Decimals for three significant figures, at most @max. */
static int
significant_decimals (double v, int max)
{
  int d;

  if (!(fabs (v) > 0))
    return 0;
  d = 2 - (int)floor (log10 (fabs (v)));
  return CLAMP (d, 0, max);
}

char *
ssdb_chart_format_trimmed (double value, int decimals, gboolean locale_numbers)
{
  char *num = ssdb_chart_format_double (value, decimals, locale_numbers);
  gsize len = strlen (num);

  if (strpbrk (num, ".,") != NULL)
    {
      while (len > 0 && num[len - 1] == '0')
        num[--len] = '\0';
      if (len > 0 && (num[len - 1] == '.' || num[len - 1] == ','))
        num[--len] = '\0';
    }
  return num;
}

char *
ssdb_chart_format_position (double bytes, gboolean locale_numbers)
{
  double gb = bytes / 1e9;
  /* No trailing zeros: "50 GB", "12.3 GB", "0.07 GB". */
  g_autofree char *num
      = ssdb_chart_format_trimmed (gb, significant_decimals (gb, 3), locale_numbers);

  return g_strdup_printf ("%s GB", num);
}

char *
ssdb_chart_format_ms_number (double ns, gboolean locale_numbers)
{
  double ms = ns / 1e6;

  return ssdb_chart_format_double (ms, significant_decimals (ms, 5), locale_numbers);
}

char *
ssdb_chart_format_ms (double ns, gboolean locale_numbers)
{
  g_autofree char *num = ssdb_chart_format_ms_number (ns, locale_numbers);

  return g_strdup_printf ("%s ms", num);
}

/* Text ------------------------------------------------------------------------------------ */

void
ssdb_chart_measure (PangoContext *context, const SsdbStyle *style, const char *text, double size_px,
                    PangoWeight weight, double *width, double *height)
{
  g_autoptr (PangoLayout) layout
      = ssdb_render_layout_new (context, style, text, size_px, weight, TRUE);
  PangoRectangle logical;

  pango_layout_get_extents (layout, NULL, &logical);
  if (width)
    *width = (double)logical.width / PANGO_SCALE;
  if (height)
    *height = (double)logical.height / PANGO_SCALE;
}

double
ssdb_chart_draw_text (cairo_t *cr, PangoContext *context, const SsdbStyle *style, const char *text,
                      double x, double y, double size_px, PangoWeight weight, SsdbChartAlign halign,
                      double max_width, const SsdbRgba *color, double alpha)
{
  g_autoptr (PangoLayout) layout = NULL;
  PangoRectangle logical;
  double w, h;

  if (text == NULL || *text == '\0')
    return 0;
  layout = ssdb_render_layout_new (context, style, text, size_px, weight, TRUE);
  if (max_width > 0)
    {
      double size = ssdb_render_fit_size (layout, size_px, max_width, G_MAXDOUBLE);

      if (size < size_px * 0.6)
        {
          size = size_px * 0.6;
          pango_layout_set_width (layout, (int)(max_width * PANGO_SCALE));
          pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
        }
      ssdb_render_layout_set_size (layout, size);
    }
  pango_layout_get_extents (layout, NULL, &logical);
  w = (double)logical.width / PANGO_SCALE;
  h = (double)logical.height / PANGO_SCALE;
  if (halign == SSDB_CHART_ALIGN_CENTER)
    x -= w / 2;
  else if (halign == SSDB_CHART_ALIGN_END)
    x -= w;
  ssdb_render_set_source (cr, color, alpha);
  cairo_move_to (cr, x - (double)logical.x / PANGO_SCALE,
                 y - h / 2 - (double)logical.y / PANGO_SCALE);
  pango_cairo_show_layout (cr, layout);
  return w;
}

PangoContext *
ssdb_chart_scratch_context (void)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1, 1);
  cairo_t *cr = cairo_create (surface);
  PangoContext *context = ssdb_render_create_pango_context (cr);

  cairo_destroy (cr);
  cairo_surface_destroy (surface);
  return context;
}

double
ssdb_chart_scale (double width, double height, double *margin, double *gap, double *title_px,
                  double *subtitle_px)
{
  double u = ssdb_chart_clamp (MIN (width / 860.0, height / 560.0), 0.7, 2.4);

  *margin = round (ssdb_chart_clamp (14 * u, 8, 36));
  *gap = round (ssdb_chart_clamp (8 * u, 4, 20));
  *title_px = ssdb_chart_clamp (17 * u, 12, 40);
  *subtitle_px = ssdb_chart_clamp (12.5 * u, 10, 30);
  return u;
}

double
ssdb_chart_layout_heading (double width, double margin, double gap, const char *title,
                           double title_px, cairo_rectangle_t *title_box, const char *subtitle,
                           double subtitle_px, cairo_rectangle_t *subtitle_box)
{
  double y = margin;

  if (title != NULL && *title)
    {
      *title_box = (cairo_rectangle_t){ margin, y, width - 2 * margin, round (title_px * 1.4) };
      y += title_box->height;
    }
  if (subtitle != NULL && *subtitle)
    {
      *subtitle_box
          = (cairo_rectangle_t){ margin, y, width - 2 * margin, round (subtitle_px * 1.45) };
      y += subtitle_box->height;
    }
  if (y > margin)
    y += gap;
  return y;
}

double
ssdb_chart_layout_caption (double width, double bottom, double margin, double gap,
                           const char *caption, double caption_px, cairo_rectangle_t *box)
{
  if (caption != NULL && *caption)
    {
      double fh = round (caption_px * 1.5);

      *box = (cairo_rectangle_t){ margin, bottom - fh, width - 2 * margin, fh };
      bottom -= fh + gap;
    }
  return bottom;
}

double
ssdb_chart_layout_words (PangoContext *context, const SsdbStyle *style, double width, double bottom,
                         double margin, double gap, const char *text, double size_px, int max_lines,
                         cairo_rectangle_t *box)
{
  g_autoptr (PangoLayout) layout = NULL;
  PangoRectangle logical;
  double wh;

  if (text == NULL)
    return bottom;
  layout = ssdb_chart_words_layout (context, style, text, size_px, width - 2 * margin, max_lines);
  pango_layout_get_extents (layout, NULL, &logical);
  wh = ceil ((double)logical.height / PANGO_SCALE);
  *box = (cairo_rectangle_t){ margin, bottom - wh, width - 2 * margin, wh };
  return box->y - gap;
}

static void
draw_swatch (cairo_t *cr, const SsdbChartLegend *legend, const SsdbChartLegendItem *item,
             guint index, double x, double cy)
{
  switch (item->swatch)
    {
      case SSDB_CHART_SWATCH_LINE:
        cairo_set_line_width (cr, item->size);
        cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
        cairo_move_to (cr, x + 1, cy);
        cairo_line_to (cr, x + item->width - 1, cy);
        ssdb_render_set_source (cr, item->color, item->alpha);
        cairo_stroke (cr);
        break;
      case SSDB_CHART_SWATCH_DOT:
        cairo_arc (cr, x + item->dot_x, cy, item->size, 0, 2 * G_PI);
        ssdb_render_set_source (cr, item->color, item->alpha);
        cairo_fill (cr);
        break;
      case SSDB_CHART_SWATCH_BAR:
        cairo_rectangle (cr, x, cy - item->width * 0.35, item->width, item->width * 0.7);
        ssdb_render_set_source (cr, item->color, item->alpha);
        cairo_fill (cr);
        break;
      case SSDB_CHART_SWATCH_CUSTOM:
      default:
        if (legend->draw_swatch != NULL)
          legend->draw_swatch (cr, index, x, cy, item->width, legend->user_data);
        break;
    }
}

double
ssdb_chart_draw_legend (cairo_t *cr, PangoContext *context, const SsdbStyle *style,
                        const SsdbChartLegend *legend, const SsdbChartLegendItem *items,
                        guint n_items)
{
  g_autofree double *widths = NULL;
  double x, cy;

  g_return_val_if_fail (legend != NULL, 0);
  g_return_val_if_fail (items != NULL || n_items == 0, legend->x);

  widths = g_new0 (double, MAX (n_items, 1));
  cy = legend->cy;

  for (guint i = 0; i < n_items; i++)
    ssdb_chart_measure (context, style, items[i].label, legend->label_px, PANGO_WEIGHT_NORMAL,
                        &widths[i], NULL);

  if (legend->align == SSDB_CHART_ALIGN_START)
    {
      x = legend->x;
      for (guint i = 0; i < n_items; i++)
        {
          const SsdbChartLegendItem *item = &items[i];

          if (legend->wrap_right > 0 && x > legend->x
              && x + item->width + legend->spacing + widths[i] > legend->wrap_right
              && cy + legend->row_height < legend->wrap_bottom)
            {
              x = legend->x;
              cy += legend->row_height;
            }
          draw_swatch (cr, legend, item, i, x, cy);
          x += item->width + legend->spacing;
          x += ssdb_chart_draw_text (cr, context, style, item->label, x, cy, legend->label_px,
                                     PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0,
                                     &style->foreground, 1.0)
               + legend->gap;
        }
      return x;
    }

  {
    double total = 0;

    for (guint i = 0; i < n_items; i++)
      total += items[i].width + legend->spacing + widths[i] + (i ? legend->gap : 0);
    x = MAX (legend->x - total, legend->min_x);
  }
  for (guint i = 0; i < n_items; i++)
    {
      if (i)
        x += legend->gap;
      draw_swatch (cr, legend, &items[i], i, x, cy);
      x += items[i].width + legend->spacing;
      ssdb_chart_draw_text (cr, context, style, items[i].label, x, cy, legend->label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0, &style->foreground,
                            1.0);
      x += widths[i];
    }
  return x;
}

void
ssdb_chart_draw_empty_note (cairo_t *cr, PangoContext *context, const SsdbStyle *style,
                            const char *text, const cairo_rectangle_t *plot, double label_px)
{
  ssdb_chart_draw_text (cr, context, style, text, plot->x + plot->width / 2,
                        plot->y + plot->height / 2, label_px * 1.2, PANGO_WEIGHT_NORMAL,
                        SSDB_CHART_ALIGN_CENTER, plot->width - 20, &style->dim, 1.0);
}

PangoLayout *
ssdb_chart_words_layout (PangoContext *context, const SsdbStyle *style, const char *text,
                         double size_px, double width, int max_lines)
{
  PangoLayout *layout
      = ssdb_render_layout_new (context, style, text, size_px, PANGO_WEIGHT_NORMAL, FALSE);

  pango_layout_set_width (layout, (int)(MAX (width, 10) * PANGO_SCALE));
  pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
  pango_layout_set_height (layout, -max_lines);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
  return layout;
}

void
ssdb_chart_draw_words (cairo_t *cr, PangoContext *context, const SsdbStyle *style, const char *text,
                       double size_px, const cairo_rectangle_t *box, int max_lines)
{
  g_autoptr (PangoLayout) layout = NULL;
  PangoRectangle logical;

  if (text == NULL || *text == '\0' || box->height <= 0)
    return;
  layout = ssdb_chart_words_layout (context, style, text, size_px, box->width, max_lines);
  pango_layout_get_extents (layout, NULL, &logical);
  ssdb_render_set_source (cr, &style->foreground, 1.0);
  cairo_move_to (cr, box->x, box->y - (double)logical.y / PANGO_SCALE);
  pango_cairo_show_layout (cr, layout);
}

double
ssdb_chart_clamp (double value, double lo, double hi)
{
  return value < lo ? lo : value > hi ? hi : value;
}

double
ssdb_chart_grid_alpha (const SsdbStyle *style)
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

double
ssdb_chart_axis_labels_width (PangoContext *context, const SsdbStyle *style, const SsdbAxis *axis,
                              double label_px)
{
  double w = 0;

  for (guint i = 0; i < axis->n_ticks; i++)
    {
      g_autofree char *text
          = ssdb_axis_format (axis, ssdb_axis_tick (axis, i), style->locale_numbers);
      double tw;

      ssdb_chart_measure (context, style, text, label_px, PANGO_WEIGHT_NORMAL, &tw, NULL);
      w = MAX (w, tw);
    }
  return w;
}

double
ssdb_chart_axis_y (const SsdbAxis *axis, const cairo_rectangle_t *plot, double value)
{
  double v = value / axis->divisor;

  return plot->y + plot->height - (v - axis->lo) / (axis->hi - axis->lo) * plot->height;
}

void
ssdb_chart_fill_plot (cairo_t *cr, const SsdbStyle *style, const cairo_rectangle_t *plot)
{
  SsdbRgba bg = ssdb_chart_plot_background (style);

  cairo_rectangle (cr, plot->x, plot->y, plot->width, plot->height);
  ssdb_render_set_source (cr, &bg, 1.0);
  cairo_fill (cr);
}

void
ssdb_chart_stroke_plot_border (cairo_t *cr, const SsdbStyle *style, const cairo_rectangle_t *plot)
{
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, plot->x + 0.5, plot->y + 0.5, plot->width - 1, plot->height - 1);
  ssdb_render_set_source (cr, &style->foreground,
                          style->theme == SSDB_THEME_HIGH_CONTRAST ? 1.0 : 0.35);
  cairo_stroke (cr);
}

void
ssdb_chart_draw_value_grid (cairo_t *cr, PangoContext *context, const SsdbStyle *style,
                            const cairo_rectangle_t *plot, const SsdbAxis *axis,
                            const SsdbAxis *right, double label_px, double tick_gap)
{
  gboolean loc = style->locale_numbers;

  ssdb_chart_fill_plot (cr, style, plot);
  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < axis->n_ticks; i++)
    {
      double v = ssdb_axis_tick (axis, i);
      double y = ssdb_chart_axis_y (axis, plot, v * axis->divisor);
      g_autofree char *text = ssdb_axis_format (axis, v, loc);

      if (i > 0 && i + 1 < axis->n_ticks)
        {
          cairo_move_to (cr, plot->x, floor (y) + 0.5);
          cairo_line_to (cr, plot->x + plot->width, floor (y) + 0.5);
          ssdb_render_set_source (cr, &style->foreground, ssdb_chart_grid_alpha (style));
          cairo_stroke (cr);
        }
      ssdb_chart_draw_text (cr, context, style, text, plot->x - tick_gap, y, label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0, &style->dim, 1.0);
      if (right != NULL && i < right->n_ticks)
        {
          g_autofree char *rt = ssdb_axis_format (right, ssdb_axis_tick (right, i), loc);

          ssdb_chart_draw_text (cr, context, style, rt, plot->x + plot->width + tick_gap, y,
                                label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0,
                                &style->dim, 1.0);
        }
    }
}

SsdbRgba
ssdb_chart_mix (const SsdbRgba *a, const SsdbRgba *b, double t)
{
  return (SsdbRgba){ a->r + (b->r - a->r) * t, a->g + (b->g - a->g) * t, a->b + (b->b - a->b) * t,
                     a->a + (b->a - a->a) * t };
}

SsdbRgba
ssdb_chart_plot_background (const SsdbStyle *style)
{
  switch (style->theme)
    {
      case SSDB_THEME_DARK:
        return (SsdbRgba){ 0x1e / 255.0, 0x1e / 255.0, 0x1e / 255.0, 1 };
      case SSDB_THEME_LIGHT:
      case SSDB_THEME_HIGH_CONTRAST:
        return style->cell;
      case SSDB_THEME_REVIEW:
      default:
        return style->background;
    }
}

gboolean
ssdb_chart_write_png (SsdbChartDrawFunc draw, gconstpointer view, const SsdbStyle *style,
                      const char *path, int width, int height, double scale, GError **error)
{
  cairo_surface_t *surface;
  cairo_t *cr;
  cairo_status_t status;
  double pw, ph;
  gboolean ret;

  g_return_val_if_fail (draw != NULL, FALSE);
  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (style != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  pw = ceil (width * scale);
  ph = ceil (height * scale);
  if (width <= 0 || height <= 0 || !(scale > 0 && scale <= 8) || pw > 16384 || ph > 16384)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "Could not write “%s”: image size %d × %d at scale %g is out of range "
                   "(1 to 16384 pixels a side, scale up to 8)",
                   path, width, height, scale);
      return FALSE;
    }

  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)pw, (int)ph);
  status = cairo_surface_status (surface);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, "Could not write “%s”: %s", path,
                   cairo_status_to_string (status));
      cairo_surface_destroy (surface);
      return FALSE;
    }
  cr = cairo_create (surface);
  cairo_scale (cr, scale, scale);
  draw (view, style, cr, width, height);
  status = cairo_status (cr);
  cairo_destroy (cr);
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_FAILED, "Could not write “%s”: %s", path,
                   cairo_status_to_string (status));
      cairo_surface_destroy (surface);
      return FALSE;
    }
  ret = ssdb_render_surface_write_png (surface, path, error);
  cairo_surface_destroy (surface);
  return ret;
}

void
ssdb_chart_draw_heading (cairo_t *cr, PangoContext *context, const SsdbStyle *style,
                         const SsdbChartHeading *h)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (h != NULL);

  if (h->title_box.height > 0)
    ssdb_chart_draw_text (cr, context, style, h->title, h->title_box.x,
                          h->title_box.y + h->title_box.height / 2, h->title_px, PANGO_WEIGHT_BOLD,
                          SSDB_CHART_ALIGN_START, h->title_box.width, &style->foreground, 1.0);
  if (h->subtitle_box.height > 0)
    ssdb_chart_draw_text (cr, context, style, h->subtitle, h->subtitle_box.x,
                          h->subtitle_box.y + h->subtitle_box.height / 2, h->subtitle_px,
                          PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, h->subtitle_box.width,
                          &style->dim, 1.0);
  if (h->caption_box.height > 0)
    ssdb_chart_draw_text (cr, context, style, h->caption, h->caption_box.x + h->caption_box.width,
                          h->caption_box.y + h->caption_box.height / 2, h->caption_px,
                          PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, h->caption_box.width,
                          &style->dim, 1.0);
}

void
ssdb_chart_draw_frame (cairo_t *cr, PangoContext *context, const SsdbStyle *style, int width,
                       int height, const SsdbChartHeading *heading)
{
  g_return_if_fail (cr != NULL);
  g_return_if_fail (style != NULL);

  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  ssdb_render_set_source (cr, &style->background, 1.0);
  cairo_paint (cr);
  if (heading != NULL)
    ssdb_chart_draw_heading (cr, context, style, heading);
}

/* The drive's temperature and its own count of writes ------------------------------------- */

char *
ssdb_chart_words_in_language (const char *words, SsdbChartWordsFunc dup_words, gconstpointer result)
{
  g_autofree char *english = NULL;
  const char *previous;

  if (words == NULL || *words == '\0' || result == NULL
      || ssdb_render_language_is_english (ssdb_render_get_language ()))
    return g_strdup (words);
  /* Written again only when the result still gives the words it holds (an old report may hold
   * words of another version). */
  previous = ssdb_render_language_push ("en");
  english = dup_words (result);
  ssdb_render_language_pop (previous);
  if (g_strcmp0 (english, words) != 0)
    return g_strdup (words);
  return ssdb_render_localize_number (dup_words (result));
}

char *
ssdb_chart_words_with_drive (const char *words, const SsdbDriveCounts *writes)
{
  g_autofree char *counted = ssdb_drive_counts_words (writes);

  if (counted != NULL && !ssdb_render_language_is_english (ssdb_render_get_language ()))
    counted = ssdb_render_localize_number (counted);

  if (words == NULL || *words == '\0')
    return g_steal_pointer (&counted);
  if (counted == NULL)
    return g_strdup (words);
  return g_strconcat (words, " ", counted, NULL);
}

double
ssdb_chart_temperature_height (const SsdbTemperatureLog *log, double label_px)
{
  if (log == NULL || log->samples->len == 0)
    return 0;
  return round (label_px * 4.4);
}

/* "38.9" or "39": the readings' own precision, at most one decimal. */
static char *
format_celsius (double c, gboolean locale_numbers)
{
  return ssdb_chart_format_trimmed (c, 1, locale_numbers);
}

void
ssdb_chart_draw_temperature (cairo_t *cr, PangoContext *context, const SsdbStyle *style,
                             const cairo_rectangle_t *rect, double label_px,
                             const SsdbTemperatureLog *log)
{
  SsdbTemperatureStats st;
  const SsdbTemperatureSample *last;
  double head_h, small_px, lo, hi, t_end, x, y, w, h;
  gboolean show_warning;
  SsdbRgba line, plot_bg;
  g_autofree char *lo_s = NULL, *hi_s = NULL, *end_s = NULL, *range = NULL, *title = NULL;

  if (!ssdb_temperature_log_stats (log, &st) || rect->width < 20 || rect->height < 10)
    return;
  last = &g_array_index (log->samples, SsdbTemperatureSample, log->samples->len - 1);
  small_px = label_px * 0.9;
  head_h = round (label_px * 1.6);
  x = rect->x;
  y = rect->y + head_h;
  w = rect->width;
  h = rect->height - head_h;
  t_end = MAX (last->t_s, 1e-3);

  /* The band's range: the readings, one degree either side, and the warning temperature when
   * they come near it. */
  show_warning = !isnan (log->warning_c) && st.max_c >= log->warning_c - 5;
  lo = floor (st.min_c) - 1;
  hi = ceil (MAX (st.max_c, show_warning ? log->warning_c : st.max_c)) + 1;

  lo_s = format_celsius (st.min_c, style->locale_numbers);
  hi_s = format_celsius (st.max_c, style->locale_numbers);
  end_s = ssdb_chart_format_trimmed (t_end, t_end < 10 ? 1 : 0, style->locale_numbers);
  title = g_strdup_printf ("Drive temperature (%s)", log->sensor);
  range = st.max_c - st.min_c < 0.05 ? g_strdup_printf ("%s °C", hi_s)
                                     : g_strdup_printf ("%s–%s °C", lo_s, hi_s);
  if (show_warning)
    {
      g_autofree char *warn_s = format_celsius (log->warning_c, style->locale_numbers);
      g_autofree char *at_s
          = ssdb_chart_format_trimmed (st.first_over_warning_s, 1, style->locale_numbers);
      g_autofree char *with
          = st.over_warning
                ? g_strdup_printf ("%s · reached its warning %s °C at %s s", range, warn_s, at_s)
                : g_strdup_printf ("%s · warning %s °C (dashed)", range, warn_s);

      g_free (range);
      range = g_steal_pointer (&with);
    }
  {
    g_autofree char *with = g_strdup_printf ("%s · 0–%s s", range, end_s);

    g_free (range);
    range = g_steal_pointer (&with);
  }

  cairo_save (cr);
  ssdb_chart_draw_text (cr, context, style, range, x + w, rect->y + head_h * 0.45, small_px,
                        PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_END, w * 0.6,
                        st.over_warning ? &style->error : &style->foreground, 0.9);
  ssdb_chart_draw_text (cr, context, style, title, x, rect->y + head_h * 0.45, small_px,
                        PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, w * 0.38, &style->foreground,
                        0.7);

  plot_bg = ssdb_chart_plot_background (style);
  ssdb_render_set_source (cr, &plot_bg, 1);
  cairo_rectangle (cr, x, y, w, h);
  cairo_fill (cr);
  ssdb_render_set_source (cr, &style->foreground, ssdb_chart_grid_alpha (style));
  cairo_set_line_width (cr, 1);
  cairo_rectangle (cr, round (x) + 0.5, round (y) + 0.5, round (w) - 1, round (h) - 1);
  cairo_stroke (cr);

  /* The band's ends, in whole degrees, left of it where the chart's value labels are. */
  {
    g_autofree char *top = ssdb_chart_format_double (hi, 0, style->locale_numbers);
    g_autofree char *bottom = ssdb_chart_format_double (lo, 0, style->locale_numbers);
    double room = MAX (x - rect->x + label_px * 4, label_px * 3);

    ssdb_chart_draw_text (cr, context, style, top, x - 4, y + small_px * 0.55, small_px * 0.9,
                          PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, room, &style->foreground, 0.7);
    ssdb_chart_draw_text (cr, context, style, bottom, x - 4, y + h - small_px * 0.55,
                          small_px * 0.9, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, room,
                          &style->foreground, 0.7);
  }
  if (show_warning)
    {
      double wy = round (y + h - (log->warning_c - lo) / (hi - lo) * h) + 0.5;
      double dash[] = { 4, 3 };

      ssdb_render_set_source (cr, &style->error, 0.8);
      cairo_set_dash (cr, dash, 2, 0);
      cairo_move_to (cr, x, wy);
      cairo_line_to (cr, x + w, wy);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);
    }

  /* The readings, joined by straight lines. */
  line = ssdb_chart_mix (&style->foreground, &style->error, 0.65);
  ssdb_render_set_source (cr, &line, 1);
  cairo_set_line_width (cr, MAX (1.25, label_px / 8));
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  cairo_rectangle (cr, x, y, w, h);
  cairo_save (cr);
  cairo_clip (cr);
  for (guint i = 0; i < log->samples->len; i++)
    {
      const SsdbTemperatureSample *s = &g_array_index (log->samples, SsdbTemperatureSample, i);
      double px = x + s->t_s / t_end * w;
      double py = y + h - (s->celsius - lo) / (hi - lo) * h;

      if (i == 0)
        cairo_move_to (cr, px, py);
      else
        cairo_line_to (cr, px, py);
    }
  if (log->samples->len == 1)
    cairo_rel_line_to (cr, w, 0);
  cairo_stroke (cr);
  cairo_restore (cr);
  cairo_restore (cr);
}

/* The value @i of @s, or NAN when it is not one an axis shows (not finite, not above 0). */
static inline double
series_value (const SsdbChartSeries *s, guint i)
{
  const guint8 *at = (const guint8 *)s->base + (gsize)i * s->stride + s->offset;
  double v;

  if (s->is_u64)
    {
      guint64 u;

      memcpy (&u, at, sizeof u);
      v = (double)u;
    }
  else
    memcpy (&v, at, sizeof v);
  return v > 0 && v <= G_MAXDOUBLE ? v : NAN;
}

/* Values the percentile is taken from, at most: beyond, an evenly strided sample of them. */
#define TOP_SAMPLE 65536

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

/* The value of rank @k (from 0) of @v[0..@n), which it reorders: Hoare's selection, and after
 * a few dozen rounds (values arranged against its middle pivots) a sort of what is left, so that
 * no data makes it quadratic. */
static double
select_rank (double *v, gsize n, gsize k)
{
  gsize lo = 0, hi = n - 1;

  for (guint round = 0; lo < hi; round++)
    {
      if (round == 64)
        {
          qsort (v + lo, hi - lo + 1, sizeof *v, compare_doubles);
          break;
        }
      double pivot = v[lo + (hi - lo) / 2];
      gsize i = lo, j = hi;

      while (i <= j)
        {
          while (v[i] < pivot)
            i++;
          while (v[j] > pivot)
            j--;
          if (i <= j)
            {
              double t = v[i];

              v[i] = v[j];
              v[j] = t;
              i++;
              if (j == 0)
                break;
              j--;
            }
        }
      if (k <= j)
        hi = j;
      else if (k >= i)
        lo = i;
      else
        break;
    }
  return v[k];
}

double
ssdb_chart_robust_top (const SsdbChartSeries *series, guint n_series, guint *over)
{
  guint64 total = 0, g = 0, stride;
  double max = 0, p99, top;
  gsize m = 0;
  g_autofree double *sample = NULL;

  g_return_val_if_fail (series != NULL || n_series == 0, 0);

  if (over != NULL)
    *over = 0;
  for (guint s = 0; s < n_series; s++)
    total += series[s].n;
  if (total == 0)
    return 0;
  /* The largest value from all of them; the percentile from all of them too up to TOP_SAMPLE
   * (as a sort finds it), else from every stride-th (a burst of a few values never decides it,
   * and the same values give the same top). */
  stride = (total + TOP_SAMPLE - 1) / TOP_SAMPLE;
  sample = g_new (double, MIN (total, (guint64)TOP_SAMPLE));
  for (guint s = 0; s < n_series; s++)
    for (guint i = 0; i < series[s].n; i++)
      {
        double v = series_value (&series[s], i);
        /* every stride-th value counted over all of them, without a division per value */
        gboolean sampled = g == 0;

        g = g + 1 == stride ? 0 : g + 1;
        if (isnan (v))
          continue;
        max = MAX (max, v);
        if (sampled)
          sample[m++] = v;
      }
  if (m == 0)
    return max;
  p99 = select_rank (sample, m, (gsize)floor (0.99 * (double)(m - 1)));
  top = max <= 2 * p99 ? max : 2 * p99;
  if (over != NULL && top < max)
    for (guint s = 0; s < n_series; s++)
      for (guint i = 0; i < series[s].n; i++)
        if (series_value (&series[s], i) > top)
          (*over)++;
  return top;
}
