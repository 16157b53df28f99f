/* SPDX-License-Identifier: GPL-3.0-or-later */
/* AS SSD's Copy-Benchmark drawn as its window shows it: a row per file set with its MB/s and
 * the seconds the copy took, here with a bar of the rate on an axis shared by the rows. */
#include "config.h"

#include "ssdb-copy-painter.h"

#include <math.h>
#include <string.h>

#include "ssdb-render-i18n.h"
#include "ssdb-render.h"

typedef struct
{
  double u, margin, gap, title_px, subtitle_px, label_px, caption_px, value_px;
  cairo_rectangle_t title, subtitle, footer;
  cairo_rectangle_t plot; /* the bars */
  double name_x, seconds_x, axis_y;
  double row_h;
} Layout;

void
ssdb_copy_view_init (SsdbCopyView *view)
{
  memset (view, 0, sizeof *view);
}

static void
layout_compute (Layout *l, const SsdbCopyView *view, int width, int height)
{
  double w = width, h = height, y, bottom, name_w, seconds_w;

  memset (l, 0, sizeof *l);
  l->u = ssdb_chart_scale (w, h, &l->margin, &l->gap, &l->title_px, &l->subtitle_px);
  l->label_px = ssdb_chart_clamp (12 * l->u, 9.5, 28);
  l->value_px = ssdb_chart_clamp (15 * l->u, 10, 34);
  l->caption_px = ssdb_chart_clamp (10.5 * l->u, 9, 24);
  y = ssdb_chart_layout_heading (w, l->margin, l->gap, view->target_title, l->title_px, &l->title,
                                 view->target_subtitle, l->subtitle_px, &l->subtitle);
  bottom = ssdb_chart_layout_caption (w, h - l->margin, l->margin, l->gap * 0.5, view->caption,
                                      l->caption_px, &l->footer);
  /* the axis labels under the bars */
  bottom -= round (l->label_px * 2);
  name_w = round (MAX (170 * l->u, w * 0.2));
  seconds_w = round (110 * l->u);
  l->name_x = l->margin;
  y += round (l->label_px * 1.2);
  l->plot = (cairo_rectangle_t){ l->margin + name_w, round (y + l->gap),
                                 MAX (w - 2 * l->margin - name_w - seconds_w, 20),
                                 MAX (bottom - y - l->gap, 30) };
  l->seconds_x = w - l->margin;
  l->axis_y = l->plot.y + l->plot.height;
  l->row_h = l->plot.height / SSDB_COPY_N_SETS;
}

const char *
ssdb_copy_set_chart_name (SsdbCopySet set)
{
  switch (set)
    {
      case SSDB_COPY_SET_ISO:
        /* Translators: AS SSD's copy benchmark file set of two large files */
        return C_ ("copy set", "ISO");
      case SSDB_COPY_SET_PROGRAM:
        /* Translators: AS SSD's copy benchmark file set of many small files (a program's) */
        return C_ ("copy set", "Program");
      case SSDB_COPY_SET_GAME:
        /* Translators: AS SSD's copy benchmark file set of small and large files (a game's) */
        return C_ ("copy set", "Game");
      default:
        return ssdb_copy_set_label (set);
    }
}

/* The row of @set in @result, NULL when the result has none. */
/* "256.0 MiB", "1.0 GiB" in the C locale: the unit symbols stay the window's in every language
 * (GLib's g_format_size() translates them, "1,0 Gio" in French). */
