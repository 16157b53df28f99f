/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The summary painter: real renders into PNG files, read back and measured pixel by pixel.
 * Set SSDB_TEST_OUTPUT_DIR to keep the images.
 */
#include "config.h"

#include "ssdb-error.h"
#include "ssdb-render-lang.h"
#include "ssdb-summary-painter.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

static char *out_dir;
static gboolean keep_output;

/* A PCIe 4.0 NVMe drive as reviewers publish it (MB/s). */
typedef struct
{
  const char *name;
  double read, write, mix;
} Figures;

static const Figures nvme_figures[] = {
  { "SEQ1M Q8T1", 7021.45, 5123.77, 4012.90 },    { "SEQ1M Q1T1", 3021.45, 2890.12, 1890.30 },
  { "RND4K Q32T1", 812.33, 640.55, 512.70 },      { "RND4K Q1T1", 82.11, 210.48, 95.02 },
  { "SEQ128K Q32T1", 6890.10, 5010.00, 3900.00 }, { "RND4K Q32T16", 3012.80, 2543.90, 2100.00 },
};

static void
set_done (SsdbSummaryEntry *e, double mbps)
{
  SsdbIoResult *r = &e->aggregate;
  double inflight = (double)e->test.queue_depth * e->test.threads;

  e->state = SSDB_ENTRY_DONE;
  r->window_ns = 5 * G_GUINT64_CONSTANT (1000000000);
  r->bytes_per_second = mbps * 1e6;
  r->bytes = (guint64)(r->bytes_per_second * 5);
  r->iops = r->bytes_per_second / e->test.block_size;
  r->ios = (guint64)(r->iops * 5);
  /* Little's law gives the mean latency of a full queue */
  r->latency.count = 1000;
  r->latency.sum_ns = (guint64)llround (inflight / r->iops * 1e9 * 1000);
  r->latency.min_ns = 1000;
  r->latency.max_ns = 10000000;
}

static const Figures *
figures_for (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (nvme_figures); i++)
    if (g_str_equal (nvme_figures[i].name, name))
      return &nvme_figures[i];
  g_assert_not_reached ();
}

/* A finished run of @profile with every cell measured. */
static SsdbSummaryResult *
make_result (SsdbProfile profile, gboolean mix)
{
  SsdbSummarySpec spec;
  SsdbSummaryResult *result;

  ssdb_summary_spec_init (&spec);
  spec.profile = profile;
  spec.do_mix = mix;
  result = ssdb_summary_result_new (&spec, NULL);
  g_assert_nonnull (result);
  for (guint i = 0; i < result->entries->len; i++)
    {
      SsdbSummaryEntry *e = g_ptr_array_index (result->entries, i);
      const Figures *f = figures_for (e->test.name);

      set_done (e, e->rw == SSDB_RW_READ ? f->read : e->rw == SSDB_RW_WRITE ? f->write : f->mix);
    }
  return result;
}

static int
entry_index (SsdbSummaryResult *result, const char *name, SsdbRw rw)
{
  SsdbSummaryEntry *e = ssdb_summary_result_find (result, name, rw);

  g_assert_nonnull (e);
  for (guint i = 0; i < result->entries->len; i++)
    if (g_ptr_array_index (result->entries, i) == e)
      return (int)i;
  g_assert_not_reached ();
}

static void
view_init (SsdbSummaryView *view, const SsdbSummaryResult *result, SsdbSummaryUnit unit)
{
  memset (view, 0, sizeof *view);
  view->result = result;
  view->target_title = "/dev/nvme0n1 · 2.00 TB · Samsung SSD 980 PRO 2TB";
  view->target_subtitle = "5 × 1GiB · 5 s · random data · default";
  view->unit = unit;
  view->running_index = -1;
  view->caption = "SSD Bench 0.1.0 · 2026-11-30 10:12 UTC";
}

static char *
out_path (const char *name)
{
  return g_build_filename (out_dir, name, NULL);
}

/* Renders and reads the PNG back. */
static cairo_surface_t *
render (const SsdbSummaryView *view, SsdbTheme theme, int width, int height, double scale,
        const char *name)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path = out_path (name);
  SsdbStyle style;
  cairo_surface_t *surface;

  ssdb_style_init (&style, theme);
  g_assert_true (ssdb_render_summary_png (view, &style, path, width, height, scale, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (path, G_FILE_TEST_IS_REGULAR));
  surface = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  return surface;
}

typedef struct
{
  int r, g, b;
} Px;

