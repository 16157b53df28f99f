/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "render/ssdb-fill-painter.h"

G_BEGIN_DECLS

#define SSDB_TYPE_FILL_CHART (ssdb_fill_chart_get_type ())
G_DECLARE_FINAL_TYPE (SsdbFillChart, ssdb_fill_chart, SSDB, FILL_CHART, GtkWidget)

/**
 * SsdbFillChart:
 *
 * The whole-drive fill chart: draws the result with ssdb_fill_painter_draw() in the style
 * manager's colours, MB/s against GB written, one curve per pass, the phases shaded once the
 * analysis is there. The painting is kept until the result, the titles, the style or the size
 * change.
 */

/** ssdb_fill_chart_new: Returns: (transfer floating): an empty chart. */
GtkWidget *
ssdb_fill_chart_new (void);

/**
 * ssdb_fill_chart_set_result:
 * @result: (nullable): the fill to draw, owned by the caller and kept alive until the next
 *   call; changed in place while it runs (call again after each change to redraw)
 */
void
ssdb_fill_chart_set_result (SsdbFillChart *self, const SsdbFillResult *result);

/**
 * ssdb_fill_chart_set_titles:
 * @title: (nullable): header line (the target)
 * @subtitle: (nullable): settings line
 */
void
ssdb_fill_chart_set_titles (SsdbFillChart *self, const char *title, const char *subtitle);

/**
 * ssdb_fill_chart_set_running:
 * @fraction: 0..1 of the whole test
 */
void
ssdb_fill_chart_set_running (SsdbFillChart *self, gboolean running, double fraction);

/**
 * ssdb_fill_chart_fill_view:
 * @view: (out caller-allocates): what the chart draws (pointers owned by the chart)
 */
void
ssdb_fill_chart_fill_view (SsdbFillChart *self, SsdbFillView *view);

/** ssdb_fill_chart_get_snapshot_count: Returns: how many times the chart was painted. */
guint
ssdb_fill_chart_get_snapshot_count (SsdbFillChart *self);

/**
 * ssdb_fill_chart_get_drawn:
 * @passes: (out) (optional): passes in the result of the latest painting
 * @segments: (out) (optional): per-segment rates of all those passes
 * @phases: (out) (optional): phases shaded
 *
 * Returns: (nullable): the analysis words under the latest painting, or %NULL.
 */
const char *
ssdb_fill_chart_get_drawn (SsdbFillChart *self, guint *passes, guint *segments, guint *phases);

G_END_DECLS
