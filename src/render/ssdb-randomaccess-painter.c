/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-randomaccess-painter.h"

#include "engine/ssdb-units.h"
#include "ssdb-decimate.h"
#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

/* Rows of the table without a result: HD Tune's sizes and its "Random" row, reads only. */
static const guint default_sizes[] = { 0, 4096, 65536, 1048576 };
#define N_DEFAULT_ROWS (G_N_ELEMENTS (default_sizes) + 1)

void
ssdb_random_access_view_init (SsdbRandomAccessView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
}

SsdbRgba
ssdb_random_access_painter_size_color (const SsdbStyle *style, int index)
{
  /* Okabe-Ito: distinguishable for colour-blind readers; yellow is left out (unreadable on
   * white), black comes last. */
  static const guint32 palette[]
      = { 0x0072B2, 0xD55E00, 0x009E73, 0xE69F00, 0x56B4E9, 0x8C6D00, 0x000000, 0x7F7F7F };
  static const guint32 mix = 0xCC79A7;
  guint32 c = index < 0 ? mix : palette[(guint)index % G_N_ELEMENTS (palette)];
  SsdbRgba rgba = { ((c >> 16) & 0xff) / 255.0, ((c >> 8) & 0xff) / 255.0, (c & 0xff) / 255.0, 1 };

  g_return_val_if_fail (style != NULL, rgba);
  if (index >= 0 && (guint)index % G_N_ELEMENTS (palette) == 6)
    rgba = style->foreground;
  else if (style->theme == SSDB_THEME_DARK)
    {
      SsdbRgba white = { 1, 1, 1, 1 };

      rgba = ssdb_chart_mix (&rgba, &white, 0.3);
    }
  return rgba;
}

int
ssdb_random_access_painter_size_index (const SsdbRandomAccessResult *result, guint row)
{
  /* HD Tune's sizes keep their colours whatever else a run measures: the logical block (up to
   * 2 KiB) the first, then 4 KiB, 64 KiB and 1 MiB; other sizes follow in their order. */
  static const guint fixed[] = { 4096, 65536, 1048576 };
  const SsdbRandomAccessRow *r;
  int k = 0;

  g_return_val_if_fail (result != NULL, -1);
  if (result->rows == NULL || row >= result->rows->len)
    return -1;
  r = &g_array_index (result->rows, SsdbRandomAccessRow, row);
  if (r->mixed)
    return -1;
  if (r->size <= 2048)
    return 0;
  for (guint i = 0; i < G_N_ELEMENTS (fixed); i++)
    if (r->size == fixed[i])
      return (int)i + 1;
  for (guint i = 0; i < row; i++)
    {
      const SsdbRandomAccessRow *o = &g_array_index (result->rows, SsdbRandomAccessRow, i);

      if (o->rw == r->rw && !o->mixed && o->size > 2048 && o->size != 4096 && o->size != 65536
          && o->size != 1048576)
        k++;
    }
  return 4 + k;
}

char *
ssdb_random_access_painter_row_label (const SsdbRandomAccessRow *row, guint block_size)
{
  g_return_val_if_fail (row != NULL, NULL);
  if (row->mixed)
    return g_strdup (_ ("Random"));
  return ssdb_format_transfer_size (row->size > 0 ? row->size : block_size > 0 ? block_size : 512);
}

static guint
n_result_rows (const SsdbRandomAccessView *view)
{
  if (view->result == NULL || view->result->rows == NULL)
    return 0;
  return view->result->rows->len;
}

static const SsdbRandomAccessRow *
result_row (const SsdbRandomAccessView *view, guint i)
{
  return &g_array_index (view->result->rows, SsdbRandomAccessRow, i);
}

static gboolean
row_measured (const SsdbRandomAccessRow *r)
{
  return r->state != SSDB_ENTRY_PENDING && r->ios > 0;
}