static Px
pixel (cairo_surface_t *surface, double x, double y)
{
  int ix = (int)floor (x), iy = (int)floor (y);
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 v;

  g_assert_cmpint (ix, >=, 0);
  g_assert_cmpint (iy, >=, 0);
  g_assert_cmpint (ix, <, cairo_image_surface_get_width (surface));
  g_assert_cmpint (iy, <, cairo_image_surface_get_height (surface));
  memcpy (&v, data + iy * stride + ix * 4, 4);
  /* Opaque output: premultiplication does not matter */
  g_assert_cmpuint (v >> 24, ==, 0xff);
  return (Px){ (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff };
}

static Px
px_of (const SsdbRgba *c, const SsdbRgba *over)
{
  double a = c->a;

  return (Px){ (int)lround ((c->r * a + over->r * (1 - a)) * 255),
               (int)lround ((c->g * a + over->g * (1 - a)) * 255),
               (int)lround ((c->b * a + over->b * (1 - a)) * 255) };
}

static gboolean
px_near (Px a, Px b, int tolerance)
{
  return ABS (a.r - b.r) <= tolerance && ABS (a.g - b.g) <= tolerance
         && ABS (a.b - b.b) <= tolerance;
}

/* The right end of the solid gauge strip along the cell's bottom, in device pixels from the
 * cell's left edge; 0 when there is no strip. */
static double
gauge_end (cairo_surface_t *surface, const cairo_rectangle_t *rect, double scale,
           const SsdbRgba *accent)
{
  Px want = { (int)lround (accent->r * 255), (int)lround (accent->g * 255),
              (int)lround (accent->b * 255) };
  double y = (rect->y + rect->height - 1) * scale + 0.5;
  int x0 = (int)(rect->x * scale), x1 = (int)((rect->x + rect->width) * scale);

  for (int x = x1 - 1; x >= x0; x--)
    if (px_near (pixel (surface, x, y), want, 6))
      return x + 1 - x0;
  return 0;
}

static void
test_format_value (void)
{
  g_autoptr (SsdbSummaryResult) result = make_result (SSDB_PROFILE_DEFAULT, FALSE);
  SsdbSummaryEntry *seq = ssdb_summary_result_find (result, "SEQ1M Q1T1", SSDB_RW_READ);
  SsdbSummaryEntry *rnd = ssdb_summary_result_find (result, "RND4K Q32T1", SSDB_RW_READ);
  char *s;
  double v;

  g_assert_nonnull (seq);
  g_assert_nonnull (rnd);

#define CHECK(expr, expected)                                                                      \
  do                                                                                               \
    {                                                                                              \
      s = (expr);                                                                                  \
      g_assert_cmpstr (s, ==, expected);                                                           \
      g_free (s);                                                                                  \
    }                                                                                              \
  while (0)

  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_MBPS, FALSE), "3021.45");
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_GBPS, FALSE), "3.021");
  /* 3021.45e6 / 2^20 = 2881.479 */
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_MIBPS, FALSE), "2881.48");
  /* 3021.45e6 / 2^20 requests of 1 MiB */
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_IOPS, FALSE), "2881.5");
  /* 1 in flight / 2881.47 IOPS = 347.04 µs */
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_USEC, FALSE), "347.04");
  /* RND4K Q32T1 812.33 MB/s = 198322.75 IOPS of 4 KiB */
  CHECK (ssdb_summary_format_value (rnd, SSDB_UNIT_IOPS, FALSE), "198322.8");

  /* The exact numbers of the API's own examples */
  seq->aggregate.bytes_per_second = 60000.0;
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_MBPS, FALSE), "0.06");
  rnd->aggregate.iops = 12345.67;
  CHECK (ssdb_summary_format_value (rnd, SSDB_UNIT_IOPS, FALSE), "12345.7");
  rnd->aggregate.iops = 1234567.8;
  CHECK (ssdb_summary_format_value (rnd, SSDB_UNIT_IOPS, FALSE), "1234568");
  rnd->aggregate.latency.count = 100;
  rnd->aggregate.latency.sum_ns = 5231000;
  CHECK (ssdb_summary_format_value (rnd, SSDB_UNIT_USEC, FALSE), "52.31");
  CHECK (ssdb_summary_format_number (12.3456, SSDB_UNIT_GBPS, FALSE), "12.346");

  /* No result: an em dash, whatever the unit */
  CHECK (ssdb_summary_format_value (NULL, SSDB_UNIT_MBPS, FALSE), "—");
  seq->state = SSDB_ENTRY_PENDING;
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_MBPS, FALSE), "—");
  seq->state = SSDB_ENTRY_SKIPPED;
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_IOPS, TRUE), "—");
  seq->state = SSDB_ENTRY_FAILED;
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_MBPS, FALSE), "—");
  g_assert_false (ssdb_summary_entry_get_value (seq, SSDB_UNIT_MBPS, &v));
  /* A cancelled entry keeps what it measured */
  seq->state = SSDB_ENTRY_CANCELLED;
  seq->aggregate.bytes_per_second = 1500.5e6;
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_MBPS, FALSE), "1500.50");
  /* Done but nothing completed */
  seq->state = SSDB_ENTRY_DONE;
  seq->aggregate.ios = 0;
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_MBPS, FALSE), "—");
  /* No latency recorded: no µs figure */
  seq->aggregate.ios = 10;
  seq->aggregate.latency.count = 0;
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_USEC, FALSE), "—");
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_MBPS, FALSE), "1500.50");
}

static void
test_format_locale (void)
{
  g_autoptr (SsdbSummaryResult) result = make_result (SSDB_PROFILE_DEFAULT, FALSE);
  SsdbSummaryEntry *seq = ssdb_summary_result_find (result, "SEQ1M Q1T1", SSDB_RW_READ);
  g_autofree char *saved = g_strdup (setlocale (LC_NUMERIC, NULL));
  const char *previous;
  char *s;

  /* The separator is the chart language's, not LC_NUMERIC's: an English chart keeps '.' in a
   * French locale, a French one writes ',' in the C locale. */
  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") != NULL)
    CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_MBPS, TRUE), "3021.45");
  setlocale (LC_NUMERIC, "C");
  previous = ssdb_render_language_push ("fr");
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_MBPS, TRUE), "3021,45");
  /* Reports, the CLI and exports keep the C locale in any locale */
  CHECK (ssdb_summary_format_value (seq, SSDB_UNIT_MBPS, FALSE), "3021.45");
  /* No grouping, even for large IOPS figures */
  CHECK (ssdb_summary_format_number (1234567.8, SSDB_UNIT_IOPS, TRUE), "1234568");
  CHECK (ssdb_summary_format_number (123456.78, SSDB_UNIT_IOPS, TRUE), "123456,8");
  ssdb_render_language_pop (previous);
  setlocale (LC_NUMERIC, saved);
}

