/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-compare-painter.h"
#include "ssdb-compare-data-private.h"

#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

#include "engine/ssdb-copy.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-text.h"
#include "engine/ssdb-verdict.h"
#include "ssdb-access-painter.h"
#include "ssdb-summary-painter.h"
#include "ssdb-surface-painter.h"
#include "ssdb-sweep-painter.h"

/* Palette and patterns -------------------------------------------------------------------- */

SsdbRgba
ssdb_compare_color (const SsdbStyle *style, guint index)
{
  /* Okabe & Ito, "Color Universal Design" (2008), black last: it is the foreground. */
  static const guint32 palette[]
      = { 0x0072b2, 0xd55e00, 0x009e73, 0xe69f00, 0xcc79a7, 0x56b4e9, 0xf0e442 };
  guint32 hex;

  if (style == NULL)
    {
      g_critical ("ssdb_compare_color: style is NULL");
      return (SsdbRgba){ 0, 0, 0, 1 };
    }

  index %= SSDB_COMPARE_MAX_REPORTS;
  if (index == G_N_ELEMENTS (palette))
    return (SsdbRgba){ style->foreground.r, style->foreground.g, style->foreground.b, 1 };
  hex = palette[index];
  return (SsdbRgba){ ((hex >> 16) & 0xff) / 255.0, ((hex >> 8) & 0xff) / 255.0,
                     (hex & 0xff) / 255.0, 1 };
}

const double *
ssdb_compare_dash (guint index, int *n_dashes)
{
  static const double dashes[SSDB_COMPARE_MAX_REPORTS][4] = {
    { 0 },            /* solid */
    { 6, 3 },         /* dashes */
    { 1.2, 2.4 },     /* dots */
    { 8, 3, 1.5, 3 }, /* dash-dot */
    { 3, 3 },         /* short dashes */
    { 12, 4 },        /* long dashes */
    { 8, 2.5, 1.5, 2.5 },
    { 4, 2, 4, 6 },
  };
  static const int counts[SSDB_COMPARE_MAX_REPORTS] = { 0, 2, 2, 4, 2, 2, 4, 4 };

  index %= SSDB_COMPARE_MAX_REPORTS;
  if (n_dashes != NULL)
    *n_dashes = counts[index];
  return dashes[index];
}

typedef enum
{
  MARK_CIRCLE,
  MARK_SQUARE,
  MARK_TRIANGLE,
  MARK_DIAMOND,
  MARK_DOWN_TRIANGLE,
  MARK_CROSS,
  MARK_PLUS,
  MARK_STAR,
} Marker;

static void
draw_marker (cairo_t *cr, guint index, double x, double y, double r, const SsdbRgba *color,
             const SsdbRgba *background)
{
  Marker m = (Marker)(index % SSDB_COMPARE_MAX_REPORTS);

  cairo_save (cr);
  cairo_set_dash (cr, NULL, 0, 0);
  cairo_new_path (cr);
  switch (m)
    {
      case MARK_CIRCLE:
        cairo_arc (cr, x, y, r, 0, 2 * G_PI);
        break;
      case MARK_SQUARE:
        cairo_rectangle (cr, x - r * 0.85, y - r * 0.85, r * 1.7, r * 1.7);
        break;
      case MARK_TRIANGLE:
        cairo_move_to (cr, x, y - r * 1.1);
        cairo_line_to (cr, x + r, y + r * 0.8);
        cairo_line_to (cr, x - r, y + r * 0.8);
        cairo_close_path (cr);
        break;
      case MARK_DIAMOND:
        cairo_move_to (cr, x, y - r * 1.2);
        cairo_line_to (cr, x + r, y);
        cairo_line_to (cr, x, y + r * 1.2);
        cairo_line_to (cr, x - r, y);
        cairo_close_path (cr);
        break;
      case MARK_DOWN_TRIANGLE:
        cairo_move_to (cr, x, y + r * 1.1);
        cairo_line_to (cr, x + r, y - r * 0.8);
        cairo_line_to (cr, x - r, y - r * 0.8);
        cairo_close_path (cr);
        break;
      case MARK_CROSS:
      case MARK_PLUS:
      case MARK_STAR:
      default:
        break;
    }
  if (m <= MARK_DOWN_TRIANGLE)
    {
      /* Even-numbered reports get filled marks, odd ones hollow: another cue besides colour. */
      if (index % 2 == 0)
        ssdb_render_set_source (cr, color, 1);
      else
        ssdb_render_set_source (cr, background, 1);
      cairo_fill_preserve (cr);
      ssdb_render_set_source (cr, color, 1);
      cairo_set_line_width (cr, MAX (1, r * 0.45));
      cairo_stroke (cr);
    }
  else
    {
      double a = r * 1.05;

      ssdb_render_set_source (cr, color, 1);
      cairo_set_line_width (cr, MAX (1.2, r * 0.5));
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      if (m == MARK_CROSS || m == MARK_STAR)
        {
          cairo_move_to (cr, x - a * 0.8, y - a * 0.8);
          cairo_line_to (cr, x + a * 0.8, y + a * 0.8);
          cairo_move_to (cr, x - a * 0.8, y + a * 0.8);
          cairo_line_to (cr, x + a * 0.8, y - a * 0.8);
        }
      if (m == MARK_PLUS || m == MARK_STAR)
        {
          cairo_move_to (cr, x - a, y);
          cairo_line_to (cr, x + a, y);
          cairo_move_to (cr, x, y - a);
          cairo_line_to (cr, x, y + a);
        }
      cairo_stroke (cr);
    }
  cairo_restore (cr);
}

static void
set_dash (cairo_t *cr, guint index, double line_width)
{
  int n;
  const double *d = ssdb_compare_dash (index, &n);
  double scaled[4];

  for (int i = 0; i < n; i++)
    scaled[i] = d[i] * line_width;
  cairo_set_dash (cr, scaled, n, 0);
}

/* Labels and checks ----------------------------------------------------------------------- */

