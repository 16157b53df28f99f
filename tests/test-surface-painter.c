/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The surface and fill painters: synthetic results with known shapes rendered for real and
 * measured pixel by pixel at the coordinates the painters' geometry functions give.
 * Set SSDB_TEST_OUTPUT_DIR to keep the images.
 */
#include "config.h"

#include "ssdb-error.h"
#include "ssdb-fill-painter.h"
#include "ssdb-surface-painter.h"
#include "ssdb-workload-painter.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

static char *out_dir;
static gboolean keep_output;

#define MIB (G_GUINT64_CONSTANT (1024) * 1024)
#define GIB (G_GUINT64_CONSTANT (1024) * MIB)

static const SsdbTheme themes[]
    = { SSDB_THEME_REVIEW, SSDB_THEME_LIGHT, SSDB_THEME_DARK, SSDB_THEME_HIGH_CONTRAST };

/* A read surface over @span bytes with @n samples: @before B/s up to half the span, @after from
 * there on; optional write curve at 0.8 × and access dots. */
static SsdbSurfaceResult *
make_surface (guint64 span, guint n, double before, double after, gboolean write, guint access)
{
  SsdbSurfaceSpec spec;
  SsdbSurfaceResult *r;
  double sum = 0, mn = G_MAXDOUBLE, mx = 0;

  ssdb_surface_spec_init (&spec);
  spec.samples = n;
  spec.span_length = span;
  spec.sample_bytes = 64 * MIB;
  spec.access_samples = access;
  spec.write = write ? SSDB_SURFACE_WRITE_DESTROY : SSDB_SURFACE_WRITE_NONE;
  r = ssdb_surface_result_new (&spec);
  for (guint i = 0; i < n; i++)
    {
      SsdbSurfaceSample s = { 0 };

      s.offset_bytes = ssdb_surface_position (0, span, spec.sample_bytes, n, i, spec.block_size);
      s.bytes = spec.sample_bytes;
      s.bytes_per_second = i < n / 2 ? before : after;
      s.window_ns = (guint64)(s.bytes / s.bytes_per_second * 1e9);
      g_array_append_val (r->read, s);
      sum += s.bytes_per_second;
      mn = MIN (mn, s.bytes_per_second);
      mx = MAX (mx, s.bytes_per_second);
      if (write)
        {
          s.bytes_per_second *= 0.8;
          g_array_append_val (r->write, s);
        }
    }
  r->read_stats = (SsdbRateStats){ mn, mx, sum / n };
  if (write)
    r->write_stats = (SsdbRateStats){ mn * 0.8, mx * 0.8, sum / n * 0.8 };
  {
    GRand *rand = g_rand_new_with_seed (7);
    double lsum = 0, fsum = 0;

    for (guint i = 0; i < access; i++)
      {
        SsdbAccessSample a;

        a.offset_bytes = (guint64)(g_rand_double (rand) * (double)span) / 4096 * 4096;
        a.latency_ns = 60000 + (guint64)(g_rand_double (rand) * 40000);
        g_array_append_val (r->access, a);
        lsum += a.latency_ns;
        if (a.offset_bytes < spec.access_first_bytes)
          {
            fsum += a.latency_ns;
            r->access_first_count++;
          }
      }
    r->access_mean_ns = access ? lsum / access : 0;
    r->access_first_mean_ns = r->access_first_count ? fsum / r->access_first_count : 0;
    g_rand_free (rand);
  }
  r->burst_bytes_per_second = before * 1.7;
  r->cpu_ns = 1500000000;
  return r;
}

