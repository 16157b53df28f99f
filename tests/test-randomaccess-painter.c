/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The random-access painter: a hand-made table of reads and writes at four sizes and the mix
 * drawn for real: the time axis stands on the bulk of the dots, not on one slow request (which
 * is counted above it), the dots sit where their size's colour says, the table beside a wide
 * chart and under a narrow one with every cell's text, the empty state, and the export of a
 * report holding it. Set SSDB_TEST_OUTPUT_DIR to keep the images.
 */
#include "config.h"

#include "engine/ssdb-report.h"
#include "ssdb-compare-painter.h"
#include "ssdb-export.h"
#include "ssdb-randomaccess-painter.h"

#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#define GB G_GUINT64_CONSTANT (1000000000)
#define US G_GUINT64_CONSTANT (1000)

static const SsdbTargetInfo fake_target = {
  .kind = SSDB_TARGET_DEVICE,
  .path = (char *)"/dev/loop9",
  .name = (char *)"loop9",
  .disk_name = (char *)"loop9",
  .size_bytes = 8 * GB,
  .logical_block_size = 512,
  .physical_block_size = 512,
  .dio_mem_align = 512,
  .dio_offset_align = 512,
  .direct_io = TRUE,
};

/* Access time of size index @k (the mix: 5): 80 µs, 120 µs, 400 µs, 2 ms, 600 µs. */
static guint64
row_latency (int k)
{
  static const guint64 lat[] = { 80 * US, 120 * US, 400 * US, 2000 * US, 600 * US };

  return lat[k];
}

/* Reads (and writes with @writes) at 512 B, 4 KiB, 64 KiB, 1 MiB and the mix over 8 GB, 200
 * dots a row spread over the span; with @outlier one read of 4 KiB took 500 ms. */
static SsdbRandomAccessResult *
make_result (gboolean writes, gboolean outlier)
{
  SsdbRandomAccessSpec spec;
  SsdbRandomAccessResult *r;

  ssdb_random_access_spec_init (&spec);
  spec.do_write = writes;
  spec.span_length = 8 * GB;
  r = ssdb_random_access_result_new (&spec);
  for (guint i = 0; i < r->rows->len; i++)
    {
      SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);
      int k = row->mixed ? 4 : ssdb_random_access_painter_size_index (r, i);
      guint64 lat = row_latency (k) * (row->rw == SSDB_RW_WRITE ? 2 : 1);

      if (row->size == 0)
        row->size = 512;
      row->state = SSDB_ENTRY_DONE;
      row->ios = 1000;
      row->bytes = 1000 * (guint64)row->size;
      row->window_ns = 1000 * lat;
      row->iops = 1e9 / (double)lat;
      row->bytes_per_second = row->iops * row->size;
      row->mean_ns = (double)lat;
      row->max_ns = lat * 3;
      for (guint d = 0; d < 200; d++)
        {
          SsdbRandomAccessDot dot = { (guint64)d * (8 * GB / 200), lat + (d % 10) * US, row->size };

          if (outlier && k == 1 && row->rw == SSDB_RW_READ && d == 100)
            dot.latency_ns = 500 * 1000 * US;
          g_array_append_val (row->dots, dot);
        }
    }
  return r;
}

static void
keep (cairo_surface_t *surface, const char *name)
{
  const char *dir = g_getenv ("SSDB_TEST_OUTPUT_DIR");

  if (dir != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      cairo_surface_write_to_png (surface, path);
    }
}

static cairo_surface_t *
draw (const SsdbRandomAccessView *view, SsdbTheme theme, int w, int h, const char *name)
{
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, w, h);
  cairo_t *cr = cairo_create (s);
  SsdbStyle style;

  ssdb_style_init (&style, theme);
  ssdb_random_access_painter_draw (view, &style, cr, w, h);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (s);
  keep (s, name);
  return s;
}

static void
pixel (cairo_surface_t *s, int x, int y, guint *r, guint *g, guint *b)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  guint32 v = *(const guint32 *)(data + y * cairo_image_surface_get_stride (s) + x * 4);

  *r = (v >> 16) & 0xff;
  *g = (v >> 8) & 0xff;
  *b = v & 0xff;
}