char *
ssdb_random_access_painter_dup_cell_text (const SsdbRandomAccessView *view, guint row,
                                          SsdbRandomAccessColumn column, gboolean locale_numbers)
{
  const SsdbRandomAccessRow *r;
  double v;

  g_return_val_if_fail (view != NULL, NULL);
  if (row >= n_result_rows (view))
    return g_strdup ("\u2014");
  r = result_row (view, row);
  if (column == SSDB_RANDOM_ACCESS_COLUMN_SIZE)
    return ssdb_random_access_painter_row_label (r, view->block_size);
  if (!row_measured (r))
    {
      if (column == SSDB_RANDOM_ACCESS_COLUMN_IOPS && r->state == SSDB_ENTRY_FAILED)
        return g_strdup (_ ("failed"));
      if (column == SSDB_RANDOM_ACCESS_COLUMN_IOPS && r->state == SSDB_ENTRY_CANCELLED)
        return g_strdup (_ ("stopped"));
      return g_strdup ("\u2014");
    }
  /* A running row's access times come with its end. */
  if (r->state == SSDB_ENTRY_RUNNING
      && (column == SSDB_RANDOM_ACCESS_COLUMN_MEAN || column == SSDB_RANDOM_ACCESS_COLUMN_MAX))
    return g_strdup ("\u2014");
  switch (column)
    {
      case SSDB_RANDOM_ACCESS_COLUMN_IOPS:
        v = r->iops;
        if (!isfinite (v) || v < 0)
          return g_strdup ("\u2014");
        return ssdb_chart_format_double (v, v < 100 ? 1 : 0, locale_numbers);
      case SSDB_RANDOM_ACCESS_COLUMN_MEAN:
        if (!isfinite (r->mean_ns) || r->mean_ns < 0)
          return g_strdup ("\u2014");
        return ssdb_chart_format_ms (r->mean_ns, locale_numbers);
      case SSDB_RANDOM_ACCESS_COLUMN_MAX:
        return ssdb_chart_format_ms ((double)r->max_ns, locale_numbers);
      case SSDB_RANDOM_ACCESS_COLUMN_RATE:
      default:
        v = r->bytes_per_second;
        if (!isfinite (v) || v < 0)
          return g_strdup ("\u2014");
        v /= 1e6;
        return ssdb_chart_format_double (v, v < 10 ? 2 : 1, locale_numbers);
    }
}

/* The table's lines: a header per direction, then its rows. */
typedef struct
{
  int row;   /* index in the result's rows, -1 for a direction's header, -2 for a default row */
  SsdbRw rw; /* of a header */
  guint default_index;
} TableLine;

static guint
table_lines (const SsdbRandomAccessView *view, TableLine *lines, guint max)
{
  guint n = 0;

  if (n_result_rows (view) == 0)
    {
      if (n < max)
        lines[n++] = (TableLine){ -1, SSDB_RW_READ, 0 };
      /* The logical block's row is left out where the block is one of the other sizes (4 KiB
       * sectors). */
      for (guint i = 0; i < N_DEFAULT_ROWS && n < max; i++)
        if (i > 0 || view->block_size <= 2048)
          lines[n++] = (TableLine){ -2, SSDB_RW_READ, i };
      return n;
    }
  for (int k = 0; k < 2; k++)
    {
      SsdbRw rw = k == 0 ? SSDB_RW_READ : SSDB_RW_WRITE;
      gboolean header = FALSE;

      for (guint i = 0; i < n_result_rows (view) && n < max; i++)
        {
          if (result_row (view, i)->rw != rw)
            continue;
          if (!header && n < max)
            {
              lines[n++] = (TableLine){ -1, rw, 0 };
              header = TRUE;
            }
          if (n < max)
            lines[n++] = (TableLine){ (int)i, rw, 0 };
        }
    }
  return n;
}

#define MAX_LINES (2 * (SSDB_RANDOM_ACCESS_MAX_SIZES + 1) + 2)

/* Layout ---------------------------------------------------------------------------------- */

typedef struct
{
  double u;
  double margin, gap;
  double title_px, subtitle_px, label_px, caption_px, cell_px;
  cairo_rectangle_t title, subtitle, legend, footer, plot, table, temperature;
  double unit_y, xlabel_y, xtitle_y;
  gboolean beside;
  TableLine lines[MAX_LINES];
  guint n_lines;
  double line_h;
  double col_w[SSDB_RANDOM_ACCESS_N_COLUMNS];
  double col_x[SSDB_RANDOM_ACCESS_N_COLUMNS]; /* column 0: its left edge; others: right edge */
  guint split;     /* under the chart: the write rows' first line, in a block at the right of
                    * the read rows'; 0 for one block */
  double block_dx; /* that block's x offset */
  double span_lo, span_hi;
  SsdbAxis time, pos;
  guint n_over;
} Layout;

static const char *
column_header (guint col)
{
  static const char *const names[]
      = { N_ ("Transfer size"), N_ ("IOPS"), N_ ("Avg access"), N_ ("Max access"), N_ ("MB/s") };

  return _ (names[MIN (col, G_N_ELEMENTS (names) - 1)]);
}

static char *
line_label (const SsdbRandomAccessView *view, const TableLine *line)
{
  if (line->row >= 0)
    return ssdb_random_access_painter_row_label (result_row (view, (guint)line->row),
                                                 view->block_size);
  if (line->row == -1)
    return g_strdup (line->rw == SSDB_RW_WRITE ? _ ("Write") : _ ("Read"));
  if (line->default_index >= G_N_ELEMENTS (default_sizes))
    return g_strdup (_ ("Random"));
  return ssdb_format_transfer_size (default_sizes[line->default_index] > 0
                                        ? default_sizes[line->default_index]
                                    : view->block_size > 0 ? view->block_size
                                                           : 512);
}

