/* SPDX-License-Identifier: GPL-3.0-or-later */
#include "config.h"

#include "ssdb-summary-painter.h"
#include "ssdb-error.h"

#include "ssdb-chart.h"
#include "ssdb-render-i18n.h"
#include <math.h>
#include <string.h>

#define MAX_COLUMNS 3
#define EM_DASH "\u2014"

static const char *const unit_names[] = {
  [SSDB_UNIT_MBPS] = "mbps", [SSDB_UNIT_GBPS] = "gbps",   [SSDB_UNIT_IOPS] = "iops",
  [SSDB_UNIT_USEC] = "usec", [SSDB_UNIT_MIBPS] = "mibps",
};

static const char *const unit_labels[] = {
  [SSDB_UNIT_MBPS] = "MB/s",    [SSDB_UNIT_GBPS] = "GB/s",   [SSDB_UNIT_IOPS] = "IOPS",
  [SSDB_UNIT_USEC] = "\u00b5s", [SSDB_UNIT_MIBPS] = "MiB/s",
};

/* The widest number a column normally shows: the value font is fitted to it so the figures
 * keep their size while a run fills the grid. */
static const char *const unit_templates[] = {
  [SSDB_UNIT_MBPS] = "0000.00",  [SSDB_UNIT_GBPS] = "00.000",   [SSDB_UNIT_IOPS] = "000000.0",
  [SSDB_UNIT_USEC] = "00000.00", [SSDB_UNIT_MIBPS] = "0000.00",
};

const char *
ssdb_summary_unit_to_string (SsdbSummaryUnit unit)
{
  if ((guint)unit < G_N_ELEMENTS (unit_names))
    return unit_names[unit];
  return unit_names[SSDB_UNIT_MBPS];
}

gboolean
ssdb_summary_unit_from_string (const char *text, SsdbSummaryUnit *out)
{
  g_return_val_if_fail (out != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (unit_names); i++)
    if (g_str_equal (text, unit_names[i]))
      {
        *out = (SsdbSummaryUnit)i;
        return TRUE;
      }
  return FALSE;
}

const char *
ssdb_summary_unit_get_label (SsdbSummaryUnit unit)
{
  if ((guint)unit < G_N_ELEMENTS (unit_labels))
    return unit_labels[unit];
  return unit_labels[SSDB_UNIT_MBPS];
}

/* Value of a rate (bytes/s) and request rate in @unit; @latency_ns the mean latency (<= 0 for
 * unknown). */
static gboolean
value_in_unit (double bytes_per_second, double iops, double latency_ns, SsdbSummaryUnit unit,
               double *value)
{
  double v;

  switch (unit)
    {
      case SSDB_UNIT_GBPS:
        v = bytes_per_second / 1e9;
        break;
      case SSDB_UNIT_IOPS:
        v = iops;
        break;
      case SSDB_UNIT_USEC:
        if (!(latency_ns > 0))
          return FALSE;
        v = latency_ns / 1e3;
        break;
      case SSDB_UNIT_MIBPS:
        v = bytes_per_second / (1024.0 * 1024.0);
        break;
      case SSDB_UNIT_MBPS:
      default:
        v = bytes_per_second / 1e6;
        break;
    }
  if (!isfinite (v) || v < 0)
    return FALSE;
  *value = v;
  return TRUE;
}

gboolean
ssdb_summary_entry_get_value (const SsdbSummaryEntry *entry, SsdbSummaryUnit unit, double *value)
{
  const SsdbIoResult *r;
  double latency_ns = 0, v;

  g_return_val_if_fail (value != NULL, FALSE);

  if (entry == NULL)
    return FALSE;
  switch (entry->state)
    {
      case SSDB_ENTRY_PENDING:
      case SSDB_ENTRY_SKIPPED:
      case SSDB_ENTRY_FAILED:
        return FALSE;
      case SSDB_ENTRY_RUNNING:
      case SSDB_ENTRY_DONE:
      case SSDB_ENTRY_CANCELLED:
      default:
        break;
    }

  r = &entry->aggregate;
  /* Nothing completed yet; an imported figure states its rate without a count. */
  if ((r->ios == 0 || r->window_ns == 0)
      && !(entry->imported && (r->iops > 0 || r->bytes_per_second > 0)))
    return FALSE;
  /* An imported figure without IOPS (CrystalDiskMark 5-6 sequential lines) has none. */
  if (unit == SSDB_UNIT_IOPS && entry->imported && !(r->iops > 0))
    return FALSE;
  latency_ns = ssdb_summary_entry_mean_latency_ns (entry);
  if (!value_in_unit (r->bytes_per_second, r->iops, latency_ns, unit, &v))
    return FALSE;
  *value = v;
  return TRUE;
}

static int
unit_decimals (double value, SsdbSummaryUnit unit)
{
  switch (unit)
    {
      case SSDB_UNIT_GBPS:
        return 3;
      case SSDB_UNIT_IOPS:
        return fabs (value) >= 999999.95 ? 0 : 1;
      case SSDB_UNIT_MBPS:
      case SSDB_UNIT_USEC:
      case SSDB_UNIT_MIBPS:
      default:
        return 2;
    }
}

char *
ssdb_summary_format_number (double value, SsdbSummaryUnit unit, gboolean locale_numbers)
{
  static const char *const formats[] = { "%.0f", "%.1f", "%.2f", "%.3f" };
  char buf[G_ASCII_DTOSTR_BUF_SIZE + 32];
  int decimals;

  if (!isfinite (value))
    return g_strdup (EM_DASH);
  decimals = unit_decimals (value, unit);
  if (value == 0.0)
    value = 0.0; /* no "-0.00" */
  g_ascii_formatd (buf, sizeof buf, formats[decimals], value);
  if (locale_numbers)
    return ssdb_render_localize_number (g_strdup (buf));
  return g_strdup (buf);
}

