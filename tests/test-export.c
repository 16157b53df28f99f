/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Export of reports: PNG (identical run to run, curves where the data says), SVG and PDF with
 * their caption, CSV and JSON in the C locale under a French locale, and every refusal; the
 * SSD behaviour views of a report of real zram runs: charts, bars and dots where the data
 * says, CSV rows and text. */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "engine/ssdb-csv.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
#include "render/ssdb-behaviour-painter.h"
#include "render/ssdb-export.h"
#include "render/ssdb-surface-painter.h"

#define MIB (G_GUINT64_CONSTANT (1) << 20)
#define GB G_GUINT64_CONSTANT (1000000000)

static char *out_dir;

/* A surface of @n samples over @span bytes: @before B/s in the first half, @after in the
 * second. */
static SsdbSurfaceResult *
make_surface (guint64 span, guint n, double before, double after)
{
  SsdbSurfaceSpec spec;
  SsdbSurfaceResult *r;
  double sum = 0, mn = G_MAXDOUBLE, mx = 0;

  ssdb_surface_spec_init (&spec);
  spec.samples = n;
  spec.span_length = span;
  spec.sample_bytes = 8 * MIB;
  spec.access_samples = 0;
  spec.burst = FALSE;
  r = ssdb_surface_result_new (&spec);
  for (guint i = 0; i < n; i++)
    {
      SsdbSurfaceSample s = { 0 };

      s.offset_bytes = ssdb_surface_position (0, span, spec.sample_bytes, n, i, spec.block_size);
      s.bytes = spec.sample_bytes;
      s.bytes_per_second = i < n / 2 ? before : after;
      s.window_ns = (guint64)((double)s.bytes / s.bytes_per_second * 1e9);
      g_array_append_val (r->read, s);
      sum += s.bytes_per_second;
      mn = MIN (mn, s.bytes_per_second);
      mx = MAX (mx, s.bytes_per_second);
    }
  r->read_stats = (SsdbRateStats){ mn, mx, sum / n };
  return r;
}

static SsdbTargetInfo
make_target (void)
{
  SsdbTargetInfo t = { 0 };

  t.kind = SSDB_TARGET_DEVICE;
  t.path = (char *)"/dev/zram7";
  t.name = (char *)"zram7";
  t.disk_name = (char *)"zram7";
  t.size_bytes = 2 * GB;
  t.logical_block_size = 4096;
  t.physical_block_size = 4096;
  t.dio_mem_align = 512;
  t.dio_offset_align = 4096;
  t.model = (char *)"Example SSD 2TB";
  t.direct_io = TRUE;
  return t;
}

/* A report of a surface with a step from 200 to 100 MB/s at half the span, made on
 * 2024-05-01 12:34:56 UTC, with firmware and serial facts. */
static SsdbReport *
make_report (SsdbSurfaceResult *surface)
{
  SsdbTargetInfo t = make_target ();
  SsdbReport *report = ssdb_report_new (&t, NULL);

  ssdb_report_set_surface (report, surface);
  g_free (report->created);
  report->created = g_strdup ("2024-05-01T12:34:56Z");
  report->created_unix = 1714566896;
  ssdb_report_add_target_fact (report, "firmware",
                               json_node_init_string (json_node_alloc (), "FW4B2Q"));
  ssdb_report_add_target_fact (report, "serial",
                               json_node_init_string (json_node_alloc (), "S6XYZ0123"));
  return report;
}

static char *
out_path (const char *name)
{
  return g_build_filename (out_dir, name, NULL);
}

static GBytes *
read_bytes (const char *path)
{
  g_autoptr (GError) error = NULL;
  char *data = NULL;
  gsize len = 0;

  g_assert_true (g_file_get_contents (path, &data, &len, &error));
  g_assert_no_error (error);
  return g_bytes_new_take (data, len);
}

/* Same report, same bytes: no time of day leaks into the image; scale 2 doubles the pixels. */
static void
test_png_identical (void)
{
  g_autoptr (SsdbSurfaceResult) s = make_surface (GB, 40, 200e6, 100e6);
  g_autoptr (SsdbReport) report = make_report (s);
  g_autofree char *a = out_path ("same-a.png"), *b = out_path ("same-b.png");
  g_autofree char *c = out_path ("same-2x.png");
  g_autoptr (GBytes) ba = NULL, bb = NULL;
  g_autoptr (GError) error = NULL;
  cairo_surface_t *img;

  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PNG, 1200, 800, 1,
                                   SSDB_THEME_REVIEW, 0, a, &error));
  g_assert_no_error (error);
  g_usleep (1100 * 1000); /* a second later: a clock in the caption would change the bytes */
  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PNG, 1200, 800, 1,
                                   SSDB_THEME_REVIEW, 0, b, &error));
  g_assert_no_error (error);
  ba = read_bytes (a);
  bb = read_bytes (b);
  g_assert_cmpuint (g_bytes_get_size (ba), >, 10000);
  g_assert_true (g_bytes_equal (ba, bb));

  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PNG, 800, 600, 2,
                                   SSDB_THEME_DARK, 0, c, &error));
  g_assert_no_error (error);
  img = cairo_image_surface_create_from_png (c);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  g_assert_cmpint (cairo_image_surface_get_width (img), ==, 1600);
  g_assert_cmpint (cairo_image_surface_get_height (img), ==, 1200);
  cairo_surface_destroy (img);
}

static SsdbRgba
pixel (cairo_surface_t *s, int px, int py)
{
  int stride = cairo_image_surface_get_stride (s);
  const guint8 *data = cairo_image_surface_get_data (s);
  guint32 v = *(const guint32 *)(data + py * stride + px * 4);

  return (SsdbRgba){ ((v >> 16) & 0xff) / 255.0, ((v >> 8) & 0xff) / 255.0, (v & 0xff) / 255.0, 1 };
}

static double
color_distance (const SsdbRgba *a, const SsdbRgba *b)
{
  return fabs (a->r - b->r) + fabs (a->g - b->g) + fabs (a->b - b->b);
}

/* The mean y (logical) of the pixels in column @x (logical) that have the read colour, or -1. */
static double
curve_y (cairo_surface_t *img, double scale, const cairo_rectangle_t *plot, double x,
         const SsdbRgba *color)
{
  int px = (int)floor (x * scale);
  double sum = 0;
  int n = 0;

  for (int py = (int)ceil (plot->y * scale); py < (int)floor ((plot->y + plot->height) * scale);
       py++)
    {
      SsdbRgba c = pixel (img, px, py);

      if (color_distance (&c, color) < 0.25)
        {
          sum += py;
          n++;
        }
    }
  return n > 0 ? sum / n / scale : -1;
}

/* The exported curve is where the data puts it: at a quarter of the span the rate is 200 MB/s,
 * at three quarters 100 MB/s, so the curve is twice as high above the plot's bottom (0 B/s)
 * in the first half; and the steps' positions follow the plot's edges (span start and end). */