/* The access time axis' top, ns, and how many dots lie above it. */
static double
time_top (const SsdbRandomAccessView *view, guint *over)
{
  SsdbChartSeries series[2 * (SSDB_RANDOM_ACCESS_MAX_SIZES + 1)];
  guint n = 0;

  for (guint i = 0; i < n_result_rows (view) && n < G_N_ELEMENTS (series); i++)
    {
      const GArray *dots = result_row (view, i)->dots;

      if (dots == NULL || dots->len == 0)
        continue;
      series[n].base = dots->data;
      series[n].n = dots->len;
      series[n].stride = sizeof (SsdbRandomAccessDot);
      series[n].offset = G_STRUCT_OFFSET (SsdbRandomAccessDot, latency_ns);
      series[n].is_u64 = TRUE;
      n++;
    }
  return ssdb_chart_robust_top (series, n, over);
}

static gboolean
has_rw (const SsdbRandomAccessView *view, SsdbRw rw)
{
  for (guint i = 0; i < n_result_rows (view); i++)
    if (result_row (view, i)->rw == rw)
      return TRUE;
  return FALSE;
}

/* The legend's items: the sizes of one direction, then "Read" and "Write" with both. */
static SsdbRw
legend_rw (const SsdbRandomAccessView *view)
{
  return has_rw (view, SSDB_RW_READ) || !has_rw (view, SSDB_RW_WRITE) ? SSDB_RW_READ
                                                                      : SSDB_RW_WRITE;
}

static gboolean
legend_line (const SsdbRandomAccessView *view, const TableLine *line)
{
  return line->row != -1
         && (line->row < 0 || result_row (view, (guint)line->row)->rw == legend_rw (view));
}

/* Its width in one row, logical pixels. */
static double
legend_width (const Layout *l, const SsdbRandomAccessView *view, const SsdbStyle *style,
              PangoContext *pango)
{
  double total = 0, sw = round (12 * l->u), spacing = round (4 * l->u), gap = round (14 * l->u);

  for (guint i = 0; i < l->n_lines; i++)
    if (legend_line (view, &l->lines[i]))
      {
        g_autofree char *label = line_label (view, &l->lines[i]);
        double tw;

        ssdb_chart_measure (pango, style, label, l->label_px, PANGO_WEIGHT_NORMAL, &tw, NULL);
        total += sw + spacing + tw + gap;
      }
  if (has_rw (view, SSDB_RW_READ) && has_rw (view, SSDB_RW_WRITE))
    for (int k = 0; k < 2; k++)
      {
        double tw;

        ssdb_chart_measure (pango, style, k == 0 ? _ ("Read") : _ ("Write"), l->label_px,
                            PANGO_WEIGHT_NORMAL, &tw, NULL);
        total += sw + spacing + tw + gap;
      }
  return total;
}

