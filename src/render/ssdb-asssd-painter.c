/* SPDX-License-Identifier: GPL-3.0-or-later */
/* AS SSD Benchmark's results table: Seq, 4K, 4K-64Thrd, Acc.time and Score against Read and
 * Write, the total score under it. */
#include "config.h"

#include "ssdb-asssd-painter.h"

#include <math.h>
#include <string.h>

#include "engine/ssdb-units.h"
#include "ssdb-render-i18n.h"

#define EM_DASH "—"
/* the four tests, the scores, the total across both columns */
#define N_ROWS (SSDB_ASSSD_N_TESTS + 2)

void
ssdb_asssd_view_init (SsdbAsssdView *view)
{
  g_return_if_fail (view != NULL);
  memset (view, 0, sizeof *view);
}

typedef struct
{
  double u, margin, gap;
  double title_px, subtitle_px, label_px, caption_px, words_px;
  cairo_rectangle_t title, subtitle, footer, words, plot;
  double label_w, col_w, head_h, row_h;
} Layout;

/* The line under the table: the total, or why there is none, and the weights. */
static char *
words_of (const SsdbAsssdView *view)
{
  const SsdbAsssdResult *r = view->result;
  /* Translators: under the AS SSD table; "Seq", "4K" and "4K-64Thrd" are AS SSD's test names
   * (kept as AS SSD shows them in every language) */
  const char *weights = _ ("Scores weigh MB/s as AS SSD Benchmark does: read and write 0.1 × Seq "
                           "+ 4K + 4K-64Thrd; total 0.1 × Seq read + 0.15 × Seq write + 2 × 4K "
                           "read + 4K write + 1.5 × 4K-64Thrd read + 4K-64Thrd write.");
  double total;

  if (r == NULL)
    return NULL;
  if (view->preview || ssdb_asssd_result_total (r, &total))
    return ssdb_render_localize_number (g_strdup (weights));
  if (!r->spec.do_write)
    return ssdb_render_localize_number (
        g_strdup_printf (_ ("No total score: the write column was not run (a read-only run), and "
                            "AS SSD's total weighs the writes too. %s"),
                         weights));
  return ssdb_render_localize_number (g_strdup_printf (
      _ ("No total score until Seq, 4K and 4K-64Thrd have run both ways. %s"), weights));
}

static void
layout_compute (Layout *l, const SsdbAsssdView *view, const SsdbStyle *style, PangoContext *pango,
                int width, int height)
{
  double w = MAX (width, 1), h = MAX (height, 1);
  g_autofree char *words = words_of (view);
  double y, bottom, table_w;

  memset (l, 0, sizeof *l);
  l->u = ssdb_chart_scale (w, h, &l->margin, &l->gap, &l->title_px, &l->subtitle_px);
  l->label_px = ssdb_chart_clamp (11.5 * l->u, 9.5, 28);
  l->caption_px = ssdb_chart_clamp (10.5 * l->u, 9, 24);
  l->words_px = ssdb_chart_clamp (13 * l->u, 10, 30);

  y = ssdb_chart_layout_heading (w, l->margin, l->gap, view->target_title, l->title_px, &l->title,
                                 view->target_subtitle, l->subtitle_px, &l->subtitle);
  bottom = h - l->margin;
  bottom = ssdb_chart_layout_caption (w, bottom, l->margin, l->gap * 0.5, view->caption,
                                      l->caption_px, &l->footer);
  bottom = ssdb_chart_layout_words (pango, style, w, bottom, l->margin, l->gap, words, l->words_px,
                                    3, &l->words);

  /* AS SSD's proportions: a narrow label column, two wide value columns. */
  table_w = MIN (w - 2 * l->margin, 900 * l->u);
  l->label_w = round (table_w * 0.3);
  l->col_w = round ((table_w - l->label_w) / 2);
  l->head_h = round (l->label_px * 2.2);
  l->row_h = floor (MAX ((bottom - y - l->head_h) / N_ROWS, 10));
  l->row_h = MIN (l->row_h, round (110 * l->u));
  l->plot = (cairo_rectangle_t){ round ((w - (l->label_w + 2 * l->col_w)) / 2), round (y),
                                 l->label_w + 2 * l->col_w, l->head_h + N_ROWS * l->row_h };
}

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  const SsdbAsssdView *view;
  Layout l;
} Painter;

static void
fill_cell (Painter *p, double x, double y, double w, double h, const SsdbRgba *color, double alpha)
{
  double inset = MAX (1, round (1.5 * p->l.u));

  cairo_rectangle (p->cr, x + inset, y + inset, w - 2 * inset, h - 2 * inset);
  ssdb_render_set_source (p->cr, color, alpha);
  cairo_fill (p->cr);
}