static void
test_units_and_gauge (void)
{
  SsdbSummaryUnit unit;

  for (unit = SSDB_UNIT_MBPS; unit <= SSDB_UNIT_MIBPS; unit++)
    {
      SsdbSummaryUnit back = 99;

      g_assert_true (ssdb_summary_unit_from_string (ssdb_summary_unit_to_string (unit), &back));
      g_assert_cmpint (back, ==, unit);
    }
  g_assert_false (ssdb_summary_unit_from_string ("MB/s", &unit));
  g_assert_cmpstr (ssdb_summary_unit_get_label (SSDB_UNIT_USEC), ==, "µs");
  g_assert_cmpstr (ssdb_summary_unit_get_label (SSDB_UNIT_MIBPS), ==, "MiB/s");

  /* CrystalDiskMark's log scale: 0.1 MB/s empty, 100 GB/s full */
  g_assert_cmpfloat_with_epsilon (ssdb_summary_gauge_fraction (0.1, SSDB_UNIT_MBPS), 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ssdb_summary_gauge_fraction (100000, SSDB_UNIT_MBPS), 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (ssdb_summary_gauge_fraction (100, SSDB_UNIT_MBPS), 0.5, 1e-9);
  /* The same rate fills the same share in any rate unit */
  g_assert_cmpfloat_with_epsilon (ssdb_summary_gauge_fraction (3.0, SSDB_UNIT_GBPS),
                                  ssdb_summary_gauge_fraction (3000, SSDB_UNIT_MBPS), 1e-9);
  g_assert_cmpfloat_with_epsilon (ssdb_summary_gauge_fraction (1000, SSDB_UNIT_MIBPS),
                                  ssdb_summary_gauge_fraction (1048.576, SSDB_UNIT_MBPS), 1e-9);
  g_assert_cmpfloat_with_epsilon (ssdb_summary_gauge_fraction (1000, SSDB_UNIT_IOPS), 0.5, 1e-9);
  /* Latency: shorter is fuller */
  g_assert_cmpfloat (ssdb_summary_gauge_fraction (10, SSDB_UNIT_USEC), >,
                     ssdb_summary_gauge_fraction (1000, SSDB_UNIT_USEC));
  g_assert_cmpfloat_with_epsilon (ssdb_summary_gauge_fraction (1e5, SSDB_UNIT_USEC), 0.0, 1e-9);
  g_assert_cmpfloat (ssdb_summary_gauge_fraction (1e9, SSDB_UNIT_MBPS), ==, 1.0);
  g_assert_cmpfloat (ssdb_summary_gauge_fraction (-1, SSDB_UNIT_MBPS), ==, 0.0);
  g_assert_cmpfloat (ssdb_summary_gauge_fraction (NAN, SSDB_UNIT_MBPS), ==, 0.0);
}

static void
test_png_sizes (void)
{
  g_autoptr (SsdbSummaryResult) result = make_result (SSDB_PROFILE_DEFAULT, TRUE);
  static const struct
  {
    int w, h;
    double scale;
    SsdbTheme theme;
    SsdbSummaryUnit unit;
  } cases[] = {
    { 600, 400, 1, SSDB_THEME_REVIEW, SSDB_UNIT_MBPS },
    { 800, 560, 1, SSDB_THEME_REVIEW, SSDB_UNIT_IOPS },
    { 800, 560, 2, SSDB_THEME_LIGHT, SSDB_UNIT_GBPS },
    { 1280, 720, 1, SSDB_THEME_DARK, SSDB_UNIT_USEC },
    { 1920, 1080, 1, SSDB_THEME_HIGH_CONTRAST, SSDB_UNIT_MIBPS },
    { 600, 400, 2, SSDB_THEME_DARK, SSDB_UNIT_MBPS },
    { 701, 433, 1.5, SSDB_THEME_LIGHT, SSDB_UNIT_MBPS },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = g_strdup_printf (
          "size-%dx%d@%g-%s-%s.png", cases[i].w, cases[i].h, cases[i].scale,
          ssdb_theme_to_string (cases[i].theme), ssdb_summary_unit_to_string (cases[i].unit));
      SsdbSummaryView view;
      SsdbStyle style;
      cairo_surface_t *s;
      Px bg;

      view_init (&view, result, cases[i].unit);
      s = render (&view, cases[i].theme, cases[i].w, cases[i].h, cases[i].scale, name);
      g_assert_cmpint (cairo_image_surface_get_width (s), ==,
                       (int)ceil (cases[i].w * cases[i].scale));
      g_assert_cmpint (cairo_image_surface_get_height (s), ==,
                       (int)ceil (cases[i].h * cases[i].scale));
      /* The page is the theme's background: #ffffff, #fafafa, #242424 */
      ssdb_style_init (&style, cases[i].theme);
      bg = px_of (&style.background, &style.background);
      g_assert_true (px_near (pixel (s, 1, 1), bg, 0));
      g_assert_true (px_near (
          pixel (s, cairo_image_surface_get_width (s) - 2, cairo_image_surface_get_height (s) - 2),
          bg, 0));
      cairo_surface_destroy (s);
    }
}

/* The cell with the largest figure has the widest gauge; widths follow the log scale. */
static void
test_gauge_widths (void)
{
  g_autoptr (SsdbSummaryResult) result = make_result (SSDB_PROFILE_DEFAULT, FALSE);
  const double scales[] = { 1, 2 };

  for (guint si = 0; si < G_N_ELEMENTS (scales); si++)
    {
      double scale = scales[si];
      g_autofree char *name = g_strdup_printf ("gauge@%g.png", scale);
      SsdbSummaryView view;
      SsdbStyle style;
      cairo_rectangle_t big, small, wbig;
      cairo_surface_t *s;
      double end_big, end_small, end_wbig, end_rnd32;

      view_init (&view, result, SSDB_UNIT_MBPS);
      ssdb_style_init (&style, SSDB_THEME_REVIEW);
      s = render (&view, SSDB_THEME_REVIEW, 800, 560, scale, name);

      g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 800, 560, 0, SSDB_RW_READ, &big));
      g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 800, 560, 3, SSDB_RW_READ, &small));
      g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 800, 560, 0, SSDB_RW_WRITE, &wbig));
      g_assert_cmpfloat (small.y, >, big.y);
      g_assert_cmpfloat (wbig.x, >, big.x + big.width);

      end_big = gauge_end (s, &big, scale, &style.accent);
      end_small = gauge_end (s, &small, scale, &style.accent);
      end_wbig = gauge_end (s, &wbig, scale, &style.accent2);
      {
        cairo_rectangle_t r32;

        g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 800, 560, 2, SSDB_RW_READ, &r32));
        end_rnd32 = gauge_end (s, &r32, scale, &style.accent);
      }
      g_test_message ("scale %g: gauge ends at %.0f (7021 MB/s), %.0f (812 MB/s), %.0f "
                      "(82 MB/s) of %.0f px",
                      scale, end_big, end_rnd32, end_small, big.width * scale);

      /* 7021.45 MB/s fills log10(70214.5) / 6 = 80.8 %, 82.11 MB/s 48.6 % */
      g_assert_cmpfloat (end_big, >, end_rnd32);
      g_assert_cmpfloat (end_rnd32, >, end_small);
      g_assert_cmpfloat (fabs (end_big - big.width * scale * log10 (70214.5) / 6), <=, 2 * scale);
      g_assert_cmpfloat (fabs (end_small - small.width * scale * log10 (821.1) / 6), <=, 2 * scale);
      /* The write column uses its own colour: 5123.77 MB/s */
      g_assert_cmpfloat (fabs (end_wbig - wbig.width * scale * log10 (51237.7) / 6), <=, 2 * scale);
      g_assert_cmpfloat (gauge_end (s, &wbig, scale, &style.accent), ==, 0);

      /* Behind the figures (top edge of the cell): tinted inside the gauge, bare cell after */
      {
        Px cell = px_of (&style.cell, &style.background);
        double y = (big.y + big.height * 0.12) * scale;

        g_assert_true (px_near (pixel (s, big.x * scale + end_big + 3 * scale, y), cell, 1));
        g_assert_false (px_near (pixel (s, big.x * scale + end_big - 3 * scale, y), cell, 8));
      }
      cairo_surface_destroy (s);
    }
}

