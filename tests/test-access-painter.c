/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The access-time painters (heatmap and relief) and the transfer-size sweep painter: synthetic
 * results with known shapes rendered for real and measured pixel by pixel at the coordinates
 * the painters' geometry functions give. Set SSDB_TEST_OUTPUT_DIR to keep the images.
 */
#include "config.h"

#include "ssdb-access-painter.h"
#include "ssdb-error.h"
#include "ssdb-sweep-painter.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static char *out_dir;
static gboolean keep_output;

static const SsdbTheme themes[]
    = { SSDB_THEME_REVIEW, SSDB_THEME_LIGHT, SSDB_THEME_DARK, SSDB_THEME_HIGH_CONTRAST };

/* Bins of the synthetic distribution: QD1 all at 31.6 µs, QD32 all at 31.6 ms. */
#define QD1_BIN 5
#define QD32_BIN 35

static guint64
bin_mid_ns (guint bin)
{
  return (ssdb_access_bin_edge_ns (bin) + ssdb_access_bin_edge_ns (bin + 1)) / 2;
}

/* A result of @n steps at depths 1, 2, 4, ...: step 0 has all its reads in QD1_BIN, the last
 * in QD32_BIN, the steps between spread evenly over three bins around a rising centre. */
static SsdbAccessResult *
make_access (guint n, SsdbAccessMode mode)
{
  SsdbAccessSpec spec;
  SsdbAccessResult *r;

  ssdb_access_spec_init (&spec);
  spec.n_depths = n;
  spec.mode = mode;
  for (guint i = 0; i < n; i++)
    spec.depths[i] = 1u << i;
  r = ssdb_access_result_new (&spec);
  for (guint i = 0; i < n; i++)
    {
      SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);
      guint64 ios = 100000;

      s->state = SSDB_ENTRY_DONE;
      s->io.ios = ios;
      if (i == 0 || i + 1 == n)
        {
          guint bin = i == 0 ? QD1_BIN : QD32_BIN;

          s->bins[bin] = ios;
          s->mean_ns = (double)bin_mid_ns (bin);
          s->median_ns = s->p99_ns = bin_mid_ns (bin);
        }
      else
        {
          guint c = QD1_BIN + (QD32_BIN - QD1_BIN) * i / (n - 1);

          s->bins[c - 1] = ios / 4;
          s->bins[c] = ios / 2;
          s->bins[c + 1] = ios / 4;
          s->mean_ns = (double)bin_mid_ns (c);
          s->median_ns = bin_mid_ns (c);
          s->p99_ns = bin_mid_ns (c + 1);
        }
      s->iops = ios / 3.0;
      s->achieved_depth = s->depth;
    }
  r->analysis.words = g_strdup ("Mean access time grows with the depth: the drive serves queued "
                                "requests one at a time.");
  return r;
}