static const char *
row_detail (SsdbAsssdTest test, const SsdbAsssdView *view)
{
  const SsdbAsssdResult *r = view->result;
  static char access[128];

  switch (test)
    {
      case SSDB_ASSSD_SEQ:
        /* Translators: what AS SSD's "Seq" test does, under its name in the table */
        return _ ("16 MiB · QD1");
      case SSDB_ASSSD_4K:
        /* Translators: what AS SSD's "4K" test does, under its name in the table */
        return _ ("4 KiB random · QD1");
      case SSDB_ASSSD_4K64:
        /* Translators: what AS SSD's "4K-64Thrd" test does, under its name in the table */
        return _ ("4 KiB random · 64 threads × QD1");
      default:
        {
          guint wb
              = r ? r->entries[ssdb_asssd_index (SSDB_ASSSD_ACCESS, SSDB_RW_WRITE)].block_size : 0;
          g_autofree char *size = ssdb_format_transfer_size (wb ? wb : 512);

          /* a result names only the directions that ran; the empty table both of the suite */
          if (r != NULL && !view->preview && !r->spec.do_write)
            /* Translators: what AS SSD's "Acc.time" test does in a run without writes */
            return _ ("read 4 KiB");
          if (r != NULL && !view->preview && !r->spec.do_read)
            /* Translators: what AS SSD's "Acc.time" test does in a run without reads: the
             * write size of its access times */
            g_snprintf (access, sizeof access, _ ("write %s"), size);
          else
            /* Translators: what AS SSD's "Acc.time" test does, under its name in the table:
             * the read size and the write size of its access times */
            g_snprintf (access, sizeof access, _ ("read 4 KiB · write %s"), size);
          return access;
        }
    }
}

/* The word of a cell without a figure ("not run", "—", "stopped"), or NULL. */
static const char *
cell_word (const SsdbAsssdView *view, const SsdbAsssdEntry *e)
{
  if (e == NULL || e->state == SSDB_ENTRY_SKIPPED)
    return e != NULL && !view->preview ? _ ("not run") : EM_DASH;
  if (e->ios == 0)
    return e->state == SSDB_ENTRY_FAILED      ? _ ("failed")
           : e->state == SSDB_ENTRY_CANCELLED ? _ ("stopped")
           : e->state == SSDB_ENTRY_RUNNING   ? _ ("running…")
                                              : EM_DASH;
  return NULL;
}

/* The word of a score cell without a score. */
static const char *
score_word (const SsdbAsssdView *view, SsdbRw rw)
{
  const SsdbAsssdResult *r = view->result;
  gboolean skipped
      = r != NULL && !view->preview && !(rw == SSDB_RW_READ ? r->spec.do_read : r->spec.do_write);

  return skipped ? _ ("not run") : EM_DASH;
}

/* The word of the total without a total. */
static const char *
total_word (const SsdbAsssdView *view)
{
  const SsdbAsssdResult *r = view->result;

  return r != NULL && !view->preview && !r->spec.do_write
             ? _ ("no total: the write column was not run")
             : EM_DASH;
}

/* A value cell: the figure large, its IOPS under it, or a word for what is not there. */
static void
draw_value (Painter *p, const SsdbAsssdEntry *e, SsdbRw rw, double x, double y)
{
  const Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbRgba *color = rw == SSDB_RW_READ ? &style->accent : &style->accent2;
  double cx = x + l->col_w / 2, big = MIN (l->row_h * 0.36, 34 * l->u);
  double small = MIN (l->row_h * 0.2, 16 * l->u);
  g_autofree char *value = NULL, *sub = NULL;

  fill_cell (p, x, y, l->col_w, l->row_h, &style->cell, 1.0);
  if (cell_word (p->view, e) != NULL)
    {
      ssdb_chart_draw_text (
          p->cr, p->pango, style, cell_word (p->view, e), cx, y + l->row_h / 2, small * 1.2,
          PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, l->col_w - 8,
          e != NULL && e->state == SSDB_ENTRY_FAILED ? &style->error : &style->dim, 1.0);
      return;
    }
  if (e->test == SSDB_ASSSD_ACCESS)
    {
      /* AS SSD's three decimals, one more below 0.01 ms (RAM-fast devices) */
      g_autofree char *ms = ssdb_chart_format_double (e->mean_ns / 1e6, e->mean_ns < 1e4 ? 4 : 3,
                                                      style->locale_numbers);

      value = g_strdup_printf ("%s ms", ms);
    }
  else
    {
      g_autofree char *mb
          = ssdb_chart_format_double (e->bytes_per_second / 1e6, 2, style->locale_numbers);

      value = g_strdup_printf ("%s MB/s", mb);
    }
  {
    g_autofree char *iops = ssdb_chart_format_double (e->iops, 0, style->locale_numbers);

    /* Translators: a value cell of the AS SSD table, under its MB/s or ms: "%s IOPS" and the
     * state of a test not done */
    sub = g_strdup_printf ("%s IOPS%s", iops,
                           e->state == SSDB_ENTRY_RUNNING     ? _ (" · running")
                           : e->state == SSDB_ENTRY_CANCELLED ? _ (" · stopped")
                           : e->state == SSDB_ENTRY_FAILED    ? _ (" · failed")
                                                              : "");
  }
  ssdb_chart_draw_text (p->cr, p->pango, style, value, cx, y + l->row_h * 0.42, big,
                        PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER, l->col_w - 8, color,
                        e->state == SSDB_ENTRY_DONE ? 1.0 : 0.6);
  ssdb_chart_draw_text (p->cr, p->pango, style, sub, cx, y + l->row_h * 0.76, small,
                        PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER, l->col_w - 8, &style->dim,
                        1.0);
}

