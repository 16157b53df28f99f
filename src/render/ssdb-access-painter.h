/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "engine/ssdb-access.h"

G_BEGIN_DECLS

/**
 * SsdbAccessChart:
 * @SSDB_ACCESS_CHART_HEATMAP: one column per step, access time up (log), colour = share
 * @SSDB_ACCESS_CHART_RELIEF: one histogram per step as a filled curve, stacked in perspective
 *   (Ipeak's look)
 */
typedef enum
{
  SSDB_ACCESS_CHART_HEATMAP,
  SSDB_ACCESS_CHART_RELIEF,
} SsdbAccessChart;

/* Bin index of the "faster than 10 µs" row and of the "10 s or more" row of the heatmap. */
#define SSDB_ACCESS_BIN_BELOW (-1)
#define SSDB_ACCESS_BIN_ABOVE SSDB_ACCESS_N_BINS

/**
 * SsdbAccessView:
 * @result: (nullable): the distribution (may be partial while it runs); %NULL draws empty axes
 * @chart: heatmap or relief
 * @target_title: (nullable): header line ("/dev/nvme0n1 · 1 TB · Samsung 990 PRO")
 * @target_subtitle: (nullable): settings line ("4 KiB random reads · 3 s per step")
 * @caption: (nullable): footer for exported images (tool version, date)
 * @running: a run is in progress
 * @running_fraction: 0..1 of the whole run
 * @hover_step: heatmap column under the pointer, or -1
 * @hover_bin: its row (%SSDB_ACCESS_BIN_BELOW .. %SSDB_ACCESS_BIN_ABOVE)
 *
 * What the access-time painter draws. Initialize with ssdb_access_view_init().
 */
typedef struct
{
  const SsdbAccessResult *result;
  SsdbAccessChart chart;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  gboolean running;
  double running_fraction;
  int hover_step;
  int hover_bin;
} SsdbAccessView;

/** ssdb_access_view_init: zeroes @view (heatmap) and sets @hover_step to -1. */
void
ssdb_access_view_init (SsdbAccessView *view);

/**
 * ssdb_access_ramp:
 * @t: position on the ramp, 0..1 (clamped; NaN is 0)
 *
 * The heatmap's colour ramp: viridis (perceptually uniform, readable by colour-blind readers
 * and in greyscale), interpolated in sRGB between its eleven tenth stops, from dark purple
 * #440154 at 0 to yellow #fde725 at 1.
 *
 * Returns: the opaque colour.
 */
SsdbRgba
ssdb_access_ramp (double t);

/**
 * ssdb_access_ramp_position:
 * @share: a share of a step's requests, 0..1
 *
 * Where a share sits on the ramp: logarithmic from 0.001 % (position 0) to 100 % (position 1),
 * five decades, so the rare slow requests of the tail stay visible. An empty bin (share 0 or
 * not finite) is position 0.
 *
 * Returns: the position, 0..1.
 */
double
ssdb_access_ramp_position (double share);

/**
 * ssdb_access_step_label:
 * @mode: queue depths or threads
 * @depth: the step's depth
 *
 * Returns: (transfer full): "QD32", or "T4" in thread mode.
 */
char *
ssdb_access_step_label (SsdbAccessMode mode, guint depth);

/**
 * ssdb_access_painter_draw:
 * @view: what to draw
 * @style: colours and fonts (the summary painter's themes)
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Heatmap: x = the steps (one column each, "QD1".."QD32" or "T1".."T16"), y = access time on a
 * log scale from 10 µs to 10 s (decade labels), with a row for faster and one for slower
 * requests when there are any; each cell's colour is the share of that step's requests in the
 * bin (ssdb_access_ramp() at ssdb_access_ramp_position()), with a colour legend; the mean
 * (solid, round marks) and the 99th percentile (dashed, square marks) per step as lines; IOPS
 * under each column; the analysis in words as a caption.
 *
 * Relief: each step's histogram as a filled curve over log access time, height = share, the
 * first step in front and each later one offset up and to the right, front steps drawn last.
 *
 * The same input gives the same pixels at any scale.
 */
void
ssdb_access_painter_draw (const SsdbAccessView *view, const SsdbStyle *style, cairo_t *cr,
                          int width, int height);

