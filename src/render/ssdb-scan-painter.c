/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-scan-painter.h"

#include "engine/ssdb-units.h"
#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

/* Bad ranges listed under the grid before "and N more". */
#define LISTED_RANGES 3

void
ssdb_scan_view_init (SsdbScanView *view)
{
  g_return_if_fail (view != NULL);

  memset (view, 0, sizeof *view);
}

char *
ssdb_scan_view_dup_subtitle (const SsdbScanResult *result)
{
  g_autofree char *span = NULL, *bs = NULL;

  g_return_val_if_fail (result != NULL, NULL);

  span = ssdb_format_capacity (result->spec.span_length);
  bs = ssdb_format_transfer_size (result->spec.block_size);
  return g_strdup_printf (result->spec.verify
                              ? _ ("Error scan · %s written, read back and compared in %s blocks · "
                                   "slow above %.0f ms")
                              : _ ("Error scan · %s read in %s blocks · slow above %.0f ms"),
                          span, bs, result->spec.slow_ns / 1e6);
}

SsdbScanCellState
ssdb_scan_cell_state (const SsdbScanResult *result, guint index)
{
  const SsdbScanCell *c;

  g_return_val_if_fail (result != NULL, SSDB_SCAN_CELL_UNSCANNED);

  if (index >= result->cells->len)
    return SSDB_SCAN_CELL_UNSCANNED;
  c = &g_array_index (result->cells, SsdbScanCell, index);
  if (c->blocks == 0)
    return SSDB_SCAN_CELL_UNSCANNED;
  if (c->bad_blocks > 0)
    return SSDB_SCAN_CELL_BAD;
  if (c->slow_blocks > 0)
    return SSDB_SCAN_CELL_SLOW;
  return SSDB_SCAN_CELL_GOOD;
}

/* The squares of the grid: of the whole span, or a default grid without a result. */
static guint
n_cells (const SsdbScanView *view)
{
  if (view->result == NULL || view->result->spec.span_length == 0)
    return 500;
  return MAX (ssdb_scan_cell_count (&view->result->spec), 1u);
}

/* The colours of the states: the Okabe-Ito bluish green, orange and vermillion, which stay
 * apart for colour-blind readers, on every theme; grey for what was not read. */
static void
state_color (const SsdbStyle *style, SsdbScanCellState state, SsdbRgba *out, double *alpha)
{
  static const SsdbRgba good = { 0.0, 0.62, 0.45, 1 }, slow = { 0.90, 0.62, 0.0, 1 },
                        bad = { 0.84, 0.22, 0.0, 1 };

  *alpha = 1.0;
  switch (state)
    {
      case SSDB_SCAN_CELL_GOOD:
        *out = good;
        break;
      case SSDB_SCAN_CELL_SLOW:
        *out = slow;
        break;
      case SSDB_SCAN_CELL_BAD:
        *out = bad;
        break;
      case SSDB_SCAN_CELL_UNSCANNED:
      case SSDB_SCAN_CELL_N_STATES:
      default:
        *out = style->foreground;
        *alpha = style->theme == SSDB_THEME_HIGH_CONTRAST ? 0.35 : 0.14;
        break;
    }
}

/* Layout ---------------------------------------------------------------------------------- */

typedef struct
{
  double u;
  double margin, gap;
  double title_px, subtitle_px, label_px, caption_px, words_px;
  cairo_rectangle_t title, subtitle, legend, footer, words, ranges, plot;
  /* the grid: squares of @side px (@pitch apart) in @cols columns and @rows rows */
  guint n, cols, rows;
  double side, pitch;
} Layout;

/* The engine's words again, in the chart's language (SsdbChartWordsFunc). */
static char *
scan_words (gconstpointer result)
{
  return ssdb_scan_result_dup_words (result);
}

/* The finding under the grid, in the chart's language; none while the scan runs. */
static char *
words_of (const SsdbScanView *view)
{
  const SsdbScanResult *r = view->result;

  if (view->running || r == NULL || r->words == NULL || *r->words == '\0')
    return NULL;
  return ssdb_chart_words_in_language (r->words, scan_words, r);
}