static void
draw_score (Painter *p, SsdbRw rw, double x, double y)
{
  const Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbAsssdResult *r = p->view->result;
  double score;
  g_autofree char *text = NULL;
  gboolean has = r != NULL && ssdb_asssd_result_score (r, rw, &score);

  fill_cell (p, x, y, l->col_w, l->row_h, &style->cell, 1.0);
  text = has ? ssdb_chart_format_double (score, 0, style->locale_numbers)
             : g_strdup (score_word (p->view, rw));
  ssdb_chart_draw_text (p->cr, p->pango, style, text, x + l->col_w / 2, y + l->row_h / 2,
                        has ? MIN (l->row_h * 0.42, 40 * l->u) : MIN (l->row_h * 0.24, 19 * l->u),
                        has ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER,
                        l->col_w - 8, has ? &style->foreground : &style->dim, 1.0);
}

/* The total across the two value columns, as AS SSD shows it under the scores. */
static void
draw_total (Painter *p, double x0, double y)
{
  const Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbAsssdResult *r = p->view->result;
  double total, x = x0 + l->label_w;
  gboolean has = r != NULL && ssdb_asssd_result_total (r, &total);
  g_autofree char *text = has ? ssdb_chart_format_double (total, 0, style->locale_numbers)
                              : g_strdup (total_word (p->view));

  fill_cell (p, x0, y, l->label_w, l->row_h, &style->cell, 1.0);
  /* Translators: AS SSD's total score, the last row of its table */
  ssdb_chart_draw_text (p->cr, p->pango, style, _ ("Total"), x0 + l->label_w * 0.08,
                        y + l->row_h / 2, MIN (l->row_h * 0.3, 26 * l->u), PANGO_WEIGHT_BOLD,
                        SSDB_CHART_ALIGN_START, l->label_w * 0.86, &style->foreground, 1.0);
  fill_cell (p, x, y, 2 * l->col_w, l->row_h, &style->cell, 1.0);
  if (has)
    fill_cell (p, x, y, 2 * l->col_w, l->row_h, &style->accent3, 0.14);
  ssdb_chart_draw_text (p->cr, p->pango, style, text, x + l->col_w, y + l->row_h / 2,
                        has ? MIN (l->row_h * 0.46, 44 * l->u) : MIN (l->row_h * 0.24, 19 * l->u),
                        has ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL, SSDB_CHART_ALIGN_CENTER,
                        2 * l->col_w - 8, has ? &style->foreground : &style->dim, 1.0);
}