static char *
format_set_size (guint64 bytes)
{
  static const char *const units[] = { "KiB", "MiB", "GiB", "TiB" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  double v = (double)bytes;
  guint i = 0;

  if (bytes < 1024)
    return g_strdup_printf ("%" G_GUINT64_FORMAT " bytes", bytes);
  v /= 1024.0;
  while (v >= 1024.0 && i + 1 < G_N_ELEMENTS (units))
    {
      v /= 1024.0;
      i++;
    }
  return g_strdup_printf ("%s %s", g_ascii_formatd (buf, sizeof buf, "%.1f", v), units[i]);
}

static const SsdbCopyRow *
row_of (const SsdbCopyResult *result, SsdbCopySet set)
{
  for (guint i = 0; result != NULL && i < result->n_rows; i++)
    if (result->rows[i].set == set)
      return &result->rows[i];
  return NULL;
}

void
ssdb_copy_painter_draw (const SsdbCopyView *view, const SsdbStyle *style, cairo_t *cr, int width,
                        int height)
{
  const SsdbCopyResult *r;
  PangoContext *pango;
  SsdbAxis axis;
  Layout l;
  double top = 0;
  guint scale;
  SSDB_RENDER_LANGUAGE_SCOPE (style);

  g_return_if_fail (view != NULL && style != NULL && cr != NULL);
  if (width <= 0 || height <= 0)
    return;
  r = view->result;
  scale = r != NULL ? r->spec.scale : 100;
  cairo_save (cr);
  pango = ssdb_render_create_pango_context (cr);
  layout_compute (&l, view, width, height);
  {
    SsdbChartHeading heading
        = { view->target_title, l.title,       l.title_px, view->target_subtitle, l.subtitle,
            l.subtitle_px,      view->caption, l.footer,   l.caption_px };

    ssdb_chart_draw_frame (cr, pango, style, width, height, &heading);
  }
  for (guint i = 0; r != NULL && i < r->n_rows; i++)
    top = MAX (top, r->rows[i].bytes_per_second);
  ssdb_axis_rate (&axis, top, 5);

  /* plot background and grid */
  ssdb_chart_fill_plot (cr, style, &l.plot);
  for (guint t = 0; t < axis.n_ticks; t++)
    {
      double v = axis.first + t * axis.step;
      double x = l.plot.x + (v - axis.lo) / (axis.hi - axis.lo) * l.plot.width;
      g_autofree char *label = ssdb_axis_format (&axis, v, style->locale_numbers);

      cairo_set_source_rgba (cr, style->foreground.r, style->foreground.g, style->foreground.b,
                             ssdb_chart_grid_alpha (style));
      cairo_set_line_width (cr, 1);
      cairo_move_to (cr, round (x) + 0.5, l.plot.y);
      cairo_line_to (cr, round (x) + 0.5, l.axis_y);
      cairo_stroke (cr);
      ssdb_chart_draw_text (cr, pango, style, label, x, l.axis_y + l.label_px * 0.8, l.label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, 0, &style->dim, 1);
    }
  ssdb_chart_draw_text (cr, pango, style, axis.unit, l.plot.x, l.plot.y - l.label_px * 0.8,
                        l.label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0, &style->dim, 1);
  /* Translators: the copy chart's column of the seconds each copy took */
  ssdb_chart_draw_text (cr, pango, style, C_ ("copy", "Time"), l.seconds_x,
                        l.plot.y - l.label_px * 0.8, l.label_px, PANGO_WEIGHT_NORMAL,
                        SSDB_CHART_ALIGN_END, 0, &style->dim, 1);

  for (guint s = 0; s < SSDB_COPY_N_SETS; s++)
    {
      const SsdbCopyRow *row = row_of (r, (SsdbCopySet)s);
      double cy = l.plot.y + (s + 0.5) * l.row_h;
      double bar_h = round (MIN (l.row_h * 0.5, 60 * l.u));
      SsdbCopySetShape shape;
      g_autofree char *size = NULL, *detail = NULL, *rate = NULL, *secs = NULL;
      gboolean measured = row != NULL && row->state == SSDB_ENTRY_DONE;
      double alpha = row != NULL ? 1 : 0.45;

      ssdb_copy_set_shape ((SsdbCopySet)s, scale, &shape);
      size = ssdb_render_localize_number (format_set_size (shape.bytes));
      /* Translators: under a file set's name in the copy chart: "512 files · 256.0 MiB" */
      detail = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%u file · %s", "%u files · %s", shape.files), shape.files,
          size);
      ssdb_chart_draw_text (cr, pango, style, ssdb_copy_set_chart_name ((SsdbCopySet)s), l.name_x,
                            cy - l.value_px * 0.55, l.value_px, PANGO_WEIGHT_BOLD,
                            SSDB_CHART_ALIGN_START, l.plot.x - l.name_x - l.gap, &style->foreground,
                            alpha);
      ssdb_chart_draw_text (cr, pango, style, detail, l.name_x, cy + l.label_px * 0.75, l.label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START,
                            l.plot.x - l.name_x - l.gap, &style->dim, alpha);
      if (measured)
        {
          double frac = ssdb_chart_clamp (row->bytes_per_second / axis.divisor / axis.hi, 0, 1);
          double bw = frac * l.plot.width;
          double vw, vx;

          cairo_set_source_rgba (cr, style->accent.r, style->accent.g, style->accent.b, 0.9);
          cairo_rectangle (cr, l.plot.x, round (cy - bar_h / 2), bw, bar_h);
          cairo_fill (cr);
          rate = ssdb_chart_format_rate (row->bytes_per_second, style->locale_numbers);
          ssdb_chart_measure (pango, style, rate, l.value_px, PANGO_WEIGHT_BOLD, &vw, NULL);
          /* the figure inside the bar's end when it fits there, else after it */
          if (vw + 2 * l.gap < bw)
            {
              vx = l.plot.x + bw - l.gap;
              ssdb_chart_draw_text (cr, pango, style, rate, vx, cy, l.value_px, PANGO_WEIGHT_BOLD,
                                    SSDB_CHART_ALIGN_END, 0, &style->background, 1);
            }
          else
            ssdb_chart_draw_text (cr, pango, style, rate, l.plot.x + bw + l.gap, cy, l.value_px,
                                  PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, 0, &style->foreground,
                                  1);
          {
            g_autofree char *n
                = ssdb_chart_format_double (row->elapsed_ns / 1e9, 2, style->locale_numbers);

            secs = g_strdup_printf ("%s s", n);
          }
        }
      else
        {
          const char *what = row == NULL                          ? _ ("not run")
                             : row->state == SSDB_ENTRY_RUNNING   ? _ ("running…")
                             : row->state == SSDB_ENTRY_CANCELLED ? _ ("stopped")
                             : row->state == SSDB_ENTRY_FAILED    ? _ ("failed")
                                                                  : "—";

          ssdb_chart_draw_text (cr, pango, style, what, l.plot.x + l.gap, cy, l.label_px,
                                PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, 0, &style->dim, 1);
          secs = g_strdup ("—");
        }
      ssdb_chart_draw_text (cr, pango, style, secs, l.seconds_x, cy, l.value_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0, &style->foreground,
                            alpha);
    }
  g_object_unref (pango);
  cairo_restore (cr);
}

void
ssdb_copy_painter_get_plot_rect (const SsdbCopyView *view, int width, int height,
                                 cairo_rectangle_t *rect)
{
  Layout l;

  g_return_if_fail (view != NULL && rect != NULL);
  layout_compute (&l, view, width, height);
  *rect = l.plot;
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_copy_png, SsdbCopyView, ssdb_copy_painter_draw)
