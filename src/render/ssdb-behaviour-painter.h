/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "engine/ssdb-compression.h"
#include "engine/ssdb-freespace.h"
#include "engine/ssdb-readback.h"
#include "engine/ssdb-trim.h"

G_BEGIN_DECLS

/**
 * SsdbBehaviourChart:
 * @SSDB_BEHAVIOUR_COMPRESSION: write and read bars per data level (random, 25..100 %
 *   compressible, zeros); with a step other than 25 % (AS SSD's 10 %), a write line and a
 *   read line over 0..100 % compressible, the zeros' rates beside the legend
 * @SSDB_BEHAVIOUR_TRIM: before and after bars per summary test, the retention above each pair
 * @SSDB_BEHAVIOUR_FREESPACE: one line per summary test, rate against % of the span used
 * @SSDB_BEHAVIOUR_READBACK: write and read bars of pass 1 and pass 2 of a read-after-write test
 */
typedef enum
{
  SSDB_BEHAVIOUR_COMPRESSION,
  SSDB_BEHAVIOUR_TRIM,
  SSDB_BEHAVIOUR_FREESPACE,
  SSDB_BEHAVIOUR_READBACK,
} SsdbBehaviourChart;

/**
 * SsdbBehaviourView:
 * @chart: which chart
 * @compression: (nullable): the compression test, for %SSDB_BEHAVIOUR_COMPRESSION
 * @trim: (nullable): the TRIM test, for %SSDB_BEHAVIOUR_TRIM
 * @freespace: (nullable): the free-space test, for %SSDB_BEHAVIOUR_FREESPACE
 * @target_title: (nullable): header line ("/dev/zram0 · 268 MB · zram")
 * @target_subtitle: (nullable): settings line
 * @caption: (nullable): footer for exported images
 * @readback: (nullable): the read-after-write test, for %SSDB_BEHAVIOUR_READBACK
 *
 * What the behaviour painter draws; a %NULL result draws the empty chart. Initialize with
 * ssdb_behaviour_view_init().
 */
typedef struct
{
  SsdbBehaviourChart chart;
  const SsdbCompressionResult *compression;
  const SsdbTrimResult *trim;
  const SsdbFreespaceResult *freespace;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  const SsdbReadbackResult *readback;
} SsdbBehaviourView;

/** ssdb_behaviour_view_init: zeroes @view and sets @chart. */
void
ssdb_behaviour_view_init (SsdbBehaviourView *view, SsdbBehaviourChart chart);

/**
 * ssdb_behaviour_painter_draw:
 * @view: what to draw
 * @style: colours and fonts
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws the chart: a rate axis from 0 at the left (MB/s, or GB/s from 2000 MB/s), a legend,
 * the groups of bars (compression, TRIM) with their values, or the lines (free space,
 * compression in steps other than 25 %) over an axis of 0..100 % (used, or compressible), and
 * the finding in words below. Rates that are not finite or not
 * positive draw nothing. The same input gives the same pixels at any scale.
 */
void
ssdb_behaviour_painter_draw (const SsdbBehaviourView *view, const SsdbStyle *style, cairo_t *cr,
                             int width, int height);

/**
 * ssdb_behaviour_painter_get_plot_rect:
 * @rect: (out): the plot area, logical pixels: bottom edge 0 B/s, top edge the axis' top
 */
void
ssdb_behaviour_painter_get_plot_rect (const SsdbBehaviourView *view, int width, int height,
                                      cairo_rectangle_t *rect);

/**
 * ssdb_behaviour_painter_get_rate_axis:
 * @axis: (out caller-allocates): the rate axis as drawn
 */
void
ssdb_behaviour_painter_get_rate_axis (const SsdbBehaviourView *view, int width, int height,
                                      SsdbAxis *axis);

/**
 * ssdb_behaviour_painter_get_bar_rect:
 * @group: a level (compression), a test (TRIM) or a pass (read-after-write, 0 for pass 1), in
 *   the result's order
 * @series: 0 for write (compression, read-after-write) or before (TRIM), 1 for read or after
 * @rect: (out): the bar as drawn: its bottom at 0 B/s, its top at the rate (height 0 when not
 *   measured)
 *
 * Returns: %FALSE for a chart without bars or a group out of range.
 */
gboolean
ssdb_behaviour_painter_get_bar_rect (const SsdbBehaviourView *view, int width, int height,
                                     guint group, guint series, cairo_rectangle_t *rect);

/**
 * ssdb_behaviour_painter_get_point:
 * @line: a test (index in the steps' rates); compression: 0 write, 1 read
 * @step: index in SsdbFreespaceResult.steps; compression: the level's index in the result's
 *   points (zeros, off the 0..100 % axis, have no point)
 * @x: (out): logical x
 * @y: (out): logical y
 *
 * Returns: %FALSE for a chart without lines, or no such point.
 */
gboolean
ssdb_behaviour_painter_get_point (const SsdbBehaviourView *view, int width, int height, guint line,
                                  guint step, double *x, double *y);

/**
 * ssdb_render_behaviour_png:
 * @scale: 1 or 2 (HiDPI); any value in (0, 8]
 *
 * Returns: %TRUE, or %FALSE with @error as ssdb_chart_write_png().
 */
gboolean
ssdb_render_behaviour_png (const SsdbBehaviourView *view, const SsdbStyle *style, const char *path,
                           int width, int height, double scale, GError **error);

G_END_DECLS