static void
layout_compute (Layout *l, const SsdbRandomAccessView *view, const SsdbStyle *style,
                PangoContext *pango, int width, int height)
{
  const SsdbRandomAccessResult *r = view->result;
  double w = MAX (width, 1), h = MAX (height, 1);
  double y, bottom, table_w = 0, table_h, left_w, unit_w, right;
  guint intervals;

  memset (l, 0, sizeof *l);
  l->u = ssdb_chart_scale (w, h, &l->margin, &l->gap, &l->title_px, &l->subtitle_px);
  l->label_px = ssdb_chart_clamp (11.5 * l->u, 9.5, 28);
  l->caption_px = ssdb_chart_clamp (10.5 * l->u, 9, 24);
  l->cell_px = l->label_px;
  l->n_lines = table_lines (view, l->lines, MAX_LINES);

  if (r != NULL && r->spec.span_length > 0)
    {
      l->span_lo = (double)r->spec.span_offset;
      l->span_hi = (double)r->spec.span_offset + (double)r->spec.span_length;
    }
  else
    {
      l->span_lo = r != NULL ? (double)r->spec.span_offset : 0;
      l->span_hi = view->device_bytes > l->span_lo ? (double)view->device_bytes : l->span_lo + 1e9;
    }

  y = ssdb_chart_layout_heading (w, l->margin, l->gap, view->target_title, l->title_px, &l->title,
                                 view->target_subtitle, l->subtitle_px, &l->subtitle);
  bottom = h - l->margin;
  bottom = ssdb_chart_layout_caption (w, bottom, l->margin, l->gap * 0.5, view->caption,
                                      l->caption_px, &l->footer);

  /* The table's columns: as wide as their header or their widest typical cell. */
  for (guint c = 0; c < SSDB_RANDOM_ACCESS_N_COLUMNS; c++)
    {
      static const char *const samples[] = { "", "000000", "00.000 ms", "000.00 ms", "0000.0" };
      double tw, sw;

      ssdb_chart_measure (pango, style, column_header (c), l->cell_px, PANGO_WEIGHT_BOLD, &tw,
                          NULL);
      ssdb_chart_measure (pango, style, samples[c], l->cell_px, PANGO_WEIGHT_NORMAL, &sw, NULL);
      l->col_w[c] = MAX (tw, sw);
    }
  for (guint i = 0; i < l->n_lines; i++)
    {
      g_autofree char *label = line_label (view, &l->lines[i]);
      double tw;

      ssdb_chart_measure (pango, style, label, l->cell_px, PANGO_WEIGHT_BOLD, &tw, NULL);
      /* a swatch before a size */
      l->col_w[0] = MAX (l->col_w[0], tw + (l->lines[i].row == -1 ? 0 : 16 * l->u));
    }
  for (guint c = 0; c < SSDB_RANDOM_ACCESS_N_COLUMNS; c++)
    {
      l->col_w[c] = ceil (l->col_w[c] + (c == 0 ? 6 : 14) * l->u);
      table_w += l->col_w[c];
    }
  l->line_h = round (l->cell_px * 1.65);
  table_h = (l->n_lines + 1) * l->line_h;

  /* Beside the chart when that leaves the chart 58 % of the width and 380 px (at scale 1),
   * else under it, as HD Tune has it. */
  l->beside
      = w - 2 * l->margin - table_w - 3 * l->gap >= MAX (380 * l->u, (w - 2 * l->margin) * 0.58);
  if (l->beside)
    {
      l->table
          = (cairo_rectangle_t){ w - l->margin - table_w, y, table_w, MIN (table_h, bottom - y) };
      right = l->table.x - 3 * l->gap;
    }
  else
    {
      double avail = w - 2 * l->margin, th;
      guint tall = l->n_lines;

      /* Under the chart the write rows go beside the read rows when both fit. */
      for (guint i = 1; i < l->n_lines; i++)
        if (l->lines[i].row == -1 && 2 * table_w + 4 * l->gap <= avail)
          {
            l->split = i;
            avail = (avail - 4 * l->gap) / 2;
            l->block_dx = avail + 4 * l->gap;
            tall = MAX (i, l->n_lines - i);
            break;
          }
      table_h = (tall + 1) * l->line_h;
      th = MIN (table_h, (bottom - y) * 0.5);
      l->line_h = th / (tall + 1);
      l->cell_px = ssdb_chart_clamp (MIN (l->cell_px, l->line_h * 0.62), 7, l->cell_px);
      l->table = (cairo_rectangle_t){ l->margin, bottom - th, avail, th };
      bottom = l->table.y - l->gap;
      right = w - l->margin;
    }

  /* Columns: the size at the left, the numbers right-aligned in theirs. */
  {
    double x = l->table.x, extra = 0;

    if (!l->beside)
      extra = MAX (0, (l->table.width - table_w) / SSDB_RANDOM_ACCESS_N_COLUMNS);
    extra = MIN (extra, 60 * l->u);
    l->col_x[0] = x;
    x += l->col_w[0] + extra;
    for (guint c = 1; c < SSDB_RANDOM_ACCESS_N_COLUMNS; c++)
      {
        x += l->col_w[c] + extra;
        l->col_x[c] = x;
      }
    if (!l->beside)
      l->table.width = x - l->table.x + (l->split > 0 ? l->block_dx : 0);
  }

  /* The drive's temperature under the chart, when it was recorded. */
  l->temperature.height = ssdb_chart_temperature_height (r ? r->temperature : NULL, l->label_px);
  if (l->temperature.height > 0)
    {
      l->temperature.y = bottom - l->temperature.height;
      bottom -= l->temperature.height + l->gap;
    }

  /* Around the plot: the legend and the time unit above, the GB labels and title under. */
  l->legend = (cairo_rectangle_t){ l->margin, y, right - l->margin, round (l->label_px * 1.7) };
  /* A second row of legend when one row would be wider than the chart. */
  if (legend_width (l, view, style, pango) > right - l->margin - 40 * l->u)
    l->legend.height *= 2;
  y += l->legend.height + round (4 * l->u);
  l->unit_y = l->legend.y + round (l->label_px * 1.7) / 2;
  l->xtitle_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.6);
  l->xlabel_y = bottom - round (l->label_px * 0.8);
  bottom -= round (l->label_px * 1.6) + round (2 * l->u);

  intervals = (guint)ssdb_chart_clamp (floor (MAX (bottom - y, 10) / (45 * l->u)), 2, 10);
  {
    double top = time_top (view, &l->n_over) / 1e6;

    ssdb_axis_nice (&l->time, 0, top > 0 ? top * 1.06 : 1, intervals, TRUE);
    l->time.divisor = 1e6;
    l->time.unit = "ms";
  }
  left_w = ssdb_chart_axis_labels_width (pango, style, &l->time, l->label_px);
  ssdb_chart_measure (pango, style, l->time.unit, l->label_px, PANGO_WEIGHT_BOLD, &unit_w, NULL);
  left_w = ceil (MAX (left_w, unit_w));
  {
    double x0 = round (l->margin + left_w + 6 * l->u);

    l->plot = (cairo_rectangle_t){ x0, round (y), MAX (round (right) - x0, 10),
                                   MAX (round (bottom) - round (y), 10) };
  }
  l->legend.x = l->plot.x;
  l->legend.width = MAX (right - l->plot.x, 10);
  l->temperature.x = l->plot.x;
  l->temperature.width = l->plot.width;
  {
    guint xi = (guint)ssdb_chart_clamp (floor (l->plot.width / (80 * l->u)), 2, 12);

    ssdb_axis_nice (&l->pos, l->span_lo / 1e9, l->span_hi / 1e9, xi, FALSE);
    l->pos.divisor = 1e9;
    l->pos.unit = "GB";
  }
  /* The dots above the axis' top are those the robust top left out. */
  if (l->time.hi * 1e6 > 0)
    {
      guint n = 0;

      for (guint i = 0; i < n_result_rows (view); i++)
        {
          const GArray *dots = result_row (view, i)->dots;

          for (guint k = 0; dots != NULL && k < dots->len; k++)
            if ((double)g_array_index (dots, SsdbRandomAccessDot, k).latency_ns
                > l->time.hi * l->time.divisor)
              n++;
        }
      l->n_over = n;
    }
}