char *
ssdb_summary_format_value (const SsdbSummaryEntry *entry, SsdbSummaryUnit unit,
                           gboolean locale_numbers)
{
  double value;

  if (!ssdb_summary_entry_get_value (entry, unit, &value))
    return g_strdup (EM_DASH);
  return ssdb_summary_format_number (value, unit, locale_numbers);
}

double
ssdb_summary_gauge_fraction (double value, SsdbSummaryUnit unit)
{
  double f, mbps;

  if (!isfinite (value) || value <= 0)
    return 0.0;
  switch (unit)
    {
      case SSDB_UNIT_IOPS:
        f = log10 (value) / 6.0;
        break;
      case SSDB_UNIT_USEC:
        f = 1.0 - log10 (value * 10.0) / 6.0;
        break;
      case SSDB_UNIT_GBPS:
      case SSDB_UNIT_MIBPS:
      case SSDB_UNIT_MBPS:
      default:
        mbps = unit == SSDB_UNIT_GBPS    ? value * 1000.0
               : unit == SSDB_UNIT_MIBPS ? value * 1.048576
                                         : value;
        f = log10 (mbps * 10.0) / 6.0;
        break;
    }
  if (!isfinite (f))
    return 0.0;
  return CLAMP (f, 0.0, 1.0);
}

/* Layout ---------------------------------------------------------------------------------- */

typedef struct
{
  GPtrArray *rows; /* const SsdbSummaryTest *, not owned */
  guint n_cols;
  SsdbRw cols[MAX_COLUMNS];

  double u; /* size factor: 1.0 at 640 x 420 */
  double gap;
  double radius;
  cairo_rectangle_t title;
  cairo_rectangle_t subtitle;
  cairo_rectangle_t footer;
  cairo_rectangle_t corner;
  double title_px, subtitle_px, caption_px, header_px;
  double header_y, header_h;
  double label_x, label_w;
  double col_x[MAX_COLUMNS], col_w;
  double grid_y, row_h;
} Layout;

static SsdbProfile
view_profile (const SsdbSummaryView *view)
{
  return view->result ? view->result->spec.profile : SSDB_PROFILE_DEFAULT;
}

static gboolean
view_imported (const SsdbSummaryView *view)
{
  return view->result != NULL && view->result->imported != NULL;
}

static guint
view_n_entries (const SsdbSummaryView *view)
{
  if (view->result == NULL || view->result->entries == NULL)
    return 0;
  return view->result->entries->len;
}

static const SsdbSummaryEntry *
view_entry (const SsdbSummaryView *view, guint index)
{
  return g_ptr_array_index (view->result->entries, index);
}

static GPtrArray *
collect_rows (const SsdbSummaryView *view)
{
  const SsdbSummaryTest *tests;
  GPtrArray *rows = g_ptr_array_new ();
  guint n_tests = 0;

  /* An imported result has the tests its file holds, in its order, and no profile. */
  tests = view_imported (view) ? NULL : ssdb_profile_get_tests (view_profile (view), &n_tests);
  for (guint i = 0; tests != NULL && i < n_tests; i++)
    g_ptr_array_add (rows, (gpointer)&tests[i]);

  /* Tests of a report that the profile does not list (older or custom sets) get rows too. */
  for (guint i = 0; i < view_n_entries (view); i++)
    {
      const SsdbSummaryEntry *entry = view_entry (view, i);
      gboolean known = FALSE;

      if (entry == NULL || entry->test.name == NULL)
        continue;
      for (guint r = 0; r < rows->len && !known; r++)
        known = g_strcmp0 (((const SsdbSummaryTest *)rows->pdata[r])->name, entry->test.name) == 0;
      if (!known)
        g_ptr_array_add (rows, (gpointer)&entry->test);
    }
  return rows;
}

static gboolean
view_has_mix (const SsdbSummaryView *view)
{
  if (view->result == NULL)
    return FALSE;
  if (view->result->spec.do_mix)
    return TRUE;
  for (guint i = 0; i < view_n_entries (view); i++)
    {
      const SsdbSummaryEntry *entry = view_entry (view, i);

      if (entry != NULL && entry->rw == SSDB_RW_MIX)
        return TRUE;
    }
  return FALSE;
}