static cairo_surface_t *
render_surface (const SsdbSurfaceView *view, SsdbTheme theme, int w, int h, double scale)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)ceil (w * scale),
                                                   (int)ceil (h * scale));
  cairo_t *cr = cairo_create (s);
  SsdbStyle style;

  ssdb_style_init (&style, theme);
  cairo_scale (cr, scale, scale);
  ssdb_surface_painter_draw (view, &style, cr, w, h);
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
save (cairo_surface_t *s, const char *name)
{
  g_autofree char *path = g_build_filename (out_dir, name, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (ssdb_render_surface_write_png (s, path, &error));
  g_assert_no_error (error);
}

/* ---- axes --------------------------------------------------------------------------------- */

static void
test_axis (void)
{
  SsdbAxis axis;
  g_autofree char *label = NULL;

  /* 6 GB/s needs 33 bits: the ticks are 0, 2, 4, 6 (and 8 for headroom) GB/s. */
  ssdb_axis_rate (&axis, 6e9, 4);
  g_assert_cmpstr (axis.unit, ==, "GB/s");
  g_assert_cmpfloat (axis.divisor, ==, 1e9);
  g_assert_cmpfloat (axis.step, ==, 2);
  g_assert_cmpfloat (ssdb_axis_tick (&axis, 3), ==, 6);
  label = ssdb_axis_format (&axis, ssdb_axis_tick (&axis, 3), FALSE);
  g_assert_cmpstr (label, ==, "6");
  g_assert_cmpfloat (axis.hi * axis.divisor, >=, 6e9);

  /* Below 2000 MB/s: MB/s with round steps. */
  ssdb_axis_rate (&axis, 530e6, 5);
  g_assert_cmpstr (axis.unit, ==, "MB/s");
  g_assert_cmpfloat (axis.step, ==, 100);
  g_assert_cmpfloat (axis.hi, ==, 600);

  /* A position axis keeps its ends exactly and takes steps like 0.05. */
  ssdb_axis_nice (&axis, 0, 0.268435456, 5, FALSE);
  g_assert_cmpfloat (axis.hi, ==, 0.268435456);
  g_assert_cmpfloat (axis.step, ==, 0.05);
  g_assert_cmpint (axis.decimals, ==, 2);
  g_assert_cmpuint (axis.n_ticks, ==, 6);
  g_clear_pointer (&label, g_free);
  label = ssdb_axis_format (&axis, ssdb_axis_tick (&axis, 3), FALSE);
  g_assert_cmpstr (label, ==, "0.15");

  /* 16 TB */
  ssdb_axis_nice (&axis, 0, 16e12 / 1e9, 8, FALSE);
  g_assert_cmpfloat (axis.step, ==, 2000);
  g_assert_cmpuint (axis.n_ticks, ==, 9);
}

static void
test_rate_labels_64bit (void)
{
  g_autoptr (SsdbSurfaceResult) r
      = make_surface (4 * G_GUINT64_CONSTANT (1000000000000), 100, 6e9, 5.2e9, FALSE, 0);
  SsdbSurfaceView view;
  g_auto (GStrv) labels = NULL;
  gboolean found = FALSE;
  double prev = -1;
  SsdbAxis axis;

  ssdb_surface_view_init (&view);
  view.result = r;
  labels = ssdb_surface_painter_dup_rate_labels (&view, 1200, 700, FALSE);
  ssdb_surface_painter_get_rate_axis (&view, 1200, 700, &axis);
  for (guint i = 0; labels[i]; i++)
    {
      g_test_message ("rate label %u: %s", i, labels[i]);
      if (g_str_equal (labels[i], "6 GB/s"))
        found = TRUE;
      g_assert_cmpfloat (ssdb_axis_tick (&axis, i), >, prev);
      prev = ssdb_axis_tick (&axis, i);
    }
  g_assert_true (found);
  /* The top of the axis is above the highest sample, not a wrapped 32-bit value. */
  g_assert_cmpfloat (axis.hi * axis.divisor, >=, 6e9);
  g_assert_cmpfloat (axis.hi * axis.divisor, <=, 10e9);
  /* 6 GB/s is drawn below the plot's top, 0 at its bottom. */
  {
    cairo_rectangle_t plot;
    double y6 = ssdb_surface_painter_y_for_rate (&view, 1200, 700, 6e9);

    ssdb_surface_painter_get_plot_rect (&view, 1200, 700, &plot);
    g_assert_cmpfloat (y6, >, plot.y);
    g_assert_cmpfloat (y6, <, plot.y + plot.height * 0.4);
    g_assert_cmpfloat (
        fabs (ssdb_surface_painter_y_for_rate (&view, 1200, 700, 0) - (plot.y + plot.height)), <,
        1e-9);
  }
}

/* ---- surface ------------------------------------------------------------------------------ */

static void
check_step (SsdbTheme theme, int w, int h, double scale, gboolean write_png)
{
  /* 2 TB: offsets far above 32 bits. */
  guint64 span = 2 * G_GUINT64_CONSTANT (1000000000000);
  g_autoptr (SsdbSurfaceResult) r = make_surface (span, 200, 500e6, 200e6, FALSE, 300);
  SsdbSurfaceView view;
  SsdbStyle style;
  cairo_rectangle_t plot;
  cairo_surface_t *s;
  const SsdbSurfaceSample *last;
  double x_last;
  SsdbRgba bg;

  ssdb_style_init (&style, theme);
  ssdb_surface_view_init (&view);
  view.result = r;
  view.target_title = "/dev/nvme0n1 · 2 TB · Example NVMe SSD";
  view.target_subtitle = "200 samples × 64 MiB · 1 MiB blocks · QD1";
  view.caption = "SSD Bench test";
  ssdb_surface_painter_get_plot_rect (&view, w, h, &plot);
  g_assert_cmpfloat (plot.width, >, w * 0.4);
  g_assert_cmpfloat (plot.height, >, h * 0.4);

  /* The last sample at the plot's right edge, the first at its left edge. */
  last = &g_array_index (r->read, SsdbSurfaceSample, r->read->len - 1);
  x_last
      = ssdb_surface_painter_x_for_position (&view, w, h, ssdb_surface_sample_position (r, last));
  g_assert_cmpfloat (fabs (x_last - (plot.x + plot.width)), <, 1e-9);
  g_assert_cmpfloat (
      fabs (ssdb_surface_painter_x_for_position (
                &view, w, h,
                ssdb_surface_sample_position (r, &g_array_index (r->read, SsdbSurfaceSample, 0)))
            - plot.x),
      <, 1e-9);

  s = render_surface (&view, theme, w, h, scale);
  bg = ssdb_chart_plot_background (&style);
  /* The curve where the data says: 500 MB/s in the first half, 200 MB/s in the second; and not
   * at the other level. */
  for (guint i = 10; i < 200; i += 20)
    {
      const SsdbSurfaceSample *smp = &g_array_index (r->read, SsdbSurfaceSample, i);
      double x = ssdb_surface_painter_x_for_position (&view, w, h,
                                                      ssdb_surface_sample_position (r, smp));
      double y = ssdb_surface_painter_y_for_rate (&view, w, h, smp->bytes_per_second);
      double y_other = ssdb_surface_painter_y_for_rate (&view, w, h, i < 100 ? 200e6 : 500e6);
      SsdbRgba on = pixel (s, scale, x, y);
      SsdbRgba off = pixel (s, scale, x, y_other);

      if (color_distance (&on, &style.accent) > 0.12)
        g_error ("theme %s %dx%d@%g sample %u: pixel at (%.1f, %.1f) is %.3f %.3f %.3f, not the "
                 "read colour",
                 ssdb_theme_to_string (theme), w, h, scale, i, x, y, on.r, on.g, on.b);
      g_assert_cmpfloat (color_distance (&off, &style.accent), >, 0.3);
      (void)bg;
    }
  /* The vertical drop at 50 %. */
  {
    double x50 = ssdb_surface_painter_x_for_position (&view, w, h, span / 2.0);
    double y350 = ssdb_surface_painter_y_for_rate (&view, w, h, 350e6);
    SsdbRgba mid = pixel (s, scale, x50, y350);

    g_assert_cmpfloat (color_distance (&mid, &style.accent), <, 0.35);
  }
  if (write_png)
    {
      g_autofree char *name
          = g_strdup_printf ("surface-%s-%dx%d@%g.png", ssdb_theme_to_string (theme), w, h, scale);

      save (s, name);
    }
  cairo_surface_destroy (s);
}

/* The drive's temperature as a strip under the chart: the plot gives it room, the line lies
 * where the readings put it (a straight rise from 40 °C to 60 °C), and a surface without a log
 * keeps the chart it had. */
static void
test_temperature_strip (void)
{
  g_autoptr (SsdbSurfaceResult) r = make_surface (100 * GIB, 50, 500e6, 500e6, FALSE, 0);
  const int w = 1200, h = 800;
  SsdbSurfaceView view;
  cairo_rectangle_t before, after;
  cairo_surface_t *s;
  SsdbStyle style;
  SsdbRgba line;
  double ys[3];

  ssdb_surface_view_init (&view);
  view.result = r;
  view.target_title = "/dev/sdz";
  ssdb_surface_painter_get_plot_rect (&view, w, h, &before);
  r->temperature = ssdb_temperature_log_new ("drivetemp (hwmon3 temp1)", NAN, NAN);
  for (guint i = 0; i <= 10; i++)
    {
      SsdbTemperatureSample t = { i * 6.0, 40.0 + i * 2.0 };

      g_array_append_val (r->temperature->samples, t);
    }
  ssdb_surface_painter_get_plot_rect (&view, w, h, &after);
  g_assert_cmpfloat (after.x, ==, before.x);
  g_assert_cmpfloat (after.width, ==, before.width);
  g_assert_cmpfloat (after.height, <, before.height - 30);

  s = render_surface (&view, SSDB_THEME_REVIEW, w, h, 1);
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  line = ssdb_chart_mix (&style.foreground, &style.error, 0.65);
  /* The line: found in three columns (left end, middle, right end) by its colour, below the
   * plot and its axis labels. It rises from 40 to 60 °C along the strip, in a straight line. */
  for (guint k = 0; k < 3; k++)
    {
      double x = k == 0   ? after.x + 2
                 : k == 1 ? after.x + after.width / 2
                          : after.x + after.width - 2;

      ys[k] = -1;
      for (double y = h - 1; y > after.y + after.height + 30 && ys[k] < 0; y--)
        {
          SsdbRgba c = pixel (s, 1, x, y);

          if (color_distance (&c, &line) < 0.35)
            ys[k] = y;
        }
      g_test_message ("line at x %.0f: y %.0f", x, ys[k]);
      g_assert_cmpfloat (ys[k], >, 0);
    }
  g_assert_cmpfloat (ys[0], >, ys[2] + 20);
  g_assert_cmpfloat (fabs (ys[1] - (ys[0] + ys[2]) / 2), <=, 2);
  if (keep_output)
    save (s, "surface-temperature.png");
  cairo_surface_destroy (s);

  /* No log: the same plot as before. */
  g_clear_pointer (&r->temperature, ssdb_temperature_log_free);
  ssdb_surface_painter_get_plot_rect (&view, w, h, &after);
  g_assert_cmpfloat (after.height, ==, before.height);
}

static void
test_surface_step (void)
{
  static const int sizes[][2] = { { 800, 600 }, { 1024, 768 }, { 1280, 720 }, { 1920, 1080 } };

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    for (guint z = 0; z < G_N_ELEMENTS (sizes); z++)
      for (double scale = 1; scale <= 2; scale++)
        check_step (themes[t], sizes[z][0], sizes[z][1], scale, z == 2 || (t == 0 && scale == 1));
}

static void
test_surface_write_and_hover (void)
{
  g_autoptr (SsdbSurfaceResult) r = make_surface (256 * MIB, 20, 2600e6, 2400e6, TRUE, 200);
  SsdbSurfaceView view;
  SsdbStyle style;
  cairo_surface_t *s;
  SsdbRw rw = SSDB_RW_READ;
  int index;
  g_autofree char *text = NULL;
  const SsdbSurfaceSample *ws;
  double x, y;

  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  ssdb_surface_view_init (&view);
  view.result = r;
  view.target_title = "/dev/zram1 · 268 MB · zram";
  view.device_bytes = 256 * MIB;

  /* Write samples in the write colour, at 0.8 × the read rate. */
  ws = &g_array_index (r->write, SsdbSurfaceSample, 5);
  x = ssdb_surface_painter_x_for_position (&view, 1200, 700, ssdb_surface_sample_position (r, ws));
  y = ssdb_surface_painter_y_for_rate (&view, 1200, 700, ws->bytes_per_second);
  s = render_surface (&view, SSDB_THEME_REVIEW, 1200, 700, 1);
  {
    SsdbRgba c = pixel (s, 1, x, y);

    g_assert_cmpfloat (color_distance (&c, &style.accent2), <, 0.12);
  }
  cairo_surface_destroy (s);

  /* Hover: the sample under the pointer, with position and rate in words. */
  index = ssdb_surface_painter_sample_at (&view, 1200, 700, x, y + 1, &rw);
  g_assert_cmpint (index, ==, 5);
  g_assert_cmpint (rw, ==, SSDB_RW_WRITE);
  text = ssdb_surface_painter_dup_hover_text (&view, index, rw, FALSE);
  g_test_message ("hover: %s", text);
  g_assert_nonnull (strstr (text, "Write 2080.0 MB/s"));
  g_assert_nonnull (strstr (text, " GB · "));
  g_assert_cmpint (ssdb_surface_painter_sample_at (&view, 1200, 700, 2, 2, NULL), ==, -1);

  view.hover_index = index;
  view.hover_rw = rw;
  s = render_surface (&view, SSDB_THEME_REVIEW, 1200, 700, 2);
  save (s, "surface-hover-review.png");
  cairo_surface_destroy (s);

  /* Live: half the samples, running. The curve ends at its last sample. */
  g_array_set_size (r->write, 0);
  g_array_set_size (r->read, 9);
  g_array_set_size (r->access, 0);
  view.hover_index = -1;
  view.running = TRUE;
  view.running_phase = "read";
  view.running_fraction = 0.4;
  s = render_surface (&view, SSDB_THEME_DARK, 1200, 700, 1);
  {
    const SsdbSurfaceSample *rs = &g_array_index (r->read, SsdbSurfaceSample, 4);
    double rx = ssdb_surface_painter_x_for_position (&view, 1200, 700,
                                                     ssdb_surface_sample_position (r, rs));
    double ry = ssdb_surface_painter_y_for_rate (&view, 1200, 700, rs->bytes_per_second);
    double x15 = ssdb_surface_painter_x_for_position (
        &view, 1200, 700,
        ssdb_surface_position (0, 256 * MIB, 64 * MIB, 20, 15, 1024 * 1024) * 1.0);
    SsdbStyle dark;
    SsdbRgba c, empty;

    ssdb_style_init (&dark, SSDB_THEME_DARK);
    c = pixel (s, 1, rx, ry);
    empty = pixel (s, 1, x15, ry);
    g_assert_cmpfloat (color_distance (&c, &dark.accent), <, 0.12);
    g_assert_cmpfloat (color_distance (&empty, &dark.accent), >, 0.3);
  }
  save (s, "surface-live-dark.png");
  cairo_surface_destroy (s);
}

static void
test_surface_identical (void)
{
  g_autoptr (SsdbSurfaceResult) r
      = make_surface (G_GUINT64_CONSTANT (1000204886016), 200, 3400e6, 1500e6, TRUE, 500);
  SsdbSurfaceView view;
  g_autofree char *a = g_build_filename (out_dir, "identical-a.png", NULL);
  g_autofree char *b = g_build_filename (out_dir, "identical-b.png", NULL);
  g_autofree char *da = NULL, *db = NULL;
  gsize la, lb;

  ssdb_surface_view_init (&view);
  view.result = r;
  view.target_title = "/dev/sda · 1 TB · Example SATA SSD";
  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    {
      SsdbStyle style;
      g_autoptr (GError) error = NULL;

      ssdb_style_init (&style, themes[t]);
      g_assert_true (ssdb_render_surface_png (&view, &style, a, 1000, 640, 2, &error));
      g_assert_no_error (error);
      g_assert_true (ssdb_render_surface_png (&view, &style, b, 1000, 640, 2, &error));
      g_assert_true (g_file_get_contents (a, &da, &la, NULL));
      g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
      g_assert_cmpuint (la, ==, lb);
      g_assert_cmpint (memcmp (da, db, la), ==, 0);
      g_clear_pointer (&da, g_free);
      g_clear_pointer (&db, g_free);
    }
  {
    g_autoptr (GError) error = NULL;
    SsdbStyle style;

    ssdb_style_init (&style, SSDB_THEME_REVIEW);
    g_assert_false (ssdb_render_surface_png (&view, &style, a, 0, 640, 1, &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  }
  g_unlink (a);
  g_unlink (b);
}

/* A window's live axes: the next 1-2-5 step at or above 1.25 × the data, drawn as given; a floor
 * below the data or of 0 changes nothing. */
static void
test_surface_headroom (void)
{
  static const struct
  {
    double fastest, want;
  } rates[] = {
    { 3.5e9, 5e9 },   /* 4.375 GB/s */
    { 8e9, 10e9 },    /* exactly 10 */
    { 10e9, 20e9 },   /* 12.5 */
    { 14e9, 20e9 },   /* 17.5 */
    { 420e6, 1e9 },   /* 525 MB/s */
    { 150e6, 200e6 }, /* 187.5 MB/s */
  };
  SsdbSurfaceView view;
  SsdbAxis plain, live;
  double rate, latency;

  ssdb_surface_painter_get_headroom (NULL, &rate, &latency);
  g_assert_cmpfloat (rate, ==, 0);
  g_assert_cmpfloat (latency, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (rates); i++)
    {
      g_autoptr (SsdbSurfaceResult) r = make_surface (
          G_GUINT64_CONSTANT (1000204886016), 20, rates[i].fastest, rates[i].fastest / 2, FALSE, 0);

      ssdb_surface_painter_get_headroom (r, &rate, &latency);
      g_assert_cmpfloat_with_epsilon (rate, rates[i].want, rates[i].want * 1e-12);
      g_assert_cmpfloat (latency, ==, 0);
    }

  {
    g_autoptr (SsdbSurfaceResult) r
        = make_surface (G_GUINT64_CONSTANT (1000204886016), 200, 3400e6, 1500e6, FALSE, 500);
    double top;

    ssdb_surface_view_init (&view);
    view.result = r;
    ssdb_surface_painter_get_rate_axis (&view, 1000, 640, &plain);
    /* 3.4 GB/s: 4.25 → 5 GB/s, drawn to at least 5 */
    ssdb_surface_painter_get_headroom (r, &rate, &latency);
    g_assert_cmpfloat_with_epsilon (rate, 5e9, 1);
    view.rate_axis_floor = rate;
    ssdb_surface_painter_get_rate_axis (&view, 1000, 640, &live);
    g_assert_cmpfloat (live.hi * live.divisor, >=, 5e9 * (1 - 1e-9));
    g_assert_cmpfloat (live.hi, >, plain.hi);
    /* A floor under the data draws the chart as without one. */
    view.rate_axis_floor = 1e6;
    ssdb_surface_painter_get_rate_axis (&view, 1000, 640, &live);
    g_assert_cmpfloat (live.hi, ==, plain.hi);
    g_assert_cmpuint (live.n_ticks, ==, plain.n_ticks);

    /* The access-time floor is a 1-2-5 step above 1.25 × the axis' top, and a floor raises the
     * 1 ms point of the right axis toward the bottom. */
    view.rate_axis_floor = 0;
    g_assert_cmpfloat (latency, >, 0);
    top = latency / pow (10, floor (log10 (latency) + 1e-12));
    g_assert_true (fabs (top - 1) < 1e-9 || fabs (top - 2) < 1e-9 || fabs (top - 5) < 1e-9);
    {
      double y0 = ssdb_surface_painter_y_for_latency (&view, 1000, 640, 1e6);
      double y1;

      view.latency_axis_floor = latency * 10;
      y1 = ssdb_surface_painter_y_for_latency (&view, 1000, 640, 1e6);
      g_test_message ("access floor %.0f ns; 1 ms at y %.1f, with 10x the floor at %.1f", latency,
                      y0, y1);
      g_assert_cmpfloat (y1, >, y0);
    }
  }
}

/* ---- fill ---------------------------------------------------------------------------------- */

/* A 2-phase fill of 200 GB: 1600 MB/s into the cache for 60 GB, 420 MB/s after; a second pass
 * at 420 MB/s throughout and a read-back at 2800 MB/s. */
static SsdbFillResult *
make_fill (void)
{
  SsdbFillSpec spec;
  SsdbFillResult *r;
  guint64 span = 200 * G_GUINT64_CONSTANT (1000000000), seg = span / 200;

  ssdb_fill_spec_init (&spec);
  spec.span_length = span;
  spec.segment_bytes = seg;
  r = ssdb_fill_result_new (&spec);
  for (guint p = 0; p < 3; p++)
    {
      SsdbFillPass *pass = g_new0 (SsdbFillPass, 1);
      guint64 t = 0;

      pass->rw = p == 2 ? SSDB_RW_READ : SSDB_RW_WRITE;
      pass->segments = g_array_new (FALSE, FALSE, sizeof (SsdbFillPoint));
      pass->intervals = g_array_new (FALSE, FALSE, sizeof (SsdbFillPoint));
      for (guint i = 0; i < 200; i++)
        {
          SsdbFillPoint pt;
          double rate = p == 2 ? 2800e6 : (p == 0 && i < 60) ? 1600e6 : 420e6;

          rate *= 1 + 0.02 * sin (i * 0.7 + p);
          t += (guint64)(seg / rate * 1e9);
          pt = (SsdbFillPoint){ (i + 1) * seg, t, rate };
          g_array_append_val (pass->segments, pt);
          pt.bytes_per_second = rate * (1 + 0.08 * sin (i * 2.3));
          pt.position_bytes -= seg / 2;
          g_array_append_val (pass->intervals, pt);
        }
      pass->bytes = span;
      pass->window_ns = t;
      pass->bytes_per_second = span / (t / 1e9);
      pass->complete = TRUE;
      g_ptr_array_add (r->passes, pass);
    }
  /* The engine's own analysis of the first pass (replacing the empty one of _new()). */
  ssdb_fill_analysis_clear (&r->analysis);
  ssdb_fill_analyze (((SsdbFillPass *)r->passes->pdata[0])->segments, &r->analysis);
  return r;
}

static void
test_fill_phases (void)
{
  g_autoptr (SsdbFillResult) r = make_fill ();
  SsdbFillView view;
  const int w = 1200, h = 720;
  cairo_rectangle_t plot, b0, b1;
  const SsdbFillPhase *p0, *p1;

  g_test_message ("analysis: %s", r->analysis.words);
  g_assert_cmpuint (r->analysis.phases->len, ==, 2);
  g_assert_cmpuint (r->analysis.cache_bytes, ==, 60 * G_GUINT64_CONSTANT (1000000000));
  p0 = &g_array_index (r->analysis.phases, SsdbFillPhase, 0);
  p1 = &g_array_index (r->analysis.phases, SsdbFillPhase, 1);

  ssdb_fill_view_init (&view);
  view.result = r;
  view.target_title = "/dev/nvme1n1 · 200 GB · Example TLC SSD";
  view.target_subtitle = "2 passes and read-back · 1 MiB blocks · QD4 · 1 GB segments";
  view.show_intervals = TRUE;
  ssdb_fill_painter_get_plot_rect (&view, w, h, &plot);
  g_assert_true (ssdb_fill_painter_get_phase_rect (&view, w, h, 0, &b0));
  g_assert_true (ssdb_fill_painter_get_phase_rect (&view, w, h, 1, &b1));
  g_assert_false (ssdb_fill_painter_get_phase_rect (&view, w, h, 2, &b1) && FALSE);

  /* Bands at the phases' x: the first from the left edge to 60 GB (30 %), the second on to the
   * right edge. */
  g_assert_cmpfloat (fabs (b0.x - plot.x), <, 1e-9);
  g_assert_cmpfloat (fabs (b0.x + b0.width - (plot.x + plot.width * 0.3)), <, 1e-6);
  g_assert_cmpfloat (fabs (b1.x - ssdb_fill_painter_x_for_bytes (&view, w, h, p1->start_bytes)), <,
                     1e-9);
  g_assert_cmpfloat (fabs (b1.x + b1.width - (plot.x + plot.width)), <, 1e-6);
  g_assert_cmpfloat (p0->bytes_per_second, >, 1500e6);
  g_assert_cmpfloat (p1->bytes_per_second, <, 450e6);

  for (guint t = 0; t < G_N_ELEMENTS (themes); t++)
    for (double scale = 1; scale <= 2; scale++)
      {
        SsdbStyle style;
        cairo_surface_t *s
            = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, (int)(w * scale), (int)(h * scale));
        cairo_t *cr = cairo_create (s);
        SsdbRgba in0, in1, bg, curve, readback;
        double y_low = plot.y + plot.height * 0.93;
        double xa = plot.x + plot.width * 0.15, xb = plot.x + plot.width * 0.8;

        ssdb_style_init (&style, themes[t]);
        cairo_scale (cr, scale, scale);
        ssdb_fill_painter_draw (&view, &style, cr, w, h);
        cairo_destroy (cr);
        cairo_surface_flush (s);

        /* The two bands are shaded differently, both different from the bare plot. */
        bg = ssdb_chart_plot_background (&style);
        in0 = pixel (s, scale, xa, y_low);
        in1 = pixel (s, scale, xb, y_low);
        g_assert_cmpfloat (color_distance (&in0, &in1), >, 0.02);
        g_assert_cmpfloat (color_distance (&in0, &bg), >, 0.02);
        g_assert_cmpfloat (color_distance (&in1, &bg), >, 0.02);

        /* The first pass's curve in the write colour at 420 MB/s after the cliff. */
        {
          const SsdbFillPass *pass = r->passes->pdata[0];
          const SsdbFillPoint *pt = &g_array_index (pass->segments, SsdbFillPoint, 150);
          double x = ssdb_fill_painter_x_for_bytes (&view, w, h, pt->position_bytes - 0.5e9);
          double y = ssdb_fill_painter_y_for_rate (&view, w, h, pt->bytes_per_second);

          curve = pixel (s, scale, x, y);
          g_assert_cmpfloat (color_distance (&curve, &style.accent2), <, 0.2);
          pt = &g_array_index (((SsdbFillPass *)r->passes->pdata[2])->segments, SsdbFillPoint, 150);
          y = ssdb_fill_painter_y_for_rate (&view, w, h, pt->bytes_per_second);
          readback = pixel (s, scale, x, y);
          g_assert_cmpfloat (color_distance (&readback, &style.accent), <, 0.2);
        }
        if (scale == 1 || t == 0)
          {
            g_autofree char *name
                = g_strdup_printf ("fill-%s@%g.png", ssdb_theme_to_string (themes[t]), scale);

            save (s, name);
          }
        cairo_surface_destroy (s);
      }

  /* Byte-identical renders. */
  {
    g_autofree char *a = g_build_filename (out_dir, "fill-a.png", NULL);
    g_autofree char *b = g_build_filename (out_dir, "fill-b.png", NULL);
    g_autofree char *da = NULL, *db = NULL;
    gsize la, lb;
    SsdbStyle style;

    ssdb_style_init (&style, SSDB_THEME_REVIEW);
    g_assert_true (ssdb_render_fill_png (&view, &style, a, 1000, 640, 2, NULL));
    g_assert_true (ssdb_render_fill_png (&view, &style, b, 1000, 640, 2, NULL));
    g_assert_true (g_file_get_contents (a, &da, &la, NULL));
    g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
    g_assert_cmpuint (la, ==, lb);
    g_assert_cmpint (memcmp (da, db, la), ==, 0);
    g_unlink (a);
    g_unlink (b);
  }
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *)a, y = *(const double *)b;

  return (x > y) - (x < y);
}

static cairo_surface_t *
render_fill (const SsdbFillView *view, SsdbTheme theme, int w, int h)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);
  SsdbStyle style;

  ssdb_style_init (&style, theme);
  ssdb_fill_painter_draw (view, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  return s;
}

