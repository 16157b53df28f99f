/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * The error scan's painter: hand-built scans with known bad and slow blocks drawn for real, each
 * square's colour read back from the pixels at the place ssdb_scan_painter_cell_at() gives; a
 * stopped scan's unread squares grey; the export of a report holding a scan, the same bytes
 * twice. Set SSDB_TEST_OUTPUT_DIR to keep the images.
 */
#include "config.h"

#include "engine/ssdb-report.h"
#include "ssdb-export.h"
#include "ssdb-scan-painter.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <string.h>

#define MiB (G_GUINT64_CONSTANT (1) << 20)
#define MS G_GUINT64_CONSTANT (1000000)
#define W 1200
#define H 800

static const SsdbTargetInfo fake_target = {
  .kind = SSDB_TARGET_DEVICE,
  .path = (char *)"/dev/loop9",
  .name = (char *)"loop9",
  .disk_name = (char *)"loop9",
  .size_bytes = 64 * MiB,
  .logical_block_size = 512,
  .physical_block_size = 512,
  .dio_mem_align = 512,
  .dio_offset_align = 512,
  .direct_io = TRUE,
};

/* 64 blocks of 1 MiB, one a cell, the first @n_blocks of them read: block 8 has 8 KiB
 * unreadable, blocks 20 and 21 are slow (150 and 200 ms), block 40 is unreadable whole. */
static SsdbScanResult *
faulty_scan (guint n_blocks)
{
  SsdbScanSpec spec;
  SsdbScanResult *r;

  ssdb_scan_spec_init (&spec);
  spec.span_length = 64 * MiB;
  r = ssdb_scan_result_new (&spec);
  r->logical_block_size = 512;
  for (guint b = 0; b < n_blocks; b++)
    {
      g_autoptr (GArray) bad = g_array_new (FALSE, TRUE, sizeof (SsdbScanRange));
      SsdbScanRange s
          = { b * MiB + (b == 8 ? 4096 : 0), b == 8 ? 8192 : MiB, SSDB_SCAN_OP_READ, EIO, 0 };

      if (b == 8 || b == 40)
        g_array_append_val (bad, s);
      ssdb_scan_add_block (r, b == 20 ? 150 * MS : b == 21 ? 200 * MS : MS, bad);
    }
  r->cancelled = n_blocks < 64;
  ssdb_scan_summarize (r);
  return r;
}

static SsdbScanCellState
expected_state (guint cell, guint n_blocks)
{
  if (cell >= n_blocks)
    return SSDB_SCAN_CELL_UNSCANNED;
  if (cell == 8 || cell == 40)
    return SSDB_SCAN_CELL_BAD;
  if (cell == 20 || cell == 21)
    return SSDB_SCAN_CELL_SLOW;
  return SSDB_SCAN_CELL_GOOD;
}

/* The colour of the pixel at (@x, @y), 0..255 each. */
static void
pixel (cairo_surface_t *s, int x, int y, guint *r, guint *g, guint *b)
{
  const guint8 *data = cairo_image_surface_get_data (s);
  guint32 v = *(const guint32 *)(data + y * cairo_image_surface_get_stride (s) + x * 4);

  *r = (v >> 16) & 0xff;
  *g = (v >> 8) & 0xff;
  *b = v & 0xff;
}

/* What a square of each state looks like on the review theme: green, amber, red, light grey. */
static SsdbScanCellState
classify (guint r, guint g, guint b)
{
  if (g > 130 && r < 60 && b > 80 && b < 150)
    return SSDB_SCAN_CELL_GOOD;
  if (r > 200 && g > 130 && g < 180 && b < 40)
    return SSDB_SCAN_CELL_SLOW;
  if (r > 190 && g < 80 && b < 40)
    return SSDB_SCAN_CELL_BAD;
  if (r > 200 && r < 240 && abs ((int)r - (int)g) < 4 && abs ((int)g - (int)b) < 4)
    return SSDB_SCAN_CELL_UNSCANNED;
  return SSDB_SCAN_CELL_N_STATES;
}

static void
save (cairo_surface_t *s, const char *name)
{
  const char *dir = g_getenv ("SSDB_TEST_OUTPUT_DIR");

  if (dir != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_assert_cmpint (cairo_surface_write_to_png (s, path), ==, CAIRO_STATUS_SUCCESS);
    }
}