char *
ssdb_compare_report_label (const SsdbReport *report)
{
  g_autofree char *tool_name = NULL;
  const char *name;
  g_autoptr (GDateTime) when = NULL;
  g_autofree char *date = NULL;

  g_return_val_if_fail (report != NULL, NULL);

  name = report->target.model;
  if (name == NULL || *name == '\0')
    name = report->target.path;
  if (report->summary != NULL && report->summary->imported != NULL)
    {
      /* "CrystalDiskMark 8.0.4 x64 · Samsung 980 PRO · 2024-03-15 21:04": whose figures. */
      g_autofree char *tool = ssdb_summary_import_name (report->summary->imported);

      if (name == NULL || *name == '\0')
        name = report->summary->imported->file;
      name = tool_name = g_strdup_printf ("%s · %s", tool, name);
    }
  if (name == NULL || *name == '\0')
    name = report->target.name;
  if (name == NULL || *name == '\0')
    name = _ ("Unknown drive");
  when = report->created_unix > 0 ? g_date_time_new_from_unix_utc (report->created_unix) : NULL;
  date = when ? g_date_time_format (when, "%Y-%m-%d %H:%M") : NULL;
  if (date == NULL)
    return g_strdup (name);
  return g_strdup_printf ("%s · %s", name, date);
}

/* Whether every copy report of @view ran at the same scale by the same method. */
static gboolean
copy_settings_alike (const SsdbCompareView *view)
{
  const SsdbCopySpec *first;

  if (view->reports[0]->copy == NULL)
    return TRUE;
  first = &view->reports[0]->copy->spec;
  for (guint k = 1; k < view->n_reports; k++)
    if (view->reports[k]->copy != NULL
        && (view->reports[k]->copy->spec.scale != first->scale
            || view->reports[k]->copy->spec.method != first->method))
      return FALSE;
  return TRUE;
}

/* A copy run's settings for the legend: "scale 10 % · cached". */
static char *
copy_settings (const SsdbCopyResult *r)
{
  if (r == NULL)
    return NULL;
  /* Translators: a copy run's settings in a comparison's legend: the scale of its file sets in
   * percent, then its method ("direct" or "cached"): "scale 10 % · cached" */
  return g_strdup_printf (_ ("scale %u %% · %s"), r->spec.scale,
                          r->spec.method == SSDB_COPY_DIRECT ? C_ ("copy", "direct")
                                                             : C_ ("copy", "cached"));
}

char *
ssdb_compare_view_dup_label (const SsdbCompareView *view, guint i)
{
  g_autofree char *label = NULL, *owned_mode = NULL;
  g_autofree char *copy_mode = NULL;
  const char *mode = NULL;
  gboolean numbered = FALSE;

  /* AS SSD reads of a span partly never written: the caveat its own chart gives */
  if (view->view == SSDB_TEST_KIND_ASSSD && view->reports[i]->asssd != NULL)
    {
      const SsdbAsssdResult *r = view->reports[i]->asssd;

      if (r->spec.do_read && r->unwritten_percent > 0
          && r->unwritten_source != SSDB_UNWRITTEN_UNKNOWN)
        /* Translators: in a comparison's legend, after an AS SSD report whose reads met a
         * span partly never written: "zram0 · 2024-05-01 12:34 · 40 % of the span never
         * written" */
        mode = owned_mode
            = g_strdup_printf (_ ("%u %% of the span never written"), r->unwritten_percent);
    }
  if (view->labels != NULL && view->labels[i] != NULL)
    return mode != NULL ? g_strdup_printf ("%s · %s", view->labels[i], mode)
                        : g_strdup (view->labels[i]);
  label = ssdb_compare_report_label (view->reports[i]);
  if (view->view == SSDB_TEST_KIND_SUMMARY)
    return g_steal_pointer (&label); /* its legend numbers the columns already */
  /* Runs of the same drive in the same minute get their number, so the legend tells them
   * apart. */
  for (guint k = 0; k < view->n_reports && !numbered; k++)
    {
      g_autofree char *other = k != i ? ssdb_compare_report_label (view->reports[k]) : NULL;

      numbered = other != NULL && g_str_equal (other, label);
    }
  /* TRIM side by side with and without discard: the legend says which is which. */
  if (view->view == SSDB_TEST_KIND_TRIM && view->reports[i]->trim != NULL)
    mode = view->reports[i]->trim->spec.discard ? _ ("with discard") : _ ("without discard");
  /* Copy runs at other scales or by other methods: the legend says each one's settings. */
  if (view->view == SSDB_TEST_KIND_COPY && !copy_settings_alike (view))
    mode = copy_mode = copy_settings (view->reports[i]->copy);
  if (numbered)
    return g_strdup_printf ("#%u %s%s%s", i + 1, label, mode ? " · " : "", mode ? mode : "");
  if (mode != NULL)
    return g_strdup_printf ("%s · %s", label, mode);
  return g_steal_pointer (&label);
}

gboolean
ssdb_compare_view_supported (SsdbTestKind view)
{
  switch (view)
    {
      case SSDB_TEST_KIND_SUMMARY:
      case SSDB_TEST_KIND_SURFACE:
      case SSDB_TEST_KIND_FILL:
      case SSDB_TEST_KIND_ACCESS:
      case SSDB_TEST_KIND_SWEEP:
      case SSDB_TEST_KIND_COMPRESSION:
      case SSDB_TEST_KIND_CONSISTENCY:
      case SSDB_TEST_KIND_RECOVERY:
      case SSDB_TEST_KIND_TRIM:
      case SSDB_TEST_KIND_FREESPACE:
      case SSDB_TEST_KIND_READBACK:
      case SSDB_TEST_KIND_RANDOMACCESS:
      case SSDB_TEST_KIND_ASSSD:
      case SSDB_TEST_KIND_COPY:
        return TRUE;
      case SSDB_TEST_KIND_WORKLOAD:
      default:
        return FALSE;
    }
}