/* The rank floor (0.99 × (n - 1)) of @v, sorted ascending in place. */
static double
sorted_p99 (double *v, guint n)
{
  qsort (v, n, sizeof *v, compare_double);
  return v[(guint)floor (0.99 * (n - 1))];
}

/* The top of a value axis: the largest value unless the top 1 % reaches beyond twice the 99th
 * percentile; exactly that percentile, as a sort finds it, whatever the values (spread, with a
 * burst, equal, in clusters far apart, over several series). */
static void
test_robust_top (void)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  const guint sizes[] = { 1, 2, 99, 100, 101, 1000, 16384, 65537 };
  guint over;

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    for (guint shape = 0; shape < 5; shape++)
      {
        guint n = sizes[k];
        g_autofree double *v = g_new (double, n);
        g_autofree double *copy = NULL;
        SsdbChartSeries halves[2];
        double p99, max = 0, want;
        guint want_over = 0;

        for (guint i = 0; i < n; i++)
          {
            /* 0: uniform; 1: one burst 1000× the rest; 2: many equal and one burst; 3: two
             * clusters 10^6 apart; 4: rising then falling (against a selection's middle
             * pivots) */
            v[i] = shape == 0   ? g_rand_double_range (rand, 1, 1000)
                   : shape == 1 ? g_rand_double_range (rand, 400e6, 420e6)
                   : shape == 2 ? 5e8
                   : shape == 3 ? (i % 3 == 0 ? 1e-3 : 1e3) * g_rand_double_range (rand, 1, 2)
                                : (double)(i < n / 2 ? i + 1 : n - i);
            if ((shape == 1 || shape == 2) && i == n / 2)
              v[i] = 135e9;
            max = MAX (max, v[i]);
          }
        /* Beyond 65536 values, the percentile of every k-th (k = n / 65536 rounded up). */
        {
          guint every = (n + 65535) / 65536, m = 0;

          copy = g_new (double, n);
          for (guint i = 0; i < n; i += every)
            copy[m++] = v[i];
          p99 = sorted_p99 (copy, m);
        }
        want = max <= 2 * p99 ? max : 2 * p99;
        for (guint i = 0; i < n; i++)
          want_over += v[i] > want;
        halves[0] = (SsdbChartSeries){ v, n / 2, sizeof (double), 0, FALSE };
        halves[1] = (SsdbChartSeries){ v + n / 2, n - n / 2, sizeof (double), 0, FALSE };
        g_assert_cmpfloat (ssdb_chart_robust_top (halves, 2, &over), ==, want);
        g_assert_cmpuint (over, ==, want_over);
        if (shape == 1 && n >= 100)
          {
            /* the burst is left above the top: twice the 99th percentile, about 840 MB/s */
            g_assert_cmpfloat (want, <, 1e9);
            g_assert_cmpuint (over, ==, 1);
          }
      }
  /* not finite, zero or negative values are left out; no value: 0 */
  {
    double odd[] = { NAN, -5, 0, INFINITY, 3 };
    SsdbChartSeries s = { odd, G_N_ELEMENTS (odd), sizeof (double), 0, FALSE };

    g_assert_cmpfloat (ssdb_chart_robust_top (&s, 1, &over), ==, 3);
    g_assert_cmpuint (over, ==, 0);
    s.n = 4;
    g_assert_cmpfloat (ssdb_chart_robust_top (&s, 1, &over), ==, 0);
  }
}