static void
check_curve (double scale, SsdbTheme theme)
{
  g_autoptr (SsdbSurfaceResult) s = make_surface (GB, 40, 200e6, 100e6);
  g_autoptr (SsdbReport) report = make_report (s);
  g_autofree char *name = g_strdup_printf ("curve-%g-%s.png", scale, ssdb_theme_to_string (theme));
  g_autofree char *path = out_path (name);
  g_autoptr (GError) error = NULL;
  cairo_rectangle_t plot;
  cairo_surface_t *img;
  SsdbStyle style;
  double bottom, y1, y2, y_mid_left, y_mid_right;

  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PNG, 1200, 800,
                                   scale, theme, 0, path, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_export_get_plot_rect (report, SSDB_TEST_KIND_SURFACE, 0, 1200, 800, &plot));
  g_assert_cmpfloat (plot.width, >, 600);
  g_assert_cmpfloat (plot.height, >, 400);
  img = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  ssdb_style_init (&style, theme);

  bottom = plot.y + plot.height;
  y1 = curve_y (img, scale, &plot, plot.x + plot.width * 0.25, &style.accent);
  y2 = curve_y (img, scale, &plot, plot.x + plot.width * 0.75, &style.accent);
  g_test_message ("plot %g,%g %gx%g; y at 25 %% %g, at 75 %% %g", plot.x, plot.y, plot.width,
                  plot.height, y1, y2);
  g_assert_cmpfloat (y1, >, 0);
  g_assert_cmpfloat (y2, >, 0);
  /* 200 MB/s is twice as far above 0 B/s as 100 MB/s, within two pixels. */
  g_assert_cmpfloat (fabs ((bottom - y1) - 2 * (bottom - y2)), <, 2.5);
  g_assert_cmpfloat (bottom - y2, >, plot.height * 0.15);
  /* The step: just left of the middle the curve is still at 200 MB/s, just right at 100. */
  y_mid_left = curve_y (img, scale, &plot, plot.x + plot.width * 0.45, &style.accent);
  y_mid_right = curve_y (img, scale, &plot, plot.x + plot.width * 0.55, &style.accent);
  g_assert_cmpfloat (fabs (y_mid_left - y1), <, 2);
  g_assert_cmpfloat (fabs (y_mid_right - y2), <, 2);
  /* Nothing in the read colour left of the plot's left edge inside the plot's height range. */
  g_assert_cmpfloat (curve_y (img, scale, &plot, plot.x - 3, &style.accent), <, 0);
  cairo_surface_destroy (img);
}

static void
test_png_curve (void)
{
  check_curve (1, SSDB_THEME_REVIEW);
  check_curve (2, SSDB_THEME_REVIEW);
  check_curve (1, SSDB_THEME_LIGHT);
}

/* Element text collected from an SVG parsed as XML. */
typedef struct
{
  GString *title;
  GString *desc;
  GString *current;
  guint elements;
} SvgScan;

static void
svg_start (GMarkupParseContext *ctx, const char *element, const char **names, const char **values,
           gpointer data, GError **error)
{
  SvgScan *scan = data;

  scan->elements++;
  if (g_str_equal (element, "title"))
    scan->current = scan->title;
  else if (g_str_equal (element, "desc"))
    scan->current = scan->desc;
  else
    scan->current = NULL;
}

static void
svg_end (GMarkupParseContext *ctx, const char *element, gpointer data, GError **error)
{
  ((SvgScan *)data)->current = NULL;
}

static void
svg_text (GMarkupParseContext *ctx, const char *text, gsize len, gpointer data, GError **error)
{
  SvgScan *scan = data;

  if (scan->current != NULL)
    g_string_append_len (scan->current, text, (gssize)len);
}

static void
test_svg_pdf (void)
{
  g_autoptr (SsdbSurfaceResult) s = make_surface (GB, 40, 200e6, 100e6);
  g_autoptr (SsdbReport) report = make_report (s);
  g_autofree char *svg = out_path ("surface.svg"), *pdf = out_path ("surface.pdf");
  g_autofree char *svg_serial = out_path ("surface-serial.svg");
  g_autoptr (GError) error = NULL;
  g_autoptr (GBytes) bytes = NULL;
  g_autofree char *caption = ssdb_export_dup_caption (report, 0);
  const GMarkupParser parser = { svg_start, svg_end, svg_text, NULL, NULL };
  SvgScan scan = { g_string_new (NULL), g_string_new (NULL), NULL, 0 };
  g_autoptr (GMarkupParseContext) ctx = NULL;
  const char *data;
  gsize len;

  /* The caption: model, capacity, firmware, date of the run, version; no serial by default. */
  g_assert_cmpstr (caption, ==,
                   "Example SSD 2TB · 2.00 GB · firmware FW4B2Q · run 2024-05-01 12:34 UTC · SSD "
                   "Bench 0.1.0");
  {
    g_autofree char *with_serial = ssdb_export_dup_caption (report, SSDB_EXPORT_SERIAL);

    g_assert_nonnull (strstr (with_serial, "serial S6XYZ0123"));
  }

  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_SVG, 1200, 800, 1,
                                   SSDB_THEME_REVIEW, 0, svg, &error));
  g_assert_no_error (error);
  bytes = read_bytes (svg);
  data = g_bytes_get_data (bytes, &len);
  /* Skip the XML declaration: GMarkup parses the document element. */
  {
    const char *root = g_strstr_len (data, (gssize)len, "<svg");

    g_assert_nonnull (root);
    ctx = g_markup_parse_context_new (&parser, 0, &scan, NULL);
    g_assert_true (
        g_markup_parse_context_parse (ctx, root, (gssize)(len - (gsize)(root - data)), &error));
    g_assert_no_error (error);
    g_assert_true (g_markup_parse_context_end_parse (ctx, &error));
    g_assert_no_error (error);
  }
  g_assert_cmpuint (scan.elements, >, 100);
  g_assert_cmpstr (scan.title->str, ==, "/dev/zram7 · 2.00 GB · Example SSD 2TB");
  g_assert_cmpstr (scan.desc->str, ==, caption);
  g_assert_null (g_strstr_len (data, (gssize)len, "S6XYZ0123"));
  g_assert_nonnull (g_strstr_len (data, (gssize)len, "width=\"1200px\""));
  g_string_free (scan.title, TRUE);
  g_string_free (scan.desc, TRUE);

  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_SVG, 1200, 800, 1,
                                   SSDB_THEME_REVIEW, SSDB_EXPORT_SERIAL, svg_serial, &error));
  g_assert_no_error (error);
  {
    g_autoptr (GBytes) b = read_bytes (svg_serial);
    gsize l;
    const char *d = g_bytes_get_data (b, &l);

    g_assert_nonnull (g_strstr_len (d, (gssize)l, "serial S6XYZ0123"));
  }

  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PDF, 1200, 800, 1,
                                   SSDB_THEME_REVIEW, 0, pdf, &error));
  g_assert_no_error (error);
  {
    g_autoptr (GBytes) b = read_bytes (pdf);
    gsize l;
    const char *d = g_bytes_get_data (b, &l);
    g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");

    g_assert_cmpuint (l, >, 1000);
    g_assert_true (memcmp (d, "%PDF", 4) == 0);
    if (pdfinfo != NULL)
      {
        const char *argv[] = { pdfinfo, pdf, NULL };
        g_autofree char *out = NULL, *err = NULL;
        int status = 0;

        g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                     &err, &status, &error));
        g_assert_no_error (error);
        g_test_message ("pdfinfo: %s", out);
        g_assert_true (g_spawn_check_wait_status (status, NULL));
        g_assert_true (g_regex_match_simple ("^Pages:\\s+1$", out, G_REGEX_MULTILINE, 0));
        g_assert_nonnull (strstr (out, "/dev/zram7 · 2.00 GB · Example SSD 2TB"));
        g_assert_nonnull (strstr (out, caption));
        g_assert_true (
            g_regex_match_simple ("^Page size:\\s+1200 x 800 pts", out, G_REGEX_MULTILINE, 0));
        g_assert_true (g_regex_match_simple ("^CreationDate:.*May  1 12:34:56 2024", out,
                                             G_REGEX_MULTILINE, 0));
        g_assert_null (strstr (out, "S6XYZ0123"));
      }
    else
      g_test_message ("pdfinfo not installed: the PDF's information is not checked");
  }
}