gboolean
ssdb_compare_check (const SsdbCompareView *view, GError **error)
{
  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (view->n_reports < 2 || view->n_reports > SSDB_COMPARE_MAX_REPORTS)
    {
      g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                   "A comparison takes 2 to %u reports, not %u", SSDB_COMPARE_MAX_REPORTS,
                   view->n_reports);
      return FALSE;
    }
  if (!ssdb_compare_view_supported (view->view))
    {
      g_autoptr (GString) names = g_string_new (NULL);
      guint n_names = 0, k = 0;

      for (guint v = 0; v < SSDB_TEST_KIND_N; v++)
        n_names += ssdb_compare_view_supported ((SsdbTestKind)v) ? 1 : 0;
      for (guint v = 0; v < SSDB_TEST_KIND_N; v++)
        if (ssdb_compare_view_supported ((SsdbTestKind)v))
          {
            k++;
            g_string_append_printf (names, "%s%s",
                                    k == 1         ? ""
                                    : k == n_names ? " and "
                                                   : ", ",
                                    ssdb_test_kind_to_string ((SsdbTestKind)v));
          }
      g_set_error (
          error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT, "The %s view cannot be compared (%s can)",
          (guint)view->view < SSDB_TEST_KIND_N ? ssdb_test_kind_to_string (view->view) : "unknown",
          names->str);
      return FALSE;
    }
  for (guint i = 0; i < view->n_reports; i++)
    {
      g_return_val_if_fail (view->reports[i] != NULL, FALSE);
      if (!ssdb_report_has_test (view->reports[i], view->view))
        {
          g_autofree char *label = ssdb_compare_view_dup_label (view, i);

          g_set_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT,
                       "Report %u (%s) holds no %s test", i + 1, label,
                       ssdb_test_kind_to_string (view->view));
          return FALSE;
        }
    }
  return TRUE;
}

/* Layout ---------------------------------------------------------------------------------- */

typedef struct
{
  double u;
  double margin, gap;
  double title_px, subtitle_px, label_px, caption_px, legend_px, cell_px;
  cairo_rectangle_t title, subtitle, footer;
  cairo_rectangle_t legend[SSDB_COMPARE_MAX_REPORTS]; /* swatches */
  double legend_text_x[SSDB_COMPARE_MAX_REPORTS];
  double legend_text_w[SSDB_COMPARE_MAX_REPORTS];
  cairo_rectangle_t plot[2];
  guint n_panels;
} Layout;

static const char *
view_subtitle (SsdbTestKind view)
{
  switch (view)
    {
      case SSDB_TEST_KIND_SUMMARY:
        return _ ("Summary: MB/s, and the difference against the first run");
      case SSDB_TEST_KIND_SURFACE:
        return _ ("Surface: transfer rate across the span");
      case SSDB_TEST_KIND_FILL:
        return _ ("Whole-drive fill: write rate over the bytes written");
      case SSDB_TEST_KIND_ACCESS:
        return _ ("Access time by queue depth: random reads");
      case SSDB_TEST_KIND_SWEEP:
        return _ ("Transfer-size sweep: rate by transfer size");
      case SSDB_TEST_KIND_COMPRESSION:
        return _ ("Compressibility: sequential rate by data level");
      case SSDB_TEST_KIND_CONSISTENCY:
        return _ ("Steady state: random-write IOPS over time");
      case SSDB_TEST_KIND_RECOVERY:
        return _ ("Idle recovery: fast-write capacity found after each pause");
      case SSDB_TEST_KIND_TRIM:
        return _ ("TRIM / recycling: summary rates before and after fill-and-delete rounds");
      case SSDB_TEST_KIND_FREESPACE:
        return _ ("Free space: summary rates as the span fills");
      case SSDB_TEST_KIND_READBACK:
        return _ ("Read after write: data written to an empty drive and rewritten");
      case SSDB_TEST_KIND_RANDOMACCESS:
        return _ ("Random access: mean access time by transfer size at QD1");
      case SSDB_TEST_KIND_ASSSD:
        /* Translators: the subtitle of an AS SSD comparison; its scores (not MB/s) and
         * access times (ms) are left out of the MB/s panels */
        return _ ("AS SSD: Seq, 4K and 4K-64Thrd rates (scores and access times not compared)");
      case SSDB_TEST_KIND_COPY:
        return _ ("Copy: rate of each file set copied within the file system");
      case SSDB_TEST_KIND_WORKLOAD:
      default:
        return NULL;
    }
}