/* A fill whose first segment came in one burst at 135 GB/s (a page cache taking the writes):
 * the write axis keeps the 420 MB/s to 1.6 GB/s of the rest readable, and a note counts the
 * rate above it. */
static void
test_fill_burst (void)
{
  g_autoptr (SsdbFillResult) r = make_fill ();
  SsdbFillPass *first = r->passes->pdata[0];
  SsdbFillView view;
  const int w = 1200, h = 720;
  cairo_rectangle_t plot;
  double y;

  g_array_index (first->segments, SsdbFillPoint, 0).bytes_per_second = 135e9;
  ssdb_fill_view_init (&view);
  view.result = r;
  view.target_title = "/dev/loop2 · 536.9 MB";
  view.show_intervals = TRUE;
  ssdb_fill_painter_get_plot_rect (&view, w, h, &plot);
  /* The axis reaches twice the 99th percentile of the write rates (about 3.4 GB/s, above the
   * read-back's 2.8 GB/s, so one shared axis): 1.6 GB/s stands at 30 to 70 % of the plot's
   * height, not at 1 % as under a 135 GB/s top. */
  y = ssdb_fill_painter_y_for_rate (&view, w, h, 1600e6);
  g_assert_cmpfloat (y, <, plot.y + 0.7 * plot.height);
  g_assert_cmpfloat (y, >, plot.y + 0.3 * plot.height);
  {
    cairo_surface_t *s = render_fill (&view, SSDB_THEME_REVIEW, w, h);

    save (s, "fill-burst.png");
    cairo_surface_destroy (s);
  }
}

