/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-access.h"
#include "render/ssdb-access-painter.h"
#include "ssdb-chart-view.h"
#include "ssdb-kind-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_ACCESS_PAGE (ssdb_access_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbAccessPage, ssdb_access_page, SSDB, ACCESS_PAGE, SsdbKindPage)

/**
 * SsdbAccessPage:
 *
 * The "Access Time" page: random reads at rising queue depths (or thread counts), one
 * latency histogram per step drawn as a heatmap or as a relief, the mean and the 99th
 * percentile per step as lines, a table of IOPS, mean, median, p99, max and achieved depth per
 * step, and the analysis in words. The run goes through an #SsdbPageRun. It only reads a
 * device; a test file is written first (it holds no data until then).
 */

GtkWidget *
ssdb_access_page_new (void);

/**
 * ssdb_access_page_set_target:
 * @title: (nullable): header line of the chart
 * @device_bytes: size of the device (0 for a test file)
 *
 * A new target: the chart is cleared.
 */
void
ssdb_access_page_set_target (SsdbAccessPage *self, const char *title, guint64 device_bytes);

/**
 * ssdb_access_page_get_spec:
 * @spec: (out caller-allocates): the spec the page's settings describe
 */
void
ssdb_access_page_get_spec (SsdbAccessPage *self, SsdbAccessSpec *spec);

/**
 * ssdb_access_page_configure:
 * @spec: block size, mode, depths (1, 2, 4 .. up to a power of two), step duration and span
 *   length are applied to the controls
 *
 * Returns: %FALSE if a value is not one the controls offer (nothing is changed then).
 */
gboolean
ssdb_access_page_configure (SsdbAccessPage *self, const SsdbAccessSpec *spec);

/** ssdb_access_page_get_run: Returns: (transfer none): the page's run (signals, stop, state). */
SsdbPageRun *
ssdb_access_page_get_run (SsdbAccessPage *self);

/** ssdb_access_page_get_result: Returns: (transfer none) (nullable): the result shown. */
const SsdbAccessResult *
ssdb_access_page_get_result (SsdbAccessPage *self);

/** ssdb_access_page_get_chart: Returns: (transfer none): the chart. */
SsdbChartView *
ssdb_access_page_get_chart (SsdbAccessPage *self);

/**
 * ssdb_access_page_set_chart_kind:
 * @kind: heatmap or relief (the page's switch)
 */
void
ssdb_access_page_set_chart_kind (SsdbAccessPage *self, SsdbAccessChart kind);

/**
 * ssdb_access_page_dup_cell_text:
 * @row: 0 IOPS, 1 mean, 2 median, 3 p99, 4 max, 5 achieved depth
 * @step: a step (column)
 *
 * Returns: (transfer full) (nullable): the text of that cell of the page's table.
 */
char *
ssdb_access_page_dup_cell_text (SsdbAccessPage *self, guint row, guint step);

/** ssdb_access_page_get_status: Returns: the status line. */
const char *
ssdb_access_page_get_status (SsdbAccessPage *self);

G_END_DECLS
