/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "engine/ssdb-scan.h"

G_BEGIN_DECLS

/**
 * SsdbScanView:
 * @result: (nullable): the error scan (may be partial while it runs); %NULL draws an empty grid
 * @target_title: (nullable): header line ("/dev/sda · 500 GB · MODEL")
 * @target_subtitle: (nullable): settings line ("Error scan · 64 MiB read in 1 MiB blocks")
 * @caption: (nullable): footer for exported images (tool version, date)
 * @running: a run is in progress (the words wait for its end)
 *
 * What the scan painter draws. Initialize with ssdb_scan_view_init().
 */
typedef struct
{
  const SsdbScanResult *result;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  gboolean running;
} SsdbScanView;

/** ssdb_scan_view_init: zeroes @view. */
void
ssdb_scan_view_init (SsdbScanView *view);

/**
 * ssdb_scan_view_dup_subtitle:
 * @result: a scan
 *
 * Returns: (transfer full): the settings line of its chart: "Error scan · 500.1 GB read in
 *   1 MiB blocks · slow above 100 ms"
 */
char *
ssdb_scan_view_dup_subtitle (const SsdbScanResult *result);

/**
 * SsdbScanCellState:
 * @SSDB_SCAN_CELL_UNSCANNED: no block of the cell was read yet (grey)
 * @SSDB_SCAN_CELL_GOOD: every block read, none slow (green)
 * @SSDB_SCAN_CELL_SLOW: a block read slower than the threshold, none unreadable (amber)
 * @SSDB_SCAN_CELL_BAD: a block held an unreadable sector (red)
 *
 * The colour of a square of the grid, as HD Tune's Error Scan shows it.
 */
typedef enum
{
  SSDB_SCAN_CELL_UNSCANNED,
  SSDB_SCAN_CELL_GOOD,
  SSDB_SCAN_CELL_SLOW,
  SSDB_SCAN_CELL_BAD,
  SSDB_SCAN_CELL_N_STATES,
} SsdbScanCellState;

/**
 * ssdb_scan_cell_state:
 * @result: a scan
 * @index: a cell of the whole span's grid, 0 .. ssdb_scan_cell_count() - 1
 *
 * Returns: the state of cell @index (unscanned past the cells read so far)
 */
SsdbScanCellState
ssdb_scan_cell_state (const SsdbScanResult *result, guint index);

/**
 * ssdb_scan_painter_draw:
 * @view: what to draw
 * @style: colours and fonts
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws the error scan as HD Tune does: a grid of squares in the order of the span, left to
 * right and top to bottom, each covering the same number of blocks; green when every block of
 * it read, amber when one was slower than the threshold, red when one held an unreadable
 * sector, grey while not scanned. Each colour is one path, so 10^5 squares draw in about the
 * time of four fills. A legend above gives the squares of each colour and what one square
 * covers; under the grid, the first unreadable ranges with their byte offset, LBA and length
 * ("and N more" after them); then the findings in words (not while @view->running).
 */
void
ssdb_scan_painter_draw (const SsdbScanView *view, const SsdbStyle *style, cairo_t *cr, int width,
                        int height);

/**
 * ssdb_render_scan_png:
 * @view: what to draw
 * @style: colours
 * @path: the PNG file
 * @width: logical width
 * @height: logical height
 * @scale: (0, 8]
 *
 * Draws @view with ssdb_scan_painter_draw() into a PNG of @width × @scale by @height × @scale
 * pixels.
 *
 * Returns: %TRUE, or %FALSE with @error (the file could not be written)
 */
gboolean
ssdb_render_scan_png (const SsdbScanView *view, const SsdbStyle *style, const char *path, int width,
                      int height, double scale, GError **error);

/**
 * ssdb_scan_painter_get_plot_rect:
 * @view: what is drawn
 * @width: logical width
 * @height: logical height
 * @rect: (out): the grid's box, logical pixels: its first square at the top left
 */
void
ssdb_scan_painter_get_plot_rect (const SsdbScanView *view, int width, int height,
                                 cairo_rectangle_t *rect);

/**
 * ssdb_scan_painter_get_cell_rect:
 * @view: what is drawn
 * @width: logical width
 * @height: logical height
 * @index: a cell of the grid
 * @rect: (out): the square of cell @index, logical pixels (without the gap after it)
 *
 * Returns: %FALSE when the grid has no cell @index
 */
gboolean
ssdb_scan_painter_get_cell_rect (const SsdbScanView *view, int width, int height, guint index,
                                 cairo_rectangle_t *rect);

/**
 * ssdb_scan_painter_cell_at:
 * @view: what is drawn
 * @width: logical width
 * @height: logical height
 * @x: a point, logical pixels
 * @y: a point, logical pixels
 * @index: (out): the cell under the point
 *
 * Returns: %FALSE when no square is under (@x, @y) (for tooltips)
 */
gboolean
ssdb_scan_painter_cell_at (const SsdbScanView *view, int width, int height, double x, double y,
                           guint *index);

G_END_DECLS