/* The largest pitch at which @n squares fit in @w × @h, with the columns and rows it gives. */
static void
fit_grid (guint n, double w, double h, double *pitch, guint *cols, guint *rows)
{
  /* no square larger than the area: a grid of one or two still fits */
  double p = MIN (floor (sqrt (w * h / MAX (n, 1u)) * 8) / 8, floor (MIN (w, h) * 8) / 8);

  while (p > 0.25)
    {
      guint c = (guint)floor (w / p), r = (guint)floor (h / p);

      if ((guint64)c * r >= n)
        {
          *pitch = p;
          *cols = MIN (c, n);
          *rows = (n + *cols - 1) / *cols;
          return;
        }
      p -= 0.125;
    }
  *pitch = 0.25;
  *cols = (guint)MAX (floor (w / 0.25), 1);
  *rows = (n + *cols - 1) / *cols;
}

static void
layout_compute (Layout *l, const SsdbScanView *view, const SsdbStyle *style, PangoContext *pango,
                int width, int height)
{
  double w = MAX (width, 1), h = MAX (height, 1);
  double y, bottom, grid_w, grid_h;
  g_autofree char *words = NULL;

  memset (l, 0, sizeof *l);
  l->u = ssdb_chart_scale (w, h, &l->margin, &l->gap, &l->title_px, &l->subtitle_px);
  l->label_px = ssdb_chart_clamp (11.5 * l->u, 9.5, 28);
  l->caption_px = ssdb_chart_clamp (10.5 * l->u, 9, 24);
  l->words_px = ssdb_chart_clamp (13 * l->u, 10, 30);
  l->n = n_cells (view);

  y = ssdb_chart_layout_heading (w, l->margin, l->gap, view->target_title, l->title_px, &l->title,
                                 view->target_subtitle, l->subtitle_px, &l->subtitle);
  l->legend = (cairo_rectangle_t){ l->margin, y, w - 2 * l->margin, round (l->label_px * 1.7) };
  y += l->legend.height + round (4 * l->u);

  bottom = h - l->margin;
  bottom = ssdb_chart_layout_caption (w, bottom, l->margin, l->gap * 0.5, view->caption,
                                      l->caption_px, &l->footer);
  words = words_of (view);
  bottom = ssdb_chart_layout_words (pango, style, w, bottom, l->margin, l->gap, words, l->words_px,
                                    3, &l->words);
  if (view->result != NULL && view->result->bad->len > 0)
    {
      double line = round (l->label_px * 1.5);
      guint lines = MIN (view->result->bad->len, LISTED_RANGES) + 1;

      bottom -= lines * line;
      l->ranges = (cairo_rectangle_t){ l->margin, bottom, w - 2 * l->margin, lines * line };
      bottom -= l->gap;
    }

  grid_w = MAX (w - 2 * l->margin, 10);
  grid_h = MAX (bottom - y, 10);
  fit_grid (l->n, grid_w, grid_h, &l->pitch, &l->cols, &l->rows);
  /* a gap between squares once they are large enough to show one */
  l->side = l->pitch >= 5 ? l->pitch - ssdb_chart_clamp (round (l->pitch * 0.1), 1, 4) : l->pitch;
  l->plot = (cairo_rectangle_t){ l->margin, round (y), l->cols * l->pitch, l->rows * l->pitch };
}

/* Drawing --------------------------------------------------------------------------------- */

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  const SsdbScanView *view;
  Layout l;
  guint counts[SSDB_SCAN_CELL_N_STATES];
} Painter;

static void
draw_cells (Painter *p)
{
  const Layout *l = &p->l;
  cairo_t *cr = p->cr;

  for (guint i = 0; i < l->n; i++)
    {
      SsdbScanCellState s = p->view->result != NULL ? ssdb_scan_cell_state (p->view->result, i)
                                                    : SSDB_SCAN_CELL_UNSCANNED;

      p->counts[s]++;
    }
  /* one path per colour */
  for (guint s = 0; s < SSDB_SCAN_CELL_N_STATES; s++)
    {
      SsdbRgba color;
      double alpha;

      if (p->counts[s] == 0)
        continue;
      cairo_new_path (cr);
      for (guint i = 0; i < l->n; i++)
        {
          SsdbScanCellState state = p->view->result != NULL
                                        ? ssdb_scan_cell_state (p->view->result, i)
                                        : SSDB_SCAN_CELL_UNSCANNED;

          if (state != s)
            continue;
          cairo_rectangle (cr, l->plot.x + (i % l->cols) * l->pitch,
                           l->plot.y + (double)(i / l->cols) * l->pitch, l->side, l->side);
        }
      state_color (p->style, s, &color, &alpha);
      ssdb_render_set_source (cr, &color, alpha);
      cairo_fill (cr);
    }
}