/* Whether a pixel within 2 px of (@x, @y) is close to @c (after the dots' 0.8 alpha on white). */
static gboolean
near_color (cairo_surface_t *s, double x, double y, const SsdbRgba *c)
{
  guint er = (guint)round ((c->r * 0.8 + 0.2) * 255), eg = (guint)round ((c->g * 0.8 + 0.2) * 255),
        eb = (guint)round ((c->b * 0.8 + 0.2) * 255);

  for (int dy = -2; dy <= 2; dy++)
    for (int dx = -2; dx <= 2; dx++)
      {
        guint r, g, b;

        pixel (s, (int)x + dx, (int)y + dy, &r, &g, &b);
        if (ABS ((int)r - (int)er) <= 30 && ABS ((int)g - (int)eg) <= 30
            && ABS ((int)b - (int)eb) <= 30)
          return TRUE;
      }
  return FALSE;
}

static void
test_axis_outlier (void)
{
  g_autoptr (SsdbRandomAccessResult) r = make_result (FALSE, TRUE);
  SsdbRandomAccessView view;
  SsdbAxis axis, pos;
  guint over = 0;
  cairo_rectangle_t plot;
  SsdbStyle style;

  ssdb_random_access_view_init (&view);
  view.result = r;
  ssdb_random_access_painter_get_time_axis (&view, 1200, 800, &axis, &over);
  /* The bulk reaches 2.009 ms (1 MiB reads): the axis goes a little above it, far below the
   * 500 ms request, which is counted above the top. */
  g_assert_cmpfloat (axis.hi, >=, 2.009);
  g_assert_cmpfloat (axis.hi, <=, 5);
  g_assert_cmpstr (axis.unit, ==, "ms");
  g_assert_cmpuint (over, ==, 1);
  ssdb_random_access_painter_get_position_axis (&view, 1200, 800, &pos);
  g_assert_cmpfloat (pos.lo, ==, 0);
  g_assert_cmpfloat (pos.hi, ==, 8);
  g_assert_cmpstr (pos.unit, ==, "GB");

  /* Without the outlier nothing is above the top. */
  {
    g_autoptr (SsdbRandomAccessResult) clean = make_result (FALSE, FALSE);

    view.result = clean;
    ssdb_random_access_painter_get_time_axis (&view, 1200, 800, &axis, &over);
    g_assert_cmpuint (over, ==, 0);
    view.result = r;
  }

  /* Each size's dots are drawn where their access time is, in their size's colour. */
  {
    cairo_surface_t *s = draw (&view, SSDB_THEME_REVIEW, 1200, 800, "randomaccess-outlier.png");

    ssdb_style_init (&style, SSDB_THEME_REVIEW);
    ssdb_random_access_painter_get_plot_rect (&view, 1200, 800, &plot);
    for (guint i = 0; i < r->rows->len; i++)
      {
        const SsdbRandomAccessRow *row = &g_array_index (r->rows, SsdbRandomAccessRow, i);
        int k = ssdb_random_access_painter_size_index (r, i);
        SsdbRgba c = ssdb_random_access_painter_size_color (&style, k);
        const SsdbRandomAccessDot *d = &g_array_index (row->dots, SsdbRandomAccessDot, 3);
        double x, y;

        /* 64 KiB (400 µs) and the mix (600 µs) are alone at their height. */
        if (k != 2 && k != -1)
          continue;
        ssdb_random_access_painter_dot_point (&view, 1200, 800, d->offset + d->size / 2,
                                              d->latency_ns, &x, &y);
        g_assert_cmpfloat (x, >, plot.x);
        g_assert_cmpfloat (y, <, plot.y + plot.height);
        g_assert_true (near_color (s, x, y, &c));
      }
    cairo_surface_destroy (s);
  }
}