static void
layout_compute (Layout *l, const SsdbSummaryView *view, int width, int height)
{
  double w = MAX (width, 1), h = MAX (height, 1);
  double margin, y, bottom, avail;
  guint n_rows;

  memset (l, 0, sizeof *l);
  l->rows = collect_rows (view);
  /* An imported result shows the directions its file holds; a run all three (mix when run). */
  if (!view_imported (view) || view->result->spec.do_read)
    l->cols[l->n_cols++] = SSDB_RW_READ;
  if (!view_imported (view) || view->result->spec.do_write)
    l->cols[l->n_cols++] = SSDB_RW_WRITE;
  if (view_has_mix (view))
    l->cols[l->n_cols++] = SSDB_RW_MIX;
  if (l->n_cols == 0)
    l->cols[l->n_cols++] = SSDB_RW_READ;
  n_rows = MAX (l->rows->len, 1);

  l->u = ssdb_chart_clamp (MIN (w / 640.0, h / 420.0), 0.5, 3.0);
  margin = round (ssdb_chart_clamp (16 * l->u, 6, 40));
  l->gap = round (ssdb_chart_clamp (4 * l->u, 2, 10));
  l->radius = round (ssdb_chart_clamp (5 * l->u, 2, 12));
  l->title_px = ssdb_chart_clamp (19 * l->u, 10, 44);
  l->subtitle_px = ssdb_chart_clamp (13 * l->u, 8, 28);
  l->caption_px = ssdb_chart_clamp (11 * l->u, 7, 22);
  l->header_px = ssdb_chart_clamp (14 * l->u, 8, 30);

  y = margin;
  if (view->target_title != NULL && *view->target_title)
    {
      l->title = (cairo_rectangle_t){ margin, y, w - 2 * margin, round (l->title_px * 1.35) };
      y += l->title.height;
    }
  if (view->target_subtitle != NULL && *view->target_subtitle)
    {
      l->subtitle = (cairo_rectangle_t){ margin, y, w - 2 * margin, round (l->subtitle_px * 1.4) };
      y += l->subtitle.height;
    }
  if (y > margin)
    y += round (l->gap * 2.5);

  bottom = h - margin;
  bottom = ssdb_chart_layout_caption (w, bottom, margin, l->gap * 2, view->caption, l->caption_px,
                                      &l->footer);

  l->label_w = round (ssdb_chart_clamp (w * 0.15, 64, 260));
  l->label_x = margin;
  l->col_w = floor ((w - 2 * margin - l->label_w - l->n_cols * l->gap) / l->n_cols);
  l->col_w = MAX (l->col_w, 1);
  for (guint c = 0; c < l->n_cols; c++)
    l->col_x[c] = l->label_x + l->label_w + l->gap + c * (l->col_w + l->gap);

  l->header_h = round (l->header_px * 2.0);
  avail = bottom - y - l->header_h - l->gap - (n_rows - 1) * l->gap;
  l->row_h = floor (avail / n_rows);
  /* Few rows in a tall area: keep cells no taller than 0.6 of their width and centre the
   * grid in the room left. */
  if (l->row_h > round (l->col_w * 0.6) || (view_imported (view) && n_rows < 3))
    {
      l->row_h = round (l->col_w * 0.6);
      /* An imported file of one or two tests: cells of a three-row grid, not a poster. */
      if (view_imported (view))
        l->row_h = MIN (l->row_h, floor ((avail - 2 * l->gap) / 3));
      y += floor ((avail - n_rows * l->row_h) / 2);
    }
  l->row_h = MAX (l->row_h, 1);
  l->radius = MIN (l->radius, floor (l->row_h / 4));

  l->header_y = y;
  l->corner = (cairo_rectangle_t){ l->label_x, y, l->label_w, l->header_h };
  y += l->header_h + l->gap;
  l->grid_y = y;
}

static void
layout_clear (Layout *l)
{
  g_clear_pointer (&l->rows, g_ptr_array_unref);
}

static gboolean
layout_cell (const Layout *l, guint row, SsdbRw rw, cairo_rectangle_t *rect)
{
  if (row >= l->rows->len)
    return FALSE;
  for (guint c = 0; c < l->n_cols; c++)
    if (l->cols[c] == rw)
      {
        *rect = (cairo_rectangle_t){ l->col_x[c], l->grid_y + row * (l->row_h + l->gap), l->col_w,
                                     l->row_h };
        return TRUE;
      }
  return FALSE;
}

static int
find_entry (const SsdbSummaryView *view, const SsdbSummaryTest *test, SsdbRw rw)
{
  for (guint i = 0; i < view_n_entries (view); i++)
    {
      const SsdbSummaryEntry *entry = view_entry (view, i);

      if (entry != NULL && entry->rw == rw && g_strcmp0 (entry->test.name, test->name) == 0)
        return (int)i;
    }
  return -1;
}

guint
ssdb_summary_painter_get_n_rows (const SsdbSummaryView *view)
{
  GPtrArray *rows;
  guint n;

  g_return_val_if_fail (view != NULL, 0);

  rows = collect_rows (view);
  n = rows->len;
  g_ptr_array_unref (rows);
  return n;
}

gboolean
ssdb_summary_painter_get_cell_rect (const SsdbSummaryView *view, int width, int height, guint row,
                                    SsdbRw rw, cairo_rectangle_t *rect)
{
  Layout l;
  gboolean ret;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  layout_compute (&l, view, width, height);
  ret = layout_cell (&l, row, rw, rect);
  layout_clear (&l);
  return ret;
}

gboolean
ssdb_summary_painter_get_entry_rect (const SsdbSummaryView *view, int width, int height,
                                     guint entry_index, cairo_rectangle_t *rect)
{
  const SsdbSummaryEntry *entry;
  gboolean ret = FALSE;
  Layout l;

  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (rect != NULL, FALSE);

  if (entry_index >= view_n_entries (view))
    return FALSE;
  entry = view_entry (view, entry_index);
  if (entry == NULL)
    return FALSE;

  layout_compute (&l, view, width, height);
  for (guint r = 0; r < l.rows->len; r++)
    {
      const SsdbSummaryTest *test = l.rows->pdata[r];

      if (g_strcmp0 (test->name, entry->test.name) == 0)
        {
          /* The first entry of a test and kind is the one drawn. */
          if (find_entry (view, test, entry->rw) == (int)entry_index)
            ret = layout_cell (&l, r, entry->rw, rect);
          break;
        }
    }
  layout_clear (&l);
  return ret;
}

int
ssdb_summary_painter_entry_at (const SsdbSummaryView *view, int width, int height, double x,
                               double y)
{
  int ret = -1;
  Layout l;

  g_return_val_if_fail (view != NULL, -1);

  layout_compute (&l, view, width, height);
  for (guint r = 0; r < l.rows->len && ret < 0; r++)
    for (guint c = 0; c < l.n_cols && ret < 0; c++)
      {
        cairo_rectangle_t rect;

        if (!layout_cell (&l, r, l.cols[c], &rect))
          continue;
        if (x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height)
          ret = find_entry (view, l.rows->pdata[r], l.cols[c]);
      }
  layout_clear (&l);
  return ret;
}

