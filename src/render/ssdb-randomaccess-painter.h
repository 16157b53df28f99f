/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "engine/ssdb-randomaccess.h"

G_BEGIN_DECLS

/**
 * SsdbRandomAccessColumn:
 * @SSDB_RANDOM_ACCESS_COLUMN_SIZE: the transfer size ("4 KiB", "Random")
 * @SSDB_RANDOM_ACCESS_COLUMN_IOPS: requests per second
 * @SSDB_RANDOM_ACCESS_COLUMN_MEAN: mean access time, ms
 * @SSDB_RANDOM_ACCESS_COLUMN_MAX: slowest request, ms
 * @SSDB_RANDOM_ACCESS_COLUMN_RATE: MB/s (10^6 B/s)
 *
 * The columns of the random-access table, left to right (HD Tune Pro's).
 */
typedef enum
{
  SSDB_RANDOM_ACCESS_COLUMN_SIZE,
  SSDB_RANDOM_ACCESS_COLUMN_IOPS,
  SSDB_RANDOM_ACCESS_COLUMN_MEAN,
  SSDB_RANDOM_ACCESS_COLUMN_MAX,
  SSDB_RANDOM_ACCESS_COLUMN_RATE,
  SSDB_RANDOM_ACCESS_N_COLUMNS,
} SsdbRandomAccessColumn;

/**
 * SsdbRandomAccessView:
 * @result: (nullable): the table (may be partial while it runs); %NULL draws the empty read
 *   rows of the default sizes
 * @target_title: (nullable): header line ("/dev/nvme0n1 · 1 TB · Samsung 990 PRO")
 * @target_subtitle: (nullable): settings line ("Random reads over 1 TB · QD1 · 3 s per row")
 * @caption: (nullable): footer for exported images (tool version, date)
 * @device_bytes: the target's size, bytes: the position axis of a result whose span is not
 *   resolved yet (0: 1 GB)
 * @block_size: the target's logical block size, bytes: the label of a size of 0 (not resolved
 *   yet); 0 reads "512 B"
 * @running: a run is in progress
 * @running_fraction: 0..1 of the whole run
 *
 * What the random-access painter draws. Initialize with ssdb_random_access_view_init().
 */
typedef struct
{
  const SsdbRandomAccessResult *result;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  guint64 device_bytes;
  guint block_size;
  gboolean running;
  double running_fraction;
} SsdbRandomAccessView;

/** ssdb_random_access_view_init: zeroes @view. */
void
ssdb_random_access_view_init (SsdbRandomAccessView *view);

/**
 * ssdb_random_access_painter_draw:
 * @view: what to draw
 * @style: colours and fonts
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws HD Tune Pro's "Random Access" tab: a scatter of every row's sampled requests, access
 * time (ms, from 0, its top ssdb_chart_robust_top() of all dots, so one slow request does not
 * flatten the rest; dots above it sit on the top edge, counted in a note) against position
 * (GB over the span), one colour per transfer size (ssdb_random_access_painter_size_color()),
 * reads as round dots and writes as squares; a legend by size; and the table (transfer size,
 * IOPS, mean and max access time, MB/s; the read rows, then the write rows) at the right of the
 * chart when the width leaves the chart room, else under it (the write rows beside the read
 * rows when both fit); the drive's temperature in a strip under the chart when the run recorded
 * it (ssdb_chart_draw_temperature()). Rows not measured print "—". The
 * same input gives the same pixels at any scale.
 */
void
ssdb_random_access_painter_draw (const SsdbRandomAccessView *view, const SsdbStyle *style,
                                 cairo_t *cr, int width, int height);

/**
 * ssdb_random_access_painter_get_plot_rect:
 * @rect: (out): the scatter's area, logical pixels: left edge the span's first byte, right edge
 *   its end, bottom edge 0 ms, top edge the time axis' top
 */
void
ssdb_random_access_painter_get_plot_rect (const SsdbRandomAccessView *view, int width, int height,
                                          cairo_rectangle_t *rect);

