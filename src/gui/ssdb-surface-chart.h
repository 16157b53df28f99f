/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "render/ssdb-surface-painter.h"

G_BEGIN_DECLS

#define SSDB_TYPE_SURFACE_CHART (ssdb_surface_chart_get_type ())
G_DECLARE_FINAL_TYPE (SsdbSurfaceChart, ssdb_surface_chart, SSDB, SURFACE_CHART, GtkWidget)

/**
 * SsdbSurfaceChart:
 *
 * The HD Tune-like surface chart. Its snapshot calls ssdb_surface_painter_draw() with colours
 * following AdwStyleManager; hovering a curve shows the sample's position and rate (drawn by the
 * painter and as the tooltip), from the painter's own geometry.
 *
 * The last frame is kept as an image. While a result grows in place, only what changed is
 * painted again (by the same painter, clipped): the surroundings of the plot (titles, axis
 * labels, statistics), the strip of the plot the new samples and the line to them cover, and
 * the boxes around new access-time dots. A frame where nothing changed reuses the image. When
 * the axes or the plot move (a new maximum, a resize, another style, hover, titles or another
 * result), the whole chart is painted again.
 */

/**
 * SsdbSurfaceChartStats:
 * @full: frames painted whole
 * @partial: frames painted only where they changed
 * @reused: frames that reused the last image unchanged
 * @last_draw_us: wall-clock time the last painted frame took on the main thread, µs
 * @max_draw_us: the longest of them, µs
 * @last_draw_cpu_us: CPU time the main thread spent on it, µs (less than the wall-clock time
 *   when other threads or processes had the CPU meanwhile)
 * @max_draw_cpu_us: the most of them, µs
 */
typedef struct
{
  guint full;
  guint partial;
  guint reused;
  gint64 last_draw_us;
  gint64 max_draw_us;
  gint64 last_draw_cpu_us;
  gint64 max_draw_cpu_us;
} SsdbSurfaceChartStats;

GtkWidget *
ssdb_surface_chart_new (void);

/**
 * ssdb_surface_chart_set_result:
 * @result: (nullable): the surface to show; not copied: it must stay valid until the next call
 *   or ssdb_surface_chart_refresh() (the page replaces it on the main thread only). The same
 *   pointer again means the same run grown in place (samples only appended); a run that starts
 *   over is set as %NULL or as another result first.
 */
void
ssdb_surface_chart_set_result (SsdbSurfaceChart *self, const SsdbSurfaceResult *result);

/**
 * ssdb_surface_chart_set_titles:
 * @title: (nullable): header line
 * @subtitle: (nullable): settings line
 * @device_bytes: device size for the % labels (0: the span's end)
 */
void
ssdb_surface_chart_set_titles (SsdbSurfaceChart *self, const char *title, const char *subtitle,
                               guint64 device_bytes);

/**
 * ssdb_surface_chart_set_running:
 * @running: a run is in progress
 * @phase: (nullable): "read", "access", "burst" or "write"
 * @fraction: 0..1
 * @wall_ns: the run's wall-clock time so far (for the CPU usage)
 */
void
ssdb_surface_chart_set_running (SsdbSurfaceChart *self, gboolean running, const char *phase,
                                double fraction, guint64 wall_ns);

/** ssdb_surface_chart_refresh: paints the whole chart again at the next frame. */
void
ssdb_surface_chart_refresh (SsdbSurfaceChart *self);

/**
 * ssdb_surface_chart_fill_view:
 * @view: (out caller-allocates): what the chart draws (pointers owned by the chart)
 */
void
ssdb_surface_chart_fill_view (SsdbSurfaceChart *self, SsdbSurfaceView *view);

/**
 * ssdb_surface_chart_get_style:
 * @style: (out caller-allocates): the style the chart draws with
 */
void
ssdb_surface_chart_get_style (SsdbSurfaceChart *self, SsdbStyle *style);

/** ssdb_surface_chart_get_snapshot_count: Returns: how many times the chart was drawn. */
guint
ssdb_surface_chart_get_snapshot_count (SsdbSurfaceChart *self);

/**
 * ssdb_surface_chart_get_drawn:
 * @read: (out) (optional): read samples in the last drawn frame
 * @write: (out) (optional): write samples
 * @access: (out) (optional): access-time dots
 */
void
ssdb_surface_chart_get_drawn (SsdbSurfaceChart *self, guint *read, guint *write, guint *access);

/**
 * ssdb_surface_chart_hover:
 * @x: widget x, or a negative value to leave
 * @y: widget y
 *
 * What the pointer does: the sample under (@x, @y) is highlighted and its text becomes the
 * tooltip.
 *
 * Returns: (transfer none) (nullable): the hover text ("12.3 GB · 45.0 %\nRead 512.3 MB/s").
 */
const char *
ssdb_surface_chart_hover (SsdbSurfaceChart *self, double x, double y);

/**
 * ssdb_surface_chart_get_stats:
 * @stats: (out caller-allocates): how the frames so far were painted
 */
void
ssdb_surface_chart_get_stats (SsdbSurfaceChart *self, SsdbSurfaceChartStats *stats);

/**
 * ssdb_surface_chart_get_texture:
 *
 * Returns: (transfer none) (nullable): the image of the last frame, in device pixels (the
 *   widget's size × its scale factor), or %NULL before the first frame; made when asked for
 *   (the window draws the image itself), valid until the next frame
 */
GdkTexture *
ssdb_surface_chart_get_texture (SsdbSurfaceChart *self);

G_END_DECLS
