/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-sweep.h"
#include "render/ssdb-sweep-painter.h"
#include "ssdb-chart-view.h"
#include "ssdb-page-run.h"

G_BEGIN_DECLS

#define SSDB_TYPE_SWEEP_PAGE (ssdb_sweep_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbSweepPage, ssdb_sweep_page, SSDB, SWEEP_PAGE, GtkBox)

/**
 * SsdbSweepPage:
 *
 * The "Transfer Sizes" page: ATTO's sweep of sequential transfers of rising size over a fixed
 * region at a fixed queue depth, a write and a read bar per size with their MB/s (and IOPS) in
 * a table, the finding in words. Writes on a device destroy the region's data: the window asks
 * for the confirmation naming the device before calling ssdb_sweep_page_start() with writes.
 */

GtkWidget *
ssdb_sweep_page_new (void);

/**
 * ssdb_sweep_page_set_target:
 * @title: (nullable): header line of the chart
 * @device_bytes: size of the device (0 for a test file)
 */
void
ssdb_sweep_page_set_target (SsdbSweepPage *self, const char *title, guint64 device_bytes);

/**
 * ssdb_sweep_page_get_spec:
 * @spec: (out caller-allocates): the spec the page's settings describe (the region clamped to
 *   the device)
 */
void
ssdb_sweep_page_get_spec (SsdbSweepPage *self, SsdbSweepSpec *spec);

/**
 * ssdb_sweep_page_configure:
 * @spec: start and end size, queue depth, region length, duration per size and writes are
 *   applied to the controls
 *
 * Returns: %FALSE if a value is not one the controls offer (nothing is changed then).
 */
gboolean
ssdb_sweep_page_configure (SsdbSweepPage *self, const SsdbSweepSpec *spec);

/** ssdb_sweep_page_get_writes: Returns: %TRUE when the next sweep writes too. */
gboolean
ssdb_sweep_page_get_writes (SsdbSweepPage *self);

/**
 * ssdb_sweep_page_start:
 * @path: block device node or directory (test file)
 * @destroy_permission: (nullable): the device the user confirmed may be overwritten (needed
 *   for writes on a device)
 * @file_size: test file size for a directory, bytes (at least the region is used)
 * @error: SSDB_ERROR_FAILED while a previous run's worker is still ending
 *
 * Returns: %TRUE, or %FALSE with @error.
 */
gboolean
ssdb_sweep_page_start (SsdbSweepPage *self, const char *path, const char *destroy_permission,
                       guint64 file_size, GError **error);

/** ssdb_sweep_page_get_run: Returns: (transfer none): the page's run. */
SsdbPageRun *
ssdb_sweep_page_get_run (SsdbSweepPage *self);

/** ssdb_sweep_page_get_result: Returns: (transfer none) (nullable): the result shown. */
const SsdbSweepResult *
ssdb_sweep_page_get_result (SsdbSweepPage *self);

/** ssdb_sweep_page_get_chart: Returns: (transfer none): the chart. */
SsdbChartView *
ssdb_sweep_page_get_chart (SsdbSweepPage *self);

/**
 * ssdb_sweep_page_fill_view:
 * @view: (out caller-allocates): what the chart draws (pointers owned by the page)
 */
void
ssdb_sweep_page_fill_view (SsdbSweepPage *self, SsdbSweepView *view);

/** ssdb_sweep_page_get_status: Returns: the status line. */
const char *
ssdb_sweep_page_get_status (SsdbSweepPage *self);

/**
 * ssdb_sweep_page_export_png:
 * @path: PNG file
 *
 * Renders the shown sweep with the fixed review style at 1200 × 700 logical pixels, scale 2.
 *
 * Returns: %TRUE, or %FALSE with @error naming @path.
 */
gboolean
ssdb_sweep_page_export_png (SsdbSweepPage *self, const char *path, GError **error);

/**
 * ssdb_sweep_page_show_result:
 * @result: a run (from a loaded report); copied
 * @title: the target's title for the chart
 *
 * Shows @result as the page would after a live run, drawn by the same painter.
 *
 * Returns: %TRUE, or %FALSE (nothing changed) while a run is in progress.
 */
gboolean
ssdb_sweep_page_show_result (SsdbSweepPage *self, const SsdbSweepResult *result, const char *title);

G_END_DECLS