static double
layout_x (const Layout *l, double position_bytes)
{
  double f = (position_bytes - l->span_lo) / MAX (l->span_hi - l->span_lo, 1);

  return l->plot.x + f * l->plot.width;
}

static double
layout_y (const Layout *l, double ns)
{
  return ssdb_chart_axis_y (&l->time, &l->plot, ns);
}

SSDB_CHART_DEFINE_LAYOUT_QUERY (SsdbRandomAccessView)

SSDB_CHART_DEFINE_PLOT_RECT (ssdb_random_access_painter_get_plot_rect, SsdbRandomAccessView)

gboolean
ssdb_random_access_painter_get_table_rect (const SsdbRandomAccessView *view, int width, int height,
                                           cairo_rectangle_t *rect)
{
  Layout l;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);
  layout_for_query (&l, view, width, height);
  *rect = l.table;
  return l.beside;
}

void
ssdb_random_access_painter_get_time_axis (const SsdbRandomAccessView *view, int width, int height,
                                          SsdbAxis *axis, guint *n_over)
{
  Layout l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (axis != NULL);
  layout_for_query (&l, view, width, height);
  *axis = l.time;
  if (n_over != NULL)
    *n_over = l.n_over;
}

void
ssdb_random_access_painter_get_position_axis (const SsdbRandomAccessView *view, int width,
                                              int height, SsdbAxis *axis)
{
  Layout l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (axis != NULL);
  layout_for_query (&l, view, width, height);
  *axis = l.pos;
}

void
ssdb_random_access_painter_dot_point (const SsdbRandomAccessView *view, int width, int height,
                                      guint64 offset, guint64 latency_ns, double *x, double *y)
{
  Layout l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (x != NULL && y != NULL);
  layout_for_query (&l, view, width, height);
  *x = layout_x (&l, (double)offset);
  *y = layout_y (&l, (double)latency_ns);
}

/* Drawing --------------------------------------------------------------------------------- */

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  const SsdbRandomAccessView *view;
  Layout l;
} Painter;

static void
square_swatch (cairo_t *cr, guint index, double x, double cy, double width, gpointer user_data)
{
  Painter *p = user_data;
  double s = MAX (2.6, 3.4 * p->l.u);

  (void)index;
  cairo_rectangle (cr, x + width / 2 - s / 2, cy - s / 2, s, s);
  ssdb_render_set_source (cr, &p->style->foreground, 0.8);
  cairo_fill (cr);
}