/* Draws @r and checks every square's colour where cell_at() places it. */
static void
check_squares (SsdbScanResult *r, guint n_blocks, const char *name)
{
  SsdbScanView view;
  SsdbStyle style;
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, W, H);
  cairo_t *cr = cairo_create (s);
  cairo_rectangle_t plot;
  cairo_rectangle_t cells[64];
  guint counts[SSDB_SCAN_CELL_N_STATES] = { 0 };

  ssdb_scan_view_init (&view);
  view.result = r;
  view.target_title = "/dev/loop9 · 67.1 MB";
  ssdb_style_init (&style, SSDB_THEME_REVIEW);
  ssdb_scan_painter_draw (&view, &style, cr, W, H);
  cairo_surface_flush (s);
  save (s, name);

  ssdb_scan_painter_get_plot_rect (&view, W, H, &plot);
  g_assert_cmpfloat (plot.width, >, W / 2);
  g_assert_false (ssdb_scan_painter_cell_at (&view, W, H, plot.x - 1, plot.y, &(guint){ 0 }));
  g_assert_false (ssdb_scan_painter_get_cell_rect (&view, W, H, 64, &cells[0]));
  for (guint i = 0; i < 64; i++)
    {
      guint pr, pg, pb, at = G_MAXUINT;
      SsdbScanCellState want = expected_state (i, n_blocks);
      double cx, cy;

      g_assert_true (ssdb_scan_painter_get_cell_rect (&view, W, H, i, &cells[i]));
      cx = cells[i].x + cells[i].width / 2;
      cy = cells[i].y + cells[i].height / 2;
      /* the square lies in the grid, and the point query names it */
      g_assert_cmpfloat (cells[i].x, >=, plot.x);
      g_assert_cmpfloat (cells[i].y + cells[i].height, <=, plot.y + plot.height + 0.01);
      g_assert_true (ssdb_scan_painter_cell_at (&view, W, H, cx, cy, &at));
      g_assert_cmpuint (at, ==, i);
      g_assert_cmpint (ssdb_scan_cell_state (r, i), ==, want);
      pixel (s, (int)cx, (int)cy, &pr, &pg, &pb);
      if (classify (pr, pg, pb) != want)
        g_error ("%s: square %u at (%.0f, %.0f) is rgb(%u, %u, %u), not of state %d", name, i, cx,
                 cy, pr, pg, pb, want);
      counts[want]++;
    }
  /* squares are laid left to right, then down */
  g_assert_cmpfloat (cells[1].x, >, cells[0].x);
  g_assert_cmpfloat (cells[1].y, ==, cells[0].y);
  g_assert_cmpfloat (cells[63].y, >, cells[0].y);
  g_assert_cmpuint (counts[SSDB_SCAN_CELL_BAD], ==, n_blocks > 40 ? 2 : n_blocks > 8);

  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

static void
test_states (void)
{
  g_autoptr (SsdbScanResult) r = faulty_scan (64);

  g_assert_cmpuint (ssdb_scan_cell_count (&r->spec), ==, 64);
  check_squares (r, 64, "scan-complete.png");
  /* past the grid: not scanned */
  g_assert_cmpint (ssdb_scan_cell_state (r, 64), ==, SSDB_SCAN_CELL_UNSCANNED);
}

static void
test_stopped (void)
{
  /* stopped after 30 blocks: the first bad and both slow blocks read, the rest grey */
  g_autoptr (SsdbScanResult) r = faulty_scan (30);

  g_assert_true (r->cancelled);
  check_squares (r, 30, "scan-stopped.png");
}

static void
test_empty (void)
{
  SsdbScanView view;
  SsdbStyle style;
  cairo_surface_t *s = cairo_image_surface_create (CAIRO_FORMAT_RGB24, 800, 600);
  cairo_t *cr = cairo_create (s);
  cairo_rectangle_t plot;

  /* no result: a grid of grey squares and its note, nothing else */
  ssdb_scan_view_init (&view);
  ssdb_style_init (&style, SSDB_THEME_DARK);
  ssdb_scan_painter_draw (&view, &style, cr, 800, 600);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  ssdb_scan_painter_get_plot_rect (&view, 800, 600, &plot);
  g_assert_cmpfloat (plot.width, >, 400);
  g_assert_cmpfloat (plot.height, >, 200);
  cairo_destroy (cr);
  cairo_surface_destroy (s);
}

/* The export of a report holding a scan: a PNG of the asked size, the same bytes twice. */
static void
test_export (void)
{
  g_autoptr (SsdbScanResult) r = faulty_scan (64);
  g_autoptr (SsdbReport) report = ssdb_report_new (&fake_target, NULL);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("ssdb-scan-XXXXXX", &error);
  g_autofree char *a = g_build_filename (dir, "a.png", NULL);
  g_autofree char *b = g_build_filename (dir, "b.png", NULL);
  g_autofree char *ca = NULL, *cb = NULL;
  gsize la, lb;
  cairo_surface_t *s;

  g_assert_no_error (error);
  g_free (report->created);
  report->created = g_strdup ("2026-12-01T12:00:00Z");
  ssdb_report_set_result (report, SSDB_TEST_KIND_SCAN, r);
  g_assert_true (ssdb_export_has_chart (SSDB_TEST_KIND_SCAN));
  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_SCAN, SSDB_EXPORT_PNG, 1200, 800, 1,
                                   SSDB_THEME_REVIEW, SSDB_EXPORT_FLAGS_NONE, a, &error));
  g_assert_no_error (error);
  g_assert_true (ssdb_export_view (report, SSDB_TEST_KIND_SCAN, SSDB_EXPORT_PNG, 1200, 800, 1,
                                   SSDB_THEME_REVIEW, SSDB_EXPORT_FLAGS_NONE, b, &error));
  g_assert_true (g_file_get_contents (a, &ca, &la, NULL));
  g_assert_true (g_file_get_contents (b, &cb, &lb, NULL));
  g_assert_cmpmem (ca, la, cb, lb);
  s = cairo_image_surface_create_from_png (a);
  g_assert_cmpint (cairo_image_surface_get_width (s), ==, 1200);
  g_assert_cmpint (cairo_image_surface_get_height (s), ==, 800);
  cairo_surface_destroy (s);
  {
    g_autofree char *sub = ssdb_export_dup_subtitle (report, SSDB_TEST_KIND_SCAN);

    g_assert_cmpstr (sub, ==, "Error scan · 67.11 MB read in 1 MiB blocks · slow above 100 ms");
  }
  g_unlink (a);
  g_unlink (b);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/scan-painter/states", test_states);
  g_test_add_func ("/scan-painter/stopped", test_stopped);
  g_test_add_func ("/scan-painter/empty", test_empty);
  g_test_add_func ("/scan-painter/export", test_export);
  return g_test_run ();
}