static void
layout_compute (Layout *l, const SsdbCompareView *view, const SsdbStyle *style, PangoContext *pango,
                int width, int height)
{
  double w = MAX (width, 1), h = MAX (height, 1);
  double y, bottom, x, row_h, avail;
  guint n = MIN (view->n_reports, SSDB_COMPARE_MAX_REPORTS);

  memset (l, 0, sizeof *l);
  l->u = ssdb_chart_clamp (MIN (w / 900.0, h / 600.0), 0.7, 2.4);
  l->margin = round (ssdb_chart_clamp (14 * l->u, 8, 36));
  l->gap = round (ssdb_chart_clamp (8 * l->u, 4, 20));
  l->title_px = ssdb_chart_clamp (17 * l->u, 12, 40);
  l->subtitle_px = ssdb_chart_clamp (12.5 * l->u, 10, 30);
  l->label_px = ssdb_chart_clamp (11.5 * l->u, 9.5, 28);
  l->caption_px = ssdb_chart_clamp (10.5 * l->u, 9, 24);
  l->legend_px = ssdb_chart_clamp (12 * l->u, 9.5, 28);

  y = l->margin;
  if (view->title != NULL && *view->title)
    {
      l->title = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, round (l->title_px * 1.4) };
      y += l->title.height;
    }
  l->subtitle
      = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, round (l->subtitle_px * 1.45) };
  y += l->subtitle.height + l->gap;

  /* Legend: entries flow left to right and wrap. */
  row_h = round (l->legend_px * 1.6);
  x = l->margin;
  avail = w - 2 * l->margin;
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = ssdb_compare_view_dup_label (view, i);
      double sw = round (l->legend_px * 0.9);
      double sample = round (34 * l->u);
      double tw, entry;

      if (view->view == SSDB_TEST_KIND_COMPRESSION)
        sample = 0; /* bars: the swatch alone */
      else if (view->view == SSDB_TEST_KIND_SUMMARY)
        {
          /* The summary's legend shows the column's number instead of a line. */
          ssdb_chart_measure (pango, style, "#8", l->legend_px, PANGO_WEIGHT_BOLD, &sample, NULL);
          sample = ceil (sample);
        }

      ssdb_chart_measure (pango, style, label, l->legend_px, PANGO_WEIGHT_NORMAL, &tw, NULL);
      tw = MIN (tw, avail * 0.45);
      entry = sw + l->gap * 0.5 + sample + l->gap * 0.5 + tw;
      if (x > l->margin && x + entry > w - l->margin)
        {
          x = l->margin;
          y += row_h;
        }
      l->legend[i] = (cairo_rectangle_t){ x, y + (row_h - sw) / 2, sw, sw };
      l->legend_text_x[i] = x + sw + l->gap + sample;
      l->legend_text_w[i] = tw;
      x += entry + l->gap * 2.5;
    }
  y += row_h + l->gap;

  bottom = h - l->margin;
  bottom = ssdb_chart_layout_caption (w, bottom, l->margin, l->gap * 0.5, view->caption,
                                      l->caption_px, &l->footer);

  /* Plots: room for the panel title above, y labels left, x labels below. */
  if (view->view == SSDB_TEST_KIND_SUMMARY)
    {
      l->n_panels = 1;
      l->plot[0] = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, MAX (bottom - y, 10) };
      return;
    }
  {
    Data d;
    double ylab_w, title_h = round (l->label_px * 1.6), xlab_h = round (l->label_px * 2.9);
    double top = y + title_h, pw, ph;

    ssdb_compare_data_build (&d, view);
    l->n_panels = d.n_panels;
    ssdb_compare_data_clear (&d);
    ssdb_chart_measure (pango, style, "00000", l->label_px, PANGO_WEIGHT_NORMAL, &ylab_w, NULL);
    ylab_w = ceil (ylab_w + l->gap);
    ph = MAX (bottom - xlab_h - top, 10);
    if (l->n_panels == 1)
      l->plot[0] = (cairo_rectangle_t){ l->margin + ylab_w, top,
                                        MAX (w - 2 * l->margin - ylab_w, 10), ph };
    else
      {
        pw = MAX ((w - 2 * l->margin - 2 * ylab_w - 2 * l->gap) / 2, 10);
        l->plot[0] = (cairo_rectangle_t){ l->margin + ylab_w, top, pw, ph };
        l->plot[1] = (cairo_rectangle_t){ l->margin + ylab_w * 2 + pw + 2 * l->gap, top, pw, ph };
      }
  }
}

gboolean
ssdb_compare_painter_get_legend_rect (const SsdbCompareView *view, int width, int height,
                                      guint index, cairo_rectangle_t *rect)
{
  Layout l;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  if (index >= MIN (view->n_reports, SSDB_COMPARE_MAX_REPORTS))
    return FALSE;
  SSDB_CHART_LAYOUT_FOR_QUERY (layout_compute, &l, view, width, height);
  *rect = l.legend[index];
  return TRUE;
}

guint
ssdb_compare_painter_get_n_panels (const SsdbCompareView *view)
{
  Data d;
  guint n;

  g_return_val_if_fail (view != NULL, 0);
  if (view->view == SSDB_TEST_KIND_SUMMARY)
    return 1;
  ssdb_compare_data_build (&d, view);
  n = d.n_panels;
  ssdb_compare_data_clear (&d);
  return n;
}

gboolean
ssdb_compare_painter_get_plot_rect (const SsdbCompareView *view, int width, int height, guint panel,
                                    cairo_rectangle_t *rect)
{
  Layout l;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  SSDB_CHART_LAYOUT_FOR_QUERY (layout_compute, &l, view, width, height);
  if (panel >= l.n_panels)
    return FALSE;
  *rect = l.plot[panel];
  return TRUE;
}

/* Drawing --------------------------------------------------------------------------------- */

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  const SsdbCompareView *view;
  Layout *l;
  SsdbRgba plot_bg;
} Painter;

static char *
x_tick_label (const Data *d, double x)
{
  guint64 v = (guint64)llround (exp2 (x));

  if (d->x_sizes)
    return ssdb_sweep_size_label (v);
  return g_strdup_printf (d->x_threads ? "T%" G_GUINT64_FORMAT : "QD%" G_GUINT64_FORMAT, v);
}

/* Runs whose typical values (medians) differ by this factor or more share a logarithmic value
 * axis, so the slower ones do not lie flat on zero (lines only: a bar's length must stay its
 * value). */
#define LOG_AXIS_RATIO 10.0

/* A value axis: linear from 0 (@a), or logarithmic over the decades @dlo .. @dhi (log10 of the
 * value in @a's unit, @a.divisor and @a.unit set). */
typedef struct
{
  SsdbAxis a;
  gboolean log;
  double dlo, dhi;
} YAxis;

/* The median of the positive values of @series, 0 when none. */
static double
series_median (const GArray *series)
{
  g_autofree double *v = NULL;
  guint m = 0;

  if (series == NULL || series->len == 0)
    return 0;
  v = g_new (double, series->len);
  for (guint k = 0; k < series->len; k++)
    if (g_array_index (series, Point, k).y > 0)
      v[m++] = g_array_index (series, Point, k).y;
  return ssdb_median (v, m);
}

/* 0 .. 1 from the bottom of the plot for value @v (in the data's unit). */
static double
y_fraction (const YAxis *y, double v)
{
  if (y->log)
    {
      double d = v > 0 ? log10 (v / y->a.divisor) : y->dlo;

      return (ssdb_chart_clamp (d, y->dlo, y->dhi) - y->dlo) / (y->dhi - y->dlo);
    }
  return (v / y->a.divisor - y->a.lo) / (y->a.hi - y->a.lo);
}

/* The value axis of panel @index: ms, IOPS (k IOPS from 10000) or MB/s / GB/s, from 0; MB/s
 * in decades when the runs' rates differ by LOG_AXIS_RATIO or more. */