static void
draw_swatch (cairo_t *cr, guint index, double x, double cy, double width, gpointer user_data)
{
  const SsdbStyle *style = user_data;
  static const SsdbScanCellState order[]
      = { SSDB_SCAN_CELL_GOOD, SSDB_SCAN_CELL_SLOW, SSDB_SCAN_CELL_BAD, SSDB_SCAN_CELL_UNSCANNED };
  SsdbRgba color;
  double alpha;

  state_color (style, order[MIN (index, 3u)], &color, &alpha);
  ssdb_render_set_source (cr, &color, alpha);
  cairo_rectangle (cr, x, cy - width / 2, width, width);
  cairo_fill (cr);
}

static void
draw_legend (Painter *p)
{
  const Layout *l = &p->l;
  const SsdbScanResult *r = p->view->result;
  double sw = round (12 * l->u), x;
  g_autofree char *slow_ms = ssdb_chart_format_trimmed (r != NULL ? r->spec.slow_ns / 1e6 : 100, 1,
                                                        p->style->locale_numbers);
  g_autofree char *good
      = g_strdup_printf (r != NULL && r->spec.verify ? _ ("Verified (%u)") : _ ("Read (%u)"),
                         p->counts[SSDB_SCAN_CELL_GOOD]);
  g_autofree char *slow
      = g_strdup_printf (_ ("Slower than %s ms (%u)"), slow_ms, p->counts[SSDB_SCAN_CELL_SLOW]);
  g_autofree char *bad = g_strdup_printf (
      r != NULL && r->spec.verify ? _ ("Bad sectors (%u)") : _ ("Unreadable sectors (%u)"),
      p->counts[SSDB_SCAN_CELL_BAD]);
  g_autofree char *unscanned
      = g_strdup_printf (_ ("Not read (%u)"), p->counts[SSDB_SCAN_CELL_UNSCANNED]);
  SsdbChartLegendItem items[] = {
    { good, SSDB_CHART_SWATCH_CUSTOM, NULL, 1.0, sw, 0, 0 },
    { slow, SSDB_CHART_SWATCH_CUSTOM, NULL, 1.0, sw, 0, 0 },
    { bad, SSDB_CHART_SWATCH_CUSTOM, NULL, 1.0, sw, 0, 0 },
    { unscanned, SSDB_CHART_SWATCH_CUSTOM, NULL, 1.0, sw, 0, 0 },
  };
  SsdbChartLegend legend = {
    .align = SSDB_CHART_ALIGN_START,
    .x = l->margin,
    .cy = l->legend.y + l->legend.height / 2,
    .label_px = l->label_px,
    .spacing = round (6 * l->u),
    .gap = round (16 * l->u),
    .draw_swatch = draw_swatch,
    .user_data = (gpointer)p->style,
  };

  x = ssdb_chart_draw_legend (p->cr, p->pango, p->style, &legend, items, G_N_ELEMENTS (items));
  if (r != NULL && r->spec.span_length > 0)
    {
      /* what one square covers, at the right */
      g_autofree char *bytes
          = ssdb_format_transfer_size (ssdb_scan_cell_blocks (&r->spec) * r->spec.block_size);
      g_autofree char *note = g_strdup_printf (_ ("1 square = %s"), bytes);

      ssdb_chart_draw_text (p->cr, p->pango, p->style, note, l->margin + l->legend.width, legend.cy,
                            l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_END,
                            MAX (l->margin + l->legend.width - x, 1), &p->style->dim, 1.0);
    }
}

/* "Unreadable: byte 8392704 (LBA 16392), 8 KiB, errno 5 (Input/output error)" for the first
 * ranges, then "and N more". */
