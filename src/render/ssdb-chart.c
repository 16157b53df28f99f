/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-chart.h"
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
  if (locale_numbers)
    return g_strdup_printf ("%.*f", decimals, value);
  g_snprintf (format, sizeof format, "%%.%df", decimals);
  g_ascii_formatd (buf, sizeof buf, format, value);
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
ssdb_chart_format_position (double bytes, gboolean locale_numbers)
{
  double gb = bytes / 1e9;
  g_autofree char *num
      = ssdb_chart_format_double (gb, significant_decimals (gb, 3), locale_numbers);
  gsize len = strlen (num);

  /* No trailing zeros: "50 GB", "12.3 GB", "0.07 GB". */
  if (strpbrk (num, ".,") != NULL)
    {
      while (len > 0 && num[len - 1] == '0')
        num[--len] = '\0';
      if (len > 0 && (num[len - 1] == '.' || num[len - 1] == ','))
        num[--len] = '\0';
    }
  return g_strdup_printf ("%s GB", num);
}

char *
ssdb_chart_format_ms (double ns, gboolean locale_numbers)
{
  double ms = ns / 1e6;
  g_autofree char *num
      = ssdb_chart_format_double (ms, significant_decimals (ms, 5), locale_numbers);

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