static void
test_identical (void)
{
  g_autoptr (SsdbSummaryResult) result = make_result (SSDB_PROFILE_NVME, TRUE);
  g_autofree char *a = NULL, *b = NULL, *c = NULL;
  g_autofree char *pa = out_path ("same-a.png");
  g_autofree char *pb = out_path ("same-b.png");
  g_autofree char *pc = out_path ("same-c.png");
  gsize la, lb, lc;
  SsdbSummaryView view;
  SsdbStyle style;

  view_init (&view, result, SSDB_UNIT_MBPS);
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  g_assert_true (ssdb_render_summary_png (&view, &style, pa, 1024, 640, 1, NULL));
  g_assert_true (ssdb_render_summary_png (&view, &style, pb, 1024, 640, 1, NULL));
  g_assert_true (g_file_get_contents (pa, &a, &la, NULL));
  g_assert_true (g_file_get_contents (pb, &b, &lb, NULL));
  g_assert_cmpuint (la, >, 1000);
  g_assert_cmpmem (a, la, b, lb);

  /* ... and a changed figure changes the image */
  set_done (ssdb_summary_result_find (result, "RND4K Q1T1", SSDB_RW_WRITE), 211.48);
  g_assert_true (ssdb_render_summary_png (&view, &style, pc, 1024, 640, 1, NULL));
  g_assert_true (g_file_get_contents (pc, &c, &lc, NULL));
  g_assert_false (la == lc && memcmp (a, c, la) == 0);
}

/* Every column of pixels between two cells stays background: no text ran out of its cell. */
static void
assert_gutters_clean (cairo_surface_t *s, const SsdbSummaryView *view, int w, int h, double scale,
                      const SsdbStyle *style, gboolean mix)
{
  guint n_rows = ssdb_summary_painter_get_n_rows (view);
  Px bg = px_of (&style->background, &style->background);
  SsdbRw cols[] = { SSDB_RW_READ, SSDB_RW_WRITE, SSDB_RW_MIX };

  for (guint r = 0; r < n_rows; r++)
    for (guint c = 0; c < (mix ? 3u : 2u); c++)
      {
        cairo_rectangle_t rect;
        int x0, x1, y0, y1;

        g_assert_true (ssdb_summary_painter_get_cell_rect (view, w, h, r, cols[c], &rect));
        /* the gutter left of the cell, and below it */
        x0 = (int)ceil ((rect.x - 2) * scale);
        x1 = (int)floor (rect.x * scale) - 1;
        y0 = (int)ceil (rect.y * scale);
        y1 = (int)floor ((rect.y + rect.height) * scale) - 1;
        for (int x = x0; x <= x1; x++)
          for (int y = y0; y <= y1; y++)
            if (!px_near (pixel (s, x, y), bg, 0))
              g_error ("row %u col %u: pixel (%d, %d) in the gutter is painted", r, c, x, y);
        for (int x = (int)ceil (rect.x * scale); x < (int)((rect.x + rect.width) * scale); x++)
          {
            int y = (int)ceil ((rect.y + rect.height) * scale) + 1;

            if (!px_near (pixel (s, x, y), bg, 0))
              g_error ("row %u col %u: pixel (%d, %d) below the cell is painted", r, c, x, y);
          }
        /* and right of the last column */
        if (c == (mix ? 2u : 1u))
          for (int y = y0; y <= y1; y++)
            {
              int x = (int)ceil ((rect.x + rect.width) * scale) + 1;

              if (x < w * scale && !px_near (pixel (s, x, y), bg, 0))
                g_error ("row %u: pixel (%d, %d) right of the grid is painted", r, x, y);
            }
      }
}