/* A workload of 1000 requests, 700 answered in 130 µs and 300 in 1.3 ms, by @workers workers
 * (the first worker holds them all). */
static SsdbWorkloadResult *
make_workload (guint workers)
{
  SsdbWorkloadSpec spec;
  SsdbWorkloadResult *r;
  SsdbWorkloadStats s = { 0 };

  ssdb_workload_spec_init_preset (&spec, SSDB_WORKLOAD_DATABASE);
  spec.workers = workers;
  r = ssdb_workload_result_new (&spec);
  for (guint i = 0; i < 700; i++)
    ssdb_histogram_record (&r->latency, 130000);
  for (guint i = 0; i < 300; i++)
    ssdb_histogram_record (&r->latency, 1300000);
  s.ios = 1000;
  s.read_ios = 670;
  s.write_ios = 330;
  s.bytes = 1000 * 8192;
  s.window_ns = 1000000000;
  s.iops = 1000;
  s.bytes_per_second = 8192000;
  s.mean_ns = ssdb_histogram_mean_ns (&r->latency);
  s.p99_ns = ssdb_histogram_percentile_ns (&r->latency, 99);
  s.max_ns = r->latency.max_ns;
  for (guint i = 0; i < workers; i++)
    {
      SsdbWorkloadStats w = i == 0 ? s : (SsdbWorkloadStats){ 0 };

      g_array_append_val (r->workers, w);
    }
  r->total = s;
  return r;
}

