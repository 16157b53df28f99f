/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "render/ssdb-summary-painter.h"

G_BEGIN_DECLS

#define SSDB_TYPE_SUMMARY_CHART (ssdb_summary_chart_get_type ())
G_DECLARE_FINAL_TYPE (SsdbSummaryChart, ssdb_summary_chart, SSDB, SUMMARY_CHART, GtkWidget)

/**
 * SsdbSummaryChart:
 *
 * The CrystalDiskMark-style grid. Its snapshot calls ssdb_summary_painter_draw() through
 * gtk_snapshot_append_cairo(), with colours following AdwStyleManager (light, dark, high
 * contrast), so the screen and an exported image come from the same painter.
 */

GtkWidget *
ssdb_summary_chart_new (void);

/**
 * ssdb_summary_chart_set_result:
 * @result: (nullable): the run to show; not copied: it must stay valid until the next call
 *   (the window passes its runner's view, replaced only on the main thread)
 */
void
ssdb_summary_chart_set_result (SsdbSummaryChart *self, const SsdbSummaryResult *result);

/**
 * ssdb_summary_chart_set_write_hint:
 * @hint: (nullable): shown in skipped write and mix cells instead of the recorded reason
 *   ("Turn on Write Tests"), or %NULL for the recorded reason
 */
void
ssdb_summary_chart_set_write_hint (SsdbSummaryChart *self, const char *hint);

/** ssdb_summary_chart_set_unit: sets the unit the cells show. */
void
ssdb_summary_chart_set_unit (SsdbSummaryChart *self, SsdbSummaryUnit unit);
SsdbSummaryUnit
ssdb_summary_chart_get_unit (SsdbSummaryChart *self);

/**
 * ssdb_summary_chart_set_titles:
 * @title: (nullable): header line ("/dev/zram0 · 2.15 GB · zram")
 * @subtitle: (nullable): settings line
 */
void
ssdb_summary_chart_set_titles (SsdbSummaryChart *self, const char *title, const char *subtitle);

/**
 * ssdb_summary_chart_set_running:
 * @index: entry index running, or -1
 * @fraction: 0..1 of that entry
 * @bytes_per_second: live rate
 */
void
ssdb_summary_chart_set_running (SsdbSummaryChart *self, int index, double fraction,
                                double bytes_per_second);

/** ssdb_summary_chart_refresh: redraws after the result changed in place. */
void
ssdb_summary_chart_refresh (SsdbSummaryChart *self);

/**
 * ssdb_summary_chart_fill_view:
 * @view: (out caller-allocates): what the chart draws now (pointers owned by the chart)
 */
void
ssdb_summary_chart_fill_view (SsdbSummaryChart *self, SsdbSummaryView *view);

/**
 * ssdb_summary_chart_get_style:
 * @style: (out caller-allocates): the style the chart draws with (from AdwStyleManager)
 */
void
ssdb_summary_chart_get_style (SsdbSummaryChart *self, SsdbStyle *style);

/**
 * ssdb_summary_chart_dup_drawn_cells:
 *
 * Returns: (transfer full): the cell texts formatted at the last snapshot, one per entry in
 *   result order, as they appeared on screen (for accessibility and tests).
 */
GStrv
ssdb_summary_chart_dup_drawn_cells (SsdbSummaryChart *self);

/** ssdb_summary_chart_get_snapshot_count: Returns: how many times the chart was drawn. */
guint
ssdb_summary_chart_get_snapshot_count (SsdbSummaryChart *self);

/**
 * ssdb_summary_chart_dup_tooltip_at:
 * @self: the chart
 * @x: widget x, logical pixels
 * @y: widget y, logical pixels
 *
 * The tooltip of the cell at (@x, @y): the test, how its figure aggregates the passes (best of
 * or mean of N) and the spread of the passes' rates, min to max in MB/s.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL outside a measured cell
 */
char *
ssdb_summary_chart_dup_tooltip_at (SsdbSummaryChart *self, double x, double y);

G_END_DECLS