static void
draw_legend (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbRandomAccessView *view = p->view;
  SsdbChartLegendItem items[SSDB_RANDOM_ACCESS_MAX_SIZES + 3];
  SsdbRgba colors[SSDB_RANDOM_ACCESS_MAX_SIZES + 1];
  char *labels[SSDB_RANDOM_ACCESS_MAX_SIZES + 1] = { NULL };
  double sw = round (12 * l->u), radius = MAX (2.2, 3 * l->u);
  guint n = 0;
  SsdbChartLegend legend = {
    .align = SSDB_CHART_ALIGN_START,
    .x = l->legend.x,
    .cy = l->legend.y + round (l->label_px * 1.7) / 2,
    .wrap_right = l->legend.x + l->legend.width,
    .wrap_bottom = l->legend.y + l->legend.height,
    .row_height = round (l->label_px * 1.7),
    .label_px = l->label_px,
    .spacing = round (4 * l->u),
    .gap = round (14 * l->u),
    .draw_swatch = square_swatch,
    .user_data = p,
  };

  /* One item per size of one direction (the other's are the same sizes). */
  for (guint i = 0; i < l->n_lines && n < G_N_ELEMENTS (labels); i++)
    {
      const TableLine *line = &l->lines[i];
      int index;

      if (!legend_line (view, line))
        continue;
      if (line->row >= 0)
        index = ssdb_random_access_painter_size_index (view->result, (guint)line->row);
      else
        index = line->default_index >= G_N_ELEMENTS (default_sizes) ? -1 : (int)line->default_index;
      colors[n] = ssdb_random_access_painter_size_color (style, index);
      labels[n] = line_label (view, line);
      items[n]
          = (SsdbChartLegendItem){ labels[n], SSDB_CHART_SWATCH_DOT, &colors[n], 1.0, sw, radius,
                                   sw / 2 };
      n++;
    }
  /* Reads are round dots and writes squares, once both are drawn. */
  {
    guint n_sizes = n;

    if (has_rw (view, SSDB_RW_READ) && has_rw (view, SSDB_RW_WRITE))
      {
        items[n++] = (SsdbChartLegendItem){
          _ ("Read"), SSDB_CHART_SWATCH_DOT, &style->foreground, 0.8, sw, radius, sw / 2
        };
        items[n++]
            = (SsdbChartLegendItem){ _ ("Write"), SSDB_CHART_SWATCH_CUSTOM, NULL, 1.0, sw, 0, 0 };
      }
    ssdb_chart_draw_legend (p->cr, p->pango, style, &legend, items, n);
    for (guint i = 0; i < n_sizes; i++)
      g_free (labels[i]);
  }
}

static void
draw_axes (Painter *p)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  cairo_t *cr = p->cr;
  const cairo_rectangle_t *pr = &l->plot;
  gboolean loc = style->locale_numbers;
  double tick_gap = 6 * l->u;

  ssdb_chart_fill_plot (cr, style, pr);

  cairo_set_line_width (cr, 1);
  for (guint i = 0; i < l->time.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->time, i);
      double y = floor (layout_y (l, v * l->time.divisor)) + 0.5;
      g_autofree char *text = ssdb_axis_format (&l->time, v, loc);

      if (v > l->time.lo && v < l->time.hi)
        {
          cairo_move_to (cr, pr->x, y);
          cairo_line_to (cr, pr->x + pr->width, y);
          ssdb_render_set_source (cr, &style->foreground, ssdb_chart_grid_alpha (style));
          cairo_stroke (cr);
        }
      ssdb_chart_draw_text (cr, p->pango, style, text, pr->x - tick_gap, y, l->label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, 0, &style->dim, 1.0);
    }
  for (guint i = 0; i < l->pos.n_ticks; i++)
    {
      double v = ssdb_axis_tick (&l->pos, i);
      double x = floor (layout_x (l, v * l->pos.divisor)) + 0.5;
      g_autofree char *text = ssdb_axis_format (&l->pos, v, loc);

      if (x > pr->x + 1 && x < pr->x + pr->width - 1)
        {
          cairo_move_to (cr, x, pr->y);
          cairo_line_to (cr, x, pr->y + pr->height);
          ssdb_render_set_source (cr, &style->foreground, ssdb_chart_grid_alpha (style) * 0.75);
          cairo_stroke (cr);
        }
      ssdb_chart_draw_text (cr, p->pango, style, text, x, l->xlabel_y, l->label_px,
                            PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, 0, &style->dim, 1.0);
    }
  ssdb_chart_draw_text (cr, p->pango, style, l->time.unit, pr->x - tick_gap, l->unit_y, l->label_px,
                        PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_END, 0, &style->foreground, 1.0);
  ssdb_chart_draw_text (cr, p->pango, style, _ ("Position (GB)"), pr->x + pr->width / 2,
                        l->xtitle_y, l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER,
                        pr->width, &style->dim, 1.0);
}

/* Above about two dots per device-pixel column, a row's dots go through a grid a dot wide. */
static gboolean
dense (const Painter *p, guint n)
{
  double dx = 1, dy = 0;

  cairo_user_to_device_distance (p->cr, &dx, &dy);
  return n > 2 * ceil (p->l.plot.width * MAX (hypot (dx, dy), 1e-9));
}

/* Most read dots of a row drawn as circles on a surface other than an image. */
#define MAX_CIRCLES 20000