/* The workload's response-time distribution under its rows: bars of 70 % at 130 µs and 30 % at
 * 1.3 ms, in the bars' colour up to their share and not above it; no panel where the rows
 * need the room. */
static void
test_workload_distribution (void)
{
  g_autoptr (SsdbWorkloadResult) one = make_workload (1);
  g_autoptr (SsdbWorkloadResult) many = make_workload (16);
  SsdbWorkloadView view;
  cairo_rectangle_t rect;
  const int w = 1200, h = 800;
  SsdbStyle style;
  SsdbRgba bar;
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);
  struct
  {
    double ns, share;
  } bars[] = { { 130000, 70 }, { 1300000, 30 } };

  ssdb_workload_view_init (&view);
  view.result = one;
  view.target_title = "/dev/zram2 · 268.4 MB";
  g_assert_true (ssdb_workload_painter_get_distribution_rect (&view, w, h, &rect));
  /* below the single row and its axis, most of the chart's height */
  g_assert_cmpfloat (rect.height, >, 0.3 * h);
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  {
    SsdbRgba bg = ssdb_chart_plot_background (&style);

    bar = ssdb_chart_mix (&bg, &style.accent, 0.85);
  }
  ssdb_workload_painter_draw (&view, &style, cr, w, h);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  save (s, "workload-distribution.png");
  for (guint i = 0; i < G_N_ELEMENTS (bars); i++)
    {
      double x, y;
      SsdbRgba in, above;

      g_assert_true (ssdb_workload_painter_distribution_point (&view, w, h, bars[i].ns,
                                                               bars[i].share, &x, &y));
      in = pixel (s, 1, x, y + 3);
      above = pixel (s, 1, x, y - 3);
      /* the bars' colour at 85 % over the plot */
      g_assert_cmpfloat (color_distance (&in, &bar), <, 0.05);
      g_assert_cmpfloat (color_distance (&above, &bar), >, 0.3);
    }
  cairo_surface_destroy (s);

  view.result = many;
  g_assert_false (ssdb_workload_painter_get_distribution_rect (&view, w, h, &rect));
  /* nothing measured: no panel */
  view.result = NULL;
  g_assert_false (ssdb_workload_painter_get_distribution_rect (&view, w, h, &rect));
}

/* A cycle of depths 1, 4 and 16 stopped during the second: in the panel under the rows a bar
 * of IOPS per depth run (up to its value, not above), the third depth without a bar, the mean
 * response times as dots; the words name each depth run and, of the depths run to their end,
 * the one of the most IOPS. */
static void
test_workload_cycle (void)
{
  g_autoptr (SsdbWorkloadResult) r = make_workload (1);
  g_autofree char *words = NULL;
  SsdbWorkloadView view;
  cairo_rectangle_t rect;
  const int w = 1200, h = 700;
  SsdbStyle style;
  SsdbRgba bar, bg;
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (s);
  const double iops[2] = { 1000, 3000 }, mean[2] = { 100000, 130000 };
  double x, y_iops, y_mean;

  r->spec.n_cycle_depths = 3;
  r->spec.cycle_depths[0] = 1;
  r->spec.cycle_depths[1] = 4;
  r->spec.cycle_depths[2] = 16;
  ssdb_workload_result_reset_cycle (r);
  for (guint i = 0; i < 2; i++)
    {
      SsdbWorkloadCycleStep *st = &g_array_index (r->cycle, SsdbWorkloadCycleStep, i);

      st->state = SSDB_WORKLOAD_STEP_DONE;
      st->total = r->total;
      st->total.iops = iops[i];
      st->total.mean_ns = mean[i];
    }
  r->cancelled = TRUE;
  g_array_index (r->cycle, SsdbWorkloadCycleStep, 1).state = SSDB_WORKLOAD_STEP_CANCELLED;

  ssdb_workload_view_init (&view);
  view.result = r;
  view.target_title = "/dev/zram2 · 268.4 MB";
  g_assert_true (ssdb_workload_painter_get_distribution_rect (&view, w, h, &rect));
  g_assert_false (ssdb_workload_painter_distribution_point (&view, w, h, 130000, 50, &x, &y_iops));
  g_assert_false (ssdb_workload_painter_cycle_point (&view, w, h, 3, &x, &y_iops, &y_mean));
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  bg = ssdb_chart_plot_background (&style);
  ssdb_workload_painter_draw (&view, &style, cr, w, h);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  save (s, "workload-cycle.png");
  for (guint i = 0; i < 3; i++)
    {
      SsdbRgba foot, above, dot;

      g_assert_true (ssdb_workload_painter_cycle_point (&view, w, h, i, &x, &y_iops, &y_mean));
      /* the bars in the IOPS colour, lighter for the depth stopped early */
      bar = ssdb_chart_mix (&bg, &style.accent3, i == 0 ? 0.85 : 0.4);
      foot = pixel (s, 1, x - 10, rect.y + rect.height - 3);
      above = pixel (s, 1, x - 10, y_iops - 4);
      if (i < 2)
        {
          g_assert_cmpfloat (y_iops, <, rect.y + rect.height - 20);
          g_assert_cmpfloat (color_distance (&foot, &bar), <, 0.05);
          g_assert_cmpfloat (color_distance (&above, &bar), >, 0.2);
          dot = pixel (s, 1, x, y_mean);
          g_assert_cmpfloat (color_distance (&dot, &style.foreground), <, 0.1);
        }
      else
        g_assert_cmpfloat (color_distance (&foot, &bg), <, 0.05);
    }
  /* QD4's bar is three times QD1's */
  {
    double x0, y0, x1, y1, bottom = rect.y + rect.height;

    g_assert_true (ssdb_workload_painter_cycle_point (&view, w, h, 0, &x0, &y0, &y_mean));
    g_assert_true (ssdb_workload_painter_cycle_point (&view, w, h, 1, &x1, &y1, &y_mean));
    g_assert_cmpfloat (fabs ((bottom - y1) / (bottom - y0) - 3), <, 0.01);
  }
  cairo_surface_destroy (s);

  words = ssdb_workload_painter_dup_words (&view, FALSE);
  g_assert_cmpstr (words, ==,
                   "Database by queue depth: QD1 1000 IOPS (0.100 ms), QD4 3000 IOPS (0.130 ms); "
                   "the most IOPS at QD1 (stopped early)");

  /* The rows: one per depth, its total; none for the depth not run, until it runs and has
   * live numbers (during its ramp the total is still the depth before's). */
  {
    SsdbWorkloadStats storage;

    g_assert_cmpuint (ssdb_workload_painter_n_rows (&view), ==, 3);
    g_assert_true (ssdb_workload_painter_row_stats (&view, 0, &storage)
                   == &g_array_index (r->cycle, SsdbWorkloadCycleStep, 0).total);
    g_assert_true (ssdb_workload_painter_row_stats (&view, 1, &storage)
                   == &g_array_index (r->cycle, SsdbWorkloadCycleStep, 1).total);
    g_assert_null (ssdb_workload_painter_row_stats (&view, 2, &storage));
    view.running = TRUE;
    r->job.queue_depth = 16;
    g_assert_null (ssdb_workload_painter_row_stats (&view, 2, &storage));
    r->live = TRUE;
    g_assert_true (ssdb_workload_painter_row_stats (&view, 2, &storage) == &r->total);
  }
}