/* Drawing --------------------------------------------------------------------------------- */

typedef enum
{
  ALIGN_START,
  ALIGN_CENTER,
  ALIGN_END,
} Align;

typedef struct
{
  cairo_t *cr;
  PangoContext *pango;
  const SsdbStyle *style;
  const SsdbSummaryView *view;
  Layout l;
} Painter;

typedef enum
{
  CELL_PENDING,
  CELL_DONE,
  CELL_RUNNING,
  CELL_SKIPPED,
  CELL_CANCELLED,
  CELL_FAILED,
} CellKind;

typedef struct
{
  cairo_rectangle_t rect;
  SsdbRw rw;
  CellKind kind;
  const SsdbSummaryEntry *entry; /* nullable */
  char *text;                    /* the number, or an em dash */
  gboolean has_value;
  double fraction; /* gauge */
  double progress; /* running: 0..1 */
  const char *reason;
} Cell;

static const SsdbRgba *
column_color (const SsdbStyle *style, SsdbRw rw)
{
  switch (rw)
    {
      case SSDB_RW_WRITE:
        return &style->accent2;
      case SSDB_RW_MIX:
        return &style->accent3;
      case SSDB_RW_READ:
      default:
        return &style->accent;
    }
}

static double
gauge_alpha (const SsdbStyle *style)
{
  switch (style->theme)
    {
      case SSDB_THEME_DARK:
        return 0.34;
      case SSDB_THEME_HIGH_CONTRAST:
        return 0.30;
      case SSDB_THEME_LIGHT:
        return 0.20;
      case SSDB_THEME_REVIEW:
      default:
        return 0.22;
    }
}

static void
rounded_rect (cairo_t *cr, const cairo_rectangle_t *r, double radius)
{
  double x = r->x, y = r->y, w = r->width, h = r->height;

  radius = MIN (radius, MIN (w, h) / 2);
  if (radius <= 0)
    {
      cairo_rectangle (cr, x, y, w, h);
      return;
    }
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - radius, y + radius, radius, -G_PI / 2, 0);
  cairo_arc (cr, x + w - radius, y + h - radius, radius, 0, G_PI / 2);
  cairo_arc (cr, x + radius, y + h - radius, radius, G_PI / 2, G_PI);
  cairo_arc (cr, x + radius, y + radius, radius, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

static void
show_layout (Painter *p, PangoLayout *layout, double x, double y, const SsdbRgba *color,
             double alpha)
{
  ssdb_render_set_source (p->cr, color, alpha);
  cairo_move_to (p->cr, x, y);
  pango_cairo_show_layout (p->cr, layout);
}

/* Draws @text inside @box at @size_px, shrunk to fit down to @min_px; below that, ellipsized
 * (one line) or wrapped into the lines that fit (@wrap). Vertically centred. Returns FALSE if
 * nothing fits. */
static gboolean
draw_text (Painter *p, const char *text, const cairo_rectangle_t *box, double size_px,
           double min_px, PangoWeight weight, Align align, gboolean wrap, const SsdbRgba *color,
           double alpha)
{
  g_autoptr (PangoLayout) layout = NULL;
  PangoRectangle logical;
  double size, x, y;

  if (text == NULL || *text == '\0' || box->width < 1 || box->height < 1)
    return FALSE;

  layout = ssdb_render_layout_new (p->pango, p->style, text, size_px, weight, FALSE);
  if (wrap)
    {
      int line_h, n_lines;

      pango_layout_set_width (layout, (int)(box->width * PANGO_SCALE));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_alignment (layout, align == ALIGN_CENTER ? PANGO_ALIGN_CENTER
                                          : align == ALIGN_END  ? PANGO_ALIGN_RIGHT
                                                                : PANGO_ALIGN_LEFT);
      size = size_px;
      for (;;)
        {
          ssdb_render_layout_set_size (layout, size);
          pango_layout_get_extents (layout, NULL, &logical);
          if (logical.height <= box->height * PANGO_SCALE || size <= min_px)
            break;
          size = MAX (min_px, size * 0.9);
        }
      if (logical.height > box->height * PANGO_SCALE)
        {
          /* Still too tall at the smallest size: keep the lines that fit, ellipsize the last. */
          line_h = logical.height / MAX (pango_layout_get_line_count (layout), 1);
          n_lines = (int)floor (box->height * PANGO_SCALE / MAX (line_h, 1));
          if (n_lines < 1)
            return FALSE;
          pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
          pango_layout_set_height (layout, -n_lines);
          pango_layout_get_extents (layout, NULL, &logical);
        }
      x = box->x;
    }
  else
    {
      size = ssdb_render_fit_size (layout, size_px, box->width, box->height);
      if (size < min_px)
        {
          size = min_px;
          ssdb_render_layout_set_size (layout, size);
          pango_layout_set_width (layout, (int)(box->width * PANGO_SCALE));
          pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_END);
        }
      else
        ssdb_render_layout_set_size (layout, size);
      pango_layout_get_extents (layout, NULL, &logical);
      if (logical.height > box->height * PANGO_SCALE + PANGO_SCALE / 2)
        return FALSE;
      x = box->x - (double)logical.x / PANGO_SCALE;
      if (align == ALIGN_CENTER)
        x += (box->width - (double)logical.width / PANGO_SCALE) / 2;
      else if (align == ALIGN_END)
        x += box->width - (double)logical.width / PANGO_SCALE;
    }
  y = box->y + (box->height - (double)logical.height / PANGO_SCALE) / 2
      - (double)logical.y / PANGO_SCALE;
  show_layout (p, layout, x, y, color, alpha);
  return TRUE;
}