static cairo_surface_t *
render_access (const SsdbAccessView *view, SsdbTheme theme, int w, int h, double scale)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)ceil (w * scale),
                                                   (int)ceil (h * scale));
  cairo_t *cr = cairo_create (s);
  SsdbStyle style;

  ssdb_style_init (&style, theme);
  cairo_scale (cr, scale, scale);
  ssdb_access_painter_draw (view, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

static cairo_surface_t *
render_sweep (const SsdbSweepView *view, SsdbTheme theme, int w, int h, double scale)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)ceil (w * scale),
                                                   (int)ceil (h * scale));
  cairo_t *cr = cairo_create (s);
  SsdbStyle style;

  ssdb_style_init (&style, theme);
  cairo_scale (cr, scale, scale);
  ssdb_sweep_painter_draw (view, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

/* The colour of the pixel under logical (x, y). */
static SsdbRgba
pixel (cairo_surface_t *s, double scale, double x, double y)
{
  int px = (int)floor (x * scale), py = (int)floor (y * scale);
  int stride = cairo_image_surface_get_stride (s);
  const guint8 *data = cairo_image_surface_get_data (s);
  guint32 v;

  g_assert_cmpint (px, >=, 0);
  g_assert_cmpint (py, >=, 0);
  g_assert_cmpint (px, <, cairo_image_surface_get_width (s));
  g_assert_cmpint (py, <, cairo_image_surface_get_height (s));
  v = *(const guint32 *)(data + py * stride + px * 4);
  return (SsdbRgba){ ((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0,
                     ((v >> 24) & 0xff) / 255.0 };
}

static double
color_distance (const SsdbRgba *a, const SsdbRgba *b)
{
  return fabs (a->r - b->r) + fabs (a->g - b->g) + fabs (a->b - b->b);
}

static void
assert_color (cairo_surface_t *s, double scale, double x, double y, const SsdbRgba *want,
              double tolerance, const char *what)
{
  SsdbRgba got = pixel (s, scale, x, y);
  double d = color_distance (&got, want);

  if (d > tolerance)
    g_error ("%s at (%.1f, %.1f) scale %g: got #%02x%02x%02x, want #%02x%02x%02x", what, x, y,
             scale, (int)round (got.r * 255), (int)round (got.g * 255), (int)round (got.b * 255),
             (int)round (want->r * 255), (int)round (want->g * 255), (int)round (want->b * 255));
}

static void
save (cairo_surface_t *s, const char *name)
{
  g_autofree char *path = g_build_filename (out_dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (ssdb_render_surface_write_png (s, path, &error));
  g_assert_no_error (error);
}

static gboolean
files_equal (const char *a, const char *b)
{
  g_autofree char *da = NULL, *db = NULL;
  gsize la, lb;

  g_assert_true (g_file_get_contents (a, &da, &la, NULL));
  g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
  return la == lb && memcmp (da, db, la) == 0;
}

/* ---- ramp --------------------------------------------------------------------------------- */

static double
luminance (const SsdbRgba *c)
{
  return 0.2126 * c->r + 0.7152 * c->g + 0.0722 * c->b;
}

static void
test_ramp (void)
{
  SsdbRgba c0 = ssdb_access_ramp (0), c1 = ssdb_access_ramp (1), nan_c = ssdb_access_ramp (NAN);
  SsdbRgba purple = { 0x44 / 255.0, 0x01 / 255.0, 0x54 / 255.0, 1 };
  SsdbRgba yellow = { 0xfd / 255.0, 0xe7 / 255.0, 0x25 / 255.0, 1 };
  double prev = -1;

  g_assert_cmpfloat (color_distance (&c0, &purple), <, 1e-9);
  g_assert_cmpfloat (color_distance (&c1, &yellow), <, 1e-9);
  g_assert_cmpfloat (color_distance (&nan_c, &purple), <, 1e-9);
  /* Lightness rises all along the ramp: it reads in greyscale and for colour-blind readers. */
  for (int i = 0; i <= 100; i++)
    {
      SsdbRgba c = ssdb_access_ramp (i / 100.0);
      double lum = luminance (&c);

      g_assert_cmpfloat (lum, >, prev);
      prev = lum;
    }
  g_assert_cmpfloat (ssdb_access_ramp_position (1.0), ==, 1.0);
  g_assert_cmpfloat (ssdb_access_ramp_position (0.0), ==, 0.0);
  g_assert_cmpfloat (ssdb_access_ramp_position (NAN), ==, 0.0);
  g_assert_cmpfloat (ssdb_access_ramp_position (1e-5), ==, 0.0);
  g_assert_cmpfloat (fabs (ssdb_access_ramp_position (0.01) - 0.6), <, 1e-9);

  {
    g_autofree char *a = ssdb_access_step_label (SSDB_ACCESS_MODE_QUEUE, 32);
    g_autofree char *b = ssdb_access_step_label (SSDB_ACCESS_MODE_THREADS, 4);

    g_assert_cmpstr (a, ==, "QD32");
    g_assert_cmpstr (b, ==, "T4");
  }
}

/* ---- heatmap ------------------------------------------------------------------------------ */

static void
test_heatmap_cells (void)
{
  g_autoptr (SsdbAccessResult) r = make_access (6, SSDB_ACCESS_MODE_QUEUE);
  SsdbRgba top = ssdb_access_ramp (1), bottom = ssdb_access_ramp (0);
  SsdbAccessView view;
  const double scales[] = { 1, 2 };

  ssdb_access_view_init (&view);
  view.result = r;
  view.target_title = "/dev/zram0 · 2.15 GB";
  view.target_subtitle = "4 KiB random reads · 3 s per step";
  g_assert_cmpuint (ssdb_access_painter_n_columns (&view), ==, 6);

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
      {
        const int w = 1000, h = 700;
        double sc = scales[k];
        cairo_surface_t *s = render_access (&view, themes[t], w, h, sc);
        cairo_rectangle_t cell, plot, bar;
        SsdbStyle style;
        SsdbRgba empty;
        double y;

        ssdb_style_init (&style, themes[t]);
        empty = ssdb_chart_plot_background (&style);
        ssdb_access_painter_get_plot_rect (&view, w, h, &plot);
        /* The axis spans the decades that hold reads (bins 4 .. 36): 10 µs at the bottom, 100 ms
         * at the top. */
        g_assert_cmpfloat (
            fabs (ssdb_access_painter_y_for_latency (&view, w, h, 1e4) - (plot.y + plot.height)), <,
            1e-6);
        g_assert_cmpfloat (fabs (ssdb_access_painter_y_for_latency (&view, w, h, 1e8) - plot.y), <,
                           1e-6);

        /* QD1's only bin is the ramp's top colour; look left of the column centre, clear of
         * the lines (they start at the centre). */
        g_assert_true (ssdb_access_painter_get_cell_rect (&view, w, h, 0, QD1_BIN, &cell));
        g_assert_cmpfloat (cell.height, >, 3);
        assert_color (s, sc, cell.x + 3, cell.y + cell.height / 2, &top, 0.02, "QD1 full bin");
        /* The bins just above and below it hold no reads: the plot background, not the ramp's
         * darkest colour (which is a share). */
        g_assert_true (ssdb_access_painter_get_cell_rect (&view, w, h, 0, QD1_BIN + 2, &cell));
        assert_color (s, sc, cell.x + 3, cell.y + cell.height / 2, &empty, 0.02, "QD1 empty");
        g_assert_true (ssdb_access_painter_get_cell_rect (&view, w, h, 0, 39, &cell));
        assert_color (s, sc, cell.x + cell.width / 2, cell.y + cell.height / 2, &empty, 0.02,
                      "QD1 at 80 ms");
        /* 1 s is beyond the slowest read: no row for it. */
        g_assert_false (ssdb_access_painter_get_cell_rect (&view, w, h, 0, 50, &cell));
        /* QD32's mass is in its own bin, right of its column centre. */
        g_assert_true (ssdb_access_painter_get_cell_rect (&view, w, h, 5, QD32_BIN, &cell));
        assert_color (s, sc, cell.x + cell.width - 3, cell.y + cell.height / 2, &top, 0.02,
                      "QD32 full bin");
        g_assert_true (ssdb_access_painter_get_cell_rect (&view, w, h, 5, QD1_BIN, &cell));
        assert_color (s, sc, cell.x + cell.width - 3, cell.y + cell.height / 2, &empty, 0.02,
                      "QD32 at QD1's bin");
        /* A middle step: half its reads in the centre bin, a quarter in each neighbour. */
        {
          guint c = QD1_BIN + (QD32_BIN - QD1_BIN) * 2 / 5;
          SsdbRgba half = ssdb_access_ramp (ssdb_access_ramp_position (0.5));
          SsdbRgba quarter = ssdb_access_ramp (ssdb_access_ramp_position (0.25));

          g_assert_true (ssdb_access_painter_get_cell_rect (&view, w, h, 2, c, &cell));
          assert_color (s, sc, cell.x + 3, cell.y + cell.height / 2, &half, 0.03, "half");
          g_assert_true (ssdb_access_painter_get_cell_rect (&view, w, h, 2, c + 1, &cell));
          assert_color (s, sc, cell.x + 3, cell.y + cell.height / 2, &quarter, 0.03, "quarter");
        }
        /* No reads below 10 µs or of 10 s or more: no outer rows. */
        g_assert_false (
            ssdb_access_painter_get_cell_rect (&view, w, h, 0, SSDB_ACCESS_BIN_BELOW, &cell));
        g_assert_false (
            ssdb_access_painter_get_cell_rect (&view, w, h, 0, SSDB_ACCESS_BIN_ABOVE, &cell));

        /* The mean line: white mark at each step's mean, and white half-way between steps. */
        for (guint i = 0; i < 6; i++)
          {
            const SsdbAccessStep *st = &g_array_index (r->steps, SsdbAccessStep, i);
            double x = ssdb_access_painter_x_for_step (&view, w, h, i);

            y = ssdb_access_painter_y_for_latency (&view, w, h, st->mean_ns);
            assert_color (s, sc, x, y, &(SsdbRgba){ 1, 1, 1, 1 }, 0.05, "mean mark");
          }
        {
          const SsdbAccessStep *a = &g_array_index (r->steps, SsdbAccessStep, 1);
          const SsdbAccessStep *b = &g_array_index (r->steps, SsdbAccessStep, 2);
          double xa = ssdb_access_painter_x_for_step (&view, w, h, 1);
          double xb = ssdb_access_painter_x_for_step (&view, w, h, 2);
          double ya = ssdb_access_painter_y_for_latency (&view, w, h, a->mean_ns);
          double yb = ssdb_access_painter_y_for_latency (&view, w, h, b->mean_ns);

          assert_color (s, sc, (xa + xb) / 2, (ya + yb) / 2, &(SsdbRgba){ 1, 1, 1, 1 }, 0.12,
                        "mean line between steps");
        }

        /* The colour bar runs from the ramp's bottom to its top. */
        ssdb_access_painter_get_legend_rect (&view, w, h, &bar);
        g_assert_cmpfloat (bar.x, >, plot.x + plot.width);
        g_assert_cmpfloat (bar.x + bar.width, <, w);
        assert_color (s, sc, bar.x + bar.width / 2, bar.y + bar.height - 1.5, &bottom, 0.05,
                      "bar bottom");
        assert_color (s, sc, bar.x + bar.width / 2, bar.y + 1.5, &top, 0.05, "bar top");

        if (themes[t] == SSDB_THEME_REVIEW || themes[t] == SSDB_THEME_DARK)
          {
            g_autofree char *name
                = g_strdup_printf ("heatmap-%s-x%g.png", ssdb_theme_to_string (themes[t]), sc);
            save (s, name);
          }
        cairo_surface_destroy (s);
      }
}

static void
test_heatmap_outer_rows_and_hover (void)
{
  g_autoptr (SsdbAccessResult) r = make_access (3, SSDB_ACCESS_MODE_THREADS);
  SsdbAccessStep *s0 = &g_array_index (r->steps, SsdbAccessStep, 0);
  SsdbAccessStep *s2 = &g_array_index (r->steps, SsdbAccessStep, 2);
  SsdbAccessView view;
  cairo_rectangle_t cell, plot;
  cairo_surface_t *s;
  guint step;
  int bin;
  g_autofree char *text = NULL;

  /* QD1: all faster than 10 µs; the last step: a tenth 10 s or more. */
  s0->bins[QD1_BIN] = 0;
  s0->below = 100000;
  s2->bins[QD32_BIN] = 90000;
  s2->above = 10000;

  ssdb_access_view_init (&view);
  view.result = r;
  g_assert_true (
      ssdb_access_painter_get_cell_rect (&view, 900, 600, 0, SSDB_ACCESS_BIN_BELOW, &cell));
  ssdb_access_painter_get_plot_rect (&view, 900, 600, &plot);
  g_assert_cmpfloat (cell.y, >=, plot.y + plot.height);
  s = render_access (&view, SSDB_THEME_REVIEW, 900, 600, 1);
  assert_color (s, 1, cell.x + 3, cell.y + cell.height / 2,
                &(SsdbRgba){ 0xfd / 255.0, 0xe7 / 255.0, 0x25 / 255.0, 1 }, 0.02, "below row");
  g_assert_true (
      ssdb_access_painter_get_cell_rect (&view, 900, 600, 2, SSDB_ACCESS_BIN_ABOVE, &cell));
  g_assert_cmpfloat (cell.y + cell.height, <=, plot.y);
  {
    SsdbRgba tenth = ssdb_access_ramp (ssdb_access_ramp_position (0.1));

    assert_color (s, 1, cell.x + cell.width - 3, cell.y + cell.height / 2, &tenth, 0.03,
                  "above row");
  }
  save (s, "heatmap-threads-outer.png");
  cairo_surface_destroy (s);

  /* Hover: the cell under a point, and its words. */
  g_assert_true (ssdb_access_painter_get_cell_rect (&view, 900, 600, 2, QD32_BIN, &cell));
  g_assert_true (ssdb_access_painter_cell_at (&view, 900, 600, cell.x + cell.width / 2,
                                              cell.y + cell.height / 2, &step, &bin));
  g_assert_cmpuint (step, ==, 2);
  g_assert_cmpint (bin, ==, QD32_BIN);
  g_assert_false (ssdb_access_painter_cell_at (&view, 900, 600, 1, 1, &step, &bin));
  text = ssdb_access_painter_dup_hover_text (&view, 2, QD32_BIN, FALSE);
  g_test_message ("hover: %s", text);
  g_assert_nonnull (strstr (text, "T4"));
  g_assert_nonnull (strstr (text, "31.6 ms – 39.8 ms"));
  g_assert_nonnull (strstr (text, "90 % of reads (90000)"));
  g_assert_null (ssdb_access_painter_dup_hover_text (&view, 7, 0, FALSE));
}

/* ---- relief ------------------------------------------------------------------------------- */

/* A step with every read in one bucket: the relief's share axis ends at 100 % (not at a
 * rounder 125 %) at the top of the front plane. */
static void
test_relief_full_share (void)
{
  g_autoptr (SsdbAccessResult) r = make_access (3, SSDB_ACCESS_MODE_QUEUE);
  SsdbAccessStep *s0 = &g_array_index (r->steps, SsdbAccessStep, 0);
  SsdbAccessView view;
  cairo_rectangle_t plot;
  double y;

  s0->bins[QD1_BIN] = 0;
  s0->below = s0->io.ios;
  ssdb_access_view_init (&view);
  view.result = r;
  view.chart = SSDB_ACCESS_CHART_RELIEF;
  ssdb_access_painter_get_plot_rect (&view, 1000, 700, &plot);
  g_assert_true (ssdb_access_painter_relief_point (&view, 1000, 700, 0, 1e6, 1.0, NULL, &y));
  g_assert_cmpfloat (fabs (y - plot.y), <, 1e-6);
}

static void
test_relief (void)
{
  g_autoptr (SsdbAccessResult) r = make_access (6, SSDB_ACCESS_MODE_QUEUE);
  SsdbAccessView view;
  const int w = 1000, h = 700;

  /* Every step the same broad distribution: 20 bins of 5 % from 100 µs. */
  for (guint i = 0; i < 6; i++)
    {
      SsdbAccessStep *s = &g_array_index (r->steps, SsdbAccessStep, i);

      memset (s->bins, 0, sizeof s->bins);
      for (guint k = 10; k < 30; k++)
        s->bins[k] = 5000;
      s->io.ios = 100000;
    }
  ssdb_access_view_init (&view);
  view.result = r;
  view.chart = SSDB_ACCESS_CHART_RELIEF;
  view.target_title = "Relief";

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      cairo_surface_t *s = render_access (&view, themes[t], w, h, 1);
      SsdbRgba front = ssdb_access_painter_relief_color (0, 6);
      SsdbRgba second = ssdb_access_painter_relief_color (1, 6);
      double x0, y0, xp, yp, x1, y1, bx, by;
      cairo_rectangle_t plot;

      ssdb_access_painter_get_plot_rect (&view, w, h, &plot);
      /* Later steps sit up and to the right. */
      g_assert_true (ssdb_access_painter_relief_point (&view, w, h, 0, 1e6, 0, &x0, &y0));
      g_assert_true (ssdb_access_painter_relief_point (&view, w, h, 1, 1e6, 0, &x1, &y1));
      g_assert_cmpfloat (x1, >, x0);
      g_assert_cmpfloat (y1, <, y0);
      g_assert_cmpfloat (fabs (y0 - (plot.y + plot.height)), <, 1e-6);
      g_assert_false (ssdb_access_painter_relief_point (&view, w, h, 6, 1e6, 0, NULL, NULL));
      /* Inside the front curve, at a point the second curve covers too: the front wins. */
      g_assert_true (ssdb_access_painter_relief_point (&view, w, h, 0, 1e6, 0.05, &xp, &yp));
      g_assert_true (ssdb_access_painter_relief_point (&view, w, h, 1, 1e6, 0, &bx, &by));
      g_assert_cmpfloat (yp, <, by - 10);
      assert_color (s, 1, xp, by - 5, &front, 0.03, "front curve over the second");
      /* Above the front curve's top, the second one shows. */
      g_assert_true (ssdb_access_painter_relief_point (&view, w, h, 1, 1e6, 0.05, &bx, &by));
      assert_color (s, 1, bx, (yp + by) / 2 - 2, &second, 0.03, "second curve above the front");
      /* Nothing at 10 ms (beyond the data) on the front plane. */
      g_assert_true (ssdb_access_painter_relief_point (&view, w, h, 0, 3e7, 0.01, &xp, &yp));
      {
        SsdbRgba got = pixel (s, 1, xp, yp);

        g_assert_cmpfloat (color_distance (&got, &front), >, 0.2);
      }
      if (themes[t] == SSDB_THEME_REVIEW || themes[t] == SSDB_THEME_DARK)
        {
          g_autofree char *name
              = g_strdup_printf ("relief-%s.png", ssdb_theme_to_string (themes[t]));
          save (s, name);
        }
      cairo_surface_destroy (s);
    }
}

/* ---- sweep -------------------------------------------------------------------------------- */

static SsdbSweepResult *
make_sweep (const double *read, const double *write, guint n)
{
  SsdbSweepSpec spec;
  SsdbSweepResult *r;

  ssdb_sweep_spec_init (&spec);
  spec.do_write = write != NULL;
  r = ssdb_sweep_result_new (&spec);
  r->n_sizes = n;
  for (guint i = 0; i < n; i++)
    {
      r->sizes[i] = 512u << i;
      for (guint k = 0; k < 2; k++)
        {
          const double *rates = k == 0 ? read : write;
          SsdbSweepPoint pt = { 0 };

          if (rates == NULL)
            continue;
          pt.size = r->sizes[i];
          pt.rw = k == 0 ? SSDB_RW_READ : SSDB_RW_WRITE;
          pt.bytes_per_second = rates[i];
          pt.iops = rates[i] / pt.size;
          g_array_append_val (k == 0 ? r->read : r->write, pt);
        }
    }
  return r;
}

/* x where the bar drawn in @color along row y ends, scanning right from @x0. */
static double
bar_end (cairo_surface_t *s, double scale, double x0, double y, double x_max, const SsdbRgba *c)
{
  double x = x0 + 1;

  while (x < x_max)
    {
      SsdbRgba got = pixel (s, scale, x, y);

      if (color_distance (&got, c) > 0.1)
        break;
      x += 1.0 / scale;
    }
  return x;
}

static void
test_sweep_bars (void)
{
  double read[18], write[18];
  g_autoptr (SsdbSweepResult) r = NULL;
  SsdbSweepView view;
  const double scales[] = { 1, 2 };

  for (guint i = 0; i < 18; i++)
    {
      read[i] = 100e6 * (i + 1);
      write[i] = 50e6 * (i + 1);
    }
  read[3] = 100e6;
  read[4] = 400e6;
  r = make_sweep (read, write, 18);
  ssdb_sweep_view_init (&view);
  view.result = r;
  view.target_title = "Transfer sizes";
  g_assert_cmpuint (ssdb_sweep_painter_n_rows (&view), ==, 18);

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
      {
        const int w = 1100, h = 760;
        double sc = scales[k];
        SsdbStyle style;
        cairo_surface_t *s = render_sweep (&view, themes[t], w, h, sc);
        cairo_rectangle_t plot, b100, b400, wbar;
        double e100, e400, x0;

        ssdb_style_init (&style, themes[t]);
        ssdb_sweep_painter_get_plot_rect (&view, w, h, &plot);
        x0 = ssdb_sweep_painter_x_for_rate (&view, w, h, 0);
        g_assert_cmpfloat (fabs (x0 - plot.x), <, 1e-6);
        g_assert_true (ssdb_sweep_painter_get_bar_rect (&view, w, h, 3, SSDB_RW_READ, &b100));
        g_assert_true (ssdb_sweep_painter_get_bar_rect (&view, w, h, 4, SSDB_RW_READ, &b400));
        g_assert_true (ssdb_sweep_painter_get_bar_rect (&view, w, h, 3, SSDB_RW_WRITE, &wbar));
        /* The write bar is above the read bar of its row. */
        g_assert_cmpfloat (wbar.y + wbar.height, <=, b100.y);
        g_assert_cmpfloat (wbar.y, >=, plot.y + 3 * (plot.height / 18));
        e100
            = bar_end (s, sc, plot.x, b100.y + b100.height / 2, plot.x + plot.width, &style.accent);
        e400
            = bar_end (s, sc, plot.x, b400.y + b400.height / 2, plot.x + plot.width, &style.accent);
        g_test_message ("%s x%g: 100 MB/s ends at %.2f, 400 MB/s at %.2f (0 at %.2f)",
                        ssdb_theme_to_string (themes[t]), sc, e100, e400, x0);
        /* Measured on the pixels: within a pixel of the geometry, and 4 × as long. */
        g_assert_cmpfloat (fabs (e100 - (b100.x + b100.width)), <=, 1.0);
        g_assert_cmpfloat (fabs (e400 - (b400.x + b400.width)), <=, 1.0);
        g_assert_cmpfloat (fabs ((e400 - x0) / (e100 - x0) - 4), <, 0.05);
        /* Write bar: 200 MB/s in row 3. */
        {
          double ew = bar_end (s, sc, plot.x, wbar.y + wbar.height / 2, plot.x + plot.width,
                               &style.accent2);

          g_assert_cmpfloat (fabs ((ew - x0) / (e100 - x0) - 2), <, 0.05);
        }
        if (t == 0)
          {
            g_autofree char *name = g_strdup_printf ("sweep-x%g.png", sc);

            save (s, name);
          }
        cairo_surface_destroy (s);
      }

  {
    g_autofree char *a = ssdb_sweep_painter_dup_cell_text (&view, 4, SSDB_RW_READ, FALSE, FALSE);
    g_autofree char *b = ssdb_sweep_painter_dup_cell_text (&view, 3, SSDB_RW_WRITE, FALSE, FALSE);
    g_autofree char *c = ssdb_sweep_painter_dup_cell_text (&view, 0, SSDB_RW_READ, TRUE, FALSE);
    g_autofree char *d = ssdb_sweep_painter_dup_cell_text (&view, 30, SSDB_RW_READ, FALSE, FALSE);
    g_autofree char *l0 = ssdb_sweep_size_label (512);
    g_autofree char *l1 = ssdb_sweep_size_label (64 << 20);
    g_autofree char *l2 = ssdb_sweep_size_label (4096);

    g_assert_cmpstr (a, ==, "400.0");
    g_assert_cmpstr (b, ==, "200.0");
    g_assert_cmpstr (c, ==, "195312");
    g_assert_cmpstr (d, ==, "\u2014");
    g_assert_cmpstr (l0, ==, "512 B");
    g_assert_cmpstr (l1, ==, "64 MiB");
    g_assert_cmpstr (l2, ==, "4 KiB");
  }
}

static void
test_sweep_fast (void)
{
  /* Rates above 2^32 B/s stay exact: 6 GB/s reads, 4.2 GB/s writes, one NaN. */
  double read[6] = { 1e9, 2e9, 4e9, 4.5e9, 6e9, 5.9e9 };
  double write[6] = { 0.5e9, 1e9, 2e9, 4.2e9, NAN, 4.2e9 };
  g_autoptr (SsdbSweepResult) r = make_sweep (read, write, 6);
  SsdbSweepView view;
  SsdbAxis axis;
  cairo_rectangle_t a, b, nan_bar;
  g_autofree char *nan_text = NULL;

  ssdb_sweep_view_init (&view);
  view.result = r;
  view.show_iops = TRUE;
  ssdb_sweep_painter_get_rate_axis (&view, 1000, 600, &axis);
  g_assert_cmpstr (axis.unit, ==, "GB/s");
  g_assert_cmpfloat (axis.hi * axis.divisor, >=, 6e9);
  g_assert_cmpfloat (axis.hi * axis.divisor, <, 9e9);
  g_assert_true (ssdb_sweep_painter_get_bar_rect (&view, 1000, 600, 4, SSDB_RW_READ, &a));
  g_assert_true (ssdb_sweep_painter_get_bar_rect (&view, 1000, 600, 3, SSDB_RW_READ, &b));
  g_assert_cmpfloat (fabs (a.width / b.width - 6.0 / 4.5), <, 1e-9);
  g_assert_true (ssdb_sweep_painter_get_bar_rect (&view, 1000, 600, 4, SSDB_RW_WRITE, &nan_bar));
  g_assert_cmpfloat (nan_bar.width, ==, 0);
  nan_text = ssdb_sweep_painter_dup_cell_text (&view, 4, SSDB_RW_WRITE, FALSE, FALSE);
  g_assert_cmpstr (nan_text, ==, "\u2014");
  g_assert_false (ssdb_sweep_painter_get_bar_rect (&view, 1000, 600, 6, SSDB_RW_READ, &a));
  {
    cairo_surface_t *s = render_sweep (&view, SSDB_THEME_DARK, 1000, 600, 1);

    save (s, "sweep-fast-iops-dark.png");
    cairo_surface_destroy (s);
  }
}

/* ---- every theme and size, identical renders, extremes ---------------------------------- */

static void
test_identical (void)
{
  g_autoptr (SsdbAccessResult) r = make_access (6, SSDB_ACCESS_MODE_QUEUE);
  double read[18], write[18];
  g_autoptr (SsdbSweepResult) sw = NULL;
  SsdbAccessView view;
  SsdbSweepView sview;
  SsdbStyle style;

  for (guint i = 0; i < 18; i++)
    read[i] = write[i] = 1e6 * (i * 37 % 11 + 1) * 100;
  sw = make_sweep (read, write, 18);
  ssdb_access_view_init (&view);
  view.result = r;
  view.caption = "SSD Bench";
  ssdb_sweep_view_init (&sview);
  sview.result = sw;
  sview.caption = "SSD Bench";

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    for (guint c = 0; c < 3; c++)
      {
        g_autofree char *a = g_build_filename (out_dir, "identical-a.png", NULL);
        g_autofree char *b = g_build_filename (out_dir, "identical-b.png", NULL);
        g_autoptr (GError) error = NULL;

        ssdb_style_init (&style, themes[t]);
        for (guint k = 0; k < 2; k++)
          {
            const char *path = k == 0 ? a : b;

            if (c < 2)
              {
                view.chart = c == 0 ? SSDB_ACCESS_CHART_HEATMAP : SSDB_ACCESS_CHART_RELIEF;
                g_assert_true (ssdb_render_access_png (&view, &style, path, 1280, 720, 2, &error));
              }
            else
              g_assert_true (ssdb_render_sweep_png (&sview, &style, path, 1280, 720, 2, &error));
            g_assert_no_error (error);
          }
        g_assert_true (files_equal (a, b));
      }

  {
    g_autoptr (GError) error = NULL;

    g_assert_false (
        ssdb_render_access_png (&view, &style, "/nonexistent-dir/x.png", 800, 600, 1, &error));
    g_assert_nonnull (error);
    g_clear_error (&error);
    g_assert_false (ssdb_render_sweep_png (&sview, &style, "/tmp/x.png", 0, 600, 1, &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  }
}

/* Draws at an offset into a larger transparent canvas and checks that nothing lands outside the
 * given width × height, that the corners have the background and that cairo is happy. */
typedef void (*DrawFunc) (gconstpointer view, const SsdbStyle *style, cairo_t *cr, int w, int h);

static void
access_draw (gconstpointer view, const SsdbStyle *style, cairo_t *cr, int w, int h)
{
  ssdb_access_painter_draw (view, style, cr, w, h);
}

static void
sweep_draw (gconstpointer view, const SsdbStyle *style, cairo_t *cr, int w, int h)
{
  ssdb_sweep_painter_draw (view, style, cr, w, h);
}

static void
assert_contained (DrawFunc draw, gconstpointer view, SsdbTheme theme, int w, int h, double scale)
{
  const int pad = 24;
  int cw = (int)ceil ((w + 2 * pad) * scale), ch = (int)ceil ((h + 2 * pad) * scale);
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, cw, ch);
  cairo_t *cr = cairo_create (s);
  SsdbStyle style;
  const guint8 *data;
  int stride, x0 = (int)ceil (pad * scale), y0 = x0;
  int x1 = (int)floor ((pad + w) * scale), y1 = (int)floor ((pad + h) * scale);

  ssdb_style_init (&style, theme);
  cairo_scale (cr, scale, scale);
  cairo_translate (cr, pad, pad);
  draw (view, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  data = cairo_image_surface_get_data (s);
  stride = cairo_image_surface_get_stride (s);
  for (int y = 0; y < ch; y++)
    for (int x = 0; x < cw; x++)
      {
        guint32 v = *(const guint32 *)(data + y * stride + x * 4);

        if (x >= x0 - 1 && x <= x1 && y >= y0 - 1 && y <= y1)
          continue;
        if (v != 0)
          g_error ("painted outside the image at (%d, %d) of %d × %d at scale %g", x, y, w, h,
                   scale);
      }
  {
    SsdbRgba corner = pixel (s, 1, x0 + 1, y0 + 1);

    g_assert_cmpfloat (color_distance (&corner, &style.background), <, 0.02);
  }
  cairo_surface_destroy (s);
}

static void
test_sizes_and_extremes (void)
{
  static const int sizes[][2] = { { 800, 600 }, { 1280, 720 }, { 1920, 1080 } };
  static const double scales[] = { 1, 2 };
  g_autoptr (SsdbAccessResult) one = make_access (1, SSDB_ACCESS_MODE_QUEUE);
  g_autoptr (SsdbAccessResult) nine = make_access (9, SSDB_ACCESS_MODE_THREADS);
  g_autoptr (SsdbAccessResult) sixteen = make_access (16, SSDB_ACCESS_MODE_QUEUE);
  g_autoptr (SsdbAccessResult) wild = make_access (4, SSDB_ACCESS_MODE_QUEUE);
  g_autoptr (SsdbAccessResult) pending = NULL;
  double zero[18] = { 0 }, huge[18], mixed[18];
  g_autoptr (SsdbSweepResult) sw_zero = NULL, sw_huge = NULL, sw_mixed = NULL, sw_one = NULL;
  const SsdbAccessResult *access_results[6];
  const SsdbSweepResult *sweep_results[5];

  /* Wild statistics: NaN mean, the largest p99, everything faster or slower than the bins. */
  {
    SsdbAccessStep *s = &g_array_index (wild->steps, SsdbAccessStep, 1);
    SsdbAccessStep *s2 = &g_array_index (wild->steps, SsdbAccessStep, 2);
    SsdbAccessStep *s3 = &g_array_index (wild->steps, SsdbAccessStep, 3);

    s->mean_ns = NAN;
    s->p99_ns = G_MAXUINT64;
    s->iops = NAN;
    memset (s2->bins, 0, sizeof s2->bins);
    s2->below = 5;
    s2->mean_ns = 0;
    s2->p99_ns = 0;
    memset (s3->bins, 0, sizeof s3->bins);
    s3->above = 1;
    s3->mean_ns = 1e13;
    s3->p99_ns = 20000000000;
    s3->iops = 1e12;
  }
  {
    SsdbAccessSpec spec;

    ssdb_access_spec_init (&spec);
    pending = ssdb_access_result_new (&spec);
  }
  for (guint i = 0; i < 18; i++)
    {
      huge[i] = 1e12;
      mixed[i] = i % 3 == 0 ? NAN : i % 3 == 1 ? -5 : 1e12 / (i + 1);
    }
  sw_zero = make_sweep (zero, zero, 18);
  sw_huge = make_sweep (huge, huge, 18);
  sw_mixed = make_sweep (mixed, huge, 18);
  sw_one = make_sweep (huge, NULL, 1);

  access_results[0] = NULL;
  access_results[1] = one;
  access_results[2] = nine;
  access_results[3] = sixteen;
  access_results[4] = wild;
  access_results[5] = pending;
  sweep_results[0] = NULL;
  sweep_results[1] = sw_zero;
  sweep_results[2] = sw_huge;
  sweep_results[3] = sw_mixed;
  sweep_results[4] = sw_one;

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      for (guint k = 0; k < G_N_ELEMENTS (scales); k++)
        {
          int w = sizes[z][0], h = sizes[z][1];

          /* Every size and scale for the typical charts, the extremes at one scale. */
          for (guint i = 0; i < G_N_ELEMENTS (access_results); i++)
            for (guint c = 0; c < 2; c++)
              {
                SsdbAccessView view;

                if (k == 1 && i != 2)
                  continue;
                ssdb_access_view_init (&view);
                view.result = access_results[i];
                view.chart = c == 0 ? SSDB_ACCESS_CHART_HEATMAP : SSDB_ACCESS_CHART_RELIEF;
                view.target_title = "A very long device title that goes on and on and on and "
                                    "on and on and on and on and on and on and on and on · 1 TB";
                view.caption = "SSD Bench";
                view.running = i == 5;
                assert_contained (access_draw, &view, themes[t], w, h, scales[k]);
                if (t == 0 && z == 0 && k == 0)
                  {
                    g_autofree char *name = g_strdup_printf ("extreme-access-%u-%u.png", i, c);
                    SsdbStyle style;
                    g_autofree char *path = g_build_filename (out_dir, name, NULL);

                    ssdb_style_init (&style, themes[t]);
                    g_assert_true (ssdb_render_access_png (&view, &style, path, w, h, 1, NULL));
                  }
              }
          for (guint i = 0; i < G_N_ELEMENTS (sweep_results); i++)
            {
              SsdbSweepView view;

              if (k == 1 && i != 2)
                continue;
              ssdb_sweep_view_init (&view);
              view.result = sweep_results[i];
              view.show_iops = i % 2 == 0;
              view.caption = "SSD Bench";
              assert_contained (sweep_draw, &view, themes[t], w, h, scales[k]);
              if (t == 0 && z == 0 && k == 0)
                {
                  g_autofree char *name = g_strdup_printf ("extreme-sweep-%u.png", i);
                  SsdbStyle style;
                  g_autofree char *path = g_build_filename (out_dir, name, NULL);

                  ssdb_style_init (&style, themes[t]);
                  g_assert_true (ssdb_render_sweep_png (&view, &style, path, w, h, 1, NULL));
                }
            }
        }

  /* 1e12 B/s: the axis reaches it, the bar fills the plot but stays in it. */
  {
    SsdbSweepView view;
    cairo_rectangle_t bar, plot;

    ssdb_sweep_view_init (&view);
    view.result = sw_huge;
    ssdb_sweep_painter_get_bar_rect (&view, 800, 600, 0, SSDB_RW_READ, &bar);
    ssdb_sweep_painter_get_plot_rect (&view, 800, 600, &plot);
    g_assert_cmpfloat (bar.width, >, 0.8 * plot.width);
    g_assert_cmpfloat (bar.x + bar.width, <=, plot.x + plot.width);
  }
}

int
main (int argc, char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("SSDB_TEST_OUTPUT_DIR") != NULL)
    {
      out_dir = g_strdup (g_getenv ("SSDB_TEST_OUTPUT_DIR"));
      g_mkdir_with_parents (out_dir, 0755);
      keep_output = TRUE;
    }
  else
    out_dir = g_dir_make_tmp ("ssdb-access-painter-XXXXXX", NULL);

  g_test_add_func ("/access-painter/ramp", test_ramp);
  g_test_add_func ("/access-painter/heatmap-cells", test_heatmap_cells);
  g_test_add_func ("/access-painter/heatmap-outer-rows-hover", test_heatmap_outer_rows_and_hover);
  g_test_add_func ("/access-painter/relief", test_relief);
  g_test_add_func ("/access-painter/relief-full-share", test_relief_full_share);
  g_test_add_func ("/access-painter/sweep-bars", test_sweep_bars);
  g_test_add_func ("/access-painter/sweep-fast", test_sweep_fast);
  g_test_add_func ("/access-painter/identical", test_identical);
  g_test_add_func ("/access-painter/sizes-extremes", test_sizes_and_extremes);
  ret = g_test_run ();

  if (!keep_output)
    {
      GDir *dir = g_dir_open (out_dir, 0, NULL);
      const char *name;

      while (dir && (name = g_dir_read_name (dir)))
        {
          g_autofree char *path = g_build_filename (out_dir, name, NULL);

          g_unlink (path);
        }
      if (dir)
        g_dir_close (dir);
      g_rmdir (out_dir);
    }
  g_free (out_dir);
  return ret;
}