static void
test_empty (void)
{
  SsdbSurfaceView sv;
  SsdbFillView fv;
  cairo_surface_t *s;
  SsdbStyle style;
  cairo_t *cr;

  ssdb_style_init (&style, SSDB_THEME_LIGHT);
  ssdb_surface_view_init (&sv);
  sv.target_title = "No drive selected";
  s = render_surface (&sv, SSDB_THEME_LIGHT, 800, 600, 1);
  save (s, "surface-empty-light.png");
  cairo_surface_destroy (s);

  ssdb_fill_view_init (&fv);
  s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 800, 600);
  cr = cairo_create (s);
  ssdb_fill_painter_draw (&fv, &style, cr, 800, 600);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* A read-back far faster than the writes (a RAM disk reads 4× as fast as it writes) gets its own
 * axis: the writes keep the height of the plot instead of lying near zero. */
static void
test_fill_read_axis (void)
{
  g_autoptr (SsdbFillResult) r = make_fill ();
  SsdbFillPass *read = g_ptr_array_index (r->passes, 2);
  SsdbFillView view;
  cairo_rectangle_t plot;
  const int w = 1200, h = 720;

  ssdb_fill_view_init (&view);
  view.result = r;
  ssdb_fill_painter_get_plot_rect (&view, w, h, &plot);
  /* 2800 MB/s against 1600: one axis for all. */
  g_assert_cmpfloat (fabs (ssdb_fill_painter_y_for_pass_rate (&view, w, h, SSDB_RW_READ, 1e9)
                           - ssdb_fill_painter_y_for_rate (&view, w, h, 1e9)),
                     <, 1e-9);
  for (guint i = 0; i < read->segments->len; i++)
    g_array_index (read->segments, SsdbFillPoint, i).bytes_per_second *= 4;
  for (guint i = 0; i < read->intervals->len; i++)
    g_array_index (read->intervals, SsdbFillPoint, i).bytes_per_second *= 4;
  /* 11 GB/s against 1.6: the fastest write in the top third of the plot, the read-back's
   * top near the top on its own axis. */
  g_assert_cmpfloat (ssdb_fill_painter_y_for_rate (&view, w, h, 1600e6), <,
                     plot.y + plot.height / 3);
  g_assert_cmpfloat (ssdb_fill_painter_y_for_pass_rate (&view, w, h, SSDB_RW_READ, 11200e6), <,
                     plot.y + plot.height / 3);
  g_assert_cmpfloat (ssdb_fill_painter_y_for_pass_rate (&view, w, h, SSDB_RW_READ, 1600e6), >,
                     plot.y + plot.height * 0.8);
  {
    SsdbStyle style;
    cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
    cairo_t *cr = cairo_create (s);

    ssdb_style_init (&style, SSDB_THEME_REVIEW);
    ssdb_fill_painter_draw (&view, &style, cr, w, h);
    cairo_destroy (cr);
    save (s, "fill-read-axis.png");
    cairo_surface_destroy (s);
  }
}

/* Access times of 60-100 µs with three stalls of 50 ms: the axis follows the bulk (the stalls
 * sit on the top edge, counted), so the bulk is not flattened onto zero. Without stalls the axis
 * reaches the slowest read. */
static void
test_access_outliers (void)
{
  g_autoptr (SsdbSurfaceResult) r = make_surface (GIB, 50, 500e6, 500e6, FALSE, 1000);
  SsdbSurfaceView view;
  cairo_rectangle_t plot;
  cairo_surface_t *s;
  double y;

  ssdb_surface_view_init (&view);
  view.result = r;
  ssdb_surface_painter_get_plot_rect (&view, 1000, 700, &plot);
  /* 100 µs, the slowest read, is near the top (the axis has 6 % headroom). */
  y = ssdb_surface_painter_y_for_latency (&view, 1000, 700, 100000);
  g_assert_cmpfloat (y, <, plot.y + 0.2 * plot.height);
  for (guint i = 0; i < 3; i++)
    g_array_index (r->access, SsdbAccessSample, i * 300).latency_ns = 50000000;
  y = ssdb_surface_painter_y_for_latency (&view, 1000, 700, 100000);
  g_assert_cmpfloat (y, <, plot.y + 0.6 * plot.height);
  g_assert_cmpfloat (ssdb_surface_painter_y_for_latency (&view, 1000, 700, 50000000), <, plot.y);
  s = render_surface (&view, SSDB_THEME_REVIEW, 1000, 700, 1);
  save (s, "surface-access-outliers.png");
  cairo_surface_destroy (s);
}

/* A surface denser than the plot's pixel columns keeps a single low and a single high sample
 * visible, draws the same with and without a cache, and reuses the cache until it is cleared. */
static void
test_surface_dense (void)
{
  g_autoptr (SsdbSurfaceResult) r
      = make_surface (G_GUINT64_CONSTANT (500) * GIB, 50000, 400e6, 400e6, FALSE, 0);
  SsdbPlotCache *cache = ssdb_plot_cache_new ();
  SsdbSurfaceSample *dip = &g_array_index (r->read, SsdbSurfaceSample, 30000);
  SsdbSurfaceSample *peak = &g_array_index (r->read, SsdbSurfaceSample, 10000);
  SsdbSurfaceView view;
  SsdbStyle style;
  SsdbRgba bg;
  cairo_surface_t *plain, *cached, *again;
  double x_dip, x_peak, x_flat, y_dip, y_peak, y_flat;
  const int w = 900, h = 560;

  dip->bytes_per_second = 40e6;
  peak->bytes_per_second = 700e6;
  r->read_stats = (SsdbRateStats){ 40e6, 700e6, 400e6 };
  ssdb_surface_view_init (&view);
  view.result = r;
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  bg = ssdb_chart_plot_background (&style);

  x_dip = ssdb_surface_painter_x_for_position (&view, w, h, ssdb_surface_sample_position (r, dip));
  x_peak
      = ssdb_surface_painter_x_for_position (&view, w, h, ssdb_surface_sample_position (r, peak));
  x_flat = ssdb_surface_painter_x_for_position (
      &view, w, h,
      ssdb_surface_sample_position (r, &g_array_index (r->read, SsdbSurfaceSample, 20000)));
  y_dip = ssdb_surface_painter_y_for_rate (&view, w, h, 40e6);
  y_peak = ssdb_surface_painter_y_for_rate (&view, w, h, 700e6);
  y_flat = ssdb_surface_painter_y_for_rate (&view, w, h, 400e6);

  plain = render_surface (&view, SSDB_THEME_REVIEW, w, h, 1.0);
  {
    SsdbRgba at_dip = pixel (plain, 1.0, x_dip, y_dip + 0.5);
    SsdbRgba at_peak = pixel (plain, 1.0, x_peak, y_peak - 0.5);
    SsdbRgba beside = pixel (plain, 1.0, x_flat, y_dip + 0.5);
    SsdbRgba line = pixel (plain, 1.0, x_flat, y_flat);

    /* The single extremes are marked in the curve's colour; elsewhere the plot is empty there,
     * and the mean line is solid. */
    g_assert_cmpfloat (color_distance (&at_dip, &bg), >, 0.15);
    g_assert_cmpfloat (color_distance (&at_peak, &bg), >, 0.15);
    g_assert_cmpfloat (color_distance (&beside, &bg), <, 0.05);
    g_assert_cmpfloat (color_distance (&line, &style.accent), <, 0.12);
  }

  /* With a cache: the same pixels. */
  view.cache = cache;
  cached = render_surface (&view, SSDB_THEME_REVIEW, w, h, 1.0);
  g_assert_cmpmem (cairo_image_surface_get_data (plain), cairo_image_surface_get_stride (plain) * h,
                   cairo_image_surface_get_data (cached),
                   cairo_image_surface_get_stride (cached) * h);

  /* The reduced curve is kept: a change in place shows only once the cache is cleared. */
  dip->bytes_per_second = 400e6;
  again = render_surface (&view, SSDB_THEME_REVIEW, w, h, 1.0);
  g_assert_cmpmem (
      cairo_image_surface_get_data (cached), cairo_image_surface_get_stride (cached) * h,
      cairo_image_surface_get_data (again), cairo_image_surface_get_stride (again) * h);
  cairo_surface_destroy (again);
  ssdb_plot_cache_clear (cache);
  again = render_surface (&view, SSDB_THEME_REVIEW, w, h, 1.0);
  {
    SsdbRgba at_dip = pixel (again, 1.0, x_dip, y_dip + 0.5);

    g_assert_cmpfloat (color_distance (&at_dip, &bg), <, 0.05);
  }
  if (keep_output)
    save (plain, "surface-dense.png");

  cairo_surface_destroy (plain);
  cairo_surface_destroy (cached);
  cairo_surface_destroy (again);
  ssdb_plot_cache_free (cache);
}

