/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-workload.h"
#include "render/ssdb-workload-painter.h"
#include "ssdb-chart-view.h"
#include "ssdb-kind-page.h"
#include "ssdb-workload-editor.h"

G_BEGIN_DECLS

#define SSDB_TYPE_WORKLOAD_PAGE (ssdb_workload_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbWorkloadPage, ssdb_workload_page, SSDB, WORKLOAD_PAGE, SsdbKindPage)

/**
 * SsdbWorkloadPage:
 *
 * The "Workloads" page: IOMeter's presets (Database, File server, Web server, Workstation)
 * and the user's own access specifications, kept in the `workload-specs` setting (key-file
 * text) and edited with an #SsdbWorkloadEditor; the result per worker and for all workers
 * (IOPS, MB/s, mean / p99 / max latency) drawn by the workload painter, and under it a table
 * of every worker and all workers with their reads and writes apart (IOMeter's results display),
 * updated while the measured run goes on. A specification that
 * writes destroys data on a device: the window asks for the confirmation naming the device
 * before calling ssdb_workload_page_start() then.
 */

GtkWidget *
ssdb_workload_page_new (void);

/**
 * ssdb_workload_page_set_settings:
 * @settings: the application's settings (`workload-specs` is read and written)
 */
void
ssdb_workload_page_set_settings (SsdbWorkloadPage *self, GSettings *settings);

/**
 * ssdb_workload_page_set_target:
 * @title: (nullable): header line of the chart
 * @device_bytes: size of the device (0 for a test file)
 */
void
ssdb_workload_page_set_target (SsdbWorkloadPage *self, const char *title, guint64 device_bytes);

/** ssdb_workload_page_get_n_specs: Returns: presets and user specifications offered. */
guint
ssdb_workload_page_get_n_specs (SsdbWorkloadPage *self);

/**
 * ssdb_workload_page_get_spec:
 * @index: 0 .. ssdb_workload_page_get_n_specs() - 1; the presets come first
 *
 * Returns: (transfer none) (nullable): the specification.
 */
const SsdbWorkloadSpec *
ssdb_workload_page_get_spec (SsdbWorkloadPage *self, guint index);

/**
 * ssdb_workload_page_select:
 * @name: a specification's name
 *
 * Returns: %TRUE when a specification of that name was selected.
 */
gboolean
ssdb_workload_page_select (SsdbWorkloadPage *self, const char *name);

/** ssdb_workload_page_get_selected: Returns: (transfer none): the selected specification. */
const SsdbWorkloadSpec *
ssdb_workload_page_get_selected (SsdbWorkloadPage *self);

/** ssdb_workload_page_get_writes: Returns: %TRUE when the selected specification writes. */
gboolean
ssdb_workload_page_get_writes (SsdbWorkloadPage *self);

/**
 * ssdb_workload_page_edit:
 * @copy: %TRUE for a new specification starting from the selected one, %FALSE to edit the
 *   selected user specification (a preset is always copied)
 *
 * Returns: (transfer none): the editor dialog shown.
 */
SsdbWorkloadEditor *
ssdb_workload_page_edit (SsdbWorkloadPage *self, gboolean copy);

/**
 * ssdb_workload_page_delete_selected:
 *
 * Removes the selected user specification from the settings (presets stay).
 *
 * Returns: %TRUE when one was removed.
 */
gboolean
ssdb_workload_page_delete_selected (SsdbWorkloadPage *self);

/** ssdb_workload_page_get_run: Returns: (transfer none): the page's run. */
SsdbPageRun *
ssdb_workload_page_get_run (SsdbWorkloadPage *self);

/**
 * SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION:
 *
 * The columns of the reads (and of the writes) in the page's table: IOPS, MB/s, mean, 99th
 * percentile and maximum response time (ms).
 */
#define SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION 5

/**
 * ssdb_workload_page_get_table_rows:
 *
 * Returns: the rows of the table under the chart: one per worker, then all workers (0 when no
 *   result is shown, or one of a report made before the reads and the writes were recorded
 *   apart: the table is hidden then).
 */
guint
ssdb_workload_page_get_table_rows (SsdbWorkloadPage *self);

/**
 * ssdb_workload_page_get_table_text:
 * @row: a worker (0-based), or the number of workers for all workers
 * @column: 0 for the row's name; 1..5 the reads', 6..10 the writes' IOPS, MB/s, mean, 99th
 *   percentile and maximum response time (ms), in ssdb_workload_page_format_cell()'s form
 *
 * Returns: (transfer none) (nullable): the text of that cell of the table under the chart,
 *   %NULL outside it or when it is hidden.
 */
const char *
ssdb_workload_page_get_table_text (SsdbWorkloadPage *self, guint row, guint column);

/**
 * ssdb_workload_page_format_cell:
 * @direction: (nullable): the reads or the writes of a worker or of all as stats of their own
 *   (ssdb_workload_stats_direction())
 * @column: 0..%SSDB_WORKLOAD_PAGE_COLUMNS_PER_DIRECTION - 1: IOPS, MB/s, mean, p99, max (ms)
 *
 * Returns: (transfer full): the cell as the table shows it, in the chart language's number
 *   form ("1234", "12.5", "0.0421"), or an em dash for a direction without any request.
 */
char *
ssdb_workload_page_format_cell (const SsdbWorkloadStats *direction, guint column);

/** ssdb_workload_page_get_result: Returns: (transfer none) (nullable): the result shown. */
const SsdbWorkloadResult *
ssdb_workload_page_get_result (SsdbWorkloadPage *self);

/** ssdb_workload_page_get_chart: Returns: (transfer none): the chart. */
SsdbChartView *
ssdb_workload_page_get_chart (SsdbWorkloadPage *self);

/**
 * ssdb_workload_page_fill_view:
 * @view: (out caller-allocates): what the chart draws (pointers owned by the page)
 */
void
ssdb_workload_page_fill_view (SsdbWorkloadPage *self, SsdbWorkloadView *view);

/** ssdb_workload_page_get_status: Returns: the status line. */
const char *
ssdb_workload_page_get_status (SsdbWorkloadPage *self);

G_END_DECLS