static void
panel_y_axis (const Data *d, guint index, guint n, YAxis *y)
{
  const Panel *panel = &d->panels[index];
  SsdbAxis *yaxis = &y->a;
  double ymax = 0, ymin = 0, med_lo = 0, med_hi = 0;

  memset (y, 0, sizeof *y);
  for (guint i = 0; i < n; i++)
    {
      double med = series_median (panel->series[i]);

      if (med > 0)
        {
          med_lo = med_lo > 0 ? MIN (med_lo, med) : med;
          med_hi = MAX (med_hi, med);
        }
      for (guint k = 0; panel->series[i] != NULL && k < panel->series[i]->len; k++)
        {
          double v = g_array_index (panel->series[i], Point, k).y;

          ymax = MAX (ymax, v);
          if (v > 0)
            ymin = ymin > 0 ? MIN (ymin, v) : v;
        }
    }
  if (!d->y_latency && !d->y_iops && !d->y_percent && d->xkind != XAXIS_CATEGORY && med_lo > 0
      && med_hi >= LOG_AXIS_RATIO * med_lo)
    {
      y->log = TRUE;
      yaxis->divisor = 1e6;
      yaxis->unit = "MB/s";
      y->dlo = floor (log10 (ymin / 1e6));
      y->dhi = MAX (ceil (log10 (ymax / 1e6)), y->dlo + 1);
      yaxis->lo = y->dlo;
      yaxis->hi = y->dhi;
      yaxis->n_ticks = (guint)(y->dhi - y->dlo) + 1;
      return;
    }
  if (d->y_percent)
    {
      ssdb_axis_nice (yaxis, 0, MAX (ymax, 100) * 1.06, 5, TRUE);
      yaxis->divisor = 1;
      yaxis->unit = "%";
    }
  else if (d->y_latency)
    {
      ssdb_axis_nice (yaxis, 0, ymax > 0 ? ymax / 1e6 * 1.06 : 1, 5, TRUE);
      yaxis->divisor = 1e6;
      yaxis->unit = "ms";
    }
  else if (d->y_mbps)
    {
      ssdb_axis_nice (yaxis, 0, ymax > 0 ? ymax / 1e6 * 1.06 : 100, 5, TRUE);
      yaxis->divisor = 1e6;
      yaxis->unit = "MB/s";
    }
  else if (d->y_iops)
    {
      double div = ymax * 1.06 >= 10000 ? 1000 : 1;

      ssdb_axis_nice (yaxis, 0, ymax > 0 ? ymax * 1.06 / div : 100, 5, TRUE);
      yaxis->divisor = div;
      yaxis->unit = div > 1 ? "k IOPS" : "IOPS";
    }
  else
    ssdb_axis_rate (yaxis, ymax, 5);
}

/* Where point @k of report @j lands in plot @r: for bars, the top centre of its bar. */
static void
point_position (const Data *d, const YAxis *yaxis, const cairo_rectangle_t *r, guint j, guint n,
                const Point *pt, double *x, double *y)
{
  double xr = d->x_hi - d->x_lo;

  *x = r->x + (pt->x - d->x_lo) / xr * r->width;
  if (d->xkind == XAXIS_CATEGORY)
    {
      double group = r->width / xr, bar = group * 0.8 / MAX (n, 1);

      *x += -group * 0.4 + (j + 0.5) * bar;
    }
  *y = r->y + r->height - y_fraction (yaxis, pt->y) * r->height;
}