static void
test_table (void)
{
  g_autoptr (SsdbRandomAccessResult) r = make_result (TRUE, FALSE);
  SsdbRandomAccessView view;
  cairo_rectangle_t table, plot;
  g_autofree char *iops = NULL, *mean = NULL, *max = NULL, *rate = NULL, *size = NULL, *mix = NULL;

  ssdb_random_access_view_init (&view);
  view.result = r;
  view.target_title = "/dev/loop9 · 8 GB";
  view.target_subtitle = "Random reads and writes over 8 GB · QD1 · 3 s per size";
  view.caption = "SSD Bench · test";

  /* 10 rows: reads (512 B .. 1 MiB, Random), then writes. */
  g_assert_cmpuint (r->rows->len, ==, 10);
  g_assert_cmpint (g_array_index (r->rows, SsdbRandomAccessRow, 0).rw, ==, SSDB_RW_READ);
  g_assert_cmpint (g_array_index (r->rows, SsdbRandomAccessRow, 5).rw, ==, SSDB_RW_WRITE);
  size = ssdb_random_access_painter_dup_cell_text (&view, 1, SSDB_RANDOM_ACCESS_COLUMN_SIZE, FALSE);
  g_assert_cmpstr (size, ==, "4 KiB");
  mix = ssdb_random_access_painter_dup_cell_text (&view, 4, SSDB_RANDOM_ACCESS_COLUMN_SIZE, FALSE);
  g_assert_cmpstr (mix, ==, "Random");
  /* 4 KiB reads at 120 µs: 8333 IOPS, 0.120 ms, 0.360 ms max, 34.1 MB/s */
  iops = ssdb_random_access_painter_dup_cell_text (&view, 1, SSDB_RANDOM_ACCESS_COLUMN_IOPS, FALSE);
  mean = ssdb_random_access_painter_dup_cell_text (&view, 1, SSDB_RANDOM_ACCESS_COLUMN_MEAN, FALSE);
  max = ssdb_random_access_painter_dup_cell_text (&view, 1, SSDB_RANDOM_ACCESS_COLUMN_MAX, FALSE);
  rate = ssdb_random_access_painter_dup_cell_text (&view, 1, SSDB_RANDOM_ACCESS_COLUMN_RATE, FALSE);
  g_assert_cmpstr (iops, ==, "8333");
  g_assert_cmpstr (mean, ==, "0.120 ms");
  g_assert_cmpstr (max, ==, "0.360 ms");
  g_assert_cmpstr (rate, ==, "34.1");

  /* Beside a wide chart, under a narrow one; never over the plot. */
  g_assert_true (ssdb_random_access_painter_get_table_rect (&view, 1400, 700, &table));
  ssdb_random_access_painter_get_plot_rect (&view, 1400, 700, &plot);
  g_assert_cmpfloat (table.x, >=, plot.x + plot.width);
  g_assert_cmpfloat (table.x + table.width, <=, 1400);
  g_assert_false (ssdb_random_access_painter_get_table_rect (&view, 640, 600, &table));
  ssdb_random_access_painter_get_plot_rect (&view, 640, 600, &plot);
  g_assert_cmpfloat (table.y, >=, plot.y + plot.height);
  g_assert_cmpfloat (table.y + table.height, <=, 600);
  g_assert_cmpfloat (table.x + table.width, <=, 640);
  g_assert_cmpfloat (plot.height, >=, 150);
  /* Under a chart wide enough for both, the write rows stand beside the read rows: the table is
   * as wide as the chart, and 7 lines tall (header, "Read", 5 rows), not 13. */
  {
    cairo_rectangle_t one, two;

    g_assert_false (ssdb_random_access_painter_get_table_rect (&view, 1200, 800, &two));
    g_assert_cmpfloat (two.width, >, 1200 * 0.8);
    g_assert_cmpfloat (two.width, <=, 1200);
    g_assert_false (ssdb_random_access_painter_get_table_rect (&view, 640, 800, &one));
    g_assert_cmpfloat (one.width, <=, 640);
    g_assert_cmpfloat (two.height, <, 800 * 0.25);
  }

  /* Drawn in every theme without a cairo error; the write dots in their colours too. */
  cairo_surface_destroy (draw (&view, SSDB_THEME_REVIEW, 1400, 700, "randomaccess-wide.png"));
  cairo_surface_destroy (draw (&view, SSDB_THEME_REVIEW, 800, 600, "randomaccess-narrow.png"));
  cairo_surface_destroy (draw (&view, SSDB_THEME_DARK, 1200, 800, "randomaccess-dark.png"));
  cairo_surface_destroy (draw (&view, SSDB_THEME_HIGH_CONTRAST, 640, 480, "randomaccess-hc.png"));
}