static void
test_text_fits (void)
{
  g_autoptr (SsdbSummaryResult) result = make_result (SSDB_PROFILE_NVME, TRUE);
  SsdbSummaryEntry *e;
  static const struct
  {
    int w, h;
    double scale;
  } sizes[] = { { 600, 400, 1 }, { 600, 400, 2 }, { 1920, 1080, 1 }, { 900, 360, 1 } };

  /* Absurd figures, long messages, a long title */
  set_done (ssdb_summary_result_find (result, "SEQ1M Q8T1", SSDB_RW_READ), 98765432.12);
  set_done (ssdb_summary_result_find (result, "SEQ128K Q32T1", SSDB_RW_READ), 0.01);
  e = ssdb_summary_result_find (result, "RND4K Q32T16", SSDB_RW_WRITE);
  e->state = SSDB_ENTRY_SKIPPED;
  e->message = g_strdup ("writes skipped: /dev/nvme0n1 is mounted at /home (partition "
                         "nvme0n1p2) and writing would destroy the file system on it");
  e = ssdb_summary_result_find (result, "RND4K Q1T1", SSDB_RW_MIX);
  e->state = SSDB_ENTRY_FAILED;
  e->message = g_strdup ("I/O error on /dev/nvme0n1: write at offset 1073741824 failed: "
                         "Input/output error (EIO)");

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    for (SsdbSummaryUnit unit = SSDB_UNIT_MBPS; unit <= SSDB_UNIT_MIBPS; unit++)
      {
        g_autofree char *name
            = g_strdup_printf ("fits-%dx%d@%g-%s.png", sizes[i].w, sizes[i].h, sizes[i].scale,
                               ssdb_summary_unit_to_string (unit));
        SsdbSummaryView view;
        SsdbStyle style;
        cairo_surface_t *s;

        view_init (&view, result, unit);
        view.target_title = "/dev/disk/by-id/nvme-Samsung_SSD_980_PRO_2TB_S6B0NL0T123456X · "
                            "2.00 TB · Samsung SSD 980 PRO 2TB with a very long model name";
        ssdb_style_init (&style, SSDB_THEME_REVIEW);
        s = render (&view, SSDB_THEME_REVIEW, sizes[i].w, sizes[i].h, sizes[i].scale, name);
        assert_gutters_clean (s, &view, sizes[i].w, sizes[i].h, sizes[i].scale, &style, TRUE);
        /* the title stays inside the right margin */
        for (int y = 0; y < 30 * sizes[i].scale; y++)
          g_assert_true (px_near (pixel (s, sizes[i].w * sizes[i].scale - 3, y),
                                  px_of (&style.background, &style.background), 0));
        cairo_surface_destroy (s);
      }
}

static guint
count_near (cairo_surface_t *s, const cairo_rectangle_t *rect, double scale, Px want, int tol)
{
  guint n = 0;

  for (int y = (int)ceil (rect->y * scale); y < (int)((rect->y + rect->height) * scale); y++)
    for (int x = (int)ceil (rect->x * scale); x < (int)((rect->x + rect->width) * scale); x++)
      if (px_near (pixel (s, x, y), want, tol))
        n++;
  return n;
}

static guint
count_dark (cairo_surface_t *s, const cairo_rectangle_t *rect, double scale, int below)
{
  guint n = 0;

  for (int y = (int)ceil (rect->y * scale); y < (int)((rect->y + rect->height) * scale); y++)
    for (int x = (int)ceil (rect->x * scale); x < (int)((rect->x + rect->width) * scale); x++)
      {
        Px p = pixel (s, x, y);

        if (p.r + p.g + p.b < 3 * below)
          n++;
      }
  return n;
}

/* A run in progress, cut short: skipped, cancelled, failed, running and pending cells. */
static void
test_states (void)
{
  g_autoptr (SsdbSummaryResult) result = make_result (SSDB_PROFILE_DEFAULT, TRUE);
  SsdbSummaryView view;
  SsdbStyle style;
  cairo_surface_t *s;
  cairo_rectangle_t skipped, running, pending, cancelled, failed, done;
  SsdbSummaryEntry *e;
  Px cell;
  double scale = 2;
  int run_index;

  g_free (result->writes_skipped_reason);
  result->writes_skipped_reason = g_strdup ("writes not permitted");
  for (guint i = 0; i < result->entries->len; i++)
    {
      e = g_ptr_array_index (result->entries, i);
      if (e->rw == SSDB_RW_MIX)
        {
          e->state = SSDB_ENTRY_SKIPPED;
          memset (&e->aggregate, 0, sizeof e->aggregate);
        }
    }
  e = ssdb_summary_result_find (result, "RND4K Q32T1", SSDB_RW_WRITE);
  e->state = SSDB_ENTRY_CANCELLED;
  e->aggregate.bytes_per_second = 400e6;
  e = ssdb_summary_result_find (result, "RND4K Q1T1", SSDB_RW_WRITE);
  e->state = SSDB_ENTRY_FAILED;
  e->message = g_strdup ("I/O error at offset 4096");
  e = ssdb_summary_result_find (result, "SEQ1M Q1T1", SSDB_RW_WRITE);
  e->state = SSDB_ENTRY_RUNNING;
  memset (&e->aggregate, 0, sizeof e->aggregate);
  run_index = entry_index (result, "SEQ1M Q1T1", SSDB_RW_WRITE);
  e = ssdb_summary_result_find (result, "SEQ1M Q8T1", SSDB_RW_WRITE);
  e->state = SSDB_ENTRY_PENDING;
  memset (&e->aggregate, 0, sizeof e->aggregate);

  view_init (&view, result, SSDB_UNIT_MBPS);
  view.running_index = run_index;
  view.running_fraction = 0.25;
  view.running_bytes_per_second = 2345.67e6;
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  s = render (&view, SSDB_THEME_REVIEW, 900, 520, scale, "states@2.png");
  cell = px_of (&style.cell, &style.background);

  g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 900, 520, 0, SSDB_RW_MIX, &skipped));
  g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 900, 520, 1, SSDB_RW_WRITE, &running));
  g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 900, 520, 0, SSDB_RW_WRITE, &pending));
  g_assert_true (
      ssdb_summary_painter_get_cell_rect (&view, 900, 520, 2, SSDB_RW_WRITE, &cancelled));
  g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 900, 520, 3, SSDB_RW_WRITE, &failed));
  g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 900, 520, 0, SSDB_RW_READ, &done));

  /* Skipped: dimmed (not the cell colour), no gauge, the reason written in it */
  g_assert_cmpuint (count_near (s, &skipped, scale, cell, 0), <,
                    0.2 * skipped.width * skipped.height * scale * scale);
  g_assert_cmpfloat (gauge_end (s, &skipped, scale, &style.accent3), ==, 0);
  g_assert_cmpuint (count_dark (s, &skipped, scale, 160), >, 50);

  /* Pending: bare cell and a dash, no gauge */
  g_assert_cmpfloat (gauge_end (s, &pending, scale, &style.accent2), ==, 0);
  g_assert_cmpuint (count_near (s, &pending, scale, cell, 0), >,
                    0.8 * pending.width * pending.height * scale * scale);

  /* Running: the bottom bar is filled to 25 % in the column colour, the rest is the track;
   * the live rate is written */
  {
    double end = gauge_end (s, &running, scale, &style.accent2);

    g_assert_cmpfloat (fabs (end - 0.25 * running.width * scale), <=, 2);
    g_assert_cmpuint (count_dark (s, &running, scale, 100), >, 200);
  }

  /* Cancelled and failed: outlined in the error colour; the done cell is not */
  {
    Px err = px_of (&style.error, &style.background);

    g_assert_cmpuint (count_near (s, &cancelled, scale, err, 30), >, 100);
    g_assert_cmpuint (count_near (s, &failed, scale, err, 30), >, 200);
    g_assert_cmpuint (count_near (s, &done, scale, err, 30), ==, 0);
  }
  cairo_surface_destroy (s);

  /* The same run in the other themes and at scale 1 for the record */
  cairo_surface_destroy (render (&view, SSDB_THEME_LIGHT, 900, 520, 1, "states-light.png"));
  cairo_surface_destroy (render (&view, SSDB_THEME_DARK, 900, 520, 1, "states-dark.png"));
  cairo_surface_destroy (render (&view, SSDB_THEME_HIGH_CONTRAST, 900, 520, 1, "states-hc.png"));
}