static void
draw_panel (Painter *p, const Data *d, guint index, const cairo_rectangle_t *r)
{
  cairo_t *cr = p->cr;
  const SsdbStyle *style = p->style;
  const Layout *l = p->l;
  const Panel *panel = &d->panels[index];
  guint n = MIN (p->view->n_reports, SSDB_COMPARE_MAX_REPORTS);
  double line_w = ssdb_chart_clamp (1.8 * l->u, 1.2, 4), xr, mark_r;
  SsdbAxis xaxis;
  YAxis yaxis;

  panel_y_axis (d, index, n, &yaxis);

  /* Plot well, grid, y labels. */
  ssdb_render_set_source (cr, &p->plot_bg, 1);
  cairo_rectangle (cr, r->x, r->y, r->width, r->height);
  cairo_fill (cr);
  ssdb_chart_draw_text (cr, p->pango, style, panel->title, r->x, r->y - l->label_px * 0.85,
                        l->label_px * 1.05, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START,
                        r->width * 0.7, &style->foreground, 1);
  {
    /* Translators: the unit of a logarithmic value axis: "MB/s, log scale" */
    g_autofree char *unit
        = yaxis.log ? g_strdup_printf (_ ("%s, log scale"), yaxis.a.unit) : g_strdup (yaxis.a.unit);

    ssdb_chart_draw_text (cr, p->pango, style, unit, r->x + r->width, r->y - l->label_px * 0.85,
                          l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0, &style->dim,
                          1);
  }
  cairo_set_line_width (cr, 1);
  for (guint t = 0; t < yaxis.a.n_ticks; t++)
    {
      double v = yaxis.log ? pow (10, yaxis.dlo + t) : ssdb_axis_tick (&yaxis.a, t);
      double y = r->y + r->height
                 - (yaxis.log ? (double)t / (yaxis.dhi - yaxis.dlo)
                              : (v - yaxis.a.lo) / (yaxis.a.hi - yaxis.a.lo))
                       * r->height;
      g_autofree char *text
          = yaxis.log ? ssdb_chart_format_trimmed (v, v < 1 ? 3 : 0, style->locale_numbers)
                      : ssdb_axis_format (&yaxis.a, v, style->locale_numbers);

      ssdb_render_set_source (cr, &style->dim, 0.35);
      cairo_move_to (cr, r->x, round (y) + 0.5);
      cairo_line_to (cr, r->x + r->width, round (y) + 0.5);
      cairo_stroke (cr);
      ssdb_chart_draw_text (cr, p->pango, style, text, r->x - l->gap * 0.6, y, l->label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0, &style->foreground, 0.85);
    }

  /* X ticks. */
  xr = d->x_hi - d->x_lo;
  if (d->xkind == XAXIS_CATEGORY)
    {
      for (guint c = 0; c < d->n_categories; c++)
        {
          double x = r->x + (c - d->x_lo) / xr * r->width;

          ssdb_chart_draw_text (cr, p->pango, style, d->categories[c], x,
                                r->y + r->height + l->label_px * 0.9, l->label_px,
                                PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER, r->width / xr * 0.95,
                                &style->foreground, 0.9);
        }
      ssdb_chart_draw_text (cr, p->pango, style, d->x_unit, r->x + r->width,
                            r->y + r->height + l->label_px * 2.2, l->label_px, PANGO_WEIGHT_NORMAL,
                            SSDB_CHART_ALIGN_END, 0, &style->dim, 1);
    }
  else if (d->xkind == XAXIS_LINEAR)
    {
      g_autofree char *unit = NULL;

      ssdb_axis_nice (&xaxis, d->x_lo / d->x_divisor, d->x_hi / d->x_divisor,
                      MAX (2, (guint)(r->width / (70 * l->u))), FALSE);
      for (guint t = 0; t < xaxis.n_ticks; t++)
        {
          double v = ssdb_axis_tick (&xaxis, t);
          double x = r->x + (v * d->x_divisor - d->x_lo) / xr * r->width;
          g_autofree char *text = ssdb_axis_format (&xaxis, v, style->locale_numbers);

          ssdb_render_set_source (cr, &style->dim, 0.35);
          cairo_move_to (cr, round (x) + 0.5, r->y);
          cairo_line_to (cr, round (x) + 0.5, r->y + r->height);
          cairo_stroke (cr);
          ssdb_chart_draw_text (cr, p->pango, style, text, x, r->y + r->height + l->label_px * 0.9,
                                l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, 0,
                                &style->foreground, 0.85);
        }
      /* xgettext:no-c-format */
      unit = g_strdup (g_str_equal (d->x_unit, "%") ? _ ("% of span") : d->x_unit);
      ssdb_chart_draw_text (cr, p->pango, style, unit, r->x + r->width,
                            r->y + r->height + l->label_px * 2.2, l->label_px, PANGO_WEIGHT_NORMAL,
                            SSDB_CHART_ALIGN_END, 0, &style->dim, 1);
    }
  else
    {
      /* Every power of two, or every other one when they would crowd. */
      guint steps = (guint)llround (xr) + 1;
      guint every = r->width / MAX (steps, 1) < 44 * l->u ? 2 : 1;

      for (double v = ceil (d->x_lo - 1e-9); v <= d->x_hi + 1e-9; v += 1)
        {
          double x = r->x + (v - d->x_lo) / xr * r->width;
          g_autofree char *text = x_tick_label (d, v);

          ssdb_render_set_source (cr, &style->dim, 0.35);
          cairo_move_to (cr, round (x) + 0.5, r->y);
          cairo_line_to (cr, round (x) + 0.5, r->y + r->height);
          cairo_stroke (cr);
          if (((guint)llround (v - ceil (d->x_lo - 1e-9))) % every == 0)
            ssdb_chart_draw_text (
                cr, p->pango, style, text, x, r->y + r->height + l->label_px * 0.9, l->label_px,
                PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, 0, &style->foreground, 0.85);
        }
    }
  ssdb_render_set_source (cr, &style->dim, 0.8);
  cairo_rectangle (cr, round (r->x) + 0.5, round (r->y) + 0.5, round (r->width), round (r->height));
  cairo_stroke (cr);

  /* Series: lines, then markers on top, the first report drawn last (on top). */
  mark_r = ssdb_chart_clamp (3.6 * l->u, 2.5, 8);
  cairo_save (cr);
  cairo_rectangle (cr, r->x, r->y - mark_r * 2, r->width, r->height + mark_r * 2);
  cairo_clip (cr);
  for (guint j = n; j-- > 0;)
    {
      GArray *a = panel->series[j];
      SsdbRgba color = ssdb_compare_color (style, j);
      guint every;

      if (d->xkind == XAXIS_CATEGORY && panel->not_run[j])
        {
          /* A report that did not measure this panel: "not run" up its empty slots. */
          double bar = r->width / xr * 0.8 / MAX (n, 1);
          double px = ssdb_chart_clamp (bar * 0.45, 7, l->label_px * 0.9);

          for (guint c = 0; c < d->n_categories; c++)
            {
              Point pt = { c, 0 };
              double x, y;

              point_position (d, &yaxis, r, j, n, &pt, &x, &y);
              cairo_save (cr);
              cairo_translate (cr, x, y - l->gap);
              cairo_rotate (cr, -G_PI / 2);
              /* Translators: in a comparison, the empty slot of a report that did not run
               * this column (a read-only AS SSD run in the Write panel) */
              ssdb_chart_draw_text (cr, p->pango, style, _ ("not run"), px * 0.6, 0, px,
                                    PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, r->height * 0.8,
                                    &color, 1);
              cairo_restore (cr);
            }
        }
      if (a == NULL || a->len == 0)
        continue;
      if (d->xkind == XAXIS_CATEGORY)
        {
          /* Grouped bars: one per report in each group, its value above when there is room. */
          double bar = r->width / xr * 0.8 / MAX (n, 1);
          double value_px = ssdb_chart_clamp (bar * 0.3, 7, l->label_px * 0.9);

          for (guint k = 0; k < a->len; k++)
            {
              const Point *pt = &g_array_index (a, Point, k);
              double x, y;

              point_position (d, &yaxis, r, j, n, pt, &x, &y);
              y = MAX (y, r->y);
              ssdb_render_set_source (cr, &color, 1);
              cairo_rectangle (cr, x - bar / 2 + 0.5, y, bar - 1, r->y + r->height - y);
              cairo_fill (cr);
              if (bar >= 22 * l->u)
                {
                  /* In the value axis' unit: "1.12" under GB/s, "880" under MB/s. */
                  double v = pt->y / yaxis.a.divisor;
                  /* Access times in ms to three significant figures: "0.209", "0.0179". */
                  guint decimals = d->y_latency                          ? (v >= 10    ? 1
                                                                            : v >= 1   ? 2
                                                                            : v >= 0.1 ? 3
                                                                                       : 4)
                                   : yaxis.a.divisor >= 1e9 || d->y_mbps ? 2
                                   : d->y_iops && yaxis.a.divisor > 1    ? 1
                                                                         : 0;
                  g_autofree char *text
                      = ssdb_chart_format_double (v, decimals, style->locale_numbers);

                  ssdb_chart_draw_text (cr, p->pango, style, text, x, y - value_px * 0.8, value_px,
                                        PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER,
                                        d->y_mbps ? bar - 2 : bar + 8, &style->foreground, 0.9);
                }
            }
          continue;
        }
      cairo_new_path (cr);
      for (guint k = 0; k < a->len; k++)
        {
          const Point *pt = &g_array_index (a, Point, k);
          double x, y;

          point_position (d, &yaxis, r, j, n, pt, &x, &y);
          if (k == 0)
            cairo_move_to (cr, x, y);
          else
            cairo_line_to (cr, x, y);
        }
      ssdb_render_set_source (cr, &color, 1);
      cairo_set_line_width (cr, line_w);
      cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
      set_dash (cr, j, line_w);
      cairo_stroke (cr);
      cairo_set_dash (cr, NULL, 0, 0);

      /* About a dozen markers a line, staggered so lines that coincide still show theirs. */
      every = a->len <= 24 ? 1 : a->len / 12;
      for (guint k = (every > 1 ? (j * every) / n : 0); k < a->len; k += every)
        {
          const Point *pt = &g_array_index (a, Point, k);
          double x, y;

          point_position (d, &yaxis, r, j, n, pt, &x, &y);
          draw_marker (cr, j, x, y, mark_r, &color, &p->plot_bg);
        }
    }
  cairo_restore (cr);
}

