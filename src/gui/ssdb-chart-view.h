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

/*
 * What every chart widget of the window shares (this one, and those with their own snapshot:
 * the fill, surface and summary charts).
 */

/**
 * ssdb_chart_view_class_setup:
 * @widget_class: a chart widget's class
 * @css_name: its CSS name ("fill-chart")
 *
 * From a chart widget's class_init: its CSS name, and the accessible role of an image.
 */
void
ssdb_chart_view_class_setup (GtkWidgetClass *widget_class, const char *css_name);

/**
 * ssdb_chart_view_follow_style:
 * @widget: a chart widget
 * @on_style_changed: called as on_style_changed (@widget) when the style manager's colours
 *   change (dark, high contrast)
 *
 * From a chart widget's init; ssdb_chart_view_unfollow_style() from its dispose.
 */
void
ssdb_chart_view_follow_style (GtkWidget *widget, GCallback on_style_changed);

/** ssdb_chart_view_unfollow_style: @widget no longer hears of the style manager. */
void
ssdb_chart_view_unfollow_style (GtkWidget *widget);

/**
 * ssdb_chart_view_measure_chart:
 *
 * A chart widget's GtkWidgetClass.measure: 360 × 240 at least, 900 × 520 natural.
 */
void
ssdb_chart_view_measure_chart (GtkWidget *widget, GtkOrientation orientation, int for_size,
                               int *minimum, int *natural, int *minimum_baseline,
                               int *natural_baseline);

/** ssdb_chart_view_get_snapshot_count: Returns: how many times the chart was painted. */
guint
ssdb_chart_view_get_snapshot_count (SsdbChartView *self);

G_END_DECLS
