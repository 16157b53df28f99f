/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "engine/ssdb-consistency.h"
#include "engine/ssdb-recovery.h"

G_BEGIN_DECLS

/**
 * SsdbRecoveryView:
 * @result: (nullable): the idle-recovery run (may be partial); %NULL draws empty axes
 * @target_title: (nullable): header line
 * @target_subtitle: (nullable): settings line
 * @caption: (nullable): footer for exported images
 * @show_threshold: draw the rate between fast and slow as a dashed line
 * @running: a run is in progress
 *
 * What the recovery painter draws. Initialize with ssdb_recovery_view_init().
 */
typedef struct
{
  const SsdbRecoveryResult *result;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  gboolean show_threshold;
  gboolean running;
} SsdbRecoveryView;

/** ssdb_recovery_view_init: zeroes @view; the threshold is shown. */
void
ssdb_recovery_view_init (SsdbRecoveryView *view);

/**
 * ssdb_recovery_painter_draw:
 * @view: what to draw
 * @style: colours and fonts
 * @cr: cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws idle recovery: x = GB written in each write (0 to the write size), y = MB/s (GB/s from
 * 2000 MB/s) up to at most twice the first write's fast rate (higher bursts are clipped); one
 * stepped curve per write from the per-segment rates, merged into at most 48 steps (bytes over
 * summed times, so bursts of completions do not draw spikes), the first write then one per pause,
 * labelled with the pause and the share of fast writes that came back; a tick on each curve where
 * its fast part ends, the threshold between fast and slow dashed, and the analysis in words under
 * the chart.
 */
void
ssdb_recovery_painter_draw (const SsdbRecoveryView *view, const SsdbStyle *style, cairo_t *cr,
                            int width, int height);

/**
 * ssdb_recovery_write_color:
 * @style: a style
 * @index: 0 for the first write, 1 for the write after the first pause, ...
 *
 * Returns: the colour of that write's curve.
 */
SsdbRgba
ssdb_recovery_write_color (const SsdbStyle *style, guint index);

/**
 * ssdb_render_recovery_png:
 * @path: PNG file to write (replaced atomically)
 * @scale: (0, 8]
 *
 * Returns: %TRUE, or %FALSE with @error as ssdb_chart_write_png().
 */
gboolean
ssdb_render_recovery_png (const SsdbRecoveryView *view, const SsdbStyle *style, const char *path,
                          int width, int height, double scale, GError **error);

/**
 * SsdbConsistencyView:
 * @result: (nullable): the consistency run (may be partial)
 * @target_title: (nullable): header line
 * @target_subtitle: (nullable): settings line
 * @caption: (nullable): footer for exported images
 * @show_steady_window: shade the SNIA PTS window where steady state was reached
 * @show_tail: draw the mean of the last part of the run over that part
 * @running: a run is in progress
 *
 * What the consistency painter draws. Initialize with ssdb_consistency_view_init().
 */
typedef struct
{
  const SsdbConsistencyResult *result;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  gboolean show_steady_window;
  gboolean show_tail;
  gboolean running;
} SsdbConsistencyView;

/** ssdb_consistency_view_init: zeroes @view; window and tail shown. */
void
ssdb_consistency_view_init (SsdbConsistencyView *view);

/**
 * ssdb_consistency_painter_draw:
 * @view: what to draw
 * @style: colours and fonts
 * @cr: cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws performance consistency as reviewers publish it: x = time in s (0 to the run's
 * planned length; to the last round of a stopped run), y = IOPS (from 0, k IOPS from 10 000);
 * one dot per round at its end time, the SNIA PTS steady-state window shaded and labelled with
 * the round it was reached at, the mean of the last part as a dashed line over that part with
 * its value in the axis' unit ("Mean 255.1k IOPS"), labels kept inside the plot, and the
 * analysis in words under the chart.
 */
void
ssdb_consistency_painter_draw (const SsdbConsistencyView *view, const SsdbStyle *style, cairo_t *cr,
                               int width, int height);

/**
 * ssdb_consistency_painter_get_plot_rect:
 * @rect: (out): the plot area, logical pixels: left edge 0 s, bottom 0 IOPS; the time axis
 *   runs to 1.02 x the run's length (room for the last dot): the planned length while running
 *   or when finished, the last measured round's time for a stopped (cancelled) run
 */
void
ssdb_consistency_painter_get_plot_rect (const SsdbConsistencyView *view, int width, int height,
                                        cairo_rectangle_t *rect);

/**
 * ssdb_consistency_painter_get_window_rect:
 * @rect: (out): the shaded steady-state window, logical pixels (the plot's height)
 *
 * Returns: %FALSE when steady state was not reached or the window is not shown.
 */
gboolean
ssdb_consistency_painter_get_window_rect (const SsdbConsistencyView *view, int width, int height,
                                          cairo_rectangle_t *rect);

/**
 * ssdb_render_consistency_png:
 * @path: PNG file to write (replaced atomically)
 * @scale: (0, 8]
 *
 * Returns: %TRUE, or %FALSE with @error as ssdb_chart_write_png().
 */
gboolean
ssdb_render_consistency_png (const SsdbConsistencyView *view, const SsdbStyle *style,
                             const char *path, int width, int height, double scale, GError **error);

G_END_DECLS