static void
draw_row_dots (Painter *p, guint row)
{
  const SsdbRandomAccessRow *r = result_row (p->view, row);
  Layout *l = &p->l;
  cairo_t *cr = p->cr;
  double radius = MAX (1.3, 1.7 * l->u), top = l->plot.y + radius;
  SsdbRgba color = ssdb_random_access_painter_size_color (
      p->style, ssdb_random_access_painter_size_index (p->view->result, row));
  gboolean square = r->rw == SSDB_RW_WRITE;
  SsdbDotGrid *grid = NULL;
  SsdbDotStamp *stamp = NULL;

  if (r->dots == NULL || r->dots->len == 0)
    return;
  /* Writes are squares: the grid's cells, a dot wide. Reads are round: stamped on an image,
   * circles elsewhere (the window's recording, SVG, PDF) up to MAX_CIRCLES a row, the grid
   * only beyond, where they would be a dense band anyway. */
  if (!square)
    stamp = ssdb_dot_stamp_new (cr, &l->plot, radius);
  if (square || (stamp == NULL && r->dots->len > MAX_CIRCLES && dense (p, r->dots->len)))
    grid = ssdb_dot_grid_new (&l->plot, radius);
  for (guint i = 0; i < r->dots->len; i++)
    {
      const SsdbRandomAccessDot *d = &g_array_index (r->dots, SsdbRandomAccessDot, i);
      double x = layout_x (l, (double)d->offset + d->size / 2.0);
      double y = layout_y (l, (double)d->latency_ns);

      /* Above the axis' top: on its top edge, counted in the note. */
      y = MAX (y, top);
      x = ssdb_chart_clamp (x, l->plot.x, l->plot.x + l->plot.width);
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
      ssdb_dot_stamp_draw (stamp, cr, &color, 0.8);
      ssdb_dot_stamp_free (stamp);
      return;
    }
  if (grid != NULL)
    ssdb_dot_grid_path (grid, cr);
  ssdb_render_set_source (cr, &color, 0.8);
  cairo_fill (cr);
  ssdb_dot_grid_free (grid);
}

static void
draw_dots (Painter *p)
{
  Layout *l = &p->l;
  cairo_t *cr = p->cr;

  cairo_save (cr);
  cairo_rectangle (cr, l->plot.x, l->plot.y, l->plot.width, l->plot.height);
  cairo_clip (cr);
  /* The mix first, so the fixed sizes stay readable over it; reads over writes. */
  for (int k = 0; k < 2; k++)
    for (int mixed = 1; mixed >= 0; mixed--)
      for (guint i = 0; i < n_result_rows (p->view); i++)
        {
          const SsdbRandomAccessRow *r = result_row (p->view, i);

          if ((r->rw == SSDB_RW_WRITE) == (k == 0) && (r->mixed != 0) == (mixed != 0))
            draw_row_dots (p, i);
        }
  cairo_restore (cr);

  if (l->n_over > 0)
    {
      g_autofree char *top = ssdb_axis_format (&l->time, l->time.hi, p->style->locale_numbers);
      /* Translators: on the random-access chart, requests slower than the top of the time axis,
       * drawn on its top edge: "3 requests above 2.5 ms" */
      g_autofree char *text = g_strdup_printf (
          g_dngettext (GETTEXT_PACKAGE, "%u request above %s ms (on the top edge)",
                       "%u requests above %s ms (on the top edge)", l->n_over),
          l->n_over, top);

      ssdb_chart_draw_text (cr, p->pango, p->style, text, l->plot.x + l->plot.width - 4 * l->u,
                            l->plot.y + l->label_px * 1.1, l->label_px * 0.9, PANGO_WEIGHT_NORMAL,
                            SSDB_CHART_ALIGN_END, l->plot.width - 8 * l->u, &p->style->foreground,
                            0.85);
    }
}

static void
draw_table_block (Painter *p, guint first, guint last, double dx, double pad, gboolean loc);

static void
draw_table (Painter *p)
{
  Layout *l = &p->l;
  gboolean loc = p->style->locale_numbers;
  double pad = 4 * l->u;

  for (guint b = 0; b < (l->split > 0 ? 2u : 1u); b++)
    draw_table_block (p, b == 0 ? 0 : l->split, b == 0 && l->split > 0 ? l->split : l->n_lines,
                      b == 0 ? 0 : l->block_dx, pad, loc);
}