static void
draw_ranges (Painter *p)
{
  const Layout *l = &p->l;
  const SsdbScanResult *r = p->view->result;
  double line = round (l->label_px * 1.5), y;
  guint64 lbs;
  guint shown;

  if (r == NULL || r->bad->len == 0 || l->ranges.height <= 0)
    return;
  lbs = MAX (r->logical_block_size, 1u);
  shown = MIN (r->bad->len, LISTED_RANGES);
  y = l->ranges.y + line / 2;
  ssdb_chart_draw_text (p->cr, p->pango, p->style,
                        r->spec.verify ? _ ("Bad ranges") : _ ("Unreadable ranges"), l->margin, y,
                        l->label_px, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_START, l->ranges.width,
                        &p->style->foreground, 1.0);
  for (guint i = 0; i < shown; i++)
    {
      const SsdbScanRange *s = &g_array_index (r->bad, SsdbScanRange, i);
      g_autofree char *len = ssdb_format_transfer_size (s->length);
      g_autofree char *what = NULL, *more = NULL, *text = NULL;

      /* what failed: the errno; in a verifying scan also the operation */
      if (s->op == SSDB_SCAN_OP_VERIFY)
        what = g_strdup (_ ("read back other than written"));
      else if (r->spec.verify)
        what = g_strdup_printf (_ ("%s failed, errno %d"),
                                s->op == SSDB_SCAN_OP_WRITE ? _ ("write") : _ ("read"), s->errsv);
      else
        what = g_strdup_printf (_ ("errno %d"), s->errsv);
      /* the bad list is cut only when it is full */
      if (i == shown - 1 && r->bad->len > shown)
        more = g_strdup_printf (_ ("; and %u more%s"), r->bad->len - shown,
                                r->ranges_truncated && r->bad->len == SSDB_SCAN_MAX_RANGES
                                    ? _ (" listed, more not listed")
                                    : "");
      text
          = g_strdup_printf (_ ("LBA %" G_GUINT64_FORMAT " (byte %" G_GUINT64_FORMAT "): %s, %s%s"),
                             s->offset / lbs, s->offset, len, what, more ? more : "");
      y += line;
      ssdb_chart_draw_text (p->cr, p->pango, p->style, text, l->margin + round (10 * l->u), y,
                            l->label_px, PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_START,
                            l->ranges.width - round (10 * l->u), &p->style->foreground, 1.0);
    }
}

void
ssdb_scan_painter_draw (const SsdbScanView *view, const SsdbStyle *style, cairo_t *cr, int width,
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

  draw_cells (&p);
  draw_legend (&p);
  draw_ranges (&p);
  if (view->result == NULL || view->result->scanned_bytes == 0)
    ssdb_chart_draw_empty_note (p.cr, p.pango, p.style,
                                view->running ? _ ("Waiting for the first block…")
                                              : _ ("No error scan run yet"),
                                &l->plot, l->label_px);
  words = words_of (view);
  ssdb_chart_draw_words (cr, p.pango, style, words, l->words_px, &l->words, 3);

  g_object_unref (p.pango);
  cairo_restore (cr);
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_scan_png, SsdbScanView, ssdb_scan_painter_draw)

SSDB_CHART_DEFINE_LAYOUT_QUERY (SsdbScanView)

SSDB_CHART_DEFINE_PLOT_RECT (ssdb_scan_painter_get_plot_rect, SsdbScanView)

gboolean
ssdb_scan_painter_get_cell_rect (const SsdbScanView *view, int width, int height, guint index,
                                 cairo_rectangle_t *rect)
{
  Layout l;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  layout_for_query (&l, view, width, height);
  if (index >= l.n)
    return FALSE;
  *rect = (cairo_rectangle_t){ l.plot.x + (index % l.cols) * l.pitch,
                               l.plot.y + (double)(index / l.cols) * l.pitch, l.side, l.side };
  return TRUE;
}

gboolean
ssdb_scan_painter_cell_at (const SsdbScanView *view, int width, int height, double x, double y,
                           guint *index)
{
  Layout l;
  guint col, row, i;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (index != NULL, FALSE);

  layout_for_query (&l, view, width, height);
  if (x < l.plot.x || y < l.plot.y || l.pitch <= 0)
    return FALSE;
  col = (guint)((x - l.plot.x) / l.pitch);
  row = (guint)((y - l.plot.y) / l.pitch);
  if (col >= l.cols || row >= l.rows)
    return FALSE;
  i = row * l.cols + col;
  if (i >= l.n)
    return FALSE;
  *index = i;
  return TRUE;
}
