/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Comparison charts: a legend entry per report in its colour, every view, and the refusals
 * (too few or too many reports, a report without the view, a view that cannot be compared);
 * compression as grouped bars and consistency as lines, where the data says. */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "render/ssdb-compare-data-private.h"
#include "render/ssdb-compare-painter.h"
#include "render/ssdb-export.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)
#define GB G_GUINT64_CONSTANT (1000000000)

static char *out_dir;

static SsdbSurfaceResult *
make_surface (guint n, double rate)
{
  SsdbSurfaceSpec spec;
  SsdbSurfaceResult *r;

  ssdb_surface_spec_init (&spec);
  spec.samples = n;
  spec.span_length = GB;
  spec.sample_bytes = 8 * MIB;
  spec.access_samples = 0;
  r = ssdb_surface_result_new (&spec);
  for (guint i = 0; i < n; i++)
    {
      SsdbSurfaceSample s = { 0 };

      s.offset_bytes = ssdb_surface_position (0, GB, spec.sample_bytes, n, i, spec.block_size);
      s.bytes = spec.sample_bytes;
      s.bytes_per_second = rate * (1.0 - 0.3 * i / n);
      s.window_ns = (guint64)((double)s.bytes / s.bytes_per_second * 1e9);
      g_array_append_val (r->read, s);
    }
  r->read_stats = (SsdbRateStats){ rate * 0.7, rate, rate * 0.85 };
  return r;
}

static SsdbReport *
make_report (SsdbSurfaceResult *surface, guint index)
{
  SsdbTargetInfo t = { 0 };
  g_autofree char *model = g_strdup_printf ("Drive %c", 'A' + index);
  SsdbReport *report;

  t.kind = SSDB_TARGET_DEVICE;
  t.path = (char *)"/dev/zram3";
  t.size_bytes = 2 * GB;
  t.logical_block_size = 4096;
  t.model = model;
  report = ssdb_report_new (&t, NULL);
  ssdb_report_set_surface (report, surface);
  report->created_unix = 1714566896 + index * 3600;
  return report;
}

