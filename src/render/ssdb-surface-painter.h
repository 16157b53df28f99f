/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "ssdb-chart.h"
#include "ssdb-decimate.h"
#include "engine/ssdb-surface.h"

G_BEGIN_DECLS

/**
 * SsdbSurfaceView:
 * @result: (nullable): the surface (may be partial while it runs); %NULL draws empty axes
 * @target_title: (nullable): header line ("/dev/nvme0n1 · 1 TB · Samsung 990 PRO")
 * @target_subtitle: (nullable): settings line ("200 samples × 64 MiB · 1 MiB blocks · QD1")
 * @caption: (nullable): footer for exported images (tool version, date)
 * @device_bytes: size of the device, for the % labels (0: the end of the span)
 * @running: a run is in progress (the panel shows its phase)
 * @running_phase: (nullable): "read", "access", "burst" or "write"
 * @running_fraction: 0..1 of the whole test
 * @wall_ns: wall-clock time of the run, for the CPU usage (0: the sum of the measured I/O time)
 * @hover_index: sample under the pointer, or -1
 * @hover_rw: which curve @hover_index is in (%SSDB_RW_READ or %SSDB_RW_WRITE)
 * @cache: (nullable): where a widget keeps the dense curves reduced to pixel columns between
 *   frames; clear it (ssdb_plot_cache_clear()) whenever @result changes
 * @rate_axis_floor: the rate axis reaches at least this, bytes per second (a window's axis
 *   with headroom while a run streams samples, ssdb_surface_painter_get_headroom()); 0: it
 *   reaches the fastest sample, as in every export
 * @latency_axis_floor: the access-time axis reaches at least this, ns; 0: as the dots need
 *
 * What the surface painter draws. Initialize with ssdb_surface_view_init().
 */
typedef struct
{
  const SsdbSurfaceResult *result;
  const char *target_title;
  const char *target_subtitle;
  const char *caption;
  guint64 device_bytes;
  gboolean running;
  const char *running_phase;
  double running_fraction;
  guint64 wall_ns;
  int hover_index;
  SsdbRw hover_rw;
  SsdbPlotCache *cache;
  double rate_axis_floor;
  double latency_axis_floor;
} SsdbSurfaceView;

/** ssdb_surface_view_init: zeroes @view and sets @hover_index to -1. */
void
ssdb_surface_view_init (SsdbSurfaceView *view);

/**
 * ssdb_surface_sample_position:
 * @result: a surface result
 * @sample: one of its samples
 *
 * Where a sample is plotted, in bytes from the start of the device: samples are spread evenly
 * from the span's start to its end, so a sample starting at offset o (of b bytes, in a span of
 * L bytes from s) is drawn at s + (o − s) × L / (L − b): the first at the span's start, the last
 * exactly at its end. Double precision: exact to a byte for any device size.
 *
 * Returns: the position, bytes.
 */
double
ssdb_surface_sample_position (const SsdbSurfaceResult *result, const SsdbSurfaceSample *sample);

/**
 * ssdb_surface_painter_draw:
 * @view: what to draw
 * @style: colours and fonts (the summary painter's themes)
 * @cr: a cairo context, user space in logical pixels
 * @width: logical width
 * @height: logical height
 *
 * Draws the HD Tune-like surface chart: x = position on the device (GB below, % of the device
 * above), left y = transfer rate (MB/s, or GB/s from 2000 MB/s), right y = access time (ms);
 * read and write curves in the style's read / write colours with a legend, access-time dots,
 * and a statistics panel on the right (minimum / maximum / average rate, average access time
 * over the span and within the first N GB, burst rate, CPU usage). The same input gives the same
 * pixels at any scale. A curve with more samples than the plot has device-pixel columns is drawn
 * as its per-column min-max band with the mean line, and dense access-time dots as one dot per
 * occupied dot-sized cell: the time of a frame follows the pixels, not the samples.
 */
void
ssdb_surface_painter_draw (const SsdbSurfaceView *view, const SsdbStyle *style, cairo_t *cr,
                           int width, int height);

/**
 * ssdb_surface_painter_get_plot_rect:
 * @view: what is drawn
 * @width: logical width given to the painter
 * @height: logical height
 * @rect: (out): the plot area, logical pixels: its left edge is the span's start, its right edge
 *   the span's end, its bottom 0 B/s
 */
void
ssdb_surface_painter_get_plot_rect (const SsdbSurfaceView *view, int width, int height,
                                    cairo_rectangle_t *rect);

/**
 * ssdb_surface_painter_x_for_position:
 * @position_bytes: a position on the device, bytes
 *
 * Returns: its x in logical pixels (see ssdb_surface_sample_position() for samples).
 */
double
ssdb_surface_painter_x_for_position (const SsdbSurfaceView *view, int width, int height,
                                     double position_bytes);

/**
 * ssdb_surface_painter_y_for_rate:
 * @bytes_per_second: a rate, B/s
 *
 * Returns: its y on the left axis, logical pixels.
 */
double
ssdb_surface_painter_y_for_rate (const SsdbSurfaceView *view, int width, int height,
                                 double bytes_per_second);

/**
 * ssdb_surface_painter_y_for_latency:
 * @latency_ns: an access time, ns
 *
 * Returns: its y on the right axis, logical pixels.
 */
double
ssdb_surface_painter_y_for_latency (const SsdbSurfaceView *view, int width, int height,
                                    double latency_ns);

