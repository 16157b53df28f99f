/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include <gtk/gtk.h>

#include "engine/ssdb-copy.h"
#include "render/ssdb-copy-painter.h"
#include "ssdb-chart-view.h"
#include "ssdb-kind-page.h"

G_BEGIN_DECLS

#define SSDB_TYPE_COPY_PAGE (ssdb_copy_page_get_type ())
G_DECLARE_FINAL_TYPE (SsdbCopyPage, ssdb_copy_page, SSDB, COPY_PAGE, SsdbKindPage)

/**
 * SsdbCopyPage:
 *
 * The "Copy" page: AS SSD's Copy-Benchmark, the ISO, Program and Game file sets copied within a
 * folder of the target directory, with MB/s and seconds per set. It runs only on a directory
 * (a test-file target): on a device its settings are insensitive and the status line says why.
 */

GtkWidget *
ssdb_copy_page_new (void);

/** ssdb_copy_page_get_spec: @spec: (out caller-allocates): the settings of the controls.
 * Returns: %FALSE with @error when no set is chosen. */
gboolean
ssdb_copy_page_get_spec (SsdbCopyPage *self, SsdbCopySpec *spec, GError **error);

/**
 * ssdb_copy_page_configure:
 * @spec: the sets, the scale (10, 25, 50 or 100 %) and the method are applied to the controls
 *
 * Returns: %FALSE if the scale is not one the controls offer (nothing is changed then).
 */
gboolean
ssdb_copy_page_configure (SsdbCopyPage *self, const SsdbCopySpec *spec);

/** ssdb_copy_page_get_result: Returns: (transfer none) (nullable): the result shown. */
const SsdbCopyResult *
ssdb_copy_page_get_result (SsdbCopyPage *self);

/** ssdb_copy_page_get_chart: Returns: (transfer none): the chart. */
SsdbChartView *
ssdb_copy_page_get_chart (SsdbCopyPage *self);

/** ssdb_copy_page_get_run: Returns: (transfer none): the page's run. */
SsdbPageRun *
ssdb_copy_page_get_run (SsdbCopyPage *self);

/** ssdb_copy_page_get_status: Returns: the status line. */
const char *
ssdb_copy_page_get_status (SsdbCopyPage *self);

/** ssdb_copy_page_fill_view: @view: (out caller-allocates): what the chart draws. */
void
ssdb_copy_page_fill_view (SsdbCopyPage *self, SsdbCopyView *view);

G_END_DECLS