static void
test_layout (void)
{
  g_autoptr (SsdbSummaryResult) def = make_result (SSDB_PROFILE_DEFAULT, FALSE);
  g_autoptr (SsdbSummaryResult) peak = make_result (SSDB_PROFILE_PEAK, TRUE);
  g_autoptr (SsdbSummaryResult) nvme = make_result (SSDB_PROFILE_NVME, FALSE);
  SsdbSummaryView view;
  cairo_rectangle_t r, r2;
  int index;

  view_init (&view, def, SSDB_UNIT_MBPS);
  g_assert_cmpuint (ssdb_summary_painter_get_n_rows (&view), ==, 4);
  g_assert_false (ssdb_summary_painter_get_cell_rect (&view, 800, 560, 0, SSDB_RW_MIX, &r));
  g_assert_false (ssdb_summary_painter_get_cell_rect (&view, 800, 560, 4, SSDB_RW_READ, &r));

  /* Hit tests agree with the cell rectangles */
  index = entry_index (def, "RND4K Q32T1", SSDB_RW_WRITE);
  g_assert_true (ssdb_summary_painter_get_entry_rect (&view, 800, 560, index, &r));
  g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 800, 560, 2, SSDB_RW_WRITE, &r2));
  g_assert_cmpmem (&r, sizeof r, &r2, sizeof r2);
  g_assert_cmpint (
      ssdb_summary_painter_entry_at (&view, 800, 560, r.x + r.width / 2, r.y + r.height / 2), ==,
      index);
  g_assert_cmpint (ssdb_summary_painter_entry_at (&view, 800, 560, r.x + 1, r.y + 1), ==, index);
  g_assert_cmpint (ssdb_summary_painter_entry_at (&view, 800, 560, r.x - 1, r.y + 1), !=, index);
  g_assert_cmpint (ssdb_summary_painter_entry_at (&view, 800, 560, 2, 2), ==, -1);
  g_assert_false (ssdb_summary_painter_get_entry_rect (&view, 800, 560, 999, &r));
  /* Cells lie inside the image and do not overlap */
  for (guint row = 0; row < 4; row++)
    {
      cairo_rectangle_t a, b;

      g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 600, 400, row, SSDB_RW_READ, &a));
      g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 600, 400, row, SSDB_RW_WRITE, &b));
      g_assert_cmpfloat (a.x, >, 0);
      g_assert_cmpfloat (a.x + a.width, <, b.x);
      g_assert_cmpfloat (b.x + b.width, <=, 600);
      g_assert_cmpfloat (a.y + a.height, <=, 400);
      g_assert_cmpfloat (a.height, >=, 40);
      if (row > 0)
        {
          cairo_rectangle_t up;

          ssdb_summary_painter_get_cell_rect (&view, 600, 400, row - 1, SSDB_RW_READ, &up);
          g_assert_cmpfloat (up.y + up.height, <, a.y);
        }
    }

  view_init (&view, peak, SSDB_UNIT_MBPS);
  g_assert_cmpuint (ssdb_summary_painter_get_n_rows (&view), ==, 2);
  g_assert_true (ssdb_summary_painter_get_cell_rect (&view, 800, 560, 1, SSDB_RW_MIX, &r));
  cairo_surface_destroy (render (&view, SSDB_THEME_REVIEW, 800, 560, 1, "peak-mix.png"));

  view_init (&view, nvme, SSDB_UNIT_IOPS);
  g_assert_cmpuint (ssdb_summary_painter_get_n_rows (&view), ==, 4);
  cairo_surface_destroy (render (&view, SSDB_THEME_LIGHT, 800, 560, 1, "nvme-iops.png"));

  /* No result yet: the default profile's empty grid */
  memset (&view, 0, sizeof view);
  view.running_index = -1;
  g_assert_cmpuint (ssdb_summary_painter_get_n_rows (&view), ==, 4);
  g_assert_cmpint (ssdb_summary_painter_entry_at (&view, 800, 560, 400, 300), ==, -1);
  cairo_surface_destroy (render (&view, SSDB_THEME_DARK, 800, 560, 1, "empty.png"));
}