static const char *
profile_label (SsdbProfile profile)
{
  switch (profile)
    {
      case SSDB_PROFILE_PEAK:
        return _ ("Peak");
      case SSDB_PROFILE_REALWORLD:
        return _ ("Real World");
      case SSDB_PROFILE_NVME:
        return _ ("NVMe");
      case SSDB_PROFILE_DEFAULT:
      default:
        return _ ("Default");
    }
}

static const char *
column_title (SsdbRw rw)
{
  switch (rw)
    {
      case SSDB_RW_WRITE:
        return _ ("Write");
      case SSDB_RW_MIX:
        return _ ("Mix");
      case SSDB_RW_READ:
      default:
        return _ ("Read");
    }
}

static void
draw_header (Painter *p)
{
  const SsdbSummaryView *view = p->view;
  const SsdbStyle *style = p->style;
  Layout *l = &p->l;

  /* Header lines shrink a little, then ellipsize: a long device path stays readable. */
  if (l->title.height > 0)
    draw_text (p, view->target_title, &l->title, l->title_px, MAX (9, l->title_px * 0.8),
               PANGO_WEIGHT_BOLD, ALIGN_START, FALSE, &style->foreground, 1.0);
  if (l->subtitle.height > 0)
    draw_text (p, view->target_subtitle, &l->subtitle, l->subtitle_px,
               MAX (8, l->subtitle_px * 0.85), PANGO_WEIGHT_NORMAL, ALIGN_START, FALSE, &style->dim,
               1.0);
  if (l->footer.height > 0)
    draw_text (p, view->caption, &l->footer, l->caption_px, MAX (7, l->caption_px * 0.85),
               PANGO_WEIGHT_NORMAL, ALIGN_END, FALSE, &style->dim, 1.0);

  /* Corner: the profile, as CrystalDiskMark's profile menu names it; the tool that measured
   * an imported result. */
  {
    cairo_rectangle_t box = l->corner;
    double line = MAX (2, round (3 * l->u));
    g_autofree char *tool
        = view_imported (view) ? ssdb_summary_import_name (view->result->imported) : NULL;

    box.height -= line + l->gap;
    draw_text (p, tool != NULL ? tool : profile_label (view_profile (view)), &box, l->header_px, 7,
               PANGO_WEIGHT_NORMAL, ALIGN_START, FALSE, &style->dim, 1.0);
  }

  for (guint c = 0; c < l->n_cols; c++)
    {
      SsdbRw rw = l->cols[c];
      const char *unit = ssdb_summary_unit_get_label (view->unit);
      double line = MAX (2, round (3 * l->u));
      cairo_rectangle_t box = { l->col_x[c], l->header_y, l->col_w, l->header_h - line - l->gap };
      cairo_rectangle_t bar = { l->col_x[c], l->header_y + l->header_h - line, l->col_w, line };
      g_autofree char *text = NULL;

      if (rw == SSDB_RW_MIX && view->result != NULL && view->result->spec.mix_read_percent <= 100)
        /* Translators: a column header: the mixed test's read share and the unit */
        text = g_strdup_printf (_ ("Mix R%u%% (%s)"), view->result->spec.mix_read_percent, unit);
      else
        /* Translators: a column header, "Read (MB/s)" */
        text = g_strdup_printf (_ ("%s (%s)"), column_title (rw), unit);
      draw_text (p, text, &box, l->header_px, 7, PANGO_WEIGHT_BOLD, ALIGN_CENTER, FALSE,
                 &style->foreground, 1.0);

      rounded_rect (p->cr, &bar, line / 2);
      ssdb_render_set_source (p->cr, column_color (style, rw), 1.0);
      cairo_fill (p->cr);
    }
}

/* Light cells on a light page need an edge (libadwaita's cards have one); high contrast draws
 * it in the text colour. */
static gboolean
cell_outline (const SsdbStyle *style, SsdbRgba *color, double *width)
{
  switch (style->theme)
    {
      case SSDB_THEME_HIGH_CONTRAST:
        *color = style->foreground;
        *width = 1.0;
        return TRUE;
      case SSDB_THEME_LIGHT:
        *color = style->foreground;
        color->a = 0.12;
        *width = 1.0;
        return TRUE;
      case SSDB_THEME_REVIEW:
      case SSDB_THEME_DARK:
      default:
        return FALSE;
    }
}

static void
stroke_inside (cairo_t *cr, const cairo_rectangle_t *rect, double radius, const SsdbRgba *color,
               double width)
{
  cairo_rectangle_t inset
      = { rect->x + width / 2, rect->y + width / 2, rect->width - width, rect->height - width };

  rounded_rect (cr, &inset, MAX (radius - width / 2, 0));
  cairo_set_line_width (cr, width);
  ssdb_render_set_source (cr, color, 1.0);
  cairo_stroke (cr);
}