/**
 * ssdb_random_access_painter_get_table_rect:
 * @rect: (out): the table with its header row, logical pixels
 *
 * Returns: %TRUE when the table is at the right of the chart, %FALSE when under it.
 */
gboolean
ssdb_random_access_painter_get_table_rect (const SsdbRandomAccessView *view, int width, int height,
                                           cairo_rectangle_t *rect);

/**
 * ssdb_random_access_painter_get_time_axis:
 * @axis: (out caller-allocates): the access-time axis as drawn (ms: divisor 1e6, unit "ms")
 * @n_over: (out) (optional): how many dots lie above its top
 */
void
ssdb_random_access_painter_get_time_axis (const SsdbRandomAccessView *view, int width, int height,
                                          SsdbAxis *axis, guint *n_over);

/**
 * ssdb_random_access_painter_get_position_axis:
 * @axis: (out caller-allocates): the position axis as drawn (GB: divisor 1e9, unit "GB")
 */
void
ssdb_random_access_painter_get_position_axis (const SsdbRandomAccessView *view, int width,
                                              int height, SsdbAxis *axis);

/**
 * ssdb_random_access_painter_dot_point:
 * @offset: a request's first byte, bytes
 * @latency_ns: its access time, ns
 * @x: (out): logical x
 * @y: (out): logical y (above the plot for a time above the axis' top, before it is moved to
 *   the top edge)
 */
void
ssdb_random_access_painter_dot_point (const SsdbRandomAccessView *view, int width, int height,
                                      guint64 offset, guint64 latency_ns, double *x, double *y);

/**
 * ssdb_random_access_painter_size_color:
 * @style: the style
 * @index: a transfer size's colour index (ssdb_random_access_painter_size_index()), or -1 for
 *   the "Random" mix
 *
 * Returns: the colour of its dots, legend and table swatch: the Okabe-Ito palette (blue,
 *   vermillion, bluish green, orange, sky blue, …; reddish purple for the mix), lightened on
 *   the dark theme.
 */
SsdbRgba
ssdb_random_access_painter_size_color (const SsdbStyle *style, int index);

/**
 * ssdb_random_access_painter_size_index:
 * @result: a result
 * @row: a row of @result->rows
 *
 * Returns: the row's colour index for ssdb_random_access_painter_size_color(), the same for a
 *   size in every run: 0 for the logical block (a size up to 2 KiB), 1 for 4 KiB, 2 for 64 KiB,
 *   3 for 1 MiB, 4 and on for other sizes in their order; -1 for the mix (and for a row out of
 *   range).
 */
int
ssdb_random_access_painter_size_index (const SsdbRandomAccessResult *result, guint row);

/**
 * ssdb_random_access_painter_row_label:
 * @row: a row
 * @block_size: the target's logical block size for a size of 0 (0: 512)
 *
 * Returns: (transfer full): "512 B", "4 KiB", "1 MiB", or "Random" for the mix.
 */
char *
ssdb_random_access_painter_row_label (const SsdbRandomAccessRow *row, guint block_size);

/**
 * ssdb_random_access_painter_dup_cell_text:
 * @row: a row of the result (an index in its rows)
 * @column: a column
 * @locale_numbers: as SsdbStyle.locale_numbers
 *
 * Returns: (transfer full): the table's text of the cell: "12345" IOPS, "0.0812 ms", "48.3"
 *   MB/s; "—" for a row not measured (pending, or without a completed request), "failed" or
 *   "stopped" in the IOPS column of a row that ended so before its first request.
 */
char *
ssdb_random_access_painter_dup_cell_text (const SsdbRandomAccessView *view, guint row,
                                          SsdbRandomAccessColumn column, gboolean locale_numbers);

/**
 * ssdb_render_random_access_png:
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
ssdb_render_random_access_png (const SsdbRandomAccessView *view, const SsdbStyle *style,
                               const char *path, int width, int height, double scale,
                               GError **error);

G_END_DECLS