/* Columns hold exactly the range a line through the points covers in each column. */
static void
test_columns (void)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 10, 10);
  cairo_t *cr = cairo_create (s);
  GRand *rand = g_rand_new_with_seed (3);
  SsdbColumns *c;
  static double ys[20000];
  const guint n = G_N_ELEMENTS (ys);

  cairo_scale (cr, 2, 2); /* 2 device pixels per unit: 200 columns over 100 units */
  g_assert_false (ssdb_columns_wanted (cr, 100, 200));
  g_assert_true (ssdb_columns_wanted (cr, 100, 201));
  c = ssdb_columns_new (cr, 10, 100);
  g_assert_cmpuint (c->n_cols, ==, 200);
  for (guint i = 0; i < n; i++)
    {
      ys[i] = g_rand_double_range (rand, 100, 300);
      ssdb_columns_add_point (c, 10 + 100.0 * i / (n - 1), ys[i]);
    }
  ssdb_columns_finish (c);
  for (guint col = 0; col < c->n_cols; col++)
    {
      double lo = G_MAXDOUBLE, hi = -G_MAXDOUBLE, sum = 0;
      guint k = 0;

      for (guint i = 0; i < n; i++)
        {
          double x = 10 + 100.0 * i / (n - 1);

          if ((guint)MIN ((x - 10) / 0.5, 199) != col)
            continue;
          lo = MIN (lo, ys[i]);
          hi = MAX (hi, ys[i]);
          sum += ys[i];
          k++;
        }
      g_assert_cmpuint (k, >, 0);
      /* Every sample inside; never beyond what the line reaches (it joins the neighbours). */
      g_assert_cmpfloat (c->top[col], <=, lo + 1e-3);
      g_assert_cmpfloat (c->bottom[col], >=, hi - 1e-3);
      g_assert_cmpfloat (c->top[col], >=, 100 - 1e-3);
      g_assert_cmpfloat (c->bottom[col], <=, 300 + 1e-3);
      g_assert_cmpfloat (fabs (c->mean[col] - sum / k), <, 1e-2);
    }
  ssdb_columns_free (c);

  /* A step wider than many columns covers all of them. */
  c = ssdb_columns_new (cr, 0, 100);
  ssdb_columns_add_span (c, 0, 50, 120);
  ssdb_columns_add_span (c, 50, 100, 80);
  ssdb_columns_finish (c);
  g_assert_cmpfloat (c->top[10], ==, 120);
  g_assert_cmpfloat (c->bottom[10], ==, 120);
  g_assert_cmpfloat (c->top[150], ==, 80);
  /* The riser between the steps lies in the column where the second one starts. */
  g_assert_cmpfloat (c->top[100], ==, 80);
  g_assert_cmpfloat (c->bottom[100], ==, 120);
  ssdb_columns_free (c);

  /* Dots: one per occupied cell a dot wide, and every dot's cell is occupied. */
  {
    cairo_rectangle_t plot = { 0, 0, 100, 50 };
    SsdbDotGrid *g = ssdb_dot_grid_new (&plot, 2);
    guint drawn;

    for (guint i = 0; i < 100000; i++)
      ssdb_dot_grid_add (g, g_rand_double_range (rand, 0, 10), g_rand_double_range (rand, 0, 10));
    ssdb_dot_grid_add (g, 99, 49);
    cairo_new_path (cr);
    drawn = ssdb_dot_grid_path (g, cr);
    g_assert_cmpuint (drawn, ==, 3 * 3 + 1); /* cells 4 wide: 0..12 is 3 of them */
    ssdb_dot_grid_free (g);
  }

  /* Stamped dots on an image: a dot where it was put, nothing a few radii away; on a vector
   * surface there is no stamp (the painter draws circles). */
  {
    cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 200, 100);
    cairo_t *icr = cairo_create (img);
    cairo_rectangle_t plot = { 10, 10, 180, 80 };
    cairo_rectangle_t extents = { 0, 0, 100, 100 };
    cairo_surface_t *rec = cairo_recording_surface_create (CAIRO_CONTENT_COLOR_ALPHA, &extents);
    cairo_t *rcr = cairo_create (rec);
    SsdbRgba red = { 1, 0, 0, 1 };
    SsdbDotStamp *st;
    SsdbRgba on, off;

    cairo_scale (icr, 2, 2);
    st = ssdb_dot_stamp_new (icr, &plot, 2);
    g_assert_nonnull (st);
    ssdb_dot_stamp_add (st, 40.3, 30.7);
    ssdb_dot_stamp_add (st, 40.3, 30.7); /* twice: still one dot */
    ssdb_dot_stamp_draw (st, icr, &red, 1.0);
    ssdb_dot_stamp_free (st);
    cairo_surface_flush (img);
    on = pixel (img, 2.0, 40.3, 30.7);
    off = pixel (img, 2.0, 46.3, 30.7);
    g_assert_cmpfloat (on.a, >, 0.95);
    g_assert_cmpfloat (on.r, >, 0.95);
    g_assert_cmpfloat (off.a, <, 0.01);
    g_assert_null (ssdb_dot_stamp_new (rcr, &plot, 2));
    cairo_destroy (rcr);
    cairo_surface_destroy (rec);
    cairo_destroy (icr);
    cairo_surface_destroy (img);
  }

  g_rand_free (rand);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
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
    out_dir = g_dir_make_tmp ("ssdb-surface-painter-XXXXXX", NULL);

  g_test_add_func ("/surface-painter/axis", test_axis);
  g_test_add_func ("/surface-painter/robust-top", test_robust_top);
  g_test_add_func ("/surface-painter/fill-burst", test_fill_burst);
  g_test_add_func ("/surface-painter/workload-distribution", test_workload_distribution);
  g_test_add_func ("/surface-painter/workload-cycle", test_workload_cycle);
  g_test_add_func ("/surface-painter/rate-labels-64bit", test_rate_labels_64bit);
  g_test_add_func ("/surface-painter/step", test_surface_step);
  g_test_add_func ("/surface-painter/headroom", test_surface_headroom);
  g_test_add_func ("/surface-painter/temperature-strip", test_temperature_strip);
  g_test_add_func ("/surface-painter/write-hover-live", test_surface_write_and_hover);
  g_test_add_func ("/surface-painter/identical", test_surface_identical);
  g_test_add_func ("/surface-painter/fill-phases", test_fill_phases);
  g_test_add_func ("/surface-painter/fill-read-axis", test_fill_read_axis);
  g_test_add_func ("/surface-painter/empty", test_empty);
  g_test_add_func ("/surface-painter/access-outliers", test_access_outliers);
  g_test_add_func ("/surface-painter/dense", test_surface_dense);
  g_test_add_func ("/surface-painter/columns", test_columns);
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