/* The summary: a row per test and column (Read / Write / Mix), a column per report. */
typedef struct
{
  const char *name;
  SsdbRw rw;
} SummaryRow;

static const SsdbSummaryEntry *
find_entry (const SsdbReport *report, const char *name, SsdbRw rw)
{
  const SsdbSummaryResult *r = report->summary;

  for (guint i = 0; r != NULL && i < r->entries->len; i++)
    {
      const SsdbSummaryEntry *e = g_ptr_array_index (r->entries, i);

      if (e->rw == rw && g_strcmp0 (e->test.name, name) == 0)
        return e;
    }
  return NULL;
}

static const char *
rw_label (SsdbRw rw)
{
  return rw == SSDB_RW_READ ? _ ("Read") : rw == SSDB_RW_WRITE ? _ ("Write") : _ ("Mix");
}

static void
draw_summary (Painter *p, const cairo_rectangle_t *r)
{
  cairo_t *cr = p->cr;
  const SsdbStyle *style = p->style;
  const Layout *l = p->l;
  guint n = MIN (p->view->n_reports, SSDB_COMPARE_MAX_REPORTS);
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (SummaryRow));
  double name_w = 0, col_w, row_h, header_h, value_px, diff_px;

  /* Rows: the tests of every report, in the first report's order, then new ones. */
  for (guint i = 0; i < n; i++)
    {
      const SsdbSummaryResult *res = p->view->reports[i]->summary;

      for (guint k = 0; k < res->entries->len; k++)
        {
          const SsdbSummaryEntry *e = g_ptr_array_index (res->entries, k);
          gboolean found = FALSE;

          for (guint q = 0; q < rows->len && !found; q++)
            {
              SummaryRow *row = &g_array_index (rows, SummaryRow, q);

              found = row->rw == e->rw && g_strcmp0 (row->name, e->test.name) == 0;
            }
          if (!found && rows->len < 64)
            {
              SummaryRow row = { e->test.name, e->rw };

              g_array_append_val (rows, row);
            }
        }
    }
  if (rows->len == 0)
    return;

  header_h = round (l->label_px * 2.2);
  row_h = MIN ((r->height - header_h) / rows->len, l->label_px * 4.2);
  value_px = ssdb_chart_clamp (row_h * 0.36, 7, l->label_px * 1.3);
  diff_px = value_px * 0.8;
  for (guint q = 0; q < rows->len; q++)
    {
      const SummaryRow *row = &g_array_index (rows, SummaryRow, q);
      g_autofree char *text = g_strdup_printf ("%s %s", rw_label (row->rw), row->name);
      double tw;

      ssdb_chart_measure (p->pango, style, text, value_px, PANGO_WEIGHT_BOLD, &tw, NULL);
      name_w = MAX (name_w, tw);
    }
  name_w = MIN (ceil (name_w + l->gap * 2), r->width * 0.3);
  col_w = (r->width - name_w) / n;

  /* Column headers: the report's colour as a bar and its number. */
  for (guint i = 0; i < n; i++)
    {
      SsdbRgba color = ssdb_compare_color (style, i);
      double x = r->x + name_w + i * col_w;
      g_autofree char *num = g_strdup_printf ("#%u", i + 1);

      ssdb_render_set_source (cr, &color, 1);
      cairo_rectangle (cr, x + 3, r->y, col_w - 6, round (4 * l->u));
      cairo_fill (cr);
      ssdb_chart_draw_text (cr, p->pango, style, num, x + col_w / 2, r->y + header_h * 0.6,
                            l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER, col_w - 6,
                            &style->foreground, 1);
    }
  ssdb_chart_draw_text (cr, p->pango, style, "MB/s", r->x, r->y + header_h * 0.6, l->label_px,
                        PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, name_w, &style->dim, 1);

  for (guint q = 0; q < rows->len; q++)
    {
      const SummaryRow *row = &g_array_index (rows, SummaryRow, q);
      double y = r->y + header_h + q * row_h;
      g_autofree char *text = g_strdup_printf ("%s %s", rw_label (row->rw), row->name);
      double ref = 0;
      gboolean have_ref = FALSE;

      if (q % 2 == 0)
        {
          ssdb_render_set_source (cr, &style->cell, style->theme == SSDB_THEME_REVIEW ? 0.6 : 1);
          cairo_rectangle (cr, r->x, y, r->width, row_h);
          cairo_fill (cr);
        }
      ssdb_chart_draw_text (cr, p->pango, style, text, r->x + l->gap * 0.5, y + row_h / 2, value_px,
                            PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, name_w - l->gap,
                            &style->foreground, 1);
      for (guint i = 0; i < n; i++)
        {
          const SsdbSummaryEntry *e = find_entry (p->view->reports[i], row->name, row->rw);
          double x = r->x + name_w + i * col_w + col_w / 2, v = 0;
          gboolean have = e != NULL && ssdb_summary_entry_get_value (e, SSDB_UNIT_MBPS, &v);
          g_autofree char *value
              = have ? ssdb_summary_format_number (v, SSDB_UNIT_MBPS, style->locale_numbers)
                     : g_strdup ("\u2014");
          gboolean two_lines = i > 0 && have_ref && have;

          if (i == 0 && have)
            {
              ref = v;
              have_ref = v > 0;
            }
          ssdb_chart_draw_text (cr, p->pango, style, value, x,
                                two_lines ? y + row_h * 0.36 : y + row_h / 2, value_px,
                                PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER, col_w - 6,
                                &style->foreground, have ? 1 : 0.5);
          if (two_lines)
            {
              double pct = (v - ref) / ref * 100.0;
              g_autofree char *num
                  = ssdb_chart_format_double (fabs (pct), 1, style->locale_numbers);
              g_autofree char *diff = NULL;
              gboolean zero = g_str_equal (num, "0.0") || g_str_equal (num, "0,0");

              /* Twice as fast or more reads as a factor ("27×"), not as "+2600 %". */
              if (pct >= 100)
                {
                  g_autofree char *f = ssdb_chart_format_double (v / ref, v / ref >= 9.95 ? 0 : 1,
                                                                 style->locale_numbers);

                  diff = g_strdup_printf ("%s×", f);
                }
              else
                diff = g_strdup_printf ("%s%s %%", zero ? "±" : pct > 0 ? "+" : "\u2212", num);
              ssdb_chart_draw_text (cr, p->pango, style, diff, x, y + row_h * 0.72, diff_px,
                                    PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, col_w - 6,
                                    zero      ? &style->dim
                                    : pct > 0 ? &style->accent3
                                              : &style->error,
                                    1);
            }
        }
    }
}

