/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "engine/ssdb-workload.h"

G_BEGIN_DECLS

/**
 * SsdbWorkloadMetric:
 * @SSDB_WORKLOAD_METRIC_IOPS: requests per second
 * @SSDB_WORKLOAD_METRIC_RATE: MB/s (10^6 B/s)
 */
typedef enum
{
  SSDB_WORKLOAD_METRIC_IOPS,
  SSDB_WORKLOAD_METRIC_RATE,
} SsdbWorkloadMetric;

/**
 * SsdbWorkloadView:
 * @result: (nullable): the workload (complete once the run ended); %NULL draws the empty panels
 * @target_title: (nullable): header line ("/dev/nvme0n1 · 1 TB · Samsung 990 PRO")
 * @target_subtitle: (nullable): settings line ("Database · 8 KiB · 67 % read · QD32 × 1")
 * @caption: (nullable): footer for exported images (tool version, date)
 * @running: a run is in progress
 * @running_fraction: 0..1 of the whole run
 *
 * What the workload painter draws. Initialize with ssdb_workload_view_init().
 */
typedef struct
{
  const SsdbWorkloadResult *result;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  gboolean running;
  double running_fraction;
} SsdbWorkloadView;

/** ssdb_workload_view_init: zeroes @view. */
void
ssdb_workload_view_init (SsdbWorkloadView *view);

/**
 * ssdb_workload_painter_n_rows:
 *
 * Returns: the rows drawn: one per worker and one for all workers together (only the latter
 *   with a single worker), then, for a result that keeps the reads and the writes apart
 *   (SsdbWorkloadResult.split) of a workload that both reads and writes, one for the reads and
 *   one for the writes of all workers; 1 without a result. A result that cycles its queue
 *   depth has one row per depth instead (all workers together), the depth of the most IOPS in
 *   bold.
 */
guint
ssdb_workload_painter_n_rows (const SsdbWorkloadView *view);

/**
 * ssdb_workload_painter_row_stats:
 * @row: a row (see ssdb_workload_painter_n_rows())
 * @storage: where the numbers of a reads or writes row are made
 *   (ssdb_workload_stats_direction())
 *
 * Returns: (nullable): the numbers of that row (the result's own, or @storage), or %NULL when
 *   out of range or not measured. For a cycle: the depth's SsdbWorkloadCycleStep.total, or
 *   while it runs the result's live total; %NULL for a depth not run.
 */
const SsdbWorkloadStats *
ssdb_workload_painter_row_stats (const SsdbWorkloadView *view, guint row,
                                 SsdbWorkloadStats *storage);

/**
 * ssdb_workload_painter_draw:
 * @view: what to draw
 * @style: colours and fonts (the summary painter's themes)
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws IOMeter's result table as a chart: one row per worker and one for all workers (bold),
 * an IOPS bar and a MB/s bar per row, each scaled to the largest of its column and labelled
 * with its value, and the latency of the row on a logarithmic time axis: a line from the
 * mean (round mark) through the 99th percentile (square mark) to the slowest request (cross),
 * labelled with the three values. The totals in words as a caption. The same input gives the
 * same pixels at any scale.
 */
void
ssdb_workload_painter_draw (const SsdbWorkloadView *view, const SsdbStyle *style, cairo_t *cr,
                            int width, int height);

/**
 * ssdb_workload_painter_get_bar_rect:
 * @row: a row
 * @metric: which column
 * @rect: (out): the bar as drawn: its left edge at 0, its width in proportion to the value
 *   (0 when not measured)
 *
 * Returns: %FALSE for a row out of range.
 */
gboolean
ssdb_workload_painter_get_bar_rect (const SsdbWorkloadView *view, int width, int height, guint row,
                                    SsdbWorkloadMetric metric, cairo_rectangle_t *rect);

/**
 * ssdb_workload_painter_get_distribution_rect:
 * @rect: (out): the plot of the response-time distribution, logical pixels
 *
 * The panel under the rows that shows how the response times of all workers are distributed:
 * the share of the requests (%, from 0 at the bottom to the axis' top) per twelfth of a decade
 * of time (log scale, whole decades around the fastest and the slowest request), with the mean
 * and the 99th percentile marked. It is drawn when the result has response times and the rows
 * leave it room (each row keeps at least 40 units of the chart's scale).
 *
 * When the result cycles its queue depth (SsdbWorkloadResult.cycle), the panel is the chart of
 * the cycle in its place (see ssdb_workload_painter_cycle_point()), drawn whenever there is a
 * result, over at least half the room under the heading.
 *
 * Returns: %FALSE when the chart of @view at this size has no such panel.
 */
gboolean
ssdb_workload_painter_get_distribution_rect (const SsdbWorkloadView *view, int width, int height,
                                             cairo_rectangle_t *rect);

/**
 * ssdb_workload_painter_cycle_point:
 * @step: an index into SsdbWorkloadResult.cycle
 * @x: (out): the centre of the depth's bar, logical pixels
 * @y_iops: (out): the top of its bar of IOPS (the plot's bottom for a depth not run); the left
 *   axis runs from 0 at the plot's bottom
 * @y_mean: (out): the y of its mean response time on the right axis (from 0 ms at the bottom)
 *
 * Where the chart of a cycle of queue depths draws one depth: a bar per depth, in the cycle's
 * order, in slots of equal width over the panel of
 * ssdb_workload_painter_get_distribution_rect().
 *
 * Returns: %FALSE when the result does not cycle, @step is out of range, or the chart has no
 *   such panel at this size.
 */
gboolean
ssdb_workload_painter_cycle_point (const SsdbWorkloadView *view, int width, int height, guint step,
                                   double *x, double *y_iops, double *y_mean);

/**
 * ssdb_workload_painter_distribution_point:
 * @latency_ns: a response time, ns
 * @share_percent: a share of the requests, %
 * @x: (out): the x of @latency_ns on the distribution's time axis, logical pixels
 * @y: (out): the y of @share_percent on its share axis, logical pixels
 *
 * Returns: %FALSE when there is no distribution panel (see
 *   ssdb_workload_painter_get_distribution_rect()) or the panel is the chart of a cycle.
 */
gboolean
ssdb_workload_painter_distribution_point (const SsdbWorkloadView *view, int width, int height,
                                          double latency_ns, double share_percent, double *x,
                                          double *y);

/**
 * ssdb_workload_painter_x_for_latency:
 * @latency_ns: a time, ns
 *
 * Returns: its x on the latency axis, logical pixels (not clamped).
 */
double
ssdb_workload_painter_x_for_latency (const SsdbWorkloadView *view, int width, int height,
                                     double latency_ns);

/**
 * ssdb_workload_painter_dup_words:
 * @locale_numbers: as SsdbStyle.locale_numbers
 *
 * Returns: (transfer full) (nullable): the totals in words ("All workers: 12345 IOPS,
 *   101.1 MB/s; latency mean 0.123 ms (reads 0.120 ms, writes 0.129 ms), p99 0.456 ms, max
 *   2.10 ms; 67 % reads"; the reads' and writes' means when the result keeps them apart and the
 *   workload does both), %NULL without a measured result.
 */
char *
ssdb_workload_painter_dup_words (const SsdbWorkloadView *view, gboolean locale_numbers);

/**
 * ssdb_render_workload_png:
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
ssdb_render_workload_png (const SsdbWorkloadView *view, const SsdbStyle *style, const char *path,
                          int width, int height, double scale, GError **error);

G_END_DECLS