/**
 * ssdb_surface_painter_get_rate_axis:
 * @axis: (out caller-allocates): the left axis as drawn: its ticks, labels' decimals and unit
 */
void
ssdb_surface_painter_get_rate_axis (const SsdbSurfaceView *view, int width, int height,
                                    SsdbAxis *axis);

/**
 * SsdbSurfaceGeometry:
 * @plot: the plot area, logical pixels (as ssdb_surface_painter_get_plot_rect())
 * @rate: the left axis as drawn (as ssdb_surface_painter_get_rate_axis())
 * @x_span_start: x of the span's first byte, logical pixels
 * @x_span_end: x of the span's end
 * @y_rate_0: y of 0 B/s on the left axis
 * @y_rate_1g: y of 10^9 B/s on the left axis
 * @y_latency_0: y of 0 ns on the right axis (the plot's bottom without access times)
 * @y_latency_1ms: y of 10^6 ns on the right axis
 *
 * Where the painter puts things, for one view and size: what a widget compares to tell whether
 * everything moved since its last frame.
 */
typedef struct
{
  cairo_rectangle_t plot;
  SsdbAxis rate;
  double x_span_start, x_span_end;
  double y_rate_0, y_rate_1g;
  double y_latency_0, y_latency_1ms;
} SsdbSurfaceGeometry;

/**
 * ssdb_surface_painter_get_headroom:
 * @result: (nullable): the surface so far
 * @rate_floor: (out): the next 1-2-5 step (1, 2, 5, 10, 20 … × a power of ten) at or above
 *   1.25 × the fastest sample, bytes per second; 0 without samples
 * @latency_floor: (out): the same above 1.25 × the top the access-time axis needs (its robust
 *   top, as drawn), ns; 0 without access times
 *
 * Axis tops for a window that draws a run as it streams: given as the view's
 * @rate_axis_floor and @latency_axis_floor (and kept while they still hold), the axes move only
 * when the data grows past a step, instead of with every faster sample, so the chart need not
 * be painted whole each time.
 */
void
ssdb_surface_painter_get_headroom (const SsdbSurfaceResult *result, double *rate_floor,
                                   double *latency_floor);

/**
 * ssdb_surface_painter_get_geometry:
 * @view: what is drawn
 * @width: logical width given to the painter
 * @height: logical height
 * @geometry: (out caller-allocates): the same figures the single queries above give, found
 *   with one layout (text measured once) instead of one each
 */
void
ssdb_surface_painter_get_geometry (const SsdbSurfaceView *view, int width, int height,
                                   SsdbSurfaceGeometry *geometry);

/**
 * ssdb_surface_painter_dup_rate_text:
 * @bytes_per_second: a rate, B/s
 * @locale_numbers: as SsdbStyle.locale_numbers
 *
 * Returns: (transfer full): @bytes_per_second in the unit of the chart's rate axis, as its
 *   panel writes rates ("6.40 GB/s" when the axis is in GB/s, "540.0 MB/s" when in MB/s), so
 *   that text beside the chart reads as the chart does.
 */
char *
ssdb_surface_painter_dup_rate_text (const SsdbSurfaceView *view, int width, int height,
                                    double bytes_per_second, gboolean locale_numbers);

/**
 * ssdb_surface_painter_dup_rate_labels:
 * @locale_numbers: as SsdbStyle.locale_numbers
 *
 * Returns: (transfer full): the left axis' tick labels from the bottom, each with the axis unit
 *   ("0 GB/s", "2 GB/s", "4 GB/s", "6 GB/s"); the chart prints the numbers at the ticks and the
 *   unit once above them.
 */
GStrv
ssdb_surface_painter_dup_rate_labels (const SsdbSurfaceView *view, int width, int height,
                                      gboolean locale_numbers);

/**
 * ssdb_surface_painter_sample_at:
 * @x: logical x
 * @y: logical y
 * @rw: (out) (optional): the curve of the sample found
 *
 * The sample nearest to @x (by position) on the curve nearest to @y, for hover and tooltips.
 *
 * Returns: the sample index, or -1 when (@x, @y) is outside the plot or there are no samples.
 */
int
ssdb_surface_painter_sample_at (const SsdbSurfaceView *view, int width, int height, double x,
                                double y, SsdbRw *rw);

/**
 * ssdb_surface_painter_dup_hover_text:
 * @index: a sample index
 * @rw: its curve
 * @locale_numbers: as SsdbStyle.locale_numbers
 *
 * Returns: (transfer full) (nullable): "12.3 GB · 45 %\nRead 512.3 MB/s", or %NULL for no such
 *   sample.
 */
char *
ssdb_surface_painter_dup_hover_text (const SsdbSurfaceView *view, int index, SsdbRw rw,
                                     gboolean locale_numbers);

/**
 * ssdb_render_surface_png:
 * @view: what to draw
 * @style: colours
 * @path: PNG file to write (replaced atomically)
 * @width: logical width
 * @height: logical height
 * @scale: 1 or 2 (HiDPI); any value in (0, 8]
 *
 * Returns: %TRUE, or %FALSE with @error as ssdb_render_summary_png().
 */
gboolean
ssdb_render_surface_png (const SsdbSurfaceView *view, const SsdbStyle *style, const char *path,
                         int width, int height, double scale, GError **error);

G_END_DECLS