void
ssdb_compare_painter_draw (const SsdbCompareView *view, const SsdbStyle *style, cairo_t *cr,
                           int width, int height)
{
  SSDB_RENDER_LANGUAGE_SCOPE (style);

  PangoContext *pango;
  guint n;
  Layout l;
  Painter p;

  g_return_if_fail (view != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  n = MIN (view->n_reports, SSDB_COMPARE_MAX_REPORTS);
  cairo_save (cr);
  ssdb_render_set_source (cr, &style->background, 1);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_fill (cr);

  pango = ssdb_render_create_pango_context (cr);
  layout_compute (&l, view, style, pango, width, height);
  p = (Painter){ cr, pango, style, view, &l, ssdb_chart_plot_background (style) };

  {
    SsdbChartHeading heading
        = { view->title, l.title,       l.title_px,    view_subtitle (view->view),
            l.subtitle,  l.subtitle_px, view->caption, l.footer,
            l.caption_px };

    ssdb_chart_draw_heading (cr, pango, style, &heading);
  }

  /* Legend. */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *label = ssdb_compare_view_dup_label (view, i);
      SsdbRgba color = ssdb_compare_color (style, i);
      const cairo_rectangle_t *s = &l.legend[i];
      double cy = s->y + s->height / 2, x0 = s->x + s->width + l.gap * 0.5;
      double x1 = l.legend_text_x[i] - l.gap * 0.5;
      double line_w = ssdb_chart_clamp (1.8 * l.u, 1.2, 4);

      ssdb_render_set_source (cr, &color, 1);
      cairo_rectangle (cr, s->x, s->y, s->width, s->height);
      cairo_fill (cr);
      if (view->view == SSDB_TEST_KIND_COMPRESSION)
        ; /* bars: the swatch is the legend */
      else if (view->view != SSDB_TEST_KIND_SUMMARY)
        {
          cairo_move_to (cr, x0, cy);
          cairo_line_to (cr, x1, cy);
          cairo_set_line_width (cr, line_w);
          set_dash (cr, i, line_w);
          cairo_stroke (cr);
          cairo_set_dash (cr, NULL, 0, 0);
          draw_marker (cr, i, (x0 + x1) / 2, cy, ssdb_chart_clamp (3.6 * l.u, 2.5, 8), &color,
                       &style->background);
        }
      else
        {
          g_autofree char *num = g_strdup_printf ("#%u", i + 1);

          ssdb_chart_draw_text (cr, pango, style, num, x0, cy, l.legend_px, PANGO_WEIGHT_BOLD,
                                SSDB_CHART_ALIGN_START, x1 - x0, &style->foreground, 1);
        }
      ssdb_chart_draw_text (cr, pango, style, label, l.legend_text_x[i], cy, l.legend_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START, l.legend_text_w[i] + 1,
                            &style->foreground, 1);
    }

  if (view->view == SSDB_TEST_KIND_SUMMARY)
    draw_summary (&p, &l.plot[0]);
  else if (n > 0)
    {
      Data d;

      ssdb_compare_data_build (&d, view);
      for (guint i = 0; i < l.n_panels; i++)
        draw_panel (&p, &d, i, &l.plot[i]);
      ssdb_compare_data_clear (&d);
    }
  g_object_unref (pango);
  cairo_restore (cr);
}

gboolean
ssdb_compare_painter_get_point (const SsdbCompareView *view, int width, int height, guint panel,
                                guint report, guint index, double *x, double *y)
{
  YAxis yaxis;
  Layout l;
  Data d;
  guint n;
  gboolean ok = FALSE;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (x != NULL && y != NULL, FALSE);

  n = MIN (view->n_reports, SSDB_COMPARE_MAX_REPORTS);
  if (view->view == SSDB_TEST_KIND_SUMMARY || report >= n)
    return FALSE;
  SSDB_CHART_LAYOUT_FOR_QUERY (layout_compute, &l, view, width, height);
  ssdb_compare_data_build (&d, view);
  if (panel < l.n_panels && panel < d.n_panels && d.panels[panel].series[report] != NULL
      && index < d.panels[panel].series[report]->len)
    {
      panel_y_axis (&d, panel, n, &yaxis);
      point_position (&d, &yaxis, &l.plot[panel], report, n,
                      &g_array_index (d.panels[panel].series[report], Point, index), x, y);
      ok = TRUE;
    }
  ssdb_compare_data_clear (&d);
  return ok;
}