static void
draw_label_cell (Painter *p, const SsdbSummaryTest *test, const cairo_rectangle_t *rect)
{
  const SsdbStyle *style = p->style;
  Layout *l = &p->l;
  g_autofree char *first = NULL;
  const char *second = NULL;
  double pad = round (MAX (4, rect->width * 0.06));
  cairo_rectangle_t box;
  const char *space;
  SsdbRgba edge;
  double edge_w;

  rounded_rect (p->cr, rect, l->radius);
  ssdb_render_set_source (p->cr, &style->cell, 1.0);
  cairo_fill (p->cr);
  if (cell_outline (style, &edge, &edge_w))
    stroke_inside (p->cr, rect, l->radius, &edge, edge_w);

  /* "SEQ1M Q8T1" is shown as CrystalDiskMark does: the access over the queue. */
  space = test->name ? strchr (test->name, ' ') : NULL;
  if (space != NULL)
    {
      first = g_strndup (test->name, space - test->name);
      second = space + 1;
    }
  else
    first = g_strdup (test->name ? test->name : "");

  if (second != NULL && *second)
    {
      double h1 = round ((rect->height - 2 * pad * 0.5) * 0.55);

      box = (cairo_rectangle_t){ rect->x + pad, rect->y + pad * 0.5, rect->width - 2 * pad, h1 };
      draw_text (p, first, &box, MIN (rect->height * 0.3, 26 * l->u), 6, PANGO_WEIGHT_BOLD,
                 ALIGN_CENTER, FALSE, &style->foreground, 1.0);
      box.y += h1;
      box.height = rect->height - pad - h1;
      draw_text (p, second, &box, MIN (rect->height * 0.24, 20 * l->u), 6, PANGO_WEIGHT_NORMAL,
                 ALIGN_CENTER, FALSE, &style->dim, 1.0);
    }
  else
    {
      box = (cairo_rectangle_t){ rect->x + pad, rect->y + pad * 0.5, rect->width - 2 * pad,
                                 rect->height - pad };
      draw_text (p, first, &box, MIN (rect->height * 0.3, 26 * l->u), 6, PANGO_WEIGHT_BOLD,
                 ALIGN_CENTER, FALSE, &style->foreground, 1.0);
    }
}

static void
cell_fill (const SsdbSummaryView *view, gboolean locale_numbers, Cell *cell)
{
  const SsdbSummaryEntry *entry = cell->entry;
  SsdbSummaryUnit unit = view->unit;
  double value;
  gboolean running;

  cell->kind = CELL_PENDING;
  cell->has_value = FALSE;
  cell->text = NULL;

  if (entry == NULL)
    {
      if (view->result != NULL)
        {
          cell->kind = CELL_SKIPPED;
          if (cell->rw != SSDB_RW_READ && view->result->writes_skipped_reason != NULL)
            cell->reason = view->result->writes_skipped_reason;
          else if (view_imported (view))
            /* Translators: a summary cell of an imported result that its file has no figure for */
            cell->reason = _ ("not in the file");
          else
            cell->reason = _ ("not selected");
        }
      cell->text = g_strdup (EM_DASH);
      return;
    }

  running = entry->state == SSDB_ENTRY_RUNNING;
  if (view->running_index >= 0 && (guint)view->running_index < view_n_entries (view)
      && view_entry (view, view->running_index) == entry)
    running = TRUE;

  switch (entry->state)
    {
      case SSDB_ENTRY_SKIPPED:
        cell->kind = CELL_SKIPPED;
        cell->reason = entry->message;
        if (cell->rw != SSDB_RW_READ && view->write_hint != NULL)
          cell->reason = view->write_hint;
        if (cell->reason == NULL && cell->rw != SSDB_RW_READ)
          cell->reason = view->result->writes_skipped_reason;
        if (cell->reason == NULL)
          cell->reason = _ ("skipped");
        break;
      case SSDB_ENTRY_FAILED:
        cell->kind = CELL_FAILED;
        cell->reason = entry->message;
        break;
      case SSDB_ENTRY_CANCELLED:
        cell->kind = CELL_CANCELLED;
        cell->reason = entry->message;
        break;
      case SSDB_ENTRY_DONE:
        cell->kind = CELL_DONE;
        break;
      case SSDB_ENTRY_PENDING:
      case SSDB_ENTRY_RUNNING:
      default:
        cell->kind = running ? CELL_RUNNING : CELL_PENDING;
        break;
    }
  if (running && cell->kind == CELL_PENDING)
    cell->kind = CELL_RUNNING;

  if (cell->kind == CELL_RUNNING)
    {
      double bps = view->running_bytes_per_second;
      double iops = 0, latency_ns = 0;

      if (view->running_index >= 0 && view_entry (view, view->running_index) == entry)
        cell->progress = ssdb_chart_clamp (
            isfinite (view->running_fraction) ? view->running_fraction : 0, 0, 1);
      if (isfinite (bps) && bps > 0)
        {
          guint block = entry->test.block_size ? entry->test.block_size : entry->job.block_size;
          guint inflight = MAX (entry->test.queue_depth, 1) * MAX (entry->test.threads, 1);

          if (block > 0)
            iops = bps / block;
          /* Little's law: with the queue kept full, mean latency = requests in flight / rate. */
          if (iops > 0)
            latency_ns = inflight / iops * 1e9;
          if (value_in_unit (bps, iops, latency_ns, unit, &value))
            cell->has_value = TRUE;
        }
      if (!cell->has_value && ssdb_summary_entry_get_value (entry, unit, &value))
        cell->has_value = TRUE;
    }
  else if (cell->kind != CELL_FAILED)
    cell->has_value = ssdb_summary_entry_get_value (entry, unit, &value);

  if (cell->has_value)
    {
      cell->text = ssdb_summary_format_number (value, unit, locale_numbers);
      cell->fraction = ssdb_summary_gauge_fraction (value, unit);
    }
  else
    cell->text = g_strdup (EM_DASH);
}

static PangoLayout *
value_layout (Painter *p, const char *text, double size)
{
  return ssdb_render_layout_new (p->pango, p->style, text, size, PANGO_WEIGHT_BOLD, TRUE);
}

static double
cell_pad (const cairo_rectangle_t *rect)
{
  return round (ssdb_chart_clamp (rect->width * 0.05, 4, 24));
}