static SsdbRgba
pixel (cairo_surface_t *s, double x, double y)
{
  int stride = cairo_image_surface_get_stride (s);
  const guint8 *data = cairo_image_surface_get_data (s);
  guint32 v = *(const guint32 *)(data + (int)y * stride + (int)x * 4);

  return (SsdbRgba){ ((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0, 1 };
}

static double
color_distance (const SsdbRgba *a, const SsdbRgba *b)
{
  return fabs (a->r - b->r) + fabs (a->g - b->g) + fabs (a->b - b->b);
}

/* Draws @view and checks that each report's legend swatch has the report's colour, that the
 * colours differ, and that each report's curve appears in the plot in its colour. */
static void
check_legend (const SsdbCompareView *view, SsdbTheme theme, int w, int h, gboolean curves)
{
  cairo_surface_t *img = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, w, h);
  cairo_t *cr = cairo_create (img);
  cairo_rectangle_t plot;
  SsdbStyle style;

  ssdb_style_init (&style, theme);
  ssdb_compare_painter_draw (view, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (img);
  g_assert_true (ssdb_compare_painter_get_plot_rect (view, w, h, 0, &plot));

  for (guint i = 0; i < view->n_reports; i++)
    {
      cairo_rectangle_t r;
      SsdbRgba want = ssdb_compare_color (&style, i);
      SsdbRgba got;

      g_assert_true (ssdb_compare_painter_get_legend_rect (view, w, h, i, &r));
      g_assert_cmpfloat (r.width, >=, 6);
      g_assert_cmpfloat (r.y + r.height, <, plot.y);
      got = pixel (img, r.x + r.width / 2, r.y + r.height / 2);
      g_assert_cmpfloat (color_distance (&got, &want), <, 0.05);
      for (guint k = 0; k < i; k++)
        {
          SsdbRgba other = ssdb_compare_color (&style, k);
          cairo_rectangle_t r2;

          g_assert_cmpfloat (color_distance (&want, &other), >, 0.3);
          g_assert_true (ssdb_compare_painter_get_legend_rect (view, w, h, k, &r2));
          /* Entries do not overlap. */
          g_assert_true (r2.y + r2.height <= r.y || r2.x + r2.width <= r.x);
        }
      if (curves)
        {
          /* Somewhere in the plot there are pixels of this report's colour. */
          guint found = 0;

          for (int y = (int)plot.y + 1; y < (int)(plot.y + plot.height) - 1; y++)
            for (int x = (int)plot.x + 2; x < (int)(plot.x + plot.width) - 2; x += 2)
              {
                SsdbRgba c = pixel (img, x, y);

                if (color_distance (&c, &want) < 0.1)
                  found++;
              }
          g_assert_cmpuint (found, >, 20);
        }
    }
  g_assert_false (ssdb_compare_painter_get_legend_rect (view, w, h, view->n_reports, &plot));
  cairo_surface_destroy (img);
}

static void
test_legend (void)
{
  SsdbSurfaceResult *surfaces[SSDB_COMPARE_MAX_REPORTS];
  SsdbReport *reports[SSDB_COMPARE_MAX_REPORTS];
  SsdbCompareView view = { 0 };

  for (guint i = 0; i < SSDB_COMPARE_MAX_REPORTS; i++)
    {
      surfaces[i] = make_surface (50, 500e6 + i * 180e6);
      reports[i] = make_report (surfaces[i], i);
    }
  view.view = SSDB_TEST_KIND_SURFACE;
  view.reports = reports;
  view.title = "Comparison";
  view.caption = "caption";

  view.n_reports = 2;
  g_assert_true (ssdb_compare_check (&view, NULL));
  g_assert_cmpuint (ssdb_compare_painter_get_n_panels (&view), ==, 1);
  check_legend (&view, SSDB_THEME_REVIEW, 1200, 800, TRUE);
  check_legend (&view, SSDB_THEME_DARK, 800, 600, TRUE);
  view.n_reports = 8;
  g_assert_true (ssdb_compare_check (&view, NULL));
  check_legend (&view, SSDB_THEME_REVIEW, 1200, 800, TRUE);
  check_legend (&view, SSDB_THEME_REVIEW, 800, 600, FALSE);

  /* The files: 2 and 8 reports in each format. */
  for (guint n = 2; n <= 8; n += 6)
    for (guint fmt = 0; fmt < 3; fmt++)
      {
        g_autofree char *name
            = g_strdup_printf ("surface-%u.%s", n, ssdb_export_format_to_string (fmt));
        g_autofree char *path = g_build_filename (out_dir, name, NULL);
        g_autoptr (GError) error = NULL;
        GStatBuf st;

        g_assert_true (ssdb_export_compare (reports, NULL, n, SSDB_TEST_KIND_SURFACE, fmt, 1200,
                                            800, 1, SSDB_THEME_REVIEW, 0, path, &error));
        g_assert_no_error (error);
        g_assert_cmpint (g_stat (path, &st), ==, 0);
        g_assert_cmpint (st.st_size, >, 2000);
      }

  for (guint i = 0; i < SSDB_COMPARE_MAX_REPORTS; i++)
    {
      ssdb_report_unref (reports[i]);
      ssdb_surface_result_free (surfaces[i]);
    }
}

/* Default labels name the model and the date; the same label twice gets the run's number. */
static void
test_labels (void)
{
  g_autoptr (SsdbSurfaceResult) s = make_surface (10, 400e6);
  g_autoptr (SsdbReport) a = make_report (s, 0);
  g_autoptr (SsdbReport) b = make_report (s, 1);
  g_autofree char *la = ssdb_compare_report_label (a);
  g_autofree char *lb = ssdb_compare_report_label (b);

  g_assert_cmpstr (la, ==, "Drive A · 2024-05-01 12:34");
  g_assert_cmpstr (lb, ==, "Drive B · 2024-05-01 13:34");
}

/* 1 and 9 reports, a report without the view, a view that cannot be compared: each refused
 * with a message that says why, and no file is written. */
static void
test_errors (void)
{
  SsdbSurfaceResult *surfaces[9];
  SsdbReport *reports[9];
  g_autofree char *path = g_build_filename (out_dir, "refused.png", NULL);
  g_autoptr (GError) error = NULL;
  SsdbTargetInfo t = { 0 };
  g_autoptr (SsdbReport) empty = NULL;

  for (guint i = 0; i < 9; i++)
    {
      surfaces[i] = make_surface (10, 400e6);
      reports[i] = make_report (surfaces[i], i);
    }
  g_assert_false (ssdb_export_compare (reports, NULL, 9, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PNG,
                                       800, 600, 1, SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "A comparison takes 2 to 8 reports, not 9");
  g_clear_error (&error);
  g_assert_false (ssdb_export_compare (reports, NULL, 1, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PNG,
                                       800, 600, 1, SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (ssdb_export_compare (reports, NULL, 3, SSDB_TEST_KIND_FILL, SSDB_EXPORT_PNG, 800,
                                       600, 1, SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "Report 1 (Drive A · 2024-05-01 12:34) holds no fill test");
  g_clear_error (&error);
  g_assert_false (ssdb_export_compare (reports, NULL, 3, SSDB_TEST_KIND_WORKLOAD, SSDB_EXPORT_PNG,
                                       800, 600, 1, SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  t.kind = SSDB_TARGET_DEVICE;
  t.path = (char *)"/dev/sdz";
  empty = ssdb_report_new (&t, NULL);
  {
    SsdbReport *mixed[3] = { reports[0], empty, reports[1] };
    const char *labels[3] = { "first", "second", "third" };

    g_assert_false (ssdb_export_compare (mixed, labels, 3, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_SVG,
                                         800, 600, 1, SSDB_THEME_REVIEW, 0, path, &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
    g_assert_cmpstr (error->message, ==, "Report 2 (second) holds no surface test");
    g_clear_error (&error);
  }
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  for (guint i = 0; i < 9; i++)
    {
      ssdb_report_unref (reports[i]);
      ssdb_surface_result_free (surfaces[i]);
    }
}

/* Every comparable view of the fixture reports draws, with its legend. */
static void
test_fixture_views (void)
{
  const struct
  {
    const char *file;
    SsdbTestKind view;
    guint panels;
  } cases[] = {
    { "valid.json", SSDB_TEST_KIND_SUMMARY, 1 },
    { "valid-surface-fill.json", SSDB_TEST_KIND_SURFACE, 2 },
    { "valid-surface-fill.json", SSDB_TEST_KIND_FILL, 2 }, /* the write passes, the read-back */
    { "valid-access-sweep-workload.json", SSDB_TEST_KIND_ACCESS, 2 },
    { "valid-access-sweep-workload.json", SSDB_TEST_KIND_SWEEP, 2 },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *path
          = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", cases[c].file, NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);
      SsdbReport *reports[3] = { report, report, report };
      const char *labels[3] = { "Run one", "Run two", "Run three" };
      SsdbCompareView view = { cases[c].view, reports, labels, 3, "Comparison", "caption" };
      g_autofree char *name
          = g_strdup_printf ("fixture-%s.png", ssdb_test_kind_to_string (cases[c].view));
      g_autofree char *out = g_build_filename (out_dir, name, NULL);

      g_assert_no_error (error);
      g_assert_true (ssdb_compare_check (&view, &error));
      g_assert_cmpuint (ssdb_compare_painter_get_n_panels (&view), ==, cases[c].panels);
      check_legend (&view, SSDB_THEME_REVIEW, 1200, 800, FALSE);
      g_assert_true (ssdb_export_compare (reports, labels, 3, cases[c].view, SSDB_EXPORT_PNG, 1200,
                                          800, 1, SSDB_THEME_REVIEW, 0, out, &error));
      g_assert_no_error (error);
    }
}

/* Surfaces 20× apart share a log axis (the slow one is not flattened onto zero); 2× apart, a
 * linear one from 0. */
static void
test_log_axis (void)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid-surface-fill.json", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) a = ssdb_report_load (path, &error);
  g_autoptr (SsdbReport) b = ssdb_report_load (path, &error);
  SsdbReport *reports[2] = { a, b };
  const char *labels[2] = { "Fast", "Slow" };
  SsdbCompareView view = { SSDB_TEST_KIND_SURFACE, reports, labels, 2, "Comparison", NULL };
  GArray *read;
  cairo_rectangle_t plot;
  double x, y0, y1, h0, h1;
  const double factors[] = { 2, 20 };

  g_assert_no_error (error);
  read = (GArray *)b->surface->read;
  g_assert_cmpuint (read->len, >, 2);
  ssdb_compare_painter_get_plot_rect (&view, 1200, 800, 0, &plot);
  for (guint f = 0; f < G_N_ELEMENTS (factors); f++)
    {
      for (guint i = 0; i < read->len; i++)
        g_array_index (read, SsdbSurfaceSample, i).bytes_per_second
            = g_array_index (a->surface->read, SsdbSurfaceSample, i).bytes_per_second / factors[f];
      g_assert_true (ssdb_compare_painter_get_point (&view, 1200, 800, 0, 0, 1, &x, &y0));
      g_assert_true (ssdb_compare_painter_get_point (&view, 1200, 800, 0, 1, 1, &x, &y1));
      h0 = plot.y + plot.height - y0;
      h1 = plot.y + plot.height - y1;
      if (factors[f] < 10)
        /* Linear from 0: half the rate, half the height. */
        g_assert_cmpfloat (fabs (h1 - h0 / 2), <, 1);
      else
        {
          /* Log: 20× is log10 (20) = 1.3 decades below, on an axis of a few decades; the slow
           * run keeps a good part of the height. */
          g_assert_cmpfloat (h1, >, 0.2 * plot.height);
          g_assert_cmpfloat (h0 - h1, >, 0.2 * plot.height);
        }
    }
}

/* Two reports of the behaviour fixture, the second with every compression rate halved and
 * every round's IOPS at 80 %. */
static void
load_behaviour_pair (SsdbReport **a, SsdbReport **b)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid-behaviour.json", NULL);
  g_autoptr (GError) error = NULL;

  *a = ssdb_report_load (path, &error);
  g_assert_no_error (error);
  *b = ssdb_report_load (path, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < (*b)->compression->points->len; i++)
    {
      SsdbCompressionPoint *p = &g_array_index ((*b)->compression->points, SsdbCompressionPoint, i);

      p->write_bytes_per_second /= 2;
      p->read_bytes_per_second /= 2;
    }
  for (guint i = 0; i < (*b)->consistency->rounds->len; i++)
    g_array_index ((*b)->consistency->rounds, SsdbConsistencyRound, i).iops *= 0.8;
}

/* Compression compares as grouped bars, one colour per report: each bar stands where its rate
 * says (the second report's bars half as high), in that report's colour. */
static void
test_compression (void)
{
  SsdbReport *a = NULL, *b = NULL;
  SsdbReport *reports[2];
  const char *labels[2] = { "QD4", "QD4 halved" };
  SsdbCompareView view = { SSDB_TEST_KIND_COMPRESSION, reports, labels, 2, "Comparison", NULL };
  g_autofree char *out = g_build_filename (out_dir, "compression.png", NULL);
  g_autoptr (GError) error = NULL;
  cairo_rectangle_t plot;
  cairo_surface_t *img;
  SsdbStyle style;

  load_behaviour_pair (&a, &b);
  reports[0] = a;
  reports[1] = b;
  g_assert_true (ssdb_compare_check (&view, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ssdb_compare_painter_get_n_panels (&view), ==, 2);
  check_legend (&view, SSDB_THEME_REVIEW, 1200, 800, TRUE);
  g_assert_true (ssdb_export_compare (reports, labels, 2, SSDB_TEST_KIND_COMPRESSION,
                                      SSDB_EXPORT_PNG, 1200, 800, 1, SSDB_THEME_REVIEW,
                                      SSDB_EXPORT_NO_CAPTION, out, &error));
  g_assert_no_error (error);
  img = cairo_image_surface_create_from_png (out);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  for (guint panel = 0; panel < 2; panel++)
    {
      double bottom;

      g_assert_true (ssdb_compare_painter_get_plot_rect (&view, 1200, 800, panel, &plot));
      bottom = plot.y + plot.height;
      for (guint level = 0; level < a->compression->points->len; level++)
        {
          double xa, ya, xb, yb;
          SsdbRgba ca = ssdb_compare_color (&style, 0), cb = ssdb_compare_color (&style, 1);
          SsdbRgba ga, gb;

          g_assert_true (
              ssdb_compare_painter_get_point (&view, 1200, 800, panel, 0, level, &xa, &ya));
          g_assert_true (
              ssdb_compare_painter_get_point (&view, 1200, 800, panel, 1, level, &xb, &yb));
          /* Side by side in the level's group, report 1 right of report 0. */
          g_assert_cmpfloat (xb, >, xa);
          g_assert_cmpfloat (xb - xa, <, plot.width / a->compression->points->len);
          /* Half the rate, half the height above 0 B/s. */
          g_assert_cmpfloat (fabs ((bottom - yb) * 2 - (bottom - ya)), <, 1.5);
          /* Each bar in its report's colour, just below its top and just above the bottom. */
          ga = pixel (img, xa, ya + 2);
          gb = pixel (img, xb, bottom - 2);
          g_assert_cmpfloat (color_distance (&ga, &ca), <, 0.05);
          g_assert_cmpfloat (color_distance (&gb, &cb), <, 0.05);
          ga = pixel (img, xa, bottom - 2);
          g_assert_cmpfloat (color_distance (&ga, &ca), <, 0.05);
        }
      g_assert_false (
          ssdb_compare_painter_get_point (&view, 1200, 800, panel, 0, 6, &plot.x, &plot.y));
    }
  g_assert_false (ssdb_compare_painter_get_point (&view, 1200, 800, 2, 0, 0, &plot.x, &plot.y));
  g_assert_false (ssdb_compare_painter_get_point (&view, 1200, 800, 0, 2, 0, &plot.x, &plot.y));
  cairo_surface_destroy (img);
  ssdb_report_unref (a);
  ssdb_report_unref (b);
}

/* AS SSD compares as a group of bars per test (Seq, 4K, 4K-64Thrd), reads and writes apart, each
 * report's MB/s: the second report's rates halved sit at half the height; no access-time group. */
static void
test_asssd (void)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid-asssd.json", NULL);
  g_autofree char *out = g_build_filename (out_dir, "asssd.png", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) a = ssdb_report_load (path, &error);
  g_autoptr (SsdbReport) b = ssdb_report_load (path, &error);
  SsdbReport *reports[2] = { a, b };
  const char *labels[2] = { "Full", "Halved" };
  SsdbCompareView view = { SSDB_TEST_KIND_ASSSD, reports, labels, 2, "Comparison", NULL };
  cairo_rectangle_t plot;

  g_assert_no_error (error);
  for (guint i = 0; i < SSDB_ASSSD_N_ENTRIES; i++)
    b->asssd->entries[i].bytes_per_second /= 2;
  g_assert_true (ssdb_compare_view_supported (SSDB_TEST_KIND_ASSSD));
  g_assert_true (ssdb_compare_check (&view, &error));
  g_assert_cmpuint (ssdb_compare_painter_get_n_panels (&view), ==, 2);
  for (guint panel = 0; panel < 2; panel++)
    {
      g_assert_true (ssdb_compare_painter_get_plot_rect (&view, 1200, 800, panel, &plot));
      for (guint t = 0; t < 3; t++)
        {
          double xa, ya, xb, yb, bottom = plot.y + plot.height;

          g_assert_true (ssdb_compare_painter_get_point (&view, 1200, 800, panel, 0, t, &xa, &ya));
          g_assert_true (ssdb_compare_painter_get_point (&view, 1200, 800, panel, 1, t, &xb, &yb));
          g_assert_cmpfloat (xb, >, xa);
          g_assert_cmpfloat (fabs ((bottom - yb) * 2 - (bottom - ya)), <, 1.5);
        }
      g_assert_false (
          ssdb_compare_painter_get_point (&view, 1200, 800, panel, 0, 3, &plot.x, &plot.y));
    }
  g_assert_true (ssdb_export_compare (reports, labels, 2, SSDB_TEST_KIND_ASSSD, SSDB_EXPORT_PNG,
                                      1200, 800, 1, SSDB_THEME_REVIEW, 0, out, &error));
  g_assert_no_error (error);
}

/* Three AS SSD reports as a reviewer compares them: the rates in MB/s (AS SSD's unit; the 4K
 * results of tens of MB/s are not "0.02" GB/s), a read-only report's Write slots marked "not
 * run" and a report whose reads met a span partly never written says so in the legend. */
static void
test_asssd_three (void)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid-asssd.json", NULL);
  g_autofree char *out = g_build_filename (out_dir, "asssd-three.png", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (SsdbReport) a = ssdb_report_load (path, &error);
  g_autoptr (SsdbReport) b = ssdb_report_load (path, &error);
  g_autoptr (SsdbReport) c = ssdb_report_load (path, &error);
  SsdbReport *reports[3] = { a, b, c };
  const char *labels[3] = { "Full", "Read-only", "Unwritten span" };
  SsdbCompareView view = { SSDB_TEST_KIND_ASSSD, reports, labels, 3, "Comparison", NULL };
  SsdbCompareView unlabelled = { SSDB_TEST_KIND_ASSSD, reports, NULL, 3, "Comparison", NULL };
  g_autofree char *la = NULL, *lc = NULL;
  Data d;

  g_assert_no_error (error);
  b->asssd->spec.do_write = FALSE;
  for (guint i = 1; i < SSDB_ASSSD_N_ENTRIES; i += 2)
    {
      SsdbAsssdEntry *e = &b->asssd->entries[i];

      e->state = SSDB_ENTRY_SKIPPED;
      e->ios = e->bytes = e->window_ns = 0;
      e->iops = e->bytes_per_second = 0;
    }
  c->asssd->filled = FALSE;
  c->asssd->unwritten_percent = 40;
  c->asssd->unwritten_source = SSDB_UNWRITTEN_ZRAM;

  ssdb_compare_data_build (&d, &view);
  g_assert_true (d.y_mbps);
  g_assert_cmpuint (d.n_panels, ==, 2);
  g_assert_false (d.panels[0].not_run[1]);
  g_assert_false (d.panels[1].not_run[0]);
  g_assert_true (d.panels[1].not_run[1]);
  g_assert_false (d.panels[1].not_run[2]);
  g_assert_cmpuint (d.panels[1].series[1]->len, ==, 0);
  ssdb_compare_data_clear (&d);

  la = ssdb_compare_view_dup_label (&unlabelled, 0);
  lc = ssdb_compare_view_dup_label (&unlabelled, 2);
  g_assert_null (strstr (la, "never written"));
  g_assert_nonnull (strstr (lc, " · 40 % of the span never written"));
  g_free (lc);
  lc = ssdb_compare_view_dup_label (&view, 2);
  g_assert_cmpstr (lc, ==, "Unwritten span · 40 % of the span never written");

  g_assert_true (ssdb_export_compare (reports, labels, 3, SSDB_TEST_KIND_ASSSD, SSDB_EXPORT_PNG,
                                      1200, 800, 1, SSDB_THEME_REVIEW, 0, out, &error));
  g_assert_no_error (error);
}

/* Reports of different steps compare on one axis of rising compressibility: a 25 % report's
 * levels stand between the 10 % report's neighbours (25 % between 20 and 30 %), zeros last in
 * both. */
static void
test_compression_steps (void)
{
  SsdbReport *a = NULL, *b = NULL;
  SsdbReport *reports[2];
  const char *labels[2] = { "25 % steps", "10 % steps" };
  SsdbCompareView view = { SSDB_TEST_KIND_COMPRESSION, reports, labels, 2, "Comparison", NULL };
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  SsdbCompressionSpec spec;
  g_autoptr (SsdbCompressionResult) r = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *out = g_build_filename (out_dir, "compression-steps.png", NULL);
  double x[2][SSDB_COMPRESSION_MAX_LEVELS], y;
  guint n;

  load_behaviour_pair (&a, &b);
  spec = a->compression->spec;
  spec.step_percent = 10;
  r = ssdb_compression_result_new (&spec);
  n = ssdb_compression_levels (10, TRUE, levels);
  for (guint i = 0; i < n; i++)
    {
      SsdbCompressionPoint p = { 0 };

      p.data = levels[i];
      p.write_bytes_per_second = 100e6 * (1 + 0.1 * i);
      p.read_bytes_per_second = 200e6 * (1 + 0.1 * i);
      g_array_append_val (r->points, p);
    }
  ssdb_report_set_compression (b, r);
  reports[0] = a;
  reports[1] = b;
  g_assert_true (ssdb_compare_check (&view, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (a->compression->points->len, ==, 6);
  g_assert_cmpuint (b->compression->points->len, ==, 12);
  for (guint k = 0; k < 12; k++)
    for (guint rep = 0; rep < 2; rep++)
      if (k < reports[rep]->compression->points->len)
        g_assert_true (
            ssdb_compare_painter_get_point (&view, 1200, 800, 0, rep, k, &x[rep][k], &y));
  /* 25 % between 20 and 30 %, 50 % just right of the other's 50 % (same group), 75 % between
   * 70 and 80 %, 100 % right of the other's 90 %; zeros last. */
  g_assert_cmpfloat (x[1][2], <, x[0][1]);
  g_assert_cmpfloat (x[0][1], <, x[1][3]);
  g_assert_cmpfloat (x[0][2], <, x[1][5]);
  g_assert_cmpfloat (x[1][5] - x[0][2], <, x[1][6] - x[1][5]);
  g_assert_cmpfloat (x[1][7], <, x[0][3]);
  g_assert_cmpfloat (x[0][3], <, x[1][8]);
  g_assert_cmpfloat (x[1][9], <, x[0][4]);
  for (guint k = 0; k + 1 < 12; k++)
    g_assert_cmpfloat (x[1][k], <, x[1][k + 1]);
  g_assert_cmpfloat (x[0][5], >, x[1][10]);
  g_assert_cmpfloat (fabs (x[1][11] - x[0][5]), <, x[1][11] - x[1][10]);
  g_assert_true (ssdb_export_compare (reports, labels, 2, SSDB_TEST_KIND_COMPRESSION,
                                      SSDB_EXPORT_PNG, 1200, 800, 1, SSDB_THEME_REVIEW,
                                      SSDB_EXPORT_NO_CAPTION, out, &error));
  g_assert_no_error (error);
  ssdb_report_unref (a);
  ssdb_report_unref (b);
}

/* Consistency compares as one line of IOPS per round for each report: the points sit at the
 * rounds' times, the second report's at 80 % of the first's height. */
static void
test_consistency (void)
{
  SsdbReport *a = NULL, *b = NULL;
  SsdbReport *reports[2];
  SsdbCompareView view = { SSDB_TEST_KIND_CONSISTENCY, reports, NULL, 2, "Comparison", "c" };
  g_autofree char *out = g_build_filename (out_dir, "consistency.svg", NULL);
  g_autoptr (GError) error = NULL;
  cairo_rectangle_t plot;
  double bottom, prev_x = 0, t;

  load_behaviour_pair (&a, &b);
  t = (double)MAX (a->consistency->spec.duration_ns,
                   g_array_index (a->consistency->rounds, SsdbConsistencyRound,
                                  a->consistency->rounds->len - 1)
                       .elapsed_ns)
      * 1.02;
  reports[0] = a;
  reports[1] = b;
  g_assert_true (ssdb_compare_check (&view, &error));
  g_assert_cmpuint (ssdb_compare_painter_get_n_panels (&view), ==, 1);
  check_legend (&view, SSDB_THEME_REVIEW, 1200, 800, TRUE);
  g_assert_true (ssdb_compare_painter_get_plot_rect (&view, 1200, 800, 0, &plot));
  bottom = plot.y + plot.height;
  for (guint k = 0; k < a->consistency->rounds->len; k++)
    {
      const SsdbConsistencyRound *rd
          = &g_array_index (a->consistency->rounds, SsdbConsistencyRound, k);
      double xa, ya, xb, yb;

      g_assert_true (ssdb_compare_painter_get_point (&view, 1200, 800, 0, 0, k, &xa, &ya));
      g_assert_true (ssdb_compare_painter_get_point (&view, 1200, 800, 0, 1, k, &xb, &yb));
      g_assert_cmpfloat (xa, ==, xb);
      g_assert_cmpfloat (xa, >, prev_x);
      g_assert_cmpfloat (xa, >=, plot.x);
      g_assert_cmpfloat (xa, <, plot.x + plot.width);
      /* The time axis: 0 s at the left edge, 1.02 × the run's length at the right. */
      g_assert_cmpfloat (fabs ((xa - plot.x) / plot.width - (double)rd->elapsed_ns / t), <, 0.002);
      g_assert_cmpfloat (fabs ((bottom - yb) - 0.8 * (bottom - ya)), <, 1.0);
      prev_x = xa;
    }
  g_assert_true (ssdb_export_compare (reports, NULL, 2, SSDB_TEST_KIND_CONSISTENCY, SSDB_EXPORT_SVG,
                                      1200, 800, 1, SSDB_THEME_REVIEW, 0, out, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (out, G_FILE_TEST_IS_REGULAR));
  ssdb_report_unref (a);
  ssdb_report_unref (b);
}

/* The workload, which a comparison cannot draw, is refused with a message naming it and the
 * views that can be compared; nothing is written. */
static void
test_behaviour_refused (void)
{
  SsdbReport *a = NULL, *b = NULL;
  SsdbReport *reports[2];
  g_autofree char *out = g_build_filename (out_dir, "refused-behaviour.png", NULL);
  g_autoptr (GError) error = NULL;

  load_behaviour_pair (&a, &b);
  reports[0] = a;
  reports[1] = b;
  g_assert_true (ssdb_compare_view_supported (SSDB_TEST_KIND_COMPRESSION));
  g_assert_true (ssdb_compare_view_supported (SSDB_TEST_KIND_CONSISTENCY));
  g_assert_false (ssdb_compare_view_supported (SSDB_TEST_KIND_WORKLOAD));
  g_assert_false (ssdb_export_compare (reports, NULL, 2, SSDB_TEST_KIND_WORKLOAD, SSDB_EXPORT_PNG,
                                       800, 600, 1, SSDB_THEME_REVIEW, 0, out, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (
      error->message, ==,
      "The workload view cannot be compared (summary, surface, fill, access, sweep, "
      "recovery, compression, trim, freespace, consistency, readback, randomaccess, asssd and "
      "copy can)");
  g_assert_false (g_file_test (out, G_FILE_TEST_EXISTS));
  ssdb_report_unref (a);
  ssdb_report_unref (b);
}

/* Bar @k of report 1 stands half as high above the plot's bottom as report 0's. */
static void
assert_half_height (const SsdbCompareView *view, guint panel, guint k)
{
  cairo_rectangle_t plot;
  double xa, ya, xb, yb, bottom;

  g_assert_true (ssdb_compare_painter_get_plot_rect (view, 1200, 800, panel, &plot));
  bottom = plot.y + plot.height;
  g_assert_true (ssdb_compare_painter_get_point (view, 1200, 800, panel, 0, k, &xa, &ya));
  g_assert_true (ssdb_compare_painter_get_point (view, 1200, 800, panel, 1, k, &xb, &yb));
  g_assert_cmpfloat (bottom - ya, >, 10);
  g_assert_cmpfloat (fabs ((bottom - yb) * 2 - (bottom - ya)), <, 1.5);
}

/* The behaviour tests compare too: TRIM with and without discard as bars per summary test,
 * before and after the rounds; free space as lines by how full the span was; read after write
 * as the two reads' bars; idle recovery as the restored share after each pause. The second
 * report's figures are half the first's, so each of its points stands half as high. */
static void
test_behaviour_views (void)
{
  SsdbReport *a = NULL, *b = NULL;
  SsdbReport *reports[2];
  g_autoptr (GError) error = NULL;
  guint n_tests, n_steps, n_writes;

  load_behaviour_pair (&a, &b);
  reports[0] = a;
  reports[1] = b;
  b->trim->spec.discard = FALSE;
  n_tests = b->trim->tests->len;
  for (guint i = 0; i < n_tests; i++)
    {
      SsdbTrimTest *t = &g_array_index (b->trim->tests, SsdbTrimTest, i);

      t->before_bytes_per_second /= 2;
      t->after_bytes_per_second /= 2;
    }
  n_steps = b->freespace->steps->len;
  for (guint i = 0; i < n_steps; i++)
    {
      SsdbFreespaceStep *st = &g_array_index (b->freespace->steps, SsdbFreespaceStep, i);

      for (guint q = 0; q < st->rates->len; q++)
        g_array_index (st->rates, SsdbTestRate, q).bytes_per_second /= 2;
    }
  b->readback->first_read_bytes_per_second /= 2;
  b->readback->second_read_bytes_per_second /= 2;
  n_writes = b->recovery->writes->len;
  for (guint i = 0; i < n_writes; i++)
    g_array_index (b->recovery->writes, SsdbRecoveryWrite, i).restored_percent /= 2;

  {
    SsdbCompareView view = { SSDB_TEST_KIND_TRIM, reports, NULL, 2, "Comparison", "c" };
    g_autofree char *first = ssdb_compare_view_dup_label (&view, 0);
    g_autofree char *second = ssdb_compare_view_dup_label (&view, 1);

    g_assert_true (ssdb_compare_check (&view, &error));
    g_assert_no_error (error);
    g_assert_cmpuint (ssdb_compare_painter_get_n_panels (&view), ==, 2);
    g_assert_true (g_str_has_suffix (first, " · with discard"));
    g_assert_true (g_str_has_suffix (second, " · without discard"));
    g_assert_cmpuint (n_tests, >, 0);
    for (guint panel = 0; panel < 2; panel++)
      for (guint k = 0; k < n_tests; k++)
        assert_half_height (&view, panel, k);
    check_legend (&view, SSDB_THEME_REVIEW, 1200, 800, TRUE);
  }
  {
    SsdbCompareView view = { SSDB_TEST_KIND_FREESPACE, reports, NULL, 2, "Comparison", "c" };
    const SsdbFreespaceStep *st0 = &g_array_index (a->freespace->steps, SsdbFreespaceStep, 0);

    g_assert_true (ssdb_compare_check (&view, &error));
    g_assert_cmpuint (ssdb_compare_painter_get_n_panels (&view), ==, MIN (st0->rates->len, 2));
    for (guint k = 0; k < n_steps; k++)
      assert_half_height (&view, 0, k);
    check_legend (&view, SSDB_THEME_REVIEW, 1200, 800, TRUE);
  }
  {
    SsdbCompareView view = { SSDB_TEST_KIND_READBACK, reports, NULL, 2, "Comparison", "c" };

    g_assert_true (ssdb_compare_check (&view, &error));
    g_assert_cmpuint (ssdb_compare_painter_get_n_panels (&view), ==, 1);
    assert_half_height (&view, 0, 0);
    assert_half_height (&view, 0, 1);
    check_legend (&view, SSDB_THEME_REVIEW, 1200, 800, TRUE);
  }
  {
    SsdbCompareView view = { SSDB_TEST_KIND_RECOVERY, reports, NULL, 2, "Comparison", "c" };

    g_assert_true (ssdb_compare_check (&view, &error));
    g_assert_cmpuint (ssdb_compare_painter_get_n_panels (&view), ==, 1);
    for (guint k = 0; k < n_writes; k++)
      assert_half_height (&view, 0, k);
    check_legend (&view, SSDB_THEME_REVIEW, 1200, 800, TRUE);
  }
  /* The first report's first step measured nothing: the tests come from the next step that
   * did, and both reports still draw. */
  {
    SsdbCompareView view = { SSDB_TEST_KIND_FREESPACE, reports, NULL, 2, "Comparison", "c" };
    SsdbFreespaceStep *st0 = &g_array_index (a->freespace->steps, SsdbFreespaceStep, 0);
    GArray *kept = st0->rates;
    guint n_first = MIN (kept->len, 2);
    double xa, ya;

    st0->rates = g_array_new (FALSE, FALSE, sizeof (SsdbTestRate));
    g_assert_cmpuint (ssdb_compare_painter_get_n_panels (&view), ==, n_first);
    g_assert_true (ssdb_compare_painter_get_point (&view, 1200, 800, 0, 1, 0, &xa, &ya));
    g_array_unref (st0->rates);
    st0->rates = kept;
  }
  for (SsdbTestKind v = SSDB_TEST_KIND_RECOVERY; v <= SSDB_TEST_KIND_READBACK; v++)
    {
      g_autofree char *name = g_strdup_printf ("behaviour-%s.png", ssdb_test_kind_to_string (v));
      g_autofree char *out = g_build_filename (out_dir, name, NULL);

      if (v == SSDB_TEST_KIND_CONSISTENCY || v == SSDB_TEST_KIND_COMPRESSION)
        continue;
      g_assert_true (ssdb_export_compare (reports, NULL, 2, v, SSDB_EXPORT_PNG, 1200, 800, 1,
                                          SSDB_THEME_REVIEW, 0, out, &error));
      g_assert_no_error (error);
    }
  ssdb_report_unref (a);
  ssdb_report_unref (b);
}

int
main (int argc, char **argv)
{
  int ret;

  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  out_dir = g_dir_make_tmp ("ssdbench-compare-XXXXXX", NULL);
  g_assert_nonnull (out_dir);

  g_test_add_func ("/compare/legend", test_legend);
  g_test_add_func ("/compare/labels", test_labels);
  g_test_add_func ("/compare/errors", test_errors);
  g_test_add_func ("/compare/fixture-views", test_fixture_views);
  g_test_add_func ("/compare/log-axis", test_log_axis);
  g_test_add_func ("/compare/compression", test_compression);
  g_test_add_func ("/compare/compression-steps", test_compression_steps);
  g_test_add_func ("/compare/consistency", test_consistency);
  g_test_add_func ("/compare/asssd", test_asssd);
  g_test_add_func ("/compare/asssd-three", test_asssd_three);
  g_test_add_func ("/compare/behaviour-refused", test_behaviour_refused);
  g_test_add_func ("/compare/behaviour-views", test_behaviour_views);
  ret = g_test_run ();

  if (g_getenv ("SSDBENCH_KEEP_OUTPUT") == NULL)
    {
      g_autoptr (GDir) dir = g_dir_open (out_dir, 0, NULL);
      const char *name;

      while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
        {
          g_autofree char *p = g_build_filename (out_dir, name, NULL);

          g_unlink (p);
        }
      g_rmdir (out_dir);
    }
  else
    g_printerr ("# output kept in %s\n", out_dir);
  g_free (out_dir);
  return ret;
}