static void
draw_table (Painter *p)
{
  const Layout *l = &p->l;
  const SsdbStyle *style = p->style;
  const SsdbAsssdResult *r = p->view->result;
  double x0 = l->plot.x, y = l->plot.y;
  const char *heads[2] = { _ ("Read"), _ ("Write") };
  const SsdbRgba *colors[2] = { &style->accent, &style->accent2 };

  for (guint c = 0; c < 2; c++)
    {
      double x = x0 + l->label_w + c * l->col_w;

      fill_cell (p, x, y, l->col_w, l->head_h, colors[c], 0.18);
      ssdb_chart_draw_text (p->cr, p->pango, style, heads[c], x + l->col_w / 2, y + l->head_h / 2,
                            l->label_px * 1.3, PANGO_WEIGHT_BOLD, SSDB_CHART_ALIGN_CENTER,
                            l->col_w - 8, &style->foreground, 1.0);
    }
  y += l->head_h;
  for (guint row = 0; row < N_ROWS; row++, y += l->row_h)
    {
      gboolean is_score = row == SSDB_ASSSD_N_TESTS;

      if (row == SSDB_ASSSD_N_TESTS + 1)
        {
          draw_total (p, x0, y);
          break;
        }
      /* Translators: AS SSD's row of the read and write scores */
      const char *name = is_score ? _ ("Score") : ssdb_asssd_test_name ((SsdbAsssdTest)row);
      double name_px = MIN (l->row_h * 0.3, 26 * l->u);

      fill_cell (p, x0, y, l->label_w, l->row_h, &style->cell, 1.0);
      ssdb_chart_draw_text (p->cr, p->pango, style, name, x0 + l->label_w * 0.08,
                            y + l->row_h * (is_score ? 0.5 : 0.4), name_px, PANGO_WEIGHT_BOLD,
                            SSDB_CHART_ALIGN_START, l->label_w * 0.86, &style->foreground, 1.0);
      if (!is_score)
        ssdb_chart_draw_text (p->cr, p->pango, style, row_detail ((SsdbAsssdTest)row, p->view),
                              x0 + l->label_w * 0.08, y + l->row_h * 0.74,
                              MIN (l->row_h * 0.18, 14 * l->u), PANGO_WEIGHT_NORMAL,
                              SSDB_CHART_ALIGN_START, l->label_w * 0.86, &style->dim, 1.0);
      for (guint c = 0; c < 2; c++)
        {
          SsdbRw rw = c == 0 ? SSDB_RW_READ : SSDB_RW_WRITE;
          double x = x0 + l->label_w + c * l->col_w;

          if (is_score)
            draw_score (p, rw, x, y);
          else
            draw_value (p, r ? &r->entries[ssdb_asssd_index ((SsdbAsssdTest)row, rw)] : NULL, rw, x,
                        y);
        }
    }
}

void
ssdb_asssd_painter_draw (const SsdbAsssdView *view, const SsdbStyle *style, cairo_t *cr, int width,
                         int height)
{
  Painter p = { 0 };
  g_autofree char *words = NULL;
  SSDB_RENDER_LANGUAGE_SCOPE (style);

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
  {
    SsdbChartHeading heading
        = { view->target_title, p.l.title,     p.l.title_px, view->target_subtitle, p.l.subtitle,
            p.l.subtitle_px,    view->caption, p.l.footer,   p.l.caption_px };

    ssdb_chart_draw_frame (cr, p.pango, style, width, height, &heading);
  }
  draw_table (&p);
  words = words_of (view);
  if (words != NULL)
    ssdb_chart_draw_words (cr, p.pango, style, words, p.l.words_px, &p.l.words, 3);
  g_object_unref (p.pango);
  cairo_restore (cr);
}

void
ssdb_asssd_painter_get_plot_rect (const SsdbAsssdView *view, int width, int height,
                                  cairo_rectangle_t *rect)
{
  Layout l;

  g_return_if_fail (view != NULL);
  g_return_if_fail (rect != NULL);

  SSDB_CHART_LAYOUT_FOR_QUERY (layout_compute, &l, view, width, height);
  *rect = l.plot;
}

char *
ssdb_asssd_painter_dup_words (const SsdbAsssdView *view)
{
  const SsdbAsssdResult *r;
  g_autoptr (GString) out = g_string_new (NULL);
  g_autofree char *words = NULL;
  double v;

  g_return_val_if_fail (view != NULL, NULL);
  r = view->result;
  g_string_append_printf (out, "%s\n", row_detail (SSDB_ASSSD_ACCESS, view));
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    {
      const SsdbAsssdEntry *e = r != NULL ? &r->entries[i] : NULL;
      const char *word = cell_word (view, e);

      if (word != NULL)
        g_string_append_printf (out, "%s %s: %s\n", ssdb_asssd_test_name ((SsdbAsssdTest)(i / 2)),
                                i % 2 ? "write" : "read", word);
    }
  for (guint d = 0; d < 2; d++)
    if (r == NULL || !ssdb_asssd_result_score (r, d ? SSDB_RW_WRITE : SSDB_RW_READ, &v))
      g_string_append_printf (out, "Score %s: %s\n", d ? "write" : "read",
                              score_word (view, d ? SSDB_RW_WRITE : SSDB_RW_READ));
  if (r == NULL || !ssdb_asssd_result_total (r, &v))
    g_string_append_printf (out, "Total: %s\n", total_word (view));
  words = words_of (view);
  if (words != NULL)
    g_string_append_printf (out, "%s\n", words);
  return g_string_free (g_steal_pointer (&out), FALSE);
}