static void
draw_hatch (Painter *p, const cairo_rectangle_t *r, double spacing)
{
  cairo_t *cr = p->cr;

  for (double d = -r->height; d < r->width; d += spacing)
    {
      cairo_move_to (cr, r->x + d, r->y + r->height);
      cairo_line_to (cr, r->x + d + r->height, r->y);
    }
}

/* A small note in the top left corner of a cell ("42 %", "Cancelled"); returns its height and
 * width through @w, 0 when it did not fit. */
static double
draw_badge (Painter *p, const Cell *cell, const char *text, const SsdbRgba *color, double *w)
{
  const cairo_rectangle_t *rect = &cell->rect;
  double pad = cell_pad (rect);
  double size = ssdb_chart_clamp (rect->height * 0.17, 6, 22 * p->l.u);
  g_autoptr (PangoLayout) layout = NULL;
  PangoRectangle logical;
  double max_w = rect->width - 2 * pad, max_h = rect->height * 0.3;

  *w = 0;
  layout = ssdb_render_layout_new (p->pango, p->style, text, size, PANGO_WEIGHT_BOLD, TRUE);
  size = ssdb_render_fit_size (layout, size, max_w, max_h);
  if (size < 5)
    return 0;
  ssdb_render_layout_set_size (layout, size);
  pango_layout_get_extents (layout, NULL, &logical);
  show_layout (p, layout, rect->x + pad - (double)logical.x / PANGO_SCALE,
               rect->y + pad * 0.5 - (double)logical.y / PANGO_SCALE, color, 1.0);
  *w = (double)logical.width / PANGO_SCALE;
  return pad * 0.5 + (double)logical.height / PANGO_SCALE;
}

static void
draw_value_cell (Painter *p, Cell *cell, double value_px)
{
  const SsdbStyle *style = p->style;
  const cairo_rectangle_t *rect = &cell->rect;
  const SsdbRgba *color = column_color (style, cell->rw);
  cairo_t *cr = p->cr;
  Layout *l = &p->l;
  double pad = cell_pad (rect);
  double strip = MAX (2, round (rect->height * 0.05));
  double badge_h = 0, badge_w = 0;
  gboolean hc = style->theme == SSDB_THEME_HIGH_CONTRAST;

  cairo_save (cr);
  rounded_rect (cr, rect, l->radius);
  cairo_clip_preserve (cr);

  /* Background */
  if (cell->kind == CELL_SKIPPED)
    {
      ssdb_render_set_source (cr, &style->cell, 0.5);
      cairo_fill (cr);
      draw_hatch (p, rect, MAX (5, round (7 * l->u)));
      cairo_set_line_width (cr, MAX (1, 0.8 * l->u));
      ssdb_render_set_source (cr, &style->dim, hc ? 0.35 : 0.14);
      cairo_stroke (cr);
    }
  else
    {
      ssdb_render_set_source (cr, &style->cell, 1.0);
      cairo_fill (cr);
    }

  /* Gauge: the cell filled to the value's share on a log scale */
  if (cell->has_value && cell->fraction > 0)
    {
      double gw = round (rect->width * cell->fraction);
      double a = cell->kind == CELL_CANCELLED ? 0.5 : 1.0;

      cairo_rectangle (cr, rect->x, rect->y, gw, rect->height);
      ssdb_render_set_source (cr, color, gauge_alpha (style) * a);
      cairo_fill (cr);
      if (cell->kind != CELL_RUNNING)
        {
          cairo_rectangle (cr, rect->x, rect->y + rect->height - strip, gw, strip);
          ssdb_render_set_source (cr, color, a);
          cairo_fill (cr);
        }
    }

  /* Running: a progress bar along the bottom edge */
  if (cell->kind == CELL_RUNNING)
    {
      double bh = MAX (3, round (rect->height * 0.07));

      cairo_rectangle (cr, rect->x, rect->y + rect->height - bh, rect->width, bh);
      ssdb_render_set_source (cr, &style->dim, 0.22);
      cairo_fill (cr);
      cairo_rectangle (cr, rect->x, rect->y + rect->height - bh,
                       round (rect->width * cell->progress), bh);
      ssdb_render_set_source (cr, color, 1.0);
      cairo_fill (cr);
    }
  cairo_restore (cr);

  /* Border: failed and cancelled cells are outlined in the error colour (solid / dashed) */
  if (cell->kind == CELL_FAILED || cell->kind == CELL_CANCELLED)
    {
      double lw = MAX (1.5, round (2 * l->u));

      cairo_save (cr);
      if (cell->kind == CELL_CANCELLED)
        {
          double dash[] = { 4 * lw, 2 * lw };

          cairo_set_dash (cr, dash, 2, 0);
        }
      stroke_inside (cr, rect, l->radius, &style->error, lw);
      cairo_restore (cr);
    }
  else
    {
      SsdbRgba edge;
      double edge_w;

      if (cell_outline (style, &edge, &edge_w))
        stroke_inside (cr, rect, l->radius, &edge, edge_w);
    }

  /* Badges */
  if (cell->kind == CELL_RUNNING)
    {
      g_autofree char *pct = g_strdup_printf ("%d %%", (int)floor (cell->progress * 100));

      badge_h = draw_badge (p, cell, pct, hc ? &style->foreground : color, &badge_w);
    }
  else if (cell->kind == CELL_CANCELLED)
    badge_h = draw_badge (p, cell, _ ("Cancelled"), &style->error, &badge_w);
  else if (cell->kind == CELL_FAILED)
    badge_h = draw_badge (p, cell, _ ("Failed"), &style->error, &badge_w);

  /* Text */
  if (cell->kind == CELL_SKIPPED || (cell->kind == CELL_FAILED && cell->reason != NULL))
    {
      double top = cell->kind == CELL_FAILED ? badge_h : pad * 0.5;
      cairo_rectangle_t box
          = { rect->x + pad, rect->y + top, rect->width - 2 * pad, rect->height - top - pad * 0.5 };

      draw_text (p, cell->reason, &box, ssdb_chart_clamp (rect->height * 0.17, 6, 20 * l->u), 7,
                 PANGO_WEIGHT_NORMAL, ALIGN_CENTER, TRUE, &style->dim, 1.0);
    }
  else
    {
      g_autoptr (PangoLayout) layout = NULL;
      g_autoptr (PangoLayout) digits = NULL;
      PangoRectangle ink, logical;
      const SsdbRgba *fg = &style->foreground;
      double size = value_px, x, y, cy;
      double max_w = rect->width - 2 * pad;
      double bar = cell->kind == CELL_RUNNING ? MAX (3, round (rect->height * 0.07)) : strip;

      if (!cell->has_value || cell->kind == CELL_CANCELLED)
        fg = &style->dim;
      if (!cell->has_value)
        size = value_px * 0.7;

      layout = value_layout (p, cell->text, size);
      pango_layout_get_extents (layout, NULL, &logical);
      cy = rect->y + rect->height / 2;
      if (badge_h > 0 && (double)logical.width / PANGO_SCALE > max_w - badge_w - pad)
        {
          /* The number would run into the badge: use the room below it. */
          double room = MAX (rect->height - badge_h - bar, 1);

          size = ssdb_render_fit_size (layout, size, max_w, room);
          ssdb_render_layout_set_size (layout, size);
          cy = rect->y + badge_h + room / 2;
        }
      size = ssdb_render_fit_size (layout, size, max_w, rect->height - 2);
      ssdb_render_layout_set_size (layout, size);
      pango_layout_get_extents (layout, NULL, &logical);

      /* Centre the figures (not the line box, which includes descenders) in the cell. */
      digits = value_layout (p, "0", size);
      pango_layout_get_extents (digits, &ink, NULL);
      x = rect->x + rect->width - pad - (double)(logical.x + logical.width) / PANGO_SCALE;
      y = cy - (ink.y + ink.height / 2.0) / PANGO_SCALE;
      show_layout (p, layout, x, y, fg, 1.0);
    }
}