/**
 * ssdb_access_painter_get_plot_rect:
 * @view: what is drawn
 * @width: logical width
 * @height: logical height
 * @rect: (out): heatmap: the area of the 10 µs .. 10 s bins (bottom edge 10 µs, top edge
 *   10 s, left edge the first column's left, right edge the last column's right); relief: the
 *   front plane (bottom = share 0, left = the lowest access time shown)
 */
void
ssdb_access_painter_get_plot_rect (const SsdbAccessView *view, int width, int height,
                                   cairo_rectangle_t *rect);

/**
 * ssdb_access_painter_n_columns:
 *
 * Returns: the number of steps drawn (the result's steps, or the default depths without one).
 */
guint
ssdb_access_painter_n_columns (const SsdbAccessView *view);

/**
 * ssdb_access_painter_x_for_step:
 * @step: a step index
 *
 * Returns: the heatmap x of the centre of column @step, logical pixels.
 */
double
ssdb_access_painter_x_for_step (const SsdbAccessView *view, int width, int height, guint step);

/**
 * ssdb_access_painter_y_for_latency:
 * @latency_ns: an access time, ns (10^4 .. 10^10 maps onto the plot rect; beyond, outside it)
 *
 * Returns: the heatmap y of @latency_ns, logical pixels.
 */
double
ssdb_access_painter_y_for_latency (const SsdbAccessView *view, int width, int height,
                                   double latency_ns);

/**
 * ssdb_access_painter_get_cell_rect:
 * @step: a step index
 * @bin: a display bin, or %SSDB_ACCESS_BIN_BELOW / %SSDB_ACCESS_BIN_ABOVE for the rows of
 *   faster and slower requests
 * @rect: (out): the heatmap cell, logical pixels
 *
 * Returns: %FALSE when there is no such cell (out of range, or an outer row not drawn because
 *   no step has requests there).
 */
gboolean
ssdb_access_painter_get_cell_rect (const SsdbAccessView *view, int width, int height, guint step,
                                   int bin, cairo_rectangle_t *rect);

/**
 * ssdb_access_painter_get_legend_rect:
 * @rect: (out): the heatmap's colour bar: bottom edge the ramp's position 0, top edge 1
 */
void
ssdb_access_painter_get_legend_rect (const SsdbAccessView *view, int width, int height,
                                     cairo_rectangle_t *rect);

/**
 * ssdb_access_painter_relief_point:
 * @step: a step index
 * @latency_ns: an access time, ns
 * @share: a share of the step's requests, 0..1
 * @x: (out): logical x
 * @y: (out): logical y
 *
 * Where the relief chart puts (@latency_ns, @share) of step @step: on its own plane, shifted
 * up and right by the step's place in the stack.
 *
 * Returns: %FALSE when @step is out of range.
 */
gboolean
ssdb_access_painter_relief_point (const SsdbAccessView *view, int width, int height, guint step,
                                  double latency_ns, double share, double *x, double *y);

/**
 * ssdb_access_painter_relief_color:
 * @step: a step index
 * @n_steps: the number of steps
 *
 * Returns: the fill colour of a step's curve in the relief chart (the ramp, spread over the
 *   steps).
 */
SsdbRgba
ssdb_access_painter_relief_color (guint step, guint n_steps);

/**
 * ssdb_access_painter_cell_at:
 * @x: logical x
 * @y: logical y
 * @step: (out) (optional): the column
 * @bin: (out) (optional): the row
 *
 * The heatmap cell under (@x, @y), for hover and tooltips.
 *
 * Returns: %TRUE when (@x, @y) is on a cell.
 */
gboolean
ssdb_access_painter_cell_at (const SsdbAccessView *view, int width, int height, double x, double y,
                             guint *step, int *bin);

/**
 * ssdb_access_painter_dup_hover_text:
 * @step: a step index
 * @bin: a row
 * @locale_numbers: as SsdbStyle.locale_numbers
 *
 * Returns: (transfer full) (nullable): "QD4 · 100 µs – 126 µs\n12.3 % of reads (4567)\nmean
 *   0.123 ms · p99 0.456 ms", or %NULL for no such cell or a step not measured.
 */
char *
ssdb_access_painter_dup_hover_text (const SsdbAccessView *view, guint step, int bin,
                                    gboolean locale_numbers);

/**
 * ssdb_render_access_png:
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
ssdb_render_access_png (const SsdbAccessView *view, const SsdbStyle *style, const char *path,
                        int width, int height, double scale, GError **error);

G_END_DECLS
