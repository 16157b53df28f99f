/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "engine/ssdb-sweep.h"

G_BEGIN_DECLS

/**
 * SsdbSweepView:
 * @result: (nullable): the sweep (may be partial while it runs); %NULL draws empty rows for
 *   512 B .. 64 MiB
 * @target_title: (nullable): header line ("/dev/nvme0n1 · 1 TB · Samsung 990 PRO")
 * @target_subtitle: (nullable): settings line ("256 MiB · QD4 · random data")
 * @caption: (nullable): footer for exported images (tool version, date)
 * @show_iops: add IOPS columns to the table
 * @running: a run is in progress
 * @running_fraction: 0..1 of the whole sweep
 *
 * What the sweep painter draws. Initialize with ssdb_sweep_view_init().
 */
typedef struct
{
  const SsdbSweepResult *result;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  gboolean show_iops;
  gboolean running;
  double running_fraction;
} SsdbSweepView;

/** ssdb_sweep_view_init: zeroes @view. */
void
ssdb_sweep_view_init (SsdbSweepView *view);

/**
 * ssdb_sweep_size_label:
 * @bytes: a transfer size
 *
 * Returns: (transfer full): "512 B", "4 KiB", "64 MiB" (the row labels).
 */
char *
ssdb_sweep_size_label (guint64 bytes);

/**
 * ssdb_sweep_painter_draw:
 * @view: what to draw
 * @style: colours and fonts (the summary painter's themes)
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws the ATTO-style transfer-size sweep: one row per transfer size, a write bar (the
 * style's write colour) above a read bar (read colour) in each row, growing right from 0 on a
 * rate axis drawn on top (MB/s, or GB/s from 2000 MB/s; ticks in double, so rates above
 * 4.29 GB/s are exact), a legend, and a table at the right with the write and read MB/s of
 * each row (and their IOPS with @view->show_iops); the summary in words as a caption. Rates
 * that are not finite or negative draw no bar and print "—". The same input gives the same
 * pixels at any scale.
 */
void
ssdb_sweep_painter_draw (const SsdbSweepView *view, const SsdbStyle *style, cairo_t *cr, int width,
                         int height);

/**
 * ssdb_sweep_painter_get_plot_rect:
 * @rect: (out): the bar area, logical pixels: left edge 0 B/s, right edge the axis' top, the
 *   first row at the top
 */
void
ssdb_sweep_painter_get_plot_rect (const SsdbSweepView *view, int width, int height,
                                  cairo_rectangle_t *rect);

/**
 * ssdb_sweep_painter_n_rows:
 *
 * Returns: the number of rows (the result's sizes, or 18 for 512 B .. 64 MiB without one).
 */
guint
ssdb_sweep_painter_n_rows (const SsdbSweepView *view);

/**
 * ssdb_sweep_painter_x_for_rate:
 * @bytes_per_second: a rate, B/s
 *
 * Returns: its x, logical pixels (not clamped).
 */
double
ssdb_sweep_painter_x_for_rate (const SsdbSweepView *view, int width, int height,
                               double bytes_per_second);

/**
 * ssdb_sweep_painter_get_bar_rect:
 * @row: a row (size index)
 * @rw: %SSDB_RW_WRITE (upper bar) or %SSDB_RW_READ (lower bar)
 * @rect: (out): the bar as drawn: its left edge at 0 B/s, its right edge at the measured rate
 *   (width 0 when nothing was measured)
 *
 * Returns: %FALSE for a row out of range.
 */
gboolean
ssdb_sweep_painter_get_bar_rect (const SsdbSweepView *view, int width, int height, guint row,
                                 SsdbRw rw, cairo_rectangle_t *rect);

/**
 * ssdb_sweep_painter_get_rate_axis:
 * @axis: (out caller-allocates): the rate axis as drawn
 */
void
ssdb_sweep_painter_get_rate_axis (const SsdbSweepView *view, int width, int height, SsdbAxis *axis);

/**
 * ssdb_sweep_painter_dup_cell_text:
 * @row: a row
 * @rw: write or read
 * @iops: the IOPS column instead of the MB/s column
 * @locale_numbers: as SsdbStyle.locale_numbers
 *
 * Returns: (transfer full): the table's text for the cell ("2150.3", "12345", or "—" when not
 *   measured or not finite).
 */
char *
ssdb_sweep_painter_dup_cell_text (const SsdbSweepView *view, guint row, SsdbRw rw, gboolean iops,
                                  gboolean locale_numbers);

/**
 * ssdb_render_sweep_png:
 * @view: what to draw
 * @style: colours
 * @path: PNG file to write (replaced atomically)
 * @width: logical width
 * @height: logical height
 * @scale: 1 or 2 (HiDPI); any value in (0, 8]
 *
 * Returns: %TRUE, or %FALSE with @error as ssdb_chart_write_png().
 */
gboolean
ssdb_render_sweep_png (const SsdbSweepView *view, const SsdbStyle *style, const char *path,
                       int width, int height, double scale, GError **error);

G_END_DECLS
