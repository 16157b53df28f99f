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
 */

GtkWidget *
ssdb_surface_chart_new (void);

/**
 * ssdb_surface_chart_set_result:
 * @result: (nullable): the surface to show; not copied: it must stay valid until the next call
 *   or ssdb_surface_chart_refresh() (the page replaces it on the main thread only)
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

/** ssdb_surface_chart_refresh: redraws after the result changed in place. */
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

G_END_DECLS
