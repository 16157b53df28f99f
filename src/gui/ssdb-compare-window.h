/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <adwaita.h>

#include "engine/ssdb-report.h"
#include "render/ssdb-compare-painter.h"
#include "ssdb-chart-view.h"

G_BEGIN_DECLS

#define SSDB_TYPE_COMPARE_WINDOW (ssdb_compare_window_get_type ())
G_DECLARE_FINAL_TYPE (SsdbCompareWindow, ssdb_compare_window, SSDB, COMPARE_WINDOW, AdwWindow)

/**
 * ssdb_compare_window_new:
 * @parent: (nullable): the window it belongs to
 * @reports: (array length=n_reports): the reports, the first one the reference (references
 *   are kept)
 * @n_reports: 2 .. %SSDB_COMPARE_MAX_REPORTS
 * @error: SSDB_ERROR_INVALID_ARGUMENT for fewer than 2 or more than
 *   %SSDB_COMPARE_MAX_REPORTS reports, or when no view is held by all of them
 *
 * The Compare window: the reports overlaid by ssdb_compare_painter_draw(), one colour and dash
 * pattern each, on a view chosen among those every report holds (the first such view at
 * first).
 *
 * Returns: (transfer none) (nullable): the window, owned by GTK until it is destroyed (present
 *   it), or %NULL with @error.
 */
SsdbCompareWindow *
ssdb_compare_window_new (GtkWindow *parent, SsdbReport *const *reports, guint n_reports,
                         GError **error);

/**
 * ssdb_compare_window_set_view:
 * @view: a view every report holds
 *
 * Returns: %TRUE when @view is shown, %FALSE (nothing changed) when it cannot be compared.
 */
gboolean
ssdb_compare_window_set_view (SsdbCompareWindow *self, SsdbTestKind view);

/** ssdb_compare_window_get_view: Returns: the view shown. */
SsdbTestKind
ssdb_compare_window_get_view (SsdbCompareWindow *self);

/**
 * ssdb_compare_window_set_label:
 * @index: a report's position
 * @label: (nullable): its name in the legend and the exported image; %NULL or "" for the default
 *   (ssdb_compare_report_label())
 *
 * What the user types in the Names menu for the report.
 */
void
ssdb_compare_window_set_label (SsdbCompareWindow *self, guint index, const char *label);

/**
 * ssdb_compare_window_dup_label:
 *
 * Returns: (transfer full): the name report @index has in the legend now: the user's, or the
 *   default (ssdb_compare_view_dup_label(): runs of one drive in one minute numbered)
 */
char *
ssdb_compare_window_dup_label (SsdbCompareWindow *self, guint index);

/**
 * ssdb_compare_window_export_to:
 * @path: the file: a PNG (1200 × 800 at scale 2), or an SVG or PDF when its name ends so
 * @error: as ssdb_export_compare()
 *
 * Writes the comparison shown, with the names shown, in the review style (what Export… does
 * after its file chooser).
 *
 * Returns: %TRUE on success.
 */
gboolean
ssdb_compare_window_export_to (SsdbCompareWindow *self, const char *path, GError **error);

/** ssdb_compare_window_get_chart: Returns: (transfer none): the chart widget. */
SsdbChartView *
ssdb_compare_window_get_chart (SsdbCompareWindow *self);

G_END_DECLS