void
ssdb_summary_painter_draw (const SsdbSummaryView *view, const SsdbStyle *style, cairo_t *cr,
                           int width, int height)
{
  SSDB_RENDER_LANGUAGE_SCOPE (style);

  Painter p = { 0 };
  g_autoptr (GArray) cells = NULL;
  g_autofree char *template = NULL;
  double value_px;

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
  layout_compute (&p.l, view, width, height);

  ssdb_chart_draw_frame (cr, p.pango, style, width, height, NULL);
  draw_header (&p);

  /* Collect the cells first: the figures share one size, the largest at which every number
   * (and the unit's widest usual number) fits its cell. */
  cells = g_array_new (FALSE, TRUE, sizeof (Cell));
  for (guint r = 0; r < p.l.rows->len; r++)
    {
      const SsdbSummaryTest *test = p.l.rows->pdata[r];
      cairo_rectangle_t label
          = { p.l.label_x, p.l.grid_y + r * (p.l.row_h + p.l.gap), p.l.label_w, p.l.row_h };

      draw_label_cell (&p, test, &label);
      for (guint c = 0; c < p.l.n_cols; c++)
        {
          Cell cell = { 0 };
          int index;

          cell.rw = p.l.cols[c];
          layout_cell (&p.l, r, cell.rw, &cell.rect);
          index = find_entry (view, test, cell.rw);
          cell.entry = index >= 0 ? view_entry (view, index) : NULL;
          cell_fill (view, style->locale_numbers, &cell);
          g_array_append_val (cells, cell);
        }
    }

  value_px = p.l.row_h * 0.44;
  template = g_strdup (unit_templates[MIN ((guint)view->unit, G_N_ELEMENTS (unit_templates) - 1)]);
  if (cells->len > 0)
    {
      const Cell *first = &g_array_index (cells, Cell, 0);
      double pad = cell_pad (&first->rect);
      double max_w = first->rect.width - 2 * pad, max_h = first->rect.height - 2;
      g_autoptr (PangoLayout) layout = value_layout (&p, template, value_px);

      value_px = ssdb_render_fit_size (layout, value_px, max_w, max_h);
      for (guint i = 0; i < cells->len; i++)
        {
          const Cell *cell = &g_array_index (cells, Cell, i);

          if (!cell->has_value)
            continue;
          pango_layout_set_text (layout, cell->text, -1);
          value_px = ssdb_render_fit_size (layout, value_px, max_w, max_h);
        }
    }

  for (guint i = 0; i < cells->len; i++)
    {
      Cell *cell = &g_array_index (cells, Cell, i);

      draw_value_cell (&p, cell, value_px);
      g_free (cell->text);
    }

  layout_clear (&p.l);
  g_object_unref (p.pango);
  cairo_restore (cr);
}

char *
ssdb_summary_painter_get_cell_text (const SsdbSummaryView *view, guint entry_index,
                                    gboolean locale_numbers)
{
  Cell cell = { 0 };

  g_return_val_if_fail (view != NULL, NULL);

  if (entry_index >= view_n_entries (view) || view_entry (view, entry_index) == NULL)
    return g_strdup (EM_DASH);
  cell.entry = view_entry (view, entry_index);
  cell.rw = cell.entry->rw;
  cell_fill (view, locale_numbers, &cell);
  return cell.text;
}

SSDB_CHART_DEFINE_WRITE_PNG (ssdb_render_summary_png, SsdbSummaryView, ssdb_summary_painter_draw)
