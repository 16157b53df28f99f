/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "render/ssdb-chart.h"

G_BEGIN_DECLS

#define SSDB_TYPE_CHART_VIEW (ssdb_chart_view_get_type ())
G_DECLARE_FINAL_TYPE (SsdbChartView, ssdb_chart_view, SSDB, CHART_VIEW, GtkWidget)

/**
 * SsdbChartViewDrawFunc:
 * @style: the style manager's colours (light, dark, high contrast), numbers in the user's locale
 * @cr: cairo context, logical pixels
 * @width: logical width
 * @height: logical height
 * @data: the data given to ssdb_chart_view_set_draw_func()
 *
 * Paints the chart with a painter of src/render.
 */
typedef void (*SsdbChartViewDrawFunc) (const SsdbStyle *style, cairo_t *cr, int width, int height,
                                       gpointer data);

/**
 * SsdbChartView:
 *
 * A widget whose `snapshot` calls a painter. The painting is kept until
 * ssdb_chart_view_invalidate() is called, the style manager's colours change or the size changes.
 */

/** ssdb_chart_view_new: Returns: (transfer floating): a chart that draws nothing yet. */
GtkWidget *
ssdb_chart_view_new (void);

/**
 * ssdb_chart_view_set_draw_func:
 * @func: the painter call
 * @data: (nullable): passed to @func; must outlive the widget
 */
void
ssdb_chart_view_set_draw_func (SsdbChartView *self, SsdbChartViewDrawFunc func, gpointer data);

/** ssdb_chart_view_invalidate: What the chart shows changed: paint it again. */
void
ssdb_chart_view_invalidate (SsdbChartView *self);

/** ssdb_chart_view_get_snapshot_count: Returns: how many times the chart was painted. */
guint
ssdb_chart_view_get_snapshot_count (SsdbChartView *self);

G_END_DECLS