static void
test_pending (void)
{
  SsdbRandomAccessSpec spec;
  g_autoptr (SsdbRandomAccessResult) r = NULL;
  SsdbRandomAccessView view;
  g_autofree char *text = NULL;

  ssdb_random_access_spec_init (&spec);
  r = ssdb_random_access_result_new (&spec);
  g_array_index (r->rows, SsdbRandomAccessRow, 0).state = SSDB_ENTRY_FAILED;
  ssdb_random_access_view_init (&view);
  view.result = r;
  view.block_size = 4096;
  text = ssdb_random_access_painter_dup_cell_text (&view, 0, SSDB_RANDOM_ACCESS_COLUMN_SIZE, FALSE);
  g_assert_cmpstr (text, ==, "4 KiB");
  g_free (text);
  text = ssdb_random_access_painter_dup_cell_text (&view, 0, SSDB_RANDOM_ACCESS_COLUMN_IOPS, FALSE);
  g_assert_cmpstr (text, ==, "failed");
  g_free (text);
  text = ssdb_random_access_painter_dup_cell_text (&view, 1, SSDB_RANDOM_ACCESS_COLUMN_MEAN, FALSE);
  g_assert_cmpstr (text, ==, "\u2014");
  g_free (text);
  text
      = ssdb_random_access_painter_dup_cell_text (&view, 99, SSDB_RANDOM_ACCESS_COLUMN_IOPS, FALSE);
  g_assert_cmpstr (text, ==, "\u2014");
  g_free (text);
  /* A running row: its requests and rate so far, its access times only at its end. */
  {
    SsdbRandomAccessRow *running = &g_array_index (r->rows, SsdbRandomAccessRow, 1);

    running->state = SSDB_ENTRY_RUNNING;
    running->ios = 1500;
    running->bytes = 1500 * 65536;
    running->window_ns = 500000000;
    running->iops = 3000;
    running->bytes_per_second = 196608000;
    text = ssdb_random_access_painter_dup_cell_text (&view, 1, SSDB_RANDOM_ACCESS_COLUMN_IOPS,
                                                     FALSE);
    g_assert_cmpstr (text, ==, "3000");
    g_free (text);
    text = ssdb_random_access_painter_dup_cell_text (&view, 1, SSDB_RANDOM_ACCESS_COLUMN_RATE,
                                                     FALSE);
    g_assert_cmpstr (text, ==, "196.6");
    g_free (text);
    text = ssdb_random_access_painter_dup_cell_text (&view, 1, SSDB_RANDOM_ACCESS_COLUMN_MEAN,
                                                     FALSE);
    g_assert_cmpstr (text, ==, "\u2014");
    g_free (text);
    text
        = ssdb_random_access_painter_dup_cell_text (&view, 1, SSDB_RANDOM_ACCESS_COLUMN_MAX, FALSE);
    g_assert_cmpstr (text, ==, "\u2014");
  }
  view.running = TRUE;
  cairo_surface_destroy (draw (&view, SSDB_THEME_LIGHT, 900, 600, "randomaccess-pending.png"));
}

static void
test_empty (void)
{
  SsdbRandomAccessView view;
  SsdbAxis axis;
  guint over = 7;
  cairo_rectangle_t plot;
  cairo_surface_t *s;
  guint red, green, blue;

  ssdb_random_access_view_init (&view);
  ssdb_random_access_painter_get_time_axis (&view, 800, 600, &axis, &over);
  g_assert_cmpuint (over, ==, 0);
  g_assert_cmpfloat (axis.hi, >, 0);
  ssdb_random_access_painter_get_plot_rect (&view, 800, 600, &plot);
  g_assert_cmpfloat (plot.width, >, 100);
  g_assert_cmpfloat (plot.height, >, 100);
  s = draw (&view, SSDB_THEME_REVIEW, 800, 600, "randomaccess-empty.png");
  /* The plot's corner is its white well, not a dot. */
  pixel (s, (int)(plot.x + 5), (int)(plot.y + 5), &red, &green, &blue);
  g_assert_cmpuint (red, >=, 240);
  g_assert_cmpuint (blue, >=, 240);
  cairo_surface_destroy (s);
  /* Degenerate sizes draw nothing and do not fail. */
  cairo_surface_destroy (draw (&view, SSDB_THEME_REVIEW, 1, 1, "randomaccess-tiny.png"));
}

static void
test_export (void)
{
  g_autoptr (SsdbReport) report = ssdb_report_new (&fake_target, NULL);
  g_autoptr (SsdbRandomAccessResult) r = make_result (TRUE, TRUE);
  g_autofree char *dir = g_dir_make_tmp ("ssdb-ra-XXXXXX", NULL);
  g_autofree char *a = g_build_filename (dir, "a.png", NULL);
  g_autofree char *b = g_build_filename (dir, "b.png", NULL);
  g_autofree char *subtitle = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *da = NULL, *db = NULL;
  gsize la = 0, lb = 0;

  ssdb_report_set_result (report, SSDB_TEST_KIND_RANDOMACCESS, r);
  g_assert_true (ssdb_export_has_chart (SSDB_TEST_KIND_RANDOMACCESS));
  subtitle = ssdb_export_dup_subtitle (report, SSDB_TEST_KIND_RANDOMACCESS);
  g_assert_nonnull (strstr (subtitle, "Random reads and writes over 8.00 GB · QD1 · 3 s per size"));
  for (int i = 0; i < 2; i++)
    {
      g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_RANDOMACCESS, SSDB_EXPORT_PNG, 1200,
                                       800, 1, SSDB_THEME_REVIEW, SSDB_EXPORT_NO_CAPTION,
                                       i == 0 ? a : b, &error));
      g_assert_no_error (error);
    }
  g_assert_true (g_file_get_contents (a, &da, &la, NULL));
  g_assert_true (g_file_get_contents (b, &db, &lb, NULL));
  g_assert_cmpuint (la, >, 1000);
  g_assert_cmpmem (da, la, db, lb);
  g_unlink (a);
  g_unlink (b);
  g_rmdir (dir);
}

