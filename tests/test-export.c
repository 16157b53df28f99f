/* SPDX-License-Identifier: GPL-3.0-or-later */
/* Export of reports: PNG (identical run to run, curves where the data says), SVG and PDF with
 * their caption, CSV and JSON in the C locale under a French locale, and every refusal. */
#include "config.h"

#include <glib/gstdio.h>
#include <locale.h>
#include <math.h>
#include <string.h>

#include "engine/ssdb-csv.h"
#include "engine/ssdb-error.h"
#include "engine/ssdb-report.h"
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

  g_assert_true (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_PNG, 1200, 800, 1,
                                   SSDB_THEME_REVIEW, 0, a, &error));
  g_assert_no_error (error);
  g_usleep (1100 * 1000); /* a second later: a clock in the caption would change the bytes */
  g_assert_true (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_PNG, 1200, 800, 1,
                                   SSDB_THEME_REVIEW, 0, b, &error));
  g_assert_no_error (error);
  ba = read_bytes (a);
  bb = read_bytes (b);
  g_assert_cmpuint (g_bytes_get_size (ba), >, 10000);
  g_assert_true (g_bytes_equal (ba, bb));

  g_assert_true (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_PNG, 800, 600, 2,
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

  g_assert_true (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_PNG, 1200, 800,
                                   scale, theme, 0, path, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_export_get_plot_rect (report, SSDB_EXPORT_VIEW_SURFACE, 0, 1200, 800, &plot));
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

  g_assert_true (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_SVG, 1200, 800, 1,
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

  g_assert_true (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_SVG, 1200, 800, 1,
                                   SSDB_THEME_REVIEW, SSDB_EXPORT_SERIAL, svg_serial, &error));
  g_assert_no_error (error);
  {
    g_autoptr (GBytes) b = read_bytes (svg_serial);
    gsize l;
    const char *d = g_bytes_get_data (b, &l);

    g_assert_nonnull (g_strstr_len (d, (gssize)l, "serial S6XYZ0123"));
  }

  g_assert_true (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_PDF, 1200, 800, 1,
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
  csv = ssdb_csv_format (report, SSDB_CSV_SURFACE, &error);
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

  g_assert_true (ssdb_csv_write (report, SSDB_CSV_SURFACE, csv_path, &error));
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

  g_assert_false (ssdb_export_view (report, SSDB_EXPORT_VIEW_FILL, SSDB_EXPORT_PNG, 800, 600, 1,
                                    SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (error->message, ==, "The report holds no fill test");
  g_clear_error (&error);

  g_assert_false (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_PNG, 100, 600, 1,
                                    SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "too small"));
  g_clear_error (&error);

  g_assert_false (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_PNG, 4000, 4000,
                                    8, SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "out of range"));
  g_clear_error (&error);

  g_assert_false (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_SVG, 800, 20000,
                                    1, SSDB_THEME_REVIEW, 0, path, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);

  /* A directory, a device node, a missing folder. */
  g_assert_false (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_PDF, 800, 600, 1,
                                    SSDB_THEME_REVIEW, 0, out_dir, &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  g_assert_false (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_SVG, 800, 600, 1,
                                    SSDB_THEME_REVIEW, 0, "/dev/null", &error));
  g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
  g_clear_error (&error);
  {
    g_autofree char *missing = out_path ("no-such-dir/x.png");

    g_assert_false (ssdb_export_view (report, SSDB_EXPORT_VIEW_SURFACE, SSDB_EXPORT_PNG, 800, 600,
                                      1, SSDB_THEME_REVIEW, 0, missing, &error));
    g_assert_error (error, SSDB_ERROR, SSDB_ERROR_NOT_FOUND);
    g_clear_error (&error);
  }
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));

  /* CSV of a test the report does not hold. */
  g_assert_null (ssdb_csv_format (report, SSDB_CSV_SWEEP, &error));
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
      for (guint v = 0; v < SSDB_EXPORT_N_VIEWS; v++)
        {
          if (!ssdb_export_report_has_view (report, (SsdbExportView)v))
            continue;
          {
            g_autofree char *csv = ssdb_csv_format (report, (SsdbCsvTable)v, &error);

            g_assert_no_error (error);
            g_assert_true (g_str_has_suffix (csv, "\r\n"));
          }
          if (!ssdb_export_view_has_chart ((SsdbExportView)v))
            {
              g_autofree char *out = out_path ("nochart.png");

              g_assert_false (ssdb_export_view (report, (SsdbExportView)v, SSDB_EXPORT_PNG, 800,
                                                600, 1, SSDB_THEME_REVIEW, 0, out, &error));
              g_assert_error (error, SSDB_ERROR, SSDB_ERROR_INVALID_ARGUMENT);
              g_clear_error (&error);
              continue;
            }
          for (guint fmt = 0; fmt < 3; fmt++)
            {
              g_autofree char *name
                  = g_strdup_printf ("%s-%s.%s", files[f], ssdb_export_view_to_string (v),
                                     ssdb_export_format_to_string ((SsdbExportFormat)fmt));
              g_autofree char *out = out_path (name);
              GStatBuf st;

              g_assert_true (ssdb_export_view (report, (SsdbExportView)v, (SsdbExportFormat)fmt,
                                               800, 600, 1, SSDB_THEME_REVIEW, 0, out, &error));
              g_assert_no_error (error);
              g_assert_cmpint (g_stat (out, &st), ==, 0);
              g_assert_cmpint (st.st_size, >, 2000);
              exported++;
            }
        }
    }
  g_assert_cmpuint (exported, ==, 6 * 3);
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
  g_test_add_func ("/export/png-curve", test_png_curve);
  g_test_add_func ("/export/svg-pdf", test_svg_pdf);
  g_test_add_func ("/export/locale", test_locale);
  g_test_add_func ("/export/errors", test_errors);
  g_test_add_func ("/export/fixtures", test_fixtures);
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