static void
test_errors (void)
{
  g_autoptr (SsdbSummaryResult) result = make_result (SSDB_PROFILE_DEFAULT, FALSE);
  g_autoptr (GError) error = NULL;
  g_autofree char *bad_size = out_path ("bad-size.png");
  g_autofree char *dir_path = out_path ("a-directory");
  SsdbSummaryView view;
  SsdbStyle style;

  view_init (&view, result, SSDB_UNIT_MBPS);
  ssdb_style_init (&style, SSDB_THEME_REVIEW);

  g_assert_false (ssdb_render_summary_png (&view, &style, "/nonexistent-ssdb-dir/summary.png", 800,
                                           560, 1, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
  g_assert_nonnull (strstr (error->message, "/nonexistent-ssdb-dir/summary.png"));
  g_assert_nonnull (strstr (error->message, g_strerror (ENOENT)));
  g_clear_error (&error);

  g_assert_false (ssdb_render_summary_png (&view, &style, bad_size, 0, 560, 1, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, bad_size));
  g_clear_error (&error);
  g_assert_false (ssdb_render_summary_png (&view, &style, bad_size, 800, 560, 0, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (g_file_test (bad_size, G_FILE_TEST_EXISTS));

  /* A directory in the way: nothing is left behind next to it */
  g_assert_cmpint (g_mkdir (dir_path, 0755), ==, 0);
  g_assert_false (ssdb_render_summary_png (&view, &style, dir_path, 800, 560, 1, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, dir_path));
  g_test_message ("%s", error->message);
  g_clear_error (&error);
  g_assert_cmpint (g_rmdir (dir_path), ==, 0);

  {
    SsdbTheme theme = SSDB_THEME_REVIEW;

    g_assert_true (ssdb_theme_from_string ("high-contrast", &theme));
    g_assert_cmpint (theme, ==, SSDB_THEME_HIGH_CONTRAST);
    g_assert_false (ssdb_theme_from_string ("solarized", &theme));
    g_assert_cmpint (theme, ==, SSDB_THEME_HIGH_CONTRAST);
    g_assert_cmpstr (ssdb_theme_to_string (SSDB_THEME_DARK), ==, "dark");
  }
}

static void
test_themes (void)
{
  SsdbStyle s;

  ssdb_style_init (&s, SSDB_THEME_LIGHT);
  g_assert_cmpint ((int)lround (s.background.r * 255), ==, 0xfa);
  g_assert_cmpint ((int)lround (s.accent.r * 255), ==, 0x35);
  g_assert_cmpint ((int)lround (s.accent.g * 255), ==, 0x84);
  g_assert_cmpint ((int)lround (s.accent.b * 255), ==, 0xe4);
  ssdb_style_init (&s, SSDB_THEME_DARK);
  g_assert_cmpint ((int)lround (s.background.r * 255), ==, 0x24);
  g_assert_cmpfloat (s.foreground.r, ==, 1.0);
  ssdb_style_init (&s, SSDB_THEME_REVIEW);
  g_assert_cmpfloat (s.background.r + s.background.g + s.background.b, ==, 3.0);
  g_assert_false (s.locale_numbers);
  g_assert_nonnull (s.font_family);
}

/* The running cell shows the live rate in the chosen unit. */
static void
test_running_text (void)
{
  g_autoptr (SsdbSummaryResult) result = make_result (SSDB_PROFILE_DEFAULT, FALSE);
  int index = entry_index (result, "RND4K Q32T1", SSDB_RW_READ);
  SsdbSummaryEntry *e = g_ptr_array_index (result->entries, index);
  SsdbSummaryView view;
  char *s;

  e->state = SSDB_ENTRY_RUNNING;
  view_init (&view, result, SSDB_UNIT_MBPS);
  view.running_index = index;
  view.running_fraction = 0.5;
  /* 100000 requests of 4 KiB a second */
  view.running_bytes_per_second = 409.6e6;

  CHECK (ssdb_summary_painter_get_cell_text (&view, index, FALSE), "409.60");
  view.unit = SSDB_UNIT_IOPS;
  CHECK (ssdb_summary_painter_get_cell_text (&view, index, FALSE), "100000.0");
  /* 32 requests in flight at 100000 IOPS: 320 µs each */
  view.unit = SSDB_UNIT_USEC;
  CHECK (ssdb_summary_painter_get_cell_text (&view, index, FALSE), "320.00");
  view.unit = SSDB_UNIT_GBPS;
  CHECK (ssdb_summary_painter_get_cell_text (&view, index, FALSE), "0.410");

  /* No live rate yet: what the finished passes gave */
  view.unit = SSDB_UNIT_MBPS;
  view.running_bytes_per_second = 0;
  CHECK (ssdb_summary_painter_get_cell_text (&view, index, FALSE), "812.33");
  /* Other cells: their result */
  CHECK (ssdb_summary_painter_get_cell_text (
             &view, entry_index (result, "SEQ1M Q1T1", SSDB_RW_READ), FALSE),
         "3021.45");
  CHECK (ssdb_summary_painter_get_cell_text (&view, 999, FALSE), "—");

  /* A wide live figure next to the progress badge in a small cell stays inside the cell */
  {
    SsdbStyle style;
    cairo_surface_t *img;

    view.running_bytes_per_second = 98765.43e6;
    view.running_fraction = 0.999;
    view.unit = SSDB_UNIT_MBPS;
    ssdb_style_init (&style, SSDB_THEME_REVIEW);
    img = render (&view, SSDB_THEME_REVIEW, 600, 400, 2, "running-wide@2.png");
    assert_gutters_clean (img, &view, 600, 400, 2, &style, FALSE);
    cairo_surface_destroy (img);
  }
}

/* Any size, any state: no warning, no crash, nothing outside the area. */
static void
test_tiny_and_huge (void)
{
  g_autoptr (SsdbSummaryResult) result = make_result (SSDB_PROFILE_NVME, TRUE);
  static const int sizes[][2] = { { 1, 1 },     { 8, 6 },     { 40, 30 },   { 120, 80 },
                                  { 300, 200 }, { 640, 120 }, { 200, 900 }, { 3840, 2160 } };
  SsdbSummaryEntry *e;
  SsdbSummaryView view;
  SsdbStyle style;

  e = ssdb_summary_result_find (result, "RND4K Q1T1", SSDB_RW_WRITE);
  e->state = SSDB_ENTRY_SKIPPED;
  e = ssdb_summary_result_find (result, "SEQ1M Q8T1", SSDB_RW_MIX);
  e->state = SSDB_ENTRY_FAILED;
  view_init (&view, result, SSDB_UNIT_USEC);
  view.running_index = entry_index (result, "RND4K Q32T16", SSDB_RW_READ);
  view.running_fraction = NAN;
  view.running_bytes_per_second = INFINITY;
  ssdb_style_init (&style, SSDB_THEME_HIGH_CONTRAST);

  for (guint i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      int w = sizes[i][0], h = sizes[i][1];
      /* one pixel of margin around the area, which must stay untouched */
      cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w + 2, h + 2);
      cairo_t *cr = cairo_create (s);

      cairo_translate (cr, 1, 1);
      ssdb_summary_painter_draw (&view, &style, cr, w, h);
      g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
      cairo_destroy (cr);
      cairo_surface_flush (s);
      for (int x = 0; x < w + 2; x++)
        {
          guint32 top, bottom;
          const guint8 *data = cairo_image_surface_get_data (s);
          int stride = cairo_image_surface_get_stride (s);

          memcpy (&top, data + x * 4, 4);
          memcpy (&bottom, data + (h + 1) * stride + x * 4, 4);
          g_assert_cmpuint (top, ==, 0);
          g_assert_cmpuint (bottom, ==, 0);
        }
      cairo_surface_destroy (s);
    }

  /* Nothing at all for an empty area */
  {
    cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 4, 4);
    cairo_t *cr = cairo_create (s);

    ssdb_summary_painter_draw (&view, &style, cr, 0, 0);
    ssdb_summary_painter_draw (&view, &style, cr, -5, 10);
    cairo_destroy (cr);
    cairo_surface_flush (s);
    g_assert_cmpuint (*(guint32 *)cairo_image_surface_get_data (s), ==, 0);
    cairo_surface_destroy (s);
  }
}

static cairo_status_t
append_bytes (void *closure, const unsigned char *data, unsigned int length)
{
  g_byte_array_append (closure, data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* The same painter draws vector exports: SVG and PDF at the logical size, text as glyphs. */
static void
test_vector (void)
{
  g_autoptr (SsdbSummaryResult) result = make_result (SSDB_PROFILE_DEFAULT, TRUE);
  g_autoptr (GByteArray) svg = g_byte_array_new ();
  g_autoptr (GByteArray) pdf = g_byte_array_new ();
  SsdbSummaryView view;
  SsdbStyle style;
  cairo_surface_t *surface;
  cairo_t *cr;

  view_init (&view, result, SSDB_UNIT_MBPS);
  ssdb_style_init (&style, SSDB_THEME_REVIEW);

  surface = cairo_svg_surface_create_for_stream (append_bytes, svg, 800, 560);
  cr = cairo_create (surface);
  ssdb_summary_painter_draw (&view, &style, cr, 800, 560);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  {
    g_autofree char *path = out_path ("vector.svg");

    g_assert_true (g_file_set_contents (path, (const char *)svg->data, svg->len, NULL));
  }
  g_byte_array_append (svg, (const guint8 *)"", 1);
  g_assert_nonnull (strstr ((const char *)svg->data, "width=\"800\""));
  g_assert_nonnull (strstr ((const char *)svg->data, "id=\"glyph"));
  /* the review theme's cell grey and read blue are in the file */
  g_assert_nonnull (strstr ((const char *)svg->data, "rgb(94.509804%,94.901961%,95.686275%)"));
  g_assert_nonnull (strstr ((const char *)svg->data, "rgb(0%,44.705882%,69.803922%)"));

  surface = cairo_pdf_surface_create_for_stream (append_bytes, pdf, 800, 560);
  cr = cairo_create (surface);
  ssdb_summary_painter_draw (&view, &style, cr, 800, 560);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  cairo_surface_destroy (surface);
  g_assert_cmpuint (pdf->len, >, 1000);
  g_assert_cmpmem (pdf->data, 5, "%PDF-", 5);
}

static void
remove_dir (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      g_unlink (child);
    }
  g_rmdir (path);
}

int
main (int argc, char **argv)
{
  const char *keep = g_getenv ("SSDB_TEST_OUTPUT_DIR");
  int ret;

  setlocale (LC_ALL, "");
  g_test_init (&argc, &argv, NULL);

  if (keep != NULL && *keep)
    {
      g_mkdir_with_parents (keep, 0755);
      out_dir = g_strdup (keep);
      keep_output = TRUE;
    }
  else
    out_dir = g_dir_make_tmp ("ssdb-painter-XXXXXX", NULL);
  g_assert_nonnull (out_dir);

  g_test_add_func ("/painter/format-value", test_format_value);
  g_test_add_func ("/painter/format-locale", test_format_locale);
  g_test_add_func ("/painter/units-and-gauge", test_units_and_gauge);
  g_test_add_func ("/painter/themes", test_themes);
  g_test_add_func ("/painter/png-sizes", test_png_sizes);
  g_test_add_func ("/painter/gauge-widths", test_gauge_widths);
  g_test_add_func ("/painter/identical", test_identical);
  g_test_add_func ("/painter/text-fits", test_text_fits);
  g_test_add_func ("/painter/states", test_states);
  g_test_add_func ("/painter/layout", test_layout);
  g_test_add_func ("/painter/errors", test_errors);
  g_test_add_func ("/painter/running-text", test_running_text);
  g_test_add_func ("/painter/tiny-and-huge", test_tiny_and_huge);
  g_test_add_func ("/painter/vector", test_vector);

  ret = g_test_run ();
  if (!keep_output)
    remove_dir (out_dir);
  g_free (out_dir);
  return ret;
}