/* Two reports compared: bars of mean access time per size, reads then writes. */
static void
test_compare (void)
{
  g_autoptr (SsdbReport) a = ssdb_report_new (&fake_target, NULL);
  g_autoptr (SsdbReport) b = ssdb_report_new (&fake_target, NULL);
  g_autoptr (SsdbRandomAccessResult) ra = make_result (TRUE, FALSE);
  g_autoptr (SsdbRandomAccessResult) rb = make_result (FALSE, TRUE);
  g_autofree char *dir = g_dir_make_tmp ("ssdb-ra-XXXXXX", NULL);
  g_autofree char *png = g_build_filename (dir, "compare.png", NULL);
  g_autoptr (GError) error = NULL;
  SsdbReport *reports[2];

  g_assert_true (ssdb_compare_view_supported (SSDB_TEST_KIND_RANDOMACCESS));
  ssdb_report_set_result (a, SSDB_TEST_KIND_RANDOMACCESS, ra);
  ssdb_report_set_result (b, SSDB_TEST_KIND_RANDOMACCESS, rb);
  reports[0] = a;
  reports[1] = b;
  g_assert_true (ssdb_export_compare (reports, NULL, 2, SSDB_TEST_KIND_RANDOMACCESS,
                                      SSDB_EXPORT_PNG, 800, 600, 1, SSDB_THEME_REVIEW, 0, png,
                                      &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (png, G_FILE_TEST_EXISTS));
  if (g_getenv ("SSDB_TEST_OUTPUT_DIR") != NULL)
    {
      g_autofree char *keep
          = g_build_filename (g_getenv ("SSDB_TEST_OUTPUT_DIR"), "randomaccess-compare.png", NULL);
      g_autofree char *data = NULL;
      gsize len = 0;

      g_assert_true (g_file_get_contents (png, &data, &len, NULL));
      g_assert_true (g_file_set_contents (keep, data, len, NULL));
    }
  g_unlink (png);
  g_rmdir (dir);
}

/* A recorded temperature takes a strip under the scatter, which keeps its width. */
static void
test_temperature (void)
{
  g_autoptr (SsdbRandomAccessResult) r = make_result (FALSE, FALSE);
  SsdbRandomAccessView view;
  cairo_rectangle_t before, after;

  ssdb_random_access_view_init (&view);
  view.result = r;
  ssdb_random_access_painter_get_plot_rect (&view, 1200, 800, &before);
  r->temperature = ssdb_temperature_log_new ("drivetemp (hwmon3 temp1)", NAN, NAN);
  for (guint i = 0; i <= 10; i++)
    {
      SsdbTemperatureSample t = { i * 6.0, 40.0 + i * 2.0 };

      g_array_append_val (r->temperature->samples, t);
    }
  ssdb_random_access_painter_get_plot_rect (&view, 1200, 800, &after);
  g_assert_cmpfloat (after.x, ==, before.x);
  g_assert_cmpfloat (after.width, ==, before.width);
  g_assert_cmpfloat (after.height, <, before.height - 30);
  cairo_surface_destroy (
      draw (&view, SSDB_THEME_REVIEW, 1200, 800, "randomaccess-temperature.png"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/randomaccess-painter/axis-outlier", test_axis_outlier);
  g_test_add_func ("/randomaccess-painter/table", test_table);
  g_test_add_func ("/randomaccess-painter/pending", test_pending);
  g_test_add_func ("/randomaccess-painter/empty", test_empty);
  g_test_add_func ("/randomaccess-painter/export", test_export);
  g_test_add_func ("/randomaccess-painter/compare", test_compare);
  g_test_add_func ("/randomaccess-painter/temperature", test_temperature);
  return g_test_run ();
}