/* Lines @first to @last of the table with the header over them, @dx to the right. */
static void
draw_table_block (Painter *p, guint first, guint last, double dx, double pad, gboolean loc)
{
  Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbRandomAccessView *view = p->view;
  cairo_t *cr = p->cr;
  double x0 = l->table.x + dx, x1 = l->col_x[SSDB_RANDOM_ACCESS_N_COLUMNS - 1] + dx;
  double y, col_x[SSDB_RANDOM_ACCESS_N_COLUMNS];

  for (guint c = 0; c < SSDB_RANDOM_ACCESS_N_COLUMNS; c++)
    col_x[c] = l->col_x[c] + dx;

  /* Header, with a rule under it. */
  y = l->table.y + l->line_h / 2;
  for (guint c = 0; c < SSDB_RANDOM_ACCESS_N_COLUMNS; c++)
    ssdb_chart_draw_text (cr, p->pango, style, column_header (c),
                          c == 0 ? col_x[0] + pad : col_x[c] - pad, y, l->cell_px,
                          PANGO_WEIGHT_BOLD, c == 0 ? SSDB_CHART_ALIGN_START : SSDB_CHART_ALIGN_END,
                          l->col_w[c] - pad, &style->foreground, 1.0);
  cairo_set_line_width (cr, 1);
  cairo_move_to (cr, x0, floor (l->table.y + l->line_h) + 0.5);
  cairo_line_to (cr, x1, floor (l->table.y + l->line_h) + 0.5);
  ssdb_render_set_source (cr, &style->foreground, 0.35);
  cairo_stroke (cr);

  for (guint i = first; i < last; i++)
    {
      const TableLine *line = &l->lines[i];
      double top = l->table.y + (i - first + 1) * l->line_h, cy = top + l->line_h / 2;
      g_autofree char *label = line_label (view, line);
      const SsdbRandomAccessRow *r = line->row >= 0 ? result_row (view, (guint)line->row) : NULL;
      int index;
      SsdbRgba color;

      if (top + l->line_h > l->table.y + l->table.height + 0.5)
        break;
      if (line->row == -1)
        {
          ssdb_chart_draw_text (cr, p->pango, style, label, col_x[0] + pad, cy, l->cell_px,
                                PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, 0,
                                line->rw == SSDB_RW_WRITE ? &style->accent2 : &style->accent, 1.0);
          continue;
        }
      if (r != NULL && r->state == SSDB_ENTRY_RUNNING)
        {
          cairo_rectangle (cr, x0, top, x1 - x0, l->line_h);
          ssdb_render_set_source (cr, &style->accent, 0.12);
          cairo_fill (cr);
        }
      index = r != NULL ? ssdb_random_access_painter_size_index (view->result, (guint)line->row)
              : line->default_index >= G_N_ELEMENTS (default_sizes) ? -1
                                                                    : (int)line->default_index;
      color = ssdb_random_access_painter_size_color (style, index);
      {
        double s = MAX (5, 7 * l->u), sx = col_x[0] + pad + 2 * l->u;

        if (r != NULL && r->rw == SSDB_RW_WRITE)
          cairo_rectangle (cr, sx, cy - s / 2, s, s);
        else
          cairo_arc (cr, sx + s / 2, cy, s / 2, 0, 2 * G_PI);
        ssdb_render_set_source (cr, &color, 1.0);
        cairo_fill (cr);
        ssdb_chart_draw_text (cr, p->pango, style, label, sx + s + 5 * l->u, cy, l->cell_px,
                              PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, 0, &style->foreground,
                              1.0);
      }
      for (guint c = 1; c < SSDB_RANDOM_ACCESS_N_COLUMNS; c++)
        {
          g_autofree char *text
              = r != NULL
                    ? ssdb_random_access_painter_dup_cell_text (view, (guint)line->row, c, loc)
                    : g_strdup ("\u2014");
          gboolean measured = r != NULL && row_measured (r);
          const SsdbRgba *fg = measured                                     ? &style->foreground
                               : r != NULL && r->state == SSDB_ENTRY_FAILED ? &style->error
                                                                            : &style->dim;

          ssdb_chart_draw_text (cr, p->pango, style, text, col_x[c] - pad, cy, l->cell_px,
                                PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END, l->col_w[c] - pad, fg,
                                1.0);
        }
    }
}

void
ssdb_random_access_painter_draw (const SsdbRandomAccessView *view, const SsdbStyle *style,
                                 cairo_t *cr, int width, int height)
{
  SSDB_RENDER_LANGUAGE_SCOPE (style);

  Painter p = { 0 };
  Layout *l;
  gboolean any = FALSE;

  g_return_if_fail (view != NULL);
  g_return_if_fail (style != NULL);
  g_return_if_fail (cr != NULL);

  if (width <= 0 || height <= 0)
    return;

  SSDB_CHART_PAINTER_BEGIN (p, l, view, style, cr, width, height);

  draw_legend (&p);
  draw_axes (&p);
  draw_dots (&p);

  ssdb_chart_stroke_plot_border (cr, style, &l->plot);

  for (guint i = 0; i < n_result_rows (view); i++)
    {
      const GArray *dots = result_row (view, i)->dots;

      any |= dots != NULL && dots->len > 0;
    }
  if (!any)
    ssdb_chart_draw_empty_note (cr, p.pango, style,
                                view->running ? _ ("Waiting for the first requests…")
                                              : _ ("No random access measured yet"),
                                &l->plot, l->label_px);
  draw_table (&p);
  if (l->temperature.height > 0)
    ssdb_chart_draw_temperature (cr, p.pango, style, &l->temperature, l->label_px,
                                 view->result->temperature);

  g_object_unref (p.pango);
  cairo_restore (cr);
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_random_access_png, SsdbRandomAccessView,
                             ssdb_random_access_painter_draw)