/* CSV and JSON keep '.' decimals under a French locale. */
static void
test_locale (void)
{
  g_autoptr (SsdbSurfaceResult) s = make_surface (GB, 4, 200.5e6, 100.25e6);
  g_autoptr (SsdbReport) report = make_report (s);
  g_autoptr (GError) error = NULL;
  g_autofree char *csv = NULL, *json = NULL, *text = NULL;
  g_autofree char *csv_path = out_path ("surface.csv");
  g_auto (GStrv) lines = NULL;

  if (setlocale (LC_ALL, "fr_FR.UTF-8") == NULL)
    {
      g_test_skip ("the fr_FR.UTF-8 locale is not installed (build-aux/install-deps.sh)");
      return;
    }
  /* The locale really writes a comma. */
  {
    char buf[32];

    g_snprintf (buf, sizeof buf, "%.1f", 1.5);
    g_assert_cmpstr (buf, ==, "1,5");
  }
  csv = ssdb_csv_format (report, SSDB_TEST_KIND_SURFACE, &error);
  g_assert_no_error (error);
  lines = g_strsplit (csv, "\r\n", -1);
  g_assert_cmpstr (lines[0], ==,
                   "series,index,offset_bytes,position_bytes,bytes,window_ns,mb_per_s,latency_ns");
  g_assert_true (g_str_has_prefix (lines[1], "read,0,0,0,8388608,"));
  g_assert_true (g_str_has_suffix (lines[1], ",200.500,"));
  g_assert_true (g_str_has_suffix (lines[3], ",100.250,"));
  /* The last sample is plotted at the span's end. */
  g_assert_nonnull (strstr (lines[4], ",1000000000,8388608,"));
  g_assert_cmpstr (lines[5], ==, "");
  g_assert_null (lines[6]);

  g_assert_true (ssdb_csv_write (report, SSDB_TEST_KIND_SURFACE, csv_path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (csv_path, &text, NULL, &error));
  g_assert_cmpstr (text, ==, csv);

  json = ssdb_report_to_data (report, NULL);
  g_assert_nonnull (strstr (json, "200500000.0"));
  g_assert_null (strstr (json, "200500000,0"));
  setlocale (LC_ALL, "C.UTF-8");
}

/* Every invalid input gets its own error, and nothing is written. */
static void
test_errors (void)
{
  g_autoptr (SsdbSurfaceResult) s = make_surface (GB, 4, 200e6, 100e6);
  g_autoptr (SsdbReport) report = make_report (s);
  g_autofree char *path = out_path ("refused.png");
  g_autoptr (GError) error = NULL;

  g_assert_false (ssdb_export_view (report, SSDB_TEST_KIND_FILL, SSDB_EXPORT_PNG, 800, 600, 1,
                                    SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "The report holds no fill test");
  g_clear_error (&error);

  g_assert_false (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PNG, 100, 600, 1,
                                    SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "too small"));
  g_clear_error (&error);

  g_assert_false (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PNG, 4000, 4000, 8,
                                    SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "out of range"));
  g_clear_error (&error);

  g_assert_false (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_SVG, 800, 20000, 1,
                                    SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* A directory, a device node, a missing folder. */
  g_assert_false (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PDF, 800, 600, 1,
                                    SSDB_THEME_REVIEW, 0, out_dir, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_SVG, 800, 600, 1,
                                    SSDB_THEME_REVIEW, 0, "/dev/null", &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  {
    g_autofree char *missing = out_path ("no-such-dir/x.png");

    g_assert_false (ssdb_export_view (report, SSDB_TEST_KIND_SURFACE, SSDB_EXPORT_PNG, 800, 600, 1,
                                      SSDB_THEME_REVIEW, 0, missing, &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* CSV of a test the report does not hold. */
  g_assert_null (ssdb_csv_format (report, SSDB_TEST_KIND_SWEEP, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "The report holds no sweep test");
  g_clear_error (&error);

  /* An unreadable report. */
  {
    g_autofree char *missing = out_path ("missing.json");

    g_assert_null (ssdb_report_load (missing, &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }
}

/* Every view of the fixture reports exports to every format. */
static void
test_fixtures (void)
{
  const char *files[]
      = { "valid.json", "valid-surface-fill.json", "valid-access-sweep-workload.json" };
  guint exported = 0;

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path
          = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", files[f], NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (SsdbReport) report = ssdb_report_load (path, &error);

      g_assert_no_error (error);
      for (guint v = 0; v < SSDB_TEST_KIND_N; v++)
        {
          if (!ssdb_report_has_test (report, (SsdbTestKind)v))
            continue;
          {
            g_autofree char *csv = ssdb_csv_format (report, (SsdbTestKind)v, &error);

            g_assert_no_error (error);
            g_assert_true (g_str_has_suffix (csv, "\r\n"));
          }
          if (!ssdb_export_has_chart ((SsdbTestKind)v))
            {
              g_autofree char *out = out_path ("nochart.png");

              g_assert_false (ssdb_export_view (report, (SsdbTestKind)v, SSDB_EXPORT_PNG, 800, 600,
                                                1, SSDB_THEME_REVIEW, 0, out, &error));
              g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
              g_clear_error (&error);
              continue;
            }
          for (guint fmt = 0; fmt < 3; fmt++)
            {
              g_autofree char *name
                  = g_strdup_printf ("%s-%s.%s", files[f], ssdb_test_kind_to_string (v),
                                     ssdb_export_format_to_string ((SsdbExportFormat)fmt));
              g_autofree char *out = out_path (name);
              GStatBuf st;

              g_assert_true (ssdb_export_view (report, (SsdbTestKind)v, (SsdbExportFormat)fmt, 800,
                                               600, 1, SSDB_THEME_REVIEW, 0, out, &error));
              g_assert_no_error (error);
              g_assert_cmpint (g_stat (out, &st), ==, 0);
              g_assert_cmpint (st.st_size, >, 2000);
              exported++;
            }
        }
    }
  g_assert_cmpuint (exported, ==, 6 * 3);
}

/* The SSD behaviour tests ------------------------------------------------------------------ */

static SsdbReport *
load_behaviour (char **contents)
{
  g_autofree char *path
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid-behaviour.json", NULL);
  g_autoptr (GError) error = NULL;
  SsdbReport *report = ssdb_report_load (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (report);
  if (contents != NULL)
    {
      g_assert_true (g_file_get_contents (path, contents, NULL, &error));
      g_assert_no_error (error);
    }
  return report;
}

static const SsdbTestKind behaviour_views[] = {
  SSDB_TEST_KIND_RECOVERY,  SSDB_TEST_KIND_COMPRESSION, SSDB_TEST_KIND_TRIM,
  SSDB_TEST_KIND_FREESPACE, SSDB_TEST_KIND_CONSISTENCY, SSDB_TEST_KIND_READBACK,
};

/* The fixture holds the six behaviour tests of real runs on one zram device; it loads (its
 * analyses recomputed), saves and loads back to the same bytes, and every view has its name,
 * settings line and plot area. */
static void
test_behaviour_fixture (void)
{
  g_autofree char *contents = NULL, *again = NULL;
  g_autoptr (SsdbReport) report = load_behaviour (&contents);
  static const struct
  {
    SsdbTestKind view;
    const char *name;
    const char *subtitle;
    gboolean plot;
  } cases[] = {
    { SSDB_TEST_KIND_RECOVERY, "recovery",
      "Idle recovery · 67.11 MB per write · pauses 1 s, 3 s · 1 MiB blocks · QD4", FALSE },
    { SSDB_TEST_KIND_COMPRESSION, "compression", "Compression · sequential 1 MiB QD4 over 33.55 MB",
      TRUE },
    { SSDB_TEST_KIND_TRIM, "trim",
      "TRIM / recycling · 2 × fill 134.2 MB and delete with discard · summary 1 × 16 MiB", TRUE },
    { SSDB_TEST_KIND_FREESPACE, "freespace",
      "Speed against free space · 134.2 MB filled in steps of 25 % · summary 1 × 16 MiB", TRUE },
    { SSDB_TEST_KIND_CONSISTENCY, "consistency",
      "Consistency · RND4K Q32T1 write · 20 s · rounds of 1 s", TRUE },
    { SSDB_TEST_KIND_READBACK, "readback",
      "Read-after-write · 67.11 MB written twice, each pass read back · 1 MiB QD4", TRUE },
  };
  SsdbTestKind first;

  again = ssdb_report_to_data (report, NULL);
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (SsdbReport) reloaded
        = ssdb_report_load_from_data (again, strlen (again), "saved", &error);
    g_autofree char *twice = NULL;

    g_assert_no_error (error);
    twice = ssdb_report_to_data (reloaded, NULL);
    g_assert_cmpstr (twice, ==, again);
  }
  g_assert_null (report->summary);
  g_assert_true (ssdb_report_first_test (report, &first));
  g_assert_cmpint (first, ==, SSDB_TEST_KIND_RECOVERY);
  for (guint v = 0; v < SSDB_TEST_KIND_RECOVERY; v++)
    g_assert_false (ssdb_report_has_test (report, (SsdbTestKind)v));

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autofree char *subtitle = ssdb_export_dup_subtitle (report, cases[c].view);
      cairo_rectangle_t plot = { 0 };
      SsdbTestKind parsed;

      g_assert_cmpstr (ssdb_test_kind_to_string (cases[c].view), ==, cases[c].name);
      g_assert_true (ssdb_test_kind_from_string (cases[c].name, &parsed));
      g_assert_cmpint (parsed, ==, cases[c].view);
      g_assert_true (ssdb_report_has_test (report, cases[c].view));
      g_assert_true (ssdb_export_has_chart (cases[c].view));
      g_assert_cmpstr (subtitle, ==, cases[c].subtitle);
      g_assert_cmpint (ssdb_export_get_plot_rect (report, cases[c].view, 0, 1200, 800, &plot), ==,
                       cases[c].plot);
      if (cases[c].plot)
        {
          g_assert_cmpfloat (plot.x, >, 20);
          g_assert_cmpfloat (plot.width, >, 600);
          g_assert_cmpfloat (plot.height, >, 300);
          g_assert_cmpfloat (plot.y + plot.height, <, 800);
        }
    }
  {
    SsdbTestKind parsed = SSDB_TEST_KIND_SUMMARY;

    g_assert_false (ssdb_test_kind_from_string ("steady", &parsed));
    g_assert_false (ssdb_test_kind_from_string ("", &parsed));
    g_assert_cmpint (parsed, ==, SSDB_TEST_KIND_SUMMARY);
  }
}

/* Each behaviour view exports to PNG (the same bytes twice), SVG (well-formed XML with the
 * title) and PDF (one page, as pdfinfo reads it). */
static void
test_behaviour_formats (void)
{
  g_autoptr (SsdbReport) report = load_behaviour (NULL);
  g_autofree char *pdfinfo = g_find_program_in_path ("pdfinfo");

  for (guint i = 0; i < G_N_ELEMENTS (behaviour_views); i++)
    {
      SsdbTestKind v = behaviour_views[i];
      const char *name = ssdb_test_kind_to_string (v);
      g_autofree char *a_name = g_strdup_printf ("behaviour-%s-a.png", name);
      g_autofree char *b_name = g_strdup_printf ("behaviour-%s-b.png", name);
      g_autofree char *svg_name = g_strdup_printf ("behaviour-%s.svg", name);
      g_autofree char *pdf_name = g_strdup_printf ("behaviour-%s.pdf", name);
      g_autofree char *a = out_path (a_name), *b = out_path (b_name);
      g_autofree char *svg = out_path (svg_name), *pdf = out_path (pdf_name);
      g_autoptr (GBytes) ba = NULL, bb = NULL, bs = NULL;
      g_autoptr (GError) error = NULL;

      g_assert_true (ssdb_export_view (report, v, SSDB_EXPORT_PNG, 1200, 800, 1, SSDB_THEME_REVIEW,
                                       0, a, &error));
      g_assert_no_error (error);
      g_assert_true (ssdb_export_view (report, v, SSDB_EXPORT_PNG, 1200, 800, 1, SSDB_THEME_REVIEW,
                                       0, b, &error));
      g_assert_no_error (error);
      ba = read_bytes (a);
      bb = read_bytes (b);
      g_assert_cmpuint (g_bytes_get_size (ba), >, 20000);
      g_assert_true (g_bytes_equal (ba, bb));

      g_assert_true (ssdb_export_view (report, v, SSDB_EXPORT_SVG, 1200, 800, 1, SSDB_THEME_REVIEW,
                                       0, svg, &error));
      g_assert_no_error (error);
      bs = read_bytes (svg);
      {
        SvgScan scan = { g_string_new (NULL), g_string_new (NULL), NULL, 0 };
        GMarkupParser parser = { svg_start, svg_end, svg_text, NULL, NULL };
        g_autoptr (GMarkupParseContext) ctx = g_markup_parse_context_new (&parser, 0, &scan, NULL);
        gsize len;
        const char *data = g_bytes_get_data (bs, &len);

        g_assert_true (g_markup_parse_context_parse (ctx, data, (gssize)len, &error));
        g_assert_true (g_markup_parse_context_end_parse (ctx, &error));
        g_assert_no_error (error);
        g_assert_cmpuint (scan.elements, >, 50);
        g_assert_cmpstr (scan.title->str, ==, "/dev/zram1 · 134.2 MB");
        g_assert_nonnull (strstr (scan.desc->str, "SSD Bench 0.1.0"));
        g_string_free (scan.title, TRUE);
        g_string_free (scan.desc, TRUE);
      }

      g_assert_true (ssdb_export_view (report, v, SSDB_EXPORT_PDF, 1200, 800, 1, SSDB_THEME_REVIEW,
                                       0, pdf, &error));
      g_assert_no_error (error);
      if (pdfinfo != NULL)
        {
          const char *argv[] = { pdfinfo, pdf, NULL };
          g_autofree char *out = NULL, *err = NULL;
          int status = 0;

          g_assert_true (g_spawn_sync (NULL, (char **)argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                                       &err, &status, &error));
          g_assert_no_error (error);
          g_assert_true (g_spawn_check_wait_status (status, NULL));
          g_assert_true (g_regex_match_simple ("^Pages:\\s+1$", out, G_REGEX_MULTILINE, 0));
          g_assert_true (
              g_regex_match_simple ("^Page size:\\s+1200 x 800 pts", out, G_REGEX_MULTILINE, 0));
          g_assert_nonnull (strstr (out, "/dev/zram1 · 134.2 MB"));
        }
      else
        g_test_message ("pdfinfo not installed: the PDFs are not checked");
    }
}

/* Rows of the pixels in column @x (logical, scale 1) from the bottom of @plot upwards that keep
 * the colour of the first one; returns the y of the topmost. */
static double
run_top (cairo_surface_t *img, const cairo_rectangle_t *plot, double x, SsdbRgba *color)
{
  int px = (int)floor (x);
  int py = (int)floor (plot->y + plot->height) - 2;

  *color = pixel (img, px, py);
  while (py > (int)plot->y)
    {
      SsdbRgba c = pixel (img, px, py - 1);

      if (color_distance (&c, color) > 0.08)
        break;
      py--;
    }
  return py;
}

/* The compression bars stand as high as the data says: each level's write and read bar (bar
 * rectangles of the painter laid out as the export lays it out) reaches rate / axis top of the
 * plot's height, in the export's PNG too. */
static void
test_behaviour_compression_bars (void)
{
  g_autoptr (SsdbReport) report = load_behaviour (NULL);
  const SsdbCompressionResult *r = report->compression;
  g_autofree char *path = out_path ("compression-bars.png");
  g_autofree char *title = ssdb_export_dup_title (report);
  g_autofree char *subtitle = ssdb_export_dup_subtitle (report, SSDB_TEST_KIND_COMPRESSION);
  g_autofree char *caption = ssdb_export_dup_caption (report, 0);
  g_autoptr (GError) error = NULL;
  cairo_rectangle_t plot, painter_plot;
  SsdbBehaviourView view;
  SsdbAxis axis;
  cairo_surface_t *img;

  g_assert_cmpuint (r->points->len, ==, 6);
  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_COMPRESSION, SSDB_EXPORT_PNG, 1200, 800,
                                   1, SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_no_error (error);
  g_assert_true (
      ssdb_export_get_plot_rect (report, SSDB_TEST_KIND_COMPRESSION, 0, 1200, 800, &plot));
  ssdb_behaviour_view_init (&view, SSDB_BEHAVIOUR_COMPRESSION);
  view.compression = r;
  view.target_title = title;
  view.target_subtitle = subtitle;
  view.caption = caption;
  ssdb_behaviour_painter_get_plot_rect (&view, 1200, 800, &painter_plot);
  g_assert_cmpfloat (painter_plot.x, ==, plot.x);
  g_assert_cmpfloat (painter_plot.y, ==, plot.y);
  g_assert_cmpfloat (painter_plot.height, ==, plot.height);
  ssdb_behaviour_painter_get_rate_axis (&view, 1200, 800, &axis);
  g_assert_cmpfloat (axis.lo, ==, 0);

  img = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  for (guint level = 0; level < r->points->len; level++)
    {
      const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, level);
      double rates[2] = { p->write_bytes_per_second, p->read_bytes_per_second };

      for (guint series = 0; series < 2; series++)
        {
          cairo_rectangle_t bar;
          double want_top
              = plot.y + plot.height - rates[series] / axis.divisor / axis.hi * plot.height;
          SsdbRgba color;
          double top;

          g_assert_true (
              ssdb_behaviour_painter_get_bar_rect (&view, 1200, 800, level, series, &bar));
          g_assert_cmpfloat (fabs (bar.y - want_top), <, 1.0);
          g_assert_cmpfloat (fabs (bar.y + bar.height - (plot.y + plot.height)), <, 1.0);
          /* In the image: the bar's colour runs from the plot's bottom up to its top. */
          top = run_top (img, &plot, bar.x + bar.width / 2, &color);
          g_test_message ("level %u series %u: %g MB/s, bar top %g, image %g", level, series,
                          rates[series] / 1e6, bar.y, top);
          g_assert_cmpfloat (fabs (top - bar.y), <, 2.0);
        }
    }
  g_assert_false (ssdb_behaviour_painter_get_bar_rect (&view, 1200, 800, 6, 0, &plot));
  cairo_surface_destroy (img);
}

/* The y (logical) of the dot in column @x of @img, the mean of the pixels near @color. */
static double
dot_y (cairo_surface_t *img, const cairo_rectangle_t *plot, double x, const SsdbRgba *color)
{
  int px = (int)floor (x);
  double sum = 0;
  int n = 0;

  for (int py = (int)ceil (plot->y); py < (int)floor (plot->y + plot->height); py++)
    {
      SsdbRgba c = pixel (img, px, py);

      if (color_distance (&c, color) < 0.3)
        {
          sum += py;
          n++;
        }
    }
  return n > 0 ? sum / n : -1;
}

/* With AS SSD's 10 % step the compression chart is two lines over the 0-100 % axis: each
 * level's write and read dot at its percent (0 % at the plot's left edge, 100 % at its right)
 * and as high as its rate, in the export's PNG too; zeros, off that axis, are not a dot and do
 * not stretch the rate axis. */
static void
test_behaviour_compression_lines (void)
{
  g_autoptr (SsdbReport) report = load_behaviour (NULL);
  g_autofree char *path = out_path ("compression-lines.png");
  g_autofree char *title = NULL, *subtitle = NULL, *caption = NULL;
  g_autoptr (SsdbCompressionResult) r = NULL;
  g_autoptr (GError) error = NULL;
  SsdbDataPattern levels[SSDB_COMPRESSION_MAX_LEVELS];
  SsdbCompressionSpec spec = report->compression->spec;
  cairo_rectangle_t plot, bar;
  SsdbBehaviourView view;
  SsdbStyle style;
  SsdbAxis axis;
  cairo_surface_t *img;
  guint n;

  spec.step_percent = 10;
  r = ssdb_compression_result_new (&spec);
  n = ssdb_compression_levels (10, TRUE, levels);
  for (guint i = 0; i < n; i++)
    {
      SsdbCompressionPoint p = { 0 };

      p.data = levels[i];
      /* Writes rise from 200 to 400 MB/s, reads fall from 900 to 600; zeros at 3 GB/s. */
      p.write_bytes_per_second = i + 1 == n ? 3e9 : 200e6 + 20e6 * i;
      p.read_bytes_per_second = i + 1 == n ? 3e9 : 900e6 - 30e6 * i;
      g_array_append_val (r->points, p);
    }
  ssdb_compression_summarize (r);
  ssdb_report_set_compression (report, r);
  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_COMPRESSION, SSDB_EXPORT_PNG, 1200, 800,
                                   1, SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_no_error (error);
  g_assert_true (
      ssdb_export_get_plot_rect (report, SSDB_TEST_KIND_COMPRESSION, 0, 1200, 800, &plot));
  title = ssdb_export_dup_title (report);
  subtitle = ssdb_export_dup_subtitle (report, SSDB_TEST_KIND_COMPRESSION);
  caption = ssdb_export_dup_caption (report, 0);
  g_assert_nonnull (strstr (subtitle, " · steps of 10 %"));
  ssdb_behaviour_view_init (&view, SSDB_BEHAVIOUR_COMPRESSION);
  view.compression = report->compression;
  view.target_title = title;
  view.target_subtitle = subtitle;
  view.caption = caption;
  ssdb_behaviour_painter_get_rate_axis (&view, 1200, 800, &axis);
  /* The axis ends above 900 MB/s, far below the zeros' 3 GB/s. */
  g_assert_cmpfloat (axis.hi * axis.divisor, >=, 900e6);
  g_assert_cmpfloat (axis.hi * axis.divisor, <, 1.5e9);
  g_assert_false (ssdb_behaviour_painter_get_bar_rect (&view, 1200, 800, 0, 0, &bar));
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  img = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  for (guint line = 0; line < 2; line++)
    {
      const SsdbRgba *color = line == 0 ? &style.accent2 : &style.accent;

      for (guint k = 0; k + 1 < n; k++)
        {
          const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, k);
          double rate = line == 0 ? p->write_bytes_per_second : p->read_bytes_per_second;
          double want_x = plot.x + levels[k].compressible_percent / 100.0 * plot.width;
          double want_y = plot.y + plot.height - rate / axis.divisor / axis.hi * plot.height;
          double x, y, seen;

          g_assert_true (ssdb_behaviour_painter_get_point (&view, 1200, 800, line, k, &x, &y));
          g_assert_cmpfloat (fabs (x - want_x), <, 1.0);
          g_assert_cmpfloat (fabs (y - want_y), <, 1.0);
          /* The dot in the image, a little inside the plot at both ends. */
          seen = dot_y (img, &plot, k == 0 ? x + 2 : k + 2 == n ? x - 2 : x, color);
          g_test_message ("line %u level %u: %g MB/s at y %g, image %g", line, k, rate / 1e6, y,
                          seen);
          g_assert_cmpfloat (fabs (seen - y), <, 3.0);
        }
      g_assert_false (ssdb_behaviour_painter_get_point (&view, 1200, 800, line, n - 1, NULL, NULL));
    }
  cairo_surface_destroy (img);
}

/* The consistency dots sit where the rounds say: at each round's end time on the time axis
 * (0 at the plot's left edge, 1.02 × the run's length at its right edge), and the heights of
 * two rounds above 0 IOPS are in the ratio of their IOPS. */
static void
test_behaviour_consistency_points (void)
{
  g_autoptr (SsdbReport) report = load_behaviour (NULL);
  const SsdbConsistencyResult *r = report->consistency;
  g_autofree char *path = out_path ("consistency-dots.png");
  g_autoptr (GError) error = NULL;
  const SsdbConsistencyRound *last = NULL;
  cairo_rectangle_t plot;
  SsdbStyle style;
  SsdbRgba want;
  cairo_surface_t *img;
  double t, bottom;
  guint hi = 0, lo = 0;

  g_assert_cmpuint (r->rounds->len, ==, 20);
  g_assert_true (r->steady.reached);
  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_CONSISTENCY, SSDB_EXPORT_PNG, 1200, 800,
                                   1, SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_no_error (error);
  g_assert_true (
      ssdb_export_get_plot_rect (report, SSDB_TEST_KIND_CONSISTENCY, 0, 1200, 800, &plot));
  img = cairo_image_surface_create_from_png (path);
  g_assert_cmpint (cairo_surface_status (img), ==, CAIRO_STATUS_SUCCESS);
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  want = ssdb_chart_mix (&style.accent2, &style.background, 0.15);

  last = &g_array_index (r->rounds, SsdbConsistencyRound, r->rounds->len - 1);
  t = MAX ((double)MAX (r->spec.duration_ns, r->window_ns), (double)last->elapsed_ns) * 1.02;
  bottom = plot.y + plot.height;
  /* The highest and the lowest round after the steady-state window (outside its shading). */
  for (guint i = r->steady.round; i < r->rounds->len; i++)
    {
      const SsdbConsistencyRound *rd = &g_array_index (r->rounds, SsdbConsistencyRound, i);

      if (hi == 0 || rd->iops > g_array_index (r->rounds, SsdbConsistencyRound, hi).iops)
        hi = i;
      if (lo == 0 || rd->iops < g_array_index (r->rounds, SsdbConsistencyRound, lo).iops)
        lo = i;
    }
  g_assert_cmpuint (hi, !=, lo);
  {
    const SsdbConsistencyRound *a = &g_array_index (r->rounds, SsdbConsistencyRound, hi);
    const SsdbConsistencyRound *b = &g_array_index (r->rounds, SsdbConsistencyRound, lo);
    double xa = plot.x + (double)a->elapsed_ns / t * plot.width;
    double xb = plot.x + (double)b->elapsed_ns / t * plot.width;
    double ya = dot_y (img, &plot, xa, &want), yb = dot_y (img, &plot, xb, &want);

    g_test_message ("round %u: %g IOPS at x %g y %g; round %u: %g IOPS at x %g y %g", hi + 1,
                    a->iops, xa, ya, lo + 1, b->iops, xb, yb);
    g_assert_cmpfloat (ya, >, 0);
    g_assert_cmpfloat (yb, >, 0);
    g_assert_cmpfloat (ya, <, yb);
    g_assert_cmpfloat (fabs ((bottom - ya) / (bottom - yb) - a->iops / b->iops), <, 0.02);
    /* Half way between two rounds there is no dot. */
    g_assert_cmpfloat (dot_y (img, &plot, xa - 0.5e9 / t * plot.width, &want), <, 0);
  }
  cairo_surface_destroy (img);
}

/* Fields of CSV text: rows of fields, the header first. */
static GPtrArray *
csv_rows (const char *text)
{
  GPtrArray *rows = g_ptr_array_new_with_free_func ((GDestroyNotify)g_strfreev);
  g_auto (GStrv) lines = g_strsplit (text, "\r\n", -1);

  g_assert_true (g_str_has_suffix (text, "\r\n"));
  for (guint i = 0; lines[i] != NULL; i++)
    if (*lines[i])
      g_ptr_array_add (rows, g_strsplit (lines[i], ",", -1));
  return rows;
}

static char *
fixed (double value, int decimals)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE], fmt[8];

  g_snprintf (fmt, sizeof fmt, "%%.%df", decimals);
  return g_strdup (g_ascii_formatd (buf, sizeof buf, fmt, value));
}

static void
assert_field (char **row, guint column, double value, int decimals)
{
  g_autofree char *want = fixed (value, decimals);

  g_assert_cmpstr (row[column], ==, want);
}

/* The CSV of each behaviour view holds the fixture's numbers, under a French locale too. */
static void
test_behaviour_csv (void)
{
  g_autoptr (SsdbReport) report = load_behaviour (NULL);
  g_autoptr (GError) error = NULL;
  const char *old = setlocale (LC_NUMERIC, NULL);
  g_autofree char *saved = g_strdup (old);

  if (setlocale (LC_NUMERIC, "fr_FR.UTF-8") == NULL)
    g_test_message ("no French locale: the C-locale numbers are checked under C only");

  {
    g_autofree char *csv = ssdb_csv_format (report, SSDB_TEST_KIND_COMPRESSION, &error);
    g_autoptr (GPtrArray) rows = NULL;
    const SsdbCompressionResult *r = report->compression;
    const SsdbCompressionPoint *random = &g_array_index (r->points, SsdbCompressionPoint, 0);

    g_assert_no_error (error);
    rows = csv_rows (csv);
    g_assert_cmpstr (((char **)rows->pdata[0])[2], ==, "write_mb_per_s");
    g_assert_cmpuint (rows->len, ==, r->points->len + 1);
    for (guint i = 0; i < r->points->len; i++)
      {
        const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, i);
        char **row = rows->pdata[i + 1];

        assert_field (row, 2, p->write_bytes_per_second / 1e6, 3);
        assert_field (row, 3, p->read_bytes_per_second / 1e6, 3);
        g_assert_cmpuint (g_ascii_strtoull (row[4], NULL, 10), ==, p->write_bytes);
        assert_field (row, 8, p->write_bytes_per_second / random->write_bytes_per_second, 3);
      }
    g_assert_cmpstr (((char **)rows->pdata[1])[0], ==, "random");
    g_assert_cmpstr (((char **)rows->pdata[6])[0], ==, "zero");
    g_assert_cmpstr (((char **)rows->pdata[3])[1], ==, "50");
  }
  {
    g_autofree char *csv = ssdb_csv_format (report, SSDB_TEST_KIND_CONSISTENCY, &error);
    g_autoptr (GPtrArray) rows = NULL;
    const SsdbConsistencyResult *r = report->consistency;
    guint in_window = 0, in_tail = 0;

    g_assert_no_error (error);
    rows = csv_rows (csv);
    g_assert_cmpstr (((char **)rows->pdata[0])[3], ==, "iops");
    g_assert_cmpuint (rows->len, ==, r->rounds->len + 1);
    for (guint i = 0; i < r->rounds->len; i++)
      {
        const SsdbConsistencyRound *rd = &g_array_index (r->rounds, SsdbConsistencyRound, i);
        char **row = rows->pdata[i + 1];

        g_assert_cmpuint (g_ascii_strtoull (row[0], NULL, 10), ==, i + 1);
        assert_field (row, 1, (double)rd->elapsed_ns / 1e9, 3);
        g_assert_cmpuint (g_ascii_strtoull (row[2], NULL, 10), ==, rd->ios);
        assert_field (row, 3, rd->iops, 1);
        in_window += g_str_equal (row[4], "1");
        in_tail += g_str_equal (row[5], "1");
      }
    g_assert_cmpuint (in_window, ==, r->steady.round - r->steady.first_round + 1);
    g_assert_cmpuint (in_tail, ==, r->tail_rounds);
  }
  {
    g_autofree char *csv = ssdb_csv_format (report, SSDB_TEST_KIND_FREESPACE, &error);
    g_autoptr (GPtrArray) rows = NULL;
    const SsdbFreespaceResult *r = report->freespace;
    guint k = 1;

    g_assert_no_error (error);
    rows = csv_rows (csv);
    for (guint i = 0; i < r->steps->len; i++)
      {
        const SsdbFreespaceStep *st = &g_array_index (r->steps, SsdbFreespaceStep, i);

        for (guint t = 0; t < st->rates->len; t++, k++)
          {
            const SsdbTestRate *rate = &g_array_index (st->rates, SsdbTestRate, t);
            char **row = rows->pdata[k];

            g_assert_cmpuint (g_ascii_strtoull (row[0], NULL, 10), ==, st->used_percent);
            g_assert_cmpstr (row[3], ==, rate->name);
            assert_field (row, 5, rate->bytes_per_second / 1e6, 3);
          }
      }
    g_assert_cmpuint (rows->len, ==, k);
    g_assert_cmpuint (k, ==, 5 * 4 + 1);
  }
  {
    g_autofree char *csv = ssdb_csv_format (report, SSDB_TEST_KIND_TRIM, &error);
    g_autoptr (GPtrArray) rows = NULL;
    const SsdbTrimResult *r = report->trim;

    g_assert_no_error (error);
    rows = csv_rows (csv);
    g_assert_cmpuint (rows->len, ==, 1 + r->tests->len + r->rounds->len);
    for (guint i = 0; i < r->tests->len; i++)
      {
        const SsdbTrimTest *t = &g_array_index (r->tests, SsdbTrimTest, i);
        char **row = rows->pdata[i + 1];

        g_assert_cmpstr (row[1], ==, t->name);
        assert_field (row, 3, t->before_bytes_per_second / 1e6, 3);
        assert_field (row, 4, t->after_bytes_per_second / 1e6, 3);
        assert_field (row, 5, t->retention_percent, 1);
      }
  }
  {
    g_autofree char *csv = ssdb_csv_format (report, SSDB_TEST_KIND_READBACK, &error);
    g_autoptr (GPtrArray) rows = NULL;
    const SsdbReadbackResult *r = report->readback;

    g_assert_no_error (error);
    rows = csv_rows (csv);
    g_assert_cmpuint (rows->len, ==, 5);
    g_assert_cmpstr (((char **)rows->pdata[2])[1], ==, "read");
    assert_field (rows->pdata[2], 5, r->first_read_bytes_per_second / 1e6, 3);
    g_assert_cmpstr (((char **)rows->pdata[4])[0], ==, "2");
    assert_field (rows->pdata[4], 5, r->second_read_bytes_per_second / 1e6, 3);
  }
  {
    g_autofree char *csv = ssdb_csv_format (report, SSDB_TEST_KIND_RECOVERY, &error);
    g_autoptr (GPtrArray) rows = NULL;
    const SsdbRecoveryResult *r = report->recovery;
    guint writes = 0, segments = 0;

    g_assert_no_error (error);
    rows = csv_rows (csv);
    for (guint i = 1; i < rows->len; i++)
      {
        char **row = rows->pdata[i];
        guint w = (guint)g_ascii_strtoull (row[0], NULL, 10);
        const SsdbRecoveryWrite *rw = &g_array_index (r->writes, SsdbRecoveryWrite, w);

        if (g_str_equal (row[2], "write"))
          {
            writes++;
            assert_field (row, 7, rw->bytes_per_second / 1e6, 3);
            assert_field (row, 9, rw->restored_percent, 1);
          }
        else
          segments++;
      }
    g_assert_cmpuint (writes, ==, 3);
    g_assert_cmpuint (segments, ==, 3 * 16);
  }
  setlocale (LC_NUMERIC, saved);
}

/* The text of each behaviour view: its heading, the numbers reviewers quote and the finding. */
static void
test_behaviour_text (void)
{
  g_autoptr (SsdbReport) report = load_behaviour (NULL);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (behaviour_views); i++)
    {
      SsdbTestKind table = (SsdbTestKind)behaviour_views[i];
      g_autofree char *text = ssdb_csv_format_text (report, table, &error);

      g_assert_no_error (error);
      g_assert_true (ssdb_csv_table_has_text (table));
      g_assert_true (g_str_has_suffix (text, "\n"));
      g_assert_nonnull (strstr (text, "Target: /dev/zram1 (134.2 MB)"));
    }
  {
    g_autofree char *text = ssdb_csv_format_text (report, SSDB_TEST_KIND_COMPRESSION, &error);
    const SsdbCompressionResult *r = report->compression;

    for (guint i = 0; i < r->points->len; i++)
      {
        const SsdbCompressionPoint *p = &g_array_index (r->points, SsdbCompressionPoint, i);
        g_autofree char *w = fixed (p->write_bytes_per_second / 1e6, 1);
        g_autofree char *rd = fixed (p->read_bytes_per_second / 1e6, 1);
        g_autofree char *line = g_strdup_printf (" %12s %12s\n", w, rd);

        g_assert_nonnull (strstr (text, line));
      }
    {
      g_autofree char *ratio = fixed (r->write_ratio, 2);
      g_autofree char *want = g_strdup_printf ("write %s×", ratio);

      g_assert_nonnull (strstr (text, want));
    }
    g_assert_nonnull (strstr (text, r->words));
  }
  {
    g_autofree char *text = ssdb_csv_format_text (report, SSDB_TEST_KIND_CONSISTENCY, &error);
    const SsdbConsistencyResult *r = report->consistency;
    g_autofree char *tail = fixed (r->tail_mean_iops, 0);
    g_autofree char *sd = fixed (r->tail_sd_iops, 0);
    g_autofree char *ratio = fixed (r->tail_mean_over_sd, 1);
    g_autofree char *steady
        = g_strdup_printf ("Steady state: reached at round %u", r->steady.round);
    g_autofree char *last = g_strdup_printf (
        "Last %u rounds: mean %s IOPS, standard deviation %s IOPS, mean / deviation %s",
        r->tail_rounds, tail, sd, ratio);

    g_assert_nonnull (strstr (text, steady));
    g_assert_nonnull (strstr (text, last));
  }
  {
    g_autofree char *text = ssdb_csv_format_text (report, SSDB_TEST_KIND_READBACK, &error);
    const SsdbReadbackResult *r = report->readback;
    g_autofree char *a = fixed (r->first_read_bytes_per_second / 1e6, 1);
    g_autofree char *b = fixed (r->second_read_bytes_per_second / 1e6, 1);
    g_autofree char *d = fixed (r->difference_percent, 1);
    g_autofree char *want = g_strdup_printf (
        "Read of pass 1: %s MB/s, read of pass 2: %s MB/s, difference %s %%", a, b, d);

    g_assert_nonnull (strstr (text, want));
  }
  {
    g_autofree char *text = ssdb_csv_format_text (report, SSDB_TEST_KIND_TRIM, &error);
    const SsdbTrimResult *r = report->trim;

    for (guint i = 0; i < r->tests->len; i++)
      {
        g_autofree char *ret
            = fixed (g_array_index (r->tests, SsdbTrimTest, i).retention_percent, 1);

        g_assert_nonnull (strstr (text, ret));
      }
  }
  /* The report holds no summary; the surface has no text. */
  g_assert_null (ssdb_csv_format_text (report, SSDB_TEST_KIND_SUMMARY, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "The report holds no summary test");
  g_clear_error (&error);
  g_assert_false (ssdb_csv_table_has_text (SSDB_TEST_KIND_SURFACE));
}

/* The text of the fill, access-time and transfer-size views: the numbers their words state.
 * The fixture's values by hand: a fill of two phases (50 MB/s for 33.55 MB, then 12.5 MB/s),
 * access steps at QD1, 4 and 32 with 50, 100 and 150 IOPS, a sweep reaching 3000 MB/s. */
static void
test_views_text (void)
{
  g_autofree char *path = NULL;
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (GError) error = NULL;

  path
      = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid-surface-fill.json", NULL);
  report = ssdb_report_load (path, &error);
  g_assert_no_error (error);
  {
    g_autofree char *text = ssdb_csv_format_text (report, SSDB_TEST_KIND_FILL, &error);

    g_assert_no_error (error);
    g_test_message ("%s", text);
    g_assert_true (g_str_has_prefix (text, "Whole-drive fill\n"));
    g_assert_nonnull (strstr (text, "\n1               0.000        0.034         50.0\n"
                                    "2               0.034        0.067         12.5\n"
                                    "Cache: 33.55 MB\n"
                                    "Verdict: found (noise in the first write pass 0.0 %)\n"
                                    "A change must exceed 25.0 % and last 0.5 s and 33.55 MB\n"));
    g_assert_nonnull (strstr (text, report->fill->analysis.words));
  }
  g_clear_pointer (&report, ssdb_report_unref);
  g_free (path);
  path = g_test_build_filename (G_TEST_DIST, "fixtures", "reports", "valid-all-views.json", NULL);
  report = ssdb_report_load (path, &error);
  g_assert_no_error (error);
  {
    g_autofree char *text = ssdb_csv_format_text (report, SSDB_TEST_KIND_ACCESS, &error);

    g_assert_no_error (error);
    g_test_message ("%s", text);
    g_assert_nonnull (
        strstr (text, "\n4                 100       0.0500       0.0420       1.0000"));
    g_assert_nonnull (strstr (text, "From QD1 to QD32 (32.00×): IOPS 3.00×, mean access time "
                                    "3.00×, growth exponent 0.31\n"));
    g_assert_nonnull (strstr (text, report->access->analysis.words));
  }
  {
    g_autofree char *text = ssdb_csv_format_text (report, SSDB_TEST_KIND_SWEEP, &error);

    g_assert_no_error (error);
    g_test_message ("%s", text);
    g_assert_nonnull (
        strstr (text, "\n16 KiB           3000.0       183105       1500.0        91553\n"));
    g_assert_nonnull (strstr (text, report->sweep->words));
  }
  /* the surface has none */
  g_assert_false (ssdb_csv_table_has_text (SSDB_TEST_KIND_SURFACE));
  g_assert_null (ssdb_csv_format_text (report, SSDB_TEST_KIND_SURFACE, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
}

/* One direction of hand-made stats: @ios requests of 8 KiB over 1 s. */
static void
set_direction (SsdbWorkloadDirection *d, guint64 ios, double mean_ns, guint64 p99_ns,
               guint64 max_ns)
{
  d->bytes = ios * 8192;
  d->iops = (double)ios;
  d->bytes_per_second = (double)d->bytes;
  d->mean_ns = ios ? mean_ns : 0;
  d->p99_ns = ios ? p99_ns : 0;
  d->max_ns = ios ? max_ns : 0;
}

/* The workload's text and CSV: per worker and all workers, the reads and the writes apart, as
 * the CLI prints them after a run; a worker without writes gets dashes. */
static void
test_workload_text (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "fixtures", "reports",
                                                 "valid-access-sweep-workload.json", NULL);
  g_autoptr (SsdbReport) report = NULL;
  g_autoptr (GError) error = NULL;
  SsdbWorkloadResult *r;
  SsdbWorkloadStats *w1, *w2;

  report = ssdb_report_load (path, &error);
  g_assert_no_error (error);
  g_assert_true (ssdb_csv_table_has_text (SSDB_TEST_KIND_WORKLOAD));
  r = report->workload;
  g_assert_nonnull (r);
  g_assert_cmpuint (r->workers->len, ==, 2);
  /* a report of before the split: one row per worker and all, no direction rows */
  {
    g_autofree char *text = ssdb_csv_format_text (report, SSDB_TEST_KIND_WORKLOAD, &error);

    g_assert_no_error (error);
    g_test_message ("%s", text);
    g_assert_true (g_str_has_prefix (text, "Workload (IOMeter-style)\n"));
    g_assert_nonnull (strstr (text,
                              "\n1                   1000        8.2      0.040      0.120      "
                              "0.400       3.50\n"));
    g_assert_nonnull (strstr (text,
                              "\nAll workers         3000       24.6      0.040      0.120      "
                              "0.400       7.00\n"));
    g_assert_null (strstr (text, "  Reads"));
  }
  /* Worker 1: 670 reads and 330 writes; worker 2: 2000 reads, no writes. */
  w1 = &g_array_index (r->workers, SsdbWorkloadStats, 0);
  w2 = &g_array_index (r->workers, SsdbWorkloadStats, 1);
  r->split = TRUE;
  set_direction (&w1->read, 670, 30000, 100000, 300000);
  set_direction (&w1->write, 330, 60000, 200000, 400000);
  w2->read_ios = 2000;
  w2->write_ios = 0;
  set_direction (&w2->read, 2000, 40000, 120000, 400000);
  set_direction (&w2->write, 0, 0, 0, 0);
  r->total.read_ios = 2670;
  r->total.write_ios = 330;
  set_direction (&r->total.read, 2670, 37500, 120000, 400000);
  set_direction (&r->total.write, 330, 60000, 200000, 400000);
  {
    g_autofree char *text = ssdb_csv_format_text (report, SSDB_TEST_KIND_WORKLOAD, &error);
    g_autofree char *tables = ssdb_csv_format_workload_tables (r);

    g_assert_no_error (error);
    g_test_message ("%s", text);
    /* the CLI's tables are the export's */
    g_assert_nonnull (strstr (text, tables));
    /* 670 reads of 8 KiB in 1 s: 5.5 MB/s; in flight 670 × 30 µs = 0.02 */
    g_assert_nonnull (strstr (text,
                              "\n1                   1000        8.2      0.040      0.120      "
                              "0.400       3.50\n"
                              "  Reads              670        5.5      0.030      0.100      "
                              "0.300       0.02\n"
                              "  Writes             330        2.7      0.060      0.200      "
                              "0.400       0.02\n"
                              "2                   2000       16.4      0.040      0.120      "
                              "0.400       3.50\n"
                              "  Reads             2000       16.4      0.040      0.120      "
                              "0.400       0.08\n"
                              "  Writes               -          -          -          -      "
                              "    -          -\n"
                              "All workers         3000       24.6      0.040      0.120      "
                              "0.400       7.00\n"
                              "  Reads             2670       21.9      0.037      0.120      "
                              "0.400       0.10\n"
                              "  Writes             330        2.7      0.060      0.200      "
                              "0.400       0.02\n"));
    g_assert_nonnull (strstr (text, "\n3000 requests: 89.0 % reads, 100.0 % random\n"));
  }
  {
    g_autofree char *csv = ssdb_csv_format (report, SSDB_TEST_KIND_WORKLOAD, &error);

    g_assert_no_error (error);
    g_test_message ("%s", csv);
    g_assert_nonnull (strstr (csv, ",write_max_latency_ns,read_bytes,write_bytes\r\n"));
    /* worker 1's reads and writes, then their bytes (CSV lines end in CR LF) */
    g_assert_nonnull (
        strstr (csv, ",5.489,670.000,30000.0,100000,300000,2.703,330.000,60000.0,200000,400000,"
                     "5488640,2703360\r\n"));
    /* worker 2: no writes */
    g_assert_nonnull (strstr (csv, ",16.384,2000.000,40000.0,120000,400000,0.000,0.000,0.0,0,0,"
                                   "16384000,0\r\n"));
  }
}

int
main (int argc, char **argv)
{
  int ret;

  setlocale (LC_ALL, "C.UTF-8");
  g_test_init (&argc, &argv, NULL);
  out_dir = g_dir_make_tmp ("ssdbench-export-XXXXXX", NULL);
  g_assert_nonnull (out_dir);

  g_test_add_func ("/export/png-identical", test_png_identical);
  g_test_add_func ("/export/views-text", test_views_text);
  g_test_add_func ("/export/workload-text", test_workload_text);
  g_test_add_func ("/export/png-curve", test_png_curve);
  g_test_add_func ("/export/svg-pdf", test_svg_pdf);
  g_test_add_func ("/export/locale", test_locale);
  g_test_add_func ("/export/errors", test_errors);
  g_test_add_func ("/export/fixtures", test_fixtures);
  g_test_add_func ("/export/behaviour/fixture", test_behaviour_fixture);
  g_test_add_func ("/export/behaviour/formats", test_behaviour_formats);
  g_test_add_func ("/export/behaviour/compression-bars", test_behaviour_compression_bars);
  g_test_add_func ("/export/behaviour/compression-lines", test_behaviour_compression_lines);
  g_test_add_func ("/export/behaviour/consistency-points", test_behaviour_consistency_points);
  g_test_add_func ("/export/behaviour/csv", test_behaviour_csv);
  g_test_add_func ("/export/behaviour/text", test_behaviour_text);
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
