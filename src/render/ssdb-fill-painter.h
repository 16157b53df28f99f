/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "ssdb-decimate.h"
#include "engine/ssdb-fill.h"

G_BEGIN_DECLS

/**
 * SsdbFillView:
 * @result: (nullable): the fill (may be partial while it runs); %NULL draws empty axes
 * @target_title: (nullable): header line
 * @target_subtitle: (nullable): settings line ("2 passes · 1 MiB blocks · QD4 · 1 GiB segments")
 * @caption: (nullable): footer for exported images (tool version, date)
 * @show_intervals: also draw the per-0.5 s rates, faint, behind the per-segment curves
 * @show_phases: shade the phases of the analysis and mark the cache size
 * @running: a run is in progress
 * @running_fraction: 0..1 of the whole test
 * @cache: (nullable): where a widget keeps curves denser than the plot's pixel columns, reduced
 *   to their per-column min-max band and mean (ssdb-decimate.h), between frames; clear it
 *   whenever @result changes
 *
 * What the fill painter draws. Initialize with ssdb_fill_view_init().
 */
typedef struct
{
  const SsdbFillResult *result;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  gboolean show_intervals;
  gboolean show_phases;
  gboolean running;
  double running_fraction;
  SsdbPlotCache *cache;
} SsdbFillView;

/** ssdb_fill_view_init: zeroes @view; phases shown, intervals hidden. */
void
ssdb_fill_view_init (SsdbFillView *view);

/**
 * ssdb_fill_painter_draw:
 * @view: what to draw
 * @style: colours and fonts (the summary painter's themes)
 * @cr: cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws the whole-drive fill: x = GB written (0 to the span), y = MB/s (GB/s from 2000 MB/s);
 * one stepped curve per write pass and the read-back from the per-segment rates (the per-0.5 s
 * rates faint behind them on request), the phases of the analysis as shaded bands each labelled
 * with its mean rate, the cache size as a dashed line, and the analysis in words as a caption
 * under the chart. A curve with more points than the plot has device-pixel columns is drawn as
 * its per-column min-max band with the mean line.
 */
void
ssdb_fill_painter_draw (const SsdbFillView *view, const SsdbStyle *style, cairo_t *cr, int width,
                        int height);

/**
 * ssdb_fill_painter_get_plot_rect:
 * @rect: (out): the plot area in logical pixels: left edge 0 bytes written, right edge the span,
 *   bottom 0 B/s
 */
void
ssdb_fill_painter_get_plot_rect (const SsdbFillView *view, int width, int height,
                                 cairo_rectangle_t *rect);

/**
 * ssdb_fill_painter_x_for_bytes:
 * @bytes: bytes written from the span's start
 *
 * Returns: the x of @bytes, logical pixels.
 */
double
ssdb_fill_painter_x_for_bytes (const SsdbFillView *view, int width, int height, double bytes);

/**
 * ssdb_fill_painter_y_for_rate:
 * @bytes_per_second: a rate, B/s
 *
 * Returns: its y, logical pixels.
 */
double
ssdb_fill_painter_y_for_rate (const SsdbFillView *view, int width, int height,
                              double bytes_per_second);

/**
 * ssdb_fill_painter_y_for_pass_rate:
 * @rw: the pass's direction: %SSDB_RW_READ for the read-back, which has an axis of its own (on
 *   the right, in its colour) when it reaches more than twice the fastest write
 * @bytes_per_second: a rate, B/s
 *
 * Returns: the y of @bytes_per_second on the axis of passes of @rw, logical pixels.
 */
double
ssdb_fill_painter_y_for_pass_rate (const SsdbFillView *view, int width, int height, SsdbRw rw,
                                   double bytes_per_second);

/**
 * ssdb_fill_painter_get_phase_rect:
 * @index: phase index in the analysis
 * @rect: (out): the shaded band of that phase, logical pixels (the plot's height)
 *
 * Returns: %FALSE when there is no such phase or phases are not shown.
 */
gboolean
ssdb_fill_painter_get_phase_rect (const SsdbFillView *view, int width, int height, guint index,
                                  cairo_rectangle_t *rect);

/**
 * ssdb_fill_pass_color:
 * @style: a style
 * @rw: the pass's kind
 * @write_index: 0 for the first write pass, 1 for the second...
 *
 * Returns: the colour a pass is drawn in: the read-back in the read colour, the first write pass
 *   in the write colour, later passes in the style's third colour and blends.
 */
SsdbRgba
ssdb_fill_pass_color (const SsdbStyle *style, SsdbRw rw, guint write_index);

/**
 * ssdb_render_fill_png:
 * @view: what to draw
 * @style: colours
 * @path: PNG file to write (replaced atomically)
 * @width: logical width
 * @height: logical height
 * @scale: (0, 8]
 *
 * Returns: %TRUE, or %FALSE with @error as ssdb_render_summary_png().
 */
gboolean
ssdb_render_fill_png (const SsdbFillView *view, const SsdbStyle *style, const char *path, int width,
                      int height, double scale, GError **error);

G_END_DECLS
